// Package policeprecinct draws Police Precinct: the public board (the
// city with its cars, Punks, Emergencies and Investigation stacks, the
// Calendar, the Crime Track, the Murder Investigation Board, the cops'
// Donuts, Upgrades and hand counts, and a legend) and each cop's own hand
// for their DM. Drawing is a pure function of a view: the public picture
// is drawn from the public view, so it cannot show what the view hides.
//
// The board is 1400 px wide for Discord's inline preview (about 550 px):
// no text is smaller than the width/55, and no car, token or marker covers
// a label or another token (the tests hold every picture to this through
// the Canvas's Marks).
package policeprecinct

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"casefile/engine"
	pp "casefile/engine/policeprecinct"
	"casefile/render"
)

// Renderer returns the Police Precinct renderer.
func Renderer() render.Renderer {
	return render.Renderer{Board: Board, Private: Private, Alt: Alt}
}

// Sizes of the board. small keeps to the phone rule: boardW/55 is 25.5.
const (
	boardW = 1400
	margin = 24.0
	small  = 26.0
	head   = 30.0
	big    = 40.0
	// road is a road's width; blockW and blockH a city block's size.
	road   = 84.0
	blockW = (boardW - 2*margin - 4*road) / 3
	blockH = 340.0
	lotW   = blockW / 2
	lotH   = blockH / 2
	// carW×carH is a car on a Street Space; slot the room one takes.
	carW = 32.0
	carH = 22.0
	slot = 37.0
	// chipH is the height of a labelled chip (a stack, an Emergency).
	chipH = 36.0
)

// Colours of the board.
var (
	roadColour    = color.RGBA{0xd6, 0xd0, 0xc6, 0xff}
	lotColour     = color.RGBA{0xee, 0xe8, 0xdc, 0xff}
	hoodColour    = color.RGBA{0xd9, 0xc2, 0xc2, 0xff}
	landColour    = color.RGBA{0xdc, 0xe6, 0xf2, 0xff}
	blockedColour = color.RGBA{0xf3, 0xc4, 0xbd, 0xff}
	stackColour   = color.RGBA{0x3b, 0x4a, 0x6b, 0xff}
	punkColour    = color.RGBA{0x4a, 0x3f, 0x3a, 0xff}
	gangColour    = color.RGBA{0x6b, 0x2f, 0x8f, 0xff}
	specialColour = color.RGBA{0x8a, 0x5a, 0x00, 0xff}
	murderColour  = color.RGBA{0x11, 0x11, 0x11, 0xff}
	supportColour = color.RGBA{0x88, 0x88, 0x88, 0xff}
	patrolColour  = color.RGBA{0x1f, 0x3f, 0x9f, 0xff}
	stolenColour  = color.RGBA{0x22, 0x22, 0x22, 0xff}
	white         = color.RGBA{0xff, 0xff, 0xff, 0xff}
	// emergencyColours are the Event cards' three colours.
	emergencyColours = map[string]color.RGBA{
		"red":    {0xd6, 0x3a, 0x2f, 0xff},
		"blue":   {0x2f, 0x6f, 0xd6, 0xff},
		"yellow": {0xf2, 0xc9, 0x2e, 0xff},
	}
)

// base are the colours Flatten keeps exact.
var base = []color.RGBA{roadColour, lotColour, hoodColour, landColour, blockedColour, stackColour, punkColour, gangColour,
	specialColour, murderColour, supportColour, patrolColour, white, render.Background, render.Paper, render.Ink, render.Faint,
	render.Alert, emergencyColours["red"], emergencyColours["blue"], emergencyColours["yellow"]}

// shortCategory names an Investigation category on its chip.
var shortCategory = []string{"Scene", "Body", "Witness", "Weapon"}

// shortSpecial names a lasting Special Event on its chip; the Special
// Events panel gives the full name.
var shortSpecial = map[string]string{
	"street riot":        "Riot",
	"detainees run amok": "Amok",
	"jail break":         "Jail",
	"gas leak":           "Gas",
	"officer down":       "Down",
	"escort van":         "Van",
	"car theft":          "Theft",
}

func viewOf(v engine.View) (*pp.View, error) {
	pv, ok := v.(*pp.View)
	if !ok || pv == nil || pv.State == nil {
		return nil, errors.New("policeprecinct render: not a Police Precinct view")
	}
	return pv, nil
}

// copName names a seat as the picture does (render.SeatName).
func copName(seat int) string { return render.SeatName(seat) }

