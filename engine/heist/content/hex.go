package content

import "fmt"

// Coord addresses a hex of a scenario map by the row and column of its cell
// in the text map, both from 0: Row counts lines from the top, Col counts
// cells from the left of that line, gaps ("..") included.
//
// The text map draws pointy-top hexes in rows. A line that starts with
// spaces is an indented row: it sits half a hex to the right of the rows
// above and below it. Indentation alternates from row to row, but which
// parity is indented differs between maps (some begin with an indented
// row), so Map.Indented records it per row. Two cells are neighbours when
// they are side by side in one row, or in adjacent rows and half a hex
// apart. For arithmetic a Coord is turned into doubled-width coordinates
// (X = 2·Col + 1 if the row is indented, Y = Row), in which the six
// neighbours are (±2, 0) and (±1, ±1).
type Coord struct {
	Row, Col int
}

// String gives the coordinate as "r3c5".
func (c Coord) String() string { return fmt.Sprintf("r%dc%d", c.Row, c.Col) }

// Label names the cell for players: row letter from "a", column number
// from 1 ("c4" is Row 2, Col 3), the form moves and pictures use.
func (c Coord) Label() string { return fmt.Sprintf("%c%d", 'a'+c.Row, c.Col+1) }

// ParseLabel reads a Label back ("c4", case-insensitive).
func ParseLabel(s string) (Coord, bool) {
	if len(s) < 2 {
		return Coord{}, false
	}
	r := s[0] | 0x20
	if r < 'a' || r > 'z' {
		return Coord{}, false
	}
	n := 0
	for _, ch := range s[1:] {
		if ch < '0' || ch > '9' || n > 100 {
			return Coord{}, false
		}
		n = n*10 + int(ch-'0')
	}
	if n < 1 {
		return Coord{}, false
	}
	return Coord{Row: int(r - 'a'), Col: n - 1}, true
}

// Dir is one of the six directions out of a pointy-top hex.
type Dir int

// The six directions, clockwise from east. Entrance tiles E1..E6 face, in
// the legend's words, Upper Right (NE), Right (E), Lower Right (SE), Lower
// Left (SW), Left (W) and Upper Left (NW): the side through which the
// entrance joins the building.
const (
	E Dir = iota
	SE
	SW
	W
	NW
	NE
)

// Dirs lists the six directions clockwise from east.
var Dirs = [6]Dir{E, SE, SW, W, NW, NE}

var dirNames = [6]string{"E", "SE", "SW", "W", "NW", "NE"}

// String names the direction ("NE").
func (d Dir) String() string {
	if d >= 0 && int(d) < len(dirNames) {
		return dirNames[d]
	}
	return fmt.Sprintf("Dir(%d)", int(d))
}

// Opposite returns the direction pointing back.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// doubled steps of each Dir in doubled-width coordinates.
var dirStep = [6][2]int{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}}

// Doubled returns c in doubled-width coordinates (see Coord).
func (m *Map) Doubled(c Coord) (x, y int) {
	x = 2 * c.Col
	if m.Indented(c.Row) {
		x++
	}
	return x, c.Row
}

// FromDoubled turns doubled-width coordinates back into a Coord; ok is
// false when no cell of the grid sits there.
func (m *Map) FromDoubled(x, y int) (Coord, bool) {
	if y < 0 || y >= m.Rows {
		return Coord{}, false
	}
	if m.Indented(y) {
		x--
	}
	if x < 0 || x%2 != 0 {
		return Coord{}, false
	}
	c := Coord{Row: y, Col: x / 2}
	return c, c.Col < m.Cols
}

// Indented reports whether row r sits half a hex to the right.
func (m *Map) Indented(r int) bool {
	return r >= 0 && r < len(m.Indent) && m.Indent[r]
}

// InGrid reports whether c lies inside the map's rows and columns (a tile
// or a gap).
func (m *Map) InGrid(c Coord) bool {
	return c.Row >= 0 && c.Row < m.Rows && c.Col >= 0 && c.Col < m.Cols
}

// Step returns the cell next to c in direction d, and whether it lies in
// the grid.
func (m *Map) Step(c Coord, d Dir) (Coord, bool) {
	x, y := m.Doubled(c)
	s := dirStep[d]
	return m.FromDoubled(x+s[0], y+s[1])
}

// Neighbours returns the grid cells around c in Dirs order, gaps included;
// use Tile to keep only tiles.
func (m *Map) Neighbours(c Coord) []Coord {
	var out []Coord
	for _, d := range Dirs {
		if n, ok := m.Step(c, d); ok {
			out = append(out, n)
		}
	}
	return out
}

// TileNeighbours returns the tiles (not gaps) around c in Dirs order.
func (m *Map) TileNeighbours(c Coord) []*Hex {
	var out []*Hex
	for _, n := range m.Neighbours(c) {
		if h := m.Hex(n); h != nil {
			out = append(out, h)
		}
	}
	return out
}

// Adjacent reports whether a and b are neighbours.
func (m *Map) Adjacent(a, b Coord) bool { return m.Distance(a, b) == 1 }

// Distance is the number of hex steps from a to b over the grid, ignoring
// what is on it.
func (m *Map) Distance(a, b Coord) int {
	ax, ay := m.Doubled(a)
	bx, by := m.Doubled(b)
	dx, dy := abs(ax-bx), abs(ay-by)
	if dx <= dy {
		return dy
	}
	return dy + (dx-dy)/2
}

// DirTo returns the direction from a to its neighbour b.
func (m *Map) DirTo(a, b Coord) (Dir, bool) {
	for _, d := range Dirs {
		if n, ok := m.Step(a, d); ok && n == b {
			return d, true
		}
	}
	return 0, false
}

// Line returns the cells in a straight line from c (excluded) in direction
// d up to the edge of the grid, gaps included; callers stop where their
// rule says a line is interrupted.
func (m *Map) Line(c Coord, d Dir) []Coord {
	var out []Coord
	for {
		n, ok := m.Step(c, d)
		if !ok {
			return out
		}
		out = append(out, n)
		c = n
	}
}

// External reports whether the tile at c has an external side: in the
// rulebook's words a side that does not lead to a space fully enclosed by
// hexes, that is a side facing the edge of the grid or a gap from which
// the outside can be reached through other gaps.
func (m *Map) External(c Coord) bool {
	for _, d := range Dirs {
		n, ok := m.Step(c, d)
		if !ok || (m.Hex(n) == nil && !m.enclosed[n]) {
			return true
		}
	}
	return false
}

// EnclosedGap reports whether c is a gap shut in by tiles on every side,
// directly or through other enclosed gaps.
func (m *Map) EnclosedGap(c Coord) bool { return m.enclosed[c] }

// findEnclosed marks the gaps that cannot reach the edge of the grid
// through other gaps.
func (m *Map) findEnclosed() {
	outside := map[Coord]bool{}
	var queue []Coord
	for r := 0; r < m.Rows; r++ {
		for col := 0; col < m.Cols; col++ {
			c := Coord{r, col}
			if m.Hex(c) != nil || len(m.Neighbours(c)) == 6 {
				continue
			}
			outside[c] = true
			queue = append(queue, c)
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range m.Neighbours(c) {
			if m.Hex(n) == nil && !outside[n] {
				outside[n] = true
				queue = append(queue, n)
			}
		}
	}
	m.enclosed = map[Coord]bool{}
	for r := 0; r < m.Rows; r++ {
		for col := 0; col < m.Cols; col++ {
			c := Coord{r, col}
			if m.Hex(c) == nil && !outside[c] {
				m.enclosed[c] = true
			}
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
