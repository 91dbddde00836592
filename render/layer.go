package render

import (
	"bytes"
	"container/list"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// A layered picture is drawn in two parts (issue 16: a picture within 1.5×
// its fastest encode). Everything that does not depend on the game's
// state (the ground of a map, its streets and labels, the legend, the
// frames of the tracks) lies at fixed places for a layout and is drawn
// once per process, into a Layer already in the indices of a palette
// fixed for the game. A picture starts as a copy of the layer; only the
// state's parts (Part) are drawn, over the layer's colours and only in
// their rectangles, and mapped back through the same palette; below the
// layer a tail of any height (lists that grow with the game: text and
// stamps on the background) is drawn straight in palette indices.
//
// Because the palette is fixed, a pixel's index depends on its own colour
// only, never on the rest of the picture: that is what lets a layer be
// mapped once and a rectangle be mapped alone.

// FixedPalette is a palette chosen once for a game (from representative
// boards, with Quantize's choice) and kept in code. A colour in it maps
// to itself; any other maps to its nearest entry by the distance Quantize
// uses, the lowest index on a tie, so a picture's indices are the same on
// every machine.
type FixedPalette struct {
	pal   color.Palette
	words [256]uint32 // each entry as an opaque pixel read as a little-endian word
	green greenIndex
	// kept and caches hold nearCaches for the pictures being mapped; a
	// cache is per palette, so its entries stay true across pictures.
	// One is kept out of the collector's reach (the pool is emptied at
	// every collection, and a cache filled anew cost a fifth of the
	// mapping); pictures mapped at once take others from the pool.
	kept   atomic.Pointer[nearCache]
	caches sync.Pool
}

// getCache takes a nearCache for one mapping.
func (p *FixedPalette) getCache() *nearCache {
	if nc := p.kept.Swap(nil); nc != nil {
		return nc
	}
	return p.caches.Get().(*nearCache)
}

// putCache gives a nearCache back.
func (p *FixedPalette) putCache(nc *nearCache) {
	if !p.kept.CompareAndSwap(nil, nc) {
		p.caches.Put(nc)
	}
}

// NewFixedPalette makes a palette of the colours keys (0xRRGGBB each, at
// most 256, no two alike). It panics on a palette it cannot use, which is
// a programming error in the game's generated data.
func NewFixedPalette(keys []uint32) *FixedPalette {
	if len(keys) == 0 || len(keys) > 256 {
		panic("render: a fixed palette needs 1 to 256 colours")
	}
	seen := map[uint32]bool{}
	p := &FixedPalette{pal: make(color.Palette, len(keys))}
	for i, k := range keys {
		k &= 0xffffff
		if seen[k] {
			panic("render: a fixed palette lists a colour twice")
		}
		seen[k] = true
		r, g, b := uint8(k>>16), uint8(k>>8), uint8(k)
		p.pal[i] = color.RGBA{r, g, b, 0xff}
		p.words[i] = uint32(r) | uint32(g)<<8 | uint32(b)<<16 | 0xff<<24
	}
	p.green = newGreenIndex(keys)
	p.caches.New = func() any { return new(nearCache) }
	return p
}

// Palette is the palette's colours, shared by every picture mapped
// through it: callers must not change it.
func (p *FixedPalette) Palette() color.Palette { return p.pal }

// Keys lists the palette's colours as 0xRRGGBB, in palette order.
func (p *FixedPalette) Keys() []uint32 {
	out := make([]uint32, len(p.pal))
	for i, c := range p.pal {
		rgba := c.(color.RGBA)
		out[i] = uint32(rgba.R)<<16 | uint32(rgba.G)<<8 | uint32(rgba.B)
	}
	return out
}

// ForgetCache drops the colours the palette remembers (the cold
// benchmarks; a bot never calls it). No picture may be mapped meanwhile.
func (p *FixedPalette) ForgetCache() {
	p.kept.Store(nil)
	p.caches = sync.Pool{New: func() any { return new(nearCache) }}
}

// Index is the palette index colour k (0xRRGGBB) maps to.
func (p *FixedPalette) Index(k uint32) uint8 {
	_, i := p.green.nearest(k & 0xffffff)
	return uint8(i)
}

// nearCache remembers the index of the last colours mapped, direct-mapped
// by a hash of the pixel word: a picture's rectangles hold a few thousand
// colours, met in runs again and again, and the nearest-entry search is
// far dearer than a look in this table. An entry stores its word with bit
// 24 set, so the zero table is empty.
type nearCache struct {
	word [1 << 14]uint32
	idx  [1 << 14]uint8
}

// lookup is the palette index of the pixel word w (R in the low byte,
// alpha masked off).
func (p *FixedPalette) lookup(w uint32, nc *nearCache) uint8 {
	h := (w * 0x9E3779B1) >> 18
	if nc.word[h] == w|1<<24 {
		return nc.idx[h]
	}
	return p.miss(w, h, nc)
}

// miss finds w's entry and remembers it in slot h.
func (p *FixedPalette) miss(w, h uint32, nc *nearCache) uint8 {
	k := w&0xff<<16 | w&0xff00 | w>>16
	_, i := p.green.nearest(k)
	nc.word[h], nc.idx[h] = w|1<<24, uint8(i)
	return uint8(i)
}

// MapRect writes into dst, inside r, the palette index of each pixel of
// src. A row equal to the one above it is copied from the row above in
// dst, and a run of equal pixels is looked up once.
func (p *FixedPalette) MapRect(dst *image.Paletted, src *image.RGBA, r image.Rectangle) {
	nc := p.getCache()
	p.mapRect(dst, src, r, nc)
	p.putCache(nc)
}

func (p *FixedPalette) mapRect(dst *image.Paletted, src *image.RGBA, r image.Rectangle, nc *nearCache) {
	r = r.Intersect(src.Rect).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	n := r.Dx()
	w4 := 4 * n
	var above []byte // the last row mapped
	for y := r.Min.Y; y < r.Max.Y; y++ {
		so := src.PixOffset(r.Min.X, y)
		row := src.Pix[so : so+w4]
		do := dst.PixOffset(r.Min.X, y)
		out := dst.Pix[do : do+n]
		if above != nil && bytes.Equal(row, above) {
			copy(out, dst.Pix[do-dst.Stride:do-dst.Stride+n])
			continue
		}
		// Most runs in the drawn rectangles are a pixel or two of
		// anti-aliasing: a pixel unlike the next is written at once.
		for x := 0; x < n; {
			w := binary.LittleEndian.Uint32(row[4*x:]) & 0xffffff
			v := p.lookup(w, nc)
			out[x] = v
			x++
			if x < n && binary.LittleEndian.Uint32(row[4*x:])&0xffffff == w {
				end := runEnd(row, 4*x, w) / 4
				fillExact(out[x:end], v)
				x = end
			}
		}
		above = row
	}
}

// fillExact sets every byte of s to v and no other: a rectangle's row
// ends where the layer's pixels go on.
func fillExact(s []byte, v uint8) {
	if len(s) < 16 {
		for i := range s {
			s[i] = v
		}
		return
	}
	binary.LittleEndian.PutUint64(s, uint64(v)*0x0101010101010101)
	for k := 8; k < len(s); k *= 2 {
		copy(s[k:], s[:k])
	}
}

// expandRect writes into dst, inside r, the colour of each index of src:
// the layer's pixels, for a part to be drawn over.
func (p *FixedPalette) expandRect(dst *image.RGBA, src *image.Paletted, r image.Rectangle) {
	r = r.Intersect(src.Rect).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	n := r.Dx()
	var above []byte
	for y := r.Min.Y; y < r.Max.Y; y++ {
		so := src.PixOffset(r.Min.X, y)
		row := src.Pix[so : so+n]
		do := dst.PixOffset(r.Min.X, y)
		out := dst.Pix[do : do+4*n]
		if above != nil && bytes.Equal(row, above) {
			copy(out, dst.Pix[do-dst.Stride:do-dst.Stride+4*n])
			continue
		}
		for i, v := range row {
			binary.LittleEndian.PutUint32(out[4*i:], p.words[v])
		}
		above = row
	}
}

// Map is the whole of an RGBA picture mapped through the palette.
func (p *FixedPalette) Map(src *image.RGBA) *image.Paletted {
	dst := image.NewPaletted(src.Rect, p.pal)
	p.MapRect(dst, src, src.Rect)
	return dst
}

// Part is a state-dependent piece of a layered picture: the rectangle of
// whole pixels it may paint, and how it paints it. Draw must paint
// nothing outside Rect: the layer's pixels there are not drawn again.
type Part struct {
	Rect image.Rectangle
	Draw func(c *Canvas)
	// Key, when set, says the part's pixels depend on Key alone (and the
	// layer): the first picture that draws it keeps its mapped pixels
	// with the layer, and later pictures copy them instead of drawing.
	// It is for parts whose keys the rules keep few (a day of the
	// Calendar, a space of a track), since every key's pixels stay in
	// memory with the layer; and no other part may paint inside a keyed
	// part's rectangle, or its pixels would be kept with the patch.
	Key string
	// Indexed says the part draws only text (Text, TextWrapped,
	// TextLines) and stamps (Stamp): it is then drawn straight in the
	// picture's palette indices, over the layer's, after the other parts,
	// and is neither restored, drawn in RGBA nor mapped (see
	// indexCanvas). Anything else it drew would be lost. A keyed part is
	// never drawn so.
	Indexed bool
}

// PartRect is the rectangle of whole pixels that covers x0..x1, y0..y1
// with pad pixels to spare on every side (for a stroke's half width and
// its anti-aliasing).
func PartRect(x0, y0, x1, y1, pad float64) image.Rectangle {
	return image.Rect(floor(x0-pad), floor(y0-pad), ceil(x1+pad), ceil(y1+pad))
}

func floor(v float64) int {
	i := int(v)
	if float64(i) > v {
		i--
	}
	return i
}

func ceil(v float64) int {
	i := int(v)
	if float64(i) < v {
		i++
	}
	return i
}

// Layer is the static pixels of a layered picture, its top rows, in the
// indices of a fixed palette. It is read only once built, so any number
// of pictures may be composed on it at once.
type Layer struct {
	img *image.Paletted
	pal *FixedPalette
	// patches are the keyed parts' pixels (*image.Paletted, the part's
	// rectangle of a picture) by their rectangle and key (patchKey).
	patches sync.Map
}

type patchKey struct {
	r   image.Rectangle
	key string
}

// NewLayer draws a w×h layer with draw on a fresh canvas and maps it
// through pal.
func NewLayer(w, h int, pal *FixedPalette, draw func(c *Canvas)) *Layer {
	c := NewCanvas(w, h)
	draw(c)
	img := pal.Map(c.dst)
	c.Release()
	return &Layer{img: img, pal: pal}
}

// LayerOfIndices makes a Layer of img, whose pixels are already indices
// of pal: a layer assembled from pieces mapped apart, when drawing and
// mapping it whole (NewLayer) would cost more than copying them. Escape
// Plan's layers are its cities, a new one at every tile placed, put
// together from hexes and tracks mapped once. img must not be changed
// afterwards.
func LayerOfIndices(img *image.Paletted, pal *FixedPalette) *Layer {
	img.Palette = pal.pal
	return &Layer{img: img, pal: pal}
}

// Bytes is the memory the layer's pixels take, its patches' included.
func (l *Layer) Bytes() int {
	n := len(l.img.Pix)
	l.patches.Range(func(_, v any) bool {
		n += len(v.(*image.Paletted).Pix)
		return true
	})
	return n
}

// Height is the layer's height: where a picture's tail begins.
func (l *Layer) Height() int { return l.img.Rect.Dy() }

// Compose draws one picture on the layer: plan lists the state's parts
// (it may measure text on the canvas it is given, but must not draw);
// each part's rectangle is given the layer's colours, then every part is
// drawn, in order; tail, when not nil, draws from the layer's bottom on
// the background and returns the picture's height (it must draw nothing
// at or below it). The tail is drawn straight in palette indices
// (indexCanvas), so it may draw only text (Text, TextWrapped, TextLines)
// and stamps (Stamp): anything else drawn there, with gg's own calls, is
// lost. guess is the height of the scratch canvas to draw on: a picture
// taller than that is drawn again on a taller one.
//
// The parts are all restored before any is drawn, so parts that overlap
// are drawn over each other as on one canvas.
func (l *Layer) Compose(guess int, plan func(c *Canvas) []Part, tail func(c *Canvas, top float64) float64) *image.Paletted {
	w, lh := l.img.Rect.Dx(), l.img.Rect.Dy()
	guess = max(guess, lh)
	c := newScratchCanvas(w, guess)
	all := plan(c)
	top := image.Rect(0, 0, w, lh)
	// A keyed part drawn before is copied, not drawn.
	var parts, fresh, indexed []Part
	var kept []*image.Paletted
	for _, p := range all {
		if p.Indexed && p.Key == "" {
			indexed = append(indexed, p)
			continue
		}
		if p.Key != "" {
			if v, ok := l.patches.Load(patchKey{p.Rect, p.Key}); ok {
				kept = append(kept, v.(*image.Paletted))
				continue
			}
			fresh = append(fresh, p)
		}
		parts = append(parts, p)
	}
	// The RGBA rows are those down to the lowest part drawn in RGBA.
	rows := 0
	for _, p := range parts {
		if r := p.Rect.Intersect(top); !r.Empty() {
			rows = max(rows, r.Max.Y)
		}
	}
	c.scratchRows(rows)
	for _, p := range parts {
		l.pal.expandRect(c.dst, l.img, p.Rect)
	}
	for _, p := range parts {
		p.Draw(c)
	}
	sp := c.scratch
	ch := sp.bottom
	tail0 := sp.tailIndices(w, lh, ch, l.pal)
	h := lh
	nc := l.pal.getCache()
	if tail != nil {
		c.index = &indexCanvas{img: tail0, pal: l.pal, nc: nc}
		h = max(lh, int(tail(c, float64(lh))))
		c.index = nil
	}
	// Rows the tail drew on are no longer the background's index.
	sp.tailClean = max(lh, min(max(h, sp.tailClean), ch))
	if h > ch {
		// The tail ran off the canvas.
		sp.tailClean = ch
		l.pal.putCache(nc)
		c.Release()
		return l.Compose(h, plan, tail)
	}
	// The new picture is the layer's pixels and the tail's, copied into
	// a recycled picture's pixels or into its allocation as it is made:
	// nothing is cleared first.
	pix := takePicture(w * h)
	if pix != nil {
		copy(pix, l.img.Pix)
		copy(pix[len(l.img.Pix):], tail0.Pix[:w*(h-lh)])
	} else {
		pix = append(l.img.Pix[:len(l.img.Pix):len(l.img.Pix)], tail0.Pix[:w*(h-lh)]...)
	}
	pix = markComposed(pix)
	out := &image.Paletted{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h), Palette: l.pal.pal}
	for _, k := range kept {
		for y := k.Rect.Min.Y; y < k.Rect.Max.Y; y++ {
			copy(out.Pix[out.PixOffset(k.Rect.Min.X, y):out.PixOffset(k.Rect.Max.X, y)], k.Pix[k.PixOffset(k.Rect.Min.X, y):])
		}
	}
	for _, p := range parts {
		l.pal.mapRect(out, c.dst, p.Rect.Intersect(top), nc)
	}
	c.index = &indexCanvas{img: out, pal: l.pal, nc: nc}
	for _, p := range indexed {
		p.Draw(c)
	}
	c.index = nil
	l.pal.putCache(nc)
	for _, p := range fresh {
		r := p.Rect.Intersect(top)
		patch := image.NewPaletted(r, l.pal.pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			copy(patch.Pix[patch.PixOffset(r.Min.X, y):], out.Pix[out.PixOffset(r.Min.X, y):out.PixOffset(r.Max.X, y)])
		}
		l.patches.LoadOrStore(patchKey{p.Rect, p.Key}, patch)
	}
	c.Release()
	return out
}

