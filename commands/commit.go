package commands

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"casefile/engine"
	"casefile/storage"
)

// update loads a game, lets fn compute its change and reply text, and
// commits them in one transaction guarded by the version it loaded. When
// another command got there first, fn runs again against the new state:
// two players acting at once both get a correct answer. Only once the
// change is committed are the private images drawn and the summary read
// (see publish), from the committed state: a lost attempt costs no
// drawing. A board picture the change owes is recorded with it and drawn
// by the picture worker, after the reply.
func (s *Service) update(ctx context.Context, req Request, load func() (*table, error), fn func(t *table) (storage.Change, Response, error)) (Response, error) {
	for attempt := 0; attempt < 20; attempt++ {
		t, err := load()
		if err != nil {
			return Response{}, err
		}
		id := t.rec.ID
		t.pings = &pings{now: s.Now(), every: s.Settings.MentionEvery, load: func() (map[int]time.Time, error) { return s.DB.LastMentions(ctx, id) }}
		t.actor = req.UserID
		ch, resp, err := fn(t)
		if err != nil {
			return Response{}, err
		}
		ch.GameID, ch.Version = t.rec.ID, t.rec.Version
		if ch.Snapshot != nil {
			ch.RulesVersion = t.def.Version()
		}
		ch.Mentioned = t.pings.pinged
		ch.Interaction, ch.Reply = req.ID, clip(resp.Content, storedReply)
		if t.shows != nil && t.shows.board && s.owesPicture(t) {
			// The picture is owed with the change and drawn after it
			// (see RunPictures): the reply does not wait for it.
			ch.OwePicture, ch.PictureCaption = true, t.shows.caption
		}
		if t.shows != nil {
			// So are the seats' own pictures, sent by DM after the
			// notes that go with the reply.
			ch.OwePrivate = s.owedPrivate(t)
		}
		deadlines := ch.Deadlines
		if deadlines != nil && t.readDeadlines && sameDeadlines(t.storedDeadlines, deadlines) {
			ch.Deadlines = nil // the rows stand as they are
		}
		// The summary's latest moves: those the game was loaded with
		// (kept from its last commit) and the change's own, else read
		// back by the commit. Kept with the state for the next command.
		recent := storage.Recent{Known: t.latest, KnownOK: t.latestRead}
		if t.shows != nil || t.latestRead {
			recent.Limit = summaryMoves
		}
		version, latest, err := s.DB.CommitRecent(ctx, ch, recent)
		t.latest, t.latestRead = latest, err == nil && recent.Limit > 0
		ch.Deadlines = deadlines
		if err != nil {
			switch {
			case errors.Is(err, storage.ErrConflict):
				continue
			case errors.Is(err, storage.ErrDuplicate):
				return s.alreadyHandled(ctx, req)
			case errors.Is(err, storage.ErrChannelBusy):
				return Response{}, refuse("This channel already has an open game.")
			}
			return Response{}, err
		}
		if ch.OwePicture || len(ch.OwePrivate) > 0 {
			s.holdFor(req.ID, t.rec.ChannelID)
			s.nudge()
		}
		if t.shows != nil {
			s.publish(ctx, t, ch, &resp)
		}
		if movesTheGame(ch) {
			t.offerPicker(&resp)
		}
		if savedAs(t, ch.Snapshot) {
			// The state in memory is the one just stored: the game's next
			// command starts from it rather than decoding it again.
			e := &cachedState{id: t.rec.ID, game: t.rec.Game, channel: t.rec.ChannelID, version: version, snap: ch.Snapshot,
				state: t.state, latest: t.latest, latestOK: t.latestRead}
			// The seats and options the row now holds: the change's, else
			// those it was loaded with; a finished game's seats are
			// marked with their wins, which nothing here holds.
			e.seats, e.options, e.seatsOK = t.seats, t.options, len(ch.Winners) == 0
			if ch.Seats != nil {
				e.seats = slices.Clone(ch.Seats)
			}
			if ch.Options != nil {
				e.options = maps.Clone(ch.Options)
			}
			if t.shows != nil {
				// The fingerprints the change's DMs were chosen by are
				// those of the state kept: the next move starts from them.
				e.secrets = t.shows.after
			}
			s.states.put(e)
		}
		return resp, nil
	}
	return Response{}, refuse("The game is very busy right now; nothing was changed. Please try again.")
}

