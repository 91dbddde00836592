package content

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Sub is one sub-action icon of an action, written :name: on the cards:
// "move", "noise", "unlock", "subdue", "disable", "idea", "reveal", "loot",
// "crack", "alert", exactly as the data spells them.
type Sub string

// The sub-action icons the cards use.
const (
	SubMove    Sub = "move"
	SubNoise   Sub = "noise"
	SubUnlock  Sub = "unlock"
	SubSubdue  Sub = "subdue"
	SubDisable Sub = "disable"
	SubIdea    Sub = "idea"
	SubReveal  Sub = "reveal"
	SubLoot    Sub = "loot"
	SubCrack   Sub = "crack"
	SubAlert   Sub = "alert"
)

// Action is a named action and its sub-actions in card order, such as
// Walk = [noise move].
type Action struct {
	Name string
	Subs []Sub
	// Text is the action as a card shows it: the name, then the icons on
	// a line of their own.
	Text string
}

// Count returns how many times s appears in the action.
func (a Action) Count(s Sub) int {
	n := 0
	for _, x := range a.Subs {
		if x == s {
			n++
		}
	}
	return n
}

// String gives the action as "Name :a::b:".
func (a Action) String() string {
	var sb strings.Builder
	sb.WriteString(a.Name)
	if len(a.Subs) > 0 {
		sb.WriteByte(' ')
	}
	for _, s := range a.Subs {
		sb.WriteString(":" + string(s) + ":")
	}
	return sb.String()
}

var iconRE = regexp.MustCompile(`:([a-z_]+):`)

// Icons lists the :name: icons of a piece of card text in order.
func Icons(text string) []Sub {
	var out []Sub
	for _, m := range iconRE.FindAllStringSubmatch(text, -1) {
		out = append(out, Sub(m[1]))
	}
	return out
}

// parseAction reads "Name :a::b:" (or a name alone). Its Text is the
// name and, on a line of their own, the icons, as a card shows them.
func parseAction(text string) Action {
	text = strings.TrimSpace(text)
	first := iconRE.FindStringIndex(text)
	if first == nil {
		return Action{Name: text, Text: text}
	}
	a := Action{Name: strings.TrimSpace(text[:first[0]]), Subs: Icons(text[first[0]:])}
	a.Text = a.Name + "\n" + iconString(a.Subs)
	return a
}

// iconString writes sub-actions as card icons, ":a::b:".
func iconString(subs []Sub) string {
	var sb strings.Builder
	for _, s := range subs {
		sb.WriteString(":" + string(s) + ":")
	}
	return sb.String()
}

// Ability is one named special ability of a card: a title in capitals and
// the text that follows it.
type Ability struct {
	Name string
	Text string
}

// parseAbilities splits a special-ability text into its titled parts: a line
// in capitals starts an ability, the lines up to the next title or blank
// line are its text. A paragraph without a title ("Gain SAFECRACKING
// TOOLS.") is kept as an ability with an empty name.
func parseAbilities(text string) []Ability {
	var out []Ability
	open := false // whether the last ability may take more text
	for _, ln := range strings.Split(text, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" {
			open = false
			continue
		}
		if isTitle(t) {
			out = append(out, Ability{Name: t})
			open = true
			continue
		}
		if !open {
			out = append(out, Ability{})
			open = true
		}
		a := &out[len(out)-1]
		if a.Text != "" {
			a.Text += " "
		}
		a.Text += t
	}
	for i := range out {
		out[i].Text = strings.Join(strings.Fields(out[i].Text), " ")
	}
	return out
}

func isTitle(s string) bool {
	letters := 0
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			return false
		}
		if r >= 'A' && r <= 'Z' {
			letters++
		}
	}
	return letters >= 3 && !strings.HasPrefix(s, ":")
}

func atoi(file string, b Box, key string) (int, error) {
	v := strings.TrimSpace(b.Value(key))
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s:%d: %s %q is not a number", file, b.Line, key, v)
	}
	return n, nil
}

// Character is one character card. Amateur (level 1) and Pro (level 2)
// cards are separate cards: an Amateur names the two Pro cards it may level
// up into (LevelUp), and those Pro cards share its Archetype.
type Character struct {
	Name      string
	Archetype string // the character class: Bypasser, Hacker, ...
	Level     int    // 1 Amateur, 2 Pro
	Memory    int    // Planning Memory: planning tokens
	Ideas     int    // initial Ideas
	Defaults  []Action
	Special   string    // the abilities in our words, each under its title
	Abilities []Ability // Special split into titled abilities
	// LevelUp names the Pro cards this card levels up into (Amateurs only).
	LevelUp []string
	// LevelUpDesc says what each LevelUp choice changes, index-aligned.
	LevelUpDesc []string
	// UpgradeText is the card each LevelUp choice results in (the Pro
	// card's default actions and abilities), index-aligned.
	UpgradeText []string
	Box         Box
}

