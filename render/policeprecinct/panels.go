package policeprecinct

import (
	"errors"
	"fmt"
	"image"
	"strings"

	"casefile/engine"
	pp "casefile/engine/policeprecinct"
	"casefile/render"
)

// drawLegend explains every shape and colour of the map; which seat each
// car colour is stands in the Cops list. Its first car, in the colour of
// the first cop in turn order, is a part (legendParts).
func drawLegend(c *render.Canvas) {
	y := legendTop
	c.Text("Legend", margin, y, render.Bold, head, render.Ink)
	y += 44
	colW := (boardW - 2*margin) / 2
	type entry struct {
		draw  func(x, y float64)
		label string
	}
	// Each cop's car colour is shown beside the cop in the Cops list.
	es := []entry{{func(x, y float64) {}, "Car: its cop's colour (Cops)"}}
	es = append(es,
		entry{func(x, y float64) { car(c, x, y+7, white, true, false, render.Background) }, "Red light bar: Marked car"},
		entry{func(x, y float64) { car(c, x, y+7, white, false, true, render.Background) }, "Red rim: the cop acting now"},
		entry{func(x, y float64) { car(c, x, y+7, supportColour, false, false, render.Background) }, "Grey car: Support Vehicle"},
		entry{func(x, y float64) { car(c, x, y+7, stolenColour, false, false, render.Background) }, "Black car: stolen car (Car Theft)"},
		entry{func(x, y float64) { patrolCube(c, x+carW/2, y+18, render.Background) }, "Blue square: Patrol Officer"},
		entry{func(x, y float64) { arrow(c, x+carW/2, y+10, true) }, "White arrow: Enter, to the avenue"},
	)
	for i, e := range es {
		x := margin + float64(i%2)*colW
		yy := y + float64(i/2)*44
		e.draw(x, yy)
		c.Text(e.label, x+carW+14, yy+2, render.Regular, small, render.Ink)
	}
	y += float64((len(es)+1)/2) * 44
	chips := []struct {
		ch    chip
		label string
	}{
		{chip{label: "Body 9", fill: stackColour}, "Investigation stack, cards left"},
		{chip{label: "4 UC", fill: emergencyColours["red"]}, "Emergency: colour, difficulty, UC face down"},
		{chip{label: "4 UC+", fill: emergencyColours["blue"]}, "UC+: its UC marker is face up (list below)"},
		{chip{label: "5", fill: emergencyColours["yellow"], ring: true}, "Red rim: the Urgent Emergency"},
		{chip{label: "Punks 3", fill: punkColour}, "Street Punks in the Bad Hood"},
		{chip{label: "Gang", fill: gangColour}, "Street Gang card"},
		{chip{label: "Murderer", fill: murderColour, ring: true}, "The Murderer, from Day 16"},
		{chip{label: "Jail", fill: specialColour}, "Lasting Special Event (list below)"},
		{chip{label: "Patrol 2", fill: patrolColour}, "Patrol Officers at the Station"},
	}
	for i, e := range chips {
		x := margin + float64(i%2)*colW
		yy := y + float64(i/2)*46
		w := chipWidth(c, e.ch)
		drawChip(c, e.ch, x, yy, w, render.Background)
		c.Text(e.label, x+w+12, yy+3, render.Regular, small, render.Ink)
	}
	y += float64((len(chips)+1)/2) * 46
	c.FillRect(margin, y, 36, 36, blockedColour)
	c.DrawRectangle(margin, y, 36, 36)
	c.SetColor(render.Alert)
	c.SetLineWidth(4)
	c.Stroke()
	c.Occupy(margin, y, 36, 36, "", 0)
	c.Text("Red-rimmed intersection: blocked, no car drives through", margin+50, y+3, render.Regular, small, render.Ink)
}

// legendParts is the legend's first car, in the colour of the first cop
// in turn order.
func legendParts(s *pp.State) []render.Part {
	if len(s.Order) == 0 {
		return nil
	}
	x, y := margin, legendTop+44+7
	return []render.Part{{Rect: render.PartRect(x, y, x+carW, y+carH, 3), Indexed: true, Draw: func(c *render.Canvas) {
		car(c, x, y, render.PlayerColor(s.Order[0]), false, false, render.Background)
	}}}
}

// privateW is the width of a cop's own picture.
const privateW = 1100

// Private draws a cop's own hand from that seat's view: the Police cards
// with their symbols, timing and text.
func Private(v engine.View) (image.Image, error) {
	c, h, err := private(v)
	if err != nil {
		return nil, err
	}
	return c.Picture(h, base), nil
}

func private(v engine.View) (*render.Canvas, int, error) {
	pv, err := viewOf(v)
	if err != nil {
		return nil, 0, err
	}
	if pv.Viewer < 0 || int(pv.Viewer) >= len(pv.State.Cops) {
		return nil, 0, errors.New("policeprecinct render: Private needs a seat's view")
	}
	c, h := drawn(privateW, 1400, func(c *render.Canvas) float64 { return drawPrivate(c, pv) })
	return c, h, nil
}

