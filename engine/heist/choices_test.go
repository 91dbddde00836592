package heist

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// name is a character's name as moves spell it.
func name(s *State, seat int) string { return lower(s.Chars[seat].Name) }

// endActions has every character take a free Action and finish it, so the
// round's Event phase is played.
func endActions(t *testing.T, s *State) {
	t.Helper()
	for i, c := range s.Chars {
		if c.onBoard() && !c.Done {
			takeFree(t, s, i)
			apply(t, s, i, "done")
		}
	}
}

// wantChoice checks that a Choice of kind waits, open to every character
// in the heist at once, with exactly the moves want.
func wantChoice(t *testing.T, s *State, kind engine.DecisionKind, want ...string) {
	t.Helper()
	if s.choice() == nil || s.choice().Kind != kind {
		t.Fatalf("want a %s choice, got %+v", kind, s.choice())
	}
	turn := s.Turn()
	if turn.Kind != engine.Simultaneous || !slices.Equal(turn.Seats, s.choiceSeats()) || len(turn.Seats) == 0 {
		t.Fatalf("turn %+v", turn)
	}
	for _, seat := range turn.Seats {
		if got := s.Legal(seat); !slices.Equal(got, want) {
			t.Fatalf("seat %d legal %v, want %v", seat, got, want)
		}
	}
}

func dogsOn(s *State, hex string) int { return s.tile(hex).count(Dog, true) }

func TestChaseChoice(t *testing.T) {
	cases := []struct {
		name   string
		hexes  []string
		dog    string
		ask    bool
		answer func(s *State) string
		want   string // hex the Dog ends on
	}{
		{"MH-DOG-02 MH-DOG-07 characters on two hexes: the team chooses", []string{"c4", "c6", "i5"}, "c5", true,
			func(s *State) string { return "dog chases " + name(s, 1) }, "c6"},
		{"MH-DOG-07 the other answer", []string{"c4", "c6", "i5"}, "c5", true,
			func(s *State) string { return "dog chases " + name(s, 0) }, "c4"},
		{"MH-DOG-02 two characters on one hex: one option, no question", []string{"c4", "c4", "i5"}, "c5", false, nil, "c4"},
		{"MH-DOG-04 a character on an Entrance is no option", []string{"c6", "c8", "i5"}, "c7", false, nil, "c6"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := eventBoard(t, tc.hexes...)
			s.tile(tc.dog).addChit(Dog, true, false)
			var res engine.Result
			s.dogsChase(&res)
			if tc.ask {
				wantChoice(t, s, choiceChase, "dog chases "+name(s, 0), "dog chases "+name(s, 1))
				// Any seat decides for the team, even one far away.
				apply(t, s, 2, tc.answer(s))
			}
			if s.choice() != nil || dogsOn(s, tc.want) != 1 || dogsOn(s, tc.dog) != 0 {
				t.Fatalf("dog not on %s: choice %+v", tc.want, s.choice())
			}
			if s.Phase != PhaseAction || len(s.Turn().Seats) != 3 {
				t.Fatalf("the Action phase should go on: %s %v", s.Phase, s.Turn().Seats)
			}
		})
	}
	t.Run("MH-DOG-07 rejections say why and what is legal", func(t *testing.T) {
		s := eventBoard(t, "c4", "c6", "i5")
		s.tile("c5").addChit(Dog, true, false)
		var res engine.Result
		s.dogsChase(&res)
		msg := reject(t, s, 0, "dog chases "+name(s, 2))
		if !strings.Contains(msg, "not a character next to the Guard Dog on c5") || !strings.Contains(msg, "Legal now: dog chases") {
			t.Fatal(msg)
		}
		msg = reject(t, s, 0, "take walk")
		if !strings.Contains(msg, "must first decide which character the Guard Dog on c5 chases") {
			t.Fatal(msg)
		}
	})
	t.Run("MH-DOG-03 MH-DOG-07 MH-SEC-09 a Dog revealed mid-Action between two characters", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		heistAt(t, s, 1, "c3", "c6", "i5")
		s.tile("c5").Unknown = true
		s.Bag = map[string]int{Dog: 1}
		apply(t, s, 0, "take walk")
		apply(t, s, 0, "move c4")
		wantChoice(t, s, choiceChase, "dog chases "+name(s, 0), "dog chases "+name(s, 1))
		apply(t, s, 1, "dog chases "+name(s, 0))
		if dogsOn(s, "c4") != 1 || s.tile("c5").count(Blank, false) != 1 {
			t.Fatal("the Dog should be on c4, a Blank on c5")
		}
		apply(t, s, 0, "done") // the Action goes on
	})
}

