// Package storage keeps Casefile's games in SQLite: lobbies and games with
// their latest snapshot, seats, the append-only move log, private notes,
// handled interaction ids, deadlines and campaigns. Between commands a
// game is these rows (a service may keep a decoded copy of the latest,
// used only while the row is unchanged).
package storage

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Status is where a game is in its life.
type Status string

const (
	Lobby   Status = "lobby"
	Active  Status = "active"
	Over    Status = "over"
	Aborted Status = "aborted"
)

var (
	// ErrNotFound: no such game (or no open game in the channel).
	ErrNotFound = errors.New("storage: not found")
	// ErrChannelBusy: the channel already has a lobby or running game.
	ErrChannelBusy = errors.New("storage: channel already has an open game")
	// ErrConflict: the game changed since it was loaded; reload and retry.
	ErrConflict = errors.New("storage: game changed since it was loaded")
	// ErrNewerSchema: the database was written by a newer Casefile.
	ErrNewerSchema = errors.New("storage: this database was written by a newer version of Casefile")
	// ErrDuplicate: this interaction was already handled.
	ErrDuplicate = errors.New("storage: interaction already handled")
)

// DB is the store. It is safe for concurrent use.
type DB struct {
	db *sql.DB
	// Now is the clock; tests replace it.
	Now func() time.Time
}

// Open opens (creating, with mode 0600, if needed) the database file at
// path, switches on WAL and foreign keys, and applies pending migrations.
func Open(path string) (*DB, error) {
	if path != ":memory:" {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("storage: create %s: %w", path, err)
		}
		f.Close()
	}
	db, err := sql.Open("sqlite3", DSN(path))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(8)
	db.SetConnMaxIdleTime(5 * time.Minute)
	d := &DB{db: db, Now: time.Now}
	if err := d.migrate(); err != nil {
		db.Close()
		return nil, err
	}
	return d, nil
}

