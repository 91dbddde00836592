package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/storage"
)

// reshardGuild is the id of test server k: a Discord id whose timestamp
// bits are k, so Discord routes it to shard k % count.
func reshardGuild(k int) string { return strconv.FormatUint(uint64(k)<<22|uint64(k*7), 10) }

// reshardUsers are the players; the second plays on every server.
var reshardUsers = []string{"2001", "2002", "2003"}

// oldShards plays real games through the service into the databases of
// shards 0 and 1 of 2, each server's on its own shard: on every server a
// game (Escape Plan, Heist and Police Precinct in turn) left running, and
// with full set, Police Precinct games played to their end with a lobby
// opened after them, aborted games, an away player, DMs switched off,
// votes, pings, fallbacks, a campaign, fired-deadline records, kept
// summary messages and pictures owed. It returns the two files, closed.
func oldShards(t *testing.T, dir string, full bool) []string {
	t.Helper()
	ctx := context.Background()
	cat := Catalog()
	paths := []string{filepath.Join(dir, "old0.db"), filepath.Join(dir, "old1.db")}
	dbs := make([]*storage.DB, 2)
	svcs := make([]*commands.Service, 2)
	for k := range dbs {
		db, err := storage.Open(paths[k])
		if err != nil {
			t.Fatal(err)
		}
		dbs[k] = db
		svcs[k] = commands.New(db, cat, Renderers(), commands.Settings{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
	n := 0
	do := func(guild, ch, user, cmd string, opts map[string]string) commands.Response {
		t.Helper()
		n++
		k, _ := storage.ShardOf(guild, 2)
		return svcs[k].Handle(ctx, commands.Request{ID: fmt.Sprintf("%d%06d", k+1, n), GuildID: guild, ChannelID: ch, UserID: user, UserName: "user" + user, Command: cmd, Options: opts})
	}
	ok := func(guild, ch, user, cmd string, opts map[string]string) {
		t.Helper()
		if r := do(guild, ch, user, cmd, opts); r.Refused {
			t.Fatalf("/%s %v in %s: %s", cmd, opts, ch, r.Content)
		}
	}
	rnd := engine.NewRand(7)
	play := func(guild, ch string, steps int) {
		t.Helper()
		k, _ := storage.ShardOf(guild, 2)
		for i := 0; i < steps; i++ {
			rec, err := dbs[k].OpenGame(ctx, ch)
			if err != nil {
				return // over: the channel is free
			}
			def, _ := cat.Get(rec.Game)
			st, err := def.Load(rec.Snapshot)
			if err != nil {
				t.Fatal(err)
			}
			seat, mv, found := engine.RandomMove(st, rnd)
			if !found {
				return
			}
			user, mv := moveAs(rec, seat, mv)
			ok(guild, ch, user, "move", map[string]string{"action": mv})
		}
	}
	games := []string{"escape-plan", "masters-of-the-heist", "police-precinct"}
	// Servers 1 and 4 come first on their old shards, so their first
	// games have the same id there, and both go to shard 1 of 3.
	for _, k := range []int{1, 4, 2, 3, 5, 6} {
		if !full && k > 2 {
			continue
		}
		guild := reshardGuild(k)
		shard, _ := storage.ShardOf(guild, 2)
		ch := fmt.Sprintf("%d00%d", k, 1)
		ok(guild, ch, reshardUsers[0], "newgame", map[string]string{"game": games[k%3], "options": fmt.Sprintf("seed=%d", k)})
		ok(guild, ch, reshardUsers[1], "join", nil)
		ok(guild, ch, reshardUsers[0], "start", nil)
		play(guild, ch, 12)
		rec, err := dbs[shard].OpenGame(ctx, ch)
		if err != nil {
			t.Fatal(err)
		}
		// The bot remembers the summary message it keeps editing.
		svcs[shard].Remember(ctx, ch, fmt.Sprintf("summary/%d", rec.ID), fmt.Sprintf("9%d", k))
		if !full {
			continue
		}
		second := fmt.Sprintf("%d00%d", k, 2)
		switch {
		case k <= 2:
			// A whole Police Precinct, then a lobby in the same channel.
			ok(guild, second, reshardUsers[2], "newgame", map[string]string{"game": "police-precinct", "options": fmt.Sprintf("seed=%d players=1", 100+k)})
			play(guild, second, 1500)
			if _, err := dbs[shard].OpenGame(ctx, second); err == nil {
				t.Fatalf("server %d: the Police Precinct did not end in 1500 moves", k)
			}
			ok(guild, second, reshardUsers[0], "newgame", map[string]string{"game": "escape-plan"})
		case k <= 4:
			ok(guild, second, reshardUsers[0], "newgame", map[string]string{"game": "escape-plan", "options": fmt.Sprintf("seed=%d", 200+k)})
			ok(guild, second, reshardUsers[2], "join", nil)
			ok(guild, second, reshardUsers[0], "start", nil)
			play(guild, second, 5)
			ok(guild, second, reshardUsers[0], "abort", nil)
		}
		if k == 2 {
			// Rows only a long game makes: a vote, a ping, a DM that
			// did not reach, a campaign, a fired deadline.
			if _, err := dbs[shard].Vote(ctx, rec.ID, "end", reshardUsers[0]); err != nil {
				t.Fatal(err)
			}
			if _, err := dbs[shard].FirstFallback(ctx, rec.ID, reshardUsers[1]); err != nil {
				t.Fatal(err)
			}
			if err := dbs[shard].MarkInteraction(ctx, fmt.Sprintf("deadline/%d/clock/0/1700000000000", rec.ID), ""); err != nil {
				t.Fatal(err)
			}
			if _, err := dbs[shard].Commit(ctx, storage.Change{GameID: rec.ID, Version: rec.Version, Mentioned: []int{0, 1}, Campaign: []byte(`{"heists":1}`)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if full {
		// The second player is away on shard 0's servers, and turned
		// DMs off on shard 1's.
		ok(reshardGuild(2), "2001", reshardUsers[1], "away", map[string]string{"for": "2d"})
		ok(reshardGuild(1), "1001", reshardUsers[1], "notify", map[string]string{"dms": "off"})
		// A message kept in a channel no game names (a DM).
		svcs[1].Remember(ctx, "5555", "note", "95555")
	}
	for _, db := range dbs {
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return paths
}

// fingerprint is every file's content, to show a reshard left its
// sources alone (and made no -wal or -shm beside them).
func fingerprint(t *testing.T, paths []string) string {
	t.Helper()
	h := sha256.New()
	for _, p := range paths {
		for _, f := range []string{p, p + "-wal", p + "-shm"} {
			b, err := os.ReadFile(f)
			if os.IsNotExist(err) {
				fmt.Fprintf(h, "%s: none\n", f)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(h, "%s: %x\n", f, sha256.Sum256(b))
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// storedGame is a game as the players know it, without its database id.
type storedGame struct {
	Guild, Channel, Game, Result, Digest string
	Seed                                 uint64
	Status                               storage.Status
	Version                              int64
	Snapshot, StartCampaign              []byte
	Created                              int64
	Seats                                []storage.Seat
	Moves                                []storage.Move
	Notes                                map[int][]storage.Note
	Deadlines                            []storage.Deadline
	// file and id are where it was found.
	file int
	id   int64
}

// key names a game across databases: its channel, creation and seed.
func (g storedGame) key() string { return fmt.Sprintf("%s/%d/%d", g.Channel, g.Created, g.Seed) }

// inventory reads every game of the files by key.
func inventory(t *testing.T, paths []string) map[string]storedGame {
	t.Helper()
	ctx := context.Background()
	out := map[string]storedGame{}
	for i, p := range paths {
		db, err := storage.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		ids, err := db.AllGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			rec, err := db.GameByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			g := storedGame{Guild: rec.GuildID, Channel: rec.ChannelID, Game: rec.Game, Result: rec.Result, Digest: rec.BoardDigest, Seed: rec.Seed,
				Status: rec.Status, Version: rec.Version, Snapshot: rec.Snapshot, StartCampaign: rec.StartCampaign, Created: rec.CreatedAt.UnixMilli(),
				Seats: rec.Seats, Notes: map[int][]storage.Note{}, file: i, id: id}
			if g.Moves, err = db.Moves(ctx, id); err != nil {
				t.Fatal(err)
			}
			for _, s := range rec.Seats {
				if g.Notes[s.Seat], err = db.Notes(ctx, id, s.Seat, 1<<20); err != nil {
					t.Fatal(err)
				}
			}
			if g.Deadlines, err = db.Deadlines(ctx, id); err != nil {
				t.Fatal(err)
			}
			// By seat and kind (unique per game): a shifted deadline
			// may change the order by time.
			sort.Slice(g.Deadlines, func(i, j int) bool {
				a, b := g.Deadlines[i], g.Deadlines[j]
				return a.Seat < b.Seat || a.Seat == b.Seat && a.Kind < b.Kind
			})
			if _, dup := out[g.key()]; dup {
				t.Fatalf("game %s is in the databases twice", g.key())
			}
			out[g.key()] = g
		}
		db.Close()
	}
	return out
}

// readOnly opens a database only to read it. Not with mode=ro: a
// read-only connection leaves -wal and -shm files behind, which would
// show as a change of the sources.
func readOnly(path string) (*sql.DB, error) { return sql.Open("sqlite3", "file:"+path) }

// tableRows counts each table's rows in a file.
func tableRows(t *testing.T, path string) map[string]int {
	t.Helper()
	db, err := readOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		tables = append(tables, s)
	}
	rows.Close()
	out := map[string]int{}
	for _, tb := range tables {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM ` + tb).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[tb] = n
	}
	return out
}

// reshardRun runs `casefile reshard` and returns the new files.
func reshardRun(t *testing.T, sources []string, count int, out string) ([]string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append([]string{"reshard", "-to-count", strconv.Itoa(count), "-out", out}, sources...)
	if code := run(context.Background(), args, &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("casefile %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout.String(), stderr.String())
	}
	var paths []string
	for k := 0; k < count; k++ {
		paths = append(paths, storage.ShardPath(out, k))
	}
	return paths, stdout.String()
}

// checkResharded checks the new shards against the games of the
// sources: every game is on the shard its server routes to, once, with
// its seats, log, notes and state as they were, and replays from its seed
// and log to that state; every row of the sources is there; and nothing
// is on a wrong shard. shifted says whether a deadline was due to be
// moved by the away time the reshard applied, and by how much at most
// and least.
func checkResharded(t *testing.T, before map[string]storedGame, sources, paths []string, shifted func(storedGame, storage.Deadline) bool, lo, hi time.Duration) {
	t.Helper()
	ctx := context.Background()
	after := inventory(t, paths)
	if len(after) != len(before) {
		t.Fatalf("%d games before the reshard, %d after", len(before), len(after))
	}
	moved := 0
	for key, b := range before {
		a, ok := after[key]
		if !ok {
			t.Fatalf("game %s (%s, server %s) is lost", key, b.Game, b.Guild)
		}
		if want, _ := storage.ShardOf(a.Guild, len(paths)); a.file != want {
			t.Fatalf("game %s of server %s is on shard %d of %d, Discord routes the server to shard %d", key, a.Guild, a.file, len(paths), want)
		}
		if len(a.Deadlines) != len(b.Deadlines) {
			t.Fatalf("game %s: %d deadlines before, %d after", key, len(b.Deadlines), len(a.Deadlines))
		}
		for i := range b.Deadlines {
			bd, ad := b.Deadlines[i], a.Deadlines[i]
			d := ad.DueAt.Sub(bd.DueAt)
			if shifted(b, bd) {
				if d < lo || d > hi {
					t.Fatalf("game %s: the away player's %s deadline moved by %v, want %v to %v", key, bd.Kind, d, lo, hi)
				}
				moved++
			} else if d != 0 {
				t.Fatalf("game %s: deadline %s of seat %d moved by %v", key, bd.Kind, bd.Seat, d)
			}
			bd.ID, bd.GameID, bd.DueAt, ad.ID, ad.GameID, ad.DueAt = 0, 0, time.Time{}, 0, 0, time.Time{}
			if !reflect.DeepEqual(bd, ad) {
				t.Fatalf("game %s: deadline %+v became %+v", key, bd, ad)
			}
		}
		b.file, b.id, b.Deadlines, a.file, a.id, a.Deadlines = 0, 0, nil, 0, 0, nil
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("game %s changed in the reshard:\nbefore %+v\nafter  %+v", key, b, a)
		}
	}
	if lo > 0 && moved == 0 {
		t.Fatal("no deadline of the away player was moved: the away alignment was not exercised")
	}
	// Every started game replays from its seed and log to its snapshot.
	started := 0
	for _, g := range before {
		if g.Status == storage.Active || g.Status == storage.Over {
			started++
		}
	}
	replayed := 0
	for k, p := range paths {
		db, err := storage.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		n, err := commands.VerifyGames(ctx, db, Catalog())
		db.Close()
		if err != nil {
			t.Fatalf("shard %d: %v", k, err)
		}
		replayed += n
	}
	if replayed != started {
		t.Fatalf("%d games replayed, %d started", replayed, started)
	}
	// Row counts per table: every row is somewhere, users on every shard.
	var srcRows []map[string]int
	users := map[string]bool{}
	for _, src := range sources {
		srcRows = append(srcRows, tableRows(t, src))
		for _, u := range userIDs(t, src) {
			users[u] = true
		}
	}
	sum := map[string]int{}
	for _, r := range srcRows {
		for tb, n := range r {
			sum[tb] += n
		}
	}
	got := map[string]int{}
	for k, p := range paths {
		rows := tableRows(t, p)
		for tb, n := range rows {
			got[tb] += n
		}
		if rows["users"] != len(users) {
			t.Fatalf("shard %d holds %d users' settings, want all %d", k, rows["users"], len(users))
		}
		if rows["schema_migrations"] != srcRows[0]["schema_migrations"] {
			t.Fatalf("shard %d is at %d migrations, want %d (the latest)", k, rows["schema_migrations"], srcRows[0]["schema_migrations"])
		}
	}
	for tb, n := range sum {
		if tb == "users" || tb == "schema_migrations" {
			continue
		}
		if got[tb] != n {
			t.Fatalf("table %s: %d rows in the sources, %d in the new shards", tb, n, got[tb])
		}
	}
	// A channel's pictures owed keep their order (the order they are
	// posted in).
	if want, got := picturesByChannel(t, sources), picturesByChannel(t, paths); !reflect.DeepEqual(want, got) {
		t.Fatalf("pictures owed per channel, in order:\nbefore %v\nafter  %v", want, got)
	}
	// Nothing is on a wrong shard: campaigns by server, kept messages
	// and fired deadlines by their game.
	for k, p := range paths {
		db, err := readOnly(p)
		if err != nil {
			t.Fatal(err)
		}
		check := func(q, what string) {
			t.Helper()
			var bad int
			if err := db.QueryRow(q).Scan(&bad); err != nil {
				t.Fatal(err)
			}
			if bad != 0 {
				t.Fatalf("shard %d: %d %s", k, bad, what)
			}
		}
		check(`SELECT COUNT(*) FROM keyed_messages m WHERE key LIKE 'summary/%' AND NOT EXISTS (SELECT 1 FROM games g WHERE 'summary/' || g.id = m.key AND g.channel_id = m.channel_id)`, "summary messages name no game of their channel")
		check(`SELECT COUNT(*) FROM interactions i WHERE id LIKE 'deadline/%' AND NOT EXISTS (SELECT 1 FROM games g WHERE i.id LIKE 'deadline/' || g.id || '/%')`, "fired deadlines name no game here")
		if k > 0 {
			check(`SELECT COUNT(*) FROM keyed_messages m WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.channel_id = m.channel_id)`, "kept messages of channels of no server outside shard 0")
			check(`SELECT COUNT(*) FROM interactions WHERE id NOT LIKE 'deadline/%'`, "interactions of no game outside shard 0")
			check(`SELECT COUNT(*) FROM discord_interactions`, "Discord's interactions outside shard 0")
		}
		rows, err := db.Query(`SELECT guild_id FROM campaigns`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var g string
			rows.Scan(&g)
			if want, _ := storage.ShardOf(g, len(paths)); want != k {
				t.Fatalf("shard %d holds server %s's campaign, which belongs on shard %d", k, g, want)
			}
		}
		rows.Close()
		db.Close()
	}
}

// picturesByChannel lists each channel's pictures owed in the order the
// picture worker posts them (storage.OwedPictures): a channel's games by
// when they were created, each game's by version, then seat.
func picturesByChannel(t *testing.T, paths []string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, p := range paths {
		db, err := readOnly(p)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query(`SELECT p.channel_id, p.move_n, p.version, p.caption FROM pictures_owed p JOIN games g ON g.id = p.game_id
			ORDER BY g.created_at, p.game_id, p.version, p.seat`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var ch, caption string
			var n, v int
			rows.Scan(&ch, &n, &v, &caption)
			out[ch] = append(out[ch], fmt.Sprintf("%d/%d/%s", n, v, caption))
		}
		rows.Close()
		db.Close()
	}
	return out
}

// userIDs lists the users whose settings a file holds.
func userIDs(t *testing.T, path string) []string {
	t.Helper()
	db, err := readOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT user_id FROM users`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u string
		rows.Scan(&u)
		out = append(out, u)
	}
	return out
}

// TestReshardMovesEveryServer covers `casefile reshard` (issue 16): real
// games played through the service on six servers of shards 0 and 1 of 2
// are resharded to 3 shards and then back to 1. After each, every game is
// on the shard Discord routes its server to, with its seats, log, notes,
// deadlines and state as before, and replays from its seed and log; every
// table's rows add up (users' settings on every shard); nothing is on a
// wrong shard; pictures owed keep their order per channel; renumbered
// games keep their summary message and fired deadlines; the away
// player's time is applied to the games of the shard that did not know;
// and the sources are untouched.
func TestReshardMovesEveryServer(t *testing.T) {
	skipShort(t)
	dir := t.TempDir()
	old := oldShards(t, dir, true)
	before := inventory(t, old)
	srcRows := []map[string]int{tableRows(t, old[0]), tableRows(t, old[1])}
	for _, tb := range []string{"games", "seats", "moves", "notes", "deadlines", "votes", "mentions", "dm_fallbacks", "pictures_owed", "picture_states", "campaigns", "keyed_messages", "interactions", "discord_interactions", "users"} {
		if srcRows[0][tb]+srcRows[1][tb] == 0 {
			t.Fatalf("the sources hold no %s: the test would not show they move", tb)
		}
	}
	statuses := map[storage.Status]int{}
	for _, g := range before {
		statuses[g.Status]++
	}
	for _, s := range []storage.Status{storage.Lobby, storage.Active, storage.Over, storage.Aborted} {
		if statuses[s] == 0 {
			t.Fatalf("no %s game in the sources: %v", s, statuses)
		}
	}
	away := awayUntil(t, old[0], reshardUsers[1])
	// Games of shard 1 (which did not know of the away time) with the
	// away player seated get their clocks moved; nothing else moves.
	shifted := func(g storedGame, d storage.Deadline) bool {
		if g.file != 1 || g.Status != storage.Active || d.FiredAt != nil || d.Paused || (d.Kind != "clock" && d.Kind != "remind") {
			return false
		}
		for _, s := range g.Seats {
			if s.Seat == d.Seat && s.UserID == reshardUsers[1] {
				return true
			}
		}
		return false
	}
	print0 := fingerprint(t, old)
	t0 := time.Now()
	three, report := reshardRun(t, old, 3, filepath.Join(dir, "three"))
	t1 := time.Now()
	if fingerprint(t, old) != print0 {
		t.Fatal("the reshard changed its sources")
	}
	if !strings.Contains(report, "its id was taken there") || !strings.Contains(report, "every started game loads and replays") {
		t.Fatalf("the report names no renumbered game or no replay:\n%s", report)
	}
	checkResharded(t, before, old, three, shifted, away.Sub(t1)-time.Millisecond, away.Sub(t0)+time.Millisecond) // times are stored in ms
	for k, p := range three {
		if got := awayUntil(t, p, reshardUsers[1]); !got.Equal(away) {
			t.Fatalf("shard %d: the away player is away until %v, want %v", k, got, away)
		}
		if notify := notifyDM(t, p, reshardUsers[1]); notify {
			t.Fatalf("shard %d: DMs are on for the player who turned them off", k)
		}
	}

	// And back to one: all of it in one database, nothing moved again.
	mid := inventory(t, three)
	one, report := reshardRun(t, three, 1, filepath.Join(dir, "one"))
	if !strings.Contains(report, "its id was taken there") {
		t.Fatalf("the report names no renumbered game:\n%s", report)
	}
	checkResharded(t, mid, three, one, func(storedGame, storage.Deadline) bool { return false }, 0, 0)
	for key := range before {
		if _, ok := mid[key]; !ok {
			t.Fatalf("game %s lost", key)
		}
	}
}

func awayUntil(t *testing.T, path, user string) time.Time {
	t.Helper()
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.User(context.Background(), user)
	if err != nil {
		t.Fatal(err)
	}
	return u.AwayUntil
}

func notifyDM(t *testing.T, path, user string) bool {
	t.Helper()
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, err := db.User(context.Background(), user)
	if err != nil {
		t.Fatal(err)
	}
	return u.NotifyDM
}

// holdEnv names the database TestReshardChildHoldsDatabase keeps open.
const holdEnv = "CASEFILE_TEST_HOLD_DB"

// TestReshardChildHoldsDatabase is not a test on its own: the refusal
// test runs the test binary again with holdEnv set, and this becomes a
// process holding the database open, as a running bot does.
func TestReshardChildHoldsDatabase(t *testing.T) {
	path := os.Getenv(holdEnv)
	if path == "" {
		t.Skip("runs only as the child of TestReshardRefusesWrongArguments")
	}
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.AllGames(context.Background()); err != nil {
		t.Fatal(err)
	}
	fmt.Println("holding")
	time.Sleep(time.Minute)
}

// TestReshardRefusesWrongArguments: a wrong argument or a source that
// cannot be resharded gets a message saying why, and changes nothing:
// the sources stay as they were and no output directory is left.
func TestReshardRefusesWrongArguments(t *testing.T) {
	dir := t.TempDir()
	old := oldShards(t, dir, false)
	print0 := fingerprint(t, old)
	out := filepath.Join(dir, "new")
	full := filepath.Join(dir, "full")
	if err := os.Mkdir(full, 0o700); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(full, "keep.txt"), []byte("mine"), 0o600)
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("not a database\n"), 0o600)
	copied := filepath.Join(dir, "copy-of-old0.db")
	if b, err := os.ReadFile(old[0]); err != nil {
		t.Fatal(err)
	} else {
		os.WriteFile(copied, b, 0o600)
	}
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no count", []string{"-out", out, old[0], old[1]}, 2, "-to-count must be the new shard count"},
		{"zero shards", []string{"-to-count", "0", "-out", out, old[0], old[1]}, 2, "1 or more (got 0)"},
		{"no output", []string{"-to-count", "3", old[0], old[1]}, 2, "-out must name"},
		{"no sources", []string{"-to-count", "3", "-out", out}, 2, "name the database file of every current shard"},
		{"flag after sources", []string{"-to-count", "3", "-out", out, old[0], "-x"}, 2, "flags go before the databases"},
		{"missing source", []string{"-to-count", "3", "-out", out, old[0], filepath.Join(dir, "old9.db")}, 1, "no such file"},
		{"same source twice", []string{"-to-count", "3", "-out", out, old[0], old[0]}, 1, "are the same database"},
		{"output not empty", []string{"-to-count", "3", "-out", full, old[0], old[1]}, 1, "is not empty"},
		{"not a database", []string{"-to-count", "3", "-out", out, old[0], text}, 1, "cannot be read as a SQLite database"},
		{"a channel open twice", []string{"-to-count", "3", "-out", out, old[0], old[1], copied}, 1, "has an open game in both"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"reshard"}, c.args...), &stdout, &stderr, noEnv)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Fatalf("%s: exit %d (want %d), stderr:\n%s\nwant it to say %q", c.name, code, c.code, stderr.String(), c.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("%s: the output directory was left behind (%v)", c.name, err)
		}
		if entries, _ := os.ReadDir(full); len(entries) != 1 {
			t.Fatalf("%s: the non-empty directory was written to: %v", c.name, entries)
		}
		if fingerprint(t, old) != print0 {
			t.Fatalf("%s: a source changed", c.name)
		}
	}

	// A database a running process holds open is refused.
	child := exec.Command(os.Args[0], "-test.run=^TestReshardChildHoldsDatabase$", "-test.v=false")
	child.Env = append(os.Environ(), holdEnv+"="+old[1])
	pipe, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { child.Process.Kill(); child.Wait() }()
	if line, err := bufio.NewReader(pipe).ReadString('\n'); err != nil || line != "holding\n" {
		t.Fatalf("the child holding the database: %q %v", line, err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"reshard", "-to-count", "3", "-out", out, old[0], old[1]}, &stdout, &stderr, noEnv)
	if want := fmt.Sprintf("is open in process %d", child.Process.Pid); code != 1 || !strings.Contains(stderr.String(), want) || !strings.Contains(stderr.String(), "stop every shard's process first") {
		t.Fatalf("a source in use: exit %d, stderr %q, want it to say %q", code, stderr.String(), want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a source in use: the output directory was left behind (%v)", err)
	}
	child.Process.Kill()
	child.Wait()
	// Once it stops, the same command goes through.
	var once bytes.Buffer
	if code := run(context.Background(), []string{"reshard", "-to-count", "3", "-out", out, old[0], old[1]}, &once, &stderr, noEnv); code != 0 {
		t.Fatalf("after the holder stopped: exit %d: %s", code, stderr.String())
	}
}

// BenchmarkReshard measures `casefile reshard` from 2 shards to 3 on
// sources of real games played through the service: 2×games games of
// Escape Plan, Heist and Police Precinct in turn, over 2×servers
// servers, each given up to moves random legal moves (pictures owed and
// deadlines included, as a stopped bot leaves them). The time includes
// checking every new shard: row counts and every game's replay.
func BenchmarkReshard(b *testing.B) {
	const games, servers, moves = 60, 12, 40
	ctx := context.Background()
	dir := b.TempDir()
	cat := Catalog()
	paths := []string{filepath.Join(dir, "old0.db"), filepath.Join(dir, "old1.db")}
	var svcs []*commands.Service
	var dbs []*storage.DB
	for _, p := range paths {
		db, err := storage.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		dbs = append(dbs, db)
		svcs = append(svcs, commands.New(db, cat, Renderers(), commands.Settings{}, slog.New(slog.NewTextHandler(io.Discard, nil))))
	}
	kinds := []string{"escape-plan", "masters-of-the-heist", "police-precinct"}
	rnd := engine.NewRand(3)
	n, played := 0, 0
	for shard := 0; shard < 2; shard++ {
		do := func(guild, ch, user, cmd string, opts map[string]string) commands.Response {
			n++
			return svcs[shard].Handle(ctx, commands.Request{ID: fmt.Sprint(n), GuildID: guild, ChannelID: ch, UserID: user, UserName: user, Command: cmd, Options: opts})
		}
		for g := 0; g < games; g++ {
			guild := reshardGuild(2*(g%servers) + shard) // a server of this shard
			ch := fmt.Sprintf("%d%04d", shard+1, g)
			do(guild, ch, reshardUsers[0], "newgame", map[string]string{"game": kinds[g%3], "options": fmt.Sprintf("seed=%d", g)})
			do(guild, ch, reshardUsers[1], "join", nil)
			if r := do(guild, ch, reshardUsers[0], "start", nil); r.Refused {
				b.Fatal(r.Content)
			}
			for i := 0; i < moves; i++ {
				rec, err := dbs[shard].OpenGame(ctx, ch)
				if err != nil {
					break
				}
				def, _ := cat.Get(rec.Game)
				st, _ := def.Load(rec.Snapshot)
				seat, mv, ok := engine.RandomMove(st, rnd)
				if !ok {
					break
				}
				user, mv := moveAs(rec, seat, mv)
				if r := do(guild, ch, user, "move", map[string]string{"action": mv}); r.Refused {
					b.Fatalf("move %q: %s", mv, r.Content)
				}
				played++
			}
		}
	}
	var size int64
	for i, db := range dbs {
		db.Close()
		fi, err := os.Stat(paths[i])
		if err != nil {
			b.Fatal(err)
		}
		size += fi.Size()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out, errs bytes.Buffer
		if code := run(ctx, []string{"reshard", "-to-count", "3", "-out", filepath.Join(dir, fmt.Sprint("new", i)), paths[0], paths[1]}, &out, &errs, noEnv); code != 0 {
			b.Fatalf("exit %d: %s", code, errs.String())
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(2*games), "ms/game")
	b.ReportMetric(float64(2*games), "games")
	b.ReportMetric(float64(played), "moves")
	b.ReportMetric(float64(size)/1024/float64(2*games), "source-KB/game")
}

// reshardGuildOn adds servers to the emulator until one falls on shard
// of2 of 2 and, when of3 is not negative, on shard of3 of 3.
func reshardGuildOn(t *testing.T, emu *discordtest.Server, name string, of2, of3 int) discordtest.Guild {
	t.Helper()
	for i := 0; i < 500; i++ {
		g := emu.AddGuild(fmt.Sprintf("%s %d", name, i))
		if discordtest.ShardOf(g.ID, 2) == of2 && (of3 < 0 || discordtest.ShardOf(g.ID, 3) == of3) {
			return g
		}
		time.Sleep(time.Millisecond) // the next id has another timestamp
	}
	t.Fatalf("no server fell on shard %d of 2 and %d of 3", of2, of3)
	return discordtest.Guild{}
}

// TestReshardedShardsPlayOn is the whole procedure: bots as shards 0 and 1
// of 2 play a game on each of three servers; they stop; the databases are
// resharded to 3; bots as shards 0, 1 and 2 of 3 start on the new files,
// and every game plays on where it stood, on the shard Discord now routes
// its server to, the renumbered game too.
func TestReshardedShardsPlayOn(t *testing.T) {
	skipShort(t)
	emu := discordtest.New(t)
	emu.SetAwaitDone(true)
	// Servers a and b are on different shards of 2 and the same shard of
	// 3, and their games have the same id: one is renumbered.
	a := reshardGuildOn(t, emu, "a", 0, -1)
	b := reshardGuildOn(t, emu, "b", 1, discordtest.ShardOf(a.ID, 3))
	c := reshardGuildOn(t, emu, "c", 1, (discordtest.ShardOf(a.ID, 3)+1)%3)
	guilds := []discordtest.Guild{a, b, c}
	var chans []discordtest.Channel
	var ids []string
	for _, g := range guilds {
		chans = append(chans, emu.AddChannel(g.ID, "crime-night"))
		ids = append(ids, g.ID)
	}
	ann, bo := emu.AddUser("ann"), emu.AddUser("bo")
	users := map[string]discordtest.User{ann.ID: ann, bo.ID: bo}
	dir := t.TempDir()
	// up runs shard k of count on path in this process until stopped.
	up := func(k, count int, path string) func() {
		t.Helper()
		cfg := DefaultConfig()
		cfg.Discord.Token, cfg.Discord.APIURL, cfg.Discord.GuildIDs = emu.Token(), emu.URL(), ids
		cfg.Discord.ShardID, cfg.Discord.ShardCount = k, count
		cfg.Storage.Path = path
		cfg.Games.DefaultClock = "off"
		m := NewMain(cfg, io.Discard)
		m.Games = fixtureGames()
		m.OnDone = emu.Done
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- m.Run(ctx) }()
		if err := emu.Wait(fmt.Sprintf("shard %d of %d connected", k, count), func() bool { return emu.ShardConnected(k, count) }); err != nil {
			t.Fatal(err)
		}
		return func() {
			cancel()
			if err := <-done; err != nil && err != context.Canceled {
				t.Errorf("shard %d of %d stopped with %v", k, count, err)
			}
		}
	}
	must := func(u discordtest.User, ch discordtest.Channel, name string, opts map[string]string) {
		t.Helper()
		r, err := emu.Command(u, ch, name, opts)
		if err != nil || r.Ephemeral() {
			t.Fatalf("/%s in %s: %v %q", name, ch.ID, err, r.Content())
		}
	}
	// move makes one random legal move in the game of server i, stored in
	// path, and returns how many moves that game then has.
	rnd := engine.NewRand(4)
	move := func(i int, path string) int {
		t.Helper()
		db, err := storage.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		g, err := db.OpenGame(context.Background(), chans[i].ID)
		if err != nil {
			t.Fatalf("server %d's game is not in %s: %v", i, path, err)
		}
		st, err := enginetest.Load(g.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, ok := engine.RandomMove(st, rnd)
		if !ok {
			t.Fatal("nobody may act")
		}
		user, mv := moveAs(g, seat, mv)
		r, err := emu.Command(users[user], chans[i], "move", map[string]string{"action": mv})
		if err != nil || !accepted(r) {
			t.Fatalf("server %d: move %q: %v %q", i, mv, err, r.Content())
		}
		moves, err := db.Moves(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return len(moves)
	}

	old := []string{filepath.Join(dir, "shard0.db"), filepath.Join(dir, "shard1.db")}
	stops := []func(){up(0, 2, old[0]), up(1, 2, old[1])}
	stored := make([]int, len(guilds))
	for i, ch := range chans {
		must(ann, ch, "newgame", map[string]string{"game": "stakeout", "options": fmt.Sprintf("seed=%d rounds=3", i+1)})
		must(bo, ch, "join", nil)
		must(ann, ch, "start", nil)
		stored[i] = move(i, old[discordtest.ShardOf(guilds[i].ID, 2)])
	}
	// b's game was updated last, so it keeps its id and a's is renumbered.
	stored[1] = move(1, old[1])
	for _, stop := range stops {
		stop()
	}

	out := filepath.Join(dir, "three")
	cat, _ := build(fixtureGames())
	rep, err := storage.Reshard(context.Background(), storage.ReshardOptions{Sources: old, Count: 3, OutDir: out,
		Verify: func(ctx context.Context, _ int, db *storage.DB) error {
			_, err := commands.VerifyGames(ctx, db, cat)
			return err
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Renumbered) != 1 || rep.Renumbered[0].GuildID != a.ID {
		t.Fatalf("renumbered: %+v; want server a's game", rep.Renumbered)
	}
	for k := 0; k < 3; k++ {
		defer up(k, 3, storage.ShardPath(out, k))()
	}
	for i, g := range guilds {
		if got := move(i, storage.ShardPath(out, discordtest.ShardOf(g.ID, 3))); got != stored[i]+1 {
			t.Fatalf("server %d after the reshard: %d moves stored, want %d", i, got, stored[i]+1)
		}
	}
}
