package heist

import (
	"slices"
	"testing"
)

// TestBotSearchPlanReachesTheKeycardDoor plays The Hospitality Job's
// Planning (3 characters, seed 1, as TestBotFigures seats it): the only
// Keycard is in the Security bag, and the plan that searches for it (the
// one over the most unknown tiles) must lead next to a Keycard Door, so
// that whoever finds the Keycard on it can open the door. Before, the
// Burglar's search plan (i8 h8 g8 g7 f6 e7 d6 d5) ran past the door on d8
// and the Keycard found on d6 stayed in its hand to the end.
func TestBotSearchPlanReachesTheKeycardDoor(t *testing.T) {
	s := botsPlanned(t, "the-hospitality-job", 3, 1, nil)
	var searcher *Character
	most := -1
	for _, c := range s.Chars {
		unknown := 0
		for _, h := range c.Planned {
			if s.tile(h).Unknown {
				unknown++
			}
		}
		if unknown > most {
			searcher, most = c, unknown
		}
	}
	if most < searcher.Memory-2 {
		t.Fatalf("no search plan: %s's plan %v covers %d unknown tiles", searcher.Name, searcher.Planned, most)
	}
	b := &botMind{s: s, c: searcher}
	if !slices.ContainsFunc(searcher.Planned, func(h string) bool { return b.nextToDoor(s.tile(h)) }) {
		t.Errorf("%s's search plan %v leads next to no Keycard Door", searcher.Name, searcher.Planned)
	}
}

// TestBotSearchPlanUnchangedOnceTheKeycardIsFound checks that the search
// plan is cut short for the door only while the Keycard is still in the
// bag: once it lies on the board, the plan is the plain search again.
func TestBotSearchPlanUnchangedOnceTheKeycardIsFound(t *testing.T) {
	st, err := Game().New(botSetup("the-hospitality-job", 3, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	c := s.Chars[0]
	c.Memory = 8
	b := &botMind{s: s, c: c}
	froms := []*Tile{s.tile("j8")}
	plain := b.searchRoute(froms, c.Memory)
	if !b.keycardUnfound() {
		t.Fatal("the Keycard should still be in the bag at the start")
	}
	if got := b.doorSearch(froms); slices.ContainsFunc(plain, b.nextToDoor) || !slices.ContainsFunc(got, b.nextToDoor) {
		t.Fatalf("with the Keycard in the bag: plain search %v, door search %v", hexes(plain), hexes(got))
	}
	s.tile("g8").Loot = append(s.tile("g8").Loot, Keycard)
	if b.keycardUnfound() {
		t.Fatal("a Keycard lies on g8, yet it counts as unfound")
	}
	if got := b.doorSearch(froms); !slices.Equal(got, plain) {
		t.Errorf("with the Keycard found: door search %v, want the plain search %v", hexes(got), hexes(plain))
	}
}

func hexes(ts []*Tile) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Hex)
	}
	return out
}

// BenchmarkBotDoorSearch prices a search plan cut short for the door
// against the plain search it starts from (The Hospitality Job at the
// start, 8 tokens from j8, the Keycard in the bag): go test -run XXX
// -bench BotDoorSearch ./engine/heist.
func BenchmarkBotDoorSearch(b *testing.B) {
	st, err := Game().New(botSetup("the-hospitality-job", 3, 1))
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	c := s.Chars[0]
	c.Memory = 8
	froms := []*Tile{s.tile("j8")}
	b.Run("plain", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			m := &botMind{s: s, c: c}
			m.searchRoute(froms, c.Memory)
		}
	})
	b.Run("door", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			m := &botMind{s: s, c: c}
			m.doorSearch(froms)
		}
	})
}
