package escapeplan

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render"
	"casefile/render/rendertest"
)

// wholePicture is the board drawn whole on one canvas (board) and mapped
// through the fixed palette: what Board's layered picture must show.
func wholePicture(t testing.TB, s *ep.State) *image.Paletted {
	v := s.View(engine.Public)
	return rendertest.MappedWhole(t, func() (*render.Canvas, int, error) { return board(v) }, boardW, boardPalette)
}

// layeredPositions are boards along seeded games of every player count,
// the City phase and a finished game among them.
func layeredPositions(t testing.TB) []*ep.State {
	var out []*ep.State
	for _, g := range goldens {
		out = append(out, position(t, g.players, g.seed, g.moves))
	}
	for n := 1; n <= 5; n++ {
		for _, step := range []int{5, 60, 250, -1} {
			out = append(out, position(t, n, uint64(60+n), step))
		}
	}
	return out
}

// TestLayeredBoardMatchesWhole composes boards on the cached layers, one
// after another (so each starts on the scratch canvas the one before left)
// and compares each with the same board drawn whole on one canvas: the
// same size, and the same pixels but for at most one in ten thousand,
// each within a small colour distance.
func TestLayeredBoardMatchesWhole(t *testing.T) {
	for i, s := range layeredPositions(t) {
		name := fmt.Sprintf("position %d (%d players, day %d, %s)", i, len(s.Players), s.Round, s.Phase)
		got, err := Board(s.View(engine.Public))
		if err != nil {
			t.Fatal(err)
		}
		rendertest.LayeredMatchesWhole(t, name, got.(*image.Paletted), wholePicture(t, s), 10000, 40*40*9)
	}
}

// TestLayerCacheBounded: the layers kept never pass maxLayers, however
// many cities are drawn, and a forgotten layout is drawn again the same.
func TestLayerCacheBounded(t *testing.T) {
	forgetAll()
	views := phaseBoards(t, 7)
	first, err := Board(views[len(views)-1])
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(200); seed < 200+maxLayers+4; seed++ {
		if _, err := Board(position(t, 3, seed, 80).View(engine.Public)); err != nil {
			t.Fatal(err)
		}
	}
	if n := layers.Len(); n > maxLayers {
		t.Errorf("%d layers kept, at most %d allowed", n, maxLayers)
	}
	again, _ := Board(views[len(views)-1])
	a, b := first.(*image.Paletted), again.(*image.Paletted)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("a board whose layer was forgotten is drawn differently the second time")
	}
}

// forgetAll drops every layer, patch, stamp, kept scratch and remembered
// colour: the next board is drawn as the first one in a process.
func forgetAll() {
	forgetLayers()
	render.ForgetKept()
	boardPalette.ForgetCache()
}

// TestColdConcurrentBoardsMatchSerial draws boards alone, then forgets
// every cache and draws them from four goroutines at once, so that the
// layers, patches and stamps are built while others draw: every PNG must
// equal the one drawn alone. Run it with -race.
func TestColdConcurrentBoardsMatchSerial(t *testing.T) {
	var jobs []rendertest.Job
	for i, s := range layeredPositions(t)[:8] {
		v := s.View(engine.Public)
		jobs = append(jobs, rendertest.Job{Name: fmt.Sprintf("board %d", i), Draw: func() (image.Image, error) { return Board(v) }})
	}
	rendertest.SameFromColdCaches(t, jobs, forgetAll)
}

// BenchmarkPictureFloorCold sets beside its floor the first board of a
// layout in a process (issue 16, benchmark c): before each picture every
// layer, stamp, kept scratch canvas and remembered colour is dropped, so
// the picture builds its layer (drawn whole and mapped) and draws every
// shape anew. The dropping itself is outside the measure.
func BenchmarkPictureFloorCold(b *testing.B) {
	v := position(b, 5, 9, 420).View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) }, rendertest.Reset(forgetAll))
	n := layers.Bytes()
	b.ReportMetric(float64(n), "layer-bytes")
}
