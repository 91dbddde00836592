package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// Fixers (MH-FIXER-*): the campaign's contacts, bought or used in Planning
// and during the heist.

func (s *State) hasFixer(name string) bool { return slices.Contains(s.Fixers, name) }

// consultantPrices are ON CALL's prices for 1, 2 or 3 blanks, in $k.
var consultantPrices = []int{0, 3, 7}

// architectPrices are TAKE A LOOK AT THESE FLOORPLANS' total prices for
// 1, 2 or 3 Idea tokens, in $k.
var architectPrices = []int{0, 3, 5}

// retireePrices are IF YOU DO THIS, DO IT RIGHT's total prices for 1, 2
// or 3 Mastermind events, in $k.
var retireePrices = []int{3, 5, 6}

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

// fixerPlanningMoves lists the "During planning" abilities of the unlocked
// Fixers (MH-PLAN-07).
func (s *State) fixerPlanningMoves(c *Character, ms *engine.Moves) {
	if s.hasFixer("Visage") && s.TeamCash >= 1 {
		for _, t := range s.Tiles {
			t := t
			if real(t) && t.Unknown {
				ms.Legal("visage reveal "+t.Hex, func(res *engine.Result) {
					s.TeamCash--
					res.Say("IT'S ALL ONLINE: %s pays $1k to reveal %s.", c.ref(), t.Hex)
					s.planningReveal(c, t, res)
				})
			}
		}
	}
	if s.hasFixer("Shell") && !s.ShellPaid && s.TeamCash >= 3 {
		ms.Legal("hire shell", func(res *engine.Result) {
			s.TeamCash -= 3
			s.ShellPaid = true
			res.Say("DENIAL OF SERVICE: $3k paid; Cameras found by Reveal in Planning start disabled.")
		})
	}
	if s.hasFixer("Connoiseur") && !slices.Contains(s.Triggered, "connoisseur") {
		ms.Legal("connoisseur", func(res *engine.Result) {
			s.Triggered = append(s.Triggered, "connoisseur")
			for _, t := range s.Tiles {
				if real(t) && (t.Cash > 0 || slices.Contains(t.Loot, Jewel)) {
					t.Cash++
				}
			}
			res.Say("GOTTA KNOW WHAT TO LOOK FOR: $1k added to every hex with cash or jewels.")
		})
	}
	s.beatCopMoves(ms)
	s.fixerBetMoves(c, ms)
}

// fixerBetMoves lists the fixers bought in Planning for later in the
// heist: the Prison Guard, the Bookie's bet and the Diversion Artist.
func (s *State) fixerBetMoves(c *Character, ms *engine.Moves) {
	if s.hasFixer("Prison Guard") && !slices.Contains(s.Triggered, "prison guard") {
		cond := engine.Require(s.startsInside(), "HAVE YOU SEEN WHAT WE MAKE?? is for a heist where characters or an NPC start inside; here everyone comes in through an Entrance.").
			And(engine.Require(s.TeamCash >= 3, "HAVE YOU SEEN WHAT WE MAKE?? costs $3k; the team has $%dk.", s.TeamCash)).
			And(engine.Require(s.Bag[Lock] >= 2, "The bag holds %s; the Prison Guard swaps 2.", engine.Plural(s.Bag[Lock], "Lock", "Locks")))
		ms.Add("prison guard", cond, func(res *engine.Result) {
			s.TeamCash -= 3
			s.Triggered = append(s.Triggered, "prison guard")
			s.Bag[Lock] -= 2
			s.Bag[Blank] += 2
			res.Say("HAVE YOU SEEN WHAT WE MAKE?? Two Locks in the bag swapped for blanks ($3k).")
		})
	}
	if s.hasFixer("Bookie") && s.BookieBet == 0 {
		for _, bet := range []int{1, 2, 3, 4, 5, 6, 7, 8} {
			bet := bet
			if bet <= s.TeamCash {
				ms.Legal(fmt.Sprintf("bet %dk", bet), func(res *engine.Result) {
					s.TeamCash -= bet
					s.BookieBet = bet
					res.Say("DOUBLE OR NOTHING: $%dk bet on the crew.", bet)
				})
			}
		}
	}
	if s.hasFixer("Diversion Artist") && s.Diversion < 4 && s.TeamCash >= 1 {
		ms.Legal("buy time", func(res *engine.Result) {
			s.TeamCash--
			s.Diversion++
			res.Say("BUY TIME: a $1k token on the Noise tracker (%d).", s.Diversion)
		})
	}
}

// beatCopPrices are MOONLIGHTER FRIENDS' prices for 1, 2 or 3 chits, in $k.
var beatCopPrices = []int{2, 3, 4}

// beatCopText names a Beat Cop swap of g Guards and d Guard Dogs:
// "beat cop 2 guards", "beat cop 1 guard 1 dog", "beat cop 3 dogs".
func beatCopText(g, d int) string {
	var parts []string
	if g > 0 {
		parts = append(parts, engine.Plural(g, "guard", "guards"))
	}
	if d > 0 {
		parts = append(parts, engine.Plural(d, "dog", "dogs"))
	}
	return "beat cop " + strings.Join(parts, " ")
}

// beatCopMoves lists the Beat Cop's MOONLIGHTER FRIENDS, once per heist in
// Planning: 1, 2 or 3 Guard or Guard Dog chits of the bag swapped for
// blanks, the team saying how many of each kind (the card: "Guard or
// Guard Dog tokens").
func (s *State) beatCopMoves(ms *engine.Moves) {
	if !s.hasFixer("Beat Cop") || slices.Contains(s.Triggered, "beat cop") {
		return
	}
	for n, price := range beatCopPrices {
		n, price := n+1, price
		for d := 0; d <= n; d++ {
			g, d := n-d, d
			cond := engine.Require(price <= s.TeamCash, "MOONLIGHTER FRIENDS for %d costs $%dk; the team has $%dk.", n, price, s.TeamCash).
				And(engine.Require(s.Bag[Guard] >= g && s.Bag[Dog] >= d, "The bag holds %s and %s.", engine.Plural(s.Bag[Guard], "Guard", "Guards"), engine.Plural(s.Bag[Dog], "Guard Dog", "Guard Dogs")))
			ms.Add(beatCopText(g, d), cond, func(res *engine.Result) {
				s.TeamCash -= price
				s.Triggered = append(s.Triggered, "beat cop")
				s.Bag[Guard] -= g
				s.Bag[Dog] -= d
				s.Bag[Blank] += n
				res.Say("MOONLIGHTER FRIENDS: %s and %s in the bag swapped for blanks ($%dk).", engine.Plural(g, "Guard", "Guards"), engine.Plural(d, "Guard Dog", "Guard Dogs"), price)
			})
		}
	}
	ms.RefuseFamily("beat cop ", "MOONLIGHTER FRIENDS swaps 1 to 3 Guards or Guard Dogs: say how many of each, like `beat cop 2 guards` or `beat cop 1 guard 1 dog`.")
}

// startsInside reports whether characters or an NPC start this heist
// inside the building (the Prison Guard's condition): a breakout, a
// character already on an inside hex (hidden since Part 1, a hideout start,
// The Mayor's inside man), or the scenario's NPC on an inside hex.
func (s *State) startsInside() bool {
	if s.Breakout {
		return true
	}
	inside := func(c *Character) bool {
		t := s.tile(c.Hex)
		return c.Hideout || t != nil && real(t) && !t.Entrance
	}
	if s.NPC != nil && inside(s.NPC) {
		return true
	}
	for _, c := range s.Chars {
		if inside(c) {
			return true
		}
	}
	return false
}
