package heist

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"casefile/engine"
)

// NamedCharacter is a campaign character: one Character card and two Skill
// cards under a name (MH-NAMED-01), with its level and status.
type NamedCharacter struct {
	Name   string    `json:"name"`
	Card   string    `json:"card"`
	Skills [2]string `json:"skills"`
	// Level is 1..4: 2 upgraded one Skill, 3 the Character, 4 the other
	// Skill (MH-LEVEL-06..09).
	Level  int      `json:"level"`
	Busted bool     `json:"busted,omitempty"`
	Items  []string `json:"items,omitempty"`
	Heists int      `json:"heists"`
	// Alt is the other card the last level-up could have given, which the
	// player may still choose in the next Planning (Slot: "character",
	// "skill 1" or "skill 2").
	Alt  string `json:"alt,omitempty"`
	Slot string `json:"slot,omitempty"`
}

// Campaign is what a server's crew carries from heist to heist.
type Campaign struct {
	TeamCash   int              `json:"team_cash"`
	Fixers     []string         `json:"fixers"`
	Shop       []string         `json:"shop,omitempty"`
	Characters []NamedCharacter `json:"characters"`
	History    []string         `json:"history,omitempty"`
	Heists     int              `json:"heists"`
	// PartOneIdeas holds, by named character, the Ideas left at the end of
	// The Final Score: Part 1, for Part 2's FRESH IDEAS.
	PartOneIdeas map[string]int `json:"part_one_ideas,omitempty"`
}

func loadCampaign(data []byte) (*Campaign, error) {
	c := &Campaign{}
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("heist: bad campaign data: %w", err)
	}
	if len(c.Fixers) == 0 && c.Heists == 0 {
		c.Fixers = []string{"Old Friend"}
	}
	return c, nil
}

