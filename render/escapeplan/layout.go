package escapeplan

import (
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"strings"
	"sync"

	ep "casefile/engine/escapeplan"
	"casefile/render"
)

// The fixed layout (issue 16): the header is a band of fixed height, and
// the city, the Notoriety and Time tracks and the legend lie at fixed
// places below it for a layout, so that everything of them that does not
// depend on the state is drawn once into a cached layer. Escape Plan's
// city is built during the game, so the layout is the placed tiles (and
// whether the empty slots beside them are shown, in the City phase), the
// number of actors on the Notoriety track, and whether the game is over;
// once the City phase ends a game keeps one layout to its end. The lists
// that grow with the game (the Exits, the players, what stands on the
// Locations, the Contact display, the supply) form the tail below the
// layer.
type layout struct {
	key  string
	over bool
	// headerH is the header's band: in play its texts are cut to fit
	// it; a finished game's band holds a line per player.
	headerH float64
	// The city: top is where slot columns start, dx the shift that
	// centres the hexes drawn, bottom the y below the map.
	cityTop, top, dx, bottom float64
	showEmpty                bool
	// notoRows is the Notoriety track's rows of tokens: two a row in a
	// cell, room for every actor in one cell.
	notoRows  int
	tracksTop float64
	legendTop float64
	tailTop   float64
}

// headerPlay is the in-play header's band: the phase line, whose turn it
// is, and the prompt on at most two lines.
const headerPlay = 176.0

// layoutOf is the layout of s's board.
func layoutOf(s *ep.State) *layout {
	l := &layout{over: s.Over, showEmpty: s.Phase == ep.PhaseCity && !s.Over}
	l.headerH = headerPlay
	if s.Over {
		l.headerH = 110 + float64(len(s.Players))*(2*pawnR+8)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "over=%v empty=%v order=%d city=", l.over, l.showEmpty, len(s.Order))
	for _, t := range s.Grid {
		fmt.Fprintf(&b, "%d,", t)
	}
	l.key = b.String()
	l.cityTop = l.headerH + 8
	shown := func(slot int) bool {
		return s.Grid[slot] >= 0 || (l.showEmpty && nextToCity(s, slot))
	}
	first, last := ep.GridCols, -1
	left, right := float64(boardW), 0.0
	for slot := range s.Grid {
		if shown(slot) {
			col, _ := ep.SlotCR(slot)
			first, last = min(first, col), max(last, col)
			x, _ := hexCentre(slot, 0)
			left, right = min(left, x), max(right, x)
		}
	}
	l.bottom = l.cityTop
	if last >= 0 {
		l.top = l.cityTop - 1.5*hexR*float64(first)
		l.dx = float64(boardW)/2 - (left+right)/2
		l.bottom = l.cityTop + hexR*(1.5*float64(last-first)+2)
	}
	l.notoRows = max(1, (len(s.Order)+1)/2)
	y := l.bottom
	if !s.Over {
		l.tracksTop = y + 12
		// The titles, the numbers, the cells, the Time track.
		y = l.tracksTop + 44 + 28 + float64(l.notoRows)*40 + 2 + 16 + 38
	}
	l.legendTop = y + 18
	l.tailTop = l.legendTop + legendHeight() + 18
	return l
}

// legendHeight is the legend's height, measured once.
var legendHeight = sync.OnceValue(func() float64 {
	c := render.NewCanvas(boardW, 800)
	defer c.Release()
	return drawLegend(c, 0)
})

// layers keeps the static layers of the boards drawn last, by layout. A
// game's layout changes with every tile placed in the City phase and
// then stays, so a bot drawing many games at once keeps the layers of its
// most recent layouts; a layer is 1100 × tailTop one-byte pixels (about
// 2.4 MB for a busy city), so maxLayers of them are about 40 MB.
var layers = render.LayerCache{Max: maxLayers}

// maxLayers bounds the layers kept.
const maxLayers = 16

// forgetLayers drops every layer and the pieces they are assembled from,
// and the tail's kept blocks (the cold benchmarks).
func forgetLayers() {
	lowerBlocks.Lock()
	lowerBlocks.m = nil
	lowerBlocks.Unlock()
	hexSprites.Lock()
	hexSprites.m = nil
	hexSprites.Unlock()
	layers.Forget()
	render.ForgetBlocks()
}

// boardPalette is the board's fixed palette (palette_data.go).
var boardPalette = render.NewFixedPalette(paletteKeys[:])

// stampsData are the stamps the boards meet (plates, pawns, officers, tokens and panels), drawn at build
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

