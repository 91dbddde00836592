package heist

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"sort"
	"strings"

	"casefile/engine/heist/content"
	"casefile/render"
)

// The picture is a fixed size so that every post of a heist lines up in
// the channel; the map's hexes are scaled to fit its box.
const (
	canvasW = 1200
	canvasH = 1020
	panelW  = 390
	margin  = 18
	topH    = 112 // title, subtitle and objective
	legendH = 150
)

// Colours of the pieces. Security chits are strong and distinct; loot is
// cool; module pieces are dark so chits stand out against them.
var (
	colGuard    = color.RGBA{0xc0, 0x2a, 0x1e, 0xff}
	colDog      = color.RGBA{0x8d, 0x4a, 0x1f, 0xff}
	colLock     = color.RGBA{0xd4, 0xa0, 0x17, 0xff}
	colCamera   = color.RGBA{0x2f, 0x3e, 0x9e, 0xff}
	colBlank    = color.RGBA{0xe0, 0xdc, 0xd2, 0xff}
	colCash     = color.RGBA{0x2e, 0x7d, 0x32, 0xff}
	colJewel    = color.RGBA{0x12, 0xa4, 0xb8, 0xff}
	colDocs     = color.RGBA{0xf7, 0xf3, 0xd9, 0xff}
	colUSB      = color.RGBA{0x45, 0x45, 0x4a, 0xff}
	colKeycard  = color.RGBA{0x7f, 0xb8, 0xe8, 0xff}
	colModule   = color.RGBA{0x3b, 0x36, 0x30, 0xff}
	colGate     = color.RGBA{0xd3, 0x2f, 0x2f, 0xff}
	colRemote   = color.RGBA{0x7b, 0x1f, 0xa2, 0xff}
	colUnknown  = color.RGBA{0x8e, 0x99, 0xab, 0xff}
	colEntrance = color.RGBA{0xb9, 0xe0, 0xa5, 0xff}
	colTile     = color.RGBA{0xfb, 0xf7, 0xee, 0xff}
	colNPC      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colIdea     = color.RGBA{0xff, 0xd5, 0x4f, 0xff}
	colCrisis   = color.RGBA{0xf4, 0xc7, 0xc0, 0xff}
	colFinal    = color.RGBA{0x8b, 0x1a, 0x10, 0xff}
)

// geometry places the text grid's cells on the canvas.
type geometry struct {
	r, ox, oy float64
	indent    []bool
}

func (g geometry) centre(row, col int) (float64, float64) {
	w := math.Sqrt(3) * g.r
	x := g.ox + float64(col)*w + w/2
	if row < len(g.indent) && g.indent[row] {
		x += w / 2
	}
	return x, g.oy + g.r + float64(row)*1.5*g.r
}

func layout(s MapScene) geometry {
	boxW := float64(canvasW - panelW - 3*margin)
	boxH := float64(canvasH - topH - legendH - margin)
	cols, rows := float64(max(s.Cols, 1)), float64(max(s.Rows, 1))
	r := math.Min(boxW/((cols+0.5)*math.Sqrt(3)), boxH/(1.5*(rows-1)+2))
	r = math.Min(r, 62)
	mapW := (cols + 0.5) * math.Sqrt(3) * r
	mapH := (1.5*(rows-1) + 2) * r
	return geometry{
		r:      r,
		ox:     margin + (boxW-mapW)/2,
		oy:     topH + (boxH-mapH)/2,
		indent: s.Indent,
	}
}

// DrawScene draws the board picture of s. It is pure: the same scene gives
// the same pixels.
func DrawScene(s MapScene) image.Image {
	c := newCanvas(canvasW, canvasH)
	drawHeader(c, s)
	g := layout(s)
	drawMap(c, s, g)
	drawLegend(c, float64(margin), float64(canvasH-legendH), float64(canvasW-panelW-3*margin))
	drawPanel(c, s, float64(canvasW-panelW-margin), float64(margin))
	return render.Flatten(c.Image(), baseColours())
}

