package android

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"casefile/engine"
)

// TestRandomGamesFigure plays AN_RANDOM_GAMES seeded random games (default
// 10, 2 in -short runs) per player count 3–5 and per murder sheet, each
// checked by playRandom (conservation at every step, legal defaults) and
// replayed from seed and log, and logs the design figures the issue asks
// for as far as this slice has them: how often each suspect ends guilty,
// how often nobody does, the spread of final VP, evidence placed per game.
// CONTENT.md §5 gives a 1,000-game run:
// AN_RANDOM_GAMES=1000 go test -count=1 -run TestRandomGamesFigure -v ./engine/android/
func TestRandomGamesFigure(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 2
	}
	if n, err := strconv.Atoi(os.Getenv("AN_RANDOM_GAMES")); err == nil && n > 0 {
		games = n
	}
	for n := 3; n <= 5; n++ {
		for m := 1; m <= 3; m++ {
			guilty := map[string]int{}
			var vps []int
			evidence := 0
			for g := 0; g < games; g++ {
				su := engine.Setup{Players: n, Seed: uint64(n*1_000_000 + m*100_000 + g), Options: map[string]string{"murder": fmt.Sprint(m)}}
				s, log := playRandom(t, su)
				again, err := engine.Replay(Game(), su, log)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := s.Marshal()
				b, _ := again.Marshal()
				if string(a) != string(b) {
					t.Fatalf("%+v: replay differs", su)
				}
				if s.Close.Murderer < 0 {
					guilty["nobody"]++
				} else {
					guilty[Suspects[s.Close.Murderer].Name]++
				}
				vps = append(vps, s.Close.Scores...)
				evidence += len(EvidencePool) - len(s.EvidencePile)
			}
			slices.Sort(vps)
			var parts []string
			for _, id := range Murders[m-1].Order[:n+1] {
				parts = append(parts, fmt.Sprintf("%s %d", Suspects[id].Name, guilty[Suspects[id].Name]))
			}
			parts = append(parts, fmt.Sprintf("nobody %d", guilty["nobody"]))
			t.Logf("players=%d murder=%d, %d games: guilty %s; VP min %d median %d p90 %d max %d; evidence placed %.1f per game",
				n, m, games, strings.Join(parts, ", "), vps[0], vps[len(vps)/2], vps[len(vps)*9/10], vps[len(vps)-1], float64(evidence)/float64(games))
		}
	}
}