// layerOf is the static layer of layout l, built from s the first time.
func layerOf(l *layout, s *ep.State) *render.Layer {
	return layers.Get(l.key, func() *render.Layer { return buildLayer(l, s) })
}

// buildLayer assembles layout l's layer: the background, each hex of the
// city put from its sprite, and the tracks and legend below the city
// copied from the block kept for layouts of their kind. A new city is
// then copies of pieces drawn and mapped once (a new layer drawn and
// mapped whole was about 8 ms, at every tile placed). It has the pixels
// drawStatic draws: the hexes and the block lie at whole pixels, and no
// two hexes touch.
func buildLayer(l *layout, s *ep.State) *render.Layer {
	w, h := boardW, int(l.tailTop)
	img := image.NewPaletted(image.Rect(0, 0, w, h), boardPalette.Palette())
	bg := boardPalette.Index(uint32(render.Background.R)<<16 | uint32(render.Background.G)<<8 | uint32(render.Background.B))
	cityEnd := int(l.bottom)
	img.Pix[0] = bg
	for k := 1; k < cityEnd*w; k *= 2 {
		copy(img.Pix[k:cityEnd*w], img.Pix[:k])
	}
	city := image.Rect(0, int(l.cityTop), w, cityEnd)
	eachHex(s, l, func(slot, t int, x, y float64) {
		hexSprite(slot, t).Put(img, int(x), int(y), city)
	})
	copy(img.Pix[cityEnd*w:], lowerBlock(l).Pix)
	return render.LayerOfIndices(img, boardPalette)
}

// hexSprites keep each hex a city may show, drawn once and mapped: a
// tile's by its number, an empty slot's (its name written in it) by
// -1-slot. There are as many as tiles and slots (about 80 of 50 KB at
// most).
var hexSprites struct {
	sync.Mutex
	m map[int]*render.Sprite
}

// hexSprite is the sprite of slot's hex showing tile t (an empty slot
// when t < 0).
func hexSprite(slot, t int) *render.Sprite {
	k := t
	if t < 0 {
		k = -1 - slot
	}
	hexSprites.Lock()
	defer hexSprites.Unlock()
	if sp := hexSprites.m[k]; sp != nil {
		return sp
	}
	// The sprite is drawn as drawHexStatic's stamp draws its tile: on a
	// canvas of the tile's size (the square and a pixel's pad each side
	// and one more, render.Canvas.Stamp's with a pad of 0), the square a
	// pixel in, so that its pixels are the stamp's without keeping the
	// stamp (the rasterizer's edge pixels depend on the place on the
	// canvas). TestLayeredBoardMatchesWhole holds the two together.
	img := keptPieces(fmt.Sprintf("hex %d", k))
	if img == nil {
		img = hexImage(slot, t)
	}
	sp := render.SpriteOfIndices(img, 1+hexMid, 1+hexMid, boardPalette)
	if hexSprites.m == nil {
		hexSprites.m = map[int]*render.Sprite{}
	}
	hexSprites.m[k] = sp
	return sp
}

// hexImage draws slot's hex showing tile t (an empty slot when t < 0) on
// the tile's canvas, as a sprite is drawn, and maps it.
func hexImage(slot, t int) *image.Paletted {
	const tile = int(hexSide) + 3
	c := render.NewCanvas(tile, tile)
	drawHexShape(c, slot, t, 1, 1)
	img := boardPalette.Map(c.Image().(*image.RGBA))
	c.Release()
	return img
}

// piecesData are the hexes of every tile and empty slot and the lower
// blocks of every kind the boards meet, drawn and mapped at build time
// (render.LayerSet; rewritten by go test -run TestEmbeddedPieces
// -pieces): a new city's layer is put together from them without
// drawing any.
//
//go:embed pieces_data.bin
var piecesData []byte

// piecesSet is piecesData read; piecesAside sets it aside (the test of
// the data).
var (
	piecesSet, _ = render.ParseLayerSet(piecesData)
	piecesAside  bool
)

// keptPieces is the piece kept as data under key, or nil.
func keptPieces(key string) *image.Paletted {
	if piecesAside {
		return nil
	}
	return piecesSet.Indices(key, boardPalette)
}

// lowerBlocks keep, by kind (over, Notoriety rows), the layer's rows below
// the city in palette indices: at most six blocks (two kinds of game,
// one to three rows of Notoriety), 0.3–0.6 MB each.
var lowerBlocks struct {
	sync.Mutex
	m map[[2]int]*image.Paletted
}

