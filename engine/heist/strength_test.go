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

// TestExploitAfterTheTargetActs: EXPLOIT grants two of a sub-action; made
// before its target takes its own Action, both are still there after it,
// and open two Locks; the grant's Noise is counted with the target's
// Action (issue 13, item 4).
func TestExploitAfterTheTargetActs(t *testing.T) {
	s, hat := crewBoard(t, "Black Hat", "c7", 1)
	hat.Ideas = 2
	other := s.Chars[1]
	other.Hex = "c7"
	s.tile("c6").addChit(Lock, true, false)
	s.tile("d6").addChit(Lock, true, false)
	apply(t, s, 0, "take exploit for 1 idea")
	apply(t, s, 0, "autopwn "+lower(other.Name)+" unlock")
	if other.Pool.Unlock != 2 || other.Noise != 1 {
		t.Fatalf("EXPLOIT grants 2 Unlocks and 1 Noise: pool %+v noise %d", other.Pool, other.Noise)
	}
	apply(t, s, 1, "take walk")
	apply(t, s, 1, "unlock c6")
	apply(t, s, 1, "unlock d6")
	if s.tile("c6").locked() || s.tile("d6").locked() || other.Pool.Unlock != 0 {
		t.Fatalf("EXPLOIT's two Unlocks after the target's Action: c6 %v d6 %v pool %+v", s.tile("c6").locked(), s.tile("d6").locked(), other.Pool)
	}
	if other.Noise != 2 { // Walk's Noise and the grant's
		t.Fatalf("noise %d, want 2", other.Noise)
	}
}

// TestBookieIgnoresTheHidden: a character hidden by the Camouflage has not
// escaped, so a won heist with it inside loses the Bookie's bet.
func TestBookieIgnoresTheHidden(t *testing.T) {
	s := inclusion(t, 3)
	s.Fixers = append(s.Fixers, "Bookie")
	s.TeamCash = 10
	apply(t, s, 0, "bet 3k")
	for i, c := range s.Chars {
		c.Hex, c.Escaped = "e8", i > 0
	}
	c := s.Chars[0]
	c.Hex, c.Loot = "g3", []string{"item Camouflage"}
	s.Secured = []string{Jewel, Jewel, Jewel}
	var res engine.Result
	s.finish(&res)
	if !s.Won || !c.Hidden || c.Escaped || s.TeamCash != 7 {
		t.Fatalf("won %v hidden %v escaped %v team cash $%dk, want $7k (the stake lost)", s.Won, c.Hidden, c.Escaped, s.TeamCash)
	}
}

// TestRadioTweakPlan: TWEAK PLAN lets every character move one planning
// token one hex, once: onto a neighbour only, and then no more.
func TestRadioTweakPlan(t *testing.T) {
	s, c := crewBoard(t, "Thug", "c8", 2)
	c.Loot = []string{"item Radio"}
	o := s.Chars[1]
	for _, h := range slices.Clone(o.Planned) {
		s.unplan(o, s.tile(h))
	}
	s.plan(o, s.tile("c6"))
	if len(legalWith(s, 1, "replan ")) != 0 {
		t.Fatal("no replanning before the Radio")
	}
	apply(t, s, 0, "take tweak plan")
	if c.has("item Radio") {
		t.Fatal("the Radio is discarded")
	}
	legal := s.Legal(1)
	if !slices.Contains(legal, "replan c6 to c5") || slices.Contains(legal, "replan c6 to g4") {
		t.Fatalf("one hex only: %v", legalWith(s, 1, "replan "))
	}
	apply(t, s, 1, "replan c6 to c5")
	if !s.tile("c5").planned(1) || s.tile("c6").planned(1) || len(legalWith(s, 1, "replan ")) != 0 {
		t.Fatalf("one tweak: planned %v, still %v", o.Planned, legalWith(s, 1, "replan "))
	}
}

