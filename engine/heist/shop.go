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
