package escapeplan

import (
	"flag"
	"fmt"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite the golden replays in testdata/golden")

// goldenCases are seeded random games of every player count, recorded
// before the rules code was reorganised; the code must keep reproducing
// them move for move.
func goldenCases() []enginetest.GoldenCase {
	var cs []enginetest.GoldenCase
	for n := 1; n <= 5; n++ {
		for _, seed := range []uint64{3, 11} {
			cs = append(cs, enginetest.GoldenCase{
				Name:     fmt.Sprintf("%dp-seed%d", n, seed),
				Setup:    engine.Setup{Players: n, Seed: seed},
				MoveSeed: seed*31 + uint64(n),
				MaxMoves: 20000,
			})
		}
	}
	return cs
}

// TestGoldenReplays replays recorded games: every public line, private
// note, turn, legal-move list and view must come out byte for byte as
// recorded. Record anew only for a deliberate change of behaviour.
func TestGoldenReplays(t *testing.T) {
	for _, p := range enginetest.CheckGolden(Game(), "testdata/golden", goldenCases(), engine.RandomMove, *updateGolden) {
		t.Error(p)
	}
}
