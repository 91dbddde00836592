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
		return ""
	}
	if m := "move " + path[1].Hex; b.has(m) {
		return m
	}
	return ""
}
