package android

import (
	"fmt"
	"testing"

	"casefile/engine"
)

// TestViewTextPrefixIsTheViewsText holds ViewTextPrefix, written from
// the whole state, byte for byte what the redacted view writes, whole
// and cut where a DM cuts it, for the public and every seat, over random
// games of every size with detectives dealt and chosen and each murder
// sheet: a line that read a seat's secret for another seat, or a
// face-down token for a seat that does not know it, would differ here.
func TestViewTextPrefixIsTheViewsText(t *testing.T) {
	positions := 0
	for players := 3; players <= 5; players++ {
		for _, opts := range []map[string]string{
			{"murder": "1"}, {"murder": "2", "detectives": "choose"}, {"murder": "3"}, {"hunches": "rotate"},
		} {
			for seed := uint64(1); seed <= 1; seed++ {
				st, err := Game().New(engine.Setup{Players: players, Seed: seed, Options: opts})
				if err != nil {
					t.Fatal(err)
				}
				s := st.(*State)
				r := engine.NewRand(seed*17 + uint64(players))
				for step := 0; step < 500; step++ {
					for v := engine.Public; int(v) < players; v++ {
						view := s.View(v).(*View)
						where := fmt.Sprintf("%d players %v seed %d step %d viewer %d", players, opts, seed, step, v)
						if got, want := s.ViewTextPrefix(v, -1), view.Text(); got != want {
							t.Fatalf("%s: from the state\n%s\nwant the view's\n%s", where, got, want)
						}
						for _, n := range []int{0, 900, 1750} {
							if got, want := s.ViewTextPrefix(v, n), view.TextPrefix(n); got != want {
								t.Fatalf("%s, %d bytes: from the state\n%s\nwant the view's\n%s", where, n, got, want)
							}
						}
					}
					positions++
					seat, mv, ok := engine.RandomMove(s, r)
					if !ok {
						break
					}
					if _, err := s.Apply(seat, mv); err != nil {
						t.Fatalf("move %q: %v", mv, err)
					}
				}
			}
		}
	}
	if positions < 1500 {
		t.Fatalf("only %d positions compared", positions)
	}
}
