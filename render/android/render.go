// Package android draws Android: the public board (the map of New
// Angeles, Heinlein and the Beanstalk with every piece on it, the
// suspects' sheets with their evidence, the calendar and the Time, the
// detectives, the conspiracy and, at the end, the closing of the case) and
// each detective's own case file for their DM. Drawing is a pure function
// of a view: the public picture is drawn from the public view, so it cannot
// show what the view hides (hunches, hand cards, face-down values).
//
// The board is 1400 px wide for Discord's inline preview: no text is
// smaller than width/55, and no piece covers a label or another piece (the
// tests hold every picture to this through the Canvas's Marks). The
// drawing is split by part — the map (map.go), the suspects' sheets
// (suspects.go), the calendar and Time (calendar.go), the detectives
// (detectives.go), the conspiracy (conspiracy.go), the story's events,
// plots and NPCs (story.go), the closing (closing.go), the legend, the
// private case file (private.go) and the alt text (alt.go) — so that state
// the game gains later (the heroes) joins the part it belongs to.
package android

import (
	_ "embed"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"casefile/engine"
	an "casefile/engine/android"
	"casefile/engine/android/conspiracy"
	"casefile/render"
)

// Renderer returns the Android renderer.
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
	// chipH is the height of a labelled chip (an evidence token, a pile).
	chipH = 36.0
)

// Colours of the board.
var (
	white      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	pileColour = color.RGBA{0x3b, 0x4a, 0x6b, 0xff}
	deadColour = color.RGBA{0xd8, 0xd3, 0xcb, 0xff}
	pastColour = color.RGBA{0xd6, 0xd0, 0xc6, 0xff}
	// typeColours are the location types' colours [R]; typeTints the
	// pale fills of their cells.
	typeColours = map[an.LocType]color.RGBA{
		an.Religious:   {0xe0, 0xb0, 0x1a, 0xff},
		an.Civic:       {0x2e, 0x8b, 0x45, 0xff},
		an.Residential: {0xc8, 0x3c, 0x2e, 0xff},
		an.Business:    {0x2f, 0x62, 0xc0, 0xff},
		an.Nightlife:   {0x85, 0x45, 0xb5, 0xff},
	}
	typeTints = map[an.LocType]color.RGBA{
		an.Religious:   {0xfa, 0xef, 0xc6, 0xff},
		an.Civic:       {0xda, 0xef, 0xdc, 0xff},
		an.Residential: {0xf7, 0xdb, 0xd5, 0xff},
		an.Business:    {0xd8, 0xe4, 0xf7, 0xff},
		an.Nightlife:   {0xea, 0xdd, 0xf4, 0xff},
	}
	// cityTints fill the map's empty cells, so each city's extent shows.
	cityTints = map[an.City]color.RGBA{
		an.NewAngeles: {0xe3, 0xdd, 0xd1, 0xff},
		an.Heinlein:   {0xc9, 0xcf, 0xd9, 0xff},
		an.Beanstalk:  {0xd4, 0xe3, 0xd9, 0xff},
	}
	// groupColours are the conspiracy's four rim groups (and the two
	// corporations' links).
	groupColours = map[conspiracy.Group]color.RGBA{
		conspiracy.Street:      {0x8a, 0x5a, 0x00, 0xff},
		conspiracy.Corp:        {0x2f, 0x62, 0xc0, 0xff},
		conspiracy.Political:   {0xc8, 0x3c, 0x2e, 0xff},
		conspiracy.Society:     {0x2e, 0x8b, 0x45, 0xff},
		conspiracy.HaasBioroid: {0x55, 0x55, 0x55, 0xff},
		conspiracy.Jinteki:     {0x11, 0x11, 0x11, 0xff},
	}
	// pieceTints fill a placed conspiracy piece by its type.
	pieceTints = [conspiracy.NumTypes]color.RGBA{
		{0xe4, 0xe4, 0xe4, 0xff}, // shift
		{0xf6, 0xe7, 0xb0, 0xff}, // favor
		{0xe9, 0xd2, 0xc0, 0xff}, // baggage
	}
)

