package heist

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// The Inclusion Job's map, used by most tests (row letter + column):
//
//	a4 $2, a5 $1
//	b3 SC, b4 GC, b5 SC, b6 SC
//	c2 $1, c3 JW, c4 C2, c5 SC, c6 GA, c7 EM, c8 E5
//	d1 EM, d2 GD, d3 SC, d4 GB, d5 SC, d6 SC
//	e2 JW, e3 SC, e4 SC, e6 RE, e7 EM, e8 E5
//	f2 EM, f4 SC, f5 SC, f6 SC
//	g3 JW, g4 SC, g6 SC, g7 $1
//	h5 EM
//	i5 E1
//
// c8 touches only c7; c7 touches c6, c8, b6 and d6.

// setCrew gives seat a character card and skills, with the card's Planning
// Memory and Ideas.
func setCrew(t *testing.T, s *State, seat int, card, sk1, sk2 string) *Character {
	t.Helper()
	c, err := buildCharacter(theLib(), engine.Seat(seat), crewSpec{Card: card, Skills: [2]string{sk1, sk2}})
	if err != nil {
		t.Fatal(err)
	}
	s.Chars[seat] = c
	return c
}

// blankBoard turns every hex into an empty known tile (entrances kept), so
// a test places exactly the pieces it needs.
func blankBoard(s *State) {
	for _, t := range s.Tiles {
		t.Unknown, t.Chits, t.Cash, t.Loot, t.Tokens, t.Plans = false, nil, 0, nil, nil, nil
	}
}

// heistAt starts the Action phase of round 1 with the characters on the
// given hexes, each die showing die, every hex planned for everyone.
func heistAt(t *testing.T, s *State, die int, hexes ...string) {
	t.Helper()
	for i, c := range s.Chars {
		c.Hex = hexes[i%len(hexes)]
		c.Die = die
		c.Planned = nil
	}
	for _, tl := range s.Tiles {
		tl.Plans = nil
		if real(tl) && !tl.Entrance {
			for _, c := range s.Chars {
				s.plan(c, tl)
			}
		}
	}
	s.Round = 1
	setPhase(s, PhaseAction)
}

// setPhase puts a test board straight into phase: that phase's own turn
// replaces the others', keeping any pending offers and choices.
func setPhase(s *State, phase string) {
	s.Phase = phase
	switch phase {
	case PhasePlanning:
		s.phaseTurn(planTurn, "Planning")
	case PhaseAction:
		s.phaseTurn(actionTurn, fmt.Sprintf("Round %d: Action", s.Round))
	case PhaseEscape:
		s.phaseTurn(escapeTurn, "Escape")
	case PhaseEvent:
		s.Pending.Items = slices.DeleteFunc(s.Pending.Items, func(d decision) bool { return !isChoice(d.Kind) && d.Kind != offerTurn })
		if s.Pending.Find(offerTurn) == nil {
			s.Pending.Queue(decision{Kind: offerTurn, Mode: engine.Simultaneous, Phase: fmt.Sprintf("Round %d: Event", s.Round)})
		}
	}
}

func apply(t *testing.T, s *State, seat int, move string) engine.Result {
	t.Helper()
	res, err := s.Apply(engine.Seat(seat), move)
	if err != nil {
		t.Fatalf("%q: %v\nlegal: %v", move, err, s.Legal(engine.Seat(seat)))
	}
	return res
}

func reject(t *testing.T, s *State, seat int, move string) string {
	t.Helper()
	before, _ := s.Marshal()
	_, err := s.Apply(engine.Seat(seat), move)
	msg, ok := engine.IsRejection(err)
	if !ok {
		t.Fatalf("%q: want a rejection, got %v", move, err)
	}
	after, _ := s.Marshal()
	if string(before) != string(after) {
		t.Fatalf("%q: a rejected move changed the state", move)
	}
	return msg
}

// takeFree takes the first Action that costs no Idea.
func takeFree(t *testing.T, s *State, seat int) {
	t.Helper()
	for _, m := range s.Legal(engine.Seat(seat)) {
		if strings.HasPrefix(m, "take ") && !strings.Contains(m, " idea") {
			apply(t, s, seat, m)
			return
		}
	}
	t.Fatalf("no free action: %v", s.Legal(engine.Seat(seat)))
}

func inclusion(t *testing.T, n int) *State {
	t.Helper()
	return newTestState(t, "the-inclusion-job", n, 1)
}

