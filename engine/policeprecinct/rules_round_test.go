package policeprecinct

import (
	"fmt"
	"slices"
	"testing"

	"casefile/engine"
)

// passTurn plays the active cop's turn with "stop" and "draw police
// card", on a quiet Event card, discarding to the hand limit if needed.
func passTurn(t *testing.T, s *State) {
	t.Helper()
	seat := s.active()
	topEvents(s, eventNamed(t, "quiet night"))
	apply(t, s, seat, "stop")
	apply(t, s, seat, "draw police card")
	for s.step() == StepHand && s.active() == seat {
		apply(t, s, seat, legal(s, seat)[0])
	}
}

// TestRounds: clockwise from the Start Player, each cop plays all 4 phases
// (PP-ROUND-01); after the last cop the Calendar advances a day
// (PP-ROUND-02).
func TestRounds(t *testing.T) {
	s := started(t, 4, 9)
	clearBoard(s)
	start := s.Order[0]
	day := s.Day
	var seen []int
	for i := 0; i < 4; i++ {
		seen = append(seen, s.active())
		if s.Day != day {
			t.Fatalf("PP-ROUND-02: the day changed mid-round")
		}
		passTurn(t, s)
	}
	want := []int{start, (start + 1) % 4, (start + 2) % 4, (start + 3) % 4}
	if !slices.Equal(seen, want) {
		t.Errorf("PP-ROUND-01: order %v, want %v", seen, want)
	}
	if s.Day != day+1 || s.active() != start {
		t.Errorf("PP-ROUND-02: day %d → %d, active %d", day, s.Day, s.active())
	}
}

// TestMurdererCalendar: Day 16 puts the Murderer in Bad Hood 6
// (PP-ROUND-04), not before (PP-ROUND-05); each day he moves one Bad Hood
// lower (PP-ROUND-03, PP-ROUND-06); Day 22 loses (PP-END-04).
func TestMurdererCalendar(t *testing.T) {
	s := started(t, 1, 4)
	s.Day = 14
	var res engine.Result
	s.calendar(&res)
	if s.Murderer != 0 {
		t.Errorf("PP-ROUND-05: on Day 15 at %d", s.Murderer)
	}
	for day := 16; day <= 21; day++ {
		s.calendar(&res)
		if s.Day != day || s.Murderer != 22-day {
			t.Errorf("PP-ROUND-03, PP-ROUND-04, PP-ROUND-06: day %d Murderer in %d, want %d", s.Day, s.Murderer, 22-day)
		}
	}
	if s.Over {
		t.Fatal("over before Day 22")
	}
	s.calendar(&res)
	if !s.Over || s.Won || s.Day != LastDay {
		t.Errorf("PP-END-04: over %v won %v day %d", s.Over, s.Won, s.Day)
	}
	// Through the turns: a 1-player game on Day 15 reaches Day 16 after one
	// turn, and the Murderer is in Bad Hood 6.
	s = started(t, 1, 4)
	clearBoard(s)
	s.Day = 15
	passTurn(t, s)
	if s.Day != 16 || s.Murderer != 6 {
		t.Errorf("PP-ROUND-04: day %d murderer %d", s.Day, s.Murderer)
	}
}

// TestGameEnd: with the Murderer on the board, a full Evidence set alone
// does not win (PP-END-03); the Crime marker on FAIL loses (PP-END-05);
// every Crime step source (PP-END-06).
func TestGameEnd(t *testing.T) {
	s, c, _ := atAct(t, Lot(Morgue).Enter0(t))
	s.Murderer = 3
	s.Board = EvidencePerCategory
	s.Board[CatBody] = 2
	st := &s.Stacks[CatBody]
	slices.SortFunc(st.Cards, func(a, b int) int { return btoi(InvestigationCards[b].Evidence) - btoi(InvestigationCards[a].Evidence) })
	apply(t, s, c.Seat, "investigate examine body")
	apply(t, s, c.Seat, "draw")
	if s.Over || !s.evidenceComplete() {
		t.Errorf("PP-END-03: over %v", s.Over)
	}
	s, _, _ = atAct(t, "c1")
	s.Crime = s.FailSpace() - 1
	var res engine.Result
	s.crimeTrack(&res, "test")
	if !s.Over || s.Won || s.Outcome() == nil || len(s.Outcome().Winners) != 0 {
		t.Errorf("PP-END-05: over %v won %v", s.Over, s.Won)
	}
	// PP-END-06: the four sources each call crimeTrack; each has its own
	// test: TestEventDraw (last card), TestUrgent (failed Emergency),
	// TestStreetPunks (too few Punks), TestStreetGangs (a fifth Gang).
	for _, f := range []func(*testing.T){TestEventDraw, TestUrgent, TestStreetPunks, TestStreetGangs} {
		f(t)
	}
}

