package heist

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite the golden replays in testdata/golden")

// goldenChooser plays random legal moves, leaning away from moves that
// undo each other or end the heist at once, so recorded heists go deep
// enough to reach Events, Crises and the Escape. It reads only Turn and
// Legal, so it chooses the same under any internal reorganisation.
func goldenChooser(s engine.State, r *engine.Rand) (engine.Seat, string, bool) {
	return chooseLeaning(s, r, 12)
}

// deepChooser ends a heist early even more rarely, so that recorded
// heists reach late rounds, Crises and the team's Choices.
func deepChooser(s engine.State, r *engine.Rand) (engine.Seat, string, bool) {
	return chooseLeaning(s, r, 400)
}

func chooseLeaning(s engine.State, r *engine.Rand, escapeOdds int) (engine.Seat, string, bool) {
	t := s.Turn()
	if len(t.Seats) == 0 {
		return engine.NoSeat, "", false
	}
	seat := t.Seats[r.Intn(len(t.Seats))]
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return seat, "", false
	}
	for tries := 0; tries < 6; tries++ {
		m := legal[r.Intn(len(legal))]
		if strings.HasPrefix(m, "unplan") || m == "rebuild" || strings.HasPrefix(m, "drop") ||
			strings.HasPrefix(m, "replan") || m == "escape now" && r.Intn(escapeOdds) > 0 || strings.HasPrefix(m, "give up") && r.Intn(4) > 0 {
			continue
		}
		return seat, m, true
	}
	return seat, legal[r.Intn(len(legal))], true
}

// goldenCases are seeded games of every scenario with 3 and 4 characters,
// recorded before the rules code was reorganised.
func goldenCases() []enginetest.GoldenCase {
	var cs []enginetest.GoldenCase
	for i, sc := range Game().Options[1].Values {
		for _, n := range []int{3, 4} {
			seed := uint64(100 + i*10 + n)
			cs = append(cs, enginetest.GoldenCase{
				Name:     fmt.Sprintf("%s-%d", sc, n),
				Setup:    engine.Setup{Players: n, Seed: seed, Options: map[string]string{"scenario": sc}},
				MoveSeed: seed * 7,
				MaxMoves: 6000,
			})
		}
	}
	return cs
}

// TestGoldenReplays replays recorded heists: every public line, private
// note, turn, legal-move list and view must come out byte for byte as
// recorded.
func TestGoldenReplays(t *testing.T) {
	for _, p := range enginetest.CheckGolden(Game(), "testdata/golden", goldenCases(), goldenChooser, *updateGolden) {
		t.Error(p)
	}
	var deep []enginetest.GoldenCase
	for _, c := range goldenCases() {
		if c.Setup.Players == 3 {
			c.Name += "-deep"
			c.Setup.Seed += 5000
			deep = append(deep, c)
		}
	}
	for _, p := range enginetest.CheckGolden(Game(), "testdata/golden", deep, deepChooser, *updateGolden) {
		t.Error(p)
	}
}
