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
	// Drafted characters, co-operative and Dirty Cop.
	for _, su := range []engine.Setup{
		{Players: 3, Seed: 8100, Options: map[string]string{"characters": "choose"}},
		{Players: 4, Seed: 8200, Options: map[string]string{"characters": "choose", "variant": "dirty-cop", "traitors": "maybe"}},
	} {
		if _, err := enginetest.Conform(Game(), su, su.Seed+7, 20000); err != nil {
			t.Fatalf("characters=choose players=%d: %v", su.Players, err)
		}
	}
	// The Dirty Cop variant, every table and traitor mode.
	for i, tc := range dirtyTables() {
		if testing.Short() && i%2 == 1 {
			continue
		}
		su := dirtySetup(tc.n, uint64(9000+i), tc.mode, "")
		if _, err := enginetest.Conform(Game(), su, su.Seed+7, 20000); err != nil {
			t.Fatalf("%s: %v", tc.name(), err)
		}
	}
}
