package heist

import "slices"

// gateCardsPerRound is how many cards of the Event deck a round is
// reckoned to use up in Planning: its Event and about one Alert more
// (the traced heists of The Proving Grounds shut Gate A, behind the 8th
// card, in rounds 2–4, and Gate B, behind the 13th, in rounds 4–9).
const gateCardsPerRound = 2.2

// earlyGateCost is what a Lockdown Gate hex that shuts before the crew
// can be through it adds to a planned way: the way is as good as gone.
const earlyGateCost = 100

// earlyGate reports whether t is a Lockdown Gate hex that the Events are
// expected to shut before a character walking a hex a round from the
// nearest Entrance is through it (issue 14's eighth round). The gates
// shut in order, A first, one for each G1 and C3 and two for each G2 in
// the Crisis queue and the deck; the round a gate shuts is reckoned from
// the place of the card that shuts it. Before, a plan went through The
// Proving Grounds' Gate A (c6, shut by the 8th card, in round 2–4) when
// the way round was longer than the Planning Memory: the gate was gone
// before anybody reached it, and three of a 4-character crew were left
// with no way to the safe. Used in the Crew step and Planning only (the
// deck is whole then).
func (b *botMind) earlyGate(t *Tile) bool {
	if !b.earlyOK {
		b.earlyOK = true
		s := b.s
		var gates []*Tile
		for _, g := range []string{"gate a", "gate b", "gate c", "gate d"} {
			for _, x := range s.Tiles {
				if real(x) && x.has(g) {
					gates = append(gates, x)
				}
			}
		}
		if len(gates) == 0 {
			return false
		}
		b.early = map[*Tile]bool{}
		// Hexes from the nearest Entrance as the crow flies (no search
		// of the board: this is a reckoning of rounds, not a route).
		entrances := s.entrances()
		dist := func(g *Tile) int {
			d := 1 << 20
			for _, e := range entrances {
				d = min(d, hexDistance(e, g))
			}
			return d
		}
		next := 0
		for i, code := range append(slices.Clone(s.CrisisQueue), s.Deck...) {
			if code == "Z1" || code == "Z2" || next >= len(gates) {
				break
			}
			shut := 0
			switch code {
			case "G1", "C3":
				shut = 1
			case "G2":
				shut = 2
			}
			for ; shut > 0 && next < len(gates); shut-- {
				g := gates[next]
				next++
				// Through it means a step past it before the round it
				// shuts in ends.
				if float64(dist(g)+1) > float64(i)/gateCardsPerRound {
					b.early[g] = true
				}
			}
		}
	}
	return b.early[t]
}

// leadStarts counts, for each Entrance, the teammates of b's character
// that lead a job (it was handed to them first), are not on the Entrance
// their way to it starts from, and can reach the job within their Planning
// Memory from no other Entrance (issue 14's eighth round). An Entrance
// holds two characters in Planning; a character that only joined a job
// leaves the last places to them. Before, The Proving Grounds' Shutter
// Bug (Planning Memory 7, which reaches the safe from no Entrance once
// Gate A is planned round) took the second place on g3, and the Street
// Urchin, whose 9 tokens from g3 are the only plan that reaches the safe
// the long way round, had to start on h7, from where it could not.
func (b *botMind) leadStarts() map[*Tile]int {
	s, c := b.s, b.c
	out := map[*Tile]int{}
	if s.Breakout || s.NoEntranceLimit || c.Hideout {
		return out
	}
	var spots []*Tile
	for _, o := range s.Chars {
		if o == c || o.NPC || o.Hideout {
			continue
		}
		if spots == nil {
			spots = s.entrances()
		}
		m := b.other(o)
		j := m.myJob()
		if j == nil || !m.lead {
			continue
		}
		goal := m.startGoal(j)
		path, _ := b.route(spots, func(t *Tile) bool { return t == goal }, func(*Tile) bool { return true }, true)
		if len(path) == 0 || path[0].Hex == o.Hex {
			continue
		}
		var others []*Tile
		for _, x := range spots {
			if x != path[0] {
				others = append(others, x)
			}
		}
		if alt, _ := b.route(others, func(t *Tile) bool { return t == goal }, func(*Tile) bool { return true }, true); alt != nil && len(alt)-1 <= o.Memory {
			// It can do as well from another Entrance.
			continue
		}
		out[path[0]]++
	}
	return out
}

// yieldsStart reports whether b's character, which only joined its job,
// leaves start spot t to the teammates that lead theirs (leadStarts).
func (b *botMind) yieldsStart(t *Tile, leads map[*Tile]int) bool {
	if b.lead || leads[t] == 0 {
		return false
	}
	n := 0
	for _, o := range b.s.Chars {
		if o != b.c && o.Hex == t.Hex {
			n++
		}
	}
	return n+leads[t] >= 2
}

// leadsOn reports whether c's own plan leads from where it stands to
// where the run to door ends (next to a Keycard Door, onto a safe). Such
// a character hands nothing on: with two characters holding what cracks
// (a campaign's Plasma Torch besides the Safecracking Tools), the crew's
// hand-on, worked out for the one whose plan stops short, made the other,
// whose plan led to the safe, drop its Torch on the hand-on hex too.
func (b *botMind) leadsOn(c *Character, door *Tile) bool {
	return b.onward(c, b.s.tile(c.Hex), door) < 100
}

// toolsSpare reports whether Tools lying on b's hex are better left to a
// teammate: its own plan does not lead from here to the objective's safe,
// and a teammate's plan covers this hex and leads on from it. Before, the character
// that had just handed them on there (its plan stopping short of the
// safe) picked them up again, for ever, when they were not the crew's
// Tools job: a campaign's Plasma Torch while Safecracking Tools still lay
// on the board (the job went to those).
func (b *botMind) toolsSpare() bool {
	s, c := b.s, b.c
	kind, _ := b.wanted()
	here := s.tile(c.Hex)
	if kind == "" || here == nil {
		return false
	}
	for _, t := range s.Tiles {
		if !real(t) || !t.has(TokSafe) || t.Cracks >= t.SafeNeeds || !slices.Contains(t.SafeLoot, kind) || b.leadsOn(c, t) {
			continue
		}
		for _, o := range s.Chars {
			if o != c && o.onBoard() && !o.NPC && (here.Entrance || here.planned(int(o.Seat))) && b.onward(o, here, t) < 100 {
				return true
			}
		}
	}
	return false
}

// toolsOnward reports whether b's character, standing on Tools lying
// there, is one whose own plan leads on from here to the objective's
// safe: it takes them even when the crew's Tools job went to another
// character (the job's first character, whose plan stops short of the
// safe, leaves them: toolsSpare).
func (b *botMind) toolsOnward() bool {
	s, c := b.s, b.c
	kind, _ := b.wanted()
	if kind == "" {
		return false
	}
	for _, t := range s.Tiles {
		if real(t) && t.has(TokSafe) && t.Cracks < t.SafeNeeds && slices.Contains(t.SafeLoot, kind) && b.leadsOn(c, t) {
			return true
		}
	}
	return false
}
