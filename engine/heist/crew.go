package heist

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// The crew: characters dealt for a heist, or chosen in Planning from the
// campaign's roster or built from Amateur cards.

// crewMoves lets a seat choose its character before placing tokens: a
// named character of the campaign's roster (play <name>), or a new Amateur
// character with two Amateur skills (play <card> with <skill> and <skill>),
// keeping one class per heist and the box's skill copies (MH-NAMED-03/04).
func (s *State) crewMoves(c *Character, ms *engine.Moves) {
	if len(c.Planned) > 0 || s.PlanDone(c.Seat) || c.Hideout {
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
	s.namedCrewMoves(c, level, classes, named, fits, ms)
	s.newCrewMoves(c, level, classes, skills, fits, ms)
}

// namedCrewMoves lists the campaign's named characters a player may take
// over: of a class and Skills still free, not Busted outside a County
// heist, of the player's level or lower (MH-LEVEL-04).
func (s *State) namedCrewMoves(c *Character, level int, classes, named map[string]bool, fits func([2]string) bool, ms *engine.Moves) {
	l := theLib()
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
}

// newCrewMoves lists the new characters a player may build: every
// Amateur card of a class nobody else plays with two Amateur Skills,
// raised to the player's level, when the raised cards fit the box and make
// no evil twin.
func (s *State) newCrewMoves(c *Character, level int, classes map[string]bool, skills map[string]int, fits func([2]string) bool, ms *engine.Moves) {
	l := theLib()
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

// crewSpec is one seat's character: card and two skills, and the named
// character it comes from in a campaign.
type crewSpec struct {
	Name      string
	Card      string
	Skills    [2]string
	Busted    bool
	Items     []string
	NamedChar string
	// Level is the character's level (0 counts as 1); Base its Amateur
	// cards when a new character was raised to its player's level.
	Level int
	Base  []string
}

// buildCharacter makes seat's character from a crew spec: its cards,
// Ideas, Planning Memory and Items.
func buildCharacter(l *lib, seat engine.Seat, spec crewSpec) (*Character, error) {
	cd := l.Characters[spec.Card]
	if cd == nil {
		return nil, fmt.Errorf("heist: no character card %q", spec.Card)
	}
	for _, sk := range spec.Skills {
		if l.Skills[sk] == nil {
			return nil, fmt.Errorf("heist: no skill card %q", sk)
		}
	}
	name := spec.Name
	if name == "" {
		name = cd.Name
	}
	c := &Character{Seat: seat, Name: name, Named: spec.NamedChar, Card: cd.Name, Archetype: cd.Archetype, Skills: spec.Skills,
		Memory: cd.Memory, Ideas: cd.Ideas, Busted: false, StartedIn: spec.Busted, Level: max(spec.Level, 1), Base: spec.Base}
	c.Loot = append(c.Loot, spec.Items...)
	// "Gain SAFECRACKING TOOLS." and "Gain PLASMA TORCH.": the Pro card
	// brings its own copy of the item to every heist.
	switch cd.Name {
	case "Safecracker":
		c.Loot = append(c.Loot, "item Safecracking Tools")
	case "Thief":
		c.Loot = append(c.Loot, "item Plasma Torch")
	}
	return c, nil
}

// defaultCrew deals Amateur characters of different classes, each with two
// different Amateur skills, respecting how many copies of each skill card
// the box has. The seed decides, so a replay deals the same crew.
//
// twin, when not nil, rejects a card combination that would make an evil
// twin of a campaign character (MH-NAMED-02).
func defaultCrew(l *lib, n int, taken []crewSpec, r *engine.Rand, twin func(card string, sk [2]string) bool) []crewSpec {
	usedClass := map[string]bool{}
	usedSkill := map[string]int{}
	for _, t := range taken {
		usedClass[l.Characters[t.Card].Archetype] = true
		for _, sk := range t.Skills {
			usedSkill[sk]++
		}
	}
	var chars []string
	for _, name := range l.CharOrder {
		c := l.Characters[name]
		if c.Level == 1 && !usedClass[c.Archetype] {
			chars = append(chars, name)
		}
	}
	var copies []string
	for _, name := range l.SkillOrder {
		sk := l.Skills[name]
		if sk.Level != 1 {
			continue
		}
		for i := usedSkill[name]; i < sk.Qty; i++ {
			copies = append(copies, name)
		}
	}
	engine.ShuffleSlice(r, chars)
	engine.ShuffleSlice(r, copies)
	var out []crewSpec
	for i := 0; i < n && i < len(chars); i++ {
		spec := crewSpec{Card: chars[i]}
		k := 0
		for j := 0; j < len(copies) && k < 2; j++ {
			if copies[j] == "" || (k == 1 && copies[j] == spec.Skills[0]) ||
				(k == 1 && twin != nil && twin(spec.Card, [2]string{spec.Skills[0], copies[j]})) {
				continue
			}
			spec.Skills[k] = copies[j]
			copies[j] = ""
			k++
		}
		out = append(out, spec)
	}
	return out
}

// skillCounts counts the skill copies the crew holds, seat skip excepted.
func skillCounts(crew []crewSpec, skip int) map[string]int {
	out := map[string]int{}
	for i, c := range crew {
		if i != skip && c.Card != "" {
			for _, sk := range c.Skills {
				out[sk]++
			}
		}
	}
	return out
}

// twinCheck returns a test for evil twins of the roster, nil outside a
// campaign. A dealt pair is refused when the character it makes at any of
// the seats' levels (as raise builds it) has a roster character's cards.
func (camp *Campaign) twinCheck(l *lib, levels []int) func(string, [2]string) bool {
	if camp == nil || len(camp.Characters) == 0 {
		return nil
	}
	return func(card string, sk [2]string) bool {
		if camp.hasTwin(card, sk) {
			return true
		}
		for _, lvl := range levels {
			r := raise(l, crewSpec{Card: card, Skills: sk}, lvl, nil)
			if camp.hasTwin(r.Card, r.Skills) {
				return true
			}
		}
		return false
	}
}

// hasTwin reports whether the roster already has a character of exactly
// these cards, in either skill order (MH-NAMED-02).
func (camp *Campaign) hasTwin(card string, sk [2]string) bool {
	if camp == nil {
		return false
	}
	for _, nc := range camp.Characters {
		if nc.Card == card && (nc.Skills == sk || nc.Skills == [2]string{sk[1], sk[0]}) {
			return true
		}
	}
	return false
}
