package storage

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
)

// SeatUsers is the seats' holders of g in the form StillOpen compares:
// "seat:user" in seat order, joined by commas. Two games with the same
// SeatUsers give every person the same seats.
func (g *Game) SeatUsers() string {
	var b strings.Builder
	for i, s := range g.Seats {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(s.Seat))
		b.WriteByte(':')
		b.WriteString(s.UserID)
	}
	return b.String()
}

// StillOpen reports whether the channel's open game is still the game id
// at version, under rules version rules, with exactly the snapshot given
// and seats held as seatUsers says (see SeatUsers). It is how something
// worked out from a loaded game (the autocomplete's move lists) is known
// to still hold without loading the game again: SQLite compares the
// snapshot in place, so nothing of the row is copied out but one number,
// and a change made by any path or process (another shard, a restore)
// shows.
func (d *DB) StillOpen(ctx context.Context, channelID string, id, version int64, rules int, seatUsers string, snapshot []byte) (bool, error) {
	var one int
	err := d.db.QueryRowContext(ctx, `SELECT 1 FROM games WHERE channel_id = ? AND status = 'active' AND id = ? AND version = ? AND rules_version = ?
		AND snapshot = ? AND ifnull((SELECT group_concat(s.seat || ':' || s.user_id, ',' ORDER BY s.seat) FROM seats s WHERE s.game_id = games.id), '') = ?`,
		channelID, id, version, rules, snapshot, seatUsers).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