func TestGuardLocksChoice(t *testing.T) {
	cases := []struct {
		name    string
		guards  []string
		inBag   int // Locks in the bag (0: as dealt), to shrink the supply
		answers []string
		asks    int // questions asked
		locked  []string
		open    []string
	}{
		{"MH-EPHASE-02 MH-EPHASE-07 four hexes qualify: the team picks 3", []string{"c4", "c6", "b4", "d4"}, 0,
			[]string{"lock guard c4", "lock guard b4", "lock guard d4"}, 3, []string{"c4", "b4", "d4"}, []string{"c6"}},
		{"MH-EPHASE-02 three qualify: all, no question", []string{"c4", "c6", "b4"}, 0, nil, 0, []string{"c4", "c6", "b4"}, nil},
		{"MH-EPHASE-11 MH-PIECES-07 two Locks left in the supply for three hexes", []string{"c4", "c6", "b4"}, 10,
			[]string{"lock guard c6", "lock guard b4"}, 2, []string{"c6", "b4"}, []string{"c4"}},
		{"MH-EPHASE-11 four hexes, the last pick left with one option each", []string{"c4", "c6", "b4", "d4"}, 0,
			[]string{"lock guard d4", "lock guard c6", "lock guard c4"}, 3, []string{"d4", "c6", "c4"}, []string{"b4"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := eventBoard(t, "c5", "e6", "i5")
			for _, h := range tc.guards {
				s.tile(h).addChit(Guard, true, false)
			}
			if tc.inBag > 0 {
				s.Bag[Lock] = tc.inBag
			}
			s.Deck = []string{"5", "M1", "M1", "M1"}
			endActions(t, s)
			asks := 0
			for _, a := range tc.answers {
				if s.choice() == nil {
					t.Fatalf("no question left for %q", a)
				}
				asks++
				if s.Phase != PhaseEvent || s.ActiveEvent != "5" || !strings.Contains(s.Turn().Prompt, "gets a Lock") {
					t.Fatalf("phase %s active %s prompt %q", s.Phase, s.ActiveEvent, s.Turn().Prompt)
				}
				apply(t, s, asks%3, a)
			}
			if asks != tc.asks || s.choice() != nil {
				t.Fatalf("asked %d, want %d; choice %+v", asks, tc.asks, s.choice())
			}
			for _, h := range tc.locked {
				if !s.tile(h).locked() {
					t.Errorf("%s not locked", h)
				}
			}
			for _, h := range tc.open {
				if s.tile(h).locked() {
					t.Errorf("%s locked", h)
				}
			}
			if s.Phase != PhaseAction || s.Round != 2 || !slices.Contains(s.Discard, "5") {
				t.Fatalf("the Event phase did not end: %s round %d discard %v", s.Phase, s.Round, s.Discard)
			}
		})
	}
	t.Run("MH-EPHASE-10 only the question may be answered", func(t *testing.T) {
		s := eventBoard(t, "c5", "e6", "i5")
		for _, h := range []string{"c4", "c6", "b4", "d4"} {
			s.tile(h).addChit(Guard, true, false)
		}
		s.Deck = []string{"5", "M1", "M1"}
		endActions(t, s)
		wantChoice(t, s, choiceLock, "lock guard b4", "lock guard c4", "lock guard c6", "lock guard d4")
		if msg := reject(t, s, 1, "lock guard e4"); !strings.Contains(msg, "e4 is not a hex left") || !strings.Contains(msg, "Legal now: lock guard b4/c4/c6/d4") {
			t.Fatal(msg)
		}
	})
}

