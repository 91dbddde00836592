package content

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Hex is one tile of a scenario map at setup.
type Hex struct {
	Coord
	Code string    // the map's code, e.g. "2GL"
	Tile *TileCode // the code decoded through the legend
}

// Map is a scenario's hex map as the text draws it. Gaps ("..") are not
// Hexes; Rows and Cols span the whole text grid. See Coord for the
// coordinate system.
type Map struct {
	Rows, Cols int
	// Indent[r] reports whether row r is drawn half a hex to the right.
	Indent []bool
	// Hexes lists the tiles row by row, left to right.
	Hexes    []*Hex
	byPos    map[Coord]*Hex
	enclosed map[Coord]bool
	// Text is the map as written in the file.
	Text string
}

// Hex returns the tile at c, or nil for a gap or a cell off the grid.
func (m *Map) Hex(c Coord) *Hex { return m.byPos[c] }

// Find returns the tiles that start with a piece of kind k, in map order.
func (m *Map) Find(k PieceKind) []*Hex {
	var out []*Hex
	for _, h := range m.Hexes {
		if h.Tile.Has(k) {
			out = append(out, h)
		}
	}
	return out
}

// Entrances returns the entrance/exit tiles in map order.
func (m *Map) Entrances() []*Hex { return m.Find(PieceEntrance) }

// BagEntry is one kind of chit in a scenario's security bag.
type BagEntry struct {
	Kind  string // as the file names it: guards, cameras, locks, jewels, keycards, dogs, documents, usb
	Count int
}

// DeckCard is one card of a scenario's event deck: an Event or a Crisis.
type DeckCard struct {
	Code   string // as in the deck list: "7", "G1", "C3", "Z2"
	Event  *Event
	Crisis *Crisis
}

// Name returns the card's name.
func (d DeckCard) Name() string {
	if d.Crisis != nil {
		return d.Crisis.Name
	}
	if d.Event != nil {
		return d.Event.Name
	}
	return d.Code
}

// Description returns the card's rules text.
func (d DeckCard) Description() string {
	if d.Crisis != nil {
		return d.Crisis.Description
	}
	if d.Event != nil {
		return d.Event.Description
	}
	return ""
}

// IsCrisis reports whether the card is a Crisis.
func (d DeckCard) IsCrisis() bool { return d.Crisis != nil }

// Scenario is one heist of scenarios.txt.
type Scenario struct {
	Slug       string // "the-inclusion-job", "county-the-bricks", "the-final-score-part-1"
	Name       string // "The Inclusion Job"
	MapName    string // "Delinquent Jeweler"
	Difficulty string // A (Amateur), S (Semi-Pro), P (Pro)
	// County is set for the County breakouts.
	County bool
	// Objective is the objective's text; several bullet objectives are
	// joined by newlines.
	Objective string
	// SpecialRules lists the special-rule bullets without their "* ".
	SpecialRules []string
	// Items names the Item cards the scenario places ("Item: Cheap Picks").
	Items []string
	// Safe is the safe's line ("Safe requires 4x🧩; it contains a jewel."),
	// from the header or a special-rule bullet; SafeCracks is the number
	// of Cracks it needs (0 without a safe).
	Safe       string
	SafeCracks int
	// Success is what winning unlocks or pays ("gain $10k").
	Success string
	// Notes are the section's other lines (flavour, a playtest note).
	Notes []string
	// Bag is the security bag in file order.
	Bag []BagEntry
	// DeckList is the event deck line as written, top first.
	DeckList string
	// Deck is DeckList expanded and resolved, top first.
	Deck []DeckCard
	// Unresolved lists deck codes that name no card in events.txt or
	// crises.txt; they are left out of Deck.
	Unresolved []string
	// Modules names the rulebook modules the scenario uses, from its
	// special rules and its map: "Remote Locks", "Guard Dogs", "Watchtower",
	// "Reinforcements", "Lockdown Gates", "Keycard", "USB key", "Tunnels",
	// "NPCs", "Safecracking".
	Modules []string
	Map     *Map
	// Text is the whole section as written.
	Text string
}

// BagCount returns how many chits of kind (as the file names it: "guards",
// "cameras", ...) the bag holds.
func (s *Scenario) BagCount(kind string) int {
	for _, b := range s.Bag {
		if b.Kind == kind {
			return b.Count
		}
	}
	return 0
}

// HasModule reports whether the scenario uses module name (see Modules).
func (s *Scenario) HasModule(name string) bool {
	for _, m := range s.Modules {
		if strings.EqualFold(m, name) {
			return true
		}
	}
	return false
}

// Slugify turns a scenario name into its slug: lower case, runs of other
// characters than letters and digits become one hyphen.
func Slugify(name string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && sb.Len() > 0 {
				sb.WriteByte('-')
			}
			dash = false
			sb.WriteRune(r)
			continue
		}
		dash = true
	}
	return sb.String()
}

var (
	mapNameRE = regexp.MustCompile(`^map name:\s*(.*?);\s*difficulty:\s*(\S+)\s*$`)
	bagRE     = regexp.MustCompile(`(\w+)=(\d+)`)
	crackRE   = regexp.MustCompile(`(\d+)\s*x\s*🧩`)
	rangeRE   = regexp.MustCompile(`^(\d+)-(\d+)$`)
)

