package storage

import (
	"context"
)

// LastClosedGame returns the channel's most recently finished or aborted
// game, or ErrNotFound.
func (d *DB) LastClosedGame(ctx context.Context, channelID string) (*Game, error) {
	return scanGame(d.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE channel_id = ? AND status IN ('over', 'aborted') AND snapshot IS NOT NULL ORDER BY updated_at DESC, id DESC LIMIT 1`, channelID))
}

// ChannelHistory lists the channel's games that were played (finished,
// aborted, or running), newest first, at most limit.
func (d *DB) ChannelHistory(ctx context.Context, channelID string, limit int) ([]*Game, error) {
	return d.gamesWhere(ctx, `SELECT `+gameColumns+` FROM games WHERE channel_id = ? AND status IN ('active', 'over', 'aborted') AND snapshot IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT ?`, channelID, limit)
}

// GuildGamesOfUser lists the running games of a server in which userID
// holds a seat, oldest first.
func (d *DB) GuildGamesOfUser(ctx context.Context, guildID, userID string) ([]*Game, error) {
	return d.gamesWhere(ctx, `SELECT `+gameColumns+` FROM games WHERE guild_id = ? AND status = 'active' AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id`, guildID, userID)
}

func (d *DB) gamesWhere(ctx context.Context, q string, args ...any) ([]*Game, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var out []*Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// StatLine is one person's record at one game on a server.
type StatLine struct {
	Game   string
	UserID string
	Name   string
	// Played counts finished games (not aborted ones); Won those among
	// them in which any seat the person held won.
	Played, Won int
}

// GuildStats lists every person's record per game on a server, by game,
// then most wins, most games. Bots (bots=N) are nobody's record.
func (d *DB) GuildStats(ctx context.Context, guildID string) ([]StatLine, error) {
	rows, err := d.db.QueryContext(ctx, `
		SELECT g.game, s.user_id, MAX(s.name), COUNT(DISTINCT g.id),
		       COUNT(DISTINCT CASE WHEN s.won = 1 THEN g.id END)
		FROM games g JOIN seats s ON s.game_id = g.id
		WHERE g.guild_id = ? AND g.status = 'over' AND s.user_id NOT LIKE 'bot:%'
		GROUP BY g.game, s.user_id
		ORDER BY g.game, 5 DESC, 4 DESC, 3`, guildID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StatLine
	for rows.Next() {
		var l StatLine
		if err := rows.Scan(&l.Game, &l.UserID, &l.Name, &l.Played, &l.Won); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// markWinners records the seats that won a finished game.
func markWinners(ctx context.Context, tx execer, gameID int64, seats []int) error {
	for _, s := range seats {
		if _, err := tx.ExecContext(ctx, `UPDATE seats SET won = 1 WHERE game_id = ? AND seat = ?`, gameID, s); err != nil {
			return err
		}
	}
	return nil
}
