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

// PruneInteractions deletes the handled interactions recorded before
// before, and reports how many. A row is kept so that a redelivered
// interaction is applied once and answered as the first time; Discord
// redelivers within an interaction token's 15 minutes, and a deadline
// once fired is marked so in its own row, so rows a day old protect
// nothing.
//
// Rows are found through the table's key, the id, with no index by time
// (since migration 0014; an index by time was one more page written by
// every move): a Discord id is a snowflake, a number that rises with the
// time it was made, so the rows of ids below the snowflake of before are
// the old ones and lie at the start of the key's order, read up to there
// and no further. The bot's own ids (a deadline's, "deadline/…") begin
// with a letter and lie after every number: they are few (one per fired
// deadline) and read whole. Ids of digits that are no snowflake of this
// era are only pruned when they sort below that snowflake.
func (d *DB) PruneInteractions(ctx context.Context, before time.Time) (int64, error) {
	cut := "0"
	if t := before.UnixMilli() - discordEpoch; t > 0 {
		cut = strconv.FormatUint(uint64(t)<<22, 10)
	}
	var total int64
	for _, where := range []string{`id < ?1 AND at < ?2`, `id > ':' AND at < ?2`} {
		for {
			res, err := d.db.ExecContext(ctx, `DELETE FROM interactions WHERE id IN (SELECT id FROM interactions WHERE `+where+` LIMIT ?3)`, cut, ms(before), pruneBatch)
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
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM interactions`).Scan(&n)
	return n, err
}
