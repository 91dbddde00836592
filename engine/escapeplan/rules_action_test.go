package escapeplan

import (
	"slices"
	"testing"

	"casefile/engine"
)

// Player Action phase (EP-ACTION-*): who takes part in an Optional turn,
// what it costs, and the $1 a turn once someone has escaped.

// TestSandraJoinsOptionalTurnOnlyWithDisc_EP-ACTION-06: Sandra spends a
// disc on an Optional turn whenever she has one, and only then; the disc
// goes back to the supply.
func TestSandraJoinsOptionalTurnOnlyWithDisc_EP_ACTION_06(t *testing.T) {
	for _, discs := range []int{0, 1, 2} {
		s, sa := sandraCity(t)
		dropTurn(s)
		s.Phase = PhasePlayerAction
		s.TurnNo = RequiredTurns // the first Optional turn
		sa.Discs = discs
		s.Discs = ExtraActionDiscs - discs
		var res engine.Result
		s.askToJoin(&res)
		joined := slices.Contains(s.Joined, SandraActor)
		if joined != (discs > 0) {
			t.Errorf("Sandra with %d discs: joined %v", discs, joined)
		}
		want := discs
		if discs > 0 {
			want = discs - 1
		}
		if sa.Discs != want {
			t.Errorf("Sandra with %d discs keeps %d, want %d", discs, sa.Discs, want)
		}
		if s.Discs != ExtraActionDiscs-want {
			t.Errorf("Sandra with %d discs: supply %d, want %d", discs, s.Discs, ExtraActionDiscs-want)
		}
	}
}

// TestJoiningOptionalTurnSpendsDisc_EP_ACTION_04: a player with a disc is
// asked; "extra action" spends exactly 1 disc back to the supply, and
// "pass" keeps it and sits the turn out.
func TestJoiningOptionalTurnSpendsDisc_EP_ACTION_04(t *testing.T) {
	for _, move := range []string{"extra action", "pass"} {
		s, _ := city3(t)
		dropTurn(s)
		s.TurnNo = RequiredTurns
		p := &s.Players[0]
		p.Discs = 2
		s.Discs = ExtraActionDiscs - 2
		var res engine.Result
		s.askToJoin(&res)
		if tk := tasks(s); len(tk) != 1 || tk[0].Kind != string(JoinTurn) || tk[0].Seat != 0 {
			t.Fatalf("join tasks %+v", tk)
		}
		apply(t, s, 0, move)
		in := slices.Contains(s.Joined, 0)
		if move == "extra action" {
			if !in || p.Discs != 1 || s.Discs != ExtraActionDiscs-1 {
				t.Errorf("extra action: joined %v, discs %d, supply %d", in, p.Discs, s.Discs)
			}
		} else if in || p.Discs != 2 || s.Discs != ExtraActionDiscs-2 {
			t.Errorf("pass: joined %v, discs %d, supply %d", in, p.Discs, s.Discs)
		}
	}
}

// TestTurnCostsOneDollarAfterAnEscape_EP_ACTION_07_08: nothing is paid
// while nobody has escaped; afterwards each turn costs $1, a player with
// exactly $1 pays it and plays, a player with $0 is ARRESTED.
func TestTurnCostsOneDollarAfterAnEscape_EP_ACTION_07_08(t *testing.T) {
	cases := []struct {
		escaped, money, left int
		arrested             bool
	}{
		{0, 0, 0, false},
		{0, 5, 5, false},
		{1, 1, 0, false},
		{1, 2, 1, false},
		{1, 0, 0, true},
	}
	for _, c := range cases {
		s, _ := city3(t)
		dropTurn(s)
		s.Escaped = c.escaped
		p := &s.Players[1]
		p.Money = c.money
		var res engine.Result
		started := s.startTurn(1, &res)
		if started == c.arrested || (p.Status == "arrested") != c.arrested {
			t.Errorf("%+v: started %v, status %q", c, started, p.Status)
		}
		if p.Money != c.left {
			t.Errorf("%+v: money %d, want %d", c, p.Money, c.left)
		}
	}
}

// TestStayOnlyWhenNeitherRestNorMove_EP_REST_03: a player who has rested
// this round but can still move is not offered "stay".
func TestStayOnlyWhenNeitherRestNorMove_EP_REST_03(t *testing.T) {
	s, p := city3(t)
	p.Sun = false
	if !hasPrefix(s, 0, "go ") {
		t.Fatalf("no move from the church: %v", legal(s, 0))
	}
	if has(s, 0, "stay") || has(s, 0, "rest") {
		t.Errorf("stay/rest offered to a player who can move and has rested: %v", legal(s, 0))
	}
}
