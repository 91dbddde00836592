package heist

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
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
	// Slot is what the last level-up upgraded ("character", "skill 1" or
	// "skill 2"): the player may still choose another outcome of that step
	// in a later Crew step (levels.go levelChoices). Alt is what older
	// records kept of it (the other card); it is no longer read.
	Alt  string `json:"alt,omitempty"`
	Slot string `json:"slot,omitempty"`
	// Player is the owner id (engine.Setup.Owners) of the person who last
	// played the character, so that a person gets their own characters back
	// in the next heist; "" when the platform gave no owners.
	Player string `json:"player,omitempty"`
	// Last is the campaign heist number the character last played in, so
	// a person with several characters gets back the latest one.
	Last int `json:"last,omitempty"`
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
	// PartOneHideouts holds, by named character, the board column (Tile.X)
	// of the hideout where it ended The Final Score: Part 1. Part 2's board
	// is rebuilt around those hexes: its hideouts sit in the same columns,
	// so each character starts Part 2 on the hideout it hid in.
	PartOneHideouts map[string]int `json:"part_one_hideouts,omitempty"`
	// Players holds each person's player level (1..4), keyed by the owner id
	// the platform gives per seat (engine.Setup.Owners). A person missing
	// from it is new: level 1 (MH-LEVEL-01, MH-SETUP-03).
	Players map[string]int `json:"players,omitempty"`
}

// playerLevel is the player level of the person with owner id, or 0 when
// the platform named nobody (simulations, older games): then no limit
// applies and new characters start at level 1, as before people were
// tracked. A nil campaign is a server's first heist: everyone is new.
func (camp *Campaign) playerLevel(owner string) int {
	if owner == "" {
		return 0
	}
	if camp != nil {
		if n := camp.Players[owner]; n > 0 {
			return n
		}
		if camp.Players == nil && camp.Heists > 0 {
			// A campaign saved before people were tracked: nobody knows who
			// played, so everyone counts as having played every heist, and
			// no crew is locked out of its own characters.
			return min(1+camp.Heists, 4)
		}
	}
	return 1
}

// loadCampaign reads the campaign carried between heists.
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

// crewFor picks the campaign's named characters for this heist, one per
// seat ("" Card for a seat left to a new character): not Busted (Busted ones
// only for County breakouts, where they go first and start inside), one
// character class per heist and no more copies of a skill than the box has
// (MH-NAMED-03/04), and no character above its seat's player level
// (MH-LEVEL-04; levels[seat] 0 means no limit). With owners, each person
// first gets back one of their own characters (see better); in The Final
// Score: Part 2 the characters hiding since Part 1 come before any other.
// Seats are then filled from the roster in order.
func (camp *Campaign) crewFor(l *lib, owners []string, levels []int, county, partTwo bool) []crewSpec {
	d := &crewDraft{camp: camp, l: l, levels: levels, county: county, partTwo: partTwo,
		out: make([]crewSpec, len(levels)), classes: map[string]bool{}, skills: map[string]int{}, used: map[int]bool{}}
	if county {
		// A breakout is for the jailed: Busted characters go first.
		d.add(func(nc NamedCharacter) bool { return nc.Busted })
	}
	if partTwo {
		// The Final Score is two heists in a row: the crew hiding in the
		// building since Part 1 goes on.
		d.add(func(nc NamedCharacter) bool { _, hid := camp.PartOneHideouts[nc.Name]; return hid && !nc.Busted })
	}
	d.add(func(nc NamedCharacter) bool { return !nc.Busted })
	owner := func(seat int) string {
		if seat < len(owners) {
			return owners[seat]
		}
		return ""
	}
	for seat := range d.out {
		if owner(seat) == "" {
			continue
		}
		best := -1
		for _, i := range d.order {
			if camp.Characters[i].Player == owner(seat) && d.fits(i, seat) && (best < 0 || d.better(i, best)) {
				best = i
			}
		}
		if best >= 0 {
			d.take(best, seat)
		}
	}
	for seat := range d.out {
		if d.out[seat].Card != "" {
			continue
		}
		for _, i := range d.order {
			if d.fits(i, seat) {
				d.take(i, seat)
				break
			}
		}
	}
	return d.out
}

