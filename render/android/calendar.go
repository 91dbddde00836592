package android

import (
	"fmt"
	"image/color"

	an "casefile/engine/android"
	"casefile/render"
)

// drawCalendar draws the two weeks of six days (the day now filled, the
// days gone grey, the climax's two days rimmed red) and the active
// detective's Time left this turn.
func drawCalendar(c *render.Canvas, s *an.State, y float64) float64 {
	w, d := weekDay(s)
	c.Text(fmt.Sprintf("Calendar: week %d, day %d · the case closes after day %d of week %d", w, d, an.DaysPerWeek, an.Weeks),
		margin, y, render.Bold, head, render.Ink)
	y += 44
	cell := (boardW - 2*margin - 20) / float64(an.Days)
	for day := 1; day <= an.Days; day++ {
		x := margin + float64(day-1)*cell
		if day > an.DaysPerWeek {
			x += 20
		}
		if (day-1)%an.DaysPerWeek == 0 {
			c.Text(fmt.Sprintf("Week %d", (day-1)/an.DaysPerWeek+1), x, y, render.Regular, small, render.Faint)
		}
		fill, ink := color.Color(render.Paper), color.Color(render.Ink)
		switch {
		case s.Over || day < s.Day:
			fill, ink = pastColour, render.Faint
		case day == s.Day:
			fill, ink = render.Ink, white
		}
		by := y + 36
		box(c, x, by, cell, 46, 1, fill, render.Ink)
		if day > an.Days-2 {
			frame(c, x+3, by+3, cell-6, 40, 4, render.Alert)
		}
		c.TextCentered(fmt.Sprint((day-1)%an.DaysPerWeek+1), x+cell/2, by+23, render.Bold, small, ink)
	}
	note := "Red rim: the climax, the last two days"
	c.Font(render.Regular, small)
	nw, _ := c.MeasureString(note)
	c.Text(note, boardW-margin-nw, y, render.Regular, small, render.Alert)
	y += 36 + 46 + 12
	if s.Over || drafting(s) {
		return y
	}
	seat := acting(s)
	who := "the game"
	if seat >= 0 {
		who = seatName(seat)
	}
	label := fmt.Sprintf("Time left for %s: %d of %d", who, s.Time, an.TimePerTurn)
	c.Text(label, margin, y+4, render.Bold, small, render.Ink)
	c.Font(render.Bold, small)
	lw, _ := c.MeasureString(label)
	for i := 0; i < an.TimePerTurn; i++ {
		x := margin + lw + 20 + float64(i)*40
		fill := color.Color(render.Paper)
		if i < s.Time {
			fill = render.Good
		}
		cube(c, x+16, y+18, 30, fill)
	}
	return y + 40
}
