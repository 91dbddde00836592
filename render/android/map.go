package android

import (
	"fmt"
	"image/color"
	"strings"

	an "casefile/engine/android"
	"casefile/render"
)

// The map: columns A–L and rows 1–8, one location to a cell. A cell shows
// the location's short name over a pale fill of its type's colour (a
// stripe of the full colour on top), its quality mark, an R when it is
// restricted, the count of the token pile it holds, and below them the
// pieces on it: detectives, leads, Lily and Jimmy, warrants and the hero
// marker on the scene of the crime. Pieces carry no text, so they can be
// small; the legend and the lines under the map name them.
const (
	// rowLabelW is the column of row numbers left of the grid.
	rowLabelW = 28.0
	cellW     = (boardW - 2*margin - rowLabelW) / 12
	// lineH is a name line's height; nameLines the lines a name may use.
	lineH     = 29.0
	nameLines = 2
	// A cell's row of marks starts marksGap below its names (as many
	// lines as the row's longest name), its pieces piecesGap below that;
	// slot is a piece's room.
	marksGap  = 10.0
	piecesGap = 38.0
	slot      = 26.0
	perRow    = 4
	// piece is the size of a piece.
	piece = 22.0
)

// labels are the locations' names as the map prints them: each line fits
// a cell at the smallest text size (TestMapLabelsFit).
var labels = map[string]string{
	"city-hall": "City|Hall", "westside-cathedral": "W'side|Cathed.", "westside-market": "W'side|Market",
	"harbor-lofts": "Harbor|Lofts", "starlight-crusade": "Starlight|Crusade", "levy-university": "Levy|Univ.",
	"jinteki": "Jinteki", "faculty-row": "Faculty|Row", "blue-sun-lounge": "B. Sun|Lounge",
	"humanity-labor": "Human.|Labor", "chapel-of-the-machine": "Chapel|of Mach.", "midtown-exchange": "Midtown|Exch.",
	"courthouse": "Court-|house", "napd": "NAPD", "eastside-mission": "E'side|Mission",
	"dockside-warehouse": "Docks.|Wareh.", "dragon-alley": "Dragon|Alley", "eastside-clinic": "E'side|Clinic",
	"eastside-tenements": "E'side|Tenem.", "castle-club": "Castle|Club", "plaza-arcade": "Plaza|Arcade",
	"broadcast-tower": "Broadc.|Tower", "skyline-apartments": "Skyline|Apts.", "nightfall-cabaret": "Nightfall|Cabaret",
	"temple-of-the-root": "Temple|of Root", "saint-marks": "Saint|Mark's", "mercy-general": "Mercy|General",
	"old-town-projects": "Old T.|Projects", "the-underground": "Under-|ground", "haas-bioroid": "Haas-|Bioroid",
	"dome-residences": "Dome|Resid.", "lunar-casino": "Lunar|Casino", "melange-mining": "Melange|Mining",
	"dome-council": "Dome|Council", "order-of-sol": "Order|of Sol", "heinlein-administration": "Heinlein|Admin.",
	"dust-bar": "Dust|Bar", "sol-shrine": "Sol|Shrine", "miners-barracks": "Miners'|Barr.",
	"ore-refinery": "Ore|Refinery", "the-root": "The|Root", "climber-lounge": "Climber|Lounge",
	"midway-habitat": "Midway|Habitat", "skyway-shrine": "Skyway|Shrine", "starport-kaguya": "Starport|Kaguya",
}

// labelLines are a location's name lines on the map.
func labelLines(l an.Location) []string {
	if s, ok := labels[l.Slug]; ok {
		return strings.Split(s, "|")
	}
	return strings.Fields(l.Name)
}

// cityOf is the city a cell of the map lies in, for the empty cells' fill
// (CONTENT.md §1.1): Heinlein the south-east, the Beanstalk column L from
// row 4, New Angeles the rest.
func cityOf(col, row int) an.City {
	switch {
	case col == 11 && row >= 3:
		return an.Beanstalk
	case row >= 5 && col >= 4 && col <= 10:
		return an.Heinlein
	}
	return an.NewAngeles
}

// mapPiece is one piece drawn in a cell: draw draws it centred on (x, y),
// and key names everything its pixels depend on (it is stamped).
type mapPiece struct {
	key  string
	draw func(c *render.Canvas, x, y float64)
}

