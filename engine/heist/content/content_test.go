package content

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

func load(t *testing.T) *Content {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

// TestCounts checks the card counts the rulebook's component list and the
// issue give (24 characters, 41 events, 12 crises, 15 fixers, 15 items,
// 3 NPCs); skills.txt holds 21 skills in two copies each, and the 24
// characters are 8 Amateurs with two Pro cards each.
func TestCounts(t *testing.T) {
	c := load(t)
	for _, tc := range []struct {
		what string
		got  int
		want int
	}{
		{"characters", len(c.Characters), 24},
		{"amateur characters", len(c.Amateurs()), 8},
		{"events", len(c.Events), 41},
		{"crises", len(c.Crises), 12},
		{"crisis types", len(c.CrisisTypes()), 8},
		{"items", len(c.Items), 15},
		{"fixers", len(c.Fixers), 15},
		{"npcs", len(c.NPCs), 3},
		{"special events", len(c.SpecialEvents), 6},
		{"skills", len(c.Skills), 42},
		{"skill types", len(c.SkillTypes()), 21},
		{"scenarios", len(c.Scenarios), 17},
		{"legend codes", len(c.Legend), 64},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.what, tc.got, tc.want)
		}
	}
}

// TestQuantities checks that files repeating a box once per copy repeat it
// exactly Qty times.
func TestQuantities(t *testing.T) {
	c := load(t)
	check := func(kind string, names []string, qty map[string]int) {
		n := map[string]int{}
		for _, x := range names {
			n[x]++
		}
		for name, q := range qty {
			if n[name] != q {
				t.Errorf("%s %s: %d boxes, Qty %d", kind, name, n[name], q)
			}
		}
	}
	var names []string
	qty := map[string]int{}
	for _, x := range c.Crises {
		names = append(names, x.ID)
		qty[x.ID] = x.Qty
	}
	check("crisis", names, qty)
	names, qty = nil, map[string]int{}
	for _, x := range c.Items {
		names = append(names, x.Name)
		qty[x.Name] = x.Qty
	}
	check("item", names, qty)
	names, qty = nil, map[string]int{}
	for _, x := range c.Skills {
		names = append(names, x.Name)
		qty[x.Name] = x.Qty
	}
	check("skill", names, qty)
}

func TestCharacters(t *testing.T) {
	c := load(t)
	for _, ch := range c.Characters {
		if ch.Name == "" || ch.Archetype == "" || ch.Memory <= 0 || ch.Ideas < 0 {
			t.Errorf("%+v: missing name, archetype, memory or ideas", ch.Name)
		}
		if len(ch.Defaults) < 2 {
			t.Errorf("%s: %d default actions", ch.Name, len(ch.Defaults))
		}
		for _, a := range ch.Defaults {
			// Some defaults ("Breach", "Autopwn") have no icons: their
			// effect is the card's ability text.
			if a.Name == "" {
				t.Errorf("%s: default action %q has no name", ch.Name, a.Text)
			}
		}
		if len(ch.Abilities) == 0 || ch.Abilities[0].Name == "" {
			t.Errorf("%s: no titled special ability in %q", ch.Name, ch.Special)
		}
		if ch.Pro() {
			if len(ch.LevelUp) != 0 {
				t.Errorf("Pro %s levels up into %v", ch.Name, ch.LevelUp)
			}
			continue
		}
		if len(ch.LevelUp) != 2 {
			t.Errorf("Amateur %s: level-ups %v", ch.Name, ch.LevelUp)
		}
		for _, up := range ch.LevelUp {
			pro := c.Character(up)
			if pro == nil {
				t.Errorf("%s levels up into unknown %q", ch.Name, up)
				continue
			}
			if !pro.Pro() || pro.Archetype != ch.Archetype {
				t.Errorf("%s → %s: level %d archetype %s", ch.Name, pro.Name, pro.Level, pro.Archetype)
			}
		}
	}
	if a := c.Character("angry locksmith"); a == nil || a.Memory != 8 || a.Ideas != 3 ||
		a.Defaults[1].String() != "Pick :unlock::noise:" || a.Abilities[1].Name != "PICK UNDER PRESSURE" {
		t.Errorf("Angry Locksmith parsed as %+v", a)
	}
}

