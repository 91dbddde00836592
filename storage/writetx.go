package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
)

// execer is what a change's statements are sent through: a database/sql
// transaction or a writeTx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// writeTx is a write transaction on one connection of the pool, begun
// and ended by statements of its own, under the caller's context without
// its cancellation (see brief). A database/sql Tx starts a goroutine that
// watches its context, and one more for the rows of each query in it;
// and under a context that can be cancelled, as the bot's handlers run
// under, the driver runs each statement on a goroutine of its own while
// the caller waits for it. Each of those hands the work between
// goroutines and wakes the machine's other core: on a move, as much wall
// time as SQLite's own work in the statements (issue 16).
type writeTx struct {
	conn *sql.Conn
	// ctx is the context the statements run under.
	ctx  context.Context
	done bool
}

// beginWrite takes a connection and begins a write transaction on it.
// IMMEDIATE takes the write lock at once, as the DSN's _txlock does for
// database/sql's transactions: two writers queue on busy_timeout instead
// of failing mid-way. A caller whose context is already done gets its
// error and nothing begins.
func (d *DB) beginWrite(ctx context.Context) (*writeTx, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ctx = brief(ctx)
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		conn.Close()
		return nil, err
	}
	return &writeTx{conn: conn, ctx: ctx}, nil
}

// ExecContext runs a statement in the transaction, under the
// transaction's context whatever ctx is.
func (t *writeTx) ExecContext(_ context.Context, query string, args ...any) (sql.Result, error) {
	return t.conn.ExecContext(t.ctx, query, args...)
}

// QueryRowContext runs a query in the transaction, as ExecContext does.
func (t *writeTx) QueryRowContext(_ context.Context, query string, args ...any) *sql.Row {
	return t.conn.QueryRowContext(t.ctx, query, args...)
}

// Commit writes the transaction and gives the connection back. When it
// fails, Rollback ends the transaction.
func (t *writeTx) Commit() error {
	if _, err := t.conn.ExecContext(t.ctx, `COMMIT`); err != nil {
		return err
	}
	t.done = true
	return t.conn.Close()
}

// Rollback ends the transaction unless it was committed, and gives the
// connection back; deferred right after beginWrite. A connection whose
// ROLLBACK failed may still be inside the transaction, and is closed
// rather than given back to the pool, where the next statement on it
// would run inside that transaction.
func (t *writeTx) Rollback() {
	if t.done {
		return
	}
	t.done = true
	if _, err := t.conn.ExecContext(t.ctx, `ROLLBACK`); err != nil {
		t.conn.Raw(func(any) error { return driver.ErrBadConn })
	}
	t.conn.Close()
}

// brief is ctx without its cancellation, for statements of a few
// microseconds of SQLite's work: the rows of the game a command loads,
// and a change's transaction once begun. Honouring a cancellation costs
// such a statement a goroutine or two (see writeTx), and cuts nothing
// short worth cutting: a change stopped half-way is rolled back, and its
// command has nothing to answer without it.
func brief(ctx context.Context) context.Context {
	return context.WithoutCancel(ctx)
}
