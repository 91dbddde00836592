package escapeplan

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

// city3 is a 3-player game (no Sandra) on the standard test city with
// seat 0 about to act at the Church.
func city3(t *testing.T) (*State, *Player) {
	s := newS(t, 3, 11)
	layout(s, standard)
	putBusiness(s, "casino", "a1")
	putSafeHouse(s, "loft", "a1")
	putBusiness(s, "bank", "b1")
	putBusiness(s, "pawnshop", "c1")
	for _, g := range []string{"kings", "rats"} {
		s.Locs[loc(g)].GangMembers = 2
	}
	for i := range s.Players {
		s.Players[i].At = hospLoc
	}
	return s, turnAt(s, 0, loc("church"))
}

// TestMove covers the movement costs and limits (EP-MOVE-01, EP-MOVE-02, EP-MOVE-03, EP-MOVE-04, EP-MOVE-05, EP-MOVE-06, EP-MOVE-07, EP-MOVE-08, EP-MOVE-09, EP-MOVE-10, EP-MOVE-11, EP-MOVE-12, EP-MOVE-13).
func TestMove(t *testing.T) {
	s, p := city3(t)
	if active(s).MP != 3 { // EP-MOVE-01
		t.Fatalf("MP %d", active(s).MP)
	}
	if has(s, 0, "stop") { // EP-MOVE-06: must actually move
		t.Error("stop offered before moving")
	}
	apply(t, s, 0, "go s1") // EP-MOVE-02: Location → Land 1 MP
	if active(s).MP != 2 || p.At != landNode(tileIndex["s1"]) {
		t.Fatalf("after go s1: MP %d at %d", active(s).MP, p.At)
	}
	if has(s, 0, "stop") { // EP-MOVE-07: never end on a Land space
		t.Error("stop offered on a Land space")
	}
	apply(t, s, 0, "go sd") // EP-MOVE-05: same Land type, 0 MP
	if active(s).MP != 2 {
		t.Errorf("same-land step cost: MP %d", active(s).MP)
	}
	apply(t, s, 0, "go store d") // EP-MOVE-04: Land → Location 1 MP
	if active(s).MP != 1 || !has(s, 0, "stop") {
		t.Errorf("after go store d: MP %d, stop %v", active(s).MP, has(s, 0, "stop"))
	}

	// EP-MOVE-03: changing Land type costs 1 MP, inside a tile (s1's
	// downtown area to its uptown area) or across a side (s1 downtown to
	// s2's industrial area); an area of the same type across a side is
	// free (s1 uptown to hq, uptown).
	s, p = city3(t)
	apply(t, s, 0, "go s1")
	apply(t, s, 0, "go s1 uptown")
	if active(s).MP != 1 {
		t.Errorf("downtown → uptown inside s1: MP %d", active(s).MP)
	}
	apply(t, s, 0, "go hq")
	if active(s).MP != 1 {
		t.Errorf("uptown → uptown across a side: MP %d", active(s).MP)
	}
	s, p = city3(t)
	apply(t, s, 0, "go s1")
	apply(t, s, 0, "go s2 industrial")
	if active(s).MP != 1 || has(s, 0, "go hq") {
		t.Errorf("downtown → industrial across a side: MP %d", active(s).MP)
	}

	// EP-MOVE-08: Water only with a Ferry in that body of water.
	s, p = city3(t)
	p.At = s.business("bank").Loc
	active(s).Start = p.At
	apply(t, s, 0, "go b1")
	if has(s, 0, "go d3") {
		t.Error("entered Water without a Ferry")
	}
	s, p = city3(t)
	p.At = hospLoc
	active(s).Start = p.At
	active(s).MP = 5 // a3 is a dead end: enough MP to come back
	apply(t, s, 0, "go hq")
	if !has(s, 0, "go a3") {
		t.Errorf("cannot enter Water with a Ferry: %v", legal(s, 0))
	}

	// EP-MOVE-09: a Gas Can token gives +1 MP and goes back to the supply.
	s, p = city3(t)
	p.Gas = 1
	s.Gas--
	apply(t, s, 0, "gas")
	if active(s).MP != 4 || p.Gas != 0 || s.Gas != GasCans {
		t.Errorf("gas: MP %d", active(s).MP)
	}

	// EP-MOVE-10, EP-MOVE-11: the Subway costs 0 MP; leaving the
	// destination station gives +1 MP; riding on is allowed and only the
	// last destination's exit pays.
	s, p = city3(t)
	apply(t, s, 0, "go s1")
	if !has(s, 0, "subway a1") || !has(s, 0, "subway c1") {
		t.Fatalf("no subway: %v", legal(s, 0))
	}
	apply(t, s, 0, "subway c1")
	if active(s).MP != 2 || p.At != landNode(tileIndex["c1"]) {
		t.Errorf("subway: MP %d, want 2 (no bonus on arrival)", active(s).MP)
	}
	if !has(s, 0, "subway a1") {
		t.Errorf("no second ride: %v", legal(s, 0))
	}
	apply(t, s, 0, "subway a1")
	if active(s).MP != 2 {
		t.Errorf("riding on: MP %d", active(s).MP)
	}
	apply(t, s, 0, "go casino")
	if active(s).MP != 2 || p.At != s.business("casino").Loc {
		t.Errorf("leaving the destination station: MP %d, want 2-1+1", active(s).MP)
	}
	// The bonus makes a step affordable with 0 MP left.
	s, p = city3(t)
	apply(t, s, 0, "go s1")
	active(s).MP = 0
	fresh(s)
	if !has(s, 0, "subway c1") {
		t.Fatalf("with 0 MP, a ride then leaving the station (1 MP, +1) is a way home: %v", legal(s, 0))
	}
	apply(t, s, 0, "subway c1")
	apply(t, s, 0, "go rail exit")
	if active(s).MP != 0 || !has(s, 0, "stop") {
		t.Errorf("MP %d at %s", active(s).MP, s.NodeName(p.At))
	}

	// EP-MOVE-12: from a Heliport Location, 1 MP flies up to 2 tiles.
	s, p = city3(t)
	p.At = hospLoc
	active(s).Start = hospLoc
	if !has(s, 0, "fly store a") || !has(s, 0, "fly church") || has(s, 0, "fly d2") {
		t.Errorf("heliport flights: %v", legal(s, 0))
	}
	apply(t, s, 0, "fly store a")
	if active(s).MP != 2 {
		t.Errorf("flight cost: MP %d", active(s).MP)
	}

	// EP-MOVE-13 / EP-EXEC-11: from a Helipad tile, 1 MP and a Gang Member fly.
	s, p = city3(t)
	p.At = loc("store a")
	active(s).Start = p.At
	p.Gang = []int{loc("rats"), loc("rats")}
	s.Locs[loc("rats")].GangMembers = 0
	s.Locs[loc("rats")].Control = 0
	p.Markers = 1
	apply(t, s, 0, "gang fly")
	if len(p.Gang) != 1 || s.Locs[loc("rats")].GangMembers != 1 {
		t.Errorf("gang member not returned")
	}
	apply(t, s, 0, "fly to church")
	if active(s).MP != 2 || p.At != loc("church") {
		t.Errorf("helipad flight: MP %d at %s", active(s).MP, s.NodeName(p.At))
	}

	// Walking in circles is cut off after MaxFreeSteps: then every offered
	// step leads home along a shortest way (termination, CONTENT.md).
	s, p = city3(t)
	apply(t, s, 0, "go s1")
	for i := 0; i < 20; i++ {
		if has(s, 0, "go sd") {
			apply(t, s, 0, "go sd")
		} else if has(s, 0, "go s1") {
			apply(t, s, 0, "go s1")
		}
	}
	if active(s).Steps > MaxFreeSteps+1 {
		t.Errorf("walked %d steps", active(s).Steps)
	}
}

