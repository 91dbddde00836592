// Package policeprecinct draws Police Precinct: the public board (the
// city with its cars, Punks, Emergencies and Investigation stacks, the
// Calendar, the Crime Track, the Murder Investigation Board, the cops'
// Donuts, Upgrades and hand counts, and a legend) and each cop's own hand
// for their DM. Drawing is a pure function of a view: the public picture
// is drawn from the public view, so it cannot show what the view hides.
//
// The board is 1400 px wide for Discord's inline preview (about 550 px):
// no text is smaller than the width/55, and no car, token or marker covers
// a label or another token (the tests hold every picture to this through
// the Canvas's Marks).
package policeprecinct

import (
	_ "embed"
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"casefile/engine"
	pp "casefile/engine/policeprecinct"
	"casefile/render"
)

// Renderer returns the Police Precinct renderer.
func Renderer() render.Renderer {
	return render.Renderer{Board: Board, Private: Private, Alt: Alt}
}

// Sizes of the board. small keeps to the phone rule: boardW/55 is 25.5.
const (
	boardW = 1400
	margin = 24.0
	small  = 26.0
	head   = 30.0
	big    = 40.0
	// road is a road's width; blockW and blockH a city block's size.
	road   = 84.0
	blockW = (boardW - 2*margin - 4*road) / 3
	blockH = 340.0
	lotW   = blockW / 2
	lotH   = blockH / 2
	// carW×carH is a car on a Street Space; slot the room one takes.
	carW = 32.0
	carH = 22.0
	slot = 37.0
	// chipH is the height of a labelled chip (a stack, an Emergency).
	chipH = 36.0
)

// Colours of the board.
var (
	roadColour    = color.RGBA{0xd6, 0xd0, 0xc6, 0xff}
	lotColour     = color.RGBA{0xee, 0xe8, 0xdc, 0xff}
	hoodColour    = color.RGBA{0xd9, 0xc2, 0xc2, 0xff}
	landColour    = color.RGBA{0xdc, 0xe6, 0xf2, 0xff}
	blockedColour = color.RGBA{0xf3, 0xc4, 0xbd, 0xff}
	stackColour   = color.RGBA{0x3b, 0x4a, 0x6b, 0xff}
	punkColour    = color.RGBA{0x4a, 0x3f, 0x3a, 0xff}
	gangColour    = color.RGBA{0x6b, 0x2f, 0x8f, 0xff}
	specialColour = color.RGBA{0x8a, 0x5a, 0x00, 0xff}
	murderColour  = color.RGBA{0x11, 0x11, 0x11, 0xff}
	supportColour = color.RGBA{0x88, 0x88, 0x88, 0xff}
	patrolColour  = color.RGBA{0x1f, 0x3f, 0x9f, 0xff}
	stolenColour  = color.RGBA{0x22, 0x22, 0x22, 0xff}
	white         = color.RGBA{0xff, 0xff, 0xff, 0xff}
	// emergencyColours are the Event cards' three colours.
	emergencyColours = map[string]color.RGBA{
		"red":    {0xd6, 0x3a, 0x2f, 0xff},
		"blue":   {0x2f, 0x6f, 0xd6, 0xff},
		"yellow": {0xf2, 0xc9, 0x2e, 0xff},
	}
)

// base are the colours Flatten keeps exact.
var base = []color.RGBA{roadColour, lotColour, hoodColour, landColour, blockedColour, stackColour, punkColour, gangColour,
	specialColour, murderColour, supportColour, patrolColour, white, render.Background, render.Paper, render.Ink, render.Faint,
	render.Alert, emergencyColours["red"], emergencyColours["blue"], emergencyColours["yellow"]}

// shortCategory names an Investigation category on its chip.
var shortCategory = []string{"Scene", "Body", "Witness", "Weapon"}

// shortSpecial names a lasting Special Event on its chip; the Special
// Events panel gives the full name.
var shortSpecial = map[string]string{
	"street riot":        "Riot",
	"detainees run amok": "Amok",
	"jail break":         "Jail",
	"gas leak":           "Gas",
	"officer down":       "Down",
	"escort van":         "Van",
	"car theft":          "Theft",
}

func viewOf(v engine.View) (*pp.View, error) {
	pv, ok := v.(*pp.View)
	if !ok || pv == nil || pv.State == nil {
		return nil, errors.New("policeprecinct render: not a Police Precinct view")
	}
	return pv, nil
}

// copName names a seat as the picture does (render.SeatName).
func copName(seat int) string { return render.SeatName(seat) }

