package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// eventBoard is The Inclusion Job, blank, in round 1, with the characters
// on the given hexes (seat order) and 2 Ideas each.
func eventBoard(t *testing.T, hexes ...string) *State {
	s := inclusion(t, len(hexes))
	blankBoard(s)
	heistAt(t, s, 3, hexes...)
	for i, c := range s.Chars {
		c.Hex = hexes[i]
		c.Ideas = 2
	}
	s.Deck = []string{"M1", "M1", "M1", "M1", "M1", "M1"}
	return s
}

func resolve(s *State, code string) engine.Result {
	var res engine.Result
	if isCrisis(code) {
		s.resolveCrisis(code, &res)
	} else {
		s.resolveEvent(code, false, &res)
	}
	return res
}

func discarded(s *State) int { return 6 - len(s.Deck) }

func TestEventCards(t *testing.T) {
	cases := []struct {
		code  string
		hexes []string
		prep  func(s *State)
		check func(t *testing.T, s *State)
	}{
		{"1", []string{"c8", "e8", "i5"}, nil, func(t *testing.T, s *State) {
			if s.Bag[Camera] != 9 {
				t.Fatalf("cameras in bag %d", s.Bag[Camera])
			}
		}},
		{"2", []string{"c8", "c8", "i5"}, nil, func(t *testing.T, s *State) {
			if discarded(s) != 2 {
				t.Fatalf("discarded %d", discarded(s))
			}
		}},
		{"3", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Camera, true, false) }, func(t *testing.T, s *State) {
			if discarded(s) != 1 {
				t.Fatal("no Alert")
			}
		}},
		{"4", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Guard, true, false) }, func(t *testing.T, s *State) {
			if discarded(s) != 1 {
				t.Fatal("no Alert")
			}
		}},
		{"5", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Guard, true, false) }, func(t *testing.T, s *State) {
			if !s.tile("c6").locked() {
				t.Fatal("no Lock")
			}
		}},
		{"6", []string{"c8", "e8", "i5"}, nil, func(t *testing.T, s *State) {
			if s.Bag[Lock] != 6 {
				t.Fatal("locks")
			}
		}},
		{"7", []string{"c7", "e8", "i5"}, nil, func(t *testing.T, s *State) {
			if discarded(s) != 1 {
				t.Fatal("c7 has an external side")
			}
		}},
		{"8", []string{"c8", "e8", "i5"}, func(s *State) {
			s.tile("c5").addChit(Camera, false, false)
			s.tile("c6").addChit(Camera, false, false)
			s.tile("g4").addChit(Camera, false, false)
		}, func(t *testing.T, s *State) {
			if !s.tile("c5").liveCamera() || !s.tile("c6").liveCamera() || s.tile("g4").liveCamera() {
				t.Fatal("reboot")
			}
		}},
		{"9", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Camera, true, false) }, func(t *testing.T, s *State) {
			if s.tile("c6").count(Camera, true) != 2 {
				t.Fatal("double camera")
			}
		}},
		{"10", []string{"c7", "e8", "i5"}, func(s *State) {
			s.tile("c6").addChit(Camera, true, false)
			s.tile("d6").addChit(Guard, true, false)
		}, func(t *testing.T, s *State) {
			if discarded(s) != 2 {
				t.Fatal("two Alerts")
			}
		}},
		{"11", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Lock, false, false) }, func(t *testing.T, s *State) {
			if !s.tile("c6").locked() {
				t.Fatal("re-lock")
			}
		}},
		{"12", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c7").addChit(Guard, false, false) }, func(t *testing.T, s *State) {
			if len(s.offers()) != 1 || s.offers()[0].Seat != 0 {
				t.Fatalf("offers %v", s.offers())
			}
		}},
		{"13", []string{"c7", "e8", "i5"}, func(s *State) {
			s.tile("c6").addChit(Guard, true, false)
			s.tile("d6").addChit(Lock, true, false)
		}, func(t *testing.T, s *State) {
			if s.Chars[0].Ideas != 1 || s.Chars[1].Ideas != 2 {
				t.Fatal("overwhelmed")
			}
		}},
		{"14", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Lock, true, false) }, func(t *testing.T, s *State) {
			if s.tile("c6").count(Guard, true) != 1 {
				t.Fatal("door rattles")
			}
		}},
		{"15", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c7").addChit(Guard, false, false) }, func(t *testing.T, s *State) {
			if s.tile("c7").guards() != 1 || len(s.offers()) != 1 || !s.offers()[0].Team {
				t.Fatal("un-subdue and team offer")
			}
		}},
		{"16", []string{"c7", "c7", "c7"}, func(s *State) { s.tile("c6").addChit(Camera, true, false) }, func(t *testing.T, s *State) {
			if discarded(s) != 2 {
				t.Fatalf("discarded %d", discarded(s))
			}
		}},
		{"17", []string{"c7", "c8", "i5"}, nil, func(t *testing.T, s *State) {
			if len(s.offers()) != 2 {
				t.Fatalf("offers %v", s.offers())
			}
		}},
		{"18", []string{"c7", "c8", "i5"}, nil, func(t *testing.T, s *State) {
			if s.Chars[0].Ideas != 2 || s.Chars[2].Ideas != 1 {
				t.Fatal("moment of doubt")
			}
		}},
		{"19", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Camera, true, false) }, func(t *testing.T, s *State) {
			if s.tile("c7").count(Guard, true) != 1 {
				t.Fatal("hey you")
			}
		}},
		{"20", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c7").addChit(Guard, true, false) }, func(t *testing.T, s *State) {
			if s.Chars[0].Ideas != 1 {
				t.Fatal("hurry up")
			}
		}},
		{"21", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("g4").Unknown = true }, func(t *testing.T, s *State) {
			for _, c := range s.Chars {
				if c.Ideas != 1 {
					t.Fatal("fear of the unknown: everyone planned g4")
				}
			}
		}},
		{"22", []string{"c7", "e8", "i5"}, func(s *State) {
			s.Chars[0].Cash = 2
			s.Chars[0].Loot = []string{Jewel, "painting a"}
		}, func(t *testing.T, s *State) {
			c := s.Chars[0]
			if len(s.offers()) != 1 || s.offers()[0].Card != "22" {
				t.Fatalf("offers %v", s.offers())
			}
			setPhase(s, PhaseEvent)
			if slices.Contains(s.Legal(0), "decline") {
				t.Fatal("fumbling is not optional")
			}
			apply(t, s, 0, "fumble to c6")
			if c.Cash != 0 || !c.has(Jewel) || c.has("painting a") || s.tile("c6").Cash != 2 {
				t.Fatalf("fumble: %+v", c)
			}
		}},
		{"23", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c7").addChit(Guard, false, false) }, func(t *testing.T, s *State) {
			if s.tile("c7").guards() != 1 {
				t.Fatal("ties broke")
			}
		}},
		{"24", []string{"c7", "e8", "i5"}, nil, func(t *testing.T, s *State) {
			if len(s.offers()) != 1 {
				t.Fatal("coming in hot offer")
			}
		}},
		{"A2", []string{"c8", "e8", "i5"}, func(s *State) {
			s.tile("c5").addChit(Camera, true, false)
			s.tile("c6").addChit(Guard, false, false)
		}, func(t *testing.T, s *State) {
			if s.tile("c5").count(Guard, true) != 1 {
				t.Fatal("where is he")
			}
		}},
		{"A4", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("c6").addChit(Guard, true, false) }, func(t *testing.T, s *State) {
			if s.Chars[0].Ideas != 1 {
				t.Fatal("their word")
			}
		}},
		{"D1", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("a4").Tokens = []string{TokKennel} }, func(t *testing.T, s *State) {
			if s.tile("a4").count(Dog, true) != 0 {
				t.Fatal("the dog should run toward c7")
			}
		}},
		{"G1", []string{"c8", "e8", "i5"}, func(s *State) { s.tile("c6").Tokens = []string{"gate a"} }, func(t *testing.T, s *State) {
			if real(s.tile("c6")) {
				t.Fatal("gate")
			}
		}},
		{"G3", []string{"c8", "e8", "i5"}, func(s *State) { s.tile("c6").Tokens = []string{"gate a"} }, func(t *testing.T, s *State) {
			if !s.tile("c6").locked() {
				t.Fatal("lock on gate")
			}
		}},
		{"G4", []string{"c8", "e8", "i5"}, func(s *State) { s.tile("c6").Tokens = []string{"gate a"} }, func(t *testing.T, s *State) {
			if s.tile("c6").guards() != 1 {
				t.Fatal("guard on gate")
			}
		}},
		{"M2", []string{"c7", "e8", "i5"}, nil, func(t *testing.T, s *State) {
			if s.Chars[0].Ideas != 4 || s.Chars[1].Ideas != 2 {
				t.Fatal("confidence: inside only")
			}
		}},
		{"C4", []string{"c8", "e8", "i5"}, func(s *State) { s.tile("c3").Loot = []string{Jewel} }, func(t *testing.T, s *State) {
			if !s.tile("c3").locked() {
				t.Fatal("lock the goods")
			}
		}},
		{"C6", []string{"c7", "e8", "i5"}, func(s *State) { s.tile("a4").Tokens = []string{TokKennel} }, func(t *testing.T, s *State) {
			n := 0
			for _, tl := range s.Tiles {
				n += tl.count(Dog, true)
			}
			if n != 3 {
				t.Fatalf("dogs %d", n)
			}
		}},
		{"Z1", []string{"c8", "e8", "i5"}, nil, func(t *testing.T, s *State) {
			if !s.EscapeInitiated {
				t.Fatal("escape")
			}
		}},
		{"Z2", []string{"c8", "e8", "i5"}, func(s *State) {
			s.tile("c6").Tokens = []string{"gate a"}
			s.tile("d4").Tokens = []string{"gate b"}
		}, func(t *testing.T, s *State) {
			if !s.EscapeInitiated || real(s.tile("c6")) || real(s.tile("d4")) {
				t.Fatal("full lockdown")
			}
		}},
	}
	for _, tc := range cases {
		name := tc.code
		if d := theLib().Cards[tc.code]; d != nil {
			name += " " + d.Name()
		}
		t.Run(name, func(t *testing.T) {
			s := eventBoard(t, tc.hexes...)
			if tc.prep != nil {
				tc.prep(s)
			}
			res := resolve(s, tc.code)
			// Team choices (choices_test.go) take the first option here.
			for s.choice() != nil {
				seat := s.choiceSeats()[0]
				res.Merge(apply(t, s, int(seat), s.Legal(seat)[0]))
			}
			for _, l := range res.Public {
				if strings.Contains(l, "not implemented") {
					t.Fatalf("card says it is not implemented: %s", l)
				}
			}
			tc.check(t, s)
		})
	}
}

