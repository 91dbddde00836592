package escapeplan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestSetup checks the setup rules for every player count.
func TestSetup(t *testing.T) {
	for n := 1; n <= 5; n++ {
		s := newState(n, 42)
		// EP-SETUP-01: board side by player count.
		if want := map[bool]string{true: "B", false: "A"}[n >= 4]; s.Side != want {
			t.Errorf("n=%d side %s, want %s", n, s.Side, want)
		}
		side := BoardSides[s.Side]
		// EP-SETUP-02: the Start tiles on the S spaces, face-up.
		for _, cr := range side.Start {
			g := s.Grid[slotOf(cr[0], cr[1])]
			if g < 0 || CityTiles[g].Stack != "s" {
				t.Errorf("n=%d: S space %v holds %d", n, cr, g)
			}
		}
		for k, letter := range []string{"a", "b", "c", "d"} {
			// EP-SETUP-03: stacks by letter, face-down; EP-SETUP-04 top face-up.
			if len(s.Stacks[k].Tiles) != 2 || s.FaceUp[k] < 0 || CityTiles[s.FaceUp[k]].Stack != letter {
				t.Errorf("n=%d stack %s: %v top %d", n, letter, s.Stacks[k].Tiles, s.FaceUp[k])
			}
			for _, ti := range s.Stacks[k].Tiles {
				if CityTiles[ti].Stack != letter || s.Tiles[ti].Where != "stack" {
					t.Errorf("stack %s holds %s", letter, CityTiles[ti].ID)
				}
			}
			// EP-SETUP-06, EP-SETUP-08: 1–2 officers on each top, never 2 of a colour.
			n1 := 0
			for _, o := range s.Tiles[s.FaceUp[k]].Officers {
				if o {
					n1++
				}
			}
			if n1 < 1 || n1 > 2 {
				t.Errorf("top of stack %s has %d officers", letter, n1)
			}
		}
		// EP-SETUP-05, EP-SETUP-07: officers from the bag, onto Store D too.
		drawn := 30 - s.Bag[0] - s.Bag[1] - s.Bag[2]
		if drawn < 5 || drawn > 10 {
			t.Errorf("n=%d: %d officers drawn", n, drawn)
		}
		if s.Tiles[storeD].Officers == [3]bool{} {
			t.Errorf("no officer on Store D")
		}
		if s.Tiles[hospital].Officers != [3]bool{} {
			t.Errorf("officer on the Hospital (EP-HOSP-03)")
		}
		// EP-SETUP-09: gas and gang members in supply.
		if s.Gas != GasCans || s.GangSupply != GangMembers-2 || s.Locs[loc("kings")].GangMembers != 2 {
			t.Errorf("gas %d gang %d", s.Gas, s.GangSupply)
		}
		// EP-SETUP-10: Time marker at the start.
		if s.Round != 1 || s.TurnNo != 0 {
			t.Errorf("time %d/%d", s.Round, s.TurnNo)
		}
		// EP-SETUP-11: Patrol deck of 6 with the top discarded unseen.
		if len(s.PatrolDeck) != PatrolCards-1 || s.PatrolDiscard < 1 {
			t.Errorf("patrol deck %d", len(s.PatrolDeck))
		}
		// EP-SETUP-12: Businesses and Safe Houses open in supply.
		for _, b := range s.Businesses {
			if b.Loc != -1 || b.Closed {
				t.Errorf("business %s not in supply", b.Name)
			}
		}
		// EP-SETUP-13: 3 Keys beside each Safe House.
		for _, h := range s.SafeHouses {
			if len(h.Keys) != 3 {
				t.Errorf("safe house keys %v", h.Keys)
			}
		}
		// EP-SETUP-14, EP-SETUP-15, EP-SETUP-16, EP-SETUP-17: Fixers, Lockers by colour, Equipment, Exit stacks.
		if len(s.Fixers) != FixersInPlay {
			t.Errorf("fixers %d", len(s.Fixers))
		}
		for i, c := range KeyColours {
			for _, l := range s.Lockers[i].Tiles {
				found := false
				for _, x := range LockerTiles[c] {
					found = found || x == l
				}
				if !found {
					t.Errorf("locker %v in the %s stack", l, c)
				}
			}
		}
		if s.Equipment != [4]int{4, 4, 4, 4} {
			t.Errorf("equipment %v", s.Equipment)
		}
		for _, e := range s.ExitStacks {
			if len(e.Tiles) != 5 || e.Exit != 0 {
				t.Errorf("exit stack %s", e.Colour)
			}
		}
		// EP-SETUP-18: a display of 7 Contact cards.
		for _, c := range s.Display {
			if c < 0 {
				t.Errorf("display gap")
			}
		}
		if len(s.ContactDeck) != len(ContactDeck)-7 {
			t.Errorf("contact deck %d", len(s.ContactDeck))
		}
		plans := map[string]bool{}
		for i, p := range s.Players {
			// EP-SETUP-19, EP-SETUP-20, EP-SETUP-21, EP-SETUP-22, EP-SETUP-23, EP-SETUP-24, EP-SETUP-25, EP-SETUP-26, EP-SETUP-27, EP-SETUP-28, EP-SETUP-29, EP-SETUP-30, EP-SETUP-31, EP-SETUP-32.
			if p.At != hospLoc || p.IncomeCubes != 9 || p.Markers != 2 || !p.FirstAid || p.Wounds != 0 ||
				!p.Sun || p.Red+p.Blue != 0 || p.Money != StartMoney || p.Notoriety != 0 {
				t.Errorf("seat %d setup %+v", i, p)
			}
			if p.Plan == "" || plans[p.Plan] {
				t.Errorf("seat %d plan %q", i, p.Plan)
			}
			plans[p.Plan] = true
			if strings.Join(p.TopRow, ",") != "red,blue,black" || p.Assets[0].Asset != AssetExtra ||
				strings.Join(p.BottomRow, ",") != "avoid,master key,heal" {
				t.Errorf("seat %d assets %v %v %v", i, p.TopRow, p.Assets, p.BottomRow)
			}
		}
		// EP-SETUP-33, EP-SETUP-34: start player then clockwise.
		for i := 1; i < n; i++ {
			if s.Order[i] != (s.Order[0]+i)%n {
				t.Errorf("order %v", s.Order)
			}
		}
		// EP-2PSETUP-01, EP-2PSETUP-02, EP-2PSETUP-03, EP-2PSETUP-04, EP-2PSETUP-05, EP-2PSETUP-06, EP-2PSETUP-07: Sandra in 2-player (and solo) games.
		if n <= 2 {
			sd := s.Sandra
			if sd == nil || sd.At != hospLoc || sd.Notoriety != 0 || len(sd.Deck) != 15 || sd.Cubes != 9 {
				t.Fatalf("n=%d sandra %+v", n, sd)
			}
			if n == 2 && s.Order[2] != SandraActor { // EP-2PSETUP-05
				t.Errorf("sandra not third: %v", s.Order)
			}
		} else if s.Sandra != nil {
			t.Errorf("n=%d has Sandra", n)
		}
	}
	// The game's first decision is the City phase of round 1 (EP-INCOME-01).
	s := newS(t, 3, 1)
	if s.Phase != PhaseCity || tasks(s)[0].Kind != "place" {
		t.Errorf("first decision: %s %v", s.Phase, tasks(s))
	}
	if g := Game(); g.ID != "escape-plan" || g.MinPlayers != 1 || g.MaxPlayers != 5 || g.Rules == "" || g.Blurb == "" {
		t.Errorf("game %+v", g)
	}
	if _, err := Game().New(engine.Setup{Players: 6}); err == nil {
		t.Error("6 players accepted")
	}
}

