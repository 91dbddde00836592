package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// Planning (MH-PLAN-*): each character places planning tokens, picks its
// start, shops and hires fixers, then says plan done; the heist begins once
// every character has.

// startPlanning ends the Crew step: every seat has its character.
func (s *State) startPlanning(res *engine.Result) {
	s.endPhase(res)
	var crew []string
	for _, c := range s.Chars {
		crew = append(crew, c.ref()+" "+crewName(c))
	}
	res.Say("The crew is set: %s. Planning begins.", strings.Join(crew, "; "))
	s.Phase = PhasePlanning
	s.phaseTurn(planTurn, "Planning")
}

// startHeist ends Planning: the first round's Roll.
func (s *State) startHeist(res *engine.Result) {
	s.endPhase(res)
	res.Say("The plan is set. The heist begins.")
	s.Phase = PhaseAction
	s.startRound(res)
}

// plan puts c's planning token on t.
func (s *State) plan(c *Character, t *Tile) {
	c.Planned = append(c.Planned, t.Hex)
	t.Plans = append(t.Plans, c.Seat)
}

// unplan takes c's planning token off t.
func (s *State) unplan(c *Character, t *Tile) {
	c.Planned, _ = removeString(c.Planned, t.Hex)
	for i, p := range t.Plans {
		if p == c.Seat {
			t.Plans = append(t.Plans[:i:i], t.Plans[i+1:]...)
			break
		}
	}
}

// tokensLeft is how many planning tokens the character may still place
// (MH-PLAN-03).
func (c *Character) tokensLeft() int { return c.Memory - len(c.Planned) }

// startSpots lists where a character may start: an Entrance with room for
// another (MH-BOARD-08), or for a Busted character in a County breakout one
// of the designated spots inside.
func (s *State) startSpots(c *Character) []*Tile {
	var out []*Tile
	for _, t := range s.Tiles {
		if !real(t) {
			continue
		}
		inside := t.has("npc") || t.has("prison")
		if c.Hideout {
			// Hidden since Part 1: the hex is kept, the character on it.
			if t.Hex == c.Hex {
				out = append(out, t)
			}
			continue
		}
		if s.Scenario == "the-final-score-part-2" && t.has(TokBeacon) && !s.PartOne {
			// Part 2 without Part 1 in the campaign: anyone may start
			// from the hideouts.
			out = append(out, t)
			continue
		}
		if c.StartedIn && s.Breakout && inside {
			out = append(out, t)
			continue
		}
		if !t.Entrance {
			continue
		}
		n := 0
		for _, o := range s.Chars {
			if o != c && o.Hex == t.Hex {
				n++
			}
		}
		if s.NoEntranceLimit || n < 2 {
			out = append(out, t)
		}
	}
	return out
}

// planningMoves lists a character's Planning moves: the Prisoner,
// fixers, its start, planning tokens, the Shop, then plan done. The
// character itself was built in the Crew step (crew.go).
func (s *State) planningMoves(c *Character, ms *engine.Moves) {
	s.rescueMoves(c, ms)
	s.morePlanningMoves(c, ms)
	for _, t := range s.startSpots(c) {
		t := t
		if c.Hex == t.Hex {
			continue
		}
		ms.Legal("start "+t.Hex, func(res *engine.Result) {
			c.Hex = t.Hex
			res.Say("%s will start on %s.", c.ref(), t.Hex)
		})
	}
	if s.TunnelsLeft > 0 {
		for _, t := range s.Tiles {
			t := t
			if t.Tunnel && !t.Entrance {
				ms.Legal("tunnel "+t.Hex, func(res *engine.Result) {
					t.Entrance = true
					s.TunnelsLeft--
					res.Say("%s digs a Tunnel entrance at %s.", c.ref(), t.Hex)
				})
			}
		}
	}
	if c.tokensLeft() > 0 {
		for _, t := range s.Tiles {
			t := t
			if real(t) && !t.Entrance && !t.planned(int(c.Seat)) {
				ms.Legal("plan "+t.Hex, func(res *engine.Result) {
					s.plan(c, t)
					res.Say("%s plans %s (%s left).", c.ref(), t.Hex, engine.Plural(c.tokensLeft(), "token", "tokens"))
				})
			}
		}
	}
	for _, h := range c.Planned {
		t := s.tile(h)
		ms.Legal("unplan "+h, func(res *engine.Result) {
			s.unplan(c, t)
			res.Say("%s takes back the planning token on %s.", c.ref(), t.Hex)
		})
	}
	radioSilence := s.Scenario == "the-final-score-part-2"
	if !radioSilence {
		s.buyMoves(c, ms)
		s.fixerPlanningMoves(c, ms)
		s.sellMoves(c, ms)
	}
	if c.has("item Building Schematics") {
		for _, t := range s.Tiles {
			t := t
			if real(t) && t.Unknown {
				ms.Legal("schematics "+t.Hex, func(res *engine.Result) {
					s.discardItem(c, "Building Schematics")
					res.Say("CONSULT FLOORPLANS: %s reveals %s.", c.ref(), t.Hex)
					s.planningReveal(c, t, res)
				})
			}
		}
	}
	if c.Hex != "" {
		ms.Legal("plan done", func(res *engine.Result) {
			s.Pending.Find(planTurn).Answer(c.Seat)
			res.Say("%s's plan is done: %d hex(es) planned, starting on %s.", c.ref(), len(c.Planned), c.Hex)
		})
	}
}

