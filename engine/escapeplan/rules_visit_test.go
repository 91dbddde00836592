package escapeplan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// visit puts seat on node and starts its Visit there.
func visit(s *State, seat, node int) (*Player, engine.Result) {
	p := turnAt(s, seat, node)
	s.setStep(Visit)
	var res engine.Result
	s.beginVisit(p, &res)
	fresh(s)
	return p, res
}

// targetOf returns a Business that is (or is not) on p's Escape Plan.
func targetOf(p *Player, want bool) string {
	plan := planByTitle(p.Plan)
	for _, b := range BusinessTiles {
		if (planValue(plan, b.Name) == PlanTargetValue) == want {
			return b.Name
		}
	}
	return ""
}

// TestVisitBusiness (EP-VISIT-01, EP-VISIT-02, EP-BUS-01, EP-BUS-02, EP-BUS-03, EP-BUS-04, EP-BUS-05, EP-BUS-06, EP-BUS-07, EP-BUS-08, EP-BUS-09, EP-BUS-10, EP-CONTACT-*).
func TestVisitBusiness(t *testing.T) {
	s, _ := city3(t)
	p0 := &s.Players[0]
	name := targetOf(p0, true)
	s.business(name).Loc = -1
	l := putBusiness(s, name, "b1")
	s.Players[1].At = l // another player there: EP-VISIT-02
	money := p0.Money
	p, _ := visit(s, 0, l)
	if p.IncomeCubes != 8 { // EP-BUS-02
		t.Errorf("cubes %d", p.IncomeCubes)
	}
	// EP-BUS-03, EP-BUS-05: on the plan: Income at once, counted after the cube.
	if p.Money != money+IncomeValues[1] || !s.business(name).Cubes[0].Income {
		t.Errorf("target income: money %d cubes %+v", p.Money, s.business(name).Cubes)
	}
	if p.Red != 1 { // EP-VISIT-02
		t.Errorf("notoriety from others: red %d", p.Red)
	}
	// EP-BUS-06 / EP-CONTACT-01: take a card from the display.
	if tasks(s)[0].Kind != "contact" || !hasPrefix(s, 0, "contact take 7") {
		t.Fatalf("no contact gain: %v", legal(s, 0))
	}
	before := s.Display
	apply(t, s, 0, legal(s, 0)[2]) // take display card 3
	// EP-CONTACT-02, EP-CONTACT-03, EP-CONTACT-04: slide right, refill leftmost.
	if s.Display[1] != before[0] || s.Display[2] != before[1] || s.Display[3] != before[3] || s.Display[0] == before[0] {
		t.Errorf("display %v → %v", before, s.Display)
	}
	apply(t, s, 0, "contact keep") // EP-CONTACT-06
	if p.Contacts[0].Card != before[2] {
		t.Errorf("card not kept leftmost: %+v", p.Contacts)
	}
	// EP-BUS-04: off the plan the cube goes on the white hex, no Income.
	s, _ = city3(t)
	p0 = &s.Players[0]
	other := targetOf(p0, false)
	s.business(other).Loc = -1
	l = putBusiness(s, other, "b1")
	money = p0.Money
	visit(s, 0, l)
	if p0.Money != money || s.business(other).Cubes[0].Income {
		t.Errorf("non-target paid income")
	}
	// EP-BUS-01: once per game per player.
	skipContact(t, s, 0) // EP-CONTACT-08
	_, res := visit(s, 0, l)
	if len(s.business(other).Cubes) != 1 || !strings.Contains(strings.Join(res.Public, " "), "already visited") {
		t.Errorf("visited twice")
	}
	// EP-BUS-07: 2 visits close a Business in a 1–3 player game.
	clearTasks(s)
	visit(s, 1, l)
	if !s.business(other).Closed {
		t.Errorf("not closed after 2 visits")
	}
	// EP-BUS-09: a Closed Business needs an unused Key or the Master Key.
	clearTasks(s)
	p2, _ := visit(s, 2, l)
	if has(s, 2, "visit with green key") || !has(s, 2, "skip visit") {
		t.Errorf("closed business menu without keys: %v", legal(s, 2))
	}
	p2.Keys = []Key{{Colour: "green"}}
	if !has(s, 2, "visit with green key") {
		t.Fatalf("no key visit: %v", legal(s, 2))
	}
	apply(t, s, 2, "visit with green key")
	if !p2.Keys[0].Used || len(s.business(other).Cubes) != 3 {
		t.Errorf("key visit failed")
	}
	// EP-BUS-08: 3 visits in a 4–5 player game.
	s4 := newS(t, 4, 2)
	if s4.closeAfter() != 3 || s.closeAfter() != 2 {
		t.Errorf("close after %d/%d", s4.closeAfter(), s.closeAfter())
	}
	// EP-BUS-10: all 3 Businesses of a group: disc, or unlock and -1.
	s, _ = city3(t)
	p0 = &s.Players[0]
	p0.Visited = []string{"casino", "bank"}
	s.business("jeweler").Loc = -1
	l = putBusiness(s, "jeweler", "c3")
	s.Tiles[tileIndex["c3"]].Where = "city"
	s.Tiles[tileIndex["c3"]].Slot = slotOf(5, 1)
	s.Grid[slotOf(5, 1)] = tileIndex["c3"]
	visit(s, 0, l)
	if tasks(s)[0].Kind != "contact" || tasks(s)[1].Kind != "bonus" {
		t.Fatalf("tasks %+v", tasks(s))
	}
	skipContact(t, s, 0)
	if !has(s, 0, "bonus extra action") || !has(s, 0, "bonus unlock") {
		t.Fatalf("bonus moves %v", legal(s, 0))
	}
	apply(t, s, 0, "bonus unlock")
	if p0.Blue != 1 || tasks(s)[0].Kind != "unlock" {
		t.Errorf("bonus unlock: blue %d tasks %+v", p0.Blue, tasks(s))
	}
}