// expand replaces the engine's seat references by the picture's names.
func expand(s string) string { return render.ExpandSeats(s) }

// Board draws the public board from the public view.
func Board(v engine.View) (image.Image, error) {
	c, h, err := board(v)
	if err != nil {
		return nil, err
	}
	return c.Picture(h, base), nil
}

// board draws the public board on a canvas, whose Marks the tests read,
// and returns the height it used.
func board(v engine.View) (*render.Canvas, int, error) {
	pv, err := viewOf(v)
	if err != nil {
		return nil, 0, err
	}
	c, h := drawn(boardW, 3100, func(c *render.Canvas) float64 { return drawBoard(c, pv.State) })
	return c, h, nil
}

// drawn draws a picture w wide on a canvas of height guess, or, when it
// needs more, again on one as high as it needs; clearing a canvas is a
// good part of a picture's cost, so the guess is close to a busy board.
func drawn(w, guess int, draw func(c *render.Canvas) float64) (*render.Canvas, int) {
	c := render.NewCanvas(w, guess)
	h := int(draw(c))
	if h > guess {
		c.Release()
		c = render.NewCanvas(w, h)
		draw(c)
	}
	return c, h
}

// drawBoard draws everything from the top and returns the height used.
func drawBoard(c *render.Canvas, s *pp.State) float64 {
	y := drawHeader(c, s, 18)
	y = drawCity(c, s, y+10)
	y = drawTracks(c, s, y+20)
	y = drawEvidence(c, s, y+20)
	y = drawCops(c, s, y+20)
	y = drawEmergencies(c, s, y+20)
	y = drawSupply(c, s, y+16)
	y = drawLegend(c, s, y+20)
	return y + margin
}

// acting lists the seats the game waits for now.
func acting(s *pp.State) []int {
	if s.Over || s.Stopped != "" {
		return nil
	}
	var out []int
	for _, seat := range s.Turn().Seats {
		out = append(out, int(seat))
	}
	return out
}

// drawHeader leads with the result of a finished game, or with whose turn
// it is and what they are asked.
func drawHeader(c *render.Canvas, s *pp.State, y float64) float64 {
	width := boardW - 2*margin
	t := s.Turn()
	c.Text(fmt.Sprintf("Police Precinct · Day %d of %d · Crime %d of %d · %s", s.Day, pp.LastDay, s.Crime, s.FailSpace(), t.Phase),
		margin, y, render.Bold, head, render.Faint)
	y += 44
	if s.Over {
		word, col := "LOST", render.Alert
		if s.Won {
			word, col = "WON", render.Good
		}
		c.Text("Game over · the cops "+word, margin, y, render.Bold, big, col)
		y += 54
		return y + c.TextWrapped(expand(s.Summary), margin, y, width, render.Regular, head, render.Ink)
	}
	if s.Stopped != "" {
		c.Text("Stopped: "+s.Stopped+" is not implemented yet", margin, y, render.Bold, big, render.Alert)
		return y + 54
	}
	seats := acting(s)
	x := margin
	for _, a := range seats {
		c.RingedToken(x+27, y+27, 24, render.PlayerColor(a), render.Alert, fmt.Sprint(a+1))
		x += 60
	}
	var names []string
	for _, a := range seats {
		names = append(names, copName(a))
	}
	now := "Now: " + strings.Join(names, ", ")
	if len(names) == 0 {
		now = "Now: the game moves on"
	}
	c.Font(render.Bold, big)
	if w, _ := c.MeasureString(now); x+6+w <= boardW-margin {
		c.Text(now, x+6, y+4, render.Bold, big, render.Ink)
		y += 64
	} else {
		// Several seats at once (the choice of cars): their names wrap
		// beside the tokens.
		y += max(64, c.TextWrapped(now, x+6, y+4, boardW-margin-x-6, render.Bold, head, render.Ink)+10)
	}
	if t.Prompt != "" && len(seats) > 0 {
		y += c.TextWrapped("Asked to "+expand(t.Prompt)+".", margin, y, width, render.Regular, head, render.Ink)
	}
	return y
}

