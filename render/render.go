// Package render is the drawing kit the board renderers share: embedded
// fonts, the palette, player colours, and helpers for text, tracks, tokens,
// grids, hexes and legends. Every renderer is a pure function from an
// engine view to an image; fonts are embedded, so an image is the same, byte
// for byte, on every machine.
//
// A board fills an opaque rectangle, rounded rectangle or hexagon through
// FillRect, FillRoundedRect or FillHex (and draws the path again for an
// outline), not gg's path and Fill: they give the same pixels, but paint
// the inside straight into the canvas where gg blends pixel by pixel, and
// a board's big shapes were a large share of its drawing time.
package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"casefile/engine"
)

// Renderer draws a game's views. Board is the public picture posted after a
// phase; Private, when not nil, draws one seat's own board for its DM. Alt
// describes a view in a sentence or two for the image's alt text (Discord's
// attachment description, at most 1024 characters): the same facts the
// picture leads with, from the same view, so it carries no more secrets
// than the picture does.
type Renderer struct {
	Board   func(v engine.View) (image.Image, error)
	Private func(v engine.View) (image.Image, error)
	Alt     func(v engine.View) string
}

// Weight chooses a typeface.
type Weight int

const (
	Regular Weight = iota
	Bold
	Mono
)

var (
	parseOnce sync.Once
	fonts     [3]*truetype.Font
)

func font3() [3]*truetype.Font {
	parseOnce.Do(func() {
		for i, data := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
			f, err := truetype.Parse(data)
			if err != nil {
				panic(fmt.Sprintf("render: embedded font: %v", err))
			}
			fonts[i] = f
		}
	})
	return fonts
}

// Canvas is a gg context with its own font faces (faces cache glyphs and
// are not safe to share between goroutines, so each canvas has its own
// set; a released canvas gives its set, glyphs cached, to a later one).
//
// Its Text methods put glyph masks straight onto the pixels: gg draws every
// glyph through a bilinear transform, which cost a fifth of a board's
// drawing time. They therefore ignore gg's transform matrix; text that
// must be rotated or scaled uses gg's DrawStringAnchored after Font.
type Canvas struct {
	*gg.Context
	dst    *image.RGBA
	pixels *pooledPixels
	// scratch, on a canvas a layered picture draws its parts on, replaces
	// pixels: see Layer.Compose.
	scratch *scratchPixels
	faces   map[faceKey]font.Face
	marks   []Mark
	// glyphCache is the glyph cache of the faces the canvas makes; zero is
	// glyphCache.
	glyphCache int
	// index, while a layered picture's tail or indexed parts are drawn,
	// receives their text and stamps straight in palette indices (see
	// Layer.Compose).
	index *indexCanvas
}

type faceKey struct {
	w    Weight
	size float64
}

