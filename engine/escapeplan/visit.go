package escapeplan

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// Visit (EP-BUS-*, EP-STORE-*, EP-CHURCH-*, EP-GANG-*, EP-SAFE-*, EP-EXIT-*,
// EP-CLINIC-*, EP-HOSP-*): arriving at a Location and its menu, one function
// per Location.

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
		if slices.Contains(p.Visited, b.Name) { // EP-BUS-01
			res.Say("%s has already visited the %s: no effect.", who(p.Seat), b.Name)
			s.setStep(EndOfTurn)
			return
		}
		if b.Closed {
			t.Visit["closed"] = 1
			return
		}
		s.visitOpenBusiness(p, b, others, res)
	case SafeHouse:
		s.enterSafeHouse(p, others, res)
	case Hospital:
		s.addNotoriety(p.Seat, 1, res) // EP-HOSP-02
	case Gang:
	default:
		s.notorietyFromOthers(p, others, res)
	}
}

// enterSafeHouse resolves arriving at a Safe House: the first visit places a
// cube, loses 1 Notoriety, and with all of them visited gives a bonus
// (EP-SAFE-01..05, EP-SAFE-08).
func (s *State) enterSafeHouse(p *Player, others int, res *engine.Result) {
	h := s.safeHouse(s.Locs[p.At].Tile)
	if slices.Contains(p.Visited, h.Name) { // EP-SAFE-01
		res.Say("%s has already visited the %s: no effect.", who(p.Seat), h.Name)
		s.setStep(EndOfTurn)
		return
	}
	s.notorietyFromOthers(p, others, res)
	s.takeIncomeCube(p, h.Name, &h.Cubes, res)
	s.addNotoriety(p.Seat, -1, res) // EP-SAFE-05
	p.Visited = append(p.Visited, h.Name)
	n := 0
	for _, sh := range SafeHouseTiles {
		if slices.Contains(p.Visited, sh) {
			n++
		}
	}
	if n == len(SafeHouseTiles) { // EP-SAFE-08
		b := s.ask(p.Seat, GroupBonus)
		b.Data.Reason = "safe houses"
		s.push(b)
	}
}

func (s *State) notorietyFromOthers(p *Player, others int, res *engine.Result) {
	if others > 0 {
		s.addNotoriety(p.Seat, others, res)
		res.Say("%s is seen by %s there: +%d Notoriety.", who(p.Seat), engine.Plural(others, "other", "others"), others)
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

// visitOpenBusiness resolves a visit of an open Business: a cube, Income
// when the Business is on the Escape Plan, maybe closing it, the group bonus
// and a Contact card (EP-BUS-02..08, EP-BUS-10).
func (s *State) visitOpenBusiness(p *Player, b *BusinessState, others int, res *engine.Result) {
	s.notorietyFromOthers(p, others, res)
	s.takeIncomeCube(p, b.Name, &b.Cubes, res)
	p.Visited = append(p.Visited, b.Name)
	s.checkClosed(b, res)                // EP-BUS-07/08
	if s.groupDone(p.Visited, b.Group) { // EP-BUS-10
		bt := s.ask(p.Seat, GroupBonus)
		bt.Data.Reason = "business"
		s.push(bt)
	}
	s.gainContact(p.Seat) // EP-BUS-06
	s.setStep(EndOfTurn)
}

// visitMenus lists, for each kind of Location, its Visit menu.
var visitMenus = map[string]func(s *State, p *Player, t *TurnState, ms *engine.Moves){
	Business:  (*State).visitBusiness,
	Store:     (*State).visitStore,
	Church:    (*State).visitChurch,
	Gang:      (*State).visitGang,
	SafeHouse: (*State).visitSafeHouse,
	Exit:      (*State).visitExit,
	Clinic:    (*State).visitClinic,
	Hospital:  (*State).visitHospital,
}

// visitMoves is the menu of a Visit at the Location the pawn stands on.
func (s *State) visitMoves(p *Player, ms *engine.Moves) {
	visitMenus[locDef[p.At].Kind](s, p, s.turnState(), ms)
}

// endVisit is the move that closes a Visit menu, with the Location's
// Contact card where it gives one.
func (s *State) endVisit(p *Player, contact bool) func(res *engine.Result) {
	return func(res *engine.Result) {
		s.setStep(EndOfTurn)
		if contact {
			s.gainContact(p.Seat)
		}
	}
}

// visitBusiness is the menu of a closed Business: enter with a Key or the
// Master Key, or skip the visit (EP-BUS-09).
func (s *State) visitBusiness(p *Player, t *TurnState, ms *engine.Moves) {
	loc := p.At
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
			s.visitOpenBusiness(p, b, s.othersAt(p), res)
		})
	}
	if i := p.asset("master key"); i >= 0 && p.Money >= AssetPrices[i] {
		ms.Legal("visit with master key", func(res *engine.Result) {
			s.useAsset(p, i, res)
			s.visitOpenBusiness(p, b, s.othersAt(p), res)
		})
	}
	ms.Legal("skip visit", s.endVisit(p, false))
}

