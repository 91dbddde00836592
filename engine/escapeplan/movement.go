package escapeplan

import (
	"slices"

	"casefile/engine"
)

// MOVE (EP-MOVE-*): Movement Points, walking, the Subway, Heliport and
// Helipad flights, Water, the Sewer.

// MaxFreeSteps is how many steps a Move may take freely; after that only
// steps on a shortest way to a Location are offered, so that walking in
// circles on free Land spaces cannot go on forever.
const MaxFreeSteps = 12

// moveMoves lists the walking and Subway steps of a MOVE (EP-MOVE-02..07,
// EP-MOVE-10/11) and Heliport flights (EP-MOVE-12), each leaving a way to
// end on a Location; Gas Cans (EP-MOVE-09) and Helipad flights (EP-MOVE-13)
// are Executive Actions (executive.go).
func (s *State) moveMoves(p *Player, ms *engine.Moves) {
	t := s.turnState()
	walk, ride := s.needMP(t.Start)
	here := walk[p.At]
	if t.Subway {
		here = ride[p.At]
	}
	for _, e := range s.steps(p.At, nil) {
		e := e
		var mp, key int
		if e.kind == "subway" {
			mp = t.MP // EP-MOVE-10: 0 MP between stations
			key = ride[e.to]
		} else {
			mp = t.MP - e.cost + s.subwayBonus(e.kind)
			key = walk[e.to]
		}
		if mp < 0 || key/hopUnit > mp {
			continue // out of reach: refused by the "go" family (turnMoves)
		}
		if t.Steps >= MaxFreeSteps && key%hopUnit >= here%hopUnit {
			// Only a step along a shortest way home: fewer steps left
			// and no more MP needed than the MP it leaves.
			continue
		}
		ms.Legal(e.kind+" "+s.NodeName(e.to), func(res *engine.Result) {
			s.moveTo(p, e.to, t.MP-e.cost, e.kind, res)
		})
	}
}

// subwayBonus is the MP a step of kind gains: +1 when it leaves the
// destination station of a Subway ride (EP-MOVE-11), that is, when the
// pawn stands on one and the step is not another ride.
func (s *State) subwayBonus(kind string) int {
	if t := s.turnState(); t != nil && t.Subway && kind != "subway" {
		return 1
	}
	return 0
}

// moveTo moves the pawn one step; the tile left is remembered for Avoid
// (EP-AVOID-01): a flight, Subway ride or Sewer trip is one step, so only
// the tile it starts from is left (EP-AVOID-05).
func (s *State) moveTo(p *Player, to, mp int, kind string, res *engine.Result) {
	t := s.turnState()
	ft, tt := nodeTile(p.At), nodeTile(to)
	if ft != tt && !slices.Contains(t.Left, ft) {
		t.Left = append(t.Left, ft)
	}
	bonus := s.subwayBonus(kind)
	p.At = to
	t.MP = mp + bonus
	t.Steps++
	t.Subway = kind == "subway"
	if bonus > 0 {
		res.Say("%s leaves the Subway: +1 MP.", who(p.Seat))
	}
	s.startMoving()
	verb := map[string]string{"go": "moves to", "subway": "rides the Subway to", "fly": "flies to", "sewer": "takes the Sewer to", "medevac": "is flown to"}[kind]
	res.Say("%s %s %s (%d MP left).", who(p.Seat), verb, s.NodeName(to), mp)
}

func (s *State) startMoving() {
	if s.turnStep() == RestOrMove {
		s.setStep(Moving)
	}
}

// inMovement reports whether movement Executive Actions may be used now
// (EP-EXEC-02).
func (s *State) inMovement() bool {
	step := s.turnStep()
	return step == RestOrMove || step == Moving
}

// need is the MP table of the current Move for a pawn that has just
// arrived somewhere other than by Subway.
func (s *State) need() []int {
	walk, _ := s.needMP(s.turnState().Start)
	return walk
}

// edge is one movement step: to a node, for a cost in MP (the Subway's
// cost is 0 and it gives +1 MP).
type edge struct {
	to, cost int
	kind     string // "go", "subway", "fly"
}

// geo caches the city's shape for the current state: tiles in play, their
// neighbours, which may be entered this turn, and the MP tables. It is
// rebuilt whenever what the shape depends on differs from what it was
// built from (tiles, Water passes, Gang Locations shut).
type geo struct {
	valid bool
	// tiles, water and shutLocs are what the shape was built from.
	tiles     int
	water     []int
	shutLocs  []int
	city      []int
	adj       [][]int
	pass      []bool
	subways   []int
	needStart int
	walk      []int
	ride      []int
	// shut marks the Gang Locations no Move may end on now.
	shut []bool
	// scratch gathers the shut Locations of a lookup without allocating.
	scratch []int
}