// expand replaces the engine's seat references by the picture's names.
func expand(s string) string { return render.ExpandSeats(s) }

// The fixed layout (issue 16): the header is a band of fixed height, and
// the city, the Calendar, the Crime Track, the Murder Investigation Board
// and the legend lie at fixed places below it, so that everything of them
// that does not depend on the state is drawn once per process into a
// cached layer. The lists that grow with the game (the cops, the
// Emergencies, the Special Events, the supply) form the tail below the
// layer, of whatever height they need.
const (
	// headerH is the header's band; its texts are cut to fit it.
	headerH     = 210.0
	cityTop     = headerH
	cityH       = 3*road + 2*blockH
	tracksTop   = cityTop + cityH + 20
	calCells    = tracksTop + 42
	crimeTitle  = calCells + 56 + 44
	crimeCells  = crimeTitle + 42
	evidenceTop = crimeCells + 46 + 20
	legendTop   = evidenceTop + 144 + 20
	// legendH is the legend's height: its title, four rows of cars and
	// markers, five of chips, and the blocked intersection.
	legendH = 44 + 4*44 + 5*46 + 40
	// tailTop is where the layer ends and the tail begins.
	tailTop = legendTop + legendH + 20
)

// layers holds the board's static layer per layout: the only thing of the
// layout that depends on the game is the Crime Track's length (its FAIL
// space, 5–11 by player count and variant), so at most seven layers of
// 1400 × tailTop one-byte pixels (2.9 MB each, 21 MB in all) are ever
// kept, and a bot whose games all have one table keeps one.
var layers render.LayerCache

// Board draws the public board from the public view: the layer of its
// layout, with the state's parts and the tail drawn on it (see
// render.Layer.Compose).
func Board(v engine.View) (image.Image, error) {
	pv, err := viewOf(v)
	if err != nil {
		return nil, err
	}
	s := pv.State
	return layerOf(s.FailSpace()).Compose(3400,
		func(c *render.Canvas) []render.Part { return boardParts(c, s) },
		func(c *render.Canvas, top float64) float64 { return drawTail(c, s, top) }), nil
}

// layerOf is the static layer of a board whose Crime Track fails at fail.
func layerOf(fail int) *render.Layer {
	return layers.Get(fmt.Sprint(fail), func() *render.Layer {
		if l := keptLayers.Layer(fmt.Sprint(fail), boardPalette); l != nil {
			return l
		}
		return drawLayer(fail)
	})
}

// drawLayer draws the static layer of a board whose Crime Track fails at
// fail through gg and maps it: what a layout the package does not keep
// as data costs the first time (TestEmbeddedLayers holds the data to it).
func drawLayer(fail int) *render.Layer {
	return render.NewLayer(boardW, int(tailTop), boardPalette, func(c *render.Canvas) { drawStatic(c, fail) })
}

// layersData are the layers of every Crime Track the rules give (each
// FAIL space of the fail tables), drawn at build time (render.LayerSet;
// rewritten by go test -run TestEmbeddedLayers -layers): a layout's first
// board decodes its layer instead of drawing and mapping 2.9 million
// pixels.
//
//go:embed layers_data.bin
var layersData []byte

// keptLayers is layersData read; nil (every layer drawn) if it is not a
// LayerSet, which TestEmbeddedLayers reports.
var keptLayers, _ = render.ParseLayerSet(layersData)

// board draws the public board whole on one canvas, layer and parts
// alike, whose Marks the tests read, and returns the height it used.
func board(v engine.View) (*render.Canvas, int, error) {
	pv, err := viewOf(v)
	if err != nil {
		return nil, 0, err
	}
	c, h := drawn(boardW, 3100, func(c *render.Canvas) float64 { return drawWhole(c, pv.State) })
	return c, h, nil
}

// drawWhole draws the board on one canvas in the order Board composes it:
// the static layer, the parts, the tail.
func drawWhole(c *render.Canvas, s *pp.State) float64 {
	drawStatic(c, s.FailSpace())
	for _, p := range boardParts(c, s) {
		p.Draw(c)
	}
	return drawTail(c, s, tailTop)
}

// drawn draws a picture w wide on a canvas of height guess, or, when it
// needs more, again on one as high as it needs; clearing a canvas is a
// good part of a picture's cost, so the guess is close to a busy board.
func drawn(w, guess int, draw func(c *render.Canvas) float64) (*render.Canvas, int) {
	c := render.NewCanvas(w, guess)
	h := int(draw(c))
	if h > guess {
		c.Release()
		c = render.NewCanvas(w, h)
		draw(c)
	}
	return c, h
}

