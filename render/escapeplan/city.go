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

// drawCityStatic draws the hex grid as the layout fixes it: the tiles'
// hexes with their Land types and names and, in the City phase, the
// empty slots next to the city with their names. The map is cropped to
// the rows of hexes drawn (layoutOf).
func drawCityStatic(c *render.Canvas, s *ep.State, l *layout) {
	eachHex(s, l, func(slot, t int, x, y float64) { drawHexStatic(c, slot, t, x, y) })
}

// eachHex calls f with each hex the layout shows, in slot order: its
// slot, its tile (or -1 for an empty slot next to the city) and its
// centre, at whole pixels.
func eachHex(s *ep.State, l *layout, f func(slot, t int, x, y float64)) {
	for slot, t := range s.Grid {
		if t < 0 && !(l.showEmpty && nextToCity(s, slot)) {
			continue
		}
		x, y := hexCentre(slot, l.top)
		// Whole pixels: the stamps on a tile then fall at whole pixels
		// too, and a stamp is kept per fraction of a pixel; and a hex's
		// sprite is put at a whole pixel.
		f(slot, t, math.Round(x+l.dx), math.Round(y))
	}
}

// drawHexStatic draws slot's hex centred on (x, y): tile t as placed, or
// when t < 0 the empty slot with its name. It is stamped (a whole pixel
// square of hexSide around the centre), so that a hex has the same pixels
// wherever it lies: gg's rasterizer gives a shape's edge pixels a level
// apart at other rows, and a city's layer is put together from hexes
// drawn once (hexSprite).
func drawHexStatic(c *render.Canvas, slot, t int, x, y float64) {
	key := fmt.Sprint("hex tile ", t)
	if t < 0 {
		key = fmt.Sprint("hex slot ", slot)
	}
	c.Stamp(key, x-hexMid, y-hexMid, hexSide, hexSide, 0, render.Background, func(c *render.Canvas, x0, y0 float64) {
		drawHexShape(c, slot, t, x0, y0)
	})
}

// drawHexShape draws slot's hex in the square of hexSide whose top-left
// is (x0, y0).
func drawHexShape(c *render.Canvas, slot, t int, x0, y0 float64) {
	x, y := x0+hexMid, y0+hexMid
	if t >= 0 {
		drawTileStatic(c, t, x, y)
		return
	}
	c.Hex(x, y, hexR-3, true, render.Background, render.Grid)
	c.TextCentered(ep.SlotName(slot), x, y, render.Regular, head, render.Faint)
}

// hexSide is the side of the square a hex and its head are drawn in (the
// hex is hexR−3 from its centre, its line 1.5 wide), hexMid its centre.
const (
	hexSide = 2*hexR + 16
	hexMid  = hexSide / 2
)

