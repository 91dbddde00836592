package render

import (
	"bytes"
	"image"
	"image/color"
	"testing"
)

// TestScratchServesLayoutsInTurn composes pictures of two layouts of
// different heights and palettes in turn, as a bot drawing several games'
// boards does: each equals the same picture drawn on one canvas, so no
// index of the other layout's tail stays in it, and the scratch's tail is
// painted over, not made anew, when a layout of another height or
// palette follows (issue 16: that was most of what a board allocated
// besides the picture itself).
func TestScratchServesLayoutsInTurn(t *testing.T) {
	forgetScratches()
	p := testPalette()
	// The same colours in another order: another palette, whose
	// background has another index.
	var keys []uint32
	for _, c := range []color.RGBA{Water, Good, Alert, Grid, Faint, Ink, Paper, Background} {
		keys = append(keys, uint32(c.R)<<16|uint32(c.G)<<8|uint32(c.B))
	}
	q := NewFixedPalette(keys)
	layout := func(h int, pal *FixedPalette) *Layer {
		return NewLayer(300, h, pal, func(c *Canvas) {
			c.FillRect(10, 10, 280, float64(h)-20, Paper)
			c.Text("static", 20, 20, Bold, 20, Ink)
		})
	}
	a, b := layout(120, p), layout(90, q)
	var tail0 *byte
	for i, tc := range []struct {
		l    *Layer
		pal  *FixedPalette
		rows int
	}{{a, p, 30}, {b, q, 6}, {a, p, 2}, {b, q, 40}, {a, p, 12}} {
		tail := func(c *Canvas, top float64) float64 {
			y := top
			for k := 0; k < tc.rows; k++ {
				c.Text("tail line", 20, y, Regular, 20, Faint)
				y += 26
			}
			return y + 4
		}
		got := tc.l.Compose(200, func(*Canvas) []Part { return nil }, tail)
		lh := tc.l.Height()
		c := NewCanvas(300, 2000)
		c.FillRect(10, 10, 280, float64(lh)-20, Paper)
		c.Text("static", 20, 20, Bold, 20, Ink)
		h := int(tail(c, float64(lh)))
		want := tc.pal.Map(c.dst.SubImage(image.Rect(0, 0, 300, h)).(*image.RGBA))
		c.Release()
		if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			n, at := PixelDiff(got, want)
			t.Errorf("picture %d (layer %d px high, %d tail rows): %d pixels differ from one canvas, the first at %v", i, lh, tc.rows, n, at)
		}
		sp := keptScratch.Load()
		if sp == nil || len(sp.tail) == 0 {
			t.Fatalf("picture %d: no scratch kept after it", i)
		}
		// The tallest tail is the fourth picture's: from then on the
		// tail's room is enough for every picture here.
		if i >= 3 {
			if tail0 == nil {
				tail0 = &sp.tail[0]
			} else if &sp.tail[0] != tail0 {
				t.Errorf("picture %d: the scratch's tail was made anew for another layout", i)
			}
		}
	}
}

// forgetScratches drops the kept scratch and the pool's, so that a test
// starts from none.
func forgetScratches() {
	keptScratch.Store(nil)
	for scratchPixelsPool.Get() != nil {
	}
}