func TestSetup(t *testing.T) {
	t.Run("MH-SETUP-07 bag holds exactly the scenario's chits", func(t *testing.T) {
		s := inclusion(t, 3)
		want := map[string]int{Guard: 5, Camera: 6, Lock: 4}
		if !reflect.DeepEqual(s.Bag, want) {
			t.Fatalf("bag %v, want %v", s.Bag, want)
		}
	})
	t.Run("MH-SETUP-12 MH-SETUP-13 ideas and planning memory from the card", func(t *testing.T) {
		s := inclusion(t, 3)
		for _, c := range s.Chars {
			cd := theLib().Characters[c.Card]
			if c.Ideas != cd.Ideas || c.Memory != cd.Memory {
				t.Fatalf("%s: ideas %d memory %d, card says %d %d", c.Card, c.Ideas, c.Memory, cd.Ideas, cd.Memory)
			}
		}
		c := setCrew(t, s, 0, "Angry Locksmith", "Wing It", "Smash 'n' Grab")
		if c.Memory != 8 {
			t.Fatalf("Angry Locksmith memory %d, want 8", c.Memory)
		}
	})
	t.Run("MH-SETUP-09 MH-SETUP-10 MH-NAMED-03 amateur crew, one class each, two different skills", func(t *testing.T) {
		for seed := uint64(1); seed < 30; seed++ {
			s := newTestState(t, "the-inclusion-job", 4, seed)
			classes := map[string]bool{}
			skills := map[string]int{}
			for _, c := range s.Chars {
				cd := theLib().Characters[c.Card]
				if cd.Level != 1 || classes[c.Archetype] || c.Skills[0] == c.Skills[1] || c.Skills[1] == "" {
					t.Fatalf("seed %d: bad crew member %+v", seed, c)
				}
				classes[c.Archetype] = true
				for _, sk := range c.Skills {
					skills[sk]++
					if skills[sk] > theLib().Skills[sk].Qty {
						t.Fatalf("seed %d: more %s than the box has", seed, sk)
					}
				}
			}
		}
	})
	t.Run("MH-SETUP-14 MH-SETUP-15 noise tracker side and start", func(t *testing.T) {
		if s := inclusion(t, 3); s.Noise.Level != 0 || s.Noise.Final != 36 {
			t.Fatalf("3 players: %+v", s.Noise)
		}
		if s := inclusion(t, 4); s.Noise.Final != 48 {
			t.Fatalf("4 players: %+v", s.Noise)
		}
	})
	t.Run("MH-SETUP-16 MH-SETUP-17 MH-SETUP-18 deck in the scenario's order, face up", func(t *testing.T) {
		s := inclusion(t, 3)
		want := strings.Split("1 2 3 4 5 6 7 8 G1 9 10 11 12 C3 13 14 G3 C3 15 16 17 18 19 20 21 C1 Z2", " ")
		if !slices.Equal(s.Deck, want) {
			t.Fatalf("deck %v", s.Deck)
		}
		v := s.View(engine.Public).(*View)
		if len(v.Upcoming()) != 6 || v.Upcoming()[0].Name() != "Hidden Cameras" {
			t.Fatalf("upcoming %v", v.Upcoming())
		}
	})
	t.Run("MH-SETUP-20 first heist has only Old Friend", func(t *testing.T) {
		if s := inclusion(t, 3); !slices.Equal(s.Fixers, []string{"Old Friend"}) {
			t.Fatalf("fixers %v", s.Fixers)
		}
		if s := newTestState(t, "the-final-score-part-1", 3, 1); len(s.Fixers) != 0 {
			t.Fatalf("The Final Score: no Old Friend, got %v", s.Fixers)
		}
	})
	t.Run("MH-SETUP-05 MH-SETUP-06 known pieces and security tiles", func(t *testing.T) {
		s := inclusion(t, 3)
		if !s.tile("b5").Unknown || s.tile("c4").count(Camera, true) != 2 || !slices.Contains(s.tile("c3").Loot, Jewel) ||
			s.tile("a4").Cash != 2 || !s.tile("c8").Entrance || !s.tile("c6").has("gate a") || !s.tile("e6").has(TokReinforcements) {
			t.Fatal("map pieces not placed as the scenario shows")
		}
	})
}

func TestPlanning(t *testing.T) {
	t.Run("MH-PLAN-03 no more tokens than Planning Memory", func(t *testing.T) {
		s := inclusion(t, 3)
		c := setCrew(t, s, 0, "Thug", "Hurry", "Bypass") // Memory 7
		n := 0
		for _, tl := range s.Tiles {
			if real(tl) && !tl.Entrance && n < 7 {
				apply(t, s, 0, "plan "+tl.Hex)
				n++
			}
		}
		if c.tokensLeft() != 0 {
			t.Fatalf("tokens left %d", c.tokensLeft())
		}
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "plan ") && m != "plan done" {
				t.Fatalf("%q legal with no tokens left", m)
			}
		}
		reject(t, s, 0, "plan h5")
	})
	t.Run("MH-PLAN-02 entrances need no token", func(t *testing.T) {
		s := inclusion(t, 3)
		reject(t, s, 0, "plan c8")
	})
	t.Run("MH-PLAN-06 MH-BOARD-08 at most 2 start on one Entrance", func(t *testing.T) {
		s := inclusion(t, 3)
		apply(t, s, 0, "start c8")
		apply(t, s, 1, "start c8")
		msg := reject(t, s, 2, "start c8")
		if !strings.Contains(msg, "start e8") {
			t.Fatalf("rejection should list what is legal: %s", msg)
		}
	})
	t.Run("MH-PLAN-05 plan done needs a start; the Heist begins", func(t *testing.T) {
		s := inclusion(t, 3)
		reject(t, s, 0, "plan done")
		apply(t, s, 0, "start e8")
		apply(t, s, 1, "start e8")
		apply(t, s, 2, "start i5")
		apply(t, s, 0, "plan done")
		apply(t, s, 1, "plan done")
		if !s.tile("g4").Unknown && !s.tile("f5").Unknown {
			t.Fatal("nothing should be revealed in Planning")
		}
		res := apply(t, s, 2, "plan done")
		if s.Phase != PhaseAction || !res.PhaseEnded() || !res.Reveals {
			t.Fatalf("heist did not start: phase %s", s.Phase)
		}
		// i5 is next to h5 only, which is known; e8 next to e7 only.
		if s.Round != 1 {
			t.Fatalf("round %d", s.Round)
		}
		for _, c := range s.Chars {
			if c.Die < 1 || c.Die > 6 {
				t.Fatalf("MH-ROLL-01: die %d", c.Die)
			}
		}
	})
	t.Run("MH-FLOW-02 MH-INTRO-01 planning is simultaneous", func(t *testing.T) {
		s := inclusion(t, 4)
		turn := s.Turn()
		if turn.Kind != engine.Simultaneous || len(turn.Seats) != 4 {
			t.Fatalf("turn %+v", turn)
		}
	})
	t.Run("MH-SHOP-06 MH-PLAN-09 no purchase with $0k; purchases with team cash", func(t *testing.T) {
		s := inclusion(t, 3)
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "buy ") {
				t.Fatalf("%q legal with $0k", m)
			}
		}
		s.TeamCash = 5
		apply(t, s, 0, "buy cheap picks")
		if s.TeamCash != 1 || !s.Chars[0].has("item Cheap Picks") {
			t.Fatalf("cash %d loot %v", s.TeamCash, s.Chars[0].Loot)
		}
	})
	t.Run("MH-TUNNEL-01 a tunnel entrance is placed in Planning", func(t *testing.T) {
		s := newTestState(t, "the-side-channel", 3, 1)
		var tunnel string
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "tunnel ") {
				tunnel = m
				break
			}
		}
		if tunnel == "" {
			t.Fatal("no tunnel move")
		}
		apply(t, s, 0, tunnel)
		hex := strings.TrimPrefix(tunnel, "tunnel ")
		if !s.tile(hex).Entrance || s.TunnelsLeft != 0 {
			t.Fatal("tunnel not dug")
		}
		apply(t, s, 1, "start "+hex)
	})
}

