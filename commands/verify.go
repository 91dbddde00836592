package commands

import (
	"bytes"
	"context"
	"fmt"

	"casefile/engine"
	"casefile/storage"
)

// Replay rebuilds a stored game's state from its seed, options and the
// moves of its log that were not undone, as the bot does after a rules
// change.
func Replay(def *engine.Game, rec *storage.Game, moves []storage.Move) (engine.State, error) {
	t := &table{rec: rec, def: def}
	return engine.Replay(def, t.setup(len(rec.Seats)), liveLog(moves))
}

// VerifyGames checks that every game a database holds can be played on:
// each started game's snapshot loads, and its log replays from its seed to
// the same state (games saved under the rules version the catalogue plays
// now; an older one must at least replay, as the bot will do when it is
// next touched). Lobbies have no state and aborted games are not played
// again, so they are counted but not replayed. It returns how many games
// it replayed.
func VerifyGames(ctx context.Context, db *storage.DB, cat *engine.Catalog) (int, error) {
	ids, err := db.AllGames(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		rec, err := db.GameByID(ctx, id)
		if err != nil {
			return n, fmt.Errorf("game %d: %w", id, err)
		}
		if rec.Status == storage.Lobby || rec.Status == storage.Aborted {
			continue
		}
		def, ok := cat.Get(rec.Game)
		if !ok {
			return n, fmt.Errorf("game %d: this build has no game %q", id, rec.Game)
		}
		if _, err := def.Load(rec.Snapshot); err != nil {
			return n, fmt.Errorf("game %d (%s): its snapshot does not load: %w", id, def.Name, err)
		}
		moves, err := db.Moves(ctx, id)
		if err != nil {
			return n, fmt.Errorf("game %d: %w", id, err)
		}
		st, err := Replay(def, rec, moves)
		if err != nil {
			return n, fmt.Errorf("game %d (%s): its log does not replay: %w", id, def.Name, err)
		}
		if max(rec.RulesVersion, 1) == def.Version() {
			snap, err := st.Marshal()
			if err != nil {
				return n, err
			}
			if !bytes.Equal(snap, rec.Snapshot) {
				return n, fmt.Errorf("game %d (%s): its log replays to another state than its snapshot", id, def.Name)
			}
		}
		n++
	}
	return n, nil
}
