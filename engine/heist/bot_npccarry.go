package heist

// The objective's loot handed to the NPC it needs (issue 14's eighth
// round, second wave: The Greedy Prisoner).
//
// When the objective needs both the NPC out and loot out, a piece the NPC
// carries gets out exactly when the NPC does, and the heist is lost
// anyway if the NPC does not. A carrier that gives its piece to the NPC
// therefore never lowers the objective's chance, and raises it whenever
// the carrier itself might be Busted: traced (The Greedy Prisoner, 4
// characters, seed 14), the Burglar held b6's jewel on b7 when the freed
// Prisoner walked onto b7, she went on and escaped with a 6, and the
// Burglar, three hexes further in, was Busted with the jewel on e9.

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
	n := b.npcCarrier(c)
	return kind != "" && m == "pick up "+lower(lootName(kind)) && n != nil && b.outChance(n) >= b.outChance(c)
}