// NewCanvas makes a w×h canvas filled with the background colour. Its
// pixels may be ones a released canvas gave back (see Picture): a board's
// canvas is ten megabytes or more, and allocating it, which zeroes it
// before the background is painted over the zeros, cost as much as
// drawing the board; and of given-back pixels only those the last picture
// drew on are painted again.
func NewCanvas(w, h int) *Canvas {
	n := 4 * w * h
	var pp *pooledPixels
	if n >= minPooled {
		if p, ok := pixelPool.Get().(*pooledPixels); ok && cap(p.pix) >= n {
			pp = p
		}
		// One too small for this canvas is left to the collector.
	}
	if pp == nil {
		pp = &pooledPixels{pix: make([]byte, n), clean: n}
	}
	paintBackground(pp.pix[:min(pp.clean, n)])
	dst := &image.RGBA{Pix: pp.pix[:n], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	faces, ok := facePool.Get().(map[faceKey]font.Face)
	if !ok {
		faces = map[faceKey]font.Face{}
	}
	c := &Canvas{Context: gg.NewContextForRGBA(dst), dst: dst, faces: faces, pixels: pp}
	c.SetColor(Background)
	return c
}

// pooledPixels are a canvas's pixels, kept for the next canvas: every
// pixel from byte clean to the end of the capacity is the background
// colour.
type pooledPixels struct {
	pix   []byte
	clean int
}

// pixelPool holds the pixels of released canvases (*pooledPixels). Like
// any sync.Pool it is safe for concurrent use and is emptied by the
// garbage collector, so an idle bot keeps none of them.
var pixelPool sync.Pool

// facePool holds the font faces of released canvases
// (map[faceKey]font.Face), each set used by one canvas at a time. Making a
// face allocates its glyph cache, and a fresh face draws every glyph
// anew; a face draws a glyph the same whether cached or not.
var facePool sync.Pool

// minPooled is the smallest canvas, in bytes, whose pixels come from the
// pool: a small one is cheap to allocate and must not take a board's
// pixels.
const minPooled = 1 << 20

// backgroundRun is the background colour's pixels, 64 KB of them.
var backgroundRun = func() []byte {
	b := make([]byte, 1<<16)
	for i := 0; i < len(b); i += 4 {
		b[i], b[i+1], b[i+2], b[i+3] = Background.R, Background.G, Background.B, Background.A
	}
	return b
}()

// paintBackground sets every pixel of pix (RGBA bytes) to the background
// colour, the bytes gg's Clear writes.
func paintBackground(pix []byte) {
	for i := 0; i < len(pix); {
		i += copy(pix[i:], backgroundRun)
	}
}

// cleanFrom is the least offset from which every pixel of pix is the
// background colour; the search goes from the end, where a picture's
// unused rows are.
func cleanFrom(pix []byte) int {
	end := len(pix)
	for end > 0 {
		k := min(end, len(backgroundRun))
		if bytes.Equal(pix[end-k:end], backgroundRun[:k]) {
			end -= k
			continue
		}
		for end > 0 && bytes.Equal(pix[end-4:end], backgroundRun[:4]) {
			end -= 4
		}
		break
	}
	return end
}

// Picture is the top h rows of the canvas as the picture to post:
// quantized by Flatten with the base colours kept exact. When quantizing
// copied the pixels (it nearly always does), the canvas gives its pixels
// back for the next canvas and must not be used again; otherwise the
// picture shares them and the canvas is left alone.
func (c *Canvas) Picture(h int, base []color.RGBA) image.Image {
	src := c.dst
	h = min(max(h, 0), src.Rect.Dy())
	top := &image.RGBA{Pix: src.Pix[:src.Stride*h], Stride: src.Stride, Rect: image.Rect(0, 0, src.Rect.Dx(), h)}
	img := Flatten(top, base)
	if img != image.Image(top) {
		c.Release()
	}
	return img
}

// Release gives the canvas's pixels and font faces back for the next
// canvas. The canvas, and any image sharing its pixels, must not be used
// afterwards.
func (c *Canvas) Release() {
	if c.dst == nil {
		return
	}
	if sp := c.scratch; sp != nil {
		sp.faces = c.faces
		putScratch(sp)
		c.dst, c.Context, c.faces, c.scratch = nil, nil, nil, nil
		return
	}
	if pp := c.pixels; cap(pp.pix) >= minPooled {
		// The canvas drew only on its own n bytes, all background when
		// it began; past them pp.clean still holds.
		if n := len(c.dst.Pix); pp.clean <= n {
			pp.clean = cleanFrom(pp.pix[:n])
		}
		pixelPool.Put(pp)
	}
	facePool.Put(c.faces)
	c.dst, c.Context, c.faces, c.pixels, c.scratch = nil, nil, nil, nil, nil
}

// glyphCache is the number of glyph masks a face keeps (a power of two).
// The library's default, 512, made a face's cache 0.4 MB at 20 px and
// 1.5 MB at 40, a canvas's set of faces 8–12 MB, and the sets kept for
// the next canvases 26 MB of a busy bot's 112 MB heap (issue 16). A picture
// draws a few dozen distinct glyphs per face, so 128 keeps most of them;
// a glyph that lost its place is drawn again, to the same pixels.
const glyphCache = 128

func (c *Canvas) face(w Weight, size float64) font.Face {
	k := faceKey{w, size}
	f, ok := c.faces[k]
	if !ok {
		n := c.glyphCache
		if n == 0 {
			n = glyphCache
		}
		if glyphsKeptAsData() {
			// The face's own cache serves only the glyphs no game keeps
			// as data (Glyph): its masks are allocated and cleared
			// whole when the face is made, 0.5–1 MB a face at 512.
			n = dataGlyphCache
		}
		f = &advanceFace{Face: truetype.NewFace(font3()[w], &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone, GlyphCacheEntries: n}), w: w, size: size}
		c.faces[k] = f
	}
	return f
}

