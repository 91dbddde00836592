package conspiracy

import (
	"fmt"
	"strings"
)

// This file holds the puzzle's content as data: the grid, the rim ports and
// their groups, and the 24 pieces. Where each value comes from (the rules, a
// public source, or our design) is recorded in CONTENT.md.

// Size is the width and the height of the puzzle grid, in cells.
const Size = 5

// NumCells is the number of cells of the grid, the conspiracy included.
const NumCells = Size * Size

// Cell is one square of the grid, numbered row by row from the top left:
// a1 is 0, e1 is 4, a2 is 5, and so on down to e5 = 24. Columns are the
// letters a–e from left to right and rows the digits 1–5 from top to
// bottom, so north is towards row 1.
type Cell int

// Centre is c3, the conspiracy itself: it holds no piece and carries a
// linkage line on each of its 4 sides.
const Centre Cell = 12

// CellAt returns the cell in column col and row row, both counted from 0.
func CellAt(col, row int) Cell { return Cell(row*Size + col) }

// Col returns the cell's column, 0 for a through 4 for e.
func (c Cell) Col() int { return int(c) % Size }

// Row returns the cell's row, 0 for row 1 through 4 for row 5.
func (c Cell) Row() int { return int(c) / Size }

// Valid reports whether c is a cell of the grid.
func (c Cell) Valid() bool { return c >= 0 && c < NumCells }

// String names the cell as players read it, e.g. "c4".
func (c Cell) String() string {
	if !c.Valid() {
		return fmt.Sprintf("cell(%d)", int(c))
	}
	return fmt.Sprintf("%c%d", 'a'+c.Col(), c.Row()+1)
}