// Pro reports whether this is a Pro (level 2 or higher) card.
func (c *Character) Pro() bool { return c.Level >= 2 }

// cardText is the card's default actions, one a line, then its abilities.
func (c *Character) cardText() string {
	var lines []string
	for _, a := range c.Defaults {
		lines = append(lines, a.String())
	}
	return strings.Join(lines, "\n") + "\n\n" + c.Special
}

func parseCharacter(file string, b Box) (*Character, error) {
	c := &Character{Name: b.Value("Name"), Archetype: b.Value("Archetype"), Special: b.Value("Special"), Box: b}
	var err error
	if c.Level, err = atoi(file, b, "Level"); err != nil {
		return nil, err
	}
	if c.Memory, err = atoi(file, b, "Memory"); err != nil {
		return nil, err
	}
	if c.Ideas, err = atoi(file, b, "Ideas"); err != nil {
		return nil, err
	}
	for i := 1; i <= 3; i++ {
		if v := b.Value(fmt.Sprintf("Default%d", i)); v != "" {
			c.Defaults = append(c.Defaults, parseAction(v))
		}
	}
	for i := 1; i <= 2; i++ {
		if v := b.Value(fmt.Sprintf("LevelUp%d", i)); v != "" {
			c.LevelUp = append(c.LevelUp, v)
			c.LevelUpDesc = append(c.LevelUpDesc, b.Value(fmt.Sprintf("LevelUp%dDesc", i)))
		}
	}
	c.Abilities = parseAbilities(c.Special)
	return c, nil
}

// Skill is one skill card: a die face (1..6) gives an action. A level-1
// skill names its two level-2 upgrades, which share its Root.
type Skill struct {
	Name  string
	Qty   int // copies of this card in the box (Skills holds Qty copies)
	Level int
	Root  string // the level-1 skill this one descends from
	// Faces holds the action for die faces 1..6 at index 0..5.
	Faces [6]Action
	// Upgrades names the level-2 skills this one upgrades into.
	Upgrades []string
	// UpgradeRolls holds each upgrade's six faces (the upgraded card's
	// Faces), index-aligned with Upgrades.
	UpgradeRolls [][]Action
	// Icons counts the icons over the six faces, keyed by emoji
	// (💡 🔊 ➜ 📷 👊 🔓 🔍 💰).
	Icons                                map[string]int
	GoodAt, Lacks, Seasoning, NoiseLevel string
	Box                                  Box
}

// Face returns the action of die value d (1..6).
func (s *Skill) Face(d int) Action { return s.Faces[d-1] }

// skillIcons pairs the emoji Icons is keyed by with the sub-action each
// counts.
var skillIcons = []struct {
	emoji string
	sub   Sub
}{
	{"💡", SubIdea}, {"🔊", SubNoise}, {"➜", SubMove}, {"📷", SubDisable},
	{"👊", SubSubdue}, {"🔓", SubUnlock}, {"🔍", SubReveal}, {"💰", SubLoot},
}

func parseSkill(file string, b Box) (*Skill, error) {
	s := &Skill{Name: b.Value("Name"), Root: b.Value("Root"), Box: b,
		GoodAt: b.Value("Good at"), Lacks: b.Value("Lacks"), Seasoning: b.Value("Seasoning"), NoiseLevel: b.Value("Noise Level")}
	var err error
	if s.Qty, err = atoi(file, b, "Qty"); err != nil {
		return nil, err
	}
	if s.Level, err = atoi(file, b, "Level"); err != nil {
		return nil, err
	}
	for d := 1; d <= 6; d++ {
		a := parseAction(b.Value(strconv.Itoa(d)))
		if a.Name == "" {
			return nil, fmt.Errorf("%s:%d: skill %s lacks face %d", file, b.Line, s.Name, d)
		}
		s.Faces[d-1] = a
	}
	for i := 1; i <= 2; i++ {
		if up := b.Value(fmt.Sprintf("Upgrade%d", i)); up != "" {
			s.Upgrades = append(s.Upgrades, up)
		}
	}
	s.Icons = map[string]int{}
	for _, ic := range skillIcons {
		for _, f := range s.Faces {
			s.Icons[ic.emoji] += f.Count(ic.sub)
		}
	}
	return s, nil
}

// Event is one Event card. ID is its Order field: "1".."24" for the base
// events and a letter and digit ("A1", "D2", "G3", "M1") for module events;
// scenario deck lists name events by it.
type Event struct {
	ID          string
	Name        string
	Qty         int
	Story       string // flavour text
	Description string // the rules text
	Box         Box
}