// TestAvoid (EP-AVOID-01, EP-AVOID-02, EP-AVOID-03, EP-AVOID-04, EP-AVOID-05, EP-AVOID-06, EP-AVOID-07, EP-AVOID-08, EP-AVOID-09, EP-AVOID-10, EP-AVOID-11).
func TestAvoid(t *testing.T) {
	s, p := city3(t)
	officer(s, "s1", "red")
	officer(s, "sd", "blue")
	apply(t, s, 0, "go s1")
	apply(t, s, 0, "go sd")
	apply(t, s, 0, "go store d")
	apply(t, s, 0, "stop")
	// EP-AVOID-01, EP-AVOID-02: the red on s1 (left), not the blue on sd (end tile).
	if len(active(s).Threats) != 1 || active(s).Threats[0] != (Threat{tileIndex["s1"], "red"}) {
		t.Fatalf("threats %v", active(s).Threats)
	}
	apply(t, s, 0, "take wounds") // EP-AVOID-06
	if p.Wounds != 1 || s.turnStep() != Visit {
		t.Errorf("wounds %d step %s", p.Wounds, s.turnStep())
	}

	// EP-AVOID-03, EP-AVOID-04: Sandra is avoided like an officer of any colour.
	s2 := newS(t, 2, 3)
	layout(s2, standard)
	p2 := turnAt(s2, 0, loc("church"))
	s2.Sandra.At = loc("church")
	p2.Items = append(p2.Items, Item{Kind: "equipment", Name: "hat"})
	apply(t, s2, 0, "go s1")
	apply(t, s2, 0, "go sd")
	apply(t, s2, 0, "go store d")
	apply(t, s2, 0, "stop")
	if len(active(s2).Threats) != 1 || active(s2).Threats[0].Who != "sandra" {
		t.Fatalf("sandra threat %v", active(s2).Threats)
	}
	if !has(s2, 0, "avoid sandra on s1 with hat") {
		t.Fatalf("hat cannot avoid Sandra: %v", legal(s2, 0))
	}
	apply(t, s2, 0, "avoid sandra on s1 with hat")
	if p2.Wounds != 0 || s2.turnStep() != Visit {
		t.Errorf("Sandra not avoided")
	}

	// EP-AVOID-05: Subway travel avoids only the starting tile.
	s, p = city3(t)
	officer(s, "a1", "black")
	officer(s, "s1", "red")
	apply(t, s, 0, "go s1")
	apply(t, s, 0, "subway c1")
	apply(t, s, 0, "go rail exit")
	apply(t, s, 0, "stop")
	if len(active(s).Threats) != 1 || active(s).Threats[0].Tile != tileIndex["s1"] {
		t.Errorf("subway threats %v", active(s).Threats)
	}

	// EP-AVOID-07, EP-AVOID-08, EP-AVOID-09, EP-AVOID-10: a 4th Wound heals one and Handcuffs the rightmost
	// Contact space, discarding its card.
	// The rightmost spaces hold the locked bottom-row Asset tiles at first:
	// a Handcuffs card discards the one it covers.
	s, p = city3(t)
	for i := 0; i < 3; i++ {
		giveContact(p, "medic")
	}
	p.Wounds = 3
	var res = apply(t, s, 0, "go s1") // any result to log into
	last := ContactSpaces - 1
	s.gainWound(p, &res)
	if p.Wounds != 2 || !p.Contacts[last].Cuffed || p.Contacts[last].Card != -1 || p.Handcuffs != 1 || s.Handcuffs != HandcuffCards-1 {
		t.Errorf("4th wound: wounds %d contacts %+v", p.Wounds, p.Contacts)
	}
	if strings.Join(p.BottomRow, ",") != "avoid,master key" || strings.Join(s.AssetBox, ",") != "heal" || len(s.ContactsBox) != 0 {
		t.Errorf("the handcuffed Asset tile was not discarded: %v box %v", p.BottomRow, s.AssetBox)
	}
	p.Wounds = 3
	s.gainWound(p, &res)
	p.Wounds = 3
	s.gainWound(p, &res)
	if len(p.BottomRow) != 0 || len(s.AssetBox) != 3 || !p.Contacts[last-2].Cuffed || p.Contacts[2].Card < 0 {
		t.Errorf("third handcuff: %+v %v", p.Contacts, p.BottomRow)
	}
	p.Wounds = 3
	s.gainWound(p, &res) // now on a Contact card
	if p.Wounds != 2 || !p.Contacts[2].Cuffed || len(s.ContactsBox) != 1 {
		t.Errorf("handcuff on a card: %+v box %v", p.Contacts, s.ContactsBox)
	}
	// With every card space Handcuffed, a 4th Wound arrests the player.
	for p.Status == "" {
		p.Wounds = 3
		s.gainWound(p, &res)
	}
	if p.Status != "arrested" || p.Handcuffs != ContactSpaces || p.At != -1 {
		t.Errorf("fully handcuffed: status %q cuffs %d", p.Status, p.Handcuffs)
	}

	// EP-AVOID-11: Sandra never avoids or takes Wounds.
	s3 := newS(t, 2, 4)
	layout(s3, standard)
	putBusiness(s3, "casino", "a1")
	officer(s3, "a1", "red")
	s3.Sandra.Deck = []int{0} // casino
	var r2 = apply(t, s3, tasks(s3)[0].Seat, legal(s3, tasks(s3)[0].Seat)[0])
	s3.sandraTurn(&r2)
	if s3.Sandra.At != s3.business("casino").Loc {
		t.Errorf("Sandra did not travel (EP-MOVE-14)")
	}
}

