package heist

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

type played struct {
	Seat engine.Seat
	Move string
}

// randomMove picks a legal move for one of the acting seats, leaning away
// from moves that only undo each other (unplan, drop) so games move on.
func randomMove(s *State, r *engine.Rand) (engine.Seat, string) {
	t := s.Turn()
	seat := t.Seats[r.Intn(len(t.Seats))]
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return seat, ""
	}
	for tries := 0; tries < 4; tries++ {
		m := legal[r.Intn(len(legal))]
		if strings.HasPrefix(m, "unplan") || m == "rebuild" || strings.HasPrefix(m, "drop") || strings.HasPrefix(m, "replan") ||
			m == "escape now" && s.Round < 4 || strings.HasPrefix(m, "give up") && r.Intn(4) > 0 {
			continue
		}
		return seat, m
	}
	return seat, legal[r.Intn(len(legal))]
}

// newTestState deals a heist and settles its Crew step with the dealt
// characters, so the test starts in Planning.
func newTestState(t testing.TB, slug string, n int, seed uint64) *State {
	t.Helper()
	s := newCrewState(t, slug, n, seed)
	crewReady(t, s)
	return s
}

// newCrewState deals a heist, which opens in the Crew step.
func newCrewState(t testing.TB, slug string, n int, seed uint64) *State {
	t.Helper()
	st, err := Game().New(engine.Setup{Players: n, Seed: seed, Options: map[string]string{"scenario": slug}})
	if err != nil {
		t.Fatalf("%s: %v", slug, err)
	}
	return st.(*State)
}

// crewReady keeps every seat's character: each seat still in the Crew
// step says crew done (dropping a half-built character first).
func crewReady(t testing.TB, s *State) {
	t.Helper()
	for _, c := range s.Chars {
		if s.CrewDone(c.Seat) {
			continue
		}
		if len(c.Draft) > 0 {
			if _, err := s.Apply(c.Seat, "rebuild"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Apply(c.Seat, "crew done"); err != nil {
			t.Fatalf("crew done for seat %d: %v", c.Seat, err)
		}
	}
	if s.Phase != PhasePlanning {
		t.Fatalf("after the Crew step the phase is %s", s.Phase)
	}
}

func bagTotal(s *State) int {
	n := 0
	for _, k := range s.Bag {
		n += k
	}
	return n
}

// playout plays a whole random heist and checks the invariants after every
// move.
func playout(t testing.TB, slug string, n int, seed uint64, check bool) (*State, []played) {
	s := newCrewState(t, slug, n, seed)
	initial := bagTotal(s)
	r := engine.NewRand(seed*7919 + 17)
	var log []played
	for steps := 0; s.Outcome() == nil; steps++ {
		if steps > 20000 {
			t.Fatalf("%s/%d seed %d: no end after %d moves (phase %s round %d)", slug, n, seed, steps, s.Phase, s.Round)
		}
		if len(s.Turn().Seats) == 0 {
			t.Fatalf("%s/%d seed %d: nobody may act but the game is not over (phase %s)", slug, n, seed, s.Phase)
		}
		seat, m := randomMove(s, r)
		if m == "" {
			t.Fatalf("%s/%d seed %d: seat %d in turn has no legal move (phase %s)\n%s", slug, n, seed, seat, s.Phase, s.View(engine.Public).Text())
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("%s/%d seed %d: legal move %q rejected: %v", slug, n, seed, m, err)
		}
		log = append(log, played{seat, m})
		if check {
			if got := bagTotal(s) + s.BagDrawn; got != initial+s.BagAdded-s.BagRemoved {
				t.Fatalf("%s/%d seed %d: chit lost: bag %d + drawn %d != %d + %d - %d", slug, n, seed, bagTotal(s), s.BagDrawn, initial, s.BagAdded, s.BagRemoved)
			}
			for _, c := range s.Chars {
				if c.Ideas < 0 {
					t.Fatalf("%s/%d seed %d: after %q %s has %d Ideas (MH-CHAR-06: Ideas never go below 0)", slug, n, seed, m, c.Name, c.Ideas)
				}
			}
		}
	}
	return s, log
}

func TestPlayoutsEveryScenario(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 20
	}
	for _, sc := range theLib().Scenarios {
		for _, n := range []int{3, 4} {
			t.Run(fmt.Sprintf("%s/%d", sc.Slug, n), func(t *testing.T) {
				won := 0
				for seed := 1; seed <= seeds; seed++ {
					s, _ := playout(t, sc.Slug, n, uint64(seed), seed <= 20)
					if s.Won {
						won++
					}
				}
				t.Logf("%d/%d random heists won", won, seeds)
			})
		}
	}
}

func TestReplayGivesSameState(t *testing.T) {
	for _, sc := range theLib().Scenarios {
		for seed := uint64(1); seed <= 3; seed++ {
			s, log := playout(t, sc.Slug, 3, seed, false)
			want, _ := s.Marshal()
			r := newCrewState(t, sc.Slug, 3, seed)
			for i, p := range log {
				if _, err := r.Apply(p.Seat, p.Move); err != nil {
					t.Fatalf("%s seed %d: replay move %d %q: %v", sc.Slug, seed, i, p.Move, err)
				}
				if i == len(log)/2 {
					// A snapshot restores the game exactly.
					data, _ := r.Marshal()
					st, err := Game().Load(data)
					if err != nil {
						t.Fatal(err)
					}
					r = st.(*State)
				}
			}
			got, _ := r.Marshal()
			if !bytes.Equal(got, want) {
				t.Fatalf("%s seed %d: replay differs", sc.Slug, seed)
			}
		}
	}
}

func BenchmarkRandomHeist(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playout(b, "the-inclusion-job", 4, uint64(i+1), false)
	}
}

// TestNothingSecretInPublic plays random heists and checks that the only
// hidden value, the generator's state, never shows in a public line or in
// the public view.
func TestNothingSecretInPublic(t *testing.T) {
	for _, sc := range theLib().Scenarios {
		s := newCrewState(t, sc.Slug, 4, 11)
		r := engine.NewRand(5)
		for steps := 0; s.Outcome() == nil && steps < 20000; steps++ {
			seat, m := randomMove(s, r)
			res, err := s.Apply(seat, m)
			if err != nil {
				t.Fatal(err)
			}
			for path, v := range engine.HiddenFrom(s, engine.Public) {
				if len(v) < 6 {
					continue
				}
				for _, line := range res.Public {
					if strings.Contains(line, v) {
						t.Fatalf("%s: hidden %s leaked in %q", sc.Slug, path, line)
					}
				}
			}
			if s.View(engine.Public).(*View).State.Rand != nil {
				t.Fatal("generator in the public view")
			}
		}
	}
}