func TestKennelRunChoice(t *testing.T) {
	cases := []struct {
		name   string
		code   string
		hexes  []string
		ideas  []int
		want   []string // the run's options; nil: no question
		answer string
		dogOn  string
	}{
		{"MH-DOG-06 MH-DOG-07 D1 two nearest characters tie", "D1", []string{"c3", "c5", "i5"}, nil,
			[]string{"dog runs to b3", "dog runs to b4"}, "dog runs to b3", "c3"},
		{"MH-DOG-07 D1 two shortest paths to one character", "D1", []string{"g4", "i5", "i5"}, nil,
			[]string{"dog runs to d3", "dog runs to d4"}, "dog runs to d4", "d4"},
		{"MH-DOG-06 D1 paths ending next to the same character: no question", "D1", []string{"c7", "e8", "i5"}, nil, nil, "", "c7"},
		{"MH-DOG-07 D2 two nearest hexes with loot", "D2", []string{"e3", "e8", "i5"}, nil,
			[]string{"dog runs to c3", "dog runs to c5"}, "dog runs to c5", "c5"},
		{"MH-DOG-07 D3 any character with the fewest Ideas, not only the nearest", "D3", []string{"c3", "g7", "i5"}, []int{0, 0, 2},
			[]string{"dog runs to b3", "dog runs to d5"}, "dog runs to d5", "d5"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := eventBoard(t, tc.hexes...)
			s.tile("a4").Tokens = []string{TokKennel}
			if tc.code == "D2" {
				s.tile("c3").Cash = 2
				s.tile("c5").Loot = []string{Jewel}
			}
			for i, n := range tc.ideas {
				s.Chars[i].Ideas = n
			}
			s.Deck = []string{tc.code, "M1", "M1", "M1"}
			endActions(t, s)
			if tc.want == nil {
				if s.choice() != nil {
					t.Fatalf("unexpected question %+v", s.choice())
				}
			} else {
				wantChoice(t, s, choiceRun, tc.want...)
				if s.Phase != PhaseEvent || !strings.Contains(s.View(0).Text(), "The team decides where the Guard Dog from the Kennel (a4) runs") {
					t.Fatal(s.View(0).Text())
				}
				apply(t, s, 0, tc.answer)
			}
			if s.choice() != nil || dogsOn(s, tc.dogOn) != 1 || s.Round != 2 {
				t.Fatalf("dog not on %s (choice %+v, round %d)", tc.dogOn, s.choice(), s.Round)
			}
		})
	}
	t.Run("MH-DOG-07 a run cannot end elsewhere; the stand-in picks a legal end", func(t *testing.T) {
		s := eventBoard(t, "c3", "c5", "i5")
		s.tile("a4").Tokens = []string{TokKennel}
		s.Deck = []string{"D1", "M1", "M1"}
		endActions(t, s)
		if msg := reject(t, s, 2, "dog runs to c4"); !strings.Contains(msg, "cannot end its run on c4") || !strings.Contains(msg, "dog runs to b3/b4") {
			t.Fatal(msg)
		}
		m := s.StandInMove(1, engine.NewRand(1))
		if !slices.Contains(s.Legal(1), m) {
			t.Fatalf("stand-in %q not legal", m)
		}
		apply(t, s, 1, m)
		if s.choice() != nil || s.Round != 2 {
			t.Fatal("stand-in did not settle the choice")
		}
	})
}