func TestEventOffers(t *testing.T) {
	t.Run("12 blab: an Idea for a Noise, in an Event phase turn", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c7").addChit(Guard, false, false)
		s.Deck = []string{"12", "M1", "M1"}
		for i := range s.Chars {
			takeFree(t, s, i)
			apply(t, s, i, "done")
		}
		if s.Phase != PhaseEvent || !slices.Equal(s.Turn().Seats, []engine.Seat{0}) {
			t.Fatalf("phase %s turn %v", s.Phase, s.Turn().Seats)
		}
		ideas, noise := s.Chars[0].Ideas, s.Noise.Level
		res := apply(t, s, 0, "blab")
		if s.Chars[0].Ideas != ideas+1 || s.Noise.Level != noise+1 || s.Phase != PhaseAction || s.Round != 2 || !res.PhaseEnded() {
			t.Fatalf("phase %s round %d", s.Phase, s.Round)
		}
	})
	t.Run("17 stage whisper", func(t *testing.T) {
		s := eventBoard(t, "c7", "c8", "i5")
		resolve(s, "17")
		setPhase(s, PhaseEvent)
		apply(t, s, 0, "whisper to "+lower(s.Chars[1].Name))
		if s.Chars[1].Ideas != 3 || s.Noise.Level != 1 {
			t.Fatal("whisper")
		}
		apply(t, s, 0, "decline")
	})
}

