package escapeplan

import (
	"fmt"

	"casefile/engine"
)

// turnOptions lists the active player's moves in the current step of the
// turn: REST or MOVE, Avoid, Visit, and Executive Actions throughout
// (EP-ACTION-02/03, EP-EXEC-01).
func (s *State) turnOptions(ms *engine.Moves) {
	t := s.turnState()
	p := &s.Players[seatOf(s.turnDecision())]
	switch step := s.turnStep(); step {
	case RestOrMove, Moving:
		s.moveOptions(p, ms)
		if step == RestOrMove {
			s.offerRest(p, step, ms)
			if !p.Sun && ms.Len() == 0 {
				// Neither Rest nor Move is possible: the pawn stays put.
				ms.Legal("stay", func(res *engine.Result) {
					res.Say("%s can neither Rest nor Move and stays put.", who(p.Seat))
					s.setStep(EndOfTurn)
				})
			}
		}
		if step == Moving {
			ms.Add("stop", engine.Require(isLoc(p.At) && p.At != t.Start, "You must end your Move on a Location other than the one you started on"),
				func(res *engine.Result) { s.beginAvoid(p, res) })
			ms.RefuseFamily("go ", engine.Require(false, "You cannot reach that place in one step with %d MP and still end on a Location", t.MP))
		}
	case Avoid:
		s.avoidOptions(p, ms)
	case Visit:
		s.visitOptions(p, ms)
	case EndOfTurn:
		ms.Legal("end", func(res *engine.Result) { s.endTurn() })
	}
	if step := s.turnStep(); step != RestOrMove {
		s.offerRest(p, step, ms)
	}
	s.execOptions(p, ms)
}

// offerRest lists REST: once per Round, instead of moving (EP-REST-01,
// EP-REST-03).
func (s *State) offerRest(p *Player, step engine.DecisionKind, ms *engine.Moves) {
	ms.Add("rest", engine.Require(p.Sun, "You have already rested this round (Rest is once per Round)").
		And(engine.Require(step == RestOrMove, "You can only Rest instead of moving, at the start of your turn")),
		func(res *engine.Result) { s.rest(p, res) })
}

// rest: once per Round, flip the Rest token, ready First Aid, Contact cards
// and Equipment, and unlock an Asset tile (EP-REST-01..08).
func (s *State) rest(p *Player, res *engine.Result) {
	p.Sun = false
	p.FirstAid = true
	res.Say("%s RESTS.", who(p.Seat))
	s.refresh(p, res)
	s.setStep(EndOfTurn)
	u := s.ask(p.Seat, UnlockAsset)
	u.Data.N = 1
	s.pushTask(u)
}

func (s *State) startMoving() {
	if s.turnStep() == RestOrMove {
		s.setStep(Moving)
	}
}

// need is the MP table for the current Move.
func (s *State) need() []int {
	t := s.turnState()
	used, fresh := s.needMP(t.Start)
	if t.Subway {
		return used
	}
	return fresh
}

// MaxFreeSteps is how many steps a Move may take freely; after that only
// steps on a shortest way to a Location are offered, so that walking in
// circles on free Land spaces cannot go on forever.
const MaxFreeSteps = 12

// moveOptions: the steps of a MOVE (EP-MOVE-01..13), each leaving a way to
// end on a Location.
func (s *State) moveOptions(p *Player, ms *engine.Moves) {
	t := s.turnState()
	used, fresh := s.needMP(t.Start)
	need := fresh
	if t.Subway {
		need = used
	}
	for _, e := range s.steps(p.At, t.Subway, nil) {
		e := e
		var mp, key int
		if e.kind == "subway" {
			mp = t.MP + 1
			key = used[e.to]
		} else {
			mp = t.MP - e.cost
			key = need[e.to]
		}
		name := s.NodeName(e.to)
		var why engine.Cond
		switch {
		case mp < 0 || key/hopUnit > mp:
			why = engine.Require(false, "You cannot reach %s with %d MP and still end on a Location", name, t.MP)
		case t.Steps >= MaxFreeSteps && key%hopUnit >= need[p.At]%hopUnit:
			// Only a step along a shortest way home: fewer steps left
			// and no more MP needed than the MP it leaves.
			why = engine.Require(false, "After %d steps a Move goes on only along a shortest way to a Location", MaxFreeSteps)
		}
		ms.Add(e.kind+" "+name, why, func(res *engine.Result) {
			s.moveTo(p, e.to, mp, e.kind, res)
		})
	}
}

