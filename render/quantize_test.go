package render

import (
	"image"
	"image/color"
	"testing"
)

// TestQuantizeKeepsBaseColours paints a ramp of 400 colours, like
// anti-aliased edges, and one rare base colour: the rare one must come out
// exact, the ramp near.
func TestQuantizeKeepsBaseColours(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 400, 50))
	for x := 0; x < 400; x++ {
		for y := 0; y < 50; y++ {
			src.Set(x, y, color.RGBA{uint8(x * 255 / 399), uint8(x * 200 / 399), 90, 0xff})
		}
	}
	rare := color.RGBA{0x8a, 0x2b, 0xe2, 0xff}
	src.Set(7, 7, rare)
	out := Quantize(src, []color.RGBA{rare})
	if len(out.Palette) > 256 {
		t.Fatalf("palette of %d", len(out.Palette))
	}
	if got := color.RGBAModel.Convert(out.At(7, 7)); got != rare {
		t.Errorf("rare base colour came out %v", got)
	}
	for x := 0; x < 400; x += 37 {
		want := src.RGBAAt(x, 20)
		got := color.RGBAModel.Convert(out.At(x, 20)).(color.RGBA)
		if d := absDiff(want.R, got.R) + absDiff(want.G, got.G) + absDiff(want.B, got.B); d > 6 {
			t.Errorf("pixel %d: %v became %v", x, want, got)
		}
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