// crewFor picks the campaign's named characters for this heist: in roster
// order, not Busted (Busted ones only for County breakouts, where they start
// inside), one character class per heist and no more copies of a skill than
// the box has (MH-NAMED-03/04). Seats left over get a new dealt crew.
func (camp *Campaign) crewFor(l *lib, players int, county bool) []crewSpec {
	classes := map[string]bool{}
	skills := map[string]int{}
	var out []crewSpec
	order := make([]int, 0, len(camp.Characters))
	if county {
		// A breakout is for the jailed: Busted characters go first.
		for i, nc := range camp.Characters {
			if nc.Busted {
				order = append(order, i)
			}
		}
	}
	for i, nc := range camp.Characters {
		if !nc.Busted {
			order = append(order, i)
		}
	}
	for _, i := range order {
		nc := camp.Characters[i]
		if len(out) == players {
			break
		}
		cd := l.Characters[nc.Card]
		if cd == nil || classes[cd.Archetype] {
			continue
		}
		ok := true
		for _, sk := range nc.Skills {
			if d := l.Skills[sk]; d == nil || skills[sk]+1 > d.Qty {
				ok = false
			}
		}
		if !ok || nc.Skills[0] == nc.Skills[1] && l.Skills[nc.Skills[0]].Qty < 2 {
			continue
		}
		classes[cd.Archetype] = true
		for _, sk := range nc.Skills {
			skills[sk]++
		}
		out = append(out, crewSpec{Name: nc.Name, Card: nc.Card, Skills: nc.Skills, Items: nc.Items, NamedChar: nc.Name, Busted: nc.Busted})
	}
	return out
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

var gainRE = regexp.MustCompile(`\$(\d+)k`)

// campaignAfter records the heist in the campaign: cash, fixer, statuses,
// level-ups and history (MH-END-*, MH-WIN-*, MH-LOSE-*, MH-LEVEL-*).
func (s *State) campaignAfter(res *engine.Result) {
	camp := s.Camp
	if camp == nil {
		camp = &Campaign{Fixers: append([]string(nil), s.Fixers...)}
		if !slices.Contains(camp.Fixers, "Old Friend") {
			camp.Fixers = append(camp.Fixers, "Old Friend")
		}
		s.Camp = camp
	}
	l := theLib()
	sc := l.scenario(s.Scenario)
	camp.Heists++
	if s.hasFixer("Curator") {
		// BEAUTY IS IN THE EYES OF THE BUYER: jewels sell for $4k each.
		if n := s.securedCount(Jewel); n > 0 {
			s.TeamCash += 4 * n
			res.Say("The Curator buys %d jewel(s) for $%dk.", n, 4*n)
		}
	}
	camp.TeamCash = s.TeamCash
	camp.Shop = append([]string(nil), s.Shop...)
	if s.Won && sc != nil {
		if m := gainRE.FindStringSubmatch(sc.Unlocks); m != nil {
			n, _ := strconv.Atoi(m[1])
			camp.TeamCash += n
			res.Say("Reward: $%dk.", n)
		}
		if name := unlocks[s.Scenario]; name != "" && l.Fixers[name] != nil && !slices.Contains(camp.Fixers, name) {
			camp.Fixers = append(camp.Fixers, name)
			res.Say("Fixer unlocked: %s.", name)
		}
	}
	if s.Scenario == "the-final-score-part-1" {
		camp.PartOneIdeas = map[string]int{}
	}
	for _, c := range s.Chars {
		idx := camp.find(c.Named)
		if idx < 0 {
			nc := NamedCharacter{Name: uniqueName(camp, c.Name), Card: c.Card, Skills: c.Skills, Level: 1}
			camp.Characters = append(camp.Characters, nc)
			idx = len(camp.Characters) - 1
		}
		nc := &camp.Characters[idx]
		if camp.PartOneIdeas != nil && s.Scenario == "the-final-score-part-1" && c.Escaped {
			camp.PartOneIdeas[nc.Name] = c.Ideas
		}
		nc.Heists++
		nc.Busted = c.Busted
		if s.Won && sc != nil && sc.County && c.Escaped {
			nc.Busted = false
		}
		nc.Items = nil
		if c.Escaped {
			for _, it := range c.Loot {
				// The Master Plan Copy is discarded after the heist.
				if strings.HasPrefix(it, "item ") && it != "item Master Plan Copy" &&
					!(it == "item Safecracking Tools" && c.Card == "Safecracker") && !(it == "item Plasma Torch" && c.Card == "Thief") {
					nc.Items = append(nc.Items, it)
				}
			}
		}
		levelUp(l, nc, res)
	}
	outcome := "lost"
	if s.Won {
		outcome = "won"
	}
	camp.History = append(camp.History, fmt.Sprintf("Heist %d: %s, %s; $%dk out; team cash $%dk.", camp.Heists, s.ScenarioName, outcome, s.SecuredCash, camp.TeamCash))
}

// find returns the roster index of the named character, or -1.
func (camp *Campaign) find(name string) int {
	if name == "" {
		return -1
	}
	for i, nc := range camp.Characters {
		if strings.EqualFold(nc.Name, name) {
			return i
		}
	}
	return -1
}

func uniqueName(camp *Campaign, base string) string {
	name := base
	for n := 2; ; n++ {
		taken := false
		for _, c := range camp.Characters {
			if strings.EqualFold(c.Name, name) {
				taken = true
			}
		}
		if !taken {
			return name
		}
		name = fmt.Sprintf("%s %d", base, n)
	}
}

// levelUp raises a named character one level, applying the first upgrade
// the card offers and keeping the other for the player to choose in the
// next Planning.
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
		alt = fmt.Sprintf(" In the next Planning, level up to %s instead if you like.", lower(nc.Alt))
	}
	res.Say("Level up: %s is now level %d (%s with %s and %s).%s", nc.Name, nc.Level, nc.Card, nc.Skills[0], nc.Skills[1], alt)
}

// Campaign is the server's campaign after this heist, once it is over.
func (s *State) Campaign() []byte {
	if s.Phase != PhaseOver || s.Camp == nil {
		return nil
	}
	data, err := json.Marshal(s.Camp)
	if err != nil {
		return nil
	}
	return data
}
