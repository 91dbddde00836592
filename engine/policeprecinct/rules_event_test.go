package policeprecinct

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// topEvents puts the given Event cards on top of the deck, in order.
func topEvents(s *State, cards ...int) {
	for _, c := range cards {
		s.removeFromDeck(c)
	}
	s.EventDeck = append(slices.Clone(cards), s.EventDeck...)
}

func eventNamed(t testing.TB, name string) int {
	t.Helper()
	i := slices.IndexFunc(EventDeck, func(c EventCard) bool { return c.Name == name })
	if i < 0 {
		t.Fatalf("no event %s", name)
	}
	return i
}

// endAction ends phase 2 with the Draw a Police Card action, so phases 3
// and 4 follow.
func endAction(t *testing.T, s *State, c *Cop) engine.Result {
	t.Helper()
	return apply(t, s, c.Seat, "draw police card")
}

// TestEventDraw: 1 Event card per turn (PP-EVENT-01); an Emergency's
// reward can prevent it (PP-EVENT-02); the last card advances the Crime
// marker (PP-EVENT-03) and the deck is reshuffled (PP-EVENT-04).
func TestEventDraw(t *testing.T) {
	s, c, _ := atAct(t, "c1")
	before := len(s.EventDeck)
	res := endAction(t, s, c)
	if len(s.EventDeck) != before-1 || strings.Count(strings.Join(res.Public, "\n"), "Event: ") != 1 {
		t.Errorf("PP-EVENT-01: deck %d → %d", before, len(s.EventDeck))
	}
	// PP-EVENT-02: the hostage call's reward.
	s, c, _ = atAct(t, "a2")
	putEmergency(t, s, "blue", "hostage call", "apartment 1", -1)
	c.At = Lot("apartment 1").Sides[1]
	before = len(s.EventDeck)
	apply(t, s, c.Seat, "handle apartment 1")
	s.rigged = []int{6, 6}
	res = apply(t, s, c.Seat, "roll")
	if len(s.EventDeck) != before || contains(res.Public, "Event: ") {
		t.Errorf("PP-EVENT-02: an Event was drawn: %v", res.Public)
	}
	// PP-EVENT-03, PP-EVENT-04.
	s, c, _ = atAct(t, "c1")
	quiet := eventNamed(t, "quiet night")
	s.EventDiscard = append(s.EventDiscard, s.EventDeck...)
	s.EventDeck = nil
	topEvents(s, quiet)
	crime := s.Crime
	res = endAction(t, s, c)
	if s.Crime != crime+1 || len(s.EventDeck) == 0 || !contains(res.Public, "reshuffled") {
		t.Errorf("PP-EVENT-03, PP-EVENT-04: crime %d deck %d", s.Crime, len(s.EventDeck))
	}
}

// TestEmergencyPlacement: printed or rolled site (PP-EMERG-01), a face-down
// UC marker on a slot (PP-EMERG-02), re-rolled when taken (PP-EMERG-03),
// covering an Investigation stack (PP-EMERG-04).
func TestEmergencyPlacement(t *testing.T) {
	s, _, _ := atAct(t, "c1")
	var res engine.Result
	rob := emergencyCard(t, "red", "armed robbery")
	s.removeFromDeck(rob)
	s.placeEmergency(rob, &res)
	if s.emergencyAt(Bank) < 0 {
		t.Errorf("PP-EMERG-01 printed: %+v", s.Emergencies)
	}
	dd := emergencyCard(t, "blue", "domestic dispute")
	s.removeFromDeck(dd)
	putEmergency(t, s, "yellow", "shooting", "apartment 2", -1)
	s.rigged = []int{2, 2, 5}
	s.placeEmergency(dd, &res)
	i := s.emergencyAt("apartment 5")
	if i < 0 {
		t.Fatalf("PP-EMERG-01, PP-EMERG-03: rolled 2 (taken), 2, 5: %+v", s.Emergencies)
	}
	if !contains(res.Public, "already has an Emergency; rolling again") {
		t.Errorf("PP-EMERG-03: %v", res.Public)
	}
	e := s.Emergencies[i]
	if !e.HasUC || e.Shown != -1 || e.UC < 0 {
		t.Errorf("PP-EMERG-02: %+v", e)
	}
	pub := s.View(engine.Public).(*View).State
	for _, pe := range pub.Emergencies {
		if pe.Site == "apartment 5" && pe.UC != 0 {
			t.Error("PP-EMERG-02: the face-down marker shows in the public view")
		}
	}
	// PP-EMERG-04: covering a stack.
	s.Stacks[CatWitness].Lot = "apartment 3"
	bi := emergencyCard(t, "blue", "shooting")
	s.removeFromDeck(bi)
	s.rigged = []int{3}
	res = engine.Result{}
	s.placeEmergency(bi, &res)
	if !contains(res.Public, "covers the interview witness") {
		t.Errorf("PP-EMERG-04: %v", res.Public)
	}
}