func TestReleaseTheHoundsChoices(t *testing.T) {
	// a4 is the Kennel: c3 and c5 are 2 hexes away, d4 and d2 both 3, so
	// the third hound's target is the team's choice, then its run too.
	setup := func(t *testing.T) *State {
		s := eventBoard(t, "c3", "c5", "d4", "d2")
		s.tile("a4").Tokens = []string{TokKennel}
		s.Deck = []string{"M1", "C6", "M1", "M1"}
		endActions(t, s)
		return s
	}
	t.Run("MH-EPHASE-02 MH-EPHASE-08 MH-EPHASE-09 MH-DOG-07 C6 tie for the nearest three, then a run", func(t *testing.T) {
		s := setup(t)
		wantChoice(t, s, choiceHound, "dog goes for "+name(s, 2), "dog goes for "+name(s, 3))
		if s.Phase != PhaseEvent || s.Crisis != "C6" || s.Turn().Phase != "Round 1: Event" {
			t.Fatalf("phase %s crisis %q turn %q", s.Phase, s.Crisis, s.Turn().Phase)
		}
		if msg := reject(t, s, 0, "dog goes for "+name(s, 0)); !strings.Contains(msg, "not one of the characters tied") {
			t.Fatal(msg)
		}
		apply(t, s, 3, "dog goes for "+name(s, 2))
		// Two hounds went for c3 and c5 on their own; the third, toward d4,
		// may stop next to c3 or next to c5.
		wantChoice(t, s, choiceRun, "dog runs to b3", "dog runs to b4")
		apply(t, s, 0, "dog runs to b4")
		if s.choice() != nil || dogsOn(s, "c3") != 1 || dogsOn(s, "c5") != 2 {
			t.Fatalf("dogs c3 %d c5 %d", dogsOn(s, "c3"), dogsOn(s, "c5"))
		}
		if s.Crisis != "" || !slices.Contains(s.Discard, "C6") || s.Phase != PhaseAction || s.Round != 2 {
			t.Fatalf("crisis %q discard %v phase %s round %d", s.Crisis, s.Discard, s.Phase, s.Round)
		}
	})
	t.Run("replay: a snapshot taken while the team decides plays on identically", func(t *testing.T) {
		a := setup(t)
		data, err := a.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		st, err := Game().Load(data)
		if err != nil {
			t.Fatal(err)
		}
		b := st.(*State)
		for _, s := range []*State{a, b} {
			apply(t, s, 1, "dog goes for "+name(s, 3))
			apply(t, s, 2, s.Legal(2)[len(s.Legal(2))-1])
		}
		x, _ := a.Marshal()
		y, _ := b.Marshal()
		if !bytes.Equal(x, y) {
			t.Fatal("snapshot and original differ")
		}
	})
	t.Run("MH-DOG-06 fewer than three characters: the nearest again, no question", func(t *testing.T) {
		s := eventBoard(t, "c3", "e8", "i5")
		s.Chars[1].Busted, s.Chars[2].Busted = true, true
		s.tile("a4").Tokens = []string{TokKennel}
		s.Deck = []string{"M1", "C6", "M1", "M1"}
		endActions(t, s)
		if s.choice() != nil || s.Round != 2 {
			t.Fatalf("choice %+v round %d", s.choice(), s.Round)
		}
		n := 0
		for _, tl := range s.Tiles {
			n += tl.count(Dog, true)
		}
		if n != 3 {
			t.Fatalf("dogs %d", n)
		}
	})
}

func TestTeamChoicesImplemented(t *testing.T) {
	for _, line := range notImplemented() {
		if strings.Contains(line, "Team choices") {
			t.Fatal(line)
		}
	}
	for _, m := range []string{"dog chases <character>", "dog runs to <hex>", "dog goes for <character>", "lock guard <hex>",
		"squirrely <character>", "lose idea", "cause 2 noise", "fumble <thing> to <hex>", "fumble to <hex>"} {
		if !strings.Contains(Game().Rules, m) {
			t.Errorf("/rules does not name %q", m)
		}
	}
}

