//go:build linux || darwin || freebsd || netbsd || openbsd

package storage

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// The byte ranges SQLite's unix VFS locks with POSIX advisory locks. Every
// connection to a WAL database holds a read lock on the "dead man switch"
// byte of the -shm file for as long as it is open, busy or idle; a
// connection writing a rollback-journal database locks bytes of the main
// file from its pending byte on.
const (
	shmDeadManSwitch = 120 + 8 // UNIX_SHM_BASE + SQLITE_SHM_NLOCK
	pendingByte      = 0x40000000
	lockBytes        = 512 + 2 // pending, reserved and the shared range
)

// inUse reports whether another process has the SQLite database at path
// open, as SQLite's own locks show it, and that process's id. Locks
// held by this process are not seen (POSIX locks belong to the process),
// so it must not have the file open itself.
func inUse(path string) (pid int, used bool, err error) {
	if pid, used, err := locked(path+"-shm", shmDeadManSwitch, 1); used || err != nil {
		return pid, used, err
	}
	return locked(path, pendingByte, lockBytes)
}

// locked asks the kernel whether a write lock on the range of the file
// would conflict with another process's lock.
func locked(path string, start, n int64) (int, bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: 0, Start: start, Len: n}
	if err := syscall.FcntlFlock(f.Fd(), syscall.F_GETLK, &lk); err != nil {
		return 0, false, err
	}
	if lk.Type == syscall.F_UNLCK {
		return 0, false, nil
	}
	return int(lk.Pid), true, nil
}
