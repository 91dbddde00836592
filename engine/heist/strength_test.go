package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// Tests that follow an effect through to where it shows (issue 13).

// TestEscapeAnyOrder: MH-ESCAPE-02 — every character still inside makes
// its Escape Moves in any order: all of them are asked at once, and moves
// interleave freely (a one-at-a-time Escape fails this).
func TestEscapeAnyOrder(t *testing.T) {
	s, _ := crewBoard(t, "Thug", "c7", 1)
	for i, hex := range []string{"c7", "c6", "c5"} {
		s.Chars[i].Hex = hex
		s.Chars[i].Ideas = 6
	}
	var res engine.Result
	s.EscapeInitiated = true
	s.startEscape(&res)
	d := s.Turn()
	if d.Kind != engine.Simultaneous || len(d.Seats) != 3 {
		t.Fatalf("the Escape asks %v (%v), want all three seats at once", d.Seats, d.Kind)
	}
	firstMove := func(seat int) string {
		for _, m := range s.Legal(engine.Seat(seat)) {
			if len(m) > 5 && m[:5] == "move " {
				return m
			}
		}
		t.Fatalf("seat %d has no Escape Move: %v", seat, s.Legal(engine.Seat(seat)))
		return ""
	}
	// Last seat first, then the first, then the middle one, then the last again.
	for _, seat := range []int{2, 0, 1, 2} {
		if !s.Chars[seat].onBoard() {
			continue
		}
		before := s.Chars[seat].Hex
		apply(t, s, seat, firstMove(seat))
		if s.Chars[seat].Hex == before {
			t.Fatalf("seat %d did not move", seat)
		}
	}
}

// TestFlashbangUntilTheEventPhaseEnds: the Guards a Flashbang subdues stay
// down through the Event phase and get up when it ends.
func TestFlashbangUntilTheEventPhaseEnds(t *testing.T) {
	s, c := crewBoard(t, "Thug", "c7", 2)
	c.Loot = []string{"item Flashbang"}
	s.tile("c6").addChit(Guard, true, false)
	s.tile("c8").addChit(Guard, true, false)
	apply(t, s, 0, "take toss flashbang")
	if s.tile("c6").guards() != 0 || s.tile("c8").guards() != 0 {
		t.Fatal("the Flashbang subdues the Guards on and next to its hex")
	}
	s.Deck = []string{"M1", "M1", "M1", "M1", "M1", "M1"}
	var res engine.Result
	s.crises(&res)
	if s.tile("c6").guards() != 1 || s.tile("c8").guards() != 1 || len(s.Flashbanged) != 0 {
		t.Fatalf("after the Event phase the Guards are up again: c6 %d c8 %d", s.tile("c6").guards(), s.tile("c8").guards())
	}
	if !slices.Contains([]string{PhaseAction, PhaseEvent}, s.Phase) {
		t.Fatalf("phase %s", s.Phase)
	}
}

// TestAutopwnAfterTheTargetActs: the Unlock AUTOPWN grants is there when
// its target takes its own Action afterwards, and opens a Lock.
func TestAutopwnAfterTheTargetActs(t *testing.T) {
	s, _ := crewBoard(t, "Script Kiddie", "c7", 1)
	other := s.Chars[1]
	s.tile("e7").addChit(Lock, true, false)
	apply(t, s, 0, "take autopwn for 1 idea")
	apply(t, s, 0, "autopwn "+lower(other.Name)+" unlock")
	apply(t, s, 1, "take walk")
	apply(t, s, 1, "unlock e7")
	if s.tile("e7").locked() || other.Pool.Unlock != 0 {
		t.Fatalf("AUTOPWN's Unlock after the target's Action: locked %v, pool %+v", s.tile("e7").locked(), other.Pool)
	}
}

