package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"math"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Glyphs rasterised at build time (issue 16, the first board of a
// layout). A face made anew rasterises every glyph it draws: on a
// process's first board, with its layer and stamps kept as data, that
// was most of what was left (1.5–2 ms of CPU). A glyph's mask depends on
// the embedded font, the size, the rune and the quarter pixel the dot
// falls on, nothing else, so a game keeps the glyphs its boards meet as
// data (UseGlyphs), and a face takes a glyph from there before
// rasterising it: the same mask, offset and advance the truetype face
// gives (the game's test compares them byte for byte). The mask is read
// where the data lies, not copied.
//
// The encoding: a uvarint count, then per glyph its weight (a byte), size
// (float64 bits), rune, quarter pixel (a byte), the mask's offset from
// the dot (varints), width and height (uvarints), advance (a varint) and
// its width × height bytes.

// glyphKey names a glyph: the face's weight and size, the rune and the
// dot's fraction of a pixel (0, 16, 32 or 48 sixty-fourths: the truetype
// face's default quarter pixels).
type glyphKey struct {
	w    Weight
	size float64
	r    rune
	fx   uint8
}

// keptGlyph is a glyph's mask (its own bounds, from 0,0), its offset
// from the dot's whole pixel and its advance.
type keptGlyph struct {
	dx, dy int
	mask   image.Alpha
	adv    fixed.Int26_6
}

// faceGlyphs are the glyphs kept of one face (weight and size): an ASCII
// rune's at a quarter pixel are found by index, others in a map; both
// hold a glyph's place in glyphs plus one (0: not kept). A face looks a
// glyph up without hashing, and reading the data allocates a slice a
// face, not a mask a glyph.
type faceGlyphs struct {
	ascii  [128 * 4]int32
	other  map[uint64]int32
	glyphs []keptGlyph
}

// find is the glyph of r at quarter pixel fx (0, 16, 32 or 48), or nil.
func (t *faceGlyphs) find(r rune, fx uint8) *keptGlyph {
	var i int32
	if r >= 0 && r < 128 {
		i = t.ascii[int(r)*4+int(fx>>4)]
	} else {
		i = t.other[uint64(r)<<8|uint64(fx)]
	}
	if i == 0 {
		return nil
	}
	return &t.glyphs[i-1]
}

// glyphTables are the faces' tables, read from every game's data when a
// face first looks a glyph up (and again after ForgetKept, which moves
// glyphGen on so that faces made before look again).
type glyphTables map[faceKey]*faceGlyphs

var glyphGen atomic.Int64

// noGlyphs is the table of a face no game keeps glyphs of.
var noGlyphs = &faceGlyphs{}

var (
	glyphData     [][]byte
	glyphDataMu   sync.Mutex
	glyphTable    atomic.Pointer[glyphTables]
	glyphTableMu  sync.Mutex
	glyphsOff     atomic.Bool
	glyphRecordMu sync.Mutex
	glyphRecord   map[glyphKey]bool
)

// UseGlyphs makes every face take the glyphs of data (EncodeGlyphs's)
// before rasterising them. A game calls it once, at start; the data is
// read when a face first needs a glyph.
func UseGlyphs(data []byte) {
	glyphDataMu.Lock()
	glyphData = append(glyphData, data)
	glyphDataMu.Unlock()
	glyphTable.Store(nil)
}

// glyphs is the table of glyphs kept as data, read the first time (and
// again after ForgetKept).
func glyphs() glyphTables {
	if t := glyphTable.Load(); t != nil {
		return *t
	}
	glyphTableMu.Lock()
	defer glyphTableMu.Unlock()
	if t := glyphTable.Load(); t != nil {
		return *t
	}
	glyphDataMu.Lock()
	data := glyphData
	glyphDataMu.Unlock()
	t := glyphTables{}
	for _, d := range data {
		parseGlyphs(d, t)
	}
	glyphTable.Store(&t)
	return t
}

// parseGlyphs adds the glyphs of data to t; it stops at the first that
// does not parse (the game's test reports it). The data lists a face's
// glyphs together.
func parseGlyphs(data []byte, t glyphTables) {
	r := reader{b: data}
	n := r.uvarint()
	var face *faceGlyphs
	var fk faceKey
	for i := uint64(0); i < n && !r.bad; i++ {
		k := glyphKey{w: Weight(r.byte1()), size: r.f64(), r: rune(r.uvarint()), fx: r.byte1()}
		g := keptGlyph{dx: int(r.varint()), dy: int(r.varint())}
		gw, gh := int(r.uvarint()), int(r.uvarint())
		g.adv = fixed.Int26_6(r.varint())
		if r.bad || gw < 0 || gh < 0 || gw*gh > len(r.b) || k.fx&15 != 0 {
			return
		}
		g.mask = image.Alpha{Pix: r.b[: gw*gh : gw*gh], Stride: gw, Rect: image.Rect(0, 0, gw, gh)}
		r.b = r.b[gw*gh:]
		if face == nil || fk != (faceKey{k.w, k.size}) {
			fk = faceKey{k.w, k.size}
			if face = t[fk]; face == nil {
				face = &faceGlyphs{}
				t[fk] = face
			}
		}
		face.glyphs = append(face.glyphs, g)
		at := int32(len(face.glyphs))
		if k.r >= 0 && k.r < 128 {
			face.ascii[int(k.r)*4+int(k.fx>>4)] = at
		} else {
			if face.other == nil {
				face.other = map[uint64]int32{}
			}
			face.other[uint64(k.r)<<8|uint64(k.fx)] = at
		}
	}
}

// dataGlyphCache is the glyph cache of a face while games keep glyphs as
// data: a few glyphs of a text no board of the corpus drew.
const dataGlyphCache = 64

// glyphsKeptAsData reports whether some game keeps glyphs as data and
// they are not set aside.
func glyphsKeptAsData() bool {
	if glyphsOff.Load() {
		return false
	}
	glyphDataMu.Lock()
	defer glyphDataMu.Unlock()
	return len(glyphData) > 0
}

// forgetGlyphs drops the table read (ForgetKept: the cold benchmarks).
func forgetGlyphs() {
	glyphTable.Store(nil)
	glyphGen.Add(1)
}

// SetGlyphsAside makes faces rasterise every glyph while off is true, as
// if no game kept any as data, and records the glyphs they draw for
// EncodeRecordedGlyphs (the tests of the data; a bot never calls it).
func SetGlyphsAside(off bool) {
	glyphRecordMu.Lock()
	if off {
		glyphRecord = map[glyphKey]bool{}
	}
	glyphRecordMu.Unlock()
	glyphsOff.Store(off)
}

// Glyph returns the glyph of r at dot: from the data kept, or the
// truetype face's.
func (f *advanceFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	// The truetype face's quantisation: quarter pixels across, whole
	// pixels down.
	dotX := (dot.X + 8) & -16
	dotY := (dot.Y + 32) & -64
	k := glyphKey{w: f.w, size: f.size, r: r, fx: uint8(dotX & 0x3f)}
	if glyphsOff.Load() {
		glyphRecordMu.Lock()
		if glyphRecord != nil {
			glyphRecord[k] = true
		}
		glyphRecordMu.Unlock()
	} else {
		if gen := glyphGen.Load(); f.kept == nil || f.keptGen != gen {
			f.kept, f.keptGen = glyphs()[faceKey{f.w, f.size}], gen
			if f.kept == nil {
				f.kept = noGlyphs
			}
		}
		if g := f.kept.find(r, k.fx); g != nil {
			ix, iy := int(dotX>>6), int(dotY>>6)
			dr := g.mask.Rect.Add(image.Pt(ix+g.dx, iy+g.dy))
			return dr, &g.mask, image.Point{}, g.adv, true
		}
	}
	return f.Face.Glyph(dot, r)
}

// EncodeRecordedGlyphs is the glyphs drawn while set aside
// (SetGlyphsAside), each rasterised by a truetype face of its own, as
// the bytes UseGlyphs reads, in order.
func EncodeRecordedGlyphs() []byte {
	glyphRecordMu.Lock()
	keys := make([]glyphKey, 0, len(glyphRecord))
	for k := range glyphRecord {
		keys = append(keys, k)
	}
	glyphRecordMu.Unlock()
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.w != b.w {
			return a.w < b.w
		}
		if a.size != b.size {
			return a.size < b.size
		}
		if a.r != b.r {
			return a.r < b.r
		}
		return a.fx < b.fx
	})
	faces := map[faceKey]font.Face{}
	var out []byte
	n := 0
	for _, k := range keys {
		if b := encodeGlyph(k, faces); b != nil {
			out = append(out, b...)
			n++
		}
	}
	return append(binary.AppendUvarint(nil, uint64(n)), out...)
}