// drawStatic draws the layer: everything above the tail that does not
// depend on the state, for a Crime Track that fails at fail.
func drawStatic(c *render.Canvas, fail int) {
	drawCityStatic(c)
	drawTracksStatic(c, fail)
	drawEvidenceStatic(c)
	drawLegend(c)
}

// boardParts lists what the state draws over the layer. Those that draw
// only text and stamps (the header, the chips, the cars, the Evidence
// lines, the legend's car) are Indexed: drawn straight in the palette's
// indices.
func boardParts(c *render.Canvas, s *pp.State) []render.Part {
	parts := []render.Part{{Rect: image.Rect(0, 0, boardW, int(headerH)), Indexed: true, Draw: func(c *render.Canvas) { drawHeader(c, s) }}}
	parts = append(parts, cityParts(c, s)...)
	parts = append(parts, trackParts(s)...)
	parts = append(parts, evidenceParts(s)...)
	return append(parts, legendParts(s)...)
}

// drawTail draws the lists below the layer from top and returns the
// picture's height.
func drawTail(c *render.Canvas, s *pp.State, top float64) float64 {
	y := drawCops(c, s, top)
	y = drawEmergencies(c, s, y+20)
	y = drawSupply(c, s, y+16)
	return y + margin
}

// acting lists the seats the game waits for now.
func acting(s *pp.State) []int {
	if s.Over || s.Stopped != "" {
		return nil
	}
	var out []int
	for _, seat := range s.Turn().Seats {
		out = append(out, int(seat))
	}
	return out
}

// drawHeader leads with the result of a finished game, or with whose turn
// it is and what they are asked, inside the header's band: a prompt or
// summary too long for it is cut (the full summary is in the alt text,
// the full prompt in the turn's message).
func drawHeader(c *render.Canvas, s *pp.State) {
	const lh = head * 1.25
	width := boardW - 2*margin
	y := 18.0
	t := s.Turn()
	c.Text(fmt.Sprintf("Police Precinct · Day %d of %d · Crime %d of %d · %s", s.Day, pp.LastDay, s.Crime, s.FailSpace(), t.Phase),
		margin, y, render.Bold, head, render.Faint)
	y += 44
	if s.Over {
		word, col := "LOST", render.Alert
		if s.Won {
			word, col = "WON", render.Good
		}
		c.Text("Game over · the cops "+word, margin, y, render.Bold, big, col)
		y += 54
		c.TextLines(expand(s.Summary), margin, y, width, linesLeft(y), render.Regular, head, render.Ink)
		return
	}
	if s.Stopped != "" {
		c.Text("Stopped: "+s.Stopped+" is not implemented yet", margin, y, render.Bold, big, render.Alert)
		return
	}
	seats := acting(s)
	x := margin
	for _, a := range seats {
		seatToken(c, x+27, y+27, a, true)
		x += 60
	}
	var names []string
	for _, a := range seats {
		names = append(names, copName(a))
	}
	now := "Now: " + strings.Join(names, ", ")
	if len(names) == 0 {
		now = "Now: the game moves on"
	}
	c.Font(render.Bold, big)
	if w, _ := c.MeasureString(now); x+6+w <= boardW-margin {
		c.Text(now, x+6, y+4, render.Bold, big, render.Ink)
		y += 64
	} else {
		// Several seats at once (the choice of cars): their names wrap
		// beside the tokens.
		y += max(64, c.TextLines(now, x+6, y+4, boardW-margin-x-6, 2, render.Bold, head, render.Ink)+10)
	}
	if t.Prompt != "" && len(seats) > 0 {
		c.TextLines("Asked to "+expand(t.Prompt)+".", margin, y, width, linesLeft(y), render.Regular, head, render.Ink)
	}
}

// linesLeft is how many lines of header text fit from y to the band's
// bottom, at most two.
func linesLeft(y float64) int {
	return min(2, max(1, int((headerH-8-y)/(head*1.25))))
}

// calendarCell is the Calendar's cell width.
const calendarCell = (boardW - 2*margin) / float64(pp.LastDay)

// crimeCell is the Crime Track's cell width for a track failing at fail:
// the FAIL space depends on the player count (5–11), so a cell is
// narrowed when the longest track would not fit the width.
func crimeCell(fail int) float64 { return min(110.0, (boardW-2*margin)/float64(fail+1)) }