// TestUrgent: the one Urgent marker (PP-EMERG-05, PP-EMERG-06, PP-EMERG-07, PP-EMERG-08, PP-EMERG-09, PP-EMERG-10, PP-EMERG-11, PP-EMERG-12).
func TestUrgent(t *testing.T) {
	place := func(s *State, colour, name string) engine.Result {
		var res engine.Result
		c := emergencyCard(t, colour, name)
		s.removeFromDeck(c)
		s.placeEmergency(c, &res)
		return res
	}
	urgentSite := func(s *State) []string {
		var out []string
		for _, e := range s.Emergencies {
			if e.Urgent {
				out = append(out, e.Def().Colour+" "+e.Def().Name)
			}
		}
		return out
	}
	s, _, _ := atAct(t, "c1")
	place(s, "red", "armed robbery")
	place(s, "blue", "armed robbery")
	if len(urgentSite(s)) != 0 {
		t.Error("PP-EMERG-12: no colour match, no Urgent")
	}
	place(s, "red", "break-in")
	if got := urgentSite(s); !slices.Equal(got, []string{"red armed robbery"}) {
		t.Errorf("PP-EMERG-06: the earlier red gets it: %v", got)
	}
	place(s, "yellow", "armed robbery")
	if got := urgentSite(s); !slices.Equal(got, []string{"red armed robbery"}) || s.Crime != 0 {
		t.Errorf("PP-EMERG-12: yellow matches nothing: %v", got)
	}
	crime := s.Crime
	discard := len(s.EventDiscard)
	res := place(s, "blue", "break-in")
	if s.emergencyAt(Bank) >= 0 {
		t.Error("PP-EMERG-07, PP-EMERG-08: the Urgent red Emergency must fail and leave")
	}
	if len(s.EventDiscard) != discard+1 || s.EventDiscard[len(s.EventDiscard)-1] != emergencyCard(t, "red", "armed robbery") {
		t.Error("PP-EMERG-08: it goes to the Event discard")
	}
	if got := urgentSite(s); !slices.Equal(got, []string{"blue armed robbery"}) {
		t.Errorf("PP-EMERG-10 (ruling: oldest of the drawn colour): %v", got)
	}
	if s.Crime != crime+1 || !contains(res.Public, "failed Emergency") {
		t.Errorf("PP-EMERG-11: crime %d", s.Crime)
	}
	// PP-EMERG-09: its UC marker is discarded too; PP-EMERG-10 when the
	// new card is the only one of its colour... it takes the marker.
	s, _, _ = atAct(t, "c1")
	a := putEmergency(t, s, "red", "domestic dispute", "apartment 1", ucNamed("false alarm"))
	a.Urgent = true
	putEmergency(t, s, "red", "break-in", "warehouse 1", -1)
	ucd := len(s.UCDiscard)
	place(s, "red", "armed robbery")
	if len(s.UCDiscard) != ucd+1 {
		t.Error("PP-EMERG-09: UC marker not discarded")
	}
	if got := urgentSite(s); !slices.Equal(got, []string{"red break-in"}) {
		t.Errorf("PP-EMERG-10: %v", got)
	}
	// Only one Urgent marker at any time (PP-EMERG-05): checked in every
	// random playout by conserve.
	if n := len(urgentSite(s)); n != 1 {
		t.Errorf("PP-EMERG-05: %d", n)
	}
}

// TestStreetPunks: one die per Punk (PP-PUNK-01); too few in the stockpile
// places none (PP-PUNK-02), advances the Crime marker (PP-PUNK-03) and
// discards the card (PP-PUNK-04).
func TestStreetPunks(t *testing.T) {
	s, c, _ := atAct(t, "c1")
	p3 := eventNamed(t, "street punks +3")
	topEvents(s, p3)
	s.rigged = []int{2, 5, 5}
	endAction(t, s, c)
	if s.Punks != [6]int{0, 1, 0, 0, 2, 0} {
		t.Errorf("PP-PUNK-01: %v", s.Punks)
	}
	s, c, _ = atAct(t, "c1")
	s.Punks[0], s.Stockpile = s.Stockpile-2, 2
	topEvents(s, p3)
	crime := s.Crime
	endAction(t, s, c)
	if s.Stockpile != 2 || s.Punks[1] != 0 {
		t.Errorf("PP-PUNK-02: stockpile %d", s.Stockpile)
	}
	if s.Crime != crime+1 {
		t.Errorf("PP-PUNK-03: crime %d", s.Crime)
	}
	if !slices.Contains(s.EventDiscard, p3) {
		t.Error("PP-PUNK-04: card not discarded")
	}
}

