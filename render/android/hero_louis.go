package android

import (
	"fmt"
	"image/color"

	an "casefile/engine/android"
	"casefile/render"
)

// drawLouisHero draws Louis Blaine's Mood card on his row: the side that
// is up, in a framed card (dark ink for the Bad Mood, his seat's colour
// for the Good Mood), what that side does, and his Sara favors. It
// returns the y below it; a row of another detective is left as it is.
func drawLouisHero(c *render.Canvas, d *an.Det, x, y, width float64) float64 {
	l := d.Louis
	if l == nil {
		return y
	}
	does := fmt.Sprintf("each turn starts with %d Time less", an.BadMoodTime)
	var fill, ink color.Color = render.Ink, render.Paper
	if l.Good {
		does = "full Time each turn"
		fill = render.PlayerColor(d.Seat)
		ink = render.Contrast(fill)
	}
	label := "Mood: " + l.MoodText()
	c.Font(render.Bold, small)
	lw, _ := c.MeasureString(label)
	w := lw + 24
	box(c, x, y+2, w, 44, 2, fill, render.Ink)
	c.Text(label, x+12, y+10, render.Bold, small, ink)
	rest := fmt.Sprintf("%s · Sara favors %d of %d · call sara: 1 Time, Mood turns good", does, l.Sara, an.SaraFavorsMax)
	h := c.TextWrapped(rest, x+w+14, y+10, width-w-14, render.Regular, small, render.Ink)
	return y + max(52, h+14)
}
