package heist

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"casefile/render"
)

// drawNoise draws the noise tracker across the picture: its level in
// large type, then its slots, filled up to the level, Alert slots marked
// "!" in red, the current slot framed. It returns the y below it.
func drawNoise(c *canvas, n NoiseTrack, x, y, w float64) float64 {
	if n.Final <= 0 {
		c.Text(fmt.Sprintf("Noise %d", n.Level), x, y, render.Bold, textStatus, render.Ink)
		return y + textStatus*1.4
	}
	head := fmt.Sprintf("Noise %d of %d", n.Level, n.Final)
	col := color.Color(render.Ink)
	next := 0
	for _, a := range n.Alerts {
		if a > n.Level && (next == 0 || a < next) {
			next = a
		}
	}
	switch {
	case n.Level > n.Final:
		head += fmt.Sprintf(": %d past the end, an Alert each", n.Level-n.Final)
		col = render.Alert
	case next > 0:
		head += fmt.Sprintf(" · next Alert at %d", next)
	}
	c.Text(head, x, y, render.Bold, textStatus, col)
	// The slots start on a whole pixel (as the key does): their stamps
	// are then the same on every board of a scenario.
	y = math.Ceil(y + textStatus*1.35)
	alert := map[int]bool{}
	for _, a := range n.Alerts {
		alert[a] = true
	}
	per := min(n.Final, 24)
	cell := math.Min(w/float64(per), 56)
	for i := 1; i <= n.Final; i++ {
		cx := x + float64((i-1)%per)*cell
		cy := y + float64((i-1)/per)*cell
		filled, isAlert, now := i <= n.Level, alert[i], i == n.Level
		key := fmt.Sprintf("noise|%v|%v|%v|%.3f", filled, isAlert, now, cell)
		c.Stamp(key, cx, cy, cell, cell, 2, render.Background, func(c *canvas, cx, cy float64) {
			drawNoiseCell(c, cx, cy, cell, filled, isAlert, now)
		})
	}
	rows := (n.Final + per - 1) / per
	y += float64(rows)*cell + 4
	c.Text("Filled: noise made · red ! : an Alert when reached · framed: now", x, y, render.Regular, textMin, render.Faint)
	return y + textMin*1.6
}

// drawNoiseCell draws one slot of the noise tracker with its top-left at
// (cx, cy): filled when reached, an Alert's "!", framed when current.
func drawNoiseCell(c *canvas, cx, cy, cell float64, filled, isAlert, now bool) {
	s := cell - 6
	fill, mark := color.Color(render.Paper), color.Color(render.Alert)
	if filled {
		fill, mark = render.Faint, color.White
	}
	c.FillRect(cx+3, cy+3, s, s, fill)
	c.DrawRectangle(cx+3, cy+3, s, s)
	if isAlert {
		c.SetColor(render.Alert)
		c.SetLineWidth(3)
	} else {
		c.SetColor(render.Grid)
		c.SetLineWidth(1.5)
	}
	c.Stroke()
	if isAlert {
		c.TextCentered("!", cx+cell/2, cy+cell/2-0.125*textHead, render.Bold, textHead, mark)
	}
	if now {
		c.DrawRectangle(cx+1, cy+1, cell-2, cell-2)
		c.SetColor(render.Ink)
		c.SetLineWidth(4)
		c.Stroke()
	}
}

