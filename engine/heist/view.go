package heist

import (
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/engine/heist/content"
)

// View is what one viewer sees of a heist: the state as engine.Redact
// leaves it for that viewer, by the vis tags on State (only the random
// generator is hidden: the Event deck and the Crisis queue lie face up),
// with the scenario's grid size and the viewer's legal moves. The state is
// a field, not embedded, so a view can be read but never played.
type View struct {
	Viewer engine.Seat `json:"viewer"`
	// State is the redacted copy of the heist.
	State *State `json:"state"`
	// Rows and Cols give the scenario's text-grid size.
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Legal lists the viewer's moves now (empty for the public).
	Legal []string `json:"legal,omitempty"`
}

// deckCard is the Event-deck card of code, as the content package has it;
// a code that names no card (A5) is only its code.
func deckCard(code string) *content.DeckCard {
	if d := theLib().Cards[code]; d != nil {
		return d
	}
	return &content.DeckCard{Code: code}
}

// View returns viewer's view.
func (s *State) View(viewer engine.Viewer) engine.View {
	red := engine.Redact(s, viewer)
	red.index()
	v := &View{Viewer: viewer, State: red}
	if sc := theLib().scenario(s.Scenario); sc != nil {
		v.Rows, v.Cols = sc.Map.Rows, sc.Map.Cols
	}
	if viewer != engine.Public {
		v.Legal = s.Legal(viewer)
	}
	return v
}

// Upcoming names the Event deck's next cards from the top, at most 6, as
// the board shows them.
func (v *View) Upcoming() []*content.DeckCard {
	var out []*content.DeckCard
	for i, code := range v.State.Deck {
		if i == 6 {
			break
		}
		out = append(out, deckCard(code))
	}
	return out
}

// Queue names the Crisis queue in order.
func (v *View) Queue() []*content.DeckCard {
	var out []*content.DeckCard
	for _, code := range v.State.CrisisQueue {
		out = append(out, deckCard(code))
	}
	return out
}

// Text is the /status summary (public) or the /hand view (a seat).
func (v *View) Text() string {
	s := v.State
	var b strings.Builder
	fmt.Fprintf(&b, "%s — %s", s.ScenarioName, phaseName(s))
	fmt.Fprintf(&b, "\nObjective: %s", strings.ReplaceAll(s.Objective, "\n", "; "))
	if (s.Phase == PhaseCrew || s.Phase == PhasePlanning) && s.Difficulty != "" {
		fmt.Fprintf(&b, "\nDifficulty %s; the team's average level suits %s.", difficultyName(s.Difficulty), difficultyName(s.TeamDifficulty))
	}
	if s.Rescue != "" {
		fmt.Fprintf(&b, "\nThe Prisoner is %s, a Busted crew member: get them out and they are no longer Busted.", s.Rescue)
	}
	secured := fmt.Sprintf("$%dk", s.SecuredCash)
	if len(s.Secured) > 0 {
		secured += ", " + strings.Join(s.Secured, ", ")
	}
	fmt.Fprintf(&b, "\nNoise %d/%d (Alerts at %s). Team cash $%dk. Out so far: %s.", s.Noise.Level, s.Noise.Final,
		joinInts(s.Noise.Alerts), s.TeamCash, secured)
	if s.EscapeInitiated && s.Phase == PhaseAction {
		b.WriteString("\nThe Escape starts after this round's Event phase.")
	}
	var up []string
	for _, c := range v.Upcoming() {
		up = append(up, c.Code+" "+c.Name())
	}
	fmt.Fprintf(&b, "\nNext events: %s.", strings.Join(up, " · "))
	if queue := v.Queue(); len(queue) > 0 {
		var q []string
		for _, c := range queue {
			q = append(q, c.Code+" "+c.Name())
		}
		fmt.Fprintf(&b, "\nCrisis queue: %s.", strings.Join(q, " · "))
	}
	if d := s.choice(); d != nil && d.Mode == engine.Sequential {
		fmt.Fprintf(&b, "\n%s's player decides %s.", s.char(d.Seats[0]).ref(), s.question(d))
	} else if d != nil {
		fmt.Fprintf(&b, "\nThe team decides %s (any one of you may answer).", s.question(d))
	}
	for _, c := range s.Chars {
		b.WriteString("\n" + charLine(c))
		if s.Phase == PhaseCrew {
			b.WriteString(crewLine(s, c))
		}
	}
	if n := s.NPC; n != nil {
		b.WriteString("\n" + charLine(n))
	}
	if v.Viewer != engine.Public {
		if c := s.char(v.Viewer); c != nil {
			fmt.Fprintf(&b, "\nYou play %s (%s, level %d; skills %s, %s). %s", c.Name, c.Card, c.Level, c.Skills[0], c.Skills[1], plannedLine(c.Planned))
			if len(v.Legal) > 0 {
				fmt.Fprintf(&b, "\nYour moves: %s", summarize(v.Legal))
			}
		}
	}
	if s.Result != nil {
		b.WriteString("\n" + s.Result.Summary)
	}
	return b.String()
}

