package policeprecinct

import (
	"fmt"
	"image/color"
	"strconv"

	pp "casefile/engine/policeprecinct"
	"casefile/render"
)

// rect is a box on the picture.
type rect struct{ x, y, w, h float64 }

// city places the map: streets d–g run down at roadX, avenues a–c run
// across at roadY, each road 84 px wide.
type city struct{ top float64 }

func (m city) roadX(i int) float64 { return margin + float64(i)*(road+blockW) }
func (m city) roadY(j int) float64 { return m.top + float64(j)*(road+blockH) }

// space is the box of a Street Space ("a3", "e2"): avenue spaces lie two
// to a stretch between intersections, street spaces likewise.
func (m city) space(name string) rect {
	k, _ := strconv.Atoi(name[1:])
	seg, half := float64((k-1)/2), float64((k-1)%2)
	for j, a := range pp.Avenues {
		if name[:1] == a {
			return rect{m.roadX(int(seg)) + road + half*lotW, m.roadY(j), lotW, road}
		}
	}
	for i, st := range pp.Streets {
		if name[:1] == st {
			return rect{m.roadX(i), m.roadY(int(seg)) + road + half*lotH, road, lotH}
		}
	}
	return rect{}
}

// intersection is the box of "b-e".
func (m city) intersection(name string) (rect, bool) {
	if len(name) != 3 || name[1] != '-' {
		return rect{}, false
	}
	for j, a := range pp.Avenues {
		for i, st := range pp.Streets {
			if name[:1] == a && name[2:] == st {
				return rect{m.roadX(i), m.roadY(j), road, road}, true
			}
		}
	}
	return rect{}, false
}

// lot is the box of a lot: its block's corner.
func (m city) lot(l pp.LotDef) rect {
	b := l.Block - 1
	return rect{m.roadX(b%3) + road + float64(l.Quad%2)*lotW, m.roadY(b/3) + road + float64(l.Quad/2)*lotH, lotW, lotH}
}

// chip is a labelled marker placed in a lot or an intersection.
type chip struct {
	label  string
	fill   color.Color
	ring   bool // Urgent: a thick red rim
	strong bool
}

// drawCityStatic draws the map as it stands before the game: the roads,
// every lot with its name and Enter arrow, every intersection with its
// name, and every Street Space with its name. What stands on them is
// drawn by cityParts.
func drawCityStatic(c *render.Canvas) {
	m := city{top: cityTop}
	c.FillRect(margin, cityTop, boardW-2*margin, cityH, roadColour)
	for _, l := range pp.Lots {
		drawLotGround(c, m.lot(l), l)
	}
	for _, a := range pp.Avenues {
		for _, st := range pp.Streets {
			name := a + "-" + st
			r, _ := m.intersection(name)
			drawIntersection(c, r, name, false, nil)
		}
	}
	for sp := 0; sp < pp.NumSpaces; sp++ {
		name := pp.SpaceName(sp)
		r := m.space(name)
		c.DrawRectangle(r.x, r.y, r.w, r.h)
		c.SetColor(render.Grid)
		c.SetLineWidth(1)
		c.Stroke()
		c.Text(name, r.x+6, r.y+4, render.Regular, small, render.Ink)
	}
}

