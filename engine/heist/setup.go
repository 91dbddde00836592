package heist

import (
	"sort"
	"strings"

	"casefile/engine"
	"casefile/engine/heist/content"
)

// Noise tracker sides. The rulebook and data do not give the track, so
// these are ours, measured against the bots among other candidates
// (CONTENT.md, "The Noise tracker"; TestNoiseTrackerFigures): 12 slots per
// character with an Alert on every fourth slot; past the final slot every
// Noise raises an Alert (addNoise).
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

// newState deals a heist of scenario sc: the board, the bag and the deck,
// the fixers and Shop carried by the campaign, the crew, and the NPC; it
// opens the Crew step (crew.go), where each seat keeps the character dealt
// to it or builds another, before Planning.
func newState(l *lib, sc *scenarioDef, players int, seed uint64, camp *Campaign, owners []string) (*State, error) {
	s := &State{
		Scenario:     sc.Slug,
		ScenarioName: sc.Name,
		Objective:    sc.Objective,
		Players:      players,
		Phase:        PhaseCrew,
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
	for _, h := range sc.Map.Hexes {
		s.Tiles = append(s.Tiles, newTile(h, sc))
	}
	s.index()
	for _, b := range sc.Bag {
		if kind, ok := bagKinds[b.Kind]; ok && b.Count > 0 {
			s.Bag[kind] += b.Count
		}
	}
	for _, dc := range sc.Deck {
		s.Deck = append(s.Deck, dc.Code)
	}
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
	var err error
	if s.Chars, err = dealCrew(l, sc, camp, s.Owners, levels, s.Rand); err != nil {
		return nil, err
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
	s.phaseTurn(crewTurn, "Crew")
	return s, nil
}

// newTile lays one cell of the scenario's map: its chits, loot and module
// pieces as the map code prints them.
func newTile(h *content.Hex, sc *scenarioDef) *Tile {
	x, _ := sc.Map.Doubled(h.Coord)
	t := &Tile{Hex: hexLabel(h.Row, h.Col), Row: h.Row, Col: h.Col, X: x, Code: h.Code}
	for _, p := range h.Tile.Pieces {
		switch kind := string(p.Kind); kind {
		case "unknown":
			t.Unknown = true
		case "guard", "lock", "camera", "dog":
			t.addChit(kind, true, false)
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
			for _, it := range sc.ItemHex {
				t.Loot = append(t.Loot, "item "+it)
			}
		case "tunnel":
			t.Tunnel = true
		}
	}
	return t
}

// dealCrew builds the characters: the campaign's named characters the
// players bring, and for every other seat a character dealt at random and
// raised to its player's level.
func dealCrew(l *lib, sc *scenarioDef, camp *Campaign, owners []string, levels []int, r *engine.Rand) ([]*Character, error) {
	crew := make([]crewSpec, len(levels))
	if camp != nil {
		crew = camp.crewFor(l, owners, levels, sc.County, sc.Slug == "the-final-score-part-2")
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
		dealt := defaultCrew(l, holes, taken, r, camp.twinCheck(l, levels))
		for i := range crew {
			if crew[i].Card == "" && len(dealt) > 0 {
				crew[i], dealt = dealt[0], dealt[1:]
				crew[i] = raise(l, crew[i], levels[i], skillCounts(crew, i))
			}
		}
	}
	var chars []*Character
	for i := range crew {
		c, err := buildCharacter(l, engine.Seat(i), crew[i])
		if err != nil {
			return nil, err
		}
		chars = append(chars, c)
	}
	return chars, nil
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

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
