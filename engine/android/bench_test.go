package android

import (
	"testing"

	"casefile/engine"
)

// BenchmarkRandomGame5 plays one whole random 5-player game per iteration
// (the figure: ≤ 30 ms on one core).
func BenchmarkRandomGame5(b *testing.B) {
	for i := 0; i < b.N; i++ {
		st, err := Game().New(engine.Setup{Players: 5, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		r := engine.NewRand(uint64(i) + 1)
		for st.Outcome() == nil {
			seat, m, ok := engine.RandomMove(st, r)
			if !ok {
				b.Fatal("stuck")
			}
			if _, err := st.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
		}
	}
}
