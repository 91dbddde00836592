package render

import (
	"bytes"
	"testing"
)

// TestReusedCanvasIsBackground: a canvas made from given-back pixels,
// narrower, wider, shorter or taller than the one that drew on them, is
// all background, whatever that one drew where.
func TestReusedCanvasIsBackground(t *testing.T) {
	sizes := [][2]int{{600, 600}, {500, 700}, {700, 400}, {600, 600}, {520, 900}, {600, 500}}
	for i, sz := range sizes {
		c := NewCanvas(sz[0], sz[1])
		pix := c.dst.Pix
		for j := 0; j < len(pix); j += 4 {
			if !bytes.Equal(pix[j:j+4], backgroundRun[:4]) {
				t.Fatalf("canvas %d (%d×%d): pixel %d is %v, not the background", i, sz[0], sz[1], j/4, pix[j:j+4])
			}
		}
		// Draw near the top, or over it all, or at the very bottom.
		switch i % 3 {
		case 0:
			c.Token(40, 40, 20, Alert, "A")
		case 1:
			c.DrawRectangle(0, 0, float64(sz[0]), float64(sz[1]))
			c.SetColor(Ink)
			c.Fill()
		case 2:
			c.Cube(float64(sz[0])-3, float64(sz[1])-1, 6, Good)
		}
		c.Release()
	}
}

func TestCleanFrom(t *testing.T) {
	pix := make([]byte, 3*len(backgroundRun)+400)
	paintBackground(pix)
	if got := cleanFrom(pix); got != 0 {
		t.Fatalf("all background: clean from %d", got)
	}
	for _, at := range []int{0, 4, len(backgroundRun) - 4, len(backgroundRun), len(pix) - 4} {
		paintBackground(pix)
		pix[at+1] ^= 1
		if got := cleanFrom(pix); got != at+4 {
			t.Errorf("pixel at %d changed: clean from %d, want %d", at, got, at+4)
		}
	}
}
