package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// move makes the typed move for the user's seat that may make it; with
// no move typed it opens the move picker.
func (s *Service) move(ctx context.Context, req Request, info *logInfo) (Response, error) {
	typed := strings.TrimSpace(req.Options["action"])
	if typed == "" {
		return s.picker(ctx, req, info, s.channelLoader(ctx, req.ChannelID), 0, nil)
	}
	if len(typed) > 200 {
		return Response{}, refuse("That move is too long to be a move. The autocomplete lists your legal moves.")
	}
	return s.playTyped(ctx, req, info, s.channelLoader(ctx, req.ChannelID), typed, 0)
}

// errStale is returned inside an update when a picker's move was picked
// from a version of the game that is no longer the stored one.
var errStale = errors.New("the picker is stale")

// playTyped plays typed as /move does. A non-zero version is the game's
// version the move was picked from: when the game has moved on since, it
// returns errStale and changes nothing, in the same transaction that
// would have played the move.
func (s *Service) playTyped(ctx context.Context, req Request, info *logInfo, load func() (*table, error), typed string, version int64) (Response, error) {
	return s.update(ctx, req, load, func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status == storage.Lobby {
			return storage.Change{}, Response{}, refuse("The game has not started yet. %s", startHint(t))
		}
		if version != 0 && t.rec.Version != version {
			return storage.Change{}, Response{}, errStale
		}
		// The state changes here by Apply alone: the moves listed to
		// find the seat are those applied, and those the reply's hint
		// lists are the next command's.
		engine.KeepMoves(t.state)
		mine := t.userSeats(req.UserID)
		if len(mine) == 0 {
			return storage.Change{}, Response{}, refuse("You are not playing in this game. You can follow it with `/status` and `/log`.")
		}
		seat, text, err := t.chooseSeat(req.UserID, typed)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		info.seat = strconv.Itoa(int(seat))
		if err := t.groupRefusal(seat, text); err != nil {
			return storage.Change{}, Response{}, err
		}
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

// offerPicker puts the "Your move" button under the public message of a
// change's answer that says who acts next (the reply, the table's message
// of a secret move, or a post made on the bot's own, as when a window
// closes by time), so that whoever is named can click through their moves
// rather than type them.
func (t *table) offerPicker(resp *Response) {
	if t.state == nil || t.state.Outcome() != nil || t.standing {
		return
	}
	if !t.waits() {
		return
	}
	b := yourMoveButton(t.rec.ID)
	for i := range resp.Posts {
		// The kept-up-to-date summary (a keyed post) is not an
		// announcement.
		if resp.Posts[i].ChannelID == t.rec.ChannelID && resp.Posts[i].Key == "" {
			resp.Posts[i].Buttons = append(resp.Posts[i].Buttons, b)
			return
		}
	}
	if !resp.Ephemeral {
		resp.Buttons = append(resp.Buttons, b)
	}
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

// groupRefusal refuses a typed text that is not a move of seat but the
// shared beginning of several (a group picked from the autocomplete and
// sent as it is), listing the group so the player can say which.
func (t *table) groupRefusal(seat engine.Seat, typed string) error {
	legal := t.state.Legal(seat)
	if _, ok := engine.MatchLegal(legal, typed); ok || engine.IsStanding(t.state, seat, typed) {
		return nil
	}
	want := cleanTyped(typed)
	partial := strings.Contains(typed, "…")
	var members []string
	for _, m := range legal {
		n := engine.NormalizeMove(m)
		if want != "" && (strings.HasPrefix(n, want+" ") || partial && strings.HasPrefix(n, want)) {
			members = append(members, m)
		}
	}
	if len(members) == 0 || t.acceptsAsIs(seat, typed) {
		return nil
	}
	if t.def.DealsHiddenRoles(t.rec.Options) {
		// What a role alone may do must not show in a refusal.
		return refuse("`%s` is the beginning of several moves, not a move. Pick one from the `/move` list, or type the whole move.", want)
	}
	return refuse("`%s` is the beginning of %d moves, not a move: pick one from the `/move` list (typing on narrows it), or type the whole move.\n%s",
		want, len(members), clip(quoteMoves(members), 1500))
}

// acceptsAsIs reports whether the game itself would accept typed though
// it is no listed move (a shorthand of its own), trying it on a copy of
// the state: only then is the beginning of a group a move after all.
func (t *table) acceptsAsIs(seat engine.Seat, typed string) bool {
	snap, err := t.state.Marshal()
	if err != nil {
		return false
	}
	st, err := t.def.Load(snap)
	if err != nil {
		return false
	}
	_, _, err = engine.Play(st, seat, typed)
	return err == nil
}

// quoteMoves writes moves as a comma-separated list of code spans.
func quoteMoves(moves []string) string {
	q := make([]string, len(moves))
	for i, m := range moves {
		q[i] = "`" + m + "`"
	}
	return strings.Join(q, ", ")
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
	more := ""
	if len(legal) > len(shown) {
		more = fmt.Sprintf(" and %d more (the `/move` autocomplete lists them all)", len(legal)-len(shown))
	}
	return "\n" + engine.LegalNow + quoteMoves(shown) + more + "."
}

// completeMove lists the user's legal moves right now, narrowed by what
// was typed; when more match than fit, groups of them by their shared
// leading words (see groupMoves). The list of the user's moves is kept
// for their next keystrokes while the game stays at this version (see
// moveLists).
func (s *Service) completeMove(ctx context.Context, req Request) (Response, error) {
	typed := req.Options[req.Focused]
	if l := s.lists.get(ctx, s.DB, req.ChannelID, req.UserID); l != nil {
		return Response{Choices: choicesOf(l.tree(typed, maxChoices))}, nil
	}
	t, err := s.loadChannel(ctx, req.ChannelID)
	if err != nil || t.state == nil {
		return Response{Choices: []Choice{}}, nil
	}
	// Kept with the state, the moves listed here are the next /move's.
	engine.KeepMoves(t.state)
	l := newMoveList(t.userMoves(req.UserID))
	s.lists.keep(t, req.UserID, l)
	// Listing moves only reads the state: it goes back for the next
	// command, still the state of the snapshot it was loaded from.
	s.states.put(&cachedState{id: t.rec.ID, game: t.rec.Game, channel: t.rec.ChannelID, version: t.rec.Version, snap: t.loaded,
		state: t.state, latest: t.latest, latestOK: t.latestRead, seats: t.seats, options: t.options, seatsOK: true})
	return Response{Choices: choicesOf(l.tree(typed, maxChoices))}, nil
}

// choicesOf is the autocomplete's answer for a level of the move tree,
// never nil: Discord wants a list, empty when nothing matches.
func choicesOf(picks []pick) []Choice {
	out := make([]Choice, len(picks))
	for i, p := range picks {
		out[i] = p.Choice
	}
	return out
}

// userMoves lists what the user may type now, for every seat they hold:
// an acting seat's legal moves, then any seat's standing choices, each
// addressed to its seat ("seat2: bid 3") when the user holds several, and
// how the game ranks them (nil when it does not).
func (t *table) userMoves(userID string) ([]string, func(string) int) {
	seats := t.actingSeats(userID)
	prefix := len(t.userSeats(userID)) > 1
	for _, seat := range t.userSeats(userID) {
		if !slices.Contains(seats, seat) {
			seats = append(seats, seat)
		}
	}
	ranker, _ := t.state.(engine.Ranker)
	var ranks map[string]int
	var out []string
	turn := t.state.Turn()
	for _, seat := range seats {
		var moves []string
		if turn.Has(seat) {
			moves = t.state.Legal(seat)
		}
		if st, ok := t.state.(engine.Standing); ok && t.state.Outcome() == nil {
			moves = append(moves, st.StandingMoves(seat)...)
		}
		for _, m := range moves {
			v := m
			if prefix {
				v = seatPrefix(seat) + m
			}
			out = append(out, v)
			if ranker != nil {
				if ranks == nil {
					ranks = map[string]int{}
				}
				ranks[v] = ranker.RankMove(seat, m)
			}
		}
	}
	if ranker == nil {
		return out, nil
	}
	return out, func(m string) int { return ranks[m] }
}
