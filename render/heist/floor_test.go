package heist

import (
	"fmt"
	"image"
	"testing"

	"casefile/engine"
	rules "casefile/engine/heist"
	"casefile/render"
	"casefile/render/rendertest"
)

// phaseBoards plays a seeded 4-character Inclusion Job with random legal
// moves and returns the public view after every move that ended a phase
// or round: the boards the picture worker draws, in order.
func phaseBoards(t testing.TB, seed uint64) []engine.View {
	st, err := rules.Game().New(engine.Setup{Players: 4, Seed: seed, Options: map[string]string{"scenario": "the-inclusion-job"}})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed)
	views := []engine.View{st.View(engine.Public)}
	for i := 0; i < 20000 && st.Outcome() == nil; i++ {
		tu := st.Turn()
		if len(tu.Seats) == 0 {
			break
		}
		seat := tu.Seats[r.Intn(len(tu.Seats))]
		legal := st.Legal(seat)
		if len(legal) == 0 {
			continue
		}
		res, err := st.Apply(seat, legal[r.Intn(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		if res.PhaseEnded() || st.Outcome() != nil {
			views = append(views, st.View(engine.Public))
		}
	}
	return views
}

// sequenceSeed numbers the games of BenchmarkPictureFloorSequence: each
// run draws a game the process has not drawn, as a bot's next game is.
var sequenceSeed uint64 = 100

// BenchmarkPictureFloorSequence sets beside their floor the consecutive
// phase boards of one seeded 4-character heist, as the picture worker
// draws them (issue 16, benchmark b): each picture is the next phase's
// board, each run a new game, with the caches of a process that has drawn
// the games before.
func BenchmarkPictureFloorSequence(b *testing.B) {
	sequenceSeed++
	rendertest.PictureFloorSequence(b, phaseBoards(b, sequenceSeed), Board)
	b.ReportMetric(float64(render.StampsKept()), "stamps-kept")
	b.ReportMetric(float64(render.StampBytes()), "stamp-bytes")
}

// forgetAll drops every cache a board is drawn with: the layer, the
// stamps with their indices, the kept scratch canvases and the colours
// the palette remembers.
func forgetAll() {
	layers.Forget()
	render.ForgetKept()
	boardPalette.ForgetCache()
}

// BenchmarkPictureFloorCold sets beside its floor the first board of a
// process (issue 16, benchmark c): before each picture every layer,
// stamp, kept scratch canvas and remembered colour is dropped, so the
// picture draws every shape anew. The dropping is outside the measure.
func BenchmarkPictureFloorCold(b *testing.B) {
	v := playSome(b, "the-inclusion-job", 4, 120).View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) }, rendertest.Reset(forgetAll))
}

// layeredScenes are boards of every kind the layered drawing meets: the
// goldens' scenes, and boards of the rules engine along heists of several
// scenarios and crew sizes, the end of one included.
func layeredScenes(t testing.TB) []MapScene {
	out := representativeScenes(t)
	for _, r := range []struct {
		slug          string
		players, move int
	}{{"the-final-score-part-1", 4, 80}, {"the-black-box", 4, 0}, {"the-inclusion-job", 3, 400}} {
		sc, err := SceneFromView(playSome(t, r.slug, r.players, r.move).View(engine.Public))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sc)
	}
	for _, v := range phaseBoards(t, 3) {
		sc, err := SceneFromView(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sc)
	}
	return out
}

// TestLayeredBoardMatchesWhole composes boards one after another, each on
// the caches the others left, and compares each with the same board drawn
// whole on one RGBA canvas and mapped through the palette (issue 16). They
// may differ only where a glyph's edge is blended over a palette colour
// instead of the exact colour it was mapped from: a few pixels.
func TestLayeredBoardMatchesWhole(t *testing.T) {
	for i, s := range layeredScenes(t) {
		got, ok := DrawScene(s).(*image.Paletted)
		if !ok {
			t.Fatalf("board %d: the composed board is not paletted", i)
		}
		rendertest.LayeredMatchesWhole(t, fmt.Sprintf("board %d (%s)", i, s.Title), got, drawnWhole(s), 20000, -1)
	}
}

// TestColdConcurrentBoardsMatchSerial forgets every cache and draws boards
// from four goroutines while the layer, the stamps with their indices
// are built, and compares each PNG with the one drawn alone. Run it with
// -race.
func TestColdConcurrentBoardsMatchSerial(t *testing.T) {
	var jobs []rendertest.Job
	for i, sc := range layeredScenes(t)[:8] {
		jobs = append(jobs, rendertest.Job{Name: fmt.Sprintf("board %d", i), Draw: func() (image.Image, error) { return DrawScene(sc), nil }})
	}
	rendertest.SameFromColdCaches(t, jobs, forgetAll)
}