// base are the colours Flatten keeps exact.
var base = func() []color.RGBA {
	out := []color.RGBA{white, pileColour, deadColour, pastColour, render.Background, render.Paper, render.Ink,
		render.Faint, render.Grid, render.Alert, render.Good}
	for _, t := range an.LocTypes {
		out = append(out, typeColours[t], typeTints[t])
	}
	for _, c := range []an.City{an.NewAngeles, an.Heinlein, an.Beanstalk} {
		out = append(out, cityTints[c])
	}
	out = append(out, pieceTints[:]...)
	for g := conspiracy.Group(0); g < conspiracy.NumGroups; g++ {
		out = append(out, groupColours[g])
	}
	return append(out, render.PlayerColors...)
}()

func viewOf(v engine.View) (*an.View, error) {
	av, ok := v.(*an.View)
	if !ok || av == nil || av.State == nil {
		return nil, errors.New("android render: not an Android view")
	}
	return av, nil
}

// seatName names a seat as the picture does (render.SeatName).
func seatName(seat int) string { return render.SeatName(seat) }

// expand replaces the engine's seat references by the picture's names.
func expand(s string) string { return render.ExpandSeats(s) }

// place names a location with its grid cell: "Dust Bar (H7)".
func place(l int) string {
	if l < 0 || l >= len(an.Locations) {
		return "off the map"
	}
	return fmt.Sprintf("%s (%s)", an.Locations[l].Name, an.Locations[l].Cell)
}

// The fixed layout (issue 16): the header is a band of fixed height, and
// the map and the legend lie at fixed places below it, so that everything
// of them that does not depend on the state is drawn once per process
// into a cached layer. The map's rows keep room for two rows of pieces in
// every cell, so the layout changes only when a cell holds more than
// eight. The lists that grow with the game (the closing, the lines under
// the map, the calendar, the events, the suspects, the detectives, the
// conspiracy and the supply) form the tail below the layer.
const (
	// headerH is the header's band; its texts are cut to fit it.
	headerH = 210.0
	mapTop  = headerH + 16
)

// legendTop is where the legend starts below a map of rows m.
func legendTop(m mapRows) float64 { return mapTop + m.height() + 24 }

// tailTop is where a layout's layer ends and the tail begins.
func tailTop(m mapRows) float64 { return legendTop(m) + legendH + 20 }

// legendH is the legend's height (drawLegend's).
var legendH = func() float64 {
	c := render.NewCanvas(boardW, 800)
	defer c.Release()
	return drawLegend(c, 0)
}()

// layers holds the board's static layer per layout (the map's rows): in
// practice one, since a layout changes only when a cell of the map holds
// more than eight pieces; each is 1400 × about 1900 one-byte pixels.
var layers render.LayerCache

// boardPalette is the board's fixed palette (palette_data.go).
var boardPalette = render.NewFixedPalette(paletteKeys[:])

// stampsData are the stamps the boards meet (detectives, leads, tokens, cubes and heroes), drawn at build
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

// Board draws the public board from the public view: the layer of its
// layout, with the state's parts and the tail drawn on it (see
// render.Layer.Compose).
func Board(v engine.View) (image.Image, error) {
	av, err := viewOf(v)
	if err != nil {
		return nil, err
	}
	s := av.State
	pz := puzzleOf(s)
	ps := pieces(s)
	m := mapLayout(ps)
	return layerOf(m).Compose(boardGuess(s),
		func(c *render.Canvas) []render.Part { return boardParts(s, m, ps) },
		func(c *render.Canvas, top float64) float64 { return drawTail(c, s, pz, top) }), nil
}

// layerOf is the static layer of a board whose map has rows m.
func layerOf(m mapRows) *render.Layer {
	return layers.Get(m.key(), func() *render.Layer {
		if l := keptLayers.Layer(m.key(), boardPalette); l != nil {
			return l
		}
		return drawLayer(m)
	})
}

// drawLayer draws the static layer of a map of rows m through gg and maps
// it: what a layout the package does not keep as data costs the first
// time (TestEmbeddedLayers holds the data to it).
func drawLayer(m mapRows) *render.Layer {
	return render.NewLayer(boardW, int(tailTop(m)), boardPalette, func(c *render.Canvas) { drawStatic(c, m) })
}

// layersData are the layers of the layouts a game meets (the map with
// room for two rows of pieces in every row: all but a crowded cell's),
// drawn at build time (render.LayerSet; rewritten by go test -run
// TestEmbeddedLayers -layers): a process's first board decodes its layer
// instead of drawing and mapping 3 million pixels.
//
//go:embed layers_data.bin
var layersData []byte

