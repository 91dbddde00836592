package heist

import (
	"slices"
	"testing"
)

// The sixth round's plans for a safe (issue 14): the Safecracking Tools
// handed on like a Keycard where the holder's plan stops short of the
// safe, the safe left to the character that can crack it, and a
// Lockdown Gate only the final Crisis shuts planned through.

// toolsRelayBoard is The Inclusion Job's map emptied, with the only jewel
// in a safe on c2: seat 0 holds the Safecracking Tools on d4, its plan
// d6–d5–d4 stopping short of the safe; seat 1 stands there too, its plan
// d4–d3–d2–c2 leading on to the safe.
func toolsRelayBoard(t *testing.T) *State {
	t.Helper()
	s := inclusion(t, 3)
	blankBoard(s)
	safe := s.tile("c2")
	safe.Tokens = []string{TokSafe}
	safe.SafeLoot = []string{Jewel}
	safe.SafeNeeds, safe.Cracks = 3, 0
	heistAt(t, s, 3, "d4", "d4", "e8")
	for _, tl := range s.Tiles {
		tl.Plans = nil
	}
	for _, c := range s.Chars {
		c.Planned = nil
	}
	for _, h := range []string{"d6", "d5", "d4"} {
		s.plan(s.Chars[0], s.tile(h))
	}
	for _, h := range []string{"d4", "d3", "d2", "c2"} {
		s.plan(s.Chars[1], s.tile(h))
	}
	s.Chars[0].Loot = []string{"item Safecracking Tools"}
	return s
}

func TestBotHandsTheToolsOnWherePlansMeet(t *testing.T) {
	s := toolsRelayBoard(t)
	holder := &botMind{s: s, c: s.Chars[0]}
	var relay *botJob
	for _, j := range holder.jobs() {
		if j.What == "relay" {
			relay = &j
		}
	}
	if relay == nil || relay.Hex != "d4" || relay.Then != "c2" {
		t.Fatalf("want a hand-on of the Tools on d4 for the safe c2, jobs %v", holder.jobs())
	}
	if j := (&botMind{s: s, c: s.Chars[1]}).myJob(); j == nil || j.What != "relay" {
		t.Fatalf("the teammate whose plan leads on to the safe is not the one to take the Tools: %v", j)
	}
	moves := botActs(t, s, 0)
	if !slices.Contains(moves, "drop safecracking tools") {
		t.Fatalf("the holder, whose plan does not reach the safe, did not hand the Tools on: %v", moves)
	}
	if slices.Contains(moves, "pick up safecracking tools") || s.Chars[0].has("item Safecracking Tools") {
		t.Fatalf("the holder took the Tools back: %v", moves)
	}
	moves = botActs(t, s, 1)
	if !slices.Contains(moves, "pick up safecracking tools") || !s.Chars[1].has("item Safecracking Tools") {
		t.Fatalf("the teammate whose plan leads to the safe did not take the Tools: %v", moves)
	}
	// A holder whose own plan leads to the safe keeps them.
	s = toolsRelayBoard(t)
	for _, h := range []string{"d3", "d2", "c2"} {
		s.plan(s.Chars[0], s.tile(h))
	}
	for _, j := range (&botMind{s: s, c: s.Chars[0]}).jobs() {
		if j.What == "relay" {
			t.Fatalf("a hand-on is planned though the holder reaches the safe: %v", j)
		}
	}
	if moves := botActs(t, s, 0); slices.Contains(moves, "drop safecracking tools") {
		t.Fatalf("the holder dropped Tools it can take to the safe: %v", moves)
	}
}

func TestBotLeavesTheSafeToTheCharacterThatCanCrackIt(t *testing.T) {
	s := toolsRelayBoard(t)
	// The holder's plan reaches the safe; the teammate stands nearer it.
	for _, h := range []string{"d3", "d2", "c2"} {
		s.plan(s.Chars[0], s.tile(h))
	}
	s.Chars[1].Hex = "d2"
	b := &botMind{s: s, c: s.Chars[0]}
	if j := b.myJob(); j == nil || j.Hex != "c2" || !b.lead {
		t.Fatalf("the Tools holder's job is %v (first on it: %v), want the safe on c2, first", j, b.lead)
	}
}

func TestBotPlansThroughAGateOnlyTheFinalCrisisShuts(t *testing.T) {
	s := newTestState(t, "the-proving-grounds", 3, 1)
	b := &botMind{s: s, c: s.Chars[0]}
	if !b.lastGate(s.tile("g4")) || b.lastGate(s.tile("c6")) {
		t.Fatalf("gate D (g4) only the final Crisis shuts: %v, gate A (c6) shut by C3: %v", b.lastGate(s.tile("g4")), b.lastGate(s.tile("c6")))
	}
	path, _ := b.route([]*Tile{s.tile("h4")}, func(x *Tile) bool { return x.Hex == "a5" }, func(*Tile) bool { return true }, true)
	var hexes []string
	for _, x := range path {
		hexes = append(hexes, x.Hex)
	}
	if !slices.Contains(hexes, "g4") {
		t.Fatalf("the way from the Tools on h4 to the safe on a5 goes round gate D: %v", hexes)
	}
}
