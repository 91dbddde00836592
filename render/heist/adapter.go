package heist

import (
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
	rules "casefile/engine/heist"
	"casefile/engine/heist/content"
)

// SceneFromView adapts the rules engine's public view (*heist.View, see
// engine/heist/CONTENT.md, "The view for the map renderer") into a MapScene.
func SceneFromView(v engine.View) (MapScene, error) {
	hv, ok := v.(*rules.View)
	if !ok || hv == nil || hv.State == nil {
		return MapScene{}, fmt.Errorf("heist board: want a *heist.View, got %T", v)
	}
	s := hv.State
	sc := MapScene{
		Title:     s.ScenarioName,
		Subtitle:  subtitle(s),
		Objective: s.Objective,
		Rows:      hv.Rows,
		Cols:      hv.Cols,
		DeckLeft:  len(s.Deck),
		TeamCash:  s.TeamCash,
		Noise:     NoiseTrack{Level: s.Noise.Level, Final: s.Noise.Final, Alerts: append([]int(nil), s.Noise.Alerts...)},
	}
	// A Breach exit may lie outside the scenario's grid, even above or to
	// the left of it: shift the grid so that every hex has a cell.
	rowOff, colOff := 0, 0
	for _, t := range s.Tiles {
		rowOff = max(rowOff, -t.Row)
		colOff = max(colOff, -t.Col)
	}
	sc.Rows += rowOff
	sc.Cols += colOff
	pos := map[string][2]int{}
	for _, t := range s.Tiles {
		row, col := t.Row+rowOff, t.Col+colOff
		sc.Rows = max(sc.Rows, row+1)
		sc.Cols = max(sc.Cols, col+1)
		pos[t.Hex] = [2]int{row, col}
		h := SceneHex{
			Row: row, Col: col, Label: t.Hex,
			Entrance: t.Entrance, Tunnel: t.Tunnel, Removed: t.Removed, Unknown: t.Unknown,
			Cash: t.Cash, Loot: append([]string(nil), t.Loot...), Tokens: append([]string(nil), t.Tokens...),
			SafeNeeds: t.SafeNeeds, Cracks: t.Cracks, Ideas: t.Ideas,
		}
		if code := content.MustLoad().Tile(t.Code); code != nil {
			for _, p := range code.Pieces {
				if p.Kind == content.PieceEntrance {
					h.EntranceDir, h.Arrow = p.Dir, true
				}
			}
		}
		for _, ch := range t.Chits {
			h.Chits = append(h.Chits, Chit{Kind: ch.Kind, Active: ch.Active})
		}
		for _, seat := range t.Plans {
			h.Plans = append(h.Plans, int(seat))
		}
		sc.Hexes = append(sc.Hexes, h)
	}
	sc.Indent = indents(s, sc.Rows, rowOff)
	sceneTeam(&sc, s, pos)
	sceneCards(&sc, hv)
	sceneTurn(&sc, s)
	if s.Result != nil {
		sc.Result = &Result{Won: s.Won, Summary: s.Result.Summary, Secured: s.SecuredCash, Loot: append([]string(nil), s.Secured...)}
	}
	return sc, nil
}

// sceneTurn marks who still must act, from the decision the heist waits
// on, on their pawns, their crew lines and the status line, and takes the
// decision's prompt for the footer.
func sceneTurn(sc *MapScene, s *rules.State) {
	if s.Result != nil || s.Phase == rules.PhaseOver {
		return
	}
	top := s.Pending.Top()
	if top == nil {
		return
	}
	turn, ok := turnOf(s)
	if ok {
		sc.Footer = upperFirst(turn.Prompt)
	}
	waiting := map[int]bool{}
	for _, seat := range top.Waiting() {
		waiting[int(seat)] = true
	}
	if ok && strings.Contains(turn.Prompt, "the team decides") {
		// Anyone may answer a team's choice: nobody in particular is late.
		sc.Acting = []string{"the team (any one player)"}
		return
	}
	for i := range sc.Team {
		if m := &sc.Team[i]; !m.NPC && waiting[m.Seat] {
			m.Waiting = true
			sc.Acting = append(sc.Acting, m.Name)
		}
	}
	for i := range sc.Figures {
		if f := &sc.Figures[i]; f.Seat >= 0 && waiting[f.Seat] {
			f.Waiting = true
		}
	}
}