// buyMoves lists the Shop's Items the team can afford (MH-SHOP-*).
func (s *State) buyMoves(c *Character, ms *engine.Moves) {
	for _, name := range s.shopItems() {
		name := name
		price := s.itemPrice(name)
		if price > s.TeamCash {
			continue
		}
		ms.Legal("buy "+lower(name), func(res *engine.Result) {
			s.TeamCash -= price
			c.Loot = append(c.Loot, "item "+name)
			s.Shop, _ = removeString(s.Shop, name)
			if name == "Master Plan Copy" {
				// SCRAWLED ON PALM: two more planning tokens.
				c.Memory += 2
				c.MasterPlan = true
			}
			res.Say("%s buys %s for $%dk (team cash $%dk).", c.ref(), name, price, s.TeamCash)
		})
	}
}

// planningReveal is c's Reveal of t during Planning, with the fixers that
// care (The Machinist, Shell). WHAT ARE THEY USING?'s Idea goes to c, the
// character whose Reveal found the Lock: every Planning Reveal is made by
// one character's move (CONSULT FLOORPLANS, or the player who pays Visage),
// so nothing is left for the team to choose.
func (s *State) planningReveal(c *Character, t *Tile, res *engine.Result) {
	s.reveal(t, res)
	if s.hasFixer("The Machinist") && t.count(Lock, false) > 0 {
		c.Ideas++
		res.Say("WHAT ARE THEY USING? %s found a Lock on %s in Planning and gains an Idea (%d).", c.ref(), t.Hex, c.Ideas)
	}
	if s.ShellPaid && t.count(Camera, true) > 0 {
		for t.setActive(Camera, false) {
		}
		res.Say("DENIAL OF SERVICE: the Camera found on %s starts disabled.", t.Hex)
	}
}

