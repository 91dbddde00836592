package policeprecinct

import (
	"fmt"
	"strconv"
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
	// Written piece by piece, not by fmt: a move sends this text to every
	// seat whose view changed, and formatting was most of its cost.
	b.Grow(1024 + 160*len(s.Cops))
	b.WriteString("Police Precinct — Day ")
	b.WriteString(strconv.Itoa(s.Day))
	b.WriteString(" (Murderer on Day ")
	b.WriteString(strconv.Itoa(MurdererDay))
	b.WriteString(", lost on Day ")
	b.WriteString(strconv.Itoa(LastDay))
	b.WriteString("), Crime Track ")
	b.WriteString(strconv.Itoa(s.Crime))
	b.WriteString(" of ")
	b.WriteString(strconv.Itoa(s.FailSpace()))
	b.WriteString(".\n")
	// The seat's own Loyalty card comes first: a DM cut to Discord's length
	// must never lose it.
	if v.Viewer != engine.Public && int(v.Viewer) < len(s.Cops) && s.Cops[v.Viewer].Loyalty != "" {
		b.WriteString("Your Loyalty card: " + s.Cops[v.Viewer].Loyalty + ".\n")
	}
	// So does the seat's own hand, the one its private DM is about; the
	// other hands it may see come last.
	if v.Viewer != engine.Public && int(v.Viewer) < len(s.Cops) {
		if c := &s.Cops[v.Viewer]; len(c.Hand) > 0 && c.seenBy(v.Viewer) {
			b.WriteString("Your hand: ")
			writeHand(&b, c.Hand)
			b.WriteString(".\n")
		}
	}
	for _, i := range s.Order {
		c := &s.Cops[i]
		car := "Unmarked"
		if c.Marked {
			car = "Marked"
		}
		b.WriteString(who(i))
		b.WriteString(": ")
		b.WriteString(c.Char().Name)
		b.WriteString(", ")
		b.WriteString(car)
		b.WriteString(" car at ")
		b.WriteString(SpaceName(c.At))
		b.WriteString("; Donuts ")
		b.WriteString(strconv.Itoa(c.Donuts))
		b.WriteString(", Upgrades ")
		b.WriteString(listOr(c.Upgrades))
		b.WriteString(", ")
		b.WriteString(strconv.Itoa(len(c.Hand)))
		b.WriteString(" Police ")
		b.WriteString(plural(len(c.Hand), "card", "cards"))
		b.WriteString(loyaltyText(c))
		b.WriteString(".\n")
	}
	if s.Support >= 0 {
		b.WriteString("Support Vehicle at " + SpaceName(s.Support) + ".\n")
	}
	b.WriteString("Bad Hoods (Punks): ")
	for n := 1; n <= 6; n++ {
		if n > 1 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
		b.WriteString(": ")
		b.WriteString(strconv.Itoa(s.Punks[n-1]))
		if s.Gangs[n-1] {
			b.WriteString(" + Gang")
		}
		if s.Murderer == n {
			b.WriteString(" + MURDERER")
		}
	}
	b.WriteString(". Stockpile ")
	b.WriteString(strconv.Itoa(s.Stockpile))
	b.WriteString(".\nEmergencies: ")
	if len(s.Emergencies) == 0 {
		b.WriteString("none")
	}
	for k, e := range s.Emergencies {
		if k > 0 {
			b.WriteString(", ")
		}
		d := e.Def()
		b.WriteString(d.Colour)
		b.WriteString(" ")
		b.WriteString(d.Name)
		b.WriteString(" ")
		b.WriteString(strconv.Itoa(d.Difficulty))
		b.WriteString(" at ")
		b.WriteString(e.Site)
		if e.HasUC {
			if e.Shown >= 0 {
				b.WriteString(" [" + UCMarkers[e.Shown].Name + "]")
			} else {
				b.WriteString(" [UC face down]")
			}
		}
		if e.Urgent {
			b.WriteString(" URGENT")
		}
	}
	b.WriteString(".\nMurder Investigation Board: ")
	for c, name := range Categories {
		if c > 0 {
			b.WriteString("; ")
		}
		st := s.Stacks[c]
		b.WriteString(name)
		b.WriteString(" ")
		b.WriteString(strconv.Itoa(s.Board[c]))
		b.WriteString("/")
		b.WriteString(strconv.Itoa(EvidencePerCategory[c]))
		b.WriteString(" (")
		if st.Done {
			b.WriteString("complete")
		} else {
			b.WriteString(strconv.Itoa(len(st.Cards)))
			b.WriteString(" cards at ")
			b.WriteString(st.Lot)
		}
		b.WriteString(")")
	}
	b.WriteString(".\n")
	if s.PatrolStation > 0 || len(s.PatrolOn) > 0 {
		fmt.Fprintf(&b, "Patrol Officers: %d at the Police Station, on streets %v.\n", s.PatrolStation, s.PatrolOn)
	}
	if s.Over {
		b.WriteString(s.Summary + "\n")
	}
	if s.Stopped != "" {
		b.WriteString("Stopped: " + s.Stopped + " is not implemented yet.\n")
	}
	for _, i := range s.Order {
		c := &s.Cops[i]
		if len(c.Hand) == 0 {
			continue
		}
		if !c.seenBy(v.Viewer) || engine.Viewer(i) == v.Viewer {
			continue
		}
		b.WriteString("Hand of ")
		b.WriteString(who(i))
		b.WriteString(": ")
		writeHand(&b, c.Hand)
		b.WriteString(".\n")
	}
	return b.String()
}

// writeHand writes a hand's Police cards by name, as handNames lists them.
func writeHand(b *strings.Builder, hand []int) {
	for k, id := range hand {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(PoliceKind(id).Name)
	}
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
