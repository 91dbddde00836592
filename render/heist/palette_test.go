package heist

import (
	"flag"
	"sort"
	"testing"

	"casefile/engine"
	"casefile/render/rendertest"
)

var regenPalette = flag.Bool("palette", false, "rewrite palette_data.go from the representative boards")

// representativeScenes are the boards the fixed palette is chosen from:
// the goldens' scenes and boards of the rules engine along heists of
// three scenarios (issue 16).
func representativeScenes(t testing.TB) []MapScene {
	gs := goldenScenes(t)
	var names []string
	for n := range gs {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []MapScene
	for _, n := range names {
		out = append(out, gs[n])
	}
	for _, r := range []struct {
		slug          string
		players, move int
	}{{"the-inclusion-job", 4, 120}, {"the-black-box", 3, 200}, {"county-the-river", 3, 60}} {
		sc, err := SceneFromView(playSome(t, r.slug, r.players, r.move).View(engine.Public))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sc)
	}
	return out
}

// choosePalette draws the representative boards whole and takes the
// palette rendertest.PaletteOf chooses from them.
func choosePalette(t testing.TB) []uint32 {
	var boards []rendertest.WholeBoard
	for _, s := range representativeScenes(t) {
		boards = append(boards, func() (*canvas, int, error) {
			c, h := drawBoard(s)
			return c, h, nil
		})
	}
	return rendertest.PaletteOfBoards(t, boards, canvasW, baseColours())
}

// TestBoardPalette: the board's fixed palette (palette_data.go) is the one
// choosePalette gives today, so it follows the drawing, and every base
// colour maps to itself; -palette rewrites it (then run -update for the
// goldens, which it changes).
func TestBoardPalette(t *testing.T) {
	rendertest.CheckPalette(t, "heist", choosePalette(t), paletteKeys[:], boardPalette, baseColours(), *regenPalette)
}