// seatToken draws a seat's round token of radius 24 centred on (x, y) on
// the background, ringed in red when the seat is acting alone, stamped.
func seatToken(c *render.Canvas, x, y float64, seat int, ringed bool) {
	const r = 24
	c.Stamp(fmt.Sprint("token ", seat, ringed), x-r, y-r, 2*r, 2*r, 5, render.Background, func(c *render.Canvas, x, y float64) {
		if ringed {
			c.RingedToken(x+r, y+r, r, render.PlayerColor(seat), render.Alert, fmt.Sprint(seat+1))
		} else {
			c.Token(x+r, y+r, r, render.PlayerColor(seat), fmt.Sprint(seat+1))
		}
	})
}

// drawTracksStatic draws the Calendar (Day 16: the Murderer appears; Day
// 22: the game is lost) and the City Crime Track as they stand before the
// game: the day and the crime level are parts (trackParts).
func drawTracksStatic(c *render.Canvas, fail int) {
	y := tracksTop
	c.Text(fmt.Sprintf("Calendar: the Murderer appears on Day %d · lost at the end of Day %d", pp.MurdererDay, pp.LastDay),
		margin, y, render.Bold, head, render.Ink)
	for d := 1; d <= pp.LastDay; d++ {
		drawDay(c, d, render.Paper, render.Ink)
	}
	y = calCells + 56
	c.Text("M: Day 16, the Murderer appears", margin, y, render.Regular, small, render.Alert)
	c.Text("End: Day 22", margin+float64(pp.LastDay-3)*calendarCell, y, render.Regular, small, render.Alert)
	c.Text("City Crime Track — the cops lose on FAIL", margin, crimeTitle, render.Bold, head, render.Ink)
	for i := 0; i <= fail; i++ {
		drawCrimeSpace(c, i, fail, render.Paper, render.Ink)
	}
}

// trackParts are the days gone by (grey), today (black) and the Crime
// Track's space (red). Each track is one keyed part (render.Part.Key):
// its pixels depend on the day, or the crime level, alone, and there are
// at most 22 days and 12 spaces, so each look is drawn once per layer and
// copied after (70 KB each, 2.4 MB a layer at most).
func trackParts(s *pp.State) []render.Part {
	var parts []render.Part
	if days := min(s.Day, pp.LastDay); days >= 1 {
		parts = append(parts, render.Part{Rect: render.PartRect(margin, calCells, boardW-margin, calCells+46, 2), Key: fmt.Sprint("day ", s.Day),
			Draw: func(c *render.Canvas) {
				for d := 1; d <= days; d++ {
					fill, ink := color.Color(roadColour), color.Color(render.Faint)
					if d == s.Day {
						fill, ink = render.Ink, white
					}
					drawDay(c, d, fill, ink)
				}
			}})
	}
	if fail := s.FailSpace(); s.Crime >= 0 && s.Crime <= fail {
		crime := s.Crime
		parts = append(parts, render.Part{Rect: render.PartRect(margin, crimeCells, boardW-margin, crimeCells+46, 2), Key: fmt.Sprint("crime ", crime),
			Draw: func(c *render.Canvas) { drawCrimeSpace(c, crime, fail, render.Alert, white) }})
	}
	return parts
}

// drawDay draws the Calendar's day d.
func drawDay(c *render.Canvas, d int, fill, ink color.Color) {
	x, y, cell := margin+float64(d-1)*calendarCell, calCells, calendarCell
	c.FillRect(x, y, cell, 46, fill)
	c.DrawRectangle(x, y, cell, 46)
	c.SetColor(render.Ink)
	c.SetLineWidth(1)
	c.Stroke()
	if d == pp.MurdererDay || d == pp.LastDay {
		c.DrawRectangle(x+3, y+3, cell-6, 40)
		c.SetColor(render.Alert)
		c.SetLineWidth(4)
		c.Stroke()
	}
	c.TextCentered(fmt.Sprint(d), x+cell/2, y+23, render.Bold, small, ink)
}

// drawCrimeSpace draws space i of the Crime Track.
func drawCrimeSpace(c *render.Canvas, i, fail int, fill, ink color.Color) {
	cw := crimeCell(fail)
	x, y := margin+float64(i)*cw, crimeCells
	c.FillRect(x, y, cw, 46, fill)
	c.DrawRectangle(x, y, cw, 46)
	c.SetColor(render.Ink)
	c.SetLineWidth(1)
	c.Stroke()
	label := fmt.Sprint(i)
	if i == fail {
		label = "FAIL"
	}
	c.TextCentered(label, x+cw/2, y+23, render.Bold, small, ink)
}

