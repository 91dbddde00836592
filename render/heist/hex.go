package heist

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"casefile/render"
)

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
		return colModule, "square"
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

// itemKind says what fills one slot of a hex.
type itemKind int

const (
	itemGlyph itemKind = iota // a chit, loot or module piece
	itemPawn                  // a character or the NPC
	itemPlans                 // the hex's planning tokens, in a strip
	itemText                  // a word on the tile: "?", "T", "EXIT"
	itemMore                  // "+N": pieces that did not fit
)

// hexItem is one thing laid out in a hex's slots.
type hexItem struct {
	kind  itemKind
	g     glyph
	fig   Figure
	plans []int
	text  string
	size  float64
	col   color.Color
	w, h  float64
	// keep ranks what stays when the hex is too crowded: lowest goes
	// first; tokens dropped are counted by a "+N" marker.
	keep   int
	tokens int
}

// sizes are the measures of a hex's slots and pieces: the smallest at
// the smallest hexes, up to a third larger where the hexes have room.
type sizes struct {
	slotW, slotH, pawnH, rowH, plan float64
	// name is the hex name's size, label a piece's, pawn a pawn's.
	name, label, pawn float64
}

// baseSizes are the smallest, for the key and the crew panel.
var baseSizes = sizesFor(0)

func sizesFor(r float64) sizes {
	k := math.Min(math.Max(r/60, 1), 1.25)
	k = math.Round(k*20) / 20
	return sizes{
		slotW: slotW * k, slotH: slotH * k, pawnH: pawnH * k, rowH: rowH * k, plan: planS * k,
		name: math.Round(textMin * k), label: math.Round(textMin * k), pawn: math.Round(textBody * k),
	}
}

// slotRow is one row of a hex's slots: its centre's y and its width.
type slotRow struct{ cy, w float64 }

// slotRows lists the rows of slots of a hex of circumradius R from dTop
// (below the hex's name, relative to its centre) down, each as wide as
// the hex is at both its edges.
func slotRows(x, y, R, dTop float64, z sizes) []slotRow {
	half := func(d float64) float64 {
		d = math.Abs(d)
		if d <= R/2 {
			return R * math.Sqrt(3) / 2
		}
		return math.Sqrt(3) * (R - d)
	}
	var rows []slotRow
	for d0 := dTop; ; d0 += z.rowH {
		w := 2 * (math.Min(half(d0), half(d0+z.pawnH)) - 2)
		if w < z.slotW || d0+z.pawnH > R {
			break
		}
		rows = append(rows, slotRow{cy: y + d0 + z.pawnH/2, w: w})
	}
	return rows
}

// pack places items in rows, in order, each row's items centred; ok is
// false when they do not fit. used is the number of rows used.
func pack(items []hexItem, rows []slotRow, x float64) (pos [][2]float64, used int, ok bool) {
	type span struct{ from, to int }
	var spans []span
	row, width, from := 0, 0.0, 0
	for i, it := range items {
		need := it.w
		if i > from {
			need += gapX
		}
		for row < len(rows) && width+need > rows[row].w {
			spans = append(spans, span{from, i})
			row, width, from, need = row+1, 0, i, it.w
		}
		if row >= len(rows) {
			return nil, 0, false
		}
		width += need
	}
	spans = append(spans, span{from, len(items)})
	pos = make([][2]float64, len(items))
	for r, sp := range spans {
		total := 0.0
		for i := sp.from; i < sp.to; i++ {
			total += items[i].w
		}
		total += gapX * float64(max(sp.to-sp.from-1, 0))
		cx := x - total/2
		for i := sp.from; i < sp.to; i++ {
			pos[i] = [2]float64{cx + items[i].w/2, rows[r].cy}
			cx += items[i].w + gapX
		}
	}
	return pos, len(spans), true
}