// TestArchitectIdeaToken: TAKE A LOOK AT THESE FLOORPLANS puts an Idea
// token on a hex in Planning; the first character to enter it in the
// Heist gains the Idea.
func TestArchitectIdeaToken(t *testing.T) {
	s := inclusion(t, 3)
	s.Fixers = append(s.Fixers, "The Architect")
	s.TeamCash = 5
	apply(t, s, 0, "floorplans c7")
	if s.tile("c7").Ideas != 1 || s.TeamCash != 5 {
		t.Fatalf("the first token is free: c7 %d, cash %d", s.tile("c7").Ideas, s.TeamCash)
	}
	blankBoard(s)
	s.tile("c7").Ideas = 1
	heistAt(t, s, 3, "c8")
	c := s.Chars[0]
	ideas := c.Ideas
	apply(t, s, 0, "take walk")
	apply(t, s, 0, "move c7")
	if c.Ideas != ideas+1 || s.tile("c7").Ideas != 0 {
		t.Fatalf("ideas %d (was %d), token left %d", c.Ideas, ideas, s.tile("c7").Ideas)
	}
}

// TestMasterPlanCopyBusted: SCRAWLED ON PALM — when the Master Plan
// Copy's owner is Busted, everyone is, and the objective fails.
func TestMasterPlanCopyBusted(t *testing.T) {
	s := inclusion(t, 3)
	for i, c := range s.Chars {
		c.Hex, c.Escaped = "e8", i > 0
	}
	owner := s.Chars[0]
	owner.Hex, owner.MasterPlan = "g3", true
	s.Secured = []string{Jewel, Jewel, Jewel}
	var res engine.Result
	s.finish(&res)
	for _, c := range s.Chars {
		if !c.Busted || c.Escaped {
			t.Fatalf("%s: busted %v escaped %v", c.Card, c.Busted, c.Escaped)
		}
	}
	if s.Won {
		t.Fatal("the objective fails")
	}
	s2 := inclusion(t, 3)
	for _, c := range s2.Chars {
		c.Hex, c.Escaped = "e8", true
	}
	s2.Chars[0].MasterPlan = true
	s2.Secured = []string{Jewel, Jewel, Jewel}
	s2.finish(&res)
	if !s2.Won {
		t.Fatal("with its owner out, the heist is won")
	}
}

// TestBagDrawUniform: a draw from the Security bag is uniform over the
// chits left (CONTENT.md, security.go drawChit): with one Camera and two
// Guards in the bag a Camera comes out about a third of the time.
func TestBagDrawUniform(t *testing.T) {
	s := inclusion(t, 3)
	cameras := 0
	for i := 0; i < 600; i++ {
		s.Bag = map[string]int{Camera: 1, Guard: 2}
		if s.drawChit() == Camera {
			cameras++
		}
		if total := s.Bag[Camera] + s.Bag[Guard]; total != 2 {
			t.Fatalf("one chit leaves the bag per draw: %v", s.Bag)
		}
	}
	if cameras < 150 || cameras > 250 {
		t.Fatalf("a Camera came out %d times in 600 draws, want about 200", cameras)
	}
}

// TestBagEmptyWithZeroCounts: a bag whose counts are all zero (the Beat
// Cop and the Prison Guard take chits out and leave the kind at 0) is
// empty: a Reveal with no unknown tile then takes nothing out of it, and I
// KNOW A WAY turns it into an Idea.
func TestBagEmptyWithZeroCounts(t *testing.T) {
	s, _ := crewBoard(t, "Lookout", "c8", 1)
	s.Bag = map[string]int{Guard: 0, Lock: 0}
	if !s.bagEmpty() {
		t.Fatal("a bag of zero counts is empty")
	}
	apply(t, s, 0, "take discover")
	if slices.Contains(s.Legal(0), "reveal bag") || !slices.Contains(s.Legal(0), "reveal as idea") {
		t.Fatalf("empty bag: %v", s.Legal(0))
	}
}

