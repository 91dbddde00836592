package commands_test

import (
	"context"
	"fmt"
	"image"
	"runtime"
	"sort"
	"testing"
	"time"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/escapeplan"
	"casefile/render"
	renderescapeplan "casefile/render/escapeplan"
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

// BenchmarkPhaseEndingMove measures the acknowledgement of the /moves
// that end a phase (or a round of turns) of a 3-player Escape Plan, with
// the real rules and board renderer, on a real SQLite file: from the
// request to the reply, which no longer waits for the board. Each
// iteration is one such move; the moves between them are played and
// timed apart (other-*). The board each one owes is drawn, encoded and
// "posted" by the picture worker's pass after the reply, outside the
// timer, and reported apart (draw-*).
func BenchmarkPhaseEndingMove(b *testing.B) {
	h := newHarness(b)
	game := escapeplan.Game()
	h.svc.Catalog = engine.NewCatalog(game)
	rend := renderescapeplan.Renderer()
	// Private boards go by DM after the notes, drawn by the picture
	// worker like the public board: those drawn inside a reply are
	// counted, and there should be none.
	var privates int
	private := rend.Private
	rend.Private = func(v engine.View) (image.Image, error) { privates++; return private(v) }
	h.svc.Renderers = map[string]render.Renderer{game.ID: rend}
	ctx := context.Background()
	games := 0
	start := func() {
		games++
		h.ok("ann", "newgame", map[string]string{"game": game.ID, "options": fmt.Sprintf("seed=%d clock=off", games)})
		h.ok("bo", "join", nil)
		h.ok("cy", "join", nil)
		h.ok("ann", "start", nil)
	}
	drain := func() time.Duration {
		t0 := time.Now()
		n, err := h.svc.DrainPictures(ctx, posterFunc(func(context.Context, commands.Post) error { return nil }))
		if err != nil {
			b.Fatal(err)
		}
		return time.Since(t0) / time.Duration(max(n, 1))
	}
	start()
	drain()
	r := engine.NewRand(1)
	var acks, others, draws []time.Duration
	withPrivate := 0
	b.ResetTimer()
	b.StopTimer()
	for len(acks) < b.N {
		g, err := h.db.OpenGame(ctx, "c1")
		if err != nil {
			start()
			drain()
			continue
		}
		st, err := game.Load(g.Snapshot)
		if err != nil {
			b.Fatal(err)
		}
		seat, mv, _ := engine.RandomMove(st, r)
		user := g.Seats[int(seat)].UserID
		req := h.req(user, "move", map[string]string{"action": mv})
		privates = 0
		b.StartTimer()
		t0 := time.Now()
		resp := h.svc.Handle(ctx, req)
		d := time.Since(t0)
		b.StopTimer()
		if resp.Refused {
			b.Fatalf("move %q refused: %s", mv, resp.Content)
		}
		after, err := h.db.GameByID(ctx, g.ID)
		if err != nil {
			b.Fatal(err)
		}
		if after.BoardDigest == g.BoardDigest && after.Status == g.Status {
			others = append(others, d)
			continue
		}
		if privates > 0 {
			withPrivate++
		}
		acks = append(acks, d)
		draws = append(draws, drain())
	}
	report := func(name string, ds []time.Duration) {
		if len(ds) == 0 {
			return
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, name+"-median-ms")
		b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, name+"-p99-ms")
	}
	report("ack", acks)
	report("other", others)
	report("draw", draws)
	b.ReportMetric(float64(withPrivate)/float64(len(acks)), "acks-drawing-private-boards")
}

// TestIdleGamesHoldNoMemory opens many games and checks that the service
// keeps none of them in memory once their commands have returned: the heap
// does not grow with the number of idle games. (Games being played keep
// their decoded state, up to a bound: TestStateCacheIsBounded.)
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
