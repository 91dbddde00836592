package android

import (
	"image/color"

	"casefile/render"
)

// shape draws a curved piece (gg's fills and strokes) that lies within
// x0..x1, y0..y1 and a stroke's width around: on the board's tail and
// indexed parts, which are drawn in palette indices, it is drawn in RGBA
// in that rectangle alone and mapped back (render.Canvas.AndroidShape).
func shape(c *render.Canvas, x0, y0, x1, y1 float64, draw func()) {
	c.AndroidShape(render.PartRect(x0, y0, x1, y1, 6), func(*render.Canvas) { draw() })
}

// token draws a seat's disc of radius r centred on (x, y) with its label.
func token(c *render.Canvas, x, y, r float64, fill color.Color, label string) {
	shape(c, x-r, y-r, x+r, y+r, func() { c.Token(x, y, r, fill, label) })
}

// ringedToken draws a token ringed red: the seat acting now.
func ringedToken(c *render.Canvas, x, y, r float64, fill color.Color, label string) {
	shape(c, x-r, y-r, x+r, y+r, func() { c.RingedToken(x, y, r, fill, render.Alert, label) })
}

// cube draws a square marker of side sz centred on (x, y).
func cube(c *render.Canvas, x, y, sz float64, fill color.Color) {
	shape(c, x-sz/2, y-sz/2, x+sz/2, y+sz/2, func() { c.Cube(x, y, sz, fill) })
}