// TestSupplyCountsTwoXChits: MH-PIECES-05, MH-EPHASE-11 — a "Guard x2"
// chit in the bag is two of the box's 15 Guards: with 4 Guards and one
// x2 in the bag and 9 on the board, none is left to place.
func TestSupplyCountsTwoXChits(t *testing.T) {
	s := eventBoard(t, "c7", "e8", "i5")
	s.Bag = map[string]int{Guard: 4, Guard + " x2": 1}
	for i := 0; i < 8; i++ {
		s.tile("g4").addChit(Guard, true, false)
	}
	if n := s.supplyLeft(Guard); n != 1 {
		t.Fatalf("supply %d Guards, want 1", n)
	}
	s.tile("g4").addChit(Guard, false, false)
	var res engine.Result
	if s.place(s.tile("c6"), Guard, "A Guard", &res) || s.tile("c6").guards() != 0 {
		t.Fatal("a 16th Guard was placed")
	}
}

// TestConsultantOnCallThisRound: ON CALL replaces a chit drawn from the
// bag this round: one revealed by a move in the Action phase may be
// replaced.
func TestConsultantOnCallThisRound(t *testing.T) {
	s := inclusion(t, 3)
	s.Fixers = append(s.Fixers, "Consultant")
	s.TeamCash = 4
	apply(t, s, 0, "consultant 2")
	blankBoard(s)
	s.tile("b6").Unknown = true
	heistAt(t, s, 3, "c8")
	s.DrawnThisRound = nil // as the round's Roll leaves it
	c := s.Chars[0]
	c.Ideas = 2
	s.Bag = map[string]int{Camera: 1}
	apply(t, s, 0, "take walk")
	apply(t, s, 0, "move c7") // reveals b6
	if !slices.Contains(s.Legal(0), "on call b6 camera") {
		t.Fatalf("the Camera drawn this round: %v", s.Legal(0))
	}
	apply(t, s, 0, "on call b6 camera")
	if s.tile("b6").liveCamera() || s.ConsultantBlanks != 1 || c.Ideas != 1 {
		t.Fatalf("ON CALL: b6 %v blanks %d ideas %d", s.tile("b6").Chits, s.ConsultantBlanks, c.Ideas)
	}
}

// TestChangeOfPlansAnywhere: CHANGE OF PLANS moves as many as three of the
// character's planning tokens anywhere, then no more.
func TestChangeOfPlansAnywhere(t *testing.T) {
	s, c := crewBoard(t, "Street Urchin", "c8", 1)
	for _, h := range slices.Clone(c.Planned) {
		s.unplan(c, s.tile(h))
	}
	for _, h := range []string{"c7", "c6", "c5"} {
		s.plan(c, s.tile(h))
	}
	c.Ideas = 2
	apply(t, s, 0, "change of plans")
	for _, m := range []string{"replan c7 to g4", "replan c6 to h5", "replan c5 to a4"} {
		apply(t, s, 0, m)
	}
	for _, h := range []string{"g4", "h5", "a4"} {
		if !s.tile(h).planned(0) {
			t.Fatalf("%s not planned: %v", h, c.Planned)
		}
	}
	if len(c.Planned) != 3 || len(legalWith(s, 0, "replan ")) != 0 {
		t.Fatalf("three tokens moved, then none: %v %v", c.Planned, legalWith(s, 0, "replan "))
	}
}

