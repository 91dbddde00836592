package android

import (
	"fmt"
	"image/color"

	"casefile/render"
)

// shape draws a curved piece (gg's fills and strokes) that lies within
// x0..x1, y0..y1 and a stroke's width around: on the board's tail and
// indexed parts, which are drawn in palette indices, it is drawn in RGBA
// in that rectangle alone and mapped back (render.Canvas.Shape).
func shape(c *render.Canvas, x0, y0, x1, y1 float64, draw func()) {
	c.Shape(render.PartRect(x0, y0, x1, y1, 6), func(*render.Canvas) { draw() })
}

// token draws a seat's disc of radius r centred on (x, y) with its label,
// stamped on the board's background (where every token off the map lies).
func token(c *render.Canvas, x, y, r float64, fill color.Color, label string) {
	c.Stamp(fmt.Sprintf("an token %v %v %q", r, fill, label), x-r, y-r, 2*r, 2*r, 6, render.Background,
		func(c *render.Canvas, x, y float64) { c.Token(x+r, y+r, r, fill, label) })
}

// ringedToken draws a token ringed red: the seat acting now.
func ringedToken(c *render.Canvas, x, y, r float64, fill color.Color, label string) {
	c.Stamp(fmt.Sprintf("an ringed %v %v %q", r, fill, label), x-r, y-r, 2*r, 2*r, 6, render.Background,
		func(c *render.Canvas, x, y float64) { c.RingedToken(x+r, y+r, r, fill, render.Alert, label) })
}

// cube draws a square marker of side sz centred on (x, y), stamped on
// the board's background.
func cube(c *render.Canvas, x, y, sz float64, fill color.Color) {
	c.Stamp(fmt.Sprintf("an cube %v %v", sz, fill), x-sz/2, y-sz/2, sz, sz, 3, render.Background,
		func(c *render.Canvas, x, y float64) { c.Cube(x+sz/2, y+sz/2, sz, fill) })
}
