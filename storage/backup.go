package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of the whole database to path while
// the bot keeps running, through SQLite's online backup API: a snapshot
// of the last commit, never a half-written one. The copy is written
// beside path and renamed over it only once complete and checked, so an
// interrupted backup never leaves a damaged file under the name asked
// for; an existing file at path is refused rather than overwritten.
func (d *DB) Backup(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("storage: backup: %s already exists; choose a new name", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("storage: backup: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".part-*")
	if err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close()
	ok := false
	defer func() {
		if !ok {
			os.Remove(tmpPath)
		}
	}()
	if err := d.copyTo(ctx, tmpPath); err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	if err := os.Chmod(tmpPath, 0o600); err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	if err := os.Rename(tmpPath, path); err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	ok = true
	return nil
}

// copyTo copies the database into the (empty) file at path and checks
// the copy's integrity.
func (d *DB) copyTo(ctx context.Context, path string) error {
	dst, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		return err
	}
	defer dst.Close()
	dc, err := dst.Conn(ctx)
	if err != nil {
		return err
	}
	defer dc.Close()
	sc, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer sc.Close()
	err = dc.Raw(func(dconn any) error {
		return sc.Raw(func(sconn any) error { return copyDatabase(dconn, sconn) })
	})
	if err != nil {
		return err
	}
	var check string
	if err := dc.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil {
		return err
	}
	if check != "ok" {
		return fmt.Errorf("the copy fails its integrity check: %s", check)
	}
	return nil
}

// Counts says how many games a database holds by status, and how many
// moves, for a backup's report.
func (d *DB) Counts(ctx context.Context) (games map[Status]int, moves int, err error) {
	games = map[Status]int{}
	rows, err := d.db.QueryContext(ctx, `SELECT status, COUNT(*) FROM games GROUP BY status`)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var s Status
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return nil, 0, err
		}
		games[s] = n
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	err = d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM moves`).Scan(&moves)
	return games, moves, err
}

// AllGames lists the id of every game the database holds, lobbies and
// finished games included, oldest first.
func (d *DB) AllGames(ctx context.Context) ([]int64, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
