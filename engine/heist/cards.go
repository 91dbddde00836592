package heist

import (
	"strings"
	"sync"

	"casefile/engine/heist/content"
)

// The rules code reads the box's cards straight from the content package,
// indexed by name once (theLib). Scenarios are converted into what the
// rules play: their rules text in one piece, the bag by chit kind, the
// deck's codes and the map as cells of the doubled-column grid the board
// is indexed by.

// scenarioDef is a scenario as the rules play it: the content package's
// scenario, with its rules text in one piece (special rules, the safe's
// line, notes) and the Items on its item hex (The Melee Job names its item
// only in a special rule).
type scenarioDef struct {
	*content.Scenario
	Rules   string
	ItemHex []string
}

// lib is every definition the engine uses, by name.
type lib struct {
	Characters map[string]*content.Character
	CharOrder  []string
	Skills     map[string]*content.Skill
	SkillOrder []string
	// Cards are the Event deck's cards, Events and Crises, by code.
	Cards      map[string]*content.DeckCard
	Items      map[string]*content.Item
	ItemOrder  []string
	Fixers     map[string]*content.Fixer
	FixerOrder []string
	NPCs       map[string]*content.NPC
	Scenarios  []*scenarioDef
}

// scenario is the scenario of that slug, or nil.
func (l *lib) scenario(slug string) *scenarioDef {
	for _, s := range l.Scenarios {
		if s.Slug == slug {
			return s
		}
	}
	return nil
}

var (
	libOnce sync.Once
	libVal  *lib
)

// theLib converts the content package's cards and scenarios, once.
func theLib() *lib {
	libOnce.Do(func() { libVal = fromContent(content.MustLoad()) })
	return libVal
}

// fromContent indexes the content package's cards by name and converts
// its scenarios.
func fromContent(c *content.Content) *lib {
	l := &lib{
		Characters: map[string]*content.Character{},
		Skills:     map[string]*content.Skill{},
		Cards:      map[string]*content.DeckCard{},
		Items:      map[string]*content.Item{},
		Fixers:     map[string]*content.Fixer{},
		NPCs:       map[string]*content.NPC{},
	}
	for _, ch := range c.Characters {
		l.Characters[ch.Name] = ch
		l.CharOrder = append(l.CharOrder, ch.Name)
	}
	for _, sk := range c.SkillTypes() {
		l.Skills[sk.Name] = sk
		l.SkillOrder = append(l.SkillOrder, sk.Name)
	}
	for _, e := range c.Events {
		l.Cards[e.ID] = &content.DeckCard{Code: e.ID, Event: e}
	}
	for _, cr := range c.CrisisTypes() {
		l.Cards[cr.ID] = &content.DeckCard{Code: cr.ID, Crisis: cr}
	}
	for _, it := range c.ItemTypes() {
		l.Items[it.Name] = it
		l.ItemOrder = append(l.ItemOrder, it.Name)
	}
	for _, f := range c.Fixers {
		l.Fixers[f.Name] = f
		l.FixerOrder = append(l.FixerOrder, f.Name)
	}
	for _, n := range c.NPCs {
		l.NPCs[n.Normal.Name] = n
	}
	for _, sc := range c.Scenarios {
		l.Scenarios = append(l.Scenarios, scenarioFrom(c, sc))
	}
	return l
}

// scenarioFrom reads one scenario's rules text and item hex.
func scenarioFrom(c *content.Content, sc *content.Scenario) *scenarioDef {
	d := &scenarioDef{Scenario: sc, Rules: strings.Join(sc.SpecialRules, "\n"), ItemHex: sc.Items}
	if sc.Safe != "" && !strings.Contains(d.Rules, sc.Safe) {
		d.Rules += "\n" + sc.Safe
	}
	for _, n := range sc.Notes {
		d.Rules += "\n" + n
	}
	if len(d.ItemHex) == 0 {
		// The Melee Job names its item in a special rule.
		for _, r := range sc.SpecialRules {
			if i := strings.Index(r, "item hex has "); i >= 0 {
				if it := c.Item(strings.TrimSpace(strings.TrimSuffix(r[i+len("item hex has "):], "."))); it != nil {
					d.ItemHex = append(d.ItemHex, it.Name)
				}
			}
		}
	}
	return d
}
