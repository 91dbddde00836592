package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// OwedPicture is a board picture a committed change owes its channel, or
// a seat's own picture it owes that seat's player by DM: the state and
// seats to draw it from, as they were right after that change (read from
// the game's row while it is at that version, else from the copy kept
// when a later change moved it on).
type OwedPicture struct {
	GameID    int64
	Game      string
	ChannelID string
	// MoveN is the number of moves in the log when the picture was owed.
	MoveN int
	// Version is the game's version the change made.
	Version      int64
	RulesVersion int
	// Snapshot is the committed state (secrets included, like the game's
	// own snapshot); only its public view is drawn.
	Snapshot []byte
	Seats    []Seat
	// Caption is the text posted with the picture.
	Caption  string
	OwedAt   time.Time
	Attempts int
	// UserID, when set, is the person the picture goes to by DM, and
	// Seat the seat whose own view it shows; a channel's board has no
	// UserID and Seat -1.
	UserID string
	Seat   int
}

// PictureKey names an owed picture: a change owes at most one picture
// per seat, and the channel's board is seat -1.
type PictureKey struct {
	GameID, Version int64
	Seat            int
}

// Key is the picture's key.
func (p OwedPicture) Key() PictureKey {
	return PictureKey{GameID: p.GameID, Version: p.Version, Seat: p.Seat}
}

// String names the picture in logs and errors.
func (k PictureKey) String() string {
	return fmt.Sprintf("%d/%d/%d", k.GameID, k.Version, k.Seat)
}

// owedAt is where in a game's life a change's pictures are owed: the
// state its commit has just written.
type owedAt struct {
	game, version       int64
	channel             string
	moveN, rulesVersion int
	now                 time.Time
}

// owePictures records, inside the change's transaction, the pictures of
// the state it has just written, in the order given: the channel's board
// when a picture's UserID is empty, else that seat's own picture for its
// UserID. A row is keyed by the game, the version and the seat (migration
// 0015) and carries no copy of the state: the games row is that state
// until a later change moves it on, and then the trigger of migration
// 0012 keeps it once in picture_states, for all the pictures of that
// version. One statement
// writes them all: a statement costs a round through the driver, more
// than SQLite's own work here.
func owePictures(ctx context.Context, tx execer, at owedAt, ps []PrivatePicture) error {
	if len(ps) == 0 {
		return nil
	}
	rows := make([]string, len(ps))
	args := make([]any, 0, 9*len(ps))
	for i, p := range ps {
		seat := p.Seat
		if p.UserID == "" {
			seat = -1
		}
		rows[i] = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
		args = append(args, at.game, at.version, seat, at.channel, p.UserID, at.moveN, at.rulesVersion, p.Caption, ms(at.now))
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO pictures_owed (game_id, version, seat, channel_id, user_id, move_n, rules_version, caption, owed_at)
		VALUES `+strings.Join(rows, ", "), args...)
	return err
}

// OwedPictures lists the pictures owed, at most limit, in the order they
// were owed within each game (by version, which every change moves on:
// phase order; a version's board first, then its seats' own pictures by
// seat), and a channel's games in the order they were created, which is
// the order their pictures were owed in: a channel holds one open game at
// a time. Games are ordered by when they were created, not by id, because
// a reshard may give an older game a higher id than a newer one. A
// person's DMs from two games at once come game by game.
func (d *DB) OwedPictures(ctx context.Context, limit int) ([]OwedPicture, error) {
	// The state of a picture's version is the games row while it is
	// still at that version, else the copy kept when it moved on.
	rows, err := d.db.QueryContext(ctx, `SELECT p.game_id, g.game, p.channel_id, p.move_n, p.version, p.rules_version,
			CASE WHEN g.version = p.version THEN g.snapshot ELSE k.snapshot END,
			CASE WHEN g.version = p.version THEN (SELECT json_group_array(json_object('seat', s.seat, 'user_id', s.user_id, 'name', s.name,
				'standin', json(CASE WHEN s.standin THEN 'true' ELSE 'false' END),
				'resigned', json(CASE WHEN s.resigned THEN 'true' ELSE 'false' END),
				'won', json(CASE WHEN s.won THEN 'true' ELSE 'false' END)) ORDER BY s.seat) FROM seats s WHERE s.game_id = g.id)
			ELSE k.seats END,
			p.caption, p.owed_at, p.attempts, p.user_id, p.seat
		FROM pictures_owed p JOIN games g ON g.id = p.game_id LEFT JOIN picture_states k ON k.game_id = p.game_id AND k.version = p.version
		ORDER BY g.created_at, p.game_id, p.version, p.seat LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OwedPicture
	for rows.Next() {
		var p OwedPicture
		var seats sql.NullString
		var at int64
		if err := rows.Scan(&p.GameID, &p.Game, &p.ChannelID, &p.MoveN, &p.Version, &p.RulesVersion, &p.Snapshot, &seats, &p.Caption, &at, &p.Attempts, &p.UserID, &p.Seat); err != nil {
			return nil, err
		}
		// A picture whose state is gone (nothing should lose one while
		// it is owed) comes with none, and the worker drops it: one bad
		// row must not stop the others.
		if seats.Valid {
			if err := json.Unmarshal([]byte(seats.String), &p.Seats); err != nil {
				return nil, fmt.Errorf("storage: owed picture %v seats: %w", p.Key(), err)
			}
		}
		p.OwedAt = fromMS(at)
		out = append(out, p)
	}
	return out, rows.Err()
}

// PictureDone forgets an owed picture: it was posted, or it can never be.
func (d *DB) PictureDone(ctx context.Context, k PictureKey) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM pictures_owed WHERE game_id = ? AND version = ? AND seat = ?`, k.GameID, k.Version, k.Seat)
	return err
}

// PictureFailed counts a failed attempt to post an owed picture and
// returns how many there have been.
func (d *DB) PictureFailed(ctx context.Context, k PictureKey) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `UPDATE pictures_owed SET attempts = attempts + 1 WHERE game_id = ? AND version = ? AND seat = ? RETURNING attempts`, k.GameID, k.Version, k.Seat).Scan(&n)
	return n, err
}

// PicturesOwedCount is how many pictures are owed.
func (d *DB) PicturesOwedCount(ctx context.Context) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM pictures_owed`).Scan(&n)
	return n, err
}
