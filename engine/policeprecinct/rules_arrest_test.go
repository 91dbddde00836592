package policeprecinct

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// atHood1 is a cop next to Bad Hood 1 (on a1) with punks there.
func atHood1(t *testing.T, punks int) (*State, *Cop, *Cop) {
	t.Helper()
	s, c, other := atAct(t, "a1")
	s.Punks[0] = punks
	s.Stockpile -= punks
	fresh(s)
	return s, c, other
}

// TestArrestWhere: an arrest needs a Street Space next to the Bad Hood
// (PP-ARRACT-01).
func TestArrestWhere(t *testing.T) {
	s, c, _ := atHood1(t, 2)
	if !has(s, c.Seat, "arrest 1") {
		t.Errorf("PP-ARRACT-01: %v", legal(s, c.Seat))
	}
	c.At = space(t, "a2")
	fresh(s)
	if msg := refusal(s, c.Seat, "arrest 1"); !strings.HasPrefix(msg, "You must be on a Street Space next to Bad Hood 1 (a1 or d1)") {
		t.Errorf("PP-ARRACT-01 refusal: %q", msg)
	}
}

// TestArrestDice: the number of arrest dice (PP-ADICE-01, PP-ADICE-02, PP-ADICE-03, PP-ADICE-04, PP-ADICE-05, PP-ADICE-06).
func TestArrestDice(t *testing.T) {
	s, c, other := atHood1(t, 2)
	base := c.Char().Cuffs
	steps := []struct {
		id   string
		edit func()
		want int
	}{
		{"PP-ADICE-01", func() {}, base},
		{"PP-ADICE-02", func() { other.At = c.At }, base + 1},
		{"PP-ADICE-04", func() { s.T.Donuts = 2 }, base + 3},
		{"PP-ADICE-05", func() { s.T.Patrol = 1 }, base + 4},
		{"PP-ADICE-06", func() { c.Upgrades = []string{"arrest"} }, base + 5},
	}
	for _, st := range steps {
		st.edit()
		if got := s.arrestDice(0); got != st.want {
			t.Errorf("%s: %d dice, want %d", st.id, got, st.want)
		}
	}
	if got := s.arrestDice(2); got != base+7 {
		t.Errorf("PP-ADICE-03: %d", got)
	}
	// Patrol Officers next to the Bad Hood go back to the Station for +1.
	s, c, _ = atHood1(t, 2)
	s.PatrolSupply--
	s.PatrolOn = map[string]int{"d1": 1}
	apply(t, s, c.Seat, "arrest 1")
	apply(t, s, c.Seat, "patrol d1")
	if s.T.Patrol != 1 || s.PatrolStation != 1 || s.PatrolOn["d1"] != 0 {
		t.Errorf("PP-ADICE-05: patrol dice %d, at station %d", s.T.Patrol, s.PatrolStation)
	}
	if has(s, c.Seat, "patrol a1") {
		t.Error("PP-ADICE-05: no Patrol Officer at a1")
	}
}

// TestCriminalPopulation: CP = Punks, +2 for the Murderer (PP-CRIMPOP-01, PP-CRIMPOP-02,
// PP-MURDER-04); not in Manic mode (PP-MURDER-09).
func TestCriminalPopulation(t *testing.T) {
	s, _, _ := atHood1(t, 3)
	if s.criminalPopulation(1) != 3 {
		t.Errorf("PP-CRIMPOP-01: %d", s.criminalPopulation(1))
	}
	s.Murderer = 1
	if s.criminalPopulation(1) != 5 {
		t.Errorf("PP-CRIMPOP-02/PP-MURDER-04: %d", s.criminalPopulation(1))
	}
	s.Manic = true
	if s.criminalPopulation(1) != 3 {
		t.Errorf("PP-MURDER-09: %d", s.criminalPopulation(1))
	}
}