// TestAutopwnCannotGrantSubdueToWhoCannot: a grant gives an action, not
// the right to it: a character who may never Subdue (the Street Urchin's
// THERE ARE BETTER WAYS) is offered no Subdue by AUTOPWN (issue 13, item 4).
func TestAutopwnCannotGrantSubdueToWhoCannot(t *testing.T) {
	s := inclusion(t, 3)
	blankBoard(s)
	setCrew(t, s, 0, "Script Kiddie", "Hurry", "Bypass")
	urchin := setCrew(t, s, 1, "Street Urchin", "Wing It", "Linger")
	setCrew(t, s, 2, "Thug", "Wing It", "Linger")
	heistAt(t, s, 1, "c7", "e8", "e8")
	apply(t, s, 0, "take autopwn for 1 idea")
	legal := s.Legal(0)
	name := lower(urchin.Name)
	if slices.Contains(legal, "autopwn "+name+" subdue") {
		t.Fatalf("AUTOPWN offers a Subdue to %s, who cannot subdue: %v", urchin.Name, legal)
	}
	if !slices.Contains(legal, "autopwn "+name+" unlock") {
		t.Fatalf("AUTOPWN should still offer %s an Unlock: %v", urchin.Name, legal)
	}
}

// TestFlashbangGetsUpOnlyWhatItSubdued: MH-ITEM-05, MH-DOG-01 — Toss
// Flashbang subdues the Guards and Guard Dogs on and next to its hex; at
// the end of the Event phase exactly those get up: a Guard subdued before
// stays down, the Dog gets up too, and none gets up where an Operative's
// PRESSURE POINTS keeps Guards down (issue 13, item 11).
func TestFlashbangGetsUpOnlyWhatItSubdued(t *testing.T) {
	s, c := crewBoard(t, "Thug", "c7", 2)
	c.Loot = []string{"item Flashbang"}
	s.tile("c6").addChit(Guard, false, false) // subdued before the toss
	s.tile("c6").addChit(Guard, true, false)
	s.tile("c8").addChit(Dog, true, false)
	s.tile("d6").addChit(Guard, true, false)
	apply(t, s, 0, "take toss flashbang")
	for _, h := range []string{"c6", "c8", "d6"} {
		if s.tile(h).guards() != 0 {
			t.Fatalf("the Flashbang leaves %d Guards up on %s", s.tile(h).guards(), h)
		}
	}
	op := setCrew(t, s, 1, "Operative", "Wing It", "Linger")
	op.Hex = "e7" // next to d6, not to c6 or c8
	s.Deck = []string{"M1", "M1", "M1", "M1", "M1", "M1"}
	var res engine.Result
	s.crises(&res)
	if got := s.tile("c6").guards(); got != 1 || s.tile("c6").subdued() != 1 {
		t.Fatalf("c6: %d Guards up, %d down; want the tossed one up and the one subdued before still down", got, s.tile("c6").subdued())
	}
	if s.tile("c8").guards()+s.tile("c7").count(Dog, true) != 1 {
		// Up again, it may have jumped onto the Thug next to it.
		t.Fatal("the Dog the Flashbang subdued stays down after the Event phase")
	}
	if s.tile("d6").guards() != 0 {
		t.Fatal("PRESSURE POINTS: the Guard next to the Operative got up")
	}
	if len(s.Flashbanged) != 0 {
		t.Fatalf("Flashbanged not cleared: %v", s.Flashbanged)
	}
}

