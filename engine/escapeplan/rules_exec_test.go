package escapeplan

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestContactCards: each Contact card's cost, ★ and effect (EP-EXEC-05, EP-EXEC-06,
// EP-NOT-12, EP-CC-*).
func TestContactCards(t *testing.T) {
	type check func(t *testing.T, s *State, p *Player)
	cases := []struct {
		id, card, move string
		moving         bool
		cost           int
		star           bool
		check          check
	}{
		{"EP-CC-BRIBE-01", "bribe red", "contact bribe red", false, 2, true, func(t *testing.T, s *State, p *Player) {
			if tasks(s)[0].Kind != "police" || tasks(s)[0].Colour != "red" {
				t.Errorf("bribe task %+v", tasks(s))
			}
			apply(t, s, 0, "officer red s1")
			apply(t, s, 0, "to c1")
			if !s.Tiles[tileIndex["c1"]].Officers[0] || s.Tiles[tileIndex["s1"]].Officers[0] {
				t.Error("bribe did not move the officer")
			}
		}},
		{"EP-CC-FIXER-01", "fixer", "contact fixer", false, 4, false, func(t *testing.T, s *State, p *Player) {
			if p.Discs != 1 || s.Discs != ExtraActionDiscs-1 {
				t.Error("no disc")
			}
		}},
		{"EP-CC-GANG-01", "gang", "contact gang lose notoriety", false, 2, true, func(t *testing.T, s *State, p *Player) {
			if p.Blue != 1 {
				t.Error("gang card: no notoriety loss")
			}
		}},
		{"EP-CC-GENSTORE-01", "general store", "contact general store", false, 2, false, func(t *testing.T, s *State, p *Player) {
			if p.Money != 20-2+IncomeValues[0] {
				t.Errorf("general store: money %d", p.Money)
			}
		}},
		{"EP-CC-INFORMER-01", "informer", "contact informer", false, 3, false, func(t *testing.T, s *State, p *Player) {
			if p.Blue != 1 {
				t.Error("informer")
			}
		}},
		{"EP-CC-MEDIC-01", "medic", "contact medic", false, 2, true, func(t *testing.T, s *State, p *Player) {
			if p.Wounds != 0 {
				t.Error("medic")
			}
		}},
		{"EP-CC-SNITCH-01", "snitch red", "contact snitch red", false, 1, true, func(t *testing.T, s *State, p *Player) {
			apply(t, s, 0, "remove red s1")
			if s.Removed[0] != 1 || s.Tiles[tileIndex["s1"]].Officers[0] {
				t.Error("snitch")
			}
		}},
		{"EP-CC-SPY1-01", "spy 1", "contact spy 1", false, 2, true, func(t *testing.T, s *State, p *Player) {
			if tasks(s)[0].Kind != "contact" {
				t.Error("spy 1")
			}
		}},
		{"EP-CC-SPY2-01", "spy 2", "contact spy 2", false, 3, true, func(t *testing.T, s *State, p *Player) {
			if p.Contacts[1].Used || p.Items[0].Used {
				t.Error("spy 2 did not ready")
			}
		}},
		{"EP-CC-SPY3-01", "spy 3", "contact spy 3", false, 3, true, func(t *testing.T, s *State, p *Player) {
			if tasks(s)[0].Kind != "unlock" {
				t.Error("spy 3")
			}
		}},
		{"EP-CC-GASCAN-01", "gas can", "contact gas can", true, 0, false, func(t *testing.T, s *State, p *Player) {
			if active(s).MP != 4 {
				t.Errorf("gas can MP %d", active(s).MP)
			}
		}},
		{"EP-CC-JETSKI-01", "jet ski", "contact jet ski", true, 0, false, func(t *testing.T, s *State, p *Player) {
			apply(t, s, 0, "water d3")
			if !s.geo().pass[tileIndex["d3"]] {
				t.Error("jet ski: d3 still closed")
			}
		}},
		{"EP-CC-MEDEVAC-01", "medevac", "contact medevac", true, 0, false, func(t *testing.T, s *State, p *Player) {
			if p.At != hospLoc || s.turnStep() == Moving || s.turnStep() == RestOrMove {
				t.Errorf("medevac: at %s step %s", s.NodeName(p.At), s.turnStep())
			}
		}},
		{"EP-CC-SEWER-01", "sewer", "contact sewer", true, 2, true, func(t *testing.T, s *State, p *Player) {
			// EP-CC-SEWER-02: from s1 (downtown) to a2's industrial area
			// costs 1 MP, to its downtown area nothing.
			for _, m := range legal(s, 0) {
				o := nodeTile(nodeNamed(s, strings.TrimPrefix(m, "sewer to ")))
				if s.tileDist(tileIndex["s1"], o) != 2 {
					t.Errorf("%s: sewer to a tile %d away", m, s.tileDist(tileIndex["s1"], o))
				}
			}
			if !has(s, 0, "sewer to a2 downtown") {
				t.Fatalf("no sewer to a2's downtown area: %v", legal(s, 0))
			}
			apply(t, s, 0, "sewer to a2")
			if active(s).MP != 1 || p.At != landNode(tileIndex["a2"]) {
				t.Errorf("sewer: MP %d", active(s).MP)
			}
		}},
		{"EP-CC-CHOPPER-01", "chopper", "contact chopper", true, 2, true, func(t *testing.T, s *State, p *Player) {
			apply(t, s, 0, "fly to store a")
			if active(s).MP != 3 || p.At != loc("store a") {
				t.Errorf("chopper: MP %d", active(s).MP)
			}
		}},
	}
	for _, c := range cases {
		s, p := city3(t)
		p.Money = 20
		p.Wounds = 1
		officer(s, "s1", "red")
		giveContact(p, c.card)
		if c.id == "EP-CC-SPY2-01" {
			giveContact(p, "medic")
			p.Contacts[1].Used = true
			p.Items = []Item{{Kind: "equipment", Name: "vest", Used: true}}
		}
		if c.id == "EP-CC-CHOPPER-01" {
			p.At = hospLoc // the Hospital has a Heliport
			active(s).Start = hospLoc
		}
		if c.id == "EP-CC-SEWER-01" {
			apply(t, s, 0, "go s1")
			p.Money = 20
		}
		if !has(s, 0, c.move) {
			t.Errorf("%s: %q not legal: %v", c.id, c.move, legal(s, 0))
			continue
		}
		apply(t, s, 0, c.move)
		if !p.Contacts[0].Used { // EP-EXEC-05
			t.Errorf("%s: card not flipped", c.id)
		}
		gain := 0
		if c.id == "EP-CC-GENSTORE-01" {
			gain = IncomeValues[0]
		}
		if p.Money != 20-c.cost+gain {
			t.Errorf("%s: paid %d, want %d", c.id, 20-p.Money+gain, c.cost)
		}
		if c.star && p.Red != 1 || !c.star && p.Red != 0 { // EP-NOT-12
			t.Errorf("%s: red %d", c.id, p.Red)
		}
		c.check(t, s, p)
		if hasPrefix(s, 0, c.move) && active(s) != nil && len(tasks(s)) == 0 { // EP-EXEC-06
			t.Errorf("%s: used card offered again", c.id)
		}
	}
	// EP-EXEC-02: movement cards are not offered outside movement.
	s, p := city3(t)
	giveContact(p, "gas can")
	s.setStep(EndOfTurn)
	fresh(s)
	if has(s, 0, "contact gas can") {
		t.Error("gas can offered after moving")
	}
}

