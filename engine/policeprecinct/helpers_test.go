package policeprecinct

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// newS deals a game with n players.
func newS(t testing.TB, n int, seed uint64) *State {
	t.Helper()
	st, err := Game().New(engine.Setup{Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// fresh drops the legal-move cache after a test edits the state by hand.
func fresh(s *State) { s.cache.Forget() }

func apply(t testing.TB, s *State, seat int, move string) engine.Result {
	t.Helper()
	fresh(s)
	res, err := s.Apply(engine.Seat(seat), move)
	if err != nil {
		t.Fatalf("move %q by seat %d: %v", move, seat, err)
	}
	return res
}

func legal(s *State, seat int) []string {
	fresh(s)
	return s.Legal(engine.Seat(seat))
}

func has(s *State, seat int, move string) bool {
	for _, m := range legal(s, seat) {
		if m == move {
			return true
		}
	}
	return false
}

func refusal(s *State, seat int, move string) string {
	fresh(s)
	msg, _ := engine.IsRejection(s.Check(engine.Seat(seat), move))
	return msg
}

// started deals a game and chooses every car (marked), so that the Start
// Player is at phase 1.
func started(t testing.TB, n int, seed uint64) *State {
	t.Helper()
	s := newS(t, n, seed)
	for i := 0; i < n; i++ {
		apply(t, s, i, "car marked")
	}
	return s
}

// atAction puts the active cop at phase 2 with a clean board: no
// Emergencies, no Punks, an empty hand, car on space sp.
func atAction(t testing.TB, s *State, sp string) *Cop {
	t.Helper()
	c := s.cop()
	at, ok := SpaceByName(sp)
	if !ok {
		t.Fatalf("no space %s", sp)
	}
	c.At = at
	s.setStep(StepAction)
	fresh(s)
	return c
}

// clearBoard removes every Emergency and Punk (back to their piles).
func clearBoard(s *State) {
	for _, e := range s.Emergencies {
		s.EventDiscard = append(s.EventDiscard, e.Card)
		if e.HasUC {
			s.UCDiscard = append(s.UCDiscard, e.UC)
		}
	}
	s.Emergencies = nil
	for n := range s.Punks {
		s.Stockpile += s.Punks[n]
		s.Punks[n] = 0
		if s.Gangs[n] {
			s.Gangs[n] = false
			s.GangSupply++
		}
	}
	fresh(s)
}

// space is a Street Space by name.
func space(t testing.TB, name string) int {
	t.Helper()
	i, ok := SpaceByName(name)
	if !ok {
		t.Fatalf("no space %s", name)
	}
	return i
}

func contains(lines []string, sub string) bool {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

// cardOf takes a Police card of the named kind out of the deck or the
// discard pile (so that cards are conserved) and returns its id.
func cardOf(t testing.TB, s *State, name string) int {
	t.Helper()
	k, ok := policeCardByName(name)
	if !ok {
		t.Fatalf("no card %s", name)
	}
	for _, pile := range []*[]int{&s.PoliceDeck, &s.PoliceDiscard} {
		for i, id := range *pile {
			if policeDeckKinds[id] == k {
				*pile = append((*pile)[:i:i], (*pile)[i+1:]...)
				return id
			}
		}
	}
	t.Fatalf("no %s left in the deck", name)
	return -1
}

// removeFromDeck takes Event card c out of the Event deck and discard (a
// test puts it on the board by hand).
func (s *State) removeFromDeck(c int) {
	for _, pile := range []*[]int{&s.EventDeck, &s.EventDiscard} {
		for i, id := range *pile {
			if id == c {
				*pile = append((*pile)[:i:i], (*pile)[i+1:]...)
				return
			}
		}
	}
}