func TestChoiceWithNobodyLeft(t *testing.T) {
	// MH-BUSTED-01: with every character Busted nobody can answer; the
	// first option is taken and the heist still ends, the Event resolved
	// and discarded once.
	s := eventBoard(t, "e3", "e8", "i5")
	s.tile("a4").Tokens = []string{TokKennel}
	s.tile("c3").Cash = 2
	s.tile("c5").Loot = []string{Jewel}
	s.Deck = []string{"D2", "M1", "M1"}
	for _, c := range s.Chars {
		c.Busted, c.Done = true, true
	}
	var res engine.Result
	s.advance(&res)
	n := 0
	for _, code := range s.Discard {
		if code == "D2" {
			n++
		}
	}
	if s.choice() != nil || s.Phase != PhaseOver || n != 1 || dogsOn(s, "c3") != 1 {
		t.Fatalf("choice %+v phase %s D2 discarded %d times, dog on c3 %d", s.choice(), s.Phase, n, dogsOn(s, "c3"))
	}
}

// hostageBoard is The Hospitality Job in round 1's Action phase with the
// Hostage taken (its action done) and the characters placed by place,
// given the Hostage's tile.
func hostageBoard(t *testing.T, place func(s *State, h *Tile) []string, ideas ...int) *State {
	t.Helper()
	s := newTestState(t, "the-hospitality-job", 3, 1)
	blankBoard(s)
	h := s.tile(s.NPC.Hex)
	heistAt(t, s, 3, place(s, h)...)
	s.NPC.Active, s.NPC.Done = true, true
	for i, n := range ideas {
		s.Chars[i].Ideas = n
	}
	s.Deck = []string{"M1", "M1", "M1", "M1"}
	return s
}

// nearHex is the i-th neighbour of the Hostage's tile h.
func nearHex(s *State, h *Tile, i int) string { return s.neighbours(h)[i].Hex }

// farHex is a tile off the Entrances as far from h as the map allows.
func farHex(s *State, h *Tile) string {
	best, far := "", -1
	for _, t := range s.Tiles {
		if real(t) && !t.Entrance {
			if d := hexDistance(t, h); d > far {
				best, far = t.Hex, d
			}
		}
	}
	return best
}