// TestFixers: each Fixer tile is a single use (EP-EXEC-13, EP-FIX-*).
func TestFixers(t *testing.T) {
	cases := []struct {
		id, name, move string
		check          func(s *State, p *Player) bool
	}{
		{"EP-FIX-DISGUISE-01", "disguise", "fixer disguise", func(s *State, p *Player) bool { return p.Blue == 1 }},
		{"EP-FIX-ENERGY-01", "energy drink", "fixer energy drink", func(s *State, p *Player) bool { return !p.Contacts[0].Used }},
		{"EP-FIX-FIRSTAID-01", "first aid kit", "fixer first aid kit", func(s *State, p *Player) bool { return p.Wounds == 0 }},
		{"EP-FIX-GOLDBAR-01", "gold bar", "fixer gold bar", func(s *State, p *Player) bool { return tasks(s)[0].Kind == "unlock" }},
		{"EP-FIX-IDCARD-01", "id card", "fixer id card", func(s *State, p *Player) bool { return p.Discs == 1 }},
		{"EP-FIX-MOTORCYCLE-01", "motorcycle", "fixer motorcycle lose notoriety", func(s *State, p *Player) bool { return p.Blue == 1 }},
		{"EP-FIX-SAFE-01", "safe", "fixer safe", func(s *State, p *Player) bool { return p.Money == 5+IncomeValues[0] }},
		{"EP-FIX-SCUBA-01", "scuba gear", "fixer scuba gear", func(s *State, p *Player) bool { return tasks(s)[0].Kind == "water" }},
		{"EP-FIX-HELICOPTER-01", "helicopter", "fixer helicopter", func(s *State, p *Player) bool { return tasks(s)[0].Kind == "fly" }},
		{"EP-FIX-TELEPHONE-01", "telephone", "fixer telephone", func(s *State, p *Player) bool { return tasks(s)[0].Kind == "contact" }},
	}
	for _, c := range cases {
		s, p := city3(t)
		p.Money = 5
		p.Wounds = 1
		giveContact(p, "medic")
		p.Contacts[0].Used = true
		p.Items = []Item{{Kind: "fixer", Name: c.name}}
		if c.name == "helicopter" {
			p.At = hospLoc
			active(s).Start = hospLoc
		}
		if !has(s, 0, c.move) {
			t.Errorf("%s: %q not legal: %v", c.id, c.move, legal(s, 0))
			continue
		}
		apply(t, s, 0, c.move)
		if !c.check(s, p) || !p.Items[0].Used {
			t.Errorf("%s: effect missing", c.id)
		}
	}
	// Fixer prices (EP-FIX-*: "$n to buy").
	want := map[string]int{"disguise": 2, "energy drink": 2, "first aid kit": 1, "gold bar": 3, "id card": 4, "motorcycle": 2,
		"safe": 3, "scuba gear": 1, "helicopter": 1, "skateboard": 1, "telephone": 2}
	for n, p := range want {
		if fixerPrice(n) != p {
			t.Errorf("%s costs %d", n, fixerPrice(n))
		}
	}
}

// TestAssets: unlocking and using Asset tiles (EP-UNLOCK-01, EP-UNLOCK-02, EP-UNLOCK-03,
// EP-EXEC-07, EP-ASSET-*).
func TestAssets(t *testing.T) {
	s, p := city3(t)
	var res engine.Result
	// EP-UNLOCK-01: most expensive empty space; EP-UNLOCK-03: the row closes up.
	s.unlockAsset(p, "blue", &res)
	if p.Assets[1].Asset != "blue" || strings.Join(p.TopRow, ",") != "red,black" {
		t.Errorf("unlock: %v %v", p.Assets, p.TopRow)
	}
	for _, a := range []string{"red", "black", "avoid", "master key"} {
		s.unlockAsset(p, a, &res)
	}
	s.unlockAsset(p, "heal", &res) // EP-UNLOCK-02: no space → discarded
	if len(s.AssetBox) != 1 || s.AssetBox[0] != "heal" || len(p.locked()) != 0 {
		t.Errorf("discard on full: %v", s.AssetBox)
	}
	// EP-EXEC-07 / EP-ASSET-*: pay the space's price, flip.
	p.Money = 20
	p.Wounds = 1
	officer(s, "s1", "red")
	officer(s, "s1", "blue")
	officer(s, "s1", "black")
	// EP-ASSET-BLUE-01, EP-ASSET-RED-01, EP-ASSET-BLACK-01, EP-ASSET-EXTRA-01.
	for _, c := range []struct{ move string }{{"asset blue"}, {"asset red"}, {"asset black"}, {"asset extra"}} {
		fresh(s)
		if !has(s, 0, c.move) {
			t.Errorf("%q not legal: %v", c.move, legal(s, 0))
			continue
		}
		apply(t, s, 0, c.move)
		if len(tasks(s)) > 0 && tasks(s)[0].Kind == "police" {
			apply(t, s, 0, legal(s, 0)[0])
			apply(t, s, 0, legal(s, 0)[0])
		}
	}
	// Prices: blue $4, red $3, black $2, extra $5.
	if p.Money != 20-4-3-2-5 || p.Discs != 1 {
		t.Errorf("asset prices: money %d discs %d", p.Money, p.Discs)
	}
	if s.Tiles[tileIndex["s1"]].Officers != [3]bool{} {
		t.Errorf("police assets did not move officers")
	}
	// EP-ASSET-HEAL-01.
	s2, p2 := city3(t)
	s2.unlockAsset(p2, "heal", &res)
	p2.Wounds = 1
	apply(t, s2, 0, "asset heal")
	if p2.Wounds != 0 || !p2.Assets[1].Used {
		t.Error("asset heal")
	}
	// EP-END-05: $10 per used Asset tile.
	p2.Status = "escaped"
	base := s2.FinalScore(p2)
	p2.Assets[0].Used = true
	if s2.FinalScore(p2) != base+10 {
		t.Error("used asset score")
	}
}

