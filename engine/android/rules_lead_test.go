package android

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// atLead puts the active detective on the lead of index lead with 6 Time.
func atLead(t *testing.T, s *State, lead int) *Det {
	t.Helper()
	return place(t, s, Locations[s.Leads[lead].At].Slug, 6)
}

// TestFollowUpLead (AN-LEAD-01…06, AN-LEAD-09, AN-EVID-01/02/04/05): a
// lead where the detective stands is followed up for 1 Time; the player
// on the right moves it to another location of the same type with no
// lead, outside his own detective's district; then the active player
// draws an evidence token, sees it alone, and puts it face down in the
// file of the lead's type on a live suspect of his choice.
func TestFollowUpLead(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := s.active()
	if !strings.HasPrefix(refusal(s, seat, "follow up"), "There is no lead at") && s.leadAt(s.det().At) < 0 {
		t.Errorf("follow up away from a lead: %q", refusal(s, seat, "follow up"))
	}
	lead := 0 // the first suspect's testimony lead
	d := atLead(t, s, lead)
	from := s.Leads[lead].At
	apply(t, s, seat, "follow up")
	if s.Time != 5 {
		t.Errorf("follow up cost %d", 6-s.Time)
	}
	mover := s.right(seat)
	tu := s.Turn()
	if !slices.Equal(tu.Seats, []engine.Seat{engine.Seat(mover)}) {
		t.Fatalf("the lead is moved by %v, want the right-hand seat %d", tu.Seats, mover)
	}
	if len(legal(s, seat)) != 0 {
		t.Error("the active player may act while the lead is being moved")
	}
	own := Locations[s.Dets[mover].At].District
	var dests []string
	for _, m := range legal(s, mover) {
		dests = append(dests, strings.TrimPrefix(m, "lead to "))
	}
	if len(dests) == 0 {
		t.Fatal("nowhere to move the lead")
	}
	for id, l := range Locations {
		ok := id != from && l.Type == Locations[from].Type && s.leadAt(id) < 0 && l.District != own
		if ok != slices.Contains(dests, l.Slug) {
			t.Errorf("destination %s (%s, %s): listed %v", l.Slug, l.Type, l.District, !ok)
		}
	}
	apply(t, s, mover, "lead to "+dests[0])
	if s.Leads[lead].At != mustLoc(dests[0]) {
		t.Fatal("lead not moved")
	}
	if got := legal(s, seat); !slices.Equal(got, []string{"reveal information", "dig deeper", "place evidence"}) {
		t.Fatalf("using the lead: %v", got)
	}
	top := s.EvidencePile[0]
	res := apply(t, s, seat, "place evidence")
	if len(res.Private[engine.Seat(seat)]) != 1 || !strings.Contains(res.Private[engine.Seat(seat)][0], EvidencePool[top].String()) {
		t.Errorf("the drawn token is not told to its drawer: %v", res.Private)
	}
	for _, line := range res.Public {
		if strings.Contains(line, EvidencePool[top].String()) {
			t.Errorf("the drawn token shows in public: %q", line)
		}
	}
	if pub := s.View(engine.Public).(*View).State.Dets[seat]; len(pub.Holding) != 1 || pub.Holding[0] != 0 {
		t.Errorf("public sees the held token %v", pub.Holding)
	}
	sus := s.Suspects[1].Def().Slug
	apply(t, s, seat, "evidence "+sus)
	e := s.Suspects[1].Files[fileIndex(Testimony)]
	if len(e) != 1 || e[0].Token != top || e[0].FaceUp() || len(d.Holding) != 0 {
		t.Fatalf("placed %+v", e)
	}
	for v, want := range map[engine.Viewer]bool{engine.Public: false, engine.Viewer(seat): true, engine.Viewer(mover): false} {
		if got := strings.Contains(s.View(v).Text(), "face down "+EvidencePool[top].String()); got != want {
			t.Errorf("viewer %d sees the face-down token: %v", v, got)
		}
	}
	if s.Pending.Top().Kind != StepTurn || s.active() != seat {
		t.Error("the turn does not resume")
	}
}

// TestLeadDistrictException (AN-LEAD-07): when no location of the type is
// free outside the mover's district, the district rule is dropped.
func TestLeadDistrictException(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	mover := 0
	s.Dets[mover].At = mustLoc("skyline-apartments") // Downtown
	lead := len(s.Leads)
	s.Leads = append(s.Leads, Lead{Kind: Physical, Of: "test", At: mustLoc("harbor-lofts")})
	for id, l := range Locations {
		if l.Type == Residential && l.District != DDowntown && s.leadAt(id) < 0 {
			s.Leads = append(s.Leads, Lead{Kind: Physical, Of: "filler", At: id})
		}
	}
	got := s.leadDestinations(lead, mover)
	if !slices.Equal(got, []int{mustLoc("skyline-apartments")}) {
		var names []string
		for _, id := range got {
			names = append(names, Locations[id].Slug)
		}
		t.Errorf("destinations %v, want the mover's own district's skyline-apartments", names)
	}
}

// TestClimaxLeadLeaves (AN-LEAD-08): in the climax a followed-up lead
// leaves the game instead of moving, and no one is asked to move it.
func TestClimaxLeadLeaves(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	s.Day = 11
	seat := s.active()
	atLead(t, s, 2)
	apply(t, s, seat, "follow up")
	if s.Leads[2].At != -1 {
		t.Fatal("a climax lead did not leave the game")
	}
	if got := legal(s, seat); !slices.Equal(got, []string{"reveal information", "dig deeper", "place evidence"}) {
		t.Fatalf("after a climax follow-up: %v", got)
	}
}

