package engine_test

import (
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

// loyalPlayout records a random Stakeout game of the secrets variant in
// which the Fence makes only moves a Lookout could also make, with
// standing choices set now and then and refused tries mixed in: a
// Lookout's try of the Fence's own move, and junk.
func loyalPlayout(t *testing.T, setup engine.Setup, moveSeed uint64, loyalInBoth engine.Seat) []engine.LoggedMove {
	t.Helper()
	g := enginetest.Game()
	s, err := g.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(moveSeed)
	var log []engine.LoggedMove
	for step := 0; s.Outcome() == nil && step < 500; step++ {
		if step%4 == 1 {
			log = append(log, engine.LoggedMove{Seat: loyalInBoth, Text: "bid 4"}, engine.LoggedMove{Seat: engine.Seat(step % setup.Players), Text: "xyzzy"})
		}
		if step%9 == 2 {
			seat := engine.Seat(r.Intn(setup.Players))
			m := engine.Pick(r, s.(engine.Standing).StandingMoves(seat))
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
			log = append(log, engine.LoggedMove{Seat: seat, Text: m})
		}
		turn := s.Turn()
		seat := engine.Pick(r, turn.Seats)
		var legal []string
		for _, m := range s.Legal(seat) {
			if m != "bid 4" {
				legal = append(legal, m)
			}
		}
		m := engine.Pick(r, legal)
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		log = append(log, engine.LoggedMove{Seat: seat, Text: m})
	}
	if s.Outcome() == nil {
		t.Fatal("the recorded game did not end")
	}
	return log
}

func secretsSetup(seed uint64, fence, leak string) engine.Setup {
	return engine.Setup{Players: 3, Seed: seed, Options: map[string]string{"rounds": "3", "variant": "secrets", "fence": fence, "leak": leak}}
}

// TestRoleInvariantHoldsForStakeout: with the Fence at seat 1 or at seat
// 2, the table sees the same game until Game over.
func TestRoleInvariantHoldsForStakeout(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		a, b := secretsSetup(seed, "1", "off"), secretsSetup(seed, "2", "off")
		moves := loyalPlayout(t, a, seed*17, 2)
		if err := enginetest.RoleInvariant(enginetest.Game(), a, b, moves); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// TestRoleInvariantCatchesALeak: in the deliberately leaky variant only
// the Fence is sent a note when bidding; the helper must see it.
func TestRoleInvariantCatchesALeak(t *testing.T) {
	a, b := secretsSetup(3, "1", "notes"), secretsSetup(3, "2", "notes")
	err := enginetest.RoleInvariant(enginetest.Game(), a, b, loyalPlayout(t, a, 51, 2))
	if err == nil || !strings.Contains(err.Error(), "private notes") {
		t.Fatalf("the leak went unnoticed: %v", err)
	}
}

// TestFenceRoleAndStash: every seat is dealt a role of the same shape, the
// Fence alone may bid 4, a Lookout's try is refused like any bad bid, and
// the stash is seen by exactly the seats that peeked.
func TestFenceRoleAndStash(t *testing.T) {
	s, err := enginetest.Game().New(secretsSetup(4, "2", "off"))
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*enginetest.State)
	if st.Players[0].Role != enginetest.Lookout || st.Players[1].Role != enginetest.Fence || st.Players[2].Role != enginetest.Lookout {
		t.Fatalf("roles %q %q %q", st.Players[0].Role, st.Players[1].Role, st.Players[2].Role)
	}
	lookout, _ := engine.IsRejection(s.Check(0, "bid 4"))
	bad, _ := engine.IsRejection(s.Check(0, "bid 7"))
	if lookout == "" || lookout != bad {
		t.Fatalf("a Lookout's bid 4 should read like any bad bid: %q vs %q", lookout, bad)
	}
	if err := s.Check(1, "bid 4"); err != nil {
		t.Fatalf("the Fence may bid 4: %v", err)
	}
	if v := s.View(engine.Public).(enginetest.View); v.State.Players[1].Role != "" || v.State.Stash.Card != 0 {
		t.Fatalf("the public view shows a role or the stash: %+v", v.State)
	}
	for seat, m := range []string{"bid 1", "bid 4", "bid 0"} {
		if _, err := s.Apply(engine.Seat(seat), m); err != nil {
			t.Fatal(err)
		}
	}
	before := engine.SecretFingerprints(st)
	res, err := s.Apply(0, "peek")
	if err != nil || len(res.Private[0]) != 1 || !res.Reveals {
		t.Fatalf("peek: %v %+v", err, res)
	}
	after := engine.SecretFingerprints(st)
	if before[0] == after[0] || before[1] != after[1] || before[2] != after[2] {
		t.Fatalf("only the peeker's DM should refresh: %v -> %v", before, after)
	}
	if got := s.View(0).(enginetest.View).State.Stash.Card; got != st.Stash.Card {
		t.Fatalf("the peeker does not see the stash: %d", got)
	}
	if got := s.View(2).(enginetest.View).State.Stash.Card; got != 0 {
		t.Fatalf("a seat that did not peek sees the stash: %d", got)
	}
}

// TestStandingPassAnswersWindowsButNeverAdvances: a standing choice is a
// secret that changes nothing now; the next window passes for that seat.
func TestStandingPassAnswersWindowsButNeverAdvances(t *testing.T) {
	s, _ := enginetest.Game().New(engine.Setup{Players: 3, Seed: 2, Options: map[string]string{"rounds": "1"}})
	turn := s.Turn()
	res, err := s.Apply(2, "always pass objections")
	if err != nil || !res.Secret || len(res.Public) != 0 || len(res.Private[2]) != 1 {
		t.Fatalf("standing choice: %v %+v", err, res)
	}
	if after := s.Turn(); after.Phase != turn.Phase || len(after.Seats) != len(turn.Seats) {
		t.Fatalf("a standing choice advanced the game: %+v -> %+v", turn, after)
	}
	for seat, m := range []string{"bid 1", "bid 1", "bid 1"} {
		if _, err := s.Apply(engine.Seat(seat), m); err != nil {
			t.Fatal(err)
		}
	}
	res, err = s.Apply(0, "take")
	if err != nil {
		t.Fatal(err)
	}
	if tr := s.Turn(); tr.Kind != engine.Reaction || len(tr.Seats) != 1 || tr.Seats[0] != 1 {
		t.Fatalf("seat 2 stands on pass; only seat 1 should be asked: %+v", tr)
	}
	if !strings.Contains(strings.Join(res.Public, " "), "@{2} passes (a standing choice)") {
		t.Fatalf("the standing pass is not shown: %q", res.Public)
	}
}