// TestFirstAid (EP-EXEC-04), usable at any time of the turn (EP-EXEC-01).
func TestFirstAid(t *testing.T) {
	s, p := city3(t)
	p.Wounds = 2
	for _, step := range []engine.DecisionKind{RestOrMove, Visit, EndOfTurn} {
		s.setStep(step)
		active(s).Visit = map[string]int{}
		if !has(s, 0, "first aid") {
			t.Errorf("first aid not offered in step %s", step)
		}
	}
	s.setStep(RestOrMove)
	apply(t, s, 0, "first aid")
	if p.Wounds != 1 || p.FirstAid || has(s, 0, "first aid") {
		t.Error("first aid")
	}
}

// TestPoliceToward: thresholds make lower players move officers closer
// (EP-NOT-05, EP-NOT-06, EP-NOT-07, EP-NOT-08, EP-NOT-09, EP-NOT-10, EP-POLICE-01, EP-POLICE-02, EP-POLICE-03, EP-SNOT-06, EP-SNOT-07).
func TestPoliceToward(t *testing.T) {
	s, p := city3(t)
	dropTurn(s)
	s.Order = []int{0, 1, 2}
	p.At = loc("store a") // on a2
	p.Red = 4
	p.Notoriety = 2
	s.Players[1].Notoriety = 1
	s.Players[2].Notoriety = 9
	officer(s, "b1", "red")
	var res engine.Result
	s.updateNotoriety(0, &res)
	if p.Notoriety != 6 || p.Red != 0 { // EP-NOT-04
		t.Fatalf("notoriety %d", p.Notoriety)
	}
	// Crossed threshold 1 (above 3): seat 1 (lower) moves an officer;
	// seat 2 (higher) does not; then seat 0 unlocks 1 (EP-NOT-08).
	if len(tasks(s)) != 2 || tasks(s)[0].Kind != "police" || tasks(s)[0].Seat != 1 || tasks(s)[1].Kind != "unlock" || tasks(s)[1].N != 1 {
		t.Fatalf("tasks %+v", tasks(s))
	}
	a2 := tileIndex["a2"]
	apply(t, s, 1, "officer red b1")
	for _, m := range legal(s, 1) {
		to := tileIndex[strings.TrimPrefix(m, "to ")]
		if s.tileDist(to, a2) >= s.tileDist(tileIndex["b1"], a2) { // EP-NOT-07
			t.Errorf("%s is not closer", m)
		}
	}
	apply(t, s, 1, legal(s, 1)[0])
	// EP-NOT-05, EP-NOT-09, EP-NOT-10: crossing 2 thresholds at once resolves each.
	s2, p2 := city3(t)
	dropTurn(s2)
	p2.Notoriety = 5
	p2.Red = 4
	s2.updateNotoriety(0, &res)
	if p2.Notoriety != 9 {
		t.Fatalf("notoriety %d", p2.Notoriety)
	}
	s2.Players[0].Red = 2
	clearTasks(s2)
	s2.updateNotoriety(0, &res)
	if p2.Notoriety != 11 || p2.Discs != 1 { // threshold 3: unlock 1 + disc
		t.Errorf("threshold 3: notoriety %d discs %d", p2.Notoriety, p2.Discs)
	}
	// EP-NOT-11: at the top, further gains are Wounds.
	p2.Notoriety = NotorietyTop
	p2.Red = 2
	s2.updateNotoriety(0, &res)
	if p2.Notoriety != NotorietyTop || p2.Wounds != 2 {
		t.Errorf("top of the track: wounds %d", p2.Wounds)
	}
	// EP-SNOT-07: a player crosses with Sandra lower: the other human
	// moves an officer for her.
	s3 := newS(t, 2, 1)
	layout(s3, standard)
	clearTasks(s3)
	s3.Order = []int{0, 1, SandraActor}
	s3.Players[0].At = loc("church")
	s3.Players[0].Red = 4
	s3.Players[1].Notoriety = 8
	officer(s3, "b1", "red")
	s3.updateNotoriety(0, &res)
	if tasks(s3)[0].Kind != "police" || tasks(s3)[0].Seat != 1 || !strings.Contains(tasks(s3)[0].Reason, "Sandra") {
		t.Errorf("sandra helper task %+v", tasks(s3))
	}
	// EP-SNOT-06: Sandra crosses: lower players move officers toward her.
	s4 := newS(t, 2, 1)
	layout(s4, standard)
	clearTasks(s4)
	s4.Sandra.At = loc("church")
	s4.Sandra.Red = 4
	s4.updateNotoriety(SandraActor, &res)
	n := 0
	for _, tk := range tasks(s4) {
		if tk.Kind == "police" {
			n++
		}
		if tk.Kind == "unlock" {
			t.Error("Sandra unlocks assets")
		}
	}
	if n != 2 {
		t.Errorf("%d police tasks toward Sandra", n)
	}
}

// TestNotorietyCubes (EP-NOT-01, EP-NOT-02, EP-NOT-03, EP-SNOT-01, EP-SNOT-02, EP-SNOT-03, EP-SNOT-04, EP-SNOT-05).
func TestNotorietyCubes(t *testing.T) {
	red, blue := 0, 0
	gainNotoriety(&red, &blue, 3)  // EP-NOT-01
	gainNotoriety(&red, &blue, -1) // EP-NOT-02
	if red != 3 || blue != 1 {
		t.Errorf("cubes %d/%d", red, blue)
	}
	gainNotoriety(&red, &blue, 1) // EP-NOT-03: no neutral cube: blue back
	if red != 3 || blue != 0 {
		t.Errorf("cubes %d/%d", red, blue)
	}
	// EP-SNOT-03, EP-SNOT-04, EP-SNOT-05: Sandra's marker by her cubes; cancelling cubes.
	s := newS(t, 2, 1)
	clearTasks(s)
	gainNotoriety(&s.Sandra.Red, &s.Sandra.Blue, 1)
	gainNotoriety(&s.Sandra.Red, &s.Sandra.Blue, -1)
	var res engine.Result
	s.updateNotoriety(SandraActor, &res)
	if s.Sandra.Notoriety != 0 || s.Sandra.Red+s.Sandra.Blue != 0 {
		t.Errorf("sandra notoriety %d", s.Sandra.Notoriety)
	}
	gainNotoriety(&s.Sandra.Red, &s.Sandra.Blue, 1)
	s.updateNotoriety(SandraActor, &res)
	if s.Sandra.Notoriety != 1 || s.Sandra.Red != 0 {
		t.Errorf("sandra notoriety %d", s.Sandra.Notoriety)
	}
}