func TestSquirrely(t *testing.T) {
	oneNear := func(s *State, h *Tile) []string { return []string{nearHex(s, h, 0), farHex(s, h), farHex(s, h)} }
	twoNear := func(s *State, h *Tile) []string {
		return []string{nearHex(s, h, 0), nearHex(s, h, 1), farHex(s, h)}
	}
	sameHex := func(s *State, h *Tile) []string { return []string{nearHex(s, h, 0), nearHex(s, h, 0), farHex(s, h)} }
	onTile := func(s *State, h *Tile) []string { return []string{h.Hex, nearHex(s, h, 0), farHex(s, h)} }
	cases := []struct {
		name    string
		place   func(s *State, h *Tile) []string
		ideas   []int
		team    []int  // tied seats the team is asked about (nil: no question)
		pick    int    // the team's pick
		own     bool   // the picked character's player is asked
		answer  string // that player's answer
		lost    int    // seat that loses an Idea (-1: none)
		noise   int
		nothing bool
	}{
		{"MH-NPC-03 one nearest with Ideas: its player chooses to lose an Idea", oneNear, []int{2, 2, 2},
			nil, 0, true, "lose idea", 0, 0, false},
		{"MH-NPC-03 one nearest with Ideas: its player chooses 2 Noise", oneNear, []int{2, 2, 2},
			nil, 0, true, "cause 2 noise", -1, 2, false},
		{"MH-NPC-03 one nearest without an Idea: 2 Noise, nothing asked", oneNear, []int{0, 2, 2},
			nil, 0, false, "", -1, 2, false},
		{"MH-NPC-03 MH-INTRO-01 two tied on two hexes: the team picks, then that player", twoNear, []int{2, 2, 2},
			[]int{0, 1}, 1, true, "lose idea", 1, 0, false},
		{"MH-NPC-03 MH-INTRO-01 two tied on one hex: still the team's pick", sameHex, []int{1, 3, 2},
			[]int{0, 1}, 0, true, "cause 2 noise", -1, 2, false},
		{"MH-NPC-03 the team picks a tied character without an Idea: 2 Noise at once", twoNear, []int{2, 0, 2},
			[]int{0, 1}, 1, false, "", -1, 2, false},
		{"MH-NPC-03 tied characters all without Ideas: one outcome, nothing asked", twoNear, []int{0, 0, 2},
			nil, 0, false, "", -1, 2, false},
		{"MH-NPC-03 a character shares the Hostage's tile: no SQUIRRELY", onTile, []int{2, 2, 2},
			nil, 0, false, "", -1, 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := hostageBoard(t, tc.place, tc.ideas...)
			before := slices.Clone(tc.ideas)
			// Every Action is done (no Noise from it): the phase ends.
			for _, c := range s.Chars {
				c.Done = true
			}
			var res engine.Result
			s.advance(&res)
			if tc.team != nil {
				var want []string
				for _, seat := range tc.team {
					want = append(want, "squirrely "+name(s, seat))
				}
				wantChoice(t, s, choiceSquirrely, want...)
				if s.Phase != PhaseAction || s.Turn().Phase != "Round 1: Action" || s.Round != 1 {
					t.Fatalf("phase %s turn %q round %d", s.Phase, s.Turn().Phase, s.Round)
				}
				// Anyone may answer for the team, even the far character.
				apply(t, s, 2, "squirrely "+name(s, tc.pick))
			}
			if tc.own {
				if s.choice() == nil || s.choice().Kind != choiceSquirrelyCost {
					t.Fatalf("want the player's choice, got %+v", s.choice())
				}
				turn := s.Turn()
				if turn.Kind != engine.Sequential || !slices.Equal(turn.Seats, []engine.Seat{engine.Seat(tc.pick)}) {
					t.Fatalf("turn %+v", turn)
				}
				if got := s.Legal(engine.Seat(tc.pick)); !slices.Equal(got, []string{"lose idea", "cause 2 noise"}) {
					t.Fatalf("legal %v", got)
				}
				other := (tc.pick + 1) % 3
				if len(s.Legal(engine.Seat(other))) != 0 {
					t.Fatal("only the named character's player decides")
				}
				if msg := reject(t, s, other, tc.answer); !strings.Contains(msg, "nothing to do now") {
					t.Fatal(msg)
				}
				apply(t, s, tc.pick, tc.answer)
			}
			if s.choice() != nil || s.Round != 2 || s.Phase != PhaseAction {
				t.Fatalf("choice %+v round %d phase %s", s.choice(), s.Round, s.Phase)
			}
			for i, c := range s.Chars {
				want := before[i]
				if i == tc.lost {
					want--
				}
				if c.Ideas != want {
					t.Errorf("seat %d Ideas %d, want %d", i, c.Ideas, want)
				}
			}
			if s.Noise.Level != tc.noise {
				t.Errorf("noise %d, want %d", s.Noise.Level, tc.noise)
			}
			if tc.nothing && strings.Contains(s.View(0).Text(), "SQUIRRELY: the") {
				t.Error("SQUIRRELY applied with a character on the Hostage's tile")
			}
		})
	}
	t.Run("MH-NPC-03 rejections, the stand-in, a snapshot mid-choice", func(t *testing.T) {
		s := hostageBoard(t, twoNear, 2, 2, 2)
		for _, c := range s.Chars {
			c.Done = true
		}
		var res engine.Result
		s.advance(&res)
		if msg := reject(t, s, 0, "squirrely "+name(s, 2)); !strings.Contains(msg, "not one of the characters tied for nearest") ||
			!strings.Contains(msg, "Legal now: squirrely") {
			t.Fatal(msg)
		}
		if msg := reject(t, s, 0, "lose idea"); !strings.Contains(msg, "must first decide which of the characters nearest") {
			t.Fatal(msg)
		}
		data, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		st, err := Game().Load(data)
		if err != nil {
			t.Fatal(err)
		}
		b := st.(*State)
		for _, x := range []*State{s, b} {
			m := x.StandInMove(2, engine.NewRand(1))
			if !slices.Contains(x.Legal(2), m) {
				t.Fatalf("stand-in %q not legal", m)
			}
			apply(t, x, 2, m)
			seat := x.Turn().Seats[0]
			m = x.StandInMove(seat, engine.NewRand(1))
			if !slices.Contains(x.Legal(seat), m) {
				t.Fatalf("stand-in %q not legal", m)
			}
			apply(t, x, int(seat), m)
			if x.choice() != nil || x.Round != 2 {
				t.Fatal("the stand-in did not settle SQUIRRELY")
			}
		}
		x, _ := s.Marshal()
		y, _ := b.Marshal()
		if !bytes.Equal(x, y) {
			t.Fatal("snapshot and original differ")
		}
	})
}

