package heist

import (
	"slices"
	"strings"
)

// chainTunnel digs the Tunnels for the whole chain an NPC's escape hangs
// on, when a Keycard Door shuts the NPC in and Keycards lie on the board
// (The Black Box: the Architect behind g2, Keycards at a3 and f9): of the
// Tunnel spaces still open, the ones (with the Entrances already there)
// that make the cheapest sum of the Keycard's run (in to the Keycard, on
// to next to the door) and the NPC's own way out through the door. A
// Tunnel dug for the first character's job alone went next to the far
// Keycard (e6 for f9, then d6 for a3, five hexes from it), and the
// Architect's way out from g2 ran on past Reinforcements to a Tunnel half
// the map away; c5 (three hexes from a3) and e4 (three from the door)
// shorten both. It answers "" when there is no such chain or the Tunnels
// dug already are the best.
func (b *botMind) chainTunnel() string {
	s := b.s
	if s.TunnelsLeft == 0 || b.firstWith("tunnel ") == "" || !b.npcGoal() {
		return ""
	}
	n := s.NPC
	if n == nil || !n.onBoard() {
		return ""
	}
	home := s.tile(n.Hex)
	var doors, cards, sites []*Tile
	for _, t := range s.Tiles {
		switch {
		case real(t) && t.has(TokKeycardDoor):
			doors = append(doors, t)
		case real(t) && slices.Contains(t.Loot, Keycard):
			cards = append(cards, t)
		}
	}
	for _, m := range b.legal {
		if h, ok := strings.CutPrefix(m, "tunnel "); ok {
			sites = append(sites, s.tile(h))
		}
	}
	// The door that shuts the NPC in: one next to its hex.
	var door *Tile
	for _, d := range doors {
		if adjacent(d, home) {
			door = d
		}
	}
	if door == nil || len(cards) == 0 || len(sites) == 0 {
		return ""
	}
	all := func(*Tile) bool { return true }
	// cost of the chain with the Entrances there now and the sites dug.
	cost := func(dug []*Tile) float64 {
		// from the starts: a dug site is entered from a real neighbour
		// at a step more (it is not real until dug).
		in := func(goal func(*Tile) bool) float64 {
			best := 1e18
			if p, c := b.route(s.entrances(), goal, all, true); p != nil {
				best = c
			}
			for _, t := range dug {
				if goal(t) {
					return 0
				}
				if p, c := b.route(s.neighbours(t), goal, all, true); p != nil {
					best = min(best, c+1)
				}
			}
			return best
		}
		run := 1e18
		for _, k := range cards {
			on, c := b.route([]*Tile{k}, func(x *Tile) bool { return adjacent(x, door) && x != door && !x.has(TokKeycardDoor) }, func(x *Tile) bool { return !x.has(TokKeycardDoor) }, true)
			if on == nil {
				continue
			}
			run = min(run, in(func(x *Tile) bool { return x == k })+c)
		}
		// The NPC's walk out, through the door: to an Entrance, or to a
		// real neighbour of a dug site and a step on.
		out := 1e18
		if p, c := b.route([]*Tile{door}, func(x *Tile) bool { return x.Entrance }, all, true); p != nil {
			out = c
		}
		for _, t := range dug {
			if p, c := b.route([]*Tile{door}, func(x *Tile) bool { return adjacent(x, t) }, all, true); p != nil {
				out = min(out, c+1)
			}
		}
		return run + out
	}
	left := min(s.TunnelsLeft, 2)
	best, bv := "", cost(nil)
	for i, a := range sites {
		if v := cost([]*Tile{a}); v < bv-0.01 {
			best, bv = a.Hex, v
		}
		if left < 2 {
			continue
		}
		for _, c := range sites[i+1:] {
			if v := cost([]*Tile{a, c}); v < bv-0.01 {
				// Dig first the site nearer the Keycards' side: both are
				// dug before anyone starts, so the order only names one.
				best, bv = a.Hex, v
			}
		}
	}
	if best == "" {
		return ""
	}
	return "tunnel " + best
}