// TestActionTurns (EP-ACTION-01, EP-ACTION-02, EP-ACTION-03, EP-ACTION-04, EP-ACTION-05, EP-ACTION-06, EP-ACTION-07, EP-ACTION-08, EP-ACTION-09, EP-ACTION-10, EP-ACTION-11).
func TestActionTurns(t *testing.T) {
	s := newS(t, 2, 6)
	s.Players[0].Discs = 1
	s.Discs--
	s.Sandra.Discs = 1
	s.Discs--
	lines := drive(t, s, nil, func() bool { return s.Phase == PhasePlayerAction })
	lines = append(lines, drive(t, s, func(seat int, l []string) string {
		if seat == 0 && l[0] == "extra action" {
			return l[0]
		}
		return calm(seat, l)
	}, func() bool { return s.Phase != PhasePlayerAction })...)
	all := strings.Join(lines, "\n")
	for _, n := range TurnNames[:3] { // EP-ACTION-01, EP-ACTION-02
		if strings.Count(all, "'s "+n+" turn") != 2 {
			t.Errorf("%s turns: %d", n, strings.Count(all, "'s "+n+" turn"))
		}
	}
	// EP-ACTION-04, EP-ACTION-05, EP-ACTION-06: only disc holders join the Optional turns; Sandra
	// spends hers by herself.
	if !strings.Contains(all, "Sandra spends an Extra Action disc for the night turn") {
		t.Error("Sandra did not spend her disc")
	}
	if s.Players[0].Discs != 0 || s.Players[1].Discs != 0 {
		t.Error("discs left")
	}
	// Seat 0 spent its disc on the night turn; seat 1 had none.
	if !strings.Contains(all, "@{0}'s night turn") || strings.Contains(all, "@{1}'s night turn") || strings.Contains(all, "'s dawn turn") {
		t.Error("optional turns played by the wrong players")
	}
	// EP-ACTION-11: Sandra travels in her turns.
	if strings.Count(all, "Sandra travels") < 3 {
		t.Errorf("Sandra travelled %d times", strings.Count(all, "Sandra travels"))
	}
	// EP-ACTION-07, EP-ACTION-08: after an escape, $1 per turn or ARRESTED.
	s2 := newS(t, 3, 6)
	drive(t, s2, nil, func() bool { return s2.Phase == PhasePlayerAction })
	dropTurn(s2)
	s2.Escaped = 1
	a := s2.Order[s2.Cur]
	s2.Players[a].Money = 0
	var res engine.Result
	s2.playerActionStep(&res)
	if s2.Players[a].Status != "arrested" {
		t.Errorf("not arrested without $1")
	}
	b := s2.Order[s2.Cur]
	m := s2.Players[b].Money
	s2.playerActionStep(&res)
	if s2.Players[b].Money != m-1 || active(s2) == nil {
		t.Errorf("did not pay $1")
	}
}

// TestStarUpdate: after every participant's turn the Time marker goes to
// the ★ space and every Notoriety marker moves by its cubes, then play goes
// on to the next turn (EP-ACTION-09, EP-ACTION-10, EP-NOT-04).
func TestStarUpdate(t *testing.T) {
	s := newS(t, 3, 6)
	drive(t, s, nil, func() bool { return s.Phase == PhasePlayerAction })
	for i := range s.Players {
		s.Players[i].Red = 1
	}
	drive(t, s, calm, func() bool { return s.TurnNo == 1 })
	for i, p := range s.Players {
		if p.Notoriety != 1 || p.Red != 0 {
			t.Errorf("seat %d: notoriety %d red %d after the first turn", i, p.Notoriety, p.Red)
		}
	}
}

// TestEndScoring (EP-END-01, EP-END-02, EP-END-03, EP-END-04, EP-END-05, EP-END-06, EP-END-07, EP-END-08, EP-END-09, EP-END-10, EP-END-11, EP-END-12, EP-END-13).
func TestEndScoring(t *testing.T) {
	s, p := city3(t)
	p.Status = "escaped"
	p.Money = 10
	p.Notoriety = 5
	p.Wounds = 1
	name := targetOf(p, true)
	s.business(name).Cubes = []Cube{{Actor: 0, Income: true}}
	s.safeHouse("loft").Cubes = []Cube{{Actor: 0}}
	giveContact(p, "medic")
	giveContact(p, "stunt")
	p.Items = []Item{{Kind: "locker", Name: "green locker", Secret: &SecretTile{"x", 7}}}
	loft := planValue(planByTitle(p.Plan), "loft")
	want := 10 + PlanTargetValue + loft + ContactBonus[2] + 7 - NotorietyPenalty(5) - 20
	if got := s.FinalScore(p); got != want { // EP-END-03, EP-END-04, EP-END-05, EP-END-06, EP-END-07, EP-END-08, EP-END-09
		t.Errorf("score %d, want %d", got, want)
	}
	s.Players[1].Status = "arrested"
	s.Players[1].Money = 99
	if s.FinalScore(&s.Players[1]) != 0 { // EP-END-01
		t.Error("arrested score")
	}
	// EP-END-02: each escaped player discards 1 Contact card first.
	dropTurn(s)
	s.Phase = PhaseEnd
	s.PhaseBegun = false
	var res engine.Result
	s.step(&res)
	if len(tasks(s)) != 1 || tasks(s)[0].Kind != "discard contact" {
		t.Fatalf("tasks %+v", tasks(s))
	}
	apply(t, s, 0, "discard contact 1 medic")
	if !s.Over || s.Result.Winners[0] != 0 || p.Score != want-ContactBonus[2]+ContactBonus[1] {
		t.Errorf("result %+v score %d", s.Result, p.Score)
	}
	// EP-END-10, EP-END-11, EP-END-12, EP-END-13: ties by money, then less Notoriety, then fewer Wounds.
	s2, _ := city3(t)
	a, b := &s2.Players[0], &s2.Players[1]
	a.Score, b.Score = 50, 50
	a.Money, b.Money = 5, 6
	if !s2.better(1, 0) {
		t.Error("money tie-break")
	}
	b.Money = 5
	a.Notoriety, b.Notoriety = 2, 3
	if !s2.better(0, 1) {
		t.Error("notoriety tie-break")
	}
	b.Notoriety = 2
	a.Wounds, b.Wounds = 2, 1
	if !s2.better(1, 0) {
		t.Error("wounds tie-break")
	}
	if s2.Outcome() != nil {
		t.Error("outcome before the end")
	}
}

