package render_test

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"casefile/render"
)

var update = flag.Bool("update", false, "rewrite the golden images")

// sample draws one of everything the kit offers.
func sample() *render.Canvas {
	c := render.NewCanvas(420, 260)
	c.Text("Casefile kit", 12, 10, render.Bold, 22, render.Ink)
	c.Panel(10, 44, 180, 90, render.Paper, render.Grid)
	c.TextWrapped("Safe House, Notoriety and Noise in wrapped text", 18, 52, 160, render.Regular, 14, render.Ink)
	center := c.Track("Notoriety", 210, 70, 6, 30, func(i int) string { return string(rune('0' + i)) })
	x, y := center(2)
	c.Cube(x, y, 14, render.Alert)
	for i := 0; i < 4; i++ {
		c.Token(30+float64(i)*34, 170, 14, render.PlayerColor(i), string(rune('A'+i)))
	}
	for col := 0; col < 3; col++ {
		for row := 0; row < 2; row++ {
			hx, hy := render.HexCenter(col, row, 18, 200, 120)
			c.Hex(hx, hy, 18, false, render.Water, render.Ink)
		}
	}
	c.Legend(300, 120, 14, []render.LegendItem{{Color: render.Alert, Label: "Alert"}, {Color: render.Good, Label: "Safe", Round: true}})
	c.Text("mono 123", 12, 220, render.Mono, 16, render.Faint)
	return c
}

func TestKitGolden(t *testing.T) {
	data, err := render.PNG(sample().Image())
	if err != nil {
		t.Fatal(err)
	}
	again, _ := render.PNG(sample().Image())
	if !bytes.Equal(data, again) {
		t.Fatal("the same drawing gave different bytes")
	}
	golden := filepath.Join("testdata", "kit.png")
	if *update {
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	if n, at, err := render.PNGPixelDiff(want, data); err != nil || n > 0 {
		t.Logf("%d pixels differ, the first at %v (%v)", n, at, err)
		os.WriteFile(filepath.Join(t.TempDir(), "kit.png"), data, 0o644)
		t.Fatal("the kit's drawing changed; if intended, run go test ./render -update and look at testdata/kit.png")
	}
}

func TestContrastPicksReadableInk(t *testing.T) {
	if render.Contrast(render.Paper) != render.Ink {
		t.Error("dark ink expected on paper")
	}
	if render.Contrast(render.Ink) == render.Ink {
		t.Error("light ink expected on dark")
	}
}

// TestPixelDiff: the same pixels in another form are equal; one changed
// pixel is found.
func TestPixelDiff(t *testing.T) {
	img := sample().Image().(*image.RGBA)
	var a, b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&a, img); err != nil {
		t.Fatal(err)
	}
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if n, _, err := render.PNGPixelDiff(a.Bytes(), b.Bytes()); err != nil || n != 0 {
		t.Fatalf("two compressions of one picture differ in %d pixels (%v)", n, err)
	}
	img.Set(7, 9, color.RGBA{1, 2, 3, 255})
	b.Reset()
	png.Encode(&b, img)
	if n, at, err := render.PNGPixelDiff(a.Bytes(), b.Bytes()); err != nil || n != 1 || at != image.Pt(7, 9) {
		t.Fatalf("one changed pixel: got %d at %v (%v)", n, at, err)
	}
}

// TestFastFillsMatchGG: FillRect, FillRoundedRect and FillHex, which paint
// a shape's inside straight into the pixels and leave only its edge to
// gg, give exactly the pixels of gg's own Fill of the same path, over
// something already drawn, at fractional positions, cut by the canvas's
// edge, and in a translucent colour (which goes to gg whole).
func TestFastFillsMatchGG(t *testing.T) {
	type shape struct {
		name string
		fast func(c *render.Canvas, col color.Color)
		path func(c *render.Canvas)
	}
	var shapes []shape
	for _, p := range [][2]float64{{20, 30}, {20.3, 30.7}, {-15.25, 41.5}, {171.9, -8.125}} {
		x, y := p[0], p[1]
		shapes = append(shapes,
			shape{"rect", func(c *render.Canvas, col color.Color) { c.FillRect(x, y, 93.6, 57.2, col) },
				func(c *render.Canvas) { c.DrawRectangle(x, y, 93.6, 57.2) }},
			shape{"rounded", func(c *render.Canvas, col color.Color) { c.FillRoundedRect(x, y, 81.4, 44.9, 7, col) },
				func(c *render.Canvas) { c.DrawRoundedRectangle(x, y, 81.4, 44.9, 7) }},
		)
		for _, pointy := range []bool{true, false} {
			shapes = append(shapes, shape{"hex", func(c *render.Canvas, col color.Color) { c.FillHex(x+40, y+40, 47.3, pointy, col) },
				func(c *render.Canvas) { c.HexPath(x+40, y+40, 47.3, pointy) }})
		}
	}
	under := func(c *render.Canvas) {
		// Something to blend over: stripes of two colours.
		for i := 0; i < 8; i++ {
			c.FillRect(float64(i*26)+0.5, 0, 13, 140, render.PlayerColor(i))
		}
	}
	for i, s := range shapes {
		for _, col := range []color.Color{render.Water, color.RGBA{0x80, 0x10, 0x10, 0x80}} {
			fast, slow := render.NewCanvas(200, 140), render.NewCanvas(200, 140)
			under(fast)
			under(slow)
			s.fast(fast, col)
			s.path(slow)
			slow.SetColor(col)
			slow.Fill()
			if n, at := render.PixelDiff(fast.Image(), slow.Image()); n > 0 {
				t.Errorf("shape %d (%s) in %v: %d pixels differ from gg's Fill, the first at %v", i, s.name, col, n, at)
			}
			fast.Release()
			slow.Release()
		}
	}
}

// BenchmarkFillHex times filling a heist-sized hexagon (pointy, r 72)
// through FillHex and through gg's Fill of the same path.
func BenchmarkFillHex(b *testing.B) {
	c := render.NewCanvas(200, 200)
	defer c.Release()
	b.Run("FillHex", func(b *testing.B) {
		for b.Loop() {
			c.FillHex(100.3, 99.6, 72, true, render.Paper)
		}
	})
	b.Run("gg", func(b *testing.B) {
		for b.Loop() {
			c.HexPath(100.3, 99.6, 72, true)
			c.SetColor(render.Paper)
			c.Fill()
		}
	})
}
