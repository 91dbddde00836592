package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ShardOf is the shard of count that Discord routes the events of the
// server guildID to: (guild_id >> 22) % count. Rows outside any server
// (guildID "", direct messages) belong to shard 0, where Discord sends
// direct messages. It fails on a server id that is not a Discord id,
// since such a row could be put on no shard knowingly.
func ShardOf(guildID string, count int) (int, error) {
	if guildID == "" {
		return 0, nil
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("server id %q is not a Discord id", guildID)
	}
	if count <= 1 {
		return 0, nil
	}
	return int((id >> 22) % uint64(count)), nil
}

// ShardPath is the file Reshard writes shard k's database to in dir.
func ShardPath(dir string, k int) string {
	return filepath.Join(dir, fmt.Sprintf("shard%d.db", k))
}

// reshardTables says where Reshard puts the rows of every table the
// migrations create. A table missing here stops a reshard before it
// writes anything (see plan), so a new migration cannot be lost by it
// silently: its author must say where its rows go.
var reshardTables = []struct{ name, rule string }{
	{"games", "with its server; renumbered only where its id is taken on the new shard"},
	{"seats", "with its game"},
	{"moves", "with its game"},
	{"notes", "with its game, in their order"},
	{"deadlines", "with its game; a player's away time is applied to every shard"},
	{"votes", "with its game"},
	{"mentions", "with its game"},
	{"dm_fallbacks", "with its game"},
	{"pictures_owed", "with its game"},
	{"picture_states", "with its game"},
	{"campaigns", "with its server"},
	{"keyed_messages", "with the server of its channel"},
	{"interactions", "a deadline's with its game, the rest to shard 0"},
	{"discord_interactions", "to shard 0"},
	{"users", "to every shard, merged"},
}

// gameTables are the tables whose rows belong to one game (game_id), in
// the order they are copied, with the column the new shard numbers
// afresh ("" when the row has no id of its own). An owed picture has no
// id of its own since migration 0015: its key is its game, version and
// seat, and the worker orders a channel's games by when they were
// created, which a renumbered game keeps.
var gameTables = []struct{ name, fresh, order string }{
	{"seats", "", "seat"},
	{"moves", "", "n"},
	{"notes", "id", "id"},
	{"deadlines", "", "due_at, id"},
	{"votes", "", "rowid"},
	{"mentions", "", "seat"},
	{"dm_fallbacks", "", "user_id"},
	{"picture_states", "", "version"},
	{"pictures_owed", "", "version, seat"},
}

// ReshardOptions says what Reshard reads and writes.
type ReshardOptions struct {
	// Sources are the database files of every shard of the old count.
	Sources []string
	// Count is the new number of shards.
	Count int
	// OutDir receives shard0.db … shard{Count-1}.db. It must be empty or
	// not exist.
	OutDir string
	// Verify, when set, checks each new shard's database before the
	// reshard is done; an error undoes the whole reshard.
	Verify func(ctx context.Context, shard int, db *DB) error
	// Now is the time away mode is measured from; time.Now when nil.
	Now func() time.Time
}

// ReshardReport says what a reshard wrote.
type ReshardReport struct {
	Shards []ShardSummary
	// Renumbered are the games whose id was already taken on their new
	// shard by a game from another source.
	Renumbered []Renumbered
	// Tables are the rows per table before and after, with the rule that
	// placed them.
	Tables []TableCount
	// Notes are decisions the data called for: stale copies replaced,
	// rows of no known server put on shard 0.
	Notes []string
}

// ShardSummary is one new shard database.
type ShardSummary struct {
	Path    string
	Servers int
	Games   map[Status]int
	Moves   int
}

// Renumbered is a game given a new id by a reshard.
type Renumbered struct {
	Source             string
	GuildID, ChannelID string
	From, To           int64
	Shard              int
}

// TableCount is one table's rows in the sources and in the new shards.
type TableCount struct {
	Table          string
	Source, Target int
	Rule           string
}

