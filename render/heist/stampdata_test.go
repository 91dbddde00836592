package heist

import (
	"flag"
	"testing"

	"casefile/engine"
	rules "casefile/engine/heist"
	"casefile/engine/heist/content"
	"casefile/render/rendertest"
)

var regenStamps = flag.Bool("stamps", false, "rewrite stamps_data.bin from the stamps the boards draw today")

// stampBoards draws the boards whose stamps the package keeps as data:
// the phase boards of a seeded game of every scenario with 3 and with 4
// characters (random legal moves), so every tile's look, piece, pawn and
// card a heist shows is met.
func stampBoards(t testing.TB) {
	c, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	var setups []engine.Setup
	for _, slug := range c.ScenarioSlugs() {
		setups = append(setups, rendertest.Setups([]int{3, 4}, stampSeeds, map[string]string{"scenario": slug})...)
	}
	rendertest.DrawGameBoards(t, rules.Game(), Board, setups...)
}

// TestEmbeddedStamps: the stamps and glyphs kept as data (stamps_data.bin,
// glyphs_data.bin) are byte for byte those the boards draw through gg and
// rasterise today, so the data cannot drift from the drawing; -stamps
// rewrites the files.
func TestEmbeddedStamps(t *testing.T) {
	rendertest.CheckStamps(t, "stamps_data.bin", stampsData, "glyphs_data.bin", glyphsData, boardPalette, forgetAll, func() { stampBoards(t) }, *regenStamps)
}

var stampSeeds = []uint64{11, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}
