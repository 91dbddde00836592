package content

import (
	"embed"
	"fmt"
	"strings"
	"sync"
)

// data holds the card and scenario files (see the package comment for
// their format): the published game's facts in our own words.
//
//go:embed data/*.txt
var data embed.FS

// MinCharacters and MaxCharacters bound the crew of any scenario: the
// rulebook writes every scenario for 3 or 4 characters, and the data gives
// nothing per count.
const (
	MinCharacters = 3
	MaxCharacters = 4
)

// Files lists the embedded data files.
var Files = []string{
	"characters.txt", "skills.txt", "events.txt", "crises.txt", "items.txt",
	"fixers.txt", "npcs.txt", "special_events.txt", "scenarios.txt",
}

// Raw returns an embedded data file's bytes by its name ("events.txt").
func Raw(name string) ([]byte, error) { return data.ReadFile("data/" + name) }

// Content is every card and scenario of the game. Slices keep file order;
// cards the box holds several copies of (skills, crises, items) appear once
// per copy, so len(Crises) is the number of physical cards.
type Content struct {
	Characters    []*Character
	Skills        []*Skill
	Events        []*Event
	Crises        []*Crisis
	Items         []*Item
	Fixers        []*Fixer
	NPCs          []*NPC
	SpecialEvents []*SpecialEvent
	Scenarios     []*Scenario
	// Legend is the tile-code legend in file order.
	Legend []*TileCode
	// ScenarioPreamble is the text before the first scenario (how the
	// sections read, and the notes on The Final Score).
	ScenarioPreamble string

	legend map[string]*TileCode
}

var (
	loadOnce sync.Once
	loaded   *Content
	loadErr  error
)

// Load parses the embedded data once and returns the same Content to every
// caller. The Content must be treated as read-only.
func Load() (*Content, error) {
	loadOnce.Do(func() { loaded, loadErr = parseAll() })
	return loaded, loadErr
}

