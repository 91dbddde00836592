package commands

import (
	"context"
	"fmt"

	"casefile/engine"
	"casefile/storage"
)

// undo takes back the user's last move by replaying the game without it.
func (s *Service) undo(ctx context.Context, req Request, info *logInfo) (Response, error) {
	return s.update(ctx, req, s.channelLoader(ctx, req.ChannelID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status != storage.Active {
			return storage.Change{}, Response{}, refuse("There is no running game to undo a move in.")
		}
		moves, err := s.DB.Moves(ctx, t.rec.ID)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		var live []storage.Move
		for _, m := range moves {
			if !m.Undone {
				live = append(live, m)
			}
		}
		if len(live) == 0 {
			return storage.Change{}, Response{}, refuse("No move has been made yet.")
		}
		last := live[len(live)-1]
		switch {
		case last.ByUser != req.UserID:
			return storage.Change{}, Response{}, refuse("Only the last move of the game can be undone, and it was not yours (%s). Undo is possible only while nobody else has acted since.", t.logLine(last))
		case last.Reveals:
			return storage.Change{}, Response{}, refuse("Your last move revealed hidden information (%s), so it cannot be taken back.", t.logLine(last))
		}
		st, err := engine.Replay(t.def, t.setup(len(t.rec.Seats)), liveLog(live[:len(live)-1]))
		if err != nil {
			return storage.Change{}, Response{}, fmt.Errorf("undo replay: %w", err)
		}
		// The summary is brought up to date, and a seat whose private
		// view the undone move had changed gets it back.
		t.secrets = engine.SecretFingerprints(t.state)
		t.shows = &shows{}
		t.state = st
		t.moved = []engine.Seat{engine.Seat(last.Seat)}
		snap, err := st.Marshal()
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		ch := storage.Change{Snapshot: snap, UndoLast: true}
		if ch.Deadlines, err = s.deadlinesFor(ctx, t); err != nil {
			return storage.Change{}, Response{}, err
		}
		what := "`" + last.Text + "`"
		if last.Secret {
			what = "a secret choice"
		}
		if last.Held {
			// The table never saw the move: taking it back is the
			// player's own business too.
			return ch, Response{Ephemeral: true, Content: fmt.Sprintf("↩️ You took back %s; the table had not seen it yet. Your turn goes on: %s", what, t.expand(t.state.Turn().Prompt)),
				Buttons: []ButtonSpec{yourMoveButton(t.rec.ID)}}, nil
		}
		line, ids := t.waiting()
		return ch, Response{Content: fmt.Sprintf("↩️ %s took back %s.\n%s", t.nameOfUser(req.UserID), what, line), Mentions: ids}, nil
	})
}
