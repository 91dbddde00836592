package escapeplan

import (
	"strings"
	"testing"

	"casefile/engine"
)

// newS deals a game and settles it at its first decision.
func newS(t testing.TB, n int, seed uint64) *State {
	t.Helper()
	st, err := Game().New(engine.Setup{Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// fresh drops the caches after a test edits the state by hand.
func fresh(s *State) {
	s.cache.Forget()
	s.geoCache.valid = false
}

func apply(t testing.TB, s *State, seat int, move string) engine.Result {
	t.Helper()
	fresh(s)
	res, err := s.Apply(engine.Seat(seat), move)
	if err != nil {
		t.Fatalf("move %q by seat %d: %v", move, seat, err)
	}
	return res
}

func legal(s *State, seat int) []string {
	fresh(s)
	return s.Legal(engine.Seat(seat))
}

func has(s *State, seat int, move string) bool {
	for _, m := range legal(s, seat) {
		if m == move {
			return true
		}
	}
	return false
}

func hasPrefix(s *State, seat int, prefix string) bool {
	for _, m := range legal(s, seat) {
		if strings.HasPrefix(m, prefix) {
			return true
		}
	}
	return false
}

// drive plays the first legal move (or the one pick chooses) until stop
// reports true or the game ends.
func drive(t testing.TB, s *State, pick func(seat int, legal []string) string, stop func() bool) []string {
	t.Helper()
	var lines []string
	for i := 0; i < 20000; i++ {
		if stop != nil && stop() {
			return lines
		}
		tu := s.Turn()
		if len(tu.Seats) == 0 {
			return lines
		}
		seat := int(tu.Seats[0])
		l := legal(s, seat)
		m := l[0]
		if pick != nil {
			if x := pick(seat, l); x != "" {
				m = x
			}
		}
		res := apply(t, s, seat, m)
		lines = append(lines, res.Public...)
	}
	t.Fatal("drive did not stop")
	return nil
}

// calm prefers moves that end decisions quickly.
func calm(seat int, l []string) string {
	for _, p := range []string{"pass", "rest", "stop", "done", "take wounds", "end", "contact discard", "skip visit", "return tile"} {
		for _, m := range l {
			if m == p {
				return m
			}
		}
	}
	return ""
}

// layout empties the city but for the board's printed tiles and puts the
// given tiles at (col,row) slots, with no officers anywhere.
func layout(s *State, tiles map[string][2]int) {
	for i := range s.Grid {
		s.Grid[i] = -1
	}
	for t := range s.Tiles {
		s.Tiles[t] = TileState{Where: "stack", Slot: -1}
	}
	side := BoardSides[s.Side]
	s.putInCity(hospital, slotOf(side.Hospital[0], side.Hospital[1]))
	s.putInCity(storeD, slotOf(side.StoreD[0], side.StoreD[1]))
	for id, cr := range tiles {
		s.putInCity(tileIndex[id], slotOf(cr[0], cr[1]))
	}
	s.Bag = [3]int{OfficersPerColour, OfficersPerColour, OfficersPerColour}
	s.Removed = [3]int{}
	fresh(s)
}

// standard is a small test city on side A: hq (3,2) and sd (2,1) printed,
// s1 (3,1), s2 (4,1), a1 (2,2), b1 (4,2), a3 water+ferry (3,3), d3 water
// without ferry (5,2), c1 (1,1), a2 (1,2).
var standard = map[string][2]int{
	"s1": {3, 1}, "s2": {4, 1}, "a1": {2, 2}, "b1": {4, 2}, "a3": {3, 3}, "d3": {5, 2}, "c1": {1, 1}, "a2": {1, 2},
}

func loc(name string) int {
	for l, d := range locDef {
		if d.Name == name {
			return l
		}
	}
	panic("no location " + name)
}

// slotLoc is the Business or Safe House slot of a tile.
func slotLoc(tile, kind string) int {
	for _, l := range tileLocs[tileIndex[tile]] {
		if locDef[l].Kind == kind {
			return l
		}
	}
	panic("no " + kind + " on " + tile)
}

func putBusiness(s *State, name, tile string) int {
	l := slotLoc(tile, Business)
	s.business(name).Loc = l
	s.Locs[l].Tile = name
	return l
}

func putSafeHouse(s *State, name, tile string) int {
	l := slotLoc(tile, SafeHouse)
	s.safeHouse(name).Loc = l
	s.Locs[l].Tile = name
	return l
}

// turnAt gives seat a fresh Player Action turn standing on node at.
func turnAt(s *State, seat, at int) *Player {
	s.Phase = PhasePlayerAction
	s.PhaseBegun = true
	s.Pending = engine.Stack[Detail]{}
	p := &s.Players[seat]
	p.At = at
	s.beginTurn(seat, at)
	fresh(s)
	return p
}

func officer(s *State, tile, colour string) {
	c := colourIndex(colour)
	s.Tiles[tileIndex[tile]].Officers[c] = true
	s.Bag[c]--
}

func giveContact(p *Player, name string) int {
	for i, k := range ContactDeck {
		if k.Name == name {
			for j := range p.Contacts {
				if p.contactFree(j) {
					p.Contacts[j] = ContactSpace{Card: i}
					return j
				}
			}
		}
	}
	panic("cannot give " + name)
}

// skipContact takes the leftmost display card and discards it.
func skipContact(t testing.TB, s *State, seat int) {
	t.Helper()
	apply(t, s, seat, legal(s, seat)[0])
	apply(t, s, seat, "contact discard")
}

// taskView is a decision owed before play goes on, as the tests read it.
type taskView struct {
	Kind string
	Seat int
	Detail
}

// tasks lists the decisions owed before the active player's turn resumes,
// top first.
func tasks(s *State) []taskView {
	var out []taskView
	for i := range s.Pending.Items {
		d := &s.Pending.Items[i]
		if !isTurnStep(d.Kind) {
			out = append(out, taskView{Kind: string(d.Kind), Seat: seatOf(d), Detail: d.Data})
		}
	}
	return out
}

// clearTasks drops every decision owed but the active player's turn.
func clearTasks(s *State) {
	var keep []Decision
	for _, d := range s.Pending.Items {
		if isTurnStep(d.Kind) {
			keep = append(keep, d)
		}
	}
	s.Pending.Items = keep
	fresh(s)
}

// active is the active player's turn, or nil.
func active(s *State) *TurnState { return s.turnState() }

// dropTurn takes the active player's turn off the stack, as if between turns.
func dropTurn(s *State) {
	var keep []Decision
	for _, d := range s.Pending.Items {
		if !isTurnStep(d.Kind) {
			keep = append(keep, d)
		}
	}
	s.Pending.Items = keep
	fresh(s)
}

// nodeNamed is the node a move names (a Location or a Land area), or -1.
func nodeNamed(s *State, name string) int {
	for n := 0; n < nodeCount(); n++ {
		if s.NodeName(n) == name {
			return n
		}
	}
	return -1
}
