package heist

import "slices"

// The objective's loot and the NPC it needs (issue 14's eighth round,
// second wave: The Greedy Prisoner).
//
// When the objective needs both the NPC out and loot out, a piece the NPC
// carries gets out exactly when the NPC does, and the heist is lost
// anyway if the NPC does not. A carrier that gives its piece to the NPC
// therefore never lowers the objective's chance, and raises it whenever
// the carrier itself might be Busted: traced (The Greedy Prisoner, 4
// characters, seed 14), the Burglar held b6's jewel on b7 when the freed
// Prisoner walked onto b7, she went on and escaped with a 6, and the
// Burglar, three hexes further in, was Busted with the jewel on e9. So
// a carrier hands its piece over on the NPC's hex (npcHandOver), walks it
// onto the NPC's way out in the Escape (npcMeet), and the crew leaves the
// piece on the NPC's way out to the NPC (npcTakes).

// npcCarrier is the NPC the objective needs when it stands, active and
// still to act this phase, on c's hex, so it can take c's piece of the
// objective's loot there now; nil otherwise. Loot is never given to an
// NPC that has acted: an Event may lock or guard the hex before its next
// turn.
func (b *botMind) npcCarrier(c *Character) *Character {
	s := b.s
	n := s.NPC
	if c == nil || c.NPC || !c.onBoard() || n == nil || !n.Active || !n.onBoard() || n.Done || n.Hex != c.Hex || !b.npcGoal() {
		return nil
	}
	return n
}

// npcHandOver is the drop that gives c's piece of the objective's loot
// to the NPC on its hex (see npcCarrier) when the NPC is at least as
// likely to get out as c, "" when there is none to give. The NPC picks
// it up at its next move (subAction and escapeFor take loot on their hex
// first).
func (b *botMind) npcHandOver(c *Character) string {
	kind, _ := b.wanted()
	n := b.npcCarrier(c)
	if kind == "" || n == nil || !c.has(kind) || b.outChance(n) < b.outChance(c) {
		// A carrier likelier to get out than the NPC keeps its piece:
		// the objective is lost without the NPC, but what gets out still
		// counts (traced, 4 characters, seed 1: the Thug, sure of its way
		// out with 9 Ideas, gave d4's jewel to the Prisoner Busted on e2).
		return ""
	}
	if m := "drop " + lower(lootName(kind)); b.has(m) {
		return m
	}
	return ""
}

// npcKeeps reports whether the pick up m is c taking back the
// objective's loot the NPC on its hex is about to take (npcHandOver's
// mirror, so a piece is never dropped and picked up in turn).
func (b *botMind) npcKeeps(c *Character, m string) bool {
	kind, _ := b.wanted()
	if kind == "" || m != "pick up "+lower(lootName(kind)) {
		return false
	}
	if path, _ := b.npcMeetWay(c, false); len(path) == 1 {
		// Left on the NPC's way out for it to pick up (npcMeet).
		return true
	}
	n := b.npcCarrier(c)
	return n != nil && b.outChance(n) >= b.outChance(c)
}

// npcTakes is targets less the objective's loot the NPC it needs (held
// or freed) takes itself: pieces on the NPC's way out, which it picks up
// as it walks by, and, while those, the pieces held and the ones in the
// open are enough, the pieces behind Remote Locks. The Greedy Prisoner's
// b6 jewel lies next to her cell on her way out; e6 lies behind Remote
// Locks X and Y, and a character of three went to Server Y (c6) for it
// while the jewel in the open (d4) was never reached: with both left
// out, the crew runs for Server X and d4, and she is freed in 25 of 40
// heists on seeds 1–20 (17 before).
func (b *botMind) npcTakes(targets []*Tile, kind string, need int) []*Tile {
	s := b.s
	n := s.NPC
	if kind == "" || n == nil || !n.onBoard() || !b.npcGoal() {
		return targets
	}
	path := b.pathFor(n)
	if len(path) < 2 {
		return targets
	}
	var out []*Tile
	hers := 0
	for _, t := range targets {
		if !t.has(TokSafe) && slices.Contains(path, t) {
			hers++
			continue
		}
		out = append(out, t)
	}
	froms := s.entrances()
	var open, shut []*Tile
	for _, t := range out {
		p, _ := b.route(froms, func(x *Tile) bool { return x == t }, func(x *Tile) bool { return !x.remoteLocked() }, true)
		if p == nil {
			shut = append(shut, t)
		} else {
			open = append(open, t)
		}
	}
	if len(shut) > 0 && b.held(kind)+hers+len(open) >= need {
		return open
	}
	return out
}

// npcMeetPath is the way c (carrying the objective's loot, not sure to
// get out on its own) walks in the Escape to the nearest hex of the way
// out of the NPC the objective needs, and what it costs; nil when there
// is no such meeting (the NPC has no way out, or holds Escape Moves of a
// Last Ditch roll: it is on its way).
func (b *botMind) npcMeetPath(c *Character) ([]*Tile, int) {
	return b.npcMeetWay(c, true)
}

// npcMeetWay is npcMeetPath, for c carrying the objective's loot or (not
// carrying, to ask whether c should leave the piece on its hex) not.
func (b *botMind) npcMeetWay(c *Character, carrying bool) ([]*Tile, int) {
	s := b.s
	n := s.NPC
	kind, _ := b.wanted()
	if s.Phase != PhaseEscape || kind == "" || !b.npcGoal() || n == nil || !n.Active || !n.onBoard() || n.Done || n.EscapeMoves > 0 ||
		c.NPC || !c.onBoard() || c.Done || carrying && !c.has(kind) {
		return nil, 0
	}
	here := s.tile(c.Hex)
	if b.escapeNeeds(c)[here] <= c.escapeBudget() {
		return nil, 0
	}
	way, _ := b.escapeRoute(n, s.tile(n.Hex), func(t *Tile) bool { return s.isExit(n, t) })
	if way == nil {
		return nil, 0
	}
	return b.escapeRoute(c, here, func(t *Tile) bool { return slices.Contains(way, t) })
}

// npcMeet walks c's piece of the objective's loot onto the NPC's way out
// in the Escape and drops it there, where the NPC picks it up as it
// passes (escapeFor takes loot on its hex first); "" when c has no such
// meeting within what it can pay (rolling its Last Ditch die first when
// that may pay it).
func (b *botMind) npcMeet(c *Character) string {
	path, cost := b.npcMeetPath(c)
	if path == nil {
		return ""
	}
	if len(path) == 1 {
		kind, _ := b.wanted()
		if m := "drop " + lower(lootName(kind)); b.has(m) {
			return m
		}
		return ""
	}
	if cost > c.escapeBudget() {
		if !c.Rolled && cost <= c.escapeBudget()+6 && b.has("last ditch") {
			return "last ditch"
		}
		return ""
	}
	if m := "move " + path[1].Hex; b.has(m) {
		return m
	}
	return ""
}

// npcAwaits reports whether the NPC should wait for a teammate walking
// the objective's loot onto its way out (npcMeet) before it moves.
func (b *botMind) npcAwaits() bool {
	for _, o := range b.s.Chars {
		if path, cost := b.npcMeetPath(o); path != nil && (cost <= o.escapeBudget() || !o.Rolled && cost <= o.escapeBudget()+6) {
			return true
		}
	}
	return false
}
