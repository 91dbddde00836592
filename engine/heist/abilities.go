package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// Character abilities (MH-CHAR-*): what the cards' special abilities add
// to an Action or allow for free.

// hasAbility reports whether the character's card has the named ability.
func (s *State) hasAbility(c *Character, name string) bool {
	cd := theLib().Characters[c.Card]
	if cd == nil {
		return false
	}
	for _, a := range cd.Abilities {
		if a.Name == name {
			return true
		}
	}
	return false
}

func (s *State) teamHasAbility(name string) bool {
	for _, c := range s.Chars {
		if !c.Busted && s.hasAbility(c, name) {
			return true
		}
	}
	return false
}

// abilityMoves lists ability moves that belong to the chosen Action.
func (s *State) abilityMoves(c *Character, ms *engine.Moves) {
	if c.Picker > 0 && c.Ideas > 0 {
		ms.Legal("efficient picker", func(res *engine.Result) {
			c.Picker--
			c.Ideas--
			c.Pool.Move++
			c.Noise++
			res.Say("EFFICIENT PICKER: %s spends an Idea for an extra Move and Noise.", c.ref())
		})
	}
	if c.NPC {
		s.npcSpecialMoves(c, ms)
	}
	if c.Grant > 0 && !c.NPC {
		for _, o := range s.Chars {
			o := o
			if o == c || !o.onBoard() || o.Done {
				continue
			}
			for _, sub := range []string{"subdue", "disable", "unlock"} {
				sub := sub
				if sub == "subdue" && s.cannotSubdue(o) {
					// A grant gives an action the character may take; it
					// does not lift the character's own "Cannot subdue".
					continue
				}
				ms.Legal(fmt.Sprintf("autopwn %s %s", lower(o.Name), sub), func(res *engine.Result) {
					c.Grant--
					switch sub {
					case "subdue":
						o.Pool.Subdue += c.GrantMult
					case "disable":
						o.Pool.Disable += c.GrantMult
					case "unlock":
						o.Pool.Unlock += c.GrantMult
					}
					o.Noise++
					res.Say("%s enables %s to %s x%d (and 1 Noise).", c.ref(), o.ref(), sub, c.GrantMult)
				})
			}
		}
	}
	s.sabotageMoves(c, ms)
}

// sabotageMoves lists what a taken Rewire, Toss Loot or Kill Pixels
// Action still allows.
func (s *State) sabotageMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	if c.Rewire > 0 {
		for _, n := range append([]*Tile{t}, s.neighbours(t)...) {
			n := n
			if n.liveCamera() {
				ms.Legal("rewire "+n.Hex, func(res *engine.Result) {
					c.Rewire--
					n.setActive(Camera, false)
					g := 0
					for n.setActive(Guard, false) || n.setActive(Dog, false) {
						g++
					}
					res.Say("REWIRE: the Camera on %s is disabled and %s there subdued.", n.Hex, engine.Plural(g, "Guard", "Guards"))
				})
			}
		}
	}
	if c.Toss > 0 {
		for _, d := range dirs {
			x, r := t.X, t.Row
			for step := 1; step <= 2; step++ {
				x, r = x+d[0], r+d[1]
				n := s.at(x, r)
				if n == nil || n.locked() {
					break
				}
				for _, what := range s.carried(c) {
					what, n := what, n
					ms.Legal(fmt.Sprintf("toss %s to %s", what, n.Hex), func(res *engine.Result) {
						c.Toss--
						s.give(c, what, n)
						res.Say("TOSS LOOT: %s tosses the %s to %s.", c.ref(), what, n.Hex)
					})
				}
			}
		}
	}
	if c.KillPixels > 0 {
		for _, d := range dirs {
			line := s.line(t, d, 3)
			cams := 0
			for _, n := range line {
				if n.liveCamera() {
					cams++
				}
			}
			if cams == 0 {
				continue
			}
			dir := line[0].Hex
			ms.Legal("kill pixels toward "+dir, func(res *engine.Result) {
				c.KillPixels = 0
				for _, n := range line {
					if n.liveCamera() {
						for n.setActive(Camera, false) {
						}
						c.Noise++
					}
				}
				res.Say("KILL PIXELS: %s disables every known Camera in a line toward %s.", c.ref(), dir)
			})
		}
	}
}

