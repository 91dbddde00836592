package heist

import (
	"slices"
	"strings"
	"testing"
)

// TestGuardsGetUpNamedHexByHex (Events 15, 23, A3): the log names each
// hex where subdued Guards get up, with the right count and verb, and
// says nothing of a character's hex where no Guard was down.
func TestGuardsGetUpNamedHexByHex(t *testing.T) {
	s := eventBoard(t, "c3", "c5", "i5")
	s.tile("c3").addChit(Guard, false, false)
	s.tile("i5").addChit(Guard, false, false)
	s.tile("i5").addChit(Guard, false, false)
	res := resolve(s, "23")
	log := strings.Join(res.Public, "\n")
	for _, want := range []string{"1 Guard on c3 is un-subdued.", "2 Guards on i5 are un-subdued."} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "on c5") {
		t.Errorf("the log names c5, where no Guard was down:\n%s", log)
	}
}

// TestRemoveLastTakesTheLastCopy checks the helper that takes one piece
// of loot or one token out of a list: the last copy, the first element
// included, and nothing when the value is absent.
func TestRemoveLastTakesTheLastCopy(t *testing.T) {
	for _, c := range []struct {
		in   []string
		v    string
		want []string
		ok   bool
	}{
		{[]string{"a", "b", "a"}, "a", []string{"a", "b"}, true},
		{[]string{"x", "a"}, "x", []string{"a"}, true},
		{[]string{"a"}, "x", []string{"a"}, false},
		{nil, "x", nil, false},
	} {
		got, ok := removeLast(slices.Clone(c.in), c.v)
		if ok != c.ok || !slices.Equal(got, c.want) {
			t.Errorf("removeLast(%v, %q) = %v, %v; want %v, %v", c.in, c.v, got, ok, c.want, c.ok)
		}
	}
}

// TestEventOffersNeedSomeoneToTakeThem: Stage Whisper (17) is offered only
// to a character with an Idea to pass and someone near; the team's offer
// of Event 24 needs at least two characters in the building.
func TestEventOffersNeedSomeoneToTakeThem(t *testing.T) {
	s := eventBoard(t, "c3", "c4", "i5")
	s.Chars[0].Ideas, s.Chars[1].Ideas = 0, 1
	resolve(s, "17")
	var seats []int
	for _, o := range s.offers() {
		seats = append(seats, int(o.Seat))
	}
	if !slices.Equal(seats, []int{1}) {
		t.Errorf("Stage Whisper offered to seats %v, want only seat 1 (an Idea, a neighbour)", seats)
	}

	s = eventBoard(t, "c3", "c5", "i5")
	s.Chars[1].Busted, s.Chars[2].Busted = true, true
	resolve(s, "24")
	if len(s.offers()) != 0 {
		t.Errorf("Event 24 offered to a team of one: %+v", s.offers())
	}
	s = eventBoard(t, "c3", "c5", "i5")
	s.Chars[2].Busted = true
	resolve(s, "24")
	if len(s.offers()) != 1 || !s.offers()[0].Team {
		t.Errorf("Event 24 not offered to a team of two: %+v", s.offers())
	}
}