// TestContactChoices (EP-CONTACT-05, EP-CONTACT-06, EP-CONTACT-07, EP-CONTACT-08).
func TestContactChoices(t *testing.T) {
	s, p := city3(t)
	giveContact(p, "medic")
	s.gainContact(0)
	fresh(s)
	apply(t, s, 0, legal(s, 0)[0])
	// EP-CONTACT-07: replace an owned card for +1 Notoriety.
	if !has(s, 0, "contact replace 1 medic") {
		t.Fatalf("no replace: %v", legal(s, 0))
	}
	apply(t, s, 0, "contact replace 1 medic")
	if p.Red != 1 || ContactDeck[p.Contacts[0].Card].Name == "medic" && p.Contacts[0].Card == 0 {
		t.Errorf("replace: red %d", p.Red)
	}
	// With every space full or cuffed, "keep" is not offered.
	for i := range p.Contacts {
		if p.Contacts[i].Card < 0 {
			p.Contacts[i].Cuffed = true
		}
	}
	s.gainContact(0)
	fresh(s)
	apply(t, s, 0, legal(s, 0)[0])
	if has(s, 0, "contact keep") {
		t.Error("keep offered without a free space")
	}
}

// TestStore (EP-STORE-01, EP-STORE-02, EP-STORE-03, EP-STORE-04, EP-STORE-05, EP-STORE-06, EP-STORE-07, EP-STORE-08, EP-STORE-09, EP-STORE-10, EP-STORE-11, EP-SPACE-01, EP-SPACE-02).
func TestStore(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, loc("store d"))
	p.Money = 20
	apply(t, s, 0, "take gas") // EP-STORE-01
	if p.Gas != 1 || has(s, 0, "take gas") {
		t.Errorf("gas %d", p.Gas)
	}
	p.Gas = 2
	// EP-STORE-03: up to 2 Equipment tiles, paying the price.
	apply(t, s, 0, "buy vest")
	apply(t, s, 0, "buy gas mask")
	if p.Money != 15 || len(p.Items) != 2 || hasPrefix(s, 0, "buy") {
		t.Errorf("buying: money %d items %v", p.Money, p.Items)
	}
	// EP-STORE-02: at most 2 Gas.
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("store d"))
	p.Gas = 2
	if has(s, 0, "take gas") {
		t.Error("a third gas can")
	}
	// EP-STORE-04, EP-STORE-05, EP-STORE-06, EP-STORE-07, EP-STORE-08, EP-STORE-09, EP-STORE-10, EP-STORE-11: open a Locker with a Key when the sum allows.
	for _, c := range []struct {
		colour string
		sum    int
		draw   int
	}{{"green", 2, 3}, {"black", 4, 4}, {"brown", 6, 5}} {
		s, _ = city3(t)
		p, _ = visit(s, 0, loc("store d"))
		p.Keys = []Key{{Colour: c.colour}}
		p.Notoriety = c.sum - 1
		fresh(s)
		if has(s, 0, "open "+c.colour+" locker with key") { // EP-STORE-05
			t.Errorf("%s opened below its number", c.colour)
		}
		p.Notoriety = c.sum
		if !has(s, 0, "open "+c.colour+" locker with key") {
			t.Fatalf("%s: %v", c.colour, legal(s, 0))
		}
		res := apply(t, s, 0, "open "+c.colour+" locker with key")
		if !p.Keys[0].Used { // EP-STORE-06
			t.Errorf("key not flipped")
		}
		tk := tasks(s)[0]
		if len(tk.Drawn) != min(c.draw, 5) { // EP-STORE-07, EP-STORE-08, EP-STORE-09
			t.Errorf("%s drew %d, want %d", c.colour, len(tk.Drawn), c.draw)
		}
		if len(res.Private[0]) == 0 || strings.Contains(strings.Join(res.Public, " "), tk.Drawn[0].Name) {
			t.Errorf("drawn tiles not private")
		}
		keep := tk.Drawn[1]
		r2 := apply(t, s, 0, "keep 2")
		if !r2.Secret {
			t.Errorf("keep move not secret")
		}
		// EP-STORE-10, EP-STORE-11: keep 1 face-down, the rest go back.
		if len(p.Items) != 1 || *p.Items[0].Secret != keep || len(s.Lockers[keyIndex(c.colour)].Tiles) != 4 {
			t.Errorf("kept %v stack %d", p.Items, len(s.Lockers[keyIndex(c.colour)].Tiles))
		}
	}
	// Master Key opens any Locker (EP-ASSET-MASTERKEY-01).
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("store d"))
	p.BottomRow = remove(p.BottomRow, "master key")
	p.Assets[1].Asset = "master key"
	p.Notoriety = 6
	fresh(s)
	if !has(s, 0, "open brown locker with master key") {
		t.Fatalf("no master key: %v", legal(s, 0))
	}
	apply(t, s, 0, "open brown locker with master key")
	if !p.Assets[1].Used {
		t.Error("master key not flipped")
	}
	// EP-SPACE-01, EP-SPACE-02: a full board makes space for +1 Notoriety.
	apply(t, s, 0, "keep 1")
	fillItems(p)
	active(s).Visit["bought"] = 0
	p.Money = 10
	apply(t, s, 0, "buy helmet")
	if tasks(s)[0].Kind != "space" || !has(s, 0, "return tile") {
		t.Fatalf("no make-space choice: %v", legal(s, 0))
	}
	apply(t, s, 0, "make space 2 hat")
	if room := p.itemRoom(); p.Red != 1 || len(p.Items) != room || p.Items[room-1].Name != "helmet" {
		t.Errorf("make space: red %d items %v", p.Red, p.Items)
	}
}