func TestActions(t *testing.T) {
	t.Run("MH-ACTION-12 MH-ACTION-13 MH-ACTION-01 the rulebook's Angry Locksmith", func(t *testing.T) {
		s := inclusion(t, 3)
		c := setCrew(t, s, 0, "Angry Locksmith", "Wing It", "Smash 'n' Grab")
		heistAt(t, s, 1, "c7")
		got := map[string]int{}
		for _, o := range s.actionChoices(c) {
			got[o.Name] = o.Cost
		}
		for name, cost := range map[string]int{"Walk": 0, "Pick": 0, "Punch": 0, "Discover": 0, "Smash": 1, "Grab": 1, "Strongarm": 1, "Scamper": 1} {
			if v, ok := got[name]; !ok || v != cost {
				t.Errorf("%s: cost %d ok %v, want %d", name, v, ok, cost)
			}
		}
	})
	t.Run("MH-ACTION-04 MH-ACTION-05 Ideas change the die by one each, wrapping", func(t *testing.T) {
		if wrapDistance(6, 1) != 1 || wrapDistance(1, 6) != 1 || wrapDistance(2, 5) != 3 || wrapDistance(3, 3) != 0 {
			t.Fatal("wrap distance")
		}
		s := inclusion(t, 3)
		c := setCrew(t, s, 0, "Angry Locksmith", "Wing It", "Smash 'n' Grab")
		heistAt(t, s, 6, "c7")
		c.Ideas = 1
		apply(t, s, 0, "take discover for 1 idea") // face 1 from a 6
		if c.Ideas != 0 || c.Pool.Reveal != 2 {
			t.Fatalf("ideas %d pool %+v", c.Ideas, c.Pool)
		}
	})
	t.Run("MH-ACTION-09 no passing", func(t *testing.T) {
		s := inclusion(t, 3)
		heistAt(t, s, 1, "c7")
		msg := reject(t, s, 0, "done")
		if !strings.Contains(msg, "No passing") {
			t.Fatal(msg)
		}
	})
	t.Run("MH-SUB-MOVE-01 MH-SUB-MOVE-02 MH-PLAN-01 moves only onto own planned tiles", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		heistAt(t, s, 1, "c8")
		s.unplan(s.Chars[0], s.tile("c7"))
		apply(t, s, 0, "take walk")
		msg := reject(t, s, 0, "move c7")
		if !strings.Contains(msg, "no planning token") {
			t.Fatal(msg)
		}
		s.plan(s.Chars[0], s.tile("c7"))
		apply(t, s, 0, "move c7")
		reject(t, s, 0, "move c6") // Walk has one Move
	})
	t.Run("MH-SEC-04 MH-SUB-MOVE-03 MH-SUB-UNLOCK-01 locks", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		setCrew(t, s, 0, "Angry Locksmith", "Hurry", "Bypass")
		heistAt(t, s, 1, "c7")
		s.tile("c6").addChit(Lock, true, false)
		apply(t, s, 0, "take pick")
		if !slices.Contains(s.Legal(0), "unlock c6") {
			t.Fatal("unlock c6 should be legal")
		}
		reject(t, s, 0, "unlock c5") // not adjacent
		apply(t, s, 0, "unlock c6")
		if s.tile("c6").locked() || s.tile("c6").count(Lock, false) != 1 {
			t.Fatal("lock should be on its inactive side")
		}
		s2 := inclusion(t, 3)
		blankBoard(s2)
		setCrew(t, s2, 0, "Thug", "Hurry", "Bypass")
		heistAt(t, s2, 1, "c7")
		s2.tile("c6").addChit(Lock, true, false)
		apply(t, s2, 0, "take walk")
		if msg := reject(t, s2, 0, "move c6"); !strings.Contains(msg, "Locked") {
			t.Fatal(msg)
		}
	})
	t.Run("MH-SEC-02 MH-SEC-03 MH-SUB-SUBDUE-01 guards hold you until subdued", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		c := setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		heistAt(t, s, 1, "c8")
		s.tile("c7").addChit(Guard, true, false)
		apply(t, s, 0, "take punch") // subdue, noise, noise, move
		apply(t, s, 0, "subdue c7")  // adjacent
		if s.tile("c7").guards() != 0 || c.Ideas != 1 {
			t.Fatalf("guard not subdued or no ADRENALINE idea (ideas %d)", c.Ideas)
		}
		s2 := inclusion(t, 3)
		blankBoard(s2)
		setCrew(t, s2, 0, "Thug", "Hurry", "Bypass")
		heistAt(t, s2, 3, "c7") // Hurry 3 = Run: two moves
		s2.tile("c7").addChit(Guard, true, false)
		apply(t, s2, 0, "take run")
		if msg := reject(t, s2, 0, "move c6"); !strings.Contains(msg, "Guard") {
			t.Fatal(msg)
		}
	})
	t.Run("MH-SEC-06 a live camera raises an Alert", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		heistAt(t, s, 1, "c8")
		s.tile("c7").addChit(Camera, true, false)
		apply(t, s, 0, "take walk")
		top := s.Deck[0]
		apply(t, s, 0, "move c7")
		if s.Deck[0] == top || s.Discard[len(s.Discard)-1] != top {
			t.Fatal("no Alert")
		}
	})
	t.Run("MH-SUB-DISABLE-01 disable a camera on or adjacent", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		setCrew(t, s, 0, "Shutter Bug", "Hurry", "Bypass")
		heistAt(t, s, 1, "c7")
		s.tile("c6").addChit(Camera, true, false)
		apply(t, s, 0, "take smash")
		apply(t, s, 0, "disable c6")
		if s.tile("c6").liveCamera() {
			t.Fatal("camera still live")
		}
	})
	t.Run("MH-SEC-09 MH-SUB-REVEAL-01 auto-reveal and reveal anywhere", func(t *testing.T) {
		s := inclusion(t, 3)
		c := setCrew(t, s, 0, "Lookout", "Hurry", "Bypass")
		heistAt(t, s, 1, "c8")
		res := apply(t, s, 0, "take run")
		res = apply(t, s, 0, "move c7")
		if s.tile("b6").Unknown || s.tile("d6").Unknown || !res.Reveals {
			t.Fatal("b6 and d6 should be auto-revealed, and the move marked as revealing")
		}
		_ = c
		s2 := inclusion(t, 3)
		setCrew(t, s2, 0, "Lookout", "Hurry", "Bypass")
		heistAt(t, s2, 1, "c8")
		apply(t, s2, 0, "take discover")
		apply(t, s2, 0, "reveal g4")
		if s2.tile("g4").Unknown || s2.BagDrawn != 1 {
			t.Fatal("g4 not revealed")
		}
	})
	t.Run("MH-SUB-REVEAL-02 with no unknown tile a Reveal takes a chit out of the bag", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		setCrew(t, s, 0, "Lookout", "Hurry", "Bypass")
		heistAt(t, s, 1, "c8")
		before := bagTotal(s)
		apply(t, s, 0, "take discover")
		apply(t, s, 0, "reveal bag")
		if bagTotal(s) != before-1 {
			t.Fatal("no chit removed")
		}
	})
	t.Run("I KNOW A WAY: with an empty bag a Reveal is an Idea", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		c := setCrew(t, s, 0, "Lookout", "Hurry", "Bypass")
		heistAt(t, s, 1, "c8")
		s.Bag = map[string]int{}
		apply(t, s, 0, "take discover")
		ideas := c.Ideas
		apply(t, s, 0, "reveal as idea")
		if c.Ideas != ideas+1 {
			t.Fatal("no Idea")
		}
	})
	t.Run("MH-SUB-IDEA-01 MH-SUB-LOOT-01 idea and loot", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		c := setCrew(t, s, 0, "Thug", "Smash 'n' Grab", "Hurry")
		heistAt(t, s, 6, "c7")
		apply(t, s, 0, "take grab")
		apply(t, s, 0, "loot")
		if c.Cash != 1 {
			t.Fatal("no $1k")
		}
		s.Chars[1].Die = 6
		setCrew(t, s, 1, "Street Urchin", "Hurry", "Bypass").Hex = "c7"
		s.Chars[1].Die = 6
		apply(t, s, 1, "take examine")
		apply(t, s, 1, "idea")
		if s.Chars[1].Ideas != 3 {
			t.Fatalf("ideas %d", s.Chars[1].Ideas)
		}
	})
	t.Run("MH-SUB-NOISE-01 MH-ACTION-07 MH-NOISE-05 noise is counted when the action ends", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		heistAt(t, s, 5, "c7")
		apply(t, s, 0, "take sprint") // 2 noise
		apply(t, s, 0, "done")
		if s.Noise.Level != 2 {
			t.Fatalf("noise %d", s.Noise.Level)
		}
	})
	t.Run("MH-SUB-03 MH-FLOW-02 simultaneous, interleaved actions; phase ends when all are done", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		for i := range s.Chars {
			setCrew(t, s, i, []string{"Thug", "Lookout", "Burglar"}[i], "Hurry", "Bypass")
		}
		heistAt(t, s, 3, "c8")
		if turn := s.Turn(); turn.Kind != engine.Simultaneous || len(turn.Seats) != 3 {
			t.Fatalf("turn %+v", turn)
		}
		apply(t, s, 0, "take run")
		apply(t, s, 1, "take run")
		apply(t, s, 0, "move c7")
		apply(t, s, 1, "move c7")
		apply(t, s, 0, "move c6")
		apply(t, s, 0, "done")
		if s.Round != 1 || slices.Contains(s.Turn().Seats, 0) {
			t.Fatal("seat 0 should be finished, the round going on")
		}
		apply(t, s, 1, "done")
		apply(t, s, 2, "take walk")
		res := apply(t, s, 2, "done")
		if s.Round != 2 || !res.PhaseEnded() {
			t.Fatalf("round %d", s.Round)
		}
	})
	t.Run("MH-ACTION-11 escape now: the Event phase is still played", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c8")
		apply(t, s, 0, "escape now")
		deck := len(s.Deck)
		for i := range s.Chars {
			takeFree(t, s, i)
			apply(t, s, i, "done")
		}
		if s.Phase == PhaseAction || len(s.Deck) >= deck {
			t.Fatalf("phase %s deck %d->%d", s.Phase, deck, len(s.Deck))
		}
	})
}

