package heist

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"casefile/render"
)

// legend collects the symbols a picture draws, so that its key explains
// exactly those: every shape, colour and abbreviation on the board.
type legend struct {
	// seen maps a symbol's key to a label it was drawn with.
	seen map[string]string
}

func newLegend() *legend { return &legend{seen: map[string]string{}} }

func (l *legend) add(key, label string) {
	if _, ok := l.seen[key]; !ok {
		l.seen[key] = label
	}
}

func (l *legend) addPawn(f Figure) {
	if f.Seat < 0 {
		l.add("npc", f.Mark)
	} else {
		l.add("pawn", f.Mark)
	}
	if f.Waiting {
		l.add("waiting", f.Mark)
	}
	if f.Busted {
		l.add("busted", f.Mark)
	}
	if f.Escaped {
		l.add("escaped", f.Mark)
	}
}

// legendText says what each symbol means, in the key's order.
var legendText = []struct{ key, text string }{
	{"pawn", "Character (seat colour)"},
	{"npc", "NPC (initials)"},
	{"waiting", "Red rim: must act now"},
	{"busted", "Crossed pawn: busted"},
	{"escaped", "Green rim: escaped"},
	{"plan", "Plan token (seat colour)"},
	{"guard", "G: Guard"},
	{"dog", "D: Guard dog"},
	{"lock", "L: Lock"},
	{"camera", "C: Camera"},
	{"blank", "Blank chit"},
	{"off", "Struck: subdued or off"},
	{"cash", "Cash, in $ thousands"},
	{"jewel", "J: Jewel"},
	{"documents", "P: Documents (papers)"},
	{"usb", "U: USB key"},
	{"keycard", "K: Keycard"},
	{"painting", "Pa: Painting"},
	{"item", "I: Item"},
	{"safe", "Safe"},
	{"gate", "Lockdown gate (A first)"},
	{"remote", "R+letter: remote lock"},
	{"server", "S+letter: server"},
	{"keycard door", "KD: Keycard door"},
	{"watchtower", "W: Watchtower"},
	{"reinforcements", "RE: Reinforcements"},
	{"kennel", "K9: Kennel"},
	{"beacon", "Story spot"},
	{"prison", "@: a character locked in"},
	{"npc spot", "N: where the NPC starts"},
	{"idea", "i + number: Idea tokens"},
	{"more", "+N: N more pieces here"},
	{"tile unknown", "?: Security tile, unrevealed"},
	{"tile entrance", "Entrance / exit (EXIT)"},
	{"exit side", "Green side: the exit's door"},
	{"tile tunnel", "T: tunnel (a possible exit)"},
	{"tile removed", "Dashes: tile removed"},
	{"outline gate", "Red dashes: gate's tile"},
	{"outline remote", "Purple rim: remote lock"},
	{"outline keycard", "Blue rim: keycard door"},
}

// entries lists the key's entries: the known symbols in legendText's
// order, then any other piece by its own name.
func (l *legend) entries() [][2]string {
	var out [][2]string
	known := map[string]bool{}
	for _, e := range legendText {
		known[e.key] = true
		if _, ok := l.seen[e.key]; ok {
			text := e.text
			if e.key == "safe" && strings.Contains(l.seen[e.key], "/") {
				text = "Safe: cracks made / needed"
			}
			out = append(out, [2]string{e.key, text})
		}
	}
	var other []string
	for k := range l.seen {
		if !known[k] {
			other = append(other, k)
		}
	}
	sort.Strings(other)
	for _, k := range other {
		text := k
		if lab := l.seen[k]; lab != "" {
			text = lab + ": " + k
		}
		out = append(out, [2]string{k, text})
	}
	return out
}

