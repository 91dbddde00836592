package android

import (
	"fmt"

	an "casefile/engine/android"
	"casefile/render"
)

// drawSanity draws Caprice Nisei's Sanity card under her row: its five
// marks, Clear (+2) at the left to Breaking (−2) at the right, with her
// hero marker's mark filled in her seat's colour, and whether Descent
// into Madness has come in (on a line below). It returns the y below it; another detective
// has no Sanity card and nothing is drawn.
func drawSanity(c *render.Canvas, d *an.Det, x, y float64) float64 {
	if d.Sanity == nil {
		return y
	}
	const cell = 160.0
	y += 8
	c.Text("Sanity", x, y+6, render.Regular, small, render.Ink)
	for i, mark := 0, an.SanityTop; mark >= an.SanityBottom; i, mark = i+1, mark-1 {
		cx := x + 110 + float64(i)*cell
		label := fmt.Sprintf("%s %+d", an.SanityMarks[mark], mark)
		if mark == d.Sanity.Mark {
			col := render.PlayerColor(d.Seat)
			box(c, cx, y, cell, 40, 3, col, render.Ink)
			c.TextCentered(label, cx+cell/2, y+20, render.Bold, small, render.Contrast(col))
			continue
		}
		box(c, cx, y, cell, 40, 1, render.Paper, render.Ink)
		c.TextCentered(label, cx+cell/2, y+20, render.Regular, small, render.Faint)
	}
	if d.Sanity.Descended {
		c.Text("Descent into Madness has come in", x, y+54, render.Regular, small, render.Ink)
		return y + 92
	}
	return y + 48
}
