package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

func (s *State) plan(c *Character, t *Tile) {
	c.Planned = append(c.Planned, t.Hex)
	t.Plans = append(t.Plans, c.Seat)
}

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

// itemPrice is an Item's Shop price, $1k less with the Fence.
func (s *State) itemPrice(name string) int {
	it := theLib().Items[name]
	if it == nil {
		return 0
	}
	p := it.Cost
	if s.hasFixer("Fence") && p > 0 {
		p--
	}
	return p
}

// shopItems lists the Items for sale: those with the Shop icon, and in a
// campaign the discarded discovered ones (MH-SHOP-03/04).
func (s *State) shopItems() []string {
	var out []string
	for _, name := range theLib().ItemOrder {
		if theLib().Items[name].Location == "shop" && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	for _, name := range s.Shop {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

func (s *State) planningMoves(c *Character, ms *engine.Moves) {
	s.crewMoves(c, ms)
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
					res.Say("%s plans %s (%d token(s) left).", c.ref(), t.Hex, c.tokensLeft())
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
		s.fixerPlanningMoves(c, ms)
		s.sellMoves(c, ms)
	}
	if c.has("item Building Schematics") {
		for _, t := range s.Tiles {
			t := t
			if real(t) && t.Unknown {
				ms.Legal("schematics "+t.Hex, func(res *engine.Result) {
					c.Loot, _ = removeString(c.Loot, "item Building Schematics")
					res.Say("CONSULT FLOORPLANS: %s reveals %s.", c.ref(), t.Hex)
					s.planningReveal(c, t, res)
				})
			}
		}
	}
	if c.Hex != "" {
		ms.Legal("plan done", func(res *engine.Result) {
			c.PlanDone = true
			res.Say("%s's plan is done: %d hex(es) planned, starting on %s.", c.ref(), len(c.Planned), c.Hex)
		})
	}
}

// sellMoves lets a character sell an Item it carries back to the Shop for
// half its price rounded down, or $1k less than its price with the Curator
// (PERSUASIVE); a sold Item becomes buyable (MH-SHOP-04, MH-SHOP-05).
func (s *State) sellMoves(c *Character, ms *engine.Moves) {
	seen := map[string]bool{}
	for _, l := range c.Loot {
		name := strings.TrimPrefix(l, "item ")
		it := theLib().Items[name]
		if it == nil || seen[name] || (name == "Safecracking Tools" && c.Card == "Safecracker") || (name == "Plasma Torch" && c.Card == "Thief") {
			continue
		}
		seen[name] = true
		price := it.Cost / 2
		if s.hasFixer("Curator") && it.Cost-1 > price {
			price = it.Cost - 1
		}
		ms.Legal("sell "+lower(name), func(res *engine.Result) {
			c.Loot, _ = removeString(c.Loot, "item "+name)
			s.TeamCash += price
			if !slices.Contains(s.Shop, name) && it.Location != "shop" {
				s.Shop = append(s.Shop, name)
			}
			if name == "Master Plan Copy" && c.MasterPlan {
				c.MasterPlan = false
				c.Memory -= 2
				for c.tokensLeft() < 0 {
					s.unplan(c, s.tile(c.Planned[len(c.Planned)-1]))
				}
			}
			res.Say("%s sells %s to the Shop for $%dk (team cash $%dk).", c.ref(), name, price, s.TeamCash)
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
	if s.hasFixer("Beat Cop") && !slices.Contains(s.Triggered, "beat cop") {
		for n, price := range []int{2, 3, 4} {
			n, price := n+1, price
			if price > s.TeamCash || s.Bag[Guard]+s.Bag[Dog] < n {
				continue
			}
			ms.Legal(fmt.Sprintf("beat cop %d", n), func(res *engine.Result) {
				s.TeamCash -= price
				s.Triggered = append(s.Triggered, "beat cop")
				for i := 0; i < n; i++ {
					k := Guard
					if s.Bag[Guard] == 0 {
						k = Dog
					}
					s.Bag[k]--
					s.Bag[Blank]++
				}
				res.Say("MOONLIGHTER FRIENDS: %d Guard(s) in the bag swapped for blanks ($%dk).", n, price)
			})
		}
	}
	if s.hasFixer("Prison Guard") && s.Breakout && !slices.Contains(s.Triggered, "prison guard") && s.TeamCash >= 3 && s.Bag[Lock] >= 2 {
		ms.Legal("prison guard", func(res *engine.Result) {
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

// crewMoves lets a seat choose its character before placing tokens: a
// named character of the campaign's roster (play <name>), or a new Amateur
// character with two Amateur skills (play <card> with <skill> and <skill>),
// keeping one class per heist and the box's skill copies (MH-NAMED-03/04).
func (s *State) crewMoves(c *Character, ms *engine.Moves) {
	if len(c.Planned) > 0 || c.PlanDone || c.Hideout {
		// A character hiding since Part 1 goes on with Part 2.
		return
	}
	level := s.seatLevel(c.Seat)
	l := theLib()
	classes := map[string]bool{}
	skills := map[string]int{}
	named := map[string]bool{}
	for _, o := range s.Chars {
		if o == c {
			continue
		}
		classes[o.Archetype] = true
		for _, sk := range o.Skills {
			skills[sk]++
		}
		if o.Named != "" {
			named[lower(o.Named)] = true
		}
	}
	fits := func(sk [2]string) bool {
		for _, x := range sk {
			d := l.Skills[x]
			need := 1
			if sk[0] == sk[1] {
				need = 2
			}
			if d == nil || skills[x]+need > d.Qty {
				return false
			}
		}
		return true
	}
	if s.Camp != nil {
		if i := s.Camp.find(c.Named); i >= 0 && s.Camp.Characters[i].Alt != "" && s.altFits(&s.Camp.Characters[i], fits) {
			nc := &s.Camp.Characters[i]
			ms.Legal("level up to "+lower(nc.Alt), func(res *engine.Result) {
				switch nc.Slot {
				case "character":
					nc.Card = nc.Alt
				case "skill 1":
					nc.Skills[0] = nc.Alt
				case "skill 2":
					nc.Skills[1] = nc.Alt
				}
				res.Say("%s levels up to %s instead.", c.ref(), nc.Alt)
				nc.Alt, nc.Slot = "", ""
				s.switchCrew(c, crewSpec{Name: nc.Name, Card: nc.Card, Skills: nc.Skills, Items: nc.Items, NamedChar: nc.Name, Busted: nc.Busted, Level: nc.Level}, res)
			})
		}
	}
	s.newLevelChoices(c, fits, ms)
	county := false
	if sc := l.scenario(s.Scenario); sc != nil {
		county = sc.County
	}
	if s.Camp != nil {
		for _, nc := range s.Camp.Characters {
			nc := nc
			cd := l.Characters[nc.Card]
			if cd == nil || named[lower(nc.Name)] || lower(nc.Name) == lower(c.Named) || classes[cd.Archetype] ||
				!fits(nc.Skills) || nc.Busted && !county || level > 0 && nc.Level > level || lower(nc.Name) == lower(s.Rescue) {
				// MH-LEVEL-04: a character of the player's level or lower.
				continue
			}
			ms.Legal("play "+lower(nc.Name), func(res *engine.Result) {
				s.switchCrew(c, crewSpec{Name: nc.Name, Card: nc.Card, Skills: nc.Skills, Items: nc.Items, NamedChar: nc.Name, Busted: nc.Busted, Level: nc.Level}, res)
			})
		}
	}
	others := map[string]int{}
	for sk, n := range skills {
		others[sk] = n
	}
	var amateurSkills []string
	for _, name := range l.SkillOrder {
		if l.Skills[name].Level == 1 {
			amateurSkills = append(amateurSkills, name)
		}
	}
	for _, card := range l.CharOrder {
		cd := l.Characters[card]
		if cd.Level != 1 || classes[cd.Archetype] {
			continue
		}
		for i, a := range amateurSkills {
			for _, b := range amateurSkills[i+1:] {
				pair := [2]string{a, b}
				if c.Named == "" && c.base() == [3]string{card, a, b} {
					continue
				}
				// MH-LEVEL-05: a new character starts at the player's level;
				// the raised cards must fit the box and make no evil twin.
				spec := raise(l, crewSpec{Card: card, Skills: pair}, level, others)
				if !fits(spec.Skills) || s.evilTwin(spec.Card, spec.Skills) {
					continue
				}
				ms.Legal(fmt.Sprintf("play %s with %s and %s", lower(card), lower(a), lower(b)), func(res *engine.Result) {
					s.switchCrew(c, spec, res)
				})
			}
		}
	}
}

// switchCrew replaces a seat's character in Planning; Items it bought stay.
func (s *State) switchCrew(c *Character, spec crewSpec, res *engine.Result) {
	var old []string
	if s.Camp != nil {
		if i := s.Camp.find(c.Named); i >= 0 {
			old = s.Camp.Characters[i].Items
		}
	}
	var bought []string
	for _, l := range c.Loot {
		if k := slices.Index(old, l); k >= 0 {
			old = append(old[:k:k], old[k+1:]...)
			continue
		}
		if l != "item Safecracking Tools" || c.Card != "Safecracker" {
			if l != "item Plasma Torch" || c.Card != "Thief" {
				bought = append(bought, l)
			}
		}
	}
	n, err := buildCharacter(theLib(), c.Seat, spec)
	if err != nil {
		return
	}
	n.Hex = c.Hex
	n.Loot = append(n.Loot, bought...)
	*c = *n
	s.placeFromPartOne(c)
	res.Say("%s plays %s: %s with %s and %s (level %d, Planning Memory %d, %d Ideas).", c.ref(), c.Name, c.Card, c.Skills[0], c.Skills[1], c.Level, c.Memory, c.Ideas)
}

// base is the Amateur cards a character was built from: Base for a new
// character raised to its player's level, else its own cards.
func (c *Character) base() [3]string {
	if len(c.Base) == 3 {
		return [3]string{c.Base[0], c.Base[1], c.Base[2]}
	}
	return [3]string{c.Card, c.Skills[0], c.Skills[1]}
}

// newLevelChoices offers a new character built above level 1 the other Pro
// card of each step it went through (MH-LEVEL-10/11): `level up to <card>`
// swaps that card, within the box's copies and with no evil twin made.
func (s *State) newLevelChoices(c *Character, fits func([2]string) bool, ms *engine.Moves) {
	if c.Named != "" || len(c.Base) != 3 {
		return
	}
	l := theLib()
	seen := map[string]bool{}
	offer := func(alt string, spec crewSpec) {
		text := "level up to " + lower(alt)
		if seen[text] || !fits(spec.Skills) || s.evilTwin(spec.Card, spec.Skills) {
			return
		}
		seen[text] = true
		ms.Legal(text, func(res *engine.Result) {
			res.Say("%s levels up to %s instead.", c.ref(), alt)
			s.switchCrew(c, spec, res)
		})
	}
	cur := crewSpec{Card: c.Card, Skills: c.Skills, Level: c.Level, Base: c.Base}
	slots := []int{0}
	if c.Level >= 4 {
		slots = append(slots, 1)
	}
	for _, slot := range slots {
		if sk := l.Skills[c.Base[1+slot]]; sk != nil {
			for _, u := range sk.Upgrades {
				if u != c.Skills[slot] {
					spec := cur
					spec.Skills[slot] = u
					offer(u, spec)
				}
			}
		}
	}
	if cd := l.Characters[c.Base[0]]; c.Level >= 3 && cd != nil {
		for _, u := range cd.LevelUp {
			if u != c.Card {
				spec := cur
				spec.Card = u
				offer(u, spec)
			}
		}
	}
}

// evilTwin reports whether the roster already has a character of exactly
// these cards (MH-NAMED-02).
func (s *State) evilTwin(card string, sk [2]string) bool {
	return s.Camp.hasTwin(card, sk)
}

// altFits reports whether the other level-up choice keeps the crew within
// the box's skill copies.
func (s *State) altFits(nc *NamedCharacter, fits func([2]string) bool) bool {
	alt := nc.Skills
	switch nc.Slot {
	case "skill 1":
		alt[0] = nc.Alt
	case "skill 2":
		alt[1] = nc.Alt
	}
	return fits(alt)
}