// TestAvoidItems: every avoid tool (EP-CC-FASTCAR-01, EP-CC-BOXER-01,
// EP-CC-STUNT-01, EP-CC-GANG-01, EP-FIX-SKATEBOARD-01, EP-FIX-MOTORCYCLE-01,
// EP-ASSET-AVOID-01, EP-EXEC-12, EP-EQ-*, EP-EXEC-03).
func TestAvoidItems(t *testing.T) {
	cases := []struct {
		name  string
		give  func(s *State, p *Player)
		move  string
		left  int // threats left on s1 afterwards
		money int // $ spent
	}{
		{"fast car", func(s *State, p *Player) { giveContact(p, "fast car") }, "avoid all on s1 with fast car", 0, 3},
		{"boxer", func(s *State, p *Player) { giveContact(p, "boxer") }, "avoid red on s1 with boxer", 2, 2},
		{"fight", func(s *State, p *Player) { giveContact(p, "fight") }, "avoid blue on s1 with fight", 2, 2},
		{"ninja", func(s *State, p *Player) { giveContact(p, "ninja") }, "avoid black on s1 with ninja", 2, 2},
		{"stunt", func(s *State, p *Player) { giveContact(p, "stunt") }, "avoid black on s1 with stunt", 2, 1},
		{"gang card", func(s *State, p *Player) { giveContact(p, "gang") }, "avoid all on s1 with gang card", 0, 2},
		{"skateboard", func(s *State, p *Player) { p.Items = append(p.Items, Item{Kind: "fixer", Name: "skateboard"}) }, "avoid all on s1 with skateboard", 0, 0},
		{"motorcycle", func(s *State, p *Player) { p.Items = append(p.Items, Item{Kind: "fixer", Name: "motorcycle"}) }, "avoid all on s1 with motorcycle", 0, 0},
		{"asset", func(s *State, p *Player) { p.BottomRow = remove(p.BottomRow, "avoid"); p.Assets[1].Asset = "avoid" }, "avoid all on s1 with avoid asset", 0, 4},
		{"gang member", func(s *State, p *Player) {
			p.Gang = []int{loc("kings")}
			s.Locs[loc("kings")].GangMembers = 1
			s.Locs[loc("kings")].Control = 0
			p.Markers = 1
		}, "avoid all on s1 with gang member", 0, 0},
		{"EP-EQ-VEST-01 vest", func(s *State, p *Player) { p.Items = append(p.Items, Item{Kind: "equipment", Name: "vest"}) }, "avoid red on s1 with vest", 2, 0},
		{"EP-EQ-HAT-01 hat", func(s *State, p *Player) { p.Items = append(p.Items, Item{Kind: "equipment", Name: "hat"}) }, "avoid blue on s1 with hat", 2, 0},
		{"EP-EQ-HELMET-01 helmet", func(s *State, p *Player) { p.Items = append(p.Items, Item{Kind: "equipment", Name: "helmet"}) }, "avoid black on s1 with helmet", 2, 0},
		{"EP-EQ-GASMASK-01 gas mask", func(s *State, p *Player) { p.Items = append(p.Items, Item{Kind: "equipment", Name: "gas mask"}) }, "avoid blue on s1 with gas mask", 2, 0},
	}
	for _, c := range cases {
		s, p := city3(t)
		p.Money = 20
		c.give(s, p)
		for _, col := range OfficerColours {
			officer(s, "s1", col)
		}
		// EP-EXEC-03: avoid tools are not offered while moving.
		apply(t, s, 0, "go s1")
		if hasPrefix(s, 0, "avoid") {
			t.Errorf("%s: avoid offered during movement", c.name)
		}
		apply(t, s, 0, "go sd")
		apply(t, s, 0, "go store d")
		apply(t, s, 0, "stop")
		if !has(s, 0, c.move) {
			t.Errorf("%s: %q not legal: %v", c.name, c.move, legal(s, 0))
			continue
		}
		apply(t, s, 0, c.move)
		left := len(active(s).Threats)
		if s.turnStep() != Avoid {
			left = 0
		}
		if left != c.left || p.Money != 20-c.money {
			t.Errorf("%s: %d threats left, money %d", c.name, left, p.Money)
		}
		// EP-EXEC-14: a used Equipment tile is flipped.
		for _, it := range p.Items {
			if it.Kind == "equipment" && !it.Used {
				t.Errorf("%s: equipment not flipped", c.name)
			}
		}
	}
	// The Gas Mask avoids black or blue, not red.
	s, p := city3(t)
	p.Items = append(p.Items, Item{Kind: "equipment", Name: "gas mask"})
	officer(s, "s1", "red")
	apply(t, s, 0, "go s1")
	apply(t, s, 0, "go sd")
	apply(t, s, 0, "go store d")
	apply(t, s, 0, "stop")
	if hasPrefix(s, 0, "avoid red on s1 with gas mask") {
		t.Error("gas mask avoids red")
	}
	if !strings.Contains(strings.Join(legal(s, 0), ","), "take wounds") {
		t.Error("no take wounds")
	}
}