// DSN is how Open opens the SQLite file at path; benchmarks use it to
// measure a bare transaction on the same settings (the floor a move is
// held against).
func DSN(path string) string {
	// _txlock=immediate takes the write lock when a transaction begins, so
	// two writers queue on busy_timeout instead of failing mid-way.
	// _stmt_cache_size keeps each connection's prepared statements: the
	// driver otherwise compiles every query anew, which cost a sixth of a
	// move's CPU.
	return "file:" + path + "?_journal_mode=WAL&_foreign_keys=on&_busy_timeout=10000&_txlock=immediate&_synchronous=NORMAL&_stmt_cache_size=128"
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

func (d *DB) migrate() error {
	if _, err := d.db.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("storage: migrations table: %w", err)
	}
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	known := 0
	for _, name := range names {
		if n, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, "migrations/"), "_", 2)[0]); err == nil && n > known {
			known = n
		}
	}
	var newest int
	if err := d.db.QueryRow(`SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&newest); err != nil {
		return err
	}
	if newest > known {
		// A newer Casefile wrote this file; running old code on it could
		// lose what the newer one stored.
		return fmt.Errorf("%w (schema %d; this build knows up to %d): run the newer Casefile, or restore a backup made by this version", ErrNewerSchema, newest, known)
	}
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("storage: migration %s has no number", base)
		}
		body, err := migrationFiles.ReadFile(name)
		if err != nil {
			return err
		}
		if err := d.applyMigration(num, string(body)); err != nil {
			return fmt.Errorf("storage: migration %s: %w", base, err)
		}
	}
	return nil
}

func (d *DB) applyMigration(num int, body string) error {
	tx, err := d.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRow(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, num).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.Exec(body); err != nil {
		return err
	}
	if _, err := tx.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`, num, d.Now().UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// Seat is a player's seat in a game.
type Seat struct {
	Seat   int    `json:"seat"`
	UserID string `json:"user_id"`
	Name   string `json:"name"`
	// StandIn is set while the stand-in bot plays the seat.
	StandIn bool `json:"standin"`
	// Resigned is set when the seat's player gave it up: another person
	// may take it over.
	Resigned bool `json:"resigned,omitempty"`
	// Won is set on the winning seats of a finished game (see
	// Change.Winners); replacing seats does not write it.
	Won bool `json:"won,omitempty"`
}

// BotPrefix begins the user id of a seat the table gave to a bot
// (bots=N): "bot:1". Discord's user ids are numbers, so a bot's can never
// be a person's.
const BotPrefix = "bot:"

// Bot reports whether the seat is a bot's: played by the game's bot for
// the whole game, with no person to ping, DM or count in /stats.
func (s Seat) Bot() bool { return strings.HasPrefix(s.UserID, BotPrefix) }

// BotSeat is the lobby entry of the table's n-th bot (from 1), played by
// the stand-in from the start.
func BotSeat(n int) Seat {
	return Seat{UserID: fmt.Sprintf("%s%d", BotPrefix, n), Name: fmt.Sprintf("Bot %d", n), StandIn: true}
}

// Game is a lobby or game as stored.
type Game struct {
	ID        int64
	GuildID   string
	ChannelID string
	Game      string
	Options   map[string]string
	Seed      uint64
	Status    Status
	AuthorID  string
	Version   int64
	Snapshot  []byte
	Result    string
	CreatedAt time.Time
	UpdatedAt time.Time
	Seats     []Seat
	// StartCampaign is the server's campaign as it was when the game
	// started (games with campaigns only), kept for replays.
	StartCampaign []byte
	// BoardDigest is the digest of the public view the channel's last
	// board image showed.
	BoardDigest string
	// RulesVersion is the version of the game's rules its snapshot was
	// made under (0 for games saved before versions were recorded).
	RulesVersion int
	// Held is how many live moves the channel has not been shown yet
	// (see HeldMoves), as loaded.
	Held int
	// Deadlines are the game's deadlines as Deadlines lists them, read
	// with the game when DeadlinesLoaded is set.
	Deadlines       []Deadline
	DeadlinesLoaded bool
}

// SeatsOf lists the seats userID holds.
func (g *Game) SeatsOf(userID string) []int {
	var out []int
	for _, s := range g.Seats {
		if s.UserID == userID {
			out = append(out, s.Seat)
		}
	}
	return out
}

// Move is one entry of the move log.
type Move struct {
	N      int
	Seat   int
	Text   string
	Secret bool
	// Public is what the move said in the channel, lines joined by "\n".
	Public  string
	Reveals bool
	ByUser  string
	At      time.Time
	Undone  bool
	// Held marks a move the channel has not been shown yet: a sub-step of
	// its seat's turn, announced with the rest of the turn.
	Held bool
}

// Note is a private note for one seat.
type Note struct {
	Seat  int
	MoveN int
	Text  string
	At    time.Time
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// CreateLobby stores a new lobby with its author in seat 0. It fails with
// ErrChannelBusy when the channel has an open game.
func (d *DB) CreateLobby(ctx context.Context, g *Game) error {
	opts, err := json.Marshal(g.Options)
	if err != nil {
		return err
	}
	now := d.Now()
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO games (guild_id, channel_id, game, options, seed, status, author_id, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 'lobby', ?, 1, ?, ?)`,
		g.GuildID, g.ChannelID, g.Game, string(opts), strconv.FormatUint(g.Seed, 10), g.AuthorID, ms(now), ms(now))
	if err != nil {
		if isUnique(err) {
			return ErrChannelBusy
		}
		return err
	}
	g.ID, _ = res.LastInsertId()
	if err := replaceSeats(ctx, tx, g.ID, g.Seats); err != nil {
		return err
	}
	g.Status, g.Version, g.CreatedAt, g.UpdatedAt = Lobby, 1, now, now
	return tx.Commit()
}

func replaceSeats(ctx context.Context, tx execer, gameID int64, seats []Seat) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ?`, gameID); err != nil {
		return err
	}
	for _, s := range seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, name, standin, resigned) VALUES (?, ?, ?, ?, ?, ?)`, gameID, s.Seat, s.UserID, s.Name, s.StandIn, s.Resigned); err != nil {
			return err
		}
	}
	return nil
}

// gameColumns are a game's columns, with its seats (as JSON, in seat
// order), the number of its live moves held back from the channel and its
// deadlines (as JSON, in the order Deadlines lists them):
// one statement loads what every command needs of a game, where a second
// for the seats and a third for the held moves each cost a round through
// the driver, several times SQLite's own work on rows this small. The
// held moves are counted from the game's held_from (see heldRange).
const gameColumns = `id, guild_id, channel_id, game, options, seed, status, author_id, version, snapshot, result, created_at, updated_at, start_campaign, board_digest, rules_version,
	(SELECT json_group_array(json_object('seat', s.seat, 'user_id', s.user_id, 'name', s.name,
		'standin', json(CASE WHEN s.standin THEN 'true' ELSE 'false' END),
		'resigned', json(CASE WHEN s.resigned THEN 'true' ELSE 'false' END),
		'won', json(CASE WHEN s.won THEN 'true' ELSE 'false' END)) ORDER BY s.seat) FROM seats s WHERE s.game_id = games.id),
	(SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id AND m.n >= COALESCE(NULLIF(games.held_from, 0), 9223372036854775807) AND m.held = 1 AND m.undone = 0),
	(SELECT json_group_array(json_object('id', d.id, 'game_id', d.game_id, 'seat', d.seat, 'kind', d.kind, 'due_at', d.due_at,
		'fired_at', d.fired_at, 'payload', d.payload, 'paused_left', d.paused_left) ORDER BY d.due_at, d.id) FROM deadlines d WHERE d.game_id = games.id)`

type rowScanner interface{ Scan(...any) error }

func scanGame(r rowScanner) (*Game, error) { return scanGameWith(r) }

// scanGameWith scans a row of gameColumns followed by more columns into
// more.
func scanGameWith(r rowScanner, more ...any) (*Game, error) {
	var g Game
	var seed, status, deadlines string
	// Options and seats are NULL when the caller holds them (see
	// OpenGameKnown), and left nil.
	var opts, seats []byte
	var created, updated int64
	dest := append([]any{&g.ID, &g.GuildID, &g.ChannelID, &g.Game, &opts, &seed, &status, &g.AuthorID, &g.Version, &g.Snapshot, &g.Result, &created, &updated, &g.StartCampaign, &g.BoardDigest, &g.RulesVersion, &seats, &g.Held, &deadlines}, more...)
	if err := r.Scan(dest...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	if opts != nil {
		if err := json.Unmarshal(opts, &g.Options); err != nil {
			return nil, fmt.Errorf("storage: game %d options: %w", g.ID, err)
		}
	}
	if seats != nil {
		if err := json.Unmarshal(seats, &g.Seats); err != nil {
			return nil, fmt.Errorf("storage: game %d seats: %w", g.ID, err)
		}
	}
	if len(g.Seats) == 0 {
		g.Seats = nil
	}
	ds, err := parseDeadlines(deadlines)
	if err != nil {
		return nil, fmt.Errorf("storage: game %d deadlines: %w", g.ID, err)
	}
	g.Deadlines, g.DeadlinesLoaded = ds, true
	g.Seed, _ = strconv.ParseUint(seed, 10, 64)
	g.Status = Status(status)
	g.CreatedAt, g.UpdatedAt = fromMS(created), fromMS(updated)
	return &g, nil
}

// OpenGame loads the channel's lobby or running game, or ErrNotFound.
func (d *DB) OpenGame(ctx context.Context, channelID string) (*Game, error) {
	return scanGame(d.db.QueryRowContext(brief(ctx), `SELECT `+gameColumns+` FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')`, channelID))
}

