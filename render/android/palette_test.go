package android

import (
	"flag"
	"image"
	"image/color"
	"testing"

	"casefile/engine"
	an "casefile/engine/android"
	"casefile/render"
	"casefile/render/rendertest"
)

var regenPalette = flag.Bool("palette", false, "rewrite palette_data.go from the representative boards")

// paletteBase are the colours the board's palette keeps exact: those
// Flatten keeps (every seat's colour among them), each once.
var paletteBase = func() []color.RGBA {
	var out []color.RGBA
	seen := map[color.RGBA]bool{}
	for _, c := range base {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}()

// representative are the positions the board's palette is chosen from:
// the goldens' and three more along seeded games of other player counts.
func representative(t testing.TB) []*an.State {
	var out []*an.State
	for _, g := range goldens {
		out = append(out, position(t, g.players, g.seed, g.moves))
	}
	for _, r := range []struct {
		players int
		moves   int
	}{{3, 300}, {4, 80}, {5, 500}} {
		out = append(out, position(t, r.players, uint64(40+r.players), r.moves))
	}
	return out
}

// choosePalette draws the representative boards whole and takes the
// palette rendertest.PaletteOf chooses from them.
func choosePalette(t testing.TB) []uint32 {
	var tops []*image.RGBA
	var cans []*render.Canvas
	for _, s := range representative(t) {
		c, h, err := board(s.View(engine.Public))
		if err != nil {
			t.Fatal(err)
		}
		img := c.Image().(*image.RGBA)
		tops = append(tops, img.SubImage(image.Rect(0, 0, boardW, h)).(*image.RGBA))
		cans = append(cans, c)
	}
	keys := rendertest.PaletteOf(t, tops, paletteBase)
	for _, c := range cans {
		c.Release()
	}
	return keys
}

// TestBoardPalette: the board's fixed palette (palette_data.go) is the one
// choosePalette gives today, so it follows the drawing, and every base
// colour maps to itself; -palette rewrites it (then run -update for the
// goldens, which it changes).
func TestBoardPalette(t *testing.T) {
	rendertest.CheckPalette(t, "android", choosePalette(t), paletteKeys[:], boardPalette, paletteBase, *regenPalette)
}
