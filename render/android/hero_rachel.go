package android

import (
	"fmt"

	an "casefile/engine/android"
	"casefile/render"
)

// drawRachelHero draws Rachel Beckmann's Money card on her row: the track
// from $0 to the top mark with her hero marker's space filled in her
// seat's colour, and what broke costs. It returns the y below it; a row
// of another detective is left as it is.
func drawRachelHero(c *render.Canvas, d *an.Det, x, y, width float64) float64 {
	r := d.Rachel
	if r == nil {
		return y
	}
	col := render.PlayerColor(d.Seat)
	c.Text("Money", x, y+12, render.Regular, small, render.Ink)
	cx := x + 110
	for k := 0; k <= an.MoneyMax; k++ {
		label := "$0"
		if k > 0 {
			label = fmt.Sprintf("$%dk", k)
		}
		if k == r.Money {
			box(c, cx, y+6, trackCell*1.3, 40, 3, col, render.Ink)
			c.TextCentered(label, cx+trackCell*0.65, y+26, render.Bold, small, render.Contrast(col))
		} else {
			box(c, cx, y+6, trackCell*1.3, 40, 1, render.Paper, render.Ink)
			c.TextCentered(label, cx+trackCell*0.65, y+26, render.Regular, small, render.Faint)
		}
		cx += trackCell * 1.3
	}
	note := fmt.Sprintf("broke ($0): %d Time less a turn", an.BrokeTime)
	if r.Draws > 0 {
		note = fmt.Sprintf("%d extra setup %s to draw", r.Draws, plural(r.Draws, "card", "cards"))
	}
	c.TextWrapped(note, cx+16, y+12, x+width-cx-16, render.Regular, small, render.Ink)
	return y + 54
}