// TestArrestDie: each die judged alone (PP-ARREST-02): >= CP succeeds
// (PP-ARREST-03), a 6 always (PP-ARREST-04), a 1 never (PP-ARREST-05),
// below CP fails (PP-ARREST-06); with CP 1 a 1 fails (PP-ARREST-07, our
// ruling).
func TestArrestDie(t *testing.T) {
	cases := []struct {
		id       string
		die, cp  int
		succeeds bool
	}{
		{"PP-ARREST-03", 4, 4, true},
		{"PP-ARREST-03", 5, 3, true},
		{"PP-ARREST-04", 6, 9, true},
		{"PP-ARREST-05", 1, 0, false},
		{"PP-ARREST-06", 3, 4, false},
		{"PP-ARREST-07", 1, 1, false},
	}
	for _, tc := range cases {
		if got := arrestSuccess(tc.die, tc.cp); got != tc.succeeds {
			t.Errorf("%s: die %d vs CP %d → %v", tc.id, tc.die, tc.cp, got)
		}
	}
	s, c, _ := atHood1(t, 3)
	c.Upgrades = []string{"arrest"}
	c.Donuts, s.DonutSupply = 5, s.DonutSupply-5
	apply(t, s, c.Seat, "arrest 1")
	for i := 0; i < 5; i++ {
		apply(t, s, c.Seat, "donut")
	}
	n := s.arrestDice(0)
	if n <= 6 {
		t.Fatalf("want more than 6 dice, have %d", n)
	}
	s.rigged = []int{2, 3, 1, 6, 2, 2, 2, 2, 2}[:n]
	res := apply(t, s, c.Seat, "roll")
	// PP-ARREST-01: all n results are rolled; PP-ARREST-02: 3 and 6
	// succeed against CP 3, the others fail one by one.
	if !contains(res.Public, "rolls "+itoa(n)+" dice") || s.Punks[0] != 1 {
		t.Errorf("PP-ARREST-01, PP-ARREST-02: punks left %d, log %v", s.Punks[0], res.Public)
	}
}

// TestArrestTakesPunks: each success sends a Punk to the stockpile
// (PP-ARREST-08); the Gang card stays until the last Punk goes
// (PP-ARREST-09, PP-GANG-04); three arrests in a turn earn a Donut
// (PP-ARREST-10).
func TestArrestTakesPunks(t *testing.T) {
	s, c, _ := atHood1(t, 5)
	s.Gangs[0], s.GangSupply = true, s.GangSupply-1
	stock := s.Stockpile
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{6, 6}
	apply(t, s, c.Seat, "roll")
	if s.Punks[0] != 3 || s.Stockpile != stock+2 {
		t.Errorf("PP-ARREST-08: punks %d stockpile %d", s.Punks[0], s.Stockpile)
	}
	if !s.Gangs[0] {
		t.Error("PP-GANG-04: the Gang left while 3 Punks remain (below 4)")
	}
	s, c, _ = atHood1(t, 3)
	s.Gangs[0], s.GangSupply = true, s.GangSupply-1
	donuts := c.Donuts
	c.Donuts, s.DonutSupply = c.Donuts+1, s.DonutSupply-1
	apply(t, s, c.Seat, "arrest 1")
	apply(t, s, c.Seat, "donut")
	s.rigged = []int{6, 6, 6}
	apply(t, s, c.Seat, "roll")
	if s.Punks[0] != 0 || s.Gangs[0] {
		t.Errorf("PP-ARREST-09: punks %d gang %v", s.Punks[0], s.Gangs[0])
	}
	if c.Donuts != donuts+1 {
		t.Errorf("PP-ARREST-10: donuts %d, want %d", c.Donuts, donuts+1)
	}
}

// TestArrestFails: no success ends the action at the Hospital
// (PP-ARREST-12) with 2 Police cards discarded (PP-ARREST-13), none for
// Hartley (PP-ARREST-14), no phase-3 draw (PP-ARREST-16, PP-POLICE-10);
// phase 4 still happens (PP-ARREST-11, our ruling).
func TestArrestFails(t *testing.T) {
	s, c, _ := atHood1(t, 4)
	c.Hand = []int{cardOf(t, s, "backup"), cardOf(t, s, "sirens"), cardOf(t, s, "coffee run")}
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{1, 2}
	apply(t, s, c.Seat, "roll")
	if c.At != hospitalSpace() {
		t.Errorf("PP-ARREST-12: car at %s", SpaceName(c.At))
	}
	if s.step() != StepHospital || !has(s, c.Seat, "discard sirens") {
		t.Fatalf("PP-ARREST-13: step %s, %v", s.step(), legal(s, c.Seat))
	}
	apply(t, s, c.Seat, "discard sirens")
	res := apply(t, s, c.Seat, "discard backup")
	if len(c.Hand) != 1 {
		t.Errorf("PP-ARREST-13: hand %d", len(c.Hand))
	}
	if contains(res.Public, "draws 1 Police card") || !contains(res.Public, "draws no Police card") {
		t.Errorf("PP-ARREST-16/PP-POLICE-10: %v", res.Public)
	}
	if !contains(res.Public, "Event:") {
		t.Errorf("PP-ARREST-11: phase 4 skipped: %v", res.Public)
	}
	// Hartley keeps his cards.
	s, c, _ = atHood1(t, 4)
	c.Character = slices.IndexFunc(Characters, func(ch Character) bool { return ch.Power == PowerTough })
	c.Hand = []int{cardOf(t, s, "backup"), cardOf(t, s, "sirens"), cardOf(t, s, "coffee run")}
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{1, 2, 3}
	apply(t, s, c.Seat, "roll")
	if len(c.Hand) != 3 || c.At != hospitalSpace() {
		t.Errorf("PP-ARREST-14: hand %d at %s", len(c.Hand), SpaceName(c.At))
	}
	// With 2 cards or fewer, all go without a choice.
	s, c, _ = atHood1(t, 4)
	c.Hand = []int{cardOf(t, s, "backup")}
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{1, 1}
	apply(t, s, c.Seat, "roll")
	if len(c.Hand) != 0 {
		t.Errorf("PP-ARREST-13: fewer than 2 cards: hand %d", len(c.Hand))
	}
}

