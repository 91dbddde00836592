package android

import (
	"fmt"
	"image/color"
	"strings"

	an "casefile/engine/android"
	cs "casefile/engine/android/conspiracy"
	"casefile/render"
)

// The conspiracy: the 5 × 5 grid with the conspiracy in its centre, the
// rim ports of the four groups, the placed pieces' lines (tinted by the
// piece's type), the three face-down piles as counts, the hero markers
// beside them, the discards and a piece drawn but not yet placed. The
// shape follows conspiracy.Text.

// puzzleOf is the conspiracy puzzle the game holds (Story.Puzzle, built
// at setup); a state without one (a snapshot from before the story was
// wired in) leaves the conspiracy's place, saying so.
func puzzleOf(s *an.State) *cs.Puzzle { return s.Story.Puzzle }

const (
	conspCell = 72.0
	conspGrid = conspCell * cs.Size
)

// drawConspiracy draws the puzzle, or its empty place while the game has
// none, and returns the y below it.
func drawConspiracy(c *render.Canvas, s *an.State, pz *cs.Puzzle, y float64) float64 {
	c.Text("The conspiracy", margin, y, render.Bold, head, render.Ink)
	y += 44
	width := boardW - 2*margin
	if pz == nil {
		msg := "Not in the game yet: the conspiracy puzzle is not wired into Android, so no piece can be revealed or placed. Its grid, piles and hero markers will be drawn here."
		c.Font(render.Regular, small)
		h := 24 + float64(len(c.WordWrap(msg, width-32)))*small*1.25
		box(c, margin, y, width, h, 2, render.Paper, render.Grid)
		c.TextWrapped(msg, margin+16, y+12, width-32, render.Regular, small, render.Faint)
		return y + h
	}
	gx, gy := margin+44, y+44
	for col := 0; col < cs.Size; col++ {
		c.TextCentered(string(rune('a'+col)), gx+(float64(col)+0.5)*conspCell, gy-30, render.Bold, small, render.Faint)
	}
	for row := 0; row < cs.Size; row++ {
		c.TextCentered(fmt.Sprint(row+1), gx-30, gy+(float64(row)+0.5)*conspCell, render.Bold, small, render.Faint)
	}
	// The grid's cells are stamped, each by what it shows (its lines and
	// discs are gg's strokes: a stamp is drawn once, and the tail's
	// scratch needs no RGBA rows down here); the ports are boxes.
	for cell := cs.Cell(0); cell < cs.NumCells; cell++ {
		stampConspCell(c, pz, cell, gx+float64(cell.Col())*conspCell, gy+float64(cell.Row())*conspCell)
	}
	for _, p := range cs.Ports {
		drawPort(c, p, gx, gy)
	}
	// Beside the grid: the piles, the markers, the discards.
	tx := gx + conspGrid + 60
	tw := boardW - margin - tx
	ty := y
	var piles []string
	for t := cs.PieceType(0); t < cs.NumTypes; t++ {
		piles = append(piles, fmt.Sprintf("%s %d", t, pz.Left(t)))
	}
	ty += c.TextWrapped("Face-down piles: "+strings.Join(piles, " · "), tx, ty, tw, render.Bold, small, render.Ink) + 6
	ty += c.TextWrapped(fmt.Sprintf("Placed %d of %d · discarded %d", pz.Placed(), cs.NumPieces, len(pz.Discards)), tx, ty, tw, render.Regular, small, render.Ink) + 6
	var marks []string
	for seat, m := range pz.Markers {
		where := "in the box"
		if m != cs.Boxed {
			where = "by the " + cs.PieceType(m).String() + " pile"
		}
		marks = append(marks, fmt.Sprintf("%s %s", seatName(seat), where))
	}
	if len(marks) > 0 {
		ty += c.TextWrapped("Hero markers: "+strings.Join(marks, " · "), tx, ty, tw, render.Regular, small, render.Ink) + 6
	}
	var toks []string
	for seat, n := range s.Story.Tokens {
		toks = append(toks, fmt.Sprintf("%s %d", seatName(seat), n))
	}
	if len(toks) > 0 {
		ty += c.TextWrapped(fmt.Sprintf("Conspiracy tokens: %s · %d in the supply", strings.Join(toks, " · "), s.Story.TokenSupply), tx, ty, tw, render.Regular, small, render.Ink) + 6
	}
	links := pz.Links()
	var ls []string
	for g := cs.Group(0); g < cs.NumGroups; g++ {
		ls = append(ls, fmt.Sprintf("%s %d", g, links[g]))
	}
	ty += c.TextWrapped("Links to the conspiracy: "+strings.Join(ls, " · "), tx, ty, tw, render.Bold, small, render.Ink) + 6
	if d := pz.Pending; d != nil {
		if pc, ok := cs.PieceByID(d.Piece); ok {
			ty += c.TextWrapped(fmt.Sprintf("Drawn, to place or discard: a %s piece (%s), by %s", pc.Type, pc.Bonus, seatName(d.Seat)),
				tx, ty, tw, render.Regular, small, render.Alert) + 6
		}
	}
	ty += 6
	for i, g := range cs.RimGroups {
		x := tx + float64(i%2)*(tw/2)
		yy := ty + float64(i/2)*40
		cube(c, x+14, yy+16, 26, groupColours[g])
		c.Text(g.String()+" port", x+40, yy+2, render.Regular, small, render.Ink)
	}
	ty += 84
	for t := cs.PieceType(0); t < cs.NumTypes; t++ {
		x := tx + float64(int(t)%2)*(tw/2)
		yy := ty + float64(int(t)/2)*40
		cube(c, x+14, yy+16, 26, pieceTints[t])
		c.Text(title(t.String())+" piece", x+40, yy+2, render.Regular, small, render.Ink)
	}
	ty += 84
	return max(gy+conspGrid+30, ty)
}