// drawPrivate draws the cop's Character, Donuts and hand.
func drawPrivate(c *render.Canvas, pv *pp.View) float64 {
	s := pv.State
	seat := int(pv.Viewer)
	cop := &s.Cops[seat]
	ch := cop.Char()
	width := privateW - 2*margin
	c.Token(margin+26, 44, 26, render.PlayerColor(seat), fmt.Sprint(seat+1))
	c.Text("Your hand — "+copName(seat), margin+66, 18, render.Bold, big, render.Ink)
	c.Text(fmt.Sprintf("%s · glass %d · light %d · cuffs %d", ch.Name, ch.Glass, ch.Light, ch.Cuffs), margin+66, 66, render.Regular, small, render.Faint)
	y := 110.0
	y += c.TextWrapped(ch.Ability, margin, y, width, render.Regular, small, render.Ink) + 10
	ups := "none"
	if len(cop.Upgrades) > 0 {
		ups = strings.Join(cop.Upgrades, ", ")
	}
	c.Text(fmt.Sprintf("Donuts %d · Upgrades: %s · Police cards %d of %d", cop.Donuts, ups, len(cop.Hand), pp.HandLimit), margin, y, render.Bold, small, render.Ink)
	y += 48
	if cop.Loyalty != "" {
		// The seat's own Loyalty card: its view holds it, no other does.
		c.Text("Your Loyalty card: "+capital(cop.Loyalty)+" (secret: only you see it)", margin, y, render.Bold, small, render.Alert)
		y += 48
	}
	if len(cop.Hand) == 0 {
		c.Text("No Police cards in hand.", margin, y, render.Regular, small, render.Faint)
		return y + 40 + margin
	}
	fresh := map[int]bool{}
	for _, id := range cop.Fresh {
		fresh[id] = true
	}
	for _, id := range cop.Hand {
		pc := pp.PoliceKind(id)
		c.Font(render.Regular, small)
		lines := len(c.WordWrap(pc.Text, width-28))
		h := 92 + float64(lines)*small*1.25
		c.Panel(margin, y, width, h, render.Paper, render.Ink)
		c.Text(title(pc.Name), margin+14, y+10, render.Bold, head, render.Ink)
		tag := "when: " + timingWords(pc.Timing)
		if fresh[id] {
			tag += " · new this turn: not playable yet"
		}
		c.Text(fmt.Sprintf("symbols: glass %d · light %d · cuffs %d · %s", pc.Glass, pc.Light, pc.Cuffs, tag), margin+14, y+48, render.Regular, small, render.Faint)
		c.TextWrapped(pc.Text, margin+14, y+84, width-28, render.Regular, small, render.Ink)
		y += h + 12
	}
	return y + margin
}

func timingWords(t pp.Timing) string {
	switch t {
	case pp.TimeMove:
		return "Move phase"
	case pp.TimeRoll:
		return "before a draw or roll"
	}
	return "any time"
}

// altMax is Discord's limit on an attachment's description.
const altMax = 1024

// Alt describes the board for its alt text, leading as the picture does:
// the result, or the day and whose turn it is; then the Crime Track, the
// Evidence and the Emergencies. It reads only the view it is given.
func Alt(v engine.View) string {
	pv, err := viewOf(v)
	if err != nil {
		return "Police Precinct board."
	}
	s := pv.State
	var b strings.Builder
	if s.Over {
		fmt.Fprintf(&b, "Police Precinct, game over: %s ", expand(s.Summary))
	} else {
		var names []string
		for _, a := range acting(s) {
			names = append(names, copName(a))
		}
		fmt.Fprintf(&b, "Police Precinct, Day %d of %d. ", s.Day, pp.LastDay)
		if len(names) > 0 {
			fmt.Fprintf(&b, "Now: %s. ", strings.Join(names, ", "))
		}
	}
	found, need := 0, 0
	for i, n := range s.Board {
		found += n
		need += pp.EvidencePerCategory[i]
	}
	fmt.Fprintf(&b, "Crime Track %d of %d. Evidence %d of %d. %d Emergencies.", s.Crime, s.FailSpace(), found, need, len(s.Emergencies))
	if s.Murderer > 0 {
		fmt.Fprintf(&b, " The Murderer is in Bad Hood %d.", s.Murderer)
	}
	for seat, cop := range s.Cops {
		if cop.Shown != "" {
			fmt.Fprintf(&b, " %s's Loyalty card, shown: %s.", copName(seat), capital(cop.Shown))
		}
	}
	out := b.String()
	if len(out) > altMax {
		out = out[:altMax]
	}
	return out
}

// capital gives a Loyalty card's name as the card prints it: "Dirty".
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