// crewDraft is the crew crewFor is choosing from the roster: the seats
// filled so far, the classes and Skill cards they took, and the roster's
// characters in the order they are considered.
type crewDraft struct {
	camp            *Campaign
	l               *lib
	levels          []int
	county, partTwo bool
	out             []crewSpec
	classes         map[string]bool
	skills          map[string]int
	used            map[int]bool
	order           []int
}

// add considers next the roster's characters that keep admits.
func (d *crewDraft) add(keep func(nc NamedCharacter) bool) {
	for i, nc := range d.camp.Characters {
		if !d.used[i] && !slices.Contains(d.order, i) && keep(nc) {
			d.order = append(d.order, i)
		}
	}
}

// fits reports whether the roster's i-th character may fill seat: of
// its player's level or lower, of a class and Skills the box still has.
func (d *crewDraft) fits(i, seat int) bool {
	nc := d.camp.Characters[i]
	if d.used[i] || d.levels[seat] > 0 && nc.Level > d.levels[seat] {
		return false
	}
	cd := d.l.Characters[nc.Card]
	if cd == nil || d.classes[cd.Archetype] {
		return false
	}
	for _, sk := range nc.Skills {
		if sd := d.l.Skills[sk]; sd == nil || d.skills[sk]+1 > sd.Qty {
			return false
		}
	}
	return nc.Skills[0] != nc.Skills[1] || d.l.Skills[nc.Skills[0]].Qty >= 2
}

// take seats the roster's i-th character.
func (d *crewDraft) take(i, seat int) {
	nc := d.camp.Characters[i]
	d.used[i] = true
	d.classes[d.l.Characters[nc.Card].Archetype] = true
	for _, sk := range nc.Skills {
		d.skills[sk]++
	}
	d.out[seat] = crewSpec{Name: nc.Name, Card: nc.Card, Skills: nc.Skills, Items: nc.Items, NamedChar: nc.Name, Busted: nc.Busted, Level: nc.Level}
}

// hid reports whether the roster's i-th character hid in Part 1 and goes
// on in Part 2.
func (d *crewDraft) hid(i int) bool {
	_, ok := d.camp.PartOneHideouts[d.camp.Characters[i].Name]
	return d.partTwo && ok
}

// better ranks one person's own characters: the jailed first in a
// breakout, Part 1's hidden crew first in Part 2, then the latest played.
func (d *crewDraft) better(i, j int) bool {
	a, b := d.camp.Characters[i], d.camp.Characters[j]
	switch {
	case d.county && a.Busted != b.Busted:
		return a.Busted
	case d.hid(i) != d.hid(j):
		return d.hid(i)
	}
	return a.Last > b.Last
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
			res.Say("The Curator buys %s for $%dk.", engine.Plural(n, "jewel", "jewels"), 4*n)
		}
	}
	camp.TeamCash = s.TeamCash
	camp.Shop = append([]string(nil), s.Shop...)
	if s.Won && sc != nil {
		if m := gainRE.FindStringSubmatch(sc.Success); m != nil {
			n, _ := strconv.Atoi(m[1])
			camp.TeamCash += n
			res.Say("Reward: $%dk.", n)
		}
		if name := unlocks[s.Scenario]; name != "" && l.Fixers[name] != nil && !slices.Contains(camp.Fixers, name) {
			camp.Fixers = append(camp.Fixers, name)
			res.Say("Fixer unlocked: %s.", name)
		}
	}
	// The Final Score is two heists in a row: Part 1 leaves its hideouts
	// and Ideas for Part 2; any other heist ends that story.
	partOne := s.Scenario == "the-final-score-part-1"
	camp.PartOneIdeas, camp.PartOneHideouts = nil, nil
	if partOne {
		camp.PartOneIdeas, camp.PartOneHideouts = map[string]int{}, map[string]int{}
	}
	s.rosterAfter(camp, partOne, res)
	s.rescueAfter(camp, res)
	s.playersLevelUp(camp, res)
	outcome := "lost"
	if s.Won {
		outcome = "won"
	}
	camp.History = append(camp.History, fmt.Sprintf("Heist %d: %s, %s; $%dk out; team cash $%dk.", camp.Heists, s.ScenarioName, outcome, s.SecuredCash, camp.TeamCash))
}

