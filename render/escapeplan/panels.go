package escapeplan

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	ep "casefile/engine/escapeplan"
	"casefile/render"
)

// The panels below the map, full width, each returning the y below it.

const panelW = boardW - 2*margin

// textW measures s in a face.
func textW(c *render.Canvas, s string, w render.Weight, size float64) float64 {
	c.Font(w, size)
	tw, _ := c.MeasureString(s)
	return tw
}

// notoCell is a Notoriety cell's width and notoX0 where the track starts.
var (
	notoCell = math.Floor(panelW / float64(ep.NotorietyTop+1))
	notoX0   = margin + (panelW-notoCell*float64(ep.NotorietyTop+1))/2
)

// drawTracksStatic draws the Notoriety track's title, numbers, cells and
// thresholds, and the Time track's days and turns as they stand before
// the game: the tokens, the turn order and the turn now are parts
// (trackParts). The track has a row of cells for every two actors, room
// for all of them in one cell.
func drawTracksStatic(c *render.Canvas, l *layout) {
	y := l.tracksTop
	c.Text("Notoriety", margin, y+2, render.Bold, head, render.Ink)
	y += 44
	n := ep.NotorietyTop + 1
	for i := 0; i < n; i++ {
		c.TextCentered(fmt.Sprint(i), notoX0+float64(i)*notoCell+notoCell/2, y+12, render.Bold, small, render.Faint)
	}
	y += 28
	h := float64(l.notoRows)*40 + 2
	for i := 0; i < n; i++ {
		c.FillRect(notoX0+float64(i)*notoCell, y, notoCell, h, render.Paper)
		c.DrawRectangle(notoX0+float64(i)*notoCell, y, notoCell, h)
		c.SetColor(render.Ink)
		c.SetLineWidth(1)
		c.Stroke()
	}
	for _, th := range ep.NotorietyThresholds {
		x := notoX0 + float64(th+1)*notoCell
		c.SetColor(render.Alert)
		c.SetLineWidth(4)
		c.DrawLine(x, y-26, x, y+h+6)
		c.Stroke()
	}
	drawTime(c, y+h+16, func(d, t int, fill color.Color, x, y float64) {
		c.Panel(x, y, timeCell-4, 38, fill, render.Ink)
		c.TextCentered(strings.ToUpper(ep.TurnNames[t][:1]), x+(timeCell-4)/2, y+19, render.Bold, body, render.Contrast(fill))
	})
}

// trackParts are the turn order, the tokens on the Notoriety track and
// the Time track's turn now: text and stamps.
func trackParts(s *ep.State, l *layout) []render.Part {
	y := l.tracksTop
	cells := y + 44 + 28
	h := float64(l.notoRows)*40 + 2
	parts := []render.Part{
		{Rect: render.PartRect(margin+200, y-4, boardW-margin, y+42, 2), Indexed: true, Draw: func(c *render.Canvas) { drawTurnOrder(c, s, y) }},
		{Rect: render.PartRect(notoX0, cells, notoX0+notoCell*float64(ep.NotorietyTop+1), cells+h, 2), Indexed: true, Draw: func(c *render.Canvas) { drawNotoriety(c, s, cells) }},
	}
	if s.Phase == ep.PhasePlayerAction {
		parts = append(parts, render.Part{Rect: render.PartRect(margin, cells+h+16, boardW-margin, cells+h+16+38, 2), Indexed: true, Draw: func(c *render.Canvas) {
			drawTime(c, cells+h+16, func(d, t int, _ color.Color, x, y float64) {
				if s.Round == d && s.TurnNo == t {
					stampPanel(c, x, y, timeCell-4, 38, render.Alert, render.Ink, render.Background)
					c.TextCentered(strings.ToUpper(ep.TurnNames[t][:1]), x+(timeCell-4)/2, y+19, render.Bold, body, render.Contrast(render.Alert))
				}
			})
		}})
	}
	return parts
}

// drawTurnOrder draws the turn order, right of the Notoriety title.
func drawTurnOrder(c *render.Canvas, s *ep.State, y float64) {
	x := boardW - margin
	for i := len(s.Order) - 1; i >= 0; i-- {
		a := s.Order[i]
		x -= pawnWidth(contains(acting(s), a))
		drawPawn(c, a, contains(acting(s), a), x, y+16, render.Background)
		label := fmt.Sprintf("%d.", i+1)
		x = math.Floor(x - textW(c, label, render.Regular, body) - 4)
		c.Text(label, x, y+4, render.Regular, body, render.Faint)
		x -= 14
	}
	c.Text("Turn order", x-textW(c, "Turn order", render.Bold, head)-6, y+2, render.Bold, head, render.Ink)
}