// baseColours lists every colour the drawing fills with, pale forms of the
// chits included, for the palette of render.Quantize.
func baseColours() []color.RGBA {
	cs := []color.RGBA{
		render.Background, render.Paper, render.Ink, render.Faint, render.Grid, render.Alert, render.Good,
		{0xff, 0xff, 0xff, 0xff},
		colGuard, colDog, colLock, colCamera, colBlank, colCash, colJewel, colDocs, colUSB, colKeycard,
		colModule, colGate, colRemote, colUnknown, colEntrance, colTile, colNPC, colIdea, colCrisis, colFinal,
	}
	for _, c := range []color.RGBA{colGuard, colDog, colLock, colCamera, colBlank} {
		cs = append(cs, pale(c).(color.RGBA))
	}
	cs = append(cs, render.PlayerColors...)
	return cs
}

func drawHeader(c *canvas, s MapScene) {
	x := float64(margin)
	w := float64(canvasW - panelW - 3*margin)
	c.Text(s.Title, x, margin, render.Bold, 32, render.Ink)
	c.Text(s.Subtitle, x, margin+40, render.Regular, 19, render.Faint)
	if s.Objective != "" {
		obj := "Objective: " + strings.ReplaceAll(s.Objective, "\n", " ")
		c.Font(render.Regular, 19)
		lines := c.WordWrap(obj, w)
		if len(lines) > 2 {
			lines = append(lines[:1], ellipsis(c, strings.Join(lines[1:], " "), w))
		}
		for i, ln := range lines {
			c.Text(ln, x, margin+66+float64(i)*22, render.Regular, 19, render.Ink)
		}
	}
}

// ellipsis shortens s to fit width w with a trailing "…".
func ellipsis(c *canvas, s string, w float64) string {
	if tw, _ := c.MeasureString(s); tw <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 {
		rs = rs[:len(rs)-1]
		if tw, _ := c.MeasureString(string(rs) + "…"); tw <= w {
			break
		}
	}
	return string(rs) + "…"
}

func hexPath(c *canvas, x, y, r float64) {
	c.NewSubPath()
	for i := 0; i < 6; i++ {
		a := float64(i)*math.Pi/3 + math.Pi/6
		px, py := x+r*math.Cos(a), y+r*math.Sin(a)
		if i == 0 {
			c.MoveTo(px, py)
		} else {
			c.LineTo(px, py)
		}
	}
	c.ClosePath()
}

// dirAngle is the screen angle of a direction out of a pointy-top hex.
func dirAngle(d content.Dir) float64 {
	return map[content.Dir]float64{
		content.E: 0, content.SE: 60, content.SW: 120, content.W: 180, content.NW: 240, content.NE: 300,
	}[d] * math.Pi / 180
}

func drawMap(c *canvas, s MapScene, g geometry) {
	r := g.r
	// Tiles first, then their contents, so a thick border never covers a
	// neighbour's chits.
	for _, h := range s.Hexes {
		drawTile(c, h, g)
	}
	occupied := map[[2]int]bool{}
	for _, f := range s.Figures {
		occupied[[2]int{f.Row, f.Col}] = true
	}
	for _, h := range s.Hexes {
		if h.Removed || (h.Tunnel && !h.Entrance) {
			continue
		}
		x, y := g.centre(h.Row, h.Col)
		c.TextCentered(h.Label, x, y-r*0.73, render.Bold, r*0.25, labelColour(h))
		drawPlans(c, h.Plans, x, y-r*0.44, r)
		// Pawns stand in the lower part of the hex, so the pieces of an
		// occupied hex move up and shrink to stay clear of them.
		if occupied[[2]int{h.Row, h.Col}] {
			drawPieces(c, h, x, y-r*0.12, r, 0.22, true)
		} else {
			drawPieces(c, h, x, y+r*0.04, r, 0.3, false)
		}
	}
	// Tunnel labels, so a player can name the space for an Entrance.
	for _, h := range s.Hexes {
		if h.Tunnel && !h.Entrance && !h.Removed {
			x, y := g.centre(h.Row, h.Col)
			c.TextCentered("T", x, y, render.Bold, r*0.5, render.Faint)
			c.TextCentered(h.Label, x, y-r*0.62, render.Bold, r*0.26, render.Faint)
		}
	}
	drawFigures(c, s.Figures, g)
}

