package policeprecinct

import (
	"slices"
	"strings"
	"testing"
)

// atAct is a 3-player game whose active cop stands on sp at phase 2,
// with a clean board and an empty hand; other is another seat.
func atAct(t *testing.T, sp string) (s *State, c *Cop, other *Cop) {
	t.Helper()
	s = started(t, 3, 1)
	clearBoard(s)
	c = s.cop()
	// Empty hands all round: no help window opens unless a test deals one.
	for i := range s.Cops {
		s.PoliceDiscard = append(s.PoliceDiscard, s.Cops[i].Hand...)
		s.Cops[i].Hand, s.Cops[i].Fresh = nil, nil
	}
	c.Character = slices.IndexFunc(Characters, func(ch Character) bool { return ch.Power == PowerLeadFoot }) // 2/2/2, no roll power
	atAction(t, s, sp)
	other = &s.Cops[s.Order[1]]
	other.At = space(t, "g4")
	return s, c, other
}

// TestTurnOneAction: phase 2 offers the five actions of the rules
// (PP-TURN-03) and one of them ends phase 2 (PP-TURN-02); the phases run
// in order (PP-TURN-01).
func TestTurnOneAction(t *testing.T) {
	s, c, _ := atAct(t, "a3")
	s.Punks[1] = 1 // Bad Hood 2 borders a4? no: block 2 NE is t1=a4, r0=f1
	c.At = space(t, "a4")
	s.Emergencies = append(s.Emergencies, OnBoard{Card: 8, Site: "apartment 2", Shown: -1})
	s.removeFromDeck(8)
	s.Stacks[CatWitness].Lot = "warehouse 2"
	fresh(s)
	_ = c
	for _, m := range []string{"arrest 2", "draw police card"} {
		if !has(s, c.Seat, m) {
			t.Errorf("PP-TURN-03: %s missing from %v", m, legal(s, c.Seat))
		}
	}
	c.At = space(t, "a3")
	fresh(s)
	c.Donuts, s.DonutSupply = c.Donuts+1, s.DonutSupply-1
	fresh(s)
	if !has(s, c.Seat, "upgrade arrest") {
		t.Errorf("PP-TURN-03: the Upgrade action: %q", refusal(s, c.Seat, "upgrade arrest"))
	}
	c.At = Lot("warehouse 2").Enter
	fresh(s)
	if !has(s, c.Seat, "investigate interview witness") {
		t.Errorf("PP-TURN-03: investigate missing: %v", legal(s, c.Seat))
	}
	res := apply(t, s, c.Seat, "draw police card")
	// Phase 2 is over: phase 3 draws, phase 4 draws an Event, the turn
	// passes (PP-TURN-01, PP-TURN-02).
	if s.active() == c.Seat {
		t.Errorf("PP-TURN-02: still %d's turn at %s", c.Seat, s.step())
	}
	if len(c.Hand) != 2 || !contains(res.Public, "Event:") {
		t.Errorf("PP-TURN-01/PP-PCACT-01: hand %d (action + phase 3), log %v", len(c.Hand), res.Public)
	}
	i1, i2 := -1, -1
	for i, l := range res.Public {
		if strings.Contains(l, "draws 1 Police card") && i1 < 0 {
			i1 = i
		}
		if strings.HasPrefix(l, "Event:") {
			i2 = i
		}
	}
	if i1 < 0 || i2 < i1 {
		t.Errorf("PP-TURN-01: phase order in %v", res.Public)
	}
}