// drawTracks draws the Calendar (Day 16: the Murderer appears; Day 22:
// the game is lost) and the City Crime Track.
func drawTracks(c *render.Canvas, s *pp.State, y float64) float64 {
	cell := (boardW - 2*margin) / float64(pp.LastDay)
	c.Text(fmt.Sprintf("Calendar: Day %d · the Murderer appears on Day %d · lost at the end of Day %d", s.Day, pp.MurdererDay, pp.LastDay),
		margin, y, render.Bold, head, render.Ink)
	y += 42
	for d := 1; d <= pp.LastDay; d++ {
		x := margin + float64(d-1)*cell
		fill, ink := color.Color(render.Paper), color.Color(render.Ink)
		switch {
		case d == s.Day:
			fill, ink = render.Ink, white
		case d < s.Day:
			fill, ink = roadColour, render.Faint
		}
		c.FillRect(x, y, cell, 46, fill)
		c.DrawRectangle(x, y, cell, 46)
		c.SetColor(render.Ink)
		c.SetLineWidth(1)
		c.Stroke()
		if d == pp.MurdererDay || d == pp.LastDay {
			c.DrawRectangle(x+3, y+3, cell-6, 40)
			c.SetColor(render.Alert)
			c.SetLineWidth(4)
			c.Stroke()
		}
		c.TextCentered(fmt.Sprint(d), x+cell/2, y+23, render.Bold, small, ink)
	}
	y += 56
	c.Text("M: Day 16, the Murderer appears", margin, y, render.Regular, small, render.Alert)
	c.Text("End: Day 22", margin+float64(pp.LastDay-3)*cell, y, render.Regular, small, render.Alert)
	y += 44
	c.Text(fmt.Sprintf("City Crime Track: %d — the cops lose on FAIL", s.Crime), margin, y, render.Bold, head, render.Ink)
	y += 42
	// The FAIL space depends on the player count (5–11), so a cell is
	// narrowed when the longest track would not fit the width.
	cw := min(110.0, (boardW-2*margin)/float64(s.FailSpace()+1))
	for i := 0; i <= s.FailSpace(); i++ {
		x := margin + float64(i)*cw
		fill, ink := color.Color(render.Paper), color.Color(render.Ink)
		if i == s.Crime {
			fill, ink = render.Alert, white
		}
		c.FillRect(x, y, cw, 46, fill)
		c.DrawRectangle(x, y, cw, 46)
		c.SetColor(render.Ink)
		c.SetLineWidth(1)
		c.Stroke()
		label := fmt.Sprint(i)
		if i == s.FailSpace() {
			label = "FAIL"
		}
		c.TextCentered(label, x+cw/2, y+23, render.Bold, small, ink)
	}
	return y + 46
}

// drawEvidence draws the Murder Investigation Board: the Evidence found
// per category and where each stack lies.
func drawEvidence(c *render.Canvas, s *pp.State, y float64) float64 {
	found, need := 0, 0
	for i := range pp.Categories {
		found += s.Board[i]
		need += pp.EvidencePerCategory[i]
	}
	c.Text(fmt.Sprintf("Murder Investigation Board: %d of %d Evidence", found, need), margin, y, render.Bold, head, render.Ink)
	y += 44
	colW := (boardW - 2*margin) / 2
	for i, name := range pp.Categories {
		x := margin + float64(i%2)*colW
		yy := y + float64(i/2)*50
		for k := 0; k < pp.EvidencePerCategory[i]; k++ {
			col := color.Color(render.Paper)
			if k < s.Board[i] {
				col = render.Good
			}
			c.Cube(x+14+float64(k)*30, yy+18, 24, col)
		}
		st := s.Stacks[i]
		where := fmt.Sprintf("%d cards at %s", len(st.Cards), st.Lot)
		if st.Done {
			where = "complete"
		}
		c.Text(fmt.Sprintf("%s %d/%d · %s", title(name), s.Board[i], pp.EvidencePerCategory[i], where), x+134, yy+2, render.Regular, small, render.Ink)
	}
	return y + 100
}