// evidenceCol is the width of a column of the Murder Investigation Board.
const evidenceCol = (boardW - 2*margin) / 2

// evidenceAt is the top-left of category i's row.
func evidenceAt(i int) (float64, float64) {
	return margin + float64(i%2)*evidenceCol, evidenceTop + 44 + float64(i/2)*50
}

// drawEvidenceStatic draws the Murder Investigation Board's empty spaces.
func drawEvidenceStatic(c *render.Canvas) {
	for i := range pp.Categories {
		x, y := evidenceAt(i)
		for k := 0; k < pp.EvidencePerCategory[i]; k++ {
			c.Cube(x+14+float64(k)*30, y+18, 24, render.Paper)
		}
	}
}

// foundCube draws a found Evidence over its empty space, as Cube draws it
// but without a mark of its own: it stands on the layer's empty space,
// whose mark it shares.
func foundCube(c *render.Canvas, x, y float64) {
	const side = 24
	c.DrawRectangle(x-side/2, y-side/2, side, side)
	c.SetColor(render.Good)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(1.2)
	c.Stroke()
}

// evidenceParts draw the Murder Investigation Board's count, the Evidence
// found per category and where each stack lies.
func evidenceParts(s *pp.State) []render.Part {
	found, need := 0, 0
	for i := range pp.Categories {
		found += s.Board[i]
		need += pp.EvidencePerCategory[i]
	}
	parts := []render.Part{{Rect: render.PartRect(0, evidenceTop, boardW, evidenceTop+40, 0), Indexed: true, Draw: func(c *render.Canvas) {
		c.Text(fmt.Sprintf("Murder Investigation Board: %d of %d Evidence", found, need), margin, evidenceTop, render.Bold, head, render.Ink)
	}}}
	for i, name := range pp.Categories {
		x, y := evidenceAt(i)
		if n := min(s.Board[i], pp.EvidencePerCategory[i]); n > 0 {
			parts = append(parts, render.Part{Rect: render.PartRect(x+2, y+6, x+26+float64(n-1)*30, y+30, 2), Draw: func(c *render.Canvas) {
				for k := 0; k < n; k++ {
					foundCube(c, x+14+float64(k)*30, y+18)
				}
			}})
		}
		st := s.Stacks[i]
		where := fmt.Sprintf("%d cards at %s", len(st.Cards), st.Lot)
		if st.Done {
			where = "complete"
		}
		text := fmt.Sprintf("%s %d/%d · %s", title(name), s.Board[i], pp.EvidencePerCategory[i], where)
		parts = append(parts, render.Part{Rect: render.PartRect(x+130, y, x+evidenceCol-4, y+44, 0), Indexed: true, Draw: func(c *render.Canvas) {
			c.Text(text, x+134, y+2, render.Regular, small, render.Ink)
		}})
	}
	return parts
}

// drawCops draws one row per cop, in turn order: the car, the Character,
// the Donuts, Upgrades and the number of Police cards (the cards
// themselves are for the cops' eyes: the DM picture).
func drawCops(c *render.Canvas, s *pp.State, y float64) float64 {
	c.Text("Cops, in turn order", margin, y, render.Bold, head, render.Ink)
	y += 44
	now := acting(s)
	for _, seat := range s.Order {
		cop := &s.Cops[seat]
		ringed := len(now) == 1 && now[0] == seat
		seatToken(c, margin+27, y+27, seat, ringed)
		kind := "Unmarked"
		if cop.Marked {
			kind = "Marked"
		}
		// The cop's car, in its colour and with its light bar, stands
		// beside the token, so the legend needs no entry per seat.
		car(c, margin+60, y+16, render.PlayerColor(seat), cop.Marked, false, render.Background)
		x := margin + 60 + carW + 14
		name := fmt.Sprintf("%s · %s · ", copName(seat), cop.Char().Name)
		ups := "none"
		if len(cop.Upgrades) > 0 {
			ups = strings.Join(cop.Upgrades, ", ")
		}
		detail := fmt.Sprintf("%s car at %s · Donuts %d · Upgrades: %s · %d Police %s", kind, pp.SpaceName(cop.At), cop.Donuts, ups, len(cop.Hand), plural(len(cop.Hand), "card", "cards"))
		if cop.Carrying > 0 {
			detail += fmt.Sprintf(" · carries %d Patrol", cop.Carrying)
		}
		// A Loyalty card the table has seen (a Reveal, an accusation, Game
		// over) is public; one still face down is never drawn here.
		if cop.Shown != "" {
			detail += " · Loyalty shown: " + capital(cop.Shown)
		}
		// One line when the details fit after the name, else below it.
		c.Font(render.Bold, small)
		wName, _ := c.MeasureString(name)
		c.Font(render.Regular, small)
		wDetail, _ := c.MeasureString(detail)
		if x+wName+wDetail <= boardW-margin {
			c.Text(strings.TrimSuffix(name, " "), x, y+14, render.Bold, small, render.Ink)
			c.Text(detail, x+wName, y+14, render.Regular, small, render.Ink)
			y += 62
			continue
		}
		c.Text(strings.TrimSuffix(name, " · "), x, y, render.Bold, small, render.Ink)
		y += max(80, 34+c.TextWrapped(detail, x, y+34, boardW-margin-x, render.Regular, small, render.Ink)+12)
	}
	if s.Support >= 0 {
		c.Text("Support Vehicle at "+pp.SpaceName(s.Support), margin+64, y, render.Regular, small, render.Ink)
		y += 40
	}
	return y
}