// TestInvestigateWhere: drawing Investigation cards needs the Enter space
// of the building (PP-INVACT-01) holding a stack (PP-INVACT-02), not
// covered by an Emergency (PP-INVACT-03, PP-EMERG-04).
func TestInvestigateWhere(t *testing.T) {
	s, c, _ := atAct(t, "a3")
	morgue := Lot(Morgue)
	c.At = morgue.Sides[1] // beside the Morgue, not its Enter space
	fresh(s)
	if has(s, c.Seat, "investigate examine body") {
		t.Error("PP-INVACT-01: investigated from a space without the Enter arrow")
	}
	if msg := refusal(s, c.Seat, "investigate examine body"); !strings.Contains(msg, "Enter arrow") {
		t.Errorf("PP-INVACT-01 refusal %q", msg)
	}
	c.At = morgue.Enter
	fresh(s)
	if !has(s, c.Seat, "investigate examine body") {
		t.Error("PP-INVACT-01, PP-INVACT-02: cannot investigate at the Morgue's Enter space")
	}
	if has(s, c.Seat, "investigate crime scene") {
		t.Error("PP-INVACT-02: the Crime Scene stack is elsewhere")
	}
	s.Emergencies = append(s.Emergencies, OnBoard{Card: 6, Site: Morgue, Shown: -1})
	s.removeFromDeck(6)
	fresh(s)
	if msg := refusal(s, c.Seat, "investigate examine body"); !strings.Contains(msg, "covers") {
		t.Errorf("PP-INVACT-03: %q", msg)
	}
}

// TestInvestigationCount: the number of Investigation cards drawn
// (PP-INVEST-01, PP-INVEST-02, PP-INVEST-03, PP-INVEST-04, PP-INVEST-05, PP-INVEST-06, PP-INVEST-07, PP-INVEST-08).
func TestInvestigationCount(t *testing.T) {
	s, c, other := atAct(t, Lot(Morgue).Enter0(t))
	base := c.Char().Glass
	if got := s.investigationCount(0); got != base {
		t.Errorf("PP-INVEST-01: %d, want %d (Marked car)", got, base)
	}
	other.At = c.At
	if got := s.investigationCount(0); got != base+1 {
		t.Errorf("PP-INVEST-02: %d", got)
	}
	if got := s.investigationCount(1); got != base+2 {
		t.Errorf("PP-INVEST-03: %d", got)
	}
	c.Marked = false
	if got := s.investigationCount(1); got != base+3 {
		t.Errorf("PP-INVEST-04: %d", got)
	}
	s.T.Donuts = 2
	if got := s.investigationCount(1); got != base+5 {
		t.Errorf("PP-INVEST-05: %d", got)
	}
	c.Upgrades = []string{"investigation"}
	if got := s.investigationCount(1); got != 8 {
		t.Errorf("PP-INVEST-06, PP-INVEST-08: 2+1+1+1+2+1 = %d, want 8", got)
	}
	// PP-INVEST-07: an own card uses its text, not its symbols: the K-9
	// Unit's text gives +1 card although it bears no Magnifying Glass.
	s.T = TurnState{Event: -1}
	c.Upgrades = nil
	c.Marked = true
	c.Hand = []int{cardOf(t, s, "k-9 unit")}
	apply(t, s, c.Seat, "investigate examine body")
	apply(t, s, c.Seat, "play k-9 unit")
	if got := s.investigationCount(0); got != base+1+1 {
		t.Errorf("PP-INVEST-07: %d, want rating + 1 vehicle + 1 (text)", got)
	}
}

// Enter0 is the lot's Enter space by name, for tests.
func (l LotDef) Enter0(t *testing.T) string { return SpaceName(l.Enter) }

