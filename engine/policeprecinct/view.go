package policeprecinct

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// View is what one viewer may see of a game: a redacted copy of the state.
// The public view feeds /status and the board image; a seat's view adds
// the hands its seat may see (every hand in a co-operative game, its own
// only when a Dirty Cop may be present: handPolicy).
type View struct {
	State  *State        `json:"state"`
	Viewer engine.Viewer `json:"viewer"`
}

// View returns the redacted view for viewer.
func (s *State) View(viewer engine.Viewer) engine.View {
	return &View{State: engine.Redact(s, viewer), Viewer: viewer}
}

// ViewText is View(viewer).Text() written from the whole state: Text
// reads no secret but through the checks it makes for the viewer (the
// viewer's own Loyalty card, hands the viewer's seat sees, and the counts
// of cards face down), so the redacted copy changes nothing it writes.
// TestViewTextIsTheViewsText holds the two the same.
func (s *State) ViewText(viewer engine.Viewer) string {
	return (&View{State: s, Viewer: viewer}).Text()
}

// Text is a readable summary: the public board, plus the hands the viewer
// may see.
func (v *View) Text() string {
	s := v.State
	var b strings.Builder
	fmt.Fprintf(&b, "Police Precinct — Day %d (Murderer on Day %d, lost on Day %d), Crime Track %d of %d.\n", s.Day, MurdererDay, LastDay, s.Crime, s.FailSpace())
	// The seat's own Loyalty card comes first: a DM cut to Discord's length
	// must never lose it.
	if v.Viewer != engine.Public && int(v.Viewer) < len(s.Cops) && s.Cops[v.Viewer].Loyalty != "" {
		fmt.Fprintf(&b, "Your Loyalty card: %s.\n", s.Cops[v.Viewer].Loyalty)
	}
	// So does the seat's own hand, the one its private DM is about; the
	// other hands it may see come last.
	if v.Viewer != engine.Public && int(v.Viewer) < len(s.Cops) {
		if c := &s.Cops[v.Viewer]; len(c.Hand) > 0 && c.seenBy(v.Viewer) {
			fmt.Fprintf(&b, "Your hand: %s.\n", handNames(c.Hand))
		}
	}
	for _, i := range s.Order {
		c := &s.Cops[i]
		car := "Unmarked"
		if c.Marked {
			car = "Marked"
		}
		fmt.Fprintf(&b, "%s: %s, %s car at %s; Donuts %d, Upgrades %s, %d Police %s%s.\n", who(i), c.Char().Name, car, SpaceName(c.At),
			c.Donuts, listOr(c.Upgrades), len(c.Hand), plural(len(c.Hand), "card", "cards"), loyaltyText(c))
	}
	if s.Support >= 0 {
		fmt.Fprintf(&b, "Support Vehicle at %s.\n", SpaceName(s.Support))
	}
	var hoods []string
	for n := 1; n <= 6; n++ {
		h := fmt.Sprintf("%d: %d", n, s.Punks[n-1])
		if s.Gangs[n-1] {
			h += " + Gang"
		}
		if s.Murderer == n {
			h += " + MURDERER"
		}
		hoods = append(hoods, h)
	}
	fmt.Fprintf(&b, "Bad Hoods (Punks): %s. Stockpile %d.\n", strings.Join(hoods, ", "), s.Stockpile)
	var ems []string
	for _, e := range s.Emergencies {
		d := e.Def()
		t := fmt.Sprintf("%s %s %d at %s", d.Colour, d.Name, d.Difficulty, e.Site)
		if e.HasUC {
			if e.Shown >= 0 {
				t += " [" + UCMarkers[e.Shown].Name + "]"
			} else {
				t += " [UC face down]"
			}
		}
		if e.Urgent {
			t += " URGENT"
		}
		ems = append(ems, t)
	}
	fmt.Fprintf(&b, "Emergencies: %s.\n", listOr(ems))
	var board []string
	for c, name := range Categories {
		st := s.Stacks[c]
		where := fmt.Sprintf("%d cards at %s", len(st.Cards), st.Lot)
		if st.Done {
			where = "complete"
		}
		board = append(board, fmt.Sprintf("%s %d/%d (%s)", name, s.Board[c], EvidencePerCategory[c], where))
	}
	fmt.Fprintf(&b, "Murder Investigation Board: %s.\n", strings.Join(board, "; "))
	if s.PatrolStation > 0 || len(s.PatrolOn) > 0 {
		fmt.Fprintf(&b, "Patrol Officers: %d at the Police Station, on streets %v.\n", s.PatrolStation, s.PatrolOn)
	}
	if s.Over {
		b.WriteString(s.Summary + "\n")
	}
	if s.Stopped != "" {
		fmt.Fprintf(&b, "Stopped: %s is not implemented yet.\n", s.Stopped)
	}
	for _, i := range s.Order {
		c := &s.Cops[i]
		if len(c.Hand) == 0 {
			continue
		}
		if !c.seenBy(v.Viewer) || engine.Viewer(i) == v.Viewer {
			continue
		}
		fmt.Fprintf(&b, "Hand of %s: %s.\n", who(i), handNames(c.Hand))
	}
	return b.String()
}

// handNames lists a hand's Police cards by name.
func handNames(hand []int) string {
	names := make([]string, len(hand))
	for k, id := range hand {
		names[k] = PoliceKind(id).Name
	}
	return strings.Join(names, ", ")
}

// loyaltyText words what the table knows of a cop's Loyalty in a
// Dirty-Cop game: the card once shown, and whether the one accusation is
// spent.
func loyaltyText(c *Cop) string {
	t := ""
	if c.Shown != "" {
		t += "; Loyalty card shown: " + c.Shown
	}
	if c.Accused {
		t += "; has accused"
	}
	return t
}

// seenBy reports whether viewer may see this cop's hand (handPolicy).
func (c *Cop) seenBy(viewer engine.Viewer) bool {
	for _, s := range c.KnownTo {
		if s == viewer && viewer != engine.Public {
			return true
		}
	}
	return false
}

func listOr(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
