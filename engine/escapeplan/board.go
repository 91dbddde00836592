package escapeplan

import (
	"fmt"
	"slices"
)

// The board: the grid of City tiles, the nodes a pawn stands on (Locations
// and Land spaces), distances and bodies of water.

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
	// Land areas: the areas of tile t are areaBase[t] ..
	// areaBase[t]+len(tileAreas(t))-1; areaTile maps an area to its tile.
	areaBase []int
	areaTile []int
	nAreas   int
	// slotDir[slot][d] is the slot next to slot across side d (north,
	// north-east, south-east, south, south-west, north-west), or -1.
	slotDir [GridCols * GridRows][6]int
)

// hexDirs are the cube-coordinate steps (x, z) across each side of a
// flat-top hex, in side order north, north-east, south-east, south,
// south-west, north-west.
var hexDirs = [6][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// tileAreas are the Land types of tile t's areas.
func tileAreas(t int) []string {
	if a := CityTiles[t].Areas; len(a) > 0 {
		return a
	}
	return []string{CityTiles[t].Land}
}

// sideArea is the area of tile t on side d.
func sideArea(t, d int) int {
	e := CityTiles[t].Edges
	if e == "" {
		return 0
	}
	return int(e[d] - '0')
}

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
	for t := range CityTiles {
		areaBase = append(areaBase, nAreas)
		for range tileAreas(t) {
			areaTile = append(areaTile, t)
			nAreas++
		}
	}
	hospital = tileIndex["hq"]
	storeD = tileIndex["sd"]
	for s := range slotNbrs {
		slotDir[s] = [6]int{-1, -1, -1, -1, -1, -1}
		for o := range slotNbrs {
			if o != s && slotDist(s, o) == 1 {
				slotNbrs[s] = append(slotNbrs[s], o)
				slotDir[s][slotSide(s, o)] = o
			}
		}
	}
}

// cube is a slot's cube coordinates (x, z) on the flat-top grid with odd
// columns shifted down.
func cube(slot int) (int, int) {
	c, r := SlotCR(slot)
	return c, r - (c-(c&1))/2
}

// slotSide is the side of slot a that touches the neighbouring slot b.
func slotSide(a, b int) int {
	ax, az := cube(a)
	bx, bz := cube(b)
	for d, v := range hexDirs {
		if bx-ax == v[0] && bz-az == v[1] {
			return d
		}
	}
	return -1
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

// landNode is the node of tile t's first (main) Land area.
func landNode(t int) int { return nLocs + areaBase[t] }

// areaNode is the node of Land area a of tile t.
func areaNode(t, a int) int { return nLocs + areaBase[t] + a }

// nodeCount is the number of nodes: Locations, then Land areas.
func nodeCount() int { return nLocs + nAreas }

func nodeTile(n int) int {
	if n < 0 {
		return -1
	}
	if n < nLocs {
		return locTile[n]
	}
	return areaTile[n-nLocs]
}

// nodeArea is the Land area (index into its tile's areas) of node n; a
// Location's is the area it opens onto.
func nodeArea(n int) int {
	if n < nLocs {
		return locDef[n].Area
	}
	return n - nLocs - areaBase[areaTile[n-nLocs]]
}

// nodeLand is the Land type of node n (a Location's: that of its area).
func nodeLand(n int) string { return tileAreas(nodeTile(n))[nodeArea(n)] }

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

func (s *State) putInCity(t, slot int) {
	s.Tiles[t].Where = "city"
	s.Tiles[t].Slot = slot
	s.Grid[slot] = t
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
	t, a := nodeTile(n), nodeArea(n)
	if a == 0 {
		return CityTiles[t].ID
	}
	return CityTiles[t].ID + " " + tileAreas(t)[a]
}

// waterBody lists the Water tiles in the city connected to t.
func (s *State) waterBody(t int) []int {
	body := []int{t}
	for i := 0; i < len(body); i++ {
		for _, o := range s.adjacentTiles(body[i]) {
			if CityTiles[o].Land == Water && !slices.Contains(body, o) {
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
		if CityTiles[w].Ferry || slices.Contains(pass, w) {
			return true
		}
	}
	return false
}
