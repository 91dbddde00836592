package policeprecinct

import (
	"strings"
	"testing"
)

// atMove puts the active cop of a fresh 3-player game at the start of the
// Move phase on space sp with a clean board.
func atMove(t *testing.T, marked bool, sp string) (*State, *Cop) {
	t.Helper()
	s := started(t, 3, 1)
	clearBoard(s)
	c := s.cop()
	c.Marked = marked
	c.At = space(t, sp)
	c.Hand, c.Fresh = nil, nil
	if c.Char().Power == PowerLeadFoot {
		c.Character = (c.Character + 1) % len(Characters)
	}
	s.T.Points = s.moveAllowance(c)
	fresh(s)
	return s, c
}

// TestMoveDistances: cars move along Street Spaces only (PP-MOVE-01);
// crossing an intersection costs nothing (PP-MOVE-03); Unmarked 2 spaces
// (PP-MOVE-04), Marked 3 (PP-MOVE-05), "up to" (PP-MOVE-06).
func TestMoveDistances(t *testing.T) {
	s, _ := atMove(t, true, "a3")
	d := s.distances(space(t, "a3"))
	for sp, want := range map[string]int{"a4": 1, "a2": 1, "e1": 1, "e2": 2, "b3": 3, "b2": 3, "a1": 2, "a5": 2, "f1": 2} {
		if got := d[space(t, sp)]; got != want {
			t.Errorf("PP-MOVE-01, PP-MOVE-03: a3 → %s = %d, want %d", sp, got, want)
		}
	}
	cases := []struct {
		id     string
		marked bool
		to     string
		ok     bool
	}{
		{"PP-MOVE-04", false, "e2", true},
		{"PP-MOVE-04", false, "b3", false},
		{"PP-MOVE-05", true, "b3", true},
		{"PP-MOVE-05", true, "c3", false},
		{"PP-MOVE-06", true, "a4", true},
	}
	for _, tc := range cases {
		s, _ := atMove(t, tc.marked, "a3")
		if got := has(s, s.active(), "drive "+tc.to); got != tc.ok {
			t.Errorf("%s: marked=%v drive %s legal=%v, want %v", tc.id, tc.marked, tc.to, got, tc.ok)
		}
	}
	s, c := atMove(t, true, "a3")
	if !has(s, c.Seat, "stop") {
		t.Error("PP-MOVE-06: stopping without moving must be legal")
	}
	apply(t, s, c.Seat, "drive a4")
	apply(t, s, c.Seat, "drive a5")
	if s.T.Points != 1 || !has(s, c.Seat, "drive a6") || has(s, c.Seat, "drive f2") {
		t.Errorf("PP-MOVE-06: after 2 spaces of 3, %d left", s.T.Points)
	}
}

// TestMoveBlockedIntersection: no passing through an intersection an
// Emergency blocks (PP-MOVE-02).
func TestMoveBlockedIntersection(t *testing.T) {
	s, c := atMove(t, true, "a3")
	s.Emergencies = append(s.Emergencies, OnBoard{Card: 0, Site: "a-e", Shown: -1})
	s.removeFromDeck(0)
	fresh(s)
	if has(s, c.Seat, "drive a2") || has(s, c.Seat, "drive e1") {
		t.Error("PP-MOVE-02: drove through the blocked intersection a-e")
	}
	if !has(s, c.Seat, "drive a5") {
		t.Error("PP-MOVE-02: the other way must stay open")
	}
	if msg := refusal(s, c.Seat, "drive a2"); !strings.Contains(msg, "blocks") {
		t.Errorf("PP-MOVE-02 refusal: %q", msg)
	}
}

