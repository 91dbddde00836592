package render

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// testPalette is a small fixed palette: the kit's colours and a grey ramp.
func testPalette() *FixedPalette {
	var keys []uint32
	for _, c := range []color.RGBA{Background, Paper, Ink, Faint, Grid, Alert, Good, Water} {
		keys = append(keys, uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B))
	}
	for g := uint32(0x10); g < 0xf0; g += 0x18 {
		keys = append(keys, g<<16|g<<8|g)
	}
	return NewFixedPalette(keys)
}

// TestFixedPaletteMapsToNearest: a palette colour maps to itself, any
// other to the entry nearest by dist (the lowest index on a tie), through
// the cache or not.
func TestFixedPaletteMapsToNearest(t *testing.T) {
	p := testPalette()
	keys := p.Keys()
	for i, k := range keys {
		if got := p.Index(k); int(got) != i {
			t.Errorf("palette colour %06x maps to %d, not its own index %d", k, got, i)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	var nc nearCache
	for n := 0; n < 5000; n++ {
		k := r.Uint32() & 0xffffff
		best, want := 1<<30, 0
		for i, e := range keys {
			if d := dist(k, e); d < best {
				best, want = d, i
			}
		}
		if got := p.Index(k); int(got) != want {
			t.Fatalf("%06x maps to %d, the nearest is %d", k, got, want)
		}
		w := k>>16 | k&0xff00 | (k&0xff)<<16
		for range 2 {
			if got := p.lookup(w, &nc); int(got) != want {
				t.Fatalf("%06x through the cache maps to %d, the nearest is %d", k, got, want)
			}
		}
	}
}

// TestMapRectStaysInside: mapping a rectangle writes its pixels and no
// other, whatever the lengths of its runs.
func TestMapRectStaysInside(t *testing.T) {
	p := testPalette()
	src := image.NewRGBA(image.Rect(0, 0, 97, 40))
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < len(src.Pix); i += 4 {
		// Runs of one to forty pixels of a few colours.
		c := p.pal[r.IntN(4)].(color.RGBA)
		n := 1 + r.IntN(40)
		for j := 0; j < n && i < len(src.Pix); j++ {
			src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = c.R, c.G, c.B, 0xff
			i += 4
		}
		i -= 4
	}
	dst := image.NewPaletted(src.Rect, p.pal)
	for i := range dst.Pix {
		dst.Pix[i] = 200
	}
	in := image.Rect(13, 5, 71, 33)
	p.MapRect(dst, src, in)
	for y := 0; y < 40; y++ {
		for x := 0; x < 97; x++ {
			got := dst.ColorIndexAt(x, y)
			if !image.Pt(x, y).In(in) {
				if got != 200 {
					t.Fatalf("pixel %d,%d outside the rectangle was written", x, y)
				}
				continue
			}
			c := src.RGBAAt(x, y)
			if want := p.Index(uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B)); got != want {
				t.Fatalf("pixel %d,%d is %d, want %d", x, y, got, want)
			}
		}
	}
}

// composeToy draws a toy picture two ways: composed on a layer, and on one
// canvas mapped whole. Its parts draw on flat palette colours only, so
// the two are the same pixels.
func composeToy(t *testing.T, l *Layer, p *FixedPalette, label string, rows int, drawn *int) (*image.Paletted, *image.Paletted) {
	t.Helper()
	static := func(c *Canvas) {
		c.FillRect(10, 10, 280, 60, Paper)
		c.Text("static", 20, 20, Bold, 20, Ink)
	}
	plan := func(c *Canvas) []Part {
		return []Part{
			{Rect: PartRect(200, 20, 240, 60, 4), Draw: func(c *Canvas) { c.Token(220, 40, 18, Alert, label) }},
			{Rect: PartRect(20, 80, 280, 110, 2), Key: label, Draw: func(c *Canvas) {
				*drawn++
				c.Text("keyed "+label, 20, 80, Regular, 20, Ink)
			}},
		}
	}
	tail := func(c *Canvas, top float64) float64 {
		y := top
		for i := 0; i < rows; i++ {
			c.Text(label+" tail line", 20, y, Regular, 20, Faint)
			y += 26
		}
		return y + 4
	}
	before := *drawn
	got := l.Compose(200, plan, tail)
	composed := *drawn - before
	c := NewCanvas(300, 2000)
	static(c)
	for _, part := range plan(c) {
		part.Draw(c)
	}
	h := int(tail(c, 120))
	want := p.Map(c.dst.SubImage(image.Rect(0, 0, 300, h)).(*image.RGBA))
	c.Release()
	*drawn = before + composed
	return got, want
}

// TestComposeMatchesOneCanvas composes pictures of different tails, taller
// and shorter than the scratch canvas and than each other, and with keyed
// parts drawn and copied: each equals the same picture drawn on one
// canvas, so no pixel of an earlier picture stays in a later one, and a
// keyed part is drawn once.
func TestComposeMatchesOneCanvas(t *testing.T) {
	p := testPalette()
	l := NewLayer(300, 120, p, func(c *Canvas) {
		c.FillRect(10, 10, 280, 60, Paper)
		c.Text("static", 20, 20, Bold, 20, Ink)
	})
	for i, tc := range []struct {
		label string
		rows  int
	}{{"A", 3}, {"B", 40}, {"A", 1}, {"C", 12}, {"A", 3}} {
		drawn := 0
		got, want := composeToy(t, l, p, tc.label, tc.rows, &drawn)
		if again := i == 2 || i == 4; again && drawn > 0 {
			t.Errorf("picture %d: the keyed part %q was drawn again, not copied", i, tc.label)
		} else if !again && drawn == 0 {
			t.Errorf("picture %d: the keyed part %q was never drawn", i, tc.label)
		}
		if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			n, at := PixelDiff(got, want)
			t.Errorf("picture %d (%s, %d rows): %v against %v, %d pixels differ, the first at %v", i, tc.label, tc.rows, got.Rect, want.Rect, n, at)
		}
	}
	if l.Bytes() <= 300*120 {
		t.Errorf("the layer's %d bytes do not count its patches", l.Bytes())
	}
}

