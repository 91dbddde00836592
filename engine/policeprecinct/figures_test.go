package policeprecinct

import (
	"os"
	"strconv"
	"testing"
	"time"

	"casefile/engine"
)

// TestRandomGamesFigure is issue 17's figure: PP_RANDOM_GAMES seeded
// random games per player count 1–6 co-operative, and per Dirty-Cop table
// (3–6 players, traitors=1|maybe; 2|maybe2 at 6). Every game must end,
// conserve every component at every step (playRandomSetup) and replay
// from seed and log to the same Marshal'd state. 2 games per table by
// default (1 in -short runs) so that the suite stays fast; CONTENT.md §4
// gives the 2,000-game run:
// PP_RANDOM_GAMES=2000 go test -count=1 -run TestRandomGamesFigure -v -timeout 2h ./engine/policeprecinct/
func TestRandomGamesFigure(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	if n, err := strconv.Atoi(os.Getenv("PP_RANDOM_GAMES")); err == nil && n > 0 {
		games = n
	}
	type table struct {
		name string
		su   func(g int) engine.Setup
	}
	var tables []table
	for n := 1; n <= 6; n++ {
		tables = append(tables, table{"players=" + strconv.Itoa(n) + " co-operative", func(g int) engine.Setup {
			return engine.Setup{Players: n, Seed: uint64(n*1_000_000 + g)}
		}})
	}
	for _, tc := range dirtyTables() {
		tables = append(tables, table{tc.name(), func(g int) engine.Setup {
			return dirtySetup(tc.n, uint64(tc.n*1_000_000+len(tc.mode)*100_000+50_000+g), tc.mode, "")
		}})
	}
	for _, tb := range tables {
		start := time.Now()
		won, lost := 0, 0
		for g := 0; g < games; g++ {
			su := tb.su(g)
			s, log := playRandomSetup(t, su)
			if s.Outcome() == nil {
				t.Fatalf("%s seed=%d: the game did not end (%s)", tb.name, su.Seed, s.Stopped)
			}
			if s.Won {
				won++
			} else {
				lost++
			}
			replayEqual(t, su, s, log)
		}
		t.Logf("%s: %d games ended, conserved and replayed (cops won %d, lost %d) in %v", tb.name, games, won, lost, time.Since(start).Round(time.Millisecond))
	}
}
