package render

import (
	"bytes"
	"image"
	"image/color"
	"sort"
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

// TestQuantizeSameAsPixelByPixel: skipping rows equal to the one above
// gives the palette and pixels of reading every pixel (quantizeRef, the
// code before the skipping), on pictures with runs that cross rows, equal
// rows after a row with one pixel changed, and too many colours.
func TestQuantizeSameAsPixelByPixel(t *testing.T) {
	pics := map[string]*image.RGBA{}
	a := image.NewRGBA(image.Rect(0, 0, 60, 40))
	for y := 0; y < 40; y++ {
		for x := 0; x < 60; x++ {
			c := color.RGBA{uint8(y / 7 * 40), uint8(x / 13 * 50), 90, 0xff}
			if y%9 == 4 && x == 59 {
				c = color.RGBA{1, 2, 3, 0xff}
			}
			if y%11 == 3 && x == 0 {
				c.B = 91
			}
			a.SetRGBA(x, y, c)
		}
	}
	pics["blocks"] = a
	one := image.NewRGBA(image.Rect(0, 0, 1, 30))
	for y := 0; y < 30; y++ {
		one.SetRGBA(0, y, color.RGBA{uint8(y / 4), 0, 0, 0xff})
	}
	pics["one column"] = one
	many := image.NewRGBA(image.Rect(0, 0, 300, 300))
	for y := 0; y < 300; y++ {
		for x := 0; x < 300; x++ {
			many.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), uint8((x * y) >> 4), 0xff})
		}
	}
	pics["too many"] = many
	ramp := image.NewRGBA(image.Rect(0, 0, 400, 50))
	for x := 0; x < 400; x++ {
		for y := 0; y < 50; y++ {
			ramp.SetRGBA(x, y, color.RGBA{uint8(x * 255 / 399), uint8(x * 200 / 399), uint8(90 + y/10), 0xff})
		}
	}
	pics["ramp"] = ramp
	base := []color.RGBA{{0x8a, 0x2b, 0xe2, 0xff}, Background}
	for name, src := range pics {
		got, want := Quantize(src, base), quantizeRef(src, base)
		if (got == nil) != (want == nil) {
			t.Fatalf("%s: got %v, want %v", name, got == nil, want == nil)
		}
		if got == nil {
			continue
		}
		if len(got.Palette) != len(want.Palette) {
			t.Fatalf("%s: palette of %d, want %d", name, len(got.Palette), len(want.Palette))
		}
		for i := range got.Palette {
			if got.Palette[i] != want.Palette[i] {
				t.Fatalf("%s: palette entry %d is %v, want %v", name, i, got.Palette[i], want.Palette[i])
			}
		}
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("%s: the pixels differ", name)
		}
	}
}

// quantizeRef is Quantize as it was before it skipped equal rows.
func quantizeRef(src *image.RGBA, base []color.RGBA) *image.Paletted {
	key := func(i int) uint32 {
		return uint32(src.Pix[i])<<16 | uint32(src.Pix[i+1])<<8 | uint32(src.Pix[i+2])
	}
	// A map lookup per run of pixels cost more than the rest together, so
	// colours live in a small open-addressing table.
	tab := new(colourTable)
	prev := uint32(1 << 31)
	for i := 0; i < len(src.Pix); i += 4 {
		if k := key(i); k != prev {
			c := tab.slot(k)
			if c < 0 {
				return nil
			}
			tab.cells[c].n++
			prev = k
		}
	}
	var pal []uint32
	inPal := map[uint32]bool{}
	for _, c := range base {
		k := uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B)
		if !inPal[k] && len(pal) < 256 {
			inPal[k] = true
			pal = append(pal, k)
		}
	}
	type entry struct {
		k uint32
		n int
	}
	rest := make([]entry, 0, tab.used)
	for i := range tab.cells {
		if e := tab.cells[i]; e.n > 0 && !inPal[e.k] {
			rest = append(rest, entry{e.k, int(e.n)})
		}
	}
	sort.Slice(rest, func(i, j int) bool {
		if rest[i].n != rest[j].n {
			return rest[i].n > rest[j].n
		}
		return rest[i].k < rest[j].k
	})
	// Most slots go to the commonest colours; the last ones go, one at a
	// time, to the colour worst served so far (distance to its nearest
	// entry times its count), so that a long ramp of rare colours is not
	// all folded onto one end.
	common := max(0, min(len(rest), 256-len(pal)-farthest))
	for _, e := range rest[:common] {
		pal = append(pal, e.k)
	}
	tail := rest[common:]
	best := make([]int, len(tail))
	near := make([]int, len(tail))
	for i, e := range tail {
		best[i] = 1 << 30
		for j, p := range pal {
			if d := dist(e.k, p); d < best[i] {
				best[i], near[i] = d, j
			}
		}
	}
	for len(pal) < 256 {
		pick, score := -1, 0
		for i, e := range tail {
			if s := best[i] * e.n; s > score {
				pick, score = i, s
			}
		}
		if pick < 0 {
			break
		}
		k := tail[pick].k
		pal = append(pal, k)
		for i, e := range tail {
			if d := dist(e.k, k); d < best[i] {
				best[i], near[i] = d, len(pal)-1
			}
		}
	}
	for i := range tab.cells {
		tab.cells[i].idx = -1
	}
	for i, k := range pal {
		if e := tab.index(k); e >= 0 {
			tab.cells[e].idx = int32(i)
		}
	}
	for i, e := range tail {
		if c := tab.index(e.k); c >= 0 && tab.cells[c].idx < 0 {
			tab.cells[c].idx = int32(near[i])
		}
	}
	cp := make(color.Palette, len(pal))
	for i, k := range pal {
		cp[i] = color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff}
	}
	dst := image.NewPaletted(src.Bounds(), cp)
	prev = 1 << 31
	var pi uint8
	for i, j := 0, 0; i < len(src.Pix); i, j = i+4, j+1 {
		if k := key(i); k != prev {
			pi, prev = uint8(tab.cells[tab.index(k)].idx), k
		}
		dst.Pix[j] = pi
	}
	return dst
}