func TestMachinistIdea(t *testing.T) {
	cases := []struct {
		name string
		seat int
		move string
		bag  string
		gain bool
	}{
		{"MH-PLAN-07 MH-FIXER-02 Visage's Reveal finds a Lock: the revealer gains", 1, "visage reveal g4", Lock, true},
		{"MH-PLAN-07 CONSULT FLOORPLANS finds a Lock: the revealer gains", 2, "schematics g4", Lock, true},
		{"MH-PLAN-07 no Lock found: no Idea", 1, "visage reveal g4", Camera, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := inclusion(t, 3)
			s.Fixers = append(s.Fixers, "Visage", "The Machinist")
			s.TeamCash = 2
			s.Chars[2].Loot = append(s.Chars[2].Loot, "item Building Schematics")
			s.Bag = map[string]int{tc.bag: 1}
			var before []int
			for _, c := range s.Chars {
				before = append(before, c.Ideas)
			}
			apply(t, s, tc.seat, tc.move)
			for i, c := range s.Chars {
				want := before[i]
				if tc.gain && i == tc.seat {
					want++
				}
				if c.Ideas != want {
					t.Errorf("seat %d Ideas %d, want %d", i, c.Ideas, want)
				}
			}
		})
	}
}

func TestFumbleEachPiece(t *testing.T) {
	// c7's neighbours: c6, d6, b6 and c8 (a Guard on c8: no option).
	cases := []struct {
		name   string
		moves  []string
		cash   map[string]int
		loot   map[string][]string
		offers int // offers still open after the moves
	}{
		{"MH-EPHASE-10 MH-ITEM-09 each piece to its own hex, cash as one", []string{"fumble $2k to c6", "fumble painting a to b6", "fumble jewel to c6"},
			map[string]int{"c6": 2}, map[string][]string{"c6": {Jewel}, "b6": {"painting a"}}, 0},
		{"MH-EPHASE-10 one hex for all of it", []string{"fumble to b6"},
			map[string]int{"b6": 2}, map[string][]string{"b6": {Jewel, "painting a"}}, 0},
		{"MH-EPHASE-10 the offer stays open until every piece is down", []string{"fumble jewel to c6"},
			nil, map[string][]string{"c6": {Jewel}}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := eventBoard(t, "c7", "e8", "i5")
			s.Objective = "Steal the documents"
			s.tile("c8").addChit(Guard, true, false)
			c := s.Chars[0]
			c.Cash = 2
			c.Loot = []string{Jewel, "painting a", USB}
			s.Deck = []string{"22", "M1", "M1"}
			endActions(t, s)
			if s.Phase != PhaseEvent || len(s.offers()) != 1 {
				t.Fatalf("phase %s offers %v", s.Phase, s.offers())
			}
			legal := s.Legal(0)
			if slices.Contains(legal, "decline") || slices.Contains(legal, "fumble $2k to c8") || slices.Contains(legal, "fumble usb key to c6") {
				t.Fatalf("legal %v", legal)
			}
			for _, m := range tc.moves {
				apply(t, s, 0, m)
			}
			if len(s.offers()) != tc.offers {
				t.Fatalf("offers %v", s.offers())
			}
			for h, n := range tc.cash {
				if s.tile(h).Cash != n {
					t.Errorf("%s cash %d, want %d", h, s.tile(h).Cash, n)
				}
			}
			for h, l := range tc.loot {
				got := slices.Clone(s.tile(h).Loot)
				slices.Sort(got)
				want := slices.Clone(l)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s loot %v, want %v", h, got, want)
				}
			}
			if !c.has(USB) {
				t.Error("the tool the objective needs stays in hand")
			}
			if tc.offers == 0 && (s.Round != 2 || c.Cash != 0) {
				t.Fatalf("round %d cash %d", s.Round, c.Cash)
			}
		})
	}
	t.Run("MH-EPHASE-10 one piece left: no all-in-one move", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.Chars[0].Loot = []string{"painting a"}
		s.Deck = []string{"22", "M1", "M1"}
		endActions(t, s)
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "fumble to ") {
				t.Fatalf("legal %v", s.Legal(0))
			}
		}
	})
}

