package main

import (
	"fmt"
	"strings"
	"testing"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
)

// TestMoveTreeEveryGame plays random games of every registered game and
// of the fixture, and at many positions checks, for every seat that may
// act, that the empty autocomplete shows every first word of the legal
// moves, and that every legal move is reached in at most three picks,
// each pick either a move or a group whose value is then typed (as the
// picker's selections are).
func TestMoveTreeEveryGame(t *testing.T) {
	games := []*engine.Game{enginetest.Game()}
	for _, e := range registry {
		games = append(games, e.Game())
	}
	for _, g := range games {
		t.Run(g.ID, func(t *testing.T) {
			positions, widest := 0, 0
			for players := g.MinPlayers; players <= g.MaxPlayers; players++ {
				seats, err := g.SeatCount(players, map[string]string{})
				if err != nil {
					t.Fatal(err)
				}
				seeds := uint64(3)
				if testing.Short() {
					seeds = 1
				}
				for seed := uint64(1); seed <= seeds; seed++ {
					opts, _ := g.CheckOptions(map[string]string{})
					gameOpts := map[string]string{}
					for _, o := range g.Options {
						if v, ok := opts[o.Key]; ok {
							gameOpts[o.Key] = v
						}
					}
					st, err := g.New(engine.Setup{Players: seats, Seed: seed, Options: gameOpts})
					if err != nil {
						t.Fatal(err)
					}
					r := engine.NewRand(seed * 7)
					for step := 0; step < 3000 && st.Outcome() == nil; step++ {
						if step%3 == 0 {
							for _, seat := range st.Turn().Seats {
								legal := st.Legal(seat)
								checkMoveTree(t, legal, fmt.Sprintf("%d players seed %d step %d seat %d", players, seed, step, seat))
								positions++
								widest = max(widest, len(legal))
							}
						}
						seat, mv, ok := engine.RandomMove(st, r)
						if !ok {
							t.Fatalf("nobody may act at step %d", step)
						}
						if _, _, err := engine.Play(st, seat, mv); err != nil {
							t.Fatalf("step %d: %q: %v", step, mv, err)
						}
					}
				}
			}
			t.Logf("%d positions checked, at most %d legal moves", positions, widest)
		})
	}
}

// checkMoveTree checks one seat's legal moves: see TestMoveTreeEveryGame.
func checkMoveTree(t *testing.T, legal []string, where string) {
	t.Helper()
	if len(legal) == 0 {
		return
	}
	top := commands.MoveChoices(legal, "", nil)
	shown := map[string]bool{}
	for _, c := range top {
		shown[strings.Fields(c.Value)[0]] = true
	}
	for _, m := range legal {
		if w := strings.Fields(engine.NormalizeMove(m))[0]; !shown[w] {
			t.Fatalf("%s: the empty autocomplete hides every move beginning %q: %v", where, w, top)
		}
	}
	reached := map[string]int{}
	var walk func(cs []commands.Choice, depth int)
	walk = func(cs []commands.Choice, depth int) {
		if len(cs) > 25 {
			t.Fatalf("%s: %d choices", where, len(cs))
		}
		for _, c := range cs {
			if len(c.Name) == 0 || len([]rune(c.Name)) > 100 || len(c.Value) == 0 || len([]rune(c.Value)) > 100 {
				t.Fatalf("%s: choice %+v breaks Discord's limits", where, c)
			}
			if c.Name == c.Value {
				if m, ok := engine.MatchLegal(legal, c.Value); !ok {
					t.Fatalf("%s: choice %q is no legal move", where, c.Value)
				} else if _, seen := reached[m]; !seen {
					reached[m] = depth
				}
				continue
			}
			if depth < 3 {
				walk(commands.MoveChoices(legal, c.Value, nil), depth+1)
			}
		}
	}
	walk(top, 1)
	for _, m := range legal {
		if _, ok := reached[m]; !ok {
			t.Fatalf("%s: %q is not reached in three picks from %d legal moves; first level %v", where, m, len(legal), top)
		}
	}
}