// TestRoundStructure: 3 rounds of 6 phases in order (EP-ROUND-01, EP-ROUND-02, EP-ROUND-03,
// EP-CHANGE-01, EP-CHANGE-02).
func TestRoundStructure(t *testing.T) {
	s := newS(t, 3, 3)
	var seq []string
	last := ""
	for i := 0; i < 20000 && !s.Over; i++ {
		if s.Phase != last {
			seq = append(seq, s.Phase)
			last = s.Phase
		}
		// Keep everyone in the city (calm players take every Wound, and a
		// fully Handcuffed player is arrested): this test is about phases.
		for j := range s.Players {
			s.Players[j].Wounds = 0
		}
		tu := s.Turn()
		seat := int(tu.Seats[0])
		l := legal(s, seat)
		m := calm(seat, l)
		if m == "" {
			m = l[0]
		}
		apply(t, s, seat, m)
	}
	got := strings.Join(seq, ",")
	// Income of round 1 is skipped and the automatic phases pass between
	// decisions, so the phases seen waiting for players are these.
	want := "City,Player Action,Income,City,Player Action,Income,City,Player Action"
	if got != want {
		t.Errorf("phases %s\nwant %s", got, want)
	}
	if !s.Over || s.Round != 3 {
		t.Errorf("game did not end after round 3")
	}
	for _, p := range s.Players {
		if !p.Sun && p.Status == "" {
			t.Errorf("rest token not reset")
		}
	}
}

