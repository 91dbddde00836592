package policeprecinct

import (
	"testing"

	"casefile/engine"
)

// TestViewTextIsTheViewsText: a seat's view text written straight from
// the whole state (ViewText, which a move's DMs use) is byte for byte the
// text of its redacted view, for every seat and the public, at every
// position of random games of both variants, Manic mode and chosen
// characters, 1 to 6 players: the redacted copy it skips would change
// nothing it writes, so it shows no secret the view would not.
func TestViewTextIsTheViewsText(t *testing.T) {
	setups := []map[string]string{
		{"variant": "co-op"},
		{"variant": "co-op", "manic": "on", "characters": "choose"},
		{"variant": "dirty-cop", "traitors": "1"},
		{"variant": "dirty-cop", "traitors": "maybe"},
		{"variant": "dirty-cop", "traitors": "2"},
	}
	positions := 0
	for _, opts := range setups {
		for players := 1; players <= 6; players++ {
			if opts["variant"] == "dirty-cop" && (players < 3 || opts["traitors"] == "2" && players != 6) {
				continue
			}
			for seed := uint64(1); seed <= 3; seed++ {
				st, err := Game().New(engine.Setup{Players: players, Seed: seed, Options: opts})
				if err != nil {
					t.Fatalf("%v, %d players: %v", opts, players, err)
				}
				s := st.(*State)
				r := engine.NewRand(seed * 31)
				for step := 0; step < 400; step++ {
					// The public first (engine.Public is seat -1), then every seat.
					for v := engine.Public; int(v) < players; v++ {
						if got, want := s.ViewText(v), s.View(v).Text(); got != want {
							t.Fatalf("%v, %d players, seed %d, step %d, viewer %d: ViewText\n%s\nwant the view's text\n%s", opts, players, seed, step, v, got, want)
						}
					}
					positions++
					seat, mv, ok := engine.RandomMove(s, r)
					if !ok {
						break
					}
					if _, err := s.Apply(seat, mv); err != nil {
						t.Fatalf("%v: move %q: %v", opts, mv, err)
					}
				}
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions compared", positions)
	}
}