// pieces gathers, for each location, the pieces on it, in a fixed order:
// detectives (turn order), the hero marker on the scene, Lily, Jimmy,
// leads (sheet order), warrants, then the story's NPC markers and event
// stars.
func pieces(s *an.State) map[int][]mapPiece {
	out := map[int][]mapPiece{}
	now := acting(s)
	for _, seat := range s.Order {
		d := &s.Dets[seat]
		if d.Detective == an.NoDetective {
			continue
		}
		out[d.At] = append(out[d.At], mapPiece{fmt.Sprintf("an det %d %v", seat, seat == now), func(c *render.Canvas, x, y float64) {
			if seat == now {
				c.RingedToken(x, y, piece/2, render.PlayerColor(seat), render.Alert, "")
			} else {
				c.Token(x, y, piece/2, render.PlayerColor(seat), "")
			}
		}})
	}
	if s.SceneHero >= 0 && s.SceneHero < len(s.Dets) {
		out[s.Scene] = append(out[s.Scene], mapPiece{fmt.Sprintf("an hero %d", s.SceneHero), func(c *render.Canvas, x, y float64) { heroMarker(c, x, y, render.PlayerColor(s.SceneHero)) }})
	}
	out[s.Lily] = append(out[s.Lily], mapPiece{"an lily", func(c *render.Canvas, x, y float64) { diamond(c, x, y, white) }})
	out[s.Jimmy] = append(out[s.Jimmy], mapPiece{"an jimmy", func(c *render.Canvas, x, y float64) { diamond(c, x, y, render.Ink) }})
	for _, l := range s.Leads {
		if l.At < 0 {
			continue
		}
		out[l.At] = append(out[l.At], mapPiece{fmt.Sprintf("an lead %s %v", l.Kind, leadColour(s, l)), func(c *render.Canvas, x, y float64) { leadPiece(c, x, y, l.Kind, leadColour(s, l)) }})
	}
	for _, seat := range s.Order {
		for _, w := range s.Dets[seat].Warrants {
			out[w] = append(out[w], mapPiece{fmt.Sprintf("an warrant %d", seat), func(c *render.Canvas, x, y float64) { warrant(c, x, y, render.PlayerColor(seat)) }})
		}
	}
	storyPieces(s, out)
	return out
}

// leadColour is a lead's fill: a detective's lead in the detective's seat
// colour, a testimony lead white.
func leadColour(s *an.State, l an.Lead) color.Color {
	if l.Kind == an.Testimony {
		return white
	}
	for _, seat := range s.Order {
		if s.Dets[seat].Detective != an.NoDetective && s.Dets[seat].Def().Slug == l.Of {
			return render.PlayerColor(seat)
		}
	}
	return render.Faint
}

// mapRows are the heights of the map's eight rows for a layout: a row is
// as tall as its longest name and room for pieceRows[row] rows of pieces
// (at least two, so that a board's layout, and its cached layer, change
// only when a cell holds more than eight pieces).
type mapRows [8]int

// minPieceRows is the room for pieces every map row keeps.
const minPieceRows = 2

// mapLayout is the map's rows for the pieces of s on it.
func mapLayout(ps map[int][]mapPiece) mapRows {
	var out mapRows
	for row := 0; row < 8; row++ {
		out[row] = minPieceRows
		for col := 0; col < 12; col++ {
			if id, ok := cellAt[cellName(col, row)]; ok {
				out[row] = max(out[row], (len(ps[id])+perRow-1)/perRow)
			}
		}
	}
	return out
}

// key names the layout for the layer cache.
func (m mapRows) key() string { return fmt.Sprint([8]int(m)) }

// cellAt is the location at each cell of the map, by cell name.
var cellAt = func() map[string]int {
	at := map[string]int{}
	for i, l := range an.Locations {
		at[l.Cell] = i
	}
	return at
}()

// rowGeometry is a map row's top, its height and where its marks start
// below the top, for the grid starting at y.
func (m mapRows) rowGeometry(y float64, row int) (top, h, marksY float64) {
	for r := 0; r <= row; r++ {
		lines := 1
		for col := 0; col < 12; col++ {
			if id, ok := cellAt[cellName(col, r)]; ok {
				lines = max(lines, len(labelLines(an.Locations[id])))
			}
		}
		marksY = 6 + float64(lines)*lineH + marksGap
		h = marksY + piecesGap + float64(m[r])*slot + 6
		top = y
		y += h
	}
	return top, h, marksY
}

// height is the map's height, its column letters included.
func (m mapRows) height() float64 {
	top, h, _ := m.rowGeometry(0, 7)
	return 34 + top + h
}

