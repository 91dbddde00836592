package heist

import (
	"strings"

	"casefile/engine"
)

// Crises (MH-CRISIS-*) are set aside when they reach the top of the deck
// and resolved in order after the Active Event.

// continueCrisis finishes the Crisis a choice interrupted, then the rest
// of the queue and of the Event phase.
func (s *State) continueCrisis(res *engine.Result) {
	if s.Crisis == "C6" {
		s.continueHounds(res)
		if s.choice() != nil {
			return
		}
	}
	if s.Crisis != "" {
		s.Discard = append(s.Discard, s.Crisis)
		s.Crisis = ""
	}
	s.crises(res)
}

// resolveCrisis plays one Crisis of the queue (MH-CRISIS-*); one that
// needs the team's choice stops the queue until it is answered.
func (s *State) resolveCrisis(code string, res *engine.Result) {
	if !implementedCards[code] {
		s.notImplemented(code, res)
		return
	}
	switch code {
	case "C1":
		s.reinforcements(res)
	case "C2":
		s.watchtowerSweep(res)
	case "C3":
		s.closeGates(1, res)
	case "C4":
		for _, t := range s.Tiles {
			if real(t) && !t.Entrance && t.hasLoot() {
				s.place(t, Lock, "A Lock", res)
			}
		}
	case "C5":
		if s.NPC != nil {
			s.NPC.Panicked = true
			res.Say("The NPC panics: the Panic side is used for the rest of the heist.")
		} else {
			res.Say("There is no NPC to panic.")
		}
	case "C6":
		s.releaseHounds(res)
	case "Z1":
		s.EscapeInitiated = true
		res.Say("The Alarm sounds: Escape!")
	case "Z2":
		s.closeGates(4, res)
		s.EscapeInitiated = true
		res.Say("Full lockdown: Escape!")
	}
}

// nextGate is the next Lockdown Gate still on the board, A first.
func (s *State) nextGate() *Tile {
	for _, g := range []string{"gate a", "gate b", "gate c", "gate d"} {
		for _, t := range s.Tiles {
			if real(t) && t.has(g) {
				return t
			}
		}
	}
	return nil
}

// closeGates locks down the next n gates: the tile becomes a gap, a
// character on it is Busted, other pieces are removed, and planning tokens
// on it go back to their owners (MH-GATE-02..05, MH-GATE-07).
func (s *State) closeGates(n int, res *engine.Result) {
	for i := 0; i < n; i++ {
		t := s.nextGate()
		if t == nil {
			res.Say("No Lockdown Gate is left to close.")
			return
		}
		for _, c := range s.charsOn(t) {
			s.bust(c, res, "caught on a locked-down hex")
		}
		if s.NPC != nil && s.NPC.Hex == t.Hex && !s.NPC.Escaped {
			s.NPC.Busted = true
			res.Say("The NPC is caught on the locked-down hex.")
		}
		t.Removed = true
		t.Chits, t.Cash, t.Loot, t.Unknown = nil, 0, nil, false
		for _, p := range t.Plans {
			c := s.char(p)
			c.Planned, _ = removeString(c.Planned, t.Hex)
			c.FreeTokens++
		}
		t.Plans = nil
		s.GatesClosed++
		res.Say("Lockdown Gate %s shuts: %s is removed from the board.", strings.ToUpper(strings.TrimPrefix(gateOf(t), "gate ")), t.Hex)
	}
}

func gateOf(t *Tile) string {
	for _, k := range t.Tokens {
		if strings.HasPrefix(k, "gate ") {
			return k
		}
	}
	return ""
}

// reinforcements is Crisis C1 around each Reinforcements token; the log
// names every hex it changes.
func (s *State) reinforcements(res *engine.Result) {
	for _, t := range s.Tiles {
		if !real(t) || !t.has(TokReinforcements) {
			continue
		}
		var up, relocked, added []string
		short := false
		for _, n := range s.neighbours(t) {
			if s.unsubdue(n) > 0 {
				up = append(up, n.Hex)
			}
			locked := false
			for n.setActive(Lock, true) {
				locked = true
			}
			if locked {
				relocked = append(relocked, n.Hex)
			}
			s.reenable(n, res)
			if len(n.Chits) == 0 && !n.Unknown && len(s.charsOn(n)) == 0 && !n.Entrance {
				if s.supply(n, Guard) {
					added = append(added, n.Hex)
				} else {
					short = true
				}
			}
		}
		t.removeToken(TokReinforcements)
		two := 0
		for range 2 {
			if s.supply(t, Guard) {
				two++
			}
		}
		res.Say("Reinforcements rally on %s: the token becomes %s.", t.Hex, engine.Plural(two, "Guard", "Guards"))
		if len(up) > 0 {
			res.Say("Reinforcements: the Guards and Dogs on %s get up again.", strings.Join(up, ", "))
		}
		if len(relocked) > 0 {
			res.Say("Reinforcements: %s locked again.", strings.Join(relocked, ", "))
		}
		if len(added) > 0 {
			res.Say("Reinforcements: a Guard is added on %s.", strings.Join(added, ", "))
		}
		if short || two < 2 {
			s.noSupply(Guard, res)
		}
	}
}

// watchtowerSweep is Crisis C2 (MH-TOWER-01..03).
func (s *State) watchtowerSweep(res *engine.Result) {
	for _, t := range s.Tiles {
		if real(t) && t.has(TokWatchtower) && len(s.piecesOn(t)) > 0 {
			t.removeToken(TokWatchtower)
			res.Say("A character on %s disables the Watchtower.", t.Hex)
		}
	}
	for _, t := range s.Tiles {
		if !real(t) || !t.has(TokWatchtower) {
			continue
		}
		for _, d := range dirs {
			for _, n := range s.line(t, d, 0) {
				if len(s.piecesOn(n)) > 0 {
					if s.supply(n, Guard) {
						res.Say("The Watchtower on %s spots someone on %s: a Guard is added.", t.Hex, n.Hex)
					} else {
						s.noSupply(Guard, res)
					}
				}
			}
		}
	}
}

// crises resolves the Crisis queue in order (MH-EPHASE-08), then ends the
// Event phase. A Crisis that needs the team's choice stops the queue;
// continueCrisis picks it up again once the choice is answered.
func (s *State) crises(res *engine.Result) {
	for len(s.CrisisQueue) > 0 {
		cr := s.CrisisQueue[0]
		s.CrisisQueue = s.CrisisQueue[1:]
		res.Say("Crisis: %s.", s.cardName(cr))
		s.Crisis, s.resume = cr, resumeCrisis
		s.resolveCrisis(cr, res)
		if s.choice() != nil {
			return
		}
		s.Discard = append(s.Discard, cr)
		s.Crisis = ""
	}
	s.resume = ""
	s.Phase = PhaseAction
	if len(s.Deck) == 0 && !s.EscapeInitiated && s.LastUsed {
		res.Say("The Event deck is spent: the Alarm sounds.")
		s.EscapeInitiated = true
	}
	s.LoopFootage = false
	s.flashbangEnds(res)
	s.endOfEventSpecials(res)
	if s.allBusted() {
		s.finish(res)
		return
	}
	if !s.EscapeInitiated && s.Round >= maxRounds {
		res.Say("Round %d: the Alarm sounds (the engine's round limit).", s.Round)
		s.EscapeInitiated = true
	}
	if s.EscapeInitiated {
		s.startEscape(res)
		return
	}
	s.startRound(res)
}