func (s *State) geo() *geo {
	g := &s.geoCache
	var water []int
	if t := s.turnState(); t != nil {
		water = t.Water
	}
	// The city only grows and Water passes only grow within a turn, so
	// the number of tiles, the passes and the shut Locations identify the
	// shape; they are compared as they are, with no hash to collide.
	tiles := 0
	for t := range s.Tiles {
		if s.inCity(t) {
			tiles++
		}
	}
	shutNow := g.scratch[:0]
	for l := 0; l < nLocs; l++ {
		if s.gangShut(l) {
			shutNow = append(shutNow, l)
		}
	}
	g.scratch = shutNow
	if g.valid && g.tiles == tiles && slices.Equal(g.water, water) && slices.Equal(g.shutLocs, shutNow) {
		return g
	}
	*g = geo{valid: true, tiles: tiles, water: slices.Clone(water), shutLocs: slices.Clone(shutNow), needStart: -2, scratch: shutNow}
	g.shut = make([]bool, nLocs)
	for _, l := range g.shutLocs {
		g.shut[l] = true
	}
	g.city = s.cityTiles()
	g.adj = make([][]int, len(CityTiles))
	g.pass = make([]bool, len(CityTiles))
	for _, t := range g.city {
		g.adj[t] = s.adjacentTiles(t)
		g.pass[t] = CityTiles[t].Land != Water || s.canEnterWater(t, water)
		if CityTiles[t].Subway {
			g.subways = append(g.subways, t)
		}
	}
	return g
}

// enterable reports whether a pawn may stand on node n now: its tile is in
// the city, and Water only with a Ferry or a pass (EP-MOVE-08).
func (s *State) enterable(n int) bool {
	t := nodeTile(n)
	return s.inCity(t) && s.geo().pass[t]
}

// steps lists the movement steps from node n: walking (EP-MOVE-02..05),
// the Subway (EP-MOVE-10/11) and Heliport flights (EP-MOVE-12). Walking
// goes between a Location and the Land area it opens onto (1 MP), and
// between Land areas that touch, inside a tile or across a side shared with
// a neighbouring tile: 1 MP from one Land type to another, 0 within one.
func (s *State) steps(n int, out []edge) []edge {
	g := s.geo()
	t := nodeTile(n)
	if isLoc(n) {
		out = append(out, edge{areaNode(t, locDef[n].Area), 1, "go"})
		if locDef[n].Heliport {
			out = s.flights(t, 1, out)
		}
		return out
	}
	a := nodeArea(n)
	land := tileAreas(t)[a]
	for _, l := range tileLocs[t] {
		if locDef[l].Area == a {
			out = append(out, edge{l, 1, "go"})
		}
	}
	walk := func(to int) {
		for _, e := range out {
			if e.to == to && e.kind == "go" {
				return
			}
		}
		c := 0
		if nodeLand(to) != land {
			c = 1 // EP-MOVE-03
		}
		out = append(out, edge{to, c, "go"})
	}
	for b := range tileAreas(t) {
		if b != a {
			walk(areaNode(t, b))
		}
	}
	slot := s.Tiles[t].Slot
	for d := 0; d < 6; d++ {
		if sideArea(t, d) != a {
			continue
		}
		o := -1
		if ns := slotDir[slot][d]; ns >= 0 {
			o = s.Grid[ns]
		}
		if o < 0 || !g.pass[o] {
			continue
		}
		walk(areaNode(o, sideArea(o, (d+3)%6)))
	}
	if CityTiles[t].Subway && a == 0 {
		for _, o := range g.subways {
			if o != t {
				out = append(out, edge{landNode(o), 0, "subway"})
			}
		}
	}
	return out
}

// flights lists the nodes 1 to 2 City tiles from t, at the given cost.
func (s *State) flights(t, cost int, out []edge) []edge {
	g := s.geo()
	for _, o := range g.city {
		d := s.tileDist(t, o)
		if d < 1 || d > 2 || !g.pass[o] {
			continue
		}
		for _, l := range tileLocs[o] {
			out = append(out, edge{l, cost, "fly"})
		}
		for a := range tileAreas(o) {
			out = append(out, edge{areaNode(o, a), cost, "fly"})
		}
	}
	return out
}

const unreachable = 1 << 40

// hopUnit separates the two parts of a needMP key: MP*hopUnit + steps.
const hopUnit = 1000

