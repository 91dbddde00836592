package policeprecinct

import (
	"slices"
	"strings"
	"testing"
)

// emergencyCard finds the Event card of a colour and name.
func emergencyCard(t testing.TB, colour, name string) int {
	t.Helper()
	for i, c := range EventDeck {
		if c.Kind == EvEmergency && c.Colour == colour && c.Name == name {
			return i
		}
	}
	t.Fatalf("no %s %s", colour, name)
	return -1
}

// putEmergency places an Emergency by hand at site (with UC marker uc, or
// none when uc < 0).
func putEmergency(t testing.TB, s *State, colour, name, site string, uc int) *OnBoard {
	t.Helper()
	card := emergencyCard(t, colour, name)
	s.removeFromDeck(card)
	e := OnBoard{Card: card, Site: site, Seq: s.NextSeq, Shown: -1, UC: -1}
	s.NextSeq++
	if uc >= 0 {
		i := slices.Index(s.UCPool, uc)
		if i < 0 {
			i = slices.Index(s.UCDiscard, uc)
			s.UCDiscard = slices.Delete(s.UCDiscard, i, i+1)
		} else {
			s.UCPool = slices.Delete(s.UCPool, i, i+1)
		}
		e.HasUC, e.UC = true, uc
	}
	s.Emergencies = append(s.Emergencies, e)
	fresh(s)
	return &s.Emergencies[len(s.Emergencies)-1]
}

func ucNamed(name string) int {
	return slices.IndexFunc(UCMarkers, func(m UCMarker) bool { return m.Name == name })
}

// TestHandleWhere: handling needs a Street Space next to the Emergency
// (PP-EMACT-01).
func TestHandleWhere(t *testing.T) {
	s, c, _ := atAct(t, "c1")
	putEmergency(t, s, "red", "break-in", "warehouse 1", -1)
	if msg := refusal(s, c.Seat, "handle warehouse 1"); !strings.HasPrefix(msg, "You must be on a Street Space next to the Emergency at warehouse 1") {
		t.Errorf("PP-EMACT-01: %q", msg)
	}
	c.At = Lot("warehouse 1").Sides[1]
	fresh(s)
	if !has(s, c.Seat, "handle warehouse 1") {
		t.Errorf("PP-EMACT-01: %v", legal(s, c.Seat))
	}
}

// TestEmergencyDice: the number of dice (PP-EDICE-01, PP-EDICE-02, PP-EDICE-03, PP-EDICE-04, PP-EDICE-05, PP-EDICE-06, PP-EDICE-07) and the
// Difficulty Level (PP-EDIFF-01, PP-EDIFF-02).
func TestEmergencyDice(t *testing.T) {
	s, c, other := atAct(t, "a2")
	e := putEmergency(t, s, "red", "break-in", "warehouse 1", -1)
	base := c.Char().Light
	if got := s.emergencyDice(e, 0); got != base {
		t.Errorf("PP-EDICE-01: %d", got)
	}
	other.At = c.At
	if got := s.emergencyDice(e, 0); got != base+1 {
		t.Errorf("PP-EDICE-02: %d", got)
	}
	if got := s.emergencyDice(e, 2); got != base+3 {
		t.Errorf("PP-EDICE-03: %d", got)
	}
	s.T.Donuts = 1
	if got := s.emergencyDice(e, 0); got != base+2 {
		t.Errorf("PP-EDICE-04: %d", got)
	}
	c.Upgrades = []string{"emergency"}
	if got := s.emergencyDice(e, 0); got != base+3 {
		t.Errorf("PP-EDICE-05: %d", got)
	}
	// PP-EDICE-02 (our ruling): at a Traffic Accident, vehicles next to it
	// count, wherever on its sides they stand.
	s, c, other = atAct(t, "b2")
	e = putEmergency(t, s, "red", "traffic accident", "b-e", -1)
	other.At = space(t, "e2")
	if got := s.emergencyDice(e, 0); got != c.Char().Light+1 {
		t.Errorf("PP-EDICE-02 traffic: %d", got)
	}
	// UC markers: +1, −1 die (PP-EDICE-06, PP-EDICE-07) and the big knife +1
	// difficulty (PP-EDIFF-02) apply when revealed at the roll.
	for _, tc := range []struct {
		id, uc     string
		dice, diff int
	}{
		{"PP-EDICE-06", "bystanders help", 1, 3},
		{"PP-EDICE-07", "smoke everywhere", -1, 3},
		{"PP-EDIFF-02", "he has a big knife", 0, 4},
		{"PP-EDIFF-01", "false alarm", 0, 3},
	} {
		s, c, _ := atAct(t, "a2")
		c.Character = slices.IndexFunc(Characters, func(ch Character) bool { return ch.Power == PowerMedic }) // Light 3
		putEmergency(t, s, "blue", "domestic dispute", "apartment 1", ucNamed(tc.uc))
		c.At = Lot("apartment 1").Sides[1]
		apply(t, s, c.Seat, "handle apartment 1")
		s.rigged = []int{1, 1, 1, 1, 1, 1}
		res := apply(t, s, c.Seat, "roll")
		want := "rolls " + itoa(3+tc.dice) + " dice against difficulty " + itoa(tc.diff)
		if !contains(res.Public, want) {
			t.Errorf("%s: want %q in %v", tc.id, want, res.Public)
		}
	}
}

