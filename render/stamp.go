package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// Stamp draws a small shape (a chip, a car, a token, a labelled panel, a
// map's tile) of size w×h with its top-left at (x, y) on ground of one
// colour, bg, by copying pixels drawn once: gg's strokes of rounded
// rectangles and circles were half the cost of a layered board's state
// (issue 16).
//
// draw paints the shape with its top-left at the point it is given, on a
// small canvas of colour bg, within pad pixels of the box; the result,
// and the marks it recorded, are kept under key (which must name
// everything draw depends on), the fraction of a pixel of (x, y) and bg.
// The pixels copied are those the shape changed from bg, so two stamps
// close together do not erase each other's edges. A shape is always
// drawn this way, kept or not, so that its pixels do not depend on what
// was drawn before in the process.
//
// Its pixels are the shape drawn straight onto the ground but for a few
// edge pixels a level or two apart (its curves are flattened at the
// tile's coordinates, rounded to a 64th of a pixel otherwise).
//
// On a layered picture's palette indices (the tail, an indexed part) a
// kept stamp's pixels are mapped through the palette once, the first
// time it is put there, and copied as runs of indices after: a Masters
// of the Heist tile is some 15,000 pixels, forty to a map, and looking
// each pixel up again was a fifth of its picture. The indices are the
// same as a lookup's, since a pixel's index depends on its colour alone.
//
// At most maxStamps shapes are kept: a board's chip is about 12 KB of
// pixels (and a byte a pixel of indices per palette it was put through),
// a heist's tile some 75 KB, so at most about 12–40 MB; past that a shape
// is drawn afresh each time, to the same pixels (or decoded from its
// game's data). A Police Precinct game adds 50–120, a heist 100–200.
func (c *Canvas) Stamp(key string, x, y, w, h, pad float64, bg color.RGBA, draw func(c *Canvas, x, y float64)) {
	ix, iy := math.Floor(x), math.Floor(y)
	k := stampKey{key: key, fx: x - ix, fy: y - iy, bg: bg}
	stamps.RLock()
	s := stamps.m[k]
	stamps.RUnlock()
	if s == nil {
		// A stamp a game keeps as data is decoded, not drawn.
		if s = keptAsData(k); s == nil {
			s = newStamp(k, w, h, pad, draw)
		}
		stamps.Lock()
		if stamps.m == nil {
			stamps.m = map[stampKey]*stamp{}
		}
		if old, ok := stamps.m[k]; ok {
			s = old
		} else if len(stamps.m) < maxStamps || stampSetsOff.Load() {
			// Set aside, the stamps are being recorded as a game's
			// data (the tests of the data; never in a bot): every
			// one the boards meet is kept, so the data is not cut
			// at the bound by whichever came first.
			s.kept = true
			stamps.m[k] = s
		}
		stamps.Unlock()
	}
	if s.fromData && (c.index == nil || !s.hasIndices(c.index.pal)) {
		// A stamp kept as data has its indices in its game's palette
		// only: on RGBA (a board drawn whole, a private picture) or
		// another palette it is drawn, once, and that drawing kept
		// with it.
		s = s.drawnTwin(func() *stamp { return newStamp(k, w, h, pad, draw) })
	}
	if c.index != nil {
		s.putIndex(c.index, int(ix), int(iy))
	} else {
		s.put(c.dst, int(ix), int(iy))
	}
	for _, m := range s.marks {
		m.X0, m.X1, m.Y0, m.Y1 = m.X0+ix, m.X1+ix, m.Y0+iy, m.Y1+iy
		c.marks = append(c.marks, m)
	}
}

// maxStamps bounds the shapes kept.
const maxStamps = 1024

var stamps struct {
	sync.RWMutex
	m map[stampKey]*stamp
}

type stampKey struct {
	key    string
	fx, fy float64
	bg     color.RGBA
}

// stamp is a drawn shape: the pixels it changed, as runs of one row each
// (x0 from the tile's origin, their RGBA bytes), and its marks relative to
// the whole pixel at or left of and above its (x, y).
type stamp struct {
	ox, oy int // the tile's origin relative to that pixel
	runs   []stampRun
	marks  []Mark
	// kept says the stamp is in stamps.m (set before it is stored, never
	// after): only a kept stamp keeps its runs' indices.
	kept bool
	// indexed are its runs' palette indices, one list per palette it was
	// put through (a game's palette: one or two), newest first.
	indexed atomic.Pointer[stampIndices]
	// fromData says the stamp was decoded from a game's data: its runs
	// hold no RGBA pixels (pix is nil, n their length), only its indices
	// in the data's palette; twin is the same shape drawn, made the first
	// time it is needed elsewhere.
	fromData bool
	twin     atomic.Pointer[stamp]
}