// moveTo moves the pawn one step; the tile left is remembered for Avoid.
func (s *State) moveTo(p *Player, to, mp int, kind string, res *engine.Result) {
	t := s.turnState()
	ft, tt := nodeTile(p.At), nodeTile(to)
	if ft != tt && !contains(t.Left, ft) {
		t.Left = append(t.Left, ft)
	}
	p.At = to
	t.MP = mp
	t.Steps++
	if kind == "subway" {
		t.Subway = true
	}
	s.startMoving()
	verb := map[string]string{"go": "moves to", "subway": "rides the Subway to", "fly": "flies to", "sewer": "takes the Sewer to", "medevac": "is flown to"}[kind]
	res.Say("%s %s %s (%d MP left).", who(p.Seat), verb, s.NodeName(to), mp)
}

// beginAvoid lists every officer (and Sandra) on each tile left
// (EP-AVOID-01..04).
func (s *State) beginAvoid(p *Player, res *engine.Result) {
	t := s.turnState()
	s.setStep(Avoid)
	t.Threats = nil
	for _, tile := range t.Left {
		t.Threats = append(t.Threats, s.threatsOn(tile)...)
	}
	if len(t.Threats) > 0 {
		res.Say("%s must avoid %d officer(s).", who(p.Seat), len(t.Threats))
	}
}

func (s *State) threatsOn(tile int) []Threat {
	var out []Threat
	for c, col := range OfficerColours {
		if s.Tiles[tile].Officers[c] {
			out = append(out, Threat{tile, col})
		}
	}
	if s.Sandra != nil && nodeTile(s.Sandra.At) == tile {
		out = append(out, Threat{tile, "sandra"})
	}
	return out
}

func (s *State) afterAvoid(res *engine.Result) {
	t := s.turnState()
	p := &s.Players[seatOf(s.turnDecision())]
	if t.Escaping {
		p.Status = "escaped"
		p.At = -1
		s.Escaped++
		p.EscapeNo = s.Escaped
		res.Say("%s ESCAPES (escape #%d)!", who(p.Seat), p.EscapeNo)
		s.endTurn()
		return
	}
	s.beginVisit(p, res)
}

// clearThreats removes the threats on tile matching keep==false.
func (s *State) clearThreats(match func(Threat) bool) {
	t := s.turnState()
	var rest []Threat
	for _, th := range t.Threats {
		if !match(th) {
			rest = append(rest, th)
		}
	}
	t.Threats = rest
}

