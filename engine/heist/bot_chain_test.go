package heist

import (
	"slices"
	"testing"

	"casefile/engine"
)

// The eighth round's plans for a chain (issue 14, bot_chain.go): a
// Lockdown Gate the Events shut before anybody is through it is planned
// round, and a character that only joined its job leaves the last place
// on an Entrance to the teammate that leads one.

func TestBotPlansRoundAGateShutBeforeItIsReached(t *testing.T) {
	s := newTestState(t, "the-proving-grounds", 3, 1)
	b := &botMind{s: s, c: s.Chars[0]}
	// Gate A (c6) is shut by the 8th card, five hexes from the nearest
	// Entrance; Gate B (d3), behind the 13th, is four; Gate D (g4) only
	// the final Crisis shuts.
	if !b.earlyGate(s.tile("c6")) || b.earlyGate(s.tile("d3")) || b.earlyGate(s.tile("g4")) {
		t.Fatalf("early gates: c6 %v (want true), d3 %v, g4 %v (want false)",
			b.earlyGate(s.tile("c6")), b.earlyGate(s.tile("d3")), b.earlyGate(s.tile("g4")))
	}
	// A plan too long for the Planning Memory the long way round no
	// longer goes through Gate A: from h7 to the safe.
	b.gateCheap = true
	path, _ := b.route([]*Tile{s.tile("h7")}, func(x *Tile) bool { return x.Hex == "a5" }, func(*Tile) bool { return true }, true)
	for _, x := range path {
		if x.Hex == "c6" {
			t.Fatalf("the way from h7 to the safe goes through Gate A: %v", hexes(path))
		}
	}
	// The crew of the traced loss (4 characters, seed 6): three of them
	// planned through c6, shut in round 3, and nobody could reach the
	// safe after that.
	s = botsPlanned(t, "the-proving-grounds", 4, 6, nil)
	for _, c := range s.Chars {
		if slices.Contains(c.Planned, "c6") {
			t.Fatalf("%s planned Gate A (c6), shut before anybody is through it: %v", c.Name, c.Planned)
		}
	}
}

func TestBotLeavesTheEntranceToTheCharacterThatLeadsAJob(t *testing.T) {
	// The traced loss (The Proving Grounds, 4 characters, seed 6): the
	// Shutter Bug (Planning Memory 7) took the second place on g3, and the
	// Street Urchin, whose 9 tokens from g3 are the only plan that reaches
	// the safe the long way round, started on h7 and could not.
	var urchin *Character
	checked := false
	s := botsPlanned(t, "the-proving-grounds", 4, 6, func(s *State, seat engine.Seat) {
		if checked || s.Phase != PhasePlanning {
			return
		}
		checked = true
		var u, other *Character
		for _, c := range s.Chars {
			if c.Name == "Street Urchin" {
				u = c
			} else {
				other = c
			}
		}
		if u == nil || other == nil {
			t.Fatalf("the traced crew has no Street Urchin: %v", s.Chars)
		}
		if got := (&botMind{s: s, c: other}).leadStarts(); got[s.tile("g3")] != 1 {
			t.Fatalf("the Urchin, first on the safe and reaching it only from g3, is not counted for g3: %v", got)
		}
		// With Planning Memory enough to reach every job from another
		// Entrance, no lead needs a place on g3.
		mems := map[*Character]int{}
		for _, c := range s.Chars {
			mems[c], c.Memory = c.Memory, 30
		}
		if got := (&botMind{s: s, c: other}).leadStarts(); len(got) != 0 {
			t.Fatalf("a lead that reaches its job from another Entrance still claims a place: %v", got)
		}
		for c, m := range mems {
			c.Memory = m
		}
	})
	for _, c := range s.Chars {
		if slices.Contains(c.Planned, "a5") {
			urchin = c
		}
	}
	if urchin == nil || urchin.Hex != "g3" || slices.Contains(urchin.Planned, "c6") {
		var plans [][]string
		for _, c := range s.Chars {
			plans = append(plans, append([]string{c.Name, c.Hex}, c.Planned...))
		}
		t.Fatalf("no plan reaches the safe a5 from g3 the long way round: %v", plans)
	}
	// The rule itself: a character that only joined its job yields the
	// last place to a lead that wants it, a lead never does.
	s = newTestState(t, "the-proving-grounds", 3, 1)
	g3 := s.tile("g3")
	leads := map[*Tile]int{g3: 1}
	s.Chars[1].Hex = "g3"
	joiner := &botMind{s: s, c: s.Chars[0]}
	if !joiner.yieldsStart(g3, leads) {
		t.Fatal("a joiner took the last place on g3 from a lead")
	}
	joiner.lead = true
	if joiner.yieldsStart(g3, leads) {
		t.Fatal("a lead yielded its start")
	}
	joiner.lead = false
	s.Chars[1].Hex = ""
	if joiner.yieldsStart(g3, leads) {
		t.Fatal("a joiner yielded although g3 has a place for both")
	}
}

func TestBotHandsWhatCracksOnOnlyOnce(t *testing.T) {
	// A campaign's crew: seat 0 holds a Plasma Torch, its plan stopping
	// short of the safe on c2; seat 1, on the same hex, plans on to the
	// safe; the Safecracking Tools still lie on e8, so the crew's Tools
	// job is theirs and the Torch is no job at all. Before, seat 0 dropped
	// the Torch for seat 1 and picked it up again, for ever (a campaign
	// heist of The Proving Grounds never ended).
	s := toolsRelayBoard(t)
	s.Chars[0].Loot = []string{"item Plasma Torch"}
	s.tile("e8").Loot = []string{"item Safecracking Tools"}
	moves := botActs(t, s, 0)
	if !slices.Contains(moves, "drop plasma torch") || slices.Contains(moves, "pick up plasma torch") || s.Chars[0].has("item Plasma Torch") {
		t.Fatalf("the holder did not hand the Torch on once: %v", moves)
	}
	moves = botActs(t, s, 1)
	if !s.Chars[1].has("item Plasma Torch") {
		t.Fatalf("the teammate whose plan leads to the safe did not take the Torch: %v", moves)
	}
	// The Tools job's first character is the one that dropped them (the
	// teammate whose plan leads on from the hand-on hex cannot walk there
	// from where it stands: the traced campaign heist of The Marathon
	// Job): it leaves them all the same.
	s = toolsRelayBoard(t)
	s.Chars[1].Hex = "e8"
	moves = botActs(t, s, 0)
	if !slices.Contains(moves, "drop safecracking tools") || slices.Contains(moves, "pick up safecracking tools") {
		t.Fatalf("the holder did not hand the Tools on once: %v", moves)
	}
	// The one whose job is to fetch them picks them up, though its plan
	// stops short of the safe, when no teammate's plan covers their hex.
	s = toolsRelayBoard(t)
	s.Chars[0].Loot = nil
	s.tile("d4").Loot = []string{"item Safecracking Tools"}
	s.Chars[1].Hex = "d3"
	s.tile("d4").Plans = slices.DeleteFunc(s.tile("d4").Plans, func(p engine.Seat) bool { return p == 1 })
	s.Chars[1].Planned = slices.DeleteFunc(s.Chars[1].Planned, func(h string) bool { return h == "d4" })
	moves = botActs(t, s, 0)
	if !s.Chars[0].has("item Safecracking Tools") {
		t.Fatalf("the Tools' fetcher left them on its hex: %v", moves)
	}
}