// LayerCache keeps layers by layout key, each built once by the first
// picture that needs it. A game of a few fixed layouts leaves Max at zero
// and keeps every layer for good; a game whose layouts are many (Escape
// Plan's cities, built anew in every game) sets Max, and past it the
// least recently used layer is forgotten, to be built again if its
// layout comes back.
type LayerCache struct {
	// Max, when above zero, bounds the layers kept.
	Max   int
	mu    sync.Mutex
	slots map[string]*list.Element
	order list.List // of *layerSlot, most recent first
}

type layerSlot struct {
	key  string
	once sync.Once
	// layer is set once built; Bytes and Has read it without waiting for
	// a layer still being built.
	layer atomic.Pointer[Layer]
}

// Get returns key's layer, building it with build the first time (or
// the first time after it was forgotten). Pictures of other keys are not
// held up while it builds.
func (lc *LayerCache) Get(key string, build func() *Layer) *Layer {
	lc.mu.Lock()
	if lc.slots == nil {
		lc.slots = map[string]*list.Element{}
	}
	e := lc.slots[key]
	if e == nil {
		e = lc.order.PushFront(&layerSlot{key: key})
		lc.slots[key] = e
		for lc.Max > 0 && lc.order.Len() > lc.Max {
			old := lc.order.Back()
			lc.order.Remove(old)
			delete(lc.slots, old.Value.(*layerSlot).key)
		}
	} else {
		lc.order.MoveToFront(e)
	}
	s := e.Value.(*layerSlot)
	lc.mu.Unlock()
	s.once.Do(func() { s.layer.Store(build()) })
	return s.layer.Load()
}