func TestNoiseAndDeck(t *testing.T) {
	t.Run("MH-NOISE-01 MH-NOISE-02 an Alert on the alert slots", func(t *testing.T) {
		s := inclusion(t, 3)
		var res engine.Result
		s.addNoise(3, &res)
		if len(s.Discard) != 0 {
			t.Fatal("no alert yet")
		}
		s.addNoise(1, &res)
		if len(s.Discard) != 1 || s.Noise.Level != 4 {
			t.Fatalf("discard %v level %d", s.Discard, s.Noise.Level)
		}
	})
	t.Run("MH-NOISE-03 every noise past the final slot raises an Alert", func(t *testing.T) {
		s := inclusion(t, 3)
		var res engine.Result
		s.Noise.Level = s.Noise.Final
		s.addNoise(3, &res)
		if len(s.Discard) != 3 || s.Noise.Level != s.Noise.Final {
			t.Fatalf("discard %v", s.Discard)
		}
	})
	t.Run("MH-EVENT-02 MH-CRISIS-02 MH-CRISIS-03 MH-ACTION-08 crises are queued, never discarded", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Deck = []string{"1", "C3", "2", "3"}
		var res engine.Result
		s.raiseAlert(&res, "test")
		if !slices.Equal(s.CrisisQueue, []string{"C3"}) || !slices.Equal(s.Deck, []string{"2", "3"}) || !slices.Equal(s.Discard, []string{"1"}) {
			t.Fatalf("queue %v deck %v discard %v", s.CrisisQueue, s.Deck, s.Discard)
		}
	})
	t.Run("MH-EPHASE-13 MH-EPHASE-02 MH-EPHASE-04 the rulebook's example", func(t *testing.T) {
		s := inclusion(t, 4)
		blankBoard(s)
		heistAt(t, s, 3, "c8", "c8", "e7", "e7")
		// Round 1 raised one Alert: Event 2 is active; one Entrance holds
		// two characters, so it discards 3 and 4; the Crisis then on top is
		// queued, resolved and discarded.
		s.Deck = []string{"1", "2", "3", "4", "C3", "5"}
		var res engine.Result
		s.raiseAlert(&res, "round 1")
		s.eventPhase(&res)
		s.afterEvent(&res)
		if !slices.Equal(s.Discard, []string{"1", "3", "4", "2", "C3"}) || !slices.Equal(s.Deck, []string{"5"}) {
			t.Fatalf("discard %v deck %v", s.Discard, s.Deck)
		}
		if len(s.CrisisQueue) != 0 {
			t.Fatal("crisis not resolved")
		}
	})
	t.Run("MH-EPHASE-05 an exhausted deck: the last Event dealt is active", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Deck = []string{"6"}
		var res engine.Result
		s.raiseAlert(&res, "x")
		bag := bagTotal(s)
		s.eventPhase(&res)
		if bagTotal(s) != bag+2 {
			t.Fatal("Huh, Didn't See Those should have been the Active Event")
		}
	})
	t.Run("MH-EPHASE-12 the final crisis starts the Escape", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c8")
		s.Deck = []string{"M1", "Z1"}
		for i := range s.Chars {
			takeFree(t, s, i)
			apply(t, s, i, "done")
		}
		if s.Phase != PhaseOver && s.Phase != PhaseEscape {
			t.Fatalf("phase %s", s.Phase)
		}
	})
}

