package storage_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"casefile/storage"
)

// TestShardOfRoutesAsDiscord: a server goes to shard (guild_id >> 22) %
// count, rows of no server to shard 0, and an id that is not Discord's is
// refused rather than put somewhere.
func TestShardOfRoutesAsDiscord(t *testing.T) {
	id := strconv.FormatUint(5<<22|4194303, 10) // timestamp bits 5, the rest all ones
	for count, want := range map[int]int{1: 0, 2: 1, 3: 2, 5: 0, 6: 5} {
		if got, err := storage.ShardOf(id, count); err != nil || got != want {
			t.Errorf("ShardOf(%s, %d) = %d, %v; want %d", id, count, got, err, want)
		}
	}
	if got, err := storage.ShardOf("", 4); err != nil || got != 0 {
		t.Errorf("no server: shard %d, %v; want 0", got, err)
	}
	if _, err := storage.ShardOf("g1", 2); err == nil || !strings.Contains(err.Error(), `"g1" is not a Discord id`) {
		t.Errorf("a server id that is not Discord's: %v", err)
	}
}

// sourceDB writes a closed source database with one lobby of the given
// server in channel, aborted, and the server's campaign, all written at
// updated.
func sourceDB(t *testing.T, path, guild, channel string, campaign string, updated time.Time) {
	t.Helper()
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Now = func() time.Time { return updated }
	g := &storage.Game{GuildID: guild, ChannelID: channel, Game: "stakeout", Options: map[string]string{}, Seed: 1, AuthorID: "u1",
		Seats: []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}}}
	if err := db.CreateLobby(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Commit(context.Background(), storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Aborted, Campaign: []byte(campaign)}); err != nil {
		t.Fatal(err)
	}
	db.Close()
}

// TestReshardRefusesATableItDoesNotKnow: a table the reshard has no rule
// for (one a later migration adds, or a hand-made one) stops it before it
// writes anything, so its rows cannot be lost silently.
func TestReshardRefusesATableItDoesNotKnow(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "old.db")
	sourceDB(t, src, "41943040", "c1", `{"n":1}`, time.Now())
	raw, err := sql.Open("sqlite3", "file:"+src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`CREATE TABLE channel_settings (channel_id TEXT PRIMARY KEY, value TEXT)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	out := filepath.Join(dir, "new")
	_, err = storage.Reshard(context.Background(), storage.ReshardOptions{Sources: []string{src}, Count: 2, OutDir: out})
	if err == nil || !strings.Contains(err.Error(), `table "channel_settings" that this build's reshard does not know where to put`) {
		t.Fatalf("an unknown table: %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the output directory was left behind: %v", err)
	}
}

// TestReshardServerOnTwoSources: a server whose rows are in two sources
// (a shard count changed earlier without a reshard) ends up whole on its
// shard: both its games, under distinct ids, and the campaign updated
// last, the stale copy named in the report.
func TestReshardServerOnTwoSources(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	guild := strconv.FormatUint(3<<22, 10)
	now := time.Now()
	sourceDB(t, b, guild, "c2", `{"new":true}`, now)
	sourceDB(t, a, guild, "c1", `{"old":true}`, now.Add(-time.Hour))
	out := filepath.Join(dir, "new")
	rep, err := storage.Reshard(context.Background(), storage.ReshardOptions{Sources: []string{a, b}, Count: 2, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Renumbered) != 1 || rep.Renumbered[0].From != 1 || rep.Renumbered[0].To != 2 {
		t.Fatalf("renumbered: %+v", rep.Renumbered)
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "campaigns") {
		t.Fatalf("notes: %q", rep.Notes)
	}
	db, err := storage.Open(storage.ShardPath(out, 1))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ids, err := db.AllGames(context.Background())
	if err != nil || len(ids) != 2 {
		t.Fatalf("shard 1 holds games %v, %v; want both", ids, err)
	}
	c, err := db.Campaign(context.Background(), guild, "stakeout")
	if err != nil || string(c) != `{"new":true}` {
		t.Fatalf("campaign %s, %v; want the one updated last", c, err)
	}
}

// TestReshardRefusesASourceSetWithShardsMissing: the databases of shard 1
// of 2 without shard 0's would leave shard 0's servers behind; the
// sources give that away (all their servers fall on shard 1 of 2), so the
// reshard is refused, while both databases together go through.
func TestReshardRefusesASourceSetWithShardsMissing(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for shard := 0; shard < 2; shard++ {
		p := filepath.Join(dir, "shard"+strconv.Itoa(shard)+".db")
		db, err := storage.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 16; i++ {
			guild := strconv.FormatUint(uint64(2*i+shard+2)<<22, 10)
			g := &storage.Game{GuildID: guild, ChannelID: guild + "1", Game: "stakeout", Options: map[string]string{}, Seed: 1, AuthorID: "u1",
				Seats: []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}}}
			if err := db.CreateLobby(context.Background(), g); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
		paths = append(paths, p)
	}
	out := filepath.Join(dir, "new")
	_, err := storage.Reshard(context.Background(), storage.ReshardOptions{Sources: paths[1:], Count: 3, OutDir: out})
	if err == nil || !strings.Contains(err.Error(), "the sources look like shards [1] of 2 only") || !strings.Contains(err.Error(), "Name the database of every shard of 2") {
		t.Fatalf("shard 1 of 2 alone: %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the output directory was left behind: %v", err)
	}
	rep, err := storage.Reshard(context.Background(), storage.ReshardOptions{Sources: paths, Count: 3, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, s := range rep.Shards {
		total += s.Servers
	}
	if total != 32 {
		t.Fatalf("%d servers on the new shards, want 32", total)
	}
}
