package heist

import (
	"slices"
	"testing"
)

// The third wave of issue 14's eighth round (bot_carrier.go): what
// cracks the safe is handed on where the holder and the teammate whose
// plan leads on to the safe first meet, not on the hex nearest the safe.

// toolsMeetBoard is toolsRelayBoard with the holder a step back on d6, its plan
// d6–d5–d4–d3, and the teammate on d5, its plan d5–d4–d3–d2–c2: both
// plans cover d5, d4 and d3 and the teammate's leads on from each.
func toolsMeetBoard(t *testing.T) *State {
	t.Helper()
	s := toolsRelayBoard(t)
	s.Chars[0].Hex, s.Chars[1].Hex = "d6", "d5"
	s.plan(s.Chars[0], s.tile("d3"))
	s.plan(s.Chars[1], s.tile("d5"))
	return s
}

func TestBotHandsTheToolsOnWhereHolderAndCarrierFirstMeet(t *testing.T) {
	// Before, the hand-on was d3, the shared hex nearest the safe: the
	// teammate walked ahead and waited there while the holder subdued
	// every Guard on the way (The Proving Grounds, 3 characters, seed 1:
	// the Tools reached b3 in round 10 and the safe stayed shut).
	s := toolsMeetBoard(t)
	var relay *botJob
	for _, j := range (&botMind{s: s, c: s.Chars[0]}).jobs() {
		if j.What == "relay" {
			relay = &j
		}
	}
	if relay == nil || relay.Hex != "d5" || relay.Then != "c2" {
		t.Fatalf("want the Tools handed on on d5, where the teammate stands, for the safe c2; jobs %v", (&botMind{s: s, c: s.Chars[0]}).jobs())
	}
	moves := botActs(t, s, 0)
	if s.Chars[0].Hex != "d5" || !slices.Contains(moves, "drop safecracking tools") {
		t.Fatalf("the holder did not step to d5 and hand the Tools on there: on %s, moves %v", s.Chars[0].Hex, moves)
	}
	moves = botActs(t, s, 1)
	if !s.Chars[1].has("item Safecracking Tools") {
		t.Fatalf("the teammate whose plan leads to the safe did not take the Tools on d5: %v", moves)
	}
}
