package engine

import "fmt"

// LoggedMove is one entry of a game's move log: who moved and the move's
// canonical text.
type LoggedMove struct {
	Seat Seat   `json:"seat"`
	Text string `json:"text"`
}

// Replay rebuilds a game from its setup and move log. Because every random
// draw comes from the state's own generator, the result equals the state
// that was saved after the last move.
func Replay(g *Game, setup Setup, moves []LoggedMove) (State, error) {
	s, err := g.New(setup)
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		if _, err := s.Apply(m.Seat, m.Text); err != nil {
			return nil, fmt.Errorf("replay move %d (%d %q): %w", i+1, m.Seat, m.Text, err)
		}
	}
	return s, nil
}

// RandomMove chooses one of the acting seats and one of its legal moves,
// uniformly, for simulations and random playouts. ok is false when nobody
// may act.
func RandomMove(s State, r *Rand) (seat Seat, move string, ok bool) {
	t := s.Turn()
	var seats []Seat
	for _, st := range t.Seats {
		if len(s.Legal(st)) > 0 {
			seats = append(seats, st)
		}
	}
	if len(seats) == 0 {
		return NoSeat, "", false
	}
	seat = Pick(r, seats)
	return seat, Pick(r, s.Legal(seat)), true
}