// TestIncome (EP-INCOME-01, EP-INCOME-02, EP-INCOME-03, EP-INCOME-04).
func TestIncome(t *testing.T) {
	s := newS(t, 2, 5)
	if s.Players[0].Money != StartMoney { // EP-INCOME-01: none in round 1
		t.Fatalf("round 1 income paid")
	}
	s.Round = 2
	s.Players[0].IncomeCubes = 6 // 3 cubes taken: income IncomeValues[3]
	s.Players[1].Notoriety = 3
	clearTasks(s)
	var res engine.Result
	s.incomePhase(&res)
	if s.Players[0].Money != StartMoney+IncomeValues[3] || s.Players[1].Money != StartMoney+IncomeValues[0] {
		t.Errorf("income: %d %d (EP-INCOME-02)", s.Players[0].Money, s.Players[1].Money)
	}
	// EP-INCOME-03: only below Notoriety 3 may pay $3 to unlock.
	if len(tasks(s)) != 1 || tasks(s)[0].Seat != 0 || !tasks(s)[0].Optional {
		t.Fatalf("unlock tasks %+v", tasks(s))
	}
	if !has(s, 0, "pass") || !has(s, 0, "unlock master key") {
		t.Errorf("income unlock moves %v", legal(s, 0))
	}
	m := s.Players[0].Money
	apply(t, s, 0, "unlock heal")
	if s.Players[0].Money != m-3 || s.Players[0].Assets[1].Asset != "heal" {
		t.Errorf("income unlock: money %d assets %v", s.Players[0].Money, s.Players[0].Assets)
	}
	// EP-INCOME-04: Sandra has no money at all.
	if strings.Contains(strings.Join(res.Public, " "), "Sandra gains Income") {
		t.Errorf("Sandra gained income")
	}
}

// TestPatrol (EP-PATROL-01, EP-PATROL-02, EP-PATROL-03, EP-PATROL-04, EP-PATROL-05, EP-PATROL-06).
func TestPatrol(t *testing.T) {
	s := newState(3, 1)
	s.PatrolDeck = []int{1, 1, 2, 3, 2}
	s.PatrolSpaces = [3]int{}
	layout(s, map[string][2]int{"b1": {4, 2}})
	var res engine.Result
	s.patrolPhase(&res) // EP-PATROL-01: 2 cards
	if s.PatrolSpaces != [3]int{2, 0, 0} || len(s.PatrolDeck) != 3 {
		t.Fatalf("patrol %v", s.PatrolSpaces)
	}
	// EP-PATROL-04, EP-PATROL-05: Exit 1 (on b1, in the city) blocked, a stack on it.
	if !s.Blocked(1) || s.exitStack(1) == nil || s.exitStack(1).Colour != "grey" {
		t.Errorf("exit 1 not blocked with a stack")
	}
	s.Round = 2
	s.patrolPhase(&res)
	if s.PatrolSpaces != [3]int{2, 1, 1} {
		t.Fatalf("patrol %v", s.PatrolSpaces)
	}
	s.Round = 3
	s.patrolPhase(&res) // EP-PATROL-02: the last card
	if s.PatrolSpaces != [3]int{2, 2, 1} || len(s.PatrolDeck) != 0 {
		t.Fatalf("patrol round 3 %v", s.PatrolSpaces)
	}
	// EP-PATROL-06: Exit 2's tile (c1) is not revealed: no stack yet.
	if s.exitStack(2) != nil {
		t.Errorf("stack laid on an unrevealed exit")
	}
	s.Tiles[tileIndex["c1"]].Where = "faceup"
	s.layExitStacks()
	if st := s.exitStack(2); st == nil || st.Colour != "gold" {
		t.Errorf("stack not laid when the exit was revealed")
	}
	// Exactly one Exit stays unblocked on day 3 (EP-ESC-02 has one exit).
	open := 0
	for no := 1; no <= 3; no++ {
		if !s.Blocked(no) {
			open++
		}
	}
	if open != 1 {
		t.Errorf("%d unblocked exits on day 3", open)
	}
}

