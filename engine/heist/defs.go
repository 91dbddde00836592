package heist

import "strings"

// The engine works on its own small definitions of cards and scenarios,
// filled from the content package by library(); keeping them separate lets
// the rules code stay stable while the content package's API evolves.

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
