package heist

import (
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
)

// moves lists everything seat may do now.
func (s *State) moves(seat engine.Seat) *engine.Moves {
	s.refresh()
	c := s.char(seat)
	var ms engine.Moves
	if c == nil || !s.Turn().Has(seat) {
		return &ms
	}
	switch s.Pending.Top().Kind {
	case planTurn:
		s.planningMoves(c, &ms)
	case actionTurn:
		if !c.Done {
			s.actionMoves(c, &ms)
		}
		s.npcMoves(c, &ms)
	case offerTurn:
		s.offerMoves(c, &ms)
	case escapeTurn:
		if c.onBoard() {
			s.escapeMoves(c, &ms)
		}
		s.npcMoves(c, &ms)
	default:
		return s.choiceMoves(c)
	}
	return &ms
}

// lootName is how a piece of loot is named in moves.
func lootName(l string) string { return strings.TrimPrefix(l, "item ") }

func lower(s string) string { return strings.ToLower(s) }

// lootMoves lists pick up and drop, free at any time (MH-ITEM-01..03).
func (s *State) lootMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	srcs := []*Tile{t}
	if c.Larcenist {
		for _, n := range s.neighbours(t) {
			if !n.locked() && !n.remoteLocked() {
				srcs = append(srcs, n)
			}
		}
	}
	for _, src := range srcs {
		src := src
		from := ""
		if src != t {
			from = " from " + src.Hex
		}
		if src.Cash > 0 {
			ms.Legal(fmt.Sprintf("pick up $%dk%s", src.Cash, from), func(res *engine.Result) {
				c.Cash += src.Cash
				res.Say("%s picks up $%dk on %s.", c.ref(), src.Cash, src.Hex)
				src.Cash = 0
				s.secure(c, res)
				s.afterPickup(c, res)
			})
		}
		seen := map[string]bool{}
		for _, l := range src.Loot {
			l := l
			if seen[l] {
				continue
			}
			seen[l] = true
			ms.Legal("pick up "+lower(lootName(l))+from, func(res *engine.Result) {
				src.Loot, _ = removeString(src.Loot, l)
				c.Loot = append(c.Loot, l)
				res.Say("%s picks up the %s on %s.", c.ref(), lootName(l), src.Hex)
				s.secure(c, res)
				s.afterPickup(c, res)
			})
		}
	}
	if c.Larcenist && s.hasAbility(c, "SWINDLER") {
		for _, n := range srcs[1:] {
			for _, what := range s.carried(c) {
				ms.Legal(fmt.Sprintf("drop %s on %s", what, n.Hex), func(res *engine.Result) {
					s.give(c, what, n)
					res.Say("SWINDLER: %s drops the %s on %s.", c.ref(), what, n.Hex)
				})
			}
		}
	}
	if c.Cash > 0 {
		ms.Legal(fmt.Sprintf("drop $%dk", c.Cash), func(res *engine.Result) {
			t.Cash += c.Cash
			res.Say("%s drops $%dk on %s.", c.ref(), c.Cash, t.Hex)
			c.Cash = 0
		})
	}
	seen := map[string]bool{}
	for _, l := range c.Loot {
		l := l
		if seen[l] {
			continue
		}
		seen[l] = true
		ms.Legal("drop "+lower(lootName(l)), func(res *engine.Result) {
			c.Loot, _ = removeString(c.Loot, l)
			t.Loot = append(t.Loot, l)
			res.Say("%s drops the %s on %s.", c.ref(), lootName(l), t.Hex)
		})
	}
}