// TestHandLimit: 1 card in phase 3 (PP-POLICE-01); limit 7
// (PP-POLICE-02), checked at the end of the turn, not on drawing
// (PP-POLICE-03); the deck reshuffles when empty (PP-POLICE-04).
func TestHandLimit(t *testing.T) {
	s, c, _ := atAct(t, "c1")
	for len(c.Hand) < 7 {
		c.Hand = append(c.Hand, s.PoliceDeck[0])
		s.PoliceDeck = s.PoliceDeck[1:]
	}
	topEvents(s, eventNamed(t, "quiet night"))
	apply(t, s, c.Seat, "draw police card") // 8 after the action, 9 after phase 3
	if len(c.Hand) != 9 || s.step() != StepHand || s.active() != c.Seat {
		t.Fatalf("PP-POLICE-02, PP-POLICE-03: hand %d step %s", len(c.Hand), s.step())
	}
	apply(t, s, c.Seat, legal(s, c.Seat)[0])
	if s.active() != c.Seat {
		t.Fatal("PP-POLICE-02: turn passed with 8 cards")
	}
	apply(t, s, c.Seat, legal(s, c.Seat)[0])
	if len(c.Hand) != HandLimit || s.active() == c.Seat {
		t.Errorf("PP-POLICE-02: hand %d active %d", len(c.Hand), s.active())
	}
	// PP-POLICE-04: an empty deck reshuffles the discards.
	s, c, _ = atAct(t, "c1")
	s.PoliceDiscard = append(s.PoliceDiscard, s.PoliceDeck...)
	s.PoliceDeck = nil
	crime := s.Crime
	topEvents(s, eventNamed(t, "quiet night"))
	res := apply(t, s, c.Seat, "draw police card")
	if len(c.Hand) != 2 || !contains(res.Public, "Police deck is reshuffled") || s.Crime != crime {
		t.Errorf("PP-POLICE-04: hand %d crime %d %v", len(c.Hand), s.Crime, res.Public)
	}
}

// TestPlayAnyTime: any number of cards may be played, each when its text
// allows (PP-POLICE-05), using its text on one's own turn (PP-POLICE-07).
func TestPlayAnyTime(t *testing.T) {
	s, c, _ := atAct(t, "c1")
	c.Hand = []int{cardOf(t, s, "coffee run"), cardOf(t, s, "coffee run"), cardOf(t, s, "call in patrol")}
	donuts := c.Donuts
	apply(t, s, c.Seat, "play coffee run")
	apply(t, s, c.Seat, "play coffee run")
	apply(t, s, c.Seat, "play call in patrol")
	if c.Donuts != donuts+2 || s.PatrolStation != 2 || len(c.Hand) != 0 {
		t.Errorf("PP-POLICE-05, PP-POLICE-07: donuts %d patrol %d", c.Donuts, s.PatrolStation)
	}
}

