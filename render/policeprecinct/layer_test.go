package policeprecinct

import (
	"fmt"
	"image"
	"testing"

	"casefile/engine"
	pp "casefile/engine/policeprecinct"
	"casefile/render"
	"casefile/render/rendertest"
)

// wholePicture is the board drawn whole on one canvas (board) and mapped
// through the fixed palette: what Board's layered picture must show.
func wholePicture(t testing.TB, s *pp.State) *image.Paletted {
	v := s.View(engine.Public)
	return rendertest.MappedWhole(t, func() (*render.Canvas, int, error) { return board(v) }, boardW, boardPalette)
}

// layeredPositions are boards along seeded games of every player count.
func layeredPositions(t testing.TB) []*pp.State {
	var out []*pp.State
	for _, g := range goldens {
		out = append(out, position(t, g.players, g.seed, g.until))
	}
	for n := 1; n <= 6; n++ {
		for _, step := range []int{40, 200, 400} {
			out = append(out, position(t, n, uint64(60+n), afterMoves(step)))
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

// phaseBoards plays a seeded 6-player game with random legal moves and
// returns the public view after every move that ended a phase or round:
// the boards the picture worker draws, in order.
func phaseBoards(t testing.TB, seed uint64) []engine.View {
	return rendertest.GameBoards(t, pp.Game(), engine.Setup{Players: 6, Seed: seed})
}

// sequenceSeed numbers the games of BenchmarkPictureFloorSequence: each
// run draws a game the process has not drawn, as a bot's next game is.
var sequenceSeed uint64 = 100

// BenchmarkPictureFloorSequence sets beside their floor the consecutive
// phase boards of one seeded 6-player game, as the picture worker draws
// them (issue 16, benchmark b): each picture is the next phase's board,
// each run a new game, with the caches of a process that has drawn the
// games before (its layer, the days and spaces and stamps met so far).
func BenchmarkPictureFloorSequence(b *testing.B) {
	sequenceSeed++
	stampsBefore := render.StampsKept()
	rendertest.PictureFloorSequence(b, phaseBoards(b, sequenceSeed), Board)
	b.ReportMetric(float64(render.StampsKept()-stampsBefore), "stamps-added")
}

// BenchmarkPictureFloorCold sets beside its floor the first board of a
// layout in a process (issue 16, benchmark c): before each picture every
// layer, patch, stamp, kept scratch canvas and remembered colour is
// dropped, so the picture builds its layer (drawn whole and mapped) and
// draws every shape anew. The dropping itself is outside the measure.
func BenchmarkPictureFloorCold(b *testing.B) {
	s := position(b, 6, 3, murdererOut)
	v := s.View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) }, rendertest.Reset(forgetAll))
	b.ReportMetric(float64(layers.Bytes()), "layer-bytes")
}
