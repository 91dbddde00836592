package policeprecinct

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestHandPolicy: in a purely co-operative game every seat sees every
// hand (cards face up [P4]); the public sees only how many; with a Dirty
// Cop possible a seat sees its own hand only.
func TestHandPolicy(t *testing.T) {
	s := started(t, 3, 5)
	for viewer := 0; viewer < 3; viewer++ {
		v := s.View(engine.Seat(viewer)).(*View)
		for i, c := range v.State.Cops {
			if len(c.Hand) != len(s.Cops[i].Hand) || c.Hand[0] != s.Cops[i].Hand[0] {
				t.Errorf("co-op: seat %d sees hand of %d as %v", viewer, i, c.Hand)
			}
		}
		if !strings.Contains(v.Text(), "Hand of") {
			t.Error("co-op: hands missing from a seat's text")
		}
	}
	pub := s.View(engine.Public).(*View)
	for i, c := range pub.State.Cops {
		if len(c.Hand) != len(s.Cops[i].Hand) {
			t.Errorf("public: hand count %d", len(c.Hand))
		}
	}
	if strings.Contains(pub.Text(), "Hand of") {
		t.Error("public text names cards")
	}
	hidden := engine.HiddenFrom(s, engine.Public)
	for path := range hidden {
		if strings.Contains(path, "Rng") || strings.Contains(path, "Deck") || strings.Contains(path, "Hand") || strings.Contains(path, "Cards") || strings.Contains(path, "UC") || strings.Contains(path, "Fresh") {
			continue
		}
		t.Errorf("unexpected hidden field %s", path)
	}
	// Dirty Cop possible: own hand only.
	d := newState(4, 5, false, "1", false)
	v := d.View(1).(*View)
	for i, c := range v.State.Cops {
		same := len(c.Hand) > 0 && c.Hand[0] == d.Cops[i].Hand[0] && c.Hand[1] == d.Cops[i].Hand[1]
		if i == 1 && !same {
			t.Error("dirty cop: own hand hidden")
		}
		if i != 1 && d.Cops[i].Hand[0] != 0 && same {
			t.Errorf("dirty cop: seat 1 sees hand of %d", i)
		}
	}
}

// TestSecretsStayOut: the face-down UC markers, deck orders and the
// generator do not reach the public view.
func TestSecretsStayOut(t *testing.T) {
	s := started(t, 4, 8)
	pub := s.View(engine.Public).(*View).State
	if len(pub.EventDeck) != len(s.EventDeck) || pub.EventDeck[0] != 0 || pub.Rng.S != 0 {
		t.Error("Event deck order or generator public")
	}
	for _, e := range pub.Emergencies {
		if e.HasUC && e.UC != 0 {
			t.Error("face-down UC marker public")
		}
	}
	for c := range pub.Stacks {
		for _, id := range pub.Stacks[c].Cards {
			if id != 0 {
				t.Error("Investigation stack order public")
			}
		}
	}
}

// TestOwnHandComesBeforeTheBoard: a private DM shows the first 1,400
// bytes of a seat's view, and a six-cop game's view is longer than that,
// so the seat's own hand is written before the public board and the other
// hands; each other hand it may see is still there, once, at the end.
func TestOwnHandComesBeforeTheBoard(t *testing.T) {
	s := started(t, 6, 11)
	for viewer := 0; viewer < 6; viewer++ {
		text := s.View(engine.Seat(viewer)).Text()
		own := "Your hand: " + handNames(s.Cops[viewer].Hand) + "."
		at := strings.Index(text, own)
		if at < 0 {
			t.Fatalf("seat %d: own hand %q missing from\n%s", viewer, own, text)
		}
		if board := strings.Index(text, "Bad Hoods"); at > board {
			t.Errorf("seat %d: own hand at byte %d, after the board at %d", viewer, at, board)
		}
		if strings.Contains(text, "Hand of "+who(viewer)+":") {
			t.Errorf("seat %d: own hand written twice", viewer)
		}
		for i := 0; i < 6; i++ {
			if i != viewer && strings.Count(text, "Hand of "+who(i)+":") != 1 {
				t.Errorf("seat %d: hand of seat %d not shown once", viewer, i)
			}
		}
	}
	if strings.Contains(s.View(engine.Public).Text(), "Your hand") {
		t.Error("the public view names a hand")
	}
}

// TestFaceUpHandRefreshesOnlyItsOwnersDM: in a co-operative game every
// seat sees every hand, but a hand changing moves only its owner's secret
// fingerprint, so only that cop's player is sent a fresh private view
// (the others read it with /hand); every seat's view still shows it.
func TestFaceUpHandRefreshesOnlyItsOwnersDM(t *testing.T) {
	s := started(t, 4, 5)
	before := engine.SecretFingerprints(s)
	s.Cops[1].Hand = append(s.Cops[1].Hand, s.Cops[2].Hand[0])
	after := engine.SecretFingerprints(s)
	for seat := engine.Seat(0); seat < 4; seat++ {
		if moved := after[seat] != before[seat]; moved != (seat == 1) {
			t.Errorf("seat %d: fingerprint moved %v after seat 1's hand changed", seat, moved)
		}
		if v := s.View(seat).(*View).State; len(v.Cops[1].Hand) != len(s.Cops[1].Hand) || v.Cops[1].Hand[len(v.Cops[1].Hand)-1] == 0 {
			t.Errorf("seat %d no longer sees seat 1's face-up hand", seat)
		}
	}
}