// difficultyName spells out the booklet's difficulty letters.
func difficultyName(d string) string {
	switch d {
	case "A":
		return "Amateur"
	case "S":
		return "Semi-Pro"
	case "P":
		return "Pro"
	}
	return d
}

func phaseName(s *State) string {
	switch s.Phase {
	case PhaseCrew:
		return "Crew (building characters)"
	case PhasePlanning:
		return "Planning"
	case PhaseAction:
		return fmt.Sprintf("Round %d, Action", s.Round)
	case PhaseEvent:
		return fmt.Sprintf("Round %d, Event", s.Round)
	case PhaseEscape:
		return "Escape"
	}
	return "Over"
}

func charLine(c *Character) string {
	who := c.ref()
	status := ""
	switch {
	case c.Busted:
		status = " BUSTED"
	case c.Escaped:
		status = " escaped"
	case c.Hidden:
		status = " hidden"
	case c.NPC && !c.Active:
		status = " (inactive)"
	}
	act := ""
	if c.Action != "" {
		act = fmt.Sprintf(", action %s", c.Action)
	}
	if c.Done && !c.Busted && !c.Escaped && !c.Hidden {
		act += ", done"
	}
	loot := ""
	if c.Cash > 0 || len(c.Loot) > 0 {
		var parts []string
		if c.Cash > 0 {
			parts = append(parts, fmt.Sprintf("$%dk", c.Cash))
		}
		for _, l := range c.Loot {
			parts = append(parts, lootName(l))
		}
		loot = ", carrying " + strings.Join(parts, ", ")
	}
	if c.NPC {
		who = "NPC"
	}
	die := ""
	if c.Die > 0 {
		die = fmt.Sprintf(", die %d", c.Die)
	}
	return fmt.Sprintf("%s (%s) on %s, %s%s%s%s%s", who, c.Name, orDash(c.Hex), engine.Plural(c.Ideas, "Idea", "Ideas"), die, act, loot, status)
}

// crewLine adds, in the Crew step, the character's cards (public, as
// they lie on the table), the new one being built, and whether its seat is
// done.
func crewLine(s *State, c *Character) string {
	out := fmt.Sprintf(": %s with %s and %s, level %d", c.Card, c.Skills[0], c.Skills[1], max(c.Level, 1))
	if len(c.Draft) > 0 {
		out += fmt.Sprintf("; building a new %s", c.Draft[0])
		if len(c.Draft) > 1 {
			out += " with " + strings.Join(c.Draft[1:], " and ")
		}
	}
	if s.CrewDone(c.Seat) {
		return out + "; ready"
	}
	return out + "; choosing"
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func joinInts(v []int) string {
	var p []string
	for _, n := range v {
		p = append(p, fmt.Sprint(n))
	}
	return strings.Join(p, ",")
}

// plannedLine says which hexes a character planned, or that it planned
// none yet.
func plannedLine(hexes []string) string {
	if len(hexes) == 0 {
		return "No planning tokens placed yet."
	}
	return "Planned: " + strings.Join(hexes, " ") + "."
}
