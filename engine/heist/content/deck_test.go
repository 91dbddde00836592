package content

import (
	"slices"
	"strings"
	"testing"
)

// TestDeckSampleOrder: MH-SETUP-19 — the rulebook's sample deck list
// expands card by card in that exact order, ranges included and G1 kept
// both times it appears.
func TestDeckSampleOrder(t *testing.T) {
	c := load(t)
	s := &Scenario{DeckList: "1-8, G1, 9-12, G2, 13-14, G4, G1, C4, 15-20, C1, Z2"}
	if err := s.buildDeck(c); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range s.Deck {
		got = append(got, d.Code)
		if crisis := strings.HasPrefix(d.Code, "C") || strings.HasPrefix(d.Code, "Z"); d.IsCrisis() != crisis {
			t.Fatalf("%s: crisis %v", d.Code, d.IsCrisis())
		}
	}
	want := strings.Fields("1 2 3 4 5 6 7 8 G1 9 10 11 12 G2 13 14 G4 G1 C4 15 16 17 18 19 20 C1 Z2")
	if !slices.Equal(got, want) || len(s.Unresolved) != 0 {
		t.Fatalf("deck %v (unresolved %v), want %v", got, s.Unresolved, want)
	}
	if bad := (&Scenario{DeckList: "5-3"}).buildDeck(c); bad == nil {
		t.Fatal("a backwards range is an error")
	}
}
