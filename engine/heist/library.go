package heist

import (
	"strings"
	"sync"

	"casefile/engine/heist/content"
)

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
		l.Scenarios = append(l.Scenarios, d)
	}
	return l
}
