package heist

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Scenario special rules that are not cards: breakouts, safes, AMBUSH
// REQUIRED, MOVING TARGET.

// ambush is The Safehouse Rescue's AMBUSH REQUIRED: a Guard subdued this
// round while another stays up brings Crisis C1 forward to this Event phase.
func (s *State) ambush(res *engine.Result) {
	if s.Scenario != "the-safehouse-rescue" || s.RoundSubdued == 0 {
		return
	}
	up := 0
	for _, t := range s.Tiles {
		if real(t) {
			up += t.count(Guard, true)
		}
	}
	if up == 0 {
		return
	}
	for i, code := range s.Deck {
		if code == "C1" {
			s.Deck = append(s.Deck[:i:i], s.Deck[i+1:]...)
			s.CrisisQueue = append([]string{"C1"}, s.CrisisQueue...)
			res.Say("AMBUSH REQUIRED: not every Guard went down this round; Reinforcements come early.")
			return
		}
	}
}

// endOfEventSpecials applies scenario rules at the end of each Event phase.
func (s *State) endOfEventSpecials(res *engine.Result) {
	switch s.Scenario {
	case "the-safehouse-rescue":
		// MOVING TARGET: guards and the captured Prisoner step toward the van.
		van := func(t *Tile) bool { return t.has(TokBeacon) }
		dist := s.distances(van)
		s.movingTargetGuards(dist, res)
		if n := s.NPC; n != nil && !n.Active && n.onBoard() {
			t := s.tile(n.Hex)
			if nx := s.closer(t, dist); nx != nil {
				n.Hex = nx.Hex
				res.Say("MOVING TARGET: the captured Prisoner is moved to %s.", nx.Hex)
				if nx.has(TokBeacon) {
					n.Busted = true
					res.Say("The Prisoner reached the van.")
				}
			}
		}
	case "the-final-score-part-2":
		if n := s.NPC; n != nil && !n.Active && n.onBoard() {
			t := s.tile(n.Hex)
			if nx := s.at(t.X+2, t.Row); nx != nil {
				n.Hex = nx.Hex
				res.Say("MEAL TICKET: the Mayor moves right to %s.", nx.Hex)
			}
		}
	}
	s.npcFreed(res)
}

// movingTargetGuards steps every Guard one hex toward the van, all at
// once: the Guards are first lifted off their hexes, then set down, so a
// Guard arriving on a hex whose own Guards move on stays there (one hex per
// Event phase, never two).
func (s *State) movingTargetGuards(dist map[*Tile]int, res *engine.Result) {
	type step struct {
		from, to *Tile
		guards   []Chit
	}
	var steps []step
	for _, t := range s.Tiles {
		if !real(t) || t.count(Guard, false) == 0 {
			continue
		}
		n := s.closer(t, dist)
		if n == nil {
			continue
		}
		st := step{from: t, to: n}
		var keep []Chit
		for _, ch := range t.Chits {
			if ch.Kind == Guard {
				st.guards = append(st.guards, ch)
			} else {
				keep = append(keep, ch)
			}
		}
		t.Chits = keep
		steps = append(steps, st)
	}
	for _, st := range steps {
		st.to.Chits = append(st.to.Chits, st.guards...)
		if len(st.guards) == 1 {
			res.Say("MOVING TARGET: the Guard on %s steps to %s.", st.from.Hex, st.to.Hex)
		} else {
			res.Say("MOVING TARGET: the %d Guards on %s step to %s.", len(st.guards), st.from.Hex, st.to.Hex)
		}
	}
}

func (s *State) closer(t *Tile, dist map[*Tile]int) *Tile {
	d, ok := dist[t]
	if !ok || d == 0 {
		return nil
	}
	for _, n := range s.neighbours(t) {
		if nd, ok := dist[n]; ok && nd < d {
			return n
		}
	}
	return nil
}

// applyScenarioRules sets the flags of a scenario's special rules.
func (s *State) applyScenarioRules(sc *scenarioDef) {
	text := strings.ToUpper(sc.Rules)
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
	text := strings.ToLower(sc.Rules + "\n" + sc.Objective)
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