// advanceFace is a font face that remembers the advance of every rune it
// was asked for. The truetype face loads and scales a glyph's outline each
// time it is asked for an advance, and measuring text (every centred or
// right-aligned text, and gg's WordWrap, which measures each line it
// tries) asked for the same few dozen letters thousands of times a
// picture: 5–7% of a busy board's cost. An advance depends only on the
// face and the rune, so the pixels are the same. A face belongs to one
// canvas at a time (see facePool), so the table needs no lock.
type advanceFace struct {
	font.Face
	// w and size name the face, for the glyphs kept as data (Glyph);
	// kept are they, read at glyphGen keptGen.
	w       Weight
	size    float64
	kept    *faceGlyphs
	keptGen int64
	ascii   [128]fixed.Int26_6 // advance+1 of each ASCII rune; 0 when not yet known
	other   map[rune]fixed.Int26_6
}

// GlyphAdvance returns r's advance width, measured once.
func (f *advanceFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if r >= 0 && r < 128 {
		if a := f.ascii[r]; a != 0 {
			return a - 1, true
		}
	} else if a, ok := f.other[r]; ok {
		return a, true
	}
	a, ok := f.Face.GlyphAdvance(r)
	if !ok {
		return a, false
	}
	if r >= 0 && r < 128 {
		f.ascii[r] = a + 1
	} else {
		if f.other == nil {
			f.other = map[rune]fixed.Int26_6{}
		}
		f.other[r] = a
	}
	return a, true
}

// Font selects a typeface and size in pixels for gg's own text calls
// (MeasureString, WordWrap, DrawStringAnchored).
func (c *Canvas) Font(w Weight, size float64) {
	c.SetFontFace(c.face(w, size))
}

// Text draws s with its top-left corner at (x, y) in colour col.
//
// Every text drawn through the Canvas is recorded as a Mark, so that tests
// can hold a picture to the readability rules (see Marks).
func (c *Canvas) Text(s string, x, y float64, w Weight, size float64, col color.Color) {
	c.anchored(s, x, y, 0, 1, w, size, col)
}

// TextCentered draws s centred on (x, y).
func (c *Canvas) TextCentered(s string, x, y float64, w Weight, size float64, col color.Color) {
	c.anchored(s, x, y, 0.5, 0.5, w, size, col)
}

// anchored draws s with the point (ax, ay) of its box (0..1 across and
// down, as gg anchors) at (x, y). It also selects the face for gg, so a
// MeasureString that follows measures the same text.
func (c *Canvas) anchored(s string, x, y, ax, ay float64, w Weight, size float64, col color.Color) {
	c.glyphs(s, x, y, ax, ay, w, size, col, true)
}

// glyphs draws s as anchored does; mark records its box as a TextMark
// (a token's own label is part of the token's mark instead).
func (c *Canvas) glyphs(s string, x, y, ax, ay float64, w Weight, size float64, col color.Color, mark bool) {
	f := c.face(w, size)
	c.SetFontFace(f)
	d := font.Drawer{Dst: c.dst, Src: image.NewUniform(col), Face: f}
	adv := d.MeasureString(s)
	h := float64(f.Metrics().Height) / 64
	x -= ax * float64(adv>>6)
	y += ay * h
	if mark && s != "" {
		m := f.Metrics()
		top, bottom := y-float64(m.Ascent)/64, y+float64(m.Descent)/64
		c.marks = append(c.marks, Mark{Kind: TextMark, Text: s, Size: size,
			X0: x, Y0: top, X1: x + float64(adv)/64, Y1: bottom})
	}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
	prev := rune(-1)
	var gm glyphMemo
	gm.sr, gm.sg, gm.sb, gm.sa = col.RGBA()
	for _, r := range s {
		if prev >= 0 {
			d.Dot.X += f.Kern(prev, r)
		}
		dr, mask, mp, advance, ok := f.Glyph(d.Dot, r)
		if a, isAlpha := mask.(*image.Alpha); ok && isAlpha && c.index != nil {
			gm.overIndex(c.index, dr, a, mp)
		} else if ok && isAlpha {
			gm.over(c.dst, dr, a, mp)
		} else if ok {
			draw.DrawMask(c.dst, dr, d.Src, image.Point{}, mask, mp, draw.Over)
		}
		d.Dot.X += advance
		prev = r
	}
}

