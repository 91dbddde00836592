//go:build !cgo

package storage

// Casefile stores games in SQLite through github.com/mattn/go-sqlite3,
// which is cgo: it needs a C compiler and CGO_ENABLED=1. Without cgo the
// build stops on the undefined identifier below, whose name is the fix.
var _ = Casefile_needs_cgo__install_gcc_and_build_with_CGO_ENABLED_1

// isUnique is declared so that the identifier above is the only error.
func isUnique(error) bool { return false }

func copyDatabase(dst, src any) error { return nil }
