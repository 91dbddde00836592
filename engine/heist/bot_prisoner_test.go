package heist

import (
	"slices"
	"testing"
)

// The Greedy Prisoner's chain, issue 14's eighth round (bot_prisoner.go):
// the Server X the runner goes for, and a runner that spends on speed
// while the Prisoner waits on it.

func TestBotRunsForTheServerAwayFromTheKennel(t *testing.T) {
	// Servers X on b3 and b9, eight steps from either Entrance; b3's run
	// (d3, e3) lies next to the Kennel on e4, whose Dogs hold a runner.
	s := newTestState(t, "the-greedy-prisoner", 3, 1)
	var servers []string
	for _, j := range (&botMind{s: s, c: s.Chars[0]}).jobs() {
		if j.What == "server" && s.tile(j.Hex).has("server x") {
			servers = append(servers, j.Hex)
		}
	}
	if !slices.Equal(servers, []string{"b9"}) {
		t.Fatalf("Server X jobs %v, want the one on b9, away from the Kennel", servers)
	}
}

// prisonerRunBoard is The Greedy Prisoner's map emptied but for the
// Prisoner behind Remote Lock X on b5, its Servers (b3, b9), the Kennel
// on e4 and a live Camera on b8: seat 0 stands on c8, two steps from the
// Server on b9 past the Camera, with one Idea; its die shows 1.
func prisonerRunBoard(t *testing.T) *State {
	t.Helper()
	s := newTestState(t, "the-greedy-prisoner", 3, 1)
	blankBoard(s)
	s.tile("b5").Tokens = []string{"remote x", "prison"}
	s.tile("b3").Tokens = []string{"server x"}
	s.tile("b9").Tokens = []string{"server x"}
	s.tile("e4").Tokens = []string{TokKennel}
	heistAt(t, s, 1, "c8", "i1", "i1")
	s.tile("b8").Chits = []Chit{{Kind: Camera, Active: true}}
	s.NPC.Hex, s.NPC.Active = "b5", false
	s.Chars[0].Ideas = 1
	return s
}

func TestBotRunnerSpendsOnSpeedWhileThePrisonerWaits(t *testing.T) {
	// Before, the runner sat on c8 taking an Idea (Pause) rather than
	// walk into the Camera on b8 for an Idea spent (Dart): a round lost
	// of the four or so the Prisoner has to be out of b5 in.
	s := prisonerRunBoard(t)
	if j := (&botMind{s: s, c: s.Chars[0]}).myJob(); j == nil || j.What != "server" || j.Hex != "b9" {
		t.Fatalf("the board is not as the test expects: seat 0's job %v", j)
	}
	moves := botActs(t, s, 0)
	if s.Chars[0].Hex != "b9" || !s.NPC.Active {
		t.Fatalf("the runner ended on %s with the Prisoner held (moves %v): want it on the Server b9 and her freed", s.Chars[0].Hex, moves)
	}
}
