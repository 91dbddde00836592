package heist

import (
	"slices"
	"strings"
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

// insideHex is a hex of s that is neither an Entrance nor next to one.
func insideHex(t *testing.T, s *State) string {
	t.Helper()
	for _, tl := range s.Tiles {
		if !real(tl) || tl.Entrance {
			continue
		}
		near := false
		for _, n := range s.neighbours(tl) {
			near = near || n.Entrance
		}
		if !near {
			return tl.Hex
		}
	}
	t.Fatal("no inside hex")
	return ""
}

// TestCamouflageHidesButDoesNotEscape: CATCH UP WITH YA LATER keeps a
// character with no unsubdued Guard on or next to it from being Busted
// when the Escape ends; it has not escaped: its cash stays with it (not
// secured, not thrown away), it wins no breakout and the Bookie does not
// count it; with a Guard next to it, it is Busted.
func TestCamouflageHidesButDoesNotEscape(t *testing.T) {
	t.Run("end of the heist", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "g3", 2)
		c.Loot = []string{"item Camouflage"}
		c.Cash = 3
		s.Fixers = append(s.Fixers, "Bookie")
		s.BookieBet = 2
		var res engine.Result
		s.EscapeInitiated = true
		s.startEscape(&res)
		if !s.Chars[1].Escaped || !s.Chars[2].Escaped {
			t.Fatal("seats 1 and 2 start the Escape on an Exit")
		}
		cash := s.TeamCash
		apply(t, s, 0, "give up")
		if s.Outcome() == nil {
			t.Fatal("the Escape should be over")
		}
		if c.Busted || c.Escaped || !c.Hidden || c.Cash != 3 || !c.has("item Camouflage") {
			t.Fatalf("hidden: busted %v escaped %v hidden %v cash %d loot %v", c.Busted, c.Escaped, c.Hidden, c.Cash, c.Loot)
		}
		if s.SecuredCash != 0 || s.TeamCash != cash {
			t.Fatalf("a hidden character's cash is not secured: secured $%dk, team $%dk (was $%dk)", s.SecuredCash, s.TeamCash, cash)
		}
		if !strings.Contains(s.Result.Summary, "2 of 3 characters escaped") {
			t.Fatalf("summary: %s", s.Result.Summary)
		}
	})
	t.Run("a Guard next to it", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "g3", 2)
		c.Loot = []string{"item Camouflage"}
		s.tile(s.neighbours(s.tile("g3"))[0].Hex).addChit(Guard, true, false)
		var res engine.Result
		s.EscapeInitiated = true
		s.startEscape(&res)
		apply(t, s, 0, "give up")
		if !c.Busted || c.Hidden {
			t.Fatal("CATCH UP WITH YA LATER needs no unsubdued Guard on or next to the hex")
		}
	})
	t.Run("no breakout won by hiding", func(t *testing.T) {
		s := newTestState(t, "county-the-bricks", 3, 1)
		crewReady(t, s)
		blankBoard(s)
		heistAt(t, s, 3, insideHex(t, s))
		for _, c := range s.Chars {
			c.WentIn = true
		}
		c := s.Chars[0]
		c.Loot = []string{"item Camouflage"}
		var res engine.Result
		s.startEscape(&res)
		for s.Outcome() == nil {
			apply(t, s, int(s.Turn().Seats[0]), "give up")
		}
		if !c.Hidden || c.Escaped || c.Busted {
			t.Fatalf("hidden %v escaped %v busted %v", c.Hidden, c.Escaped, c.Busted)
		}
		if s.Won {
			t.Fatal("a hidden character did not get out: the breakout fails")
		}
	})
}

// TestBookiePayout: DOUBLE OR NOTHING — the stake leaves team cash when it
// is placed; a won heist with every character out pays it back with as
// much again (+bet net), anything else loses it (−bet net).
func TestBookiePayout(t *testing.T) {
	bet := func(t *testing.T, escape bool) *State {
		s := inclusion(t, 3)
		s.Fixers = append(s.Fixers, "Bookie")
		s.TeamCash = 10
		apply(t, s, 0, "bet 3k")
		if s.TeamCash != 7 {
			t.Fatalf("the stake is paid when placed: team cash $%dk", s.TeamCash)
		}
		for i, c := range s.Chars {
			c.Hex = "e8"
			c.Escaped = escape || i > 0
			c.Busted = !c.Escaped
		}
		s.Secured = []string{Jewel, Jewel, Jewel}
		var res engine.Result
		s.finish(&res)
		return s
	}
	if s := bet(t, true); !s.Won || s.TeamCash != 13 {
		t.Fatalf("won with everyone out: team cash $%dk, want $13k (10 − 3 staked + 6 paid)", s.TeamCash)
	}
	if s := bet(t, false); !s.Won || s.TeamCash != 7 {
		t.Fatalf("won with one Busted: team cash $%dk, want $7k (the stake lost)", s.TeamCash)
	}
}