// actionMoves lists a character's moves in the Action phase.
func (s *State) actionMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	if !s.EscapeInitiated {
		ms.Legal("escape now", func(res *engine.Result) {
			s.initiateEscape(c, res)
		})
	}
	if c.Action == "" {
		for _, o := range s.actionChoices(c) {
			o := o
			ms.Legal(o.Text, func(res *engine.Result) { s.takeAction(c, o, res) })
		}
		ms.RefuseFamily("take ", "That Action is not available for your roll (or you lack the Ideas).")
		ms.RefuseFamily("move ", "Choose an Action first (take ...).")
		ms.Add("done", "No passing: choose an Action first (take ...).", nil)
		s.lootMoves(c, ms)
		s.freeAbilityMoves(c, ms)
		return
	}
	if s.explain {
		ms.RefuseFamily("take ", engine.Require(false, "You already took %s this round.", c.Action))
	}
	p := &c.Pool
	ms.RefuseFamily("move ", engine.Require(p.Move > 0, "Your Action has no Move left."))
	if p.Move > 0 {
		s.moveRefusals(c, t, ms)
		for _, n := range s.neighbours(t) {
			n := n
			if w := s.canEnter(c, t, n, false); w != "" {
				ms.Add("move "+n.Hex, engine.Require(false, "You may not move onto %s: %s.", n.Hex, w), nil)
			} else {
				ms.Legal("move "+n.Hex, func(res *engine.Result) {
					p.Move--
					c.OnlyCrack = false
					if c.ExitGuards {
						for i := range t.Chits {
							if t.Chits[i].Kind == Dog {
								t.Chits[i].Stay = true
							}
						}
					}
					s.enter(c, n, res)
				})
			}
		}
		if s.hasAbility(c, "VENT CRAWL") && !t.remoteLocked() && (t.guards() == 0 || c.ExitGuards) {
			for _, d := range dirs {
				mid := s.cell(t.X+d[0], t.Row+d[1])
				n := s.at(t.X+2*d[0], t.Row+2*d[1])
				if real(mid) || n == nil || s.canEnter(c, t, n, false) != "" {
					continue
				}
				ms.Legal("vent crawl "+n.Hex, func(res *engine.Result) {
					p.Move--
					c.OnlyCrack = false
					c.Noise += 4
					res.Say("%s crawls through a vent across the gap (VENT CRAWL, 4 Noise).", c.ref())
					s.enter(c, n, res)
				})
			}
		}
	}
	if p.Unlock > 0 {
		for _, n := range s.neighbours(t) {
			n := n
			if n.locked() {
				ms.Legal("unlock "+n.Hex, func(res *engine.Result) {
					p.Unlock--
					c.OnlyCrack = false
					c.Unlocked = true
					n.setActive(Lock, false)
					res.Say("%s unlocks %s.", c.ref(), n.Hex)
				})
			}
		}
		if t.has(TokSafe) && t.Cracks < t.SafeNeeds && s.canCrack(c) {
			ms.Legal("crack", func(res *engine.Result) {
				p.Unlock--
				s.crack(c, t, res)
			})
		}
	}
	if p.Unlock > 0 {
		// HERE... HOLD THIS: Unlocks given to a Plasma Torch user on the
		// safe crack it.
		for _, o := range s.Chars {
			if o == c || !o.onBoard() || !o.has("item Plasma Torch") {
				continue
			}
			safe := s.tile(o.Hex)
			if !safe.has(TokSafe) || safe.Cracks >= safe.SafeNeeds || !onOrAdjacent(t, safe) {
				continue
			}
			ms.Legal("hold this for "+lower(o.Name), func(res *engine.Result) {
				p.Unlock--
				res.Say("HERE... HOLD THIS: %s gives an Unlock to %s's Plasma Torch.", c.ref(), o.ref())
				s.crack(o, safe, res)
			})
		}
	}
	if p.Crack > 0 && t.has(TokSafe) && t.Cracks < t.SafeNeeds {
		ms.Legal("crack", func(res *engine.Result) {
			p.Crack--
			s.crack(c, t, res)
		})
	}
	if p.Subdue > 0 {
		for _, n := range append([]*Tile{t}, s.neighbours(t)...) {
			n := n
			if n.guards() > 0 {
				ms.Legal("subdue "+n.Hex, func(res *engine.Result) {
					p.Subdue--
					c.OnlyCrack = false
					s.subdue(c, n, res)
				})
			}
		}
	}
	if p.Disable > 0 {
		for _, n := range append([]*Tile{t}, s.neighbours(t)...) {
			n := n
			if n.liveCamera() {
				ms.Legal("disable "+n.Hex, func(res *engine.Result) {
					p.Disable--
					c.OnlyCrack = false
					n.setActive(Camera, false)
					res.Say("%s disables the Camera on %s.", c.ref(), n.Hex)
				})
			}
		}
	}
	if p.Idea > 0 {
		ms.Legal("idea", func(res *engine.Result) {
			p.Idea--
			c.Ideas++
			res.Say("%s gains an Idea (%d).", c.ref(), c.Ideas)
		})
	}
	if p.Reveal > 0 {
		s.revealMoves(c, &p.Reveal, ms)
	}
	if p.Loot > 0 {
		ms.Legal("loot", func(res *engine.Result) {
			p.Loot--
			c.OnlyCrack = false
			c.Cash++
			res.Say("%s loots $1k.", c.ref())
			s.secure(c, res)
		})
	}
	s.lootMoves(c, ms)
	s.abilityMoves(c, ms)
	s.freeAbilityMoves(c, ms)
	ms.Legal("done", func(res *engine.Result) { s.endAction(c, res) })
}

// moveRefusals explains, for a refusal only, a move onto a hex that is
// not next to the character's.
func (s *State) moveRefusals(c *Character, from *Tile, ms *engine.Moves) {
	if !s.explain {
		return
	}
	ms.RefuseFamily("move ", "There is no such hex.")
	for _, t := range s.Tiles {
		if !adjacent(from, t) {
			ms.Add("move "+t.Hex, engine.Require(false, "%s is not adjacent to %s.", t.Hex, from.Hex), nil)
		}
	}
}

