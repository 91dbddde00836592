package heist

// The NPC's way out cleared from next door (issue 14's seventh round).
//
// An NPC the objective needs walks its own way to an Exit, over hexes
// nobody may have planned: The Final Score: Part 2's Mayor, taken on e7
// or e8, heads for Exit E4 over e9 and e10, which no plan reaches. Its
// escorts stop on the last hex of their plans next to the first Lock or
// Guard on that way, and a character can subdue or unlock a hex next to
// it without stepping there. Before this round nothing priced that: the
// escort's own way ended where it stood, so its Actions were weighed for
// Ideas alone, and the Lock stayed shut until the Escape, where it stops
// the NPC's Escape Moves too (traced: the Mayor Busted behind a Lock on
// e9 while two escorts next to it on e8 gathered eleven Ideas).

// escortBlock is the first Lock or Guard on the way out of the NPC the
// objective needs when it stands next to c and c's own way does not lead
// onto it (so c can only clear it from where it stands); nil otherwise.
func (b *botMind) escortBlock(c *Character, here *Tile, path []*Tile) *Tile {
	if c.NPC || here == nil {
		return nil
	}
	m := b
	if c != b.c {
		m = b.other(c)
	}
	t := m.escortHex()
	if t == nil || t == here || !adjacent(here, t) || !(t.locked() || t.guards() > 0) {
		return nil
	}
	if len(path) > 1 && path[1] == t {
		// Its own way leads there: walk prices the Lock and the Guards.
		return nil
	}
	return t
}

// escortValue is what the Unlocks and Subdues of an Action (what is left
// of p after the character's own way) are worth on the NPC's first
// obstacle next door: as much as a step of the NPC's way, since the NPC
// cannot take that step until it is cleared. It takes them from p.
func (b *botMind) escortValue(c *Character, p *Pool, here *Tile, path []*Tile) float64 {
	t := b.escortBlock(c, here, path)
	if t == nil {
		return 0
	}
	v := 0.0
	if k := min(p.Unlock, t.count(Lock, true)); k > 0 {
		p.Unlock -= k
		v += 2 * float64(k)
	}
	if k := min(p.Subdue, t.guards()); k > 0 {
		p.Subdue -= k
		v += 2 * float64(k)
	}
	return v
}

// escortClear is the sub-action that clears the NPC's first obstacle
// next door, when the Action has an Unlock or Subdue for it.
func (b *botMind) escortClear(c *Character, prefix string, here *Tile, path []*Tile) string {
	t := b.escortBlock(c, here, path)
	if t == nil {
		return ""
	}
	for _, m := range []string{"unlock " + t.Hex, "subdue " + t.Hex} {
		if b.has(prefix + m) {
			return prefix + m
		}
	}
	return ""
}

// lateNeed is the Escape Moves late weighs c's way out from here with.
// When no way out is open now, because every way runs through a Lock
// nobody has opened yet (The Final Score: Part 2's Mayor, taken on e8:
// the way on to Exit E4 through a Lock from the bag on e9, the way back
// shut by the Lockdown Gates), escapeNeeds has no way at all, and late
// took the whole crew for lost from round 5: nobody escorted the Mayor
// or opened the Lock, and all of them were Busted with it. The Action
// phases left can still open such a Lock, so here it counts as passable
// at two Escape Moves more (an Unlock, a step), while more than two
// Events are left before the final Crisis.
func (b *botMind) lateNeed(c *Character, here *Tile) (int, bool) {
	need, ok := b.escapeNeeds(c)[here]
	const inf = 1 << 20
	s := b.s
	if !ok || need < inf || s.Phase == PhaseEscape || here.remoteLocked() || b.eventsLeft() <= 2 {
		// With two Events or fewer left, no Action phase is sure to come
		// for the Unlock: as late as with no way at all.
		return need, ok
	}
	v := b.escapeDistances(c, func(t, n *Tile) (int, bool) {
		switch {
		case t.remoteLocked() || n.remoteLocked() || n.has(TokKeycardDoor):
			return 0, false
		case n.locked():
			// An Unlock, then the step.
			return 2 + unknownStep(n), true
		case s.canEnter(c, t, n, true) != "":
			return 0, false
		}
		return unknownStep(n), true
	})
	return v[b.idx[here]], true
}

// ambushHex is where the crew meets The Safehouse Rescue's captured
// Prisoner (t, her hex; dist, the distances to the van): the first hex
// down her way that the nearest of the crew (from the Entrances before
// the heist) reaches no later than she does, counting a hex a round for
// both (MOVING TARGET moves her one), else the last hex before the van.
// It was a fixed three hexes down her way, a point that moved on as she
// did, so crews from the far Entrance chased her to the van; a crew
// already on her way ahead of her now waits for her there. Counting the
// crew slower or faster than a hex a round did worse (0.6, 0.8, 1.2, 1.5
// and 2 rounds a hex: 7, 4, 18, 18 and 18 of 80 heists won on seeds 1–40
// against 27).
func (b *botMind) ambushHex(t *Tile, dist map[*Tile]int) *Tile {
	s := b.s
	var froms []*Tile
	for _, c := range s.Chars {
		if c.onBoard() && !c.NPC {
			if h := s.tile(c.Hex); h != nil {
				froms = append(froms, h)
			}
		}
	}
	if len(froms) == 0 {
		froms = s.entrances()
	}
	crew := s.distancesFrom(froms)
	way, k := t, 0
	for {
		nx := s.closer(way, dist)
		if nx == nil || nx.has(TokBeacon) {
			return way
		}
		way, k = nx, k+1
		if d, ok := crew[way]; ok && d <= k {
			return way
		}
	}
}

// unknownStep is the Escape Move lateNeed counts round an unknown tile
// (its reveal may put a Lock there).
func unknownStep(n *Tile) int {
	if n.Unknown {
		return 1
	}
	return 0
}