// drawTile draws one hex: a gap, an undug tunnel, or a tile with its
// chits, loot, tokens and marks.
func drawTile(c *canvas, h SceneHex, g geometry) {
	r := g.r
	x, y := g.centre(h.Row, h.Col)
	switch {
	case h.Removed:
		hexPath(c, x, y, r*0.96)
		c.SetColor(render.Background)
		c.FillPreserve()
		c.SetDash(5, 5)
		c.SetColor(render.Grid)
		c.SetLineWidth(2)
		c.Stroke()
		c.SetDash()
		return
	case h.Tunnel && !h.Entrance:
		hexPath(c, x, y, r*0.9)
		c.SetDash(6, 4)
		c.SetColor(render.Faint)
		c.SetLineWidth(2)
		c.Stroke()
		c.SetDash()
		return
	}
	fill := colTile
	switch {
	case h.Entrance:
		fill = colEntrance
	case h.Unknown:
		fill = colUnknown
	}
	hexPath(c, x, y, r*0.97)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	for _, t := range h.Tokens {
		switch {
		case strings.HasPrefix(t, "gate"):
			hexPath(c, x, y, r*0.86)
			c.SetDash(8, 5)
			c.SetColor(colGate)
			c.SetLineWidth(4)
			c.Stroke()
			c.SetDash()
		case strings.HasPrefix(t, "remote"):
			hexPath(c, x, y, r*0.86)
			c.SetColor(colRemote)
			c.SetLineWidth(5)
			c.Stroke()
		case t == "keycard door" || t == "keycard-door":
			hexPath(c, x, y, r*0.86)
			c.SetColor(colCamera)
			c.SetLineWidth(5)
			c.Stroke()
		}
	}
	if h.Unknown {
		c.TextCentered("?", x, y+r*0.02, render.Bold, r*0.8, color.NRGBA{0xff, 0xff, 0xff, 0x90})
	}
	if h.Entrance && h.Arrow {
		drawExitArrow(c, x, y, r, h.EntranceDir)
	}
}

func labelColour(h SceneHex) color.Color {
	if h.Unknown {
		return render.Paper
	}
	return render.Faint
}

// drawExitArrow points from the entrance into the building, through the
// side the legend names.
func drawExitArrow(c *canvas, x, y, r float64, d content.Dir) {
	a := dirAngle(d)
	ux, uy := math.Cos(a), math.Sin(a)
	px, py := -uy, ux
	tip := r * 0.88
	bx, by := x+ux*r*0.58, y+uy*r*0.58
	c.MoveTo(x+ux*tip, y+uy*tip)
	c.LineTo(bx+px*r*0.2, by+py*r*0.2)
	c.LineTo(bx-px*r*0.2, by-py*r*0.2)
	c.ClosePath()
	c.SetColor(render.Good)
	c.Fill()
	c.TextCentered("EXIT", x-ux*r*0.05, y+r*0.44, render.Bold, r*0.24, render.Good)
}

func drawPlans(c *canvas, seats []int, x, y, r float64) {
	if len(seats) == 0 {
		return
	}
	s := r * 0.24
	gap := s * 1.25
	x0 := x - gap*float64(len(seats)-1)/2
	for i, seat := range seats {
		c.Cube(x0+gap*float64(i), y, s, render.PlayerColor(seat))
	}
}

// glyph is one piece drawn on a hex: a chit, loot or a module token.
type glyph struct {
	kind   string
	label  string
	active bool
}

