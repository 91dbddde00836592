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

// TestNPCEvent (AN-EVENT-06/07/10): an event puts the first player's NPC's
// status marker on the map; his detective meets him there for 1 Time and a
// favor, which ends the event and takes the NPC off the map; a new event
// for the same NPC ends the old one; so does his elimination.
func TestNPCEvent(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	meet := eventIndex(t, "meeting")
	s.Story.Events.Deck = []int{meet, meet}
	endTurns(t, s, 3)
	owner := s.Story.Events.Track[0].NPC - 1
	n := s.npcOf(owner)
	at := s.npcOnMap(owner)
	if owner < 0 || at != mustLoc("midtown-exchange") || !strings.Contains(s.View(engine.Public).Text(), "waiting at Midtown Exchange") {
		t.Fatalf("the NPC's marker is not on the map: slot %+v", s.Story.Events.Track[0])
	}
	for s.active() != owner {
		apply(t, s, s.active(), "end turn")
	}
	m := "meet " + npcSlug(n.Def().Name)
	place(t, s, "faculty-row", 6)
	if has(s, owner, m) || !strings.Contains(refusal(s, owner, m), "waits at Midtown Exchange") {
		t.Errorf("meeting away from the NPC: %q", refusal(s, owner, m))
	}
	place(t, s, "midtown-exchange", 6)
	apply(t, s, owner, m)
	if n.Held != 1 || s.Time != 5 || s.npcOnMap(owner) >= 0 || !s.Story.Events.Track[0].Ended {
		t.Errorf("after the meeting: %+v, Time %d, on map %d", n, s.Time, s.npcOnMap(owner))
	}
	// Redirected: a second event for the same NPC ends the first.
	s = quiet(newS(t, 3, 2, "1"))
	var r engine.Result
	first := &EventSlot{Event: meet}
	s.Story.Events.Track[0] = first
	s.resolveEffects(first, GeneralEvents[meet], &r)
	second := &EventSlot{Event: meet}
	s.Story.Events.Track[1], s.Story.Events.Track[0] = first, second
	s.resolveEffects(second, GeneralEvents[meet], &r)
	if !first.Ended || s.eventEnded(second) {
		t.Errorf("redirected NPC: first %+v, second %+v", first, second)
	}
	// Eliminated: the event ends and the marker leaves the map.
	s.eliminateNPC(s.First, &r)
	if !s.eventEnded(second) || s.npcOnMap(s.First) >= 0 {
		t.Error("the event of an eliminated NPC goes on")
	}
}