// TestBeatCopGuardsOrDogs: MH-PLAN-07, MH-FIXER-02 — the Beat Cop swaps
// "Guard or Guard Dog tokens" for blanks: the team says how many of each;
// a mix the bag cannot give is refused and changes nothing (issue 13,
// item 11).
func TestBeatCopGuardsOrDogs(t *testing.T) {
	s := inclusion(t, 3)
	s.Fixers = append(s.Fixers, "Beat Cop")
	s.TeamCash = 10
	s.Bag = map[string]int{Guard: 1, Dog: 2, Lock: 1}
	msg := reject(t, s, 0, "beat cop 2 guards")
	if !strings.Contains(msg, "1 Guard") {
		t.Fatalf("refusal %q should say what the bag holds", msg)
	}
	reject(t, s, 0, "beat cop 2")
	apply(t, s, 0, "beat cop 1 guard 2 dogs")
	if s.Bag[Guard] != 0 || s.Bag[Dog] != 0 || s.Bag[Blank] != 3 || s.Bag[Lock] != 1 || s.TeamCash != 6 {
		t.Fatalf("after beat cop 1 guard 2 dogs: bag %v, cash %d", s.Bag, s.TeamCash)
	}
	for _, m := range s.Legal(0) {
		if strings.HasPrefix(m, "beat cop") {
			t.Fatalf("MOONLIGHTER FRIENDS twice: %v", s.Legal(0))
		}
	}
}

// TestPrisonGuardWhereAnyoneStartsInside: MH-PLAN-07 — HAVE YOU SEEN WHAT
// WE MAKE?? is for "a heist where characters or NPCs start" inside: a
// County breakout, and also The Hospitality Job, whose Hostage waits inside;
// not The Inclusion Job, where everyone comes in through an Entrance
// (issue 13, item 11).
func TestPrisonGuardWhereAnyoneStartsInside(t *testing.T) {
	for _, sc := range []string{"county-the-hole", "the-hospitality-job", "the-greedy-prisoner"} {
		s := newTestState(t, sc, 3, 1)
		s.Fixers, s.TeamCash = []string{"Prison Guard"}, 5
		s.Bag = map[string]int{Lock: 3, Guard: 1}
		apply(t, s, 0, "prison guard")
		if s.Bag[Lock] != 1 || s.Bag[Blank] != 2 || s.TeamCash != 2 {
			t.Fatalf("%s: bag %v, cash %d after the Prison Guard", sc, s.Bag, s.TeamCash)
		}
	}
	s := inclusion(t, 3)
	s.Fixers, s.TeamCash = []string{"Prison Guard"}, 5
	s.Bag = map[string]int{Lock: 3}
	if msg := reject(t, s, 0, "prison guard"); !strings.Contains(msg, "start inside") {
		t.Fatalf("refusal %q should say why", msg)
	}
}

// npcAlone is The Side Channel with a blank board, the crew on an Entrance
// and the active Guide alone on an inside hex next to no one.
func npcAlone(t *testing.T) (*State, *Character) {
	t.Helper()
	s := newTestState(t, "the-side-channel", 3, 1)
	blankBoard(s)
	e := s.entrances()[0]
	heistAt(t, s, 3, e.Hex)
	n := s.NPC
	if n == nil || !n.Active {
		t.Fatal("The Side Channel's Guide should be active")
	}
	n.Hex = ""
	for _, x := range s.Tiles {
		if real(x) && !x.Entrance && !onOrAdjacent(x, e) && len(s.neighbours(x)) >= 2 {
			n.Hex = x.Hex
			break
		}
	}
	if n.Hex == "" {
		t.Fatal("no hex for the Guide")
	}
	n.Ideas = 2
	s.Deck = []string{"M1", "M1", "M1", "M1", "M1", "M1"}
	return s, n
}