// ParseCell reads a cell name such as "c4" (case and spaces ignored).
func ParseCell(s string) (Cell, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+Size || s[1] < '1' || s[1] >= '1'+Size {
		return 0, false
	}
	return CellAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// Side is one of the 4 sides of a cell (or of the conspiracy), clockwise
// from the north.
type Side int

// The four sides, clockwise.
const (
	North Side = iota
	East
	South
	West
)

// Sides lists the four sides in their fixed order.
var Sides = [4]Side{North, East, South, West}

var sideNames = [4]string{"north", "east", "south", "west"}

// String names the side.
func (s Side) String() string {
	if s < 0 || s > 3 {
		return fmt.Sprintf("side(%d)", int(s))
	}
	return sideNames[s]
}

// Opposite returns the side facing s across a shared edge.
func (s Side) Opposite() Side { return (s + 2) % 4 }

// Neighbor returns the cell across side s of c, and false when that side
// is the rim of the grid.
func (c Cell) Neighbor(s Side) (Cell, bool) {
	col, row := c.Col(), c.Row()
	switch s {
	case North:
		row--
	case East:
		col++
	case South:
		row++
	case West:
		col--
	}
	if col < 0 || col >= Size || row < 0 || row >= Size {
		return 0, false
	}
	return CellAt(col, row), true
}

// Edges is a set of sides, one bit per side: a linkage line reaching those
// edges of a cell.
type Edges uint8

// Edge returns the set holding only s.
func Edge(s Side) Edges { return 1 << uint(s) }

// Has reports whether the set holds s.
func (e Edges) Has(s Side) bool { return e&Edge(s) != 0 }

// Rotate turns the set clockwise by rot quarter turns: a line on the
// north edge ends on the east edge after one turn.
func (e Edges) Rotate(rot int) Edges {
	rot = ((rot % 4) + 4) % 4
	for ; rot > 0; rot-- {
		e = ((e << 1) | (e >> 3)) & 15
	}
	return e
}

// String lists the sides as initials, e.g. "NS".
func (e Edges) String() string {
	var b strings.Builder
	for _, s := range Sides {
		if e.Has(s) {
			b.WriteByte("NESW"[s])
		}
	}
	return b.String()
}

// Group is one of the powers a link can join to the conspiracy: the four
// favor types on the rim, and the two corporations reached only through
// their link pieces.
type Group int

// The groups. The first four are also the normal favor types.
const (
	Street Group = iota
	Corp
	Political
	Society
	HaasBioroid
	Jinteki
	NumGroups
)

// RimGroups are the groups that own ports on the rim of the grid.
var RimGroups = [4]Group{Street, Corp, Political, Society}

var groupNames = [NumGroups]string{"Street", "Corp", "Political", "Society", "Haas-Bioroid", "Jinteki"}

// String names the group.
func (g Group) String() string {
	if g < 0 || g >= NumGroups {
		return fmt.Sprintf("group(%d)", int(g))
	}
	return groupNames[g]
}

// Port is a point on the outer rim where a group's line enters the grid:
// the given side of a rim cell.
type Port struct {
	Cell  Cell
	Side  Side
	Group Group
}

// Ports are the 12 rim ports, 3 per side of the grid and 3 per rim group,
// each group's three on three different sides so that no group owns a
// whole side. The corner cells and the middle of no side are left without
// a port on purpose: a1's north edge, say, leads nowhere.
var Ports = [12]Port{
	{CellAt(1, 0), North, Street}, {CellAt(2, 0), North, Corp}, {CellAt(3, 0), North, Political},
	{CellAt(4, 1), East, Society}, {CellAt(4, 2), East, Street}, {CellAt(4, 3), East, Corp},
	{CellAt(3, 4), South, Political}, {CellAt(2, 4), South, Society}, {CellAt(1, 4), South, Street},
	{CellAt(0, 3), West, Corp}, {CellAt(0, 2), West, Political}, {CellAt(0, 1), West, Society},
}

// portAt returns the group of the port on side s of cell c, if any.
func portAt(c Cell, s Side) (Group, bool) {
	for _, p := range Ports {
		if p.Cell == c && p.Side == s {
			return p.Group, true
		}
	}
	return 0, false
}

// PieceType is the kind of a puzzle piece and also the index of its pile.
// The order is the piles' order of value: shift is the least valuable
// pile, baggage the most.
type PieceType int

// The piece types, least valuable first.
const (
	Shift PieceType = iota
	Favor
	Baggage
	NumTypes
)

var typeNames = [NumTypes]string{"shift", "favor", "baggage"}

// String names the type.
func (t PieceType) String() string {
	if t < 0 || t >= NumTypes {
		return fmt.Sprintf("type(%d)", int(t))
	}
	return typeNames[t]
}

// LeadType is the kind of lead a Move a Lead bonus names.
type LeadType int

// The three lead types of the rules.
const (
	Testimony LeadType = iota
	Physical
	Document
)

var leadNames = [3]string{"testimony", "physical", "document"}

// String names the lead type.
func (l LeadType) String() string {
	if l < 0 || l > 2 {
		return fmt.Sprintf("lead(%d)", int(l))
	}
	return leadNames[l]
}

// BonusKind is what a piece's printed bonus does.
type BonusKind int

// The bonus kinds of the rules. NoBonus is a piece without one.
const (
	NoBonus BonusKind = iota
	MoveLead
	Hit
	BonusPiece
	HaasLink
	JintekiLink
)

// Bonus is the bonus printed on a piece. Lead is meaningful for MoveLead,
// Piece for BonusPiece.
type Bonus struct {
	Kind  BonusKind `json:"kind"`
	Lead  LeadType  `json:"lead,omitempty"`
	Piece PieceType `json:"piece,omitempty"`
}

// Step reports whether the bonus asks the game for a decision of the
// player (move a lead, place a hit, draw a bonus piece). The two link
// bonuses need none: the link piece simply counts as that corporation's
// port wherever it lies in the puzzle.
func (b Bonus) Step() bool { return b.Kind == MoveLead || b.Kind == Hit || b.Kind == BonusPiece }

// String describes the bonus in a few words.
func (b Bonus) String() string {
	switch b.Kind {
	case NoBonus:
		return "no bonus"
	case MoveLead:
		return "move a " + b.Lead.String() + " lead"
	case Hit:
		return "place a hit"
	case BonusPiece:
		return "bonus " + b.Piece.String() + " piece"
	case HaasLink:
		return "Haas-Bioroid link"
	case JintekiLink:
		return "Jinteki link"
	}
	return fmt.Sprintf("bonus(%d)", int(b.Kind))
}

// Piece is one puzzle piece as printed. Paths are its linkage lines in the
// unrotated orientation: each path joins the edges it lists, and two paths
// of one piece cross without meeting (a bridge). Every piece has at least
// one line.
type Piece struct {
	ID    int       `json:"id"`
	Type  PieceType `json:"type"`
	Paths []Edges   `json:"paths"`
	Bonus Bonus     `json:"bonus"`
}

// Lines returns the union of the piece's paths turned by rot.
func (p Piece) Lines(rot int) Edges {
	var e Edges
	for _, path := range p.Paths {
		e |= path.Rotate(rot)
	}
	return e
}

// Shapes used by the piece table, in their unrotated orientation.
var (
	dead   = []Edges{Edge(North)}                                         // a line that ends in the piece
	line   = []Edges{Edge(North) | Edge(South)}                           // straight
	bend   = []Edges{Edge(North) | Edge(East)}                            // corner
	tee    = []Edges{Edge(North) | Edge(East) | Edge(South)}              // three ways
	cross  = []Edges{Edge(North) | Edge(East) | Edge(South) | Edge(West)} // four ways, one junction
	bridge = []Edges{Edge(North) | Edge(South), Edge(East) | Edge(West)}  // two lines crossing apart
)

func lead(l LeadType) Bonus   { return Bonus{Kind: MoveLead, Lead: l} }
func extra(t PieceType) Bonus { return Bonus{Kind: BonusPiece, Piece: t} }
func piece(id int, t PieceType, paths []Edges, b Bonus) Piece {
	return Piece{ID: id, Type: t, Paths: paths, Bonus: b}
}

// Pieces are the 24 puzzle pieces, one per cell around the conspiracy:
// 10 shift, 8 favor and 6 baggage. IDs are 1…24 (0 means "no piece").
// The more valuable piles carry more lines (more ways to place and to
// branch) and the stronger bonuses; the two corporation link pieces are
// dead ends, so a link to them is a line that ends on the logo.
var Pieces = [NumPieces]Piece{
	piece(1, Shift, line, Bonus{}),
	piece(2, Shift, line, Bonus{}),
	piece(3, Shift, bend, Bonus{}),
	piece(4, Shift, bend, Bonus{}),
	piece(5, Shift, dead, Bonus{}),
	piece(6, Shift, dead, lead(Testimony)),
	piece(7, Shift, bend, lead(Physical)),
	piece(8, Shift, line, lead(Document)),
	piece(9, Shift, tee, Bonus{}),
	piece(10, Shift, bridge, Bonus{}),

	piece(11, Favor, tee, Bonus{}),
	piece(12, Favor, tee, lead(Testimony)),
	piece(13, Favor, bend, Bonus{Kind: Hit}),
	piece(14, Favor, line, extra(Shift)),
	piece(15, Favor, cross, Bonus{}),
	piece(16, Favor, dead, Bonus{Kind: JintekiLink}),
	piece(17, Favor, bend, Bonus{}),
	piece(18, Favor, bridge, lead(Document)),

	piece(19, Baggage, cross, Bonus{Kind: Hit}),
	piece(20, Baggage, tee, extra(Favor)),
	piece(21, Baggage, cross, extra(Baggage)),
	piece(22, Baggage, tee, Bonus{Kind: Hit}),
	piece(23, Baggage, dead, Bonus{Kind: HaasLink}),
	piece(24, Baggage, line, lead(Physical)),
}

// NumPieces is the number of puzzle pieces, one per cell but the centre.
const NumPieces = NumCells - 1

// PieceByID returns the piece with the given ID (1…24).
func PieceByID(id int) (Piece, bool) {
	if id < 1 || id > NumPieces {
		return Piece{}, false
	}
	return Pieces[id-1], true
}

// Line is a row, a column or one of the two long diagonals of the grid;
// completing one earns a conspiracy token.
type Line int

// NumLines counts the lines: 5 rows, 5 columns, 2 diagonals.
const NumLines = 2*Size + 2

// Cells lists the cells of the line.
func (l Line) Cells() [Size]Cell {
	var cs [Size]Cell
	for i := range Size {
		switch {
		case l < Size: // row
			cs[i] = CellAt(i, int(l))
		case l < 2*Size: // column
			cs[i] = CellAt(int(l)-Size, i)
		case l == 2*Size: // a1 to e5
			cs[i] = CellAt(i, i)
		default: // a5 to e1
			cs[i] = CellAt(i, Size-1-i)
		}
	}
	return cs
}

// String names the line, e.g. "row 2", "column d", "diagonal a1–e5".
func (l Line) String() string {
	switch {
	case l < 0 || l >= NumLines:
		return fmt.Sprintf("line(%d)", int(l))
	case l < Size:
		return fmt.Sprintf("row %d", int(l)+1)
	case l < 2*Size:
		return fmt.Sprintf("column %c", 'a'+int(l)-Size)
	case l == 2*Size:
		return "diagonal a1–e5"
	}
	return "diagonal a5–e1"
}

// VP values of the closing of the case that the puzzle touches.
const (
	// ConspiracyTokenVP is each conspiracy token's worth (rules).
	ConspiracyTokenVP = 4
	// CorpTokenVP is each Haas or Jinteki token's worth before links (rules).
	CorpTokenVP = 3
	// LinkVP is what each link to a group adds to each favor (or, for
	// Haas-Bioroid and Jinteki, each token) of that group.
	LinkVP = 1
)
