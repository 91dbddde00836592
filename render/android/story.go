package android

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	an "casefile/engine/android"
	"casefile/render"
)

// The story's part of the pictures: the event track and the specific
// event (drawEvents), each detective's plot card with its baggage and their
// favor-granting NPC (plotLine, npcLine, in the detectives' rows and the
// case file), and the pieces the events put on the map (storyPieces). The
// engine answers which card a slot holds, whether its effect has ended,
// where an NPC stands and the plot card in play (engine/android/reading.go):
// the pictures ask the rules rather than keep a copy of them.

// locBySlug is a location's index, or -1.
func locBySlug(slug string) int {
	for i, l := range an.Locations {
		if l.Slug == slug {
			return i
		}
	}
	return -1
}

// gainWords words what a temporary ability gives.
func gainWords(g string) string {
	switch g {
	case "dropship":
		return "a dropship pass"
	case "trauma back":
		return "one trauma counter back"
	}
	return "a " + g + " favor"
}

// hidingLead is where the testimony lead of the suspect a live hiding
// event hides stands, with the suspect's name, or -1.
func hidingLead(s *an.State, e an.Event) (int, string) {
	sus := s.Suspects[e.Suspect].Def()
	for _, l := range s.Leads {
		if l.Kind == an.Testimony && l.Of == sus.Slug {
			return l.At, sus.Name
		}
	}
	return -1, sus.Name
}

// effectWords words one effect of an event as the board states it: what
// it did, or, for a lasting effect, what it offers now.
func effectWords(s *an.State, sl *an.EventSlot, e an.Event, f an.EventEffect) string {
	where := func(slug string) string {
		if l := locBySlug(slug); l >= 0 {
			return place(l)
		}
		return slug
	}
	suspect := func() string { return s.Suspects[e.Suspect].Def().Name }
	switch f.Kind {
	case an.EffFavorAll:
		return fmt.Sprintf("each detective gained a %s favor", f.Favor)
	case an.EffShiftAll:
		way := "light"
		if f.Dark {
			way = "dark"
		}
		return "each detective shifted one space " + way
	case an.EffTraumaAll:
		if f.City != "" {
			return fmt.Sprintf("each detective in %s took a trauma counter", f.City)
		}
		return "each detective took a trauma counter"
	case an.EffBaggageAll:
		return fmt.Sprintf("each detective gained 1 %s baggage (good or bad as the plot card says)", f.Word)
	case an.EffLily:
		return "Lily Lockwell moved to " + where(f.Where)
	case an.EffJimmy:
		return "Jimmy the Snitch moved to " + where(f.Where)
	case an.EffAlibi:
		if sl.Specific {
			return "an alibi for " + suspect()
		}
		return "an alibi for the live suspect with the fewest"
	case an.EffHit:
		return "a hit on " + suspect()
	case an.EffAbility:
		return fmt.Sprintf("lasting: the first detective at %s may pay 1 Time for %s", where(f.Where), gainWords(f.Gain))
	case an.EffHide:
		at, name := hidingLead(s, e)
		lead := "the testimony lead"
		if at >= 0 {
			lead += " (" + an.Locations[at].Cell + ")"
		}
		return fmt.Sprintf("lasting: %s hides; %s cannot be followed up until a detective there pays 2 Time to flush them out", name, lead)
	case an.EffNPCFavorAll:
		return "each detective gained a favor from their NPC"
	case an.EffNPCKill:
		return "the first player's NPC was eliminated"
	case an.EffNPCMeet:
		who := "the first player's NPC"
		if sl.NPC > 0 {
			if n := s.NPCOf(sl.NPC - 1); n != nil {
				who = fmt.Sprintf("%s (%s's NPC)", n.Def().Name, seatName(sl.NPC-1))
			}
		}
		at := where(f.Where)
		if sl.NPC > 0 {
			at = place(sl.At)
		}
		return fmt.Sprintf("lasting: %s waits at %s; their detective may meet them there for 1 Time and a favor", who, at)
	}
	return f.Kind
}

// textLine is one line of a card drawn on the board: wrapped text in a
// weight and colour.
type textLine struct {
	text   string
	weight render.Weight
	ink    color.Color
}

// cardHeight is the height a card of lines needs, wrapped to width, with
// pad above and below.
func cardHeight(c *render.Canvas, lines []textLine, width, pad float64) float64 {
	h := 2 * pad
	for _, l := range lines {
		c.Font(l.weight, small)
		h += float64(len(c.WordWrap(l.text, width))) * small * 1.25
	}
	return h
}

