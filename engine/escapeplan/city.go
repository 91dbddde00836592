package escapeplan

import (
	"fmt"

	"casefile/engine"
)

// The City phase (EP-CITY-*): placing City tiles, naming their Businesses
// and Safe Houses, and flipping the stacks.

// cityPlacement queues the next City tile placement, in player order
// (EP-CITY-01/02); it reports whether a placement is waiting.
func (s *State) cityPlacement() bool {
	left := 0
	for _, t := range s.FaceUp {
		if t >= 0 {
			left--
		}
	}
	if left == 0 {
		return false
	}
	var humans []int
	for _, a := range s.Order {
		if a != SandraActor {
			humans = append(humans, a)
		}
	}
	seat := humans[s.Placed%len(humans)]
	s.queue(s.ask(seat, PlaceTile))
	return true
}

// placements lists the empty slots where tile ft may go: adjacent to at
// least 2 tiles (EP-CITY-03), matching a Land type when any such slot
// allows it (EP-CITY-04/05). With no slot next to 2 tiles, 1 will do.
func (s *State) placements(ft int) []int {
	var two, one []int
	for slot, t := range s.Grid {
		if t >= 0 {
			continue
		}
		n := 0
		for _, o := range slotNbrs[slot] {
			if s.Grid[o] >= 0 {
				n++
			}
		}
		if n >= 2 {
			two = append(two, slot)
		} else if n == 1 {
			one = append(one, slot)
		}
	}
	cand := two
	if len(cand) == 0 {
		cand = one
	}
	var match []int
	for _, slot := range cand {
		if s.landMatches(ft, slot) {
			match = append(match, slot)
		}
	}
	if len(match) > 0 {
		return match
	}
	return cand
}

func (s *State) placeTile(seat, k, ft, slot int, res *engine.Result) {
	s.FaceUp[k] = -1
	s.putInCity(ft, slot)
	s.Placed++
	res.Say("%s places City tile %s at %s.", who(seat), CityTiles[ft].ID, SlotName(slot))
	var follow []Decision
	for _, l := range tileLocs[ft] {
		switch locDef[l].Kind {
		case Business: // EP-CITY-06
			t := s.ask(seat, NameBusiness)
			t.Data.Target = l
			follow = append(follow, t)
		case SafeHouse:
			t := s.ask(seat, NameSafeHouse)
			t.Data.Target = l
			follow = append(follow, t)
		case Gang: // EP-CITY-07
			n := min(2, s.GangSupply)
			s.GangSupply -= n
			s.Locs[l].GangMembers += n
		}
	}
	s.Pending.Push(follow...)
	s.layExitStacks()
}

// flipStacks turns the next tile of each City stack face-up with 2
// officers on it (EP-CITY-08/09/10), and lays Exit stacks on revealed
// blocked Exits (EP-PATROL-06).
func (s *State) flipStacks() {
	for k := range s.Stacks {
		if s.FaceUp[k] >= 0 || len(s.Stacks[k].Tiles) == 0 {
			continue
		}
		t := s.Stacks[k].Tiles[0]
		s.Stacks[k].Tiles = s.Stacks[k].Tiles[1:]
		s.FaceUp[k] = t
		s.Tiles[t].Where = "faceup"
		s.revealed = true
		s.drawOfficers(t)
	}
	s.layExitStacks()
}

// drawOfficers draws 2 Police Officers from the bag onto tile t; a second
// officer of a colour already there goes back (EP-SETUP-08, EP-CITY-10).
func (s *State) drawOfficers(t int) {
	for i := 0; i < 2; i++ {
		total := s.Bag[0] + s.Bag[1] + s.Bag[2]
		if total == 0 {
			return
		}
		k := s.Rng.Intn(total)
		c := 0
		for k >= s.Bag[c] {
			k -= s.Bag[c]
			c++
		}
		if s.Tiles[t].Officers[c] {
			continue // returned to the bag at once
		}
		s.Bag[c]--
		s.Tiles[t].Officers[c] = true
	}
}

// placeMoves lists where the face-up City tiles may go (EP-CITY-03..05).
func (s *State) placeMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for k, ft := range s.FaceUp {
		if ft < 0 {
			continue
		}
		for _, slot := range s.placements(ft) {
			k, ft, slot := k, ft, slot
			ms.Legal(fmt.Sprintf("place %s at %s", CityTiles[ft].ID, SlotName(slot)), func(res *engine.Result) {
				s.Pending.Pop()
				s.placeTile(seat, k, ft, slot, res)
			})
		}
	}
}

// nameBusinessMoves lists the Business tiles left for a new Business
// Location (EP-CITY-06).
func (s *State) nameBusinessMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for i := range s.Businesses {
		if b := &s.Businesses[i]; b.Loc < 0 {
			s.nameMove(seat, t.Target, "business "+b.Name, b.Name, "the "+b.Name, &b.Loc, ms)
		}
	}
}

// nameSafeHouseMoves lists the Safe House tiles left for a new Safe
// House Location (EP-CITY-06).
func (s *State) nameSafeHouseMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for i := range s.SafeHouses {
		if h := &s.SafeHouses[i]; h.Loc < 0 {
			s.nameMove(seat, t.Target, "safe house "+h.Name, h.Name, "the "+h.Name+" Safe House", &h.Loc, ms)
		}
	}
}

// nameMove lists putting the Business or Safe House tile name, whose
// Location is *at, on the new Location loc.
func (s *State) nameMove(seat, loc int, text, name, said string, at *int, ms *engine.Moves) {
	ms.Legal(text, func(res *engine.Result) {
		*at = loc
		s.Locs[loc].Tile = name
		res.Say("%s puts %s on tile %s.", who(seat), said, CityTiles[locTile[loc]].ID)
		s.Pending.Pop()
	})
}

// landMatches reports whether tile ft placed on slot would match at least 1
// Land type with a neighbour (EP-CITY-04): along some shared side, the
// Land areas on both sides are of the same type.
func (s *State) landMatches(ft, slot int) bool {
	for d, o := range slotDir[slot] {
		if o < 0 || s.Grid[o] < 0 {
			continue
		}
		g := s.Grid[o]
		if tileAreas(ft)[sideArea(ft, d)] == tileAreas(g)[sideArea(g, (d+3)%6)] {
			return true
		}
	}
	return false
}