// cityParts are what stands on the map, from the public view: the chips
// on the lots (Investigation stacks, Emergencies, Special Events, Punks,
// Gangs, the Murderer, the Patrol Officers at the Station), the
// intersections that carry something or are blocked, and the vehicles and
// Patrol Officers on the Street Spaces.
func cityParts(c *render.Canvas, s *pp.State) []render.Part {
	m := city{top: cityTop}
	lotChips := map[string][]chip{}
	interChips := map[string][]chip{}
	blocked := map[string]bool{}
	for i, st := range s.Stacks {
		if !st.Done {
			lotChips[st.Lot] = append(lotChips[st.Lot], chip{label: fmt.Sprintf("%s %d", shortCategory[i], len(st.Cards)), fill: stackColour})
		}
	}
	for _, e := range s.Emergencies {
		d := e.Def()
		label := fmt.Sprint(d.Difficulty)
		if e.HasUC {
			if e.Shown >= 0 {
				label += " UC+"
			} else {
				label += " UC"
			}
		}
		ch := chip{label: label, fill: emergencyColours[d.Colour], ring: e.Urgent, strong: true}
		if _, ok := m.intersection(e.Site); ok {
			interChips[e.Site] = append(interChips[e.Site], ch)
			blocked[e.Site] = true
		} else {
			lotChips[e.Site] = append(lotChips[e.Site], ch)
		}
	}
	stolen := map[string]bool{}
	for _, l := range s.Specials {
		ch := chip{label: shortSpecial[l.Name], fill: specialColour}
		switch {
		case l.Name == "car theft":
			stolen[l.Site] = true
		case len(l.Site) == 3 && l.Site[1] == '-':
			interChips[l.Site] = append(interChips[l.Site], ch)
			if l.Name == "officer down" {
				blocked[l.Site] = true
			}
		default:
			lotChips[l.Site] = append(lotChips[l.Site], ch)
		}
	}
	if s.PatrolStation > 0 {
		lotChips[pp.PoliceStation] = append(lotChips[pp.PoliceStation], chip{label: fmt.Sprintf("Patrol %d", s.PatrolStation), fill: patrolColour})
	}

	var parts []render.Part
	for _, l := range pp.Lots {
		if p, ok := lotPart(c, s, m.lot(l), l, lotChips[l.Name]); ok {
			parts = append(parts, p)
		}
	}
	for _, a := range pp.Avenues {
		for _, st := range pp.Streets {
			name := a + "-" + st
			chips := interChips[name]
			if !blocked[name] && len(chips) == 0 {
				continue
			}
			r, _ := m.intersection(name)
			parts = append(parts, render.Part{Rect: render.PartRect(r.x, r.y, r.x+r.w, r.y+r.h, 0),
				Draw: func(c *render.Canvas) { drawIntersection(c, r, name, blocked[name], chips) }})
		}
	}
	now := acting(s)
	for sp := 0; sp < pp.NumSpaces; sp++ {
		name := pp.SpaceName(sp)
		if p, ok := spacePart(s, m.space(name), sp, name, stolen[name], now); ok {
			parts = append(parts, p)
		}
	}
	return parts
}

// drawLotGround draws one lot: its fill, its name and its white Enter
// arrow on the avenue side (a Bad Hood has none).
func drawLotGround(c *render.Canvas, r rect, l pp.LotDef) {
	fill := lotFill(l)
	c.FillRect(r.x+3, r.y+3, r.w-6, r.h-6, fill)
	c.DrawRectangle(r.x+3, r.y+3, r.w-6, r.h-6)
	c.SetColor(render.Grid)
	c.SetLineWidth(1.5)
	c.Stroke()
	if l.Enter >= 0 {
		ax := r.x + r.w/2
		if l.Quad < 2 {
			arrow(c, ax, r.y+4, true)
		} else {
			arrow(c, ax, r.y+r.h-4, false)
		}
	}
	// Regular type and a narrow inset keep the longest names ("Police
	// station", "Warehouse 1") on one line, leaving room for two rows of
	// chips above a south lot's Enter arrow.
	c.TextWrapped(lotName(l), r.x+6, nameTop(r, l), r.w-10, render.Regular, small, render.Ink)
}

// lotFill is a lot's colour by its kind.
func lotFill(l pp.LotDef) color.RGBA {
	switch l.Kind {
	case pp.KindBadHood:
		return hoodColour
	case pp.KindLandmark:
		return landColour
	}
	return lotColour
}

// nameTop is the top of a lot's name: below a north lot's Enter arrow.
func nameTop(r rect, l pp.LotDef) float64 {
	if l.Enter >= 0 && l.Quad < 2 {
		return r.y + 24
	}
	return r.y + 8
}