// freeAbilityMoves lists abilities usable at any time in the Action phase,
// before or after choosing the Action.
func (s *State) freeAbilityMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	s.consultantMoves(c, ms)
	if s.hasAbility(c, "THERE ARE BETTER WAYS") && !c.ExitGuards && c.Ideas >= 1 && t.guards() > 0 {
		ms.Legal("better ways", func(res *engine.Result) {
			c.Ideas--
			c.ExitGuards = true
			res.Say("THERE ARE BETTER WAYS: %s may leave Guarded spaces this phase.", c.ref())
		})
	}
	if (s.hasAbility(c, "LARCENIST") || s.hasAbility(c, "SWINDLER")) && !c.Larcenist && c.Ideas >= 1 {
		name := "larcenist"
		if s.hasAbility(c, "SWINDLER") {
			name = "swindler"
		}
		ms.Legal(name, func(res *engine.Result) {
			c.Ideas--
			c.Larcenist = true
			res.Say("%s: %s may pick up items on adjacent, not locked tiles this phase.", strings.ToUpper(name), c.ref())
		})
	}
	for _, ab := range []string{"CHANGE OF PLANS", "ALRIGHT, NEW PLAN"} {
		if s.hasAbility(c, ab) && !c.used(ab) && c.Ideas >= 2 {
			ab := ab
			ms.Legal(lower(strings.ReplaceAll(ab, ",", "")), func(res *engine.Result) {
				c.Ideas -= 2
				c.Noise++
				c.Used = append(c.Used, ab)
				if ab == "CHANGE OF PLANS" {
					c.Replans += 3
				} else {
					c.Replans += 6
					c.GiveIdeas += 3
				}
				res.Say("%s: %s may reposition planning tokens (Noise 1).", ab, c.ref())
			})
		}
	}
	s.replanMoves(c, ms)
	s.codeAndEntryMoves(c, ms)
}

// replanMoves lists the free moves that change the plan mid-heist:
// repositioned and free planning tokens, and Ideas given away.
func (s *State) replanMoves(c *Character, ms *engine.Moves) {
	if c.Replans > 0 || c.Tweaks > 0 {
		for _, h := range c.Planned {
			from := s.tile(h)
			for _, to := range s.Tiles {
				if !real(to) || to.Entrance || to.planned(int(c.Seat)) {
					continue
				}
				near := adjacent(from, to)
				if c.Replans == 0 && !near {
					continue
				}
				ms.Legal(fmt.Sprintf("replan %s to %s", h, to.Hex), func(res *engine.Result) {
					// A Radio tweak (one hex) is used before a free
					// repositioning.
					if near && c.Tweaks > 0 {
						c.Tweaks--
					} else {
						c.Replans--
					}
					s.unplan(c, s.tile(h))
					s.plan(c, to)
					res.Say("%s moves a planning token from %s to %s.", c.ref(), h, to.Hex)
				})
			}
		}
	}
	if c.FreeTokens > 0 {
		// Auto-replan: tokens from a locked-down hex go down again at once
		// (MH-GATE-07).
		for _, to := range s.Tiles {
			if real(to) && !to.Entrance && !to.planned(int(c.Seat)) {
				ms.Legal("plan "+to.Hex, func(res *engine.Result) {
					c.FreeTokens--
					s.plan(c, to)
					res.Say("%s re-plans a token on %s.", c.ref(), to.Hex)
				})
			}
		}
	}
	if c.GiveIdeas > 0 && c.Ideas > 0 {
		for _, o := range s.Chars {
			o := o
			if o != c && o.onBoard() {
				ms.Legal("give idea to "+lower(o.Name), func(res *engine.Result) {
					c.GiveIdeas--
					c.Ideas--
					o.Ideas++
					res.Say("%s gives an Idea to %s.", c.ref(), o.ref())
				})
			}
		}
	}
}

