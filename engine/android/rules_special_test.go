package android

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// faceDownOn puts a token face down, known to seat, in suspect i's file f.
func faceDownOn(s *State, i, f int, seat engine.Seat) int {
	tok := s.EvidencePile[0]
	s.EvidencePile = s.EvidencePile[1:]
	s.Suspects[i].Files[f] = append(s.Suspects[i].Files[f], Evidence{Token: tok, KnownTo: []engine.Seat{seat}})
	return tok
}

// TestLily (AN-LILY-01…06): entering Lily's location costs 1 Time; the
// player turns one face-down token face up and sends Lily to a location
// of the same type in another district, possibly onto a lead, never onto
// Jimmy.
func TestLily(t *testing.T) {
	s := newS(t, 3, 6, "1")
	seat := s.active()
	s.Lily, s.Jimmy = mustLoc("harbor-lofts"), mustLoc("dome-residences")
	tok := faceDownOn(s, 1, 2, engine.Seat(s.left(seat)))
	d := place(t, s, "westside-cathedral", 6)
	d.Hand = nil
	apply(t, s, seat, "move harbor-lofts")
	if s.Time != 4 {
		t.Errorf("meeting Lily: %d Time left, want 4", s.Time)
	}
	reveal := "reveal " + s.Suspects[1].Def().Slug + " document 1"
	if got := legal(s, seat); !slices.Equal(got, []string{reveal}) {
		t.Fatalf("Lily: %v", got)
	}
	res := apply(t, s, seat, reveal)
	if e := s.Suspects[1].Files[2][0]; !e.FaceUp() || !strings.Contains(strings.Join(res.Public, " "), EvidencePool[tok].String()) {
		t.Fatal("the token is not face up")
	}
	var dests []string
	for _, m := range legal(s, seat) {
		dests = append(dests, strings.TrimPrefix(m, "lily to "))
	}
	for id, l := range Locations {
		ok := l.Type == Residential && l.District != DWestside && id != s.Jimmy
		if ok != slices.Contains(dests, l.Slug) {
			t.Errorf("Lily to %s (%s): listed %v", l.Slug, l.District, !ok)
		}
	}
	if !slices.Contains(dests, "eastside-tenements") {
		t.Error("Lily may go onto a lead (Rachel's physical lead may stand at the Eastside Tenements)")
	}
	apply(t, s, seat, "lily to skyline-apartments")
	if s.Lily != mustLoc("skyline-apartments") || s.Pending.Top().Kind != StepTurn {
		t.Fatal("Lily not sent on")
	}
	// AN-LILY-02: with no Time left she costs nothing, and still talks.
	place(t, s, "broadcast-tower", 1)
	d.Hand = make([]HandCard, d.Def().HandLimit) // no free draw
	apply(t, s, seat, "move skyline-apartments")
	if s.Time != 0 || s.Pending.Top().Kind != StepMoveLily {
		t.Fatalf("Lily with no Time: time %d, top %s", s.Time, s.Pending.Top().Kind)
	}
}

// TestJimmy (AN-JIMMY-01…06): entering Jimmy's location, a player may
// spend 1 Time to see another player's cards or every face-down token on
// one suspect, privately, then sends Jimmy on (not onto Lily); or pass
// him by for nothing.
func TestJimmy(t *testing.T) {
	s := newS(t, 3, 6, "1")
	seat := s.active()
	other := s.left(seat)
	s.Lily, s.Jimmy = mustLoc("lunar-casino"), mustLoc("dust-bar")
	tok := faceDownOn(s, 0, 1, engine.Seat(other))
	place(t, s, "melange-mining", 6)
	s.det().Hand = make([]HandCard, s.det().Def().HandLimit) // no free draw
	apply(t, s, seat, "move dust-bar")
	if s.Pending.Top().Kind != StepJimmy {
		t.Fatalf("no Jimmy: %v", legal(s, seat))
	}
	apply(t, s, seat, "pass jimmy")
	if s.Time != 5 || s.Jimmy != mustLoc("dust-bar") {
		t.Fatal("passing Jimmy by cost Time or moved him")
	}
	place(t, s, "melange-mining", 6)
	apply(t, s, seat, "move dust-bar")
	res := apply(t, s, seat, "jimmy peek at "+s.Suspects[0].Def().Slug)
	notes := strings.Join(res.Private[engine.Seat(seat)], " ")
	if s.Time != 4 || !strings.Contains(notes, EvidencePool[tok].String()) || !s.Suspects[0].Files[1][0].knows(engine.Seat(seat)) {
		t.Fatalf("peek: time %d, notes %q", s.Time, notes)
	}
	for _, l := range res.Public {
		if strings.Contains(l, EvidencePool[tok].String()) {
			t.Errorf("the peek is public: %q", l)
		}
	}
	if !strings.Contains(s.View(engine.Seat(seat)).Text(), "face down "+EvidencePool[tok].String()) {
		t.Error("the peeker's view does not show the token")
	}
	var dests []string
	for _, m := range legal(s, seat) {
		dests = append(dests, strings.TrimPrefix(m, "jimmy to "))
	}
	if slices.Contains(dests, "lunar-casino") || slices.Contains(dests, "dust-bar") || !slices.Contains(dests, "castle-club") {
		t.Errorf("Jimmy's destinations %v", dests)
	}
	for _, dst := range dests {
		if l := Locations[mustLoc(dst)]; l.Type != Nightlife || l.District == DMines {
			t.Errorf("Jimmy to %s", dst)
		}
	}
	apply(t, s, seat, "jimmy to castle-club")
	// Looking at a hand.
	s.Jimmy = mustLoc("dust-bar")
	place(t, s, "melange-mining", 6)
	apply(t, s, seat, "move dust-bar")
	res = apply(t, s, seat, "jimmy look at "+s.Dets[other].Def().Slug)
	if !strings.Contains(strings.Join(res.Private[engine.Seat(seat)], " "), s.Dets[other].Hand[0].Card) {
		t.Errorf("look: %v", res.Private)
	}
	for _, l := range res.Public {
		if strings.Contains(l, s.Dets[other].Hand[0].Card) {
			t.Errorf("the look is public: %q", l)
		}
	}
}
