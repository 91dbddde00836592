package escapeplan

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	ep "casefile/engine/escapeplan"
	"casefile/render"
)

// The city is drawn turned a quarter clockwise from the rules' flat-top
// grid: pointy-top hexes, the grid's first column at the top and its first
// row on the right. A portrait map fills a portrait picture, and its hexes
// are a sixth larger than a flat map of the same width allows. Slot names
// (for "place … at 4-3") are written in the empty hexes, so the turn costs
// no one a coordinate.
const (
	hexR = 112.0
	// plateH is a Location name plate's height.
	plateH = 28.0
)

// mapW is the width of the turned grid.
var mapW = math.Sqrt(3) * hexR * (float64(ep.GridRows) + 0.5)

// hexCentre is the centre of a slot on the turned map whose top is at y0.
func hexCentre(slot int, y0 float64) (float64, float64) {
	col, row := ep.SlotCR(slot)
	// The flat-top centre, then turned: (x, y) → (mapW − y, x).
	fx := 1.5*hexR*float64(col) + hexR
	fy := math.Sqrt(3)*hexR*float64(row) + math.Sqrt(3)*hexR/2
	if col%2 == 1 {
		fy += math.Sqrt(3) * hexR / 2
	}
	return (boardW-mapW)/2 + mapW - fy, y0 + fx
}

// halfWidth is the half width inside a drawn hex (circumradius r) at dy
// from its centre.
func halfWidth(r, dy float64) float64 {
	dy = math.Abs(dy)
	side := r * math.Sqrt(3) / 2
	if dy <= r/2 {
		return side
	}
	return side * (r - dy) / (r / 2)
}