// hasIndices reports whether the stamp's indices in pal are known.
func (s *stamp) hasIndices(pal *FixedPalette) bool {
	for si := s.indexed.Load(); si != nil; si = si.next {
		if si.pal == pal {
			return true
		}
	}
	return false
}

// drawnTwin is the stamp drawn (by draw, the first time), kept with s.
func (s *stamp) drawnTwin(draw func() *stamp) *stamp {
	if t := s.twin.Load(); t != nil {
		return t
	}
	t := draw()
	t.kept = true
	if s.twin.CompareAndSwap(nil, t) {
		return t
	}
	return s.twin.Load()
}

// stampIndices are a stamp's runs mapped through one palette: pix[i] is
// runs[i]'s indices.
type stampIndices struct {
	pal  *FixedPalette
	pix  [][]byte
	next *stampIndices
}

type stampRun struct {
	x, y int
	pix  []byte
	// n is the run's length in pixels.
	n int
}

func newStamp(k stampKey, w, h, pad float64, draw func(c *Canvas, x, y float64)) *stamp {
	stampsDrawn.Add(1)
	p := int(math.Ceil(pad)) + 1
	// The tile is at least 121 pixels each way: the rasterizer splits
	// curves finer on a canvas larger than 120 (as every board is), and a
	// smaller tile gave a rounded corner's pixels otherwise.
	tw, th := max(int(math.Ceil(w))+2*p+1, 121), max(int(math.Ceil(h))+2*p+1, 121)
	tile := &Canvas{}
	dst := takeTile(tw, th)
	bgw := uint32(k.bg.R) | uint32(k.bg.G)<<8 | uint32(k.bg.B)<<16 | uint32(k.bg.A)<<24
	for i := 0; i < len(dst.Pix); i += 4 {
		binary.LittleEndian.PutUint32(dst.Pix[i:], bgw)
	}
	fm := keptStampFaces.Swap(nil)
	if fm == nil {
		if m, ok := facePool.Get().(map[faceKey]font.Face); ok {
			fm = &m
		} else {
			fm = &map[faceKey]font.Face{}
		}
	}
	*tile = Canvas{Context: gg.NewContextForRGBA(dst), dst: dst, faces: *fm}
	draw(tile, float64(p)+k.fx, float64(p)+k.fy)
	if !keptStampFaces.CompareAndSwap(nil, fm) {
		facePool.Put(*fm)
	}
	s := &stamp{ox: -p, oy: -p}
	for y := 0; y < th; y++ {
		row := dst.Pix[y*dst.Stride : (y+1)*dst.Stride]
		for x := 0; x < tw; {
			if binary.LittleEndian.Uint32(row[4*x:]) == bgw {
				x++
				continue
			}
			start := x
			for x < tw && binary.LittleEndian.Uint32(row[4*x:]) != bgw {
				x++
			}
			s.runs = append(s.runs, stampRun{x: start, y: y, pix: append([]byte(nil), row[4*start:4*x]...), n: x - start})
		}
	}
	keptTile.CompareAndSwap(nil, dst)
	for _, m := range tile.marks {
		m.X0, m.X1, m.Y0, m.Y1 = m.X0-float64(p), m.X1-float64(p), m.Y0-float64(p), m.Y1-float64(p)
		s.marks = append(s.marks, m)
	}
	return s
}

// keptStampFaces and keptTile are the font faces and the pixels a stamp
// was last drawn with, kept out of the collector's reach for the next new
// stamp (a sync.Pool is emptied at every collection): a face made anew
// allocates its glyph cache's masks, and a tile is 60–100 KB allocated
// and cleared before it is painted, which together were about a third of
// drawing a new stamp. One of each: stamps drawn at once make their own.
var (
	keptStampFaces atomic.Pointer[map[faceKey]font.Face]
	keptTile       atomic.Pointer[image.RGBA]
)

// takeTile is a tw×th RGBA image for a new stamp, on the kept tile's
// pixels when they are large enough; its pixels are left as they were
// (newStamp paints every one).
func takeTile(tw, th int) *image.RGBA {
	n := 4 * tw * th
	if t := keptTile.Swap(nil); t != nil && cap(t.Pix) >= n {
		return &image.RGBA{Pix: t.Pix[:n], Stride: 4 * tw, Rect: image.Rect(0, 0, tw, th)}
	}
	return image.NewRGBA(image.Rect(0, 0, tw, th))
}

