package heist

import (
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
)

// Noise tracker sides. The rulebook and data do not give the track, so
// these are ours (CONTENT.md): 12 slots per character with an Alert on
// every fourth slot; past the final slot every Noise raises an Alert.
func noiseTracker(players int) NoiseTracker {
	nt := NoiseTracker{Final: 12 * players}
	for i := 4; i <= nt.Final; i += 4 {
		nt.Alerts = append(nt.Alerts, i)
	}
	return nt
}

var bagKinds = map[string]string{
	"guards": Guard, "cameras": Camera, "locks": Lock, "jewels": Jewel,
	"keycards": Keycard, "dogs": Dog, "documents": Document, "usb": USB,
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

func newState(l *lib, sc *scenarioDef, players int, seed uint64, camp *Campaign, owners []string) (*State, error) {
	s := &State{
		Scenario:     sc.Slug,
		ScenarioName: sc.Name,
		Objective:    sc.Objective,
		Players:      players,
		Phase:        PhasePlanning,
		Noise:        noiseTracker(players),
		Bag:          map[string]int{},
		Rand:         engine.NewRand(seed),
		Difficulty:   sc.Difficulty,
		Camp:         camp,
	}
	if len(owners) > 0 {
		s.Owners = make([]string, players)
		copy(s.Owners, owners)
	}
	for _, c := range sc.Cells {
		t := &Tile{Hex: hexLabel(c.Row, c.Col), Row: c.Row, Col: c.Col, X: c.X, Code: c.Code}
		for _, p := range c.Pieces {
			switch p.Kind {
			case "unknown":
				t.Unknown = true
			case "guard", "lock", "camera", "dog":
				t.addChit(p.Kind, true, false)
			case "jewel":
				t.Loot = append(t.Loot, Jewel)
			case "cash":
				t.Cash += p.Value
			case "documents":
				t.Loot = append(t.Loot, Document)
			case "usb":
				t.Loot = append(t.Loot, USB)
			case "keycard":
				t.Loot = append(t.Loot, Keycard)
			case "painting":
				t.Loot = append(t.Loot, "painting "+strings.ToLower(p.Label))
			case "reinforcements":
				t.Tokens = append(t.Tokens, TokReinforcements)
			case "watchtower":
				t.Tokens = append(t.Tokens, TokWatchtower)
			case "kennel":
				t.Tokens = append(t.Tokens, TokKennel)
			case "safe":
				t.Tokens = append(t.Tokens, TokSafe)
				t.SafeNeeds = sc.SafeCracks
			case "keycard-door":
				t.Tokens = append(t.Tokens, TokKeycardDoor)
			case "gate":
				t.Tokens = append(t.Tokens, "gate "+strings.ToLower(p.Label))
			case "server":
				t.Tokens = append(t.Tokens, "server "+strings.ToLower(p.Label))
			case "remote-lock":
				t.Tokens = append(t.Tokens, "remote "+strings.ToLower(p.Label))
			case "entrance":
				t.Entrance = true
			case "story-beacon", "discovery-beacon":
				t.Tokens = append(t.Tokens, TokBeacon)
			case "npc":
				t.Tokens = append(t.Tokens, "npc")
			case "character":
				t.Tokens = append(t.Tokens, "prison")
			case "item":
				t.Tokens = append(t.Tokens, TokItem)
				for _, it := range sc.Items {
					t.Loot = append(t.Loot, "item "+it)
				}
			case "tunnel":
				t.Tunnel = true
			}
		}
		s.Tiles = append(s.Tiles, t)
	}
	s.index()
	for k, n := range sc.Bag {
		if kind, ok := bagKinds[k]; ok && n > 0 {
			s.Bag[kind] += n
		}
	}
	s.Deck = append([]string(nil), sc.Deck...)
	s.Fixers = []string{"Old Friend"}
	if camp != nil {
		s.Fixers = append([]string(nil), camp.Fixers...)
		s.TeamCash = camp.TeamCash
		s.Shop = append([]string(nil), camp.Shop...)
	}
	if strings.HasPrefix(sc.Slug, "the-final-score") {
		// The Final Score: the Old Friend fixer is not available.
		s.Fixers, _ = removeString(s.Fixers, "Old Friend")
	}
	s.applyScenarioRules(sc)

	levels := make([]int, players)
	for i := range levels {
		levels[i] = camp.playerLevel(s.owner(engine.Seat(i)))
	}
	if s.Owners != nil {
		s.Levels = levels
	}
	partTwo := sc.Slug == "the-final-score-part-2"
	crew := make([]crewSpec, players)
	if camp != nil {
		crew = camp.crewFor(l, s.Owners, levels, sc.County, partTwo)
	}
	var taken []crewSpec
	holes := 0
	for _, c := range crew {
		if c.Card == "" {
			holes++
		} else {
			taken = append(taken, c)
		}
	}
	if holes > 0 {
		dealt := defaultCrew(l, holes, taken, s.Rand, camp.twinCheck(l, levels))
		for i := range crew {
			if crew[i].Card == "" && len(dealt) > 0 {
				crew[i], dealt = dealt[0], dealt[1:]
				crew[i] = raise(l, crew[i], levels[i], skillCounts(crew, i))
			}
		}
	}
	for i := 0; i < players; i++ {
		c, err := buildCharacter(l, engine.Seat(i), crew[i])
		if err != nil {
			return nil, err
		}
		s.Chars = append(s.Chars, c)
	}
	if camp != nil && partTwo {
		// FRESH IDEAS: the card's Ideas or those left from Part 1, whichever
		// the player prefers (the larger).
		for _, c := range s.Chars {
			if n, ok := camp.PartOneIdeas[c.Named]; ok && n > c.Ideas {
				c.Ideas = n
			}
		}
		// The board is rebuilt keeping the hexes with characters on them:
		// each character who hid in Part 1 starts on the hideout of its
		// column.
		s.PartOne = len(camp.PartOneHideouts) > 0
		for _, c := range s.Chars {
			s.placeFromPartOne(c)
		}
	}
	s.setTeamDifficulty()
	s.setupNPC(l, sc)
	s.normalizeDeck()
	s.phaseTurn(planTurn, "Planning")
	return s, nil
}

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

// owner is the id of the person playing seat, or "".
func (s *State) owner(seat engine.Seat) string {
	if int(seat) >= 0 && int(seat) < len(s.Owners) {
		return s.Owners[seat]
	}
	return ""
}

// seatLevel is the player level of the person playing seat as the heist
// was dealt, 0 when the platform named nobody (no limit).
func (s *State) seatLevel(seat engine.Seat) int {
	if int(seat) >= 0 && int(seat) < len(s.Levels) {
		return s.Levels[seat]
	}
	return 0
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

// setTeamDifficulty works out which difficulty label the team's average
// level matches (MH-SETUP-02): A below 2, S from 2 to 3, P above 3, as the
// scenario booklet defines them. The average is over the people playing
// (each person once), or over the characters' levels when the platform
// named nobody. It is advice: the team may pick any heist (MH-SETUP-01).
func (s *State) setTeamDifficulty() {
	sum, n := 0, 0
	seen := map[string]bool{}
	for _, c := range s.Chars {
		o := s.owner(c.Seat)
		switch {
		case o == "":
			sum += max(c.Level, 1)
		case seen[o]:
			continue
		default:
			seen[o] = true
			sum += s.seatLevel(c.Seat)
		}
		n++
	}
	switch {
	case n == 0 || sum < 2*n:
		s.TeamDifficulty = "A"
	case sum <= 3*n:
		s.TeamDifficulty = "S"
	default:
		s.TeamDifficulty = "P"
	}
}

// placeFromPartOne puts a character that hid in The Final Score: Part 1
// on Part 2's hideout in the same board column.
func (s *State) placeFromPartOne(c *Character) {
	if s.Camp == nil || s.Scenario != "the-final-score-part-2" {
		return
	}
	x, ok := s.Camp.PartOneHideouts[c.Named]
	if !ok || c.Named == "" {
		return
	}
	var best *Tile
	for _, t := range s.Tiles {
		if real(t) && t.has(TokBeacon) && (best == nil || abs(t.X-x) < abs(best.X-x)) {
			best = t
		}
	}
	if best != nil {
		c.Hex = best.Hex
		c.Hideout = true
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// applyScenarioRules sets the flags of a scenario's special rules.
func (s *State) applyScenarioRules(sc *scenarioDef) {
	text := strings.ToUpper(sc.Special)
	if sc.County || strings.Contains(text, "BREAKOUT") {
		s.Breakout = true
	}
	if strings.Contains(text, "NO ENTRANCE LIMITS") {
		s.NoEntranceLimit = true
	}
	switch {
	case strings.Contains(text, "TWO TUNNELS"):
		s.TunnelsLeft = 2
	case strings.Contains(text, "TUNNEL"):
		s.TunnelsLeft = 1
	}
	// HELD BY GUARD: the rulebook gives it to the Keypad and the USB key;
	// scenarios extend it to Jewels and Documents.
	s.HeldByGuard = []string{Keycard, USB}
	if strings.Contains(text, "HELD BY GUARD") {
		if strings.Contains(text, "JEWEL") {
			s.HeldByGuard = append(s.HeldByGuard, Jewel)
		}
		if strings.Contains(text, "DOCUMENTS") {
			s.HeldByGuard = append(s.HeldByGuard, Document)
		}
	}
	for _, t := range s.Tiles {
		if t.has(TokSafe) {
			t.SafeCash, t.SafeLoot = safeContents(sc)
		}
	}
}

// safeContents reads what a scenario's safe holds from its text.
func safeContents(sc *scenarioDef) (int, []string) {
	text := strings.ToLower(sc.Special + "\n" + sc.Objective)
	i := strings.Index(text, "safe requires")
	if i < 0 {
		return 0, nil
	}
	line := text[i:]
	if j := strings.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	_, after, ok := strings.Cut(line, "contain")
	if !ok {
		return 0, nil
	}
	cash := 0
	var loot []string
	for _, w := range strings.FieldsFunc(after, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == '*' }) {
		switch {
		case strings.HasPrefix(w, "$") && strings.HasSuffix(w, "k"):
			var n int
			fmt.Sscanf(w, "$%dk", &n)
			cash += n
		case strings.HasPrefix(w, "jewel"):
			loot = append(loot, Jewel)
		case strings.HasPrefix(w, "document"):
			loot = append(loot, Document)
		case w == "keycard":
			loot = append(loot, Keycard)
		}
	}
	if strings.Contains(after, "safecracking tools") {
		loot = append(loot, "item Safecracking Tools")
	}
	return cash, loot
}

// entrances lists the real Entrance tiles in board order.
func (s *State) entrances() []*Tile {
	var out []*Tile
	for _, t := range s.Tiles {
		if real(t) && t.Entrance {
			out = append(out, t)
		}
	}
	return out
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