// TestAvoidOfficersStillThere (EP-AVOID-01, EP-CC-BRIBE-01, EP-ASSET-RED-01,
// EP-CC-SNITCH-01): Avoid is decided against the officers still on the
// tiles left; moving or removing one during the Avoid step spares it.
func TestAvoidOfficersStillThere(t *testing.T) {
	for _, c := range []struct {
		name  string
		give  func(p *Player)
		moves []string
	}{
		{"bribe", func(p *Player) { giveContact(p, "bribe red") }, []string{"contact bribe red", "officer red s1", "to b1"}},
		{"asset", func(p *Player) { p.TopRow = remove(p.TopRow, "red"); p.Assets[1].Asset = "red" }, []string{"asset red", "officer red s1", "to b1"}},
		{"snitch", func(p *Player) { giveContact(p, "snitch red") }, []string{"contact snitch red", "remove red s1"}},
	} {
		s, p := city3(t)
		officer(s, "s1", "red")
		officer(s, "s1", "blue")
		c.give(p)
		p.Money = 10
		apply(t, s, 0, "go s1")
		apply(t, s, 0, "go sd")
		apply(t, s, 0, "go store d")
		apply(t, s, 0, "stop")
		if len(active(s).Threats) != 2 {
			t.Fatalf("%s: threats %v", c.name, active(s).Threats)
		}
		for _, m := range c.moves {
			apply(t, s, 0, m)
		}
		if th := active(s).Threats; len(th) != 1 || th[0].Who != "blue" {
			t.Errorf("%s: the officer moved away is still to avoid: %v", c.name, th)
		}
		apply(t, s, 0, "take wounds")
		if p.Wounds != 1 {
			t.Errorf("%s: wounds %d", c.name, p.Wounds)
		}
	}
}

