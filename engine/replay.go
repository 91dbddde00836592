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
	seat, ok = seatToAct(s, r)
	if !ok {
		return NoSeat, "", false
	}
	return seat, Pick(r, s.Legal(seat)), true
}

// BotMove is RandomMove with a bot in every seat: a seat that may act,
// drawn from r, and the move the bot chooses for it from that seat's own
// view. A nil bot plays random legal moves.
func BotMove(b Bot, s State, r *Rand) (seat Seat, move string, ok bool) {
	seat, ok = seatToAct(s, r)
	if !ok {
		return NoSeat, "", false
	}
	return seat, b.Choose(s.View(seat), s.Legal(seat), r), true
}

// seatToAct draws one of the seats asked to act that has a legal move.
func seatToAct(s State, r *Rand) (Seat, bool) {
	var seats []Seat
	for _, st := range s.Turn().Seats {
		if len(s.Legal(st)) > 0 {
			seats = append(seats, st)
		}
	}
	if len(seats) == 0 {
		return NoSeat, false
	}
	return Pick(r, seats), true
}