// rosterAfter writes every character played back to the roster: new ones
// join it, each levels up, Busted or free, and in The Final Score: Part 1
// the hideouts and Ideas are kept for Part 2.
func (s *State) rosterAfter(camp *Campaign, partOne bool, res *engine.Result) {
	l := theLib()
	sc := l.scenario(s.Scenario)
	for _, c := range s.Chars {
		owner := s.owner(c.Seat)
		idx := camp.find(c.Named)
		if idx < 0 {
			nc := NamedCharacter{Name: uniqueName(camp, c.Name), Card: c.Card, Skills: c.Skills, Level: max(c.Level, 1)}
			camp.Characters = append(camp.Characters, nc)
			idx = len(camp.Characters) - 1
		}
		nc := &camp.Characters[idx]
		if owner != "" {
			nc.Player = owner
		}
		nc.Last = camp.Heists
		if partOne && (c.Escaped || c.Hidden) {
			camp.PartOneIdeas[nc.Name] = c.Ideas
			// Only a character in a hideout is kept with its hex; one hidden
			// elsewhere (Camouflage) comes back in through an Entrance.
			if t := s.tile(c.Hex); t != nil && t.has(TokBeacon) {
				camp.PartOneHideouts[nc.Name] = t.X
			}
		}
		nc.Heists++
		nc.Busted = c.Busted
		if s.Won && sc != nil && sc.County && c.Escaped {
			nc.Busted = false
		}
		nc.Items = nil
		// A hidden character (Camouflage) is not Busted: it keeps its Items.
		if c.Escaped || c.Hidden {
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
}

// rescueAfter settles a rescue (the Prisoner of The Greedy Prisoner or
// The Safehouse Rescue played by a Busted named character): once the
// Prisoner got out, the character is out of jail (MH-BUSTED-03), whether or
// not the rest of the objective was met, since the rescue itself happened.
func (s *State) rescueAfter(camp *Campaign, res *engine.Result) {
	if s.Rescue == "" || s.NPC == nil {
		return
	}
	i := camp.find(s.Rescue)
	if i < 0 {
		return
	}
	if s.NPC.Escaped {
		camp.Characters[i].Busted = false
		res.Say("Rescued: %s is out of jail and no longer Busted.", camp.Characters[i].Name)
	} else {
		res.Say("%s stays in jail (still Busted).", camp.Characters[i].Name)
	}
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

// DescribeCampaign says where a server's campaign stands: heists played,
// team cash and Fixers, each named character, and each person's player
// level (engine.Game.DescribeCampaign).
func DescribeCampaign(data []byte) string {
	camp, err := loadCampaign(data)
	if err != nil || camp == nil {
		return "No heist has been played on this server yet."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s played; team cash $%dk", engine.Plural(camp.Heists, "heist", "heists"), camp.TeamCash)
	if len(camp.Fixers) > 0 {
		fmt.Fprintf(&b, "; Fixers: %s", strings.Join(camp.Fixers, ", "))
	}
	b.WriteString(".")
	for _, c := range camp.Characters {
		status := ""
		if c.Busted {
			status = ", in jail"
		}
		fmt.Fprintf(&b, "\n• %s — %s, level %d, %s%s", c.Name, c.Card, c.Level, engine.Plural(c.Heists, "heist", "heists"), status)
	}
	owners := make([]string, 0, len(camp.Players))
	for o := range camp.Players {
		owners = append(owners, o)
	}
	sort.Strings(owners)
	for _, o := range owners {
		fmt.Fprintf(&b, "\n• <@%s>: player level %d", o, camp.Players[o])
	}
	return b.String()
}