// cityParts are the tiles' Locations with the pawns on them, the pawns on
// their Land spaces and their officers: text and stamps, one part a tile.
func cityParts(s *ep.State, l *layout) []render.Part {
	var parts []render.Part
	for slot, t := range s.Grid {
		if t < 0 {
			continue
		}
		x, y := hexCentre(slot, l.top)
		// Whole pixels: the stamps on a tile then fall at whole pixels
		// too, and a stamp is kept per fraction of a pixel.
		x = math.Round(x + l.dx)
		side := (hexR - 3) * math.Sqrt(3) / 2
		parts = append(parts, render.Part{
			Rect:    render.PartRect(x-side, y+rowPlate1-pawnR-6, x+side, y+rowOfficers+12, 2),
			Indexed: true,
			Draw:    func(c *render.Canvas) { drawTile(c, s, t, x, y) },
		})
	}
	return parts
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

// drawTileStatic draws one City tile as placed: its hex of its Land type
// and its name and features.
func drawTileStatic(c *render.Canvas, t int, x, y float64) {
	td := ep.CityTiles[t]
	c.Hex(x, y, hexR-3, true, landColours[td.Land], render.Ink)
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
}

// drawTile draws what stands on one City tile: its Locations with the
// pawns on them, the pawns on its Land space and its officers.
func drawTile(c *render.Canvas, s *ep.State, t int, x, y float64) {
	td := ep.CityTiles[t]
	r := hexR - 3
	land := landColours[td.Land]
	now := acting(s)
	locs := ep.TileLocations(t)
	for i, l := range locs {
		row := []float64{rowPlate1, rowPlate2}[i%2]
		spill, spillHW := 0.0, 0.0
		if len(locs) == 1 {
			// A lone Location's pawns may spill into the row below.
			spill, spillHW = rowPlate2-rowPlate1, halfWidth(r, rowPlate2+pawnR)-4
		}
		drawLocationRow(c, s, l, x, y+row, halfWidth(r, row-plateH/2)-6, spill, spillHW, now, land)
	}
	// The Land space: its pawns, centred.
	var onLand []int
	for i := range s.Players {
		p := &s.Players[i]
		if p.Status == "" && p.At >= 0 && !ep.IsLocation(p.At) && ep.NodeTile(p.At) == t {
			onLand = append(onLand, i)
		}
	}
	if s.Sandra != nil && s.Sandra.At >= 0 && !ep.IsLocation(s.Sandra.At) && ep.NodeTile(s.Sandra.At) == t {
		onLand = append(onLand, ep.SandraActor)
	}
	drawPawnRow(c, onLand, now, x, y+rowLand, halfWidth(r, rowLand+pawnR)-4, land)
	// Officers along the bottom point.
	var cops []int
	for k := range ep.OfficerColours {
		if s.Tiles[t].Officers[k] {
			cops = append(cops, k)
		}
	}
	ox := math.Round(x - float64(len(cops)-1)*23/2)
	for _, k := range cops {
		officer(c, ox, y+rowOfficers, k, land)
		ox += 23
	}
}

// drawPawnRow draws pawns centred on (x, y) within half width hw; those
// that do not fit are counted in a "+n".
func drawPawnRow(c *render.Canvas, actors, now []int, x, y, hw float64, bg color.Color) {
	if len(actors) == 0 {
		return
	}
	fit, more := fitPawns(c, actors, now, 2*hw)
	w := rowWidth(c, actors[:fit], now, more)
	px := math.Round(x - w/2)
	for _, a := range actors[:fit] {
		px = drawPawn(c, a, contains(now, a), px, y, bg)
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
func drawLocationRow(c *render.Canvas, s *ep.State, l int, x, y, hw, spill, spillHW float64, now []int, land color.Color) {
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
	pw := math.Ceil(plateW(name))
	w := pw
	if fit > 0 || more > 0 {
		w += 4 + rowWidth(c, pawns[:fit], now, more)
	}
	left := math.Round(x - w/2)
	fill, ink, struck := plateLook(s, l)
	key := fmt.Sprint("plate ", name, " ", rgbaOf(fill), rgbaOf(ink), struck, pw)
	c.Stamp(key, left, y-plateH/2, pw, plateH, 3, rgbaOf(land), func(c *render.Canvas, x0, y0 float64) {
		c.FillRoundedRect(x0, y0, pw, plateH, 6, fill)
		c.DrawRoundedRectangle(x0, y0, pw, plateH, 6)
		c.SetColor(render.Ink)
		c.SetLineWidth(1.5)
		c.Stroke()
		c.TextCentered(name, x0+pw/2, y0+plateH/2-1, render.Bold, small, ink)
		if struck {
			c.SetColor(render.Alert)
			c.SetLineWidth(3)
			c.DrawLine(x0+4, y0+plateH/2, x0+pw-4, y0+plateH/2)
			c.Stroke()
		}
	})
	px := left + pw + 4
	for _, a := range pawns[:fit] {
		px = drawPawn(c, a, contains(now, a), px, y, land)
	}
	if more > 0 {
		c.Text(fmt.Sprintf("+%d", more), px+2, y-12, render.Bold, small, render.Ink)
	}
	drawPawnRow(c, rest, now, x, y+spill, spillHW, land)
}

// officer draws a Police Officer of colour k centred on (x, y) on ground
// bg, stamped.
func officer(c *render.Canvas, x, y float64, k int, bg color.Color) {
	c.Stamp(fmt.Sprint("officer ", k), x-10, y-10, 20, 20, 3, rgbaOf(bg), func(c *render.Canvas, x, y float64) {
		c.DrawCircle(x+10, y+10, 10)
		c.SetColor(officerColours[k])
		c.FillPreserve()
		c.SetColor(white)
		c.SetLineWidth(2)
		c.Stroke()
		c.Occupy(x, y, 20, 20, "", 0)
	})
}