// TestPatchInAndLoopFootageEffects: PATCH IN gives two Ideas, a Reveal and
// a Noise; LOOP FOOTAGE silences Cameras for the Action and Event phase,
// and they bite again in the next round.
func TestPatchInAndLoopFootageEffects(t *testing.T) {
	s, c := crewBoard(t, "Shutter Bug", "c7", 1)
	s.tile("c6").addChit(Camera, true, false)
	apply(t, s, 0, "take patch in")
	if c.Pool.Idea != 2 || c.Pool.Reveal != 1 || c.Noise != 1 {
		t.Fatalf("PATCH IN: pool %+v noise %d", c.Pool, c.Noise)
	}
	s2, tech := crewBoard(t, "Technician", "c8", 1)
	s2.tile("c7").addChit(Camera, true, false)
	tech.Ideas = 2
	apply(t, s2, 0, "take loop footage for 2 ideas")
	if !s2.LoopFootage || tech.Ideas != 0 {
		t.Fatal("LOOP FOOTAGE")
	}
	s2.Deck = []string{"M1", "M1", "M1", "M1", "M1", "M1"}
	var res engine.Result
	s2.crises(&res) // the Event phase ends
	if s2.LoopFootage {
		t.Fatal("LOOP FOOTAGE ends with the Event phase")
	}
	deck := len(s2.Deck)
	s2.enter(tech, s2.tile("c7"), &res)
	if len(s2.Deck) != deck-1 {
		t.Fatal("the Camera raises an Alert again in the next round")
	}
}

// TestEscapePaysLastDitchFirst: MH-ESCAPE-08, MH-ESCAPE-09 — Escape Moves
// come from the Last Ditch roll first, then from Ideas.
func TestEscapePaysLastDitchFirst(t *testing.T) {
	s := inclusion(t, 3)
	blankBoard(s)
	heistAt(t, s, 3, "c5", "g6", "g6")
	s.tile("c6").addChit(Guard, true, false)
	var res engine.Result
	s.EscapeInitiated = true
	s.startEscape(&res)
	c := s.Chars[0]
	c.Ideas, c.EscapeMoves, c.Rolled = 3, 1, true
	apply(t, s, 0, "move c6") // 1 Escape Move: the roll's
	if c.EscapeMoves != 0 || c.Ideas != 3 {
		t.Fatalf("roll %d ideas %d, want 0 and 3", c.EscapeMoves, c.Ideas)
	}
	c.EscapeMoves = 1
	apply(t, s, 0, "move c7") // 2 Escape Moves (a Guard left behind): the roll's, then an Idea
	if c.EscapeMoves != 0 || c.Ideas != 2 {
		t.Fatalf("roll %d ideas %d, want 0 and 2", c.EscapeMoves, c.Ideas)
	}
}

// TestStreetUrchinOneGuardOneMove: THERE ARE BETTER WAYS — leaving a hex
// with one unsubdued Guard costs the Street Urchin one Escape Move.
func TestStreetUrchinOneGuardOneMove(t *testing.T) {
	s, c := crewBoard(t, "Street Urchin", "e7", 1)
	s.tile("e7").addChit(Guard, true, false)
	var res engine.Result
	s.EscapeInitiated = true
	s.startEscape(&res)
	c.Ideas = 1
	apply(t, s, 0, "move e8")
	if !c.Escaped || c.Ideas != 0 {
		t.Fatalf("escaped %v ideas %d", c.Escaped, c.Ideas)
	}
}

// TestFinalScoreHideoutHoldsTwo: in The Final Score: Part 1 a hideout is
// where the Escape ends, for at most two characters.
func TestFinalScoreHideoutHoldsTwo(t *testing.T) {
	s := newTestState(t, "the-final-score-part-1", 3, 1)
	var hide *Tile
	for _, tl := range s.Tiles {
		if real(tl) && tl.has(TokBeacon) {
			hide = tl
			break
		}
	}
	if hide == nil {
		t.Fatal("no hideout")
	}
	a, b, c := s.Chars[0], s.Chars[1], s.Chars[2]
	a.Hex, a.Escaped = hide.Hex, true
	if !s.isExit(c, hide) {
		t.Fatal("one character in the hideout: room for another")
	}
	b.Hex, b.Escaped = hide.Hex, true
	if s.isExit(c, hide) {
		t.Fatal("two characters fill the hideout")
	}
}