// needMP computes, for every node, the fewest MP needed to end the Move on
// a Location other than start (EP-MOVE-06, EP-MOVE-07), and, for equal MP,
// the fewest steps: key = MP*hopUnit + steps. walk is for a pawn that
// arrived at the node by any step but a Subway ride; ride is for a pawn that
// arrived by Subway, whose next step off the station gains +1 MP
// (EP-MOVE-11). Moves offered to a player always leave a way to finish, so
// a random or careless player can never get stuck, and the steps part lets
// a long Move be steered home (see moveMoves).
func (s *State) needMP(start int) (walk, ride []int) {
	g := s.geo()
	if g.needStart == start {
		return g.walk, g.ride
	}
	total := nodeCount()
	walk = make([]int, total)
	ride = make([]int, total)
	var nodes []int
	for _, t := range g.city {
		nodes = append(nodes, tileLocs[t]...)
		for a := range tileAreas(t) {
			nodes = append(nodes, areaNode(t, a))
		}
	}
	edges := make([][]edge, len(nodes))
	for i, n := range nodes {
		edges[i] = s.steps(n, nil)
	}
	for n := range walk {
		walk[n], ride[n] = unreachable, unreachable
	}
	for _, n := range nodes {
		if isLoc(n) && n != start && g.pass[nodeTile(n)] && !g.shut[n] {
			walk[n], ride[n] = 0, 0
		}
	}
	// relax improves need[n] to v.
	changed := false
	relax := func(need []int, n, v int) {
		if v < need[n] {
			need[n] = v
			changed = true
		}
	}
	for iter := 0; iter < 2*total; iter++ {
		changed = false
		for i, n := range nodes {
			for _, e := range edges[i] {
				if e.kind == "subway" {
					// A ride costs 0 MP; the +1 waits for leaving.
					if ride[e.to] < unreachable {
						relax(walk, n, ride[e.to]+1)
						relax(ride, n, ride[e.to]+1)
					}
					continue
				}
				if walk[e.to] >= unreachable {
					continue
				}
				mp, steps := walk[e.to]/hopUnit, walk[e.to]%hopUnit+1
				relax(walk, n, (e.cost+mp)*hopUnit+steps)
				relax(ride, n, max(0, e.cost+mp-1)*hopUnit+steps)
			}
		}
		if !changed {
			break
		}
	}
	g.needStart, g.walk, g.ride = start, walk, ride
	return walk, ride
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

func (s *State) pushFly(p *Player, cost int) {
	s.startMoving()
	f := s.ask(p.Seat, FlyTo)
	f.Data.N = cost
	s.push(f)
}

func (s *State) flyMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for _, e := range s.flyTargets(p, t.N) {
		e := e
		ms.Legal("fly to "+s.NodeName(e.to), func(res *engine.Result) {
			s.Pending.Pop()
			s.moveTo(p, e.to, s.turnState().MP-t.N, "fly", res)
		})
	}
}

// sewerTargets lists the Land areas of the tiles exactly 2 tiles away,
// free unless the Land type differs from the one the pawn stands on, then
// 1 MP (EP-CC-SEWER-01/02).
func (s *State) sewerTargets(p *Player) []edge {
	t := s.turnState()
	need := s.need()
	from := nodeTile(p.At)
	var out []edge
	for _, o := range s.cityTiles() {
		if s.tileDist(from, o) != 2 || !s.enterable(landNode(o)) {
			continue
		}
		for a, land := range tileAreas(o) {
			c := 0
			if land != nodeLand(p.At) {
				c = 1
			}
			if to := areaNode(o, a); c <= t.MP && need[to]/hopUnit <= t.MP-c {
				out = append(out, edge{to, c, "sewer"})
			}
		}
	}
	return out
}

func (s *State) sewerMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for _, e := range s.sewerTargets(p) {
		e := e
		ms.Legal("sewer to "+s.NodeName(e.to), func(res *engine.Result) {
			s.Pending.Pop()
			s.moveTo(p, e.to, s.turnState().MP-e.cost, "sewer", res)
		})
	}
}

// crossWaterMoves lists the bodies of water a Jet Ski or Scuba Gear may
// open for this turn.
func (s *State) crossWaterMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for _, w := range s.cityTiles() {
		if CityTiles[w].Land != Water || s.canEnterWater(w, s.turnState().Water) {
			continue
		}
		w := w
		ms.Legal("water "+CityTiles[w].ID, func(res *engine.Result) {
			ts := s.turnState()
			ts.Water = append(ts.Water, w)
			res.Say("%s may cross the water at %s this turn.", who(seat), CityTiles[w].ID)
			s.Pending.Pop()
		})
	}
}

// gangShut reports whether l is a Gang Location the active player may not
// visit, so may not end a Move on: S says a Gang can only be visited "if no
// other player or Gang Control marker is on the Location" (EP-GANG-01/02);
// Sandra counts as another player there (CONTENT.md).
func (s *State) gangShut(l int) bool {
	if locDef[l].Kind != Gang {
		return false
	}
	if s.Locs[l].Control >= 0 {
		return true
	}
	mover := -1
	if d := s.turnDecision(); d != nil {
		mover = seatOf(d)
	}
	if s.playersAt(l, mover) > 0 {
		return true
	}
	return s.Sandra != nil && s.Sandra.At == l
}