// visitStore is the Store menu: a Gas Can, up to 2 Equipment tiles, and 1
// Locker (EP-STORE-*).
func (s *State) visitStore(p *Player, t *TurnState, ms *engine.Moves) {
	v := t.Visit
	ms.Add("take gas", engine.Require(v["gas"] == 0, "You have already taken a Gas Can at this visit").
		And(engine.Require(s.Gas > 0, "No Gas Can is left in the supply")).
		And(engine.Require(p.Gas < MaxGas, "You already hold %d Gas Cans", MaxGas)),
		func(res *engine.Result) {
			v["gas"] = 1
			s.Gas--
			p.Gas++
			res.Say("%s takes a Gas Can.", who(p.Seat))
		})
	for i, e := range EquipmentTypes { // EP-STORE-03
		i, e := i, e
		ms.Add("buy "+e.Name, engine.Require(v["bought"] < 2, "You may buy up to 2 Equipment tiles at a Store visit").
			And(engine.Require(s.Equipment[i] > 0, "No tile of that Equipment is left")).
			And(engine.Require(p.Money >= e.Price, "A %s costs $%d", e.Name, e.Price)),
			func(res *engine.Result) {
				v["bought"]++
				s.Equipment[i]--
				s.pay(&p.Money, e.Price)
				res.Say("%s buys a %s.", who(p.Seat), e.Name)
				s.receiveItem(p, "equipment", e.Name, nil, "", e.Price, res)
			})
	}
	if v["locker"] == 0 {
		s.lockerMoves(p, ms)
	}
	ms.Legal("done", s.endVisit(p, false))
}

// visitChurch is the Church menu: pay $1 to lose 1 Notoriety, unlock an
// Asset tile, then a Contact card (EP-CHURCH-*).
func (s *State) visitChurch(p *Player, t *TurnState, ms *engine.Moves) {
	v := t.Visit
	ms.Add("pay 1 lose notoriety", engine.Require(v["confess"] == 0, "You have already paid at the Church this visit").
		And(engine.Require(p.Money >= 1, "You have no $1 to pay")),
		func(res *engine.Result) {
			v["confess"] = 1
			s.pay(&p.Money, 1)
			s.addNotoriety(p.Seat, -1, res)
			res.Say("%s pays $1 at the Church: -1 Notoriety.", who(p.Seat))
		})
	s.visitUnlock(p, ms)
	ms.Legal("done", s.endVisit(p, true))
}

// visitGang is the Gang menu: hire both Gang Members for $5 when nobody else
// is there (EP-GANG-*).
func (s *State) visitGang(p *Player, t *TurnState, ms *engine.Moves) {
	v := t.Visit
	loc := p.At
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
	ms.Legal("done", s.endVisit(p, false))
}