// TestStreetGangs: 4 Punks bring a Gang card (PP-GANG-01); there are 4
// (PP-GANG-02); a fifth needed advances the Crime marker (PP-GANG-03).
func TestStreetGangs(t *testing.T) {
	s, _, _ := atAct(t, "c1")
	if s.GangSupply != 4 || GangCards != 4 {
		t.Errorf("PP-GANG-02: %d", s.GangSupply)
	}
	var res engine.Result
	s.Punks[2], s.Stockpile = 3, s.Stockpile-3
	s.rigged = []int{3}
	s.addPunks(1, &res)
	if !s.Gangs[2] || s.GangSupply != 3 {
		t.Errorf("PP-GANG-01: gangs %v", s.Gangs)
	}
	for n := 0; n < 4; n++ {
		if n != 2 {
			s.Gangs[n] = true
		}
	}
	s.GangSupply = 0
	s.Punks[5], s.Stockpile = 3, s.Stockpile-3
	s.rigged = []int{6}
	crime := s.Crime
	s.addPunks(1, &res)
	if s.Crime != crime+1 || s.Gangs[5] {
		t.Errorf("PP-GANG-03: crime %d gangs %v", s.Crime, s.Gangs)
	}
}

// TestSpecialEvents: Street Punk and quiet cards resolve at once and are
// gone (PP-SPECIAL-01); the 7 named ones stay on the board until resolved
// (PP-SPECIAL-02).
func TestSpecialEvents(t *testing.T) {
	s, c, _ := atAct(t, "c1")
	q := eventNamed(t, "quiet night")
	topEvents(s, q)
	endAction(t, s, c)
	if !slices.Contains(s.EventDiscard, q) {
		t.Error("PP-SPECIAL-01: resolved at once, then discarded")
	}
	names := []string{"street riot", "detainees run amok", "jail break", "gas leak", "officer down", "escort van", "car theft"}
	for _, n := range names {
		s, c, _ := atAct(t, "c1")
		s.Punks[3], s.Stockpile = 2, s.Stockpile-2
		topEvents(s, eventNamed(t, n))
		endAction(t, s, c)
		if !s.lasting(n) {
			t.Errorf("PP-SPECIAL-02: %s not on the board", n)
		}
	}
	if len(Specials) != 7 {
		t.Errorf("PP-SPECIAL-02: %d", len(Specials))
	}
}