// TestChurchClinicHospital (EP-CHURCH-01, EP-CHURCH-02, EP-CHURCH-03, EP-CLINIC-01, EP-CLINIC-02, EP-CLINIC-03,
// EP-HOSP-01, EP-HOSP-02, EP-HOSP-03, EP-VISIT-03).
func TestChurchClinicHospital(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, loc("church"))
	apply(t, s, 0, "pay 1 lose notoriety") // EP-CHURCH-01
	if p.Blue != 1 || p.Money != StartMoney-1 {
		t.Errorf("church: blue %d money %d", p.Blue, p.Money)
	}
	apply(t, s, 0, "unlock heal") // EP-CHURCH-02
	if p.Assets[1].Asset != "heal" || hasPrefix(s, 0, "unlock") {
		t.Errorf("church unlock %v", p.Assets)
	}
	apply(t, s, 0, "done")
	if tasks(s)[0].Kind != "contact" { // EP-CHURCH-03
		t.Errorf("no contact after church")
	}
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("clinic"))
	p.Wounds = 2
	apply(t, s, 0, "heal") // EP-CLINIC-02
	apply(t, s, 0, "unlock red")
	if p.Wounds != 1 || p.Assets[1].Asset != "red" {
		t.Errorf("clinic")
	}
	apply(t, s, 0, "done")
	if tasks(s)[0].Kind != "contact" { // EP-CLINIC-03
		t.Errorf("no contact after clinic")
	}
	// EP-HOSP-01, EP-HOSP-02 and EP-VISIT-03: flat +1 however many others are there.
	s, _ = city3(t)
	s.Players[1].At = hospLoc
	s.Players[2].At = hospLoc
	p, _ = visit(s, 0, hospLoc)
	p.Wounds = 3
	p.Money = 10
	if !has(s, 0, "heal 1") || !has(s, 0, "heal 2") || !has(s, 0, "heal 3") {
		t.Fatalf("hospital: %v", legal(s, 0))
	}
	apply(t, s, 0, "heal 3")
	if p.Wounds != 0 || p.Money != 4 || p.Red != 1 {
		t.Errorf("hospital: wounds %d money %d red %d", p.Wounds, p.Money, p.Red)
	}
	// EP-HOSP-03: no officer may be moved onto the Hospital tile.
	s, p = city3(t)
	officer(s, "s1", "red")
	officer(s, "c1", "red")
	s.pushPolice(p, "red", "test")
	apply(t, s, 0, "officer red s1")
	// EP-POLICE-01: any distance; EP-POLICE-02: not onto another red.
	if has(s, 0, "to hq") || !has(s, 0, "to sd") || !has(s, 0, "to a2") || has(s, 0, "to c1") {
		t.Errorf("police destinations: %v", legal(s, 0))
	}
}

// TestGang (EP-GANG-01, EP-GANG-02, EP-GANG-03, EP-GANG-04, EP-GANG-05, EP-GANG-06, EP-EXEC-08, EP-EXEC-09, EP-EXEC-10).
func TestGang(t *testing.T) {
	s, _ := city3(t)
	kings := loc("kings")
	p, _ := visit(s, 0, kings)
	p.Money = 12
	apply(t, s, 0, "hire gang") // EP-GANG-03, EP-GANG-04, EP-GANG-05
	if p.Money != 7 || len(p.Gang) != 2 || s.Locs[kings].Control != 0 || s.Locs[kings].GangMembers != 0 || p.Markers != 1 {
		t.Errorf("hire: %+v %+v", p, s.Locs[kings])
	}
	// EP-GANG-02: a controlled Gang cannot be hired.
	clearTasks(s)
	p1, _ := visit(s, 1, kings)
	p1.Money = 20
	if has(s, 1, "hire gang") {
		t.Error("hired a controlled gang")
	}
	// EP-GANG-01: not with another player there.
	s2, _ := city3(t)
	s2.Players[1].At = loc("rats")
	p2, _ := visit(s2, 0, loc("rats"))
	p2.Money = 20
	if has(s2, 0, "hire gang") {
		t.Error("hired with another player there")
	}
	// EP-GANG-06: 2 markers only.
	s3, _ := city3(t)
	p3, _ := visit(s3, 0, loc("rats"))
	p3.Money = 20
	p3.Markers = 0
	if has(s3, 0, "hire gang") {
		t.Error("hired a third gang")
	}
	// EP-EXEC-08, EP-EXEC-09, EP-EXEC-10: use both members; the marker comes home.
	turnAt(s, 0, loc("church"))
	apply(t, s, 0, "gang lose notoriety")
	apply(t, s, 0, "gang lose notoriety")
	if p.Blue != 2 || len(p.Gang) != 0 || s.Locs[kings].GangMembers != 2 || s.Locs[kings].Control != -1 || p.Markers != 2 {
		t.Errorf("gang use: blue %d %+v", p.Blue, s.Locs[kings])
	}
}