// TestSubwayTerminates (EP-MOVE-10, EP-MOVE-11): rides are unlimited, yet a
// player who keeps moving instead of stopping is brought home: after
// MaxFreeSteps steps only steps along a shortest way to a Location are
// offered, and the MP a Move gains from the Subway is at most 1 per step.
func TestSubwayTerminates(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		s, p := city3(t)
		r := engine.NewRand(seed)
		steps := 0
		for s.turnStep() == RestOrMove || s.turnStep() == Moving {
			var opts []string
			for _, m := range legal(s, 0) {
				if strings.HasPrefix(m, "go ") || strings.HasPrefix(m, "subway ") {
					opts = append(opts, m)
				}
			}
			if len(opts) == 0 {
				if !has(s, 0, "stop") {
					t.Fatalf("seed %d: stuck at %s: %v", seed, s.NodeName(p.At), legal(s, 0))
				}
				apply(t, s, 0, "stop")
				break
			}
			apply(t, s, 0, opts[r.Intn(len(opts))])
			steps++
			if active(s).MP > 3+steps {
				t.Fatalf("seed %d: MP %d after %d steps", seed, active(s).MP, steps)
			}
			if steps > MaxFreeSteps+40 {
				t.Fatalf("seed %d: the Move does not end", seed)
			}
		}
	}
}

// avoidStep walks seat 0 from the church through s1 to Store D with the
// given officers on s1, and stops: the Avoid step of that Move.
func avoidStep(t *testing.T, money int, give func(s *State, p *Player), colours ...string) (*State, *Player, engine.Result) {
	t.Helper()
	s, p := city3(t)
	p.Money = money
	if give != nil {
		give(s, p)
	}
	for _, col := range colours {
		officer(s, "s1", col)
	}
	apply(t, s, 0, "go s1")
	apply(t, s, 0, "go sd")
	apply(t, s, 0, "go store d")
	return s, p, apply(t, s, 0, "stop")
}

