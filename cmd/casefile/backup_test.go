package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"casefile/bot/discordtest"
	"casefile/commands"
	"casefile/engine"
	"casefile/storage"
)

// playRandom makes up to steps random legal moves in the channel's open
// game through the emulator, as its players would.
func (e *e2e) playRandom(ch discordtest.Channel, r *engine.Rand, steps int) {
	e.t.Helper()
	db := e.db()
	byID := map[string]discordtest.User{}
	for _, u := range e.users {
		byID[u.ID] = u
	}
	for i := 0; i < steps; i++ {
		g, err := db.OpenGame(context.Background(), ch.ID)
		if err != nil {
			return
		}
		def, _ := Catalog().Get(g.Game)
		st, err := def.Load(g.Snapshot)
		if err != nil {
			e.t.Error(err)
			return
		}
		seat, mv, ok := engine.RandomMove(st, r)
		if !ok {
			return
		}
		if len(g.SeatsOf(seatOwner(g, seat))) > 1 {
			mv = fmt.Sprintf("seat%d: %s", int(seat)+1, mv)
		}
		if rep, err := e.emu.Command(byID[seatOwner(g, seat)], ch, "move", map[string]string{"action": mv}); err != nil || !accepted(rep) {
			e.t.Errorf("move %q: %v %q", mv, err, rep.Content())
			return
		}
	}
}

// TestBackupWhileRunning covers `casefile backup`: while the bot runs and
// a game takes moves, the database is copied to a new file; the copy
// opens, and every started game in it loads and replays from its log to
// its snapshot. An existing file is never overwritten.
func TestBackupWhileRunning(t *testing.T) {
	e := newE2EWith(t, registry)
	heistCh := e.emu.AddChannel(e.guild.ID, "heist-night")
	e.ok("ann", "newgame", map[string]string{"game": "escape-plan", "options": "seed=11"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	if rep, err := e.emu.Command(e.users["cy"], heistCh, "newgame", map[string]string{"game": "masters-of-the-heist", "options": "seed=12 players=1"}); err != nil || !accepted(rep) {
		t.Fatalf("heist: %v %q", err, rep.Content())
	}
	e.playRandom(e.ch, engine.NewRand(1), 40)
	e.playRandom(heistCh, engine.NewRand(2), 40)

	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfg, []byte("[storage]\npath = \""+e.dbPath+"\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "copy.db")
	// Moves go on in the Escape Plan while the copy is taken.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); e.playRandom(e.ch, engine.NewRand(3), 30) }()
	var out, errs bytes.Buffer
	code := run(context.Background(), []string{"backup", "-config", cfg, dest}, &out, &errs, noEnv)
	wg.Wait()
	if code != 0 {
		t.Fatalf("backup exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "2 started games load and replay") {
		t.Fatalf("backup report: %s", out.String())
	}
	// The copy stands on its own: a fresh open replays every game again.
	cp, err := storage.Open(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	n, err := commands.VerifyGames(context.Background(), cp, Catalog())
	if err != nil || n != 2 {
		t.Fatalf("the copy: %d games replayed, %v", n, err)
	}
	if fi, err := os.Stat(dest); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the copy should be private to its owner (0600): %v %v", fi.Mode(), err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "copy.db.part-*"))
	if len(leftovers) > 0 {
		t.Fatalf("partial files left: %v", leftovers)
	}
	// A second backup to the same name is refused, and the copy is kept.
	out.Reset()
	errs.Reset()
	if code := run(context.Background(), []string{"backup", "-config", cfg, dest}, &out, &errs, noEnv); code != 1 || !strings.Contains(errs.String(), "already exists") {
		t.Fatalf("backup over an existing file: exit %d, %s", code, errs.String())
	}
}

// TestVerifyGamesFindsADamagedLog: a game whose log no longer leads to
// its snapshot is reported, naming the game.
func TestVerifyGamesFindsADamagedLog(t *testing.T) {
	e := newE2EWith(t, registry)
	e.ok("ann", "newgame", map[string]string{"game": "escape-plan", "options": "seed=11"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	e.playRandom(e.ch, engine.NewRand(1), 10)
	e.stopBot()
	db, err := storage.Open(e.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := commands.VerifyGames(context.Background(), db, Catalog()); err != nil {
		t.Fatalf("an intact database: %v", err)
	}
	g, err := db.OpenGame(context.Background(), e.ch.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Another seed deals another game: the log cannot lead to the snapshot.
	if _, err := db.Commit(context.Background(), storage.Change{GameID: g.ID, Version: g.Version, Snapshot: []byte(strings.Replace(string(g.Snapshot), `"round":`, `"round": `, 1))}); err != nil {
		t.Fatal(err)
	}
	if _, err := commands.VerifyGames(context.Background(), db, Catalog()); err == nil || !strings.Contains(err.Error(), "another state") {
		t.Fatalf("a snapshot its log does not lead to: %v", err)
	}
}