// drawNotoriety draws who stands where on the Notoriety track whose cells
// start at y: two tokens a row in a cell.
func drawNotoriety(c *render.Canvas, s *ep.State, y float64) {
	at := map[int][]int{}
	for _, a := range s.Order {
		if a != ep.SandraActor && s.Players[a].Status == "arrested" {
			continue
		}
		k := s.NotorietyOf(a)
		at[k] = append(at[k], a)
	}
	for k, as := range at {
		for j, a := range as {
			cx := notoX0 + float64(k)*notoCell + notoCell/2 + (float64(j%2)-0.5)*(notoCell/2)
			stampToken(c, a, false, cx, y+21+float64(j/2)*40, pawnR, render.Paper)
		}
	}
}

// timeCell is a Time track cell's width.
const timeCell = 50.0

// drawTime draws the Time track's title and days from y, 3 days of 5
// turns, and calls cell for each turn's cell with its usual fill (the
// optional turns tinted).
func drawTime(c *render.Canvas, y float64, cell func(d, t int, fill color.Color, x, y float64)) {
	c.Text("Time", margin, y+4, render.Bold, head, render.Ink)
	x := margin + textW(c, "Time", render.Bold, head) + 16
	for d := 1; d <= 3; d++ {
		c.Text(fmt.Sprintf("D%d", d), x, y+6, render.Bold, body, render.Ink)
		x += textW(c, fmt.Sprintf("D%d", d), render.Bold, body) + 8
		for t := 0; t < len(ep.TurnNames); t++ {
			fill := color.Color(render.Paper)
			if t >= ep.RequiredTurns {
				fill = optionalColour
			}
			cell(d, t, fill, x, y)
			x += timeCell
		}
		x += 14
	}
}

// drawExits lists the Exits, their Patrol cards and Exit tile stacks.
func drawExits(c *render.Canvas, s *ep.State, y float64) float64 {
	c.Text("Exits & Patrol", margin, y, render.Bold, head, render.Ink)
	y += 40
	for no := 1; no <= 3; no++ {
		st, col := "open", render.Good
		if s.Blocked(no) {
			st, col = "BLOCKED", render.Alert
		}
		line := fmt.Sprintf("%s: %s · %d/2 Patrol cards", ep.ExitName(no), st, s.PatrolSpaces[no-1])
		for _, es := range s.ExitStacks {
			if es.Exit == no {
				line += fmt.Sprintf(" · %s Exit tile stack (%d)", es.Colour, len(es.Tiles))
			}
		}
		stampCube(c, margin+11, y+13, 20, col, render.Background)
		c.Text(line, margin+32, y, render.Regular, body, render.Ink)
		y += 32
	}
	if s.Round == 3 && !s.Over {
		c.Text(fmt.Sprintf("Escape cost now: $%dk (%d escaped)", s.EscapeCost(), s.Escaped), margin, y, render.Bold, body, render.Alert)
		y += 32
	}
	return y
}

// drawPlayers summarises each player's public pieces.
func drawPlayers(c *render.Canvas, s *ep.State, y float64) float64 {
	c.Text("Players", margin, y, render.Bold, head, render.Ink)
	y += 40
	now := acting(s)
	for i := range s.Players {
		p := &s.Players[i]
		drawPawn(c, i, contains(now, i), margin, y+pawnR+2, render.Background)
		where := "at the " + s.NodeName(p.At)
		if p.Status != "" {
			where = strings.ToUpper(p.Status)
		}
		line := fmt.Sprintf("%s · %s · wounds %d · contacts %d · discs %d · gas %d · tiles %d · keys %d · gang %d",
			actorName(i), where, p.Wounds, p.ContactCount(), p.Discs, p.Gas, len(p.Items), len(p.Keys), len(p.Gang))
		if s.Over {
			line = fmt.Sprintf("%s · %s · score $%dk", actorName(i), statusWord(p.Status), p.Score)
		}
		y += max(c.TextWrapped(line, margin+56, y+6, panelW-56, render.Regular, body, render.Ink)+10, 46)
	}
	if sd := s.Sandra; sd != nil {
		drawPawn(c, ep.SandraActor, false, margin, y+pawnR+2, render.Background)
		line := fmt.Sprintf("Sandra (police inspector) · at the %s · discs %d · cards left %d", s.NodeName(sd.At), sd.Discs, len(sd.Deck))
		y += max(c.TextWrapped(line, margin+56, y+6, panelW-56, render.Regular, body, render.Ink)+10, 46)
	}
	return y
}