// TestAngerTherapyEveryEscapeStart: ANGER THERAPY subdues the Guards on
// the Bruiser's hex when the Escape begins, whatever began it: a
// character's `escape now` (a Guard arriving after the call still counts:
// the Escape begins after the Event phase), Sound the Alarm! (Z1),
// Full Lockdown!! (Z2), a spent deck and the round limit.
func TestAngerTherapyEveryEscapeStart(t *testing.T) {
	starts := map[string]func(t *testing.T, s *State){
		"escape now": func(t *testing.T, s *State) { apply(t, s, 1, "escape now") },
		"Z1":         func(t *testing.T, s *State) { s.CrisisQueue = []string{"Z1"} },
		"Z2":         func(t *testing.T, s *State) { s.CrisisQueue = []string{"Z2"} },
		"spent deck": func(t *testing.T, s *State) { s.Deck, s.LastUsed = nil, true },
		"round limit": func(t *testing.T, s *State) {
			s.Round = maxRounds
		},
	}
	for name, start := range starts {
		t.Run(name, func(t *testing.T) {
			s, c := crewBoard(t, "Bruiser", "c7", 1)
			start(t, s)
			s.tile("c7").addChit(Guard, true, false)
			s.tile("c7").addChit(Guard, true, false)
			var res engine.Result
			s.crises(&res)
			if s.Phase != PhaseEscape {
				t.Fatalf("the Escape has not begun: %s", s.Phase)
			}
			if g := s.tile(c.Hex).guards(); g != 0 {
				t.Fatalf("%d Guards left on the Bruiser's hex when the Escape begins", g)
			}
			if !strings.Contains(strings.Join(res.Public, "\n"), "ANGER THERAPY") {
				t.Fatal("ANGER THERAPY is not told")
			}
		})
	}
}

// TestMovingTargetOneHex: MOVING TARGET steps every Guard one hex toward
// the van at the end of the Event phase — a Guard stepping onto a hex whose
// own Guard steps on stays there, never two hexes — and each step is told.
func TestMovingTargetOneHex(t *testing.T) {
	s := newTestState(t, "the-safehouse-rescue", 3, 1)
	for _, tl := range s.Tiles {
		tl.Unknown, tl.Chits = false, nil
	}
	dist := s.distances(func(tl *Tile) bool { return tl.has(TokBeacon) })
	var a, b, c *Tile
	for _, tl := range s.Tiles {
		if real(tl) && dist[tl] == 3 {
			if n := s.closer(tl, dist); n != nil {
				if m := s.closer(n, dist); m != nil {
					a, b, c = tl, n, m
					break
				}
			}
		}
	}
	if a == nil {
		t.Fatal("no path of three hexes to the van")
	}
	a.addChit(Guard, true, false)
	b.addChit(Guard, false, false)
	b.addChit(Guard, true, false)
	var res engine.Result
	s.endOfEventSpecials(&res)
	if a.count(Guard, false) != 0 || b.count(Guard, false) != 1 || c.count(Guard, false) != 2 {
		t.Fatalf("guards %s:%d %s:%d %s:%d, want 0, 1, 2", a.Hex, a.count(Guard, false), b.Hex, b.count(Guard, false), c.Hex, c.count(Guard, false))
	}
	if b.count(Guard, true) != 1 || c.count(Guard, true) != 1 {
		t.Fatal("a Guard keeps its side (subdued or not) when it steps")
	}
	log := strings.Join(res.Public, "\n")
	for _, want := range []string{"the Guard on " + a.Hex + " steps to " + b.Hex, "the 2 Guards on " + b.Hex + " step to " + c.Hex} {
		if !strings.Contains(log, want) {
			t.Fatalf("log lacks %q:\n%s", want, log)
		}
	}
}

// TestReinforcementsToldHexByHex: Crisis C1 names the hexes it changes:
// Guards getting up, Locks locked again, Guards added, the token's two.
func TestReinforcementsToldHexByHex(t *testing.T) {
	s := newTestState(t, "the-safehouse-rescue", 3, 1)
	var tok *Tile
	for _, tl := range s.Tiles {
		tl.Unknown, tl.Chits = false, nil
		if tl.has(TokReinforcements) {
			tok = tl
		}
	}
	if tok == nil {
		t.Fatal("no Reinforcements token")
	}
	for _, c := range s.Chars {
		c.Hex = ""
	}
	ns := s.neighbours(tok)
	ns[0].addChit(Guard, false, false)
	ns[1].addChit(Lock, false, false)
	res := resolve(s, "C1")
	log := strings.Join(res.Public, "\n")
	for _, want := range []string{
		"the token becomes 2 Guards",
		"on " + ns[0].Hex + " get up again",
		ns[1].Hex + " locked again",
		"a Guard is added on " + ns[2].Hex,
	} {
		if !strings.Contains(log, want) {
			t.Fatalf("log lacks %q:\n%s", want, log)
		}
	}
}