// Has reports whether key's layer is built (start-up warming's outcome,
// which its tests read).
func (lc *LayerCache) Has(key string) bool {
	lc.mu.Lock()
	e := lc.slots[key]
	lc.mu.Unlock()
	return e != nil && e.Value.(*layerSlot).layer.Load() != nil
}

// Forget drops every layer, so that the next picture of each layout is
// drawn as the first one in a process is (the cold benchmarks).
func (lc *LayerCache) Forget() {
	lc.mu.Lock()
	lc.slots = nil
	lc.order.Init()
	lc.mu.Unlock()
}

// built lists the layers built so far, most recent first.
func (lc *LayerCache) built() []*Layer {
	lc.mu.Lock()
	var ss []*layerSlot
	for e := lc.order.Front(); e != nil; e = e.Next() {
		ss = append(ss, e.Value.(*layerSlot))
	}
	lc.mu.Unlock()
	var out []*Layer
	for _, s := range ss {
		// A layer still being built is not counted.
		if l := s.layer.Load(); l != nil {
			out = append(out, l)
		}
	}
	return out
}

// Len is how many layers are kept and built.
func (lc *LayerCache) Len() int { return len(lc.built()) }

// Bytes is the memory the cached layers' pixels take.
func (lc *LayerCache) Bytes() int {
	n := 0
	for _, l := range lc.built() {
		n += l.Bytes()
	}
	return n
}