// drawCops draws one row per cop, in turn order: the car, the Character,
// the Donuts, Upgrades and the number of Police cards (the cards
// themselves are for the cops' eyes: the DM picture).
func drawCops(c *render.Canvas, s *pp.State, y float64) float64 {
	c.Text("Cops, in turn order", margin, y, render.Bold, head, render.Ink)
	y += 44
	now := acting(s)
	for _, seat := range s.Order {
		cop := &s.Cops[seat]
		ringed := len(now) == 1 && now[0] == seat
		if ringed {
			c.RingedToken(margin+27, y+27, 24, render.PlayerColor(seat), render.Alert, fmt.Sprint(seat+1))
		} else {
			c.Token(margin+27, y+27, 24, render.PlayerColor(seat), fmt.Sprint(seat+1))
		}
		kind := "Unmarked"
		if cop.Marked {
			kind = "Marked"
		}
		// The cop's car, in its colour and with its light bar, stands
		// beside the token, so the legend needs no entry per seat.
		car(c, margin+60, y+16, render.PlayerColor(seat), cop.Marked, false)
		x := margin + 60 + carW + 14
		name := fmt.Sprintf("%s · %s · ", copName(seat), cop.Char().Name)
		ups := "none"
		if len(cop.Upgrades) > 0 {
			ups = strings.Join(cop.Upgrades, ", ")
		}
		detail := fmt.Sprintf("%s car at %s · Donuts %d · Upgrades: %s · %d Police %s", kind, pp.SpaceName(cop.At), cop.Donuts, ups, len(cop.Hand), plural(len(cop.Hand), "card", "cards"))
		if cop.Carrying > 0 {
			detail += fmt.Sprintf(" · carries %d Patrol", cop.Carrying)
		}
		// A Loyalty card the table has seen (a Reveal, an accusation, Game
		// over) is public; one still face down is never drawn here.
		if cop.Shown != "" {
			detail += " · Loyalty shown: " + capital(cop.Shown)
		}
		// One line when the details fit after the name, else below it.
		c.Font(render.Bold, small)
		wName, _ := c.MeasureString(name)
		c.Font(render.Regular, small)
		wDetail, _ := c.MeasureString(detail)
		if x+wName+wDetail <= boardW-margin {
			c.Text(strings.TrimSuffix(name, " "), x, y+14, render.Bold, small, render.Ink)
			c.Text(detail, x+wName, y+14, render.Regular, small, render.Ink)
			y += 62
			continue
		}
		c.Text(strings.TrimSuffix(name, " · "), x, y, render.Bold, small, render.Ink)
		y += max(80, 34+c.TextWrapped(detail, x, y+34, boardW-margin-x, render.Regular, small, render.Ink)+12)
	}
	if s.Support >= 0 {
		c.Text("Support Vehicle at "+pp.SpaceName(s.Support), margin+64, y, render.Regular, small, render.Ink)
		y += 40
	}
	return y
}

// drawEmergencies lists the Emergencies (colour, difficulty, site, the
// Unknown Circumstances marker as far as it is face up, Urgent) and the
// lasting Special Events.
func drawEmergencies(c *render.Canvas, s *pp.State, y float64) float64 {
	width := boardW - 2*margin
	c.Text(fmt.Sprintf("Emergencies: %d", len(s.Emergencies)), margin, y, render.Bold, head, render.Ink)
	y += 44
	for _, e := range s.Emergencies {
		d := e.Def()
		col := emergencyColours[d.Colour]
		c.Panel(margin, y, 44, chipH, col, render.Ink)
		c.TextCentered(fmt.Sprint(d.Difficulty), margin+22, y+chipH/2, render.Bold, small, render.Contrast(col))
		t := fmt.Sprintf("%s %s, difficulty %d, at %s", d.Colour, d.Name, d.Difficulty, e.Site)
		if e.HasUC {
			if e.Shown >= 0 && e.Shown < len(pp.UCMarkers) {
				t += " · UC: " + pp.UCMarkers[e.Shown].Name
			} else {
				t += " · UC face down"
			}
		}
		if e.Urgent {
			t += " · URGENT"
		}
		y += max(chipH+6, c.TextWrapped(t, margin+56, y+2, width-56, render.Regular, small, render.Ink)+6)
	}
	if len(s.Specials) == 0 {
		return y
	}
	y += 10
	c.Text("Special Events in play", margin, y, render.Bold, head, render.Ink)
	y += 44
	for _, l := range s.Specials {
		def := pp.Specials[l.Name]
		y += c.TextWrapped(fmt.Sprintf("%s (%s) at %s: %s", title(l.Name), shortSpecial[l.Name], l.Site, def.Text), margin, y, width, render.Regular, small, render.Ink) + 6
	}
	return y
}

// drawSupply states the stockpiles and decks (counts only).
func drawSupply(c *render.Canvas, s *pp.State, y float64) float64 {
	gangs := 0
	for _, g := range s.Gangs {
		if g {
			gangs++
		}
	}
	line := fmt.Sprintf("Supply: %d Street Punks · %d Gang cards · %d Donuts · %d Patrol Officers (%d at the Station) · Event deck %d · Police deck %d",
		s.Stockpile, s.GangSupply, s.DonutSupply, s.PatrolSupply, s.PatrolStation, len(s.EventDeck), len(s.PoliceDeck))
	return y + c.TextWrapped(line, margin, y, boardW-2*margin, render.Regular, small, render.Ink)
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