// stampConspCell stamps one cell of the grid with its top-left at (x, y),
// on the board's background: the cell's pixels depend on the piece it
// holds and its turn, or on its being the centre.
func stampConspCell(c *render.Canvas, pz *cs.Puzzle, cell cs.Cell, x, y float64) {
	pc, rot, ok := pz.PieceAt(cell)
	key := "an consp empty"
	switch {
	case cell == cs.Centre:
		key = fmt.Sprintf("an consp centre %v %d", ok, pc.Type)
	case ok:
		// Its type (the fill), lines and bonus, not its id: pieces alike
		// share a stamp.
		key = fmt.Sprintf("an consp %d %v %d %d %d", pc.Type, pc.Paths, pc.Bonus.Kind, rot, len(pc.Paths))
	}
	c.Stamp(key, x, y, conspCell+1, conspCell+1, 6, render.Background, func(c *render.Canvas, x, y float64) {
		drawConspCell(c, pz, cell, x, y)
	})
}

// drawConspCell draws one cell of the grid with its top-left at (x, y).
func drawConspCell(c *render.Canvas, pz *cs.Puzzle, cell cs.Cell, x, y float64) {
	pc, rot, ok := pz.PieceAt(cell)
	fill := color.Color(render.Paper)
	if ok {
		fill = pieceTints[pc.Type]
	}
	box(c, x, y, conspCell+1, conspCell+1, 1, fill, render.Grid)
	cx, cy := x+conspCell/2, y+conspCell/2
	if cell == cs.Centre {
		for _, side := range cs.Sides {
			conspLine(c, cx, cy, side, render.Alert)
		}
		c.DrawCircle(cx, cy, 16)
		c.SetColor(render.Alert)
		c.Fill()
		c.Occupy(cx-16, cy-16, 32, 32, "", 0)
		return
	}
	if !ok {
		return
	}
	for i, path := range pc.Paths {
		e := path.Rotate(rot)
		if i > 0 {
			// A bridge: the second line passes over the first, with a gap
			// of the cell's fill around it.
			for _, side := range cs.Sides {
				if e.Has(side) {
					conspLineW(c, cx, cy, side, fill, 14)
				}
			}
		}
		for _, side := range cs.Sides {
			if e.Has(side) {
				conspLine(c, cx, cy, side, render.Ink)
			}
		}
	}
	switch pc.Bonus.Kind {
	case cs.HaasLink, cs.JintekiLink:
		g := cs.HaasBioroid
		if pc.Bonus.Kind == cs.JintekiLink {
			g = cs.Jinteki
		}
		c.FillRect(x+6, y+6, 16, 16, groupColours[g])
		c.Occupy(x+6, y+6, 16, 16, "", 0)
	}
}

// conspLine draws a line from a cell's centre to the middle of one side.
func conspLine(c *render.Canvas, cx, cy float64, side cs.Side, col color.Color) {
	conspLineW(c, cx, cy, side, col, 7)
}

func conspLineW(c *render.Canvas, cx, cy float64, side cs.Side, col color.Color, w float64) {
	dx, dy := 0.0, 0.0
	switch side {
	case cs.North:
		dy = -conspCell / 2
	case cs.East:
		dx = conspCell / 2
	case cs.South:
		dy = conspCell / 2
	case cs.West:
		dx = -conspCell / 2
	}
	c.DrawLine(cx, cy, cx+dx, cy+dy)
	c.SetColor(col)
	c.SetLineWidth(w)
	c.Stroke()
}

// drawPort draws a group's port on the outside of its rim cell's side.
func drawPort(c *render.Canvas, p cs.Port, gx, gy float64) {
	x := gx + float64(p.Cell.Col())*conspCell
	y := gy + float64(p.Cell.Row())*conspCell
	var r [4]float64
	switch p.Side {
	case cs.North:
		r = [4]float64{x + 20, y - 12, 32, 10}
	case cs.South:
		r = [4]float64{x + 20, y + conspCell + 2, 32, 10}
	case cs.West:
		r = [4]float64{x - 12, y + 20, 10, 32}
	case cs.East:
		r = [4]float64{x + conspCell + 2, y + 20, 10, 32}
	}
	fillRect(c, r[0], r[1], r[2], r[3], groupColours[p.Group])
	c.Occupy(r[0], r[1], r[2], r[3], "", 0)
}