func TestEscape(t *testing.T) {
	setup := func(t *testing.T) (*State, *Character) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c8")
		c := s.Chars[0]
		c.Hex = "e7"
		s.Chars[1].Hex = "g6"
		s.Chars[2].Hex = "g6"
		s.EscapeInitiated = true
		var res engine.Result
		s.startEscape(&res)
		return s, c
	}
	t.Run("MH-ESCAPE-01 MH-ESCAPE-04 MH-ESCAPE-08 ideas pay escape moves without planning", func(t *testing.T) {
		s, c := setup(t)
		c.Planned = nil
		c.Ideas = 1
		apply(t, s, 0, "move e8")
		if !c.Escaped || c.Ideas != 0 {
			t.Fatalf("escaped %v ideas %d", c.Escaped, c.Ideas)
		}
		for _, tl := range s.Tiles {
			if real(tl) && tl.Unknown {
				t.Fatal("MH-ESCAPE-01: an unknown tile remains")
			}
		}
	})
	t.Run("MH-ESCAPE-06 MH-ESCAPE-14 leaving a guard costs one more", func(t *testing.T) {
		s, c := setup(t)
		s.tile("e7").addChit(Guard, true, false)
		c.Ideas = 1
		if slices.Contains(s.Legal(0), "move e8") {
			t.Fatal("1 Idea should not pay 2 Escape Moves")
		}
		c.Ideas = 2
		apply(t, s, 0, "move e8")
		if !c.Escaped {
			t.Fatal("not escaped")
		}
	})
	t.Run("MH-ESCAPE-05 locks are impassable; MH-ESCAPE-07 cameras do nothing", func(t *testing.T) {
		s, c := setup(t)
		c.Hex = "c6"
		c.Ideas = 5
		s.tile("c7").addChit(Lock, true, false)
		if slices.Contains(s.Legal(0), "move c7") {
			t.Fatal("locked tile passable")
		}
		s.tile("c7").Chits = []Chit{{Kind: Camera, Active: true}}
		deck := len(s.Deck)
		apply(t, s, 0, "move c7")
		if len(s.Deck) != deck {
			t.Fatal("camera raised an Alert in Escape")
		}
	})
	t.Run("MH-ESCAPE-09 MH-ESCAPE-10 last ditch, then Busted", func(t *testing.T) {
		s, c := setup(t)
		c.Ideas = 0
		res := apply(t, s, 0, "last ditch")
		if !res.Reveals || c.EscapeMoves < 1 || c.EscapeMoves > 6 {
			t.Fatalf("escape moves %d", c.EscapeMoves)
		}
		apply(t, s, 0, "give up")
		if !c.Busted {
			t.Fatal("not Busted")
		}
	})
	t.Run("MH-ESCAPE-12 MH-ESCAPE-13 MH-BUSTED-02 loot handed over in Escape; a Busted character's loot is lost", func(t *testing.T) {
		s, _ := setup(t)
		a, b := s.Chars[1], s.Chars[2]
		a.Loot = []string{Jewel}
		a.Cash = 3
		apply(t, s, 1, "drop jewel")
		apply(t, s, 2, "pick up jewel")
		apply(t, s, 1, "give up")
		if !a.Busted || a.Cash != 0 || !b.has(Jewel) {
			t.Fatal("transfer or loss wrong")
		}
	})
	t.Run("MH-ITEM-07 MH-ITEM-08 loot outdoors counts for the team", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c7")
		c := setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		c.Hex, c.Die = "c7", 3
		s.plan(c, s.tile("c6"))
		c.Cash, c.Loot = 2, []string{Jewel}
		apply(t, s, 0, "take walk")
		apply(t, s, 0, "move c8")
		if s.SecuredCash != 2 || s.securedCount(Jewel) != 1 || c.Cash != 0 {
			t.Fatal("loot not secured")
		}
	})
	t.Run("MH-WIN-02 MH-LOSE-02 outcome of The Inclusion Job", func(t *testing.T) {
		s, _ := setup(t)
		s.Secured = []string{Jewel, Jewel, Jewel}
		for i := range s.Chars {
			apply(t, s, i, "give up")
		}
		if s.Outcome() == nil || !s.Won || len(s.Outcome().Winners) != 3 {
			t.Fatalf("outcome %+v", s.Outcome())
		}
	})
}