// TestCity (EP-CITY-01, EP-CITY-02, EP-CITY-03, EP-CITY-04, EP-CITY-05, EP-CITY-06, EP-CITY-07, EP-CITY-08, EP-CITY-09, EP-CITY-10).
func TestCity(t *testing.T) {
	s := newS(t, 2, 9)
	// EP-CITY-01, EP-CITY-02: in a 2-player game the humans place 2 tiles each,
	// alternating in player order; Sandra places none.
	var placers []int
	for s.Phase == PhaseCity {
		tk := tasks(s)[0]
		if tk.Kind == "place" {
			placers = append(placers, tk.Seat)
			// EP-CITY-03, EP-CITY-04: every offered slot touches 2 tiles, one
			// of the same Land type when possible.
			for _, ft := range s.FaceUp {
				if ft < 0 {
					continue
				}
				matches := 0
				slots := s.placements(ft)
				for _, slot := range slots {
					n, match := 0, sideMatch(s, ft, slot)
					for _, o := range slotNbrs[slot] {
						if g := s.Grid[o]; g >= 0 {
							n++
						}
					}
					if n < 2 {
						t.Errorf("slot %s next to %d tiles", SlotName(slot), n)
					}
					if match {
						matches++
					}
				}
				if matches > 0 && matches != len(slots) {
					t.Errorf("tile %s: a non-matching slot offered beside matching ones", CityTiles[ft].ID)
				}
			}
		}
		apply(t, s, tk.Seat, legal(s, tk.Seat)[0])
	}
	// All four placements alternate between the two humans: 2 each.
	if len(placers) != 4 || placers[0] == placers[1] || placers[0] != placers[2] || placers[1] != placers[3] {
		t.Errorf("placers %v", placers)
	}
	for _, p := range placers {
		if p == SandraActor || p < 0 || p > 1 {
			t.Errorf("placer %d is not a human seat", p)
		}
	}
	// EP-CITY-08, EP-CITY-09: 4 new face-up tiles with officers.
	for _, ft := range s.FaceUp {
		if ft < 0 || s.Tiles[ft].Officers == [3]bool{} {
			t.Errorf("new face-up tile missing or without officers")
		}
	}
	// EP-CITY-04, EP-CITY-05: with a matching neighbour available only matching
	// slots are offered; with none, any slot next to 2 tiles is.
	s2 := newState(3, 1)
	layout(s2, map[string][2]int{})
	ft := tileIndex["a2"] // industrial: no industrial tile in the city
	all := s2.placements(ft)
	if len(all) == 0 {
		t.Fatal("no placement")
	}
	layout(s2, map[string][2]int{"b3": {4, 1}}) // industrial neighbour
	for _, slot := range s2.placements(ft) {
		if !sideMatch(s2, ft, slot) {
			t.Errorf("slot %s does not match a Land type", SlotName(slot))
		}
	}
	// EP-CITY-06, EP-CITY-07: Business / Safe House tiles and Gang members.
	s3 := newS(t, 3, 2)
	s3.FaceUp[1] = tileIndex["b3"] // safe house + gang
	s3.Tiles[tileIndex["b3"]].Where = "faceup"
	seat := tasks(s3)[0].Seat
	mv := ""
	for _, m := range legal(s3, seat) {
		if strings.HasPrefix(m, "place b3 ") {
			mv = m
		}
	}
	apply(t, s3, seat, mv)
	g := slotLoc("b3", Gang)
	if s3.Locs[g].GangMembers != 2 || s3.GangSupply != GangMembers-4 {
		t.Errorf("gang members %d", s3.Locs[g].GangMembers)
	}
	if tasks(s3)[0].Kind != "safe house" || !has(s3, seat, "safe house den") {
		t.Fatalf("no safe house choice: %v", legal(s3, seat))
	}
	apply(t, s3, seat, "safe house den")
	if s3.safeHouse("den").Loc != slotLoc("b3", SafeHouse) {
		t.Errorf("safe house not placed")
	}
	// EP-CITY-10 / EP-SETUP-08: a second officer of a colour drawn onto a
	// tile goes back to the bag.
	s4 := newState(3, 1)
	ti := tileIndex["c1"]
	s4.Tiles[ti].Officers = [3]bool{}
	s4.Bag = [3]int{2, 0, 0} // only red left: the second red returns
	s4.drawOfficers(ti)
	if s4.Tiles[ti].Officers != [3]bool{true, false, false} || s4.Bag[0] != 1 {
		t.Errorf("duplicate colour kept: %v bag %v", s4.Tiles[ti].Officers, s4.Bag)
	}
}