// scratchPixels are the pixels of a scratch canvas, kept for the next
// one: a layered picture restores and draws only its parts' rectangles,
// so most of its canvas is never read, and is neither cleared nor
// painted.
//
// Its RGBA pixels cover only the layer's rows (h), where the parts lie,
// and grow only when a tail's Shape needs rows below them: the tail is
// drawn in indices, so RGBA rows as tall as the picture were allocated,
// and cleared by the allocation, to be left unread, 7–20 MB of a
// process's first board (issue 16, benchmark c). The tail's indices have
// room for bottom rows.
type scratchPixels struct {
	pix    []byte
	w, h   int
	bottom int
	// tail holds a picture's tail in palette indices, rows from the
	// layer's bottom on; rows from tailClean on (in picture rows) are
	// the background's index of tailPal.
	tail      []byte
	tailTop   int
	tailClean int
	tailPal   *FixedPalette
	// faces are the font faces of the last canvas on these pixels, kept
	// with them for the same reason: a face made anew draws every glyph
	// anew.
	faces map[faceKey]font.Face
}

// keptScratch is one scratch kept for good, and scratchPixelsPool holds
// the others released (*scratchPixels), apart from the canvases' pool,
// whose pixels must be all background. A sync.Pool is emptied by every
// garbage collection, and a board's picture allocates enough to start
// one every few pictures: a scratch made anew is 17 MB allocated and
// painted, as dear as the rest of the picture. So one, enough for a bot
// that draws one picture at a time, is kept out of the collector's reach
// (17 MB for a 1400 × 3100 board, for as long as the process lives);
// pictures drawn at once take the others from the pool.
var (
	keptScratch       atomic.Pointer[scratchPixels]
	scratchPixelsPool sync.Pool
)

