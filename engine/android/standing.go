package android

import "casefile/engine"

// A game lasts some 130–190 dark-card windows (CONTENT.md §5): over two
// weeks of real time, a player who never means to play a dark card would
// be asked several times a day. The standing choice below lets a player
// say so once. It is the player's own choice (engine.Standing), never
// the game's reading of a hand: a window is still opened on every seat
// holding a card of the active detective's dark deck, save those whose
// player chose to pass, and which deck a card came from is public.

const (
	// standPassDark passes every later dark-card window of the seat.
	standPassDark = "always pass dark cards"
	// standAnswerDark takes the standing pass back.
	standAnswerDark = "answer dark cards again"
)

// StandingMoves lists the standing choices seat may set now
// (engine.Standing): the pass while it is not set, its undoing while it is.
func (s *State) StandingMoves(seat engine.Seat) []string {
	if s.Over || int(seat) < 0 || int(seat) >= len(s.Dets) || len(s.Order) == 0 {
		return nil
	}
	if s.Dets[seat].PassDark {
		return []string{standAnswerDark}
	}
	return []string{standPassDark}
}

// setStanding records a standing choice. It never advances the game: a
// window already waiting on the seat still waits for its answer, and
// only windows opened later leave the seat out.
func (s *State) setStanding(seat int, choice string, res *engine.Result) {
	res.Secret = true
	s.Dets[seat].PassDark = choice == standPassDark
	s.cache.Forget()
	if s.Dets[seat].PassDark {
		res.Note(engine.Seat(seat), "From now on you pass every dark-card window; `%s` takes it back.", standAnswerDark)
	} else {
		res.Note(engine.Seat(seat), "You are asked in dark-card windows again.")
	}
}