func piecesOf(h SceneHex, occupied bool) []glyph {
	var out []glyph
	for _, t := range h.Tokens {
		t = strings.ReplaceAll(t, "-", " ")
		switch {
		case t == "npc":
			// Where the NPC starts: the pawn shows it while it stands
			// there, the spot shows otherwise (the County maps' MW).
			if !occupied {
				out = append(out, glyph{kind: "npc", label: "N", active: true})
			}
		case strings.HasPrefix(t, "gate "):
			out = append(out, glyph{kind: "gate", label: strings.ToUpper(strings.TrimPrefix(t, "gate ")), active: true})
		case strings.HasPrefix(t, "remote "):
			out = append(out, glyph{kind: "remote", label: "R" + strings.ToUpper(strings.TrimPrefix(t, "remote ")), active: true})
		case strings.HasPrefix(t, "server "):
			out = append(out, glyph{kind: "server", label: "S" + strings.ToUpper(strings.TrimPrefix(t, "server ")), active: true})
		case t == "safe":
			lab := "S"
			if h.SafeNeeds > 0 {
				lab = fmt.Sprintf("%d/%d", h.Cracks, h.SafeNeeds)
			}
			out = append(out, glyph{kind: "safe", label: lab, active: true})
		case t == "keycard door":
			out = append(out, glyph{kind: "keycard door", label: "KD", active: true})
		default:
			out = append(out, glyph{kind: t, label: tokenLabel(t), active: true})
		}
	}
	for _, ch := range h.Chits {
		out = append(out, glyph{kind: ch.Kind, label: chitLabel(ch.Kind), active: ch.Active})
	}
	if h.Cash > 0 {
		out = append(out, glyph{kind: "cash", label: fmt.Sprintf("$%d", h.Cash), active: true})
	}
	for _, l := range h.Loot {
		switch {
		case strings.HasPrefix(l, "item "):
			// The item token already marks the hex; a found item lying
			// elsewhere (dropped) still needs its mark.
			if !hasToken(h, "item") {
				out = append(out, glyph{kind: "item", label: "I", active: true})
			}
		case strings.HasPrefix(l, "painting "):
			out = append(out, glyph{kind: "painting", label: "Pa", active: true})
		default:
			out = append(out, glyph{kind: l, label: chitLabel(l), active: true})
		}
	}
	if h.Ideas > 0 {
		out = append(out, glyph{kind: "idea", label: fmt.Sprintf("i%d", h.Ideas), active: true})
	}
	return out
}

func hasToken(h SceneHex, t string) bool {
	for _, x := range h.Tokens {
		if x == t {
			return true
		}
	}
	return false
}

func tokenLabel(t string) string {
	switch t {
	case "reinforcements":
		return "RE"
	case "watchtower":
		return "W"
	case "kennel":
		return "K9"
	case "beacon", "story beacon", "discovery beacon":
		return ""
	case "item":
		return "I"
	case "prison", "start", "character":
		return "@"
	}
	if t == "" {
		return "?"
	}
	return strings.ToUpper(t[:1])
}

func chitLabel(kind string) string {
	switch kind {
	case "guard":
		return "G"
	case "dog":
		return "D"
	case "lock":
		return "L"
	case "camera":
		return "C"
	case "blank":
		return ""
	case "jewel":
		return "J"
	case "documents", "document":
		return "P"
	case "usb":
		return "U"
	case "keycard":
		return "K"
	}
	if kind == "" {
		return "?"
	}
	return strings.ToUpper(kind[:1])
}