// TestStampMatchesDrawing: a stamped shape is the shape drawn straight
// onto ground of its colour, at whole and fractional places, but for a
// few edge pixels a level or two apart (nearlySame), and a stamp does not
// erase its neighbour's edge.
func TestStampMatchesDrawing(t *testing.T) {
	chip := func(c *Canvas, x, y float64) {
		c.FillRoundedRect(x, y, 60, 30, 6, Alert)
		c.DrawRoundedRectangle(x, y, 60, 30, 6)
		c.SetColor(Ink)
		c.SetLineWidth(3)
		c.Stroke()
		c.TextCentered("7 UC", x+30, y+15, Bold, 18, color.White)
	}
	for _, at := range [][2]float64{{20, 20}, {20.25, 31.5}, {47.375, 12.8}} {
		a, b := NewCanvas(200, 100), NewCanvas(200, 100)
		a.FillRect(0, 0, 200, 100, Paper)
		b.FillRect(0, 0, 200, 100, Paper)
		chip(a, at[0], at[1])
		b.Stamp("chip", at[0], at[1], 60, 30, 3, Paper, chip)
		if n, worst := nearlySame(a.dst, b.dst); n > 8 || worst > 8 {
			t.Errorf("stamp at %v: %d pixels differ from the drawing, by up to %d", at, n, worst)
		}
		if len(b.Marks()) != 1 || math.Abs(b.Marks()[0].X0-a.Marks()[0].X0) > 1e-9 || math.Abs(b.Marks()[0].Y1-a.Marks()[0].Y1) > 1e-9 {
			t.Errorf("stamp at %v: marks %v, drawn %v", at, b.Marks(), a.Marks())
		}
		a.Release()
		b.Release()
	}
	// Two chips 4 px apart: the second's pad covers the first's edge.
	a, b := NewCanvas(200, 60), NewCanvas(200, 60)
	a.FillRect(0, 0, 200, 60, Paper)
	b.FillRect(0, 0, 200, 60, Paper)
	chip(a, 10, 10)
	chip(a, 74, 10)
	b.Stamp("chip", 10, 10, 60, 30, 3, Paper, chip)
	b.Stamp("chip", 74, 10, 60, 30, 3, Paper, chip)
	if n, worst := nearlySame(a.dst, b.dst); n > 16 || worst > 8 {
		t.Errorf("neighbouring stamps: %d pixels differ from the drawing, by up to %d", n, worst)
	}
}

