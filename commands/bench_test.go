package commands_test

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"testing"
	"time"

	"casefile/engine"
)

// BenchmarkMove measures one /move end to end inside the service: load
// the game from a real SQLite file, validate, apply, save the snapshot and
// log in one transaction. It reports the median and p99 of single moves.
func BenchmarkMove(b *testing.B) {
	h := newHarness(b)
	users := []string{"ann", "bo", "cy"}
	startGame := func(n int) {
		h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": fmt.Sprintf("seed=%d clock=off", n)})
		h.ok("bo", "join", nil)
		h.ok("cy", "join", nil)
		h.ok("ann", "start", nil)
	}
	startGame(0)
	r := engine.NewRand(1)
	durations := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		st := h.state()
		seat, mv, _ := engine.RandomMove(st, r)
		req := h.req(users[seat], "move", map[string]string{"action": mv})
		b.StartTimer()
		t0 := time.Now()
		resp := h.svc.Handle(context.Background(), req)
		durations = append(durations, time.Since(t0))
		b.StopTimer()
		if resp.Refused {
			b.Fatalf("move %q refused: %s", mv, resp.Content)
		}
		if _, err := h.db.OpenGame(context.Background(), "c1"); err != nil {
			startGame(i + 1)
		}
		b.StartTimer()
	}
	b.StopTimer()
	sort.Slice(durations, func(i, j int) bool { return durations[i] < durations[j] })
	b.ReportMetric(float64(durations[len(durations)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(durations[len(durations)*99/100].Microseconds())/1000, "p99-ms")
}

// TestIdleGamesHoldNoMemory opens many games and checks that the service
// keeps none of them in memory once their commands have returned: the heap
// does not grow with the number of idle games.
func TestIdleGamesHoldNoMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 450 games; runs in full without -short")
	}
	h := newHarness(t)
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	open := func(from, to int) {
		for i := from; i < to; i++ {
			ch := fmt.Sprintf("chan-%d", i)
			for _, c := range []struct{ user, cmd string }{{"ann", "newgame"}, {"bo", "join"}, {"ann", "start"}} {
				req := h.req(c.user, c.cmd, map[string]string{"game": "stakeout"})
				req.ChannelID = ch
				if r := h.svc.Handle(context.Background(), req); r.Refused {
					t.Fatal(r.Content)
				}
			}
		}
	}
	open(0, 50) // warm caches and pools
	before := heap()
	open(50, 450)
	after := heap()
	var grew int64 = int64(after) - int64(before)
	// 400 more games: anything kept per game would show as tens of KB each.
	if grew > 2<<20 {
		t.Fatalf("heap grew by %d bytes over 400 idle games (%d per game)", grew, grew/400)
	}
	t.Logf("heap change over 400 idle games: %d bytes", grew)
}
