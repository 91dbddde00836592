package heist

import (
	"testing"

	"casefile/engine"
)

// TestFinalScorePartOneObjective: The Final Score: Part 1 is won only by a
// character holding the Documents in a hideout when the Escape ends;
// carrying them out through an Entrance does not count, even less with the
// whole crew Busted.
func TestFinalScorePartOneObjective(t *testing.T) {
	dig := func(s *State) { crewReady(t, s); apply(t, s, 2, "tunnel g3") }
	out := quickHeist(t, "the-final-score-part-1", nil, dig, func(s *State) {
		c := s.Chars[0]
		for _, tl := range s.Tiles {
			if tl.Entrance {
				c.Hex = tl.Hex
				break
			}
		}
		c.Loot = append(c.Loot, Document)
		var res engine.Result
		s.secure(c, &res)
	})
	if out.Won {
		t.Fatalf("Documents walked out of the Entrance won Part 1 (busted: %v %v %v)", out.Chars[0].Busted, out.Chars[1].Busted, out.Chars[2].Busted)
	}
	hid := quickHeist(t, "the-final-score-part-1", nil, dig, func(s *State) {
		s.Chars[0].Hex = "a3"
		s.Chars[0].Loot = append(s.Chars[0].Loot, Document)
	})
	if !hid.Won || !hid.Chars[0].Escaped {
		t.Fatal("the Documents held in a hideout at the end of the Escape win Part 1")
	}
	empty := quickHeist(t, "the-final-score-part-1", nil, dig, func(s *State) { s.Chars[0].Hex = "a3" })
	if empty.Won {
		t.Fatal("a hideout without the Documents wins Part 1")
	}
}
