package escapeplan

import "fmt"

// Locations are numbered across all tiles; a pawn stands on a node: a
// Location (0..nLocs-1) or the Land space of a tile (nLocs+tile).
var (
	nLocs     int
	locTile   []int
	locDef    []LocDef
	tileLocs  [][]int
	tileIndex = map[string]int{}
	slotNbrs  [GridCols * GridRows][]int
	hospital  int // tile index of the Hospital
	storeD    int // tile index of Store D
	hospLoc   int // location index of the Hospital
)

func init() {
	tileLocs = make([][]int, len(CityTiles))
	for t, td := range CityTiles {
		tileIndex[td.ID] = t
		for _, l := range td.Locs {
			tileLocs[t] = append(tileLocs[t], nLocs)
			locTile = append(locTile, t)
			locDef = append(locDef, l)
			if l.Kind == Hospital {
				hospLoc = nLocs
			}
			nLocs++
		}
	}
	hospital = tileIndex["hq"]
	storeD = tileIndex["sd"]
	for s := range slotNbrs {
		for o := range slotNbrs {
			if o != s && slotDist(s, o) == 1 {
				slotNbrs[s] = append(slotNbrs[s], o)
			}
		}
	}
}

func slotOf(col, row int) int { return row*GridCols + col }

// SlotCR is the column and row of a slot.
func SlotCR(slot int) (int, int) { return slot % GridCols, slot / GridCols }

// SlotName is how moves name an empty slot: column-row, 1-based.
func SlotName(slot int) string {
	c, r := SlotCR(slot)
	return fmt.Sprintf("%d-%d", c+1, r+1)
}

