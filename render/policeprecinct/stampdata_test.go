package policeprecinct

import (
	"flag"
	"testing"

	pp "casefile/engine/policeprecinct"
	"casefile/render/rendertest"
)

var regenStamps = flag.Bool("stamps", false, "rewrite stamps_data.bin from the stamps the boards draw today")

// stampBoards draws the boards whose stamps the package keeps as data:
// the phase boards of two seeded games of every player count, and with the Dirty Cop, random legal moves.
func stampBoards(t testing.TB) {
	setups := rendertest.Setups([]int{1, 2, 3, 4, 5, 6}, []uint64{11, 12}, nil)
	setups = append(setups, rendertest.Setups([]int{3, 4, 5, 6}, []uint64{11, 12}, map[string]string{"variant": "dirty-cop"})...)
	rendertest.DrawGameBoards(t, pp.Game(), Board, setups...)
}

// TestEmbeddedStamps: the stamps and glyphs kept as data (stamps_data.bin,
// glyphs_data.bin) are byte for byte those the boards draw through gg and
// rasterise today, so the data cannot drift from the drawing; -stamps
// rewrites the files.
func TestEmbeddedStamps(t *testing.T) {
	rendertest.CheckStamps(t, "stamps_data.bin", stampsData, "glyphs_data.bin", glyphsData, boardPalette, forgetAll, func() { stampBoards(t) }, *regenStamps)
}
