package android

import (
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/android/conspiracy"
)

// TestNPCFavors (AN-NPC-04, AN-FAVOR-05/06): each detective's
// favor-granting NPC gives favors to that detective only; an NPC favor
// pays a cost as either type it shows, and counts as one favor.
func TestNPCFavors(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	if len(s.Story.NPCs) != 3 {
		t.Fatalf("NPCs in play %+v", s.Story.NPCs)
	}
	seat := s.active()
	var r engine.Result
	s.resolveEffects(&EventSlot{}, GeneralEvents[eventIndex(t, "old-friends")], &r)
	for i := range s.Dets {
		if n := s.npcOf(i); n.Held != 1 || n.Pile != NPCFavorsPerNPC-1 || n.Seat != i {
			t.Errorf("seat %d's NPC %+v", i, n)
		}
	}
	n := s.npcOf(seat)
	shown := n.Def().Types[0]
	// A major location whose ability costs a favor of a type the NPC
	// shows, and one of a type he does not.
	var use, other string
	for _, l := range Locations {
		switch {
		case l.CostFavor == "" || l.Restricted || l.Ability == AbilityWarrant:
		case l.CostFavor == n.Def().Types[0] || l.CostFavor == n.Def().Types[1]:
			if use == "" {
				use, shown = l.Slug, l.CostFavor
			}
		case other == "":
			other = l.Slug
		}
	}
	place(t, s, other, 6)
	if strings.Contains(strings.Join(legal(s, seat), " "), "use "+other) {
		t.Errorf("an NPC favor paid for a type it does not show at %s", other)
	}
	place(t, s, use, 6)
	var m string
	for _, lm := range legal(s, seat) {
		if strings.HasPrefix(lm, "use "+use) {
			m = lm
			break
		}
	}
	if m == "" {
		t.Fatalf("the NPC favor cannot pay for %s (%s): %v", use, shown, legal(s, seat))
	}
	apply(t, s, seat, m)
	if n.Held != 0 || n.Pile != NPCFavorsPerNPC || s.Time != 5 {
		t.Errorf("after paying with the NPC favor: %+v, Time %d", n, s.Time)
	}
}

// TestNPCElimination (AN-NPC-01…03): an eliminated NPC's marker shows the
// skull; his detective discards the NPC's favors, gains no more, and takes
// a trauma counter [ours].
func TestNPCElimination(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	var r engine.Result
	first := s.First
	s.gainNPCFavor(first, &r)
	s.gainNPCFavor(first, &r)
	s.resolveEffects(&EventSlot{}, GeneralEvents[eventIndex(t, "hit-list")], &r)
	n := s.npcOf(first)
	if !n.Dead || n.Held != 0 || n.Discarded != 2 || s.Dets[first].Trauma != 1 {
		t.Fatalf("eliminated NPC %+v, trauma %d", n, s.Dets[first].Trauma)
	}
	s.gainNPCFavor(first, &r)
	if n.Held != 0 {
		t.Error("an eliminated NPC gave a favor")
	}
	if !strings.Contains(s.View(engine.Public).Text(), n.Def().Name+" (eliminated)") {
		t.Error("the view does not show the skull")
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
}

// TestNPCFavorVP (AN-FAVOR-07, AN-VP-10): at the close an NPC
// favor takes the link bonus of every type it shows.
func TestNPCFavorVP(t *testing.T) {
	s := newS(t, 3, 2, "1")
	var r engine.Result
	seat := 0
	s.gainNPCFavor(seat, &r)
	types := s.npcOf(seat).Def().Types
	var links [conspiracy.NumGroups]int
	for _, g := range conspiracy.RimGroups {
		links[g] = 1
	}
	if v := s.storyVP(seat, links); v.Conspiracy.FavorLinks != 2 {
		t.Errorf("an NPC favor showing %v with every group linked once: %d VP, want 2", types, v.Conspiracy.FavorLinks)
	}
	links = [conspiracy.NumGroups]int{}
	for _, g := range conspiracy.RimGroups {
		if groupFavor(g) == types[0] {
			links[g] = 3
		}
	}
	if v := s.storyVP(seat, links); v.Conspiracy.FavorLinks != 3 {
		t.Errorf("three links to %s: %d VP, want 3", types[0], v.Conspiracy.FavorLinks)
	}
}