// Reshard reads the databases of every shard of one shard count and
// writes the databases of Count shards, each server's rows on the shard
// Discord routes it to (ShardOf), server by server, one transaction per
// server. The sources are not written: each is copied first through
// SQLite's backup API (one consistent snapshot) into a work file, which is
// brought to the latest migration and read; a source another process has
// open (a bot still running) is refused. The new databases are at the
// latest migration. Renumbering keeps every reference: a game's rows, its
// summary message and its deadlines' interaction ids follow its new id.
// Nothing is left in OutDir when it fails, and nothing written when a
// check before writing fails.
func Reshard(ctx context.Context, o ReshardOptions) (*ReshardReport, error) {
	if err := checkReshard(o); err != nil {
		return nil, err
	}
	r := &resharder{o: o, now: time.Now(), report: &ReshardReport{}}
	if o.Now != nil {
		r.now = o.Now()
	}
	_, statErr := os.Stat(o.OutDir)
	madeDir := errors.Is(statErr, fs.ErrNotExist)
	if err := os.MkdirAll(o.OutDir, 0o700); err != nil {
		return nil, err
	}
	r.work = filepath.Join(o.OutDir, ".reshard-work")
	err := r.run(ctx)
	r.closeAll()
	os.RemoveAll(r.work)
	if err != nil {
		for k := 0; k < o.Count; k++ {
			p := ShardPath(o.OutDir, k)
			for _, f := range []string{p, p + "-wal", p + "-shm", p + "-journal"} {
				os.Remove(f)
			}
		}
		if madeDir {
			os.Remove(o.OutDir)
		}
		return nil, err
	}
	return r.report, nil
}

// checkReshard refuses options that cannot work before anything is
// opened or written.
func checkReshard(o ReshardOptions) error {
	if o.Count < 1 {
		return fmt.Errorf("the new shard count must be 1 or more, not %d", o.Count)
	}
	if len(o.Sources) == 0 {
		return errors.New("name the database of every current shard")
	}
	if o.OutDir == "" {
		return errors.New("name a directory for the new databases")
	}
	infos := make([]os.FileInfo, len(o.Sources))
	for i, s := range o.Sources {
		fi, err := os.Stat(s)
		if err != nil {
			return fmt.Errorf("source %s: %w", s, err)
		}
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("source %s is not a file", s)
		}
		for j := 0; j < i; j++ {
			if os.SameFile(fi, infos[j]) {
				return fmt.Errorf("%s and %s are the same database; name each shard's once", o.Sources[j], s)
			}
		}
		infos[i] = fi
		if pid, used, err := inUse(s); err != nil {
			return fmt.Errorf("source %s: checking whether it is in use: %w", s, err)
		} else if used {
			return fmt.Errorf("source %s is open in process %d (a bot still running?): stop every shard's process first, so no move is made after the copy", s, pid)
		}
	}
	entries, err := os.ReadDir(o.OutDir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("output directory %s: %w", o.OutDir, err)
	case len(entries) > 0:
		return fmt.Errorf("output directory %s is not empty; name a new or empty directory, so no database is overwritten", o.OutDir)
	}
	return nil
}

// resharder is one reshard in progress.
type resharder struct {
	o      ReshardOptions
	now    time.Time
	work   string
	report *ReshardReport

	srcs []*DB // migrated snapshots of the sources
	dsts []*DB // the new shards

	cols map[string][]string
	// games are every source's games by source, in id order, and their
	// place on the new shards.
	games [][]*movedGame
	byID  []map[int64]*movedGame
	// byGuild lists each source's games by server, in id order.
	byGuild []map[string][]*movedGame
	// chanGuild maps every source's channels to their server, from the
	// games played in them; guildChans lists each server's channels.
	chanGuild  map[string]string
	guildChans map[string][]string
	servers    []string
	// away is each source's users' away_until; users are the merged rows.
	away  []map[string]int64
	users map[string]*userRow
	// copied counts the rows written per table; dropped the stale
	// copies left out.
	copied, dropped map[string]int
}