// drawPieces lays a hex's pieces out in rows of up to three around
// (x, y), shrinking them when there are many; biggest caps their radius as
// a fraction of the hex's.
func drawPieces(c *canvas, h SceneHex, x, y, r, biggest float64, occupied bool) {
	gs := piecesOf(h, occupied)
	if len(gs) == 0 {
		return
	}
	perRow := 3
	var size float64
	switch n := len(gs); {
	case n == 1:
		size = r * biggest
	case n == 2:
		size = r * math.Min(biggest, 0.27)
	case n <= 6:
		size = r * math.Min(biggest, 0.23)
	default:
		perRow, size = 4, r*0.18
	}
	rows := (len(gs) + perRow - 1) / perRow
	gap := size * 2.1
	y0 := y - gap*float64(rows-1)/2
	for i, gl := range gs {
		row, col := i/perRow, i%perRow
		n := min(perRow, len(gs)-row*perRow)
		gx := x + (float64(col)-float64(n-1)/2)*gap
		drawGlyph(c, gl, gx, y0+float64(row)*gap, size)
	}
}

// drawGlyph draws one piece: chits and loot are round, module tokens
// square, jewels diamonds. An inactive chit (subdued Guard or Dog, unlocked
// Lock, disabled Camera) is pale and struck through.
func drawGlyph(c *canvas, g glyph, x, y, s float64) {
	fill, shape := glyphStyle(g.kind)
	if !g.active {
		fill = pale(fill)
	}
	switch shape {
	case "square":
		c.DrawRectangle(x-s, y-s, 2*s, 2*s)
	case "diamond":
		c.MoveTo(x, y-s*1.15)
		c.LineTo(x+s*1.05, y)
		c.LineTo(x, y+s*1.15)
		c.LineTo(x-s*1.05, y)
		c.ClosePath()
	case "star":
		for i := 0; i < 10; i++ {
			rr := s * 1.25
			if i%2 == 1 {
				rr = s * 0.55
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			if i == 0 {
				c.MoveTo(x+rr*math.Cos(a), y+rr*math.Sin(a))
			} else {
				c.LineTo(x+rr*math.Cos(a), y+rr*math.Sin(a))
			}
		}
		c.ClosePath()
	case "triangle":
		c.MoveTo(x, y-s*1.2)
		c.LineTo(x+s*1.15, y+s*0.85)
		c.LineTo(x-s*1.15, y+s*0.85)
		c.ClosePath()
	default:
		c.DrawCircle(x, y, s)
	}
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	if g.label != "" {
		size := s * 1.15
		if len(g.label) > 2 {
			size = s * 0.8
		}
		c.TextCentered(g.label, x, y-s*0.05, render.Bold, size, render.Contrast(fill))
	}
	if !g.active {
		c.SetColor(render.Ink)
		c.SetLineWidth(2.5)
		c.DrawLine(x-s*0.9, y+s*0.9, x+s*0.9, y-s*0.9)
		c.Stroke()
	}
}

func glyphStyle(kind string) (color.Color, string) {
	switch kind {
	case "guard":
		return colGuard, "circle"
	case "dog":
		return colDog, "circle"
	case "lock":
		return colLock, "circle"
	case "camera":
		return colCamera, "circle"
	case "blank":
		return colBlank, "circle"
	case "cash":
		return colCash, "circle"
	case "jewel":
		return colJewel, "diamond"
	case "documents", "document":
		return colDocs, "square"
	case "usb":
		return colUSB, "square"
	case "keycard":
		return colKeycard, "square"
	case "gate":
		return colGate, "square"
	case "remote", "server":
		return colRemote, "square"
	case "keycard door":
		return colCamera, "square"
	case "watchtower":
		return colModule, "triangle"
	case "idea":
		return colIdea, "circle"
	case "beacon", "story beacon", "discovery beacon":
		return colIdea, "star"
	case "prison", "start", "character", "npc":
		return render.Paper, "circle"
	case "painting":
		return colJewel, "square"
	}
	return colModule, "square"
}

func pale(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8((v>>8)/3 + 0xff*2/3) }
	return color.RGBA{mix(r), mix(g), mix(b), 0xff}
}

