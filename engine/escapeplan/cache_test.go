package escapeplan

import (
	"slices"
	"testing"

	"casefile/engine"
)

// TestCachesNeverStale: the legal-move list and the city's shape are
// cached inside the state between lookups. Played only through Apply and
// Legal, as the platform plays (no test helper dropping the caches), every
// seat's legal moves at every step equal those of a copy loaded from the
// snapshot, whose caches start empty; and the snapshot counts the moves
// applied.
func TestCachesNeverStale(t *testing.T) {
	for _, n := range []int{2, 3, 5} {
		for seed := uint64(1); seed <= 2; seed++ {
			st, err := Game().New(engine.Setup{Players: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			for step := 0; !s.Over && step < 600; step++ {
				// Ask the seats in an order that changes, so that a list
				// cached for one seat is offered to another if it can be.
				var got [][]string
				for i := range s.Players {
					seat := (i + step) % len(s.Players)
					got = append(got, s.Legal(engine.Seat(seat)))
				}
				data, err := s.Marshal()
				if err != nil {
					t.Fatal(err)
				}
				cl, err := Game().Load(data)
				if err != nil {
					t.Fatal(err)
				}
				actor, moves := -1, []string(nil)
				for i := range s.Players {
					seat := (i + step) % len(s.Players)
					want := cl.Legal(engine.Seat(seat))
					if !slices.Equal(got[i], want) {
						t.Fatalf("players=%d seed=%d step %d seat %d: cached %v, fresh %v", n, seed, step, seat, got[i], want)
					}
					if actor < 0 && len(want) > 0 {
						actor, moves = seat, want
					}
				}
				if actor < 0 {
					t.Fatalf("players=%d seed=%d step %d: nobody may act", n, seed, step)
				}
				if _, err := s.Apply(engine.Seat(actor), moves[r.Intn(len(moves))]); err != nil {
					t.Fatalf("players=%d seed=%d step %d: %v", n, seed, step, err)
				}
				if s.Moves != step+1 {
					t.Fatalf("players=%d seed=%d: %d moves applied, the state counts %d", n, seed, step+1, s.Moves)
				}
			}
		}
	}
}
