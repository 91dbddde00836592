package heist

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"casefile/engine"
)

// The crew: characters dealt for a heist, then kept, exchanged for a
// named character of the campaign's roster, or rebuilt from Amateur cards
// in the Crew step, the setup's Build Characters (MH-SETUP-09), before
// Planning.
//
// A seat in the Crew step starts with the character dealt to it (its own
// named character in a campaign, else Amateur cards dealt at random, as
// the booklet's pre-built pairings suggest). Its moves:
//
//	crew done            keep the character shown; the seat's answer
//	play <name>          take a named character of the roster instead
//	character <card>     start a new character from an Amateur card ...
//	skill <skill>        ... then its first Skill, then its second
//	rebuild              drop the new character half built
//	level up to <card>   the other Pro card of a level-up step
//
// A seat may change its mind as often as it likes until it says crew
// done; after that its character is fixed, like a plan after plan done.

// crewClaims is what the crew's other seats hold: the character each
// plays and the one each is building both count, so that two seats never
// build the same class or the last copy of a Skill at once.
type crewClaims struct {
	// classes maps a character class (Archetype) to a seat holding it.
	classes map[string]*Character
	// skills counts the Skill copies held.
	skills map[string]int
	// named are the roster names played, lower case.
	named map[string]bool
}

// claims gathers what the seats other than c hold (MH-NAMED-03/04).
func (s *State) claims(c *Character) crewClaims {
	l := theLib()
	cl := crewClaims{classes: map[string]*Character{}, skills: map[string]int{}, named: map[string]bool{}}
	for _, o := range s.Chars {
		if o == c {
			continue
		}
		cl.classes[o.Archetype] = o
		for _, sk := range o.Skills {
			cl.skills[sk]++
		}
		if o.Named != "" {
			cl.named[lower(o.Named)] = true
		}
		if len(o.Draft) > 0 {
			if cd := l.Characters[o.Draft[0]]; cd != nil {
				cl.classes[cd.Archetype] = o
			}
			for _, sk := range o.Draft[1:] {
				cl.skills[sk]++
			}
		}
	}
	return cl
}

// short names the first Skill of sk the box has no copy left of once the
// others' claims are counted, "" when both fit (MH-NAMED-04).
func (cl crewClaims) short(sk [2]string) string {
	l := theLib()
	for _, x := range sk {
		d := l.Skills[x]
		need := 1
		if sk[0] == sk[1] {
			need = 2
		}
		if d == nil || cl.skills[x]+need > d.Qty {
			return x
		}
	}
	return ""
}

// fits reports whether the box still has the copies sk needs.
func (cl crewClaims) fits(sk [2]string) bool { return cl.short(sk) == "" }

// crewName names a character with its cards: "Cam, Thug with Hurry and
// Bypass", or "Thug with Hurry and Bypass" when it is the card's own name.
func crewName(c *Character) string {
	cards := fmt.Sprintf("%s with %s and %s", c.Card, c.Skills[0], c.Skills[1])
	if c.Name == c.Card {
		return cards
	}
	return c.Name + ", " + cards
}

// crewMoves lists a seat's moves in the Crew step: while it builds a new
// character, that character's Skills; otherwise the named characters it
// may play, the character cards it may build from, the other Pro card of
// a level-up, and crew done.
func (s *State) crewMoves(c *Character, ms *engine.Moves) {
	if len(c.Draft) > 0 {
		s.skillMoves(c, ms)
		return
	}
	if !c.Hideout {
		// A character hiding since Part 1 goes on with Part 2.
		s.rebuildMoves(c, ms)
	}
	ms.Legal("crew done", func(res *engine.Result) {
		s.Pending.Find(crewTurn).Answer(c.Seat)
		res.Say("%s is ready: %s (level %d, Planning Memory %d, %d Ideas).", c.ref(), crewName(c), max(c.Level, 1), c.Memory, c.Ideas)
	})
}

