package heist

import (
	"strings"
	"sync"

	"casefile/engine/heist/content"
)

// The rules code reads the box's cards and scenarios through the small
// definitions below, converted once from the content package (theLib):
// sub-actions as the words moves use, a scenario's map as cells of the
// doubled-column grid the board is indexed by.

// count counts chits of kind on t, active ones only when active is set.
func (t *Tile) count(kind string, active bool) int {
	n := 0
	for _, c := range t.Chits {
		if c.Kind == kind && (!active || c.Active) {
			n++
		}
	}
	return n
}

// actionDef is a named action and its sub-actions in card order.
type actionDef struct {
	Name string
	Subs []string
}

func (a actionDef) count(sub string) int {
	n := 0
	for _, s := range a.Subs {
		if s == sub {
			n++
		}
	}
	return n
}

// icons writes the sub-actions the way the cards do, ":noise::move:".
func (a actionDef) icons() string {
	var b strings.Builder
	for _, s := range a.Subs {
		b.WriteString(":" + s + ":")
	}
	return b.String()
}

type characterDef struct {
	Name      string
	Archetype string
	Level     int
	Memory    int
	Ideas     int
	Defaults  []actionDef
	Abilities []abilityDef
	LevelUp   []string
}

type abilityDef struct {
	Name string
	Text string
}

type skillDef struct {
	Name     string
	Qty      int
	Level    int
	Root     string
	Faces    [6]actionDef
	Upgrades []string
}

type cardDef struct {
	ID     string
	Name   string
	Text   string
	Crisis bool
	Final  bool
}

type itemDef struct {
	Name     string
	Qty      int
	Cost     int
	Text     string
	Action   actionDef
	Location string
}

type fixerDef struct {
	Name    string
	Ability string
	Text    string
}

type npcSideDef struct {
	Name     string
	Defaults []actionDef
	Roll6    actionDef
	Text     string
}

type npcDef struct {
	Name   string
	Normal npcSideDef
	Panic  npcSideDef
}

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
	Characters map[string]*characterDef
	CharOrder  []string
	Skills     map[string]*skillDef
	SkillOrder []string
	Cards      map[string]*cardDef
	Items      map[string]*itemDef
	ItemOrder  []string
	Fixers     map[string]*fixerDef
	FixerOrder []string
	NPCs       map[string]*npcDef
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

func convAction(a content.Action) actionDef {
	d := actionDef{Name: a.Name}
	for _, s := range a.Subs {
		d.Subs = append(d.Subs, string(s))
	}
	return d
}

func fromContent(c *content.Content) *lib {
	l := &lib{
		Characters: map[string]*characterDef{},
		Skills:     map[string]*skillDef{},
		Cards:      map[string]*cardDef{},
		Items:      map[string]*itemDef{},
		Fixers:     map[string]*fixerDef{},
		NPCs:       map[string]*npcDef{},
	}
	for _, ch := range c.Characters {
		d := &characterDef{Name: ch.Name, Archetype: ch.Archetype, Level: ch.Level, Memory: ch.Memory, Ideas: ch.Ideas, LevelUp: ch.LevelUp}
		for _, a := range ch.Defaults {
			d.Defaults = append(d.Defaults, convAction(a))
		}
		for _, a := range ch.Abilities {
			d.Abilities = append(d.Abilities, abilityDef{Name: a.Name, Text: a.Text})
		}
		l.Characters[ch.Name] = d
		l.CharOrder = append(l.CharOrder, ch.Name)
	}
	for _, sk := range c.SkillTypes() {
		d := &skillDef{Name: sk.Name, Qty: sk.Qty, Level: sk.Level, Root: sk.Root, Upgrades: sk.Upgrades}
		for i := range sk.Faces {
			d.Faces[i] = convAction(sk.Faces[i])
		}
		l.Skills[sk.Name] = d
		l.SkillOrder = append(l.SkillOrder, sk.Name)
	}
	for _, e := range c.Events {
		l.Cards[e.ID] = &cardDef{ID: e.ID, Name: e.Name, Text: e.Description}
	}
	for _, cr := range c.CrisisTypes() {
		l.Cards[cr.ID] = &cardDef{ID: cr.ID, Name: cr.Name, Text: cr.Description, Crisis: true, Final: cr.Final()}
	}
	for _, it := range c.ItemTypes() {
		l.Items[it.Name] = &itemDef{Name: it.Name, Qty: it.Qty, Cost: it.Cost, Text: it.Description, Action: convAction(it.Action), Location: it.Location}
		l.ItemOrder = append(l.ItemOrder, it.Name)
	}
	for _, f := range c.Fixers {
		l.Fixers[f.Name] = &fixerDef{Name: f.Name, Ability: f.Ability.Name, Text: f.Ability.Text}
		l.FixerOrder = append(l.FixerOrder, f.Name)
	}
	for _, n := range c.NPCs {
		side := func(s content.NPCSide) npcSideDef {
			d := npcSideDef{Name: s.Name, Roll6: convAction(s.Roll6), Text: s.Description}
			for _, a := range s.Defaults {
				d.Defaults = append(d.Defaults, convAction(a))
			}
			return d
		}
		l.NPCs[n.Normal.Name] = &npcDef{Name: n.Normal.Name, Normal: side(n.Normal), Panic: side(n.Panic)}
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