// nearlySame counts the pixels of a and b that differ and the largest
// difference of a channel: a stamp's curves are flattened at other
// coordinates than the drawing's (its tile's), and a point's rounding
// to a 64th of a pixel may differ, which moves an edge pixel's coverage
// by a level or two.
func nearlySame(a, b *image.RGBA) (int, int) {
	n, worst := 0, 0
	for i := 0; i < len(a.Pix); i += 4 {
		differs := false
		for k := i; k < i+4; k++ {
			if d := int(a.Pix[k]) - int(b.Pix[k]); d != 0 {
				differs = true
				worst = max(worst, d, -d)
			}
		}
		if differs {
			n++
		}
	}
	return n, worst
}

// TestLayerCacheForgetsLeastRecent: a cache with Max keeps at most Max
// layers, forgets the least recently used one, and builds a forgotten
// layout again; a cache without Max forgets none.
func TestLayerCacheForgetsLeastRecent(t *testing.T) {
	p := testPalette()
	builds := map[string]int{}
	get := func(lc *LayerCache, key string) *Layer {
		return lc.Get(key, func() *Layer {
			builds[key]++
			return NewLayer(40, 10, p, func(c *Canvas) {})
		})
	}
	lc := &LayerCache{Max: 2}
	a := get(lc, "a")
	get(lc, "b")
	if get(lc, "a") != a {
		t.Error("a layer kept was not given back")
	}
	get(lc, "c") // b is the least recently used
	if n := lc.Len(); n != 2 {
		t.Errorf("%d layers kept, Max is 2", n)
	}
	if lc.Bytes() != 2*40*10 {
		t.Errorf("the layers kept take %d bytes, want %d", lc.Bytes(), 2*40*10)
	}
	get(lc, "a")
	get(lc, "b")
	if builds["a"] != 1 || builds["b"] != 2 || builds["c"] != 1 {
		t.Errorf("builds %v: want a once (used last), b twice (forgotten), c once", builds)
	}
	var all LayerCache
	for _, k := range []string{"a", "b", "c", "d", "a"} {
		get(&all, k)
	}
	if all.Len() != 4 || builds["a"] != 2 {
		t.Errorf("a cache without Max keeps %d layers (want 4), built a %d times (want 2)", all.Len(), builds["a"])
	}
}

// TestSpritePutsTheDrawing: a sprite put on a layer of the background
// gives the pixels the drawing mapped has there, changes nothing it did
// not draw (the ground under a sprite may be another's), and nothing
// outside its clip.
func TestSpritePutsTheDrawing(t *testing.T) {
	p := testPalette()
	shape := func(c *Canvas, x, y float64) {
		c.FillRect(x-30, y-12, 60, 24, Alert)
		c.Text("sprite", x-28, y-40, Bold, 18, Ink)
	}
	c := NewCanvas(200, 120)
	shape(c, 90, 70)
	want := p.Map(c.dst)
	c.Release()
	s := NewSprite(100, 100, 50, 50, p, shape)
	if s.Bytes() == 0 || s.Bytes() >= 100*100 {
		t.Fatalf("the sprite keeps %d pixels of 10,000: it should keep only those drawn", s.Bytes())
	}
	bg := p.Index(uint32(Background.R)<<16 | uint32(Background.G)<<8 | uint32(Background.B))
	got := image.NewPaletted(image.Rect(0, 0, 200, 120), p.Palette())
	fillExact(got.Pix, bg)
	s.Put(got, 90, 70, got.Rect)
	if !bytes.Equal(got.Pix, want.Pix) {
		n, at := PixelDiff(got, want)
		t.Errorf("the sprite put differs from the drawing in %d pixels, the first at %v", n, at)
	}
	// On a ground of another index, clipped to the rows from 70 on.
	const other = 3
	fillExact(got.Pix, other)
	s.Put(got, 90, 70, image.Rect(0, 70, 200, 120))
	for y := 0; y < 120; y++ {
		for x := 0; x < 200; x++ {
			g, w := got.ColorIndexAt(x, y), want.ColorIndexAt(x, y)
			switch {
			case y < 70 && g != other:
				t.Fatalf("pixel %d,%d above the clip was changed", x, y)
			case y >= 70 && w == bg && g != other:
				t.Fatalf("pixel %d,%d, not drawn, was changed from the ground", x, y)
			case y >= 70 && w != bg && g != w:
				t.Fatalf("pixel %d,%d is %d, the drawing's %d", x, y, g, w)
			}
		}
	}
}

