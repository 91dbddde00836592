package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"casefile/commands"
	"casefile/engine"
	"casefile/storage"
)

// BenchmarkMoveRealGames measures one /move of each real game inside the
// service, on a real SQLite file: load the snapshot, validate, apply, save
// snapshot and log in one transaction. Moves that end a phase also draw
// and encode the board; the median is of all moves.
func BenchmarkMoveRealGames(b *testing.B) {
	for _, e := range registry {
		g := e.Game()
		b.Run(g.ID, func(b *testing.B) {
			db, err := storage.Open(filepath.Join(b.TempDir(), "casefile.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			svc := commands.New(db, Catalog(), Renderers(), commands.Settings{DefaultClock: -1}, slog.New(slog.NewTextHandler(io.Discard, nil)))
			ctx := context.Background()
			n := 0
			do := func(ch, user, cmd string, opts map[string]string) commands.Response {
				n++
				return svc.Handle(ctx, commands.Request{ID: fmt.Sprint(n), GuildID: "g", ChannelID: ch, UserID: user, UserName: user, Command: cmd, Options: opts})
			}
			users := []string{"u0", "u1", "u2", "u3", "u4", "u5"}
			games := 0
			start := func() string {
				games++
				ch := fmt.Sprintf("c%d", games)
				do(ch, users[0], "newgame", map[string]string{"game": g.ID, "options": fmt.Sprintf("seed=%d", games)})
				for _, u := range users[1:g.MaxPlayers] {
					do(ch, u, "join", nil)
				}
				if r := do(ch, users[0], "start", nil); r.Refused {
					b.Fatal(r.Content)
				}
				return ch
			}
			ch := start()
			r := engine.NewRand(9)
			var durations []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				rec, err := db.OpenGame(ctx, ch)
				if err != nil {
					ch = start()
					rec, _ = db.OpenGame(ctx, ch)
				}
				st, _ := g.Load(rec.Snapshot)
				seat, mv, _ := engine.RandomMove(st, r)
				user, mv := moveAs(rec, seat, mv)
				b.StartTimer()
				t0 := time.Now()
				resp := do(ch, user, "move", map[string]string{"action": mv})
				durations = append(durations, time.Since(t0))
				if resp.Refused {
					b.Fatalf("move %q refused: %s", mv, resp.Content)
				}
			}
			b.StopTimer()
			sort.Slice(durations, func(i, j int) bool { return durations[i] < durations[j] })
			b.ReportMetric(float64(durations[len(durations)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(durations[len(durations)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
