package policeprecinct

import (
	"slices"

	"casefile/engine"
)

// moveAllowance is the Street Spaces a cop may drive this turn before
// Donuts and Fast Response: 2 Unmarked, 3 Marked (PP-MOVE-04/05), +1 with
// the Movement Upgrade (PP-MOVE-08), +1 for Lead Foot in a Marked car.
func (s *State) moveAllowance(c *Cop) int {
	n := UnmarkedMove
	if c.Marked {
		n = MarkedMove
		if c.Char().Has(PowerLeadFoot) {
			n++
		}
	}
	if c.HasUpgrade("movement") {
		n++
	}
	return n
}

// blockedIntersections are the Street Intersections an Emergency blocks
// (PP-MOVE-02): those an Emergency card sits on.
func (s *State) blockedIntersections() []bool {
	b := make([]bool, len(interNames))
	for _, e := range s.Emergencies {
		if i, ok := interIndex[e.Site]; ok {
			b[i] = true
		}
	}
	for _, l := range s.Specials {
		if i, ok := interIndex[l.Site]; ok && l.Name == "officer down" {
			b[i] = true
		}
	}
	return b
}

// distances gives, from Street Space from, the fewest Street Spaces a
// vehicle drives to reach each Street Space: moving along a street costs 1
// per space entered, crossing an intersection costs nothing
// (PP-MOVE-01/03), and a blocked intersection cannot be crossed
// (PP-MOVE-02). Unreachable spaces are -1.
func (s *State) distances(from int) []int {
	blocked := s.blockedIntersections()
	n := NumSpaces + len(interNames)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	// 0-1 breadth-first search: intersections are entered at no cost.
	// The deque is a stack of what was put in front (the last put in
	// first out) before a queue of what was put at the back: the order
	// of a deque, without a new slice for each intersection put in
	// front or a list of each space's neighbours.
	front := make([]int, 0, 8)
	back := make([]int, 1, n)
	back[0] = from
	dist[from] = 0
	relax := func(u, v int) {
		if v >= NumSpaces && blocked[v-NumSpaces] {
			return
		}
		w := 1
		if v >= NumSpaces {
			w = 0
		}
		if dist[v] >= 0 && dist[v] <= dist[u]+w {
			return
		}
		dist[v] = dist[u] + w
		if w == 0 {
			front = append(front, v)
		} else {
			back = append(back, v)
		}
	}
	for head := 0; len(front) > 0 || head < len(back); {
		var u int
		if len(front) > 0 {
			u, front = front[len(front)-1], front[:len(front)-1]
		} else {
			u, head = back[head], head+1
		}
		if u < NumSpaces {
			for _, v := range spaceNbrs[u] {
				relax(u, v)
			}
			for _, in := range spaceInters[u] {
				relax(u, NumSpaces+in)
			}
		} else {
			for _, v := range interSpaces[u-NumSpaces] {
				relax(u, v)
			}
		}
	}
	return dist[:NumSpaces]
}

// nextToStation reports whether a Street Space borders the Police Station
// (PP-MOVE-11, PP-UPGRADE-01).
func nextToStation(sp int) bool {
	st := Lot(PoliceStation)
	return sp == st.Sides[0] || sp == st.Sides[1]
}

