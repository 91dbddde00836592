package conspiracy

import (
	"encoding/json"
	"slices"
	"testing"

	"casefile/engine"
)

// fresh returns a puzzle for seats seats from a fixed seed.
func fresh(seats int) *Puzzle { return New(engine.NewRand(7), seats) }

// take removes piece id from whichever pile holds it, so that fixtures
// built by hand still hold every piece exactly once.
func take(p *Puzzle, id int) {
	for t := range p.Piles {
		if i := slices.Index(p.Piles[t].Pieces, id); i >= 0 {
			p.Piles[t].Pieces = slices.Delete(p.Piles[t].Pieces, i, i+1)
		}
	}
}

// put places piece id on cell at rotation rot through the real Place, so a
// fixture can only reach legal states; it fails the test otherwise.
func put(t *testing.T, p *Puzzle, cell string, id, rot int) Outcome {
	t.Helper()
	c, ok := ParseCell(cell)
	if !ok {
		t.Fatalf("bad cell %q", cell)
	}
	take(p, id)
	p.Pending = &Drawn{Piece: id, Seat: 0}
	o, err := p.Place(0, Placement{Cell: c, Rot: rot})
	if err != nil {
		t.Fatalf("fixture: placing #%d on %s r%d: %v", id, cell, 90*rot, err)
	}
	return o
}

// pend makes piece id the pending piece of seat 0, taken from its pile.
func pend(p *Puzzle, id int) Piece {
	take(p, id)
	p.Pending = &Drawn{Piece: id, Seat: 0}
	pc, _ := PieceByID(id)
	return pc
}

// setPiles replaces the piles' contents (top last) for marker tests.
func setPiles(p *Puzzle, shift, favor, baggage []int) {
	p.Piles[Shift].Pieces = shift
	p.Piles[Favor].Pieces = favor
	p.Piles[Baggage].Pieces = baggage
}

func cell(s string) Cell {
	c, ok := ParseCell(s)
	if !ok {
		panic("bad cell " + s)
	}
	return c
}

func snapshot(t *testing.T, p *Puzzle) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ring builds the ring of 8 pieces around the conspiracy joined to each of
// its 4 sides, with a line from the Street port on b1's north edge:
//
//	b1 |    .     .
//	b2 ├─  c2 ┬─  d2 ┐
//	b3 ├─  c3 ✱   d3 ┤
//	b4 ┼─  c4 ┴─  d4 ┘
func ring(t *testing.T, p *Puzzle) {
	t.Helper()
	put(t, p, "c2", 9, 1)  // tee E,S,W
	put(t, p, "d2", 3, 2)  // bend S,W
	put(t, p, "d3", 11, 2) // tee S,W,N
	put(t, p, "d4", 4, 3)  // bend W,N
	put(t, p, "c4", 12, 3) // tee W,N,E
	put(t, p, "b4", 15, 0) // cross
	put(t, p, "b3", 20, 0) // tee N,E,S
	put(t, p, "b2", 22, 0) // tee N,E,S
	put(t, p, "b1", 1, 0)  // line N,S: the Street port
}

// randomPile picks a pile with pieces at random.
func randomPile(p *Puzzle, r *engine.Rand) PieceType {
	var ts []PieceType
	for ty := range NumTypes {
		if p.Left(ty) > 0 {
			ts = append(ts, ty)
		}
	}
	return engine.Pick(r, ts)
}

// reachable counts the empty cells that a line of the grid faces: the
// cells where some piece could still go.
func reachable(p *Puzzle) int {
	n := 0
	for c := Cell(0); c < NumCells; c++ {
		if p.Filled(c) {
			continue
		}
		for _, s := range Sides {
			nb, ok := c.Neighbor(s)
			if !ok {
				continue
			}
			if l, ok := p.linesAt(nb); ok && l.Has(s.Opposite()) {
				n++
				break
			}
		}
	}
	return n
}

// greedy picks, among legal, the placement of pc that leaves the most
// empty cells reachable: a player trying to close the puzzle. Ties go to
// the first listed, so the choice is deterministic.
func greedy(p *Puzzle, pc Piece, legal []Placement) Placement {
	best, bv := legal[0], -1
	for _, pl := range legal {
		q := *p
		q.Cells[pl.Cell] = Slot{Piece: pc.ID, Rot: pl.Rot}
		if v := reachable(&q); v > bv {
			best, bv = pl, v
		}
	}
	return best
}
