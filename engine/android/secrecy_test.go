package android

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

// TestHunchInvariance: the same game with the hunches passed one seat on
// looks the same from outside until Game over — public lines, views,
// prompts, refusals, private-note counts and stand-in moves — over random
// games of every player count (enginetest.RoleInvariant).
func TestHunchInvariance(t *testing.T) {
	for n := 3; n <= 5; n++ {
		seeds := uint64(2)
		if testing.Short() {
			seeds = 1
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			a := engine.Setup{Players: n, Seed: seed*7 + uint64(n), Options: map[string]string{"murder": fmt.Sprint(seed)}}
			b := engine.Setup{Players: n, Seed: a.Seed, Options: map[string]string{"murder": fmt.Sprint(seed), "hunches": "rotate"}}
			sa := newS(t, n, a.Seed, a.Options["murder"])
			st, _ := Game().New(b)
			if sb := st.(*State); sb.Dets[0].Guilty != sa.Dets[1].Guilty || sb.Dets[n-1].Innocent != sa.Dets[0].Innocent {
				t.Fatal("hunches=rotate did not rotate")
			}
			_, moves := playRandom(t, a)
			if err := enginetest.RoleInvariant(Game(), a, b, moves); err != nil {
				t.Fatalf("players=%d seed=%d: %v", n, seed, err)
			}
		}
	}
}

// TestHiddenFields: the public view hides exactly the declared secrets:
// the generator, deck orders, the undealt hunches, each seat's hunches,
// its hand's cards, a token it holds, and face-down evidence.
func TestHiddenFields(t *testing.T) {
	s := newS(t, 4, 3, "")
	s.Suspects[0].Files[1] = []Evidence{{Token: s.EvidencePile[0], KnownTo: []engine.Seat{2}}}
	s.EvidencePile = s.EvidencePile[1:]
	allowed := []string{".Rng", ".EvidencePile", ".InnocentDeck", ".GuiltyDeck", ".Innocent", ".Guilty", ".Card", ".Down", ".Holding", ".Memory", ".Token", ".Story.Puzzle.Piles", ".Story.Events.Deck", ".Story.Events.SpecificDown"}
	for path := range engine.HiddenFrom(s, engine.Public) {
		ok := false
		for _, a := range allowed {
			if strings.Contains(path, a) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("unexpected hidden field %s", path)
		}
	}
	hidden := engine.HiddenFrom(s, 2)
	for path := range hidden {
		if strings.Contains(path, "Files") {
			t.Errorf("seat 2 does not see the token it placed: %s", path)
		}
		if strings.Contains(path, "Dets[2].") && !strings.Contains(path, ".Down") {
			t.Errorf("seat 2 does not see its own %s", path)
		}
	}
	found := false
	for path := range engine.HiddenFrom(s, 1) {
		if strings.Contains(path, "Files[1][0].Token") {
			found = true
		}
	}
	if !found {
		t.Error("seat 1 sees a token seat 2 placed face down")
	}
}
