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