// TestSandraCards: Sandra's travel and each card type (EP-SANDRA-*,
// EP-SBUS-*, EP-SSAFE-*, EP-SSTORE-*, EP-SEXIT-*).
func TestSandraCards(t *testing.T) {
	newSandra := func() (*State, *Sandra) {
		s := newS(t, 2, 8)
		layout(s, standard)
		putBusiness(s, "casino", "a1")
		putSafeHouse(s, "loft", "a1")
		putBusiness(s, "bank", "b1")
		putBusiness(s, "pawnshop", "c1")
		clearTasks(s)
		return s, s.Sandra
	}
	card := func(kind, name string) int {
		for i, c := range InspectorDeck {
			if c.Kind == kind && c.Name == name {
				return i
			}
		}
		panic(name)
	}
	var res engine.Result
	// EP-SANDRA-02, EP-SANDRA-03, EP-SANDRA-04, EP-SANDRA-11, EP-SANDRA-12: cards for places not in the city are
	// skipped and shuffled back; the used card leaves the game.
	s, sd := newSandra()
	sd.Deck = []int{card(Business, "jeweler"), card(Exit, "grey"), card(Business, "casino")}
	s.Players[0].At = s.business("casino").Loc
	s.sandraTurn(&res)
	if sd.At != s.business("casino").Loc || len(sd.Deck) != 2 || len(sd.Done) != 1 {
		t.Fatalf("travel: at %s deck %v", s.NodeName(sd.At), sd.Deck)
	}
	// EP-SANDRA-09 / EP-SBUS-02: +1 per other player, +1 from the card;
	// not 3 as the literal EP-SBUS-01 reading would give; EP-SANDRA-10:
	// then the card's own instructions.
	if sd.Red != 2 {
		t.Errorf("business notoriety cubes %d", sd.Red)
	}
	// EP-SBUS-03, EP-SBUS-05: a white-hex cube and 2 display cards discarded.
	if len(s.business("casino").Cubes) != 1 || s.business("casino").Cubes[0].Actor != SandraActor || len(s.ContactsBox) != 2 {
		t.Errorf("business card: cubes %v box %v", s.business("casino").Cubes, s.ContactsBox)
	}
	// EP-SANDRA-07 / EP-SBUS-04: she visits a closed Business too; her
	// cube counts toward closing.
	s.business("bank").Cubes = []Cube{{Actor: 0}}
	sd.Deck = []int{card(Business, "bank")}
	s.sandraTurn(&res)
	if !s.business("bank").Closed {
		t.Error("Sandra's 2nd cube did not close the bank")
	}
	// EP-SBUS-06: Fixer cards among the discards give her discs.
	s, sd = newSandra()
	fix := -1
	for i, k := range ContactDeck {
		if k.Effect == "fixer" {
			fix = i
		}
	}
	s.Display[6] = fix
	sd.Deck = []int{card(Business, "casino")}
	s.sandraTurn(&res)
	if sd.Discs < 1 {
		t.Error("no disc from a Fixer card")
	}
	// EP-SBUS-07: completing a group.
	s, sd = newSandra()
	sd.Visited = []string{"bank", "jeweler"}
	sd.Deck = []int{card(Business, "casino")}
	d := sd.Discs
	s.Display[6], s.Display[5] = 0, 0
	s.sandraTurn(&res)
	if sd.Discs != d+1 {
		t.Errorf("group disc: %d", sd.Discs)
	}
	// EP-SSAFE-01, EP-SSAFE-02, EP-SSAFE-03, EP-SSAFE-04, EP-SSAFE-05, EP-SSAFE-06.
	s, sd = newSandra()
	sd.Visited = []string{"attic", "den"}
	sd.Deck = []int{card(SafeHouse, "loft")}
	keys, fixers := len(s.safeHouse("loft").Keys), len(s.Fixers)
	s.sandraTurn(&res)
	if sd.Blue != 1 || len(s.safeHouse("loft").Cubes) != 1 || len(s.safeHouse("loft").Keys) != keys-1 ||
		len(s.Fixers) != fixers-1 || sd.Discs != 1 {
		t.Errorf("safe house card: %+v", sd)
	}
	// EP-SSTORE-01, EP-SSTORE-02, EP-SSTORE-03, EP-SSTORE-04, EP-SSTORE-05: A/C gain, B/D lose; lockers discarded.
	for _, c := range []struct {
		letter string
		dir    int
		stacks []int
	}{{"a", 1, []int{0}}, {"d", -1, []int{0, 1, 2}}} {
		s, sd = newSandra()
		sd.Deck = []int{card(Store, c.letter)}
		s.sandraTurn(&res)
		if sd.Red-sd.Blue != c.dir {
			t.Errorf("store %s notoriety %d", c.letter, sd.Red-sd.Blue)
		}
		if len(s.LockerBox) != len(c.stacks) || len(s.ContactsBox) != 2 {
			t.Errorf("store %s: lockers %d", c.letter, len(s.LockerBox))
		}
	}
	// EP-SANDRA-06 / EP-SEXIT-01, EP-SEXIT-02, EP-SEXIT-03: only closed Exits.
	s, sd = newSandra()
	sd.Deck = []int{card(Exit, "grey")}
	s.sandraTurn(&res)
	if len(sd.Done) != 0 {
		t.Error("Sandra went to an exit with no stack")
	}
	// EP-SANDRA-05 (rejected): in round 3 she still skips open Exits.
	s.Round = 3
	s.sandraTurn(&res)
	if len(sd.Done) != 0 {
		t.Error("Sandra went to an open exit on day 3")
	}
	s.PatrolSpaces[0] = 2
	s.layExitStacks()
	s.sandraTurn(&res)
	if sd.At != loc("north exit") || len(s.exitStack(1).Tiles) != 4 || sd.Blue != 1 {
		t.Errorf("exit card: at %s", s.NodeName(sd.At))
	}
	// EP-SANDRA-01, EP-SANDRA-08: Sandra never rests and never avoids; she has no
	// seat and no moves.
	if s.Turn().Has(engine.Seat(SandraActor)) {
		t.Error("Sandra has a seat")
	}
}