// TestSkills cross-checks each level-1 skill's printed upgrade faces
// against the upgraded card's own faces.
func TestSkills(t *testing.T) {
	c := load(t)
	for _, s := range c.SkillTypes() {
		for d := 1; d <= 6; d++ {
			if f := s.Face(d); f.Name == "" || len(f.Subs) == 0 {
				t.Errorf("%s face %d: %q", s.Name, d, f.Text)
			}
		}
		if s.Level == 1 && len(s.Upgrades) != 2 {
			t.Errorf("%s: upgrades %v", s.Name, s.Upgrades)
		}
		for i, up := range s.Upgrades {
			u := c.Skill(up)
			if u == nil {
				t.Errorf("%s upgrades into unknown %q", s.Name, up)
				continue
			}
			if u.Root != s.Name || u.Level != s.Level+1 {
				t.Errorf("%s → %s: root %q level %d", s.Name, up, u.Root, u.Level)
			}
			rolls := s.UpgradeRolls[i]
			if len(rolls) != 6 {
				t.Errorf("%s: upgrade %s has %d faces", s.Name, up, len(rolls))
				continue
			}
			for d := 0; d < 6; d++ {
				if rolls[d].String() != u.Faces[d].String() {
					t.Errorf("%s → %s face %d: card says %q, upgrade card %q", s.Name, up, d+1, rolls[d], u.Faces[d])
				}
			}
		}
	}
}

var knownSubs = map[Sub]bool{SubMove: true, SubNoise: true, SubUnlock: true, SubSubdue: true, SubDisable: true,
	SubIdea: true, SubReveal: true, SubLoot: true, SubCrack: true, SubAlert: true}

// TestActionIcons checks that every action on every card uses known
// sub-action icons, so the rules engine can switch over them.
func TestActionIcons(t *testing.T) {
	c := load(t)
	check := func(where string, a Action) {
		for _, s := range a.Subs {
			if !knownSubs[s] {
				t.Errorf("%s: action %q uses unknown icon %q", where, a.Name, s)
			}
		}
	}
	for _, ch := range c.Characters {
		for _, a := range ch.Defaults {
			check(ch.Name, a)
		}
	}
	for _, s := range c.Skills {
		for _, a := range s.Faces {
			check(s.Name, a)
		}
	}
	for _, it := range c.Items {
		check(it.Name, it.Action)
	}
	for _, n := range c.NPCs {
		for _, side := range []NPCSide{n.Normal, n.Panic} {
			for _, a := range side.Defaults {
				check(side.Name, a)
			}
			check(side.Name, side.Roll6)
		}
	}
}

func TestCards(t *testing.T) {
	c := load(t)
	ids := map[string]bool{}
	for _, e := range c.Events {
		if e.ID == "" || e.Name == "" || e.Description == "" {
			t.Errorf("event %+v incomplete", e)
		}
		if ids[e.ID] {
			t.Errorf("event ID %s twice", e.ID)
		}
		ids[e.ID] = true
	}
	for _, x := range c.Crises {
		if x.ID == "" || x.Name == "" || x.Description == "" {
			t.Errorf("crisis %+v incomplete", x)
		}
	}
	for _, f := range c.Fixers {
		if f.Ability.Name == "" || f.Ability.Text == "" {
			t.Errorf("fixer %s: ability %+v", f.Name, f.Ability)
		}
	}
	if f := c.Fixer("Curator"); f == nil || f.Ability.Name != "BEAUTY IS IN THE EYES OF THE BUYER" {
		t.Errorf("Curator's ability: %+v", f)
	}
	for _, it := range c.Items {
		if it.Location != "shop" && it.Location != "scenario" {
			t.Errorf("item %s: location %q", it.Name, it.Location)
		}
	}
	for _, n := range c.NPCs {
		if n.Normal.Name == "" || n.Panic.Name == "" || len(n.Normal.Defaults) != 2 || len(n.Panic.Defaults) != 2 {
			t.Errorf("npc %+v incomplete", n)
		}
	}
	if e := c.Event("2"); e == nil || e.Description != "For every Entrance tile holding two or more Characters, discard two Events." {
		t.Errorf("event 2 read as %+v", e)
	}
	if e := c.Event("1"); e == nil || e.Description != "Put three Cameras into the security bag." {
		t.Errorf("event 1 read as %+v", e)
	}
}

