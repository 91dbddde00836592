package rendertest

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"testing"

	"casefile/engine"
	"casefile/render"
)

// LayeredMatchesWhole compares a board composed on its cached layer (got)
// with the same board drawn whole on one canvas and mapped through the
// same palette (whole): they must be the same size, and differ in at most
// one pixel in every perPixels, each (when maxDist ≥ 0) within maxDist of
// ColourDist. A part drawn over the layer's mapped colours instead of the
// colours they were mapped from, or text over another's edge, may differ
// by a level; more means the layer and the whole drawing disagree.
func LayeredMatchesWhole(t testing.TB, name string, got, whole *image.Paletted, perPixels, maxDist int) {
	t.Helper()
	if got.Rect != whole.Rect {
		t.Fatalf("%s: layered picture is %v, whole %v", name, got.Rect, whole.Rect)
	}
	n, worst := 0, 0
	first := image.Point{-1, -1}
	for k := range got.Pix {
		if got.Pix[k] == whole.Pix[k] {
			continue
		}
		if n == 0 {
			first = image.Pt(k%whole.Stride, k/whole.Stride)
		}
		n++
		worst = max(worst, ColourDist(got.Palette[got.Pix[k]], whole.Palette[whole.Pix[k]]))
	}
	t.Logf("%s: %d of %d pixels differ, worst distance %d", name, n, len(got.Pix), worst)
	if n > len(got.Pix)/perPixels || (maxDist >= 0 && worst > maxDist) {
		t.Errorf("%s: %d pixels of %d differ from the whole drawing (first at %v), more than one in %d or worst distance %d", name, n, len(got.Pix), first, perPixels, worst)
	}
}

// ColourDist is the weighted squared distance of two colours' 8-bit
// channels (3·Δr² + 4·Δg² + 2·Δb²).
func ColourDist(a, b color.Color) int {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	dr, dg, db := int(ar>>8)-int(br>>8), int(ag>>8)-int(bg>>8), int(ab>>8)-int(bb>>8)
	return 3*dr*dr + 4*dg*dg + 2*db*db
}