// drawFigures stands pawns at the bottom of their hexes, side by side when
// several share one.
func drawFigures(c *canvas, figs []Figure, g geometry) {
	type cell struct{ row, col int }
	by := map[cell][]Figure{}
	var order []cell
	for _, f := range figs {
		k := cell{f.Row, f.Col}
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], f)
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].row != order[j].row {
			return order[i].row < order[j].row
		}
		return order[i].col < order[j].col
	})
	r := g.r
	for _, k := range order {
		fs := by[k]
		x, y := g.centre(k.row, k.col)
		pr := r * 0.25
		gap := pr * 2.1
		if len(fs) > 3 {
			pr, gap = r*0.19, r*0.4
		}
		x0 := x - gap*float64(len(fs)-1)/2
		for i, f := range fs {
			drawPawn(c, f, x0+gap*float64(i), y+r*0.52, pr)
		}
	}
}

func drawPawn(c *canvas, f Figure, x, y, r float64) {
	fill := color.Color(colNPC)
	if f.Seat >= 0 {
		fill = render.PlayerColor(f.Seat)
	}
	// A dark rim keeps the pale player colours visible on pale tiles.
	c.DrawCircle(x, y, r+2.5)
	c.SetColor(render.Ink)
	c.Fill()
	c.DrawCircle(x, y, r)
	c.SetColor(fill)
	c.Fill()
	c.TextCentered(f.Mark, x, y-r*0.05, render.Bold, r*1.0, render.Contrast(fill))
	if f.Busted {
		c.SetColor(render.Alert)
		c.SetLineWidth(4)
		c.DrawLine(x-r, y-r, x+r, y+r)
		c.DrawLine(x-r, y+r, x+r, y-r)
		c.Stroke()
	}
	if f.Escaped {
		c.DrawCircle(x, y, r+5)
		c.SetColor(render.Good)
		c.SetLineWidth(3)
		c.Stroke()
	}
}

func drawLegend(c *canvas, x, y, w float64) {
	c.SetColor(render.Grid)
	c.SetLineWidth(1)
	c.DrawLine(x, y-8, x+w, y-8)
	c.Stroke()
	type item struct {
		draw  func(x, y float64)
		label string
	}
	g := func(kind, label string, active bool) func(x, y float64) {
		return func(x, y float64) { drawGlyph(c, glyph{kind, label, active}, x, y, 10) }
	}
	tile := func(fill color.Color) func(x, y float64) {
		return func(x, y float64) {
			hexPath(c, x, y, 11)
			c.SetColor(fill)
			c.FillPreserve()
			c.SetColor(render.Ink)
			c.SetLineWidth(1.5)
			c.Stroke()
		}
	}
	items := []item{
		{g("guard", "G", true), "Guard"},
		{g("dog", "D", true), "Guard dog"},
		{g("lock", "L", true), "Lock"},
		{g("camera", "C", true), "Camera"},
		{g("guard", "G", false), "Subdued/off"},
		{g("blank", "", true), "Blank"},
		{g("cash", "$2", true), "Cash ($k)"},
		{g("jewel", "J", true), "Jewel"},
		{g("documents", "P", true), "Documents"},
		{g("usb", "U", true), "USB key"},
		{g("keycard", "K", true), "Keycard"},
		{g("keycard door", "KD", true), "Keycard door"},
		{g("safe", "S", true), "Safe cracks"},
		{g("gate", "A", true), "Lockdown gate"},
		{g("remote", "RX", true), "Remote lock"},
		{g("server", "SX", true), "Server"},
		{g("watchtower", "W", true), "Watchtower"},
		{g("reinforcements", "RE", true), "Reinforcement"},
		{g("kennel", "K9", true), "Kennel"},
		{g("item", "I", true), "Item"},
		{g("beacon", "", true), "Story spot *"},
		{g("prison", "@", true), "Locked-in start"},
		{g("idea", "i1", true), "Idea token"},
		{tile(colUnknown), "Security tile"},
		{tile(colEntrance), "Entrance/exit"},
		{func(x, y float64) { c.Cube(x, y, 11, render.PlayerColor(0)) }, "Plan token"},
		{func(x, y float64) { drawPawn(c, Figure{Seat: 1, Mark: "A"}, x, y, 10) }, "Character"},
		{func(x, y float64) { drawPawn(c, Figure{Seat: -1, Mark: "N"}, x, y, 10) }, "NPC"},
	}
	cols := 6
	cw := w / float64(cols)
	rowH := 27.0
	for i, it := range items {
		cx := x + float64(i%cols)*cw
		cy := y + float64(i/cols)*rowH + 10
		it.draw(cx+11, cy)
		c.Text(it.label, cx+26, cy-8, render.Regular, 14, render.Ink)
	}
}