// TestSafeHouse (EP-SAFE-01, EP-SAFE-02, EP-SAFE-03, EP-SAFE-04, EP-SAFE-05, EP-SAFE-06, EP-SAFE-07, EP-SAFE-08).
func TestSafeHouse(t *testing.T) {
	s, _ := city3(t)
	l := s.safeHouse("loft").Loc
	p, _ := visit(s, 0, l)
	target := planValue(planByTitle(p.Plan), "loft") == PlanTargetValue
	if s.safeHouse("loft").Cubes[0].Income != target { // EP-SAFE-03, EP-SAFE-04
		t.Errorf("safe house cube hex")
	}
	if p.IncomeCubes != 8 || len(s.safeHouse("loft").Cubes) != 1 || p.Blue != 1 { // EP-SAFE-02, EP-SAFE-03, EP-SAFE-04, EP-SAFE-05
		t.Errorf("safe house: cubes %d blue %d", p.IncomeCubes, p.Blue)
	}
	if has(s, 0, "done") { // EP-SAFE-06: the Key is taken
		t.Error("done before taking a key")
	}
	k := s.safeHouse("loft").Keys[0]
	apply(t, s, 0, "take key "+k)
	if len(p.Keys) != 1 || len(s.safeHouse("loft").Keys) != 2 {
		t.Errorf("key")
	}
	f := s.Fixers[0]
	p.Money = 10
	apply(t, s, 0, "buy "+f) // EP-SAFE-07
	if p.Items[0].Name != f || p.Money != 10-fixerPrice(f) || hasPrefix(s, 0, "buy") {
		t.Errorf("fixer purchase")
	}
	apply(t, s, 0, "done")
	_, res := visit(s, 0, l) // EP-SAFE-01
	if !strings.Contains(strings.Join(res.Public, " "), "already visited") {
		t.Error("second visit")
	}
	// EP-SAFE-08: all 3 Safe Houses: disc, or unlock and Income.
	s, _ = city3(t)
	p = &s.Players[0]
	p.Visited = []string{"attic", "den"}
	visit(s, 0, l)
	if tasks(s)[0].Kind != "bonus" {
		t.Fatalf("no safe house bonus")
	}
	m := p.Money
	apply(t, s, 0, "bonus unlock")
	if p.Money <= m || tasks(s)[0].Kind != "unlock" {
		t.Errorf("safe house bonus")
	}
}

// TestExit (EP-EXIT-01, EP-EXIT-02, EP-EXIT-03, EP-EXIT-04, EP-EXIT-05, EP-EXIT-06, EP-ESC-01, EP-ESC-02, EP-ESC-03, EP-ESC-04).
func TestExit(t *testing.T) {
	s, _ := city3(t)
	north := loc("north exit")
	p, _ := visit(s, 0, north)
	if !has(s, 0, "take income") || has(s, 0, "take exit tile") || has(s, 0, "escape") { // EP-EXIT-01
		t.Errorf("open exit, day 1: %v", legal(s, 0))
	}
	apply(t, s, 0, "take income")
	apply(t, s, 0, "done")
	if tasks(s)[0].Kind != "contact" { // EP-EXIT-03
		t.Error("no contact at the exit")
	}
	// EP-EXIT-02, EP-EXIT-04, EP-EXIT-05, EP-EXIT-06: a blocked Exit: Income or an Exit tile.
	s, _ = city3(t)
	s.PatrolSpaces[0] = 2
	s.layExitStacks()
	p, _ = visit(s, 0, north)
	if has(s, 0, "take exit tile") {
		t.Error("exit tile with no contact card")
	}
	giveContact(p, "medic")
	giveContact(p, "stunt")
	if !has(s, 0, "take exit tile") || !has(s, 0, "take income") {
		t.Fatalf("blocked exit: %v", legal(s, 0))
	}
	apply(t, s, 0, "take exit tile")
	if len(tasks(s)[0].Drawn) != 2 || has(s, 0, "take income") {
		t.Errorf("drew %d", len(tasks(s)[0].Drawn))
	}
	apply(t, s, 0, "keep 1")
	if len(p.Items) != 1 || p.Items[0].Kind != "exit" || len(s.exitStack(1).Tiles) != 4 {
		t.Errorf("exit tile kept: %v", p.Items)
	}
	// EP-ESC-01, EP-ESC-02, EP-ESC-03, EP-ESC-04: day 3, the unblocked Exit, officers avoided, cost paid.
	s, _ = city3(t)
	s.Round = 3
	s.PatrolSpaces = [3]int{1, 2, 2}
	officer(s, "b1", "red")
	p, _ = visit(s, 0, north)
	p.Money = 10
	if !has(s, 0, "escape") {
		t.Fatalf("no escape: %v", legal(s, 0))
	}
	apply(t, s, 0, "escape")
	if p.Money != 10-EscapeCosts["A"][0] || s.turnStep() != Avoid || len(active(s).Threats) != 1 {
		t.Fatalf("escape: money %d step %s", p.Money, s.turnStep())
	}
	skipContact(t, s, 0)
	apply(t, s, 0, "take wounds")
	if p.Status != "escaped" || p.At != -1 || s.Escaped != 1 || p.Wounds != 1 {
		t.Errorf("escape: %+v", p)
	}
	if s.EscapeCost() != EscapeCosts["A"][1] {
		t.Errorf("next escape cost %d", s.EscapeCost())
	}
	s2, _ := city3(t)
	s2.Round = 2
	s2.PatrolSpaces = [3]int{1, 2, 2}
	visit(s2, 0, north)
	if has(s2, 0, "escape") {
		t.Error("escape before day 3")
	}
	s3, _ := city3(t)
	s3.Round = 3
	s3.PatrolSpaces = [3]int{2, 1, 2}
	visit(s3, 0, north)
	if has(s3, 0, "escape") {
		t.Error("escape from a blocked exit")
	}
}

