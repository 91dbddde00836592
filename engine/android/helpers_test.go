package android

import (
	"slices"
	"testing"

	"casefile/engine"
)

// newS deals a game with n players and murder sheet m (0-based, -1 random).
func newS(t testing.TB, n int, seed uint64, murder string) *State {
	t.Helper()
	opts := map[string]string{}
	if murder != "" {
		opts["murder"] = murder
	}
	st, err := Game().New(engine.Setup{Players: n, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	drawRachelDefaults(t, s)
	return s
}

// drawRachelDefaults answers Rachel's extra setup draws (AN-HERO-08) with
// their default, so that tests of the day start on the first turn.
func drawRachelDefaults(t testing.TB, s *State) {
	t.Helper()
	for top := s.Pending.Top(); top != nil && top.Kind == StepRachelDraw; top = s.Pending.Top() {
		if _, err := s.Apply(top.Seats[0], top.Default); err != nil {
			t.Fatal(err)
		}
	}
}

// lightDrawn counts the cards of d's own light deck in its hand.
func lightDrawn(d *Det) int {
	n := 0
	for _, h := range d.Hand {
		if h.Deck == d.Def().Slug+" light" {
			n++
		}
	}
	return n
}

// fresh drops the legal-move cache after a test edits the state by hand.
func fresh(s *State) { s.cache.Forget() }

func apply(t testing.TB, s *State, seat int, move string) engine.Result {
	t.Helper()
	res := applyRaw(t, s, seat, move)
	passWindows(t, s)
	return res
}

// applyRaw plays a move and leaves any dark-card window it opened open.
func applyRaw(t testing.TB, s *State, seat int, move string) engine.Result {
	t.Helper()
	fresh(s)
	res, err := s.Apply(engine.Seat(seat), move)
	if err != nil {
		t.Fatalf("move %q by seat %d: %v", move, seat, err)
	}
	return res
}

// passWindows lets every seat pass the dark-card windows now on top, so
// that the tests of other rules see the game go on as if nobody played a
// dark card.
func passWindows(t testing.TB, s *State) {
	t.Helper()
	for top := s.Pending.Top(); top != nil && top.Kind == StepDarkWindow; top = s.Pending.Top() {
		applyRaw(t, s, int(top.Waiting()[0]), "pass")
	}
}

func legal(s *State, seat int) []string {
	fresh(s)
	return s.Legal(engine.Seat(seat))
}

func has(s *State, seat int, move string) bool {
	return slices.Contains(legal(s, seat), move)
}

func refusal(s *State, seat int, move string) string {
	fresh(s)
	msg, _ := engine.IsRejection(s.Check(engine.Seat(seat), move))
	return msg
}

// place puts the active detective at location slug with t Time left, by
// hand, for a test.
func place(t testing.TB, s *State, slug string, time int) *Det {
	t.Helper()
	d := s.det()
	d.At = mustLoc(slug)
	s.Time = time
	fresh(s)
	return d
}

// quiet sends Lily and Jimmy to two far corners of the Moon the tests of
// other rules do not visit.
func quiet(s *State) *State {
	s.Lily, s.Jimmy = mustLoc("dome-council"), mustLoc("miners-barracks")
	fresh(s)
	return s
}
