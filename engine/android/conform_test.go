package android

import (
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

// TestConform runs the engine's contract checks (junk and out-of-turn
// moves refused without change, Marshal/Load, replay) over seeded random
// games of every player count and murder sheet.
func TestConform(t *testing.T) {
	for n := 3; n <= 5; n++ {
		for _, m := range []string{"1", "2", "3", "random"} {
			seed := uint64(n*100 + len(m))
			su := engine.Setup{Players: n, Seed: seed, Options: map[string]string{"murder": m}}
			if m == "random" {
				su.Options["detectives"] = "choose"
			}
			if _, err := enginetest.Conform(Game(), su, seed+7, 5000); err != nil {
				t.Fatalf("players=%d murder=%s: %v", n, m, err)
			}
		}
	}
}