// Known is what a caller holds of a channel's game at one version (a
// decoded state it kept, see commands' state cache): the snapshot it was
// saved as, and, when SeatsKnown is set, its seats and options then.
// Seats and options change only by a commit, which moves the version on,
// so they hold while the version and the snapshot do.
type Known struct {
	Version    int64
	Snapshot   []byte
	SeatsKnown bool
	Seats      []Seat
	Options    map[string]string
}

// OpenGameKnown is OpenGame for a caller that holds the game already
// (see Known): when the row is at k.Version and its snapshot is exactly
// k.Snapshot, SQLite compares them and Snapshot is k.Snapshot itself,
// where reading the row's copy out cost two copies of it per command
// (the driver's and database/sql's); with k.SeatsKnown the seats and
// options are k's too (copies of them), where building their JSON in
// SQLite and decoding it cost a tenth of a Police Precinct move. Any
// other row loads as OpenGame loads it.
func (d *DB) OpenGameKnown(ctx context.Context, channelID string, k Known) (*Game, error) {
	if k.Snapshot == nil {
		return d.OpenGame(ctx, channelID)
	}
	cols := knownColumns
	if k.SeatsKnown {
		cols = knownSeatsColumns
	}
	row := d.db.QueryRowContext(brief(ctx), `SELECT `+cols+`, COALESCE(version = ?2 AND snapshot = ?3, 0) FROM games WHERE channel_id = ?1 AND status IN ('lobby', 'active')`, channelID, k.Version, k.Snapshot)
	var same bool
	g, err := scanGameWith(row, &same)
	if err == nil && same {
		g.Snapshot = k.Snapshot
		if k.SeatsKnown {
			g.Seats, g.Options = slices.Clone(k.Seats), maps.Clone(k.Options)
		}
	}
	return g, err
}