// TestEvidence: Evidence drawn goes face up to the Murder Investigation
// Board (PP-EVID-01, PP-EVID-02), one useless card leaves the game (PP-HANDLE-01),
// the rest return to the stack (PP-HANDLE-02), which is shuffled
// (PP-HANDLE-03) unless Thorough (PP-HANDLE-04); the last Evidence of a
// category (PP-HANDLE-05) earns a Donut (PP-HANDLE-06) and removes the
// stack (PP-HANDLE-07).
func TestEvidence(t *testing.T) {
	s, c, _ := atAct(t, Lot(Morgue).Enter0(t))
	st := &s.Stacks[CatBody]
	var ev, use []int
	for _, id := range st.Cards {
		if InvestigationCards[id].Evidence {
			ev = append(ev, id)
		} else {
			use = append(use, id)
		}
	}
	if len(Categories) != 4 || len(ev) != 3 {
		t.Fatalf("PP-HANDLE-05: %d categories, %d Body Evidence", len(Categories), len(ev))
	}
	// Top: 1 Evidence, 2 useless (the rating is 2, the Marked car +0,
	// one Donut +1 = 3 cards).
	st.Cards = append(append([]int{ev[0], use[0], use[1]}, use[2:]...), ev[1:]...)
	c.Donuts, s.DonutSupply = 1, s.DonutSupply-1
	apply(t, s, c.Seat, "investigate examine body")
	apply(t, s, c.Seat, "donut")
	c.Character = slices.IndexFunc(Characters, func(ch Character) bool { return ch.Power == PowerThorough })
	c.Character = slices.IndexFunc(Characters, func(ch Character) bool { return ch.Glass == 2 && ch.Power == PowerLeadFoot })
	res := apply(t, s, c.Seat, "draw")
	if s.Board[CatBody] != 1 {
		t.Errorf("PP-EVID-01, PP-EVID-02: board %d", s.Board[CatBody])
	}
	if !slices.Contains(s.InvRemoved, use[0]) || slices.Contains(st.Cards, use[0]) || len(s.InvRemoved) != 1 {
		t.Errorf("PP-HANDLE-01: removed %v", s.InvRemoved)
	}
	if !slices.Contains(st.Cards, use[1]) || len(st.Cards) != 9-2 {
		t.Errorf("PP-HANDLE-02: stack %v", st.Cards)
	}
	if !contains(res.Public, "1 Evidence placed") {
		t.Errorf("PP-EVID-01: %v", res.Public)
	}
	// PP-HANDLE-03 / -04: Thorough leaves the returned cards at the
	// bottom, in order; others shuffle.
	for _, thorough := range []bool{true, false} {
		s, c, _ := atAct(t, Lot(Morgue).Enter0(t))
		if thorough {
			c.Character = slices.IndexFunc(Characters, func(ch Character) bool { return ch.Power == PowerThorough })
		}
		st := &s.Stacks[CatBody]
		before := slices.Clone(st.Cards)
		n := s.investigationCount(0)
		apply(t, s, c.Seat, "investigate examine body")
		apply(t, s, c.Seat, "draw")
		var kept []int
		for _, id := range before[:n] {
			if !InvestigationCards[id].Evidence && !slices.Contains(s.InvRemoved, id) {
				kept = append(kept, id)
			}
		}
		want := append(slices.Clone(before[n:]), kept...)
		if got := slices.Equal(st.Cards, want); got != thorough {
			t.Errorf("PP-HANDLE-03, PP-HANDLE-04: thorough=%v, stack in draw order = %v", thorough, got)
		}
	}
	// Last Evidence of a category.
	s, c, _ = atAct(t, Lot(Morgue).Enter0(t))
	st = &s.Stacks[CatBody]
	s.Board[CatBody] = 2
	var last int
	for _, id := range st.Cards {
		if InvestigationCards[id].Evidence {
			last = id
		}
	}
	var rest []int
	for _, id := range st.Cards {
		if InvestigationCards[id].Evidence && id != last {
			s.InvRemoved = append(s.InvRemoved, id) // already on the board
		} else if id != last {
			rest = append(rest, id)
		}
	}
	st.Cards = append([]int{last}, rest...)
	donuts := c.Donuts
	apply(t, s, c.Seat, "investigate examine body")
	apply(t, s, c.Seat, "draw")
	if s.Board[CatBody] != 3 || c.Donuts != donuts+1 {
		t.Errorf("PP-HANDLE-06: board %d donuts %d", s.Board[CatBody], c.Donuts)
	}
	if !st.Done || len(st.Cards) != 0 || has(s, c.Seat, "investigate examine body") {
		t.Errorf("PP-HANDLE-07: stack %v done %v", st.Cards, st.Done)
	}
}