// drawHexContents draws a hex's name at its top and below it, in rows of
// slots, its pieces, planning tokens and pawns, so that none covers the
// name or another. A hex too crowded for its slots shows the most
// important ones (pawns first) and a "+N" marker for the rest.
func drawHexContents(c *canvas, h SceneHex, figs []Figure, g geometry, leg *legend) {
	R := g.r * 0.97
	z := sizesFor(g.r)
	x, y := g.centre(h.Row, h.Col)
	// The name's box top: its capitals start some 4 px lower, where the
	// hex is wide enough for them.
	top := y - R + 7
	col := labelColour(h)
	if h.Tunnel && !h.Entrance {
		col = render.Faint
	}
	c.TextCentered(h.Label, x, top+0.45*z.name, render.Bold, z.name, col)
	dTop := top + 1.15*z.name + 1 - y

	items := hexItems(c, h, figs, z)
	dropped := 0
	for len(items) > 0 {
		rows := slotRows(x, y, R, dTop, z)
		pos, used, ok := pack(items, rows, x)
		if ok {
			// Centre the rows used in the room there is, when they
			// still fit.
			if shift := float64(len(rows)-used) * z.rowH / 2; shift > 0 {
				if p2, _, ok2 := pack(items, slotRows(x, y, R, dTop+shift, z), x); ok2 {
					pos = p2
				}
			}
			bg := tileFill(h)
			for i, it := range items {
				drawItem(c, it, pos[i][0], pos[i][1], z, bg, leg)
			}
			return
		}
		// Too crowded: drop the least important item and count it.
		if items[len(items)-1].kind == itemMore {
			items = items[:len(items)-1]
		}
		worst := -1
		for i, it := range items {
			if worst < 0 || it.keep <= items[worst].keep {
				worst = i
			}
		}
		if worst < 0 {
			return
		}
		dropped += items[worst].tokens
		items = append(items[:worst], items[worst+1:]...)
		if dropped > 0 {
			items = append(items, moreItem(c, dropped, z))
		}
	}
}

// hexItems lists what goes in a hex's slots, in drawing order.
func hexItems(c *canvas, h SceneHex, figs []Figure, z sizes) []hexItem {
	var items []hexItem
	if h.Tunnel && !h.Entrance {
		items = append(items, textItem(c, "T", z.label+8, render.Faint, z))
	}
	if h.Unknown {
		items = append(items, textItem(c, "?", z.label+8, render.Paper, z))
	}
	for _, gl := range piecesOf(h, len(figs) > 0 && hasNPC(figs)) {
		w, hh := glyphSize(c, gl, z)
		items = append(items, hexItem{kind: itemGlyph, g: gl, w: w, h: hh, keep: 4, tokens: 1})
	}
	if n := len(h.Plans); n > 0 {
		items = append(items, hexItem{kind: itemPlans, plans: h.Plans, w: float64(n)*z.plan + float64(n-1)*3, h: z.plan, keep: 3, tokens: n})
	}
	for _, f := range figs {
		w := pawnWidth(c, f.Mark, z)
		keep := 5
		if f.Waiting {
			keep = 6
		}
		items = append(items, hexItem{kind: itemPawn, fig: f, w: w, h: z.pawnH, keep: keep, tokens: 1})
	}
	if h.Entrance {
		items = append(items, textItem(c, "EXIT", z.label, render.Good, z))
	}
	return items
}

func hasNPC(figs []Figure) bool {
	for _, f := range figs {
		if f.Seat < 0 {
			return true
		}
	}
	return false
}

// planS is the side of a planning token: it carries no text, so it may
// be smaller than a labelled piece.
const planS = 14

func textItem(c *canvas, s string, size float64, col color.Color, z sizes) hexItem {
	c.Font(render.Bold, size)
	w, _ := c.MeasureString(s)
	return hexItem{kind: itemText, text: s, size: size, col: col, w: w, h: z.slotH, keep: 1}
}

func moreItem(c *canvas, n int, z sizes) hexItem {
	s := fmt.Sprintf("+%d", n)
	c.Font(render.Bold, z.label)
	w, _ := c.MeasureString(s)
	return hexItem{kind: itemMore, text: s, w: w + 8, h: z.slotH, keep: 100}
}

func glyphSize(c *canvas, g glyph, z sizes) (float64, float64) {
	_, shape := glyphStyle(g.kind)
	tw := 0.0
	if g.label != "" {
		c.Font(render.Bold, z.label)
		tw, _ = c.MeasureString(g.label)
	}
	if shape == "diamond" {
		return math.Max(z.slotH+4, tw+20), z.slotH + 2
	}
	return math.Max(z.slotW, tw+10), z.slotH
}