// TestEvidenceFaceUpAndDead (AN-EVID-02/03/06/07): a token may be placed
// face up, shown to all and staying so; a dead suspect receives none.
func TestEvidenceFaceUpAndDead(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := s.active()
	s.Suspects[0].Dead = true
	atLead(t, s, 4)
	apply(t, s, seat, "follow up")
	apply(t, s, s.right(seat), legal(s, s.right(seat))[0])
	top := s.EvidencePile[0]
	apply(t, s, seat, "place evidence")
	dead := "evidence " + s.Suspects[0].Def().Slug
	if has(s, seat, dead) || !strings.Contains(refusal(s, seat, dead), "is dead") {
		t.Errorf("evidence on a dead suspect: %q", refusal(s, seat, dead))
	}
	res := apply(t, s, seat, "evidence "+s.Suspects[1].Def().Slug+" faceup")
	kind := s.Leads[4].Kind
	e := s.Suspects[1].Files[fileIndex(kind)]
	if len(e) != 1 || !e[0].FaceUp() || e[0].Shown != EvidencePool[top].String() || !strings.Contains(strings.Join(res.Public, " "), e[0].Shown) {
		t.Errorf("face-up token %+v, log %v", e, res.Public)
	}
	if !strings.Contains(s.View(engine.Public).Text(), "["+e[0].Shown+"]") {
		t.Error("a face-up token is not in the public view")
	}
}

// TestEvidencePileEmpty (AN-CONSP-01, AN-LEAD-09): with the evidence pile
// empty a lead can still uncover the conspiracy, and Reveal Information is
// the default; with the conspiracy's piles empty too, following up is
// refused with the reason.
func TestEvidencePileEmpty(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := s.active()
	atLead(t, s, 0)
	d := s.det()
	d.Holding, s.EvidencePile = s.EvidencePile, nil
	apply(t, s, seat, "follow up")
	apply(t, s, s.right(seat), legal(s, s.right(seat))[0])
	if got := legal(s, seat); !slices.Equal(got, []string{"reveal information", "dig deeper"}) || s.Pending.Top().Default != "reveal information" {
		t.Fatalf("empty pile, use of the lead: %v (default %q)", got, s.Pending.Top().Default)
	}
	if !strings.Contains(refusal(s, seat, "place evidence"), "evidence pile is empty") {
		t.Errorf("place evidence with an empty pile: %q", refusal(s, seat, "place evidence"))
	}
	s = quiet(newS(t, 3, 2, "1"))
	seat = s.active()
	atLead(t, s, 0)
	s.EvidencePile = nil
	for i := range s.Story.Puzzle.Markers {
		s.Story.Puzzle.Markers[i] = -1
	}
	for ty := range s.Story.Puzzle.Piles {
		s.Story.Puzzle.Discards = append(s.Story.Puzzle.Discards, s.Story.Puzzle.Piles[ty].Pieces...)
		s.Story.Puzzle.Piles[ty].Pieces = nil
	}
	if !strings.HasPrefix(refusal(s, seat, "follow up"), "The evidence pile is empty") {
		t.Errorf("empty piles: %q", refusal(s, seat, "follow up"))
	}
}

// TestAlibiAndHits (AN-ALIBI-01/02, AN-HIT-01…06, AN-EVID-03): the Order of
// Sol puts an alibi on a live suspect, Humanity Labor a hit; the third hit
// kills: evidence back into the pile, alibis back to theirs, the hits stay
// on the face-down sheet (our ruling of AN-HIT-06), and a dead suspect
// takes no more alibis or hits.
func TestAlibiAndHits(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := s.active()
	d := s.det()
	d.Favors[FavorSociety], d.Favors[FavorStreet] = 1, 4
	s.Supply.Favors[FavorSociety]--
	s.Supply.Favors[FavorStreet] -= 4
	victim := s.Suspects[2].Def().Slug
	place(t, s, "order-of-sol", 6)
	apply(t, s, seat, "use order-of-sol on "+victim)
	if s.Suspects[2].Alibis != 1 || s.Supply.Alibis != AlibiTokens-1 {
		t.Fatal("alibi not placed")
	}
	s.Suspects[2].Files[0] = []Evidence{{Token: s.EvidencePile[0], KnownTo: []engine.Seat{0}}}
	s.EvidencePile = s.EvidencePile[1:]
	for i := 1; i <= 3; i++ {
		place(t, s, "humanity-labor", 6)
		d.Used = nil
		apply(t, s, seat, "use humanity-labor on "+victim)
		if s.Suspects[2].Hits != i {
			t.Fatalf("hit %d: %d hits", i, s.Suspects[2].Hits)
		}
	}
	sus := s.Suspects[2]
	if !sus.Dead || sus.Hits != 3 || sus.Alibis != 0 || len(sus.Files[0]) != 0 || len(s.EvidencePile) != len(EvidencePool) || s.Supply.Alibis != AlibiTokens || s.Supply.Hits != HitTokens-3 {
		t.Fatalf("after the third hit: %+v, pile %d, alibis %d", sus, len(s.EvidencePile), s.Supply.Alibis)
	}
	d.Used = nil
	place(t, s, "humanity-labor", 6)
	if has(s, seat, "use humanity-labor on "+victim) || !strings.Contains(refusal(s, seat, "use humanity-labor on "+victim), "is dead") {
		t.Error("a hit on a dead suspect")
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
	if !strings.Contains(s.View(engine.Public).Text(), Suspects[sus.Suspect].Name+": dead") {
		t.Error("the dead suspect's sheet is not shown face down")
	}
}