// revealMoves lists Reveal targets: any unknown tile (MH-SUB-REVEAL-01);
// with none left, a chit is taken out of the bag (MH-SUB-REVEAL-02).
func (s *State) revealMoves(c *Character, n *int, ms *engine.Moves) {
	any := false
	for _, t := range s.Tiles {
		t := t
		if real(t) && t.Unknown {
			any = true
			ms.Legal("reveal "+t.Hex, func(res *engine.Result) {
				*n--
				c.OnlyCrack = false
				s.reveal(t, res)
				s.dogsChase(res)
			})
		}
	}
	if s.bagEmpty() && (s.hasAbility(c, "I KNOW A WAY") || s.teamHasAbility("WE KNOW A WAY")) {
		ms.Legal("reveal as idea", func(res *engine.Result) {
			*n--
			c.Ideas++
			res.Say("%s: the bag is empty, so the Reveal is an Idea (I KNOW A WAY).", c.ref())
		})
		return
	}
	if !any && !s.bagEmpty() {
		ms.Legal("reveal bag", func(res *engine.Result) {
			*n--
			kind := s.drawChit()
			s.BagRemoved++
			s.BagDrawn--
			res.Reveals = true
			res.Say("%s: no unknown tile is left, so a %s is taken out of the bag.", c.ref(), kind)
		})
	}
}

func (s *State) subdue(c *Character, n *Tile, res *engine.Result) {
	if !n.setActive(Guard, false) {
		n.setActive(Dog, false)
	}
	s.RoundSubdued++
	res.Say("%s subdues a Guard on %s.", c.ref(), n.Hex)
	if s.hasAbility(c, "ADRENALINE") {
		c.Ideas++
		res.Say("ADRENALINE: %s gains an Idea.", c.ref())
	}
}

// canCrack reports whether the character carries an Item that gives Crack.
func (s *State) canCrack(c *Character) bool {
	return c.has("item Safecracking Tools") || c.has("item Plasma Torch")
}

// crack adds one Crack to the safe (MH-CRACK-01..07); with Safecracking
// Tools the second Unlock of an action gives two Cracks.
func (s *State) crack(c *Character, t *Tile, res *engine.Result) {
	c.Cracked = true
	c.CrackUnlocks++
	n := 1
	if c.has("item Safecracking Tools") && c.CrackUnlocks == 2 {
		n = 2
	}
	t.Cracks += n
	if t.Cracks > t.SafeNeeds {
		t.Cracks = t.SafeNeeds
	}
	res.Say("%s cracks the safe on %s (%d/%d).", c.ref(), t.Hex, t.Cracks, t.SafeNeeds)
	if t.Cracks >= t.SafeNeeds {
		t.removeToken(TokSafe)
		t.Cash += t.SafeCash
		t.Loot = append(t.Loot, t.SafeLoot...)
		res.Say("The safe on %s opens: $%dk and %s.", t.Hex, t.SafeCash, strings.Join(t.SafeLoot, ", "))
		t.SafeCash, t.SafeLoot = 0, nil
	}
}

// refuse says why seat may not play typed: the seat has nothing to do
// now, or the condition of that move, or of its family, that fails; then
// what is legal instead. The moves are listed once more for it, with the
// moves that could never be legal here and why (State.explain).
func (s *State) refuse(seat engine.Seat, typed string, ms *engine.Moves) error {
	c := s.char(seat)
	switch {
	case c == nil:
		return engine.Reject("There is no such character.")
	case s.Phase == PhaseOver:
		return engine.Reject("The heist is over.")
	case !s.Turn().Has(seat):
		return engine.Reject("%s has nothing to do now: %s.", c.Name, s.Turn().Prompt)
	}
	s.explain = true
	why, _ := s.moves(seat).Refusal(typed)
	s.explain = false
	if why.Holds() {
		why = "That is not a legal move now."
	}
	return engine.Reject("%s Legal: %s", why, summarize(ms.Texts()))
}

// summarize lists legal moves compactly: moves sharing a verb and taking
// one last word are folded ("plan a4/a5/b3").
func summarize(legal []string) string {
	if len(legal) == 0 {
		return "nothing."
	}
	var order []string
	groups := map[string][]string{}
	plays := 0
	for _, m := range legal {
		if strings.HasPrefix(m, "play ") && strings.Contains(m, " with ") {
			plays++
			continue
		}
		head, last := m, ""
		if i := strings.LastIndexByte(m, ' '); i > 0 && !strings.HasPrefix(m, "take ") {
			head, last = m[:i], m[i+1:]
		}
		if _, ok := groups[head]; !ok {
			order = append(order, head)
		}
		groups[head] = append(groups[head], last)
	}
	sort.Strings(order)
	var parts []string
	for _, h := range order {
		g := groups[h]
		if len(g) == 1 && g[0] == "" {
			parts = append(parts, h)
			continue
		}
		parts = append(parts, h+" "+strings.Join(g, "/"))
	}
	if plays > 0 {
		parts = append(parts, fmt.Sprintf("play <character> with <skill> and <skill> (%d choices)", plays))
	}
	out := strings.Join(parts, ", ")
	if len(out) > 1500 {
		out = out[:1500] + " …"
	}
	return out + "."
}