// TestNotorietyLogAndCap (EP-NOT-03, EP-NOT-04): an update that does not move
// the marker (a loss at the bottom of the track) is not logged as "0 → 0";
// a change with all 4 cubes already in that box is not recorded, and said.
func TestNotorietyLogAndCap(t *testing.T) {
	s, p := city3(t)
	dropTurn(s)
	p.Notoriety, p.Blue = 0, 2
	var res engine.Result
	s.updateNotoriety(0, &res)
	if p.Notoriety != 0 || p.Blue != 0 {
		t.Errorf("notoriety %d blue %d", p.Notoriety, p.Blue)
	}
	for _, l := range res.Public {
		if strings.Contains(l, "Notoriety:") {
			t.Errorf("no-change update logged: %q", l)
		}
	}
	p.Red = 4
	if lost := gainNotoriety(&p.Red, &p.Blue, 2); lost != 2 || p.Red != 4 {
		t.Errorf("beyond 4 cubes: lost %d red %d", lost, p.Red)
	}
	res = engine.Result{}
	s.addNotoriety(0, 1, &res)
	if len(res.Public) != 1 || !strings.Contains(res.Public[0], "cannot be recorded") {
		t.Errorf("lost change not said: %q", res.Public)
	}
}

// TestPoliceFaceUpStacks (EP-POLICE-01, EP-NOT-07): an officer moved by an
// effect may come from, or go to, the face-up top of a City stack; a
// threshold move ("at least 1 tile closer") stays in the city.
func TestPoliceFaceUpStacks(t *testing.T) {
	s, p := city3(t)
	b3 := tileIndex["b3"]
	s.Tiles[b3].Where = "faceup"
	s.FaceUp[1] = b3
	officer(s, "b3", "red")
	officer(s, "s1", "blue")
	s.pushPolice(p, "red", "test")
	if !has(s, 0, "officer red b3") {
		t.Fatalf("officer on a face-up stack top not movable: %v", legal(s, 0))
	}
	apply(t, s, 0, "officer red b3")
	if !has(s, 0, "to s1") {
		t.Errorf("destinations: %v", legal(s, 0))
	}
	apply(t, s, 0, "to s1")
	if s.Tiles[b3].Officers[0] || !s.Tiles[tileIndex["s1"]].Officers[0] {
		t.Error("officer not moved off the stack top")
	}
	s.pushPolice(p, "blue", "test")
	apply(t, s, 0, "officer blue s1")
	if !has(s, 0, "to b3") {
		t.Errorf("a face-up stack top is no destination: %v", legal(s, 0))
	}
	// A threshold move towards a player: only tiles in the city.
	s.Pending.Pop()
	officer(s, "b3", "black")
	m := s.ask(1, MovePolice)
	m.Data.Target = tileIndex["s1"]
	s.push(m)
	if has(s, 1, "officer black b3") {
		t.Errorf("threshold move from a stack top: %v", legal(s, 1))
	}
}

// TestEndMessage (EP-END-10): the end message says "got away with the most
// money" only of a winner no other player outscored.
func TestEndMessage(t *testing.T) {
	for _, c := range []struct {
		money int
		most  bool
	}{{40, true}, {-30, false}} {
		s, p := city3(t)
		dropTurn(s)
		p.Status = "escaped"
		p.Money = c.money
		s.Players[1].Status = "arrested"
		s.Players[2].Status = "arrested"
		var res engine.Result
		s.score(&res)
		if len(s.Result.Winners) != 1 || s.Result.Winners[0] != 0 {
			t.Fatalf("winners %v", s.Result.Winners)
		}
		said := strings.Contains(s.Result.Summary, "with the most money")
		if said != c.most {
			t.Errorf("money %d: %q", c.money, s.Result.Summary)
		}
		if !c.most && !strings.Contains(s.Result.Summary, "best score of those who escaped") {
			t.Errorf("money %d: %q", c.money, s.Result.Summary)
		}
	}
}

// TestWinnersAndTies (EP-END-10..13): the best escaped score wins; a tie
// goes to money behind the screen, then least Notoriety, then fewest
// Wounds; players equal in all of these share the win; the first seat
// does not win just by being first.
func TestWinnersAndTies(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(a, b *Player)
		want []int
	}{
		{"the second seat scores more", func(a, b *Player) { a.Money, b.Money = 10, 20 }, []int{1}},
		{"the first seat scores more", func(a, b *Player) { a.Money, b.Money = 20, 10 }, []int{0}},
		{"equal in everything: both win", func(a, b *Player) { a.Money, b.Money = 15, 15 }, []int{0, 1}},
		{"equal but fewer Wounds", func(a, b *Player) { a.Money, b.Money = 15, 15; a.Wounds, b.Wounds = 1, 0 }, []int{1}},
	} {
		s, _ := city3(t)
		dropTurn(s)
		a, b := &s.Players[0], &s.Players[1]
		for i := range s.Players {
			s.Players[i].Status = "arrested"
		}
		a.Status, b.Status = "escaped", "escaped"
		c.set(a, b)
		var res engine.Result
		s.score(&res)
		if !slices.Equal(s.Result.Winners, c.want) {
			t.Errorf("%s: winners %v, want %v (scores %v)", c.name, s.Result.Winners, c.want, s.Result.Scores)
		}
	}
}