// knownUnresolved lists deck codes scenarios.txt names that events.txt
// lacks: there is no event A5.
var knownUnresolved = map[string][]string{
	"the-side-channel":     {"A5"},
	"the-safehouse-rescue": {"A5"},
}

func TestScenarios(t *testing.T) {
	c := load(t)
	want := []string{
		"the-inclusion-job", "the-startup-job", "the-dark-horse-job", "the-greedy-prisoner",
		"the-blind-justice-job", "the-melee-job", "the-side-channel", "the-hospitality-job",
		"the-proving-grounds", "the-safehouse-rescue", "the-black-box", "the-marathon-job",
		"county-the-bricks", "county-the-river", "county-the-hole",
		"the-final-score-part-1", "the-final-score-part-2",
	}
	if got := c.ScenarioSlugs(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("slugs:\n got %v\nwant %v", got, want)
	}
	for _, s := range c.Scenarios {
		if c.Scenario(s.Slug) != s || c.Scenario(s.Name) != s {
			t.Errorf("%s: lookup by slug or name fails", s.Slug)
		}
		if s.Objective == "" || s.MapName == "" || !strings.Contains("ASP", s.Difficulty) {
			t.Errorf("%s: objective %q map %q difficulty %q", s.Slug, s.Objective, s.MapName, s.Difficulty)
		}
		if len(s.Bag) != 8 {
			t.Errorf("%s: bag %v", s.Slug, s.Bag)
		}
		if strings.Join(s.Unresolved, ",") != strings.Join(knownUnresolved[s.Slug], ",") {
			t.Errorf("%s: unresolved deck codes %v", s.Slug, s.Unresolved)
		}
		if len(s.Deck) < 20 {
			t.Errorf("%s: deck of %d", s.Slug, len(s.Deck))
		}
		last := s.Deck[len(s.Deck)-1]
		if !last.IsCrisis() || !last.Crisis.Final() {
			t.Errorf("%s: deck ends with %s, not a final crisis", s.Slug, last.Code)
		}
		for i, d := range s.Deck[:len(s.Deck)-1] {
			if d.IsCrisis() && d.Crisis.Final() {
				t.Errorf("%s: final crisis %s at %d", s.Slug, d.Code, i)
			}
		}
		m := s.Map
		if m.Rows < 5 || m.Rows > 12 || m.Cols < 5 || m.Cols > 12 || len(m.Hexes) < 25 || len(m.Hexes) > 60 {
			t.Errorf("%s: map %dx%d with %d hexes", s.Slug, m.Rows, m.Cols, len(m.Hexes))
		}
		if len(m.Entrances())+len(m.Find(PieceTunnel)) == 0 {
			t.Errorf("%s: no entrance or tunnel", s.Slug)
		}
		// An entrance joins the building through its named side: the
		// hex there must be a tile. This pins the coordinate system.
		for _, h := range m.Entrances() {
			d := h.Tile.Pieces[0].Dir
			n, ok := m.Step(h.Coord, d)
			if !ok || m.Hex(n) == nil {
				t.Errorf("%s: entrance %s at %v faces %v onto a gap", s.Slug, h.Code, h.Coord, d)
			}
		}
	}
	if s := c.Scenario("The Melee Job"); s.SafeCracks != 4 || s.BagCount("jewels") != 3 {
		t.Errorf("melee: cracks %d jewels %d", s.SafeCracks, s.BagCount("jewels"))
	}
	inc := c.Scenario("the-inclusion-job")
	if inc.Deck[8].Code != "G1" || inc.Deck[13].Code != "C3" || len(inc.Deck) != 27 {
		t.Errorf("inclusion deck %v", inc.DeckList)
	}
	if h := inc.Map.Hex(Coord{Row: 8, Col: 4}); h == nil || h.Code != "E1" {
		t.Errorf("inclusion r8c4: %+v", h)
	}
}