// rebuildMoves lists what a seat may take instead of its character: the
// other Pro card of its last level-up, a named character of the roster,
// or a new character (MH-NAMED-03/04, MH-LEVEL-04/05).
func (s *State) rebuildMoves(c *Character, ms *engine.Moves) {
	level := s.seatLevel(c.Seat)
	cl := s.claims(c)
	if s.Camp != nil {
		if i := s.Camp.find(c.Named); i >= 0 {
			s.namedLevelChoices(c, &s.Camp.Characters[i], cl.fits, ms)
		}
	}
	s.newLevelChoices(c, cl.fits, ms)
	s.namedCrewMoves(c, level, cl, ms)
	s.characterMoves(c, level, cl, ms)
}

// namedCrewMoves lists the campaign's named characters a player may take
// over: of a class and Skills still free, not Busted outside a County
// heist, of the player's level or lower (MH-LEVEL-04).
func (s *State) namedCrewMoves(c *Character, level int, cl crewClaims, ms *engine.Moves) {
	l := theLib()
	county := false
	if sc := l.scenario(s.Scenario); sc != nil {
		county = sc.County
	}
	if s.Camp != nil {
		for _, nc := range s.Camp.Characters {
			nc := nc
			cd := l.Characters[nc.Card]
			if cd == nil || cl.named[lower(nc.Name)] || lower(nc.Name) == lower(c.Named) || cl.classes[cd.Archetype] != nil ||
				!cl.fits(nc.Skills) || nc.Busted && !county || level > 0 && nc.Level > level || lower(nc.Name) == lower(s.Rescue) {
				// MH-LEVEL-04: a character of the player's level or lower.
				continue
			}
			ms.Legal("play "+lower(nc.Name), func(res *engine.Result) {
				s.switchCrew(c, crewSpec{Name: nc.Name, Card: nc.Card, Skills: nc.Skills, Items: nc.Items, NamedChar: nc.Name, Busted: nc.Busted, Level: nc.Level}, res)
			})
		}
	}
}

// newBuild is the character that card with Skills a and b makes at the
// player's level (MH-LEVEL-05: raised from the Amateur cards), and the
// condition that it may be built: two different Skills, copies left in
// the box once raised (MH-NAMED-04), and no evil twin (MH-NAMED-02).
func (s *State) newBuild(card, a, b string, level int, cl crewClaims) (crewSpec, engine.Cond) {
	spec := raise(theLib(), crewSpec{Card: card, Skills: [2]string{a, b}}, level, cl.skills)
	if a == b {
		return spec, engine.Require(false, "%s is already your first Skill: a character has two different Skills.", a)
	}
	if x := cl.short(spec.Skills); x != "" {
		return spec, engine.Require(false, "The box has no copy of %s left: the rest of the crew holds them (MH-NAMED-04).", x)
	}
	if s.evilTwin(spec.Card, spec.Skills) {
		return spec, engine.Require(false, "%s with %s and %s would be an evil twin of a character of the campaign (MH-NAMED-02).", spec.Card, spec.Skills[0], spec.Skills[1])
	}
	return spec, engine.OK
}

// amateurSkills lists the Amateur Skill cards in box order: a new
// character is built from them.
func amateurSkills() []string {
	l := theLib()
	var out []string
	for _, name := range l.SkillOrder {
		if l.Skills[name].Level == 1 {
			out = append(out, name)
		}
	}
	return out
}

// partners lists the Skills that complete a new character of card whose
// first Skill is a.
func (s *State) partners(card, a string, level int, cl crewClaims) []string {
	var out []string
	for _, b := range amateurSkills() {
		if _, ok := s.newBuild(card, a, b, level, cl); ok.Holds() {
			out = append(out, b)
		}
	}
	return out
}