// putScratch gives scratch pixels back.
func putScratch(sp *scratchPixels) {
	if !keptScratch.CompareAndSwap(nil, sp) {
		scratchPixelsPool.Put(sp)
	}
}

// tailIndices is the scratch's tail as a paletted image of rows top to
// bottom (exclusive), every pixel the background's index of pal.
func (sp *scratchPixels) tailIndices(w, top, bottom int, pal *FixedPalette) *image.Paletted {
	n := w * (bottom - top)
	bg := pal.Index(uint32(Background.R)<<16 | uint32(Background.G)<<8 | uint32(Background.B))
	if len(sp.tail) < n || sp.tailTop != top || sp.tailPal != pal {
		// Another layout's or game's tail is painted over, not made
		// anew: a bot drawing several games' boards in turn made a tail
		// of 2–3 MB for most of its pictures.
		if len(sp.tail) < n {
			sp.tail = make([]byte, n)
		}
		fillExact(sp.tail, bg)
		sp.tailTop, sp.tailPal = top, pal
	} else if sp.tailClean > top {
		fillExact(sp.tail[:min(w*(sp.tailClean-top), len(sp.tail))], bg)
	}
	sp.tailClean = top
	return &image.Paletted{Pix: sp.tail[:n], Stride: w, Rect: image.Rect(0, top, w, bottom), Palette: pal.pal}
}

// newScratchCanvas is a canvas w wide with room for a tail down to row
// bottom, and no RGBA rows yet (scratchRows).
func newScratchCanvas(w, bottom int) *Canvas {
	var sp *scratchPixels
	if p := keptScratch.Swap(nil); p != nil && p.w == w {
		sp = p
	} else if p != nil {
		putScratch(p)
	}
	if sp == nil {
		if p, ok := scratchPixelsPool.Get().(*scratchPixels); ok && p.w == w {
			sp = p
		}
	}
	if sp == nil {
		sp = &scratchPixels{w: w}
	}
	// The tail's room is the tallest picture's: one that once needed
	// more than the guess is not drawn twice again.
	sp.bottom = max(sp.bottom, bottom)
	faces := sp.faces
	if faces == nil {
		faces = map[faceKey]font.Face{}
	}
	c := &Canvas{faces: faces, scratch: sp, glyphCache: scratchGlyphs}
	c.scratchRows(0)
	return c
}