// put copies the stamp's pixels onto dst with the whole pixel (ix, iy)
// as its reference, clipped to dst.
func (s *stamp) put(dst *image.RGBA, ix, iy int) {
	b := dst.Rect
	for _, r := range s.runs {
		y := iy + s.oy + r.y
		if y < b.Min.Y || y >= b.Max.Y {
			continue
		}
		x0 := ix + s.ox + r.x
		pix := r.pix
		if x0 < b.Min.X {
			pix = pix[min(len(pix), 4*(b.Min.X-x0)):]
			x0 = b.Min.X
		}
		if n := b.Max.X - x0; n < len(pix)/4 {
			pix = pix[:4*max(n, 0)]
		}
		copy(dst.Pix[dst.PixOffset(x0, y):], pix)
	}
}

// ForgetKept drops the stamps and the scratch canvases kept between
// pictures, so that the next picture pays for them as the first one in a
// process does (the cold benchmarks; a bot never calls it). No picture
// may be drawing meanwhile.
func ForgetKept() {
	stamps.Lock()
	stamps.m = nil
	stamps.Unlock()
	stampsDrawn.Store(0)
	keptScratch.Store(nil)
	scratchPixelsPool = sync.Pool{}
	keptStampFaces.Store(nil)
	keptTile.Store(nil)
	forgetTextLevels()
	forgetGlyphs()
	forgetStampSets()
}

// StampsKept is how many stamps are kept.
func StampsKept() int {
	stamps.RLock()
	defer stamps.RUnlock()
	return len(stamps.m)
}

// StampsDrawn is how many shapes Stamp has drawn through gg since the
// process started (or since ForgetKept): a picture drawn after another
// of the same board, or after start-up warming, adds none.
func StampsDrawn() int64 { return stampsDrawn.Load() }

var stampsDrawn atomic.Int64

// StampBytes is the memory the kept stamps' pixels take, their palette
// indices included.
func StampBytes() int {
	n := 0
	stamps.RLock()
	for _, s := range stamps.m {
		for _, r := range s.runs {
			n += len(r.pix)
		}
		for si := s.indexed.Load(); si != nil; si = si.next {
			for _, p := range si.pix {
				n += len(p)
			}
		}
	}
	stamps.RUnlock()
	return n
}

// putIndex copies the stamp's pixels onto an indexCanvas, mapped through
// its palette: a kept stamp's indices are mapped once and copied after.
func (s *stamp) putIndex(t *indexCanvas, ix, iy int) {
	dst := t.img
	b := dst.Rect
	var idx [][]byte
	if s.kept || s.fromData {
		idx = s.indices(t)
	}
	for i, r := range s.runs {
		y := iy + s.oy + r.y
		if y < b.Min.Y || y >= b.Max.Y {
			continue
		}
		x0 := ix + s.ox + r.x
		if idx == nil {
			for k := 0; k < len(r.pix)/4; k++ {
				if x := x0 + k; x >= b.Min.X && x < b.Max.X {
					dst.Pix[dst.PixOffset(x, y)] = t.pal.lookup(binary.LittleEndian.Uint32(r.pix[4*k:])&0xffffff, t.nc)
				}
			}
			continue
		}
		putRun(dst, x0, y, idx[i], b)
	}
}

// indices are the stamp's runs in t's palette, mapped the first time.
// Two pictures mapping them at once both map; the first stored is kept.
func (s *stamp) indices(t *indexCanvas) [][]byte {
	head := s.indexed.Load()
	for si := head; si != nil; si = si.next {
		if si.pal == t.pal {
			return si.pix
		}
	}
	si := &stampIndices{pal: t.pal, pix: make([][]byte, len(s.runs))}
	for i, r := range s.runs {
		out := make([]byte, r.n)
		for j := range out {
			out[j] = t.pal.lookup(binary.LittleEndian.Uint32(r.pix[4*j:])&0xffffff, t.nc)
		}
		si.pix[i] = out
	}
	for {
		si.next = head
		if s.indexed.CompareAndSwap(head, si) {
			return si.pix
		}
		head = s.indexed.Load()
		for o := head; o != nil; o = o.next {
			if o.pal == t.pal {
				return o.pix
			}
		}
	}
}