// knownColumns are gameColumns with no snapshot read out when it is the
// caller's (?2, ?3: see OpenGameKnown); knownSeatsColumns neither seats
// nor options then (scanGameWith leaves them nil).
var (
	knownColumns      = strings.Replace(gameColumns, "version, snapshot,", "version, CASE WHEN version = ?2 AND snapshot = ?3 THEN NULL ELSE snapshot END,", 1)
	knownSeatsColumns = strings.Replace(strings.Replace(strings.Replace(knownColumns,
		"game, options,", "game, CASE WHEN version = ?2 AND snapshot = ?3 THEN NULL ELSE options END,", 1),
		"(SELECT json_group_array(json_object('seat'", "CASE WHEN version = ?2 AND snapshot = ?3 THEN NULL ELSE (SELECT json_group_array(json_object('seat'", 1),
		"FROM seats s WHERE s.game_id = games.id),", "FROM seats s WHERE s.game_id = games.id) END,", 1)
)

func init() {
	// The columns above are gameColumns edited in place: an edit of
	// gameColumns they no longer match must not go unnoticed.
	if strings.Count(knownColumns, "?2") != 1 || strings.Count(knownSeatsColumns, "?2") != 3 {
		panic("storage: knownColumns no longer match gameColumns")
	}
}

// GameByID loads any game by id.
func (d *DB) GameByID(ctx context.Context, id int64) (*Game, error) {
	return scanGame(d.db.QueryRowContext(brief(ctx), `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
}

// ActiveGames lists the ids of every running game.
func (d *DB) ActiveGames(ctx context.Context) ([]int64, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id FROM games WHERE status = 'active' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Change is everything one command does to a game, written in one
// transaction guarded by the version the command loaded.
type Change struct {
	GameID int64
	// Version is the version the change was computed from.
	Version int64
	// Status, when set, is the game's new status.
	Status Status
	// Snapshot, when set, replaces the saved state.
	Snapshot []byte
	// Result, when set, records how the game ended.
	Result string
	// Seats, when not nil, replace the seats.
	Seats []Seat
	// Options, when not nil, replace the options.
	Options map[string]string
	// Moves are appended to the log, numbered after the last one.
	Moves []Move
	// Notes are private notes. A note's MoveN of -k ties it to the k-th
	// move of Moves (1-based); 0 ties it to the last one.
	Notes []Note
	// Interaction records the interaction id (and the reply to repeat if
	// it is redelivered); a second change with the same id fails with
	// ErrDuplicate.
	Interaction string
	Reply       string
	// Campaign, when set, is saved for the game's guild.
	Campaign []byte
	// StartCampaign, when set, records the campaign the game started from.
	StartCampaign []byte
	// UndoLast marks the last live move undone.
	UndoLast bool
	// Deadlines replace all of the game's pending deadlines when not nil.
	Deadlines []Deadline
	// Mentioned are the seats the change's messages ping for a reaction
	// window, recorded as pinged now.
	Mentioned []int
	// Release lists the seats whose held moves the change's message shows
	// the channel; ReleaseAll shows every seat's.
	Release    []int
	ReleaseAll bool
	// BoardDigest, when set, records the public view the change's board
	// image shows.
	BoardDigest string
	// Winners are the seats that won, recorded with a finished game.
	Winners []int
	// RulesVersion, when set, records the rules version the change's
	// snapshot was made under.
	RulesVersion int
	// OwePicture records, with the change, that the channel is owed a
	// picture of the state the change writes (see OwedPicture), posted
	// with PictureCaption.
	OwePicture     bool
	PictureCaption string
	// OwePrivate records, with the change, the seats' own pictures owed
	// by DM (see OwedPicture.UserID), drawn from the state the change
	// writes.
	OwePrivate []PrivatePicture
}

// PrivatePicture is one seat's own picture owed to the person playing it.
type PrivatePicture struct {
	Seat    int
	UserID  string
	Caption string
}

// Commit writes a change. It returns the new version, ErrConflict when the
// game moved on since it was loaded, or ErrDuplicate for a repeated
// interaction.
func (d *DB) Commit(ctx context.Context, c Change) (int64, error) {
	version, _, err := d.CommitRecent(ctx, c, Recent{})
	return version, err
}

// Recent asks CommitRecent for the log's last Limit moves as the change
// leaves them. Known, when KnownOK is set, are the log's last Limit moves
// at the version the change was computed from (what an earlier commit of
// the game returned): the commit then reads none of them back.
type Recent struct {
	Limit   int
	Known   []Move
	KnownOK bool
}

// CommitRecent is Commit that also returns the log's last r.Limit moves
// (oldest first, undone ones included, as RecentMoves lists them) as the
// change leaves them, for the summary a change posts: the moves the
// change adds are added to those it started from, which are r.Known or
// else read by the statement that guards the version, inside the
// transaction. A query after the commit cost a round through the driver
// and could see a later change.
func (d *DB) CommitRecent(ctx context.Context, c Change, r Recent) (int64, []Move, error) {
	now := d.Now()
	read := r.Limit
	if r.KnownOK {
		read = 0
	}
	version, before, last, err := d.commit(ctx, c, read, now)
	if err != nil || r.Limit <= 0 {
		return version, nil, err
	}
	if r.KnownOK {
		before = slices.Clone(r.Known)
		slices.Reverse(before)
	}
	return version, recentAfter(before, c, last, r.Limit, now), nil
}

// recentAfter is the log's last limit moves once change c is written,
// from the last moves before it (newest first) and the log's last number
// then.
func recentAfter(before []Move, c Change, last, limit int, now time.Time) []Move {
	out := slices.Clone(before)
	slices.Reverse(out)
	if c.UndoLast {
		// The last live move: the newest in the list that is live, if
		// any is (when none is, that move is older than the list).
		for i := len(out) - 1; i >= 0; i-- {
			if !out[i].Undone {
				out[i].Undone = true
				break
			}
		}
	}
	for i := range out {
		if out[i].Held && (c.ReleaseAll || slices.Contains(c.Release, out[i].Seat)) {
			out[i].Held = false
		}
	}
	for i, m := range c.Moves {
		m.N, m.At, m.Undone = last+i+1, fromMS(ms(now)), false
		out = append(out, m)
	}
	if len(out) > limit {
		out = out[len(out)-limit:]
	}
	if len(out) == 0 {
		return nil // as RecentMoves lists an empty log
	}
	return out
}

// recentJSON is one move as the commit's guarded update reads it back.
type recentJSON struct {
	N       int    `json:"n"`
	Seat    int    `json:"seat"`
	Text    string `json:"text"`
	Secret  int    `json:"secret"`
	Public  string `json:"public"`
	Reveals int    `json:"reveals"`
	ByUser  string `json:"by_user"`
	At      int64  `json:"at"`
	Undone  int    `json:"undone"`
	Held    int    `json:"held"`
}

func (d *DB) commit(ctx context.Context, c Change, recent int, now time.Time) (int64, []Move, int, error) {
	tx, err := d.beginWrite(ctx)
	if err != nil {
		return 0, nil, 0, err
	}
	defer tx.Rollback()
	ctx = tx.ctx
	if c.Interaction != "" {
		table, id := interactionRow(c.Interaction)
		if _, err := tx.ExecContext(ctx, `INSERT INTO `+table+` (id, reply, at) VALUES (?, ?, ?)`, id, c.Reply, ms(now)); err != nil {
			if isUnique(err) {
				return 0, nil, 0, ErrDuplicate
			}
			return 0, nil, 0, err
		}
	}
	if err := releaseHeld(ctx, tx, c); err != nil {
		return 0, nil, 0, err
	}
	sets := []string{"version = version + 1", "updated_at = ?"}
	args := []any{ms(now)}
	if h := heldFrom(c); h != "" {
		sets = append(sets, h)
	}
	if c.Status != "" {
		sets = append(sets, "status = ?")
		args = append(args, string(c.Status))
	}
	if c.Snapshot != nil {
		sets = append(sets, "snapshot = ?")
		args = append(args, c.Snapshot)
	}
	if c.Result != "" {
		sets = append(sets, "result = ?")
		args = append(args, c.Result)
	}
	if c.StartCampaign != nil {
		sets = append(sets, "start_campaign = ?")
		args = append(args, c.StartCampaign)
	}
	if c.RulesVersion != 0 {
		sets = append(sets, "rules_version = ?")
		args = append(args, c.RulesVersion)
	}
	if c.BoardDigest != "" {
		sets = append(sets, "board_digest = ?")
		args = append(args, c.BoardDigest)
	}
	if c.Options != nil {
		opts, err := json.Marshal(c.Options)
		if err != nil {
			return 0, nil, 0, err
		}
		sets = append(sets, "options = ?")
		args = append(args, string(opts))
	}
	args = append(args, c.GameID, c.Version)
	// One statement guards the version, writes the row, and reads back
	// what the rest of the change needs (the log's last number, the
	// game's guild and kind): each statement costs a round through the
	// driver, several times SQLite's own work on rows this small.
	var (
		version              int64
		last, rulesVersion   int
		guild, game, channel string
		hasState             bool
		recentMoves          = "'[]'"
		recentData           string
	)
	if recent > 0 {
		recentMoves = `(SELECT json_group_array(json_object('n', n, 'seat', seat, 'text', text, 'secret', secret, 'public', public, 'reveals', reveals,
			'by_user', by_user, 'at', at, 'undone', undone, 'held', held)) FROM (SELECT * FROM moves WHERE game_id = games.id ORDER BY n DESC LIMIT ` + strconv.Itoa(recent) + `))`
	}
	err = tx.QueryRowContext(ctx, `UPDATE games SET `+strings.Join(sets, ", ")+` WHERE id = ? AND version = ?
		RETURNING version, (SELECT COALESCE(MAX(n), 0) FROM moves WHERE game_id = games.id), guild_id, game, channel_id, rules_version, snapshot IS NOT NULL, `+recentMoves,
		args...).Scan(&version, &last, &guild, &game, &channel, &rulesVersion, &hasState, &recentData)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, nil, 0, ErrConflict
	case isUnique(err):
		return 0, nil, 0, ErrChannelBusy
	case err != nil:
		return 0, nil, 0, err
	}
	var before []Move
	if recent > 0 {
		var rows []recentJSON
		if err := json.Unmarshal([]byte(recentData), &rows); err != nil {
			return 0, nil, 0, fmt.Errorf("storage: game %d recent moves: %w", c.GameID, err)
		}
		before = make([]Move, len(rows))
		for i, r := range rows {
			before[i] = Move{N: r.N, Seat: r.Seat, Text: r.Text, Secret: r.Secret != 0, Public: r.Public, Reveals: r.Reveals != 0,
				ByUser: r.ByUser, At: fromMS(r.At), Undone: r.Undone != 0, Held: r.Held != 0}
		}
	}
	if c.Seats != nil {
		if err := replaceSeats(ctx, tx, c.GameID, c.Seats); err != nil {
			return 0, nil, 0, err
		}
	}
	if c.UndoLast {
		if _, err := tx.ExecContext(ctx, `UPDATE moves SET undone = 1 WHERE game_id = ? AND n = (SELECT MAX(n) FROM moves WHERE game_id = ? AND undone = 0)`, c.GameID, c.GameID); err != nil {
			return 0, nil, 0, err
		}
	}
	if err := markWinners(ctx, tx, c.GameID, c.Winners); err != nil {
		return 0, nil, 0, err
	}
	if len(c.Moves) > 0 {
		q := make([]string, len(c.Moves))
		args := make([]any, 0, 10*len(c.Moves))
		for i, m := range c.Moves {
			q[i] = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
			args = append(args, c.GameID, last+i+1, m.Seat, m.Text, m.Secret, m.Public, m.Reveals, m.ByUser, ms(now), m.Held)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, n, seat, text, secret, public, reveals, by_user, at, held) VALUES `+strings.Join(q, ", "), args...); err != nil {
			return 0, nil, 0, err
		}
	}
	if len(c.Notes) > 0 {
		q := make([]string, len(c.Notes))
		args := make([]any, 0, 5*len(c.Notes))
		for i, n := range c.Notes {
			moveN := n.MoveN
			switch {
			case moveN < 0:
				moveN = last - moveN
			case moveN == 0:
				moveN = last + len(c.Moves)
			}
			q[i] = "(?, ?, ?, ?, ?)"
			args = append(args, c.GameID, n.Seat, moveN, n.Text, ms(now))
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO notes (game_id, seat, move_n, text, at) VALUES `+strings.Join(q, ", "), args...); err != nil {
			return 0, nil, 0, err
		}
	}
	if c.Campaign != nil {
		if _, err := tx.ExecContext(ctx, `INSERT INTO campaigns (guild_id, game, data, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (guild_id, game) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`, guild, game, c.Campaign, ms(now)); err != nil {
			return 0, nil, 0, err
		}
	}
	if c.Deadlines != nil {
		if err := replaceDeadlines(ctx, tx, c.GameID, version, c.Deadlines); err != nil {
			return 0, nil, 0, err
		}
	}
	if err := recordMentions(ctx, tx, c.GameID, c.Mentioned, now); err != nil {
		return 0, nil, 0, err
	}
	owed := c.OwePrivate
	if c.OwePicture {
		owed = append([]PrivatePicture{{Seat: -1, Caption: c.PictureCaption}}, c.OwePrivate...)
	}
	if len(owed) > 0 && !hasState {
		return 0, nil, 0, fmt.Errorf("storage: game %d has no state to owe a picture of", c.GameID)
	}
	at := owedAt{game: c.GameID, channel: channel, moveN: last + len(c.Moves), version: version, rulesVersion: rulesVersion, now: now}
	if err := owePictures(ctx, tx, at, owed); err != nil {
		return 0, nil, 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, nil, 0, err
	}
	return version, before, last, nil
}

// InteractionReply returns the reply recorded for a handled interaction.
func (d *DB) InteractionReply(ctx context.Context, id string) (string, bool, error) {
	var reply string
	table, key := interactionRow(id)
	err := d.db.QueryRowContext(ctx, `SELECT reply FROM `+table+` WHERE id = ?`, key).Scan(&reply)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return reply, err == nil, err
}

// MarkInteraction records an interaction that changed no game (a lobby
// join), so a redelivery is recognised. It returns ErrDuplicate if seen.
func (d *DB) MarkInteraction(ctx context.Context, id, reply string) error {
	table, key := interactionRow(id)
	_, err := d.db.ExecContext(ctx, `INSERT INTO `+table+` (id, reply, at) VALUES (?, ?, ?)`, key, reply, ms(d.Now()))
	if isUnique(err) {
		return ErrDuplicate
	}
	return err
}

// Moves returns a game's whole log in order, undone moves included.
func (d *DB) Moves(ctx context.Context, gameID int64) ([]Move, error) {
	return d.queryMoves(ctx, `SELECT `+moveColumns+` FROM moves WHERE game_id = ? ORDER BY n`, gameID)
}

// RecentMoves returns the last limit moves, oldest first.
func (d *DB) RecentMoves(ctx context.Context, gameID int64, limit int) ([]Move, error) {
	// Newest first, as the index walks backwards, then turned around here:
	// SQLite would sort the rows again in a temporary tree.
	moves, err := d.queryMoves(ctx, `SELECT `+moveColumns+` FROM moves WHERE game_id = ? ORDER BY n DESC LIMIT ?`, gameID, limit)
	slices.Reverse(moves)
	return moves, err
}

// HeldMoves returns the live moves the channel has not been shown yet, in
// order.
func (d *DB) HeldMoves(ctx context.Context, gameID int64) ([]Move, error) {
	return d.queryMoves(ctx, `SELECT `+moveColumns+` FROM moves WHERE game_id = ?1 AND `+heldRange+` AND held = 1 AND undone = 0 ORDER BY n`, gameID)
}

// heldRange bounds a game's (?1) moves that may be held: from the game's
// held_from to the end of the log, none when it is 0. Every move held
// and not yet shown has a number at least held_from (migration 0014;
// the commit keeps it so, see heldFrom), so a held move is found by the
// log's key a few moves from its end, not by walking the whole log or an
// index of its own that each held and each shown move wrote.
const heldRange = `n >= (SELECT COALESCE(NULLIF(held_from, 0), 9223372036854775807) FROM games WHERE id = ?1)`

// heldFrom is the SET clause that keeps games.held_from a bound of the
// held moves once change c is written, in the statement that guards the
// version, after c released moves (see releaseHeld) and before it
// appends its own: the first move still held, else the first move c
// holds, else 0. Empty when c neither holds nor releases a move.
func heldFrom(c Change) string {
	first := 0
	for i, m := range c.Moves {
		if m.Held {
			first = i + 1
			break
		}
	}
	if first == 0 && !c.ReleaseAll && len(c.Release) == 0 {
		return ""
	}
	next := "0"
	if first > 0 {
		next = "(SELECT COALESCE(MAX(n), 0) FROM moves WHERE game_id = games.id) + " + strconv.Itoa(first)
	}
	return `held_from = COALESCE((SELECT MIN(m.n) FROM moves m WHERE m.game_id = games.id AND games.held_from > 0 AND m.n >= games.held_from
		AND m.held = 1 AND m.undone = 0), ` + next + `)`
}

const moveColumns = `n, seat, text, secret, public, reveals, by_user, at, undone, held`

// releaseHeld marks the held moves of the change's released seats as
// shown. It runs before the statement that guards the version, which
// then moves held_from past them (see heldFrom); should the guard fail,
// the transaction is rolled back with it.
func releaseHeld(ctx context.Context, tx execer, c Change) error {
	if c.ReleaseAll {
		_, err := tx.ExecContext(ctx, `UPDATE moves SET held = 0 WHERE game_id = ?1 AND `+heldRange+` AND held = 1`, c.GameID)
		return err
	}
	for _, seat := range c.Release {
		if _, err := tx.ExecContext(ctx, `UPDATE moves SET held = 0 WHERE game_id = ?1 AND `+heldRange+` AND held = 1 AND seat = ?2`, c.GameID, seat); err != nil {
			return err
		}
	}
	return nil
}

func (d *DB) queryMoves(ctx context.Context, q string, args ...any) ([]Move, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		var at int64
		if err := rows.Scan(&m.N, &m.Seat, &m.Text, &m.Secret, &m.Public, &m.Reveals, &m.ByUser, &at, &m.Undone, &m.Held); err != nil {
			return nil, err
		}
		m.At = fromMS(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// Notes returns the last limit private notes of one seat, oldest first.
func (d *DB) Notes(ctx context.Context, gameID int64, seat, limit int) ([]Note, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT * FROM (SELECT seat, move_n, text, at, id FROM notes WHERE game_id = ? AND seat = ? ORDER BY id DESC LIMIT ?) ORDER BY id`, gameID, seat, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		var n Note
		var at, id int64
		if err := rows.Scan(&n.Seat, &n.MoveN, &n.Text, &at, &id); err != nil {
			return nil, err
		}
		n.At = fromMS(at)
		out = append(out, n)
	}
	return out, rows.Err()
}

// Campaign returns the guild's saved campaign for a game, or nil.
func (d *DB) Campaign(ctx context.Context, guildID, game string) ([]byte, error) {
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT data FROM campaigns WHERE guild_id = ? AND game = ?`, guildID, game).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return data, err
}

// FirstFallback records that userID was told in the channel of game
// gameID that a DM could not reach them, and reports whether this was the
// first time: the fallback is posted once per player and game.
func (d *DB) FirstFallback(ctx context.Context, gameID int64, userID string) (bool, error) {
	res, err := d.db.ExecContext(ctx, `INSERT OR IGNORE INTO dm_fallbacks (game_id, user_id) VALUES (?, ?)`, gameID, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
