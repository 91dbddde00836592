package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
	"time"

	"casefile/commands"
	"casefile/engine"
	"casefile/storage"
)

// TestStateCacheChangesNothing plays each real game twice from the same
// seed and the same random moves: once on a service that decodes every
// snapshot (no state cache), once on two services with state caches
// sharing one database file, as two processes (two shards during a
// reshard, a restarted bot) may. Autocomplete is asked before every move,
// so read-only commands hand their cached state back, and every fifth
// move goes through the second service, so the first one's cached state
// is then stale and must be noticed. Every reply, DM and post, and the
// stored snapshot after every move, must be the same byte for byte: a
// cached state is exactly its snapshot (issue 16).
func TestStateCacheChangesNothing(t *testing.T) {
	moves := 150
	if testing.Short() {
		moves = 40
	}
	clock := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	service := func(db *storage.DB, cache int) *commands.Service {
		svc := commands.New(db, Catalog(), Renderers(), commands.Settings{StateCache: cache}, slog.New(slog.NewTextHandler(io.Discard, nil)))
		svc.Now = func() time.Time { return clock }
		return svc
	}
	open := func(path string) *storage.DB {
		db, err := storage.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		db.Now = func() time.Time { return clock }
		t.Cleanup(func() { db.Close() })
		return db
	}
	for _, e := range registry {
		g := e.Game()
		t.Run(g.ID, func(t *testing.T) {
			dir := t.TempDir()
			refDB := open(filepath.Join(dir, "ref.db"))
			shared := filepath.Join(dir, "cached.db")
			cachedDB, otherDB := open(shared), open(shared)
			ref := service(refDB, -1)
			cached, other := service(cachedDB, 0), service(otherDB, 0)
			n := 0
			send := func(svc *commands.Service, user, cmd string, opts map[string]string, kind commands.Kind) commands.Response {
				n++
				req := commands.Request{ID: fmt.Sprint(n), GuildID: "g", ChannelID: "c", UserID: user, UserName: user, Command: cmd, Options: opts, Kind: kind}
				if kind == commands.Autocomplete {
					req.Focused = "action"
				}
				return svc.Handle(context.Background(), req)
			}
			both := func(svc *commands.Service, user, cmd string, opts map[string]string, kind commands.Kind) commands.Response {
				want := send(ref, user, cmd, opts, kind)
				n-- // the same interaction id for both
				got := send(svc, user, cmd, opts, kind)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %v by %s: with the cache\n%+v\nwithout\n%+v", cmd, opts, user, got, want)
				}
				return got
			}
			users := []string{"u0", "u1", "u2", "u3", "u4", "u5"}
			both(cached, users[0], "newgame", map[string]string{"game": g.ID, "options": "seed=5"}, commands.SlashCommand)
			for _, u := range users[1:g.MaxPlayers] {
				both(cached, u, "join", nil, commands.SlashCommand)
			}
			both(cached, users[0], "start", nil, commands.SlashCommand)
			r := engine.NewRand(13)
			for step := 0; step < moves; step++ {
				rec, err := refDB.OpenGame(context.Background(), "c")
				if err != nil {
					break // the game is over
				}
				st, err := g.Load(rec.Snapshot)
				if err != nil {
					t.Fatal(err)
				}
				seat, mv, ok := engine.RandomMove(st, r)
				if !ok {
					break
				}
				user, typed := moveAs(rec, seat, mv)
				svc := cached
				if step%5 == 4 {
					svc = other
				}
				both(cached, user, "move", map[string]string{"action": typed[:len(typed)/2]}, commands.Autocomplete)
				if resp := both(svc, user, "move", map[string]string{"action": typed}, commands.SlashCommand); resp.Refused {
					t.Fatalf("move %q refused: %s", typed, resp.Content)
				}
				got, err := cachedDB.GameByID(context.Background(), rec.ID)
				if err != nil {
					t.Fatal(err)
				}
				want, err := refDB.GameByID(context.Background(), rec.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Snapshot, want.Snapshot) || got.Version != want.Version {
					t.Fatalf("after move %d (%q) the stored games differ: version %d against %d", step+1, typed, got.Version, want.Version)
				}
			}
			if _, hits, misses := cached.StateCacheStats(); hits == 0 || misses == 0 {
				t.Fatalf("the cache was hit %d times and missed %d: the test needs both", hits, misses)
			}
			if games, hits, _ := ref.StateCacheStats(); games != 0 || hits != 0 {
				t.Fatalf("the service without a cache kept %d states", games)
			}
		})
	}
}

// BenchmarkStateCacheMemory measures what the state cache holds per game:
// the heap of a decoded mid-game state of each real game (one person per
// seat, the most seats the game allows, after 60 random moves), kept 200
// times over, per state (metric bytes-per-game). The cache keeps one such
// state and its snapshot per active game, up to Settings.StateCache games.
func BenchmarkStateCacheMemory(b *testing.B) {
	for _, e := range registry {
		g := e.Game()
		b.Run(g.ID, func(b *testing.B) {
			db, _, do := benchService(b)
			users := []string{"u0", "u1", "u2", "u3", "u4", "u5"}
			do("c", users[0], "newgame", map[string]string{"game": g.ID, "options": "seed=3"})
			for _, u := range users[1:g.MaxPlayers] {
				do("c", u, "join", nil)
			}
			do("c", users[0], "start", nil)
			r := engine.NewRand(5)
			var snap []byte
			for step := 0; step < 60; step++ {
				rec, err := db.OpenGame(context.Background(), "c")
				if err != nil {
					break
				}
				snap = rec.Snapshot
				st, _ := g.Load(rec.Snapshot)
				seat, mv, ok := engine.RandomMove(st, r)
				if !ok {
					break
				}
				user, typed := moveAs(rec, seat, mv)
				do("c", user, "move", map[string]string{"action": typed})
			}
			const kept = 200
			var perGame float64
			for i := 0; i < b.N; i++ {
				states := make([]engine.State, kept)
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				for k := range states {
					st, err := g.Load(snap)
					if err != nil {
						b.Fatal(err)
					}
					states[k] = st
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				perGame = float64(after.HeapAlloc-before.HeapAlloc)/kept + float64(len(snap))
				runtime.KeepAlive(states)
			}
			b.ReportMetric(perGame, "bytes-per-game")
			b.ReportMetric(float64(len(snap)), "snapshot-bytes")
		})
	}
}