// savedAs reports whether snap, a change's snapshot, is the very bytes a
// move marshaled the table's state into (see afterMoves): only then is
// that state known to be what the stored row now holds. Paths that build
// a new state (undo, the deal) or save another one are not kept.
func savedAs(t *table, snap []byte) bool {
	return t.state != nil && len(snap) > 0 && len(t.saved) == len(snap) && &t.saved[0] == &snap[0]
}

// movesTheGame reports whether a committed change moved the game on, so
// that its announcement names who acts next: moves were played (by a
// player, a stand-in or a closed window), the game was dealt, a move was
// taken back, or a seat changed hands.
func movesTheGame(ch storage.Change) bool {
	return len(ch.Moves) > 0 || ch.Status == storage.Active || ch.UndoLast || ch.Seats != nil
}

// storedReply bounds the reply kept with a handled interaction, repeated
// if Discord delivers it again. A row of the interactions table longer
// than about a thousand bytes spills into an overflow page, one more page
// written by the move (a heist's reply often was); the redelivery's
// answer, which the first reply already gave in full, says what was
// done in its first lines.
const storedReply = 900

// alreadyHandled answers a redelivered interaction without acting again.
func (s *Service) alreadyHandled(ctx context.Context, req Request) (Response, error) {
	reply, _, err := s.DB.InteractionReply(ctx, req.ID)
	if err != nil {
		return Response{}, err
	}
	msg := "This was already done."
	if reply != "" {
		msg += "\n" + clip(reply, 1800)
	}
	return Response{Content: msg, Ephemeral: true}, nil
}

// redelivered reports whether req was handled before: Discord may
// deliver one interaction twice, and a command that changes a game must
// not act on it twice.
func (s *Service) redelivered(ctx context.Context, req Request) (bool, error) {
	if req.ID == "" {
		return false, nil
	}
	_, seen, err := s.DB.InteractionReply(ctx, req.ID)
	return seen, err
}

// once records a request that changes no game row, as update does for
// those that do, so a redelivered copy is answered without acting twice.
// When done is set, resp (or err) is the answer to give.
func (s *Service) once(ctx context.Context, req Request) (resp Response, done bool, err error) {
	if req.ID == "" {
		return Response{}, false, nil
	}
	err = s.DB.MarkInteraction(ctx, req.ID, "")
	if errors.Is(err, storage.ErrDuplicate) {
		resp, err = s.alreadyHandled(ctx, req)
		return resp, true, err
	}
	return Response{}, err != nil, err
}

// channelLoader loads the channel's open game afresh on every attempt of
// update.
func (s *Service) channelLoader(ctx context.Context, channelID string) func() (*table, error) {
	return func() (*table, error) { return s.loadChannel(ctx, channelID) }
}

// idLoader loads the game with id afresh on every attempt of update, for
// buttons and deadlines, which name their game.
func (s *Service) idLoader(ctx context.Context, id int64) func() (*table, error) {
	return func() (*table, error) { return s.loadID(ctx, id) }
}

var errNoGame = refuse("There is no game in this channel. Start one with `/newgame`.")

// loadChannel loads the channel's open game, or refuses when there is
// none.
func (s *Service) loadChannel(ctx context.Context, channelID string) (*table, error) {
	rec, err := s.DB.OpenGameKnown(ctx, channelID, s.states.known(channelID))
	if errors.Is(err, storage.ErrNotFound) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, err
	}
	return s.loadRecord(ctx, rec)
}

// loadID loads the game with id, or refuses when it is gone.
func (s *Service) loadID(ctx context.Context, id int64) (*table, error) {
	rec, err := s.DB.GameByID(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, refuse("That game no longer exists.")
	}
	if err != nil {
		return nil, err
	}
	return s.loadRecord(ctx, rec)
}