// TestRest (EP-REST-01, EP-REST-02, EP-REST-03, EP-REST-04, EP-REST-05, EP-REST-06, EP-REST-07, EP-REST-08, EP-REST-09, EP-ACTION-02).
func TestRest(t *testing.T) {
	s, p := city3(t)
	giveContact(p, "medic")
	p.Contacts[0].Used = true
	p.Items = []Item{{Kind: "equipment", Name: "vest", Used: true}, {Kind: "fixer", Name: "safe", Used: true}}
	p.Assets[0].Used = true
	p.FirstAid = false
	at := p.At
	apply(t, s, 0, "rest")
	if p.Sun || !p.FirstAid || p.Contacts[0].Used || p.Items[0].Used || !p.Items[1].Used || !p.Assets[0].Used || p.At != at {
		t.Errorf("rest: %+v", p)
	}
	if tasks(s)[0].Kind != "unlock" { // EP-REST-08
		t.Errorf("no unlock on rest")
	}
	apply(t, s, 0, "unlock heal")
	apply(t, s, 0, "end")
	turnAt(s, 0, at)
	if has(s, 0, "rest") { // EP-REST-03
		t.Error("rested twice in a round")
	}
	if err := s.Check(0, "rest"); err == nil || !strings.Contains(err.Error(), "once per Round") {
		t.Errorf("rejection: %v", err)
	}
}

// TestRejection: illegal moves change nothing and say why and what is legal.
func TestRejection(t *testing.T) {
	s, _ := city3(t)
	before, _ := s.Marshal()
	_, err := s.Apply(0, "fly to the moon")
	msg, ok := engine.IsRejection(err)
	if !ok || !strings.Contains(msg, "Legal now:") || !strings.Contains(msg, "rest") {
		t.Errorf("rejection %q", msg)
	}
	_, err = s.Apply(1, "rest")
	if msg, _ := engine.IsRejection(err); !strings.Contains(msg, "not your turn") {
		t.Errorf("wrong seat: %q", msg)
	}
	after, _ := s.Marshal()
	if string(before) != string(after) {
		t.Error("a rejected move changed the state")
	}
	// Typed text is normalised.
	if _, err := s.Apply(0, "  REST "); err != nil {
		t.Errorf("normalised move rejected: %v", err)
	}
}

// TestEscapeWhereYouStand (EP-ESC-01, EP-ESC-02, EP-ESC-03): a player who
// starts a day-3 turn on the unblocked Exit may escape without leaving it;
// officers on the Exit tile are still avoided, no Contact card is taken.
func TestEscapeWhereYouStand(t *testing.T) {
	s, _ := city3(t)
	s.Round = 3
	s.PatrolSpaces = [3]int{1, 2, 2}
	officer(s, "b1", "red")
	p := turnAt(s, 0, loc("north exit"))
	p.Money = 10
	if !has(s, 0, "escape") {
		t.Fatalf("no escape from the Exit the player stands on: %v", legal(s, 0))
	}
	apply(t, s, 0, "escape")
	if p.Money != 10-EscapeCosts["A"][0] || s.turnStep() != Avoid || len(active(s).Threats) != 1 {
		t.Fatalf("escape: money %d step %s threats %v", p.Money, s.turnStep(), active(s).Threats)
	}
	if len(tasks(s)) != 0 {
		t.Errorf("escaping from where you stand is no Visit: %v", tasks(s))
	}
	apply(t, s, 0, "take wounds")
	if p.Status != "escaped" || p.Wounds != 1 {
		t.Errorf("escape: %+v", p)
	}
	// Not from a blocked Exit, not before day 3.
	for _, c := range []struct {
		round  int
		patrol [3]int
	}{{3, [3]int{2, 1, 2}}, {2, [3]int{1, 2, 2}}} {
		s, _ := city3(t)
		s.Round = c.round
		s.PatrolSpaces = c.patrol
		turnAt(s, 0, loc("north exit")).Money = 10
		if has(s, 0, "escape") {
			t.Errorf("round %d patrol %v: escape offered", c.round, c.patrol)
		}
	}
}

// fillItems fills every free tile space of p's Player Board with hats.
func fillItems(p *Player) {
	for len(p.Items) < p.itemRoom() {
		p.Items = append(p.Items, Item{Kind: "equipment", Name: "hat"})
	}
}

// TestReturnTileRefund (EP-SPACE-01, EP-STORE-03, EP-SAFE-07): a tile bought
// and handed back for want of room is not bought: the money comes back and
// the purchase does not use up the visit's limit.
func TestReturnTileRefund(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, loc("store d"))
	fillItems(p)
	p.Money = 10
	stock := s.Equipment[2]
	apply(t, s, 0, "buy helmet")
	apply(t, s, 0, "return tile")
	if p.Money != 10 || s.Equipment[2] != stock || active(s).Visit["bought"] != 0 {
		t.Errorf("equipment returned: money %d stock %d bought %d", p.Money, s.Equipment[2], active(s).Visit["bought"])
	}
	apply(t, s, 0, "buy helmet")
	apply(t, s, 0, "return tile")
	apply(t, s, 0, "buy helmet")
	if !has(s, 0, "return tile") {
		t.Fatalf("a third purchase attempt after two returns: %v", legal(s, 0))
	}

	s, _ = city3(t)
	p, _ = visit(s, 0, s.safeHouse("loft").Loc)
	fillItems(p)
	p.Money = 10
	top := s.Fixers[0]
	apply(t, s, 0, "buy "+top)
	apply(t, s, 0, "return tile")
	if p.Money != 10 || !slices.Contains(s.Fixers, top) || active(s).Visit["fixer"] != 0 {
		t.Errorf("fixer returned: money %d fixers %v", p.Money, s.Fixers)
	}
	if !hasPrefix(s, 0, "buy ") {
		t.Errorf("the Fixer purchase was used up by a returned tile: %v", legal(s, 0))
	}
}