// playerChoiceBoard is The Hospitality Job, seed seed, in round 1's Action
// phase: the Hostage taken, two characters tied next to it (one carrying
// cash and two pieces of loot), the third far away, and Fumble the Loot on
// top of the deck, so SQUIRRELY and Fumble the Loot ask again and again.
func playerChoiceBoard(t *testing.T, seed uint64) *State {
	t.Helper()
	s := newTestState(t, "the-hospitality-job", 3, seed)
	blankBoard(s)
	h := s.tile(s.NPC.Hex)
	heistAt(t, s, 3, nearHex(s, h, 0), nearHex(s, h, 1), farHex(s, h))
	s.NPC.Active, s.NPC.Done = true, true
	for _, c := range s.Chars {
		c.Ideas = 3
	}
	s.Chars[0].Cash = 2
	s.Chars[0].Loot = []string{"painting a", "painting b"}
	s.Deck = []string{"22", "M1", "M1", "M1", "M1", "M1"}
	return s
}

func TestPlayerChoicesPlayouts(t *testing.T) {
	// Random heists through SQUIRRELY and Fumble the Loot, a third of the
	// moves played by the stand-in: every one ends, the stand-in's moves
	// are legal, and a replay with a snapshot taken while a decision waits
	// gives the same Marshal() bytes.
	asked := map[string]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		s := playerChoiceBoard(t, seed)
		r := engine.NewRand(seed*31 + 7)
		var log []played
		snapAt := -1
		for steps := 0; s.Outcome() == nil; steps++ {
			if steps > 20000 {
				t.Fatalf("seed %d: no end (phase %s round %d)", seed, s.Phase, s.Round)
			}
			if s.choice() != nil {
				asked[string(s.choice().Kind)]++
			}
			if s.Phase == PhaseEvent && len(s.offers()) > 0 && s.offers()[0].Card == "22" {
				asked["fumble"]++
			}
			if snapAt < 0 && (s.choice() != nil || s.Phase == PhaseEvent) {
				snapAt = len(log)
			}
			seat, m := randomMove(s, r)
			if steps%3 == 0 {
				m = s.StandInMove(seat, r)
				if !slices.Contains(s.Legal(seat), m) {
					t.Fatalf("seed %d: stand-in %q not legal: %v", seed, m, s.Legal(seat))
				}
			}
			if m == "" {
				t.Fatalf("seed %d: seat %d has no legal move", seed, seat)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatalf("seed %d: %q: %v", seed, m, err)
			}
			log = append(log, played{seat, m})
		}
		want, _ := s.Marshal()
		x := playerChoiceBoard(t, seed)
		for i, p := range log {
			if i == snapAt {
				data, _ := x.Marshal()
				st, err := Game().Load(data)
				if err != nil {
					t.Fatal(err)
				}
				x = st.(*State)
			}
			if _, err := x.Apply(p.Seat, p.Move); err != nil {
				t.Fatalf("seed %d: replay %d %q: %v", seed, i, p.Move, err)
			}
		}
		if got, _ := x.Marshal(); !bytes.Equal(got, want) {
			t.Fatalf("seed %d: replay differs", seed)
		}
	}
	for _, k := range []string{string(choiceSquirrely), string(choiceSquirrelyCost), "fumble"} {
		if asked[k] == 0 {
			t.Errorf("no %s decision in the playouts: %v", k, asked)
		}
	}
}
