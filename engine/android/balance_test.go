package android

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"casefile/engine"
)

// combinations lists every way to choose k of 0…n-1, in lexicographic
// order.
func combinations(n, k int) [][]int {
	var out [][]int
	var walk func(start int, cur []int)
	walk = func(start int, cur []int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < n; i++ {
			walk(i+1, append(cur, i))
		}
	}
	walk(0, nil)
	return out
}

// balanceDeal is the detectives of game g of a table of n: the
// combinations of n detectives taken in turn, so that over a multiple of
// their count every detective sits equally often, each rotated by one
// more seat every time the combinations come round, so that no detective
// keeps the same seat (and the same left neighbour's dark cards).
func balanceDeal(n, g int) []int {
	combos := combinations(len(Detectives), n)
	c := combos[g%len(combos)]
	rot := (g / len(combos)) % n
	out := make([]int, n)
	for i := range out {
		out[i] = c[(i+rot)%n]
	}
	return out
}

// playBalanceGame plays one bot game whose seats hold dets, drafted
// through the ordinary detective draft (detectives=choose) so that the
// deal goes through the rules' own path.
func playBalanceGame(t *testing.T, su engine.Setup, dets []int) *State {
	t.Helper()
	st, err := Game().New(su)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(su.Seed + 99)
	for i := 0; s.Outcome() == nil; i++ {
		if i > 8000 {
			t.Fatalf("%+v: no end", su)
		}
		seat := s.Turn().Seats[0]
		var m string
		if top := s.Pending.Top(); top != nil && top.Kind == PickDetective {
			m = "take " + Detectives[dets[seat]].Slug
		} else {
			m = Game().Bot(s.View(seat), s.Legal(seat), r)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("%+v: %q: %v", su, m, err)
		}
	}
	return s
}

// TestDetectiveBalance plays AN_BALANCE_GAMES bot games per player count
// 3–5 (skipped when unset) with the detectives dealt by balanceDeal, so
// each detective sits equally often when the count is a multiple of 10
// (3 players: 10 combinations; 4 players: 5; 5 players: 1), murder sheets
// in turn and seeds fixed, and logs per detective and player count the
// games played, the wins (a victory shared by k seats counts 1/k to
// each), the win share (wins per game played) and the mean VP, then the
// ratio of the highest win share to the lowest. The issue wants no
// detective winning more than twice as often as another. The table is
// Markdown, ready for CONTENT.md:
//
//	AN_BALANCE_GAMES=100 go test ./engine/android/ -count=1 -run TestDetectiveBalance -v
func TestDetectiveBalance(t *testing.T) {
	games, err := strconv.Atoi(os.Getenv("AN_BALANCE_GAMES"))
	if err != nil || games <= 0 {
		t.Skip("set AN_BALANCE_GAMES to the games per player count (a multiple of 10 deals every detective equally often)")
	}
	type tally struct {
		games     int
		wins, vps float64
	}
	var lines []string
	lines = append(lines, "| players | detective | games | wins | win share | mean VP |", "|---|---|---|---|---|---|")
	all := make([]tally, len(Detectives))
	var ratios []string
	for n := 3; n <= 5; n++ {
		per := make([]tally, len(Detectives))
		for g := 0; g < games; g++ {
			dets := balanceDeal(n, g)
			su := engine.Setup{Players: n, Seed: uint64(n*70_000 + g),
				Options: map[string]string{"murder": fmt.Sprint(g%3 + 1), "detectives": "choose"}}
			s := playBalanceGame(t, su, dets)
			for seat, d := range s.Dets {
				if d.Detective != dets[seat] {
					t.Fatalf("%+v: seat %d holds %s, not %s", su, seat, d.Def().Slug, Detectives[dets[seat]].Slug)
				}
				per[d.Detective].games++
				per[d.Detective].vps += float64(s.Close.Scores[seat])
			}
			for _, w := range s.Close.Winners {
				per[s.Dets[w].Detective].wins += 1 / float64(len(s.Close.Winners))
			}
		}
		lo, hi := -1.0, 0.0
		for i, d := range Detectives {
			p := per[i]
			all[i].games += p.games
			all[i].wins += p.wins
			all[i].vps += p.vps
			if p.games == 0 {
				continue
			}
			share := p.wins / float64(p.games)
			lines = append(lines, fmt.Sprintf("| %d | %s | %d | %.1f | %.1f%% | %.1f |", n, d.Name, p.games, p.wins, 100*share, p.vps/float64(p.games)))
			hi = max(hi, share)
			if lo < 0 || share < lo {
				lo = share
			}
		}
		ratios = append(ratios, fmt.Sprintf("%d players %s", n, ratioText(hi, lo)))
	}
	lo, hi := -1.0, 0.0
	for i, d := range Detectives {
		p := all[i]
		share := p.wins / float64(p.games)
		lines = append(lines, fmt.Sprintf("| all | %s | %d | %.1f | %.1f%% | %.1f |", d.Name, p.games, p.wins, 100*share, p.vps/float64(p.games)))
		hi = max(hi, share)
		if lo < 0 || share < lo {
			lo = share
		}
	}
	ratios = append(ratios, "all "+ratioText(hi, lo))
	t.Logf("%d bot games per player count:\n%s\nmax/min win share: %s", games, strings.Join(lines, "\n"), strings.Join(ratios, "; "))
}

// ratioText words the ratio of the highest win share to the lowest.
func ratioText(hi, lo float64) string {
	if lo <= 0 {
		return "∞ (a detective never won)"
	}
	return fmt.Sprintf("%.2f", hi/lo)
}
