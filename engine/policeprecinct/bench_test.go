package policeprecinct

import (
	"testing"

	"casefile/engine"
)

// BenchmarkRandomGame6 plays one whole seeded random 6-player game per
// iteration (random legal moves, a new seed each time, no checks), the
// figure of issue 17 (target ≤ 10 ms on one core):
// GOMAXPROCS=1 go test -run XXX -bench RandomGame -benchtime 20x -benchmem ./engine/policeprecinct/
func BenchmarkRandomGame6(b *testing.B) {
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		seed := uint64(600000 + i%1000)
		st, err := Game().New(engine.Setup{Players: 6, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed*7919 + 17)
		for {
			tu := s.Turn()
			if len(tu.Seats) == 0 {
				break
			}
			seat := tu.Seats[r.Intn(len(tu.Seats))]
			legal := s.Legal(seat)
			if _, err := s.Apply(seat, legal[r.Intn(len(legal))]); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