// TestAvoidToolsAtTheirPrice (EP-EXEC-05, EP-EXEC-07, EP-CC-FASTCAR-01,
// EP-CC-GANG-01, EP-CC-BOXER-01, EP-CC-STUNT-01, EP-ASSET-AVOID-01,
// EP-EXEC-12): each paid avoid tool is offered with exactly its price in
// hand and not with $1 less; a tool needs the card, tile or Gang Member it
// names, and Boxer needs an officer of its colour on the tile.
func TestAvoidToolsAtTheirPrice(t *testing.T) {
	avoidAsset0 := func(s *State, p *Player) {
		p.BottomRow = remove(p.BottomRow, "avoid")
		p.Assets[0].Asset = "avoid" // the $5 space
	}
	cases := []struct {
		id    string
		give  func(s *State, p *Player)
		price int
		move  string
	}{
		{"EP-CC-FASTCAR-01", func(s *State, p *Player) { giveContact(p, "fast car") }, 3, "avoid all on s1 with fast car"},
		{"EP-CC-GANG-01", func(s *State, p *Player) { giveContact(p, "gang") }, 2, "avoid all on s1 with gang card"},
		{"EP-ASSET-AVOID-01", avoidAsset0, 5, "avoid all on s1 with avoid asset"},
		{"EP-CC-BOXER-01", func(s *State, p *Player) { giveContact(p, "boxer") }, 2, "avoid red on s1 with boxer"},
		{"EP-CC-STUNT-01", func(s *State, p *Player) { giveContact(p, "stunt") }, 1, "avoid red on s1 with stunt"},
	}
	for _, c := range cases {
		for _, money := range []int{c.price, c.price - 1} {
			s, p, _ := avoidStep(t, money, c.give, "red", "blue")
			if got := has(s, 0, c.move); got != (money == c.price) {
				t.Errorf("%s with $%d (price $%d): offered %v: %v", c.id, money, c.price, got, legal(s, 0))
				continue
			}
			if money < c.price {
				continue
			}
			apply(t, s, 0, c.move)
			if p.Money != 0 {
				t.Errorf("%s: money %d after paying $%d", c.id, p.Money, c.price)
			}
		}
	}
	// Without the tools: no avoid asset (locked or used), no Gang Member,
	// a Boxer (red) with only a blue officer to avoid.
	s, p, _ := avoidStep(t, 20, func(s *State, p *Player) { giveContact(p, "boxer") }, "blue")
	for _, m := range []string{"avoid all on s1 with avoid asset", "avoid all on s1 with gang member", "avoid red on s1 with boxer"} {
		if has(s, 0, m) {
			t.Errorf("EP-EXEC-07/12, EP-CC-BOXER-01: %q offered without its tool: %v", m, legal(s, 0))
		}
	}
	p.BottomRow = remove(p.BottomRow, "avoid")
	p.Assets[1] = AssetSpace{Asset: "avoid", Used: true}
	if has(s, 0, "avoid all on s1 with avoid asset") {
		t.Error("EP-EXEC-07: a used avoid Asset tile is offered again")
	}
}

// TestAvoidAnnouncesThreats (EP-AVOID-01): stopping after leaving a tile
// with officers says how many must be avoided; leaving none says nothing.
func TestAvoidAnnouncesThreats(t *testing.T) {
	_, _, res := avoidStep(t, 0, nil, "red", "blue")
	if !strings.Contains(strings.Join(res.Public, "\n"), "must avoid 2 officers") {
		t.Errorf("no avoid line: %q", res.Public)
	}
	_, _, res = avoidStep(t, 0, nil)
	if strings.Contains(strings.Join(res.Public, "\n"), "must avoid") {
		t.Errorf("avoid line with nothing to avoid: %q", res.Public)
	}
}

// TestHandcuffDiscardsFirstContactCard (EP-AVOID-09, EP-AVOID-10): the
// Handcuffs card discards whatever Contact card lies on the rightmost open
// space (the deck's first card included) and the log names that space.
func TestHandcuffDiscardsFirstContactCard(t *testing.T) {
	s, p := city3(t)
	p.BottomRow = nil
	last := ContactSpaces - 1
	p.Contacts[last] = ContactSpace{Card: 0}
	p.Wounds = 3
	var res engine.Result
	s.gainWound(p, &res)
	if len(s.ContactsBox) != 1 || s.ContactsBox[0] != 0 || !p.Contacts[last].Cuffed || p.Wounds != 2 {
		t.Errorf("box %v contacts %+v wounds %d", s.ContactsBox, p.Contacts, p.Wounds)
	}
	want := fmt.Sprintf("Contact space %d blocked, discarding the %s Contact card", ContactSpaces, ContactDeck[0].Name)
	if !strings.Contains(strings.Join(res.Public, "\n"), want) {
		t.Errorf("log %q lacks %q", res.Public, want)
	}
}