// drawCard draws lines on a panel h high with its top-left at (x, y).
func drawCard(c *render.Canvas, lines []textLine, x, y, w, h, pad float64, fill, edge color.Color) {
	box(c, x, y, w, h, 2, fill, edge)
	fillRect(c, x, y, 8, h, edge)
	yy := y + pad
	for _, l := range lines {
		yy += c.TextWrapped(l.text, x+pad+8, yy, w-2*pad-8, l.weight, small, l.ink)
	}
}

// eventLines are an event slot's lines: its title, whether it is in
// effect, and while it is its text and its effects.
func eventLines(s *an.State, label string, sl *an.EventSlot) []textLine {
	if sl == nil {
		return []textLine{{label + ": empty", render.Bold, render.Faint}}
	}
	e := s.EventDef(sl)
	if s.EventEnded(sl) {
		// A face-down card shows no text: its title says which it was.
		return []textLine{{label + " · ended, face down: " + e.Title, render.Bold, render.Faint}}
	}
	out := []textLine{
		{label + " · in effect", render.Bold, render.Good},
		{e.Title, render.Bold, render.Ink},
		{e.Text, render.Regular, render.Ink},
	}
	var fx []string
	for _, f := range e.Effects {
		fx = append(fx, effectWords(s, sl, e, f))
	}
	if len(fx) > 0 {
		out = append(out, textLine{title(strings.Join(fx, "; ")) + ".", render.Regular, render.Ink})
	}
	return out
}

// drawEvents draws the event track's two spaces side by side and, once
// revealed, the specific event under them (face down until week 2, which
// the heading says), and returns the y below them.
func drawEvents(c *render.Canvas, s *an.State, y float64) float64 {
	ev := &s.Story.Events
	heading := fmt.Sprintf("Events · general deck %d face down", len(ev.Deck))
	if ev.Specific == nil && len(ev.SpecificDown) > 0 {
		heading += " · specific event face down until week 2"
	}
	c.Text(heading, margin, y, render.Bold, head, render.Ink)
	y += 44
	const pad, gap = 12.0, 16.0
	width := boardW - 2*margin
	colW := (width - gap) / 2
	cols := [2][]textLine{eventLines(s, "Space 1 (newest)", ev.Track[0]), eventLines(s, "Space 2", ev.Track[1])}
	h := max(cardHeight(c, cols[0], colW-2*pad-8, pad), cardHeight(c, cols[1], colW-2*pad-8, pad))
	for i, lines := range cols {
		edge := color.Color(render.Good)
		if ev.Track[i] == nil || s.EventEnded(ev.Track[i]) {
			edge = render.Grid
		}
		drawCard(c, lines, margin+float64(i)*(colW+gap), y, colW, h, pad, render.Paper, edge)
	}
	y += h
	if ev.Specific == nil {
		return y
	}
	y += 12
	lines := eventLines(s, "The murder's specific event, revealed", ev.Specific)
	edge := color.Color(render.Grid)
	if !s.EventEnded(ev.Specific) {
		edge = render.Alert
	}
	h = cardHeight(c, lines, width-2*pad-8, pad)
	drawCard(c, lines, margin, y, width, h, pad, render.Paper, edge)
	return y + h
}

// plotLine is a detective's plot as the table sees it: the card in play,
// its text when full (the case file; the board leaves the story's prose
// out to stay within its size), the conditional baggage its good and bad
// sections list, the baggage on it, and the endings reached.
func plotLine(s *an.State, seat int, full bool) string {
	d := &s.Dets[seat]
	if seat >= len(s.Story.Plots) {
		if d.Plot == "" {
			return ""
		}
		return "Plot: " + d.Plot
	}
	ps := s.Story.Plots[seat]
	var b strings.Builder
	switch card, ok := s.PlotCardInPlay(seat); {
	case ok:
		name := "start card"
		if ps.Card == an.CardCrossroads {
			name = [2]string{"crossroads (hopeful)", "crossroads (troubled)"}[ps.Side]
		}
		if full {
			fmt.Fprintf(&b, "Plot: %s, %s: %s Good baggage from %s; bad from %s. On it: %d good, %d bad.",
				ps.Title, name, card.Text, listOr(card.Good), listOr(card.Bad), ps.Good, ps.Bad)
		} else {
			fmt.Fprintf(&b, "Plot: %s, %s · good from %s · bad from %s · baggage on it: %d good, %d bad",
				ps.Title, name, listOr(card.Good), listOr(card.Bad), ps.Good, ps.Bad)
		}
	default:
		fmt.Fprintf(&b, "Plot: %s, ended.", ps.Title)
	}
	if seat < len(s.Story.Endings) {
		for _, e := range s.Story.Endings[seat] {
			fmt.Fprintf(&b, " Ending reached: %s, %s (%+d VP, %s).", e.Plot, e.Ending, e.VP, an.Happy(e.VP))
		}
	}
	return b.String()
}

