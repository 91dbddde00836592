package heist

import (
	"slices"
	"testing"
)

// The Greedy Prisoner's chain, issue 14's eighth round (bot_prisoner.go):
// the Server X the runner goes for.

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