// drawPanel draws the side column: team, noise tracker, the Event deck's
// next cards, the Crisis queue and the bag.
func drawPanel(c *canvas, s MapScene, x, y float64) {
	w := float64(panelW)
	// A flat fill straight into the pixels: the rasteriser would spend
	// milliseconds on this one large area.
	if dst, ok := c.Image().(*image.RGBA); ok {
		r := image.Rect(int(x-10), int(y-6), int(x-6+w), int(canvasH-margin+6))
		draw.Draw(dst, r, image.NewUniform(render.Paper), image.Point{}, draw.Src)
	}
	c.DrawRectangle(x-10, y-6, w+4, canvasH-2*margin+12)
	c.SetColor(render.Grid)
	c.SetLineWidth(2)
	c.Stroke()
	head := func(t string) {
		c.Text(t, x, y, render.Bold, 21, render.Ink)
		y += 29
	}

	if len(s.Team) > 0 {
		title := "Crew"
		if s.TeamCash != 0 {
			title = fmt.Sprintf("Crew · team cash $%dk", s.TeamCash)
		}
		head(title)
		y = drawTeam(c, s.Team, x, y, w)
		y += 6
	}

	head("Noise")
	y = drawNoise(c, s.Noise, x, y, w)

	head(fmt.Sprintf("Event deck · %d left", s.DeckLeft))
	if s.Active != nil {
		c.Text("Last:", x, y+3, render.Regular, 15, render.Faint)
		drawCard(c, *s.Active, x+58, y, w-58)
		y += 30
	}
	if len(s.Upcoming) == 0 {
		c.Text("empty", x, y, render.Regular, 17, render.Faint)
		y += 26
	}
	for i, card := range s.Upcoming {
		if i == 0 {
			c.Text("next", x, y+3, render.Bold, 15, render.Ink)
		} else {
			c.Text(fmt.Sprintf("%d", i+1), x+12, y+3, render.Regular, 15, render.Faint)
		}
		drawCard(c, card, x+58, y, w-58)
		y += 30
	}
	y += 8
	head("Crisis queue")
	if len(s.Crises) == 0 {
		c.Text("none", x, y, render.Regular, 17, render.Faint)
		y += 26
	}
	for i, card := range s.Crises {
		c.Text(fmt.Sprintf("%d", i+1), x+12, y+3, render.Regular, 15, render.Faint)
		drawCard(c, card, x+58, y, w-58)
		y += 30
	}
	if len(s.Bag) > 0 {
		y += 8
		head("Security bag")
		var parts []string
		for _, b := range s.Bag {
			parts = append(parts, fmt.Sprintf("%s %d", b.Kind, b.N))
		}
		y += c.TextWrapped(strings.Join(parts, " · "), x, y, w-10, render.Regular, 16, render.Ink)
	}
	if s.Footer != "" {
		y += 10
		c.TextWrapped(s.Footer, x, y, w-10, render.Regular, 15, render.Faint)
	}
}