// TestFixerStackTop (EP-SETUP-14, EP-SAFE-07): Fixers are bought face-up
// from the stack: only its top tile is for sale, and the next one shows.
func TestFixerStackTop(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, s.safeHouse("loft").Loc)
	p.Money = 20
	var buys []string
	for _, m := range legal(s, 0) {
		if strings.HasPrefix(m, "buy ") {
			buys = append(buys, m)
		}
	}
	if len(buys) != 1 || buys[0] != "buy "+s.Fixers[0] {
		t.Fatalf("fixers for sale %v, stack %v", buys, s.Fixers)
	}
	next := s.Fixers[1]
	apply(t, s, 0, buys[0])
	if s.Fixers[0] != next || len(p.Items) != 1 || p.Items[0].Name != strings.TrimPrefix(buys[0], "buy ") {
		t.Errorf("after buying: stack %v items %v", s.Fixers, p.Items)
	}
}

// TestGangStop (EP-GANG-01, EP-GANG-02, EP-MOVE-07): a Gang can only be
// visited with no other player (Sandra included) and no Gang Control marker
// on it, so a Move cannot end there then.
func TestGangStop(t *testing.T) {
	kings := loc("kings")
	for _, c := range []struct {
		name string
		set  func(s *State)
		shut bool
	}{
		{"free", func(s *State) {}, false},
		{"marker", func(s *State) { s.Locs[kings].Control = 1 }, true},
		{"own marker (seat 0)", func(s *State) { s.Locs[kings].Control = 0 }, true},
		{"player", func(s *State) { s.Players[1].At = kings }, true},
	} {
		s, p := city3(t)
		c.set(s)
		apply(t, s, 0, "go s1")
		apply(t, s, 0, "go s2 industrial")
		// With 1 MP left, kings is the end of the Move: offered only
		// when it may be visited.
		if has(s, 0, "go kings") == c.shut {
			t.Errorf("%s: go kings with 1 MP offered %v", c.name, !c.shut)
		}
		active(s).MP += 2
		apply(t, s, 0, "go kings")
		if p.At != kings {
			t.Fatalf("%s: not at kings", c.name)
		}
		if has(s, 0, "stop") == c.shut {
			t.Errorf("%s: stop offered %v, want %v", c.name, !c.shut, !c.shut)
		}
		if c.shut {
			fresh(s)
			if err := s.Check(0, "stop"); err == nil || !strings.Contains(err.Error(), "Gang") {
				t.Errorf("%s: refusal %v", c.name, err)
			}
		}
	}
	s2 := newS(t, 2, 3)
	layout(s2, standard)
	s2.Locs[kings].GangMembers = 2
	p2 := turnAt(s2, 0, loc("church"))
	s2.Sandra.At = kings
	apply(t, s2, 0, "go s1")
	apply(t, s2, 0, "go s2 industrial")
	active(s2).MP += 2
	apply(t, s2, 0, "go kings")
	if p2.At != kings || has(s2, 0, "stop") {
		t.Errorf("stopped on a Gang with Sandra there")
	}
}

