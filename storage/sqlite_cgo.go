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