// characterMoves lists the character cards a new character may be built
// from: every Amateur card of a class nobody else plays or builds, with
// at least one pair of Skills that completes it. Pro cards and taken
// classes are refused with the reason.
func (s *State) characterMoves(c *Character, level int, cl crewClaims, ms *engine.Moves) {
	l := theLib()
	for _, card := range l.CharOrder {
		card := card
		cd := l.Characters[card]
		cond := engine.Require(cd.Level == 1, "%s is a Pro card: a new character starts from an Amateur card and is raised to your player level (MH-SETUP-10, MH-LEVEL-05).", card)
		if o := cl.classes[cd.Archetype]; cond.Holds() && o != nil {
			cond = engine.Require(false, "%s already has the %s class: one character class per heist (MH-NAMED-03).", o.ref(), cd.Archetype)
		}
		if cond.Holds() && !slices.ContainsFunc(amateurSkills(), func(a string) bool { return len(s.partners(card, a, level, cl)) > 0 }) {
			cond = engine.Require(false, "No two Skills left in the box complete a new %s.", card)
		}
		ms.Add("character "+lower(card), cond, func(res *engine.Result) {
			c.Draft = []string{card}
			res.Say("%s builds a new character from %s and picks two Skills.", c.ref(), card)
		})
	}
}

// skillMoves lists the Skills the new character c is building may take:
// the first, then the second, which completes it (the first is the one
// a player of level 2 or more has upgraded first, MH-LEVEL-06). A Skill
// that may not be taken is refused with the reason; rebuild drops the
// new character.
func (s *State) skillMoves(c *Character, ms *engine.Moves) {
	l := theLib()
	level := s.seatLevel(c.Seat)
	cl := s.claims(c)
	card := c.Draft[0]
	for _, sk := range l.SkillOrder {
		sk := sk
		cond := engine.Require(l.Skills[sk].Level == 1, "%s is a Pro Skill: a new character starts with Amateur Skills and is raised to your player level (MH-SETUP-10, MH-LEVEL-05).", sk)
		if len(c.Draft) == 1 {
			if cond.Holds() && len(s.partners(card, sk, level, cl)) == 0 {
				// Why not: what the first pair with it says (no copy of it
				// left, an evil twin).
				cond = engine.Require(false, "No second Skill goes with %s for a new %s.", sk, card)
				for _, b := range amateurSkills() {
					if _, why := s.newBuild(card, sk, b, level, cl); b != sk && !why.Holds() {
						cond = why
						break
					}
				}
			}
			ms.Add("skill "+lower(sk), cond, func(res *engine.Result) {
				c.Draft = append(c.Draft, sk)
				res.Say("%s's new %s takes %s; one more Skill.", c.ref(), card, sk)
			})
			continue
		}
		spec, why := s.newBuild(card, c.Draft[1], sk, level, cl)
		ms.Add("skill "+lower(sk), cond.And(why), func(res *engine.Result) {
			c.Draft = nil
			s.switchCrew(c, spec, res)
		})
	}
	ms.Add("crew done", engine.Require(false, "Your new %s still needs its Skills (skill …), or rebuild to keep %s.", card, c.Name), nil)
	ms.Legal("rebuild", func(res *engine.Result) {
		c.Draft = nil
		res.Say("%s drops the new %s and keeps %s for now.", c.ref(), card, c.Name)
	})
}

// switchCrew replaces a seat's character in the Crew step; Items it
// brought stay.
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