// TestVisitPricesAndLimits (EP-STORE-01/02/03, EP-CHURCH-01, EP-GANG-03/06,
// EP-SAFE-07, EP-HOSP-01, EP-CLINIC-02, EP-ESC-04, EP-BUS-09, EP-EXIT-04):
// each Visit purchase is open with exactly its price (leaving $0) and
// refused with $1 less; each limit is open at its last unit and shut
// beyond it.
func TestVisitPricesAndLimits(t *testing.T) {
	type setup func(s *State) *Player
	at := func(node func() int) setup {
		return func(s *State) *Player { p, _ := visit(s, 0, node()); return p }
	}
	store := at(func() int { return loc("store d") })
	exit := func(s *State) *Player {
		s.Round = 3
		s.PatrolSpaces = [3]int{1, 2, 2}
		p, _ := visit(s, 0, loc("north exit"))
		return p
	}
	closed := func(s *State) *Player {
		b := s.business("bank")
		b.Closed = true
		p, _ := visit(s, 0, b.Loc)
		p.BottomRow = remove(p.BottomRow, "master key")
		p.Assets[0].Asset = "master key" // the $5 space
		return p
	}
	safe := func(s *State) *Player {
		s.Fixers = []string{"gold bar", "disguise"}
		p, _ := visit(s, 0, s.safeHouse("loft").Loc)
		return p
	}
	wounded := func(n int, where setup) setup {
		return func(s *State) *Player { p := where(s); p.Wounds = n; return p }
	}
	cases := []struct {
		id    string
		at    setup
		move  string
		price int
	}{
		{"EP-STORE-03 vest", store, "buy vest", 2},
		{"EP-STORE-03 gas mask", store, "buy gas mask", 3},
		{"EP-CHURCH-01", at(func() int { return loc("church") }), "pay 1 lose notoriety", 1},
		{"EP-GANG-03", at(func() int { return loc("kings") }), "hire gang", GangVisitCost},
		{"EP-SAFE-07", safe, "buy gold bar", 3},
		{"EP-HOSP-01 heal 1", wounded(1, at(func() int { return hospLoc })), "heal 1", 1},
		{"EP-HOSP-01 heal 2", wounded(2, at(func() int { return hospLoc })), "heal 2", 3},
		{"EP-HOSP-01 heal 3", wounded(3, at(func() int { return hospLoc })), "heal 3", 6},
		{"EP-ESC-04", exit, "escape", EscapeCosts["A"][0]},
		{"EP-BUS-09 master key", closed, "visit with master key", AssetPrices[0]},
	}
	for _, c := range cases {
		for _, money := range []int{c.price, c.price - 1} {
			s, _ := city3(t)
			p := c.at(s)
			p.Money = money
			if got := has(s, 0, c.move); got != (money == c.price) {
				t.Errorf("%s with $%d (price $%d): offered %v: %v", c.id, money, c.price, got, legal(s, 0))
				continue
			}
			if money == c.price {
				apply(t, s, 0, c.move)
				if p.Money != 0 {
					t.Errorf("%s: $%d left", c.id, p.Money)
				}
			}
		}
	}

	// EP-HOSP-01, EP-CLINIC-02: healing n Wounds needs n Wounds.
	for n := 1; n <= 3; n++ {
		s, _ := city3(t)
		p, _ := visit(s, 0, hospLoc)
		p.Money = 20
		p.Wounds = n - 1
		if has(s, 0, fmt.Sprintf("heal %d", n)) {
			t.Errorf("heal %d offered with %d Wounds", n, n-1)
		}
		p.Wounds = n
		if !has(s, 0, fmt.Sprintf("heal %d", n)) {
			t.Errorf("heal %d refused with %d Wounds", n, n)
		}
	}
	s, _ := city3(t)
	p, _ := visit(s, 0, loc("clinic"))
	if has(s, 0, "heal") {
		t.Error("clinic heal with no Wound")
	}
	p.Wounds = 1
	apply(t, s, 0, "heal")
	if p.Wounds != 0 {
		t.Errorf("clinic heal: %d Wounds", p.Wounds)
	}

	// EP-STORE-01/02: the last Gas Can of the supply, the 2nd Gas Can held.
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("store d"))
	s.Gas, p.Gas = 1, MaxGas-1
	apply(t, s, 0, "take gas")
	if s.Gas != 0 || p.Gas != MaxGas {
		t.Errorf("gas: supply %d held %d", s.Gas, p.Gas)
	}
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("store d"))
	s.Gas = 0
	if has(s, 0, "take gas") {
		t.Error("gas from an empty supply")
	}
	// EP-STORE-03: the last Equipment tile of a kind; none when it is gone.
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("store d"))
	p.Money = 20
	s.Equipment[0] = 1
	apply(t, s, 0, "buy "+EquipmentTypes[0].Name)
	if s.Equipment[0] != 0 || has(s, 0, "buy "+EquipmentTypes[0].Name) {
		t.Errorf("equipment supply %d, still offered %v", s.Equipment[0], has(s, 0, "buy "+EquipmentTypes[0].Name))
	}
	// EP-GANG-06: the last Gang Control marker.
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("kings"))
	p.Money, p.Markers = 20, 1
	apply(t, s, 0, "hire gang")
	if p.Markers != 0 || len(p.Gang) != 2 {
		t.Errorf("hire with the last marker: markers %d gang %v", p.Markers, p.Gang)
	}
	// EP-SAFE-07: the last Fixer tile of the stack.
	s, _ = city3(t)
	s.Fixers = []string{"safe"}
	p, _ = visit(s, 0, s.safeHouse("loft").Loc)
	p.Money = 3
	apply(t, s, 0, "buy safe")
	if len(s.Fixers) != 0 || p.item("fixer", "safe") < 0 {
		t.Errorf("last fixer: stack %v items %v", s.Fixers, p.Items)
	}
	// With the Fixer stack empty no Fixer is offered.
	s, _ = city3(t)
	s.Fixers = nil
	p, _ = visit(s, 0, s.safeHouse("loft").Loc)
	p.Money = 20
	if hasPrefix(s, 0, "buy ") {
		t.Errorf("a Fixer offered from an empty stack: %v", legal(s, 0))
	}
	// EP-GANG-06: no marker left, no hire.
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("kings"))
	p.Money, p.Markers = 20, 0
	if has(s, 0, "hire gang") {
		t.Error("hired with no Gang Control marker left")
	}
	// EP-STORE-02: no third Gas Can.
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("store d"))
	p.Gas = MaxGas
	if has(s, 0, "take gas") {
		t.Error("a Gas Can beyond the limit")
	}
	// EP-EXIT-04: one Contact card draws one Exit tile, from a stack of one.
	s, _ = city3(t)
	s.PatrolSpaces[0] = 2
	s.layExitStacks()
	st := s.exitStack(1)
	st.Tiles = st.Tiles[:1]
	p, _ = visit(s, 0, loc("north exit"))
	giveContact(p, "medic")
	apply(t, s, 0, "take exit tile")
	if tk := tasks(s); len(tk) == 0 || len(tk[0].Drawn) != 1 {
		t.Errorf("exit tile draw: %+v", tk)
	}
	// An empty Exit stack, or no Contact card, offers no Exit tile.
	s, _ = city3(t)
	s.PatrolSpaces[0] = 2
	s.layExitStacks()
	s.exitStack(1).Tiles = nil
	p, _ = visit(s, 0, loc("north exit"))
	giveContact(p, "medic")
	if has(s, 0, "take exit tile") {
		t.Error("an Exit tile offered from an empty stack")
	}
	s, _ = city3(t)
	s.PatrolSpaces[0] = 2
	s.layExitStacks()
	visit(s, 0, loc("north exit"))
	if has(s, 0, "take exit tile") {
		t.Error("an Exit tile offered with no Contact card")
	}
}

// TestLockerCountsContactCards (EP-STORE-05, EP-STORE-07): the Locker
// number is reached by Notoriety plus the Contact cards owned, and the
// Green Locker draws that sum + 1.
func TestLockerCountsContactCards(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, loc("store d"))
	p.Keys = []Key{{Colour: "green"}}
	p.Notoriety = 1
	fresh(s)
	if has(s, 0, "open green locker with key") {
		t.Fatalf("green (2) opened with Notoriety 1 and no card")
	}
	giveContact(p, "medic")
	if !has(s, 0, "open green locker with key") {
		t.Fatalf("green (2) refused with Notoriety 1 and 1 card: %v", legal(s, 0))
	}
	apply(t, s, 0, "open green locker with key")
	if tk := tasks(s); len(tk) == 0 || len(tk[0].Drawn) != 3 {
		t.Errorf("green locker with sum 2 drew %+v, want 3", tk)
	}
}

