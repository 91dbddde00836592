package conspiracy

import (
	"fmt"
	"strings"
)

// Placement is where and how a piece goes on the grid: a cell and a
// rotation in clockwise quarter turns (0–3). Pieces may be turned; the
// rules do not forbid it and it lets the puzzle close in more ways (ours).
type Placement struct {
	Cell Cell `json:"cell"`
	Rot  int  `json:"rot,omitempty"`
}

// String names the placement as a move reads it: "c4", or "c4 r90" for a
// piece turned a quarter clockwise.
func (pl Placement) String() string {
	if pl.Rot == 0 {
		return pl.Cell.String()
	}
	return fmt.Sprintf("%s r%d", pl.Cell, 90*pl.Rot)
}

// ParsePlacement reads "c4", "c4 r90", "c4 r180" or "c4 r270".
func ParsePlacement(s string) (Placement, bool) {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 || len(f) > 2 {
		return Placement{}, false
	}
	c, ok := ParseCell(f[0])
	if !ok {
		return Placement{}, false
	}
	pl := Placement{Cell: c}
	if len(f) == 2 {
		switch f[1] {
		case "r0":
		case "r90":
			pl.Rot = 1
		case "r180":
			pl.Rot = 2
		case "r270":
			pl.Rot = 3
		default:
			return Placement{}, false
		}
	}
	return pl, true
}

// whyNot returns why pc may not be placed at pl on the current grid, or ""
// when the placement is legal. The rules (AN-REVEAL-13…15): the cell is
// free, and the piece carries on at least one line of a placed neighbour
// (the conspiracy counts, with a line on each side) — a line ending on the
// new piece's edge is met by a line of the new piece. Attaching follows
// from that. Other edges may dead-end either way, and lines towards empty
// cells or the rim are free.
func (p *Puzzle) whyNot(pc Piece, pl Placement) string {
	switch {
	case !pl.Cell.Valid():
		return "that is not a cell of the grid"
	case pl.Rot < 0 || pl.Rot > 3:
		return "a rotation is 0, 90, 180 or 270 degrees"
	case pl.Cell == Centre:
		return "c3 is the conspiracy itself"
	case p.Cells[pl.Cell].Piece != 0:
		return "the cell already holds a piece"
	}
	if p.extends(pc.Lines(pl.Rot), pl.Cell) {
		return ""
	}
	if !p.touches(pl.Cell) {
		return "a piece must attach to a placed piece, growing out from the conspiracy"
	}
	return "it must carry on at least one line of a neighbouring piece"
}

// extends reports whether lines placed on c meet at least one line of a
// filled neighbour.
func (p *Puzzle) extends(lines Edges, c Cell) bool {
	for _, s := range Sides {
		if !lines.Has(s) {
			continue
		}
		n, ok := c.Neighbor(s)
		if !ok {
			continue
		}
		if nl, ok := p.linesAt(n); ok && nl.Has(s.Opposite()) {
			return true
		}
	}
	return false
}

// touches reports whether c has a filled neighbour.
func (p *Puzzle) touches(c Cell) bool {
	for _, s := range Sides {
		if n, ok := c.Neighbor(s); ok && p.Filled(n) {
			return true
		}
	}
	return false
}

// Legal reports whether pc may be placed at pl.
func (p *Puzzle) Legal(pc Piece, pl Placement) bool { return p.whyNot(pc, pl) == "" }

// distinctRots lists the rotations of pc that differ in their lines; a
// straight piece has 2, a cross 1.
func distinctRots(pc Piece) []int {
	rots := []int{0}
	for r := 1; r < 4; r++ {
		dup := false
		for _, q := range rots {
			if samePaths(pc, r, q) {
				dup = true
				break
			}
		}
		if !dup {
			rots = append(rots, r)
		}
	}
	return rots
}

// samePaths reports whether pc turned by a and by b has the same paths.
func samePaths(pc Piece, a, b int) bool {
	for _, x := range pc.Paths {
		found := false
		for _, y := range pc.Paths {
			if x.Rotate(a) == y.Rotate(b) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// canonicalRot returns the smallest rotation of pc with the same paths
// as rot.
func canonicalRot(pc Piece, rot int) int {
	for _, r := range distinctRots(pc) {
		if samePaths(pc, r, rot) {
			return r
		}
	}
	return rot
}

// LegalPlacements lists every legal placement of pc on the current grid,
// by cell then rotation, one per distinct orientation. Empty means the
// piece must be discarded (AN-REVEAL-11).
func (p *Puzzle) LegalPlacements(pc Piece) []Placement {
	var out []Placement
	rots := distinctRots(pc)
	for c := Cell(0); c < NumCells; c++ {
		if p.Filled(c) {
			continue
		}
		for _, r := range rots {
			if p.extends(pc.Lines(r), c) {
				out = append(out, Placement{Cell: c, Rot: r})
			}
		}
	}
	return out
}

// PendingPlacements lists the legal placements of the pending piece, or
// nil when none is pending.
func (p *Puzzle) PendingPlacements() []Placement {
	if p.Pending == nil {
		return nil
	}
	pc, _ := PieceByID(p.Pending.Piece)
	return p.LegalPlacements(pc)
}

func listPlacements(pls []Placement, max int) string {
	var b strings.Builder
	for i, pl := range pls {
		if i == max {
			fmt.Fprintf(&b, " and %d more", len(pls)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pl.String())
	}
	return b.String()
}