func TestEveryMapCodeInLegend(t *testing.T) {
	c := load(t)
	used := map[string]bool{}
	for _, s := range c.Scenarios {
		for _, ln := range strings.Split(s.Map.Text, "\n") {
			for _, code := range strings.Fields(ln) {
				if code == ".." {
					continue
				}
				used[code] = true
				if c.Tile(code) == nil {
					t.Errorf("%s: code %q not in legend", s.Slug, code)
				}
			}
		}
	}
	var unused []string
	for _, l := range c.Legend {
		if !used[l.Code] {
			unused = append(unused, l.Code)
		}
	}
	sort.Strings(unused)
	t.Logf("legend codes no map uses: %v", unused)
}

func TestHexGeometry(t *testing.T) {
	c := load(t)
	for _, s := range c.Scenarios {
		m := s.Map
		for _, a := range m.Hexes {
			ns := m.Neighbours(a.Coord)
			if len(ns) > 6 {
				t.Fatalf("%s %v: %d neighbours", s.Slug, a.Coord, len(ns))
			}
			for _, d := range Dirs {
				n, ok := m.Step(a.Coord, d)
				if !ok {
					continue
				}
				if m.Distance(a.Coord, n) != 1 {
					t.Errorf("%s: %v→%v step %v has distance %d", s.Slug, a.Coord, n, d, m.Distance(a.Coord, n))
				}
				if back, _ := m.Step(n, d.Opposite()); back != a.Coord {
					t.Errorf("%s: %v %v then back lands on %v", s.Slug, a.Coord, d, back)
				}
			}
			for _, b := range m.Hexes {
				if m.Distance(a.Coord, b.Coord) != m.Distance(b.Coord, a.Coord) {
					t.Errorf("distance not symmetric")
				}
			}
		}
	}
	// In the Inclusion Job row 0 is flush and row 1 indented, so r1c2
	// touches r0c2 and r0c3 above it, r2c2 and r2c3 below it.
	m := c.Scenario("the-inclusion-job").Map
	got := m.Neighbours(Coord{1, 2})
	want := []Coord{{1, 3}, {2, 3}, {2, 2}, {1, 1}, {0, 2}, {0, 3}}
	if len(got) != 6 {
		t.Fatalf("neighbours %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("neighbours of r1c2: %v, want %v", got, want)
			break
		}
	}
	if d := m.Distance(Coord{0, 0}, Coord{8, 4}); d != 8 {
		t.Errorf("distance r0c0→r8c4 = %d, want 8", d)
	}
	if d := m.Distance(Coord{0, 0}, Coord{0, 7}); d != 7 {
		t.Errorf("distance along a row = %d", d)
	}
}

func TestParseBoxes(t *testing.T) {
	text := "# a comment\n" +
		"A: one\n" +
		"  two\n" +
		"\n" +
		"  three\n" +
		"Good at: x: y\n" +
		"---\n" +
		"\n" +
		"A: again\n"
	bs, err := parseBoxes("t", text)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 2 || bs[0].Value("A") != "one\ntwo\n\nthree" || bs[0].Value("good at") != "x: y" ||
		bs[0].Line != 2 || bs[1].Value("A") != "again" || bs[1].Line != 9 {
		t.Errorf("got %+v", bs)
	}
	for _, bad := range []string{"  indented first\n", "no colon here\n"} {
		if _, err := parseBoxes("t", bad); err == nil {
			t.Errorf("parseBoxes(%q) accepted", bad)
		}
	}
}

func TestExternal(t *testing.T) {
	m := load(t).Scenario("the-inclusion-job").Map
	if !m.EnclosedGap(Coord{4, 4}) {
		t.Errorf("r4c4 of the Inclusion Job is shut in by tiles")
	}
	if m.External(Coord{4, 3}) {
		t.Errorf("r4c3 (SC) touches only tiles and an enclosed gap")
	}
	if !m.External(Coord{8, 4}) || !m.External(Coord{2, 7}) {
		t.Errorf("entrances on the rim are external")
	}
}

func TestLabels(t *testing.T) {
	for _, c := range []Coord{{0, 0}, {2, 3}, {9, 10}} {
		got, ok := ParseLabel(c.Label())
		if !ok || got != c {
			t.Errorf("%v → %q → %v %v", c, c.Label(), got, ok)
		}
	}
	if (Coord{2, 3}).Label() != "c4" {
		t.Errorf("label of r2c3 = %q", Coord{2, 3}.Label())
	}
	for _, bad := range []string{"", "c", "c0", "4c", "cx"} {
		if _, ok := ParseLabel(bad); ok {
			t.Errorf("ParseLabel(%q) accepted", bad)
		}
	}
}