// codeAndEntryMoves lists the free moves that open doors and bring help:
// the codes (I CAN HAZ TEH CODES, HAS THE CODE), the Old Friend's
// teamwork on an Entrance and a Keycard.
func (s *State) codeAndEntryMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	for _, ab := range []string{"I CAN HAZ TEH CODES", "HAS THE CODE"} {
		cost := 2
		if ab == "HAS THE CODE" {
			cost = 0
		}
		if !s.hasAbility(c, ab) || c.used(ab) || c.Ideas < cost {
			continue
		}
		var targets []*Tile
		for _, x := range s.Tiles {
			if real(x) && x.Unknown && s.adjacentLiveCamera(x) {
				targets = append(targets, x)
			}
		}
		if len(targets) == 0 {
			continue
		}
		ab := ab
		ms.Legal(lower(ab), func(res *engine.Result) {
			c.Ideas -= cost
			c.Used = append(c.Used, ab)
			res.Say("%s: %s reveals every tile adjacent to a known live Camera.", ab, c.ref())
			for _, x := range targets {
				s.reveal(x, res)
			}
			s.dogsChase(res)
		})
	}
	if s.hasFixer("Old Friend") && t.Entrance && c.Ideas >= 2 {
		for _, o := range s.Chars {
			o := o
			if o != c && o.onBoard() {
				ms.Legal("teamwork "+lower(o.Name), func(res *engine.Result) {
					c.Ideas -= 2
					o.Ideas++
					res.Say("TEAMWORK (Old Friend): %s spends 2 Ideas and gives one to %s.", c.ref(), o.ref())
				})
			}
		}
	}
	if c.has(Keycard) {
		for _, n := range s.neighbours(t) {
			n := n
			if n.has(TokKeycardDoor) {
				ms.Legal("open "+n.Hex, func(res *engine.Result) {
					n.removeToken(TokKeycardDoor)
					res.Say("%s opens the Keycard Door on %s.", c.ref(), n.Hex)
				})
			}
		}
	}
}

// breach is the Demolitions Guy's BREACH: a new Exit on an external side of
// the current tile, and the Escape is initiated. The card names no side:
// with one possible side it goes there, with several the team chooses
// (`breach <hex>`, choiceBreach).
func (s *State) breach(c *Character, res *engine.Result) {
	t := s.tile(c.Hex)
	sides := s.breachSides(t)
	s.initiateEscape(c, res)
	switch {
	case len(sides) == 1:
		s.placeBreach(c, sides[0], res)
	case len(sides) > 1:
		var labels []string
		for _, p := range sides {
			labels = append(labels, breachLabel(p))
		}
		s.ask(choiceBreach, Question{Hex: t.Hex, Options: labels, Chars: []engine.Seat{c.Seat}}, nil, res)
	}
}

// breachSides lists where BREACH may open the new Exit from t: the
// neighbouring cells that are empty (no hex, no tunnel space, no hex a
// gate took away) and lie outside the building, not in a space fully
// enclosed by hexes; in direction order.
func (s *State) breachSides(t *Tile) []coord {
	var out []coord
	for _, d := range dirs {
		x, r := t.X+d[0], t.Row+d[1]
		if x < 0 || r < 0 || s.at(x, r) != nil || s.cell(x, r) != nil {
			continue
		}
		for _, e := range dirs {
			if s.at(x+e[0], r+e[1]) == nil {
				out = append(out, coord{x, r})
				break
			}
		}
	}
	return out
}

// breachLabel names the new Exit at p: the cell's name and an "x".
func breachLabel(p coord) string { return hexLabel(p.R, p.X/2) + "x" }

// placeBreach puts BREACH's new Exit at p.
func (s *State) placeBreach(c *Character, p coord, res *engine.Result) {
	n := &Tile{Hex: breachLabel(p), Row: p.R, Col: p.X / 2, X: p.X, Code: "BREACH", Entrance: true}
	s.Tiles = append(s.Tiles, n)
	s.index()
	res.Say("BREACH: %s blows a new Exit at %s.", c.ref(), n.Hex)
}

// afterPickup applies what picking something up triggers.
func (s *State) afterPickup(c *Character, res *engine.Result) {
	t := s.tile(c.Hex)
	if c.has(USB) && s.Scenario == "the-side-channel" {
		// CRACK CIPHER: the USB key opens the Y gate at once.
		for _, x := range s.Tiles {
			if x.removeToken("remote y") {
				res.Say("CRACK CIPHER: with the USB key, Remote Lock Y on %s opens.", x.Hex)
			}
		}
	}
	if c.has(USB) && s.Scenario == "the-black-box" && t.has(TokBeacon) && !slices.Contains(s.Triggered, "check the logs") {
		s.Triggered = append(s.Triggered, "check the logs")
		c.Cash += 3
		res.Say("CHECK THE LOGS: %s gains $3k and reveals two tiles.", c.ref())
		n := 0
		for _, x := range s.Tiles {
			if n < 2 && real(x) && x.Unknown {
				s.reveal(x, res)
				n++
			}
		}
	}
}

// specialOnEnter applies scenario rules triggered by entering a tile.
func (s *State) specialOnEnter(c *Character, t *Tile, res *engine.Result) {
	s.afterPickup(c, res)
	s.npcOnEnter(c, t, res)
}
