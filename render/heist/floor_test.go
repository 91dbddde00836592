package heist

import (
	"image"
	"testing"

	"casefile/engine"
	rules "casefile/engine/heist"
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
	views := phaseBoards(b, sequenceSeed)
	i := 0
	rendertest.PictureFloor(b, func() (image.Image, error) {
		v := views[i%len(views)]
		i++
		return Board(v)
	})
	b.ReportMetric(float64(len(views)), "boards-in-game")
}
