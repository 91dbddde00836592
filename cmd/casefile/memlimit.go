package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// limitRoomShare is the least room, as a share of the live heap, that the
// memory limit leaves the heap above what is live. A soft memory limit
// near what is live makes the collector run all the time: on a bot with a
// backlog of moves and pictures the live heap grows toward the limit,
// every cycle frees less, and the bot collapsed (issue 16: with a limit of
// 160MiB always in force, 150 moves/s asked gave 46 sustained; with a
// limit lifted only once the live heap passed 80% of it, 100 moves/s gave
// 29 where no limit gave 97). So the limit is raised, after each
// collection, to at least the live heap and this share of it: the
// collector then runs at most as often as with GOGC=50.
const limitRoomShare = 0.5

// limitGovernor applies a soft memory limit, raised after each
// collection to leave the heap at least limitRoomShare of the live heap.
type limitGovernor struct {
	limit   int64
	mu      sync.Mutex
	stopped bool
	set     int64
	sample  []metrics.Sample
}

// wantLimit is the runtime's memory limit for a live heap of live bytes:
// the configured limit, or the live heap with limitRoomShare of it to
// grow when that is more.
func (g *limitGovernor) wantLimit(live uint64) int64 {
	return max(g.limit, int64(float64(live)*(1+limitRoomShare)))
}

// startLimitGovernor sets limit and keeps it as above until stop is
// called, which sets the runtime's limit back to prev.
func startLimitGovernor(limit int64) (stop func()) {
	g := &limitGovernor{limit: limit, set: limit, sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	prev := debug.SetMemoryLimit(limit)
	g.arm()
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.stopped = true
		debug.SetMemoryLimit(prev)
	}
}

// gcSentinel is an object left unreachable on purpose: its finalizer runs
// after the collection that finds it, and arms the next one.
type gcSentinel struct{ _ *int }

func (g *limitGovernor) arm() {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.stopped {
			return
		}
		g.adjust()
		g.arm()
	})
}

// adjust sets the runtime's limit for the live heap the last collection
// found (g.mu held).
func (g *limitGovernor) adjust() {
	metrics.Read(g.sample)
	if g.sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	// Changed only when it moves by a sixteenth or comes back to the
	// configured limit: each change makes the runtime recompute its pace.
	want := g.wantLimit(g.sample[0].Value.Uint64())
	if d := want - g.set; d > g.set/16 || d < -g.set/16 || (want == g.limit && g.set != g.limit) {
		g.set = want
		debug.SetMemoryLimit(want)
	}
}
