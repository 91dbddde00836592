package heist

// meetHex is where the holder of what cracks a safe hands it on to the
// teammate whose plan leads on to the safe: of the hexes the holder's plan
// reaches from where it stands (reach) that the teammate's plan covers and
// leads on from, the one nearest both of them, so the teammate carries the
// Tools the rest of the way rather than waiting near the safe while the
// holder subdues every Guard between (the teammate may be one that leaves
// Guarded spaces for an Idea). Nil when no teammate qualifies.
func (b *botMind) meetHex(holder *Character, reach []*Tile, door *Tile) *Tile {
	s := b.s
	here := s.tile(holder.Hex)
	var best *Tile
	bestCost := 0
	for _, c := range s.Chars {
		if c == holder || !c.onBoard() || c.NPC {
			continue
		}
		at := s.tile(c.Hex)
		for _, t := range reach {
			if !t.Entrance && !t.planned(int(c.Seat)) {
				continue
			}
			if b.onward(c, t, door) >= 100 {
				continue
			}
			cost := max(hexDistance(here, t), hexDistance(at, t))
			if best == nil || cost < bestCost || cost == bestCost && hexDistance(t, door) < hexDistance(best, door) {
				best, bestCost = t, cost
			}
		}
	}
	return best
}
