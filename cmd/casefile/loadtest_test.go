package main

import (
	"os"
	"testing"
)

// TestProcReadsOwnMemoryAndCPU: the readings --bot-apart takes of the
// child bot (VmHWM and VmRSS from /proc/PID/status, CPU from
// /proc/PID/stat) parse, here on this test's own process: the peak is at
// least the current RSS, and both are at least the megabytes this test
// touches.
func TestProcReadsOwnMemoryAndCPU(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc here")
	}
	big := make([]byte, 32<<20)
	for i := range big {
		big[i] = byte(i)
	}
	pid := os.Getpid()
	rss, err := procStatusKB(pid, "VmRSS")
	if err != nil {
		t.Fatal(err)
	}
	// The peak is read after the RSS, which may grow in between.
	hwm, err := procStatusKB(pid, "VmHWM")
	if err != nil {
		t.Fatal(err)
	}
	if rss < 32<<10 || hwm < rss {
		t.Errorf("VmRSS %d kB, VmHWM %d kB: want RSS ≥ 32 MB and the peak ≥ RSS", rss, hwm)
	}
	if _, err := procStatusKB(pid, "VmNoSuchField"); err == nil {
		t.Error("a field /proc does not have was read")
	}
	cpu, err := procCPU(pid)
	if err != nil {
		t.Fatal(err)
	}
	if cpu <= 0 {
		t.Errorf("CPU %v after touching 32 MB, want more than none", cpu)
	}
	_ = big[len(big)-1]
}