// TestUniqueNames checks that the lookups by name or ID are unambiguous.
func TestUniqueNames(t *testing.T) {
	c := load(t)
	check := func(kind string, names []string) {
		seen := map[string]bool{}
		for _, n := range names {
			k := strings.ToLower(n)
			if n == "" || seen[k] {
				t.Errorf("%s: name %q empty or twice", kind, n)
			}
			seen[k] = true
		}
	}
	var names []string
	for _, x := range c.Characters {
		names = append(names, x.Name)
	}
	check("character", names)
	names = nil
	for _, x := range c.SkillTypes() {
		names = append(names, x.Name)
	}
	check("skill", names)
	names = nil
	for _, x := range c.CrisisTypes() {
		names = append(names, x.ID)
	}
	check("crisis", names)
	names = nil
	for _, x := range c.ItemTypes() {
		names = append(names, x.Name)
	}
	check("item", names)
	names = nil
	for _, x := range c.Fixers {
		names = append(names, x.Name)
	}
	check("fixer", names)
	names = nil
	for _, x := range c.NPCs {
		names = append(names, x.Normal.Name, x.Panic.Name)
	}
	check("npc side", names)
	names = nil
	for _, x := range c.SpecialEvents {
		names = append(names, x.ID)
	}
	check("special event", names)
	names = nil
	for _, x := range c.Scenarios {
		names = append(names, x.Slug)
	}
	check("scenario", names)
}

// TestTexts checks that every card carries its wording: effects, flavour,
// abilities, level-up notes.
func TestTexts(t *testing.T) {
	c := load(t)
	for _, x := range c.Events {
		if x.Story == "" || x.Description == "" {
			t.Errorf("event %s: story %q description %q", x.ID, x.Story, x.Description)
		}
	}
	for _, x := range c.Crises {
		if x.Story == "" || x.Description == "" {
			t.Errorf("crisis %s: story %q description %q", x.ID, x.Story, x.Description)
		}
	}
	for _, x := range c.SpecialEvents {
		if x.Story == "" || x.Description == "" || x.Qty < 1 {
			t.Errorf("special event %s incomplete", x.ID)
		}
	}
	for _, x := range c.Items {
		if len(x.Abilities) == 0 || x.Abilities[0].Name == "" || x.Cost <= 0 {
			t.Errorf("item %s: abilities %+v cost %d", x.Name, x.Abilities, x.Cost)
		}
	}
	for _, n := range c.NPCs {
		if n.Normal.Description == "" || n.Panic.Description == "" {
			t.Errorf("npc %s: a side without text", n.Name)
		}
	}
	for _, ch := range c.Characters {
		for _, a := range ch.Abilities {
			if a.Text == "" {
				t.Errorf("%s: ability %q without text", ch.Name, a.Name)
			}
		}
		for i := range ch.LevelUp {
			if ch.LevelUpDesc[i] == "" || !strings.Contains(ch.UpgradeText[i], c.Character(ch.LevelUp[i]).Special) {
				t.Errorf("%s → %s: level-up text %q, upgrade text %q", ch.Name, ch.LevelUp[i], ch.LevelUpDesc[i], ch.UpgradeText[i])
			}
		}
	}
	if c.ScenarioPreamble == "" {
		t.Error("no scenario preamble")
	}
}