// keptLayers is layersData read; nil (every layer drawn) if it is not a
// LayerSet, which TestEmbeddedLayers reports.
var keptLayers, _ = render.ParseLayerSet(layersData)

// board draws the public board whole on one canvas, layer and parts
// alike, whose Marks the tests read, and returns the height it used.
func board(v engine.View) (*render.Canvas, int, error) {
	av, err := viewOf(v)
	if err != nil {
		return nil, 0, err
	}
	c, h := boardWith(av.State, puzzleOf(av.State))
	return c, h, nil
}

// boardWith draws the board of s whole with the conspiracy puzzle pz (nil
// while the game holds none), in the order Board composes it: the static
// layer, the parts, the tail.
func boardWith(s *an.State, pz *conspiracy.Puzzle) (*render.Canvas, int) {
	return drawn(boardW, boardGuess(s), func(c *render.Canvas) float64 {
		ps := pieces(s)
		m := mapLayout(ps)
		drawStatic(c, m)
		for _, p := range boardParts(s, m, ps) {
			p.Draw(c)
		}
		return drawTail(c, s, pz, tailTop(m))
	})
}

// boardGuess is a close guess of the board's height: each seat's row and
// the closing of the case are what make one board taller than another,
// and a guess too short draws the board twice.
func boardGuess(s *an.State) int {
	h := 4800 + 200*len(s.Dets)
	if s.Over {
		h += 700
	}
	return h
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
// depend on the state, for a map of rows m.
func drawStatic(c *render.Canvas, m mapRows) {
	drawMapStatic(c, m, mapTop)
	drawLegend(c, legendTop(m))
}

// boardParts lists what the state draws over the layer: the header and
// the map's cells that carry something, all drawn straight in the
// palette's indices (their few curved pieces through shape).
func boardParts(s *an.State, m mapRows, ps map[int][]mapPiece) []render.Part {
	parts := []render.Part{{Rect: image.Rect(0, 0, boardW, int(headerH)), Indexed: true, Draw: func(c *render.Canvas) { drawHeader(c, s) }}}
	return append(parts, mapParts(s, m, ps, mapTop)...)
}

// drawTail draws the lists below the layer from top and returns the
// picture's height.
func drawTail(c *render.Canvas, s *an.State, pz *conspiracy.Puzzle, top float64) float64 {
	y := top
	if s.Over && s.Close != nil {
		y = drawClosing(c, s, y) + 24
	}
	y = drawWhereabouts(c, s, y)
	y = drawCalendar(c, s, y+24)
	y = drawEvents(c, s, y+24)
	y = drawSuspects(c, s, y+24)
	y = drawDetectives(c, s, y+24)
	y = drawConspiracy(c, s, pz, y+24)
	y = drawSupply(c, s, y+20)
	return y + margin
}

// acting is the seat the game waits for now, or -1.
func acting(s *an.State) int {
	if s.Over {
		return -1
	}
	t := s.Turn()
	if len(t.Seats) != 1 {
		return -1
	}
	return int(t.Seats[0])
}

// drafting reports whether the seats are still choosing their detectives
// (detectives=choose): no turn and no Time yet.
func drafting(s *an.State) bool {
	for _, d := range s.Dets {
		if d.Detective == an.NoDetective {
			return true
		}
	}
	return false
}

// weekDay is the calendar's week and day of s.Day (week 2, day 1 is
// day 7); a closed case shows the last day.
func weekDay(s *an.State) (int, int) {
	d := min(max(s.Day, 1), an.Days)
	return (d-1)/an.DaysPerWeek + 1, (d-1)%an.DaysPerWeek + 1
}

// drawHeader leads with the result of a closed case, or with the day,
// whose turn it is, their Time and what they are asked, inside the
// header's band: a summary or prompt too long for it is cut (the full
// summary is in the alt text and the closing below, the full prompt in
// the turn's message).
func drawHeader(c *render.Canvas, s *an.State) {
	y := 18.0
	width := boardW - 2*margin
	w, d := weekDay(s)
	title := fmt.Sprintf("Android · the murder of %s · Week %d, day %d of %d", an.Murders[s.Murder].Victim, w, d, an.DaysPerWeek)
	if s.Day > an.Days-2 && !s.Over {
		title += " · climax"
	}
	c.Text(title, margin, y, render.Bold, head, render.Faint)
	y += 44
	if s.Over {
		c.Text("Game over · the case is closed", margin, y, render.Bold, big, render.Alert)
		y += 54
		c.TextLines(expand(s.Summary), margin, y, width, 2, render.Regular, head, render.Ink)
		return
	}
	seat := acting(s)
	if seat < 0 {
		c.Text("Now: the game moves on", margin, y+4, render.Bold, big, render.Ink)
		return
	}
	ringedToken(c, margin+27, y+27, 24, render.PlayerColor(seat), fmt.Sprint(seat+1))
	now := fmt.Sprintf("Now: %s, %s", seatName(seat), s.Dets[seat].Def().Name)
	if drafting(s) {
		now = fmt.Sprintf("Now: %s, choosing a detective", seatName(seat))
	} else {
		now += fmt.Sprintf(" · %d Time left", s.Time)
	}
	c.Text(now, margin+66, y+4, render.Bold, big, render.Ink)
	y += 64
	if t := s.Turn(); t.Prompt != "" {
		c.TextLines("Asked to "+expand(t.Prompt)+".", margin, y, width, 2, render.Regular, head, render.Ink)
	}
}

// drawSupply states the token piles (also drawn on the map where they
// lie), the evidence pile and the hunch cards left (counts only).
func drawSupply(c *render.Canvas, s *an.State, y float64) float64 {
	sp := s.Supply
	var favors []string
	for _, f := range an.FavorTypes {
		favors = append(favors, fmt.Sprintf("%d %s", sp.Favors[f], f))
	}
	line := fmt.Sprintf("Supply: favors %s · alibis %d · hits %d · trauma %d · dropship passes %d · Haas %d · Jinteki %d · evidence pile %d face down",
		strings.Join(favors, ", "), sp.Alibis, sp.Hits, sp.Trauma, sp.Dropships, sp.Haas, sp.Jinteki, len(s.EvidencePile))
	return y + c.TextWrapped(line, margin, y, boardW-2*margin, render.Regular, small, render.Ink)
}

// drawChip draws a labelled chip with its top-left at (x, y) and returns
// its width. Chips are flat boxes drawn on the pixels: a busy board has a
// hundred of them.
func drawChip(c *render.Canvas, label string, x, y float64, fill color.Color) float64 {
	w := chipWidth(c, label)
	box(c, x, y, w, chipH, 2, fill, render.Ink)
	c.TextCentered(label, x+w/2, y+chipH/2, render.Bold, small, render.Contrast(fill))
	return w
}

func chipWidth(c *render.Canvas, label string) float64 {
	if w, ok := chipWidths.Load(label); ok {
		return w.(float64)
	}
	c.Font(render.Bold, small)
	w, _ := c.MeasureString(label)
	w = max(w+16, chipH)
	chipWidths.Store(label, w)
	return w
}

// chipWidths caches chipWidth by label: the fonts are embedded, so a
// label's width never changes, and measuring loads every glyph's outline
// anew (the face caches only the glyphs it draws).
var chipWidths sync.Map

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

// fillRect fills an axis-aligned box straight on the canvas's pixels: gg
// rasterizes every fill, which for the map's hundred cells and the sheets'
// panels cost a third of the board's time; a box's edges need no
// antialiasing.
func fillRect(c *render.Canvas, x, y, w, h float64, col color.Color) {
	r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	c.FillBox(r, color.RGBAModel.Convert(col).(color.RGBA))
}

// frame draws a box's outline lw wide, inside the box.
func frame(c *render.Canvas, x, y, w, h, lw float64, col color.Color) {
	fillRect(c, x, y, w, lw, col)
	fillRect(c, x, y+h-lw, w, lw, col)
	fillRect(c, x, y, lw, h, col)
	fillRect(c, x+w-lw, y, lw, h, col)
}

// box fills a box and outlines it: a flat panel.
func box(c *render.Canvas, x, y, w, h, lw float64, fill, line color.Color) {
	fillRect(c, x, y, w, h, fill)
	frame(c, x, y, w, h, lw, line)
}
