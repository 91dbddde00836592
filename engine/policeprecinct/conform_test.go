package policeprecinct

import (
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

// TestConform runs the engine's contract checks (junk and out-of-turn
// moves refused without change, Marshal/Load, replay) over seeded random
// games of every player count, with and without Manic mode.
func TestConform(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for n := 1; n <= 6; n++ {
		if testing.Short() && n%2 == 0 {
			continue
		}
		for g := 0; g < games; g++ {
			opts := map[string]string{"manic": "off"}
			if g%2 == 1 {
				opts["manic"] = "on"
			}
			seed := uint64(n*1000 + g)
			if _, err := enginetest.Conform(Game(), engine.Setup{Players: n, Seed: seed, Options: opts}, seed+7, 20000); err != nil {
				t.Fatalf("players=%d seed=%d: %v", n, seed, err)
			}
		}
	}
}