// parseScenarios reads scenarios.txt: the legend at its end first, then
// every "## " section before it.
func parseScenarios(text string, c *Content) error {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	parts := strings.Split(text, "\n## ")
	if len(parts) < 2 {
		return fmt.Errorf("scenarios.txt: no sections")
	}
	c.ScenarioPreamble = strings.TrimSpace(parts[0])
	var sections []string
	for _, p := range parts[1:] {
		title, _, _ := strings.Cut(p, "\n")
		if strings.HasPrefix(strings.ToLower(title), "legend") {
			if err := parseLegend(p, c); err != nil {
				return err
			}
			continue
		}
		sections = append(sections, "## "+p)
	}
	if len(c.Legend) == 0 {
		return fmt.Errorf("scenarios.txt: no legend")
	}
	for _, sec := range sections {
		s, err := parseScenario(sec, c)
		if err != nil {
			return err
		}
		c.Scenarios = append(c.Scenarios, s)
	}
	return nil
}

func parseLegend(sec string, c *Content) error {
	lines := strings.Split(sec, "\n")[1:]
	c.legend = map[string]*TileCode{}
	for _, ln := range lines {
		ln = strings.TrimSpace(ln)
		if ln == "" {
			continue
		}
		f := strings.Fields(ln)
		code := f[0]
		desc := strings.TrimSpace(strings.TrimPrefix(ln, code))
		t, err := decodeTile(code, desc)
		if err != nil {
			return fmt.Errorf("scenarios.txt: %w", err)
		}
		if _, dup := c.legend[code]; dup {
			return fmt.Errorf("scenarios.txt: legend code %s twice", code)
		}
		c.legend[code] = t
		c.Legend = append(c.Legend, t)
	}
	return nil
}

func parseScenario(sec string, c *Content) (*Scenario, error) {
	lines := strings.Split(strings.TrimRight(sec, "\n"), "\n")
	s := &Scenario{Name: strings.TrimSpace(strings.TrimPrefix(lines[0], "## ")), Text: strings.TrimSpace(sec)}
	s.Slug = Slugify(s.Name)
	s.County = strings.HasPrefix(s.Name, "County")
	errf := func(format string, args ...any) error {
		return fmt.Errorf("scenarios.txt: %s: %s", s.Name, fmt.Sprintf(format, args...))
	}
	// mode says what bullet lines belong to: the objective or the rules.
	mode := ""
	var mapLines []string
	for i := 1; i < len(lines); i++ {
		raw := lines[i]
		ln := strings.TrimSpace(raw)
		low := strings.ToLower(ln)
		switch {
		case ln == "":
			continue
		case strings.HasPrefix(low, "hex grid:"):
			mapLines = lines[i+1:]
			i = len(lines)
			continue
		case strings.HasPrefix(low, "map name:"):
			m := mapNameRE.FindStringSubmatch(ln)
			if m == nil {
				return nil, errf("bad map line %q", ln)
			}
			s.MapName, s.Difficulty = m[1], m[2]
		case strings.HasPrefix(low, "security bag:"):
			for _, m := range bagRE.FindAllStringSubmatch(ln, -1) {
				n, _ := strconv.Atoi(m[2])
				s.Bag = append(s.Bag, BagEntry{Kind: m[1], Count: n})
			}
		case strings.HasPrefix(low, "event deck order"):
			_, list, _ := strings.Cut(ln, ":")
			s.DeckList = strings.TrimSpace(list)
		case strings.HasPrefix(low, "objective"):
			_, rest, _ := strings.Cut(ln, ":")
			s.Objective = strings.TrimSpace(rest)
			mode = "objective"
		case strings.HasPrefix(low, "special rules"):
			mode = "rules"
		case strings.HasPrefix(ln, "*"):
			item := strings.TrimSpace(strings.TrimPrefix(ln, "*"))
			if mode == "objective" {
				s.Objective = strings.TrimSpace(s.Objective + "\n" + item)
			} else {
				s.SpecialRules = append(s.SpecialRules, item)
			}
		case strings.HasPrefix(low, "item:"):
			_, rest, _ := strings.Cut(ln, ":")
			s.Items = append(s.Items, strings.TrimSpace(rest))
		case strings.HasPrefix(low, "safe requires"):
			s.Safe = ln
		case strings.HasPrefix(low, "success") || strings.HasPrefix(low, "upon success"):
			s.Success = ln
		default:
			s.Notes = append(s.Notes, ln)
		}
	}
	if s.Safe == "" {
		for _, r := range s.SpecialRules {
			if strings.HasPrefix(strings.ToLower(r), "safe requires") {
				s.Safe = r
			}
		}
	}
	if s.Safe != "" {
		if m := crackRE.FindStringSubmatch(s.Safe); m != nil {
			s.SafeCracks, _ = strconv.Atoi(m[1])
		} else {
			s.SafeCracks = strings.Count(s.Safe, "🧩")
		}
	}
	if s.MapName == "" || s.DeckList == "" || len(s.Bag) == 0 || mapLines == nil {
		return nil, errf("missing map name, deck, bag or hex grid")
	}
	var err error
	if s.Map, err = parseMap(mapLines, c); err != nil {
		return nil, errf("%v", err)
	}
	if err := s.buildDeck(c); err != nil {
		return nil, errf("%v", err)
	}
	s.Modules = modulesOf(s)
	return s, nil
}

