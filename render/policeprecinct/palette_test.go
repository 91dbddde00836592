package policeprecinct

import (
	"flag"
	"image/color"
	"testing"

	"casefile/engine"
	pp "casefile/engine/policeprecinct"
	"casefile/render"
	"casefile/render/rendertest"
)

var regenPalette = flag.Bool("palette", false, "rewrite palette_data.go from the representative boards")

// paletteBase are the colours the board's palette keeps exact: those
// Flatten keeps, every seat's colour (a board may have fewer seats than
// another) and the green of Evidence found.
var paletteBase = append(append(append([]color.RGBA(nil), base...), render.PlayerColors...), render.Good)

// representative are the positions the board's palette is chosen from:
// the goldens' and three more along seeded games of other player counts.
func representative(t testing.TB) []*pp.State {
	var out []*pp.State
	for _, g := range goldens {
		out = append(out, position(t, g.players, g.seed, g.until))
	}
	for _, r := range []struct {
		players int
		moves   int
	}{{1, 300}, {3, 450}, {5, 150}} {
		out = append(out, position(t, r.players, uint64(40+r.players), afterMoves(r.moves)))
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
	rendertest.CheckPalette(t, "policeprecinct", choosePalette(t), paletteKeys[:], boardPalette, paletteBase, *regenPalette)
}