// TestArrestMurderer: normal and Manic modes (PP-MURDER-01, PP-MURDER-02, PP-MURDER-03, PP-MURDER-04, PP-MURDER-05, PP-MURDER-06, PP-MURDER-07, PP-MURDER-08, PP-MURDER-09, PP-MURDER-10).
func TestArrestMurderer(t *testing.T) {
	// PP-MURDER-01, PP-MURDER-05: Evidence missing — Punks can be taken, never him.
	s, c, _ := atHood1(t, 1)
	s.Murderer = 1
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{6, 6}
	res := apply(t, s, c.Seat, "roll")
	if s.Over || s.Murderer != 1 || s.Punks[0] != 0 || !contains(res.Public, "cannot be arrested until all Evidence") {
		t.Errorf("PP-MURDER-01, PP-MURDER-05: over %v murderer %d punks %d", s.Over, s.Murderer, s.Punks[0])
	}
	s, c, _ = atHood1(t, 0)
	s.Murderer = 1
	fresh(s)
	if msg := refusal(s, c.Seat, "arrest 1"); !strings.HasPrefix(msg, "The Murderer cannot be arrested until all Evidence") {
		t.Errorf("PP-MURDER-01: %q", msg)
	}
	// PP-MURDER-02: alone, with the Evidence complete, one success (CP 2).
	s, c, _ = atHood1(t, 0)
	s.Murderer, s.Board = 1, EvidencePerCategory
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{2, 1}
	apply(t, s, c.Seat, "roll")
	if !s.Over || !s.Won {
		t.Errorf("PP-MURDER-02/PP-END-02: over %v won %v", s.Over, s.Won)
	}
	// PP-MURDER-03: the last criminal taken in a chain: 1 Punk + him, CP 3.
	s, c, _ = atHood1(t, 1)
	s.Murderer, s.Board = 1, EvidencePerCategory
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{3, 6}
	apply(t, s, c.Seat, "roll")
	if !s.Won {
		t.Error("PP-MURDER-03: two successes take the Punk and then the Murderer")
	}
	s, c, _ = atHood1(t, 1)
	s.Murderer, s.Board = 1, EvidencePerCategory
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{3, 2}
	apply(t, s, c.Seat, "roll")
	if s.Won || s.Punks[0] != 0 {
		t.Error("PP-MURDER-03: one success takes only the Punk")
	}
	// Manic (PP-MURDER-06, PP-MURDER-07, PP-MURDER-08, PP-MURDER-09, PP-MURDER-10).
	s, c, _ = atHood1(t, 0)
	s.Manic, s.Murderer, s.Board = true, 1, EvidencePerCategory
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{5, 5}
	apply(t, s, c.Seat, "roll")
	if s.Won || c.At != hospitalSpace() {
		t.Error("PP-MURDER-10: Manic needs a 6")
	}
	s, c, _ = atHood1(t, 0)
	s.Manic, s.Murderer, s.Board = true, 1, EvidencePerCategory
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{6, 1}
	apply(t, s, c.Seat, "roll")
	if !s.Won {
		t.Error("PP-MURDER-10: a 6 takes him")
	}
	s, c, _ = atHood1(t, 1)
	s.Manic, s.Murderer, s.Board = true, 1, EvidencePerCategory
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{6, 6}
	apply(t, s, c.Seat, "roll")
	if s.Won {
		t.Error("PP-MURDER-08: Manic — not alone before the attempt, no chain")
	}
	s, c, _ = atHood1(t, 0)
	s.Manic, s.Murderer = true, 1
	fresh(s)
	if has(s, c.Seat, "arrest 1") {
		t.Error("PP-MURDER-07: Manic needs the Evidence too")
	}
	opts := Game().Options
	i := slices.IndexFunc(opts, func(o engine.Option) bool { return o.Key == "manic" })
	if i < 0 || opts[i].Default != "off" || !slices.Equal(opts[i].Values, []string{"off", "on"}) {
		t.Errorf("PP-MURDER-06: Manic is an optional variant: %+v", opts)
	}
}
