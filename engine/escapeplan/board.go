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
	return CityTiles[n-nLocs].ID
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
