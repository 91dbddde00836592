package heist

import (
	"strings"
	"testing"
)

// TestD3FewestIdeasWhenNobodyIsOutOfIdeas (MH-DOG-07): "the fewest Ideas"
// is the lowest count the crew holds, whatever it is: with 2, 2 and 3
// Ideas the Dog runs for the two characters holding 2.
func TestD3FewestIdeasWhenNobodyIsOutOfIdeas(t *testing.T) {
	s := eventBoard(t, "c3", "g7", "i5")
	s.tile("a4").Tokens = []string{TokKennel}
	for i, n := range []int{2, 2, 3} {
		s.Chars[i].Ideas = n
	}
	s.Deck = []string{"D3", "M1", "M1", "M1"}
	endActions(t, s)
	wantChoice(t, s, choiceRun, "dog runs to b3", "dog runs to d5")

	// One character with no Idea left is the only one the Dog runs for,
	// however many Ideas come after her in seat order.
	s = eventBoard(t, "g7", "c3", "i5")
	s.tile("a4").Tokens = []string{TokKennel}
	for i, n := range []int{0, 2, 3} {
		s.Chars[i].Ideas = n
	}
	s.Deck = []string{"D3", "M1", "M1", "M1"}
	endActions(t, s)
	if s.choice() != nil || dogsOn(s, "d5") != 1 {
		t.Fatalf("the Dog should run to d5 toward g7 (no Idea), not elsewhere: choice %+v, dogs on d5 %d", s.choice(), dogsOn(s, "d5"))
	}
}

// TestReleaseTheHoundsFewerCharactersThanDogs (MH-DOG-06): with fewer than
// three characters in the building, the Dogs left over go for the nearest
// character again; with nobody left, Release the Hounds! asks nothing and
// ends.
func TestReleaseTheHoundsFewerCharactersThanDogs(t *testing.T) {
	t.Run("one character: all three Dogs come for her", func(t *testing.T) {
		s := eventBoard(t, "c3", "i5", "i5")
		s.tile("a4").Tokens = []string{TokKennel}
		s.Chars[1].Busted, s.Chars[2].Busted = true, true
		res := resolve(s, "C6")
		if s.choice() != nil {
			t.Fatalf("a question with one character left: %+v", s.choice())
		}
		if n := strings.Count(strings.Join(res.Public, "\n"), "A Guard Dog comes out of the Kennel"); n != 3 {
			t.Fatalf("%d Dogs came, want 3:\n%s", n, strings.Join(res.Public, "\n"))
		}
		if dogsOn(s, "a4") != 0 {
			t.Fatalf("%d Dogs stayed in the Kennel with a character to run for", dogsOn(s, "a4"))
		}
	})
	t.Run("two characters as near as each other: one Dog each, no question", func(t *testing.T) {
		s := eventBoard(t, "c3", "c5", "i5")
		s.tile("a4").Tokens = []string{TokKennel}
		s.Chars[2].Busted = true
		resolve(s, "C6")
		if c := s.choice(); c != nil && c.Kind == choiceHound {
			t.Fatalf("the team is asked to pick two of two characters: %+v", c)
		}
	})
	t.Run("nobody in the building: no Dog to aim", func(t *testing.T) {
		s := eventBoard(t, "c3", "c5", "i5")
		s.tile("a4").Tokens = []string{TokKennel}
		for _, c := range s.Chars {
			c.Busted = true
		}
		resolve(s, "C6")
		if s.choice() != nil {
			t.Fatalf("a question with nobody in the building: %+v", s.choice())
		}
	})
}
