package conspiracy

import "fmt"

// Check reports the first way p is not a state the rules can reach, or
// nil: every piece exactly once among piles, grid, discards and the
// pending piece; each pile holding only its type; nothing on the
// conspiracy; rotations 0–3; each hero marker beside a pile with pieces,
// or every marker boxed once all piles are empty; the pending piece's seat
// a seat; and every placed piece meeting a neighbour's line and joined to
// the conspiracy through placed pieces. The game runs it on a snapshot it
// loads, before trusting it.
func (p *Puzzle) Check() error {
	var where [NumPieces + 1]int
	count := func(id int, at string) error {
		if id < 1 || id > NumPieces {
			return fmt.Errorf("conspiracy: no piece #%d (%s)", id, at)
		}
		where[id]++
		return nil
	}
	for t := range p.Piles {
		for _, id := range p.Piles[t].Pieces {
			if err := count(id, PieceType(t).String()+" pile"); err != nil {
				return err
			}
			if Pieces[id-1].Type != PieceType(t) {
				return fmt.Errorf("conspiracy: the %s piece #%d is in the %s pile", Pieces[id-1].Type, id, PieceType(t))
			}
		}
	}
	for c, s := range p.Cells {
		if s.Piece == 0 {
			continue
		}
		if Cell(c) == Centre {
			return fmt.Errorf("conspiracy: piece #%d lies on the conspiracy", s.Piece)
		}
		if s.Rot < 0 || s.Rot > 3 {
			return fmt.Errorf("conspiracy: rotation %d on %s", s.Rot, Cell(c))
		}
		if err := count(s.Piece, Cell(c).String()); err != nil {
			return err
		}
	}
	for _, id := range p.Discards {
		if err := count(id, "discards"); err != nil {
			return err
		}
	}
	if p.Pending != nil {
		if err := count(p.Pending.Piece, "pending"); err != nil {
			return err
		}
		if p.Pending.Seat < 0 || p.Pending.Seat >= len(p.Markers) {
			return fmt.Errorf("conspiracy: the pending piece belongs to seat %d of %d", p.Pending.Seat, len(p.Markers))
		}
	}
	for id := 1; id <= NumPieces; id++ {
		if where[id] != 1 {
			return fmt.Errorf("conspiracy: piece #%d is found %d times", id, where[id])
		}
	}
	for s, m := range p.Markers {
		switch {
		case p.Exhausted() && m != Boxed:
			return fmt.Errorf("conspiracy: seat %d's marker is out with every pile empty", s)
		case !p.Exhausted() && (m < 0 || m >= int(NumTypes) || p.Left(PieceType(m)) == 0):
			return fmt.Errorf("conspiracy: seat %d's marker is at %d, beside no pile with pieces", s, m)
		}
	}
	return p.checkGrowth()
}

// checkGrowth checks that each placed piece meets a line of a filled
// neighbour and that all are reached from the conspiracy. It does not use
// extends, so that it is a second opinion on the placement rule.
func (p *Puzzle) checkGrowth() error {
	reached := [NumCells]bool{Centre: true}
	queue := []Cell{Centre}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, s := range Sides {
			if n, ok := c.Neighbor(s); ok && p.Filled(n) && !reached[n] {
				reached[n] = true
				queue = append(queue, n)
			}
		}
	}
	for c := Cell(0); c < NumCells; c++ {
		if c == Centre || !p.Filled(c) {
			continue
		}
		if !reached[c] {
			return fmt.Errorf("conspiracy: the piece on %s is cut off from the conspiracy", c)
		}
		lines, _ := p.linesAt(c)
		meets := false
		for _, s := range Sides {
			if n, ok := c.Neighbor(s); ok && lines.Has(s) {
				nl, ok := p.linesAt(n)
				meets = meets || (ok && nl.Has(s.Opposite()))
			}
		}
		if !meets {
			return fmt.Errorf("conspiracy: the piece on %s meets no line", c)
		}
	}
	return nil
}
