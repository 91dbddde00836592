package heist

import (
	"fmt"
	"sort"
	"strings"
)

// Hex geometry works in doubled-width coordinates: a tile at text-grid row R
// and column C sits at (X, R) with X = 2C (+1 on an indented row), and its
// six neighbours are (X±2, R) and (X±1, R±1). Straight lines keep stepping
// by one of those six offsets.

var dirs = [6][2]int{{2, 0}, {-2, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

type coord struct{ X, R int }

// hexLabel names a grid cell: row letter, column number ("c4").
func hexLabel(row, col int) string {
	return fmt.Sprintf("%c%d", 'a'+row, col+1)
}

// index rebuilds the lookup maps after tiles were added.
func (s *State) index() {
	s.byHex = make(map[string]int, len(s.Tiles))
	s.byPos = make(map[coord]int, len(s.Tiles))
	for i, t := range s.Tiles {
		s.byHex[t.Hex] = i
		s.byPos[coord{t.X, t.Row}] = i
	}
}

// cell returns the tile record at a grid cell, real or not.
func (s *State) cell(x, r int) *Tile {
	if s.byPos == nil {
		s.index()
	}
	if i, ok := s.byPos[coord{x, r}]; ok {
		return s.Tiles[i]
	}
	return nil
}

// tile returns the tile named hex, real or not.
func (s *State) tile(hex string) *Tile {
	if s.byHex == nil {
		s.index()
	}
	if i, ok := s.byHex[strings.ToLower(hex)]; ok {
		return s.Tiles[i]
	}
	return nil
}

// real reports whether t is a hex of the board now: not a gap left by a
// Lockdown Gate and not an unused Tunnel space.
func real(t *Tile) bool {
	return t != nil && !t.Removed && (!t.Tunnel || t.Entrance)
}

// at returns the real tile at a cell, or nil.
func (s *State) at(x, r int) *Tile {
	t := s.cell(x, r)
	if real(t) {
		return t
	}
	return nil
}

// neighbours lists the real tiles adjacent to t.
func (s *State) neighbours(t *Tile) []*Tile {
	out := make([]*Tile, 0, 6)
	for _, d := range dirs {
		if n := s.at(t.X+d[0], t.Row+d[1]); n != nil {
			out = append(out, n)
		}
	}
	return out
}

func adjacent(a, b *Tile) bool {
	dx, dr := a.X-b.X, a.Row-b.Row
	if dr == 0 {
		return dx == 2 || dx == -2
	}
	return (dr == 1 || dr == -1) && (dx == 1 || dx == -1)
}

// onOrAdjacent reports whether b is a or adjacent to it.
func onOrAdjacent(a, b *Tile) bool { return a == b || adjacent(a, b) }

// hexDistance counts steps between two cells ignoring gaps.
func hexDistance(a, b *Tile) int {
	dx, dr := a.X-b.X, a.Row-b.Row
	if dx < 0 {
		dx = -dx
	}
	if dr < 0 {
		dr = -dr
	}
	if dx <= dr {
		return dr
	}
	return dr + (dx-dr)/2
}

// externalSide reports whether t has a side that does not lead into a
// space fully enclosed by hexes.
func (s *State) externalSide(t *Tile) bool {
	for _, d := range dirs {
		x, r := t.X+d[0], t.Row+d[1]
		if s.at(x, r) != nil {
			continue
		}
		enclosed := true
		for _, e := range dirs {
			if s.at(x+e[0], r+e[1]) == nil {
				enclosed = false
				break
			}
		}
		if !enclosed {
			return true
		}
	}
	return false
}

// line lists the real tiles in a straight line from t in direction d,
// stopping at the first gap.
func (s *State) line(t *Tile, d [2]int, max int) []*Tile {
	var out []*Tile
	x, r := t.X, t.Row
	for i := 0; max <= 0 || i < max; i++ {
		x, r = x+d[0], r+d[1]
		n := s.at(x, r)
		if n == nil {
			break
		}
		out = append(out, n)
	}
	return out
}

func (t *Tile) has(token string) bool {
	for _, k := range t.Tokens {
		if k == token {
			return true
		}
	}
	return false
}

func (t *Tile) removeToken(token string) bool {
	for i, k := range t.Tokens {
		if k == token {
			t.Tokens = append(t.Tokens[:i], t.Tokens[i+1:]...)
			return true
		}
	}
	return false
}

// count counts chits of kind on t, active ones only when active is set.
func (t *Tile) count(kind string, active bool) int {
	n := 0
	for _, c := range t.Chits {
		if c.Kind == kind && (!active || c.Active) {
			n++
		}
	}
	return n
}

// guards counts unsubdued Guards and Guard Dogs: Dogs are Guards.
func (t *Tile) guards() int { return t.count(Guard, true) + t.count(Dog, true) }

func (t *Tile) subdued() int {
	return t.count(Guard, false) - t.count(Guard, true) + t.count(Dog, false) - t.count(Dog, true)
}

func (t *Tile) locked() bool { return t.count(Lock, true) > 0 }

func (t *Tile) liveCamera() bool { return t.count(Camera, true) > 0 }

func (t *Tile) remoteLocked() bool { return t.has("remote x") || t.has("remote y") }

// unhandled counts active security chits (not handled yet) on a tile.
func (t *Tile) unhandled() int {
	return t.guards() + t.count(Lock, true) + t.count(Camera, true)
}

// setActive flips the first chit of kind whose Active differs from to,
// returning whether one was found.
func (t *Tile) setActive(kind string, to bool) bool {
	for i := range t.Chits {
		c := &t.Chits[i]
		if c.Kind == kind && c.Active != to {
			c.Active = to
			return true
		}
	}
	return false
}

func (t *Tile) addChit(kind string, active, fromBag bool) {
	t.Chits = append(t.Chits, Chit{Kind: kind, Active: active, FromBag: fromBag})
}

func (t *Tile) planned(seat int) bool {
	for _, p := range t.Plans {
		if int(p) == seat {
			return true
		}
	}
	return false
}

// hasLoot reports whether anything can be picked up on t.
func (t *Tile) hasLoot() bool { return t.Cash > 0 || len(t.Loot) > 0 }

func removeString(list []string, v string) ([]string, bool) {
	for i, x := range list {
		if x == v {
			return append(list[:i:i], list[i+1:]...), true
		}
	}
	return list, false
}

// tileIndex orders tiles in board order.
func (s *State) tileIndex(t *Tile) int {
	if s.byHex == nil {
		s.index()
	}
	return s.byHex[t.Hex]
}

func (s *State) hexesOf(ts []*Tile) []string {
	sort.Slice(ts, func(i, j int) bool { return s.tileIndex(ts[i]) < s.tileIndex(ts[j]) })
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Hex
	}
	return out
}

// distances is a breadth-first distance to the nearest tile satisfying goal
// over real tiles.
func (s *State) distances(goal func(*Tile) bool) map[*Tile]int {
	var froms []*Tile
	for _, t := range s.Tiles {
		if real(t) && goal(t) {
			froms = append(froms, t)
		}
	}
	return s.distancesFrom(froms)
}

// distancesFrom is a breadth-first distance over real tiles to the
// nearest of froms (each at 0, real or not).
func (s *State) distancesFrom(froms []*Tile) map[*Tile]int {
	dist := map[*Tile]int{}
	var queue []*Tile
	for _, t := range froms {
		if _, ok := dist[t]; !ok {
			dist[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, n := range s.neighbours(t) {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[t] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// entrances lists the real Entrance tiles in board order.
func (s *State) entrances() []*Tile {
	var out []*Tile
	for _, t := range s.Tiles {
		if real(t) && t.Entrance {
			out = append(out, t)
		}
	}
	return out
}