// avoidOptions: each way to avoid officers, then taking the Wounds
// (EP-AVOID-05..07, EP-EXEC-03).
func (s *State) avoidOptions(p *Player, ms *engine.Moves) {
	t := s.turnState()
	var tiles []int
	for _, th := range t.Threats {
		if !contains(tiles, th.Tile) {
			tiles = append(tiles, th.Tile)
		}
	}
	for _, tile := range tiles {
		tile := tile
		id := CityTiles[tile].ID
		onTile := func(th Threat) bool { return th.Tile == tile }
		// Avoid all officers on 1 tile.
		if i := p.readyContact("fast car"); i >= 0 && p.Money >= ContactDeck[p.Contacts[i].Card].Cost {
			ms.Legal("avoid all on "+id+" with fast car", func(res *engine.Result) { s.useContact(p, i, res); s.clearThreats(onTile) })
		}
		if i := p.readyContact("gang"); i >= 0 && p.Money >= ContactDeck[p.Contacts[i].Card].Cost {
			ms.Legal("avoid all on "+id+" with gang card", func(res *engine.Result) { s.useContact(p, i, res); s.clearThreats(onTile) })
		}
		for _, f := range []string{"skateboard", "motorcycle"} {
			if i := p.item("fixer", f); i >= 0 {
				ms.Legal("avoid all on "+id+" with "+f, func(res *engine.Result) { s.useItem(p, i, res); s.clearThreats(onTile) })
			}
		}
		if i := p.asset("avoid"); i >= 0 && p.Money >= AssetPrices[i] {
			ms.Legal("avoid all on "+id+" with avoid asset", func(res *engine.Result) { s.useAsset(p, i, res); s.clearThreats(onTile) })
		}
		if len(p.Gang) > 0 { // EP-EXEC-12
			ms.Legal("avoid all on "+id+" with gang member", func(res *engine.Result) {
				s.returnGang(p, res)
				s.clearThreats(onTile)
			})
		}
		// Boxer / Fight / Ninja: every officer of one colour on 1 tile,
		// Sandra included as that colour (EP-AVOID-04).
		for _, name := range []string{"boxer", "fight", "ninja"} {
			i := p.readyContact(name)
			if i < 0 || p.Money < 2 {
				continue
			}
			col := ContactDeck[p.Contacts[i].Card].Colour
			n := 0
			for _, th := range t.Threats {
				if th.Tile == tile && (th.Who == col || th.Who == "sandra") {
					n++
				}
			}
			if n > 0 {
				ms.Legal(fmt.Sprintf("avoid %s on %s with %s", col, id, name), func(res *engine.Result) {
					s.useContact(p, i, res)
					s.clearThreats(func(th Threat) bool { return th.Tile == tile && (th.Who == col || th.Who == "sandra") })
				})
			}
		}
	}
	// One officer at a time.
	seen := map[Threat]bool{}
	for _, th := range t.Threats {
		if seen[th] {
			continue
		}
		seen[th] = true
		th := th
		one := func(x Threat) bool { return x == th }
		id := CityTiles[th.Tile].ID
		for _, e := range EquipmentTypes {
			ok := th.Who == "sandra"
			for _, c := range e.Colours {
				ok = ok || c == th.Who
			}
			if i := p.item("equipment", e.Name); ok && i >= 0 {
				ms.Legal(fmt.Sprintf("avoid %s on %s with %s", th.Who, id, e.Name), func(res *engine.Result) {
					s.useItem(p, i, res)
					first := true
					s.clearThreats(func(x Threat) bool { r := first && one(x); first = first && !r; return r })
				})
			}
		}
		if i := p.readyContact("stunt"); i >= 0 && p.Money >= 1 {
			ms.Legal(fmt.Sprintf("avoid %s on %s with stunt", th.Who, id), func(res *engine.Result) {
				s.useContact(p, i, res)
				first := true
				s.clearThreats(func(x Threat) bool { r := first && one(x); first = first && !r; return r })
			})
		}
	}
	if len(t.Threats) > 0 {
		ms.Legal("take wounds", func(res *engine.Result) {
			n := len(t.Threats)
			t.Threats = nil
			res.Say("%s cannot avoid %d officer(s).", who(p.Seat), n)
			for i := 0; i < n; i++ {
				s.gainWound(p, res)
			}
		})
	}
}

// returnGang returns a Gang Member to its Gang; once both are back the
// Gang Control marker comes home (EP-EXEC-08/09).
func (s *State) returnGang(p *Player, res *engine.Result) {
	l := p.Gang[0]
	p.Gang = p.Gang[1:]
	s.Locs[l].GangMembers++
	res.Say("%s sends a Gang Member back to the %s.", who(p.Seat), s.NodeName(l))
	if s.Locs[l].GangMembers >= 2 && s.Locs[l].Control == p.Seat {
		s.Locs[l].Control = -1
		p.Markers++
	}
}

func (s *State) othersAt(p *Player) int {
	n := s.playersAt(p.At, p.Seat)
	if s.Sandra != nil && s.Sandra.At == p.At {
		n++
	}
	return n
}

// beginVisit resolves the automatic part of a Visit and opens its menu.
func (s *State) beginVisit(p *Player, res *engine.Result) {
	t := s.turnState()
	loc := p.At
	s.setStep(Visit)
	t.Visit = map[string]int{}
	others := s.othersAt(p)
	res.Say("%s visits the %s.", who(p.Seat), s.NodeName(loc))
	switch locDef[loc].Kind {
	case Business:
		b := s.business(s.Locs[loc].Tile)
		if contains2(p.Visited, b.Name) { // EP-BUS-01
			res.Say("%s has already visited the %s: no effect.", who(p.Seat), b.Name)
			s.setStep(EndOfTurn)
			return
		}
		if b.Closed {
			t.Visit["closed"] = 1
			return
		}
		s.visitBusiness(p, b, others, res)
	case SafeHouse:
		h := s.safeHouse(s.Locs[loc].Tile)
		if contains2(p.Visited, h.Name) { // EP-SAFE-01
			res.Say("%s has already visited the %s: no effect.", who(p.Seat), h.Name)
			s.setStep(EndOfTurn)
			return
		}
		s.notorietyFromOthers(p, others, res)
		s.takeIncomeCube(p, h.Name, &h.Cubes, res)
		gainNotoriety(&p.Red, &p.Blue, -1) // EP-SAFE-05
		p.Visited = append(p.Visited, h.Name)
		n := 0
		for _, sh := range SafeHouseTiles {
			if contains2(p.Visited, sh) {
				n++
			}
		}
		if n == len(SafeHouseTiles) { // EP-SAFE-08
			b := s.ask(p.Seat, GroupBonus)
			b.Data.Reason = "safe houses"
			s.pushTask(b)
		}
	case Hospital:
		gainNotoriety(&p.Red, &p.Blue, 1) // EP-HOSP-02
	case Gang:
	default:
		s.notorietyFromOthers(p, others, res)
	}
}