// scratchRows gives a layered picture's scratch canvas RGBA pixels for
// the picture's top n rows, whatever the last picture left there (what
// the rows held does not matter: a part's rectangle is restored before
// it is drawn), and gg's context on them, made anew: plan measures on a
// canvas of none, and the parts, which set what they draw with, are
// drawn on the rows down to the lowest of them. Escape Plan's parts are
// all drawn in indices, so its board needs none; Police Precinct's end
// two thirds down its layer.
func (c *Canvas) scratchRows(n int) {
	sp := c.scratch
	if sp.h < n {
		sp.pix, sp.h = make([]byte, 4*sp.w*n), n
	}
	c.dst = &image.RGBA{Pix: sp.pix[:4*sp.w*n], Stride: 4 * sp.w, Rect: image.Rect(0, 0, sp.w, n)}
	c.Context = gg.NewContextForRGBA(c.dst)
}

// scratchGlyphs is the glyph cache of a scratch canvas's faces. A glyph
// is cached at each of four offsets of a quarter pixel, so a face that
// draws sixty letters and digits needs 240 places; with glyphCache's 128
// a board drew a fifth of its glyphs anew each time. The faces are kept
// with the scratch, one set per scratch: 512 places are about 3 MB for a
// board's six faces.
const scratchGlyphs = 512

// indexCanvas is where a layered picture's tail and indexed parts are
// drawn: straight in the indices of the fixed palette, over the indices
// already there (the background's, the layer's). They are text and
// stamps, so a pixel's colour is known before it is drawn (a glyph's
// level over its ground, a stamp's own pixel) and is mapped once, not
// drawn in RGBA and mapped afterwards: drawing, clearing and mapping the
// tail's RGBA rows was about a third of a layered board's cost.
type indexCanvas struct {
	img *image.Paletted
	pal *FixedPalette
	nc  *nearCache
}

// FillBox fills r with the opaque colour col, on whichever pixels the
// canvas draws now: its RGBA pixels, or, inside a layered picture's tail
// or indexed part, the palette's indices (the index col maps to, so a
// colour of the palette gives the same pixels either way). Boxes, bars
// and frames drawn so cost a copy per row, where gg rasterizes every
// fill; they are the most of Android's boards.
func (c *Canvas) FillBox(r image.Rectangle, col color.RGBA) {
	if t := c.index; t != nil {
		r = r.Intersect(t.img.Rect)
		if r.Empty() {
			return
		}
		v := t.pal.Index(uint32(col.R)<<16 | uint32(col.G)<<8 | uint32(col.B))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			o := t.img.PixOffset(r.Min.X, y)
			fillExact(t.img.Pix[o:o+r.Dx()], v)
		}
		return
	}
	draw.Draw(c.dst, r.Intersect(c.dst.Rect), image.NewUniform(col), image.Point{}, draw.Src)
}

// Shape runs draw, which may use any of gg's calls but must paint nothing
// outside r. On a canvas drawing RGBA it simply draws; inside a layered
// picture's tail or indexed part, r is given the picture's colours on the
// scratch canvas, drawn on there and mapped back: a curved shape in a
// tail (Android's conspiracy links, a story's rings) costs its own
// rectangle, not the tail's. The first Shape of a tail below the
// scratch's RGBA rows grows them (growScratch), after which gg's state is
// the default: draw sets the colour, width and font it uses.
func (c *Canvas) Shape(r image.Rectangle, draw func(c *Canvas)) {
	t := c.index
	if t == nil {
		draw(c)
		return
	}
	r = r.Intersect(t.img.Rect)
	if r.Empty() {
		return
	}
	if c.scratch != nil && !r.In(c.dst.Rect) {
		c.growScratch(r.Max.Y)
	}
	r = r.Intersect(c.dst.Rect)
	t.pal.expandRect(c.dst, t.img, r)
	c.index = nil
	draw(c)
	c.index = t
	t.pal.mapRect(t.img, c.dst, r, t.nc)
}

// growScratch makes a layered picture's scratch canvas at least h rows of
// RGBA (and as many as its tail's room, so that it grows once): the rows
// it had, where the parts are drawn, are kept. gg's context is made anew
// on the new pixels, so its state (colour, line width, font) is the
// default: a Shape's draw sets what it uses.
func (c *Canvas) growScratch(h int) {
	sp := c.scratch
	h = max(h, sp.bottom)
	pix := make([]byte, 4*sp.w*h)
	copy(pix, c.dst.Pix)
	sp.pix, sp.h = pix, h
	c.dst = &image.RGBA{Pix: pix, Stride: 4 * sp.w, Rect: image.Rect(0, 0, sp.w, h)}
	c.Context = gg.NewContextForRGBA(c.dst)
}

// Sprite is a piece of a layer drawn once on the background and mapped
// through a fixed palette, kept as the runs of pixels it changed, to be
// put on layers assembled from pieces (LayerOfIndices) at whole pixels:
// it gives the pixels drawing it there would, as long as the layer is
// background under it and no other piece's pixels lie in its runs. Escape
// Plan puts a city's hexes so, one sprite per tile, when a tile placed
// makes a new city.
type Sprite struct {
	// ox, oy is where the sprite's canvas lay from the point it is put
	// at.
	ox, oy int
	runs   []spriteRun
}