// encodeGlyph is k's glyph as the truetype face gives it, encoded, or nil
// when the face has none.
func encodeGlyph(k glyphKey, faces map[faceKey]font.Face) []byte {
	fk := faceKey{k.w, k.size}
	f := faces[fk]
	if f == nil {
		f = truetype.NewFace(font3()[k.w], &truetype.Options{Size: k.size, DPI: 72, Hinting: font.HintingNone})
		faces[fk] = f
	}
	dr, mask, mp, adv, ok := f.Glyph(fixed.Point26_6{X: fixed.Int26_6(k.fx)}, k.r)
	a, isAlpha := mask.(*image.Alpha)
	if !ok || !isAlpha {
		return nil
	}
	out := []byte{byte(k.w)}
	out = binary.LittleEndian.AppendUint64(out, math.Float64bits(k.size))
	out = binary.AppendUvarint(out, uint64(k.r))
	out = append(out, k.fx)
	out = binary.AppendVarint(out, int64(dr.Min.X))
	out = binary.AppendVarint(out, int64(dr.Min.Y))
	out = binary.AppendUvarint(out, uint64(dr.Dx()))
	out = binary.AppendUvarint(out, uint64(dr.Dy()))
	out = binary.AppendVarint(out, int64(adv))
	for y := 0; y < dr.Dy(); y++ {
		o := a.PixOffset(mp.X, mp.Y+y)
		out = append(out, a.Pix[o:o+dr.Dx()]...)
	}
	return out
}