// TestNPCIsACharacterForEventsSweepAndServers: MH-NPC-10 — "in every
// other way" an active NPC is treated as a character: an Event that costs
// an Idea or raises an Alert for a character counts it, a Watchtower Sweep
// spots or is disabled by it, and it opens a Remote Lock from its Server
// (issue 13, item 8).
func TestNPCIsACharacterForEventsSweepAndServers(t *testing.T) {
	t.Run("Event 20 takes an Idea from the NPC on a Guard", func(t *testing.T) {
		s, n := npcAlone(t)
		s.tile(n.Hex).addChit(Guard, true, false)
		resolve(s, "20")
		if n.Ideas != 1 {
			t.Fatalf("the Guide has %d Ideas, want 1", n.Ideas)
		}
	})
	t.Run("Event 4 raises an Alert for the NPC next to a Guard", func(t *testing.T) {
		s, n := npcAlone(t)
		s.neighbours(s.tile(n.Hex))[0].addChit(Guard, true, false)
		resolve(s, "4")
		if discarded(s) != 1 {
			t.Fatalf("%d Alerts, want 1", discarded(s))
		}
	})
	t.Run("Watchtower Sweep disabled by the NPC on the tower", func(t *testing.T) {
		s, n := npcAlone(t)
		s.tile(n.Hex).Tokens = append(s.tile(n.Hex).Tokens, TokWatchtower)
		resolve(s, "C2")
		if s.tile(n.Hex).has(TokWatchtower) {
			t.Fatal("the Guide on the Watchtower does not disable it")
		}
	})
	t.Run("Watchtower Sweep spots the NPC", func(t *testing.T) {
		s, n := npcAlone(t)
		tower := s.neighbours(s.tile(n.Hex))[0]
		tower.Tokens = append(tower.Tokens, TokWatchtower)
		resolve(s, "C2")
		if s.tile(n.Hex).guards() != 1 {
			t.Fatalf("the Watchtower next to the Guide adds %d Guards on it, want 1", s.tile(n.Hex).guards())
		}
	})
	t.Run("Server opened by the NPC", func(t *testing.T) {
		s, n := npcAlone(t)
		s.tile(n.Hex).Tokens = append(s.tile(n.Hex).Tokens, "server x")
		far := s.entrances()[0]
		lock := s.neighbours(far)[0]
		lock.Tokens = append(lock.Tokens, "remote x")
		var res engine.Result
		s.checkServers(&res)
		if lock.remoteLocked() {
			t.Fatal("the Guide on Server X does not open Remote Lock X")
		}
	})
}

// TestBreachSideChosenByTheTeamMHCHAR06: MH-CHAR-06, MH-DOG-07's "the team
// chooses" — BREACH opens "a new Exit on an external side of the current
// tile"; the card names no side, so with several the team picks one
// (`breach <hex>`), any seat answering; a side that is not one is refused
// and changes nothing (issue 13, item 11).
func TestBreachSideChosenByTheTeamMHCHAR06(t *testing.T) {
	s, c := crewBoard(t, "Demolitions Guy", "c7", 1)
	c.Ideas = 4
	apply(t, s, 0, "take breach for 4 ideas")
	if !s.EscapeInitiated {
		t.Fatal("BREACH initiates the Escape")
	}
	var sides []string
	for _, m := range s.Legal(2) {
		if strings.HasPrefix(m, "breach ") {
			sides = append(sides, strings.TrimPrefix(m, "breach "))
		}
	}
	if len(sides) < 2 || len(s.Legal(2)) != len(sides) {
		t.Fatalf("the team should choose among c7's external sides and do nothing else: %v", s.Legal(2))
	}
	for _, tl := range s.Tiles {
		if tl.Code == "BREACH" {
			t.Fatalf("BREACH placed %s before the team chose", tl.Hex)
		}
	}
	reject(t, s, 1, "breach c6")
	reject(t, s, 0, "done")
	pick := sides[len(sides)-1]
	apply(t, s, 2, "breach "+pick)
	n := 0
	for _, tl := range s.Tiles {
		if tl.Code == "BREACH" {
			n++
			if tl.Hex != pick || !tl.Entrance || !adjacent(tl, s.tile("c7")) {
				t.Fatalf("new Exit %+v, want the chosen %s next to c7", tl, pick)
			}
			if !s.externalSide(s.tile("c7")) {
				t.Fatal("c7 has no external side")
			}
		}
	}
	if n != 1 {
		t.Fatalf("%d new Exits, want 1", n)
	}
	if s.choice() != nil || !slices.Contains(s.Legal(0), "done") {
		t.Fatalf("after the choice the Action phase goes on: %v", s.Legal(0))
	}
}
