package heist

// The getaway (issue 14's seventh round). Loot passes freely between two
// characters on one hex (the rulebook's insta-transfer, in the Escape
// too: its Last Ditch example is one), while Ideas pass only through
// TEAMWORK and the pinches, so a carrier whose Ideas do not pay its way
// out is helped by a teammate whose Ideas pay the way to it and out again.

// fetchFrom reports whether, in the Escape, a carrier o of the
// objective's loot is one to fetch it from before it has rolled: its Ideas
// do not pay its way out, so only its Last Ditch roll would. handOff then
// sends a teammate whose Ideas surely pay the way to o and out again (it
// loses nothing by going: its own way out stays paid), and o, once they
// share a hex, drops the loot for it. Before this, a teammate went only to
// a carrier that had rolled and failed, and a carrier that rolled last
// (seat order is the players') was never fetched from.
func (b *botMind) fetchFrom(o *Character) bool {
	if o.Rolled || o.NPC {
		return false
	}
	t := b.s.tile(o.Hex)
	return t != nil && b.escapeNeeds(o)[t] > o.escapeBudget()
}

// riskFetch reports whether c, in the Escape, goes for the objective's
// loot that is otherwise lost (lying inside, or on a carrier that rolled
// and still cannot get out) though its Ideas do not surely pay the way
// there and out again (cost Escape Moves): it carries none of the
// objective's loot itself and has not rolled, so its own Last Ditch roll
// may still make up the difference. The loot is lost without it; what the
// crew risks is this character, Busted if the roll falls short (issue 14's
// seventh round, TestBotSweep of the five loot scenarios: allowing a
// shortfall of 0, 3, 4, 5 or 6 Escape Moves won 186, 197, 200, 202 and
// 204 of 400 heists on seeds 1–40; 84, 95 and 98 of 200 on seeds 41–60
// for 0, 4 and 6).
func (b *botMind) riskFetch(c *Character, cost int) bool {
	kind, _ := b.wanted()
	if c.Rolled || c.NPC || kind == "" || c.has(kind) {
		return false
	}
	return cost-c.escapeBudget() <= b.rollHope(c)
}