type spriteRun struct {
	x, y int
	pix  []uint8
}

// NewSprite draws draw on a w×h canvas of the background, where the
// point the sprite is put at is (ax, ay), maps it through pal and keeps
// the pixels that are not the background's index.
func NewSprite(w, h, ax, ay int, pal *FixedPalette, draw func(c *Canvas, x, y float64)) *Sprite {
	c := NewCanvas(w, h)
	draw(c, float64(ax), float64(ay))
	img := pal.Map(c.dst)
	c.Release()
	return SpriteOfIndices(img, ax, ay, pal)
}

// SpriteOfIndices is the sprite of img, a drawing on the background
// already in pal's indices (NewSprite's, or the same kept as data),
// whose point is put at (ax, ay): the pixels that are not the
// background's index.
func SpriteOfIndices(img *image.Paletted, ax, ay int, pal *FixedPalette) *Sprite {
	bg := pal.Index(uint32(Background.R)<<16 | uint32(Background.G)<<8 | uint32(Background.B))
	s := &Sprite{ox: -ax, oy: -ay}
	w := img.Rect.Dx()
	// The runs share one copy of their pixels: a hex is some 20,000
	// pixels in a few hundred runs.
	var pix []byte
	for y := 0; y < img.Rect.Dy(); y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+w]
		for x := 0; x < w; {
			if row[x] == bg {
				x++
				continue
			}
			end := x + 1
			for end < w && row[end] != bg {
				end++
			}
			s.runs = append(s.runs, spriteRun{x: x, y: y, pix: row[x:end]})
			pix = append(pix, row[x:end]...)
			x = end
		}
	}
	// Point the runs into the copy, so the image is not kept.
	o := 0
	for i := range s.runs {
		n := len(s.runs[i].pix)
		s.runs[i].pix = pix[o : o+n : o+n]
		o += n
	}
	return s
}

// addRuns keeps, of row y of a drawing, the runs of pixels that are not
// as they were under it (same says which are).
func (s *Sprite) addRuns(y int, row []byte, same func(x int) bool) {
	for x := 0; x < len(row); {
		if same(x) {
			x++
			continue
		}
		end := x
		for end < len(row) && !same(end) {
			end++
		}
		s.runs = append(s.runs, spriteRun{x: x, y: y, pix: bytes.Clone(row[x:end])})
		x = end
	}
}

// Bytes is the memory the sprite's pixels take.
func (s *Sprite) Bytes() int {
	n := 0
	for _, r := range s.runs {
		n += len(r.pix)
	}
	return n
}

// Put copies the sprite's pixels onto dst with its point at (x, y), only
// inside clip.
func (s *Sprite) Put(dst *image.Paletted, x, y int, clip image.Rectangle) {
	clip = clip.Intersect(dst.Rect)
	for _, r := range s.runs {
		py := y + s.oy + r.y
		if py < clip.Min.Y || py >= clip.Max.Y {
			continue
		}
		putRun(dst, x+s.ox+r.x, py, r.pix, clip)
	}
}

// putRun copies a run of indices onto row y of dst from x0 on, the part
// of it inside clip's columns only (y is already inside clip).
func putRun(dst *image.Paletted, x0, y int, pix []byte, clip image.Rectangle) {
	if x0 < clip.Min.X {
		pix = pix[min(len(pix), clip.Min.X-x0):]
		x0 = clip.Min.X
	}
	if n := clip.Max.X - x0; n < len(pix) {
		pix = pix[:max(n, 0)]
	}
	copy(dst.Pix[dst.PixOffset(x0, y):], pix)
}

// keptPictures bounds the pictures' pixels kept for the next pictures:
// one for each picture a process draws at once (commands' drawing
// slots).
const keptPictures = 2

// pictures are the pixels of pictures given back (Recycle), kept for good:
// a sync.Pool is emptied at every collection, and a picture's 2.5–8 MB of
// fresh pages cost about as much as composing the rest of it.
var pictures struct {
	sync.Mutex
	free [][]byte
}

// takePicture is kept pixels to compose a picture of n pixels in, or nil.
func takePicture(n int) []byte {
	pictures.Lock()
	defer pictures.Unlock()
	for i, b := range pictures.free {
		if cap(b) >= n {
			pictures.free = append(pictures.free[:i], pictures.free[i+1:]...)
			return b[:n]
		}
	}
	// Too small for this picture: the one made for it is kept instead.
	if len(pictures.free) == keptPictures {
		pictures.free = pictures.free[1:]
	}
	return nil
}

