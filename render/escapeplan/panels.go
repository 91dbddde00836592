package escapeplan

import (
	"fmt"
	"image/color"
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

// drawTracks draws the Notoriety track, the turn order and the Time track.
func drawTracks(c *render.Canvas, s *ep.State, y float64) float64 {
	// The turn order, right of the title.
	x := boardW - margin
	for i := len(s.Order) - 1; i >= 0; i-- {
		a := s.Order[i]
		x -= pawnWidth(contains(acting(s), a))
		drawPawn(c, a, contains(acting(s), a), x, y+16)
		label := fmt.Sprintf("%d.", i+1)
		x -= textW(c, label, render.Regular, body) + 4
		c.Text(label, x, y+4, render.Regular, body, render.Faint)
		x -= 14
	}
	c.Text("Turn order", x-textW(c, "Turn order", render.Bold, head)-6, y+2, render.Bold, head, render.Ink)
	c.Text("Notoriety", margin, y+2, render.Bold, head, render.Ink)
	y += 44
	n := ep.NotorietyTop + 1
	cell := float64(int(panelW / float64(n)))
	x0 := margin + (panelW-cell*float64(n))/2
	// Who stands where: two tokens a row in a cell.
	at := map[int][]int{}
	for _, a := range s.Order {
		if a != ep.SandraActor && s.Players[a].Status == "arrested" {
			continue
		}
		k := s.NotorietyOf(a)
		at[k] = append(at[k], a)
	}
	rows := 1
	for _, as := range at {
		rows = max(rows, (len(as)+1)/2)
	}
	for i := 0; i < n; i++ {
		c.TextCentered(fmt.Sprint(i), x0+float64(i)*cell+cell/2, y+12, render.Bold, small, render.Faint)
	}
	y += 28
	h := float64(rows)*40 + 2
	for i := 0; i < n; i++ {
		c.FillRect(x0+float64(i)*cell, y, cell, h, render.Paper)
		c.DrawRectangle(x0+float64(i)*cell, y, cell, h)
		c.SetColor(render.Ink)
		c.SetLineWidth(1)
		c.Stroke()
	}
	for _, th := range ep.NotorietyThresholds {
		x := x0 + float64(th+1)*cell
		c.SetColor(render.Alert)
		c.SetLineWidth(4)
		c.DrawLine(x, y-26, x, y+h+6)
		c.Stroke()
	}
	for k, as := range at {
		for j, a := range as {
			cx := x0 + float64(k)*cell + cell/2 + (float64(j%2)-0.5)*(cell/2)
			c.Token(cx, y+21+float64(j/2)*40, pawnR, actorColour(a), actorLabel(a))
		}
	}
	return drawTime(c, s, y+h+16)
}

// drawTime draws the Time track: 3 days of 5 turns, the current one red.
func drawTime(c *render.Canvas, s *ep.State, y float64) float64 {
	c.Text("Time", margin, y+4, render.Bold, head, render.Ink)
	x := margin + textW(c, "Time", render.Bold, head) + 16
	cell := 50.0
	for d := 1; d <= 3; d++ {
		c.Text(fmt.Sprintf("D%d", d), x, y+6, render.Bold, body, render.Ink)
		x += textW(c, fmt.Sprintf("D%d", d), render.Bold, body) + 8
		for t := 0; t < len(ep.TurnNames); t++ {
			fill := color.Color(render.Paper)
			if t >= ep.RequiredTurns {
				fill = optionalColour
			}
			if s.Round == d && s.Phase == ep.PhasePlayerAction && s.TurnNo == t {
				fill = render.Alert
			}
			c.Panel(x, y, cell-4, 38, fill, render.Ink)
			c.TextCentered(strings.ToUpper(ep.TurnNames[t][:1]), x+(cell-4)/2, y+19, render.Bold, body, render.Contrast(fill))
			x += cell
		}
		x += 14
	}
	return y + 38
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
		c.Cube(margin+11, y+13, 20, col)
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
		drawPawn(c, i, contains(now, i), margin, y+pawnR+2)
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
		drawPawn(c, ep.SandraActor, false, margin, y+pawnR+2)
		line := fmt.Sprintf("Sandra (police inspector) · at the %s · discs %d · cards left %d", s.NodeName(sd.At), sd.Discs, len(sd.Deck))
		y += max(c.TextWrapped(line, margin+56, y+6, panelW-56, render.Regular, body, render.Ink)+10, 46)
	}
	return y
}

// incomeCube draws an Income cube centred on (x, y); a white dot marks a
// cube on an Income symbol.
func incomeCube(c *render.Canvas, x, y float64, actor int, income bool) {
	c.Cube(x, y, 20, actorColour(actor))
	if income {
		c.DrawCircle(x, y, 4)
		c.SetColor(white)
		c.FillPreserve()
		c.SetColor(render.Ink)
		c.SetLineWidth(1)
		c.Stroke()
	}
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
			x := left + textW(c, r.name+":", render.Bold, body) + 8
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
	title := fmt.Sprintf("Contact display (deck %d)", len(s.ContactDeck))
	c.Text(title, margin, y, render.Bold, head, render.Ink)
	c.Text("* = +1 Notoriety", margin+textW(c, title, render.Bold, head)+16, y+5, render.Regular, small, render.Faint)
	y += 40
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
	for i, card := range s.Display {
		x := margin + float64(i)*(w+gap)
		if card < 0 {
			c.Panel(x, y, w, h, render.Background, render.Grid)
			continue
		}
		k := ep.ContactDeck[card]
		c.Panel(x, y, w, h, render.Paper, render.Ink)
		c.Text(fmt.Sprint(i+1), x+6, y+4, render.Bold, small, render.Faint)
		cost := fmt.Sprintf("$%d", k.Cost)
		if k.Star {
			cost += "*"
		}
		c.Text(cost, x+w-6-textW(c, cost, render.Regular, small), y+4, render.Regular, small, render.Faint)
		c.TextWrapped(k.Name, x+6, y+32, w-10, render.Bold, small, render.Ink)
	}
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

// drawLegend explains every colour and mark of the map.
func drawLegend(c *render.Canvas, s *ep.State, y float64) float64 {
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
