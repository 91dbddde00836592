package heist

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"casefile/engine"
)

// TestKeptMovesChangeNothing plays random heists of every scenario twice
// side by side, one state keeping the moves it lists (KeepMoves, as the
// platform asks) and one listing them afresh each time, and asks both the
// same things in the order a /move does: every acting seat's legal moves,
// refused moves and names, a name checked but not played (which must
// leave the kept list as it was), the move, and the moves after it. Every answer and every snapshot
// must be the same: a kept list that outlived the move that changed it,
// or a name typed into the kept list, shows here as a different answer.
func TestKeptMovesChangeNothing(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for _, sc := range theLib().Scenarios {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			kept := newCrewState(t, sc.Slug, 4, seed)
			kept.KeepMoves()
			fresh := newCrewState(t, sc.Slug, 4, seed)
			r := engine.NewRand(seed)
			for step := 0; kept.Outcome() == nil; step++ {
				if step > 5000 {
					t.Fatalf("%s seed %d: no end", sc.Slug, seed)
				}
				where := fmt.Sprintf("%s seed %d move %d", sc.Slug, seed, step)
				turn := kept.Turn()
				for _, seat := range turn.Seats {
					same(t, where+" legal", kept.Legal(seat), fresh.Legal(seat))
				}
				seat, m := randomMove(kept, r)
				for _, bad := range []string{"name", "name #1", "move z99", "take nothing"} {
					same(t, where+" refusal of "+bad, errText(kept.Check(seat, bad)), errText(fresh.Check(seat, bad)))
					_, errK := kept.Apply(seat, bad)
					_, errF := fresh.Apply(seat, bad)
					same(t, where+" refused "+bad, errText(errK), errText(errF))
					same(t, where+" legal after "+bad, kept.Legal(seat), fresh.Legal(seat))
				}
				if step%7 == 0 && kept.Pending.Top() != nil && kept.Pending.Top().Kind == crewTurn {
					// A new character's name, typed as a player would.
					name := fmt.Sprintf("name Kit%c", 'a'+rune(step%26))
					same(t, where+" check "+name, errText(kept.Check(seat, name)), errText(fresh.Check(seat, name)))
					same(t, where+" legal after checking "+name, kept.Legal(seat), fresh.Legal(seat))
					_, errK := kept.Apply(seat, name)
					_, errF := fresh.Apply(seat, name)
					same(t, where+" "+name, errText(errK), errText(errF))
					same(t, where+" legal after "+name, kept.Legal(seat), fresh.Legal(seat))
				}
				resK, errK := kept.Apply(seat, m)
				resF, errF := fresh.Apply(seat, m)
				if errK != nil || errF != nil {
					t.Fatalf("%s: %q refused: %v / %v", where, m, errK, errF)
				}
				same(t, where+" public lines", resK.Public, resF.Public)
				same(t, where+" legal after the move", kept.Legal(seat), fresh.Legal(seat))
				a, _ := kept.Marshal()
				b, _ := fresh.Marshal()
				if !bytes.Equal(a, b) {
					t.Fatalf("%s: after %q the states differ", where, m)
				}
			}
		}
	}
}

// TestKeptMovesAreListedOnce holds the keeping to what it is for: once
// asked, a seat's moves are listed once until the next move or until
// another seat's are listed, and a move lists them afresh.
func TestKeptMovesAreListedOnce(t *testing.T) {
	s := newCrewState(t, "the-inclusion-job", 3, 1)
	s.KeepMoves()
	first := s.moves(0)
	if s.moves(0) != first {
		t.Fatal("the moves were listed again with nothing changed")
	}
	// One seat's list at a time: a kept state waits in the state cache.
	s.moves(1)
	if s.moves(0) == first {
		t.Fatal("two seats' lists were kept at once")
	}
	first = s.moves(0)
	if _, err := s.Apply(0, "crew done"); err != nil {
		t.Fatal(err)
	}
	if s.moves(0) == first {
		t.Fatal("the moves listed before a move were kept after it")
	}
	u := newCrewState(t, "the-inclusion-job", 3, 1)
	if u.moves(0) == u.moves(0) {
		t.Fatal("a state not asked to keep its moves kept them")
	}
}

func same[T any](t *testing.T, what string, a, b T) {
	t.Helper()
	if !slices.Equal(fmt.Append(nil, a), fmt.Append(nil, b)) {
		t.Fatalf("%s: kept %v, afresh %v", what, a, b)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
