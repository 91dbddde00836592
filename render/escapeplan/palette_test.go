package escapeplan

import (
	"flag"
	"image/color"
	"testing"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render"
	"casefile/render/rendertest"
)

var regenPalette = flag.Bool("palette", false, "rewrite palette_data.go from the representative boards")

// paletteBase are the colours the board's palette keeps exact: the
// board's fills, every seat's colour and the kit's colours, each once.
var paletteBase = func() []color.RGBA {
	all := []color.RGBA{render.Background, render.Paper, render.Ink, render.Faint, render.Alert, render.Good, render.Grid,
		landColours[ep.Downtown], landColours[ep.Uptown], landColours[ep.Industrial], landColours[ep.Water],
		sandraColour, closedColour, safeColour, hospitalColour, optionalColour, gangColour, white}
	all = append(all, officerColours...)
	for _, k := range []string{"green", "black", "brown", "grey", "gold"} {
		all = append(all, keyColours[k])
	}
	all = append(all, render.PlayerColors...)
	return rendertest.Distinct(all)
}()

// representative are the positions the board's palette is chosen from:
// the goldens' and three more along seeded games of other player counts.
func representative(t testing.TB) []*ep.State {
	var out []*ep.State
	for _, g := range goldens {
		out = append(out, position(t, g.players, g.seed, g.moves))
	}
	for _, r := range []struct {
		players int
		moves   int
	}{{1, 150}, {2, 300}, {4, 250}} {
		out = append(out, position(t, r.players, uint64(40+r.players), r.moves))
	}
	return out
}

// choosePalette draws the representative boards whole and takes the
// palette rendertest.PaletteOf chooses from them.
func choosePalette(t testing.TB) []uint32 {
	var boards []rendertest.WholeBoard
	for _, s := range representative(t) {
		v := s.View(engine.Public)
		boards = append(boards, func() (*render.Canvas, int, error) { return board(v) })
	}
	return rendertest.PaletteOfBoards(t, boards, boardW, paletteBase)
}

// TestBoardPalette: the board's fixed palette (palette_data.go) is the one
// choosePalette gives today, so it follows the drawing, and every base
// colour maps to itself; -palette rewrites it (then run -update for the
// goldens, which it changes).
func TestBoardPalette(t *testing.T) {
	rendertest.CheckPalette(t, "escapeplan", choosePalette(t), paletteKeys[:], boardPalette, paletteBase, *regenPalette)
}
