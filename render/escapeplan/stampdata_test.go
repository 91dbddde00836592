package escapeplan

import (
	"flag"
	"testing"

	ep "casefile/engine/escapeplan"
	"casefile/render/rendertest"
)

var regenStamps = flag.Bool("stamps", false, "rewrite stamps_data.bin from the stamps the boards draw today")

// stampBoards draws the boards whose stamps the package keeps as data:
// the phase boards of two seeded games of every player count, random legal moves.
func stampBoards(t testing.TB) {
	rendertest.DrawGameBoards(t, ep.Game(), Board, rendertest.Setups([]int{1, 2, 3, 4, 5}, []uint64{11, 12}, nil)...)
}

// TestEmbeddedStamps: the stamps and glyphs kept as data (stamps_data.bin,
// glyphs_data.bin) are byte for byte those the boards draw through gg and
// rasterise today, so the data cannot drift from the drawing; -stamps
// rewrites the files.
func TestEmbeddedStamps(t *testing.T) {
	rendertest.CheckStamps(t, "stamps_data.bin", stampsData, "glyphs_data.bin", glyphsData, boardPalette, forgetAll, func() { stampBoards(t) }, *regenStamps)
}
