package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestHeapProfilesOnSignal: with CASEFILE_HEAP_PROFILE set, the bot writes
// a heap profile each time it gets SIGUSR1, numbered in turn, as the load
// test asks when its moves start and stop; each is a whole gzipped pprof
// file, written aside and renamed, so a reader never sees half of one.
func TestHeapProfilesOnSignal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "heap")
	var log bytes.Buffer
	stop := heapProfilesOnSignal(path, &log)
	for n := 1; n <= 2; n++ {
		file := path + "." + string(rune('0'+n))
		syscall.Kill(os.Getpid(), syscall.SIGUSR1)
		deadline := time.Now().Add(10 * time.Second)
		for {
			data, err := os.ReadFile(file)
			if err == nil {
				if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
					t.Fatalf("%s is not a gzipped profile: % x", file, data[:min(len(data), 8)])
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no profile %s after SIGUSR1 (log: %s)", file, log.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	stop()
	if _, err := os.Stat(path + ".1.part"); err == nil {
		t.Error("a profile's part file was left behind")
	}
	if log.Len() > 0 {
		t.Errorf("errors were logged: %s", log.String())
	}
}