// TestMoveBonuses: Donuts +1 each (PP-MOVE-07), the Movement Upgrade +1
// (PP-MOVE-08), Fast Response +2 (PP-MOVE-09), all adding up
// (PP-MOVE-10).
func TestMoveBonuses(t *testing.T) {
	s, c := atMove(t, true, "a3")
	c.Donuts = 2
	s.DonutSupply -= 2
	c.Upgrades = []string{"movement"}
	s.UpgradeSupply["movement"]--
	s.T.Points = s.moveAllowance(c)
	if s.T.Points != 4 {
		t.Fatalf("PP-MOVE-08: marked + upgrade = %d, want 4", s.T.Points)
	}
	apply(t, s, c.Seat, "donut")
	if s.T.Points != 5 || c.Donuts != 1 {
		t.Errorf("PP-MOVE-07: points %d donuts %d", s.T.Points, c.Donuts)
	}
	apply(t, s, c.Seat, "donut")
	fr := cardOf(t, s, "fast response")
	c.Hand = append(c.Hand, fr)
	apply(t, s, c.Seat, "play fast response")
	if s.T.Points != 8 {
		t.Errorf("PP-MOVE-09, PP-MOVE-10: 3 + 2 donuts + upgrade + Fast Response = %d, want 8", s.T.Points)
	}
}

// TestSwitchCar: next to the Police Station a cop may switch to the other
// kind of car (PP-MOVE-11), nowhere else.
func TestSwitchCar(t *testing.T) {
	s, c := atMove(t, true, "a3")
	apply(t, s, c.Seat, "switch car")
	if c.Marked || s.T.Points != 2 {
		t.Errorf("PP-MOVE-11: marked=%v points=%d", c.Marked, s.T.Points)
	}
	if has(s, c.Seat, "switch car") {
		t.Error("PP-MOVE-11: switched twice in one turn")
	}
	s, c = atMove(t, true, "c3")
	if msg := refusal(s, c.Seat, "switch car"); !strings.HasPrefix(msg, "You can switch cars only next to the Police Station") {
		t.Errorf("PP-MOVE-11 refusal: %q", msg)
	}
}

// TestSupportVehicle: with 1–2 players the Support Vehicle moves 3
// spaces besides the car (PP-MOVE-12); with 3+ there is none (PP-MOVE-13).
func TestSupportVehicle(t *testing.T) {
	for n := 1; n <= 6; n++ {
		s := started(t, n, 3)
		c := s.cop()
		sup := false
		for _, m := range legal(s, c.Seat) {
			sup = sup || strings.HasPrefix(m, "support ")
		}
		if want := n <= 2; sup != want || (s.Support >= 0) != want {
			t.Errorf("PP-MOVE-12, PP-MOVE-13: players=%d support moves %v", n, sup)
		}
	}
	s := started(t, 2, 3)
	clearBoard(s)
	c := s.cop()
	apply(t, s, c.Seat, "support b3") // a3 → b3 is 3 spaces
	if SpaceName(s.Support) != "b3" || s.T.SupportLeft != 0 || s.T.Points != s.moveAllowance(c) {
		t.Errorf("PP-MOVE-12: support at %s, %d left, car points %d", SpaceName(s.Support), s.T.SupportLeft, s.T.Points)
	}
}

// TestCardTiming: Fast Response is the only card played in the Move phase
// (PP-POLICE-06); a card gained this turn cannot be played
// (PP-POLICE-09).
func TestCardTiming(t *testing.T) {
	s, c := atMove(t, true, "a3")
	c.Hand = []int{cardOf(t, s, "backup"), cardOf(t, s, "fast response")}
	fresh(s)
	if has(s, c.Seat, "play backup") || !has(s, c.Seat, "play fast response") {
		t.Errorf("PP-POLICE-06: %v", legal(s, c.Seat))
	}
	if msg := refusal(s, c.Seat, "play backup"); !strings.Contains(msg, "after you choose your action") {
		t.Errorf("PP-POLICE-06 refusal: %q", msg)
	}
	c.Fresh = []int{c.Hand[1]}
	if has(s, c.Seat, "play fast response") {
		t.Error("PP-POLICE-09: played a card gained this turn")
	}
	if msg := refusal(s, c.Seat, "play fast response"); !strings.Contains(msg, "this turn") {
		t.Errorf("PP-POLICE-09 refusal: %q", msg)
	}
}