func pawnWidth(c *canvas, mark string, z sizes) float64 {
	c.Font(render.Bold, z.pawn)
	w, _ := c.MeasureString(mark)
	return math.Max(z.pawnH, w+12)
}

// drawItem draws one item of a hex's slots centred on (x, y), its shapes
// stamped over the tile's ground bg.
func drawItem(c *canvas, it hexItem, x, y float64, z sizes, bg color.RGBA, leg *legend) {
	switch it.kind {
	case itemGlyph:
		stampGlyph(c, it.g, x, y, it.w, it.h, z.label, bg)
		key := it.g.kind
		if key == "npc" {
			key = "npc spot" // the spot, not the NPC's pawn
		}
		leg.add(key, it.g.label)
		if !it.g.active {
			leg.add("off", "")
		}
	case itemPawn:
		stampPawn(c, it.fig, x, y, it.w, it.h, z.pawn, bg)
		leg.addPawn(it.fig)
	case itemPlans:
		// Each token is its own stamp, keyed by seat and size alone
		// (and the fraction of a pixel it falls on): a strip keyed by
		// its order of seats was a shape the kept data's games rarely
		// met, drawn through gg on a layout's first board.
		x0, y0 := math.Round(x-it.w/2), math.Round(y-z.plan/2)
		for i, seat := range it.plans {
			cx := x0 + float64(i)*(z.plan+3)
			c.Stamp(fmt.Sprintf("plan|%d|%.3f", seat, z.plan), cx, y0, z.plan, z.plan, 3, bg, func(c *canvas, x, y float64) {
				c.Cube(x+z.plan/2, y+z.plan/2, z.plan, render.PlayerColor(seat))
			})
		}
		leg.add("plan", "")
	case itemText:
		// TextCentered's box sits 0.125 of the size below its anchor.
		c.TextCentered(it.text, x, y-0.125*it.size, render.Bold, it.size, it.col)
	case itemMore:
		c.Stamp(fmt.Sprintf("more|%s|%.3f|%.3f|%.1f", it.text, it.w, it.h, z.label), math.Round(x-it.w/2), math.Round(y-it.h/2), it.w, it.h, 2, bg, func(c *canvas, x0, y0 float64) {
			drawMore(c, it.text, x0+it.w/2, y0+it.h/2, it.w, it.h, z.label)
		})
		leg.add("more", it.text)
	}
}

func drawMore(c *canvas, s string, x, y, w, h, size float64) {
	c.FillRoundedRect(x-w/2, y-h/2, w, h, 5, render.Ink)
	tokenText(c, s, x, y, size, color.White)
	c.Occupy(x-w/2, y-h/2, w, h, s, size)
}

// tokenText writes a token's own label centred on (x, y). It goes through
// gg, not the Canvas's Text, on purpose: the token's Occupy records the
// label and its size, and a separate text mark would count as the token
// covering its own label.
func tokenText(c *canvas, s string, x, y, size float64, col color.Color) {
	if s == "" {
		return
	}
	c.Font(render.Bold, size)
	w, _ := c.MeasureString(s)
	c.SetColor(col)
	// Cap height is about 0.72 of the size: centre the capitals on y.
	c.DrawString(s, x-w/2, y+0.36*size)
}

// stampGlyph stamps a piece (drawGlyph) centred on (x, y) over ground bg,
// its box's corner on a whole pixel, so that a piece of one look is the
// same pixels wherever it lies (a shape is stamped per fraction of a
// pixel, and pieces centred in their rows fall on every fraction).
func stampGlyph(c *canvas, g glyph, x, y, w, h, size float64, bg color.RGBA) {
	key := fmt.Sprintf("glyph|%s|%s|%v|%.3f|%.3f|%.1f", g.kind, g.label, g.active, w, h, size)
	c.Stamp(key, math.Round(x-w/2), math.Round(y-h/2), w, h, 3, bg, func(c *canvas, x0, y0 float64) {
		drawGlyph(c, g, x0+w/2, y0+h/2, w, h, size)
	})
}

