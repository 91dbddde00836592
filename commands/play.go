package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// play applies one move by seat, then any stand-in moves it leads to, and
// builds the change to save and the reply to post.
func (s *Service) play(ctx context.Context, t *table, seat engine.Seat, typed, byUser string, info *logInfo) (storage.Change, Response, error) {
	t.secrets = t.kept
	if t.secrets == nil {
		t.secrets = engine.SecretFingerprints(t.state)
	}
	res, canon, err := engine.Play(t.state, seat, typed)
	if err != nil {
		if msg, ok := engine.IsRejection(err); ok {
			if t.def.DealsHiddenRoles(t.rec.Options) || engine.ListsLegal(msg) {
				// The game's refusal lists what would be legal (in a
				// hidden-role game, only moves every seat in this place
				// has; the full list would name a role's own).
				return storage.Change{}, Response{}, refuse("%s", msg)
			}
			return storage.Change{}, Response{}, refuse("%s%s", msg, t.legalHint(seat))
		}
		return storage.Change{}, Response{}, fmt.Errorf("apply %q: %w", typed, err)
	}
	if info != nil && !res.Secret {
		info.move = canon
	}
	if r := t.seatRec(seat); res.Secret && r != nil && r.UserID == byUser {
		// Only the seat's own player gets the private answer; a timeout
		// or a skip by someone else is the table's business.
		t.secretMove = canon
	}
	moves := []storage.Move{{Seat: int(seat), Text: canon, Secret: res.Secret, Public: strings.Join(res.Public, "\n"), Reveals: res.Reveals, ByUser: byUser}}
	notes := collectNotes(res, len(moves))
	all := res
	more, extraNotes, err := s.runStandIns(t, len(moves))
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	for _, m := range more {
		moves = append(moves, m.move)
		all.Merge(m.res)
	}
	notes = append(notes, extraNotes...)
	ch, resp, err := s.afterMoves(ctx, t, all, moves, notes)
	return ch, resp, err
}

// collectNotes turns a result's private notes into stored notes for the
// move numbered moveIdx within the change (1-based).
func collectNotes(res engine.Result, moveIdx int) []storage.Note {
	seats := make([]engine.Seat, 0, len(res.Private))
	for seat := range res.Private {
		seats = append(seats, seat)
	}
	sort.Slice(seats, func(i, j int) bool { return seats[i] < seats[j] })
	var out []storage.Note
	for _, seat := range seats {
		for _, n := range res.Private[seat] {
			out = append(out, storage.Note{Seat: int(seat), Text: n, MoveN: -moveIdx})
		}
	}
	return out
}

// afterMoves saves the new state with its moves and notes and builds the
// reply. A sub-step of a seat's turn that goes on is answered to its
// player alone and held (see holds); otherwise the public reply carries
// the held lines of the seats released, the new lines, who acts next, the
// board when a phase ended, and the result when the game is over.
func (s *Service) afterMoves(ctx context.Context, t *table, all engine.Result, moves []storage.Move, notes []storage.Note) (storage.Change, Response, error) {
	snap, err := t.state.Marshal()
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	t.saved = snap
	ch := storage.Change{Snapshot: snap, Moves: moves, Notes: notes}
	if t.holds(all, moves) {
		for i := range ch.Moves {
			ch.Moves[i].Held = true
		}
		if ch.Deadlines, err = s.deadlinesFor(ctx, t); err != nil {
			return storage.Change{}, Response{}, err
		}
		t.shows = &shows{notes: all.Private}
		return ch, t.heldReply(all, moves), nil
	}
	var held []storage.Move
	if t.rec.Held > 0 {
		// The row said so when it was loaded, and the commit's version
		// guard holds it to that: only then is there anything to read,
		// and only when the latest moves kept with the state do not
		// hold them all.
		if held = t.heldInLatest(); held == nil {
			if held, err = s.DB.HeldMoves(ctx, t.rec.ID); err != nil {
				return storage.Change{}, Response{}, err
			}
		}
	}
	var b strings.Builder
	for _, line := range t.turnLines(append(s.release(t, all, moves, &ch, held), all.Public...)) {
		b.WriteString(line + "\n")
	}
	if len(held) == 0 {
		// Nothing is held back: releasing would write nothing.
		ch.Release, ch.ReleaseAll = nil, false
	}
	resp := Response{}
	board, caption := t.boardAfter(all, &ch)
	if out := t.state.Outcome(); out != nil {
		ch.Status, ch.Result = storage.Over, t.expand(out.Summary)
		for _, w := range out.Winners {
			ch.Winners = append(ch.Winners, int(w))
		}
		b.WriteString("\n🏁 **Game over** — " + t.expand(out.Summary))
		if len(out.Scores) > 0 {
			b.WriteString("\n" + t.scoreLine(out))
		}
		b.WriteString("\nThe channel is free for a new `/newgame`, or **Play again** with the same players.")
		resp.Buttons = append(resp.Buttons, playAgainButton(t.rec.ID))
		if c, ok := t.state.(engine.Campaigner); ok {
			ch.Campaign = c.Campaign()
		}
		ch.Deadlines = []storage.Deadline{}
	} else {
		line, ids := t.waiting()
		if line != "" {
			b.WriteString(line)
		}
		resp.Mentions = ids
		ch.Deadlines, err = s.deadlinesFor(ctx, t)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
	}
	resp.Content = clip(strings.TrimSpace(b.String()), 1990)
	over := t.state.Outcome() != nil
	switch {
	case over:
		caption = "🏁 The final board."
	case caption == "":
		caption = "🗺️ The board."
	}
	t.shows = &shows{board: board, caption: caption, notes: all.Private, reveal: over && t.def.DealsHiddenRoles(t.rec.Options)}
	if t.secretMove != "" {
		resp = t.privately(resp)
	}
	return ch, resp, nil
}

// heldInLatest is the live held moves, in order, when the log's latest
// moves known at the loaded version (see table.latest) are all of them:
// as many as the row counted when it was loaded. Otherwise nil: some are
// older, and storage lists them.
func (t *table) heldInLatest() []storage.Move {
	if !t.latestRead {
		return nil
	}
	var held []storage.Move
	for _, m := range t.latest {
		if m.Held && !m.Undone {
			held = append(held, m)
		}
	}
	if len(held) != t.rec.Held {
		return nil
	}
	return held
}

// privately answers a secret move to its author alone, and gives the
// table what it must see (the game's neutral public lines, who acts next)
// as a separate message of the bot's: the typed text of a secret choice
// never appears under a public reply. A standing choice shows the table
// nothing at all.
func (t *table) privately(public Response) Response {
	resp := Response{Ephemeral: true, Content: fmt.Sprintf("Done: `%s` (a secret choice; the table sees only what the game tells it).", t.secretMove)}
	if t.standing {
		resp.Content = fmt.Sprintf("Standing choice set: `%s`. It is kept secret and never moves the game on by itself.", t.secretMove)
		return resp
	}
	if public.Content != "" || t.shows.board {
		resp.Posts = []Post{{ChannelID: t.rec.ChannelID, Content: public.Content, Mentions: public.Mentions, Buttons: public.Buttons}}
	}
	return resp
}

// scoreLine lists the final scores, in seat order.
func (t *table) scoreLine(out *engine.Outcome) string {
	var parts []string
	for _, r := range t.rec.Seats {
		if sc, ok := out.Scores[engine.Seat(r.Seat)]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", t.name(engine.Seat(r.Seat)), sc))
		}
	}
	return "Scores: " + strings.Join(parts, ", ") + "."
}