// TestEvidenceWinsEarly: all Evidence on the Board before the Murderer
// appears ends the game at once in the cops' favour (PP-HANDLE-08,
// PP-END-01).
func TestEvidenceWinsEarly(t *testing.T) {
	s, c, _ := atAct(t, Lot(Morgue).Enter0(t))
	s.Board = EvidencePerCategory
	s.Board[CatBody] = 2
	st := &s.Stacks[CatBody]
	slices.SortFunc(st.Cards, func(a, b int) int { return btoi(InvestigationCards[b].Evidence) - btoi(InvestigationCards[a].Evidence) })
	apply(t, s, c.Seat, "investigate examine body")
	apply(t, s, c.Seat, "draw")
	if !s.Over || !s.Won || s.Outcome() == nil || len(s.Outcome().Winners) != 3 {
		t.Errorf("PP-HANDLE-08/PP-END-01: over=%v won=%v", s.Over, s.Won)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestUpgrade: only at the Police Station (PP-UPGRADE-01), at most two
// (PP-UPGRADE-02), different (PP-UPGRADE-03), a Donut each
// (PP-UPGRADE-04, PP-UPGRADE-05), the four kinds (PP-UPGRADE-06).
func TestUpgrade(t *testing.T) {
	s, c, _ := atAct(t, "c3")
	c.Donuts, s.DonutSupply = 3, s.DonutSupply-3
	fresh(s)
	if msg := refusal(s, c.Seat, "upgrade arrest"); !strings.HasPrefix(msg, "You can upgrade only at the Police Station") {
		t.Errorf("PP-UPGRADE-01: %q", msg)
	}
	c.At = stationSpace()
	fresh(s)
	n := 0
	for _, m := range legal(s, c.Seat) {
		if strings.HasPrefix(m, "upgrade ") {
			n++
			if strings.Count(m, " and ") > 1 {
				t.Errorf("PP-UPGRADE-02: %s", m)
			}
		}
	}
	if n != 4+6 {
		t.Errorf("PP-UPGRADE-06: %d upgrade moves, want 4 single + 6 pairs", n)
	}
	if has(s, c.Seat, "upgrade arrest and arrest") {
		t.Error("PP-UPGRADE-03: the same token twice")
	}
	if !strings.Contains(refusal(s, c.Seat, "upgrade arrest and movement and emergency"), "at most two") {
		t.Error("PP-UPGRADE-02: three tokens in one action")
	}
	apply(t, s, c.Seat, "upgrade movement and arrest")
	if c.Donuts != 1 || !c.HasUpgrade("arrest") || !c.HasUpgrade("movement") {
		t.Errorf("PP-UPGRADE-04: donuts %d upgrades %v", c.Donuts, c.Upgrades)
	}
	s, c, _ = atAct(t, stationName())
	c.Donuts = 0
	fresh(s)
	if msg := refusal(s, c.Seat, "upgrade arrest"); !strings.HasPrefix(msg, "Each Upgrade token costs a Donut") {
		t.Errorf("PP-UPGRADE-05: %q", msg)
	}
	c.Donuts, s.DonutSupply = 1, s.DonutSupply-1
	fresh(s)
	if has(s, c.Seat, "upgrade movement and arrest") {
		t.Error("PP-UPGRADE-04: two tokens for one Donut")
	}
}

func stationName() string { return SpaceName(stationSpace()) }

// TestDrawPoliceCardAction: the phase-2 Police card draw is separate from
// phase 3's (PP-PCACT-01, PP-POLICE-01).
func TestDrawPoliceCardAction(t *testing.T) {
	s, c, _ := atAct(t, "c3")
	apply(t, s, c.Seat, "draw police card")
	if len(c.Hand) != 2 {
		t.Errorf("PP-PCACT-01/PP-POLICE-01: %d cards after the action and phase 3", len(c.Hand))
	}
}