// drawTeam draws the team panel's lines, one per character, from y down,
// and returns the y below them.
func drawTeam(c *canvas, team []Member, x, y, w float64) float64 {
	for _, m := range team {
		seat := m.Seat
		if m.NPC {
			seat = -1
		}
		drawPawn(c, Figure{Seat: seat, Mark: markOf(m.Name)}, x+13, y+12, 12)
		name := m.Name
		if m.Card != "" && m.Card != m.Name {
			name += " (" + m.Card + ")"
		}
		c.Font(render.Bold, 17)
		c.Text(ellipsis(c, name, w-40), x+34, y, render.Bold, 17, render.Ink)
		var bits []string
		bits = append(bits, fmt.Sprintf("ideas %d", m.Ideas))
		if m.Cash > 0 {
			bits = append(bits, fmt.Sprintf("$%dk", m.Cash))
		}
		bits = append(bits, m.Loot...)
		if m.Status != "" {
			bits = append(bits, m.Status)
		}
		c.Font(render.Regular, 15)
		col := render.Faint
		if m.Status == "busted" {
			col = render.Alert
		}
		c.Text(ellipsis(c, strings.Join(bits, " · "), w-40), x+34, y+20, render.Regular, 15, col)
		y += 44
	}
	return y
}

func markOf(name string) string {
	f := strings.Fields(name)
	switch {
	case len(f) == 0:
		return "?"
	case len(f) == 1:
		rs := []rune(f[0])
		return strings.ToUpper(string(rs[:min(2, len(rs))]))
	}
	return strings.ToUpper(string([]rune(f[0])[:1]) + string([]rune(f[1])[:1]))
}

func drawCard(c *canvas, card Card, x, y, w float64) {
	fill, ink := color.Color(render.Background), color.Color(render.Ink)
	switch {
	case card.Final:
		fill, ink = colFinal, color.White
	case card.Crisis:
		fill = colCrisis
	}
	c.DrawRoundedRectangle(x, y, w-8, 25, 5)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(render.Grid)
	c.SetLineWidth(1)
	c.Stroke()
	c.Text(card.Code, x+6, y+4, render.Bold, 16, ink)
	c.Font(render.Regular, 16)
	c.Text(ellipsis(c, card.Name, w-60), x+44, y+4, render.Regular, 16, ink)
}

// drawNoise draws the tracker as rows of numbered slots: filled up to the
// current level, Alert slots in red. Noise past the last slot is written
// out, since each such Noise raised an Alert.
func drawNoise(c *canvas, n NoiseTrack, x, y, w float64) float64 {
	if n.Final <= 0 {
		c.Text(fmt.Sprintf("level %d (tracker set by the rules)", n.Level), x, y, render.Regular, 16, render.Faint)
		return y + 30
	}
	alert := map[int]bool{}
	for _, a := range n.Alerts {
		alert[a] = true
	}
	per := 12
	cell := math.Min((w-10)/float64(per), 30)
	for i := 1; i <= n.Final; i++ {
		cx := x + float64((i-1)%per)*cell
		cy := y + float64((i-1)/per)*cell
		fill := color.Color(render.Paper)
		if i <= n.Level {
			fill = render.Faint
		}
		c.DrawRectangle(cx, cy, cell-3, cell-3)
		c.SetColor(fill)
		c.FillPreserve()
		if alert[i] {
			c.SetColor(render.Alert)
			c.SetLineWidth(2.5)
		} else {
			c.SetColor(render.Grid)
			c.SetLineWidth(1)
		}
		c.Stroke()
		if alert[i] {
			c.TextCentered("!", cx+(cell-3)/2, cy+(cell-3)/2, render.Bold, cell*0.6, render.Alert)
		}
		if i == n.Level {
			c.DrawCircle(cx+(cell-3)/2, cy+(cell-3)/2, cell*0.3)
			c.SetColor(render.Ink)
			c.Fill()
		}
	}
	rows := (n.Final + per - 1) / per
	y += float64(rows)*cell + 4
	status := fmt.Sprintf("%d of %d", n.Level, n.Final)
	col := color.Color(render.Faint)
	if n.Level > n.Final {
		status = fmt.Sprintf("%d of %d: %d past the end, an Alert each", n.Level, n.Final, n.Level-n.Final)
		col = render.Alert
	}
	c.Text(status, x, y, render.Regular, 15, col)
	return y + 28
}
