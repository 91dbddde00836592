package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// TestMemoryLimitLeavesRoomAboveALargeLiveHeap: the configured memory
// limit is the runtime's while the live heap is small, is raised once a
// collection finds a live heap that would leave less room than
// limitRoomShare of it (a bot with a backlog, whose collector would
// otherwise run all the time), comes back once the live heap falls
// again, and is undone when the run ends (issue 16).
func TestMemoryLimitLeavesRoomAboveALargeLiveHeap(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	// A limit well above what this test process holds live now (other
	// tests' caches included), so that its live heap counts as small.
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	limit := max(int64(64<<20), 2*int64(sample[0].Value.Uint64())+32<<20)
	stop := startLimitGovernor(limit)
	waitLimit := func(what string, want int64) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			runtime.GC()
			if now := debug.SetMemoryLimit(-1); now == want {
				return
			} else if time.Now().After(deadline) {
				t.Fatalf("%s: the runtime's memory limit is %d, want %d", what, now, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitLimit("a small live heap", limit)
	live := make([]byte, limit)
	for i := 0; i < len(live); i += 4096 {
		live[i] = 1
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		now := debug.SetMemoryLimit(-1)
		if now >= int64(float64(len(live))*(1+limitRoomShare)) && now < math.MaxInt64 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a live heap of %d bytes: the runtime's memory limit is %d, want at least %.0f", len(live), now, float64(len(live))*(1+limitRoomShare))
		}
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(live)
	live = nil
	waitLimit("the live heap small again", limit)
	stop()
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("the limit stayed %d after the run, want %d again", after, before)
	}
}

// TestLimitGovernorRoom: the limit is the configured one up to a live
// heap of limit/(1+limitRoomShare), and the live heap with that share of
// room above it beyond.
func TestLimitGovernorRoom(t *testing.T) {
	g := &limitGovernor{limit: 150 << 20}
	for _, c := range []struct {
		live uint64
		want int64
	}{
		{0, 150 << 20},
		{100 << 20, 150 << 20},
		{120 << 20, 180 << 20},
		{400 << 20, 600 << 20},
	} {
		if got := g.wantLimit(c.live); got != c.want {
			t.Errorf("live %d: limit %d, want %d", c.live, got, c.want)
		}
	}
}