// morePlanningMoves lists the Planning abilities of the Consultant, The
// Architect, the Retiree and The Mayor, and The Final Score's WHISPERS.
func (s *State) morePlanningMoves(c *Character, ms *engine.Moves) {
	radioSilence := s.Scenario == "the-final-score-part-2"
	if s.hasFixer("Consultant") && !radioSilence && !slices.Contains(s.Triggered, "consultant") {
		for n, price := range consultantPrices {
			n, price := n+1, price
			if price <= s.TeamCash {
				ms.Legal(fmt.Sprintf("consultant %d", n), func(res *engine.Result) {
					s.TeamCash -= price
					s.ConsultantBlanks = n
					s.Triggered = append(s.Triggered, "consultant")
					res.Say("ON CALL: %s on the Consultant for $%dk.", engine.Plural(n, "blank", "blanks"), price)
				})
			}
		}
	}
	if s.hasFixer("The Architect") && !radioSilence && s.ArchitectTokens < 3 {
		price := architectPrices[s.ArchitectTokens]
		if s.ArchitectTokens > 0 {
			price -= architectPrices[s.ArchitectTokens-1]
		}
		if price <= s.TeamCash {
			for _, t := range s.Tiles {
				t := t
				if !real(t) || t.Entrance || t.Ideas > 0 || !s.nextToArchitect(t) {
					continue
				}
				ms.Legal("floorplans "+t.Hex, func(res *engine.Result) {
					s.TeamCash -= price
					s.ArchitectTokens++
					t.Ideas++
					res.Say("TAKE A LOOK AT THESE FLOORPLANS: an Idea token on %s ($%dk).", t.Hex, price)
				})
			}
		}
	}
	s.retireeMayorMoves(c, ms)
	if s.Scenario == "the-final-score-part-2" && c.Hex != "" && c.Ideas > 0 {
		// WHISPERS: characters sharing a hideout may exchange Ideas.
		for _, o := range s.Chars {
			o := o
			if o != c && o.Hex == c.Hex && s.tile(c.Hex).has(TokBeacon) {
				ms.Legal("whisper idea to "+lower(o.Name), func(res *engine.Result) {
					c.Ideas--
					o.Ideas++
					res.Say("WHISPERS: %s passes an Idea to %s.", c.ref(), o.ref())
				})
			}
		}
	}
}

// retireeMayorMoves lists what the Retiree's cards and the Mayor offer
// in Planning (never in The Final Score: Part 2's RADIO SILENCE).
func (s *State) retireeMayorMoves(c *Character, ms *engine.Moves) {
	radioSilence := s.Scenario == "the-final-score-part-2"
	if s.hasFixer("Retiree") && !radioSilence && s.RetireeCards < 3 {
		price := retireePrices[s.RetireeCards]
		if s.RetireeCards > 0 {
			price -= retireePrices[s.RetireeCards-1]
		}
		if price <= s.TeamCash {
			for _, m := range []string{"M1", "M2", "M3"} {
				if slices.Contains(s.Deck, m) || theLib().Cards[m] == nil {
					continue
				}
				for pos := 1; pos <= len(s.Deck)+1; pos++ {
					m, pos := m, pos
					ms.Legal(fmt.Sprintf("retiree %s at %d", lower(m), pos), func(res *engine.Result) {
						s.TeamCash -= price
						s.RetireeCards++
						s.Deck = append(s.Deck[:pos-1:pos-1], append([]string{m}, s.Deck[pos-1:]...)...)
						res.Say("IF YOU DO THIS, DO IT RIGHT: %s goes into the Event deck at position %d ($%dk).", s.cardName(m), pos, price)
					})
				}
			}
		}
	}
	if s.hasFixer("The Mayor") && !radioSilence && !slices.Contains(s.Triggered, "mayor") {
		for _, t := range s.Tiles {
			t := t
			if real(t) && !t.Unknown && t.count(Guard, true) > 0 {
				ms.Legal("inside man "+t.Hex, func(res *engine.Result) {
					s.Triggered = append(s.Triggered, "mayor")
					for i, ch := range t.Chits {
						if ch.Kind == Guard && ch.Active {
							t.Chits = append(t.Chits[:i:i], t.Chits[i+1:]...)
							break
						}
					}
					c.Hex = t.Hex
					res.Say("I'LL GET YOU INSIDE: %s replaces the Guard on %s.", c.ref(), t.Hex)
				})
			}
		}
	}
}

// endPhase records that the current phase closed, in the words the board
// uses: "Planning", "the round 2 Action phase".
func (s *State) endPhase(res *engine.Result) {
	switch s.Phase {
	case PhaseCrew:
		res.EndPhase("Crew")
	case PhasePlanning:
		res.EndPhase("Planning")
	case PhaseAction:
		res.EndPhase(fmt.Sprintf("the round %d Action phase", s.Round))
	case PhaseEvent:
		res.EndPhase(fmt.Sprintf("the round %d Event phase", s.Round))
	case PhaseEscape:
		res.EndPhase("the Escape")
	default:
		res.EndPhase("the heist")
	}
}
