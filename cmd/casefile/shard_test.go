package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/storage"
)

// guildOnShard adds guilds to the emulator until one falls on shard id of
// count, as Discord routes them: (guild_id >> 22) % count.
func guildOnShard(t *testing.T, emu *discordtest.Server, name string, id, count int) discordtest.Guild {
	t.Helper()
	for i := 0; i < 200; i++ {
		g := emu.AddGuild(fmt.Sprintf("%s %d", name, i))
		if discordtest.ShardOf(g.ID, count) == id {
			return g
		}
		time.Sleep(time.Millisecond) // the next id has another timestamp
	}
	t.Fatalf("no guild fell on shard %d of %d", id, count)
	return discordtest.Guild{}
}

// TestShardsServeTheirOwnServers runs two bot processes as shards 0 and 1
// of 2, each with its own SQLite file, against one emulator: a game on a
// server of each shard is played by that shard alone and stored in its
// database only; SIGKILL of shard 1 leaves shard 0's server playing, and
// shard 1, restarted on its database, plays on where it was.
func TestShardsServeTheirOwnServers(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns bot processes")
	}
	emu := discordtest.New(t)
	guilds := []discordtest.Guild{guildOnShard(t, emu, "zero", 0, 2), guildOnShard(t, emu, "one", 1, 2)}
	var chans []discordtest.Channel
	for _, g := range guilds {
		chans = append(chans, emu.AddChannel(g.ID, "crime-night"))
	}
	users := []discordtest.User{emu.AddUser("ann"), emu.AddUser("bo")}
	dir := t.TempDir()
	cfgs := make([]Config, 2)
	for i := range cfgs {
		cfg := DefaultConfig()
		cfg.Discord.Token, cfg.Discord.APIURL = emu.Token(), emu.URL()
		cfg.Discord.GuildIDs = []string{guilds[0].ID, guilds[1].ID}
		cfg.Discord.ShardID, cfg.Discord.ShardCount = i, 2
		cfg.Storage.Path = filepath.Join(dir, fmt.Sprintf("shard%d.db", i))
		cfg.Games.DefaultClock = "off"
		cfgs[i] = cfg
	}
	up := func(i int) *exec.Cmd {
		child := startChild(t, cfgs[i])
		if err := emu.Wait(fmt.Sprintf("shard %d connected", i), func() bool {
			return emu.ShardConnected(i, 2) && len(emu.Commands(guilds[i].ID)) > 0
		}); err != nil {
			t.Fatal(err)
		}
		return child
	}
	up(0)
	child1 := up(1)
	emu.SetTimeout(10 * time.Second)
	must := func(u discordtest.User, ch discordtest.Channel, name string, opts map[string]string) {
		t.Helper()
		r, err := emu.Command(u, ch, name, opts)
		if err != nil || r.Ephemeral() {
			t.Fatalf("/%s in %s: %v %q", name, ch.Name, err, r.Content())
		}
	}
	for i, ch := range chans {
		must(users[0], ch, "newgame", map[string]string{"game": "stakeout", "options": fmt.Sprintf("seed=%d rounds=3", i+1)})
		must(users[1], ch, "join", nil)
		must(users[0], ch, "start", nil)
	}
	dbs := make([]*storage.DB, 2)
	for i := range dbs {
		db, err := storage.Open(cfgs[i].Storage.Path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		dbs[i] = db
	}
	for i := range dbs {
		if _, err := dbs[i].OpenGame(context.Background(), chans[i].ID); err != nil {
			t.Fatalf("shard %d does not hold its server's game: %v", i, err)
		}
		if _, err := dbs[i].OpenGame(context.Background(), chans[1-i].ID); err == nil {
			t.Fatalf("shard %d holds the other shard's game", i)
		}
	}
	// moveIn makes one random legal move in the game of shard i's server
	// and returns how many moves that game has stored.
	moveIn := func(i int, r *engine.Rand) int {
		t.Helper()
		g, err := dbs[i].OpenGame(context.Background(), chans[i].ID)
		if err != nil {
			t.Fatal(err)
		}
		st, err := enginetest.Load(g.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, ok := engine.RandomMove(st, r)
		if !ok {
			t.Fatal("nobody may act")
		}
		rep, err := emu.Command(users[seat], chans[i], "move", map[string]string{"action": mv})
		if err != nil || !accepted(rep) {
			t.Fatalf("shard %d: move %q: %v %q", i, mv, err, rep.Content())
		}
		moves, err := dbs[i].Moves(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return len(moves)
	}
	r := engine.NewRand(5)
	for k := 0; k < 3; k++ {
		moveIn(0, r)
		moveIn(1, r)
	}
	before := moveIn(1, r)
	child1.Process.Signal(syscall.SIGKILL)
	child1.Wait()
	// Shard 0's server does not notice.
	moveIn(0, r)
	up(1)
	if after := moveIn(1, r); after != before+1 {
		t.Fatalf("shard 1 after SIGKILL and restart: %d moves stored, want %d", after, before+1)
	}
}