type movedGame struct {
	src            int
	id, newID      int64
	guild, channel string
	status         Status
	updated        int64
	shard          int
}

type userRow struct {
	away   int64
	notify int64
}

func (r *resharder) closeAll() {
	for _, d := range append(r.srcs, r.dsts...) {
		if d != nil {
			d.Close()
		}
	}
	r.srcs, r.dsts = nil, nil
}

func (r *resharder) run(ctx context.Context) error {
	if err := os.MkdirAll(r.work, 0o700); err != nil {
		return err
	}
	for i, s := range r.o.Sources {
		snap, err := snapshot(ctx, s, filepath.Join(r.work, fmt.Sprintf("source%d.db", i)))
		if err != nil {
			return fmt.Errorf("source %s: %w", s, err)
		}
		r.srcs = append(r.srcs, snap)
	}
	if err := r.plan(ctx); err != nil {
		return err
	}
	for k := 0; k < r.o.Count; k++ {
		d, err := Open(ShardPath(r.o.OutDir, k))
		if err != nil {
			return fmt.Errorf("new shard %d: %w", k, err)
		}
		r.dsts = append(r.dsts, d)
	}
	r.copied, r.dropped = map[string]int{}, map[string]int{}
	for _, g := range r.servers {
		if err := r.moveServer(ctx, g); err != nil {
			return fmt.Errorf("server %s: %w", g, err)
		}
	}
	if err := r.moveRest(ctx); err != nil {
		return err
	}
	if err := r.count(ctx); err != nil {
		return err
	}
	for k, d := range r.dsts {
		if r.o.Verify != nil {
			if err := r.o.Verify(ctx, k, d); err != nil {
				return fmt.Errorf("new shard %d does not check out: %w", k, err)
			}
		}
		s, err := summarize(ctx, d)
		if err != nil {
			return err
		}
		s.Path = ShardPath(r.o.OutDir, k)
		r.report.Shards = append(r.report.Shards, s)
	}
	return nil
}