// drawEmergencies lists the Emergencies (colour, difficulty, site, the
// Unknown Circumstances marker as far as it is face up, Urgent) and the
// lasting Special Events.
func drawEmergencies(c *render.Canvas, s *pp.State, y float64) float64 {
	width := boardW - 2*margin
	c.Text(fmt.Sprintf("Emergencies: %d", len(s.Emergencies)), margin, y, render.Bold, head, render.Ink)
	y += 44
	for _, e := range s.Emergencies {
		d := e.Def()
		col := emergencyColours[d.Colour]
		c.Stamp(fmt.Sprint("emergency ", col, d.Difficulty), margin, y, 44, chipH, 2, render.Background, func(c *render.Canvas, x, y float64) {
			c.Panel(x, y, 44, chipH, col, render.Ink)
			c.TextCentered(fmt.Sprint(d.Difficulty), x+22, y+chipH/2, render.Bold, small, render.Contrast(col))
		})
		t := fmt.Sprintf("%s %s, difficulty %d, at %s", d.Colour, d.Name, d.Difficulty, e.Site)
		if e.HasUC {
			if e.Shown >= 0 && e.Shown < len(pp.UCMarkers) {
				t += " · UC: " + pp.UCMarkers[e.Shown].Name
			} else {
				t += " · UC face down"
			}
		}
		if e.Urgent {
			t += " · URGENT"
		}
		y += max(chipH+6, c.TextWrapped(t, margin+56, y+2, width-56, render.Regular, small, render.Ink)+6)
	}
	if len(s.Specials) == 0 {
		return y
	}
	y += 10
	c.Text("Special Events in play", margin, y, render.Bold, head, render.Ink)
	y += 44
	for _, l := range s.Specials {
		def := pp.Specials[l.Name]
		y += c.TextWrapped(fmt.Sprintf("%s (%s) at %s: %s", title(l.Name), shortSpecial[l.Name], l.Site, def.Text), margin, y, width, render.Regular, small, render.Ink) + 6
	}
	return y
}

// drawSupply states the stockpiles and decks (counts only).
func drawSupply(c *render.Canvas, s *pp.State, y float64) float64 {
	gangs := 0
	for _, g := range s.Gangs {
		if g {
			gangs++
		}
	}
	line := fmt.Sprintf("Supply: %d Street Punks · %d Gang cards · %d Donuts · %d Patrol Officers (%d at the Station) · Event deck %d · Police deck %d",
		s.Stockpile, s.GangSupply, s.DonutSupply, s.PatrolSupply, s.PatrolStation, len(s.EventDeck), len(s.PoliceDeck))
	return y + c.TextWrapped(line, margin, y, boardW-2*margin, render.Regular, small, render.Ink)
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// boardPalette is the public board's fixed palette (palette_data.go,
// written by TestBoardPalette from the representative boards).
var boardPalette = render.NewFixedPalette(paletteKeys[:])

// stampsData are the stamps the boards meet (chips, cars, Patrol Officers and seat tokens), drawn at build
// time from the phase boards of seeded games (render.UseStamps; rewritten
// by go test -run TestEmbeddedStamps -stamps): a process's first board
// decodes them instead of drawing each through gg. A shape not among
// them is drawn as before.
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