func TestNotImplementedSaysSo(t *testing.T) {
	for code := range theLib().Cards {
		if implementedCards[code] {
			continue
		}
		s := eventBoard(t, "c8", "e8", "i5")
		res := resolve(s, code)
		if len(res.Public) == 0 || !strings.Contains(res.Public[0], "not implemented yet, no effect") {
			t.Fatalf("%s: %v", code, res.Public)
		}
		if !strings.Contains(Game().Rules, theLib().Cards[code].Name()) {
			t.Fatalf("%s not listed in the Rules text", code)
		}
	}
}

func TestTwoXChits(t *testing.T) {
	s := eventBoard(t, "c8", "e8", "i5")
	resolve(s, "B3")
	if s.Bag[Guard] != 4 || s.Bag[Guard+" x2"] != 1 {
		t.Fatalf("bag %v", s.Bag)
	}
	s.Bag = map[string]int{Guard + " x2": 1}
	tl := s.tile("g4")
	tl.Unknown = true
	var res engine.Result
	s.reveal(tl, &res)
	if tl.guards() != 2 {
		t.Fatal("2x guard")
	}
}

// TestEventOfferOutcomes follows the team offers of I Thought I Had Him
// (15) and Coming In Hot! (24) to their effect.
func TestEventOfferOutcomes(t *testing.T) {
	t.Run("15 one character gets an Idea for a Noise, once", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c7").addChit(Guard, false, false)
		resolve(s, "15")
		setPhase(s, PhaseEvent)
		b := s.Chars[2]
		ideas, noise := b.Ideas, s.Noise.Level
		apply(t, s, 1, "idea for "+lower(b.Name))
		if b.Ideas != ideas+1 || s.Noise.Level != noise+1 || len(s.offers()) != 0 {
			t.Fatalf("ideas %d (was %d) noise %d (was %d) offers %v", b.Ideas, ideas, s.Noise.Level, noise, s.offers())
		}
	})
	t.Run("24 one Idea passes between characters, no Noise", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		resolve(s, "24")
		setPhase(s, PhaseEvent)
		a, b := s.Chars[0], s.Chars[2]
		ia, ib, noise := a.Ideas, b.Ideas, s.Noise.Level
		apply(t, s, 1, "pass idea from "+lower(a.Name)+" to "+lower(b.Name))
		if a.Ideas != ia-1 || b.Ideas != ib+1 || s.Noise.Level != noise || len(s.offers()) != 0 {
			t.Fatalf("ideas %d→%d, %d→%d, noise %d, offers %v", ia, a.Ideas, ib, b.Ideas, s.Noise.Level, s.offers())
		}
	})
	t.Run("24 nothing when Alerts went past it", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		var res engine.Result
		if s.offerEvents("24", true, &res); len(s.offers()) != 0 {
			t.Fatalf("offers %v", s.offers())
		}
	})
}

// TestSuspiciousGuardsNeedsAnActiveGuard: Suspicious Guards (4) and
// Increased Suspicion (10) raise an Alert for an unsubdued Guard next to a
// character, not for a subdued one or one farther away.
func TestSuspiciousGuardsNeedsAnActiveGuard(t *testing.T) {
	for _, code := range []string{"4", "10"} {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c6").addChit(Guard, false, false)
		s.tile("c5").addChit(Guard, true, false)
		resolve(s, code)
		if discarded(s) != 0 {
			t.Fatalf("%s: %d Alerts, want none", code, discarded(s))
		}
	}
}