// snapshot copies the source database through the backup API into
// work, and brings the copy to the latest migration. The source is opened
// only to be read: not opened read-only, because a read-only connection
// leaves -wal and -shm files behind, where a normal one that writes
// nothing leaves the directory as it found it (a WAL that a killed process
// left is folded into the file, as any open does, without changing what
// the file holds).
func snapshot(ctx context.Context, src, work string) (*DB, error) {
	raw, err := sql.Open("sqlite3", "file:"+src+"?_busy_timeout=10000")
	if err != nil {
		return nil, err
	}
	ro := &DB{db: raw, Now: time.Now}
	err = ro.copyTo(ctx, work)
	ro.Close()
	if err != nil {
		return nil, fmt.Errorf("cannot be read as a SQLite database: %w", err)
	}
	// A file with no migrations table was never a Casefile database;
	// migrating it would only hide that.
	probe, err := sql.Open("sqlite3", "file:"+work)
	if err != nil {
		return nil, err
	}
	var n int
	err = probe.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'games')`).Scan(&n)
	probe.Close()
	if err != nil {
		return nil, err
	}
	if n != 2 {
		return nil, errors.New("is not a Casefile database (it has no games or schema_migrations table)")
	}
	d, err := Open(work)
	if err != nil {
		return nil, err
	}
	// The copy is the reshard's own: indexes for reading it server by
	// server cost nothing to the source.
	for _, q := range []string{`CREATE INDEX reshard_games_by_guild ON games (guild_id, id)`} {
		if _, err := d.db.ExecContext(ctx, q); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// plan reads every source's games and decides each one's shard and id,
// and refuses data it cannot place, before any new shard is written.
func (r *resharder) plan(ctx context.Context) error {
	known := map[string]bool{"schema_migrations": true}
	for _, t := range reshardTables {
		known[t.name] = true
	}
	r.cols = map[string][]string{}
	for i, s := range r.srcs {
		tables, err := tableNames(ctx, s.db)
		if err != nil {
			return err
		}
		for _, t := range tables {
			if !known[t] {
				return fmt.Errorf("source %s has a table %q that this build's reshard does not know where to put; nothing was written", r.o.Sources[i], t)
			}
		}
	}
	for _, t := range reshardTables {
		cols, err := columns(ctx, r.srcs[0].db, t.name)
		if err != nil {
			return err
		}
		r.cols[t.name] = cols
	}
	servers := map[string]bool{}
	perSource := make([]map[string]bool, len(r.srcs))
	var maxID int64
	r.users = map[string]*userRow{}
	r.chanGuild, r.guildChans = map[string]string{}, map[string][]string{}
	for i, s := range r.srcs {
		rows, err := s.db.QueryContext(ctx, `SELECT id, guild_id, channel_id, status, updated_at FROM games ORDER BY id`)
		if err != nil {
			return err
		}
		var list []*movedGame
		byID := map[int64]*movedGame{}
		byGuild := map[string][]*movedGame{}
		for rows.Next() {
			g := &movedGame{src: i}
			if err := rows.Scan(&g.id, &g.guild, &g.channel, &g.status, &g.updated); err != nil {
				rows.Close()
				return err
			}
			if g.shard, err = ShardOf(g.guild, r.o.Count); err != nil {
				rows.Close()
				return fmt.Errorf("source %s, game %d: %w; nothing was written", r.o.Sources[i], g.id, err)
			}
			if other, ok := r.chanGuild[g.channel]; ok && other != g.guild {
				rows.Close()
				return fmt.Errorf("channel %s holds games of two servers (%s and %s, the latter in %s); nothing was written", g.channel, other, g.guild, r.o.Sources[i])
			}
			if _, ok := r.chanGuild[g.channel]; !ok {
				r.chanGuild[g.channel] = g.guild
				r.guildChans[g.guild] = append(r.guildChans[g.guild], g.channel)
			}
			servers[g.guild] = true
			if perSource[i] == nil {
				perSource[i] = map[string]bool{}
			}
			perSource[i][g.guild] = true
			list = append(list, g)
			byID[g.id] = g
			byGuild[g.guild] = append(byGuild[g.guild], g)
			maxID = max(maxID, g.id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		r.games = append(r.games, list)
		r.byID = append(r.byID, byID)
		r.byGuild = append(r.byGuild, byGuild)
		guilds, err := firstColumn(ctx, s.db, `SELECT DISTINCT guild_id FROM campaigns`)
		if err != nil {
			return err
		}
		for _, g := range guilds {
			if _, err := ShardOf(g, r.o.Count); err != nil {
				return fmt.Errorf("source %s, a campaign: %w; nothing was written", r.o.Sources[i], err)
			}
			servers[g] = true
		}
		away := map[string]int64{}
		urows, err := s.db.QueryContext(ctx, `SELECT user_id, away_until, notify_dm FROM users`)
		if err != nil {
			return err
		}
		for urows.Next() {
			var id string
			var u userRow
			if err := urows.Scan(&id, &u.away, &u.notify); err != nil {
				urows.Close()
				return err
			}
			away[id] = u.away
			// Away until the latest time any shard was told; DMs off if
			// any shard was told so: a reshard never DMs someone who
			// opted out.
			if m, ok := r.users[id]; ok {
				m.away, m.notify = max(m.away, u.away), min(m.notify, u.notify)
			} else {
				r.users[id] = &u
			}
		}
		urows.Close()
		if err := urows.Err(); err != nil {
			return err
		}
		r.away = append(r.away, away)
	}
	// A channel has one open game at most; two sources each holding one
	// for the same channel (a shard count changed without a reshard)
	// cannot both be kept open.
	open := map[string]*movedGame{}
	for _, list := range r.games {
		for _, g := range list {
			if g.status != Lobby && g.status != Active {
				continue
			}
			if o, ok := open[g.channel]; ok {
				return fmt.Errorf("channel %s has an open game in both %s (game %d) and %s (game %d); end one of them first; nothing was written",
					g.channel, r.o.Sources[o.src], o.id, r.o.Sources[g.src], g.id)
			}
			open[g.channel] = g
		}
	}
	if k, have := partialSet(perSource); k > 0 {
		return fmt.Errorf("the sources look like shards %v of %d only: each holds servers of one of those shards alone. Name the database of every shard of %d, or the servers of the others would be left behind; nothing was written", have, k, k)
	}
	r.assignIDs(maxID)
	for g := range servers {
		r.servers = append(r.servers, g)
	}
	sort.Strings(r.servers)
	return nil
}

// minServers is how many servers each source must hold before partialSet
// trusts what they show: with fewer, a complete set may look partial by
// chance (16 servers of one source fall on one shard of 2 by chance once
// in 32,768).
const minServers = 16

// partialSet finds the smallest shard count from 2 to 256 at which every
// source's servers all fall on one shard, a different one per source. If
// that count is larger than the number of sources, the sources are some of
// the shards of that count and the others' databases were forgotten: it
// returns the count and the shards the sources hold. It returns 0 when
// the sources look complete, show no such count, or hold too few servers
// to tell.
func partialSet(perSource []map[string]bool) (int, []int) {
	for _, s := range perSource {
		n := 0
		for g := range s {
			if g != "" {
				n++
			}
		}
		if n < minServers {
			return 0, nil
		}
	}
	for k := 2; k <= 256; k++ {
		var have []int
		taken := map[int]bool{}
		fits := true
		for _, s := range perSource {
			shard := -1
			for g := range s {
				if g == "" {
					continue
				}
				sh, _ := ShardOf(g, k)
				if shard >= 0 && sh != shard {
					fits = false
					break
				}
				shard = sh
			}
			if !fits || taken[shard] {
				fits = false
				break
			}
			taken[shard] = true
			have = append(have, shard)
		}
		if fits {
			if k <= len(perSource) {
				return 0, nil
			}
			sort.Ints(have)
			return k, have
		}
	}
	return 0, nil
}

// assignIDs keeps each game's id unless another game bound for the same
// shard has it too. Then the open game keeps it (its buttons are the ones
// still clicked), or else the most recently updated one; the others get
// ids above every id of every source, so that no old button or link names
// them.
func (r *resharder) assignIDs(maxID int64) {
	claims := map[[2]int64][]*movedGame{}
	for _, list := range r.games {
		for _, g := range list {
			k := [2]int64{int64(g.shard), g.id}
			claims[k] = append(claims[k], g)
		}
	}
	next := maxID
	keys := make([][2]int64, 0, len(claims))
	for k := range claims {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		gs := claims[k]
		sort.SliceStable(gs, func(i, j int) bool {
			oi, oj := gs[i].status == Lobby || gs[i].status == Active, gs[j].status == Lobby || gs[j].status == Active
			if oi != oj {
				return oi
			}
			if gs[i].updated != gs[j].updated {
				return gs[i].updated > gs[j].updated
			}
			return gs[i].src < gs[j].src
		})
		gs[0].newID = gs[0].id
		for _, g := range gs[1:] {
			next++
			g.newID = next
			r.report.Renumbered = append(r.report.Renumbered, Renumbered{Source: r.o.Sources[g.src], GuildID: g.guild, ChannelID: g.channel, From: g.id, To: g.newID, Shard: g.shard})
		}
	}
}

// moveServer copies one server's rows from every source into its new
// shard in one transaction: its games with all their rows (their pictures
// owed among them), its campaigns and its channels' kept messages.
func (r *resharder) moveServer(ctx context.Context, guild string) error {
	shard, _ := ShardOf(guild, r.o.Count)
	tx, err := r.dsts[shard].db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for i, src := range r.srcs {
		for _, g := range r.byGuild[i][guild] {
			if err := r.moveGame(ctx, tx, src, g); err != nil {
				return fmt.Errorf("game %d of %s: %w", g.id, r.o.Sources[i], err)
			}
		}
		if err := r.upsertRows(ctx, tx, src, "campaigns", "guild_id = ?", []any{guild}, []string{"guild_id", "game"}, "updated_at", nil); err != nil {
			return err
		}
		for _, c := range r.guildChans[guild] {
			if err := r.upsertRows(ctx, tx, src, "keyed_messages", "channel_id = ?", []any{c}, []string{"channel_id", "key"}, "at", r.summaryKeys(i)); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// moveGame copies one game and the rows that hang on it.
func (r *resharder) moveGame(ctx context.Context, tx *sql.Tx, src *DB, g *movedGame) error {
	if _, err := r.copyRows(ctx, tx, src, "games", "id = ?", "id", []any{g.id}, "", map[string]any{"id": g.newID}, nil); err != nil {
		return err
	}
	for _, t := range gameTables {
		if _, err := r.copyRows(ctx, tx, src, t.name, "game_id = ?", t.order, []any{g.id}, t.fresh, map[string]any{"game_id": g.newID}, nil); err != nil {
			return err
		}
	}
	// A deadline's firing is recorded as interaction
	// "deadline/<game>/…", so a restart does not fire it twice.
	prefix := fmt.Sprintf("deadline/%d/", g.id)
	renamed := fmt.Sprintf("deadline/%d/", g.newID)
	// A range of the primary key: '0' follows '/'.
	upTo := strings.TrimSuffix(prefix, "/") + "0"
	_, err := r.copyRows(ctx, tx, src, "interactions", "id >= ? AND id < ?", "id", []any{prefix, upTo}, "", nil, func(cols []string, vals []any) error {
		vals[index(cols, "id")] = renamed + strings.TrimPrefix(asString(vals[index(cols, "id")]), prefix)
		return nil
	})
	if err != nil {
		return err
	}
	return r.alignAway(ctx, tx, src, g)
}

// alignAway applies to a running game the away time its players took on
// another shard. /away pauses a player's clocks "in every game", but each
// shard only shifted its own games' deadlines; the merged user row says
// away until the latest of them, so a /back after the reshard takes back
// that whole time from every game, and each game must have been given it.
func (r *resharder) alignAway(ctx context.Context, tx *sql.Tx, src *DB, g *movedGame) error {
	if g.status != Active {
		return nil
	}
	rows, err := src.db.QueryContext(ctx, `SELECT seat, user_id FROM seats WHERE game_id = ?`, g.id)
	if err != nil {
		return err
	}
	type seat struct {
		n    int
		user string
	}
	var seats []seat
	for rows.Next() {
		var s seat
		if err := rows.Scan(&s.n, &s.user); err != nil {
			rows.Close()
			return err
		}
		seats = append(seats, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	now := ms(r.now)
	for _, s := range seats {
		u, ok := r.users[s.user]
		if !ok || u.away <= now {
			continue
		}
		shift := u.away - max(r.away[g.src][s.user], now)
		if shift <= 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE deadlines SET due_at = due_at + ?
			WHERE game_id = ? AND seat = ? AND fired_at IS NULL AND paused_left IS NULL AND kind IN ('clock', 'remind')`, shift, g.newID, s.n); err != nil {
			return err
		}
	}
	return nil
}