func (s *State) notorietyFromOthers(p *Player, others int, res *engine.Result) {
	if others > 0 {
		gainNotoriety(&p.Red, &p.Blue, others)
		res.Say("%s is seen by %d other(s) there: +%d Notoriety.", who(p.Seat), others, others)
	}
}

// takeIncomeCube moves the top cube of the Income track to a Business or
// Safe House; on the Escape Plan's Income symbol it pays Income at once
// (EP-BUS-03..05, EP-SAFE-02..04).
func (s *State) takeIncomeCube(p *Player, name string, cubes *[]Cube, res *engine.Result) {
	if p.IncomeCubes == 0 {
		return
	}
	p.IncomeCubes--
	target := planValue(planByTitle(p.Plan), name) == PlanTargetValue
	*cubes = append(*cubes, Cube{Actor: p.Seat, Income: target})
	if target {
		v := s.gainIncome(p)
		res.Say("%s places a cube on the %s's Income hex and gains Income ($%d).", who(p.Seat), name, v)
		return
	}
	res.Say("%s places a cube on the %s.", who(p.Seat), name)
}

func (s *State) visitBusiness(p *Player, b *BusinessState, others int, res *engine.Result) {
	s.notorietyFromOthers(p, others, res)
	s.takeIncomeCube(p, b.Name, &b.Cubes, res)
	p.Visited = append(p.Visited, b.Name)
	s.checkClosed(b, res)                // EP-BUS-06/07
	if s.groupDone(p.Visited, b.Group) { // EP-BUS-09
		bt := s.ask(p.Seat, GroupBonus)
		bt.Data.Reason = "business"
		s.pushTask(bt)
	}
	s.gainContact(p.Seat) // EP-BUS-08
	s.setStep(EndOfTurn)
}