// TestWalkCrossesOnlySharedSides (EP-MOVE-03, EP-MOVE-05): walking leaves a
// tile only across a side it shares with a neighbouring City tile; a tile
// anywhere on the grid's edge never leads to a tile that does not touch it,
// and a shared side is crossed also into the grid's first slot and onto
// the first City tile (s1).
func TestWalkCrossesOnlySharedSides(t *testing.T) {
	far := tileIndex["s2"] // tile 1, on slot 1 (column 2, row 1), top edge
	walker := tileIndex["b1"]
	for slot := 0; slot < GridCols*GridRows; slot++ {
		s := newS(t, 3, 11)
		layout(s, map[string][2]int{"s2": {1, 0}})
		if s.Grid[slot] >= 0 || slotDist(slot, 1) <= 1 {
			continue
		}
		s.putInCity(walker, slot)
		fresh(s)
		for a := range tileAreas(walker) {
			for _, e := range s.steps(areaNode(walker, a), nil) {
				if nodeTile(e.to) == far {
					t.Errorf("from b1 on %s (area %d): step %s to %s, which does not touch it", SlotName(slot), a, e.kind, s.NodeName(e.to))
				}
			}
		}
	}
	// s1 (tile 0) on slot 0, b1 beside it on slot 1.
	s := newS(t, 3, 11)
	layout(s, map[string][2]int{"s1": {0, 0}, "b1": {1, 0}})
	if s.Grid[0] != 0 {
		t.Fatalf("slot 0 holds tile %d", s.Grid[0])
	}
	reached := false
	for a := range tileAreas(walker) {
		for _, e := range s.steps(areaNode(walker, a), nil) {
			reached = reached || (e.kind == "go" && nodeTile(e.to) == 0)
		}
	}
	if !reached {
		t.Error("b1 does not lead onto s1 across their shared side")
	}
}

// TestFlightWithLastMP (EP-MOVE-12, EP-MOVE-13, EP-EXEC-11): a flight costs
// 1 MP, so it is open with exactly 1 MP left (to a Location, where the
// Move can end) and shut with none.
func TestFlightWithLastMP(t *testing.T) {
	for _, mp := range []int{1, 0} {
		s, p := city3(t)
		p.At = loc("store a") // a2 has a Helipad
		active(s).Start = p.At
		p.Gang = []int{loc("rats"), loc("rats")}
		s.Locs[loc("rats")].GangMembers = 0
		s.Locs[loc("rats")].Control = 0
		p.Markers = 1
		active(s).MP = mp
		if has(s, 0, "gang fly") != (mp == 1) {
			t.Errorf("helipad flight with %d MP: %v", mp, legal(s, 0))
			continue
		}
		if mp == 1 {
			apply(t, s, 0, "gang fly")
			apply(t, s, 0, "fly to church")
			if active(s).MP != 0 || p.At != loc("church") || !has(s, 0, "stop") {
				t.Errorf("flight with the last MP: MP %d at %s", active(s).MP, s.NodeName(p.At))
			}
		}
		s, p = city3(t)
		p.At = hospLoc // the Hospital has a Heliport
		active(s).Start = hospLoc
		active(s).MP = mp
		if has(s, 0, "fly church") != (mp == 1) {
			t.Errorf("heliport flight with %d MP: %v", mp, legal(s, 0))
		}
	}
}

// TestFerryServesItsBodyOfWater (EP-MOVE-08): a Water tile without a Ferry
// may be entered when a Water tile it touches has one (one body of water);
// a Land tile between them does not join two bodies.
func TestFerryServesItsBodyOfWater(t *testing.T) {
	s := newS(t, 3, 11)
	tiles := map[string][2]int{}
	for id, cr := range standard {
		tiles[id] = cr
	}
	tiles["d3"] = [2]int{4, 3} // touches a3 (3,3), which has a Ferry
	layout(s, tiles)
	if slotDist(s.Tiles[tileIndex["d3"]].Slot, s.Tiles[tileIndex["a3"]].Slot) != 1 {
		t.Fatal("d3 does not touch a3")
	}
	if !s.enterable(landNode(tileIndex["d3"])) {
		t.Error("d3 shares a3's Ferry yet cannot be entered")
	}
	// Apart (standard: d3 on (5,2)), d3 has no Ferry of its own.
	s = newS(t, 3, 11)
	layout(s, standard)
	if s.enterable(landNode(tileIndex["d3"])) {
		t.Error("d3 entered without a Ferry in its body of water")
	}
}