func parseEvent(file string, b Box) (*Event, error) {
	e := &Event{ID: b.Value("Order"), Name: b.Value("Name"), Story: b.Value("Story"), Description: b.Value("Description"), Box: b}
	var err error
	if e.Qty, err = atoi(file, b, "Qty"); err != nil {
		return nil, err
	}
	return e, nil
}

// Crisis is one Crisis card, ID "C1".."C6", "Z1", "Z2". The file repeats a
// box once per copy (Qty), so several Crisis values share an ID. Z cards are
// the final crises that start the Escape.
type Crisis struct {
	ID          string
	Name        string
	Qty         int
	Story       string
	Description string
	Box         Box
}

// Final reports whether this is a final crisis (ID "Z…").
func (c *Crisis) Final() bool { return strings.HasPrefix(c.ID, "Z") }

func parseCrisis(file string, b Box) (*Crisis, error) {
	c := &Crisis{ID: b.Value("ID"), Name: b.Value("Name"), Story: b.Value("Story"), Description: b.Value("Description"), Box: b}
	var err error
	if c.Qty, err = atoi(file, b, "Qty"); err != nil {
		return nil, err
	}
	return c, nil
}

// SpecialEvent is one special event card (ID "S1".."S6"), the module
// variants of crises.
type SpecialEvent struct {
	ID          string
	Name        string
	Qty         int
	Story       string
	Description string
	Img         string
	Box         Box
}

func parseSpecialEvent(file string, b Box) (*SpecialEvent, error) {
	s := &SpecialEvent{ID: b.Value("ID"), Name: b.Value("Name"), Story: b.Value("Story"), Description: b.Value("Description"), Img: b.Value("Img"), Box: b}
	var err error
	if s.Qty, err = atoi(file, b, "Qty"); err != nil {
		return nil, err
	}
	return s, nil
}

// Item is one Item card. Location is "shop" (buyable) or "scenario" (found
// in a heist). The file repeats a box once per copy (Qty).
type Item struct {
	Name        string
	Qty         int
	Cost        int // in $k
	Description string
	Abilities   []Ability // Description split into titled abilities
	Action      Action    // the action the item gives, if any
	Art         string
	Location    string
	Box         Box
}

func parseItem(file string, b Box) (*Item, error) {
	it := &Item{Name: b.Value("Name"), Description: b.Value("Description"), Art: b.Value("art"), Location: b.Value("Location"), Box: b}
	var err error
	if it.Qty, err = atoi(file, b, "qty"); err != nil {
		return nil, err
	}
	if it.Cost, err = atoi(file, b, "Cost"); err != nil {
		return nil, err
	}
	if v := b.Value("Action"); v != "" {
		it.Action = parseAction(v)
	}
	it.Abilities = parseAbilities(it.Description)
	return it, nil
}

// Fixer is one Fixer card: a name and one ability.
type Fixer struct {
	Name        string
	Description string
	Ability     Ability // the first titled ability of Description
	Abilities   []Ability
	Box         Box
}

func parseFixer(_ string, b Box) (*Fixer, error) {
	f := &Fixer{Name: b.Value("Name"), Description: b.Value("Description"), Box: b}
	f.Abilities = parseAbilities(f.Description)
	if len(f.Abilities) > 0 {
		f.Ability = f.Abilities[0]
	}
	return f, nil
}

// NPCSide is one side of an NPC card: Normal, or Panic once panicked.
type NPCSide struct {
	Name        string
	Defaults    []Action // Default1, Default2
	Roll6       Action   // the action on a die roll of 6
	Description string
	Abilities   []Ability
}

// NPC is one non-player character card (Prisoner, Hostage, Guide).
type NPC struct {
	Name   string // the Normal side's name
	Qty    int
	Normal NPCSide
	Panic  NPCSide
	Box    Box
}

func parseNPC(file string, b Box) (*NPC, error) {
	side := func(p string) NPCSide {
		s := NPCSide{Name: b.Value(p + "Name"), Roll6: parseAction(b.Value(p + "Roll6")), Description: b.Value(p + "Description")}
		for i := 1; i <= 2; i++ {
			if v := b.Value(fmt.Sprintf("%sDefault%d", p, i)); v != "" {
				s.Defaults = append(s.Defaults, parseAction(v))
			}
		}
		s.Abilities = parseAbilities(s.Description)
		return s
	}
	n := &NPC{Normal: side("Normal"), Panic: side("Panic"), Box: b}
	n.Name = n.Normal.Name
	var err error
	if n.Qty, err = atoi(file, b, "Qty"); err != nil {
		return nil, err
	}
	return n, nil
}
