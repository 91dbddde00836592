//go:build cgo

package storage

import (
	"errors"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// The SQLite driver is cgo: everything that names its identifiers lives
// here, so that a build without cgo fails in sqlite_nocgo.go with a
// message naming the fix instead of deep inside the driver's API.

// isUnique reports whether err is a constraint violation.
func isUnique(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrConstraint
}

// copyDatabase copies the main database of src into dst page by page with
// SQLite's online backup API. src stays open for writers: the copy is one
// consistent snapshot (WAL lets the bot commit while it is read).
func copyDatabase(dst, src any) error {
	d, ok1 := dst.(*sqlite3.SQLiteConn)
	s, ok2 := src.(*sqlite3.SQLiteConn)
	if !ok1 || !ok2 {
		return errors.New("storage: backup needs two SQLite connections")
	}
	b, err := d.Backup("main", s, "main")
	if err != nil {
		return err
	}
	if _, err := b.Step(-1); err != nil {
		b.Close()
		return err
	}
	return b.Finish()
}