// glyphMemo draws glyph masks in one colour over an RGBA picture with
// the arithmetic of image/draw's Over for a uniform source and an alpha
// mask, so the pixels are the same; but a text lies on ground of one
// colour, so the result over that colour is remembered for each of the
// mask's 255 levels, and most pixels are a look in that table instead of
// four divisions (image/draw's blending was a third of a layered board's
// drawing).
type glyphMemo struct {
	sr, sg, sb, sa uint32
	ground         uint32 // the ground's pixel word; set by the first pixel drawn
	grounded       bool
	known          [256]bool
	over255        [256]uint32
	// levels are the indices of the levels over the ground's index, on a
	// palette's indices (overIndex): shared by every text of the colour.
	levels *textLevels
}

func (g *glyphMemo) over(dst *image.RGBA, dr image.Rectangle, mask *image.Alpha, mp image.Point) {
	r := dr.Intersect(dst.Rect).Intersect(mask.Rect.Add(dr.Min.Sub(mp)))
	if r.Empty() {
		return
	}
	mp = mp.Add(r.Min.Sub(dr.Min))
	const m = 1<<16 - 1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := mask.Pix[mask.PixOffset(mp.X, mp.Y+y-r.Min.Y):]
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):]
		for x := 0; x < r.Dx(); x++ {
			m8 := mrow[x]
			if m8 == 0 {
				continue
			}
			d := drow[4*x : 4*x+4 : 4*x+4]
			w := binary.LittleEndian.Uint32(d)
			if !g.grounded {
				g.ground, g.grounded = w, true
			}
			if w == g.ground && g.known[m8] {
				binary.LittleEndian.PutUint32(d, g.over255[m8])
				continue
			}
			ma := uint32(m8)
			ma |= ma << 8
			a := (m - (g.sa * ma / m)) * 0x101
			d[0] = uint8((uint32(d[0])*a + g.sr*ma) / m >> 8)
			d[1] = uint8((uint32(d[1])*a + g.sg*ma) / m >> 8)
			d[2] = uint8((uint32(d[2])*a + g.sb*ma) / m >> 8)
			d[3] = uint8((uint32(d[3])*a + g.sa*ma) / m >> 8)
			if w == g.ground {
				g.known[m8], g.over255[m8] = true, binary.LittleEndian.Uint32(d)
			}
		}
	}
}

// TextWrapped draws s wrapped to width, top-left at (x, y), and returns the
// height used.
func (c *Canvas) TextWrapped(s string, x, y, width float64, w Weight, size float64, col color.Color) float64 {
	c.Font(w, size)
	c.SetColor(col)
	lines := c.WordWrap(s, width)
	lh := size * 1.25
	for i, l := range lines {
		c.anchored(l, x, y+float64(i)*lh, 0, 1, w, size, col)
	}
	return float64(len(lines)) * lh
}

// TextLines draws s as TextWrapped does but on at most maxLines lines: a
// text that needs more ends its last line with "…", words dropped until
// it fits. A fixed layout gives a text a fixed height; what is cut must
// also be said elsewhere (a list below, the alt text). It returns the
// height used.
func (c *Canvas) TextLines(s string, x, y, width float64, maxLines int, w Weight, size float64, col color.Color) float64 {
	c.Font(w, size)
	lines := c.WordWrap(s, width)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		words := strings.Fields(lines[maxLines-1])
		for {
			last := strings.Join(words, " ") + " …"
			if len(words) == 0 {
				last = "…"
			}
			if lw, _ := c.MeasureString(last); lw <= width || len(words) == 0 {
				lines[maxLines-1] = last
				break
			}
			words = words[:len(words)-1]
		}
	}
	lh := size * 1.25
	for i, l := range lines {
		c.anchored(l, x, y+float64(i)*lh, 0, 1, w, size, col)
	}
	return float64(len(lines)) * lh
}

// Panel draws a rounded box with a fill and an outline.
func (c *Canvas) Panel(x, y, w, h float64, fill, line color.Color) {
	c.FillRoundedRect(x, y, w, h, 8, fill)
	c.DrawRoundedRectangle(x, y, w, h, 8)
	c.SetColor(line)
	c.SetLineWidth(2)
	c.Stroke()
}