// drawMapStatic draws what of the map does not depend on the state, with
// its top at y: the column letters and row numbers, the empty cells and
// each location's cell with its stripe, name, quality mark and R.
func drawMapStatic(c *render.Canvas, m mapRows, y float64) {
	x0 := margin + rowLabelW
	for col := 0; col < 12; col++ {
		c.TextCentered(string(rune('A'+col)), x0+(float64(col)+0.5)*cellW, y+15, render.Bold, small, render.Faint)
	}
	y += 34
	for row := 0; row < 8; row++ {
		top, h, marksY := m.rowGeometry(y, row)
		c.TextCentered(fmt.Sprint(row+1), margin+rowLabelW/2, top+h/2, render.Bold, small, render.Faint)
		for col := 0; col < 12; col++ {
			x := x0 + float64(col)*cellW
			id, ok := cellAt[cellName(col, row)]
			if !ok {
				fillRect(c, x, top, cellW, h, cityTints[cityOf(col, row)])
				continue
			}
			l := an.Locations[id]
			box(c, x, top, cellW, h, 1, typeTints[l.Type], render.Paper)
			fillRect(c, x+1, top+1, cellW-2, 5, typeColours[l.Type])
			for i, line := range labelLines(l) {
				c.Text(line, x+5, top+6+float64(i)*lineH, render.Regular, small, render.Ink)
			}
			mx := x + 6
			quality(c, mx+10, top+marksY+16, l.Quality)
			if l.Restricted {
				c.Text("R", mx+26, top+marksY+2, render.Bold, small, render.Alert)
			}
		}
	}
}

// mapParts are the state's parts of the map with its top at y: each
// location's cell that holds the scene's frame, a token pile or pieces,
// drawn in the palette's indices (its pieces through shape).
func mapParts(s *an.State, m mapRows, ps map[int][]mapPiece, y float64) []render.Part {
	x0 := margin + rowLabelW
	y += 34
	var out []render.Part
	for row := 0; row < 8; row++ {
		top, h, marksY := m.rowGeometry(y, row)
		for col := 0; col < 12; col++ {
			id, ok := cellAt[cellName(col, row)]
			if !ok {
				continue
			}
			l := an.Locations[id]
			_, pile := pileAt(s, l)
			if id != s.Scene && !pile && len(ps[id]) == 0 {
				continue
			}
			x := x0 + float64(col)*cellW
			out = append(out, render.Part{
				Rect:    render.PartRect(x, top, x+cellW, top+h, 0),
				Indexed: true,
				Draw:    func(c *render.Canvas) { drawLocation(c, s, id, x, top, h, marksY, ps[id]) },
			})
		}
	}
	return out
}

// drawLocation draws the state's marks on a location's cell: the scene's
// red frame, the token pile's count and the pieces.
func drawLocation(c *render.Canvas, s *an.State, id int, x, y, h, marksY float64, ps []mapPiece) {
	l := an.Locations[id]
	if id == s.Scene {
		// The scene of the crime: a red frame, inside the cell's edge.
		frame(c, x+1, y+1, cellW-2, h-2, 4, render.Alert)
	}
	mx := x + 6 + 26
	if l.Restricted {
		mx += 22
	}
	if n, ok := pileAt(s, l); ok {
		drawChip(c, fmt.Sprint(n), mx, y+marksY, pileColour)
	}
	for i, p := range ps {
		px := x + 4 + slot/2 + float64(i%perRow)*slot
		py := y + marksY + piecesGap + slot/2 + float64(i/perRow)*slot
		// Stamped on the cell's tint: drawing each with gg's strokes was
		// most of the map's cost.
		c.Stamp(p.key, px-piece/2, py-piece/2, piece, piece, 6, typeTints[l.Type], func(c *render.Canvas, x, y float64) { p.draw(c, x+piece/2, y+piece/2) })
	}
}

func cellName(col, row int) string { return fmt.Sprintf("%c%d", 'A'+col, row+1) }

// pileAt is the count of the token pile kept at location l, if it keeps
// one (CONTENT.md §1.2: the major locations that hand out tokens).
func pileAt(s *an.State, l an.Location) (int, bool) {
	sp := s.Supply
	switch l.Ability {
	case an.AbilityFavor:
		return sp.Favors[l.FavorOf], true
	case an.AbilityAlibi:
		return sp.Alibis, true
	case an.AbilityHit:
		return sp.Hits, true
	case an.AbilityTrauma:
		return sp.Trauma, true
	case an.AbilityDropship:
		return sp.Dropships, true
	case an.AbilityHaas:
		return sp.Haas, true
	case an.AbilityJinteki:
		return sp.Jinteki, true
	}
	return 0, false
}

// quality draws a location's quality mark centred on (x, y): a diamond
// for ritzy, a disc for normal, a downward triangle for seedy [A7].
func quality(c *render.Canvas, x, y float64, q an.Quality) {
	r := 9.0
	switch q {
	case an.Ritzy:
		c.MoveTo(x, y-r-1)
		c.LineTo(x+r, y)
		c.LineTo(x, y+r+1)
		c.LineTo(x-r, y)
		c.ClosePath()
	case an.Seedy:
		c.MoveTo(x-r, y-r+2)
		c.LineTo(x+r, y-r+2)
		c.LineTo(x, y+r)
		c.ClosePath()
	default:
		c.DrawCircle(x, y, r-2)
	}
	c.SetColor(render.Ink)
	c.Fill()
	c.Occupy(x-r, y-r-1, 2*r, 2*r+2, "", 0)
}