// TestRecycledPictureComposedAnew: a picture given back is the memory
// the next one is composed in, and that picture, shorter or taller, is
// the same as one composed in fresh memory; an image Compose did not
// make, or one given back twice, is never handed out.
func TestRecycledPictureComposedAnew(t *testing.T) {
	pictures.Lock()
	pictures.free = nil
	pictures.Unlock()
	p := testPalette()
	l := NewLayer(300, 120, p, func(c *Canvas) {
		c.FillRect(10, 10, 280, 60, Paper)
		c.Text("static", 20, 20, Bold, 20, Ink)
	})
	drawn := 0
	first, _ := composeToy(t, l, p, "A", 30, &drawn)
	Recycle(first)
	Recycle(first) // given back twice: kept once
	if n := len(pictures.free); n != 1 {
		t.Fatalf("%d pictures kept after one was given back twice, want 1", n)
	}
	for i, rows := range []int{5, 20} {
		got, want := composeToy(t, l, p, "B", rows, &drawn)
		if i == 0 && &got.Pix[0] != &first.Pix[0] {
			t.Error("the picture given back was not composed in")
		}
		if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			n, at := PixelDiff(got, want)
			t.Errorf("picture %d composed in recycled pixels: %v against %v, %d pixels differ, the first at %v", i, got.Rect, want.Rect, n, at)
		}
		Recycle(got)
	}
	mapped := p.Map(image.NewRGBA(image.Rect(0, 0, 300, 400)))
	pictures.Lock()
	pictures.free = nil
	pictures.Unlock()
	Recycle(mapped)
	if n := len(pictures.free); n != 0 {
		t.Errorf("an image Compose did not make was kept (%d kept)", n)
	}
}

// TestKeptBlockCopiedWherePut: a kept block of a tail is drawn by the
// first picture and copied by the next, at other rows and fractions of a
// pixel, only the pixels it paints, and every picture equals the same
// drawn on one canvas.
func TestKeptBlockCopiedWherePut(t *testing.T) {
	ForgetBlocks()
	p := testPalette()
	l := NewLayer(300, 120, p, func(c *Canvas) { c.FillRect(10, 10, 280, 60, Paper) })
	drawn := 0
	tail := func(rows int, dy float64) func(c *Canvas, top float64) float64 {
		return func(c *Canvas, top float64) float64 {
			y := top
			for i := 0; i < rows; i++ {
				c.Text("line", 20, y, Regular, 20, Faint)
				y += 26
			}
			y += dy
			if rows == 7 {
				// Something else in the block's rectangle, where the
				// block paints nothing: a kept block leaves it.
				c.FillBox(image.Rect(292, int(y), 300, int(y)+60), Good)
			}
			c.Kept("block", 0, y, 300, 60, func(c *Canvas) {
				drawn++
				c.FillBox(image.Rect(10, int(y)+2, 290, int(y)+8), Alert)
				c.Text("kept block", 20, y+12, Bold, 20, Ink)
				c.Stamp("dot", 250, y+20, 20, 20, 2, Background, func(c *Canvas, x, y float64) { c.Token(x+10, y+10, 10, Good, "") })
			})
			return y + 64
		}
	}
	for i, tc := range []struct {
		rows  int
		dy    float64
		draws int
	}{{2, 0, 1}, {5, 0, 0}, {1, 0.5, 1}, {7, 0.5, 0}, {2, 0, 0}} {
		before := drawn
		got := l.Compose(1000, func(*Canvas) []Part { return nil }, tail(tc.rows, tc.dy))
		if d := drawn - before; d != tc.draws {
			t.Errorf("picture %d: the block was drawn %d times, want %d (drawn once per fraction of a pixel, then copied)", i, d, tc.draws)
		}
		c := NewCanvas(300, 2000)
		c.FillRect(10, 10, 280, 60, Paper)
		h := int(tail(tc.rows, tc.dy)(c, 120))
		want := p.Map(c.dst.SubImage(image.Rect(0, 0, 300, h)).(*image.RGBA))
		c.Release()
		if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			n, at := PixelDiff(got, want)
			t.Errorf("picture %d (%d rows, +%v): %v against %v, %d pixels differ, the first at %v", i, tc.rows, tc.dy, got.Rect, want.Rect, n, at)
		}
	}
}