// TestTurnOrder (EP-ORDER-01, EP-ORDER-02, EP-ORDER-03, EP-ORDER-04).
func TestTurnOrder(t *testing.T) {
	s := newState(2, 1)
	s.Order = []int{0, 1, SandraActor}
	s.Players[0].Notoriety = 2
	s.Players[1].Notoriety = 5
	s.Sandra.Notoriety = 2
	var res engine.Result
	s.turnOrderPhase(&res)
	// Highest first; 0 and Sandra tie, so they reverse (Sandra before 0).
	if got := s.Order; got[0] != 1 || got[1] != SandraActor || got[2] != 0 {
		t.Errorf("order %v", got)
	}
}

// TestSetupLog (EP-PATROL-01, EP-PATROL-04): the day-1 Patrol cards, and an
// Exit they block, happen inside game creation; SetupLog keeps their public
// lines for the platform, and a reloaded game still has them.
func TestSetupLog(t *testing.T) {
	blocked := false
	for seed := uint64(1); seed <= 40; seed++ {
		s := newS(t, 3, seed)
		log := s.SetupLog()
		n := 0
		for _, l := range log {
			if strings.HasPrefix(l, "Patrol card: ") {
				n++
			}
		}
		if n != 2 {
			t.Fatalf("seed %d: %d Patrol lines in %q", seed, n, log)
		}
		for no := 1; no <= 3; no++ {
			said := strings.Contains(strings.Join(log, "\n"), "The "+exitName(no)+" is blocked.")
			if said != s.Blocked(no) {
				t.Errorf("seed %d: exit %d blocked %v, logged %v", seed, no, s.Blocked(no), said)
			}
			blocked = blocked || said
		}
		data, _ := s.Marshal()
		st, err := Game().Load(data)
		if err != nil || strings.Join(st.(*State).SetupLog(), "|") != strings.Join(log, "|") {
			t.Errorf("seed %d: setup log lost on reload", seed)
		}
	}
	if !blocked {
		t.Error("no seed blocked an Exit on day 1: the test misses that line")
	}
}

// TestAssetTilesOccupySpaces (EP-SETUP-30, EP-SETUP-32, EP-UNLOCK-03,
// EP-CONTACT-06, EP-END-06): the locked Asset tiles lie on the rightmost
// Item and Contact card spaces; unlocking one frees a space (the others
// slide right), so the board's room grows, and all 6 Contact spaces filled
// reach the $100k bonus after the end discard.
func TestAssetTilesOccupySpaces(t *testing.T) {
	s, p := city3(t)
	if p.itemRoom() != ItemSpaces-3 || p.ItemAsset(ItemSpaces-3) != "red" || p.ItemAsset(ItemSpaces-1) != "black" || p.ItemAsset(0) != "" {
		t.Errorf("item row: room %d", p.itemRoom())
	}
	free := 0
	for i := 0; i < ContactSpaces; i++ {
		if p.contactFree(i) {
			free++
		}
	}
	if free != ContactSpaces-3 || p.ContactAsset(ContactSpaces-3) != "avoid" || p.ContactAsset(ContactSpaces-1) != "heal" {
		t.Errorf("contact row: %d free, %q %q", free, p.ContactAsset(ContactSpaces-3), p.ContactAsset(ContactSpaces-1))
	}
	// A Contact card goes on the left-most empty space; with the free
	// spaces full, "contact keep" is no longer offered.
	for i := 0; i < ContactSpaces-3; i++ {
		s.gainContact(0)
		apply(t, s, 0, legal(s, 0)[0])
		apply(t, s, 0, "contact keep")
		if p.Contacts[i].Card < 0 {
			t.Fatalf("card %d not on space %d: %+v", i, i+1, p.Contacts)
		}
	}
	s.gainContact(0)
	apply(t, s, 0, legal(s, 0)[0])
	if has(s, 0, "contact keep") {
		t.Errorf("kept a card on an Asset tile's space: %v", legal(s, 0))
	}
	apply(t, s, 0, "contact discard")
	// Unlocking the middle tile: the others slide right, one space frees.
	var res engine.Result
	s.unlockAsset(p, "master key", &res)
	if p.ContactAsset(ContactSpaces-3) != "" || p.ContactAsset(ContactSpaces-2) != "avoid" || !p.contactFree(ContactSpaces-3) {
		t.Errorf("after unlock: %q %q", p.ContactAsset(ContactSpaces-2), p.ContactAsset(ContactSpaces-1))
	}
	s.unlockAsset(p, "red", &res)
	if p.itemRoom() != ItemSpaces-2 || p.ItemAsset(ItemSpaces-2) != "blue" {
		t.Errorf("item room %d after unlocking red", p.itemRoom())
	}
	s.unlockAsset(p, "avoid", &res)
	s.unlockAsset(p, "heal", &res)
	for i := 0; i < ContactSpaces; i++ {
		if p.contactFree(i) {
			giveContact(p, "medic")
		}
	}
	if p.contactCount() != ContactSpaces {
		t.Fatalf("contacts %d", p.contactCount())
	}
	p.Status = "escaped"
	dropTurn(s)
	s.Players[1].Status, s.Players[2].Status = "arrested", "arrested"
	s.Phase, s.PhaseBegun = PhaseEnd, false
	s.step(&res)
	apply(t, s, 0, legal(s, 0)[0])
	if p.contactCount() != 5 || s.FinalScore(p)-p.Money < ContactBonus[5] {
		t.Errorf("contact bonus: %d cards, score %d", p.contactCount(), s.FinalScore(p))
	}
}

