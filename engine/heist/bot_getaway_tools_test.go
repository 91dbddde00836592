package heist

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

// TestBotGetawayLosses prints, for each heist a bot crew loses with the
// objective's loot in hand, where every character stood when the Escape
// began: its hex, Ideas, loot and the Escape Moves it needed
// (HEIST_BOT_GETAWAY=20 HEIST_BOT_SCENARIOS=<slug>,… go test -run
// TestBotGetawayLosses -v ./engine/heist). The seeds and seat order are
// those of TestBotFigures.
func TestBotGetawayLosses(t *testing.T) {
	seeds, from, only := botToolRange(t, "HEIST_BOT_GETAWAY")
	var out strings.Builder
	for _, sc := range theLib().Scenarios {
		if !only(sc.Slug, true) {
			continue
		}
		for _, n := range []int{3, 4} {
			for seed := uint64(from); seed < uint64(from+seeds); seed++ {
				st, err := Game().New(botSetup(sc.Slug, n, seed))
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				order := engine.NewRand(seed*7919 + 23)
				r := engine.NewRand(seed*104729 + 5)
				snap := ""
				for steps := 0; s.Outcome() == nil && steps < 20000; steps++ {
					turn := s.Turn()
					seat := turn.Seats[order.Intn(len(turn.Seats))]
					if _, err := s.Apply(seat, Game().Bot.Choose(s.View(seat), s.Legal(seat), r)); err != nil {
						t.Fatal(err)
					}
					if snap == "" && s.Phase == PhaseEscape {
						var b strings.Builder
						fmt.Fprintf(&b, "  escape at round %d (called %v by %q)\n", s.Round, s.EscapeInitiated, s.EscapeBy)
						for _, c := range s.Chars {
							m := &botMind{s: s, c: c, set: map[string]bool{}}
							need := -1
							if c.onBoard() {
								need = m.escapeNeeds(c)[s.tile(c.Hex)]
							}
							fmt.Fprintf(&b, "    %-22s %-4s out %-5v ideas %2d need %7d loot %v\n", c.Name, c.Hex, c.Escaped, c.Ideas, need, c.Loot)
						}
						snap = b.String()
					}
				}
				if s.Won {
					continue
				}
				kind, need := (&botMind{s: s}).wanted()
				var lying []string
				for _, tl := range s.Tiles {
					for _, l := range tl.Loot {
						if l == kind {
							lying = append(lying, tl.Hex)
						}
					}
					for _, l := range tl.SafeLoot {
						if l == kind {
							lying = append(lying, fmt.Sprintf("%s(safe %d/%d)", tl.Hex, tl.Cracks, tl.SafeNeeds))
						}
					}
				}
				fmt.Fprintf(&out, "%s/%d seed %d lost: %s secured %d of %d; in the bag %d, lying %v\n%s", sc.Slug, n, seed, kind, s.securedCount(kind), need, s.Bag[kind], lying, snap)
			}
		}
	}
	t.Logf("\n%s", out.String())
}
