package heist

import (
	"fmt"

	"casefile/engine"
)

// Levels (MH-LEVEL-*): characters and players level up after a heist, and
// a new character starts at its player's level.

// raise builds a new character at the player's level (MH-LEVEL-05): from
// its Amateur cards, the progression's steps are applied in order (level 2
// one Skill, 3 the Character, 4 the other Skill), each taking the first Pro
// card listed that the box still has a copy of (taken counts the skill
// copies already in the crew). Base keeps the Amateur cards so that the
// player may pick the other Pro cards in the Crew step (`level up to`).
func raise(l *lib, spec crewSpec, level int, taken map[string]int) crewSpec {
	spec.Level = 1
	if level <= 1 {
		return spec
	}
	spec.Base = []string{spec.Card, spec.Skills[0], spec.Skills[1]}
	pick := func(slot int) {
		sk := l.Skills[spec.Skills[slot]]
		if sk == nil || len(sk.Upgrades) == 0 {
			return
		}
		other := spec.Skills[1-slot]
		for _, u := range sk.Upgrades {
			n := taken[u]
			if other == u {
				n++
			}
			if d := l.Skills[u]; d != nil && n < d.Qty {
				spec.Skills[slot] = u
				return
			}
		}
		spec.Skills[slot] = sk.Upgrades[0]
	}
	pick(0)
	if cd := l.Characters[spec.Card]; level >= 3 && cd != nil && len(cd.LevelUp) > 0 {
		spec.Card = cd.LevelUp[0]
	}
	if level >= 4 {
		pick(1)
	}
	spec.Level = min(level, 4)
	return spec
}

// unlocks maps each scenario to the Fixer card its success unlocks. The
// booklet names the fixer by title ("Pawn Shop Owner", "Retired
// Mastermind"); the cards by name: this pairing is ours (CONTENT.md).
var unlocks = map[string]string{
	"the-inclusion-job":      "Fence",
	"the-startup-job":        "Visage",
	"the-dark-horse-job":     "Bookie",
	"the-greedy-prisoner":    "Connoiseur",
	"the-blind-justice-job":  "Beat Cop",
	"the-melee-job":          "Curator",
	"the-side-channel":       "Shell",
	"the-hospitality-job":    "Consultant",
	"the-proving-grounds":    "The Machinist",
	"the-safehouse-rescue":   "Retiree",
	"the-black-box":          "The Architect",
	"the-marathon-job":       "Diversion Artist",
	"county-the-bricks":      "Prison Guard",
	"county-the-river":       "Prison Guard",
	"county-the-hole":        "Prison Guard",
	"the-final-score-part-2": "The Mayor",
}

// playersLevelUp raises every person who played this heist one player
// level, up to 4, once per person however many seats they held
// (MH-LEVEL-02/03/09). Without owners nobody is tracked.
func (s *State) playersLevelUp(camp *Campaign, res *engine.Result) {
	// Each person goes up from the level they were dealt at (State.Levels),
	// not from the campaign, which this heist has already counted.
	seen := map[string]bool{}
	var who []string
	var seat []engine.Seat
	for i := range s.Chars {
		if o := s.owner(engine.Seat(i)); o != "" && !seen[o] {
			seen[o] = true
			who, seat = append(who, o), append(seat, engine.Seat(i))
		}
	}
	for i, o := range who {
		if camp.Players == nil {
			camp.Players = map[string]int{}
		}
		lvl := min(max(s.seatLevel(seat[i]), 1)+1, 4)
		camp.Players[o] = lvl
		res.Say("Player level: %s is now level %d.", engine.SeatRef(seat[i]), lvl)
	}
}

// levelUp raises a named character one level, applying the first upgrade
// the card offers and keeping the other for the player to choose in the
// next Crew step.
func levelUp(l *lib, nc *NamedCharacter, res *engine.Result) {
	if nc.Level >= 4 {
		return
	}
	nc.Level++
	nc.Alt, nc.Slot = "", ""
	switch nc.Level {
	case 2, 4:
		i := 0
		if nc.Level == 4 {
			i = 1
		}
		if sk := l.Skills[nc.Skills[i]]; sk != nil && len(sk.Upgrades) > 0 {
			nc.Skills[i] = sk.Upgrades[0]
			if len(sk.Upgrades) > 1 {
				nc.Alt, nc.Slot = sk.Upgrades[1], fmt.Sprintf("skill %d", i+1)
			}
		}
	case 3:
		if cd := l.Characters[nc.Card]; cd != nil && len(cd.LevelUp) > 0 {
			nc.Card = cd.LevelUp[0]
			if len(cd.LevelUp) > 1 {
				nc.Alt, nc.Slot = cd.LevelUp[1], "character"
			}
		}
	}
	alt := ""
	if nc.Alt != "" {
		alt = fmt.Sprintf(" When the next heist's crew is built, level up to %s instead if you like.", lower(nc.Alt))
	}
	res.Say("Level up: %s is now level %d (%s with %s and %s).%s", nc.Name, nc.Level, nc.Card, nc.Skills[0], nc.Skills[1], alt)
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