// inChannel refuses a button pressed in another channel than its game's.
// A game's id is not forever: `casefile reshard` may give a game a new id
// on its new shard, and an old message's button then carries an id that
// now names another game, in another channel.
func inChannel(req Request, t *table) error {
	if req.ChannelID != "" && t.rec.ChannelID != req.ChannelID {
		return refuse("That button belongs to a game of another channel, or to one that has moved: use `/status` here to see this channel's game.")
	}
	return nil
}

// loadRecord pairs a stored game with its rules, and restores its state
// once it has started. A game saved under another version of its rules is
// replayed from its log under the rules of this build (see rulesChanged).
func (s *Service) loadRecord(ctx context.Context, rec *storage.Game) (*table, error) {
	def, ok := s.Catalog.Get(rec.Game)
	if !ok {
		return nil, fmt.Errorf("game %d is of unknown kind %q", rec.ID, rec.Game)
	}
	t := &table{rec: rec, def: def, seats: slices.Clone(rec.Seats), options: maps.Clone(rec.Options)}
	if rec.Status == storage.Active || rec.Status == storage.Over {
		if max(rec.RulesVersion, 1) != def.Version() {
			return s.rulesChanged(ctx, t)
		}
		var st engine.State
		if e, ok := s.states.take(rec.ID, rec.Game, rec.Version, rec.Snapshot); ok {
			st, t.latest, t.latestRead, t.kept = e.state, e.latest, e.latestOK, e.secrets
		} else {
			var err error
			if st, err = def.Load(rec.Snapshot); err != nil {
				return nil, fmt.Errorf("game %d snapshot: %w", rec.ID, err)
			}
		}
		t.state, t.loaded = st, rec.Snapshot
		t.before = st.Turn()
	}
	return t, nil
}

// rulesChanged restores a game saved under another version of its rules
// by replaying its log under this build's rules: the moves stay what the
// players chose, and the state is what the rules now make of them; the
// next change saves it with this version. When the log no longer plays
// (a move the new rules refuse), a running game cannot go on: it is ended
// without a result, and the refusal tells the table why.
func (s *Service) rulesChanged(ctx context.Context, t *table) (*table, error) {
	moves, err := s.DB.Moves(ctx, t.rec.ID)
	if err != nil {
		return nil, err
	}
	st, rerr := engine.Replay(t.def, t.setup(len(t.rec.Seats)), liveLog(moves))
	if rerr == nil {
		t.state, t.before = st, st.Turn()
		s.Log.Info("game replayed under new rules", "game_id", t.rec.ID, "game", t.def.ID, "from_version", max(t.rec.RulesVersion, 1), "to_version", t.def.Version())
		return t, nil
	}
	s.Log.Warn("game cannot be replayed under new rules", "game_id", t.rec.ID, "game", t.def.ID, "error", rerr)
	why := fmt.Sprintf("This game of **%s** was started under an older version of its rules (version %d), and its moves no longer play under this version (%d): %v.",
		t.def.Name, max(t.rec.RulesVersion, 1), t.def.Version(), rerr)
	if t.rec.Status == storage.Active {
		_, err := s.DB.Commit(ctx, storage.Change{GameID: t.rec.ID, Version: t.rec.Version, Status: storage.Aborted,
			Result: "ended: the rules changed under it", Deadlines: []storage.Deadline{}})
		if err != nil && !errors.Is(err, storage.ErrConflict) {
			return nil, err
		}
		return nil, refuse("%s It has been ended without a result; `/history game:%d` keeps its log, and the channel is free for `/newgame`.", why, t.rec.ID)
	}
	return nil, refuse("%s", why)
}

// liveLog is the move log a game replays from: its moves not undone.
func liveLog(moves []storage.Move) []engine.LoggedMove {
	var log []engine.LoggedMove
	for _, m := range moves {
		if !m.Undone {
			log = append(log, engine.LoggedMove{Seat: engine.Seat(m.Seat), Text: m.Text})
		}
	}
	return log
}