// fillWithHole fills the shape path draws, pixel for pixel as gg's Fill
// would, with the rectangle x0..x1, y0..y1 (whole pixels, wholly inside
// the shape with a pixel to spare) painted straight into the pixels and
// the rest, a ring along the edge, filled by gg (even-odd, the shape
// with the rectangle as a hole). A translucent fill, a rectangle too
// small to be worth it, or a shape whose left edge, left, lies off the
// canvas goes to gg whole: the rasterizer folds everything left of the
// canvas into one column of cells, whose coverage the even-odd rule
// then reads differently from gg's non-zero one.
func (c *Canvas) fillWithHole(path func(), left float64, x0, y0, x1, y1 int, fill color.Color) {
	c.fillWithHoles(path, left, []image.Rectangle{image.Rect(x0, y0, x1, y1)}, fill)
}

// fillWithHoles is fillWithHole with several holes: rectangles of whole
// pixels, each wholly inside the shape with a pixel to spare, none
// overlapping another (a pixel in two holes would be filled by the
// even-odd rule). The first is the big one: when it is too small to be
// worth it, the shape goes to gg whole. Holes that share an edge are
// safe: the rasterizer counts only the crossings of edges that are not
// level, and every pixel row lies in at most one of them.
func (c *Canvas) fillWithHoles(path func(), left float64, holes []image.Rectangle, fill color.Color) {
	path()
	c.SetColor(fill)
	rgba := color.RGBAModel.Convert(fill).(color.RGBA)
	b := c.dst.Rect
	main := holes[0].Intersect(b)
	if rgba.A != 0xff || left < float64(b.Min.X) || main.Dx() < 8 || main.Dy() < 8 {
		c.Fill()
		return
	}
	kept := []image.Rectangle{main}
	for _, h := range holes[1:] {
		if h = h.Intersect(b); !h.Empty() {
			kept = append(kept, h)
		}
	}
	for _, h := range kept {
		c.MoveTo(float64(h.Min.X), float64(h.Min.Y))
		c.LineTo(float64(h.Max.X), float64(h.Min.Y))
		c.LineTo(float64(h.Max.X), float64(h.Max.Y))
		c.LineTo(float64(h.Min.X), float64(h.Max.Y))
		c.ClosePath()
	}
	c.SetFillRuleEvenOdd()
	c.Fill()
	c.SetFillRuleWinding()
	stamp := [4]byte{rgba.R, rgba.G, rgba.B, 0xff}
	for _, h := range kept {
		row := c.dst.Pix[c.dst.PixOffset(h.Min.X, h.Min.Y):c.dst.PixOffset(h.Max.X, h.Min.Y)]
		for i := 0; i < len(row); i += 4 {
			copy(row[i:], stamp[:])
		}
		for yy := h.Min.Y + 1; yy < h.Max.Y; yy++ {
			o := c.dst.PixOffset(h.Min.X, yy)
			copy(c.dst.Pix[o:o+len(row)], row)
		}
	}
}

// Token draws a round token of radius r with a short label.
func (c *Canvas) Token(x, y, r float64, fill color.Color, label string) {
	c.token(x, y, r, fill, nil, label)
}

// RingedToken draws a Token with a ring of colour ring around it (the
// piece whose turn it is, say). Its mark covers the ring: r+3 from the
// centre.
func (c *Canvas) RingedToken(x, y, r float64, fill, ring color.Color, label string) {
	c.token(x, y, r, fill, ring, label)
}

// token draws a disc with its outline, a ring when ring is set, and its
// label on top, and records its mark.
func (c *Canvas) token(x, y, r float64, fill, ring color.Color, label string) {
	c.DrawCircle(x, y, r)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	pad := 0.0
	if ring != nil {
		c.DrawCircle(x, y, r+2)
		c.SetColor(ring)
		c.SetLineWidth(4)
		c.Stroke()
		pad = 3
	}
	c.Occupy(x-r-pad, y-r-pad, 2*(r+pad), 2*(r+pad), label, r*1.1)
	if label != "" {
		c.glyphs(label, x, y-1, 0.5, 0.5, Bold, r*1.1, Contrast(fill), false)
	}
}

// Cube draws a square marker of side s centred on (x, y).
func (c *Canvas) Cube(x, y, s float64, fill color.Color) {
	c.Occupy(x-s/2, y-s/2, s, s, "", 0)
	c.DrawRectangle(x-s/2, y-s/2, s, s)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(Ink)
	c.SetLineWidth(1.2)
	c.Stroke()
}