// TestEmergencyRoll: success on the highest die >= difficulty
// (PP-EROLL-01, PP-EROLL-02), bonuses UC first then card (PP-EROLL-03, PP-EROLL-04), both
// discarded (PP-EROLL-05), Urgent gone (PP-EROLL-06); failure leaves card,
// Urgent and the revealed UC (PP-EROLL-07, PP-EROLL-08, PP-EROLL-09); printed 5–6 sends the cop
// to the Hospital without phase 3 (PP-EROLL-10, PP-POLICE-10); 4 or less
// does not (PP-EROLL-11); cards are committed before the UC marker is
// revealed (PP-EVENT-05).
func TestEmergencyRoll(t *testing.T) {
	s, c, _ := atAct(t, "a2")
	e := putEmergency(t, s, "blue", "domestic dispute", "apartment 1", ucNamed("grateful owner"))
	e.Urgent = true
	c.At = Lot("apartment 1").Sides[1]
	card := e.Card
	hand := len(c.Hand)
	donuts := c.Donuts
	apply(t, s, c.Seat, "handle apartment 1")
	s.rigged = []int{1, 3}
	res := apply(t, s, c.Seat, "roll")
	if s.emergencyAt("apartment 1") >= 0 {
		t.Fatalf("PP-EROLL-01, PP-EROLL-02: a 3 and a 1 against 3 must succeed: %v", res.Public)
	}
	iDonut := slices.IndexFunc(res.Public, func(l string) bool { return strings.Contains(l, "Donut") })
	iCard := slices.IndexFunc(res.Public, func(l string) bool { return strings.Contains(l, "Police card") })
	if c.Donuts != donuts+1 || iDonut < 0 || iCard < iDonut || len(c.Hand) < hand+1 {
		t.Errorf("PP-EROLL-03, PP-EROLL-04: donuts %d hand %d, log %v", c.Donuts, len(c.Hand), res.Public)
	}
	if !slices.Contains(s.EventDiscard, card) && !slices.Contains(s.EventDeck, card) || !slices.Contains(s.UCDiscard, ucNamed("grateful owner")) && !slices.Contains(s.UCPool, ucNamed("grateful owner")) {
		t.Error("PP-EROLL-05: card and UC marker discarded")
	}
	if !contains(res.Public, "Urgent marker leaves") {
		t.Error("PP-EROLL-06")
	}
	// Failure at difficulty 3: all stays, UC face up, no Hospital.
	s, c, _ = atAct(t, "a2")
	e = putEmergency(t, s, "blue", "domestic dispute", "apartment 1", ucNamed("false alarm"))
	e.Urgent = true
	c.At = Lot("apartment 1").Sides[1]
	at := c.At
	c.Hand = []int{cardOf(t, s, "sirens")}
	apply(t, s, c.Seat, "handle apartment 1")
	if s.Emergencies[0].Shown >= 0 {
		t.Error("PP-EVENT-05: the UC marker was revealed before the cards were committed")
	}
	apply(t, s, c.Seat, "play sirens")
	s.rigged = []int{2, 2, 2, 2, 2, 2}
	res = apply(t, s, c.Seat, "roll")
	if i := s.emergencyAt("apartment 1"); i < 0 || !s.Emergencies[i].Urgent || s.Emergencies[i].Shown != ucNamed("false alarm") {
		t.Errorf("PP-EROLL-07, PP-EROLL-08, PP-EROLL-09: %+v", s.Emergencies)
	}
	if c.At != at || !contains(res.Public, "draws 1 Police card") {
		t.Errorf("PP-EROLL-11: moved to %s, %v", SpaceName(c.At), res.Public)
	}
	// Failure at printed 5: the Hospital, no phase 3.
	s, c, _ = atAct(t, "a2")
	putEmergency(t, s, "red", "warehouse fire", "warehouse 1", -1)
	c.At = Lot("warehouse 1").Sides[0]
	apply(t, s, c.Seat, "handle warehouse 1")
	s.rigged = []int{4, 4, 4, 4}
	res = apply(t, s, c.Seat, "roll")
	if c.At != hospitalSpace() || contains(res.Public, "draws 1 Police card") {
		t.Errorf("PP-EROLL-10: at %s, %v", SpaceName(c.At), res.Public)
	}
	// PP-EROLL-10 ruling: the printed number counts, not the big knife:
	// printed 4 + knife fails without the Hospital.
	s, c, _ = atAct(t, "a2")
	putEmergency(t, s, "blue", "hostage call", "apartment 1", ucNamed("he has a big knife"))
	c.At = Lot("apartment 1").Sides[1]
	apply(t, s, c.Seat, "handle apartment 1")
	s.rigged = []int{4, 4, 4}
	apply(t, s, c.Seat, "roll")
	if c.At == hospitalSpace() {
		t.Error("PP-EROLL-10: printed 4 + big knife is not a 5 for the Hospital")
	}
}