// visitOptions is the menu of a Visit (EP-STORE-*, EP-CHURCH-*, EP-GANG-*,
// EP-SAFE-*, EP-EXIT-*, EP-CLINIC-*, EP-HOSP-*).
func (s *State) visitOptions(p *Player, ms *engine.Moves) {
	t := s.turnState()
	v := t.Visit
	loc := p.At
	finish := func(contact bool) func(res *engine.Result) {
		return func(res *engine.Result) {
			s.setStep(EndOfTurn)
			if contact {
				s.gainContact(p.Seat)
			}
		}
	}
	switch locDef[loc].Kind {
	case Business:
		b := s.business(s.Locs[loc].Tile)
		seenKey := map[string]bool{}
		for i, k := range p.Keys {
			if k.Used || seenKey[k.Colour] {
				continue
			}
			seenKey[k.Colour] = true
			i := i
			ms.Legal("visit with "+k.Colour+" key", func(res *engine.Result) {
				p.Keys[i].Used = true
				res.Say("%s flips a %s Key to enter the closed %s.", who(p.Seat), p.Keys[i].Colour, b.Name)
				s.visitBusiness(p, b, s.othersAt(p), res)
			})
		}
		if i := p.asset("master key"); i >= 0 && p.Money >= AssetPrices[i] {
			ms.Legal("visit with master key", func(res *engine.Result) {
				s.useAsset(p, i, res)
				s.visitBusiness(p, b, s.othersAt(p), res)
			})
		}
		ms.Legal("skip visit", finish(false))
	case Store:
		ms.Add("take gas", engine.Require(v["gas"] == 0, "You have already taken a Gas Can at this visit").
			And(engine.Require(s.Gas > 0, "No Gas Can is left in the supply")).
			And(engine.Require(p.Gas < MaxGas, "You already hold %d Gas Cans", MaxGas)),
			func(res *engine.Result) {
				v["gas"] = 1
				s.Gas--
				p.Gas++
				res.Say("%s takes a Gas Can.", who(p.Seat))
			})
		if v["bought"] < 2 {
			for i, e := range EquipmentTypes {
				if s.Equipment[i] == 0 || p.Money < e.Price {
					continue
				}
				i, e := i, e
				ms.Legal("buy "+e.Name, func(res *engine.Result) {
					v["bought"]++
					s.Equipment[i]--
					s.pay(&p.Money, e.Price)
					res.Say("%s buys a %s.", who(p.Seat), e.Name)
					s.receiveItem(p, "equipment", e.Name, nil, "", res)
				})
			}
		}
		if v["locker"] == 0 {
			s.lockerOptions(p, ms)
		}
		ms.Legal("done", finish(false))
	case Church:
		ms.Add("pay 1 lose notoriety", engine.Require(v["confess"] == 0, "You have already paid at the Church this visit").
			And(engine.Require(p.Money >= 1, "You have no $1 to pay")),
			func(res *engine.Result) {
				v["confess"] = 1
				s.pay(&p.Money, 1)
				gainNotoriety(&p.Red, &p.Blue, -1)
				res.Say("%s pays $1 at the Church: -1 Notoriety.", who(p.Seat))
			})
		s.visitUnlock(p, ms)
		ms.Legal("done", finish(true))
	case Gang:
		ms.Add("hire gang", engine.Require(v["hired"] == 0, "You have already hired this Gang").
			And(engine.Require(s.Locs[loc].Control < 0 && s.Locs[loc].GangMembers == 2, "This Gang's members are not both at home")).
			And(engine.Require(s.othersAt(p) == 0, "You can only hire a Gang when nobody else is there")).
			And(engine.Require(p.Markers > 0, "You have no Gang Control marker left")).
			And(engine.Require(p.Money >= GangVisitCost, "Hiring a Gang costs $%d", GangVisitCost)),
			func(res *engine.Result) {
				v["hired"] = 1
				s.pay(&p.Money, GangVisitCost)
				s.Locs[loc].GangMembers = 0
				p.Gang = append(p.Gang, loc, loc)
				s.Locs[loc].Control = p.Seat
				p.Markers--
				res.Say("%s pays $5 and takes both Gang Members of the %s.", who(p.Seat), s.NodeName(loc))
			})
		ms.Legal("done", finish(false))
	case SafeHouse:
		h := s.safeHouse(s.Locs[loc].Tile)
		if v["key"] == 0 {
			seen := map[string]bool{}
			for i, k := range h.Keys {
				if seen[k] {
					continue
				}
				seen[k] = true
				i, k := i, k
				ms.Legal("take key "+k, func(res *engine.Result) {
					v["key"] = 1
					h.Keys = append(h.Keys[:i:i], h.Keys[i+1:]...)
					p.Keys = append(p.Keys, Key{Colour: k})
					res.Say("%s takes a %s Key.", who(p.Seat), k)
				})
			}
		}
		if v["fixer"] == 0 {
			for i, f := range s.Fixers {
				price := fixerPrice(f)
				if p.Money < price {
					continue
				}
				i, f := i, f
				ms.Legal("buy "+f, func(res *engine.Result) {
					v["fixer"] = 1
					s.Fixers = append(s.Fixers[:i:i], s.Fixers[i+1:]...)
					s.pay(&p.Money, price)
					res.Say("%s buys the %s Fixer tile ($%d).", who(p.Seat), f, price)
					s.receiveItem(p, "fixer", f, nil, "", res)
				})
			}
		}
		if v["key"] == 1 || len(h.Keys) == 0 { // the Key is not optional
			ms.Legal("done", finish(false))
		}
	case Exit:
		no := locDef[loc].ExitNo
		if v["income"] == 0 && v["tile"] == 0 {
			ms.Legal("take income", func(res *engine.Result) {
				v["income"] = 1
				val := s.gainIncome(p)
				res.Say("%s gains Income ($%d) at the %s.", who(p.Seat), val, s.NodeName(loc))
			})
			if st := s.exitStack(no); st != nil && len(st.Tiles) > 0 && p.contactCount() > 0 && s.Blocked(no) {
				ms.Legal("take exit tile", func(res *engine.Result) {
					v["tile"] = 1
					s.drawTiles(p, "exit", st.Colour, &st.Tiles, p.contactCount(), res)
				})
			}
		}
		cost := s.EscapeCost()
		// EP-ESC-01/02: on day 3, through the unblocked Exit.
		ms.Add("escape", engine.Require(s.Round == 3, "You can only escape on day 3").
			And(engine.Require(!s.Blocked(no), "The %s is blocked", s.NodeName(loc))).
			And(engine.Require(p.Money >= cost, "The Escape Cost is $%d", cost)),
			func(res *engine.Result) {
				s.pay(&p.Money, cost) // EP-ESC-04
				res.Say("%s pays the Escape Cost ($%d) at the %s.", who(p.Seat), cost, s.NodeName(loc))
				s.gainContact(p.Seat)
				t.Escaping = true
				s.setStep(Avoid)
				t.Threats = s.threatsOn(locTile[loc]) // EP-ESC-03
			})
		ms.Legal("done", finish(true))
	case Clinic:
		s.visitUnlock(p, ms)
		if v["heal"] == 0 && p.Wounds > 0 {
			ms.Legal("heal", func(res *engine.Result) {
				v["heal"] = 1
				s.heal(p, 1, res)
			})
		}
		ms.Legal("done", finish(true))
	case Hospital:
		if v["heal"] == 0 {
			for k, cost := range []int{1, 3, 6} {
				n := k + 1
				if p.Wounds >= n && p.Money >= cost {
					cost := cost
					ms.Legal(fmt.Sprintf("heal %d", n), func(res *engine.Result) {
						v["heal"] = 1
						s.pay(&p.Money, cost)
						s.heal(p, n, res)
					})
				}
			}
		}
		ms.Legal("done", finish(false))
	}
}

