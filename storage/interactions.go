package storage

import (
	"context"
	"time"
)

// pruneBatch bounds the rows one statement of PruneInteractions deletes,
// so that a pruning after a long stop holds SQLite's write lock for
// moments at a time and moves commit between its batches.
const pruneBatch = 500

// PruneInteractions deletes the handled interactions recorded before
// before, and reports how many. A row is kept so that a redelivered
// interaction is applied once and answered as the first time; Discord
// redelivers within an interaction token's 15 minutes, and a deadline
// once fired is marked so in its own row, so rows a day old protect
// nothing. Rows are chosen by id, the table's key: since migration 0012
// the table has no rowid.
func (d *DB) PruneInteractions(ctx context.Context, before time.Time) (int64, error) {
	var total int64
	for {
		res, err := d.db.ExecContext(ctx, `DELETE FROM interactions WHERE id IN (SELECT id FROM interactions WHERE at < ? LIMIT ?)`, ms(before), pruneBatch)
		if err != nil {
			return total, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return total, err
		}
		total += n
		if n < pruneBatch {
			return total, nil
		}
	}
}

// Interactions is how many handled interactions are recorded.
func (d *DB) Interactions(ctx context.Context) (int64, error) {
	var n int64
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM interactions`).Scan(&n)
	return n, err
}