// CheckGlyphs compares glyph data (EncodeRecordedGlyphs's) with what the
// truetype faces give today: it returns how many of its glyphs differ,
// byte for byte, and how many of the glyphs drawn while set aside
// (SetGlyphsAside) it lacks; an error is data that does not parse.
func CheckGlyphs(data []byte) (differ, missing int, err error) {
	r := reader{b: data}
	n := r.uvarint()
	faces := map[faceKey]font.Face{}
	have := map[glyphKey]bool{}
	for i := uint64(0); i < n && !r.bad; i++ {
		start := r.b
		k := glyphKey{w: Weight(r.byte1()), size: r.f64(), r: rune(r.uvarint()), fx: r.byte1()}
		r.varint()
		r.varint()
		gw, gh := int(r.uvarint()), int(r.uvarint())
		r.varint()
		if r.bad || gw*gh > len(r.b) || k.w > Mono {
			return 0, 0, errLayerData
		}
		r.b = r.b[gw*gh:]
		entry := start[:len(start)-len(r.b)]
		if !bytes.Equal(entry, encodeGlyph(k, faces)) {
			differ++
		}
		have[k] = true
	}
	if r.bad || len(r.b) != 0 {
		return 0, 0, errLayerData
	}
	glyphRecordMu.Lock()
	for k := range glyphRecord {
		if !have[k] {
			missing++
		}
	}
	glyphRecordMu.Unlock()
	return differ, missing, nil
}

// GlyphsKept is how many glyphs the data kept holds.
func GlyphsKept() int {
	n := 0
	for _, t := range glyphs() {
		n += len(t.glyphs)
	}
	return n
}