// summaryKeys renames a renumbered game's summary message key
// ("summary/<game id>", see commands.summaryKey) with the game.
func (r *resharder) summaryKeys(src int) func(cols []string, vals []any) error {
	return func(cols []string, vals []any) error {
		k := index(cols, "key")
		key := asString(vals[k])
		if id, err := strconv.ParseInt(strings.TrimPrefix(key, "summary/"), 10, 64); err == nil && strings.HasPrefix(key, "summary/") {
			if g, ok := r.byID[src][id]; ok {
				vals[k] = fmt.Sprintf("summary/%d", g.newID)
			}
		}
		return nil
	}
}

// moveRest writes the rows tied to no server: interactions not tied to a
// game (Discord's all) go to shard 0 (only a redelivery within seconds could name one, and
// none outlives every process stopping), kept messages of channels no
// game names go to shard 0 with the direct messages, and every user's
// merged settings go to every shard, since a person plays on servers of
// any shard.
func (r *resharder) moveRest(ctx context.Context) error {
	tx, err := r.dsts[0].db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for i, src := range r.srcs {
		err := r.upsertRows(ctx, tx, src, "interactions", "1", nil, []string{"id"}, "at", func(cols []string, vals []any) error {
			if r.tiedToGame(i, asString(vals[index(cols, "id")])) {
				return errSkip
			}
			return nil
		})
		if err != nil {
			return err
		}
		// Discord's own interactions (migration 0016) name no game.
		if err := r.upsertRows(ctx, tx, src, "discord_interactions", "1", nil, []string{"id"}, "at", nil); err != nil {
			return err
		}
		var unplaced int
		err = r.upsertRows(ctx, tx, src, "keyed_messages", "1", nil, []string{"channel_id", "key"}, "at", func(cols []string, vals []any) error {
			if _, ok := r.chanGuild[asString(vals[index(cols, "channel_id")])]; ok {
				return errSkip
			}
			unplaced++
			return nil
		})
		if err != nil {
			return err
		}
		if unplaced > 0 {
			r.report.Notes = append(r.report.Notes, fmt.Sprintf("%d kept message(s) of %s name a channel no game of it names; they went to shard 0", unplaced, r.o.Sources[i]))
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	ids := make([]string, 0, len(r.users))
	for id := range r.users {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, d := range r.dsts {
		tx, err := d.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for _, id := range ids {
			u := r.users[id]
			if _, err := tx.ExecContext(ctx, `INSERT INTO users (user_id, away_until, notify_dm) VALUES (?, ?, ?)`, id, u.away, u.notify); err != nil {
				tx.Rollback()
				return err
			}
			r.copied["users"]++
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// tiedToGame reports whether an interaction id of source src is a
// deadline's of a game of that source (copied with the game).
func (r *resharder) tiedToGame(src int, id string) bool {
	rest, ok := strings.CutPrefix(id, "deadline/")
	if !ok {
		return false
	}
	num, _, ok := strings.Cut(rest, "/")
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		return false
	}
	_, ok = r.byID[src][n]
	return ok
}

// errSkip, from a row edit, leaves the row out.
var errSkip = errors.New("skip row")

// copyRows copies the rows of table that where selects in src, in order,
// into tx, column for column, so a column a later migration adds is
// carried without a change here. Columns in set get the given values;
// the column fresh is left out for the new shard to number; edit may
// change a row's values or skip it (errSkip). It returns the rows copied.
func (r *resharder) copyRows(ctx context.Context, tx *sql.Tx, src *DB, table, where, order string, args []any, fresh string, set map[string]any, edit func([]string, []any) error) (int, error) {
	cols := r.cols[table]
	q := `SELECT ` + strings.Join(cols, ", ") + ` FROM ` + table + ` WHERE ` + where
	if order != "" {
		q += ` ORDER BY ` + order
	}
	rows, err := src.db.QueryContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var out []string
	for _, c := range cols {
		if c != fresh {
			out = append(out, c)
		}
	}
	ins := `INSERT INTO ` + table + ` (` + strings.Join(out, ", ") + `) VALUES (` + strings.TrimSuffix(strings.Repeat("?, ", len(out)), ", ") + `)`
	n := 0
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		for c, v := range set {
			vals[index(cols, c)] = v
		}
		if edit != nil {
			if err := edit(cols, vals); errors.Is(err, errSkip) {
				continue
			} else if err != nil {
				return n, err
			}
		}
		var args []any
		for i, c := range cols {
			if c != fresh {
				args = append(args, vals[i])
			}
		}
		if _, err := tx.ExecContext(ctx, ins, args...); err != nil {
			return n, fmt.Errorf("%s: %w", table, err)
		}
		n++
	}
	r.copied[table] += n
	return n, rows.Err()
}

// upsertRows copies rows like copyRows into a table keyed by key, where
// another source may already have put a row with the same key (a server
// whose rows were left on two shards): of the two, the one whose column
// newer is later is kept, and the other is counted as a stale copy left
// out and named in the report.
func (r *resharder) upsertRows(ctx context.Context, tx *sql.Tx, src *DB, table, where string, args []any, key []string, newer string, edit func([]string, []any) error) error {
	cols := r.cols[table]
	rows, err := src.db.QueryContext(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM `+table+` WHERE `+where+` ORDER BY `+strings.Join(key, ", "), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var conds []string
	for _, k := range key {
		conds = append(conds, k+" = ?")
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if edit != nil {
			if err := edit(cols, vals); errors.Is(err, errSkip) {
				continue
			} else if err != nil {
				return err
			}
		}
		var keyVals []any
		for _, k := range key {
			keyVals = append(keyVals, vals[index(cols, k)])
		}
		var have int64
		err := tx.QueryRowContext(ctx, `SELECT `+newer+` FROM `+table+` WHERE `+strings.Join(conds, " AND "), keyVals...).Scan(&have)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			if _, err := tx.ExecContext(ctx, `INSERT INTO `+table+` (`+strings.Join(cols, ", ")+`) VALUES (`+strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")+`)`, vals...); err != nil {
				return fmt.Errorf("%s: %w", table, err)
			}
			r.copied[table]++
			continue
		case err != nil:
			return err
		}
		r.dropped[table]++
		r.report.Notes = append(r.report.Notes, fmt.Sprintf("%s %v was in more than one source; the copy updated last was kept", table, keyVals))
		if v, _ := vals[index(cols, newer)].(int64); v > have {
			var sets []string
			for _, c := range cols {
				sets = append(sets, c+" = ?")
			}
			if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET `+strings.Join(sets, ", ")+` WHERE `+strings.Join(conds, " AND "), append(vals, keyVals...)...); err != nil {
				return err
			}
		}
	}
	return rows.Err()
}

// count checks that every row of the sources is in the new shards:
// each table's rows add up to the sources' (less stale copies left out),
// and every shard holds every user's settings.
func (r *resharder) count(ctx context.Context) error {
	for _, t := range reshardTables {
		tc := TableCount{Table: t.name, Rule: t.rule}
		for _, s := range r.srcs {
			n, err := countRows(ctx, s.db, t.name)
			if err != nil {
				return err
			}
			tc.Source += n
		}
		for _, d := range r.dsts {
			n, err := countRows(ctx, d.db, t.name)
			if err != nil {
				return err
			}
			tc.Target += n
		}
		want := tc.Source - r.dropped[t.name]
		if t.name == "users" {
			want = len(r.users) * len(r.dsts)
		}
		if tc.Target != want || r.copied[t.name] != want {
			return fmt.Errorf("table %s: the sources hold %d rows, the new shards %d (%d copied), where %d were expected; nothing is kept", t.name, tc.Source, tc.Target, r.copied[t.name], want)
		}
		r.report.Tables = append(r.report.Tables, tc)
	}
	return nil
}

func summarize(ctx context.Context, d *DB) (ShardSummary, error) {
	games, moves, err := d.Counts(ctx)
	if err != nil {
		return ShardSummary{}, err
	}
	s := ShardSummary{Games: games, Moves: moves}
	err = d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT guild_id FROM games UNION SELECT guild_id FROM campaigns)`).Scan(&s.Servers)
	return s, err
}

func countRows(ctx context.Context, db *sql.DB, table string) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n)
	return n, err
}

func tableNames(ctx context.Context, db *sql.DB) ([]string, error) {
	return firstColumn(ctx, db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
}

func columns(ctx context.Context, db *sql.DB, table string) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT name FROM pragma_table_info(?) ORDER BY cid`, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no table %s", table)
	}
	return out, rows.Err()
}

// firstColumn returns the first column of every row of q, as text.
func firstColumn(ctx context.Context, db *sql.DB, q string) ([]string, error) {
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func index(cols []string, c string) int {
	for i, x := range cols {
		if x == c {
			return i
		}
	}
	panic("storage: reshard: no column " + c)
}

// asString reads a TEXT value as the driver returns it.
func asString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	}
	return fmt.Sprint(v)
}