// drawCity draws the hex grid: empty slots, tiles with Land types,
// Locations, officers and pawns. The map is cropped to the rows of hexes
// drawn, and the empty slots are drawn only in the City phase, where
// tiles are placed on them. It returns the y below the map.
func drawCity(c *render.Canvas, s *ep.State, y0 float64) float64 {
	// The empty slots next to the city, named, while tiles are placed.
	shown := func(slot int) bool {
		return s.Grid[slot] >= 0 || (s.Phase == ep.PhaseCity && !s.Over && nextToCity(s, slot))
	}
	first, last := ep.GridCols, -1
	left, right := float64(boardW), 0.0
	for slot := range s.Grid {
		if shown(slot) {
			col, _ := ep.SlotCR(slot)
			first, last = min(first, col), max(last, col)
			x, _ := hexCentre(slot, 0)
			left, right = min(left, x), max(right, x)
		}
	}
	if last < 0 {
		return y0
	}
	top := y0 - 1.5*hexR*float64(first)
	// Centre the hexes drawn across the picture.
	dx := float64(boardW)/2 - (left+right)/2
	for slot, t := range s.Grid {
		if !shown(slot) {
			continue
		}
		x, y := hexCentre(slot, top)
		x += dx
		if t < 0 {
			c.Hex(x, y, hexR-3, true, render.Background, render.Grid)
			c.TextCentered(ep.SlotName(slot), x, y, render.Regular, head, render.Faint)
			continue
		}
		drawTile(c, s, t, x, y)
	}
	return y0 + hexR*(1.5*float64(last-first)+2)
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

// Rows inside a hex, as offsets of their centres from the hex's centre:
// the tile's name, two Location plates, the Land space's pawns and the
// officers.
const (
	rowHead     = -75.0
	rowPlate1   = -36.0
	rowPlate2   = 4.0
	rowLand     = 46.0
	rowOfficers = 78.0
)

// drawTile draws one City tile: its name and features, its Locations with
// the pawns on them, the pawns on its Land space and its officers.
func drawTile(c *render.Canvas, s *ep.State, t int, x, y float64) {
	td := ep.CityTiles[t]
	r := hexR - 3
	c.Hex(x, y, r, true, landColours[td.Land], render.Ink)
	head := td.ID
	if td.Subway {
		head += " SUB"
	}
	if td.Helipad {
		head += " PAD"
	}
	if td.Ferry {
		head += " FERRY"
	}
	c.TextCentered(head, x, y+rowHead, render.Bold, body, render.Ink)
	now := acting(s)
	locs := ep.TileLocations(t)
	for i, l := range locs {
		row := []float64{rowPlate1, rowPlate2}[i%2]
		spill, spillHW := 0.0, 0.0
		if len(locs) == 1 {
			// A lone Location's pawns may spill into the row below.
			spill, spillHW = rowPlate2-rowPlate1, halfWidth(r, rowPlate2+pawnR)-4
		}
		drawLocationRow(c, s, l, x, y+row, halfWidth(r, row-plateH/2)-6, spill, spillHW, now)
	}
	// The Land space: its pawns, centred.
	var land []int
	for i := range s.Players {
		p := &s.Players[i]
		if p.Status == "" && p.At >= 0 && !ep.IsLocation(p.At) && ep.NodeTile(p.At) == t {
			land = append(land, i)
		}
	}
	if s.Sandra != nil && s.Sandra.At >= 0 && !ep.IsLocation(s.Sandra.At) && ep.NodeTile(s.Sandra.At) == t {
		land = append(land, ep.SandraActor)
	}
	drawPawnRow(c, land, now, x, y+rowLand, halfWidth(r, rowLand+pawnR)-4)
	// Officers along the bottom point.
	var cops []int
	for k := range ep.OfficerColours {
		if s.Tiles[t].Officers[k] {
			cops = append(cops, k)
		}
	}
	ox := x - float64(len(cops)-1)*23/2
	for _, k := range cops {
		officer(c, ox, y+rowOfficers, k)
		ox += 23
	}
}

// drawPawnRow draws pawns centred on (x, y) within half width hw; those
// that do not fit are counted in a "+n".
func drawPawnRow(c *render.Canvas, actors, now []int, x, y, hw float64) {
	if len(actors) == 0 {
		return
	}
	fit, more := fitPawns(c, actors, now, 2*hw)
	w := rowWidth(c, actors[:fit], now, more)
	px := x - w/2
	for _, a := range actors[:fit] {
		px = drawPawn(c, a, contains(now, a), px, y)
	}
	if more > 0 {
		c.Text(fmt.Sprintf("+%d", more), px+2, y-12, render.Bold, small, render.Ink)
	}
}

// rowWidth is the width of pawns and a "+n".
func rowWidth(c *render.Canvas, actors, now []int, more int) float64 {
	w := 0.0
	for _, a := range actors {
		w += pawnWidth(contains(now, a))
	}
	if more > 0 {
		c.Font(render.Bold, small)
		mw, _ := c.MeasureString(fmt.Sprintf("+%d", more))
		w += mw + 4
	}
	return w
}

// fitPawns is how many of actors fit in width, and how many are left over.
func fitPawns(c *render.Canvas, actors, now []int, width float64) (int, int) {
	for n := len(actors); n > 0; n-- {
		if rowWidth(c, actors[:n], now, len(actors)-n) <= width {
			return n, len(actors) - n
		}
	}
	return 0, len(actors)
}

// plateLook is a Location plate's fill and ink, and whether it is struck
// through (a closed Business).
func plateLook(s *ep.State, l int) (fill, ink color.Color, struck bool) {
	d := ep.Location(l)
	fill, ink = render.Paper, render.Ink
	switch d.Kind {
	case ep.Business:
		for _, b := range s.Businesses {
			if b.Loc == l && b.Closed {
				fill, struck = closedColour, true
			}
		}
	case ep.SafeHouse:
		fill = safeColour
	case ep.Exit:
		fill, ink = render.Good, white
		if s.Blocked(d.ExitNo) {
			fill = render.Alert
		}
	case ep.Hospital:
		fill = hospitalColour
	}
	return fill, ink, struck
}

// plateName is the name written on a Location's plate.
func plateName(s *ep.State, l int) string {
	name := s.NodeName(l)
	if ep.Location(l).Kind == ep.Exit {
		name = strings.TrimSuffix(name, " exit") + " EXIT"
	}
	return name
}

// drawLocationRow draws a Location's name plate and the pawns on it, the
// whole row centred on (x, y) within half width hw. Pawns that do not fit
// go to a row spill below (half width spillHW) when spill is not zero;
// otherwise a name too
// long to leave room for them is shortened.
func drawLocationRow(c *render.Canvas, s *ep.State, l int, x, y, hw, spill, spillHW float64, now []int) {
	pawns := pawnsAt(s, l)
	name := plateName(s, l)
	c.Font(render.Bold, small)
	plateW := func(n string) float64 {
		w, _ := c.MeasureString(n)
		return w + 14
	}
	fit, more := fitPawns(c, pawns, now, 2*hw-plateW(name)-4)
	var rest []int
	if more > 0 && spill != 0 {
		// fitPawns left room for a "+n"; without it, one more may fit.
		for fit < len(pawns) && rowWidth(c, pawns[:fit+1], now, 0) <= 2*hw-plateW(name)-4 {
			fit++
		}
		rest, more = pawns[fit:], 0
	}
	for more > 0 && len([]rune(name)) > 5 {
		// Shorten the name to make room for one more pawn.
		rs := []rune(strings.TrimSuffix(name, "…"))
		name = string(rs[:len(rs)-1]) + "…"
		fit, more = fitPawns(c, pawns, now, 2*hw-plateW(name)-4)
	}
	pw := plateW(name)
	w := pw
	if fit > 0 || more > 0 {
		w += 4 + rowWidth(c, pawns[:fit], now, more)
	}
	left := x - w/2
	fill, ink, struck := plateLook(s, l)
	c.FillRoundedRect(left, y-plateH/2, pw, plateH, 6, fill)
	c.DrawRoundedRectangle(left, y-plateH/2, pw, plateH, 6)
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	c.TextCentered(name, left+pw/2, y-1, render.Bold, small, ink)
	if struck {
		c.SetColor(render.Alert)
		c.SetLineWidth(3)
		c.DrawLine(left+4, y, left+pw-4, y)
		c.Stroke()
	}
	px := left + pw + 4
	for _, a := range pawns[:fit] {
		px = drawPawn(c, a, contains(now, a), px, y)
	}
	if more > 0 {
		c.Text(fmt.Sprintf("+%d", more), px+2, y-12, render.Bold, small, render.Ink)
	}
	drawPawnRow(c, rest, now, x, y+spill, spillHW)
}

// officer draws a Police Officer of colour k centred on (x, y).
func officer(c *render.Canvas, x, y float64, k int) {
	c.DrawCircle(x, y, 10)
	c.SetColor(officerColours[k])
	c.FillPreserve()
	c.SetColor(white)
	c.SetLineWidth(2)
	c.Stroke()
	c.Occupy(x-10, y-10, 20, 20, "", 0)
}
