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

// cellDef is one cell of a scenario's hex grid: Row and Col index the text
// grid, X is the doubled-width column (2*Col, +1 on indented rows) so that
// the six neighbours of (X, Row) are (X±2, Row) and (X±1, Row±1).
type cellDef struct {
	Row, Col, X int
	Code        string
	Pieces      []pieceDef
}

// pieceDef is one piece a map code puts on a hex: Kind as the content
// package names it ("guard", "cash", "remote-lock"), Label ("x", "a") and
// Value ($k for cash).
type pieceDef struct {
	Kind  string
	Label string
	Value int
}

type scenarioDef struct {
	Slug       string
	Name       string
	Map        string
	Difficulty string
	Objective  string
	Special    string
	Unlocks    string
	Bag        map[string]int
	Deck       []string
	County     bool
	Items      []string
	SafeCracks int
	Modules    []string
	Cells      []cellDef
	Rows, Cols int
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

// scenarioFrom converts one scenario: its rules text, bag, deck and map.
func scenarioFrom(c *content.Content, sc *content.Scenario) *scenarioDef {
	d := &scenarioDef{Slug: sc.Slug, Name: sc.Name, Map: sc.MapName, Difficulty: sc.Difficulty,
		Objective: sc.Objective, Special: strings.Join(sc.SpecialRules, "\n"), Unlocks: sc.Success,
		Bag: map[string]int{}, County: sc.County, Items: sc.Items, SafeCracks: sc.SafeCracks, Modules: sc.Modules,
		Rows: sc.Map.Rows, Cols: sc.Map.Cols}
	if sc.Safe != "" && !strings.Contains(d.Special, sc.Safe) {
		d.Special += "\n" + sc.Safe
	}
	for _, n := range sc.Notes {
		d.Special += "\n" + n
	}
	if len(d.Items) == 0 {
		// The Melee Job names its item in a special rule.
		for _, r := range sc.SpecialRules {
			if i := strings.Index(r, "item hex has "); i >= 0 {
				if it := c.Item(strings.TrimSpace(strings.TrimSuffix(r[i+len("item hex has "):], "."))); it != nil {
					d.Items = append(d.Items, it.Name)
				}
			}
		}
	}
	for _, b := range sc.Bag {
		d.Bag[b.Kind] += b.Count
	}
	for _, dc := range sc.Deck {
		d.Deck = append(d.Deck, dc.Code)
	}
	for _, h := range sc.Map.Hexes {
		x, _ := sc.Map.Doubled(h.Coord)
		cell := cellDef{Row: h.Row, Col: h.Col, X: x, Code: h.Code}
		for _, p := range h.Tile.Pieces {
			cell.Pieces = append(cell.Pieces, pieceDef{Kind: string(p.Kind), Label: p.Label, Value: p.Value})
		}
		d.Cells = append(d.Cells, cell)
	}
	return d
}