// stampPawn stamps a pawn (drawPawn) centred on (x, y) over ground bg.
func stampPawn(c *canvas, f Figure, x, y, w, h, size float64, bg color.RGBA) {
	key := fmt.Sprintf("pawn|%d|%s|%v|%v|%v|%.3f|%.3f|%.1f", f.Seat, f.Mark, f.Waiting, f.Busted, f.Escaped, w, h, size)
	c.Stamp(key, math.Round(x-w/2), math.Round(y-h/2), w, h, 4, bg, func(c *canvas, x0, y0 float64) {
		drawPawn(c, f, x0+w/2, y0+h/2, w, h, size)
	})
}

// drawGlyph draws one piece in a w×h box centred on (x, y): chits, cash
// and ideas are round (pills when the label is wide), loot and module
// pieces square, jewels diamonds, story spots stars. An inactive chit
// (subdued Guard or Dog, unlocked Lock, disabled Camera) is pale and
// struck through.
func drawGlyph(c *canvas, g glyph, x, y, w, h, size float64) {
	fill, shape := glyphStyle(g.kind)
	if !g.active {
		fill = pale(fill)
	}
	switch shape {
	case "square":
		c.DrawRectangle(x-w/2+1, y-h/2+1, w-2, h-2)
	case "diamond":
		c.MoveTo(x, y-h/2)
		c.LineTo(x+w/2, y)
		c.LineTo(x, y+h/2)
		c.LineTo(x-w/2, y)
		c.ClosePath()
	case "star":
		s := h / 2
		for i := 0; i < 10; i++ {
			rr := s
			if i%2 == 1 {
				rr = s * 0.45
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			if i == 0 {
				c.MoveTo(x+rr*math.Cos(a), y+rr*math.Sin(a))
			} else {
				c.LineTo(x+rr*math.Cos(a), y+rr*math.Sin(a))
			}
		}
		c.ClosePath()
	default:
		if w > h+0.5 {
			c.DrawRoundedRectangle(x-w/2+1, y-h/2+1, w-2, h-2, (h-2)/2)
		} else {
			c.DrawCircle(x, y, h/2-1)
		}
	}
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	tokenText(c, g.label, x, y, size, render.Contrast(fill))
	if !g.active {
		c.SetColor(render.Ink)
		c.SetLineWidth(2.5)
		c.DrawLine(x-w*0.4, y+h*0.4, x+w*0.4, y-h*0.4)
		c.Stroke()
	}
	if g.label == "" {
		size = 0
	}
	c.Occupy(x-w/2, y-h/2, w, h, g.label, size)
}

// drawPawn draws a character's or the NPC's pawn in a w×h box centred on
// (x, y): the seat's colour with the character's initials, a dark rim, a
// thick red rim when its player must act, crossed when busted, a green rim
// once escaped.
func drawPawn(c *canvas, f Figure, x, y, w, h, size float64) {
	fill := color.Color(colNPC)
	if f.Seat >= 0 {
		fill = render.PlayerColor(f.Seat)
	}
	rim, lw := color.Color(render.Ink), 2.5
	switch {
	case f.Waiting:
		rim, lw = render.Alert, 5
	case f.Escaped:
		rim, lw = render.Good, 5
	}
	c.FillRoundedRect(x-w/2+lw/2, y-h/2+lw/2, w-lw, h-lw, h/2-lw/2, fill)
	c.DrawRoundedRectangle(x-w/2+lw/2, y-h/2+lw/2, w-lw, h-lw, h/2-lw/2)
	c.SetColor(rim)
	c.SetLineWidth(lw)
	c.Stroke()
	tokenText(c, f.Mark, x, y, size, render.Contrast(fill))
	if f.Busted {
		c.SetColor(render.Alert)
		c.SetLineWidth(4)
		c.DrawLine(x-w/2+3, y-h/2+3, x+w/2-3, y+h/2-3)
		c.DrawLine(x-w/2+3, y+h/2-3, x+w/2-3, y-h/2+3)
		c.Stroke()
	}
	c.Occupy(x-w/2, y-h/2, w, h, f.Mark, size)
}