// TestMoveFromEveryLocation (EP-MOVE-01, EP-MOVE-06, EP-MOVE-11): a player
// may start a Move from any Location of the city, among them the first
// few Locations of the board (the Clinic and the Kings on s2); a plain
// step says nothing about the Subway bonus.
func TestMoveFromEveryLocation(t *testing.T) {
	for l := 0; l < nLocs; l++ {
		s, _ := city3(t)
		if !s.inCity(locTile[l]) || !s.geo().pass[locTile[l]] {
			continue
		}
		dropTurn(s)
		turnAt(s, 0, l)
		if !hasPrefix(s, 0, "go ") {
			t.Errorf("no Move from %s (location %d): %v", s.NodeName(l), l, legal(s, 0))
		}
	}
	s, _ := city3(t)
	res := apply(t, s, 0, "go s1")
	if strings.Contains(strings.Join(res.Public, "\n"), "Subway") {
		t.Errorf("a walking step mentions the Subway: %q", res.Public)
	}
}

// TestFreeStepsEndAtTheLimit (EP-MOVE-05, EP-MOVE-07): free steps in
// circles are allowed up to MaxFreeSteps steps exactly; from then on only
// steps along a shortest way to a Location are offered (CONTENT.md).
func TestFreeStepsEndAtTheLimit(t *testing.T) {
	s, _ := city3(t)
	dropTurn(s)
	p := turnAt(s, 0, loc("store d"))
	apply(t, s, 0, "go sd")
	for i := 0; i < 3*MaxFreeSteps && active(s).Steps < MaxFreeSteps; i++ {
		if nodeTile(p.At) == tileIndex["sd"] {
			apply(t, s, 0, "go s1")
		} else {
			apply(t, s, 0, "go sd")
		}
	}
	if active(s).Steps != MaxFreeSteps || nodeTile(p.At) != tileIndex["s1"] {
		t.Fatalf("steps %d at %s, want %d at s1", active(s).Steps, s.NodeName(p.At), MaxFreeSteps)
	}
	// From s1's Land space the way home is the Church (or the Subway);
	// back to sd leads no closer to a Location other than Store D.
	if has(s, 0, "go sd") {
		t.Errorf("after %d steps the step back to sd is still offered: %v", MaxFreeSteps, legal(s, 0))
	}
	if !has(s, 0, "go church") {
		t.Errorf("no way home after %d steps: %v", MaxFreeSteps, legal(s, 0))
	}
	// On a1's Land space (2 steps from home by the Subway) the step to c1,
	// also 2 steps from home, leads no closer; on sd's (3 steps) the step
	// to s1 (2 steps) does.
	p.At = landNode(tileIndex["a1"])
	fresh(s)
	if has(s, 0, "go c1") {
		t.Errorf("after %d steps a1 → c1 (no closer) is offered: %v", MaxFreeSteps, legal(s, 0))
	}
	p.At = landNode(tileIndex["sd"])
	fresh(s)
	if !has(s, 0, "go s1") {
		t.Errorf("after %d steps sd → s1 (closer) is refused: %v", MaxFreeSteps, legal(s, 0))
	}
}

// TestSewerWithLastMPToASubway (EP-CC-SEWER-01, EP-CC-SEWER-02,
// EP-MOVE-10, EP-MOVE-11): a Sewer trip to another Land type costs 1 MP,
// and with exactly 1 MP left it may still end on a Subway tile, whose
// free ride and +1 MP on leaving the station lead to a Location.
func TestSewerWithLastMPToASubway(t *testing.T) {
	s, p := city3(t)
	giveContact(p, "sewer")
	apply(t, s, 0, "go s1")
	p.Money = 2
	active(s).MP = 1
	apply(t, s, 0, "contact sewer")
	if !has(s, 0, "sewer to c1") {
		t.Fatalf("no Sewer to c1 (Industrial, a Subway) with 1 MP: %v", legal(s, 0))
	}
	apply(t, s, 0, "sewer to c1")
	if active(s).MP != 0 || p.At != landNode(tileIndex["c1"]) {
		t.Fatalf("after the Sewer: MP %d at %s", active(s).MP, s.NodeName(p.At))
	}
	apply(t, s, 0, "subway a1")
	apply(t, s, 0, "go casino")
	if !has(s, 0, "stop") {
		t.Errorf("the Subway did not lead home: at %s, %v", s.NodeName(p.At), legal(s, 0))
	}
}
