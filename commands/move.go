package commands

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// move makes the typed move for the user's seat that may make it.
func (s *Service) move(ctx context.Context, req Request, info *logInfo) (Response, error) {
	typed := strings.TrimSpace(req.Options["action"])
	if typed == "" {
		return Response{}, refuse("Say which move to make: `/move action:<move>`; the autocomplete lists your legal moves.")
	}
	if len(typed) > 200 {
		return Response{}, refuse("That move is too long to be a move. The autocomplete lists your legal moves.")
	}
	return s.update(ctx, req, s.channelLoader(ctx, req.ChannelID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status == storage.Lobby {
			return storage.Change{}, Response{}, refuse("The game has not started yet. %s", startHint(t))
		}
		mine := t.userSeats(req.UserID)
		if len(mine) == 0 {
			return storage.Change{}, Response{}, refuse("You are not playing in this game. You can follow it with `/status` and `/log`.")
		}
		seat, text, err := t.chooseSeat(req.UserID, typed)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		info.seat = strconv.Itoa(int(seat))
		t.moved = []engine.Seat{seat}
		if engine.IsStanding(t.state, seat, text) {
			// A standing choice is not an answer: the seat's clock runs on.
			t.moved, t.standing = nil, true
		}
		// A player who moves takes their seats back from the stand-in.
		seats, back := reclaim(t.rec.Seats, req.UserID)
		t.rec.Seats = seats
		ch, resp, err := s.play(ctx, t, seat, text, req.UserID, info)
		if back && err == nil {
			ch.Seats = seats
		}
		return ch, resp, err
	})
}

// seatPrefix is how a move is addressed to one of several seats held by
// the same person ("seat2: move b3").
func seatPrefix(seat engine.Seat) string { return fmt.Sprintf("seat%d: ", int(seat)+1) }

// splitSeat takes an optional "seatN:" prefix off a typed move.
func splitSeat(typed string) (engine.Seat, string, bool) {
	t := strings.TrimSpace(typed)
	low := strings.ToLower(t)
	if !strings.HasPrefix(low, "seat") {
		return engine.NoSeat, t, false
	}
	colon := strings.IndexByte(t, ':')
	if colon < 0 {
		return engine.NoSeat, t, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(t[4:colon]))
	if err != nil || n < 1 {
		return engine.NoSeat, t, false
	}
	return engine.Seat(n - 1), strings.TrimSpace(t[colon+1:]), true
}

// chooseSeat decides which of the user's seats a typed move is for. A
// standing choice may come from any of the user's seats, acting or not.
func (t *table) chooseSeat(userID, typed string) (engine.Seat, string, error) {
	acting := t.actingSeats(userID)
	if seat, rest, ok := splitSeat(typed); ok {
		for _, s := range t.userSeats(userID) {
			if s == seat {
				if !t.state.Turn().Has(seat) && !engine.IsStanding(t.state, seat, rest) {
					return 0, "", refuse("Seat %d may not act now. %s", int(seat)+1, t.waitingPlain())
				}
				return seat, rest, nil
			}
		}
		return 0, "", refuse("You do not hold seat %d.", int(seat)+1)
	}
	if t.state.Outcome() == nil {
		if seat, ok := t.standingSeat(userID, typed, acting); ok {
			return seat, typed, nil
		}
	}
	if len(acting) == 0 {
		if t.state.Outcome() != nil {
			return 0, "", refuse("The game is over.")
		}
		return 0, "", refuse("It is not your turn. %s", t.waitingPlain())
	}
	var matches []engine.Seat
	for _, seat := range acting {
		if _, ok := engine.MatchLegal(t.state.Legal(seat), typed); ok {
			matches = append(matches, seat)
		}
	}
	switch {
	case len(matches) == 1:
		return matches[0], typed, nil
	case len(matches) > 1:
		return 0, "", refuse("You hold several seats that could make %q; say which, like `%s%s`.", typed, seatPrefix(matches[0]), typed)
	}
	return acting[0], typed, nil
}

// standingSeat finds the one seat of the user for which typed is a
// standing choice, preferring a seat that may not act now: an acting seat's
// typed move is first of all a move.
func (t *table) standingSeat(userID, typed string, acting []engine.Seat) (engine.Seat, bool) {
	for _, seat := range t.userSeats(userID) {
		if engine.IsStanding(t.state, seat, typed) && !slices.Contains(acting, seat) {
			return seat, true
		}
	}
	for _, seat := range acting {
		if engine.IsStanding(t.state, seat, typed) {
			if _, legal := engine.MatchLegal(t.state.Legal(seat), typed); !legal {
				return seat, true
			}
		}
	}
	return engine.NoSeat, false
}

// legalHint lists a few legal moves for an error message.
func (t *table) legalHint(seat engine.Seat) string {
	legal := t.state.Legal(seat)
	if len(legal) == 0 {
		return ""
	}
	shown := legal
	if len(shown) > 8 {
		shown = shown[:8]
	}
	var q []string
	for _, m := range shown {
		q = append(q, "`"+m+"`")
	}
	more := ""
	if len(legal) > len(shown) {
		more = fmt.Sprintf(" and %d more (the `/move` autocomplete lists them all)", len(legal)-len(shown))
	}
	return "\nLegal now: " + strings.Join(q, ", ") + more + "."
}

// completeMove lists the user's legal moves right now, filtered by what
// was typed, at most 25.
func (s *Service) completeMove(ctx context.Context, req Request) (Response, error) {
	typed := strings.ToLower(strings.TrimSpace(req.Options[req.Focused]))
	t, err := s.loadChannel(ctx, req.ChannelID)
	if err != nil || t.state == nil {
		return Response{Choices: []Choice{}}, nil
	}
	seats := t.actingSeats(req.UserID)
	prefix := len(t.userSeats(req.UserID)) > 1
	var out []Choice
	for _, seat := range t.userSeats(req.UserID) {
		if !slices.Contains(seats, seat) {
			seats = append(seats, seat)
		}
	}
	for _, seat := range seats {
		moves := t.state.Legal(seat)
		if !t.state.Turn().Has(seat) {
			moves = nil
		}
		if st, ok := t.state.(engine.Standing); ok && t.state.Outcome() == nil {
			moves = append(moves, st.StandingMoves(seat)...)
		}
		for _, m := range moves {
			v := m
			if prefix {
				v = seatPrefix(seat) + m
			}
			if typed == "" || strings.Contains(strings.ToLower(v), typed) {
				out = append(out, Choice{Name: clip(v, 100), Value: clip(v, 100)})
				if len(out) == 25 {
					return Response{Choices: out}, nil
				}
			}
		}
	}
	return Response{Choices: out}, nil
}