// lotPart is the part that draws what lies on a lot, below its name, or
// false when nothing does.
func lotPart(c *render.Canvas, s *pp.State, r rect, l pp.LotDef, chips []chip) (render.Part, bool) {
	if l.Kind == pp.KindBadHood {
		n := hoodNumber(l.Name)
		chips = append([]chip{{label: fmt.Sprintf("Punks %d", s.Punks[n-1]), fill: punkColour}}, chips...)
		if s.Gangs[n-1] {
			chips = append(chips, chip{label: "Gang", fill: gangColour})
		}
		if s.Murderer == n {
			chips = append([]chip{{label: "Murderer", fill: murderColour, ring: true}}, chips...)
		}
	}
	if len(chips) == 0 {
		return render.Part{}, false
	}
	c.Font(render.Regular, small)
	y := nameTop(r, l) + float64(len(c.WordWrap(lotName(l), r.w-10)))*small*1.25 + 4
	x := r.x + 10
	type placed struct {
		ch   chip
		x, y float64
		w    float64
	}
	var at []placed
	x0, y0, x1, y1 := r.x+r.w, r.y+r.h, r.x, r.y
	for _, ch := range chips {
		w := chipWidth(c, ch)
		if x+w > r.x+r.w-8 && x > r.x+10 {
			x, y = r.x+10, y+chipH+6
		}
		at = append(at, placed{ch, x, y, w})
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x+w), max(y1, y+chipH)
		x += w + 6
	}
	bg := lotFill(l)
	return render.Part{Rect: render.PartRect(x0, y0, x1, y1, 4), Indexed: true, Draw: func(c *render.Canvas) {
		for _, p := range at {
			drawChip(c, p.ch, p.x, p.y, p.w, bg)
		}
	}}, true
}

// lotName is a lot's name on the map.
func lotName(l pp.LotDef) string { return title(l.Name) }

func hoodNumber(name string) int {
	n, _ := strconv.Atoi(name[len(name)-1:])
	return n
}

// arrow draws an Enter arrow whose tip is at (x, y), pointing up (to the
// avenue north of the lot) or down.
func arrow(c *render.Canvas, x, y float64, up bool) {
	d := 16.0
	if !up {
		d = -16
	}
	c.MoveTo(x, y)
	c.LineTo(x-13, y+d)
	c.LineTo(x+13, y+d)
	c.ClosePath()
	c.SetColor(white)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	top := y
	if !up {
		top = y + d
	}
	c.Occupy(x-13, top, 26, 16, "", 0)
}

func chipWidth(c *render.Canvas, ch chip) float64 {
	c.Font(render.Bold, small)
	w, _ := c.MeasureString(ch.label)
	return w + 16
}

// drawChip draws a labelled marker with its top-left at (x, y) on ground
// of colour bg, stamped (render.Canvas.Stamp).
func drawChip(c *render.Canvas, ch chip, x, y, w float64, bg color.RGBA) {
	c.Stamp(fmt.Sprint("chip ", ch.label, ch.fill, ch.ring, w), x, y, w, chipH, 4, bg, func(c *render.Canvas, x, y float64) {
		c.FillRoundedRect(x, y, w, chipH, 6, ch.fill)
		c.DrawRoundedRectangle(x, y, w, chipH, 6)
		if ch.ring {
			c.SetColor(render.Alert)
			c.SetLineWidth(5)
		} else {
			c.SetColor(render.Ink)
			c.SetLineWidth(1.5)
		}
		c.Stroke()
		c.TextCentered(ch.label, x+w/2, y+chipH/2, render.Bold, small, render.Contrast(ch.fill))
	})
}

// drawIntersection draws a Street Intersection: its name while it is
// empty, an Emergency or Special Event on it, and a red rim when nothing
// may drive through it.
func drawIntersection(c *render.Canvas, r rect, name string, blocked bool, chips []chip) {
	fill := roadColour
	if blocked {
		fill = blockedColour
	}
	c.FillRect(r.x+2, r.y+2, r.w-4, r.h-4, fill)
	c.DrawRectangle(r.x+2, r.y+2, r.w-4, r.h-4)
	if blocked {
		c.SetColor(render.Alert)
		c.SetLineWidth(4)
	} else {
		c.SetColor(render.Grid)
		c.SetLineWidth(1)
	}
	c.Stroke()
	if len(chips) == 0 {
		c.TextCentered(name, r.x+r.w/2, r.y+r.h/2, render.Regular, small, render.Faint)
		return
	}
	y := r.y + r.h/2 - float64(len(chips))*(chipH+4)/2 + 2
	for _, ch := range chips {
		w := min(chipWidth(c, ch), r.w-6)
		drawChip(c, ch, r.x+(r.w-w)/2, y, w, fill)
		y += chipH + 4
	}
}