// Track draws a numbered track of n spaces from (x, y), each cell wide,
// with a title above it, and returns the centre of space i (0-based).
func (c *Canvas) Track(title string, x, y float64, n int, cell float64, labels func(i int) string) func(i int) (float64, float64) {
	c.Text(title, x, y-cell*0.9, Bold, cell*0.5, Ink)
	for i := 0; i < n; i++ {
		cx := x + float64(i)*cell
		c.DrawRectangle(cx, y, cell, cell)
		c.SetColor(Paper)
		c.FillPreserve()
		c.SetColor(Ink)
		c.SetLineWidth(1)
		c.Stroke()
		if labels != nil {
			c.Text(labels(i), cx+3, y+2, Regular, cell*0.32, Faint)
		}
	}
	return func(i int) (float64, float64) {
		return x + float64(i)*cell + cell/2, y + cell/2
	}
}

// Hex draws a hexagon of circumradius r centred on (x, y); pointy selects
// pointy-top orientation.
func (c *Canvas) Hex(x, y, r float64, pointy bool, fill, line color.Color) {
	c.FillHex(x, y, r, pointy, fill)
	c.HexPath(x, y, r, pointy)
	c.SetColor(line)
	c.SetLineWidth(1.5)
	c.Stroke()
}

// HexPath adds to the path a hexagon of circumradius r centred on (x, y),
// its first corner at angle 0 (30° when pointy), as a new closed subpath.
func (c *Canvas) HexPath(x, y, r float64, pointy bool) {
	c.NewSubPath()
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		if pointy {
			a += math.Pi / 6
		}
		px, py := x+r*math.Cos(a), y+r*math.Sin(a)
		if i == 0 {
			c.MoveTo(px, py)
		} else {
			c.LineTo(px, py)
		}
	}
	c.ClosePath()
}

// FillHex fills the hexagon HexPath draws with fill, pixel for pixel as
// gg's Fill of that path does, and leaves the path empty.
//
// The inside painted straight into the pixels is the rectangle between
// the hexagon's two parallel sides that face across it (the vertical ones
// of a pointy-top hex), two thirds of its area, less a pixel's margin: as
// in FillRoundedRect, a board's big hexes were mostly gg blending pixels one
// by one at full coverage.
//
// A pointy-top hex also has its caps, the triangles above and below that
// rectangle, painted so, in bands two pixels high, each as wide as the
// hexagon is at the band's far edge less a pixel's margin: with the caps
// left to gg, painting them was still most of a heist board's hexes.
func (c *Canvas) FillHex(x, y, r float64, pointy bool, fill color.Color) {
	side, half := r*math.Sqrt(3)/2, r/2
	hx, hy := side, half
	if !pointy {
		hx, hy = half, side
	}
	main := image.Rect(int(math.Ceil(x-hx))+1, int(math.Ceil(y-hy))+1, int(math.Floor(x+hx))-1, int(math.Floor(y+hy))-1)
	holes := []image.Rectangle{main}
	if pointy && !main.Empty() {
		const band = 2
		for _, dir := range []int{-1, 1} {
			edge := main.Min.Y
			if dir > 0 {
				edge = main.Max.Y
			}
			for {
				ya, yb := edge, edge+band
				if dir < 0 {
					ya, yb = edge-band, edge
				}
				far := math.Max(math.Abs(float64(ya)-y), math.Abs(float64(yb)-y))
				if far >= r {
					break
				}
				hw := side
				if far > half {
					hw = side * (r - far) / half
				}
				x0, x1 := int(math.Ceil(x-hw))+1, int(math.Floor(x+hw))-1
				if x1-x0 < 4 {
					break
				}
				holes = append(holes, image.Rect(x0, ya, x1, yb))
				if dir < 0 {
					edge = ya
				} else {
					edge = yb
				}
			}
		}
	}
	left := x - hx
	if !pointy {
		left = x - r
	}
	c.fillWithHoles(func() { c.HexPath(x, y, r, pointy) }, left, holes, fill)
}

// FillRect fills the rectangle DrawRectangle(x, y, w, h) draws with fill,
// pixel for pixel as gg's Fill of it does, and leaves the path empty. An
// opaque fill paints the rectangle's whole pixels, all but a pixel's
// margin, straight into the pixels (see fillWithHole): big rectangles (a
// map's ground, its blocks, a track's cells) were a good part of a
// board's drawing time in gg's rasterizer. A caller that strokes the
// outline too draws the rectangle's path again after.
func (c *Canvas) FillRect(x, y, w, h float64, fill color.Color) {
	c.fillWithHole(func() { c.DrawRectangle(x, y, w, h) }, x,
		int(math.Ceil(x))+1, int(math.Ceil(y))+1, int(math.Floor(x+w))-1, int(math.Floor(y+h))-1, fill)
}

