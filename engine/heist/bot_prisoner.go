package heist

// botHaste weighs a runner's steps while the NPC waits on it (see
// haste): 1.25, 1.5, 1.75, 2 and 2.5 won The Black Box 8, 7, 10, 10 and
// 9 of 40 on seeds 1–20 (7 at 1), 8, 8, 11, 13 and 12 on seeds 21–40
// (11 at 1).
const botHaste = 2.0

// haste is the weight of c's steps along its way: more than a step's
// usual worth for a runner the NPC the objective needs waits on (its job
// a Server, a Keycard or the door, or it holds the Keycard) while that
// NPC is still shut in (held, or next to a Keycard Door), so it spends
// Ideas and Noise on speed (Sprint, a die turned); 1 otherwise. The
// deck is the clock: The Greedy Prisoner's Prisoner must be out of b5 by
// about round 4 to crawl the nine hexes to an Exit before it ends.
func (b *botMind) haste(c *Character) float64 {
	s := b.s
	n := s.NPC
	if c.NPC || !b.npcGoal() || n == nil || !n.onBoard() {
		return 1
	}
	shut := !n.Active
	if !shut {
		home := s.tile(n.Hex)
		for _, t := range s.neighbours(home) {
			shut = shut || t.has(TokKeycardDoor)
		}
	}
	if !shut {
		return 1
	}
	if b.critical(c) {
		return botHaste
	}
	return 1
}

// server is the Server that opens Remote Lock x for the crew (nil when
// none is left): of several, the one whose run in from the
// Entrances is cheapest, each hex next to a Kennel counted dearer (the
// Dogs it lets out chase the nearest character, and a runner a pack of
// them holds stops for rounds). The Greedy Prisoner has Servers X on b3
// and b9, eight steps from either Entrance; the first in board order (b3)
// was always taken, its run d3–e3 next to the Kennel on e4, and three
// Dogs of Release the Hounds! held the runner on d3 to the end (3
// characters, seed 1).
func (b *botMind) server(x string, seen map[*Tile]bool) *Tile {
	s := b.s
	froms := s.entrances()
	var best, first *Tile
	bc := 0.0
	for _, sv := range s.Tiles {
		if !real(sv) || !sv.has("server "+x) || seen[sv] {
			continue
		}
		if first == nil {
			first = sv
		}
		path, c := b.route(froms, func(t *Tile) bool { return t == sv }, func(*Tile) bool { return true }, true)
		if path == nil {
			continue
		}
		for _, t := range path {
			for _, n := range s.neighbours(t) {
				if n.has(TokKennel) {
					c += 1.5
					break
				}
			}
		}
		if best == nil || c < bc {
			best, bc = sv, c
		}
	}
	if best == nil {
		// None reached from the Entrances: the first, as before.
		return first
	}
	return best
}