// turnOf is the state's Turn; a phase this renderer does not know might
// word its prompt from data it lacks, so a panic there only loses the
// prompt.
func turnOf(s *rules.State) (t engine.Turn, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return s.Turn(), true
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// sceneTeam adds the characters and the NPC: a figure on the board for
// each one still on it, a line of the team panel for each.
func sceneTeam(sc *MapScene, s *rules.State, pos map[string][2]int) {
	crew := append([]*rules.Character(nil), s.Chars...)
	if s.NPC != nil {
		crew = append(crew, s.NPC)
	}
	var names []string
	for _, c := range crew {
		names = append(names, c.Name)
	}
	marks := pawnMarks(names)
	for i, c := range crew {
		seat := int(c.Seat)
		if c.NPC {
			seat = -1
		}
		m := Member{Seat: seat, Name: c.Name, Card: c.Card, Ideas: c.Ideas, Cash: c.Cash, NPC: c.NPC, Status: memberStatus(s, c), Mark: marks[i]}
		// Busted and escaped characters have left the board (engine/heist/CONTENT.md).
		if p, ok := pos[c.Hex]; ok && c.Hex != "" && !c.Busted && !c.Escaped {
			sc.Figures = append(sc.Figures, Figure{Row: p[0], Col: p[1], Seat: seat, Mark: marks[i]})
			m.Hex = c.Hex
		}
		for _, l := range c.Loot {
			m.Loot = append(m.Loot, strings.TrimPrefix(l, "item "))
		}
		sc.Team = append(sc.Team, m)
	}
}

// pawnMarks gives each name its pawn's mark: one letter when the crew's
// initials differ (a one-letter pawn is narrower, so more share a hex),
// else each name's two initials. A letter that marks a piece (G for a
// Guard, L for a Lock...) takes two, so a pawn never reads as a chit.
func pawnMarks(names []string) []string {
	const pieceLetters = "GDLCJPUKINWTSR@?"
	out := make([]string, len(names))
	seen := map[string]bool{}
	short := true
	for i, n := range names {
		m := markOf(n)
		if first := string([]rune(m)[:1]); !strings.Contains(pieceLetters, first) {
			m = first
		}
		out[i] = m
		short = short && !seen[m]
		seen[m] = true
	}
	if !short {
		for i, n := range names {
			out[i] = markOf(n)
		}
	}
	return out
}

// sceneCards adds the Event deck's next cards, the Crisis queue, the card
// last dealt and the Security bag's counts.
func sceneCards(sc *MapScene, hv *rules.View) {
	s := hv.State
	for _, c := range hv.Upcoming() {
		sc.Upcoming = append(sc.Upcoming, Card{Code: c.Code, Name: c.Name(), Crisis: c.IsCrisis(), Final: strings.HasPrefix(c.Code, "Z")})
	}
	for _, c := range hv.Queue() {
		sc.Crises = append(sc.Crises, Card{Code: c.Code, Name: c.Name(), Crisis: true, Final: strings.HasPrefix(c.Code, "Z")})
	}
	if s.LastEvent != "" {
		name := s.LastEvent
		c := content.MustLoad()
		if e := c.Event(s.LastEvent); e != nil {
			name = e.Name
		} else if cr := c.Crisis(s.LastEvent); cr != nil {
			name = cr.Name
		}
		sc.Active = &Card{Code: s.LastEvent, Name: name}
	}
	kinds := make([]string, 0, len(s.Bag))
	for k, n := range s.Bag {
		if n > 0 {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		sc.Bag = append(sc.Bag, Count{Kind: k, N: s.Bag[k]})
	}
}

// indents says which rows of the (shifted) grid are indented: from the
// tiles' doubled columns where a row has tiles, else from the scenario's
// map, else alternating with the row above, as hex rows do.
func indents(s *rules.State, rows, rowOff int) []bool {
	out := make([]bool, rows)
	known := make([]bool, rows)
	if cs := content.MustLoad().Scenario(s.Scenario); cs != nil {
		for r, in := range cs.Map.Indent {
			if r+rowOff < rows {
				out[r+rowOff], known[r+rowOff] = in, true
			}
		}
	}
	for _, t := range s.Tiles {
		if r := t.Row + rowOff; r >= 0 && r < rows {
			out[r], known[r] = t.X-2*t.Col == 1, true
		}
	}
	for r := rows - 2; r >= 0; r-- {
		if !known[r] && known[r+1] {
			out[r], known[r] = !out[r+1], true
		}
	}
	for r := 1; r < rows; r++ {
		if !known[r] {
			out[r], known[r] = !out[r-1], true
		}
	}
	return out
}

// subtitle names the phase; a phase it does not know (a rules version
// newer than the renderer) is written as the rules name it.
func subtitle(s *rules.State) string {
	if s.Result != nil {
		return "Game over"
	}
	switch s.Phase {
	case rules.PhaseCrew:
		return "Crew · building characters"
	case rules.PhasePlanning:
		return "Planning phase"
	case rules.PhaseAction:
		return fmt.Sprintf("Round %d · Action phase", s.Round)
	case rules.PhaseEvent:
		return fmt.Sprintf("Round %d · Event phase", s.Round)
	case rules.PhaseEscape:
		return "Escape phase"
	case rules.PhaseOver:
		return "Game over"
	}
	return s.Phase
}

func memberStatus(s *rules.State, c *rules.Character) string {
	switch {
	case c.Busted:
		return "busted"
	case c.Escaped:
		return "escaped"
	case c.Hidden:
		return "hidden (Camouflage)"
	case c.NPC && !c.Active:
		return "not yet freed"
	case s.Phase == rules.PhaseCrew && !c.NPC && s.CrewDone(c.Seat):
		return "crew done"
	case s.Phase == rules.PhasePlanning && !c.NPC && s.PlanDone(c.Seat):
		return "plan done"
	case c.Action != "" && c.Done:
		return c.Action + " · done"
	case c.Action != "":
		return c.Action
	case c.Die > 0:
		return fmt.Sprintf("rolled %d", c.Die)
	}
	return ""
}
