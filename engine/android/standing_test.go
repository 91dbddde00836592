package android

import (
	"slices"
	"testing"

	"casefile/engine"
)

// TestStandingPassDark: a player's standing choice "always pass dark
// cards" is a silent secret choice that changes nothing public and
// advances nothing; windows opened afterwards leave that seat out even
// though it holds a card of the active detective's dark deck, while a
// window already waiting on it still waits; "answer dark cards again"
// brings the seat back.
func TestStandingPassDark(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	emptyHands(s)
	apply(t, s, s.active(), "end turn") // the second player is active
	act := s.active()
	d := s.det()
	holder := s.First
	other := 3 - act - holder
	give(s, holder, deckIDs(d.Def().Slug, true)[0])
	give(s, other, deckIDs(d.Def().Slug, true)[1])

	view, turn := s.View(engine.Public).Text(), s.Turn()
	res, err := s.Apply(engine.Seat(holder), "always pass dark cards")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Secret || len(res.Public) > 0 || len(res.Private[engine.Seat(holder)]) != 1 {
		t.Fatalf("the standing choice is not a silent secret one with a note to its player: %+v", res)
	}
	if s.View(engine.Public).Text() != view || !slices.Equal(s.Turn().Seats, turn.Seats) {
		t.Fatal("the standing choice changed the public view or the turn")
	}
	if got := s.StandingMoves(engine.Seat(holder)); !slices.Equal(got, []string{"answer dark cards again"}) {
		t.Fatalf("standing moves once set: %v", got)
	}

	ld := s.Leads[0]
	d.At = ld.At
	applyRaw(t, s, act, "follow up")
	top := s.Pending.Top()
	if top.Kind != StepDarkWindow || !slices.Equal(top.Seats, []engine.Seat{engine.Seat(other)}) {
		t.Fatalf("the window after a follow-up: %v, want only seat %d (seat %d passes standing)", top, other, holder)
	}
	// Taken back while a window waits: that window is not changed, and
	// the next one asks the seat again.
	if _, err := s.Apply(engine.Seat(holder), "answer dark cards again"); err != nil {
		t.Fatal(err)
	}
	if now := s.Pending.Top(); !slices.Equal(now.Seats, top.Seats) {
		t.Fatalf("a standing choice changed the open window: %v", now)
	}
	answerAll(t, s, nil)
	s.Pending.Items = s.Pending.Items[len(s.Pending.Items)-1:]
	d.At = mustLoc("city-hall")
	s.Time = 6
	applyRaw(t, s, act, "use city-hall")
	if top := s.Pending.Top(); top.Kind != StepDarkWindow || !slices.Contains(top.Seats, engine.Seat(holder)) {
		t.Fatalf("after taking the standing pass back, the window %v leaves seat %d out", top, holder)
	}
}