// TestLastingEffects: what each lasting Special Event does and how it is
// resolved (our designs, CONTENT.md).
func TestLastingEffects(t *testing.T) {
	var res engine.Result
	// Street Riot: a Punk each Event phase in the busiest Bad Hood, over
	// after an arrest there.
	s, c, _ := atAct(t, "a1")
	s.Punks[0], s.Stockpile = 2, s.Stockpile-2
	riot := eventNamed(t, "street riot")
	s.removeFromDeck(riot)
	s.specialEvent(riot, &res)
	s.lastingEffects(&res)
	if s.Punks[0] != 3 {
		t.Errorf("street riot: %v", s.Punks)
	}
	fresh(s)
	apply(t, s, c.Seat, "arrest 1")
	s.rigged = []int{6}
	apply(t, s, c.Seat, "roll")
	if s.lasting("street riot") {
		t.Error("street riot: an arrest there ends it")
	}
	// Detainees Run Amok: no Upgrade, no switching; resolved by arrest dice.
	s, c, _ = atAct(t, stationName())
	c.Donuts, s.DonutSupply = 1, s.DonutSupply-1
	d := eventNamed(t, "detainees run amok")
	s.removeFromDeck(d)
	s.specialEvent(d, &res)
	fresh(s)
	if msg := refusal(s, c.Seat, "upgrade arrest"); !strings.Contains(msg, "Detainees run amok") {
		t.Errorf("detainees: %q", msg)
	}
	apply(t, s, c.Seat, "resolve detainees run amok")
	s.rigged = []int{4, 1}
	apply(t, s, c.Seat, "roll")
	if s.lasting("detainees run amok") {
		t.Error("detainees: a 4 resolves it")
	}
	// Officer Down blocks its intersection and the Police card draws
	// (PP-EVENT-06: the block comes from the card; no Blocked token acts).
	s, c, _ = atAct(t, "a3")
	od := eventNamed(t, "officer down")
	s.removeFromDeck(od)
	s.rigged = []int{1} // a-e
	s.specialEvent(od, &res)
	fresh(s)
	if has(s, c.Seat, "draw police card") || !has(s, c.Seat, "no action") {
		t.Errorf("PP-EVENT-06 officer down: %v", legal(s, c.Seat))
	}
	if s.distances(space(t, "a3"))[space(t, "a2")] == 1 {
		t.Error("officer down: a-e must be blocked")
	}
	hand := len(c.Hand)
	apply(t, s, c.Seat, "no action")
	if len(c.Hand) != hand {
		t.Error("officer down: no phase-3 draw")
	}
	// Gas Leak: a 1 at the Event phase advances the Crime marker.
	s, _, _ = atAct(t, "a3")
	g := eventNamed(t, "gas leak")
	s.removeFromDeck(g)
	s.rigged = []int{4}
	s.specialEvent(g, &res)
	s.rigged = []int{1}
	s.lastingEffects(&res)
	if s.Crime != 1 {
		t.Errorf("gas leak: crime %d", s.Crime)
	}
	// Car Theft: the car drives on, crashes on a 1.
	s, _, _ = atAct(t, "a3")
	ct := eventNamed(t, "car theft")
	s.removeFromDeck(ct)
	s.rigged = []int{1}
	s.specialEvent(ct, &res)
	if s.Specials[0].Site != SpaceName(Lot("apartment 1").Enter) {
		t.Errorf("car theft site %s", s.Specials[0].Site)
	}
	s.rigged = []int{1}
	s.lastingEffects(&res)
	if s.lasting("car theft") || s.Crime != 1 {
		t.Errorf("car theft crash: crime %d", s.Crime)
	}
	// Jail Break: 2 Punks at once; Escort Van: a prisoner on 1–2.
	s, _, _ = atAct(t, "a3")
	jb := eventNamed(t, "jail break")
	s.removeFromDeck(jb)
	s.rigged = []int{1, 2}
	s.specialEvent(jb, &res)
	if s.Punks[0] != 1 || s.Punks[1] != 1 {
		t.Errorf("jail break: %v", s.Punks)
	}
	ev := eventNamed(t, "escort van")
	s.removeFromDeck(ev)
	s.specialEvent(ev, &res)
	s.rigged = []int{3, 2, 4} // jail break punk to 3; van rolls 2 → punk to 4
	s.lastingEffects(&res)
	if s.Punks[2] != 1 || s.Punks[3] != 1 {
		t.Errorf("jail break / escort van: %v", s.Punks)
	}
}

// TestKinney: Kinney may pay a Donut to cancel his own Event card
// (PP-SPECIAL-03); never on another cop's turn (PP-SPECIAL-04).
func TestKinney(t *testing.T) {
	s, c, other := atAct(t, "c1")
	k := slices.IndexFunc(Characters, func(ch Character) bool { return ch.Power == PowerCommitted })
	c.Character = k
	c.Donuts, s.DonutSupply = 1, s.DonutSupply-1
	p3 := eventNamed(t, "street punks +3")
	topEvents(s, p3)
	endAction(t, s, c)
	if s.step() != StepKinney || !has(s, c.Seat, "cancel event") {
		t.Fatalf("PP-SPECIAL-03: step %s", s.step())
	}
	punks := s.Stockpile
	apply(t, s, c.Seat, "cancel event")
	if s.Stockpile != punks || c.Donuts != 0 || !slices.Contains(s.EventDiscard, p3) {
		t.Errorf("PP-SPECIAL-03: stockpile %d donuts %d", s.Stockpile, c.Donuts)
	}
	// The next cop's Event: Kinney is not asked.
	if s.active() != other.Seat {
		t.Fatalf("turn did not pass")
	}
	c.Donuts, s.DonutSupply = 1, s.DonutSupply-1
	atAction(t, s, "c1")
	topEvents(s, p3)
	apply(t, s, other.Seat, "draw police card")
	if s.step() == StepKinney || s.Stockpile != punks-3 {
		t.Errorf("PP-SPECIAL-04: step %s stockpile %d", s.step(), s.Stockpile)
	}
}