// composedMark is written just past a composed picture's pixels (inside
// their capacity), so that Recycle knows the pictures Compose made from
// any other: a quantized picture's pixels end at their capacity.
var composedMark = [8]byte{'c', 'o', 'm', 'p', 'o', 's', 'e', 'd'}

// markComposed writes composedMark past pix's length, growing its
// capacity if need be, and returns pix.
func markComposed(pix []byte) []byte {
	n := len(pix)
	pix = append(pix, composedMark[:]...)
	return pix[:n]
}

// Recycle gives back a picture that Layer.Compose made, once it is
// encoded: the next picture is composed in its pixels instead of fresh
// memory (at most keptPictures are kept; the bot recycles each picture
// after its PNG is written). The picture must not be used afterwards.
// Any other image is left alone.
func Recycle(img image.Image) {
	p, ok := img.(*image.Paletted)
	if !ok || cap(p.Pix)-len(p.Pix) < len(composedMark) || [8]byte(p.Pix[len(p.Pix):len(p.Pix)+8]) != composedMark {
		return
	}
	// A picture given back twice, or one made from a picture given back
	// (a SubImage), would be handed out twice: the mark is taken off.
	clear(p.Pix[len(p.Pix) : len(p.Pix)+8])
	pictures.Lock()
	defer pictures.Unlock()
	if len(pictures.free) < keptPictures {
		pictures.free = append(pictures.free, p.Pix[:0])
	}
}

// Kept draws a block of a layered picture whose pixels depend on key
// alone, at x, y: draw paints text, stamps and boxes (FillBox) only
// inside x..x+w, y..y+h, at places that are (x, y) plus what key names,
// over a ground that is the same, under every pixel it paints, wherever
// key is drawn (the tail's background, or a fill drawn with the layer). In a layered
// picture's tail or indexed part the pixels the block changed are kept,
// as runs of indices, after the first picture that draws it, and put by
// the next ones wherever the block lies (at the same fraction of a
// pixel: that is part of the key); on a canvas drawing RGBA (a board
// drawn whole) it simply draws. A block that changes from picture to
// picture gains nothing: it is for things that stay the same over many
// phases (Escape Plan's Contact display).
func (c *Canvas) Kept(key string, x, y, w, h float64, draw func(c *Canvas)) {
	t := c.index
	if t == nil {
		draw(c)
		return
	}
	ix, iy := math.Floor(x), math.Floor(y)
	k := keptBlockKey{key: key, fx: x - ix, fy: y - iy, pal: t.pal}
	r := image.Rect(int(ix), int(iy), ceil(x+w), ceil(y+h))
	if !r.In(t.img.Rect) {
		draw(c)
		return
	}
	keptBlocks.Lock()
	b := keptBlocks.m[k]
	keptBlocks.Unlock()
	if b != nil {
		b.Put(t.img, r.Min.X, r.Min.Y, t.img.Rect)
		return
	}
	before := make([]byte, r.Dx()*r.Dy())
	for y := 0; y < r.Dy(); y++ {
		o := t.img.PixOffset(r.Min.X, r.Min.Y+y)
		copy(before[y*r.Dx():], t.img.Pix[o:o+r.Dx()])
	}
	draw(c)
	b = &Sprite{}
	for y := 0; y < r.Dy(); y++ {
		o := t.img.PixOffset(r.Min.X, r.Min.Y+y)
		row, was := t.img.Pix[o:o+r.Dx()], before[y*r.Dx():(y+1)*r.Dx()]
		b.addRuns(y, row, func(x int) bool { return row[x] == was[x] })
	}
	keptBlocks.Lock()
	if keptBlocks.bytes+b.Bytes() > maxKeptBlockBytes {
		// Blocks are cheap to draw again: start over rather than keep
		// an order of use.
		keptBlocks.m, keptBlocks.bytes = nil, 0
	}
	if keptBlocks.m == nil {
		keptBlocks.m = map[keptBlockKey]*Sprite{}
	}
	if _, ok := keptBlocks.m[k]; !ok {
		keptBlocks.m[k] = b
		keptBlocks.bytes += b.Bytes()
	}
	keptBlocks.Unlock()
}

// maxKeptBlockBytes bounds the blocks Kept keeps: Escape Plan's Contact
// display is about 0.1 MB.
const maxKeptBlockBytes = 8 << 20

type keptBlockKey struct {
	key    string
	fx, fy float64
	pal    *FixedPalette
}

var keptBlocks struct {
	sync.Mutex
	m     map[keptBlockKey]*Sprite
	bytes int
}

// ForgetBlocks drops the blocks Kept keeps (the cold benchmarks; a bot
// never calls it).
func ForgetBlocks() {
	keptBlocks.Lock()
	keptBlocks.m, keptBlocks.bytes = nil, 0
	keptBlocks.Unlock()
}