// TestExecutiveActionsAtTheirLimits (EP-EXEC-04, EP-EXEC-05, EP-EXEC-07,
// EP-EXEC-08, EP-MOVE-09, EP-CC-FIXER-01, EP-CC-MEDIC-01, EP-CC-SPY3-01,
// EP-ASSET-EXTRA-01): a Contact card or Asset tile is usable with exactly
// its cost in hand and not with $1 less; First Aid, healing cards, Gas
// Cans, Gang Members, disc and unlock effects are offered only when there
// is something to heal, burn, return, take or unlock.
func TestExecutiveActionsAtTheirLimits(t *testing.T) {
	// EP-EXEC-05: the Informer ($3) with $3 and with $2.
	for _, money := range []int{3, 2} {
		s, p := city3(t)
		giveContact(p, "informer")
		p.Money = money
		if has(s, 0, "contact informer") != (money == 3) {
			t.Errorf("informer with $%d: %v", money, legal(s, 0))
		}
		if money == 3 {
			apply(t, s, 0, "contact informer")
			if p.Money != 0 || p.Blue != 1 {
				t.Errorf("informer: money %d blue %d", p.Money, p.Blue)
			}
		}
	}
	// EP-EXEC-07, EP-ASSET-EXTRA-01: the Extra Action tile on the $5 space.
	for _, money := range []int{5, 4} {
		s, p := city3(t)
		p.Money = money
		if has(s, 0, "asset extra") != (money == 5) {
			t.Errorf("asset extra with $%d: %v", money, legal(s, 0))
		}
		if money == 5 {
			apply(t, s, 0, "asset extra")
			if p.Money != 0 || p.Discs != 1 || !p.Assets[0].Used {
				t.Errorf("asset extra: money %d discs %d", p.Money, p.Discs)
			}
		}
	}
	// EP-EXEC-04: First Aid needs a Wound.
	s, p := city3(t)
	if has(s, 0, "first aid") {
		t.Error("first aid offered with no Wound")
	}
	p.Wounds = 1
	apply(t, s, 0, "first aid")
	if p.Wounds != 0 || p.FirstAid {
		t.Errorf("first aid: wounds %d token %v", p.Wounds, p.FirstAid)
	}
	// EP-CC-MEDIC-01: a healing card needs a Wound.
	s, p = city3(t)
	giveContact(p, "medic")
	if has(s, 0, "contact medic") {
		t.Error("medic offered with no Wound")
	}
	// EP-EXEC-08: no Gang Member, no Gang ability.
	if hasPrefix(s, 0, "gang ") {
		t.Errorf("gang ability without a Gang Member: %v", legal(s, 0))
	}
	// EP-MOVE-09: a Gas Can is burnt only when held; it adds 1 MP and goes
	// back to the supply.
	if has(s, 0, "gas") {
		t.Error("gas offered with no Gas Can")
	}
	p.Gas = 1
	supply := s.Gas
	apply(t, s, 0, "gas")
	if p.Gas != 0 || s.Gas != supply+1 || active(s).MP != 4 {
		t.Errorf("gas: held %d supply %d (was %d) MP %d", p.Gas, s.Gas, supply, active(s).MP)
	}
	// EP-CC-FIXER-01: the last Extra Action disc of the supply; none when
	// the supply is empty.
	for _, left := range []int{1, 0} {
		s, p := city3(t)
		giveContact(p, "fixer")
		p.Money = 4
		s.Discs = left
		if has(s, 0, "contact fixer") != (left == 1) {
			t.Errorf("fixer card with %d discs left: %v", left, legal(s, 0))
		}
		if left == 1 {
			apply(t, s, 0, "contact fixer")
			if p.Discs != 1 || s.Discs != 0 {
				t.Errorf("fixer card: discs %d supply %d", p.Discs, s.Discs)
			}
		}
	}
	// EP-CC-SPY3-01: unlocking needs a locked tile; the last one is enough.
	s, p = city3(t)
	giveContact(p, "spy 3")
	p.Money = 10
	p.TopRow, p.BottomRow = nil, []string{"heal"}
	if !has(s, 0, "contact spy 3") {
		t.Errorf("spy 3 with one locked tile: %v", legal(s, 0))
	}
	p.BottomRow = nil
	if has(s, 0, "contact spy 3") {
		t.Error("spy 3 offered with nothing locked")
	}
}

// TestPoliceTowardFirstTile (EP-NOT-06, EP-NOT-07): the officer moved for
// a threshold must end at least 1 tile closer to the crosser, also when
// the crosser stands on the first City tile (s1, the Church).
func TestPoliceTowardFirstTile(t *testing.T) {
	s, p := city3(t)
	dropTurn(s)
	s.Order = []int{0, 1, 2}
	p.At = loc("church")
	if tileIndex["s1"] != 0 {
		t.Fatalf("s1 is tile %d", tileIndex["s1"])
	}
	p.Red = 4
	p.Notoriety = 2
	s.Players[1].Notoriety = 1
	s.Players[2].Notoriety = 9
	officer(s, "d3", "red")
	var res engine.Result
	s.updateNotoriety(0, &res)
	if tk := tasks(s); len(tk) == 0 || tk[0].Kind != "police" || tk[0].Seat != 1 {
		t.Fatalf("tasks %+v", tk)
	}
	apply(t, s, 1, "officer red d3")
	from := s.tileDist(tileIndex["d3"], 0)
	l := legal(s, 1)
	if len(l) == 0 {
		t.Fatal("no tile closer to s1")
	}
	for _, m := range l {
		to := tileIndex[strings.TrimPrefix(m, "to ")]
		if d := s.tileDist(to, 0); d >= from {
			t.Errorf("%s: %d tiles from s1, not closer than %d", m, d, from)
		}
	}
}

// TestNotorietyPenaltyByPosition (EP-END-08): the end-game loss by
// Notoriety track position, as CONTENT.md sets it: 0–3 $0, 4–6 $10, 7–9
// $20, 10–12 $35, each bracket checked at both of its edges.
func TestNotorietyPenaltyByPosition(t *testing.T) {
	s, p := city3(t)
	p.Status = "escaped"
	p.Notoriety = 0
	base := s.FinalScore(p)
	want := map[int]int{0: 0, 3: 0, 4: 10, 6: 10, 7: 20, 9: 20, 10: 35, NotorietyTop: 35}
	for pos, loss := range want {
		p.Notoriety = pos
		if got := base - s.FinalScore(p); got != loss {
			t.Errorf("Notoriety %d: loses $%d, want $%d", pos, got, loss)
		}
	}
}

// TestEscapeCostAfterEveryEscape (EP-ESC-04): the Escape Cost follows the
// number of players already escaped and stays at the last printed cost
// beyond the end of the track.
func TestEscapeCostAfterEveryEscape(t *testing.T) {
	s, _ := city3(t)
	costs := EscapeCosts[s.Side]
	for n := 0; n <= len(costs)+2; n++ {
		s.Escaped = n
		want := costs[min(n, len(costs)-1)]
		if got := s.EscapeCost(); got != want {
			t.Errorf("after %d escapes: cost $%d, want $%d", n, got, want)
		}
	}
}

