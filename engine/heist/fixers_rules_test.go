package heist

import (
	"slices"
	"testing"
)

// TestFixersAtTheirExactPrice checks every Planning fixer that costs money
// at the team's cash equal to its price (offered) and $1k short (not),
// with their limits: the Bookie's largest affordable bet, the Diversion
// Artist's four tokens, MOONLIGHTER FRIENDS' all-Dog swap, and the
// Retiree's three cards at their falling prices and any position in the
// deck, the bottom included.
func TestFixersAtTheirExactPrice(t *testing.T) {
	offered := func(s *State, m string) bool { return s.Check(0, m) == nil }
	planning := func(t *testing.T, fixer string, cash int) *State {
		s := inclusion(t, 3)
		if s.Phase != PhasePlanning {
			t.Fatalf("inclusion opens in %s", s.Phase)
		}
		s.Fixers = append(s.Fixers, fixer)
		s.TeamCash = cash
		return s
	}
	t.Run("Shell: DENIAL OF SERVICE at $3k", func(t *testing.T) {
		if !offered(planning(t, "Shell", 3), "hire shell") || offered(planning(t, "Shell", 2), "hire shell") {
			t.Fatal("hire shell should be offered at $3k and not at $2k")
		}
	})
	t.Run("Bookie: any bet up to the team's cash", func(t *testing.T) {
		s := planning(t, "Bookie", 2)
		if !offered(s, "bet 2k") || offered(s, "bet 3k") {
			t.Fatalf("with $2k: bets %v", legalWith(s, 0, "bet "))
		}
	})
	t.Run("Diversion Artist: $1k a token, four at most", func(t *testing.T) {
		s := planning(t, "Diversion Artist", 1)
		s.Diversion = 3
		if !offered(s, "buy time") {
			t.Fatal("the fourth token at $1k is refused")
		}
		s.Diversion = 4
		if offered(s, "buy time") {
			t.Fatal("a fifth token is offered")
		}
		s.Diversion = 0
		s.TeamCash = 0
		if offered(s, "buy time") {
			t.Fatal("a token offered with no cash")
		}
	})
	t.Run("Beat Cop: MOONLIGHTER FRIENDS at its price, Dogs only too", func(t *testing.T) {
		s := planning(t, "Beat Cop", 2)
		s.Bag[Dog] = 2
		if !offered(s, "beat cop 1 guard") || !offered(s, "beat cop 1 dog") {
			t.Fatalf("one chit for $2k: %v", legalWith(s, 0, "beat cop"))
		}
		if offered(s, "beat cop 2 guards") {
			t.Fatal("two chits offered for $2k")
		}
		s.TeamCash = 3
		if !offered(s, "beat cop 2 dogs") {
			t.Fatalf("two Dogs for $3k: %v", legalWith(s, 0, "beat cop"))
		}
		s.TeamCash = 1
		if offered(s, "beat cop 1 guard") {
			t.Fatal("one chit offered for $1k")
		}
	})
	t.Run("Retiree: $3k, then $2k, then $1k, anywhere in the deck", func(t *testing.T) {
		s := planning(t, "Retiree", 3)
		s.Deck = []string{"1", "2", "3"}
		if !offered(s, "retiree m1 at 4") || !offered(s, "retiree m1 at 1") || offered(s, "retiree m1 at 5") {
			t.Fatalf("first card at $3k: %v", legalWith(s, 0, "retiree m1"))
		}
		s.TeamCash = 2
		if offered(s, "retiree m1 at 1") {
			t.Fatal("the first card offered at $2k")
		}
		s.RetireeCards = 1
		if !offered(s, "retiree m1 at 1") {
			t.Fatal("the second card refused at $2k")
		}
		s.TeamCash = 1
		if offered(s, "retiree m1 at 1") {
			t.Fatal("the second card offered at $1k")
		}
		s.RetireeCards = 2
		if !offered(s, "retiree m1 at 1") {
			t.Fatal("the third card refused at $1k")
		}
		if _, err := s.Apply(0, "retiree m2 at 2"); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.Deck, []string{"1", "M2", "2", "3"}) || s.TeamCash != 0 || s.RetireeCards != 3 {
			t.Fatalf("after the third card: deck %v, cash $%dk, cards %d", s.Deck, s.TeamCash, s.RetireeCards)
		}
		s.TeamCash = 9
		if len(legalWith(s, 0, "retiree ")) != 0 {
			t.Fatal("a fourth Retiree card offered")
		}
	})
	t.Run("The Architect: three Idea tokens at most", func(t *testing.T) {
		s := planning(t, "The Architect", 9)
		s.ArchitectTokens = 3
		if len(legalWith(s, 0, "floorplans ")) != 0 {
			t.Fatal("a fourth floorplans token offered")
		}
	})
}