// drawCrew draws the crew, one character a block: pawn, name, and a line
// of ideas, loot and status; a character whose player must act is on a
// red band with a red-rimmed pawn. It returns the y below it.
func drawCrew(c *canvas, s MapScene, x, y, w float64, leg *legend) float64 {
	if len(s.Team) == 0 {
		return y
	}
	title := "Crew"
	if s.TeamCash != 0 {
		title = fmt.Sprintf("Crew · team cash $%dk", s.TeamCash)
	}
	c.Text(title, x, y, render.Bold, textHead, render.Ink)
	y += textHead * 1.4
	for _, m := range s.Team {
		seat := m.Seat
		if m.NPC {
			seat = -1
		}
		bg := render.Background
		if m.Waiting {
			c.Stamp(fmt.Sprintf("band|%.3f", w), x-6, y-4, w+6, 62, 2, render.Background, func(c *canvas, x0, y0 float64) {
				c.FillRoundedRect(x0, y0, w+6, 62, 6, colPaleAlert)
			})
			bg = colPaleAlert
		}
		mark := m.Mark
		if mark == "" {
			mark = markOf(m.Name)
		}
		f := Figure{Seat: seat, Mark: mark, Waiting: m.Waiting, Busted: m.Status == "busted", Escaped: m.Status == "escaped"}
		pw := pawnWidth(c, f.Mark, baseSizes)
		stampPawn(c, f, x+pw/2, y+pawnH/2+2, pw, pawnH, baseSizes.pawn, bg)
		leg.addPawn(f)
		name := m.Name
		if m.Card != "" && m.Card != m.Name {
			name += " (" + m.Card + ")"
		}
		if m.Hex != "" {
			name = m.Hex + " · " + name // where everyone is, even on a crowded hex
		}
		tx := x + pw + 10
		c.Font(render.Bold, textName)
		c.Text(ellipsis(c, name, w-pw-14), tx, y, render.Bold, textName, render.Ink)
		var bits []string
		if m.Waiting {
			bits = append(bits, "MUST ACT")
		}
		bits = append(bits, fmt.Sprintf("ideas %d", m.Ideas))
		if m.Cash > 0 {
			bits = append(bits, fmt.Sprintf("$%dk", m.Cash))
		}
		bits = append(bits, m.Loot...)
		if m.Status != "" {
			bits = append(bits, m.Status)
		}
		col := color.Color(render.Ink)
		if m.Waiting || m.Status == "busted" {
			col = render.Alert
		}
		c.Font(render.Regular, textMin)
		c.Text(ellipsis(c, strings.Join(bits, " · "), w-pw-14), tx, y+textName*1.25, render.Regular, textMin, col)
		y += 66
	}
	return y
}

// drawCards draws the Event deck's next cards and the card last dealt at
// x, and the Crisis queue and the Security bag's counts at x2: below the
// deck when x2 is x, else in a column of their own from y. It returns the
// y below the deck and below the rest.
func drawCards(c *canvas, s MapScene, x, y, w, x2 float64) (float64, float64) {
	top := y
	head := func(t string) {
		c.Text(t, x, y, render.Bold, textHead, render.Ink)
		y += textHead * 1.4
	}
	row := func(tag string, bold bool, card Card) {
		wt := render.Regular
		if bold {
			wt = render.Bold
		}
		c.Text(tag, x, y+6, wt, textMin, render.Ink)
		drawCard(c, card, x+62, y, w-62)
		y += 38
	}
	head(fmt.Sprintf("Event deck · %d left", s.DeckLeft))
	if s.Active != nil {
		row("last", false, *s.Active)
	}
	if len(s.Upcoming) == 0 {
		c.Text("empty", x, y, render.Regular, textBody, render.Ink)
		y += 34
	}
	for i, card := range s.Upcoming {
		tag := fmt.Sprintf("%d", i+1)
		if i == 0 {
			tag = "next"
		}
		row(tag, i == 0, card)
	}
	deckEnd := y
	if x2 != x {
		x, y = x2, top
	} else {
		y += 10
	}
	head("Crisis queue")
	if len(s.Crises) == 0 {
		c.Text("none", x, y, render.Regular, textBody, render.Ink)
		y += 34
	}
	for i, card := range s.Crises {
		row(fmt.Sprintf("%d", i+1), false, card)
	}
	if len(s.Bag) > 0 {
		y += 10
		head("Security bag")
		var parts []string
		for _, b := range s.Bag {
			parts = append(parts, fmt.Sprintf("%s %d", b.Kind, b.N))
		}
		y += c.TextWrapped(strings.Join(parts, " · "), x, y, w, render.Regular, textBody, render.Ink)
	}
	if x2 == x && deckEnd < y {
		deckEnd = y
	}
	return deckEnd, y
}

// drawCard draws one card as a bar: code, then name; Crisis cards pink,
// a final Crisis (it starts the Escape) dark red, with the word.
func drawCard(c *canvas, card Card, x, y, w float64) {
	fill, ink := color.Color(render.Paper), color.Color(render.Ink)
	name := card.Name
	switch {
	case card.Final:
		fill, ink = colFinal, color.White
		name = "final crisis: " + name
	case card.Crisis:
		fill = colCrisis
		name = "crisis: " + name
	}
	c.Stamp(fmt.Sprintf("card|%v|%.3f", fill, w), x, y, w, 32, 2, render.Background, func(c *canvas, x, y float64) {
		c.FillRoundedRect(x, y, w, 32, 5, fill)
		c.DrawRoundedRectangle(x, y, w, 32, 5)
		c.SetColor(render.Grid)
		c.SetLineWidth(1)
		c.Stroke()
	})
	c.Text(card.Code, x+8, y+5, render.Bold, textBody, ink)
	c.Font(render.Regular, textBody)
	c.Text(ellipsis(c, name, w-70), x+58, y+5, render.Regular, textBody, ink)
}