// incomeCube draws an Income cube centred on (x, y) on the background,
// stamped; a white dot marks a cube on an Income symbol.
func incomeCube(c *render.Canvas, x, y float64, actor int, income bool) {
	c.Stamp(fmt.Sprint("income ", actor, income), x-10, y-10, 20, 20, 3, render.Background, func(c *render.Canvas, x, y float64) {
		x, y = x+10, y+10
		c.Cube(x, y, 20, actorColour(actor))
		if income {
			c.DrawCircle(x, y, 4)
			c.SetColor(white)
			c.FillPreserve()
			c.SetColor(render.Ink)
			c.SetLineWidth(1)
			c.Stroke()
		}
	})
}

// drawPieces lists what stands on the Locations of the city: Income cubes,
// Gang Members and control markers, Keys above Safe Houses.
func drawPieces(c *render.Canvas, s *ep.State, y float64) float64 {
	type row struct {
		name  string
		cubes []ep.Cube
		notes []string
	}
	var rows []row
	for slot, t := range s.Grid {
		_ = slot
		if t < 0 {
			continue
		}
		for _, l := range ep.TileLocations(t) {
			r := row{name: s.NodeName(l)}
			for _, b := range s.Businesses {
				if b.Loc == l {
					r.cubes = b.Cubes
					if b.Closed {
						r.notes = append(r.notes, "closed")
					}
				}
			}
			for _, h := range s.SafeHouses {
				if h.Loc == l {
					r.cubes = h.Cubes
					if len(h.Keys) > 0 {
						r.notes = append(r.notes, "keys "+strings.Join(h.Keys, ", "))
					}
				}
			}
			if ep.Location(l).Kind == ep.Gang {
				ls := s.Locs[l]
				r.notes = append(r.notes, fmt.Sprintf("%d Gang Members", ls.GangMembers))
				if ls.Control >= 0 {
					r.notes = append(r.notes, "controlled by "+actorName(ls.Control))
				}
			}
			if len(r.cubes) > 0 || len(r.notes) > 0 {
				rows = append(rows, r)
			}
		}
	}
	if len(rows) == 0 {
		return y - 18
	}
	c.Text("On the Locations", margin, y, render.Bold, head, render.Ink)
	x := margin + textW(c, "On the Locations", render.Bold, head) + 16
	c.Text("squares: Income cubes (dot: on an Income symbol)", x, y+5, render.Regular, small, render.Faint)
	y += 40
	// Two columns, the first one longer.
	colW := (panelW - 24) / 2
	bottom := y
	half := (len(rows) + 1) / 2
	for ci, part := range [][]row{rows[:half], rows[half:]} {
		left := margin + float64(ci)*(colW+24)
		yy := y
		for _, r := range part {
			c.Text(r.name+":", left, yy, render.Bold, body, render.Ink)
			x := math.Ceil(left + textW(c, r.name+":", render.Bold, body) + 8)
			for _, cb := range r.cubes {
				if x+24 > left+colW {
					x = left + 40
					yy += 30
				}
				incomeCube(c, x+10, yy+13, cb.Actor, cb.Income)
				x += 24
			}
			if len(r.notes) > 0 {
				note := strings.Join(r.notes, " · ")
				if len(r.cubes) > 0 {
					note = "· " + note
				}
				if textW(c, note, render.Regular, body) > left+colW-x-4 {
					x = left + 40
					yy += 30
				}
				yy += c.TextWrapped(note, x+4, yy, left+colW-x-4, render.Regular, body, render.Ink) - 30
			}
			yy += 30
		}
		bottom = max(bottom, yy)
	}
	return bottom
}