// visitSafeHouse is the Safe House menu: take a Key (not optional while any
// is left) and buy a Fixer tile (EP-SAFE-06/07).
func (s *State) visitSafeHouse(p *Player, t *TurnState, ms *engine.Moves) {
	v := t.Visit
	loc := p.At
	h := s.safeHouse(s.Locs[loc].Tile)
	seen := map[string]bool{}
	for i, k := range h.Keys { // EP-SAFE-06
		if seen[k] {
			continue
		}
		seen[k] = true
		i, k := i, k
		ms.Add("take key "+k, engine.Require(v["key"] == 0, "You have already taken a Key at this visit"), func(res *engine.Result) {
			v["key"] = 1
			h.Keys = append(h.Keys[:i:i], h.Keys[i+1:]...)
			p.Keys = append(p.Keys, Key{Colour: k})
			res.Say("%s takes a %s Key.", who(p.Seat), k)
		})
	}
	// EP-SAFE-07: S says "buy 1 Fixer tile face-up from the stack", and
	// the Fixer tiles lie in "a face-up stack" (setup): only its top tile,
	// Fixers[0], is for sale.
	if len(s.Fixers) > 0 {
		f := s.Fixers[0]
		price := fixerPrice(f)
		ms.Add("buy "+f, engine.Require(v["fixer"] == 0, "You may buy 1 Fixer tile at a Safe House visit").
			And(engine.Require(p.Money >= price, "The %s costs $%d", f, price)),
			func(res *engine.Result) {
				v["fixer"] = 1
				s.Fixers = s.Fixers[1:]
				s.pay(&p.Money, price)
				res.Say("%s buys the %s Fixer tile ($%d).", who(p.Seat), f, price)
				s.receiveItem(p, "fixer", f, nil, "", price, res)
			})
	}
	ms.Add("done", engine.Require(v["key"] == 1 || len(h.Keys) == 0, "Take a Key first: it is not optional while the Safe House has one"),
		s.endVisit(p, false))
}

// visitExit is the Exit menu: Income or an Exit tile of a blocked Exit, the
// escape on day 3, then a Contact card (EP-EXIT-*, EP-ESC-*).
func (s *State) visitExit(p *Player, t *TurnState, ms *engine.Moves) {
	v := t.Visit
	loc := p.At
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
	s.escapeMove(p, true, ms)
	ms.Legal("done", s.endVisit(p, true))
}

// escapeMove lists escaping through the Exit the pawn stands on: on day 3,
// through the unblocked Exit, paying the Escape Cost, then avoiding the
// officers on the Exit tile (EP-ESC-01..04). From the Visit menu the
// Exit's Contact card comes first (visit); a player who starts a day-3
// turn on the open Exit may escape at once instead of Resting or Moving,
// since S only says "On Day 3, you may Escape from the Unblocked Exit"
// (no Move or Visit is required).
func (s *State) escapeMove(p *Player, visit bool, ms *engine.Moves) {
	loc := p.At
	if !isLoc(loc) || locDef[loc].Kind != Exit {
		return
	}
	t := s.turnState()
	no := locDef[loc].ExitNo
	cost := s.EscapeCost()
	ms.Add("escape", engine.Require(s.Round == 3, "You can only escape on day 3").
		And(engine.Require(!s.Blocked(no), "The %s is blocked", s.NodeName(loc))).
		And(engine.Require(p.Money >= cost, "The Escape Cost is $%d", cost)),
		func(res *engine.Result) {
			s.pay(&p.Money, cost) // EP-ESC-04
			res.Say("%s pays the Escape Cost ($%d) at the %s.", who(p.Seat), cost, s.NodeName(loc))
			if visit {
				s.gainContact(p.Seat)
			}
			t.Escaping = true
			s.setStep(Avoid)
			t.Left = []int{locTile[loc]}
			t.Threats = s.threatsOn(locTile[loc]) // EP-ESC-03
		})
}