// npcLine is a detective's favor-granting NPC: the favors held from him,
// those left in his pile, where an event put him, or his death; short
// for the board's rows, in full for the case file.
func npcLine(s *an.State, seat int, full bool) string {
	n := s.NPCOf(seat)
	if n == nil {
		return ""
	}
	def := n.Def()
	kinds := strings.Join(def.Types, "/")
	if !full {
		if n.Dead {
			return fmt.Sprintf("NPC %s: eliminated (skull)", def.Name)
		}
		line := fmt.Sprintf("NPC %s (%s): %d held, %d left", def.Name, kinds, n.Held, n.Pile)
		if at := s.NPCOnMap(seat); at >= 0 {
			line += ", at " + an.Locations[at].Cell
		}
		return line
	}
	if n.Dead {
		return fmt.Sprintf("NPC %s (%s favors): eliminated, skull side up; %d favors discarded, none to gain again.", def.Name, kinds, n.Discarded)
	}
	line := fmt.Sprintf("NPC %s (%s favors): %d held, %d left in the pile", def.Name, kinds, n.Held, n.Pile)
	if at := s.NPCOnMap(seat); at >= 0 {
		line += ", on the map at " + place(at)
	}
	return line + "."
}

func listOr(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

// storyPieces adds to the map the pieces the story puts there: each NPC's
// status marker an event placed (AN-EVENT-06) and a star on each location
// a live event gives a temporary ability.
func storyPieces(s *an.State, out map[int][]mapPiece) {
	for _, seat := range s.Order {
		if at := s.NPCOnMap(seat); at >= 0 {
			out[at] = append(out[at], mapPiece{fmt.Sprintf("an npc %d", seat), func(c *render.Canvas, x, y float64) { npcMarker(c, x, y, render.PlayerColor(seat)) }})
		}
	}
	for _, sl := range s.LiveEvents() {
		for _, f := range s.EventDef(sl).Effects {
			if f.Kind != an.EffAbility {
				continue
			}
			if l := locBySlug(f.Where); l >= 0 {
				out[l] = append(out[l], mapPiece{"an star", func(c *render.Canvas, x, y float64) { eventStar(c, x, y) }})
			}
		}
	}
}

// npcMarker draws an NPC's status marker centred on (x, y): a white disc
// with a thick ring in his detective's seat colour.
func npcMarker(c *render.Canvas, x, y float64, col color.Color) {
	r := piece / 2
	c.DrawCircle(x, y, r-2.5)
	c.SetColor(white)
	c.FillPreserve()
	c.SetColor(col)
	c.SetLineWidth(5)
	c.Stroke()
	c.Occupy(x-r, y-r, 2*r, 2*r, "", 0)
}

// eventStar draws the mark of a live event's temporary ability centred
// on (x, y): a five-pointed star.
func eventStar(c *render.Canvas, x, y float64) {
	r := piece / 2
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		px, py := x+rr*math.Cos(a), y+rr*math.Sin(a)
		if i == 0 {
			c.MoveTo(px, py)
		} else {
			c.LineTo(px, py)
		}
	}
	c.ClosePath()
	c.SetColor(typeColours[an.Religious])
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	c.Occupy(x-r, y-r, 2*r, 2*r, "", 0)
}

// storyWhereabouts names under the map what the story's pieces show.
func storyWhereabouts(s *an.State) []string {
	var out []string
	for _, seat := range s.Order {
		if at := s.NPCOnMap(seat); at >= 0 {
			if n := s.NPCOf(seat); n != nil {
				out = append(out, fmt.Sprintf("%s's NPC %s at %s", seatName(seat), n.Def().Name, an.Locations[at].Cell))
			}
		}
	}
	for _, sl := range s.LiveEvents() {
		e := s.EventDef(sl)
		for _, f := range e.Effects {
			switch f.Kind {
			case an.EffAbility:
				if l := locBySlug(f.Where); l >= 0 {
					out = append(out, fmt.Sprintf("star at %s: %s, %s for 1 Time", an.Locations[l].Cell, e.Title, gainWords(f.Gain)))
				}
			case an.EffHide:
				at, name := hidingLead(s, e)
				if at >= 0 {
					out = append(out, fmt.Sprintf("%s hides: the testimony lead at %s cannot be followed up", name, an.Locations[at].Cell))
				}
			}
		}
	}
	return out
}