// drawLegend draws the key in two columns and returns the y below it.
func drawLegend(c *canvas, l *legend, x, y, w float64) float64 {
	entries := l.entries()
	if len(entries) == 0 {
		return y
	}
	// The key starts on a whole pixel, so that its rule and swatches are
	// stamped at the same fractions on every board: a few stamps, kept
	// as data, not one more for every height the panels above add up to.
	y = math.Ceil(y)
	c.Stamp(fmt.Sprintf("rule|%.3f", w), x, y-1, w, 2, 2, render.Background, func(c *canvas, x0, y0 float64) {
		c.SetColor(render.Grid)
		c.SetLineWidth(1)
		c.DrawLine(x0, y0+1, x0+w, y0+1)
		c.Stroke()
	})
	y += 10
	c.Text("Key", x, y, render.Bold, textHead, render.Ink)
	y += textHead * 1.4
	const rowHt = 38.0
	// Three columns when every entry fits one, else two.
	cols := 3
	c.Font(render.Regular, textMin)
	for _, e := range entries {
		if tw, _ := c.MeasureString(e[1]); tw+84 > w/3 {
			cols = 2
		}
	}
	colW := w / float64(cols)
	perCol := (len(entries) + cols - 1) / cols
	for i, e := range entries {
		cx := x + float64(i/perCol)*colW
		cy := y + float64(i%perCol)*rowHt + rowHt/2
		key, label := e[0], l.seen[e[0]]
		c.Stamp("swatch|"+key+"|"+label, cx-6, cy-24, 80, 48, 4, render.Background, func(c *canvas, x0, y0 float64) {
			drawSwatch(c, key, label, x0+40, y0+24)
		})
		c.Font(render.Regular, textMin)
		c.Text(ellipsis(c, e[1], colW-84), cx+76, cy-0.575*textMin, render.Regular, textMin, render.Ink)
	}
	return y + float64(perCol)*rowHt
}

// drawSwatch draws key's symbol centred on (x, y), with label when it
// has one, and returns its width.
func drawSwatch(c *canvas, key, label string, x, y float64) float64 {
	hex := func(fill color.Color, line color.Color, width float64, dash bool) float64 {
		hexPath(c, x, y, 17)
		if fill != nil {
			c.SetColor(fill)
			c.FillPreserve()
		}
		if dash {
			c.SetDash(5, 3)
		}
		c.SetColor(line)
		c.SetLineWidth(width)
		c.Stroke()
		c.SetDash()
		return 30
	}
	switch key {
	case "pawn", "npc", "waiting", "busted", "escaped":
		f := Figure{Seat: 1, Mark: label}
		switch key {
		case "npc":
			f.Seat = -1
		case "waiting":
			f.Waiting = true
		case "busted":
			f.Busted = true
		case "escaped":
			f.Escaped = true
		}
		if f.Mark == "" {
			f.Mark = "AB"
		}
		w := pawnWidth(c, f.Mark, baseSizes)
		drawPawn(c, f, x, y, w, pawnH, baseSizes.pawn)
		return w
	case "plan":
		c.Cube(x-9, y, baseSizes.plan, render.PlayerColor(0))
		c.Cube(x+9, y, baseSizes.plan, render.PlayerColor(1))
		return 32
	case "off":
		g := glyph{kind: "guard", label: "G"}
		w, h := glyphSize(c, g, baseSizes)
		drawGlyph(c, g, x, y, w, h, baseSizes.label)
		return w
	case "more":
		if label == "" {
			label = "+2"
		}
		it := moreItem(c, 2, baseSizes)
		drawMore(c, label, x, y, it.w, it.h, baseSizes.label)
		return it.w
	case "tile unknown":
		return hex(colUnknown, render.Ink, 1.5, false)
	case "tile entrance":
		return hex(colEntrance, render.Ink, 1.5, false)
	case "tile tunnel":
		return hex(nil, render.Faint, 2, true)
	case "tile removed":
		return hex(render.Background, render.Grid, 2, true)
	case "outline gate":
		return hex(colTile, colGate, 3, true)
	case "outline remote":
		return hex(colTile, colRemote, 4, false)
	case "outline keycard":
		return hex(colTile, colCamera, 4, false)
	case "exit side":
		hex(colEntrance, render.Ink, 1.5, false)
		a := 0.0
		rr := 16.0
		c.DrawLine(x+rr*math.Cos(a-math.Pi/6), y+rr*math.Sin(a-math.Pi/6), x+rr*math.Cos(a+math.Pi/6), y+rr*math.Sin(a+math.Pi/6))
		c.SetColor(render.Good)
		c.SetLineWidth(6)
		c.Stroke()
		return 30
	}
	g := glyph{kind: key, label: label, active: true}
	if key == "npc spot" {
		g.kind = "npc"
	}
	w, h := glyphSize(c, g, baseSizes)
	drawGlyph(c, g, x, y, w, h, baseSizes.label)
	return w
}
