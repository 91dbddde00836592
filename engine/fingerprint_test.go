package engine_test

import (
	"fmt"
	"testing"

	"casefile/engine"
	"casefile/engine/android"
	"casefile/engine/escapeplan"
	"casefile/engine/policeprecinct"
)

// TestFingerprintsChangeAsTheirJSONDoes holds SecretFingerprints, which
// writes plain secrets (names, counts, lists of them) out directly, to
// the fingerprints of every secret's JSON it replaced: over random games
// of every game with secrets (the hidden-role variants too; a heist has
// none), a move changes a
// seat's fingerprint exactly when it changes that seat's JSON one, so a
// DM shows a seat's view for the same moves as before.
func TestFingerprintsChangeAsTheirJSONDoes(t *testing.T) {
	type setup struct {
		game    *engine.Game
		players int
		opts    map[string]string
	}
	games := []setup{
		{escapeplan.Game(), 2, nil},
		{escapeplan.Game(), 5, nil},
		{policeprecinct.Game(), 4, nil},
		{policeprecinct.Game(), 6, map[string]string{"variant": "dirty-cop", "traitors": "maybe"}},
		{android.Game(), 5, nil},
	}
	for _, su := range games {
		name := fmt.Sprintf("%s/%d%v", su.game.ID, su.players, su.opts)
		changed := 0
		for seed := uint64(1); seed <= 2; seed++ {
			opts, err := su.game.CheckOptions(su.opts)
			if err != nil {
				t.Fatal(err)
			}
			st, err := su.game.New(engine.Setup{Players: su.players, Seed: seed, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed * 7)
			direct, byJSON := engine.SecretFingerprints(st), engine.SecretFingerprintsByJSON(st)
			for step := 0; step < 250; step++ {
				seat, mv, ok := engine.RandomMove(st, r)
				if !ok {
					break
				}
				if _, _, err := engine.Play(st, seat, mv); err != nil {
					t.Fatalf("%s: %q: %v", name, mv, err)
				}
				d, j := engine.SecretFingerprints(st), engine.SecretFingerprintsByJSON(st)
				for s := engine.Seat(0); int(s) < su.players; s++ {
					if (d[s] != direct[s]) != (j[s] != byJSON[s]) {
						t.Fatalf("%s seed %d step %d (%q): seat %d's fingerprint changed %v, its JSON one %v", name, seed, step, mv, s, d[s] != direct[s], j[s] != byJSON[s])
					}
					if d[s] != direct[s] {
						changed++
					}
				}
				direct, byJSON = d, j
			}
		}
		if changed == 0 {
			t.Fatalf("%s: no fingerprint ever changed: the test proves nothing", name)
		}
	}
}

// TestFingerprintsFollowEachSecretCard: a card of a seat's hand traded
// for another, the hand as long as before, changes that seat's
// fingerprint and no other's; so does its money, and a card more.
func TestFingerprintsFollowEachSecretCard(t *testing.T) {
	st := &table{Hands: []hand{{Seat: 0, Cards: []string{"ace", "two"}, Money: 9}, {Seat: 1, Cards: []string{"two"}, Money: 4}}}
	for _, change := range []func(){
		func() { st.Hands[0].Cards[1] = "ten" },
		func() { st.Hands[0].Cards = append(st.Hands[0].Cards, "ten") },
		func() { st.Hands[0].Money = 10 },
	} {
		before := engine.SecretFingerprints(st)
		change()
		after := engine.SecretFingerprints(st)
		if before[0] == after[0] || before[1] != after[1] {
			t.Fatalf("seat 0's secret changed: fingerprints %v, then %v", before, after)
		}
	}
}