// TestRulesWords pins what the rules engine reads from the texts: ability
// titles, the words of NPC sides and special rules it looks for, the safe's
// cracks, the reward in the success line and the modules.
func TestRulesWords(t *testing.T) {
	c := load(t)
	if d := c.NPC("Freed Prisoner").Normal.Description; !strings.Contains(d, "Cannot :subdue:") {
		t.Errorf("Freed Prisoner: %q", d)
	}
	if d := c.NPC("Freed Prisoner").Panic.Description; strings.Contains(d, "Cannot :subdue:") {
		t.Errorf("Panicked Prisoner: %q", d)
	}
	for _, side := range []NPCSide{c.NPC("Hostage").Normal, c.NPC("Hostage").Panic} {
		if !strings.Contains(side.Description, "SQUIRRELY") {
			t.Errorf("%s: no SQUIRRELY", side.Name)
		}
	}
	if !strings.Contains(c.NPC("Guide").Panic.Description, "TALKATIVE") || strings.Contains(c.NPC("Guide").Normal.Description, "TALKATIVE") {
		t.Error("Guide: TALKATIVE belongs to the Panic side")
	}
	for _, tc := range []struct {
		slug, gain string
		cracks     int
		flags      string
		modules    string
	}{
		{"the-inclusion-job", "", 0, "", "Reinforcements,Lockdown Gates"},
		{"the-startup-job", "", 0, "", "Watchtower,Keycard"},
		{"the-dark-horse-job", "", 0, "", "Remote Locks,Guard Dogs"},
		{"the-greedy-prisoner", "", 0, "", "Remote Locks,Guard Dogs,NPCs"},
		{"the-blind-justice-job", "", 0, "", "Remote Locks,Reinforcements,Lockdown Gates"},
		{"the-melee-job", "", 4, "HELD BY GUARD,JEWEL", "Keycard,NPCs,Safecracking"},
		{"the-side-channel", "", 0, "NO ENTRANCE LIMITS,TUNNEL", "Remote Locks,Watchtower,Reinforcements,Keycard,USB key,Tunnels,NPCs"},
		{"the-hospitality-job", "7", 3, "JEWEL", "Watchtower,Keycard,NPCs,Safecracking"},
		{"the-proving-grounds", "", 5, "DOCUMENTS", "Guard Dogs,Lockdown Gates,Safecracking"},
		{"the-safehouse-rescue", "10", 0, "", "Reinforcements,NPCs"},
		{"the-black-box", "", 3, "TWO TUNNELS,TUNNEL,HELD BY GUARD,JEWEL,DOCUMENTS", "Guard Dogs,Reinforcements,Keycard,USB key,Tunnels,NPCs,Safecracking"},
		{"the-marathon-job", "10", 6, "HELD BY GUARD,JEWEL,DOCUMENTS", "Remote Locks,Lockdown Gates,Keycard,Safecracking"},
		{"county-the-bricks", "10", 0, "BREAKOUT", "Guard Dogs,Watchtower,Lockdown Gates,NPCs"},
		{"county-the-river", "12", 0, "BREAKOUT", "Remote Locks,Guard Dogs,Reinforcements,NPCs"},
		{"county-the-hole", "15", 4, "BREAKOUT", "Keycard,NPCs,Safecracking"},
		{"the-final-score-part-1", "", 6, "TUNNEL,DOCUMENTS", "Guard Dogs,Reinforcements,Keycard,Tunnels,Safecracking"},
		{"the-final-score-part-2", "", 0, "BREAKOUT", "Remote Locks,Watchtower,Reinforcements,Lockdown Gates,NPCs"},
	} {
		s := c.Scenario(tc.slug)
		gain := ""
		if m := regexp.MustCompile(`\$(\d+)k`).FindStringSubmatch(s.Success); m != nil {
			gain = m[1]
		}
		rules := strings.ToUpper(strings.Join(append(append(s.SpecialRules, s.Safe), s.Notes...), "\n"))
		var flags []string
		for _, w := range []string{"BREAKOUT", "NO ENTRANCE LIMITS", "TWO TUNNELS", "TUNNEL", "HELD BY GUARD", "JEWEL", "DOCUMENTS"} {
			if strings.Contains(rules, w) {
				flags = append(flags, w)
			}
		}
		if gain != tc.gain || s.SafeCracks != tc.cracks || strings.Join(flags, ",") != tc.flags || strings.Join(s.Modules, ",") != tc.modules {
			t.Errorf("%s: gain %q cracks %d flags %v modules %v", tc.slug, gain, s.SafeCracks, flags, s.Modules)
		}
	}
	if r := strings.Join(c.Scenario("the-melee-job").SpecialRules, "\n"); !strings.Contains(r, "item hex has Safecracking Tools") {
		t.Errorf("melee rules: %q", r)
	}
}