// namedLevelChoices offers a named character the other outcomes of its
// last level-up step (levelChoices): `level up to <card>`, within the
// box's copies and making no evil twin. The player may change their mind
// again until crew done.
func (s *State) namedLevelChoices(c *Character, nc *NamedCharacter, fits func([2]string) bool, ms *engine.Moves) {
	for _, ch := range levelChoices(theLib(), nc) {
		ch := ch
		cond := engine.Require(fits(ch.Skills), "The box has no copy of %s left for this crew.", ch.Pro).
			And(engine.Require(!s.evilTwin(ch.Card, ch.Skills), "Another named character already has exactly these cards (%s with %s and %s).", ch.Card, ch.Skills[0], ch.Skills[1]))
		ms.Add("level up to "+lower(ch.Pro), cond, func(res *engine.Result) {
			nc.Card, nc.Skills, nc.Slot, nc.Alt = ch.Card, ch.Skills, ch.Slot, ""
			res.Say("%s levels up to %s instead.", c.ref(), ch.Pro)
			s.switchCrew(c, crewSpec{Name: nc.Name, Card: nc.Card, Skills: nc.Skills, Items: nc.Items, NamedChar: nc.Name, Busted: nc.Busted, Level: nc.Level}, res)
		})
	}
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

// maxNameLen is the longest name a player may give a character (runes).
const maxNameLen = 20

// nameMove adds `name <name>` to seat's moves when typed is one: the
// campaign's characters are named by their players ("Every time a new
// character is built, they must be named"). A name is free text, so it is
// never listed; the move is added only for the text typed, with the
// condition that refuses a bad name. The platform hands moves over in
// lower case: each word gets a capital back ("cam the knife" → "Cam The
// Knife").
func (s *State) nameMove(seat engine.Seat, typed string, ms *engine.Moves) {
	text := engine.NormalizeMove(typed)
	c := s.char(seat)
	d := s.Pending.Top()
	if c == nil || d == nil || d.Kind != crewTurn || !s.Turn().Has(seat) || !strings.HasPrefix(text+" ", "name ") {
		return
	}
	name := titleName(strings.TrimSpace(strings.TrimPrefix(text, "name")))
	ms.Add(text, s.nameCond(c, name), func(res *engine.Result) {
		old := c.Name
		c.Name = name
		res.Say("%s names the new %s %s (was %s).", c.ref(), c.Card, name, old)
	})
}

// nameCond says whether c may take name: a new character (a roster one
// keeps its name), fully built, and a name of 1 to 20 letters, digits,
// spaces, apostrophes, hyphens or full stops beginning with a letter (no
// mentions, no markdown), not already a character's, a card's or an
// NPC's.
func (s *State) nameCond(c *Character, name string) engine.Cond {
	cond := engine.Require(c.Named == "", "%s is a named character of the campaign: its name stays.", c.Name).
		And(engine.Require(len(c.Draft) == 0, "Finish building your new character (skill …) before naming it.")).
		And(engine.Require(name != "", "Say the name: name <name>, e.g. name Cam.")).
		And(engine.Require(utf8.RuneCountInString(name) <= maxNameLen, "A name has at most %d characters.", maxNameLen))
	if !cond.Holds() {
		return cond
	}
	for i, r := range name {
		ok := unicode.IsLetter(r) || i > 0 && (unicode.IsDigit(r) || strings.ContainsRune(" '-.", r))
		if !ok {
			return engine.Require(false, "A name is letters, digits, spaces, apostrophes, hyphens and full stops, beginning with a letter; %q is not allowed.", string(r))
		}
	}
	l := theLib()
	taken := false
	for card := range l.NPCs {
		taken = taken || strings.EqualFold(card, name)
	}
	for _, n := range npcSetup {
		taken = taken || strings.EqualFold(n.Name, name)
	}
	for card := range l.Characters {
		taken = taken || strings.EqualFold(card, name)
	}
	for _, o := range s.Chars {
		taken = taken || o != c && strings.EqualFold(o.Name, name)
	}
	if s.Camp != nil {
		taken = taken || s.Camp.find(name) >= 0
	}
	return engine.Require(!taken, "%s is already the name of a character, a card or an NPC: choose another.", name)
}

// titleName gives each word of a lower-case name a capital letter.
func titleName(name string) string {
	words := strings.Fields(name)
	for i, w := range words {
		r, n := utf8.DecodeRuneInString(w)
		words[i] = string(unicode.ToUpper(r)) + w[n:]
	}
	return strings.Join(words, " ")
}