func slotDist(a, b int) int {
	ac, ar := SlotCR(a)
	bc, br := SlotCR(b)
	ax, az := ac, ar-(ac-(ac&1))/2
	bx, bz := bc, br-(bc-(bc&1))/2
	ay, by := -ax-az, -bx-bz
	return max(abs(ax-bx), abs(ay-by), abs(az-bz))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func landNode(t int) int { return nLocs + t }

func nodeTile(n int) int {
	if n < 0 {
		return -1
	}
	if n < nLocs {
		return locTile[n]
	}
	return n - nLocs
}

func isLoc(n int) bool { return n >= 0 && n < nLocs }

func (s *State) inCity(t int) bool { return t >= 0 && s.Tiles[t].Where == "city" }

// tileDist is the distance in City tiles between two tiles in the city.
func (s *State) tileDist(a, b int) int { return slotDist(s.Tiles[a].Slot, s.Tiles[b].Slot) }

// cityTiles lists the tiles in the city in index order.
func (s *State) cityTiles() []int {
	var out []int
	for t := range s.Tiles {
		if s.inCity(t) {
			out = append(out, t)
		}
	}
	return out
}

func (s *State) adjacentTiles(t int) []int {
	var out []int
	for _, o := range slotNbrs[s.Tiles[t].Slot] {
		if s.Grid[o] >= 0 {
			out = append(out, s.Grid[o])
		}
	}
	return out
}

// NodeName is the canonical name of a node in moves: a Location's name or
// a tile's id for its Land space.
func (s *State) NodeName(n int) string {
	if n < 0 {
		return "off the board"
	}
	if isLoc(n) {
		if s.Locs[n].Tile != "" {
			return s.Locs[n].Tile
		}
		d := locDef[n]
		if d.Name != "" {
			return d.Name
		}
		return CityTiles[locTile[n]].ID + " " + d.Kind
	}
	return CityTiles[n-nLocs].ID
}

// waterBody lists the Water tiles in the city connected to t.
func (s *State) waterBody(t int) []int {
	body := []int{t}
	for i := 0; i < len(body); i++ {
		for _, o := range s.adjacentTiles(body[i]) {
			if CityTiles[o].Land == Water && !contains(body, o) {
				body = append(body, o)
			}
		}
	}
	return body
}

// canEnterWater reports whether the Land space of Water tile t may be
// entered: a Ferry in its body of water, or a Jet Ski / Scuba pass.
func (s *State) canEnterWater(t int, pass []int) bool {
	for _, w := range s.waterBody(t) {
		if CityTiles[w].Ferry || contains(pass, w) {
			return true
		}
	}
	return false
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// edge is one movement step: to a node, for a cost in MP (the Subway's
// cost is 0 and it gives +1 MP).
type edge struct {
	to, cost int
	kind     string // "go", "subway", "fly"
}

// geo caches the city's shape for the current state: tiles in play, their
// neighbours, which may be entered this turn, and the MP tables. Apply
// drops it whenever the state may have changed.
type geo struct {
	valid       bool
	key         [2]int
	city        []int
	adj         [][]int
	pass        []bool
	subways     []int
	needStart   int
	used, fresh []int
}

func (s *State) geo() *geo {
	g := &s.geoCache
	var water []int
	if t := s.turnState(); t != nil {
		water = t.Water
	}
	// The city only grows and Water passes only grow within a turn, so
	// the number of tiles and the passes identify the shape.
	key := [2]int{0, 1}
	for t := range s.Tiles {
		if s.inCity(t) {
			key[0]++
		}
	}
	for _, w := range water {
		key[1] = key[1]*31 + w + 1
	}
	if g.valid && g.key == key {
		return g
	}
	*g = geo{valid: true, key: key, needStart: -2}
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
// the Subway (EP-MOVE-09) and Heliport flights (EP-MOVE-10).
func (s *State) steps(n int, subwayUsed bool, out []edge) []edge {
	g := s.geo()
	t := nodeTile(n)
	if isLoc(n) {
		out = append(out, edge{landNode(t), 1, "go"})
		if locDef[n].Heliport {
			out = s.flights(t, 1, out)
		}
		return out
	}
	for _, l := range tileLocs[t] {
		out = append(out, edge{l, 1, "go"})
	}
	for _, o := range g.adj[t] {
		if !g.pass[o] {
			continue
		}
		c := 0
		if CityTiles[o].Land != CityTiles[t].Land {
			c = 1
		}
		out = append(out, edge{landNode(o), c, "go"})
	}
	if CityTiles[t].Subway && !subwayUsed {
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
		out = append(out, edge{landNode(o), cost, "fly"})
	}
	return out
}

const unreachable = 1 << 40

// hopUnit separates the two parts of a needMP key: MP*hopUnit + steps.
const hopUnit = 1000

// needMP computes, for every node, the fewest MP needed to end the Move on
// a Location other than start (EP-MOVE-06, EP-MOVE-07), with and without
// the Subway ride still available, and, for equal MP, the fewest steps:
// key = MP*hopUnit + steps. Moves offered to a player always leave a way
// to finish, so a random or careless player can never get stuck, and the
// steps part lets a long Move be steered home (see moveOptions).
func (s *State) needMP(start int) (used, fresh []int) {
	g := s.geo()
	if g.needStart == start {
		return g.used, g.fresh
	}
	total := nLocs + len(CityTiles)
	used = make([]int, total)
	fresh = make([]int, total)
	var nodes []int
	for _, t := range g.city {
		nodes = append(nodes, tileLocs[t]...)
		nodes = append(nodes, landNode(t))
	}
	edges := make([][]edge, len(nodes))
	for i, n := range nodes {
		edges[i] = s.steps(n, false, nil)
	}
	for pass2 := 0; pass2 < 2; pass2++ {
		need := used
		if pass2 == 1 {
			need = fresh
		}
		for n := range need {
			need[n] = unreachable
		}
		for _, n := range nodes {
			if isLoc(n) && n != start && g.pass[nodeTile(n)] {
				need[n] = 0
			}
		}
		for iter := 0; iter < total; iter++ {
			changed := false
			for i, n := range nodes {
				if need[n] == 0 {
					continue
				}
				for _, e := range edges[i] {
					var v int
					if e.kind == "subway" {
						if pass2 == 0 || used[e.to] >= unreachable {
							continue
						}
						v = max(0, used[e.to]/hopUnit-1)*hopUnit + used[e.to]%hopUnit + 1
					} else {
						if need[e.to] >= unreachable {
							continue
						}
						v = e.cost*hopUnit + need[e.to] + 1
					}
					if v < need[n] {
						need[n] = v
						changed = true
					}
				}
			}
			if !changed {
				break
			}
		}
	}
	g.needStart, g.used, g.fresh = start, used, fresh
	return used, fresh
}