// MustLoad is Load for package initialisation and tests: it panics if the
// embedded data does not parse, which the package's tests rule out.
func MustLoad() *Content {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

func parseAll() (*Content, error) {
	c := &Content{}
	read := func(name string) ([]Box, error) {
		b, err := Raw(name)
		if err != nil {
			return nil, err
		}
		return parseBoxes(name, string(b))
	}
	if err := each(read, "characters.txt", parseCharacter, &c.Characters); err != nil {
		return nil, err
	}
	if err := each(read, "skills.txt", parseSkill, &c.Skills); err != nil {
		return nil, err
	}
	if err := each(read, "events.txt", parseEvent, &c.Events); err != nil {
		return nil, err
	}
	if err := each(read, "crises.txt", parseCrisis, &c.Crises); err != nil {
		return nil, err
	}
	if err := each(read, "items.txt", parseItem, &c.Items); err != nil {
		return nil, err
	}
	if err := each(read, "fixers.txt", parseFixer, &c.Fixers); err != nil {
		return nil, err
	}
	if err := each(read, "npcs.txt", parseNPC, &c.NPCs); err != nil {
		return nil, err
	}
	if err := each(read, "special_events.txt", parseSpecialEvent, &c.SpecialEvents); err != nil {
		return nil, err
	}
	c.Skills = copies(c.Skills, func(s *Skill) int { return s.Qty })
	c.Crises = copies(c.Crises, func(x *Crisis) int { return x.Qty })
	c.Items = copies(c.Items, func(x *Item) int { return x.Qty })
	if err := c.link(); err != nil {
		return nil, err
	}
	sc, err := Raw("scenarios.txt")
	if err != nil {
		return nil, err
	}
	if err := parseScenarios(string(sc), c); err != nil {
		return nil, err
	}
	return c, nil
}

func each[T any](read func(string) ([]Box, error), file string, parse func(string, Box) (T, error), out *[]T) error {
	boxes, err := read(file)
	if err != nil {
		return err
	}
	if len(boxes) == 0 {
		return fmt.Errorf("%s: no cards", file)
	}
	for _, b := range boxes {
		v, err := parse(file, b)
		if err != nil {
			return err
		}
		*out = append(*out, v)
	}
	return nil
}

// copies repeats each card as many times as the box holds it, each copy
// its own value.
func copies[T any](cards []*T, qty func(*T) int) []*T {
	var out []*T
	for _, x := range cards {
		for i := 0; i < qty(x); i++ {
			cp := *x
			out = append(out, &cp)
		}
	}
	return out
}

// link fills what one card takes from another: a skill's upgrade faces
// from the upgraded skills, an Amateur's upgrade texts from its Pro cards.
func (c *Content) link() error {
	for _, s := range c.Skills {
		s.UpgradeRolls = nil
		for _, name := range s.Upgrades {
			u := c.Skill(name)
			if u == nil {
				return fmt.Errorf("skills.txt:%d: %s upgrades into unknown %q", s.Box.Line, s.Name, name)
			}
			rolls := make([]Action, 6)
			for i, f := range u.Faces {
				rolls[i] = Action{Name: f.Name, Subs: f.Subs, Text: f.String()}
			}
			s.UpgradeRolls = append(s.UpgradeRolls, rolls)
		}
	}
	for _, ch := range c.Characters {
		ch.UpgradeText = nil
		for _, name := range ch.LevelUp {
			pro := c.Character(name)
			if pro == nil {
				return fmt.Errorf("characters.txt:%d: %s levels up into unknown %q", ch.Box.Line, ch.Name, name)
			}
			ch.UpgradeText = append(ch.UpgradeText, pro.cardText())
		}
	}
	return nil
}

func same(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

// Character returns the character card named name (case-insensitive).
func (c *Content) Character(name string) *Character {
	for _, x := range c.Characters {
		if same(x.Name, name) {
			return x
		}
	}
	return nil
}

// Amateurs returns the level-1 character cards in file order.
func (c *Content) Amateurs() []*Character {
	var out []*Character
	for _, x := range c.Characters {
		if !x.Pro() {
			out = append(out, x)
		}
	}
	return out
}

// Skill returns the first skill card named name.
func (c *Content) Skill(name string) *Skill {
	for _, x := range c.Skills {
		if same(x.Name, name) {
			return x
		}
	}
	return nil
}

// SkillTypes returns one card per distinct skill name, in file order (the
// file repeats each skill once per copy).
func (c *Content) SkillTypes() []*Skill {
	seen := map[string]bool{}
	var out []*Skill
	for _, x := range c.Skills {
		if !seen[x.Name] {
			seen[x.Name] = true
			out = append(out, x)
		}
	}
	return out
}

// Event returns the event whose ID (Order) is id, or, failing that, whose
// name is id.
func (c *Content) Event(id string) *Event {
	for _, x := range c.Events {
		if same(x.ID, id) {
			return x
		}
	}
	for _, x := range c.Events {
		if same(x.Name, id) {
			return x
		}
	}
	return nil
}

// Crisis returns the first crisis whose ID is id, or, failing that, whose
// name is id.
func (c *Content) Crisis(id string) *Crisis {
	for _, x := range c.Crises {
		if same(x.ID, id) {
			return x
		}
	}
	for _, x := range c.Crises {
		if same(x.Name, id) {
			return x
		}
	}
	return nil
}

// CrisisTypes returns one card per distinct crisis ID, in file order.
func (c *Content) CrisisTypes() []*Crisis {
	seen := map[string]bool{}
	var out []*Crisis
	for _, x := range c.Crises {
		if !seen[x.ID] {
			seen[x.ID] = true
			out = append(out, x)
		}
	}
	return out
}

// Item returns the first item card named name.
func (c *Content) Item(name string) *Item {
	for _, x := range c.Items {
		if same(x.Name, name) {
			return x
		}
	}
	return nil
}

// ItemTypes returns one card per distinct item name, in file order.
func (c *Content) ItemTypes() []*Item {
	seen := map[string]bool{}
	var out []*Item
	for _, x := range c.Items {
		if !seen[x.Name] {
			seen[x.Name] = true
			out = append(out, x)
		}
	}
	return out
}

// Fixer returns the fixer named name.
func (c *Content) Fixer(name string) *Fixer {
	for _, x := range c.Fixers {
		if same(x.Name, name) {
			return x
		}
	}
	return nil
}

// NPC returns the NPC card whose Normal or Panic side is named name.
func (c *Content) NPC(name string) *NPC {
	for _, x := range c.NPCs {
		if same(x.Normal.Name, name) || same(x.Panic.Name, name) {
			return x
		}
	}
	return nil
}

// SpecialEvent returns the special event whose ID or name is id.
func (c *Content) SpecialEvent(id string) *SpecialEvent {
	for _, x := range c.SpecialEvents {
		if same(x.ID, id) || same(x.Name, id) {
			return x
		}
	}
	return nil
}

// Scenario returns the scenario whose slug or name is key.
func (c *Content) Scenario(key string) *Scenario {
	for _, s := range c.Scenarios {
		if same(s.Slug, key) || same(s.Name, key) || s.Slug == Slugify(key) {
			return s
		}
	}
	return nil
}

// ScenarioSlugs lists every scenario's slug in file order.
func (c *Content) ScenarioSlugs() []string {
	out := make([]string, len(c.Scenarios))
	for i, s := range c.Scenarios {
		out[i] = s.Slug
	}
	return out
}

// Tile returns the legend entry for code, or nil.
func (c *Content) Tile(code string) *TileCode { return c.legend[code] }
