package heist

// server is the Server that opens Remote Lock x for the crew (nil when
// none is left to reach): of several, the one whose run in from the
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
	var best *Tile
	bc := 0.0
	for _, sv := range s.Tiles {
		if !real(sv) || !sv.has("server "+x) || seen[sv] {
			continue
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
	return best
}