// diamond draws Lily (white) or Jimmy (black) centred on (x, y).
func diamond(c *render.Canvas, x, y float64, fill color.Color) {
	r := piece / 2
	c.MoveTo(x, y-r)
	c.LineTo(x+r, y)
	c.LineTo(x, y+r)
	c.LineTo(x-r, y)
	c.ClosePath()
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	c.Occupy(x-r, y-r, 2*r, 2*r, "", 0)
}

// leadPiece draws a lead centred on (x, y): a square for a testimony or
// physical lead, an upright rectangle (a page) for a document lead.
func leadPiece(c *render.Canvas, x, y float64, kind string, fill color.Color) {
	w, h := piece-2, piece-2
	if kind == an.Document {
		w = 12
		h = piece
	}
	c.FillRect(x-w/2, y-h/2, w, h, fill)
	c.DrawRectangle(x-w/2, y-h/2, w, h)
	c.SetColor(render.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	if kind == an.Physical {
		// A physical lead is marked with a dot, so it reads apart from a
		// testimony lead whatever the colour.
		c.DrawCircle(x, y, 3)
		c.SetColor(render.Ink)
		c.Fill()
	}
	c.Occupy(x-w/2, y-h/2, w, h, "", 0)
}

// heroMarker draws a hero marker (a triangle pointing up) centred on
// (x, y).
func heroMarker(c *render.Canvas, x, y float64, fill color.Color) {
	r := piece / 2
	c.MoveTo(x, y-r)
	c.LineTo(x+r, y+r)
	c.LineTo(x-r, y+r)
	c.ClosePath()
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	c.Occupy(x-r, y-r, 2*r, 2*r, "", 0)
}

// warrant draws a warrant (a flat bar) centred on (x, y).
func warrant(c *render.Canvas, x, y float64, fill color.Color) {
	w, h := piece, 10.0
	c.FillRect(x-w/2, y-h/2, w, h, fill)
	c.DrawRectangle(x-w/2, y-h/2, w, h)
	c.SetColor(render.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	c.Occupy(x-w/2, y-h/2, w, h, "", 0)
}

// drawWhereabouts names under the map what its pieces show: the scene of
// the crime, Lily and Jimmy, and every lead by type.
func drawWhereabouts(c *render.Canvas, s *an.State, y float64) float64 {
	width := boardW - 2*margin
	hero := "no hero marker"
	if s.SceneHero >= 0 && s.SceneHero < len(s.Dets) {
		hero = seatName(s.SceneHero) + "'s hero marker"
	}
	line := fmt.Sprintf("Scene of the crime: %s, %s · Lily Lockwell at %s · Jimmy the Snitch at %s",
		place(s.Scene), hero, place(s.Lily), place(s.Jimmy))
	y += c.TextWrapped(line, margin, y, width, render.Regular, small, render.Ink) + 6
	for _, kind := range an.Files {
		var ls []string
		for _, l := range s.Leads {
			if l.Kind != kind || l.At < 0 {
				continue
			}
			of := l.Of
			if kind == an.Testimony {
				of = suspectBySlug(l.Of)
			} else {
				of = detectiveBySlug(s, l.Of)
			}
			ls = append(ls, fmt.Sprintf("%s at %s", of, an.Locations[l.At].Cell))
		}
		if len(ls) == 0 {
			ls = []string{"none on the map"}
		}
		y += c.TextWrapped(fmt.Sprintf("%s leads: %s", title(kind), strings.Join(ls, " · ")), margin, y, width, render.Regular, small, render.Ink) + 4
	}
	if st := storyWhereabouts(s); len(st) > 0 {
		y += c.TextWrapped("Events on the map: "+strings.Join(st, " · "), margin, y, width, render.Regular, small, render.Ink) + 4
	}
	return y
}

// suspectBySlug names a suspect by slug.
func suspectBySlug(slug string) string {
	for _, sus := range an.Suspects {
		if sus.Slug == slug {
			return sus.Name
		}
	}
	return slug
}

// detectiveBySlug names a detective's lead by the detective and the seat
// that plays them.
func detectiveBySlug(s *an.State, slug string) string {
	for _, seat := range s.Order {
		d := &s.Dets[seat]
		if d.Detective != an.NoDetective && d.Def().Slug == slug {
			return fmt.Sprintf("%s (%s)", d.Def().Name, render.PlayerColorNames[seat%len(render.PlayerColorNames)])
		}
	}
	return slug
}