func fixerPrice(name string) int {
	for _, f := range FixerKinds {
		if f.Name == name {
			return f.Price
		}
	}
	return 0
}

func (s *State) visitUnlock(p *Player, ms *engine.Moves) {
	v := s.turnState().Visit
	if v["unlock"] != 0 {
		return
	}
	for _, a := range p.locked() {
		a := a
		ms.Legal("unlock "+a, func(res *engine.Result) {
			v["unlock"] = 1
			s.unlockAsset(p, a, res)
		})
	}
}

// lockerOptions: open 1 Locker with a Key or the Master Key when
// Notoriety + Contact cards reach its number (EP-STORE-05..11).
func (s *State) lockerOptions(p *Player, ms *engine.Moves) {
	sum := p.Notoriety + p.contactCount()
	for ci, c := range KeyColours {
		if len(s.Lockers[ci].Tiles) == 0 || sum < LockerRequirement[c] {
			continue
		}
		n := map[string]int{"green": sum + 1, "black": sum, "brown": sum - 1}[c]
		if n < 1 {
			continue
		}
		ci, c := ci, c
		open := func(res *engine.Result) {
			s.turnState().Visit["locker"] = 1
			s.drawTiles(p, "locker", c, &s.Lockers[ci].Tiles, n, res)
		}
		for i, k := range p.Keys {
			if k.Colour == c && !k.Used {
				i := i
				ms.Legal("open "+c+" locker with key", func(res *engine.Result) {
					p.Keys[i].Used = true
					open(res)
				})
				break
			}
		}
		if i := p.asset("master key"); i >= 0 && p.Money >= AssetPrices[i] {
			ms.Legal("open "+c+" locker with master key", func(res *engine.Result) {
				s.useAsset(p, i, res)
				open(res)
			})
		}
	}
}

// inMovement reports whether movement Executive Actions may be used now
// (EP-EXEC-02).
func (s *State) inMovement() bool {
	step := s.turnStep()
	return step == RestOrMove || step == Moving
}

