package heist

import (
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"casefile/engine/heist/content"
	"casefile/render"
)

// The picture is a fixed width, so that every post of a heist lines up in
// the channel, and as tall as its contents (drawBoard learns the height in
// a first pass). Every text is at least textMin high (a 55th of the
// width, legible in Discord's inline preview on a phone).
const (
	canvasW = 1100
	// maxH bounds the height, whatever the contents.
	maxH   = 3600
	margin = 20
	// maxMapH caps the map's height, so that a tall map leaves the panels
	// below it on a phone's screen.
	maxMapH = 1000
	maxHexR = 76
)

// Text sizes, from the smallest allowed up.
const (
	textMin    = (canvasW + 54) / 55 // 20 px: hex names, token labels, small print
	textBody   = textMin + 2
	textName   = textMin + 4
	textHead   = textMin + 8
	textStatus = textMin + 10
	textTitle  = textMin + 18
	textBanner = textMin + 24
)

// The slots of a hex: a piece is slotH high and at least slotW wide, a
// pawn pawnH high; rows of slots are rowH apart.
const (
	slotW = 25
	slotH = 25
	pawnH = 27
	rowH  = 28
	gapX  = 3
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

// colPaleAlert backs the crew line of a character who must act.
var colPaleAlert = color.RGBA{0xfa, 0xdc, 0xd6, 0xff}

// boardPalette is the board's palette, fixed for the game (issue 16):
// chosen once from representative boards (palette_data.go, written by
// TestBoardPalette -palette), so that a pixel's index depends on its own
// colour only and a picture is mapped, not quantized anew.
var boardPalette = render.NewFixedPalette(paletteKeys[:])

// stampsData are the stamps a heist's boards meet (every tile's look, the
// pieces, pawns, cards and markers of every scenario), drawn at build
// time (render.UseStamps; rewritten by go test -run TestEmbeddedStamps
// -stamps): a process's first board decodes them instead of drawing each
// through gg.
//
//go:embed stamps_data.bin
var stampsData []byte

// glyphsData are the glyphs of the embedded fonts those boards draw, at
// the sizes and quarter pixels they meet, rasterised at build time
// (render.UseGlyphs; rewritten with stampsData).
//
//go:embed glyphs_data.bin
var glyphsData []byte

func init() {
	render.UseStamps(stampsData, boardPalette)
	render.UseGlyphs(glyphsData)
}

// layers holds the board's one layer (issue 16). Nothing of a heist's
// board lies still from picture to picture: the header, every tile's
// ground (unknown, revealed, removed, dug, gated), the pieces and the
// panels all follow the state, and the map's place follows the header.
// So the layer is one row of background, and the whole board is drawn as
// the layer's tail, straight in the fixed palette's indices: text, and
// shapes stamped (render.Canvas.Stamp) — a tile by its ground's small
// state, a piece by its look — so that no pixel is drawn in RGBA nor
// mapped afterwards.
var layers render.LayerCache

// layerH is the layer's height: one row, above the header's margin.
const layerH = 1

// boardGuess is the height of the scratch canvas a board is first drawn
// on: a busy board's; a taller one is drawn again on a canvas its height.
const boardGuess = 2600

// DrawScene draws the board picture of s. It is pure: the same scene gives
// the same pixels.
func DrawScene(s MapScene) image.Image {
	l := layers.Get("board", func() *render.Layer {
		return render.NewLayer(canvasW, layerH, boardPalette, func(*render.Canvas) {})
	})
	return l.Compose(boardGuess, func(*render.Canvas) []render.Part { return nil },
		func(c *render.Canvas, _ float64) float64 { return float64(drawOn(c, s)) })
}

// drawnWhole is the board of s drawn on one RGBA canvas and mapped through
// the board's palette: the picture DrawScene composes, but for glyph
// edges blended over palette colours instead of exact ones (the tests).
func drawnWhole(s MapScene) *image.Paletted {
	c, h := drawBoard(s)
	img := c.Image().(*image.RGBA)
	out := boardPalette.Map(img.SubImage(image.Rect(0, 0, canvasW, h)).(*image.RGBA))
	c.Release()
	return out
}

// drawBoard draws s and returns the canvas with its height; the canvas's
// Marks are the picture's. The height is what the drawing uses: the
// canvas is as high as a picture may be, and the picture is its top h
// rows. (A first pass on a canvas one pixel high used to learn the height
// first; it cost more than painting the background of the rows below.)
func drawBoard(s MapScene) (*canvas, int) {
	c := newCanvas(canvasW, maxH)
	return c, drawOn(c, s)
}

// drawOn draws s on c from the top and returns the height used.
func drawOn(c *canvas, s MapScene) int {
	leg := newLegend()
	y := drawHeader(c, s, float64(margin))
	g := layout(s, y+8)
	drawMap(c, s, g, leg)
	y = g.bottom + 22
	y = drawNoise(c, s.Noise, margin, y, canvasW-2*margin)
	colW := float64(canvasW-3*margin) / 2
	right := 2*margin + colW
	yl, yr := y, y
	if len(s.Team) == 0 {
		// No crew yet: the deck takes the left column, the rest the right.
		yl, yr = drawCards(c, s, margin, y, colW, right)
	} else {
		yl = drawCrew(c, s, margin, y, colW, leg)
		_, yr = drawCards(c, s, right, y, colW, right)
	}
	y = math.Max(yl, yr) + 10
	y = drawLegend(c, leg, margin, y, canvasW-2*margin)
	return int(math.Min(math.Ceil(y+margin), maxH))
}

// baseColours lists every colour the drawing fills with, pale forms of the
// chits included, for the palette of render.Quantize.
func baseColours() []color.RGBA {
	cs := []color.RGBA{
		render.Background, render.Paper, render.Ink, render.Faint, render.Grid, render.Alert, render.Good,
		{0xff, 0xff, 0xff, 0xff},
		colGuard, colDog, colLock, colCamera, colBlank, colCash, colJewel, colDocs, colUSB, colKeycard,
		colModule, colGate, colRemote, colUnknown, colEntrance, colTile, colNPC, colIdea, colCrisis, colFinal,
		colPaleAlert,
	}
	for _, c := range []color.RGBA{colGuard, colDog, colLock, colCamera, colBlank} {
		cs = append(cs, pale(c).(color.RGBA))
	}
	cs = append(cs, render.PlayerColors...)
	return cs
}

// wrapLines wraps s to width in the given face, keeping at most maxLines
// (the last one shortened with "…").
func wrapLines(c *canvas, s string, width float64, w render.Weight, size float64, maxLines int) []string {
	c.Font(w, size)
	lines := c.WordWrap(s, width)
	if len(lines) > maxLines {
		lines = append(lines[:maxLines-1], ellipsis(c, strings.Join(lines[maxLines-1:], " "), width))
	}
	return lines
}

// textLines draws lines from (x, y) down and returns the y below them.
func textLines(c *canvas, lines []string, x, y float64, w render.Weight, size float64, col color.Color) float64 {
	for _, l := range lines {
		c.Text(l, x, y, w, size, col)
		y += size * 1.25
	}
	return y
}

// drawHeader draws what the picture leads with: a finished heist's result,
// then the scenario, the phase, who still must act and what they are
// asked, and the objective. It returns the y below it.
func drawHeader(c *canvas, s MapScene, y float64) float64 {
	x := float64(margin)
	w := float64(canvasW - 2*margin)
	if r := s.Result; r != nil {
		word, fill := "HEIST FAILED", render.Alert
		if r.Won {
			word, fill = "HEIST SUCCEEDED", render.Good
		}
		out := fmt.Sprintf("$%dk got out", r.Secured)
		if n := len(r.Loot); n > 0 {
			out += fmt.Sprintf(" + %d loot", n)
		}
		c.Stamp(fmt.Sprintf("banner|%v|%.2f", r.Won, w), x, y, w, 64, 2, render.Background, func(c *canvas, x, y float64) {
			c.FillRoundedRect(x, y, w, 64, 8, fill)
		})
		c.Text(word, x+16, y+6, render.Bold, textBanner, color.White)
		c.Font(render.Bold, textStatus)
		ow, _ := c.MeasureString(out)
		c.Text(out, x+w-16-ow, y+14, render.Bold, textStatus, color.White)
		y += 76
		if r.Summary != "" {
			y = textLines(c, wrapLines(c, r.Summary, w, render.Regular, textBody, 3), x, y, render.Regular, textBody, render.Ink)
			y += 8
		}
	}
	c.Text(s.Title, x, y, render.Bold, textTitle, render.Ink)
	y += textTitle * 1.2
	if s.Subtitle != "" {
		c.Text(s.Subtitle, x, y, render.Bold, textStatus, render.Ink)
		y += textStatus * 1.25
	}
	if len(s.Acting) > 0 {
		act := "To act: " + strings.Join(s.Acting, ", ")
		y = textLines(c, wrapLines(c, act, w, render.Bold, textHead, 2), x, y, render.Bold, textHead, render.Alert)
	}
	if s.Footer != "" {
		y = textLines(c, wrapLines(c, s.Footer, w, render.Regular, textMin, 2), x, y, render.Regular, textMin, render.Faint)
	}
	if s.Objective != "" {
		obj := "Objective: " + strings.ReplaceAll(s.Objective, "\n", " ")
		y = textLines(c, wrapLines(c, obj, w, render.Regular, textBody, 2), x, y+2, render.Regular, textBody, render.Ink)
	}
	return y
}

// ellipsis shortens s to fit width w with a trailing "…", in the face
// last selected.
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

// geometry places the text grid's cells on the canvas: pointy-top hexes of
// circumradius r, the map's tiles fitted tightly into the box (an empty
// edge column of the grid takes no room).
type geometry struct {
	r, hw          float64 // hw is half a hex's width
	ox, oy, bottom float64
	minX, minRow   int
	indent         []bool
}

func (g geometry) doubled(row, col int) int {
	x := 2 * col
	if row >= 0 && row < len(g.indent) && g.indent[row] {
		x++
	}
	return x
}

// centre is a hex's centre, on a whole pixel: every tile of one look is
// then the same pixels, stamped wherever it lies.
func (g geometry) centre(row, col int) (float64, float64) {
	return math.Round(g.ox + float64(g.doubled(row, col)-g.minX+1)*g.hw), math.Round(g.oy + g.r + float64(row-g.minRow)*1.5*g.r)
}

func layout(s MapScene, top float64) geometry {
	g := geometry{indent: s.Indent}
	minX, maxX, minRow, maxRow := 0, 2*max(s.Cols, 1), 0, max(s.Rows, 1)-1
	for i, h := range s.Hexes {
		x := g.doubled(h.Row, h.Col)
		if i == 0 {
			minX, maxX, minRow, maxRow = x, x, h.Row, h.Row
		}
		minX, maxX = min(minX, x), max(maxX, x)
		minRow, maxRow = min(minRow, h.Row), max(maxRow, h.Row)
	}
	halves := float64(maxX - minX + 2)
	rows := float64(maxRow - minRow + 1)
	boxW := float64(canvasW - 2*margin)
	r := math.Min(boxW/(halves*math.Sqrt(3)/2), maxMapH/(1.5*(rows-1)+2))
	r = math.Min(r, maxHexR)
	g.r, g.hw = r, r*math.Sqrt(3)/2
	g.minX, g.minRow = minX, minRow
	g.ox = margin + (boxW-halves*g.hw)/2
	g.oy = top
	g.bottom = top + (1.5*(rows-1)+2)*r
	return g
}

// hexPath adds a pointy-top hexagon of circumradius r centred on (x, y)
// to the path: render's, so that FillHex fills the very shape stroked.
func hexPath(c *canvas, x, y, r float64) {
	c.HexPath(x, y, r, true)
}

// dirAngle is the screen angle of a direction out of a pointy-top hex.
func dirAngle(d content.Dir) float64 {
	return map[content.Dir]float64{
		content.E: 0, content.SE: 60, content.SW: 120, content.W: 180, content.NW: 240, content.NE: 300,
	}[d] * math.Pi / 180
}

func drawMap(c *canvas, s MapScene, g geometry, leg *legend) {
	// Tiles first, then their contents, so a thick border never covers a
	// neighbour's pieces.
	for _, h := range s.Hexes {
		drawTile(c, h, g, leg)
	}
	figs := map[[2]int][]Figure{}
	for _, f := range s.Figures {
		k := [2]int{f.Row, f.Col}
		figs[k] = append(figs[k], f)
	}
	for _, h := range s.Hexes {
		if h.Removed {
			continue
		}
		drawHexContents(c, h, figs[[2]int{h.Row, h.Col}], g, leg)
	}
}

// tileFill is the colour of a hex's ground inside its outline: what the
// pieces on it are stamped over.
func tileFill(h SceneHex) color.RGBA {
	switch {
	case h.Removed || (h.Tunnel && !h.Entrance):
		return render.Background
	case h.Entrance:
		return colEntrance
	case h.Unknown:
		return colUnknown
	}
	return colTile
}

// tileLook names everything a tile's ground is drawn from, and adds its
// symbols to the legend: a tile is stamped by its look, so its pixels
// are drawn once per look and radius, whichever hex it lies on.
func tileLook(h SceneHex, leg *legend) string {
	switch {
	case h.Removed:
		leg.add("tile removed", "")
		return "removed"
	case h.Tunnel && !h.Entrance:
		leg.add("tile tunnel", "")
		return "tunnel"
	}
	var b strings.Builder
	switch {
	case h.Entrance:
		b.WriteString("entrance")
		leg.add("tile entrance", "")
	case h.Unknown:
		b.WriteString("unknown")
		leg.add("tile unknown", "")
	default:
		b.WriteString("tile")
	}
	for _, t := range h.Tokens {
		switch {
		case strings.HasPrefix(t, "gate"):
			b.WriteString("|gate")
			leg.add("outline gate", "")
		case strings.HasPrefix(t, "remote"):
			b.WriteString("|remote")
			leg.add("outline remote", "")
		case t == "keycard door" || t == "keycard-door":
			b.WriteString("|keycard")
			leg.add("outline keycard", "")
		}
	}
	if h.Entrance && h.Arrow {
		fmt.Fprintf(&b, "|exit %v", h.EntranceDir)
		leg.add("exit side", "")
	}
	return b.String()
}

// drawTile stamps one hex's ground: a gap, an undug tunnel, or a tile
// with its outlines (gates, remote locks, keycard doors are areas, not
// pieces).
func drawTile(c *canvas, h SceneHex, g geometry, leg *legend) {
	r := g.r
	x, y := g.centre(h.Row, h.Col)
	look := tileLook(h, leg)
	c.Stamp(fmt.Sprintf("tile|%s|%.3f", look, r), x-r, y-r, 2*r, 2*r, 6, render.Background, func(c *canvas, x0, y0 float64) {
		drawTileGround(c, h, x0+r, y0+r, r)
	})
}

// drawTileGround draws a tile's ground centred on (x, y).
func drawTileGround(c *canvas, h SceneHex, x, y, r float64) {
	switch {
	case h.Removed:
		c.FillHex(x, y, r*0.96, true, render.Background)
		hexPath(c, x, y, r*0.96)
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
	c.FillHex(x, y, r*0.97, true, tileFill(h))
	hexPath(c, x, y, r*0.97)
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
	if h.Entrance && h.Arrow {
		drawExitSide(c, x, y, r, h.EntranceDir)
	}
}

// drawExitSide thickens, in green, the side through which an Entrance
// joins the building: part of the tile's outline, so it covers nothing.
func drawExitSide(c *canvas, x, y, r float64, d content.Dir) {
	a := dirAngle(d)
	rr := r * 0.93
	a0, a1 := a-math.Pi/6, a+math.Pi/6
	c.DrawLine(x+rr*math.Cos(a0), y+rr*math.Sin(a0), x+rr*math.Cos(a1), y+rr*math.Sin(a1))
	c.SetColor(render.Good)
	c.SetLineWidth(8)
	c.Stroke()
}

func labelColour(h SceneHex) color.Color {
	if h.Unknown {
		return render.Paper
	}
	return render.Ink
}

func pale(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8((v>>8)/3 + 0xff*2/3) }
	return color.RGBA{mix(r), mix(g), mix(b), 0xff}
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
