package heist

import "slices"

// A carrier sure to get out fetches a teammate's piece too (issue 14's
// eighth round). handOff sent only characters that carry none of the
// objective's loot to fetch it in the Escape, so a carrier whose Ideas
// paid its own way out with Escape Moves to spare walked straight out past
// a teammate who could not (The Inclusion Job: the jewels' carriers end
// the heist a few hexes apart on the same ways out, and its teammates
// without a jewel stand on the Exits, out at once when the Escape begins).
// A character may carry several pieces, so the carrier goes for the other
// piece when its Ideas (and its roll, once made) surely pay the way there
// and out again: its own piece is never put at risk.

// carrierFetch is the move toward the objective's loot that c, carrying a
// piece of it and sure to get out from where it stands, goes to fetch in
// the Escape: loot lying inside, a carrier that rolled and still cannot
// get out, or one that has not rolled whose Ideas do not pay its way out
// (fetchFrom); only when c's sure Escape Moves pay the way there and from
// there out. "" when there is none.
func (b *botMind) carrierFetch(c *Character, need map[*Tile]int, kind string) string {
	s := b.s
	here := s.tile(c.Hex)
	targets := map[*Tile]bool{}
	for _, t := range s.Tiles {
		if real(t) && !t.Entrance && slices.Contains(t.Loot, kind) {
			targets[t] = true
		}
	}
	for _, o := range s.Chars {
		if o == c || !o.onBoard() || o.NPC || !o.has(kind) {
			continue
		}
		t := s.tile(o.Hex)
		if t == nil {
			continue
		}
		if o.Rolled && b.escapeNeeds(o)[t] > o.escapeBudget() || b.fetchFrom(o) {
			targets[t] = true
		}
	}
	if len(targets) == 0 || targets[here] {
		return ""
	}
	path, cost := b.escapeRoute(c, here, func(t *Tile) bool { return targets[t] })
	if len(path) < 2 {
		return ""
	}
	if back, ok := need[path[len(path)-1]]; !ok || cost+back > c.escapeBudget() {
		return b.meetStep(c, need, kind)
	}
	if m := "move " + path[1].Hex; b.has(m) {
		return m
	}
	return ""
}

// meetStep is c's move, in the Escape, toward a carrier of the objective's
// loot that cannot pay its own way out (fetchFrom, or one that rolled and
// still cannot) when c cannot surely pay the whole way to it and out
// again: c goes to the hex of the carrier's way out nearest the carrier
// that c can reach and still surely get out from, and the carrier can
// reach on what its Ideas and roll may pay; walking its own way out, the
// carrier comes to c there and hands the loot over (handOff). Standing on
// that hex already, c rolls its Last Ditch die if it has not (its Escape
// Moves then reach farther in, and the carrier gets a move closer). ""
// when there is no such hex.
func (b *botMind) meetStep(c *Character, need map[*Tile]int, kind string) string {
	s := b.s
	here := s.tile(c.Hex)
	var best *Tile
	var bestPath []*Tile
	for _, o := range s.Chars {
		if o == c || !o.onBoard() || o.NPC || !o.has(kind) {
			continue
		}
		ot := s.tile(o.Hex)
		if ot == nil || !(o.Rolled && b.escapeNeeds(o)[ot] > o.escapeBudget() || b.fetchFrom(o)) {
			continue
		}
		way, _ := b.escapeRoute(o, ot, func(t *Tile) bool { return s.isExit(o, t) })
		reach, walked := o.escapeBudget()+b.rollHope(o), 0
		for i := 1; i < len(way)-1; i++ {
			walked += s.escapeCost(o, way[i-1])
			if walked > reach {
				break
			}
			y := way[i]
			path, cost := []*Tile{here}, 0
			if y != here {
				path, cost = b.escapeRoute(c, here, func(t *Tile) bool { return t == y })
			}
			if n, ok := need[y]; ok && path != nil && cost+n <= c.escapeBudget() {
				if best == nil || len(path) < len(bestPath) {
					best, bestPath = y, path
				}
				break
			}
		}
	}
	switch {
	case best == nil:
		return ""
	case best == here:
		if !c.Rolled && b.has("last ditch") {
			return "last ditch"
		}
		return ""
	}
	if m := "move " + bestPath[1].Hex; b.has(m) {
		return m
	}
	return ""
}