// moveMoves lists phase 1: drive, Donuts, Fast Response, switching cars,
// Patrol Officers, the Support Vehicle, stop — and the actions, which end
// the move at once.
func (s *State) moveMoves(ms *engine.Moves) {
	c := s.cop()
	dist := s.distances(c.At)
	for sp := 0; sp < NumSpaces; sp++ {
		if sp == c.At || dist[sp] < 0 || dist[sp] > s.T.Points {
			continue
		}
		d := dist[sp]
		ms.Legal("drive "+SpaceName(sp), func(res *engine.Result) { s.moveCar(sp, d, res) })
	}
	ms.RefuseFamily("drive ", engine.Require(false, "Your car cannot reach that Street Space with %d %s left (intersections an Emergency blocks cannot be crossed)", s.T.Points, plural(s.T.Points, "space", "spaces")))
	ms.Add("donut", engine.Require(c.Donuts > 0, "You have no Donut to discard"), func(res *engine.Result) {
		s.spendDonut(c)
		s.T.Points++
		res.Say("%s discards a Donut: +1 Street Space.", who(c.Seat))
	})
	s.cardMoves(ms, TimeMove)
	ms.Add("switch car", engine.Require(nextToStation(c.At), "You can switch cars only next to the Police Station").
		And(engine.Require(!s.T.Switched, "You have already switched cars this turn")).
		And(engine.Require(!s.lasting("detainees run amok"), "Detainees run amok at the Police Station: no car switching until it is resolved")), func(res *engine.Result) { s.switchCar(res) })
	if s.Support >= 0 {
		sd := s.distances(s.Support)
		for sp := 0; sp < NumSpaces; sp++ {
			if sp == s.Support || sd[sp] < 0 || sd[sp] > s.T.SupportLeft {
				continue
			}
			d := sd[sp]
			ms.Legal("support "+SpaceName(sp), func(res *engine.Result) { s.moveSupport(sp, d, res) })
		}
	}
	ms.Add("pick up patrol", engine.Require(nextToStation(c.At), "Patrol Officers are picked up next to the Police Station").
		And(engine.Require(s.PatrolStation > 0, "No Patrol Officer waits at the Police Station")).
		And(engine.Require(c.Carrying < 2, "Your car carries at most 2 Patrol Officers")), func(res *engine.Result) {
		s.PatrolStation--
		c.Carrying++
		res.Say("%s picks up a Patrol Officer at the Police Station.", who(c.Seat))
	})
	ms.Add("drop patrol", engine.Require(c.Carrying > 0, "Your car carries no Patrol Officer"), func(res *engine.Result) {
		c.Carrying--
		if s.PatrolOn == nil {
			s.PatrolOn = map[string]int{}
		}
		s.PatrolOn[SpaceName(c.At)]++
		res.Say("%s drops a Patrol Officer at %s.", who(c.Seat), SpaceName(c.At))
	})
	ms.Legal("stop", func(res *engine.Result) { s.setStep(StepAction) })
	s.actionMoves(ms)
}

// moveCar drives the active cop's car d Street Spaces to sp.
func (s *State) moveCar(sp, d int, res *engine.Result) {
	c := s.cop()
	c.At = sp
	s.T.Points -= d
	res.Say("%s drives to %s.", who(c.Seat), SpaceName(sp))
}

// moveSupport drives the Support Vehicle (1–2 players, PP-MOVE-12).
func (s *State) moveSupport(sp, d int, res *engine.Result) {
	s.Support = sp
	s.T.SupportLeft -= d
	res.Say("The Support Vehicle drives to %s.", SpaceName(sp))
}

// switchCar swaps Marked and Unmarked next to the Station (PP-MOVE-11);
// the movement left changes by the difference of the two allowances, never
// below 0 [ours].
func (s *State) switchCar(res *engine.Result) {
	c := s.cop()
	before := s.moveAllowance(c)
	c.Marked = !c.Marked
	s.T.Points = max(0, s.T.Points+s.moveAllowance(c)-before)
	s.T.Switched = true
	res.Say("%s switches to %s Police Car.", who(c.Seat), carName(c.Marked))
}

// spendDonut discards one of the cop's Donuts to the supply.
func (s *State) spendDonut(c *Cop) {
	c.Donuts--
	s.DonutSupply++
}

// gainDonut gives a cop a Donut from the supply, if one is left.
func (s *State) gainDonut(c *Cop, res *engine.Result, why string) {
	if s.DonutSupply == 0 {
		res.Say("No Donut is left in the supply for %s (%s).", who(c.Seat), why)
		return
	}
	s.DonutSupply--
	c.Donuts++
	res.Say("%s earns a Donut (%s).", who(c.Seat), why)
}

// vehiclesOn counts the vehicles other than the active cop's on space sp:
// other cops' cars and the Support Vehicle [ours: it counts].
func (s *State) vehiclesOn(sp int) int {
	n := 0
	for i := range s.Cops {
		if i != s.active() && s.Cops[i].At == sp {
			n++
		}
	}
	if s.Support == sp {
		n++
	}
	return n
}

// otherVehicles counts the vehicles other than the active cop's on any of
// spaces.
func (s *State) otherVehicles(spaces []int) int {
	n := 0
	for i := range s.Cops {
		if i != s.active() && slices.Contains(spaces, s.Cops[i].At) {
			n++
		}
	}
	if s.Support >= 0 && slices.Contains(spaces, s.Support) {
		n++
	}
	return n
}