// visitClinic is the Clinic menu: unlock an Asset tile, heal 1 Wound, then a
// Contact card (EP-CLINIC-*).
func (s *State) visitClinic(p *Player, t *TurnState, ms *engine.Moves) {
	v := t.Visit
	s.visitUnlock(p, ms)
	ms.Add("heal", engine.Require(v["heal"] == 0, "You have already healed at this visit").
		And(engine.Require(p.Wounds > 0, "You have no Wound to heal")),
		func(res *engine.Result) {
			v["heal"] = 1
			s.heal(p, 1, res)
		})
	ms.Legal("done", s.endVisit(p, true))
}

// visitHospital is the Hospital menu: heal 1, 2 or 3 Wounds for $1, $3 or $6
// (EP-HOSP-*).
func (s *State) visitHospital(p *Player, t *TurnState, ms *engine.Moves) {
	v := t.Visit
	for k, cost := range []int{1, 3, 6} { // EP-HOSP-01
		n := k + 1
		ms.Add(fmt.Sprintf("heal %d", n), engine.Require(v["heal"] == 0, "You have already healed at this visit").
			And(engine.Require(p.Wounds >= n, "You have only %s to heal", engine.Plural(p.Wounds, "Wound", "Wounds"))).
			And(engine.Require(p.Money >= cost, "Healing %d Wounds costs $%d", n, cost)),
			func(res *engine.Result) {
				v["heal"] = 1
				s.pay(&p.Money, cost)
				s.heal(p, n, res)
			})
	}
	ms.Legal("done", s.endVisit(p, false))
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

// lockerMoves lists opening 1 Locker with a Key or the Master Key when
// Notoriety + Contact cards reach its number (EP-STORE-05..11).
func (s *State) lockerMoves(p *Player, ms *engine.Moves) {
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

func (s *State) business(name string) *BusinessState {
	for i := range s.Businesses {
		if s.Businesses[i].Name == name {
			return &s.Businesses[i]
		}
	}
	return nil
}

func (s *State) safeHouse(name string) *SafeHouseState {
	for i := range s.SafeHouses {
		if s.SafeHouses[i].Name == name {
			return &s.SafeHouses[i]
		}
	}
	return nil
}

// closeAfter is the number of visits that closes a Business: 2 in 1–3
// player games (Sandra counts as a player), 3 in 4–5 player games.
func (s *State) closeAfter() int {
	if s.NPlayers >= 4 {
		return 3
	}
	return 2
}

func (s *State) checkClosed(b *BusinessState, res *engine.Result) {
	if !b.Closed && len(b.Cubes) >= s.closeAfter() {
		b.Closed = true
		res.Say("The %s closes.", b.Name)
	}
}

func (s *State) groupDone(visited []string, group string) bool {
	for _, b := range BusinessTiles {
		if b.Group == group && !slices.Contains(visited, b.Name) {
			return false
		}
	}
	return true
}

// groupBonusMoves lists the reward of a full set of Businesses or Safe
// Houses: an Extra Action disc, or an Asset tile with its bonus (EP-BUS-10,
// EP-SAFE-08).
func (s *State) groupBonusMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	ms.Add("bonus extra action", engine.Require(s.Discs > 0, "No Extra Action disc is left"), func(res *engine.Result) {
		s.Pending.Pop()
		s.gainDisc(seat, res)
	})
	ms.Legal("bonus unlock", func(res *engine.Result) {
		s.Pending.Pop()
		if t.Reason == "business" {
			s.addNotoriety(p.Seat, -1, res)
			res.Say("%s loses 1 Notoriety.", who(seat))
		} else {
			v := s.gainIncome(p)
			res.Say("%s gains Income ($%d).", who(seat), v)
		}
		u := s.ask(seat, UnlockAsset)
		u.Data.N = 1
		s.push(u)
	})
}