// TestSetup: the setup table by player count [P5], the stacks, two
// Emergencies, six Punks, cars at the Station, the Support Vehicle.
func TestSetup(t *testing.T) {
	for n := 1; n <= 6; n++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s := newS(t, n, seed)
			row := SetupTable[n]
			if s.Day != row.StartDay || s.Crime != 0 || s.Stockpile != row.Punks {
				t.Fatalf("players=%d: day %d crime %d stockpile %d", n, s.Day, s.Crime, s.Stockpile)
			}
			punks := 0
			for _, p := range s.Punks {
				punks += p
			}
			if punks != SetupPunks || len(s.Emergencies) != 2 {
				t.Fatalf("players=%d: %d punks, %d emergencies", n, punks, len(s.Emergencies))
			}
			for _, c := range s.Cops {
				want := row.PoliceCards
				if len(c.Hand) != want || c.At != stationSpace() {
					t.Fatalf("players=%d: hand %d at %s", n, len(c.Hand), SpaceName(c.At))
				}
			}
			if (s.Support >= 0) != (n <= 2) {
				t.Fatalf("players=%d: support %d", n, s.Support)
			}
			if s.Stacks[CatBody].Lot != Morgue || s.Stacks[CatCrimeScene].Lot != ParkingLot ||
				Lot(s.Stacks[CatWitness].Lot).Kind != KindApartment || Lot(s.Stacks[CatWeapon].Lot).Kind != KindWarehouse {
				t.Fatalf("stacks %+v", s.Stacks)
			}
			if err := conserve(s); err != nil {
				t.Fatal(err)
			}
			if tu := s.Turn(); tu.Kind != engine.Simultaneous || len(tu.Seats) != n {
				t.Fatalf("the car choice: %+v", tu)
			}
		}
	}
}

// TestMapInvariants: 34 Street Spaces, 12 intersections, 24 lots; with any
// one intersection blocked every Street Space is still reachable.
func TestMapInvariants(t *testing.T) {
	if NumSpaces != 34 || len(interNames) != 12 || len(Lots) != 24 {
		t.Fatalf("map: %d spaces %d intersections %d lots", NumSpaces, len(interNames), len(Lots))
	}
	s := started(t, 3, 1)
	clearBoard(s)
	for i, name := range interNames {
		s.Emergencies = []OnBoard{{Card: 0, Site: name}}
		d := s.distances(0)
		if i == 0 {
			d = s.distances(5)
		}
		for sp, v := range d {
			if v < 0 {
				t.Errorf("blocking %s cuts off %s", name, SpaceName(sp))
			}
		}
	}
}

// TestCrimeTrackByTable: the Crime Track's FAIL space is the tuned one of
// the table (CrimeFailTable by player count, DirtyCrimeFailTable with a
// Dirty Cop; CONTENT.md §1.3.1): at every table the cops lose exactly when
// the Crime marker reaches it, never a step before (PP-END-05).
func TestCrimeTrackByTable(t *testing.T) {
	check := func(name string, s *State, want int) {
		t.Helper()
		if got := s.FailSpace(); got != want || want < 2 {
			t.Fatalf("%s: FAIL on %d, want %d", name, got, want)
		}
		var res engine.Result
		for i := 1; i < want; i++ {
			s.crimeTrack(&res, "test")
			if s.Over {
				t.Fatalf("PP-END-05 %s: lost with the Crime marker on %d, FAIL is %d", name, s.Crime, want)
			}
		}
		s.crimeTrack(&res, "test")
		if !s.Over || s.Won || s.Crime != want {
			t.Fatalf("PP-END-05 %s: Crime marker on %d (FAIL %d), over %v", name, s.Crime, want, s.Over)
		}
		if !contains(res.Public, fmt.Sprintf("advances to %d of %d", want, want)) {
			t.Errorf("%s: the public lines do not give the track's length: %q", name, res.Public)
		}
	}
	for n := 1; n <= 6; n++ {
		want, ok := CrimeFailTable[n]
		if !ok {
			t.Fatalf("CrimeFailTable has no row for %d players", n)
		}
		check(fmt.Sprintf("players=%d", n), newS(t, n, 3), want)
	}
	for _, tc := range dirtyTables() {
		want, ok := DirtyCrimeFailTable[tc.n]
		if !ok {
			t.Fatalf("DirtyCrimeFailTable has no row for %d players", tc.n)
		}
		st, err := Game().New(dirtySetup(tc.n, 3, tc.mode, ""))
		if err != nil {
			t.Fatal(err)
		}
		check(tc.name(), st.(*State), want)
	}
}