// TestAngerTherapySubduesDogsTooMHDOG01: MH-DOG-01, MH-CHAR-08 — the card
// subdues "all Guards" on the Bruiser's hex; the rulebook makes Guard Dogs
// Guards, so a Dog on that hex goes down with them (issue 13, item 11).
func TestAngerTherapySubduesDogsTooMHDOG01(t *testing.T) {
	s, c := crewBoard(t, "Bruiser", "c7", 1)
	apply(t, s, 1, "escape now")
	s.tile("c7").addChit(Dog, true, false)
	s.tile("c7").addChit(Guard, true, false)
	var res engine.Result
	s.crises(&res)
	if s.Phase != PhaseEscape {
		t.Fatalf("the Escape has not begun: %s", s.Phase)
	}
	if s.tile(c.Hex).count(Dog, true) != 0 || s.tile(c.Hex).count(Dog, false) != 1 {
		t.Fatalf("the Dog on the Bruiser's hex is not subdued: %+v", s.tile(c.Hex).Chits)
	}
}

// TestImprisonedInTheEscapeMHREMOTE02: MH-REMOTE-02, MH-REMOTE-05 — a
// character behind a Remote Lock may not Move, and Escape Moves are Moves:
// the Escape offers it none until a character steps onto the matching
// Server, which opens the lock then as at any other time (issue 13, item
// 11).
func TestImprisonedInTheEscapeMHREMOTE02(t *testing.T) {
	s, c := crewBoard(t, "Thug", "c6", 1)
	c.Ideas = 6
	s.tile("c6").Tokens = append(s.tile("c6").Tokens, "remote x")
	s.tile("d6").Tokens = append(s.tile("d6").Tokens, "server x")
	friend := s.Chars[1]
	friend.Hex, friend.Ideas = "e7", 6
	s.EscapeInitiated = true
	var res engine.Result
	s.startEscape(&res)
	for _, m := range s.Legal(0) {
		if strings.HasPrefix(m, "move ") {
			t.Fatalf("an imprisoned character is offered %q in the Escape: %v", m, s.Legal(0))
		}
	}
	reject(t, s, 0, "move c7")
	apply(t, s, 1, "move d6")
	if s.tile("c6").remoteLocked() {
		t.Fatal("stepping onto Server X in the Escape does not open Remote Lock X")
	}
	apply(t, s, 0, "move c7")
	if c.Hex != "c7" {
		t.Fatalf("the freed character is on %s", c.Hex)
	}
}

// TestScenarioDataFilledInMHSETUP06: MH-SETUP-06, MH-DOG-06 — the pieces
// the booklet leaves out (issue 13, item 6; CONTENT.md "Scenario data the
// booklet leaves out"): The Dark Horse Job's Cheap Picks lie on its item
// hex (b2) and its Kennel (f7) lets D1 bring a Dog out; the item hexes of
// The Proving Grounds and County: The Hole hold Safecracking Tools.
func TestScenarioDataFilledInMHSETUP06(t *testing.T) {
	s := newTestState(t, "the-dark-horse-job", 3, 1)
	if b2 := s.tile("b2"); !b2.has(TokItem) || !slices.Contains(b2.Loot, "item Cheap Picks") {
		t.Fatalf("The Dark Horse Job's item hex: %+v", b2)
	}
	if !s.tile("f7").has(TokKennel) {
		t.Fatalf("The Dark Horse Job has no Kennel on f7: %+v", s.tile("f7"))
	}
	dogs := func() int {
		n := 0
		for _, tl := range s.Tiles {
			n += tl.count(Dog, false) // every Dog, up or down
		}
		return n
	}
	heistAt(t, s, 3, "g2")
	before := dogs()
	resolve(s, "D1")
	if dogs() != before+1 {
		t.Fatalf("D1 brought %d Dogs out of the Kennel, want 1", dogs()-before)
	}
	for _, sc := range []string{"the-proving-grounds", "county-the-hole"} {
		s := newTestState(t, sc, 3, 1)
		found := false
		for _, tl := range s.Tiles {
			if tl.has(TokItem) {
				found = slices.Contains(tl.Loot, "item Safecracking Tools")
			}
		}
		if !found {
			t.Fatalf("%s: the item hex holds no Safecracking Tools", sc)
		}
	}
}
