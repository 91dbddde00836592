// Package escapeplan draws Escape Plan: the public board (the city, its
// officers and pawns, the tracks and the Contact display) and each
// player's own board for their DM. Drawing is a pure function of a view.
package escapeplan

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render"
)

// Renderer returns the Escape Plan renderer.
func Renderer() render.Renderer {
	return render.Renderer{Board: Board, Private: Private}
}

// Colours of the board.
var (
	landColours = map[string]color.RGBA{
		ep.Downtown:   {0xd9, 0xd4, 0xcc, 0xff},
		ep.Uptown:     {0xcf, 0xe3, 0xc1, 0xff},
		ep.Industrial: {0xe8, 0xd2, 0xa8, 0xff},
		ep.Water:      {0x9c, 0xc7, 0xe4, 0xff},
	}
	officerColours = []color.RGBA{
		{0xd6, 0x27, 0x28, 0xff}, // red
		{0x1f, 0x5f, 0xc4, 0xff}, // blue
		{0x1f, 0x1d, 0x1a, 0xff}, // black
	}
	keyColours = map[string]color.RGBA{
		"green": {0x2e, 0x9d, 0x3a, 0xff},
		"black": {0x22, 0x22, 0x22, 0xff},
		"brown": {0x8b, 0x5a, 0x2b, 0xff},
		"grey":  {0x9a, 0x9a, 0x9a, 0xff},
		"gold":  {0xd4, 0xa0, 0x17, 0xff},
	}
	sandraColour = color.RGBA{0x4a, 0x4a, 0x55, 0xff}
	closedColour = color.RGBA{0xb0, 0xa8, 0x9c, 0xff}
	white        = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

func actorColour(a int) color.Color {
	if a == ep.SandraActor {
		return sandraColour
	}
	return render.PlayerColor(a)
}

func actorLabel(a int) string {
	if a == ep.SandraActor {
		return "S"
	}
	return fmt.Sprint(a + 1)
}

func viewOf(v engine.View) (*ep.View, error) {
	ev, ok := v.(*ep.View)
	if !ok || ev == nil || ev.State == nil {
		return nil, errors.New("escapeplan render: not an Escape Plan view")
	}
	return ev, nil
}

// Board sizes.
const (
	boardW = 1800
	boardH = 1180
	hexR   = 92.0
	gridX  = 16.0
	gridY  = 78.0
	panelX = 1060.0
)

// Board draws the public board from the public view.
func Board(v engine.View) (image.Image, error) {
	ev, err := viewOf(v)
	if err != nil {
		return nil, err
	}
	s := ev.State
	c := render.NewCanvas(boardW, boardH)
	title := fmt.Sprintf("Escape Plan · Day %d of 3 · %s", s.Round, s.Phase)
	if s.Phase == ep.PhasePlayerAction && s.TurnNo < len(ep.TurnNames) {
		title += " (" + ep.TurnNames[s.TurnNo] + ")"
	}
	if s.Over {
		title = "Escape Plan · Game over"
	}
	c.Text(title, 20, 16, render.Bold, 40, render.Ink)
	drawCity(c, s)
	y := 80.0
	y = drawNotoriety(c, s, y)
	y = drawTime(c, s, y+14)
	y = drawExits(c, s, y+14)
	y = drawDisplay(c, s, y+14)
	y = drawPlayers(c, s, y+14)
	drawSupply(c, s, y+8)
	drawLegend(c, 20, 975)
	return render.Flatten(c.Image(), nil), nil
}

func hexCentre(slot int) (float64, float64) {
	col, row := ep.SlotCR(slot)
	return render.HexCenter(col, row, hexR, gridX, gridY)
}

func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// drawCity draws the hex grid: empty slots, tiles with Land types,
// Locations, officers and pawns.
func drawCity(c *render.Canvas, s *ep.State) {
	for slot, t := range s.Grid {
		x, y := hexCentre(slot)
		if t < 0 {
			// Only the slots next to the city, where tiles may go.
			if s.Phase != ep.PhaseEnd && nextToCity(s, slot) {
				c.Hex(x, y, hexR-3, false, render.Background, render.Grid)
				c.TextCentered(ep.SlotName(slot), x, y, render.Regular, 24, render.Faint)
			}
			continue
		}
		drawTile(c, s, t, x, y)
	}
	// Pawns last, so that no neighbouring tile covers them.
	for slot, t := range s.Grid {
		if t >= 0 {
			x, y := hexCentre(slot)
			drawPawns(c, s, t, x, y)
		}
	}
}

// drawPawns draws the pawns on a tile's Land space and Locations.
func drawPawns(c *render.Canvas, s *ep.State, t int, x, y float64) {
	px := x - 60
	for i := range s.Players {
		p := &s.Players[i]
		if p.At >= 0 && !ep.IsLocation(p.At) && ep.NodeTile(p.At) == t {
			c.Token(px, y+30, 15, actorColour(i), actorLabel(i))
			px += 24
		}
	}
	if s.Sandra != nil && !ep.IsLocation(s.Sandra.At) && ep.NodeTile(s.Sandra.At) == t {
		c.Token(px, y+30, 15, sandraColour, "S")
	}
	for i, l := range ep.TileLocations(t) {
		ly := y - 28 + float64(i)*36
		lx := x + 75 + 2
		for j := range s.Players {
			if s.Players[j].At == l {
				c.Token(lx, ly, 15, actorColour(j), actorLabel(j))
				lx += 20
			}
		}
		if s.Sandra != nil && s.Sandra.At == l {
			c.Token(lx, ly, 15, sandraColour, "S")
		}
	}
}

// nextToCity reports whether an empty slot touches a tile of the city.
func nextToCity(s *ep.State, slot int) bool {
	for _, o := range ep.SlotNeighbours(slot) {
		if s.Grid[o] >= 0 {
			return true
		}
	}
	return false
}

// drawTile draws one City tile with its Land type, Locations and officers.
func drawTile(c *render.Canvas, s *ep.State, t int, x, y float64) {
	td := ep.CityTiles[t]
	c.Hex(x, y, hexR-3, false, landColours[td.Land], render.Ink)
	head := td.ID
	var feats []string
	if td.Subway {
		feats = append(feats, "SUB")
	}
	if td.Helipad {
		feats = append(feats, "PAD")
	}
	if td.Ferry {
		feats = append(feats, "FERRY")
	}
	if len(feats) > 0 {
		head += " " + strings.Join(feats, " ")
	}
	c.TextCentered(head, x, y-60, render.Bold, 22, render.Ink)
	locs := ep.TileLocations(t)
	for i, l := range locs {
		ly := y - 28 + float64(i)*36
		drawLocation(c, s, l, x, ly)
	}
	// Officers along the bottom edge.
	ox := x - 36
	for k := range ep.OfficerColours {
		if s.Tiles[t].Officers[k] {
			c.DrawCircle(ox, y+56, 12)
			c.SetColor(officerColours[k])
			c.FillPreserve()
			c.SetColor(white)
			c.SetLineWidth(2)
			c.Stroke()
		}
		ox += 28
	}
}

// drawLocation draws one Location label with its state.
func drawLocation(c *render.Canvas, s *ep.State, l int, x, y float64) {
	d := ep.Location(l)
	name := s.NodeName(l)
	fill := color.Color(render.Paper)
	ink := color.Color(render.Ink)
	var cubes []ep.Cube
	switch d.Kind {
	case ep.Business:
		for _, b := range s.Businesses {
			if b.Loc == l {
				cubes = b.Cubes
				if b.Closed {
					fill = closedColour
				}
			}
		}
	case ep.SafeHouse:
		for _, h := range s.SafeHouses {
			if h.Loc == l {
				cubes = h.Cubes
			}
		}
		fill = color.RGBA{0xf6, 0xd6, 0xd6, 0xff}
	case ep.Exit:
		if s.Blocked(d.ExitNo) {
			fill = render.Alert
			ink = white
		} else {
			fill = render.Good
			ink = white
		}
		name = strings.TrimSuffix(name, " exit") + " EXIT"
	case ep.Hospital:
		fill = color.RGBA{0xe3, 0xf0, 0xfb, 0xff}
	}
	drawLocationLabel(c, d.Kind, short(name, 12), fill, ink, x, y)
	drawLocationPieces(c, s, l, cubes, x, y)
}

// locationWidth is the width of a Location's name plate.
const locationWidth = 150.0

// drawLocationLabel draws a Location's name plate; a closed Business is
// struck through.
func drawLocationLabel(c *render.Canvas, kind, label string, fill, ink color.Color, x, y float64) {
	w := locationWidth
	c.DrawRoundedRectangle(x-w/2, y-15, w, 30, 6)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	c.TextCentered(label, x, y-1, render.Bold, 20, ink)
	if kind == ep.Business && fill == closedColour {
		c.SetColor(render.Alert)
		c.SetLineWidth(3)
		c.DrawLine(x-w/2+6, y, x+w/2-6, y)
		c.Stroke()
	}
}

// drawLocationPieces draws what stands on a Location: Income cubes (a white
// dot marks the Income symbol), Gang Members and the control marker, Keys
// above a Safe House, and the Exit tile stack on a blocked Exit.
func drawLocationPieces(c *render.Canvas, s *ep.State, l int, cubes []ep.Cube, x, y float64) {
	d := ep.Location(l)
	w := locationWidth
	cx := x - w/2 + 8
	for _, cb := range cubes {
		c.Cube(cx, y-19, 11, actorColour(cb.Actor))
		if cb.Income {
			c.DrawCircle(cx, y-19, 2.5)
			c.SetColor(white)
			c.Fill()
		}
		cx += 14
	}
	// Gangs: members left and the control marker.
	ls := s.Locs[l]
	if d.Kind == ep.Gang {
		for i := 0; i < ls.GangMembers; i++ {
			c.Token(x+w/2+2+float64(i)*4, y-16-float64(i)*4, 8, color.RGBA{0x6b, 0x2f, 0x8f, 0xff}, "")
		}
		if ls.Control >= 0 {
			c.Cube(x+w/2-10, y+14, 14, actorColour(ls.Control))
		}
	}
	if d.Kind == ep.SafeHouse {
		for _, h := range s.SafeHouses {
			if h.Loc == l {
				for i, k := range h.Keys {
					c.DrawCircle(x+w/2-10-float64(i)*14, y+16, 5)
					c.SetColor(keyColours[k])
					c.Fill()
				}
			}
		}
	}
	if d.Kind == ep.Exit {
		for _, st := range s.ExitStacks {
			if st.Exit == d.ExitNo {
				c.Panel(x+w/2-26, y+10, 30, 18, keyColours[st.Colour], render.Ink)
				c.TextCentered(fmt.Sprint(len(st.Tiles)), x+w/2-11, y+18, render.Bold, 14, render.Ink)
			}
		}
	}
}

// drawNotoriety draws the Notoriety track with its 3 thresholds and the
// turn order.
func drawNotoriety(c *render.Canvas, s *ep.State, y float64) float64 {
	cell := 52.0
	c.Text("Notoriety", panelX, y, render.Bold, 28, render.Ink)
	y += 38
	for i := 0; i <= ep.NotorietyTop; i++ {
		x := panelX + float64(i)*cell
		c.DrawRectangle(x, y, cell, cell)
		c.SetColor(render.Paper)
		c.FillPreserve()
		c.SetColor(render.Ink)
		c.SetLineWidth(1)
		c.Stroke()
		c.Text(fmt.Sprint(i), x+4, y+2, render.Regular, 16, render.Faint)
	}
	for _, th := range ep.NotorietyThresholds {
		x := panelX + float64(th+1)*cell
		c.SetColor(render.Alert)
		c.SetLineWidth(5)
		c.DrawLine(x, y-6, x, y+cell+6)
		c.Stroke()
	}
	counts := map[int]int{}
	for _, a := range s.Order {
		n := s.NotorietyOf(a)
		if a != ep.SandraActor && s.Players[a].Status == "arrested" {
			continue
		}
		k := counts[n]
		counts[n]++
		tx := panelX + float64(n)*cell + 18 + float64(k%2)*18
		ty := y + 22 + float64(k/2)*18
		c.Token(tx, ty, 12, actorColour(a), actorLabel(a))
	}
	y += cell + 16
	c.Text("Turn order", panelX, y, render.Bold, 24, render.Ink)
	x := panelX + 150
	for i, a := range s.Order {
		c.Text(fmt.Sprint(i+1), x, y+2, render.Regular, 20, render.Faint)
		c.Token(x+34, y+14, 16, actorColour(a), actorLabel(a))
		x += 70
	}
	return y + 36
}

// drawTime draws the Time track: 3 days of 5 turns with ★ updates.
func drawTime(c *render.Canvas, s *ep.State, y float64) float64 {
	c.Text("Time", panelX, y, render.Bold, 24, render.Ink)
	x := panelX + 70
	cell := 32.0
	for d := 1; d <= 3; d++ {
		c.Text(fmt.Sprintf("D%d", d), x, y+4, render.Bold, 20, render.Ink)
		x += 32
		for t := 0; t < len(ep.TurnNames); t++ {
			cur := s.Round == d && s.Phase == ep.PhasePlayerAction && s.TurnNo == t
			fill := color.Color(render.Paper)
			if t >= ep.RequiredTurns {
				fill = color.RGBA{0xdd, 0xd8, 0xee, 0xff}
			}
			if cur {
				fill = render.Alert
			}
			c.Panel(x, y, cell-4, 30, fill, render.Ink)
			c.TextCentered(strings.ToUpper(ep.TurnNames[t][:1]), x+(cell-4)/2, y+15, render.Bold, 18, render.Contrast(fill))
			x += cell
		}
		x += 8
	}
	return y + 36
}

// drawExits lists the Exits, their Patrol cards and Exit stacks.
func drawExits(c *render.Canvas, s *ep.State, y float64) float64 {
	c.Text("Exits & Patrol", panelX, y, render.Bold, 24, render.Ink)
	y += 32
	for no := 1; no <= 3; no++ {
		st := "OPEN"
		col := render.Good
		if s.Blocked(no) {
			st, col = "BLOCKED", render.Alert
		}
		line := fmt.Sprintf("%s: %s · patrol %d/2", ep.ExitName(no), st, s.PatrolSpaces[no-1])
		c.Token(panelX+12, y+13, 10, col, "")
		c.Text(line, panelX+30, y, render.Regular, 22, render.Ink)
		for _, es := range s.ExitStacks {
			if es.Exit == no {
				c.Text(fmt.Sprintf("%s stack (%d)", es.Colour, len(es.Tiles)), panelX+470, y, render.Regular, 22, keyColours[es.Colour])
			}
		}
		y += 30
	}
	if s.Round == 3 {
		c.Text(fmt.Sprintf("Escape cost now: $%dk (%d escaped)", s.EscapeCost(), s.Escaped), panelX, y, render.Bold, 22, render.Alert)
		y += 30
	}
	return y
}

// drawDisplay draws the 7 Contact cards, leftmost first.
func drawDisplay(c *render.Canvas, s *ep.State, y float64) float64 {
	c.Text(fmt.Sprintf("Contact display (deck %d)", len(s.ContactDeck)), panelX, y, render.Bold, 24, render.Ink)
	y += 32
	w, h := 98.0, 74.0
	for i, card := range s.Display {
		x := panelX + float64(i)*(w+4)
		if card < 0 {
			c.Panel(x, y, w, h, render.Background, render.Grid)
			continue
		}
		k := ep.ContactDeck[card]
		c.Panel(x, y, w, h, render.Paper, render.Ink)
		c.Text(fmt.Sprint(i+1), x+5, y+3, render.Bold, 16, render.Faint)
		cost := fmt.Sprintf("$%d", k.Cost)
		if k.Star {
			cost += "*"
		}
		c.Text(cost, x+w-40, y+3, render.Regular, 16, render.Faint)
		c.TextWrapped(k.Name, x+5, y+24, w-8, render.Bold, 19, render.Ink)
	}
	return y + h + 6
}

// drawPlayers summarises each player's public pieces.
func drawPlayers(c *render.Canvas, s *ep.State, y float64) float64 {
	c.Text("Players", panelX, y, render.Bold, 24, render.Ink)
	y += 32
	for i := range s.Players {
		p := &s.Players[i]
		c.Token(panelX+16, y+13, 15, actorColour(i), actorLabel(i))
		st := ""
		switch p.Status {
		case "escaped":
			st = "ESCAPED · "
		case "arrested":
			st = "ARRESTED · "
		}
		line := fmt.Sprintf("%s%s · wounds %d · contacts %d · discs %d · gas %d · tiles %d · gang %d",
			st, render.PlayerColorNames[i%len(render.PlayerColorNames)], p.Wounds, p.ContactCount(), p.Discs, p.Gas, len(p.Items), len(p.Gang))
		if s.Over {
			line = fmt.Sprintf("%s%s · score $%dk", st, render.PlayerColorNames[i%len(render.PlayerColorNames)], p.Score)
		}
		c.Text(line, panelX+40, y+1, render.Regular, 21, render.Ink)
		y += 32
	}
	if s.Sandra != nil {
		c.Token(panelX+16, y+13, 15, sandraColour, "S")
		c.Text(fmt.Sprintf("Sandra · discs %d · cards left %d", s.Sandra.Discs, len(s.Sandra.Deck)), panelX+40, y+1, render.Regular, 21, render.Ink)
		y += 32
	}
	return y
}

// drawSupply shows the next City tiles and the supply.
func drawSupply(c *render.Canvas, s *ep.State, y float64) {
	var next []string
	for _, t := range s.FaceUp {
		if t >= 0 {
			var cops []string
			for k, col := range ep.OfficerColours {
				if s.Tiles[t].Officers[k] {
					cops = append(cops, col)
				}
			}
			next = append(next, fmt.Sprintf("%s %s", ep.CityTiles[t].ID, strings.Join(cops, "+")))
		}
	}
	if len(next) > 0 {
		c.Text("Next tiles: "+strings.Join(next, " · "), panelX, y, render.Regular, 21, render.Ink)
		y += 30
	}
	c.Text(fmt.Sprintf("Bag: %d red, %d blue, %d black · gas %d · discs %d", s.Bag[0], s.Bag[1], s.Bag[2], s.Gas, s.Discs),
		panelX, y, render.Regular, 21, render.Ink)
	y += 30
	y += c.TextWrapped(fmt.Sprintf("Fixers for sale: %s", strings.Join(s.Fixers, ", ")), panelX, y, boardW-panelX-20, render.Regular, 19, render.Ink) + 4
	c.Text(fmt.Sprintf("Equipment: vest %d, hat %d, helmet %d, gas mask %d · lockers %d/%d/%d",
		s.Equipment[0], s.Equipment[1], s.Equipment[2], s.Equipment[3], len(s.Lockers[0].Tiles), len(s.Lockers[1].Tiles), len(s.Lockers[2].Tiles)),
		panelX, y, render.Regular, 19, render.Ink)
}

// drawLegend explains colours and marks.
func drawLegend(c *render.Canvas, x, y float64) {
	c.Text("Legend", x, y, render.Bold, 24, render.Ink)
	items := []render.LegendItem{
		{Color: landColours[ep.Downtown], Label: "downtown"},
		{Color: landColours[ep.Uptown], Label: "uptown"},
		{Color: landColours[ep.Industrial], Label: "industrial"},
		{Color: landColours[ep.Water], Label: "water"},
	}
	c.Legend(x, y+34, 22, items)
	items2 := []render.LegendItem{
		{Color: officerColours[0], Label: "red officer", Round: true},
		{Color: officerColours[1], Label: "blue officer", Round: true},
		{Color: officerColours[2], Label: "black officer", Round: true},
		{Color: sandraColour, Label: "Sandra (S)", Round: true},
	}
	c.Legend(x+190, y+34, 22, items2)
	items3 := []render.LegendItem{
		{Color: render.Good, Label: "open exit"},
		{Color: render.Alert, Label: "blocked exit"},
		{Color: closedColour, Label: "closed business"},
		{Color: color.RGBA{0x6b, 0x2f, 0x8f, 0xff}, Label: "gang member", Round: true},
	}
	c.Legend(x+400, y+34, 22, items3)
	c.TextWrapped("Numbered tokens are players; squares on a Location are Income cubes (dot = Income symbol); a square by a Gang is its control marker. SUB subway, PAD helipad. Empty hexes show the slot name for 'place … at 4-3'.",
		x+640, y+34, 390, render.Regular, 18, render.Ink)
}

// Private draws a player's own board from that seat's view.
func Private(v engine.View) (image.Image, error) {
	ev, err := viewOf(v)
	if err != nil {
		return nil, err
	}
	if ev.Viewer < 0 || int(ev.Viewer) >= len(ev.State.Players) {
		return nil, errors.New("escapeplan render: Private needs a seat's view")
	}
	s := ev.State
	p := &s.Players[ev.Viewer]
	c := render.NewCanvas(1200, 1000)
	seat := int(ev.Viewer)
	c.Token(40, 42, 26, actorColour(seat), actorLabel(seat))
	c.Text(fmt.Sprintf("Your board — %s", render.PlayerColorNames[seat%len(render.PlayerColorNames)]), 80, 18, render.Bold, 40, render.Ink)
	status := "in the city · at the " + s.NodeName(p.At)
	if p.Status != "" {
		status = strings.ToUpper(p.Status)
	}
	c.Text(status, 80, 66, render.Regular, 24, render.Faint)

	privateScreen(c, p)
	y := privateTracks(c, p, 280)
	y = privateContacts(c, p, y)
	y = privateAssets(c, p, y)
	privateTiles(c, s, p, seat, y)
	return render.Flatten(c.Image(), nil), nil
}

// privateScreen draws the money behind the screen and the Escape Plan.
func privateScreen(c *render.Canvas, p *ep.Player) {
	c.Panel(20, 110, 360, 150, render.Paper, render.Ink)
	c.Text("Behind your screen", 36, 120, render.Bold, 22, render.Faint)
	c.Text(fmt.Sprintf("$%dk", p.Money), 36, 150, render.Bold, 72, render.Good)
	plan := ep.PlanByTitle(p.Plan)
	c.Panel(400, 110, 780, 150, render.Paper, render.Ink)
	c.Text("Escape Plan: "+p.Plan, 416, 120, render.Bold, 28, render.Ink)
	c.TextWrapped("Income symbol on: "+strings.Join(plan.Targets, ", ")+fmt.Sprintf(". Each own cube there scores $%dk, elsewhere $%dk.", ep.PlanTargetValue, ep.PlanOtherValue),
		416, 162, 750, render.Regular, 24, render.Ink)
}

// privateTracks draws Income, Notoriety, Wounds, Rest, First Aid and the
// player's supplies.
func privateTracks(c *render.Canvas, p *ep.Player, y float64) float64 {
	c.Text(fmt.Sprintf("Income $%d · %d cubes on the track", ep.IncomeValue(p.IncomeCubes), p.IncomeCubes), 20, y, render.Bold, 26, render.Ink)
	y += 40
	c.Text(fmt.Sprintf("Notoriety %d · this turn +%d / -%d", p.Notoriety, p.Red, p.Blue), 20, y, render.Bold, 26, render.Ink)
	for i := 0; i < ep.NotorietyCubes; i++ {
		col := color.Color(render.Grid)
		if i < p.Red {
			col = render.Alert
		} else if i < p.Red+p.Blue {
			col = officerColours[1]
		}
		c.Cube(460+float64(i)*30, y+14, 22, col)
	}
	y += 40
	c.Text("Wounds", 20, y, render.Bold, 26, render.Ink)
	for i := 0; i < 3; i++ {
		col := color.Color(render.Good)
		if i < p.Wounds {
			col = render.Alert
		}
		c.Cube(140+float64(i)*32, y+14, 24, col)
	}
	rest := "Rest: Sun (available)"
	if !p.Sun {
		rest = "Rest: Moon (used)"
	}
	aid := "First Aid: ready"
	if !p.FirstAid {
		aid = "First Aid: used"
	}
	c.Text(rest+" · "+aid, 260, y, render.Regular, 26, render.Ink)
	y += 40
	c.Text(fmt.Sprintf("Extra Action discs %d · Gas %d · Gang Members %d · Gang markers %d · Handcuffs %d", p.Discs, p.Gas, len(p.Gang), p.Markers, p.Handcuffs),
		20, y, render.Regular, 24, render.Ink)
	return y
}

// privateContacts draws the Contact spaces.
func privateContacts(c *render.Canvas, p *ep.Player, y float64) float64 {
	y += 46
	c.Text("Contacts", 20, y, render.Bold, 26, render.Ink)
	y += 36
	for i, sp := range p.Contacts {
		x := 20 + float64(i)*232
		switch {
		case sp.Cuffed:
			c.Panel(x, y, 222, 70, render.Faint, render.Ink)
			c.TextCentered("HANDCUFFED", x+111, y+35, render.Bold, 22, white)
		case sp.Card >= 0:
			k := ep.ContactDeck[sp.Card]
			fill := color.Color(render.Paper)
			if sp.Used {
				fill = closedColour
			}
			c.Panel(x, y, 222, 70, fill, render.Ink)
			c.Text(k.Name, x+10, y+8, render.Bold, 24, render.Ink)
			st := fmt.Sprintf("$%d", k.Cost)
			if k.Star {
				st += " +1 notoriety"
			}
			if sp.Used {
				st += " · used"
			}
			c.Text(st, x+10, y+40, render.Regular, 19, render.Ink)
		default:
			c.Panel(x, y, 222, 70, render.Background, render.Grid)
		}
	}
	return y
}

// privateAssets draws the Asset spaces and the tiles still locked.
func privateAssets(c *render.Canvas, p *ep.Player, y float64) float64 {
	y += 90
	c.Text("Assets (unlocked: pay the space's price to use; used ones score $10k)", 20, y, render.Bold, 24, render.Ink)
	y += 36
	for i, a := range p.Assets {
		x := 20 + float64(i)*192
		fill := color.Color(render.Paper)
		if a.Asset == "" {
			fill = render.Background
		} else if a.Used {
			fill = closedColour
		}
		c.Panel(x, y, 182, 60, fill, render.Ink)
		c.Text(fmt.Sprintf("$%d", ep.AssetPrices[i]), x+8, y+4, render.Regular, 18, render.Faint)
		name := a.Asset
		if a.Used {
			name += " (used)"
		}
		c.Text(name, x+8, y+28, render.Bold, 21, render.Ink)
	}
	y += 70
	c.Text("Locked: "+orNone(p.Locked()), 20, y, render.Regular, 22, render.Ink)
	return y
}

// privateTiles draws the tiles on the Player Board, the Keys, and the
// tiles drawn from a stack and waiting for a choice.
func privateTiles(c *render.Canvas, s *ep.State, p *ep.Player, seat int, y float64) {
	y += 44
	c.Text(fmt.Sprintf("Tiles (%d/%d)", len(p.Items), ep.ItemSpaces), 20, y, render.Bold, 26, render.Ink)
	y += 36
	for i, it := range p.Items {
		x := 20 + float64(i%3)*392
		yy := y + float64(i/3)*66
		fill := color.Color(render.Paper)
		if it.Used {
			fill = closedColour
		}
		c.Panel(x, yy, 382, 58, fill, render.Ink)
		label := it.Kind + ": " + it.Name
		if it.Used {
			label += " (used)"
		}
		c.Text(label, x+10, yy+4, render.Bold, 21, render.Ink)
		if it.Secret != nil {
			c.Text(fmt.Sprintf("%s · $%dk", it.Secret.Name, it.Secret.Value), x+10, yy+30, render.Regular, 20, render.Good)
		}
	}
	y += 140
	var ks []string
	for _, k := range p.Keys {
		if k.Used {
			ks = append(ks, k.Colour+" (used)")
		} else {
			ks = append(ks, k.Colour)
		}
	}
	c.Text("Keys: "+orNone(ks), 20, y, render.Regular, 24, render.Ink)
	// Tiles drawn from a Locker or Exit stack, waiting for a choice.
	for _, tk := range s.Pending.Items {
		if int(tk.OwnerSeat()) != seat || len(tk.Data.Drawn) == 0 {
			continue
		}
		var ds []string
		for i, d := range tk.Data.Drawn {
			ds = append(ds, fmt.Sprintf("keep %d = %s $%dk", i+1, d.Name, d.Value))
		}
		y += 36
		c.TextWrapped("Choose: "+strings.Join(ds, " · "), 20, y, 1160, render.Bold, 22, render.Alert)
	}
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
