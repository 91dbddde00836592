package heist

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Loot (MH-ITEM-*): picking up and dropping, free at any time, and what
// counts as secured once it is Outdoors.

// carried names each piece of loot a character can hand on.
func (s *State) carried(c *Character) []string {
	var out []string
	if c.Cash > 0 {
		out = append(out, fmt.Sprintf("$%dk", c.Cash))
	}
	seen := map[string]bool{}
	for _, l := range c.Loot {
		if !seen[l] {
			seen[l] = true
			out = append(out, lower(lootName(l)))
		}
	}
	return out
}

// give moves a piece of loot named as in carried from c to tile t.
func (s *State) give(c *Character, what string, t *Tile) {
	if strings.HasPrefix(what, "$") {
		t.Cash += c.Cash
		c.Cash = 0
		return
	}
	for i, l := range c.Loot {
		if lower(lootName(l)) == what {
			c.Loot = append(c.Loot[:i:i], c.Loot[i+1:]...)
			t.Loot = append(t.Loot, l)
			return
		}
	}
}

// secure moves a character's loot to the team once Outdoors (MH-ITEM-07,
// MH-ITEM-08). Tools (Items, the Keycard, the USB key) stay on the
// character, since they are only useful inside. In The Final Score: Part 1
// the Documents stay with their carrier: the objective wants them held in
// a hideout when the Escape ends, so carrying them Outdoors achieves
// nothing (escapeOut counts them in a hideout).
func (s *State) secure(c *Character, res *engine.Result) {
	if !c.onBoard() || !s.tile(c.Hex).Entrance {
		return
	}
	partOne := s.Scenario == "the-final-score-part-1"
	if c.Cash > 0 {
		s.SecuredCash += c.Cash
		res.Say("%s gets $%dk Outdoors.", c.ref(), c.Cash)
		c.Cash = 0
	}
	var keep []string
	for _, l := range c.Loot {
		if l == Jewel || l == Document && !partOne || strings.HasPrefix(l, "painting") {
			s.Secured = append(s.Secured, l)
			res.Say("%s gets the %s Outdoors.", c.ref(), l)
			continue
		}
		keep = append(keep, l)
	}
	c.Loot = keep
}

// lootName is how a piece of loot is named in moves.
func lootName(l string) string { return strings.TrimPrefix(l, "item ") }

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
