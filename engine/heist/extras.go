package heist

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// consultantPrices are ON CALL's prices for 1, 2 or 3 blanks, in $k.
var consultantPrices = []int{0, 3, 7}

// architectPrices are TAKE A LOOK AT THESE FLOORPLANS' total prices for
// 1, 2 or 3 Idea tokens, in $k.
var architectPrices = []int{0, 3, 5}

// retireePrices are IF YOU DO THIS, DO IT RIGHT's total prices for 1, 2
// or 3 Mastermind events, in $k.
var retireePrices = []int{3, 5, 6}

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
					res.Say("ON CALL: %d blank(s) on the Consultant for $%dk.", n, price)
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

// nextToArchitect reports whether an Idea token may go on t: the first
// anywhere, the next ones adjacent to one already placed.
func (s *State) nextToArchitect(t *Tile) bool {
	if s.ArchitectTokens == 0 {
		return true
	}
	for _, n := range s.neighbours(t) {
		if n.Ideas > 0 {
			return true
		}
	}
	return false
}

// consultantMoves lets a character spend an Idea and a Noise to replace a
// chit drawn from the bag this round with a Consultant blank (ON CALL).
func (s *State) consultantMoves(c *Character, ms *engine.Moves) {
	if s.ConsultantBlanks == 0 || c.Ideas < 1 {
		return
	}
	for _, h := range s.DrawnThisRound {
		t := s.tile(h)
		if t == nil || !real(t) {
			continue
		}
		for i, ch := range t.Chits {
			i, ch := i, ch
			if !ch.FromBag || ch.Kind == Blank {
				continue
			}
			ms.Legal("on call "+t.Hex+" "+ch.Kind, func(res *engine.Result) {
				c.Ideas--
				s.ConsultantBlanks--
				t.Chits[i] = Chit{Kind: Blank}
				res.Say("ON CALL: %s replaces the %s on %s with a blank (Idea and Noise).", c.ref(), ch.Kind, t.Hex)
				if c.Action != "" && !c.Done {
					c.Noise++
				} else {
					s.addNoise(1, res)
				}
			})
			break
		}
	}
}

// npcSpecialMoves lists the NPC Special actions of The Melee Job and The
// Black Box.
func (s *State) npcSpecialMoves(n *Character, ms *engine.Moves) {
	if n.Action != "Special" || n.Grant == 0 {
		return
	}
	t := s.tile(n.Hex)
	switch n.Special {
	case "FANCY CARD FLICK":
		if !n.has(Keycard) {
			return
		}
		for _, d := range dirs {
			x, r := t.X, t.Row
			for {
				x, r = x+d[0], r+d[1]
				to := s.at(x, r)
				if to == nil || to.locked() || to.Unknown {
					break
				}
				ms.Legal("flick keycard to "+to.Hex, func(res *engine.Result) {
					n.Grant = 0
					n.Loot, _ = removeString(n.Loot, Keycard)
					to.Loot = append(to.Loot, Keycard)
					res.Say("FANCY CARD FLICK: the %s throws the Keycard to %s.", n.Name, to.Hex)
				})
			}
		}
	case "STUDY SCHEMATICS":
		if !n.has(Document) || n.used("STUDY SCHEMATICS") {
			return
		}
		ms.Legal("study schematics", func(res *engine.Result) {
			n.Grant = 0
			n.Used = append(n.Used, "STUDY SCHEMATICS")
			for _, x := range s.Tiles {
				if real(x) && (x.has(TokKennel) || x.has(TokReinforcements)) {
					x.Cash += 2
					res.Say("STUDY SCHEMATICS: $2k appears on %s.", x.Hex)
				}
			}
		})
	}
}

// ambush is The Safehouse Rescue's AMBUSH REQUIRED: a Guard subdued this
// round while another stays up brings Crisis C1 forward to this Event phase.
func (s *State) ambush(res *engine.Result) {
	if s.Scenario != "the-safehouse-rescue" || s.RoundSubdued == 0 {
		return
	}
	up := 0
	for _, t := range s.Tiles {
		if real(t) {
			up += t.count(Guard, true)
		}
	}
	if up == 0 {
		return
	}
	for i, code := range s.Deck {
		if code == "C1" {
			s.Deck = append(s.Deck[:i:i], s.Deck[i+1:]...)
			s.CrisisQueue = append([]string{"C1"}, s.CrisisQueue...)
			res.Say("AMBUSH REQUIRED: not every Guard went down this round; Reinforcements come early.")
			return
		}
	}
}