// PhaseBoards plays st on with random legal moves from seed, the first
// seat asked always acting, and returns its public view at the start and
// after every move that ended a phase or round, until the game ends, no
// seat is asked (a game stopped at a rule not implemented) or limit moves:
// the boards the picture worker draws, in order.
func PhaseBoards(t testing.TB, st engine.State, seed uint64, limit int) []engine.View {
	t.Helper()
	r := engine.NewRand(seed)
	views := []engine.View{st.View(engine.Public)}
	for i := 0; i < limit && st.Outcome() == nil; i++ {
		tu := st.Turn()
		if len(tu.Seats) == 0 {
			break
		}
		legal := st.Legal(tu.Seats[0])
		res, err := st.Apply(tu.Seats[0], legal[r.Intn(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		if res.PhaseEnded() || st.Outcome() != nil {
			views = append(views, st.View(engine.Public))
		}
	}
	return views
}

// GameBoards starts game g with setup and returns its phase boards
// (PhaseBoards, the moves drawn from setup's seed).
func GameBoards(t testing.TB, g *engine.Game, setup engine.Setup) []engine.View {
	t.Helper()
	st, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return PhaseBoards(t, st, setup.Seed, 50000)
}

// DrawGameBoards draws, with board, the phase boards (GameBoards) of game
// g started with each of setups in turn: what a game's TestEmbeddedStamps
// draws to learn the stamps and glyphs its boards meet.
func DrawGameBoards(t testing.TB, g *engine.Game, board func(engine.View) (image.Image, error), setups ...engine.Setup) {
	t.Helper()
	for _, setup := range setups {
		for _, v := range GameBoards(t, g, setup) {
			if _, err := board(v); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Setups gives a setup of every player count of counts with every seed of
// seeds, the same options for all.
func Setups(counts []int, seeds []uint64, options map[string]string) []engine.Setup {
	var out []engine.Setup
	for _, n := range counts {
		for _, seed := range seeds {
			out = append(out, engine.Setup{Players: n, Seed: seed, Options: options})
		}
	}
	return out
}

// PictureFloorSequence is PictureFloor over a game's phase boards drawn in
// order, one board a picture, round again when they run out (issue 16,
// benchmark b); it also reports how many boards the game has.
func PictureFloorSequence(b *testing.B, views []engine.View, board func(engine.View) (image.Image, error)) {
	i := 0
	PictureFloor(b, func() (image.Image, error) {
		v := views[i%len(views)]
		i++
		return board(v)
	})
	b.ReportMetric(float64(len(views)), "boards-in-game")
}

// CheckLayerSet is a game's TestEmbeddedLayers: the layers the package
// keeps as data (have, parsed from file) are, byte for byte, the layers
// NewLayer draws today for the same layouts (drawn), so the data follows
// the drawing; with regen it writes file from drawn instead. A layout of
// drawn that the data lacks, or data of a layout no longer drawn, fails
// too.
func CheckLayerSet(t *testing.T, file string, have *render.LayerSet, pal *render.FixedPalette, drawn map[string]*render.Layer, regen bool) {
	t.Helper()
	if regen {
		if err := os.WriteFile(file, render.EncodeLayerSet(drawn), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	keys := have.Keys()
	if len(keys) != len(drawn) {
		t.Errorf("%s holds %d layouts' layers, the drawing gives %d: run go test -run TestEmbeddedLayers -layers", file, len(keys), len(drawn))
	}
	for _, k := range keys {
		want, ok := drawn[k]
		if !ok {
			t.Errorf("%s holds layout %q, which is no longer drawn: run go test -run TestEmbeddedLayers -layers", file, k)
			continue
		}
		got := have.Layer(k, pal)
		if got == nil {
			t.Errorf("%s: layout %q does not decode", file, k)
			continue
		}
		if !render.SameLayers(got, want) {
			t.Errorf("%s: layout %q differs from the layer drawn today: run go test -run TestEmbeddedLayers -layers", file, k)
		}
	}
}

// CheckStamps is a game's TestEmbeddedStamps: the stamps and glyphs the
// package keeps as data (stamps and glyphs, the bytes it embeds and gives
// render.UseStamps and render.UseGlyphs) are, byte for byte, the stamps
// its boards draw through gg today and the glyphs they rasterise (draw
// draws them, with every cache forgotten and the data set aside), so the
// data follows the drawing; with regen it writes the files (stampsFile,
// glyphsFile) from them instead. forget drops every cache of the game's
// boards (its layers and their pieces, render.ForgetKept's), so that
// what is drawn does not depend on the tests run before.
func CheckStamps(t *testing.T, stampsFile string, stamps []byte, glyphsFile string, glyphs []byte, pal *render.FixedPalette, forget, draw func(), regen bool) {
	t.Helper()
	forget()
	render.ForgetBlocks()
	render.SetStampsAside(true)
	render.SetGlyphsAside(true)
	draw()
	gotStamps := render.EncodeKeptStamps(pal)
	gotGlyphs := render.EncodeRecordedGlyphs()
	// The glyphs drawn depend on what earlier tests drew once for the
	// process (a legend measured at start), so the data is held to the
	// faces glyph by glyph and must hold every glyph drawn here.
	differ, missing, err := render.CheckGlyphs(glyphs)
	glyphCheck := struct {
		differ, missing int
		err             error
	}{differ, missing, err}
	kept := render.StampsKept()
	render.SetStampsAside(false)
	render.SetGlyphsAside(false)
	forget()
	if regen {
		for _, f := range []struct {
			name string
			data []byte
		}{{stampsFile, gotStamps}, {glyphsFile, gotGlyphs}} {
			if err := os.WriteFile(f.name, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: %d stamps, %d bytes; %s: %d bytes", stampsFile, kept, len(gotStamps), glyphsFile, len(gotGlyphs))
		return
	}
	if !bytes.Equal(gotStamps, stamps) {
		t.Errorf("%s (%d bytes) differs from the %d stamps the boards draw today (%d bytes): run go test -run TestEmbeddedStamps -stamps", stampsFile, len(stamps), kept, len(gotStamps))
	}
	if glyphCheck.err != nil {
		t.Errorf("%s: %v", glyphsFile, glyphCheck.err)
	} else if glyphCheck.differ > 0 || glyphCheck.missing > 0 {
		t.Errorf("%s: %d glyphs differ from the truetype faces' today, and %d the boards rasterise are missing: run go test -run TestEmbeddedStamps -stamps", glyphsFile, glyphCheck.differ, glyphCheck.missing)
	}
}
