package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestLoadTestSmoke runs the load test small and short (three games on
// two servers, 10 moves a second for 3 s) as an ordinary test, so that a
// change that breaks it is seen without the long runs of the README: moves
// are applied with no error, the bot's games stay in step with the
// driver's copies, boards are posted after the moves that owe them, the
// bot's decoded states serve its loads, and every field of the report is
// filled.
func TestLoadTestSmoke(t *testing.T) {
	o := LoadOptions{Games: 3, Servers: 2, Rate: 10, Duration: 3 * time.Second, Typing: 2, StatusEvery: 3, Seed: 7, Dir: t.TempDir()}
	rep, err := LoadTest(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
	if rep.Errors != 0 || rep.OutOfStep != 0 {
		t.Fatalf("%d errors (first: %s), %d games out of step with the driver", rep.Errors, rep.FirstError, rep.OutOfStep)
	}
	if rep.Moves < 5 || rep.Refused != 0 {
		t.Fatalf("%d moves applied and %d refused in %s at %.0f a second: want at least 5, none refused", rep.Moves, rep.Refused, o.Duration, o.Rate)
	}
	if rep.Elapsed < o.Duration || rep.MovesPerSecond <= 0 {
		t.Fatalf("elapsed %s, %.1f moves/s", rep.Elapsed, rep.MovesPerSecond)
	}
	if rep.Autocompletes < rep.Moves*o.Typing || rep.AutocompleteP50 <= 0 || rep.AutocompleteP99 < rep.AutocompleteP50 {
		t.Fatalf("%d autocompletes for %d moves (p50 %s, p99 %s)", rep.Autocompletes, rep.Moves, rep.AutocompleteP50, rep.AutocompleteP99)
	}
	if rep.AckP50 <= 0 || rep.AckP99 < rep.AckP50 {
		t.Fatalf("acknowledgement p50 %s, p99 %s", rep.AckP50, rep.AckP99)
	}
	if rep.Pictures == 0 || rep.PictureP99 <= 0 || rep.Posted == 0 || rep.PostedP50 <= 0 || rep.PostedP99 < rep.PostedP50 {
		t.Fatalf("%d moves owed a board (ack p99 %s); %d boards posted (p50 %s, p99 %s)", rep.Pictures, rep.PictureP99, rep.Posted, rep.PostedP50, rep.PostedP99)
	}
	if rep.CPUPerMove <= 0 || rep.PeakRSSMB <= 0 || rep.DBBytesPerGame <= 0 || rep.DBGrowthPerMove <= 0 {
		t.Fatalf("CPU per move %s, peak RSS %.0f MB, database %.0f B a game, growing %.0f B a move", rep.CPUPerMove, rep.PeakRSSMB, rep.DBBytesPerGame, rep.DBGrowthPerMove)
	}
	// How many states are kept when the run ends depends on which games
	// a command holds at that instant (a command takes its state out while
	// it runs); that loads were served from them is what the cache is for.
	if rep.CacheHits <= 0 {
		t.Fatalf("%d decoded states kept, %.0f%% of loads served from them", rep.CachedStates, 100*rep.CacheHits)
	}
	for _, want := range []string{"moves/s", "acknowledgement: p50", "boards posted", "autocomplete", "CPU per move", "peak RSS", "KB per game", "decoded states kept"} {
		if !strings.Contains(rep.String(), want) {
			t.Fatalf("the report lacks %q:\n%s", want, rep)
		}
	}
}

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
