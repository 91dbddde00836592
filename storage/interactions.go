package storage

import (
	"context"
	"strconv"
	"time"
)

// pruneBatch bounds the rows one statement of PruneInteractions deletes,
// so that a pruning after a long stop holds SQLite's write lock for
// moments at a time and moves commit between its batches.
const pruneBatch = 500

// discordEpoch is the first millisecond of 2015 in Unix time, from which
// a Discord snowflake id counts the time it was made in its upper bits.
const discordEpoch = 1420070400000

// interactionRow is the table a handled interaction's id is kept in and
// its key there: an id Discord made (a snowflake, the decimal writing of
// a positive 64-bit number) in discord_interactions by its number, any
// other (the bot's own, "deadline/…") in interactions by its text. A
// rowid table appended at its end writes about 1.2 pages a row where
// the text key's tree wrote 2 (migration 0016).
func interactionRow(id string) (table string, key any) {
	if n, ok := snowflake(id); ok {
		return "discord_interactions", n
	}
	return "interactions", id
}

// snowflake is id's number when id is exactly its decimal writing.
func snowflake(id string) (int64, bool) {
	if id == "" || id[0] < '1' || id[0] > '9' {
		return 0, false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != id {
		return 0, false
	}
	return n, true
}

// PruneInteractions deletes the handled interactions recorded before
// before, and reports how many. A row is kept so that a redelivered
// interaction is applied once and answered as the first time; Discord
// redelivers within an interaction token's 15 minutes, and a deadline
// once fired is marked so in its own row, so rows a day old protect
// nothing.
//
// Rows are found through the tables' keys, with no index by time (an
// index by time was one more page written by every move): a Discord id is
// a snowflake, a number that rises with the time it was made, so the
// rows of discord_interactions below the snowflake of before are the old
// ones and lie at the start of its rowid's order, read up to there and
// no further. The other ids (the bot's own, "deadline/…", one per fired
// deadline) are few and read whole.
func (d *DB) PruneInteractions(ctx context.Context, before time.Time) (int64, error) {
	var cut int64
	if t := before.UnixMilli() - discordEpoch; t > 0 {
		cut = t << 22
	}
	var total int64
	for _, where := range []string{`discord_interactions WHERE id IN (SELECT id FROM discord_interactions WHERE id < ?1 AND at < ?2 LIMIT ?3)`,
		`interactions WHERE id IN (SELECT id FROM interactions WHERE at < ?2 LIMIT ?3)`} {
		for {
			res, err := d.db.ExecContext(ctx, `DELETE FROM `+where, cut, ms(before), pruneBatch)
			if err != nil {
				return total, err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return total, err
			}
			total += n
			if n < pruneBatch {
				break
			}
		}
	}
	return total, nil
}

// Interactions is how many handled interactions are recorded.
func (d *DB) Interactions(ctx context.Context) (int64, error) {
	var n int64
	err := d.db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM interactions) + (SELECT COUNT(*) FROM discord_interactions)`).Scan(&n)
	return n, err
}