// execOptions lists the Executive Actions usable now (EP-EXEC-*,
// EP-CC-*, EP-FIX-*, EP-ASSET-*).
func (s *State) execOptions(p *Player, ms *engine.Moves) {
	t := s.turnState()
	move := s.inMovement()
	tile := nodeTile(p.At)
	// EP-EXEC-04
	ms.Add("first aid", engine.Require(p.FirstAid, "Your First Aid token is used until you Rest").
		And(engine.Require(p.Wounds > 0, "You have no Wound to heal")),
		func(res *engine.Result) {
			p.FirstAid = false
			s.heal(p, 1, res)
		})
	seen := map[string]bool{}
	for i, sp := range p.Contacts {
		if sp.Card < 0 || sp.Used {
			continue
		}
		k := ContactDeck[sp.Card]
		if seen[k.Name] || p.Money < k.Cost {
			continue
		}
		seen[k.Name] = true
		i := i
		use := func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.useContact(p, i, res)
				then(res)
				// The card is flipped after its benefit, so Spy 2 does not
				// ready itself (EP-EXEC-05).
				p.Contacts[i].Used = true
			}
		}
		name := "contact " + k.Name
		switch k.Effect {
		case "bribe":
			if s.canMovePolice(k.Colour) {
				ms.Legal(name, use(func(res *engine.Result) { s.pushPolice(p, k.Colour, k.Name) }))
			}
		case "fixer":
			if s.Discs > 0 {
				ms.Legal(name, use(func(res *engine.Result) { s.gainDisc(p.Seat, res) }))
			}
		case "gang":
			s.gangAbilities(p, name, use, ms)
		case "general store":
			ms.Legal(name, use(func(res *engine.Result) { s.gainIncome(p) }))
		case "informer":
			ms.Legal(name, use(func(res *engine.Result) { gainNotoriety(&p.Red, &p.Blue, -1) }))
		case "medic":
			if p.Wounds > 0 {
				ms.Legal(name, use(func(res *engine.Result) { s.heal(p, 1, res) }))
			}
		case "snitch":
			c := colourIndex(k.Colour)
			for _, ti := range s.cityTiles() {
				if s.Tiles[ti].Officers[c] {
					ms.Legal(name, use(func(res *engine.Result) {
						st := s.ask(p.Seat, SnitchOfficer)
						st.Data.Colour = k.Colour
						s.pushTask(st)
					}))
					break
				}
			}
		case "spy 1":
			if !s.displayEmpty() {
				ms.Legal(name, use(func(res *engine.Result) { s.gainContact(p.Seat) }))
			}
		case "spy 2":
			ms.Legal(name, use(func(res *engine.Result) { s.refresh(p, res) }))
		case "spy 3":
			if len(p.locked()) > 0 {
				ms.Legal(name, use(func(res *engine.Result) { s.pushUnlock(p) }))
			}
		case "chopper":
			if move && s.hasHeliport(tile) && s.canFly(p, 0) {
				ms.Legal(name, use(func(res *engine.Result) { s.pushFly(p, 0) }))
			}
		case "gas can":
			if move {
				ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); t.MP++ }))
			}
		case "jet ski":
			if move && s.waterToPass() {
				ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.pushTask(s.ask(p.Seat, CrossWater)) }))
			}
		case "medevac":
			if move && t.Start != hospLoc && p.At != hospLoc {
				ms.Legal(name, use(func(res *engine.Result) {
					s.moveTo(p, hospLoc, t.MP, "medevac", res)
					s.beginAvoid(p, res)
				}))
			}
		case "sewer":
			if move && len(s.sewerTargets(p)) > 0 {
				ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.pushTask(s.ask(p.Seat, SewerTo)) }))
			}
		}
	}
	for i, it := range p.Items {
		if it.Kind != "fixer" || it.Used {
			continue
		}
		i := i
		use := func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.useItem(p, i, res)
				then(res)
			}
		}
		name := "fixer " + it.Name
		switch it.Name {
		case "disguise":
			ms.Legal(name, use(func(res *engine.Result) { gainNotoriety(&p.Red, &p.Blue, -1) }))
		case "energy drink":
			ms.Legal(name, use(func(res *engine.Result) { s.refresh(p, res) }))
		case "first aid kit":
			if p.Wounds > 0 {
				ms.Legal(name, use(func(res *engine.Result) { s.heal(p, 1, res) }))
			}
		case "gold bar":
			if len(p.locked()) > 0 {
				ms.Legal(name, use(func(res *engine.Result) { s.pushUnlock(p) }))
			}
		case "id card":
			if s.Discs > 0 {
				ms.Legal(name, use(func(res *engine.Result) { s.gainDisc(p.Seat, res) }))
			}
		case "motorcycle":
			s.gangAbilities(p, name, use, ms)
		case "safe":
			ms.Legal(name, use(func(res *engine.Result) { s.gainIncome(p) }))
		case "scuba gear":
			if move && s.waterToPass() {
				ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.pushTask(s.ask(p.Seat, CrossWater)) }))
			}
		case "helicopter":
			if move && s.hasHeliport(tile) && s.canFly(p, 0) {
				ms.Legal(name, use(func(res *engine.Result) { s.pushFly(p, 0) }))
			}
		case "telephone":
			if !s.displayEmpty() {
				ms.Legal(name, use(func(res *engine.Result) { s.gainContact(p.Seat) }))
			}
		}
	}
	for i, a := range p.Assets {
		if a.Asset == "" || a.Used || p.Money < AssetPrices[i] {
			continue
		}
		i, a := i, a
		use := func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.useAsset(p, i, res)
				then(res)
			}
		}
		switch a.Asset {
		case "red", "blue", "black":
			if s.canMovePolice(a.Asset) {
				ms.Legal("asset "+a.Asset, use(func(res *engine.Result) { s.pushPolice(p, a.Asset, a.Asset+" asset") }))
			}
		case "heal":
			if p.Wounds > 0 {
				ms.Legal("asset heal", use(func(res *engine.Result) { s.heal(p, 1, res) }))
			}
		case AssetExtra:
			if s.Discs > 0 {
				ms.Legal("asset extra", use(func(res *engine.Result) { s.gainDisc(p.Seat, res) }))
			}
		}
	}
	if len(p.Gang) > 0 {
		s.gangAbilities(p, "gang", func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.returnGang(p, res)
				then(res)
			}
		}, ms)
	}
	ms.Add("gas", engine.Require(move, "A Gas Can adds MP only before or during your Move").
		And(engine.Require(p.Gas > 0, "You have no Gas Can")),
		func(res *engine.Result) {
			p.Gas--
			s.Gas++
			s.startMoving()
			t.MP++
			res.Say("%s burns a Gas Can (+1 MP).", who(p.Seat))
		})
}

