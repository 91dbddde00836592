package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Deadline is a scheduled moment for one seat of a game: a turn clock
// running out, a reminder, a reaction window closing, a lobby expiring.
// The rows are the scheduler's source of truth, so deadlines survive a
// restart; a deadline fires once because firing is a guarded update.
type Deadline struct {
	ID      int64
	GameID  int64
	Seat    int
	Kind    string
	DueAt   time.Time
	FiredAt *time.Time
	// Payload is the scheduler's own note on the deadline; commands keeps
	// there which decision a clock times.
	Payload string
	// Paused is set while the deadline's clock is stopped (its seat waits
	// on a decision it does not answer); Left is then the time it had left,
	// and DueAt means nothing. A paused deadline is never due.
	Paused bool
	Left   time.Duration
}

// deadlinesPerChange bounds the deadlines one change writes: a deadline's
// id is the version the change gave its game times this, plus its place
// in the change's list (migration 0017).
const deadlinesPerChange = 256

// replaceDeadlines writes ds as the game's deadlines in place of those it
// had, inside the change that moved it to version. Each gets an id no
// earlier deadline of the game had (see FireDeadline), in ds's order.
func replaceDeadlines(ctx context.Context, tx execer, gameID, version int64, ds []Deadline) error {
	if len(ds) > deadlinesPerChange {
		return fmt.Errorf("storage: %d deadlines in one change of game %d, at most %d", len(ds), gameID, deadlinesPerChange)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM deadlines WHERE game_id = ?`, gameID); err != nil {
		return err
	}
	if len(ds) == 0 {
		return nil
	}
	// One statement for all rows: a move replaces several deadlines, and
	// each statement is a round through the driver.
	q := make([]string, len(ds))
	args := make([]any, 0, 8*len(ds))
	for i, d := range ds {
		var fired any
		if d.FiredAt != nil {
			fired = ms(*d.FiredAt)
		}
		var left any
		if d.Paused {
			left = d.Left.Milliseconds()
		}
		q[i] = "(?, ?, ?, ?, ?, ?, ?, ?)"
		args = append(args, gameID, d.Seat, d.Kind, version*deadlinesPerChange+int64(i), ms(d.DueAt), fired, d.Payload, left)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO deadlines (game_id, seat, kind, id, due_at, fired_at, payload, paused_left) VALUES `+strings.Join(q, ", "), args...)
	return err
}

// Deadlines lists a game's deadlines, fired or not, by due time.
func (d *DB) Deadlines(ctx context.Context, gameID int64) ([]Deadline, error) {
	return d.queryDeadlines(ctx, `SELECT `+deadlineColumns+` FROM deadlines WHERE game_id = ? ORDER BY due_at, id`, gameID)
}

// DueDeadlines lists unfired deadlines due at or before now, across games.
func (d *DB) DueDeadlines(ctx context.Context, now time.Time) ([]Deadline, error) {
	return d.queryDeadlines(ctx, `SELECT `+deadlineColumns+` FROM deadlines WHERE fired_at IS NULL AND paused_left IS NULL AND due_at <= ? ORDER BY due_at, id`, ms(now))
}

// parseDeadlines reads the deadlines a game's load gives as JSON (see
// gameColumns).
func parseDeadlines(data string) ([]Deadline, error) {
	var rows []struct {
		ID         int64  `json:"id"`
		GameID     int64  `json:"game_id"`
		Seat       int    `json:"seat"`
		Kind       string `json:"kind"`
		DueAt      int64  `json:"due_at"`
		FiredAt    *int64 `json:"fired_at"`
		Payload    string `json:"payload"`
		PausedLeft *int64 `json:"paused_left"`
	}
	if err := json.Unmarshal([]byte(data), &rows); err != nil {
		return nil, err
	}
	var out []Deadline
	for _, r := range rows {
		dl := Deadline{ID: r.ID, GameID: r.GameID, Seat: r.Seat, Kind: r.Kind, DueAt: fromMS(r.DueAt), Payload: r.Payload}
		if r.PausedLeft != nil {
			dl.Paused, dl.Left = true, time.Duration(*r.PausedLeft)*time.Millisecond
		}
		if r.FiredAt != nil {
			t := fromMS(*r.FiredAt)
			dl.FiredAt = &t
		}
		out = append(out, dl)
	}
	return out, nil
}

const deadlineColumns = `id, game_id, seat, kind, due_at, fired_at, payload, paused_left`

func (d *DB) queryDeadlines(ctx context.Context, q string, args ...any) ([]Deadline, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Deadline
	for rows.Next() {
		var dl Deadline
		var due int64
		var fired, left sql.NullInt64
		if err := rows.Scan(&dl.ID, &dl.GameID, &dl.Seat, &dl.Kind, &due, &fired, &dl.Payload, &left); err != nil {
			return nil, err
		}
		if left.Valid {
			dl.Paused, dl.Left = true, time.Duration(left.Int64)*time.Millisecond
		}
		dl.DueAt = fromMS(due)
		if fired.Valid {
			t := fromMS(fired.Int64)
			dl.FiredAt = &t
		}
		out = append(out, dl)
	}
	return out, rows.Err()
}

// FireDeadline marks a deadline, as listed by Deadlines or DueDeadlines,
// fired. It reports false when another process or tick fired it first (or
// it was replaced: the row under its key has another id), so the caller
// acts only when it returns true.
func (d *DB) FireDeadline(ctx context.Context, dl Deadline, now time.Time) (bool, error) {
	res, err := d.db.ExecContext(ctx, `UPDATE deadlines SET fired_at = ? WHERE game_id = ? AND seat = ? AND kind = ? AND id = ? AND fired_at IS NULL`,
		ms(now), dl.GameID, dl.Seat, dl.Kind, dl.ID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// LastMentions returns when each seat of a game was last pinged.
func (d *DB) LastMentions(ctx context.Context, gameID int64) (map[int]time.Time, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT seat, at FROM mentions WHERE game_id = ?`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]time.Time{}
	for rows.Next() {
		var seat int
		var at int64
		if err := rows.Scan(&seat, &at); err != nil {
			return nil, err
		}
		out[seat] = fromMS(at)
	}
	return out, rows.Err()
}

func recordMentions(ctx context.Context, tx execer, gameID int64, seats []int, at time.Time) error {
	for _, seat := range seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO mentions (game_id, seat, at) VALUES (?, ?, ?)
			ON CONFLICT (game_id, seat) DO UPDATE SET at = excluded.at`, gameID, seat, ms(at)); err != nil {
			return err
		}
	}
	return nil
}
