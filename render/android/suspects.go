package android

import (
	"fmt"
	"image/color"

	"casefile/engine"
	an "casefile/engine/android"
	"casefile/render"
)

// The suspects' sheets: one panel per suspect in play, two to a row, in
// the murder sheet's order. Each shows the alibis and hits, and the three
// files with their evidence: a face-up token as its value, a face-down
// token as a back in the colour of the seat that placed it, marked "?".
// A face-down token's value is never read here: the public view holds
// none, and a seat's view holds only those it knows (drawn on its own
// picture, private.go).
const (
	sheetW    = (boardW - 2*margin - 16) / 2
	fileLabel = 250.0
)

// drawSuspects draws the sheets and returns the y below them.
func drawSuspects(c *render.Canvas, s *an.State, y float64) float64 {
	c.Text("Suspects", margin, y, render.Bold, head, render.Ink)
	y += 44
	for i := 0; i < len(s.Suspects); i += 2 {
		h := 0.0
		for k := i; k < min(i+2, len(s.Suspects)); k++ {
			h = max(h, sheetHeight(c, &s.Suspects[k]))
		}
		for k := i; k < min(i+2, len(s.Suspects)); k++ {
			drawSheet(c, &s.Suspects[k], hides(s, k), margin+float64(k-i)*(sheetW+16), y, h)
		}
		y += h + 12
	}
	return y
}

// fileChips are a file's tokens as the public reads them: label, fill.
func fileChips(file []an.Evidence) []chipSpec {
	var out []chipSpec
	for _, e := range file {
		if e.FaceUp() {
			out = append(out, chipSpec{label: shownLabel(e.Shown), fill: render.Paper})
			continue
		}
		// The first seat to know a face-down token is the one that placed
		// it (a peek with Jimmy adds seats after it).
		fill, label := color.Color(render.Faint), "?"
		if len(e.KnownTo) > 0 {
			seat := int(e.KnownTo[0])
			fill, label = render.PlayerColor(seat), fmt.Sprintf("?%d", seat+1)
		}
		out = append(out, chipSpec{label: label, fill: fill})
	}
	return out
}

// chipSpec is one chip to draw.
type chipSpec struct {
	label string
	fill  color.Color
}

// shownLabel shortens a face-up token's text for its chip: "SW" for a
// surprise witness, "PJ" for a perjury, the value otherwise.
func shownLabel(shown string) string {
	switch shown {
	case an.EvidenceToken{Kind: an.KindWitness}.String():
		return "SW"
	case an.EvidenceToken{Kind: an.KindPerjury}.String():
		return "PJ"
	}
	return shown
}

// fileLayout places a file's chips in rows beside its label and returns
// each chip's offset and the file's height.
func fileLayout(c *render.Canvas, chips []chipSpec) ([][2]float64, float64) {
	x, y := 0.0, 0.0
	room := sheetW - fileLabel - 16
	var at [][2]float64
	for _, ch := range chips {
		w := chipWidth(c, ch.label)
		if x+w > room && x > 0 {
			x, y = 0, y+chipH+6
		}
		at = append(at, [2]float64{x, y})
		x += w + 6
	}
	return at, y + chipH + 8
}

func sheetHeight(c *render.Canvas, sus *an.SuspectSheet) float64 {
	h := 12 + 44.0
	for _, f := range sus.Files {
		_, fh := fileLayout(c, fileChips(f))
		h += fh
	}
	return h + 6
}

// drawSheet draws one suspect's sheet as a panel h high at (x, y).
func drawSheet(c *render.Canvas, sus *an.SuspectSheet, hiding bool, x, y, h float64) {
	def := sus.Def()
	fill := color.Color(render.Paper)
	if sus.Dead {
		fill = deadColour
	}
	box(c, x, y, sheetW, h, 2, fill, render.Ink)
	name := def.Name
	if sus.Dead {
		name += " · DEAD"
	}
	col := color.Color(render.Ink)
	if sus.Dead {
		col = render.Alert
	}
	c.Text(name, x+14, y+10, render.Bold, head, col)
	tally := fmt.Sprintf("alibis %d · hits %d of %d", sus.Alibis, sus.Hits, an.HitsToKill)
	if hiding {
		tally = "hiding · " + tally
	}
	c.Font(render.Regular, small)
	tw, _ := c.MeasureString(tally)
	c.Text(tally, x+sheetW-14-tw, y+14, render.Regular, small, render.Ink)
	yy := y + 12 + 44
	for f, file := range sus.Files {
		label := title(an.Files[f])
		switch an.Files[f] {
		case def.Strong:
			label += " (strong)"
		case def.Weak:
			label += " (weak)"
		}
		c.Text(label, x+14, yy+4, render.Regular, small, render.Ink)
		chips := fileChips(file)
		at, fh := fileLayout(c, chips)
		if len(chips) == 0 {
			c.Text("—", x+fileLabel, yy+4, render.Regular, small, render.Faint)
		}
		for i, ch := range chips {
			drawChip(c, ch.label, x+fileLabel+at[i][0], yy+at[i][1], ch.fill)
		}
		yy += fh
	}
}

// knows reports whether seat knows a face-down token.
func knows(e an.Evidence, seat engine.Seat) bool {
	for _, k := range e.KnownTo {
		if k == seat {
			return true
		}
	}
	return false
}

// hides reports whether a live specific event hides suspect k (AN-EVENT-16):
// the sheet says so beside the tally.
func hides(s *an.State, k int) bool {
	for _, sl := range s.LiveEvents() {
		if e := s.EventDef(sl); sl.Specific && e.Suspect == k {
			for _, f := range e.Effects {
				if f.Kind == an.EffHide {
					return true
				}
			}
		}
	}
	return false
}
