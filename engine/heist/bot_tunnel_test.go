package heist

import (
	"testing"
)

// The chain an NPC's escape hangs on, issue 14's eighth round
// (bot_chain.go).

func TestBotDigsTheTunnelsTheArchitectsChainNeeds(t *testing.T) {
	// The Black Box: the Architect (h1) is shut in by the Keycard Door g2
	// and the Keycards lie on a3 and f9. Tunnels dug for the first
	// character's job alone were e6 and d6: a3 five hexes from d6, and
	// the Architect's way out from g2 over Reinforcements to e6. c5 (three
	// hexes from a3) and e4 (three from g2, through f2 and f3) make the
	// whole chain shortest.
	for _, n := range []int{3, 4} {
		s := botsPlanned(t, "the-black-box", n, 1, nil)
		dug := map[string]bool{}
		for _, tl := range s.entrances() {
			if tl.Tunnel {
				dug[tl.Hex] = true
			}
		}
		if !dug["c5"] || !dug["e4"] {
			t.Fatalf("%d characters: Tunnels dug %v, want c5 and e4", n, dug)
		}
		in := s.distances(func(tl *Tile) bool { return tl.Entrance })
		if d := in[s.tile("a3")]; d != 3 {
			t.Errorf("%d characters: the Keycard on a3 is %d hexes from an Entrance, want 3", n, d)
		}
		if d := in[s.tile("g2")]; d != 3 {
			t.Errorf("%d characters: the Architect's door g2 is %d hexes from an Entrance, want 3", n, d)
		}
		starts := map[string]int{}
		for _, c := range s.Chars {
			starts[c.Hex]++
		}
		if starts["c5"] == 0 || starts["e4"] == 0 {
			t.Errorf("%d characters: starts %v, want someone on each Tunnel", n, starts)
		}
	}
}