// FillRoundedRect fills the rectangle DrawRoundedRectangle(x, y, w, h, r)
// draws with fill, pixel for pixel as gg's Fill of it does, and leaves
// the path empty, but paints its inside straight into the pixels. gg's
// rasterizer blends every covered pixel one by one, and the big panels
// of a board made that an eighth of a move's CPU; here gg fills only a
// ring along the edge (the rounded rectangle with a hole, even-odd),
// whose pixels it computes exactly as it would have, and the hole, whole
// pixels well inside the edge that gg would paint at full coverage, gets
// the colour itself. Only an opaque colour is painted so: a translucent one blends,
// and goes to gg whole.
func (c *Canvas) FillRoundedRect(x, y, w, h, r float64, fill color.Color) {
	// The hole keeps a pixel's margin from where the corners' curves
	// end, and lies on whole pixels, so the rasterizer gives its pixels
	// no coverage at all and the ring's pixels the coverage they had.
	c.fillWithHole(func() { c.DrawRoundedRectangle(x, y, w, h, r) }, x,
		int(math.Ceil(x+r))+1, int(math.Ceil(y+r))+1, int(math.Floor(x+w-r))-1, int(math.Floor(y+h-r))-1, fill)
}

// HexCenter is the centre of the hex at column col, row row in an
// odd-q (flat-top, odd columns shifted down) layout of circumradius r,
// offset by (ox, oy).
func HexCenter(col, row int, r, ox, oy float64) (float64, float64) {
	w := 1.5 * r
	h := math.Sqrt(3) * r
	x := ox + float64(col)*w + r
	y := oy + float64(row)*h + h/2
	if col%2 == 1 {
		y += h / 2
	}
	return x, y
}

// LegendItem is one entry of a legend: a swatch and what it means.
type LegendItem struct {
	Color color.Color
	Label string
	Round bool
}

// Legend draws items in a column from (x, y) and returns the height used.
func (c *Canvas) Legend(x, y, size float64, items []LegendItem) float64 {
	for i, it := range items {
		yy := y + float64(i)*(size+6)
		if it.Round {
			c.Token(x+size/2, yy+size/2, size/2, it.Color, "")
		} else {
			c.Cube(x+size/2, yy+size/2, size, it.Color)
		}
		c.Text(it.Label, x+size+8, yy, Regular, size, Ink)
	}
	return float64(len(items)) * (size + 6)
}

// PNG encodes img at png.BestSpeed: deterministic bytes for the same
// image. On a board (paletted by Flatten) it is about three times as fast
// as the default compression for a file about a tenth larger (143 KB
// instead of 131 KB for a busy 5-player Escape Plan board), well inside
// the 1 MB budget.
//
// The file is written into a buffer kept between pictures and copied out
// at its size: a buffer grown from nothing was copied and cleared half a
// dozen times on the way to a board's size, 2% of a picture's cost.
func PNG(img image.Image) ([]byte, error) {
	buf, _ := pngBuffers.Get().(*bytes.Buffer)
	if buf == nil {
		buf = new(bytes.Buffer)
	}
	defer func() {
		buf.Reset()
		pngBuffers.Put(buf)
	}()
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderPool{}}
	if err := enc.Encode(buf, img); err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}

// pngBuffers holds the buffers PNG writes files into (*bytes.Buffer).
var pngBuffers sync.Pool

// encoderPool keeps png's encoders, with their compressors, between
// pictures: a compressor's tables cost as much to allocate as a tenth of
// an encode. The bytes written do not depend on what an encoder did
// before.
type encoderPool struct{}

var encoders sync.Pool

func (encoderPool) Get() *png.EncoderBuffer {
	b, _ := encoders.Get().(*png.EncoderBuffer)
	return b
}

func (encoderPool) Put(b *png.EncoderBuffer) { encoders.Put(b) }

// Contrast picks black or white text for a fill colour.
func Contrast(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	lum := 0.299*float64(r>>8) + 0.587*float64(g>>8) + 0.114*float64(b>>8)
	if lum > 150 {
		return Ink
	}
	return color.White
}