// spacePart is the part that draws the vehicles and Patrol Officers on a
// Street Space (each cop's car in the seat's colour, a Marked car with a
// red light bar, the grey Support Vehicle, a black stolen car, and a blue
// square per Patrol Officer), or false when the space is empty.
func spacePart(s *pp.State, r rect, sp int, name string, stolen bool, now []int) (render.Part, bool) {
	var items []func(c *render.Canvas, x, y float64)
	for _, seat := range s.Order {
		cop := &s.Cops[seat]
		if cop.At != sp {
			continue
		}
		ringed := len(now) == 1 && now[0] == seat
		items = append(items, func(c *render.Canvas, x, y float64) {
			car(c, x, y, render.PlayerColor(seat), cop.Marked, ringed, roadColour)
		})
	}
	if s.Support == sp {
		items = append(items, func(c *render.Canvas, x, y float64) { car(c, x, y, supportColour, false, false, roadColour) })
	}
	if stolen {
		items = append(items, func(c *render.Canvas, x, y float64) { car(c, x, y, stolenColour, false, false, roadColour) })
	}
	for k := 0; k < s.PatrolOn[name]; k++ {
		items = append(items, func(c *render.Canvas, x, y float64) { patrolCube(c, x+carW/2, y+carH/2, roadColour) })
	}
	if len(items) == 0 {
		return render.Part{}, false
	}
	// Avenue spaces keep their name at the left, street spaces on top.
	x0, y0, cols := r.x+46, r.y+8, 3
	if r.w < r.h {
		x0, y0, cols = r.x+8, r.y+40, 2
	}
	at := func(i int) (float64, float64) { return x0 + float64(i%cols)*slot, y0 + float64(i/cols)*(carH+6) }
	x1, y1 := x0, y0
	for i := range items {
		x, y := at(i)
		x1, y1 = max(x1, x+carW), max(y1, y+carH)
	}
	return render.Part{Rect: render.PartRect(x0, y0, x1, y1, 3), Indexed: true, Draw: func(c *render.Canvas) {
		for i, draw := range items {
			x, y := at(i)
			draw(c, x, y)
		}
	}}, true
}

// car draws a car with its top-left at (x, y) on ground of colour bg; a
// Marked car has a red light bar on its roof, and the car of the cop
// acting now a red rim. It is stamped (render.Canvas.Stamp).
func car(c *render.Canvas, x, y float64, fill color.Color, marked, ringed bool, bg color.RGBA) {
	c.Stamp(fmt.Sprint("car ", fill, marked, ringed), x, y, carW, carH, 3, bg, func(c *render.Canvas, x, y float64) {
		c.FillRoundedRect(x, y, carW, carH, 5, fill)
		c.DrawRoundedRectangle(x, y, carW, carH, 5)
		c.SetColor(render.Ink)
		c.SetLineWidth(1.5)
		if ringed {
			c.SetColor(render.Alert)
			c.SetLineWidth(4)
		}
		c.Stroke()
		if marked {
			c.FillRect(x+9, y+4, carW-18, 6, render.Alert)
		}
		c.Occupy(x, y, carW, carH, "", 0)
	})
}

// patrolCube draws a Patrol Officer centred on (x, y) on ground of colour
// bg, stamped.
func patrolCube(c *render.Canvas, x, y float64, bg color.RGBA) {
	const side = 18
	c.Stamp("patrol", x-side/2, y-side/2, side, side, 2, bg, func(c *render.Canvas, x, y float64) {
		c.Cube(x+side/2, y+side/2, side, patrolColour)
	})
}