// lowerBlock is the tracks and legend of layouts of l's kind, drawn from
// the city's bottom.
func lowerBlock(l *layout) *image.Paletted {
	over := 0
	if l.over {
		over = 1
	}
	k := [2]int{over, l.notoRows}
	lowerBlocks.Lock()
	defer lowerBlocks.Unlock()
	if b := lowerBlocks.m[k]; b != nil {
		return b
	}
	b := keptPieces(fmt.Sprintf("lower %d %d", k[0], k[1]))
	if b == nil {
		b = drawLowerBlock(l)
	}
	if lowerBlocks.m == nil {
		lowerBlocks.m = map[[2]int]*image.Paletted{}
	}
	lowerBlocks.m[k] = b
	return b
}

// drawLowerBlock draws the tracks and legend of layouts of l's kind and
// maps them.
func drawLowerBlock(l *layout) *image.Paletted {
	m := *l
	m.tracksTop -= l.bottom
	m.legendTop -= l.bottom
	m.tailTop -= l.bottom
	c := render.NewCanvas(boardW, int(m.tailTop))
	if !m.over {
		drawTracksStatic(c, &m)
	}
	drawLegend(c, m.legendTop)
	b := boardPalette.Map(c.Image().(*image.RGBA))
	c.Release()
	return b
}

// drawStatic draws the layer: everything above the tail that does not
// depend on the state beyond its layout.
func drawStatic(c *render.Canvas, s *ep.State, l *layout) {
	drawCityStatic(c, s, l)
	if !l.over {
		drawTracksStatic(c, l)
	}
	drawLegend(c, l.legendTop)
}

// boardParts lists what the state draws over the layer: all text and
// stamps, so every part is Indexed (drawn straight in palette indices).
func boardParts(s *ep.State, l *layout) []render.Part {
	parts := []render.Part{{Rect: image.Rect(0, 0, boardW, int(l.headerH)), Indexed: true, Draw: func(c *render.Canvas) { drawHeader(c, s, l) }}}
	parts = append(parts, cityParts(s, l)...)
	if !l.over {
		parts = append(parts, trackParts(s, l)...)
	}
	return parts
}

// drawTail draws the lists below the layer from top and returns the
// picture's height.
func drawTail(c *render.Canvas, s *ep.State, top float64) float64 {
	y := drawExits(c, s, top)
	if s.Over {
		return drawPieces(c, s, y+18) + margin
	}
	y = drawPlayers(c, s, y+18)
	y = drawPieces(c, s, y+18)
	y = drawDisplay(c, s, y+18)
	y = drawSupply(c, s, y+18)
	return y + margin
}

// drawWhole draws the board on one canvas in the order Board composes it:
// the static layer, the parts, the tail.
func drawWhole(c *render.Canvas, s *ep.State) float64 {
	l := layoutOf(s)
	drawStatic(c, s, l)
	for _, p := range boardParts(s, l) {
		p.Draw(c)
	}
	return drawTail(c, s, l.tailTop)
}

// rgbaOf is a colour as color.RGBA (the stamps' grounds are opaque).
func rgbaOf(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// stampToken draws an actor's token of radius r centred on (x, y) on
// ground bg, ringed when it acts now, stamped.
func stampToken(c *render.Canvas, a int, ringed bool, x, y, r float64, bg color.Color) {
	c.Stamp(fmt.Sprint("token ", a, ringed, r), x-r, y-r, 2*r, 2*r, 6, rgbaOf(bg), func(c *render.Canvas, x, y float64) {
		if ringed {
			ringToken(c, x+r, y+r, r, actorColour(a), actorLabel(a))
		} else {
			c.Token(x+r, y+r, r, actorColour(a), actorLabel(a))
		}
	})
}

// stampCube draws a square marker of side sz centred on (x, y) on ground
// bg, stamped.
func stampCube(c *render.Canvas, x, y, sz float64, fill, bg color.Color) {
	c.Stamp(fmt.Sprint("cube ", rgbaOf(fill), sz), x-sz/2, y-sz/2, sz, sz, 3, rgbaOf(bg), func(c *render.Canvas, x, y float64) {
		c.Cube(x+sz/2, y+sz/2, sz, fill)
	})
}

// stampPanel draws a Panel w×h at (x, y) on ground bg, stamped.
func stampPanel(c *render.Canvas, x, y, w, h float64, fill, line, bg color.Color) {
	c.Stamp(fmt.Sprint("panel ", w, h, rgbaOf(fill), rgbaOf(line)), x, y, w, h, 3, rgbaOf(bg), func(c *render.Canvas, x, y float64) {
		c.Panel(x, y, w, h, fill, line)
	})
}