func TestLoot(t *testing.T) {
	t.Run("MH-ITEM-01 MH-ITEM-02 MH-ITEM-03 MH-ITEM-04 MH-ITEM-09 pick up, drop, insta-transfer", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c7")
		s.tile("c7").Cash = 3
		s.tile("c7").Loot = []string{Jewel, Jewel}
		apply(t, s, 0, "pick up $3k")
		apply(t, s, 0, "pick up jewel")
		apply(t, s, 0, "pick up jewel")
		a := s.Chars[0]
		if a.Cash != 3 || len(a.Loot) != 2 {
			t.Fatal("pick up")
		}
		apply(t, s, 0, "drop jewel")
		apply(t, s, 1, "pick up jewel")
		if !s.Chars[1].has(Jewel) {
			t.Fatal("transfer")
		}
	})
}

func TestModules(t *testing.T) {
	t.Run("MH-GATE-02 MH-GATE-03 MH-GATE-04 MH-GATE-05 lockdown gates", func(t *testing.T) {
		s := inclusion(t, 3)
		heistAt(t, s, 3, "c6")
		c := s.Chars[0]
		var res engine.Result
		s.closeGates(1, &res)
		if !c.Busted || real(s.tile("c6")) || slices.Contains(c.Planned, "c6") {
			t.Fatal("gate A: hex not removed or character not Busted")
		}
		s.closeGates(1, &res)
		if real(s.tile("d4")) {
			t.Fatal("gate B should close second")
		}
	})
	t.Run("MH-REMOTE-01 MH-REMOTE-05 remote locks and servers", func(t *testing.T) {
		s := newTestState(t, "the-dark-horse-job", 3, 1)
		var lock, server *Tile
		for _, tl := range s.Tiles {
			if tl.has("remote x") {
				lock = tl
			}
			if tl.has("server x") {
				server = tl
			}
		}
		if lock == nil || server == nil {
			t.Fatal("no remote lock X / server X")
		}
		c := s.Chars[0]
		if w := s.canEnter(c, lock, lock, true); w == "" {
			t.Fatal("remote lock passable")
		}
		c.Hex = server.Hex
		setPhase(s, PhaseAction)
		var res engine.Result
		s.checkServers(&res)
		if lock.has("remote x") {
			t.Fatal("server did not open the remote lock")
		}
	})
	t.Run("MH-DOG-01 MH-DOG-02 MH-DOG-03 MH-DOG-04 dogs chase, not onto entrances", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c7")
		s.Chars[1].Hex, s.Chars[2].Hex = "e8", "e8"
		s.tile("c6").addChit(Dog, true, true)
		var res engine.Result
		s.dogsChase(&res)
		if s.tile("c7").count(Dog, true) != 1 || s.tile("c6").count(Blank, false) != 1 {
			t.Fatal("dog did not chase onto c7 leaving a blank")
		}
		s.tile("e7").addChit(Dog, true, false)
		s.dogsChase(&res)
		if s.tile("e8").count(Dog, false) != 0 {
			t.Fatal("a dog went onto an Entrance")
		}
	})
	t.Run("MH-KEYPAD-01 MH-KEYPAD-02 MH-KEYPAD-04 keycard door and held by guard", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c7")
		s.tile("c6").Tokens = []string{TokKeycardDoor}
		c := s.Chars[0]
		if w := s.canEnter(c, s.tile("c7"), s.tile("c6"), false); !strings.Contains(w, "Keycard") {
			t.Fatal(w)
		}
		c.Loot = []string{Keycard}
		apply(t, s, 0, "open c6")
		if s.tile("c6").has(TokKeycardDoor) {
			t.Fatal("door still closed")
		}
		tl := s.tile("b6")
		tl.Unknown = true
		s.Bag = map[string]int{Keycard: 1}
		var res engine.Result
		s.reveal(tl, &res)
		if tl.count(Guard, true) != 1 || !slices.Contains(tl.Loot, Keycard) {
			t.Fatal("keycard not held by a guard")
		}
	})
	t.Run("MH-CRACK-01 MH-CRACK-03 MH-CRACK-05 MH-CRACK-06 MH-CRACK-07 safecracking", func(t *testing.T) {
		s := newTestState(t, "the-melee-job", 3, 1)
		var safe *Tile
		for _, tl := range s.Tiles {
			if tl.has(TokSafe) {
				safe = tl
			}
		}
		if safe == nil || safe.SafeNeeds != 4 || !slices.Equal(safe.SafeLoot, []string{Jewel}) {
			t.Fatalf("safe %+v", safe)
		}
		blankBoard(s)
		safe.Tokens = []string{TokSafe}
		c := setCrew(t, s, 0, "Angry Locksmith", "Bypass", "Hurry")
		heistAt(t, s, 1, safe.Hex)
		apply(t, s, 0, "take pick")
		for _, m := range s.Legal(0) {
			if m == "crack" {
				t.Fatal("MH-CRACK-02: crack without a safecracking item")
			}
		}
		c.Loot = []string{"item Safecracking Tools"}
		apply(t, s, 0, "crack")
		if safe.Cracks != 1 {
			t.Fatal("no crack")
		}
		safe.Cracks = 3
		c.Pool.Unlock = 1
		apply(t, s, 0, "crack")
		if safe.has(TokSafe) || !slices.Contains(safe.Loot, Jewel) {
			t.Fatal("safe should be open with its jewel")
		}
	})
	t.Run("MH-TOWER-01 MH-TOWER-02 watchtower sweep", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c5")
		s.Chars[1].Hex, s.Chars[2].Hex = "e8", "e8"
		s.tile("c7").Tokens = []string{TokWatchtower}
		var res engine.Result
		s.watchtowerSweep(&res)
		if s.tile("c5").count(Guard, true) != 1 {
			t.Fatal("no guard in line")
		}
		s.Chars[1].Hex = "c7"
		s.watchtowerSweep(&res)
		if s.tile("c7").has(TokWatchtower) {
			t.Fatal("watchtower not disabled")
		}
	})
	t.Run("MH-REINF-01 the Reinforcements hex is passable until the Crisis", func(t *testing.T) {
		s := inclusion(t, 3)
		heistAt(t, s, 3, "c8")
		rt := s.tile("e6")
		c := s.Chars[0]
		c.Hex = "e7"
		apply(t, s, 0, "take walk")
		apply(t, s, 0, "move e6")
		if c.Hex != "e6" || rt.guards() != 0 || !rt.has(TokReinforcements) {
			t.Fatal("a character walks onto the Reinforcements hex with nothing happening")
		}
		c.Hex = "c8"
		var res engine.Result
		s.reinforcements(&res)
		if rt.has(TokReinforcements) || rt.count(Guard, true) != 2 {
			t.Fatal("reinforcements")
		}
	})
}