// sideMatch reports whether tile ft on slot would have, along some side it
// shares with a tile in the city, the same Land type on both sides
// (EP-CITY-04), computed from the tiles' printed sides.
func sideMatch(s *State, ft, slot int) bool {
	for _, o := range slotNbrs[slot] {
		g := s.Grid[o]
		if g < 0 {
			continue
		}
		d := slotSide(slot, o)
		mine := CityTiles[ft].Land
		if e := CityTiles[ft].Edges; e != "" {
			mine = tileAreas(ft)[int(e[d]-'0')]
		}
		theirs := CityTiles[g].Land
		if e := CityTiles[g].Edges; e != "" {
			theirs = tileAreas(g)[int(e[(d+3)%6]-'0')]
		}
		if mine == theirs {
			return true
		}
	}
	return false
}

// TestIncomeUnlockCostsExactlyThree (EP-INCOME-03, EP-REST-08): the Income
// unlock is open with exactly $3 (leaving $0) and refused with $2; an unlock
// owed for another reason (Rest) costs nothing; with nothing locked the
// optional unlock offers no move at all, not even "pass".
func TestIncomeUnlockCostsExactlyThree(t *testing.T) {
	owe := func(money int, reason string, optional bool) (*State, *Player) {
		s, p := city3(t)
		dropTurn(s)
		p.Money = money
		u := s.ask(0, UnlockAsset)
		u.Data.N, u.Data.Optional, u.Data.Reason = 1, optional, reason
		s.queue(u)
		fresh(s)
		return s, p
	}
	s, p := owe(3, "income", true)
	apply(t, s, 0, "unlock red")
	if p.Money != 0 || p.Assets[1].Asset != "red" {
		t.Errorf("$3 income unlock: money %d assets %v", p.Money, p.Assets)
	}
	s, p = owe(2, "income", true)
	if has(s, 0, "unlock red") {
		t.Errorf("income unlock offered with $2: %v", legal(s, 0))
	}
	if err := s.Check(0, "unlock red"); err == nil || !strings.Contains(err.Error(), "costs $3") {
		t.Errorf("refusal %v", err)
	}
	s, p = owe(0, "rest", false)
	apply(t, s, 0, "unlock red")
	if p.Money != 0 || p.Assets[1].Asset != "red" {
		t.Errorf("rest unlock with $0: money %d assets %v", p.Money, p.Assets)
	}
	s, p = owe(9, "income", true)
	p.TopRow, p.BottomRow = nil, nil
	if l := legal(s, 0); len(l) != 0 {
		t.Errorf("optional unlock with nothing locked offers %v", l)
	}
}

// TestPlaceMovesNameColumnRow (EP-CITY-01, EP-CITY-03): each City tile
// placement is named by the slot's column and row counted from 1, and the
// slot so named is empty and touches at least 2 tiles.
func TestPlaceMovesNameColumnRow(t *testing.T) {
	s := newS(t, 3, 9)
	tk := tasks(s)
	if len(tk) == 0 || tk[0].Kind != "place" {
		t.Fatalf("no placement owed: %+v", tk)
	}
	seat := tk[0].Seat
	n := 0
	for _, ft := range s.FaceUp {
		if ft < 0 {
			continue
		}
		for _, slot := range s.placements(ft) {
			c, r := SlotCR(slot)
			m := fmt.Sprintf("place %s at %d-%d", CityTiles[ft].ID, c+1, r+1)
			if !has(s, seat, m) {
				t.Errorf("%q not legal: %v", m, legal(s, seat))
			}
			n++
		}
	}
	for _, m := range legal(s, seat) {
		var id string
		var c, r int
		if _, err := fmt.Sscanf(m, "place %s at %d-%d", &id, &c, &r); err != nil {
			t.Fatalf("move %q: %v", m, err)
		}
		slot := slotOf(c-1, r-1)
		nb := 0
		for _, o := range slotNbrs[slot] {
			if s.Grid[o] >= 0 {
				nb++
			}
		}
		if s.Grid[slot] >= 0 || nb < 2 {
			t.Errorf("%q names slot %d-%d: taken %v, %d neighbours", m, c, r, s.Grid[slot] >= 0, nb)
		}
	}
	if n == 0 || n != len(legal(s, seat)) {
		t.Errorf("%d placements, %d moves", n, len(legal(s, seat)))
	}
}