// parseMap reads the text grid: one line per row, cells separated by
// spaces, a leading indent marking a row shifted half a hex right.
func parseMap(lines []string, c *Content) (*Map, error) {
	m := &Map{byPos: map[Coord]*Hex{}}
	var text []string
	for _, ln := range lines {
		if strings.TrimSpace(ln) == "" {
			continue
		}
		text = append(text, ln)
		r := m.Rows
		m.Rows++
		m.Indent = append(m.Indent, strings.HasPrefix(ln, " "))
		cells := strings.Fields(ln)
		if len(cells) > m.Cols {
			m.Cols = len(cells)
		}
		for col, code := range cells {
			if code == ".." {
				continue
			}
			t := c.legend[code]
			if t == nil {
				return nil, fmt.Errorf("row %d col %d: tile code %q not in legend", r, col, code)
			}
			if t.Gap {
				continue
			}
			h := &Hex{Coord: Coord{Row: r, Col: col}, Code: code, Tile: t}
			m.Hexes = append(m.Hexes, h)
			m.byPos[h.Coord] = h
		}
	}
	for r := 1; r < m.Rows; r++ {
		if m.Indent[r] == m.Indent[r-1] {
			return nil, fmt.Errorf("rows %d and %d are both %s: not a hex grid", r-1, r, map[bool]string{true: "indented", false: "flush"}[m.Indent[r]])
		}
	}
	m.Text = strings.Join(text, "\n")
	m.findEnclosed()
	return m, nil
}

// buildDeck expands the deck list: "a-b" is every event numbered a to b;
// any other code names an Event by its Order field or a Crisis by its ID.
func (s *Scenario) buildDeck(c *Content) error {
	for _, tok := range strings.Split(s.DeckList, ",") {
		tok = strings.TrimSpace(tok)
		if tok == "" {
			continue
		}
		codes := []string{tok}
		if m := rangeRE.FindStringSubmatch(tok); m != nil {
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			if b < a {
				return fmt.Errorf("deck range %q runs backwards", tok)
			}
			codes = codes[:0]
			for n := a; n <= b; n++ {
				codes = append(codes, strconv.Itoa(n))
			}
		}
		for _, code := range codes {
			if cr := c.Crisis(code); cr != nil {
				s.Deck = append(s.Deck, DeckCard{Code: code, Crisis: cr})
			} else if ev := c.Event(code); ev != nil {
				s.Deck = append(s.Deck, DeckCard{Code: code, Event: ev})
			} else {
				s.Unresolved = append(s.Unresolved, code)
			}
		}
	}
	return nil
}

// moduleWords maps words of the special rules to module names.
var moduleWords = []struct{ word, module string }{
	{"remote lock", "Remote Locks"},
	{"guard dog", "Guard Dogs"},
	{"watchtower", "Watchtower"},
	{"reinforcements", "Reinforcements"},
	{"lockdown gate", "Lockdown Gates"},
	{"keycard", "Keycard"},
	{"usb", "USB key"},
	{"tunnel", "Tunnels"},
	{"npc", "NPCs"},
	{"safe", "Safecracking"},
}

// modulePieces maps map pieces to the module they belong to.
var modulePieces = map[PieceKind]string{
	PieceRemoteLock: "Remote Locks", PieceServer: "Remote Locks",
	PieceDog: "Guard Dogs", PieceKennel: "Guard Dogs",
	PieceWatchtower:     "Watchtower",
	PieceReinforcements: "Reinforcements",
	PieceGate:           "Lockdown Gates",
	PieceKeycard:        "Keycard", PieceKeycardDoor: "Keycard",
	PieceUSB:    "USB key",
	PieceTunnel: "Tunnels",
	PieceNPC:    "NPCs",
	PieceSafe:   "Safecracking",
}

func modulesOf(s *Scenario) []string {
	have := map[string]bool{}
	rules := strings.ToLower(strings.Join(s.SpecialRules, "\n") + "\n" + s.Objective + "\n" + s.Safe)
	for _, mw := range moduleWords {
		if strings.Contains(rules, mw.word) {
			have[mw.module] = true
		}
	}
	for _, h := range s.Map.Hexes {
		for _, p := range h.Tile.Pieces {
			if mod, ok := modulePieces[p.Kind]; ok {
				have[mod] = true
			}
		}
	}
	if s.BagCount("dogs") > 0 {
		have["Guard Dogs"] = true
	}
	if s.BagCount("keycards") > 0 {
		have["Keycard"] = true
	}
	if s.BagCount("usb") > 0 {
		have["USB key"] = true
	}
	var out []string
	for _, mw := range moduleWords {
		if have[mw.module] {
			out = append(out, mw.module)
			delete(have, mw.module)
		}
	}
	return out
}
