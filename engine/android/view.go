package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// View is what one viewer may see of a game: a redacted copy of the state.
// The public view feeds /status; a seat's view adds its hunches, its
// hand's cards, the token it holds and the face-down evidence it knows.
type View struct {
	State  *State        `json:"state"`
	Viewer engine.Viewer `json:"viewer"`
}

// View returns the redacted view for viewer.
func (s *State) View(viewer engine.Viewer) engine.View {
	return &View{State: engine.Redact(s, viewer), Viewer: viewer}
}

// ViewTextPrefix writes the beginning of viewer's view text from the
// whole state, without the view's redacted copy (engine.ViewTextPrefixer;
// all of it for n < 0): a move's DMs write one for every seat whose view
// changed, and the copy cost more than the text. It is the view's text
// because text reads a seat's secrets only for that seat and a face-down
// token only for a seat that knows it, and reads the hidden piles only
// by their counts, which the redacted copy keeps
// (TestViewTextPrefixIsTheViewsText).
func (s *State) ViewTextPrefix(viewer engine.Viewer, n int) string {
	return (&View{State: s, Viewer: viewer}).text(n)
}

// Text is a readable summary of the board, plus the viewer's secrets.
func (v *View) Text() string { return v.text(-1) }

// TextPrefix writes Text only until it is n bytes long, stopping at the
// end of a line (see engine.TextPrefixer).
func (v *View) TextPrefix(n int) string { return v.text(n) }

// text writes the view's text, all of it when n < 0, else until at least
// n bytes are written: it stops at the end of the first line that gets
// there.
func (v *View) text(n int) string {
	s := v.State
	var b strings.Builder
	enough := func() bool { return n >= 0 && b.Len() >= n }
	w, d := s.weekDay()
	if s.Over {
		w, d = Weeks, DaysPerWeek
	}
	fmt.Fprintf(&b, "Android — the murder of %s. Week %d, day %d of %d.\n", Murders[s.Murder].Victim, w, d, DaysPerWeek)
	me := int(v.Viewer)
	if v.Viewer != engine.Public && me < len(s.Dets) {
		// The seat's secrets come first: a DM cut to Discord's length must
		// never lose them.
		dt := &s.Dets[me]
		fmt.Fprintf(&b, "Your hunches: %s is guilty, %s is innocent.\n", suspectName(dt.Guilty), suspectName(dt.Innocent))
		var cards []string
		for _, c := range dt.Hand {
			cards = append(cards, c.Card)
		}
		if len(cards) == 0 {
			b.WriteString("Your twilight cards: none.\n")
		} else {
			fmt.Fprintf(&b, "Your twilight cards:\n  %s\n", handText(dt.Hand))
		}
		for _, t := range dt.Holding {
			fmt.Fprintf(&b, "You hold evidence %s to place.\n", EvidencePool[t])
		}
		b.WriteString(memoryText(dt))
	}
	if enough() {
		return b.String()
	}
	fmt.Fprintf(&b, "Scene of the crime: %s (%s's hero marker). Lily Lockwell at %s, Jimmy the Snitch at %s.\n",
		Locations[s.Scene].Name, who(s.SceneHero), Locations[s.Lily].Name, Locations[s.Jimmy].Name)
	for _, i := range s.Order {
		dt := &s.Dets[i]
		var favors []string
		for _, f := range FavorTypes {
			if n := dt.Favors[f]; n > 0 {
				favors = append(favors, fmt.Sprintf("%d %s", n, f))
			}
		}
		fmt.Fprintf(&b, "%s: %s at %s; twilight %+d; %d twilight %s; favors %s; plot %s.\n", who(i), dt.Def().Name, Locations[dt.At].Name,
			dt.Twilight, len(dt.Hand), plural(len(dt.Hand), "card", "cards"), listOr(favors), dt.Plot)
		heroLines(&b, dt)
		if enough() {
			return b.String()
		}
	}
	for _, sus := range s.Suspects {
		if enough() {
			return b.String()
		}
		if sus.Dead {
			fmt.Fprintf(&b, "%s: dead (%d hits).\n", sus.Def().Name, sus.Hits)
			continue
		}
		var files []string
		for f, file := range sus.Files {
			var toks []string
			for _, e := range file {
				switch {
				case e.FaceUp():
					toks = append(toks, e.Shown)
				case v.Viewer != engine.Public && e.knows(v.Viewer):
					toks = append(toks, "face down "+EvidencePool[e.Token].String())
				default:
					toks = append(toks, "face down")
				}
			}
			files = append(files, fmt.Sprintf("%s [%s]", Files[f], strings.Join(toks, ", ")))
		}
		fmt.Fprintf(&b, "%s: %s; %d alibis, %d hits.\n", sus.Def().Name, strings.Join(files, " "), sus.Alibis, sus.Hits)
	}
	if enough() {
		return b.String()
	}
	var leads []string
	for _, l := range s.Leads {
		if l.At >= 0 {
			leads = append(leads, fmt.Sprintf("%s at %s", l.Name(), Locations[l.At].Name))
		}
	}
	fmt.Fprintf(&b, "Leads: %s. Evidence pile: %d.\n", listOr(leads), len(s.EvidencePile))
	if enough() {
		return b.String()
	}
	b.WriteString(s.storyText())
	b.WriteString(s.rayPublicText())
	if s.Over {
		b.WriteString(s.Summary + "\n")
	}
	return b.String()
}

// knows reports whether viewer knows a face-down token.
func (e *Evidence) knows(viewer engine.Viewer) bool {
	for _, k := range e.KnownTo {
		if k == viewer {
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

// StandInMove plays for an absent seat: the decision's default (end the
// turn, decline a free card, the first legal place for a lead or a
// token). It never looks at the seat's hunches.
func (s *State) StandInMove(seat engine.Seat, r *engine.Rand) string {
	legal := s.Legal(seat)
	if top := s.Pending.Top(); top != nil {
		if m, ok := engine.MatchLegal(legal, top.Default); ok {
			return m
		}
	}
	if len(legal) == 0 {
		return ""
	}
	return legal[0]
}
