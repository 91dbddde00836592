package storage

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// User holds one person's preferences across games.
type User struct {
	UserID string
	// AwayUntil is when away mode ends; zero when not away.
	AwayUntil time.Time
	// NotifyDM is whether reminders also come by DM.
	NotifyDM bool
}

// User loads a user's preferences, with defaults for an unknown user.
func (d *DB) User(ctx context.Context, userID string) (User, error) {
	u := User{UserID: userID, NotifyDM: true}
	var away int64
	err := d.db.QueryRowContext(ctx, `SELECT away_until, notify_dm FROM users WHERE user_id = ?`, userID).Scan(&away, &u.NotifyDM)
	if errors.Is(err, sql.ErrNoRows) {
		return u, nil
	}
	if away > 0 {
		u.AwayUntil = fromMS(away)
	}
	return u, err
}

// SaveUser stores a user's preferences.
func (d *DB) SaveUser(ctx context.Context, u User) error {
	var away int64
	if !u.AwayUntil.IsZero() {
		away = ms(u.AwayUntil)
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO users (user_id, away_until, notify_dm) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until, notify_dm = excluded.notify_dm`, u.UserID, away, u.NotifyDM)
	return err
}

// Vote records userID's vote of kind on a game and returns every voter.
func (d *DB) Vote(ctx context.Context, gameID int64, kind, userID string) ([]string, error) {
	if _, err := d.db.ExecContext(ctx, `INSERT OR IGNORE INTO votes (game_id, kind, user_id, at) VALUES (?, ?, ?, ?)`, gameID, kind, userID, ms(d.Now())); err != nil {
		return nil, err
	}
	rows, err := d.db.QueryContext(ctx, `SELECT user_id FROM votes WHERE game_id = ? AND kind = ? ORDER BY at, user_id`, gameID, kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// ShiftUserDeadlines moves every pending clock and reminder of userID's
// seats in running games by delta: away mode pauses a player's clocks.
func (d *DB) ShiftUserDeadlines(ctx context.Context, userID string, delta time.Duration) (int64, error) {
	res, err := d.db.ExecContext(ctx, `UPDATE deadlines SET due_at = due_at + ?
		WHERE fired_at IS NULL AND paused_left IS NULL AND kind IN ('clock', 'remind') AND EXISTS (
			SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id
			WHERE s.game_id = deadlines.game_id AND s.seat = deadlines.seat AND s.user_id = ? AND g.status = 'active')`,
		delta.Milliseconds(), userID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// GamesOfUser lists the running games in which userID holds a seat.
func (d *DB) GamesOfUser(ctx context.Context, userID string) ([]*Game, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND g.status = 'active' ORDER BY g.id`, userID)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	var out []*Game
	for _, id := range ids {
		g, err := d.GameByID(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// KeyedMessage returns the id of the message kept under key in a channel.
func (d *DB) KeyedMessage(ctx context.Context, channelID, key string) (string, bool, error) {
	var id string
	err := d.db.QueryRowContext(ctx, `SELECT message_id FROM keyed_messages WHERE channel_id = ? AND key = ?`, channelID, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return id, err == nil, err
}

// SetKeyedMessage records the message kept under key in a channel.
func (d *DB) SetKeyedMessage(ctx context.Context, channelID, key, messageID string) error {
	_, err := d.db.ExecContext(ctx, `INSERT INTO keyed_messages (channel_id, key, message_id, at) VALUES (?, ?, ?, ?)
		ON CONFLICT (channel_id, key) DO UPDATE SET message_id = excluded.message_id, at = excluded.at`, channelID, key, messageID, ms(d.Now()))
	return err
}