func TestRejections(t *testing.T) {
	s := inclusion(t, 3)
	msg := reject(t, s, 0, "dance")
	if !strings.Contains(msg, "Legal now:") {
		t.Fatal(msg)
	}
	heistAt(t, s, 3, "c8")
	if msg := reject(t, s, 0, "move c7"); !strings.Contains(msg, "Action first") {
		t.Fatal(msg)
	}
}

func TestHiddenInfo(t *testing.T) {
	s := inclusion(t, 3)
	hidden := engine.HiddenFrom(s, engine.Public)
	for path := range hidden {
		if !strings.HasPrefix(path, ".Rand") {
			t.Fatalf("unexpected hidden field %s", path)
		}
	}
	v := s.View(engine.Public).(*View)
	if v.State.Rand != nil {
		t.Fatal("the generator reached the public view")
	}
	if !strings.Contains(v.Text(), "Next events") {
		t.Fatal(v.Text())
	}
}

func TestStandInFinishesEveryScenario(t *testing.T) {
	for _, sc := range theLib().Scenarios {
		s := newTestState(t, sc.Slug, 4, 3)
		r := engine.NewRand(1)
		for steps := 0; s.Outcome() == nil; steps++ {
			if steps > 5000 {
				t.Fatalf("%s: stand-ins never finish", sc.Slug)
			}
			seat := s.Turn().Seats[0]
			m := s.StandInMove(seat, r)
			apply(t, s, int(seat), m)
		}
	}
}

