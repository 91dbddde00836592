package heist

import (
	"slices"
	"strings"

	"casefile/engine"
)

// The Shop (MH-SHOP-*): Items bought and sold in Planning with team cash.

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
// campaign the discarded discovered ones (MH-SHOP-03/04), each while a
// copy is left (see forSale).
func (s *State) shopItems() []string {
	var out []string
	for _, name := range theLib().ItemOrder {
		if !slices.Contains(out, name) && s.forSale(name) > 0 {
			out = append(out, name)
		}
	}
	return out
}

// forSale counts the copies of an Item the Shop can sell: the box has the
// card's Qty copies; those carried by the crew, lying on the board or kept
// by a roster character who sits this heist out are not in the Shop. A
// Shop-icon Item sells its other copies; a discovered Item only the copies
// thrown away or sold back (its entries in s.Shop).
func (s *State) forSale(name string) int {
	it := theLib().Items[name]
	if it == nil {
		return 0
	}
	left := it.Qty - s.copiesOut(name)
	if it.Location != "shop" {
		n := 0
		for _, x := range s.Shop {
			if x == name {
				n++
			}
		}
		left = min(left, n)
	}
	return max(left, 0)
}

// copiesOut counts the copies of an Item in play or kept by a character.
func (s *State) copiesOut(name string) int {
	item := "item " + name
	n := 0
	count := func(loot []string) {
		for _, l := range loot {
			if l == item {
				n++
			}
		}
	}
	playing := map[string]bool{}
	for _, c := range s.Chars {
		count(c.Loot)
		if c.Named != "" {
			playing[c.Named] = true
		}
	}
	if s.NPC != nil {
		count(s.NPC.Loot)
	}
	for _, t := range s.Tiles {
		count(t.Loot)
	}
	if s.Camp != nil {
		for _, nc := range s.Camp.Characters {
			if !playing[nc.Name] {
				count(nc.Items)
			}
		}
	}
	return n
}

// discardItem throws away an Item c carries (used up, broken, or given
// up for the Lucky Penny); a discovered Item thrown away becomes buyable in
// later Planning phases (MH-SHOP-03), a Shop-icon one simply goes back to
// the Shop's copies.
func (s *State) discardItem(c *Character, name string) {
	var ok bool
	c.Loot, ok = removeString(c.Loot, "item "+name)
	if it := theLib().Items[name]; ok && it != nil && it.Location != "shop" {
		s.Shop = append(s.Shop, name)
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
			if it.Location != "shop" {
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