// TestPatrolBlocksThirdExit (EP-PATROL-04, EP-PATROL-05): the third Exit
// (the harbour exit on d2) is blocked by its 2nd Patrol card and gets the
// first Exit tile stack when it is in the city.
func TestPatrolBlocksThirdExit(t *testing.T) {
	s := newState(3, 1)
	s.PatrolDeck = []int{3, 3}
	s.PatrolSpaces = [3]int{}
	layout(s, map[string][2]int{"d2": {4, 2}})
	var res engine.Result
	s.patrolPhase(&res)
	if !s.Blocked(3) || s.Blocked(1) || s.Blocked(2) {
		t.Fatalf("patrol %v", s.PatrolSpaces)
	}
	if st := s.exitStack(3); st == nil || st.Colour != "grey" {
		t.Errorf("no Exit tile stack on the blocked harbour exit: %+v", s.ExitStacks)
	}
	if !strings.Contains(strings.Join(res.Public, "\n"), "The harbour exit is blocked.") {
		t.Errorf("log %q", res.Public)
	}
}

// TestPlacementSlots (EP-CITY-03, EP-CITY-04, EP-CITY-05): the offered
// slots are exactly the empty ones touching at least 2 tiles (any tile,
// s1 included), narrowed to those matching a Land type when there are
// any; with no slot touching 2 tiles, exactly the slots touching 1.
func TestPlacementSlots(t *testing.T) {
	expect := func(s *State, ft int) []int {
		var two, one []int
		for slot := range s.Grid {
			if s.Grid[slot] >= 0 {
				continue
			}
			n := 0
			for o := range s.Grid {
				if s.Grid[o] >= 0 && slotDist(slot, o) == 1 {
					n++
				}
			}
			switch {
			case n >= 2:
				two = append(two, slot)
			case n == 1:
				one = append(one, slot)
			}
		}
		cand := two
		if len(cand) == 0 {
			cand = one
		}
		var match []int
		for _, slot := range cand {
			if sideMatch(s, ft, slot) {
				match = append(match, slot)
			}
		}
		if len(match) > 0 {
			return match
		}
		return cand
	}
	check := func(name string, s *State, tiles []int) {
		for _, ft := range tiles {
			if ft < 0 || s.inCity(ft) {
				continue
			}
			if got, want := s.placements(ft), expect(s, ft); !slices.Equal(got, want) {
				t.Errorf("%s, tile %s: slots %v, want %v", name, CityTiles[ft].ID, got, want)
			}
		}
	}
	for seed := uint64(1); seed <= 6; seed++ {
		s := newS(t, 3, seed)
		check(fmt.Sprintf("seed %d", seed), s, s.FaceUp[:])
	}
	// Cities around the grid's first slot and the first tile (s1): every
	// tile not in the city, on every candidate slot.
	var all []int
	for ft := range CityTiles {
		all = append(all, ft)
	}
	for _, c := range []map[string][2]int{
		{"s1": {0, 0}, "c1": {1, 1}, "a2": {0, 2}},
		{"s1": {1, 0}, "b1": {0, 0}, "c1": {2, 0}},
		{"s2": {0, 0}, "s1": {0, 1}, "a1": {1, 1}, "b1": {1, 2}},
	} {
		s := newS(t, 3, 1)
		layout(s, c)
		check(fmt.Sprint(c), s, all)
	}
	// A city of the Hospital alone: the 6 slots around it.
	s := newS(t, 3, 1)
	layout(s, nil)
	sd := s.Tiles[storeD].Slot
	s.Grid[sd] = -1
	s.Tiles[storeD] = TileState{Where: "stack", Slot: -1}
	ft := tileIndex["a1"]
	got := s.placements(ft)
	if len(got) != 6 {
		t.Errorf("around the Hospital alone: %d slots %v", len(got), got)
	}
	for _, slot := range got {
		if slotDist(slot, s.Tiles[hospital].Slot) != 1 {
			t.Errorf("slot %s does not touch the Hospital", SlotName(slot))
		}
	}
}

