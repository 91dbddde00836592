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
func wantChoice(t *testing.T, s *State, kind string, want ...string) {
	t.Helper()
	if s.Choice == nil || s.Choice.Kind != kind {
		t.Fatalf("want a %s choice, got %+v", kind, s.Choice)
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
			if s.Choice != nil || dogsOn(s, tc.want) != 1 || dogsOn(s, tc.dog) != 0 {
				t.Fatalf("dog not on %s: choice %+v", tc.want, s.Choice)
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
		if !strings.Contains(msg, "not a character next to the Guard Dog on c5") || !strings.Contains(msg, "Legal: dog chases") {
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
				if s.Choice == nil {
					t.Fatalf("no question left for %q", a)
				}
				asks++
				if s.Phase != PhaseEvent || s.ActiveEvent != "5" || !strings.Contains(s.Turn().Prompt, "gets a Lock") {
					t.Fatalf("phase %s active %s prompt %q", s.Phase, s.ActiveEvent, s.Turn().Prompt)
				}
				apply(t, s, asks%3, a)
			}
			if asks != tc.asks || s.Choice != nil {
				t.Fatalf("asked %d, want %d; choice %+v", asks, tc.asks, s.Choice)
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
		if msg := reject(t, s, 1, "lock guard e4"); !strings.Contains(msg, "e4 is not a hex left") || !strings.Contains(msg, "Legal: lock guard b4/c4/c6/d4") {
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
				if s.Choice != nil {
					t.Fatalf("unexpected question %+v", s.Choice)
				}
			} else {
				wantChoice(t, s, choiceRun, tc.want...)
				if s.Phase != PhaseEvent || !strings.Contains(s.View(0).Text(), "The team decides where the Guard Dog from the Kennel (a4) runs") {
					t.Fatal(s.View(0).Text())
				}
				apply(t, s, 0, tc.answer)
			}
			if s.Choice != nil || dogsOn(s, tc.dogOn) != 1 || s.Round != 2 {
				t.Fatalf("dog not on %s (choice %+v, round %d)", tc.dogOn, s.Choice, s.Round)
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
		if s.Choice != nil || s.Round != 2 {
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
		if s.Choice != nil || dogsOn(s, "c3") != 1 || dogsOn(s, "c5") != 2 {
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
		if s.Choice != nil || s.Round != 2 {
			t.Fatalf("choice %+v round %d", s.Choice, s.Round)
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
	for _, m := range []string{"dog chases <character>", "dog runs to <hex>", "dog goes for <character>", "lock guard <hex>"} {
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
	if s.Choice != nil || s.Phase != PhaseOver || n != 1 || dogsOn(s, "c3") != 1 {
		t.Fatalf("choice %+v phase %s D2 discarded %d times, dog on c3 %d", s.Choice, s.Phase, n, dogsOn(s, "c3"))
	}
}
