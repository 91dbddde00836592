package commands

import (
	"context"
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// maxAutoMoves bounds the stand-in's moves after one human move, so a
// game whose seats are all stand-ins cannot spin a command forever.
const maxAutoMoves = 2000

type autoMove struct {
	move storage.Move
	res  engine.Result
}

// runStandIns plays for every seat held by the stand-in while such seats
// are asked to act.
func (s *Service) runStandIns(t *table, already int) ([]autoMove, []storage.Note, error) {
	var out []autoMove
	var notes []storage.Note
	for i := 0; i < maxAutoMoves; i++ {
		if t.state.Outcome() != nil {
			break
		}
		seat, ok := t.standInToAct()
		if !ok {
			break
		}
		mv := standInMove(t, seat, already+len(out))
		if mv == "" {
			break
		}
		res, err := t.state.Apply(seat, mv)
		if err != nil {
			return nil, nil, fmt.Errorf("stand-in move %q for seat %d: %w", mv, seat, err)
		}
		out = append(out, autoMove{move: storage.Move{Seat: int(seat), Text: mv, Secret: res.Secret, Public: strings.Join(res.Public, "\n"), Reveals: res.Reveals, ByUser: "standin"}, res: res})
		notes = append(notes, collectNotes(res, already+len(out))...)
	}
	return out, notes, nil
}

// standInToAct finds a seat held by the stand-in that owes a move.
func (t *table) standInToAct() (engine.Seat, bool) {
	for _, seat := range t.state.Turn().Seats {
		if r := t.seatRec(seat); r != nil && r.StandIn && len(t.state.Legal(seat)) > 0 {
			return seat, true
		}
	}
	return engine.NoSeat, false
}

// standInMove is the stand-in's choice: the game's bot, playing from the
// seat's own view, when the game has one; else the game's own stand-in
// policy; otherwise a legal move drawn from a generator seeded by the
// game's seed and the move's number, so a replay makes the same choice.
// A game that deals hidden roles keeps its role-blind StandIn policy for
// a person's seat: a stand-in must not play differently for the role its
// absent player holds. A bot's own seat (bots=N) is the bot's to play
// with its role, as a person would.
func standInMove(t *table, seat engine.Seat, n int) string {
	r := engine.NewRand(t.rec.Seed ^ uint64(t.rec.Version)*0x9e3779b97f4a7c15 ^ uint64(n+1)*0xbf58476d1ce4e5b9)
	rec := t.seatRec(seat)
	botSeat := rec != nil && rec.Bot()
	if t.def.Bot != nil && (botSeat || !t.def.DealsHiddenRoles(t.rec.Options)) {
		return t.def.Bot.Choose(t.state.View(seat), t.state.Legal(seat), r)
	}
	if p, ok := t.state.(engine.StandIn); ok {
		if mv := p.StandInMove(seat, r); mv != "" {
			return mv
		}
	}
	legal := t.state.Legal(seat)
	if len(legal) == 0 {
		return ""
	}
	turn := t.state.Turn()
	// Prefer the rules' own pass where one exists: a stand-in should keep
	// the game moving without deciding it.
	if turn.OnTimeout != "" {
		if m, ok := engine.MatchLegal(legal, turn.OnTimeout); ok && turn.Kind == engine.Reaction {
			return m
		}
	}
	return engine.Pick(r, legal)
}

// handToStandIn gives every seat of userID to the stand-in, lets it play
// whatever those seats owe now, and saves the seats with its moves.
func (s *Service) handToStandIn(ctx context.Context, t *table, userID, announce string) (storage.Change, Response, error) {
	seats := append([]storage.Seat(nil), t.rec.Seats...)
	for i := range seats {
		if seats[i].UserID == userID {
			seats[i].StandIn = true
		}
	}
	t.rec.Seats = seats
	t.moved = nil
	more, notes, err := s.runStandIns(t, 0)
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	all := engine.Result{Public: []string{announce}}
	var moves []storage.Move
	for _, m := range more {
		moves = append(moves, m.move)
		all.Merge(m.res)
	}
	ch, resp, err := s.afterMoves(ctx, t, all, moves, notes)
	ch.Seats = seats
	return ch, resp, err
}

// returnToSeat gives a player their seats back from the stand-in (/join
// in a running game).
func (s *Service) returnToSeat(ctx context.Context, t *table, req Request) (storage.Change, Response, error) {
	seats, back := reclaim(t.rec.Seats, req.UserID)
	if len(t.rec.SeatsOf(req.UserID)) == 0 {
		if r := t.resignedSeat(); r != nil {
			return s.takeOver(ctx, t, req, r)
		}
		return storage.Change{}, Response{}, refuse("This game has already started; you can follow it with `/status`. A new game can start when it ends.")
	}
	if !back {
		return storage.Change{}, Response{}, refuse("You are already playing in this game. `/hand` shows your private view; `/move` makes a move.")
	}
	t.rec.Seats = seats
	line, ids := t.waiting()
	ch := storage.Change{Seats: seats}
	ds, err := s.deadlinesFor(ctx, t)
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	ch.Deadlines = ds
	return ch, Response{Content: fmt.Sprintf("Welcome back, %s: the stand-in hands your seat back.\n%s", t.nameOfUser(req.UserID), line), Mentions: ids}, nil
}

// resignedSeat is the first seat whose player resigned, or nil.
func (t *table) resignedSeat() *storage.Seat {
	for i := range t.rec.Seats {
		if t.rec.Seats[i].Resigned {
			return &t.rec.Seats[i]
		}
	}
	return nil
}

// takeOver gives a resigned seat to a person who /joins the running game:
// they play it from now on, and receive by DM, after the commit, the seat's
// private history and view (its hidden role included), as its player knew
// them.
func (s *Service) takeOver(ctx context.Context, t *table, req Request, r *storage.Seat) (storage.Change, Response, error) {
	seat, before := engine.Seat(r.Seat), r.Name
	r.UserID, r.Name, r.StandIn, r.Resigned = req.UserID, req.UserName, false, false
	seats := append([]storage.Seat(nil), t.rec.Seats...)
	ds, err := s.deadlinesFor(ctx, t)
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	line, ids := t.waiting()
	t.shows = &shows{handover: []engine.Seat{seat}}
	return storage.Change{Seats: seats, Deadlines: ds},
		Response{Content: fmt.Sprintf("%s takes over seat %d, which %s gave up; its private history comes by DM.\n%s", t.nameOfUser(req.UserID), int(seat)+1, before, line), Mentions: ids}, nil
}

// reclaim clears the stand-in flag from userID's seats; a seat its player
// resigned stays with the stand-in.
func reclaim(seats []storage.Seat, userID string) ([]storage.Seat, bool) {
	out := append([]storage.Seat(nil), seats...)
	back := false
	for i := range out {
		if out[i].UserID == userID && out[i].StandIn && !out[i].Resigned {
			out[i].StandIn = false
			back = true
		}
	}
	return out, back
}
