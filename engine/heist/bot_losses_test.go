package heist

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

// TestBotLosses classifies the heists bot crews lose, per scenario
// (HEIST_BOT_LOSSES=20 go test -run TestBotLosses -v ./engine/heist): the
// objective's loot never held, held in part, all held but not got out;
// the NPC never freed or taken, freed but not out; and the Alerts by
// cause (the Noise tracker, live Cameras walked into, the rest), the
// clock of a heist. The seeds and seat order are those of TestBotFigures;
// HEIST_BOT_SCENARIOS=<slug>,<slug> measures some scenarios only.
func TestBotLosses(t *testing.T) {
	seeds, from, only := botToolRange(t, "HEIST_BOT_LOSSES")
	var out strings.Builder
	fmt.Fprintf(&out, "| scenario | won | loot never held | loot held in part | loot held, not out | NPC never freed or taken | NPC not out | Alerts: Noise / Cameras / other |\n|---|---|---|---|---|---|---|---|\n")
	for _, sc := range theLib().Scenarios {
		if !only(sc.Slug, false) {
			continue
		}
		won, games := 0, 0
		why := map[string]int{}
		alerts := [3]int{}
		for _, n := range []int{3, 4} {
			for seed := uint64(from); seed < uint64(from+seeds); seed++ {
				games++
				st, err := Game().New(botSetup(sc.Slug, n, seed))
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				order := engine.NewRand(seed*7919 + 23)
				r := engine.NewRand(seed*104729 + 5)
				probe := &botMind{s: s}
				kind, need := probe.wanted()
				most, freed := 0, false
				for steps := 0; s.Outcome() == nil; steps++ {
					if steps > 20000 {
						t.Fatalf("%s/%d seed %d: no end", sc.Slug, n, seed)
					}
					turn := s.Turn()
					seat := turn.Seats[order.Intn(len(turn.Seats))]
					res, err := s.Apply(seat, Game().Bot.Choose(s.View(seat), s.Legal(seat), r))
					if err != nil {
						t.Fatal(err)
					}
					for _, l := range res.Public {
						switch {
						case strings.HasPrefix(l, "Alert (noise"):
							alerts[0]++
						case strings.HasPrefix(l, "Alert (") && strings.Contains(l, "live Camera"):
							alerts[1]++
						case strings.HasPrefix(l, "Alert ("):
							alerts[2]++
						}
					}
					if kind != "" {
						most = max(most, probe.held(kind))
					}
					freed = freed || s.NPC != nil && s.NPC.Active
				}
				if s.Won {
					won++
					continue
				}
				switch {
				case kind != "" && most == 0:
					why["never"]++
				case kind != "" && most < need:
					why["part"]++
				case kind != "" && s.securedCount(kind) < need:
					why["held"]++
				}
				if probe.npcGoal() && s.NPC != nil {
					if !freed {
						why["npc"]++
					} else if !s.NPC.Escaped {
						why["npcout"]++
					}
				}
			}
		}
		g := float64(games)
		fmt.Fprintf(&out, "| %s | %d/%d | %d | %d | %d | %d | %d | %.1f / %.1f / %.1f |\n", sc.Slug, won, games,
			why["never"], why["part"], why["held"], why["npc"], why["npcout"], float64(alerts[0])/g, float64(alerts[1])/g, float64(alerts[2])/g)
	}
	t.Logf("\n%s", out.String())
}

// TestBotSafeWithCash measures the two heists whose safe a dealt level-1
// crew cannot open (The Marathon Job, The Final Score: Part 1: no Tools on
// the map, no Amateur card brings them, and a first heist has $0k) when
// the team has $5k, the Plasma Torch's price in the Shop, as a campaign's
// later heist may (HEIST_BOT_CASH=20 go test -run TestBotSafeWithCash -v
// ./engine/heist). The seeds and seat order are those of TestBotFigures.
func TestBotSafeWithCash(t *testing.T) {
	seeds, from, _ := botToolRange(t, "HEIST_BOT_CASH")
	for _, slug := range []string{"the-marathon-job", "the-final-score-part-1"} {
		won, torch, games := 0, 0, 0
		for _, n := range []int{3, 4} {
			for seed := uint64(from); seed < uint64(from+seeds); seed++ {
				games++
				st, err := Game().New(botSetup(slug, n, seed))
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				s.TeamCash = 5
				order := engine.NewRand(seed*7919 + 23)
				r := engine.NewRand(seed*104729 + 5)
				bought := false
				for steps := 0; s.Outcome() == nil; steps++ {
					if steps > 20000 {
						t.Fatalf("%s/%d seed %d: no end", slug, n, seed)
					}
					turn := s.Turn()
					seat := turn.Seats[order.Intn(len(turn.Seats))]
					m := Game().Bot.Choose(s.View(seat), s.Legal(seat), r)
					bought = bought || m == "buy plasma torch"
					if _, err := s.Apply(seat, m); err != nil {
						t.Fatal(err)
					}
				}
				if bought {
					torch++
				}
				if s.Won {
					won++
				}
			}
		}
		t.Logf("%s with $5k: won %d/%d, the Plasma Torch bought in %d", slug, won, games, torch)
	}
}