// TestVisitAloneGainsNoNotoriety (EP-VISIT-02): visiting a Location with
// nobody else there adds no Notoriety and says nothing about being seen;
// one other player there adds exactly 1 and says so.
func TestVisitAloneGainsNoNotoriety(t *testing.T) {
	for others := 0; others <= 1; others++ {
		s, _ := city3(t)
		for i := range s.Players {
			s.Players[i].At = hospLoc
		}
		if others == 1 {
			s.Players[1].At = loc("church")
		}
		p, res := visit(s, 0, loc("church"))
		seen := strings.Contains(strings.Join(res.Public, "\n"), "is seen by")
		if p.Red != others || seen != (others == 1) {
			t.Errorf("%d other(s): red %d, seen line %v: %q", others, p.Red, seen, res.Public)
		}
	}
}

// TestReturnDrawnTileRefundsNothing (EP-SPACE-01, EP-EXIT-05): a drawn
// Exit tile handed back for want of room goes back to its stack and no
// money changes hands (it was not bought).
func TestReturnDrawnTileRefundsNothing(t *testing.T) {
	s, _ := city3(t)
	s.PatrolSpaces[0] = 2
	s.layExitStacks()
	p, _ := visit(s, 0, loc("north exit"))
	giveContact(p, "medic")
	fillItems(p)
	money := p.Money
	n := len(s.exitStack(1).Tiles)
	apply(t, s, 0, "take exit tile")
	apply(t, s, 0, "keep 1")
	if tk := tasks(s); len(tk) == 0 || tk[0].Kind != "space" {
		t.Fatalf("no make-space choice: %+v", tk)
	}
	res := apply(t, s, 0, "return tile")
	if p.Money != money || len(s.exitStack(1).Tiles) != n {
		t.Errorf("money %d (was %d), stack %d (was %d)", p.Money, money, len(s.exitStack(1).Tiles), n)
	}
	if strings.Contains(strings.Join(res.Public, "\n"), "back.") && strings.Contains(strings.Join(res.Public, "\n"), "gets the $") {
		t.Errorf("a refund for a drawn tile: %q", res.Public)
	}
}

// TestMasterKeyAtItsPrice (EP-ASSET-MASTERKEY-01, EP-STORE-05): the Master
// Key opens a Locker instead of a Key when the player can pay its price,
// the price of the first unlocked Asset space included, to the last $1k.
func TestMasterKeyAtItsPrice(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, loc("store d"))
	p.Keys = nil
	p.Assets = []AssetSpace{{Asset: "master key"}}
	p.Notoriety = LockerRequirement["green"]
	p.Money = AssetPrices[0]
	fresh(s)
	if !has(s, 0, "open green locker with master key") {
		t.Errorf("$%dk pays the Master Key on the first space: %v", p.Money, legal(s, 0))
	}
	p.Money = AssetPrices[0] - 1
	fresh(s)
	if has(s, 0, "open green locker with master key") {
		t.Errorf("$%dk does not pay a $%dk Master Key", p.Money, AssetPrices[0])
	}
}

// TestGroupBonusDiscOnlyWhileOneIsLeft (EP-BUS-10): the Extra Action disc
// of a full group is offered only while the supply has one; the Asset is
// offered anyway.
func TestGroupBonusDiscOnlyWhileOneIsLeft(t *testing.T) {
	s, _ := city3(t)
	turnAt(s, 0, loc("church"))
	s.push(s.ask(0, GroupBonus))
	s.Discs = 0
	if has(s, 0, "bonus extra action") || !has(s, 0, "bonus unlock") {
		t.Errorf("no disc left: %v", legal(s, 0))
	}
	if _, err := s.Apply(0, "bonus extra action"); err == nil || !strings.Contains(err.Error(), "No Extra Action disc is left") {
		t.Errorf("refusal: %v", err)
	}
	s.Discs = 1
	if !has(s, 0, "bonus extra action") {
		t.Errorf("one disc left: %v", legal(s, 0))
	}
}

// TestDrawnTilesOnlyInTheDrawersView (EP-STORE-10): the tiles a
// player has drawn and not yet chosen from are listed in that player's
// screen only, never in another player's.
func TestDrawnTilesOnlyInTheDrawersView(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, loc("store d"))
	p.Keys = []Key{{Colour: "green"}}
	p.Notoriety = LockerRequirement["green"]
	fresh(s)
	apply(t, s, 0, "open green locker with key")
	name := tasks(s)[0].Drawn[0].Name
	if v := s.View(0).(*View).Text(); !strings.Contains(v, "Drawn: keep 1 = "+name) {
		t.Errorf("the drawer's screen lacks the drawn tiles:\n%s", v)
	}
	for seat := 1; seat < len(s.Players); seat++ {
		if v := s.View(engine.Seat(seat)).(*View).Text(); strings.Contains(v, "Drawn:") {
			t.Errorf("seat %d sees seat 0's drawn tiles:\n%s", seat, v)
		}
	}
}

// TestEachPlanFoundByItsTitle (EP-SETUP-28, EP-END-03): a player's Escape Plan card is
// found by its title, for each card of the deck.
func TestEachPlanFoundByItsTitle(t *testing.T) {
	for _, pl := range EscapePlans {
		if got := planByTitle(pl.Title); got.Title != pl.Title || strings.Join(got.Targets, ",") != strings.Join(pl.Targets, ",") {
			t.Errorf("planByTitle(%q) = %+v", pl.Title, got)
		}
	}
}