// drawDisplay draws the 7 Contact cards, leftmost first.
func drawDisplay(c *render.Canvas, s *ep.State, y float64) float64 {
	gap := 6.0
	w := (panelW - 6*gap) / 7
	// As high as the longest name needs.
	lines := 1
	c.Font(render.Bold, small)
	for _, card := range s.Display {
		if card >= 0 {
			lines = max(lines, len(c.WordWrap(ep.ContactDeck[card].Name, w-10)))
		}
	}
	h := 38 + float64(lines)*small*1.25
	title := fmt.Sprintf("Contact display (deck %d)", len(s.ContactDeck))
	c.Text(title, margin, y, render.Bold, head, render.Ink)
	c.Text("* = +1 Notoriety", margin+textW(c, title, render.Bold, head)+16, y+5, render.Regular, small, render.Faint)
	y += 40
	// The cards change only when a Contact is taken: their pixels are
	// kept between pictures.
	c.Kept(fmt.Sprint("display ", s.Display), 0, y-1, boardW, h+2, func(c *render.Canvas) {
		for i, card := range s.Display {
			x := margin + float64(i)*(w+gap)
			if card < 0 {
				stampPanel(c, x, y, w, h, render.Background, render.Grid, render.Background)
				continue
			}
			k := ep.ContactDeck[card]
			stampPanel(c, x, y, w, h, render.Paper, render.Ink, render.Background)
			c.Text(fmt.Sprint(i+1), x+6, y+4, render.Bold, small, render.Faint)
			cost := fmt.Sprintf("$%d", k.Cost)
			if k.Star {
				cost += "*"
			}
			c.Text(cost, x+w-6-textW(c, cost, render.Regular, small), y+4, render.Regular, small, render.Faint)
			c.TextWrapped(k.Name, x+6, y+32, w-10, render.Bold, small, render.Ink)
		}
	})
	return y + h
}

// drawSupply shows the next City tiles and the supply.
func drawSupply(c *render.Canvas, s *ep.State, y float64) float64 {
	var next []string
	for _, t := range s.FaceUp {
		if t >= 0 {
			var cops []string
			for k, col := range ep.OfficerColours {
				if s.Tiles[t].Officers[k] {
					cops = append(cops, col)
				}
			}
			x := ep.CityTiles[t].ID
			if len(cops) > 0 {
				x += " (" + strings.Join(cops, "+") + ")"
			}
			next = append(next, x)
		}
	}
	lines := []string{}
	if len(next) > 0 {
		lines = append(lines, "Next City tiles: "+strings.Join(next, " · "))
	}
	lines = append(lines,
		fmt.Sprintf("Officers in the bag: %d red, %d blue, %d black · gas %d · Extra Action discs %d", s.Bag[0], s.Bag[1], s.Bag[2], s.Gas, s.Discs),
		"Fixers for sale: "+orNone(s.Fixers),
		fmt.Sprintf("Equipment: vest %d, hat %d, helmet %d, gas mask %d · Locker stacks %d/%d/%d",
			s.Equipment[0], s.Equipment[1], s.Equipment[2], s.Equipment[3], len(s.Lockers[0].Tiles), len(s.Lockers[1].Tiles), len(s.Lockers[2].Tiles)))
	for _, l := range lines {
		y += c.TextWrapped(l, margin, y, panelW, render.Regular, body, render.Ink) + 4
	}
	return y
}

// drawLegend explains every colour and mark of the map, from y, and
// returns the y below it.
func drawLegend(c *render.Canvas, y float64) float64 {
	c.Text("Legend", margin, y, render.Bold, head, render.Ink)
	y += 40
	size := 22.0
	cols := [][]render.LegendItem{
		{
			{Color: landColours[ep.Downtown], Label: "downtown"},
			{Color: landColours[ep.Uptown], Label: "uptown"},
			{Color: landColours[ep.Industrial], Label: "industrial"},
			{Color: landColours[ep.Water], Label: "water"},
		},
		{
			{Color: officerColours[0], Label: "red officer", Round: true},
			{Color: officerColours[1], Label: "blue officer", Round: true},
			{Color: officerColours[2], Label: "black officer", Round: true},
			{Color: sandraColour, Label: "Sandra (S)", Round: true},
		},
		{
			{Color: render.Good, Label: "open exit"},
			{Color: render.Alert, Label: "blocked exit"},
			{Color: closedColour, Label: "closed business"},
			{Color: safeColour, Label: "safe house"},
		},
		{
			{Color: hospitalColour, Label: "hospital"},
			{Color: render.Paper, Label: "other Location"},
			{Color: optionalColour, Label: "optional turn"},
			{Color: render.Alert, Label: "turn now"},
		},
	}
	colW := panelW / float64(len(cols))
	h := 0.0
	for i, items := range cols {
		h = max(h, c.Legend(margin+float64(i)*colW, y, size, items))
	}
	y += h + 8
	y += c.TextWrapped("Time: M A E N D are the morning, afternoon, evening, night and dawn turns. Notoriety: the red lines are the thresholds. Numbered discs are the players' pawns (S: Sandra), beside the Location they stand on or in the middle of a tile on its street; a red ring marks who acts now. A struck-through name is a closed Business. SUB subway, PAD helipad, FERRY ferry. Empty hexes show the slot name for “place … at 4-3”.",
		margin, y, panelW, render.Regular, small, render.Ink)
	return y
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