func TestSupplyLimits(t *testing.T) {
	t.Run("MH-PIECES-05 MH-PIECES-07 MH-EPHASE-11 events take chits from a limited supply", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.Bag = map[string]int{Guard: 15}
		s.tile("c6").addChit(Lock, true, false)
		resolve(s, "14")
		if s.tile("c6").guards() != 0 {
			t.Fatal("a 16th Guard was placed")
		}
		s.Bag = map[string]int{Lock: 11}
		resolve(s, "6")
		if s.Bag[Lock] != 11 {
			t.Fatalf("locks in bag %d: the 12 in the box are all out", s.Bag[Lock])
		}
	})
	t.Run("MH-SEC-05 a Lock re-locked under you does not hold you", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c7").addChit(Lock, true, false)
		s.Chars[0].Skills = [2]string{"Hurry", "Bypass"}
		s.Chars[0].Die = 1
		apply(t, s, 0, "take run")
		apply(t, s, 0, "move c6")
	})
	t.Run("MH-SEC-07 a camera switched back on under characters raises an Alert each", func(t *testing.T) {
		s := eventBoard(t, "c6", "c6", "i5")
		s.tile("c6").addChit(Camera, false, false)
		s.tile("c5").addChit(Camera, false, false)
		resolve(s, "8")
		if discarded(s) != 2 {
			t.Fatalf("discarded %d", discarded(s))
		}
	})
	t.Run("MH-ACTION-14 a Lock revealed mid-Sprint, picked by a teammate, the Sprint goes on", func(t *testing.T) {
		s := eventBoard(t, "c8", "e7", "i5")
		a := setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		a.Hex, a.Die = "c8", 5
		b := setCrew(t, s, 1, "Angry Locksmith", "Wing It", "Linger")
		b.Hex, b.Die = "d6", 1
		for _, c := range []*Character{a, b} {
			for _, tl := range s.Tiles {
				if real(tl) && !tl.Entrance {
					s.plan(c, tl)
				}
			}
		}
		s.tile("c6").Unknown = true
		s.Bag = map[string]int{Lock: 1}
		apply(t, s, 0, "take sprint")
		res := apply(t, s, 0, "move c7")
		if !res.Reveals || !s.tile("c6").locked() {
			t.Fatal("the Lock should be auto-revealed")
		}
		reject(t, s, 0, "move c6")
		apply(t, s, 1, "take pick")
		apply(t, s, 1, "unlock c6")
		apply(t, s, 0, "move c6")
		apply(t, s, 0, "move c5")
	})
}

func TestScriptedWin(t *testing.T) {
	t.Run("MH-WIN-01 MH-ITEM-07 three jewels carried out win The Inclusion Job and unlock its Fixer", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		s.tile("c7").Loot = []string{Jewel, Jewel, Jewel}
		for i := range s.Chars {
			setCrew(t, s, i, []string{"Thug", "Lookout", "Burglar"}[i], "Hurry", "Bypass")
		}
		apply(t, s, 0, "plan c7")
		apply(t, s, 0, "start c8")
		apply(t, s, 1, "start c8")
		apply(t, s, 2, "start e8")
		for i := range s.Chars {
			apply(t, s, i, "plan done")
		}
		for round := 0; round < 2; round++ {
			for i := range s.Chars {
				if i != 0 {
					takeFree(t, s, i)
				} else {
					apply(t, s, 0, "take walk")
				}
				if i == 0 {
					if round == 0 {
						apply(t, s, 0, "move c7")
						for k := 0; k < 3; k++ {
							apply(t, s, 0, "pick up jewel")
						}
					} else {
						apply(t, s, 0, "move c8")
						apply(t, s, 0, "escape now")
					}
				}
				apply(t, s, i, "done")
			}
			for s.Phase == PhaseEvent {
				apply(t, s, int(s.Turn().Seats[0]), "decline")
			}
		}
		if s.Outcome() == nil || !s.Won {
			t.Fatalf("phase %s won %v secured %v", s.Phase, s.Won, s.Secured)
		}
		camp, _ := loadCampaign(s.Campaign())
		if !slices.Contains(camp.Fixers, "Fence") {
			t.Fatalf("fixers %v", camp.Fixers)
		}
	})
}
