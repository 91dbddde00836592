package heist

import "slices"

// A search plan that ends next to the Keycard's door (issue 14's seventh
// round, third helper). While the only Keycard is still in the Security
// bag, nobody knows where it will turn up, so no plan can be laid from it
// to its door; it turns up on a searcher's plan (the searcher reveals the
// tiles it planned), and that character can open the door only if its own
// plan leads next to the door, or hand the Keycard on only on a hex its
// plan shares with one that does. In a traced Hospitality Job (3
// characters, seed 1) the Keycard turned up on d6, on the Burglar's search
// plan (g8 g7 f6 e7 d6 d5), which nowhere touched the door on d8; the only
// hex it shared with the Lookout's plan through the door lay three hexes
// back, and the Burglar held the Keycard to the end. TestBotSweep, The
// Hospitality Job: 11, 13, 6, 12 → 13, 13, 13, 12 of 40 on seeds 1–20,
// 21–40, 41–60, 61–80 (The Melee Job, whose Keycard is in the bag too:
// 2, 6, 6, 7 → 2, 5, 6, 7).

// doorSearch is the plan of a character searching the bag for a Keycard:
// the search plan of searchRoute, cut short where needed so that its
// tokens also reach a hex next to a Keycard Door (the shortest cut that
// fits the Planning Memory). When no door is left or the Keycard has been
// found, or no cut fits, it is searchRoute's plan unchanged.
func (b *botMind) doorSearch(froms []*Tile) []*Tile {
	c := b.c
	full := b.searchRoute(froms, c.Memory)
	if !b.keycardUnfound() || slices.ContainsFunc(full, b.nextToDoor) {
		return full
	}
	notDoor := func(t *Tile) bool { return !t.has(TokKeycardDoor) && !t.remoteLocked() }
	for memory := c.Memory - 1; memory >= 0; memory-- {
		path := b.searchRoute(froms, memory)
		starts := path
		if len(starts) == 0 {
			starts = froms
		}
		join, _ := b.route(starts, b.nextToDoor, notDoor, true)
		if len(join) == 0 {
			return full
		}
		tokens := planTokens(path)
		for _, t := range join[1:] {
			if !t.Entrance && !slices.Contains(path, t) {
				tokens++
			}
		}
		if tokens <= c.Memory {
			return append(path, join[1:]...)
		}
	}
	return full
}

// keycardUnfound reports whether a Keycard Door stands on the board while
// the only Keycard that opens it is still in the Security bag: none lies
// on the board and no character holds one.
func (b *botMind) keycardUnfound() bool {
	s := b.s
	if s.Bag[Keycard] == 0 {
		return false
	}
	door := false
	for _, t := range s.Tiles {
		if real(t) {
			if slices.Contains(t.Loot, Keycard) {
				return false
			}
			door = door || t.has(TokKeycardDoor)
		}
	}
	for _, o := range s.Chars {
		if o.onBoard() && o.has(Keycard) {
			return false
		}
	}
	return door
}

// nextToDoor reports whether t, itself no door, is next to a Keycard Door:
// a hex from which the door is opened.
func (b *botMind) nextToDoor(t *Tile) bool {
	if t.has(TokKeycardDoor) {
		return false
	}
	for _, n := range b.s.neighbours(t) {
		if n.has(TokKeycardDoor) {
			return true
		}
	}
	return false
}

// planTokens counts the Planning tokens a plan over path takes: one for
// each hex that is no Entrance.
func planTokens(path []*Tile) int {
	n := 0
	for _, t := range path {
		if !t.Entrance {
			n++
		}
	}
	return n
}
