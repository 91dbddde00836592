package heist

import (
	"flag"
	"testing"

	"casefile/engine"
	rules "casefile/engine/heist"
	"casefile/engine/heist/content"
	"casefile/render"
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

// stampSeeds are the seeds of the games stampBoards plays: enough for
// most crews' pawns (a pawn is keyed by seat, character, state, size and
// tile ground). Seed 7, the benchmarks' and TestFirstBoardStampsFromData's
// game, is left out, so that those show a game the data did not see.
var stampSeeds = []uint64{11, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}

// TestFirstBoardStampsFromData: the first board of a process for a heist
// the data's games did not play (seed 7) decodes nearly all its shapes
// from the data: its planning tokens are stamped one by one, keyed by
// seat, and the pawns of 23 seeded games a scenario and crew size are
// kept. It drew 11 shapes through gg when the tokens were strips and the
// data one game's; 4 now: the two pawns of a seat and character the games
// never dealt together, and two tokens whose fraction of a pixel differs
// from the data's in the last bits of a float (the key holds it exactly).
func TestFirstBoardStampsFromData(t *testing.T) {
	v := playSome(t, "the-inclusion-job", 4, 120).View(engine.Public)
	forgetAll()
	defer forgetAll()
	before := render.StampsDrawn()
	if _, err := Board(v); err != nil {
		t.Fatal(err)
	}
	if n := render.StampsDrawn() - before; n > 4 {
		t.Errorf("the first board drew %d stamps through gg, want at most 4 (the rest from stamps_data.bin)", n)
	}
}