// TestPlayerCounts (EP-SETUP-01, EP-2PSETUP-01): games of 1 to 5 players
// are dealt, 0 and 6 are refused.
func TestPlayerCounts(t *testing.T) {
	for n := 0; n <= 6; n++ {
		_, err := Game().New(engine.Setup{Players: n, Seed: 1})
		if (err == nil) != (n >= 1 && n <= 5) {
			t.Errorf("%d players: error %v", n, err)
		}
	}
}

// TestBankPaysWhatItHas (EP-INCOME-02): money is conserved; a bank short of
// the full Income pays what it holds and no more.
func TestBankPaysWhatItHas(t *testing.T) {
	s, p := city3(t)
	p.Money = 0
	s.Bank = 1
	v := s.gainIncome(p)
	if v <= 1 {
		t.Fatalf("income %d is not more than the bank", v)
	}
	if p.Money != 1 || s.Bank != 0 {
		t.Errorf("short bank: money %d bank %d", p.Money, s.Bank)
	}
}

// TestPromptsAboutFirstTileAndCard (EP-CC-BRIBE-01, EP-NOT-06,
// EP-CONTACT-06): the prompt follows the decision's step also when it
// concerns the first City tile (s1) or the deck's first Contact card.
func TestPromptsAboutFirstTileAndCard(t *testing.T) {
	s, p := city3(t)
	giveContact(p, "bribe red")
	p.Money = 10
	officer(s, "s1", "red")
	apply(t, s, 0, "contact bribe red")
	if pr := s.Turn().Prompt; pr != "choose a red Police Officer to move" {
		t.Errorf("bribe, first step: %q", pr)
	}
	apply(t, s, 0, "officer red s1")
	if pr := s.Turn().Prompt; pr != "choose the tile the officer moves to" {
		t.Errorf("bribe from s1: %q", pr)
	}

	s, p = city3(t)
	dropTurn(s)
	pm := s.ask(1, MovePolice)
	pm.Data.Target, pm.Data.Reason = 0, "threshold"
	s.push(pm)
	officer(s, "b1", "red")
	fresh(s)
	if pr := s.Turn().Prompt; !strings.HasPrefix(pr, "move a Police Officer at least 1 tile closer to s1") {
		t.Errorf("threshold move toward s1: %q", pr)
	}

	s, p = city3(t)
	dropTurn(s)
	tc := s.ask(0, TakeContact)
	tc.Data.Card = 0
	s.push(tc)
	fresh(s)
	if pr := s.Turn().Prompt; pr != "keep, replace with, or discard "+ContactDeck[0].Name {
		t.Errorf("taking card 0: %q", pr)
	}
}

// TestMovingPromptCountsMP (EP-MOVE-01, EP-MOVE-07): while moving, the
// prompt says how many MP are left, and with none left that only a free
// move or stopping remains.
func TestMovingPromptCountsMP(t *testing.T) {
	s, _ := city3(t)
	apply(t, s, 0, "go s1")
	if pr := s.Turn().Prompt; pr != "keep moving (2 MP left) or stop on a Location" {
		t.Errorf("with 2 MP: %q", pr)
	}
	active(s).MP = 0
	fresh(s)
	if pr := s.Turn().Prompt; !strings.HasPrefix(pr, "stop on a Location, or take a free move") {
		t.Errorf("with 0 MP: %q", pr)
	}
}

// TestSewerNeedsATileTwoAway (EP-CC-SEWER-01): with no City tile exactly 2
// tiles away the Sewer card leads nowhere and is not offered.
func TestSewerNeedsATileTwoAway(t *testing.T) {
	s := newS(t, 3, 11)
	layout(s, map[string][2]int{"s1": {3, 1}})
	p := turnAt(s, 0, loc("church"))
	giveContact(p, "sewer")
	p.Money = 10
	if has(s, 0, "contact sewer") {
		t.Errorf("a Sewer with no tile 2 away: %v", legal(s, 0))
	}
	// With a2 two tiles away it is offered.
	s = newS(t, 3, 11)
	layout(s, map[string][2]int{"s1": {3, 1}, "a1": {2, 2}, "a2": {1, 2}})
	p = turnAt(s, 0, loc("church"))
	giveContact(p, "sewer")
	p.Money = 10
	if !has(s, 0, "contact sewer") {
		t.Errorf("no Sewer with a2 two tiles away: %v", legal(s, 0))
	}
}

// TestGangMarkerComesBackWithTheSecondMember (EP-EXEC-08, EP-EXEC-09): the
// Gang Control marker stays on the Gang while one of its members is still
// out, and comes home with the second.
func TestGangMarkerComesBackWithTheSecondMember(t *testing.T) {
	s, p := city3(t)
	kings := loc("kings")
	p.Gang = []int{kings, kings}
	s.Locs[kings].GangMembers = 0
	s.Locs[kings].Control = 0
	p.Markers = 1
	apply(t, s, 0, "gang lose notoriety")
	if s.Locs[kings].GangMembers != 1 || s.Locs[kings].Control != 0 || p.Markers != 1 || len(p.Gang) != 1 {
		t.Errorf("one member back: members %d control %d markers %d gang %v", s.Locs[kings].GangMembers, s.Locs[kings].Control, p.Markers, p.Gang)
	}
	apply(t, s, 0, "gang lose notoriety")
	if s.Locs[kings].GangMembers != 2 || s.Locs[kings].Control != -1 || p.Markers != 2 || len(p.Gang) != 0 {
		t.Errorf("both back: members %d control %d markers %d", s.Locs[kings].GangMembers, s.Locs[kings].Control, p.Markers)
	}
}

// TestOutcomeAfterScoring (EP-END-10): once End of Game scoring is done the
// game reports its outcome, winner and scores; before, none.
func TestOutcomeAfterScoring(t *testing.T) {
	s, p := city3(t)
	if s.Outcome() != nil {
		t.Fatal("an outcome before the end")
	}
	p.Status = "escaped"
	p.Money = 50
	giveContact(p, "medic")
	dropTurn(s)
	s.Phase = PhaseEnd
	s.PhaseBegun = false
	var res engine.Result
	s.step(&res)
	apply(t, s, 0, "discard contact 1 medic")
	o := s.Outcome()
	if !s.Over || o == nil || len(o.Winners) != 1 || o.Winners[0] != 0 || o.Scores[0] != p.Score {
		t.Errorf("outcome %+v (over %v)", o, s.Over)
	}
}
