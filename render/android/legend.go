package android

import (
	"image/color"

	an "casefile/engine/android"
	"casefile/render"
)

// drawLegend explains the map's colours, marks and pieces, and which seat
// each colour is.
func drawLegend(c *render.Canvas, y float64) float64 {
	c.Text("Legend", margin, y, render.Bold, head, render.Ink)
	y += 44
	colW := (boardW - 2*margin) / 2
	type entry struct {
		draw  func(x, y float64)
		label string
	}
	// The seats' colours are named in the detectives' rows.
	es := []entry{
		{func(x, y float64) { c.Token(x, y, piece/2, render.PlayerColors[0], "") }, "Disc: a detective"},
		{func(x, y float64) { c.RingedToken(x, y, piece/2, render.PlayerColors[0], render.Alert, "") }, "Red ring: acting now"},
		entry{func(x, y float64) { leadPiece(c, x, y, an.Testimony, white) }, "White square: testimony lead"},
		entry{func(x, y float64) { leadPiece(c, x, y, an.Physical, render.PlayerColors[0]) }, "Dotted square: physical lead"},
		entry{func(x, y float64) { leadPiece(c, x, y, an.Document, render.PlayerColors[0]) }, "Upright bar: document lead"},
		entry{func(x, y float64) { diamond(c, x, y, white) }, "White diamond: Lily"},
		entry{func(x, y float64) { diamond(c, x, y, render.Ink) }, "Black diamond: Jimmy"},
		entry{func(x, y float64) { heroMarker(c, x, y, render.PlayerColors[0]) }, "Triangle: hero marker"},
		entry{func(x, y float64) { warrant(c, x, y, render.PlayerColors[0]) }, "Flat bar: a warrant"},
		entry{func(x, y float64) { npcMarker(c, x, y, render.PlayerColors[0]) }, "Ring: an NPC sent by an event"},
		entry{func(x, y float64) { eventStar(c, x, y) }, "Star: an event's ability"},
		entry{func(x, y float64) { quality(c, x, y, an.Ritzy) }, "Ritzy: free light card"},
		entry{func(x, y float64) { quality(c, x, y, an.Seedy) }, "Seedy: free dark card"},
		entry{func(x, y float64) { quality(c, x, y, an.Normal) }, "Normal location"},
	}
	// Three to a row: the pieces' and colours' labels are short.
	col3 := (boardW - 2*margin) / 3
	for i, e := range es {
		x := margin + float64(i%3)*col3
		yy := y + float64(i/3)*42
		e.draw(x+16, yy+18)
		c.Text(e.label, x+40, yy+2, render.Regular, small, render.Ink)
	}
	y += float64((len(es)+2)/3) * 42
	// Cell colours: the five location types and the cities' empty cells.
	type swatch struct {
		fill  color.Color
		label string
	}
	var sw []swatch
	for _, t := range an.LocTypes {
		sw = append(sw, swatch{typeColours[t], title(string(t)) + " (" + t.Colour() + ")"})
	}
	sw = append(sw,
		swatch{cityTints[an.NewAngeles], "Empty: New Angeles (Earth)"},
		swatch{cityTints[an.Heinlein], "Empty: Heinlein (the Moon)"},
	)
	for i, e := range sw {
		x := margin + float64(i%3)*col3
		yy := y + float64(i/3)*42
		c.Cube(x+16, yy+18, 26, e.fill)
		c.Text(e.label, x+40, yy+2, render.Regular, small, render.Ink)
	}
	y += float64((len(sw)+2)/3) * 42
	c.Text("Column L, L4 to L8: the Beanstalk, from the Root (Earth) to Starport Kaguya (the Moon)", margin, y+2, render.Regular, small, render.Ink)
	y += 42
	x := margin
	w := drawChip(c, "11", x, y, pileColour)
	c.Text("Token pile here, tokens left", x+w+12, y+3, render.Regular, small, render.Ink)
	x = margin + colW
	c.Text("R", x+10, y+3, render.Bold, small, render.Alert)
	c.Text("Restricted: +2 Time without a warrant", x+40, y+3, render.Regular, small, render.Ink)
	y += 46
	x = margin
	w = drawChip(c, "?2", x, y, render.PlayerColors[1])
	c.Text("Face-down evidence, placed by seat 2", x+w+12, y+3, render.Regular, small, render.Ink)
	x = margin + colW
	w = drawChip(c, "SW", x, y, render.Paper)
	w += 6 + drawChip(c, "PJ", x+w+6, y, render.Paper)
	c.Text("Surprise witness, perjury", x+w+12, y+3, render.Regular, small, render.Ink)
	y += 46
	frame(c, margin, y, 36, 36, 4, render.Alert)
	c.Text("Red frame: the scene of the crime", margin+50, y+3, render.Regular, small, render.Ink)
	return y + 40
}
