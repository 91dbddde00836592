package android

import (
	"fmt"
	"image"
	"testing"

	"casefile/engine"
	an "casefile/engine/android"
	"casefile/render"
	"casefile/render/rendertest"
)

// wholePicture is the board drawn whole on one canvas (board) and mapped
// through the fixed palette: what Board's layered picture must show.
func wholePicture(t testing.TB, s *an.State) *image.Paletted {
	v := s.View(engine.Public)
	return rendertest.MappedWhole(t, func() (*render.Canvas, int, error) { return board(v) }, boardW, boardPalette)
}

// layeredPositions are boards along seeded games of every player count.
func layeredPositions(t testing.TB) []*an.State {
	var out []*an.State
	for _, g := range goldens {
		out = append(out, position(t, g.players, g.seed, g.moves))
	}
	for n := 3; n <= 5; n++ {
		for _, step := range []int{40, 200, 400} {
			out = append(out, position(t, n, uint64(60+n), step))
		}
	}
	return out
}

// TestLayeredBoardMatchesWhole composes boards on the cached layers, one
// after another (so each starts on the scratch canvas the one before left)
// and compares each with the same board drawn whole on one canvas: the
// same size, and the same pixels but where a part is drawn over the
// layer's mapped colours instead of the colours they were mapped from (a
// stroke's anti-aliased edge drawn twice): at most one pixel in a
// ten thousand, each within a small colour distance.
func TestLayeredBoardMatchesWhole(t *testing.T) {
	for i, s := range layeredPositions(t) {
		name := fmt.Sprintf("position %d (%d players, day %d)", i, s.NPlayers, s.Day)
		got, err := Board(s.View(engine.Public))
		if err != nil {
			t.Fatal(err)
		}
		rendertest.LayeredMatchesWhole(t, name, got.(*image.Paletted), wholePicture(t, s), 10000, 40*40*9)
	}
}

// forgetAll drops every layer, patch, stamp, kept scratch and remembered
// colour: the next board is drawn as the first one in a process.
func forgetAll() {
	layers.Forget()
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
// layer, patch, stamp, kept scratch canvas and remembered colour is
// dropped, so the picture builds its layer (drawn whole and mapped) and
// draws every shape anew. The dropping itself is outside the measure.
func BenchmarkPictureFloorCold(b *testing.B) {
	s := position(b, 5, 3, 240)
	v := s.View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) }, rendertest.Reset(forgetAll))
	b.ReportMetric(float64(layers.Bytes()), "layer-bytes")
}
