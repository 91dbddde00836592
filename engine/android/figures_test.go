package android

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"casefile/engine"
)

// windowCount counts the dark-card windows a move's result closed (each
// closes with a dark card played or with none) and the dark cards played.
func windowCount(res engine.Result) (windows, played int) {
	for _, l := range res.Public {
		if strings.Contains(l, "'s dark card ") {
			windows++
			played++
		} else if l == "No dark card is played." {
			windows++
		}
	}
	return windows, played
}

// pct is the p-th percentile (0–100) of sorted xs.
func pct(xs []int, p int) int {
	if len(xs) == 0 {
		return 0
	}
	return xs[min(len(xs)*p/100, len(xs)-1)]
}

// windowCost words the wall-clock cost of w windows per game if each
// waited out the default 30-minute window (a silent seat).
func windowCost(w int) string {
	return fmt.Sprintf("%.1f h", float64(w)*0.5)
}

// TestRandomGamesFigure plays AN_RANDOM_GAMES seeded random games (default
// 10, 2 in -short runs) per player count 3–5 and per murder sheet, each
// checked by playRandom (conservation at every step, legal defaults,
// never a panic) and replayed from seed and log to the same bytes, and
// logs the figures the issue asks for: how often each suspect ends
// guilty, how often nobody does, the spread of final VP, evidence placed,
// the dark-card windows per game (median, p90) and what they would cost
// at the default 30-minute window, and the time a game takes here.
// CONTENT.md §5 gives a 1,000-game run:
//
//	AN_RANDOM_GAMES=1000 go test ./engine/android/ -count=1 -run TestRandomGamesFigure -v
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
			var vps, windows []int
			evidence, played := 0, 0
			start := time.Now()
			for g := 0; g < games; g++ {
				su := engine.Setup{Players: n, Seed: uint64(n*1_000_000 + m*100_000 + g), Options: map[string]string{"murder": fmt.Sprint(m)}}
				w := 0
				s, log := playRandom(t, su, func(res engine.Result) {
					a, b := windowCount(res)
					w += a
					played += b
				})
				windows = append(windows, w)
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
			slices.Sort(windows)
			var parts []string
			for _, id := range Murders[m-1].Order {
				parts = append(parts, fmt.Sprintf("%s %d", Suspects[id].Name, guilty[Suspects[id].Name]))
			}
			parts = append(parts, fmt.Sprintf("nobody %d", guilty["nobody"]))
			t.Logf("players=%d murder=%d, %d random games (%.1f ms each with the checks): guilty %s; VP min %d p10 %d median %d p90 %d max %d; evidence placed %.1f per game; dark-card windows per game median %d p90 %d (at 30 min each: %s, %s), %.1f dark cards played",
				n, m, games, float64(time.Since(start).Microseconds())/1000/float64(games), strings.Join(parts, ", "),
				vps[0], pct(vps, 10), pct(vps, 50), pct(vps, 90), vps[len(vps)-1], float64(evidence)/float64(games),
				pct(windows, 50), pct(windows, 90), windowCost(pct(windows, 50)), windowCost(pct(windows, 90)), float64(played)/float64(games))
		}
	}
}

// TestBotFigures plays AN_BOT_GAMES bot games (default 2, 1 in -short
// runs) per player count 3–5 and murder sheet and logs the figures of
// play that resembles people's: the dark-card windows per game (median,
// p90) and their cost at the default 30-minute window, the dark cards
// played, the spread of final VP and how often each suspect ends guilty.
//
//	AN_BOT_GAMES=20 go test ./engine/android/ -count=1 -run TestBotFigures -v
func TestBotFigures(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	if n, err := strconv.Atoi(os.Getenv("AN_BOT_GAMES")); err == nil && n > 0 {
		games = n
	}
	for n := 3; n <= 5; n++ {
		guilty := map[string]int{}
		var vps, windows, plays []int
		for m := 1; m <= 3; m++ {
			for g := 0; g < games; g++ {
				su := engine.Setup{Players: n, Seed: uint64(n*90_000 + m*1000 + g), Options: map[string]string{"murder": fmt.Sprint(m)}}
				st, err := Game().New(su)
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				r := engine.NewRand(su.Seed + 99)
				w, p := 0, 0
				for i := 0; s.Outcome() == nil; i++ {
					if i > 8000 {
						t.Fatalf("%+v: no end", su)
					}
					seat := s.Turn().Seats[0]
					legal := s.Legal(seat)
					res, err := s.Apply(seat, Game().Bot(s.View(seat), legal, r))
					if err != nil {
						t.Fatal(err)
					}
					a, b := windowCount(res)
					w += a
					p += b
				}
				windows = append(windows, w)
				plays = append(plays, p)
				vps = append(vps, s.Close.Scores...)
				if s.Close.Murderer < 0 {
					guilty["nobody"]++
				} else {
					guilty[Suspects[s.Close.Murderer].Name]++
				}
			}
		}
		slices.Sort(vps)
		slices.Sort(windows)
		slices.Sort(plays)
		var parts []string
		for _, sus := range Suspects {
			parts = append(parts, fmt.Sprintf("%s %d", sus.Name, guilty[sus.Name]))
		}
		t.Logf("players=%d, %d bot games: dark-card windows per game median %d p90 %d (at 30 min each: %s, %s), dark cards played median %d; VP min %d p10 %d median %d p90 %d max %d; guilty %s, nobody %d",
			n, 3*games, pct(windows, 50), pct(windows, 90), windowCost(pct(windows, 50)), windowCost(pct(windows, 90)), pct(plays, 50),
			vps[0], pct(vps, 10), pct(vps, 50), pct(vps, 90), vps[len(vps)-1], strings.Join(parts, ", "), guilty["nobody"])
	}
}
