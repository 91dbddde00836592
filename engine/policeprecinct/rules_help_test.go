package policeprecinct

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestHelping: before the active cop rolls, the other cops holding a card
// with the matching symbol get a reaction window; a card played to help
// uses its symbols and ignores its text (PP-POLICE-08), adding to the
// count (PP-ADICE-03); helping works from the Hospital (PP-ARREST-17).
func TestHelping(t *testing.T) {
	s, c, other := atHood1(t, 4)
	third := &s.Cops[s.Order[2]]
	other.Hand = []int{cardOf(t, s, "backup"), cardOf(t, s, "forensics kit")}
	other.At = hospitalSpace()
	third.Hand = []int{cardOf(t, s, "sirens")} // no Handcuff: not asked
	apply(t, s, c.Seat, "arrest 1")
	apply(t, s, c.Seat, "roll")
	tu := s.Turn()
	if tu.Kind != engine.Reaction || len(tu.Seats) != 1 || int(tu.Seats[0]) != other.Seat || tu.OnTimeout != "pass" {
		t.Fatalf("PP-POLICE-08: window %+v", tu)
	}
	if has(s, other.Seat, "help with forensics kit") {
		t.Error("PP-POLICE-08: a card without a Handcuff cannot help an arrest")
	}
	if msg := refusal(s, other.Seat, "help with forensics kit"); !strings.HasPrefix(msg, "forensics kit bears no Handcuff symbol") {
		t.Errorf("refusal %q", msg)
	}
	apply(t, s, other.Seat, "help with backup")
	if s.T.Helped != 2 || s.T.Bonus != 0 {
		t.Errorf("PP-POLICE-08: symbols %d, text bonus %d", s.T.Helped, s.T.Bonus)
	}
	if got := s.arrestDice(s.T.Helped); got != c.Char().Cuffs+2 {
		t.Errorf("PP-ADICE-03: %d dice", got)
	}
	s.rigged = []int{1, 1, 1, 1}
	res := apply(t, s, other.Seat, "pass")
	if !contains(res.Public, "rolls 4 dice") {
		t.Errorf("PP-ARREST-17 / PP-ADICE-03: %v", res.Public)
	}
	// No cop holds a matching card: no window, the roll happens at once.
	s, c, _ = atHood1(t, 2)
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{6, 6}
	apply(t, s, c.Seat, "roll")
	if s.Turn().Kind == engine.Reaction || s.Punks[0] != 0 {
		t.Errorf("no window expected: %+v", s.Turn())
	}
}

// TestHelpBeforeReveal: help is committed before the UC marker is
// revealed (PP-EVENT-05), with Flashing Light symbols (PP-EDICE-03); and
// Magnifying Glasses on an Investigation draw (PP-INVEST-03).
func TestHelpBeforeReveal(t *testing.T) {
	s, c, other := atAct(t, "a2")
	putEmergency(t, s, "blue", "domestic dispute", "apartment 1", ucNamed("false alarm"))
	c.At = Lot("apartment 1").Sides[1]
	other.Hand = []int{cardOf(t, s, "sirens")}
	apply(t, s, c.Seat, "handle apartment 1")
	apply(t, s, c.Seat, "roll")
	if s.Emergencies[0].Shown >= 0 {
		t.Fatal("PP-EVENT-05: revealed before the help window closed")
	}
	apply(t, s, other.Seat, "help with sirens")
	s.rigged = []int{1, 1, 1, 1, 1, 1}
	res := apply(t, s, other.Seat, "pass")
	if !contains(res.Public, "rolls "+itoa(c.Char().Light+2)+" dice") || s.Emergencies[0].Shown < 0 {
		t.Errorf("PP-EDICE-03: %v", res.Public)
	}
	s, c, other = atAct(t, Lot(Morgue).Enter0(t))
	other.Hand = []int{cardOf(t, s, "forensics kit")}
	apply(t, s, c.Seat, "investigate examine body")
	apply(t, s, c.Seat, "draw")
	apply(t, s, other.Seat, "help with forensics kit")
	if got := s.investigationCount(s.T.Helped); got != c.Char().Glass+2 {
		t.Errorf("PP-INVEST-03: %d", got)
	}
	apply(t, s, other.Seat, "pass")
	if s.step() == StepPrepare {
		t.Error("the draw did not happen after the window")
	}
}

// TestPlayAtHospital: a cop whose car stands at the Hospital may still
// play Police cards (PP-ARREST-15).
func TestPlayAtHospital(t *testing.T) {
	s, c, _ := atHood1(t, 4)
	c.Hand = []int{cardOf(t, s, "coffee run"), cardOf(t, s, "backup"), cardOf(t, s, "sirens"), cardOf(t, s, "paperwork")}
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{1, 1}
	apply(t, s, c.Seat, "roll")
	apply(t, s, c.Seat, "discard backup")
	apply(t, s, c.Seat, "discard sirens")
	if c.At != hospitalSpace() {
		t.Fatal("not at the Hospital")
	}
	for s.active() != c.Seat && !s.Over {
		passTurn(t, s)
	}
	if !has(s, c.Seat, "play coffee run") || !has(s, c.Seat, "play paperwork") {
		t.Errorf("PP-ARREST-15: %v", legal(s, c.Seat))
	}
}