// TestOfficersDrawnFromWhatIsInTheBag (EP-CITY-09, EP-SETUP-06): officers
// are drawn from the officers left in the bag, whichever colours those
// are; with a single officer left, that officer goes on the tile.
func TestOfficersDrawnFromWhatIsInTheBag(t *testing.T) {
	for c := range OfficerColours {
		s := newS(t, 3, 1)
		tile := tileIndex["b3"]
		s.Tiles[tile].Officers = [3]bool{}
		s.Bag = [3]int{}
		s.Bag[c] = 1
		s.drawOfficers(tile)
		want := [3]bool{}
		want[c] = true
		if s.Tiles[tile].Officers != want || s.Bag != [3]int{} {
			t.Errorf("only a %s officer in the bag: tile %v bag %v", OfficerColours[c], s.Tiles[tile].Officers, s.Bag)
		}
	}
}

// TestFlippedTileIsAReveal (EP-CITY-08, EP-SANDRA-02): turning the next
// City tile face-up reveals hidden information, so the move that ends the
// City phase says so, even when Sandra then reveals an Inspector card in
// the same move.
func TestFlippedTileIsAReveal(t *testing.T) {
	s := newS(t, 2, 8)
	if s.Phase != PhaseCity || len(tasks(s)) == 0 || tasks(s)[0].Kind != "place" {
		t.Fatalf("phase %s tasks %+v", s.Phase, tasks(s))
	}
	for k := 1; k < len(s.FaceUp); k++ {
		s.FaceUp[k] = -1
		s.Stacks[k].Tiles = nil
	}
	if len(s.Stacks[0].Tiles) == 0 {
		t.Fatal("stack 0 is empty")
	}
	s.Sandra.Notoriety = 5
	s.Sandra.Deck = []int{inspectorCard(Store, "d")}
	s.ContactDeck = nil
	var last engine.Result
	for s.Phase == PhaseCity {
		tk := tasks(s)
		if len(tk) == 0 {
			t.Fatal("City phase with nothing owed")
		}
		last = apply(t, s, tk[0].Seat, legal(s, tk[0].Seat)[0])
	}
	if s.FaceUp[0] < 0 || s.Sandra.At != loc("store d") {
		t.Fatalf("no flip or no Sandra turn: face-up %v, Sandra at %s", s.FaceUp, s.NodeName(s.Sandra.At))
	}
	if !last.Reveals {
		t.Error("the move that flipped a City tile does not report a reveal")
	}
}

// TestContactDeckMix (EP-SETUP-18, CONTENT.md "Contact deck mix"): the
// 32 Contact cards, kind by kind.
func TestContactDeckMix(t *testing.T) {
	want := map[string]int{
		"bribe red": 1, "bribe blue": 1, "rally black": 1, "chopper": 1, "fast car": 2,
		"boxer": 1, "fight": 1, "ninja": 1, "fixer": 3, "gang": 2, "gas can": 2,
		"general store": 2, "informer": 2, "jet ski": 1, "medevac": 1, "medic": 1,
		"sewer": 2, "snitch red": 1, "snitch blue": 1, "snitch black": 1,
		"spy 1": 1, "spy 2": 1, "spy 3": 1, "stunt": 1,
	}
	got := map[string]int{}
	for _, k := range ContactDeck {
		got[k.Name]++
	}
	if len(ContactDeck) != 32 || len(got) != len(want) {
		t.Errorf("%d cards of %d kinds", len(ContactDeck), len(got))
	}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("%s: %d cards, want %d", name, got[name], n)
		}
	}
}

// TestIncomeUnlockSkippedWithNothingLocked (EP-INCOME-03, EP-UNLOCK-01):
// a player below Notoriety 3 with no locked Asset tile has nothing to
// unlock and is not asked; the next player is.
func TestIncomeUnlockSkippedWithNothingLocked(t *testing.T) {
	s, _ := city3(t)
	dropTurn(s)
	clearTasks(s)
	s.Order = []int{0, 1, 2}
	s.Round, s.Phase, s.PhaseBegun = 2, PhaseIncome, false
	s.Players[0].TopRow, s.Players[0].BottomRow = nil, nil
	var res engine.Result
	s.advance(&res)
	tk := tasks(s)
	if len(tk) == 0 || tk[0].Kind != "unlock" || tk[0].Seat != 1 {
		t.Fatalf("tasks %+v", tk)
	}
	for _, x := range tk {
		if x.Seat == 0 {
			t.Errorf("seat 0 asked with nothing to unlock: %+v", x)
		}
	}
}
