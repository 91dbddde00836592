package heist

import (
	"fmt"
	"slices"
	"strings"

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

// levelUp raises a named character one level (MH-LEVEL-06..08): at 2 a
// Skill of the player's choice, at 3 the Character, at 4 the other Skill
// (the one still Amateur). The first Pro card listed is applied at once
// (of the first Skill at level 2) and Slot remembers the step, so that the
// player may choose another in the next Crew step (levelChoices).
func levelUp(l *lib, nc *NamedCharacter, res *engine.Result) {
	if nc.Level >= 4 {
		// Played once more at the top level: its last choice is settled.
		nc.Alt, nc.Slot = "", ""
		return
	}
	nc.Level++
	nc.Alt, nc.Slot = "", ""
	switch nc.Level {
	case 2, 4:
		// Level 2: the first Skill by default; level 4: the one still
		// Amateur (the second, unless the level-2 choice took it).
		i := 0
		if nc.Level == 4 && amateurSkill(l, nc.Skills[1]) {
			i = 1
		}
		if sk := l.Skills[nc.Skills[i]]; sk != nil && len(sk.Upgrades) > 0 {
			nc.Skills[i] = sk.Upgrades[0]
			nc.Slot = fmt.Sprintf("skill %d", i+1)
		}
	case 3:
		if cd := l.Characters[nc.Card]; cd != nil && len(cd.LevelUp) > 0 {
			nc.Card = cd.LevelUp[0]
			nc.Slot = "character"
		}
	}
	alt := ""
	var others []string
	for _, ch := range levelChoices(l, nc) {
		others = append(others, "level up to "+lower(ch.Pro))
	}
	if len(others) > 0 {
		alt = fmt.Sprintf(" When the next heist's crew is built, the player may choose instead: %s.", strings.Join(others, ", "))
	}
	res.Say("Level up: %s is now level %d (%s with %s and %s).%s", nc.Name, nc.Level, nc.Card, nc.Skills[0], nc.Skills[1], alt)
}

// amateurSkill reports whether sk is an Amateur Skill (it has Pro cards to
// level into).
func amateurSkill(l *lib, sk string) bool {
	d := l.Skills[sk]
	return d != nil && len(d.Upgrades) > 0
}

// skillFrom names the Amateur Skill that pro levels up from ("" if none).
func skillFrom(l *lib, pro string) string {
	for name, d := range l.Skills {
		if slices.Contains(d.Upgrades, pro) {
			return name
		}
	}
	return ""
}

// characterFrom names the Amateur Character card that pro levels up from
// ("" if none).
func characterFrom(l *lib, pro string) string {
	for name, d := range l.Characters {
		if slices.Contains(d.LevelUp, pro) {
			return name
		}
	}
	return ""
}

// levelChoice is another outcome of a named character's last level-up
// step: its cards, the Pro card it takes (the move names it) and the step's
// slot afterwards.
type levelChoice struct {
	Pro    string
	Card   string
	Skills [2]string
	Slot   string
}

// levelChoices lists the other outcomes of a named character's last
// level-up step (NamedCharacter.Slot): the other Pro card of the card
// upgraded, and at level 2, where the player chooses which Skill goes Pro
// (MH-LEVEL-06), either Pro card of the other Skill, the first going back
// to its Amateur card.
func levelChoices(l *lib, nc *NamedCharacter) []levelChoice {
	var out []levelChoice
	add := func(ch levelChoice) {
		for _, o := range out {
			if o.Pro == ch.Pro {
				return
			}
		}
		out = append(out, ch)
	}
	switch nc.Slot {
	case "character":
		from := characterFrom(l, nc.Card)
		if cd := l.Characters[from]; cd != nil {
			for _, u := range cd.LevelUp {
				if u != nc.Card {
					add(levelChoice{Pro: u, Card: u, Skills: nc.Skills, Slot: nc.Slot})
				}
			}
		}
	case "skill 1", "skill 2":
		i := 0
		if nc.Slot == "skill 2" {
			i = 1
		}
		from := skillFrom(l, nc.Skills[i])
		d := l.Skills[from]
		if d == nil {
			return nil
		}
		for _, u := range d.Upgrades {
			if u != nc.Skills[i] {
				sk := nc.Skills
				sk[i] = u
				add(levelChoice{Pro: u, Card: nc.Card, Skills: sk, Slot: nc.Slot})
			}
		}
		if j := 1 - i; nc.Level == 2 && amateurSkill(l, nc.Skills[j]) {
			for _, u := range l.Skills[nc.Skills[j]].Upgrades {
				sk := nc.Skills
				sk[i], sk[j] = from, u
				add(levelChoice{Pro: u, Card: nc.Card, Skills: sk, Slot: fmt.Sprintf("skill %d", j+1)})
			}
		}
	}
	return out
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
// card of each step it went through (MH-LEVEL-10/11), and below level 4
// either Skill's Pro cards, the Skill upgraded being the player's choice
// (MH-LEVEL-06): `level up to <card>` swaps that card, within the box's
// copies and with no evil twin made.
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
	for slot := 0; slot < 2; slot++ {
		sk := l.Skills[c.Base[1+slot]]
		if sk == nil {
			continue
		}
		for _, u := range sk.Upgrades {
			if u == c.Skills[slot] {
				continue
			}
			spec := cur
			if c.Level < 4 {
				// One Skill is Pro, of the player's choice (MH-LEVEL-06):
				// the other goes back to its Amateur card.
				spec.Skills = [2]string{c.Base[1], c.Base[2]}
			}
			spec.Skills[slot] = u
			offer(u, spec)
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