// gangAbilities: lose 1 Notoriety at any time, or fly from a Helipad
// tile for 1 MP during movement (EP-EXEC-10/11); the Avoid ability is in
// avoidOptions (EP-EXEC-12).
func (s *State) gangAbilities(p *Player, name string, use func(func(*engine.Result)) func(*engine.Result), ms *engine.Moves) {
	ms.Legal(name+" lose notoriety", use(func(res *engine.Result) {
		gainNotoriety(&p.Red, &p.Blue, -1)
		res.Say("%s lies low: -1 Notoriety.", who(p.Seat))
	}))
	if s.inMovement() && CityTiles[nodeTile(p.At)].Helipad && s.canFly(p, 1) {
		ms.Legal(name+" fly", use(func(res *engine.Result) { s.pushFly(p, 1) }))
	}
}

func (s *State) pushPolice(p *Player, colour, reason string) {
	t := s.ask(p.Seat, MovePolice)
	t.Data.Colour = colour
	t.Data.Reason = reason
	s.pushTask(t)
}

func (s *State) pushUnlock(p *Player) {
	u := s.ask(p.Seat, UnlockAsset)
	u.Data.N = 1
	s.pushTask(u)
}

func (s *State) pushFly(p *Player, cost int) {
	s.startMoving()
	f := s.ask(p.Seat, FlyTo)
	f.Data.N = cost
	s.pushTask(f)
}

func (s *State) hasHeliport(tile int) bool {
	for _, l := range tileLocs[tile] {
		if locDef[l].Heliport {
			return true
		}
	}
	return false
}

func (s *State) waterToPass() bool {
	for _, w := range s.cityTiles() {
		if CityTiles[w].Land == Water && !s.canEnterWater(w, s.turnState().Water) {
			return true
		}
	}
	return false
}

func (s *State) flyTargets(p *Player, cost int) []edge {
	t := s.turnState()
	if t.MP < cost {
		return nil
	}
	need := s.need()
	var out []edge
	for _, e := range s.flights(nodeTile(p.At), cost, nil) {
		if need[e.to]/hopUnit <= t.MP-cost {
			out = append(out, e)
		}
	}
	return out
}

func (s *State) canFly(p *Player, cost int) bool { return len(s.flyTargets(p, cost)) > 0 }

func (s *State) flyOptions(t *Detail, p *Player, ms *engine.Moves) {
	for _, e := range s.flyTargets(p, t.N) {
		e := e
		ms.Legal("fly to "+s.NodeName(e.to), func(res *engine.Result) {
			s.Pending.Pop()
			s.moveTo(p, e.to, s.turnState().MP-t.N, "fly", res)
		})
	}
}

// sewerTargets: Land spaces exactly 2 tiles away; free unless the Land
// type changes, then 1 MP (EP-CC-SEWER-01/02).
func (s *State) sewerTargets(p *Player) []edge {
	t := s.turnState()
	need := s.need()
	from := nodeTile(p.At)
	var out []edge
	for _, o := range s.cityTiles() {
		if s.tileDist(from, o) != 2 || !s.enterable(landNode(o)) {
			continue
		}
		c := 0
		if CityTiles[o].Land != CityTiles[from].Land {
			c = 1
		}
		if c <= t.MP && need[landNode(o)]/hopUnit <= t.MP-c {
			out = append(out, edge{landNode(o), c, "sewer"})
		}
	}
	return out
}

func (s *State) sewerOptions(t *Detail, p *Player, ms *engine.Moves) {
	for _, e := range s.sewerTargets(p) {
		e := e
		ms.Legal("sewer to "+s.NodeName(e.to), func(res *engine.Result) {
			s.Pending.Pop()
			s.moveTo(p, e.to, s.turnState().MP-e.cost, "sewer", res)
		})
	}
}
