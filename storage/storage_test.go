package storage_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"casefile/storage"

	_ "github.com/mattn/go-sqlite3"
)

func open(t *testing.T) (*storage.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "casefile.db")
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func lobby(t *testing.T, db *storage.DB, channel string) *storage.Game {
	t.Helper()
	g := &storage.Game{GuildID: "g1", ChannelID: channel, Game: "stakeout", Options: map[string]string{"seed": "7"}, Seed: 7, AuthorID: "u1",
		Seats: []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}}}
	if err := db.CreateLobby(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestOpenCreatesPrivateFileAndMigratesOnce(t *testing.T) {
	db, path := open(t)
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("database file mode %v, want 0600", info.Mode().Perm())
	}
	lobby(t, db, "c1")
	db.Close()
	// Reopening applies nothing twice and keeps the data.
	db2, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	g, err := db2.OpenGame(context.Background(), "c1")
	if err != nil || g.Seats[0].Name != "Ann" || g.Options["seed"] != "7" || g.Seed != 7 {
		t.Fatalf("reopened game %+v, %v", g, err)
	}
}

func TestOneOpenGamePerChannel(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	second := &storage.Game{GuildID: "g1", ChannelID: "c1", Game: "stakeout", AuthorID: "u2", Options: map[string]string{}}
	if err := db.CreateLobby(ctx, second); !errors.Is(err, storage.ErrChannelBusy) {
		t.Fatalf("second lobby in a busy channel: %v, want ErrChannelBusy", err)
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Over, Result: "done"}); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateLobby(ctx, second); err != nil {
		t.Fatalf("a finished game should free the channel: %v", err)
	}
}

func TestCommitIsVersionGuardedAndAtomic(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte(`{"a":1}`),
		Moves: []storage.Move{{Seat: 0, Text: "bid 2", Secret: true, Public: "Ann placed a sealed bid."}},
		Notes: []storage.Note{{Seat: 0, Text: "You bid 2."}}, Interaction: "i1", Reply: "ok"})
	if err != nil || v != g.Version+1 {
		t.Fatalf("commit: v=%d err=%v", v, err)
	}
	// The same version again loses: the game moved on.
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Snapshot: []byte(`{"a":2}`), Moves: []storage.Move{{Text: "x"}}}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("stale commit: %v, want ErrConflict", err)
	}
	// A redelivered interaction changes nothing, even at the right version.
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Snapshot: []byte(`{"a":3}`), Interaction: "i1", Moves: []storage.Move{{Text: "y"}}}); !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("duplicate: %v, want ErrDuplicate", err)
	}
	got, _ := db.GameByID(ctx, g.ID)
	if string(got.Snapshot) != `{"a":1}` || got.Version != v || got.Status != storage.Active {
		t.Fatalf("after rejected commits: %s v%d %s", got.Snapshot, got.Version, got.Status)
	}
	moves, _ := db.Moves(ctx, g.ID)
	if len(moves) != 1 || moves[0].N != 1 || !moves[0].Secret || moves[0].Text != "bid 2" {
		t.Fatalf("moves %+v", moves)
	}
	notes, _ := db.Notes(ctx, g.ID, 0, 10)
	if len(notes) != 1 || notes[0].MoveN != 1 || notes[0].Text != "You bid 2." {
		t.Fatalf("notes %+v", notes)
	}
	if reply, ok, _ := db.InteractionReply(ctx, "i1"); !ok || reply != "ok" {
		t.Fatalf("reply %q %v", reply, ok)
	}
}

// TestRefusedChangesLeaveNoTransactionOpen: a change runs on a
// connection of the pool, begun and ended by statements of its own; one
// refused half-way (after its interaction was recorded) is rolled back
// whole, and leaves no connection inside a transaction that would hold
// the file's write lock: another process then commits at once.
func TestRefusedChangesLeaveNoTransactionOpen(t *testing.T) {
	db, path := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte("s1"), Interaction: "i1"})
	if err != nil {
		t.Fatal(err)
	}
	// More refusals than the pool has connections, each after a
	// statement was written.
	for i := 0; i < 20; i++ {
		if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v - 1, Snapshot: []byte("stale"), Interaction: fmt.Sprint("stale", i),
			Moves: []storage.Move{{Text: "x"}}}); !errors.Is(err, storage.ErrConflict) {
			t.Fatalf("stale change %d: %v, want ErrConflict", i, err)
		}
		if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Snapshot: []byte("again"), Interaction: "i1"}); !errors.Is(err, storage.ErrDuplicate) {
			t.Fatalf("repeated change %d: %v, want ErrDuplicate", i, err)
		}
	}
	other, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	start := time.Now()
	v2, err := other.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Snapshot: []byte("s2"), Interaction: "stale0", Moves: []storage.Move{{Text: "y"}}})
	if err != nil {
		t.Fatalf("another process's change after the refusals: %v", err)
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Fatalf("another process waited %v for the write lock", waited)
	}
	got, err := db.GameByID(ctx, g.ID)
	if err != nil || got.Version != v2 || string(got.Snapshot) != "s2" {
		t.Fatalf("after: %+v %v", got, err)
	}
	if moves, _ := db.Moves(ctx, g.ID); len(moves) != 1 || moves[0].Text != "y" {
		t.Fatalf("moves %+v: the refused changes' moves must be rolled back", moves)
	}
}

// TestChangeUnderEndedContextChangesNothing: a command whose context
// ended before its change began (the bot gave up on it) writes nothing;
// once begun, a change runs to its end whatever its context does (see
// storage's writeTx), and one under a context still running commits.
func TestChangeUnderEndedContextChangesNothing(t *testing.T) {
	db, _ := open(t)
	g := lobby(t, db, "c1")
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := db.Commit(ended, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte("s1"), Interaction: "i1"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("change under an ended context: %v, want context.Canceled", err)
	}
	running, stop := context.WithTimeout(context.Background(), time.Minute)
	defer stop()
	if got, _ := db.GameByID(running, g.ID); got.Version != g.Version || got.Snapshot != nil {
		t.Fatalf("after the ended change: %+v", got)
	}
	if _, err := db.Commit(running, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte("s1"), Interaction: "i1"}); err != nil {
		t.Fatalf("the same change under a running context: %v", err)
	}
}

func TestConcurrentCommitsOneWinsPerVersion(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins, conflicts := 0, 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Moves: []storage.Move{{Seat: i, Text: "m"}}})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				wins++
			case errors.Is(err, storage.ErrConflict):
				conflicts++
			default:
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	if wins != 1 || conflicts != 7 {
		t.Fatalf("wins %d conflicts %d, want 1 and 7", wins, conflicts)
	}
	moves, _ := db.Moves(ctx, g.ID)
	if len(moves) != 1 {
		t.Fatalf("%d moves logged, want 1", len(moves))
	}
}

func TestUndoMarksLastLiveMove(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	v, _ := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Moves: []storage.Move{{Text: "a"}, {Text: "b"}}})
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, UndoLast: true}); err != nil {
		t.Fatal(err)
	}
	moves, _ := db.Moves(ctx, g.ID)
	if moves[0].Undone || !moves[1].Undone {
		t.Fatalf("undo marks %+v", moves)
	}
	recent, _ := db.RecentMoves(ctx, g.ID, 1)
	if len(recent) != 1 || recent[0].Text != "b" {
		t.Fatalf("recent %+v", recent)
	}
}

func TestDeadlinesFireOnce(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	_, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Deadlines: []storage.Deadline{
		{Seat: 0, Kind: "clock", DueAt: now.Add(time.Hour)},
		{Seat: 0, Kind: "remind", DueAt: now.Add(30 * time.Minute)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	due, _ := db.DueDeadlines(ctx, now.Add(45*time.Minute))
	if len(due) != 1 || due[0].Kind != "remind" {
		t.Fatalf("due %+v", due)
	}
	first, _ := db.FireDeadline(ctx, due[0], now)
	second, _ := db.FireDeadline(ctx, due[0], now)
	if !first || second {
		t.Fatalf("fire twice: %v %v, want true then false", first, second)
	}
	due, _ = db.DueDeadlines(ctx, now.Add(2*time.Hour))
	if len(due) != 1 || due[0].Kind != "clock" {
		t.Fatalf("after firing, due %+v", due)
	}
}

func TestCampaignSavedPerGuild(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Campaign: []byte(`{"cash":5}`)}); err != nil {
		t.Fatal(err)
	}
	data, err := db.Campaign(ctx, "g1", "stakeout")
	if err != nil || string(data) != `{"cash":5}` {
		t.Fatalf("campaign %s %v", data, err)
	}
	if other, _ := db.Campaign(ctx, "g2", "stakeout"); other != nil {
		t.Fatalf("another guild sees %s", other)
	}
}

func TestResignedSeatsAndFirstFallbackPersist(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	seats := []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann", StandIn: true, Resigned: true}, {Seat: 1, UserID: "u2", Name: "Bo"}}
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Seats: seats}); err != nil {
		t.Fatal(err)
	}
	back, err := db.OpenGame(ctx, "c1")
	if err != nil || !back.Seats[0].Resigned || !back.Seats[0].StandIn || back.Seats[1].Resigned {
		t.Fatalf("seats after commit: %+v %v", back.Seats, err)
	}
	for i, want := range []bool{true, false, false} {
		if first, err := db.FirstFallback(ctx, g.ID, "u2"); err != nil || first != want {
			t.Fatalf("fallback %d for u2: first=%v err=%v, want %v", i, first, err, want)
		}
	}
	if first, _ := db.FirstFallback(ctx, g.ID, "u1"); !first {
		t.Fatal("another player's first fallback was swallowed")
	}
}

func TestPausedDeadlinesAndMentionsSurviveReopen(t *testing.T) {
	db, path := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	_, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Mentioned: []int{0, 2}, Deadlines: []storage.Deadline{
		{Seat: 0, Kind: "clock", DueAt: now, Paused: true, Left: 90 * time.Minute},
		{Seat: 1, Kind: "window", DueAt: now.Add(time.Hour)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if due, _ := db.DueDeadlines(ctx, now.Add(24*time.Hour)); len(due) != 1 || due[0].Seat != 1 {
		t.Fatalf("a paused deadline must never be due: %+v", due)
	}
	db.Close()
	db, err = storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ds, err := db.Deadlines(ctx, g.ID)
	if err != nil || len(ds) != 2 {
		t.Fatalf("deadlines after reopen: %+v, %v", ds, err)
	}
	for _, d := range ds {
		if paused := d.Seat == 0; d.Paused != paused || (paused && d.Left != 90*time.Minute) {
			t.Fatalf("deadline after reopen: %+v", d)
		}
	}
	last, err := db.LastMentions(ctx, g.ID)
	if err != nil || len(last) != 2 || !last[0].Equal(now) || !last[2].Equal(now) {
		t.Fatalf("mentions after reopen: %v, %v", last, err)
	}
	// A later ping replaces the seat's time.
	later := now.Add(3 * time.Hour)
	db.Now = func() time.Time { return later }
	g2, _ := db.GameByID(ctx, g.ID)
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g2.Version, Mentioned: []int{0}}); err != nil {
		t.Fatal(err)
	}
	if last, _ := db.LastMentions(ctx, g.ID); !last[0].Equal(later) || !last[2].Equal(now) {
		t.Fatalf("mentions after a second ping: %v", last)
	}
}

// TestHeldMovesReleasedBySeatOrAll checks the bookkeeping of one public
// message per turn: held moves stay held until their seat is released or
// every seat is, an undone held move is no longer held, and the board's
// digest is kept with the game.
func TestHeldMovesReleasedBySeatOrAll(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, BoardDigest: "d1", Moves: []storage.Move{
		{Seat: 0, Text: "go s2", Held: true}, {Seat: 1, Text: "plan b4", Held: true}, {Seat: 0, Text: "go c3", Held: true}}})
	if err != nil {
		t.Fatal(err)
	}
	texts := func() []string {
		held, err := db.HeldMoves(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range held {
			out = append(out, m.Text)
		}
		return out
	}
	if got := texts(); len(got) != 3 || got[0] != "go s2" || got[2] != "go c3" {
		t.Fatalf("held %v, want the three moves in order", got)
	}
	v, _ = db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Release: []int{0}, Moves: []storage.Move{{Seat: 0, Text: "end"}}})
	if got := texts(); len(got) != 1 || got[0] != "plan b4" {
		t.Fatalf("after releasing seat 0, held %v, want only seat 1's", got)
	}
	v, _ = db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Moves: []storage.Move{{Seat: 1, Text: "plan c5", Held: true}}})
	v, _ = db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, UndoLast: true})
	if got := texts(); len(got) != 1 || got[0] != "plan b4" {
		t.Fatalf("an undone held move is still held: %v", got)
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, ReleaseAll: true}); err != nil {
		t.Fatal(err)
	}
	if got := texts(); len(got) != 0 {
		t.Fatalf("after releasing all, held %v", got)
	}
	g2, err := db.GameByID(ctx, g.ID)
	if err != nil || g2.BoardDigest != "d1" {
		t.Fatalf("board digest %q (%v), want d1", g2.BoardDigest, err)
	}
}

// TestNewerDatabaseIsRefused: a database migrated by a newer Casefile is
// refused with a message that says so, and left as it was.
func TestNewerDatabaseIsRefused(t *testing.T) {
	db, path := open(t)
	db.Close()
	raw, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	_, err = storage.Open(path)
	if !errors.Is(err, storage.ErrNewerSchema) || !strings.Contains(err.Error(), "999") {
		t.Fatalf("opening a newer database: %v", err)
	}
}

// TestOwedPictureIsWrittenWithItsChangeAndKeepsItsState: a picture owed
// by a change is stored in the change's transaction, with the state and
// seats that change wrote; a later change does not alter it, a change
// that loses the version race owes nothing, and the rows survive a
// reopen until they are done.
func TestOwedPictureIsWrittenWithItsChangeAndKeepsItsState(t *testing.T) {
	db, path := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte("after phase 1"),
		Moves: []storage.Move{{Seat: 0, Text: "a"}, {Seat: 0, Text: "b"}}, OwePicture: true, PictureCaption: "after phase 1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Snapshot: []byte("lost"), OwePicture: true}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("stale change: %v", err)
	}
	v2, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Snapshot: []byte("after phase 2"), Seats: []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann B."}},
		Moves: []storage.Move{{Seat: 0, Text: "c"}}, OwePicture: true, PictureCaption: "after phase 2"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v2, Snapshot: []byte("later")}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	owed, err := db.OwedPictures(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(owed) != 2 {
		t.Fatalf("%d pictures owed, want 2: %+v", len(owed), owed)
	}
	first, second := owed[0], owed[1]
	if string(first.Snapshot) != "after phase 1" || first.MoveN != 2 || first.Version != v || first.Caption != "after phase 1" ||
		first.ChannelID != "c1" || first.Game != "stakeout" || first.Seats[0].Name != "Ann" {
		t.Fatalf("first picture %+v", first)
	}
	if string(second.Snapshot) != "after phase 2" || second.MoveN != 3 || second.Version != v2 || second.Seats[0].Name != "Ann B." {
		t.Fatalf("second picture %+v", second)
	}
	if n, err := db.PictureFailed(ctx, first.Key()); err != nil || n != 1 {
		t.Fatalf("failed attempt: %d %v", n, err)
	}
	if err := db.PictureDone(ctx, first.Key()); err != nil {
		t.Fatal(err)
	}
	if owed, _ := db.OwedPictures(ctx, 10); len(owed) != 1 || owed[0].Key() != second.Key() {
		t.Fatalf("after one is done: %+v", owed)
	}
}

// TestOwedPicturesOfOneChangeKeepTheirOrderAndSeats: the pictures one
// change owes come back the channel's board first, then the seats' own
// pictures by seat (their key since migration 0015, whatever order the
// change gave them in), each with the seats as the change left them,
// flags included (a stand-in, a resigned seat, the winners it marks).
func TestOwedPicturesOfOneChangeKeepTheirOrderAndSeats(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	seats := []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bo", StandIn: true}, {Seat: 2, UserID: "u3", Name: "Cy", Resigned: true}}
	_, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Over, Snapshot: []byte("final"), Seats: seats, Winners: []int{2},
		Moves: []storage.Move{{Seat: 0, Text: "a"}}, OwePicture: true, PictureCaption: "board",
		OwePrivate: []storage.PrivatePicture{{Seat: 2, UserID: "u3", Caption: "third"}, {Seat: 0, UserID: "u1", Caption: "first"}}})
	if err != nil {
		t.Fatal(err)
	}
	owed, err := db.OwedPictures(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(owed) != 3 {
		t.Fatalf("%d pictures owed, want 3", len(owed))
	}
	want := []struct {
		user, caption string
		seat          int
	}{{"", "board", -1}, {"u1", "first", 0}, {"u3", "third", 2}}
	for i, w := range want {
		p := owed[i]
		if p.UserID != w.user || p.Caption != w.caption || p.Seat != w.seat || string(p.Snapshot) != "final" || p.MoveN != 1 {
			t.Fatalf("picture %d: %+v, want %+v", i, p, w)
		}
		wantSeats := []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bo", StandIn: true}, {Seat: 2, UserID: "u3", Name: "Cy", Resigned: true, Won: true}}
		if !reflect.DeepEqual(p.Seats, wantSeats) {
			t.Fatalf("picture %d seats %+v, want %+v", i, p.Seats, wantSeats)
		}
	}
}

// TestGameLoadsWithItsSeatsHeldMovesAndDeadlines: the one statement that
// loads a game gives the same seats, held-move count and deadlines as the
// separate reads do (fired and paused deadlines included).
func TestGameLoadsWithItsSeatsHeldMovesAndDeadlines(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	due := time.UnixMilli(time.Now().Add(time.Hour).UnixMilli()).UTC()
	seats := []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bo", StandIn: true}}
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte("s"), Seats: seats,
		Moves:     []storage.Move{{Seat: 0, Text: "a", Held: true}, {Seat: 1, Text: "b", Held: true}, {Seat: 1, Text: "c"}},
		Deadlines: []storage.Deadline{{Seat: 1, Kind: "clock", DueAt: due, Payload: "p"}, {Seat: 0, Kind: "remind", DueAt: due.Add(time.Minute), Paused: true, Left: 90 * time.Second}}})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := db.Deadlines(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := db.FireDeadline(ctx, stored[0], due); err != nil || !ok {
		t.Fatal(ok, err)
	}
	stored, _ = db.Deadlines(ctx, g.ID)
	got, err := db.GameByID(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != v || !reflect.DeepEqual(got.Seats, seats) || got.Held != 2 || !got.DeadlinesLoaded || !reflect.DeepEqual(got.Deadlines, stored) {
		t.Fatalf("loaded %+v\nseats %+v, held %d, deadlines %+v\nwant deadlines %+v", got, got.Seats, got.Held, got.Deadlines, stored)
	}
	if stored[0].FiredAt == nil || !stored[1].Paused {
		t.Fatalf("the test's deadlines: %+v", stored)
	}
}

// keptStates counts the states kept for owed pictures (picture_states).
func keptStates(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite3", storage.DSN(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM picture_states`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestOwedPicturesShareOneKeptState: the pictures a change owes carry no
// copy of the state. While the game is at their version they are drawn
// from its row (nothing is copied); the change that moves it on keeps
// that version's state and seats once, for all of them; they are exact
// after a restart; and the kept state goes with the last of them.
func TestOwedPicturesShareOneKeptState(t *testing.T) {
	db, path := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	seats := []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bo"}}
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte("dealt"), Seats: seats,
		Moves: []storage.Move{{Seat: 0, Text: "a"}}, OwePicture: true, PictureCaption: "board",
		OwePrivate: []storage.PrivatePicture{{Seat: 0, UserID: "u1", Caption: "yours"}, {Seat: 1, UserID: "u2", Caption: "yours too"}}})
	if err != nil {
		t.Fatal(err)
	}
	if n := keptStates(t, path); n != 0 {
		t.Fatalf("%d states kept while the game is still at the pictures' version, want 0", n)
	}
	// The next change moves the game on and changes the seats: the
	// pictures still show the state and seats they were owed at.
	v2, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Snapshot: []byte("moved on"),
		Seats: []storage.Seat{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u3", Name: "Cy"}}, Moves: []storage.Move{{Seat: 1, Text: "b"}},
		OwePrivate: []storage.PrivatePicture{{Seat: 1, UserID: "u3", Caption: "now yours"}}})
	if err != nil {
		t.Fatal(err)
	}
	if n := keptStates(t, path); n != 1 {
		t.Fatalf("%d states kept for three pictures of one version, want 1", n)
	}
	db.Close()
	db, err = storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	owed, err := db.OwedPictures(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(owed) != 4 {
		t.Fatalf("%d pictures owed, want 4", len(owed))
	}
	for _, p := range owed[:3] {
		if string(p.Snapshot) != "dealt" || p.Version != v || p.MoveN != 1 || !reflect.DeepEqual(p.Seats, seats) {
			t.Fatalf("picture of the first version: %+v", p)
		}
	}
	if p := owed[3]; string(p.Snapshot) != "moved on" || p.Version != v2 || p.MoveN != 2 || p.Seats[1].Name != "Cy" {
		t.Fatalf("picture of the second version: %+v", p)
	}
	for i, p := range owed[:3] {
		if err := db.PictureDone(ctx, p.Key()); err != nil {
			t.Fatal(err)
		}
		if want := 1; i == 2 {
			want = 0
			if n := keptStates(t, path); n != want {
				t.Fatalf("%d states kept once every picture of their version is done, want 0", n)
			}
		} else if n := keptStates(t, path); n != want {
			t.Fatalf("%d states kept with %d of its pictures still owed, want 1", n, 2-i)
		}
	}
}

// TestMigrationKeepsPicturesOwedWithTheirCopies: pictures owed in a
// database written before migration 0012, each with its own copy of the
// state, are still drawn from exactly that state once it is migrated,
// though the game moved on.
func TestMigrationKeepsPicturesOwedWithTheirCopies(t *testing.T) {
	path, old, exec := databaseAtMigration(t, 11)
	exec(`INSERT INTO games (id, guild_id, channel_id, game, seed, status, author_id, version, snapshot, created_at, updated_at) VALUES (1, 'g1', 'c1', 'stakeout', '7', 'active', 'u1', 5, 'now', 0, 0)`)
	exec(`INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'Ann B.')`)
	for _, user := range []string{"", "u1"} {
		exec(`INSERT INTO pictures_owed (game_id, channel_id, move_n, version, rules_version, snapshot, seats, caption, owed_at, user_id, seat)
			VALUES (1, 'c1', 3, 4, 1, 'then', '[{"seat":0,"user_id":"u1","name":"Ann"}]', 'c', 0, ?, 0)`, user)
	}
	db := migrated(t, old, path)
	owed, err := db.OwedPictures(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(owed) != 2 {
		t.Fatalf("%d pictures owed after the migration, want 2", len(owed))
	}
	for _, p := range owed {
		if string(p.Snapshot) != "then" || p.Version != 4 || len(p.Seats) != 1 || p.Seats[0].Name != "Ann" {
			t.Fatalf("migrated picture %+v", p)
		}
	}
}

// TestCommitRecentIsTheLogAfterTheChange: the latest moves a commit
// returns for the summary are what RecentMoves reads once it is written,
// through moves, several moves at once, held moves released, an undo
// (of a move in the list, and with every listed move undone), a change
// without moves, and a log shorter than the list.
func TestCommitRecentIsTheLogAfterTheChange(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	v := g.Version
	changes := []storage.Change{
		{Status: storage.Active, Snapshot: []byte("s")},
		{Moves: []storage.Move{{Seat: 0, Text: "a", Held: true}}},
		{Moves: []storage.Move{{Seat: 1, Text: "b", Secret: true, Public: "p"}, {Seat: 0, Text: "c", ByUser: "standin", Reveals: true}}},
		{UndoLast: true},
		{Moves: []storage.Move{{Seat: 1, Text: "d", Held: true}}, Release: []int{0}},
		{Moves: []storage.Move{{Seat: 0, Text: "e"}, {Seat: 0, Text: "f"}, {Seat: 1, Text: "g"}, {Seat: 1, Text: "h"}, {Seat: 0, Text: "i"}}, ReleaseAll: true},
		{UndoLast: true}, {UndoLast: true}, {UndoLast: true}, {UndoLast: true}, {UndoLast: true},
		{Snapshot: []byte("t")},
		{Moves: []storage.Move{{Seat: 1, Text: "j"}}},
	}
	// Each change is committed twice, on two copies of the game: once
	// reading the moves it starts from, once given them (as a service
	// that kept them from the game's last commit does).
	h := lobby(t, db, "c2")
	w := h.Version
	var known []storage.Move
	for i, c := range changes {
		c.GameID, c.Version = g.ID, v
		var recent []storage.Move
		var err error
		v, recent, err = db.CommitRecent(ctx, c, storage.Recent{Limit: 4})
		if err != nil {
			t.Fatal(err)
		}
		want, err := db.RecentMoves(ctx, g.ID, 4)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(recent, want) {
			t.Fatalf("change %d: the commit says the latest moves are\n%+v\nthe log says\n%+v", i, recent, want)
		}
		c.GameID, c.Version = h.ID, w
		w, known, err = db.CommitRecent(ctx, c, storage.Recent{Limit: 4, Known: known, KnownOK: true})
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := db.RecentMoves(ctx, h.ID, 4); !reflect.DeepEqual(known, want) {
			t.Fatalf("change %d, moves given: the commit says the latest moves are\n%+v\nthe log says\n%+v", i, known, want)
		}
	}
}

// TestOpenGameKnownIsOpenGame: loading a game with the snapshot a caller
// holds gives what OpenGame gives, whether the row is at that version
// with those bytes (the caller's bytes then stand for the row's), at
// that version with other bytes (a row written behind the caller's back),
// at another version, or a lobby with no snapshot.
func TestOpenGameKnownIsOpenGame(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	check := func(what string, version int64, snap []byte) {
		t.Helper()
		want, err := db.OpenGame(ctx, "c1")
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.OpenGameKnown(ctx, "c1", storage.Known{Version: version, Snapshot: snap})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: loaded with a known snapshot\n%+v\nwithout\n%+v", what, got, want)
		}
		// With the seats and options of the version known as well
		// (those the row has: they change only with the version).
		k := storage.Known{Version: version, Snapshot: snap, SeatsKnown: true, Seats: want.Seats, Options: want.Options}
		got, err = db.OpenGameKnown(ctx, "c1", k)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: loaded with a known snapshot, seats and options\n%+v\nwithout\n%+v", what, got, want)
		}
		if len(got.Seats) > 0 && &got.Seats[0] == &k.Seats[0] {
			t.Fatalf("%s: the loaded seats share the caller's array", what)
		}
	}
	check("lobby", g.Version, []byte("x"))
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Status: storage.Active, Snapshot: []byte("state one")})
	if err != nil {
		t.Fatal(err)
	}
	check("same version and bytes", v, []byte("state one"))
	check("same version, other bytes", v, []byte("state two"))
	check("same version, a prefix", v, []byte("state"))
	check("other version", v-1, []byte("state one"))
	check("nothing known", v, nil)
	// Seats taken over by a commit: the seats known at the version
	// before are not the game's any more, and are not used.
	before, err := db.OpenGame(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	seats := []storage.Seat{{Seat: 0, UserID: "u9", Name: "Zed"}}
	v2, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Seats: seats, Options: map[string]string{"seed": "8"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := db.OpenGameKnown(ctx, "c1", storage.Known{Version: v, Snapshot: []byte("state one"), SeatsKnown: true, Seats: before.Seats, Options: before.Options})
	if err != nil || got.Version != v2 || !reflect.DeepEqual(got.Seats, seats) || got.Options["seed"] != "8" {
		t.Fatalf("after the seats changed hands, loaded with the old ones known: %+v %v", got, err)
	}
	if _, err := db.OpenGameKnown(ctx, "c2", storage.Known{Version: v, Snapshot: []byte("state one")}); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("no game in the channel: %v", err)
	}
}

// TestMigrationKeepsTheMoveLog: migration 0014 rebuilds the move log
// without a rowid; every move keeps its number, texts, flags and time,
// held moves are still found (counted with the game and listed), and
// they are released as before.
func TestMigrationKeepsTheMoveLog(t *testing.T) {
	path, old, exec := databaseAtMigration(t, 13)
	exec(`INSERT INTO games (id, guild_id, channel_id, game, seed, status, author_id, version, snapshot, created_at, updated_at) VALUES (1, 'g1', 'c1', 'stakeout', '7', 'active', 'u1', 5, 'now', 0, 0)`)
	exec(`INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'Ann'), (1, 1, 'u2', 'Bo')`)
	want := []storage.Move{
		{N: 1, Seat: 0, Text: "move b3", Public: "Ann moves.", ByUser: "u1", At: time.UnixMilli(1000).UTC()},
		{N: 2, Seat: 1, Text: "bury c", Secret: true, Reveals: true, ByUser: "u2", At: time.UnixMilli(2000).UTC(), Undone: true},
		{N: 3, Seat: 1, Text: "rest", Public: "Bo rests.", ByUser: "u2", At: time.UnixMilli(3000).UTC(), Held: true},
		{N: 4, Seat: 0, Text: "search", Public: "Ann searches.", ByUser: "u1", At: time.UnixMilli(4000).UTC(), Held: true},
		{N: 5, Seat: 0, Text: "undone held", ByUser: "u1", At: time.UnixMilli(5000).UTC(), Held: true, Undone: true},
	}
	for _, m := range want {
		exec(`INSERT INTO moves (game_id, n, seat, text, secret, public, reveals, by_user, at, undone, held) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.N, m.Seat, m.Text, m.Secret, m.Public, m.Reveals, m.ByUser, m.At.UnixMilli(), m.Undone, m.Held)
	}
	db := migrated(t, old, path)
	ctx := context.Background()
	got, err := db.Moves(ctx, 1)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("log after the migration:\n got %+v %v\nwant %+v", got, err, want)
	}
	g, err := db.GameByID(ctx, 1)
	if err != nil || g.Held != 2 {
		t.Fatalf("held moves counted with the game: %v %v, want 2", g, err)
	}
	held, err := db.HeldMoves(ctx, 1)
	if err != nil || len(held) != 2 || held[0].N != 3 || held[1].N != 4 {
		t.Fatalf("held moves %+v %v, want moves 3 and 4", held, err)
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: 1, Version: 5, Release: []int{1}}); err != nil {
		t.Fatal(err)
	}
	held, err = db.HeldMoves(ctx, 1)
	if err != nil || len(held) != 1 || held[0].N != 4 {
		t.Fatalf("held moves after seat 2's are released: %+v %v, want move 4", held, err)
	}
}

// TestInteractionsPrunedByTheirSnowflakes: with no index by time
// (migration 0014), pruning finds old Discord interactions by their ids,
// which rise with time (the rowid of discord_interactions since 0016),
// and the bot's own ids ("deadline/…") among the few others; a row is
// pruned only when it was also recorded before the cut, so a redelivery
// within the kept time is still recognised, and the rows newer than the
// cut are not read.
func TestInteractionsPrunedByTheirSnowflakes(t *testing.T) {
	db, path := open(t)
	ctx := context.Background()
	day := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	snowflake := func(at time.Time) string {
		return strconv.FormatUint(uint64(at.UnixMilli()-1420070400000)<<22|12345, 10)
	}
	mark := func(id string, at time.Time) {
		t.Helper()
		db.Now = func() time.Time { return at }
		if err := db.MarkInteraction(ctx, id, "done"); err != nil {
			t.Fatal(err)
		}
	}
	old, recent := day.Add(-30*time.Hour), day.Add(-time.Hour)
	mark(snowflake(old), old)
	mark(snowflake(old.Add(time.Minute)), old.Add(time.Minute))
	mark("deadline/1/turn/0/5", old)
	mark(snowflake(recent), recent)
	mark("deadline/2/turn/1/6", recent)
	// An id made long ago but handled lately is kept.
	mark(snowflake(old.Add(2*time.Minute)), recent)
	n, err := db.PruneInteractions(ctx, day.Add(-24*time.Hour))
	if err != nil || n != 3 {
		t.Fatalf("pruned %d (%v), want the 3 rows recorded before the cut", n, err)
	}
	for id, kept := range map[string]bool{snowflake(old): false, "deadline/1/turn/0/5": false, snowflake(recent): true,
		"deadline/2/turn/1/6": true, snowflake(old.Add(2 * time.Minute)): true} {
		if _, seen, err := db.InteractionReply(ctx, id); err != nil || seen != kept {
			t.Fatalf("%s: kept %v (%v), want %v", id, seen, err, kept)
		}
	}
	raw, err := sql.Open("sqlite3", storage.DSN(path))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var id, parent, unused int
	var plan string
	if err := raw.QueryRow(`EXPLAIN QUERY PLAN SELECT id FROM discord_interactions WHERE id < ?1 AND at < ?2 LIMIT 500`, 1, 0).Scan(&id, &parent, &unused, &plan); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan, "INTEGER PRIMARY KEY (rowid<?)") {
		t.Fatalf("pruning reads %q, want the key up to the cut", plan)
	}
}

// TestHeldMovesFoundFromTheirBound: the held moves are read from the
// game's held_from to the end of the log (migration 0014). Over random
// changes of three seats (moves held or shown, releases of one seat or
// all, undos), the held moves listed and counted with the game are
// always exactly the log's live moves marked held, however long the log
// grows and whichever seats' moves stay held.
func TestHeldMovesFoundFromTheirBound(t *testing.T) {
	db, path := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	raw, err := sql.Open("sqlite3", storage.DSN(path))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	truth := func() []int {
		rows, err := raw.Query(`SELECT n FROM moves WHERE game_id = ? AND held = 1 AND undone = 0 ORDER BY n`, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []int
		for rows.Next() {
			var n int
			rows.Scan(&n)
			out = append(out, n)
		}
		return out
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	v := g.Version
	for step := 0; step < 400; step++ {
		c := storage.Change{GameID: g.ID, Version: v}
		switch k := rnd.IntN(10); {
		case k < 5:
			for i := rnd.IntN(3); i >= 0; i-- {
				c.Moves = append(c.Moves, storage.Move{Seat: rnd.IntN(3), Text: fmt.Sprint("m", step), Held: rnd.IntN(4) > 0})
			}
		case k < 8:
			c.Release = []int{rnd.IntN(3)}
			if rnd.IntN(2) == 0 {
				c.Moves = []storage.Move{{Seat: rnd.IntN(3), Text: "shown"}}
			}
		case k < 9:
			c.ReleaseAll = true
			c.Moves = []storage.Move{{Seat: rnd.IntN(3), Text: "held after", Held: rnd.IntN(2) == 0}}
		default:
			c.UndoLast = true
		}
		if v, err = db.Commit(ctx, c); err != nil {
			t.Fatal(err)
		}
		want := truth()
		held, err := db.HeldMoves(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, m := range held {
			got = append(got, m.N)
		}
		rec, err := db.GameByID(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) || rec.Held != len(want) {
			t.Fatalf("step %d (%+v): held %v, counted %d; the log holds %v", step, c, got, rec.Held, want)
		}
	}
}

// databaseAtMigration makes a database file with the migrations up to
// and including number upTo applied and recorded, as an older Casefile
// left it, and returns its path, the open handle, and an exec that fails
// the test on an error: the start of every test of what a later migration
// migrated closes the older database old built at path and opens it with
// storage.Open, which brings it to the latest migration; the database is
// closed when the test ends.
func migrated(t *testing.T, old *sql.DB, path string) *storage.DB {
	t.Helper()
	old.Close()
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// does to the rows of an older database.
func databaseAtMigration(t *testing.T, upTo int) (string, *sql.DB, func(q string, args ...any)) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite3", storage.DSN(path))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("migrations/*.sql")
	if err != nil || len(files) <= upTo {
		t.Fatalf("migrations: %v %v", files, err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := old.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`)
	for i, f := range files[:upTo] {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		exec(string(body))
		exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)`, i+1)
	}
	return path, old, exec
}

// TestMigrationKeepsPicturesOwedInOrder: pictures owed in a database
// written before migration 0015 (numbered rows) are owed still after it,
// keyed by game, version and seat, with their captions, users and failed
// attempts, and come back in the order they were owed: a channel's older
// game first though a reshard gave it the higher id, then each game's
// versions in order, a version's board before its seats' own pictures. A
// picture whose game moved on is still drawn from the state kept for it,
// which goes with the last picture of its version; and the migrated
// database owes new pictures after the old ones.
func TestMigrationKeepsPicturesOwedInOrder(t *testing.T) {
	path, old, exec := databaseAtMigration(t, 14)
	// Game 9 was the channel's game before game 3: a reshard renumbered it.
	exec(`INSERT INTO games (id, guild_id, channel_id, game, seed, status, author_id, version, snapshot, created_at, updated_at) VALUES (9, 'g1', 'c1', 'stakeout', '7', 'over', 'u1', 8, 'old game', 100, 200)`)
	exec(`INSERT INTO games (id, guild_id, channel_id, game, seed, status, author_id, version, snapshot, created_at, updated_at) VALUES (3, 'g1', 'c1', 'stakeout', '8', 'active', 'u1', 5, 'now', 300, 400)`)
	exec(`INSERT INTO seats (game_id, seat, user_id, name) VALUES (9, 0, 'u1', 'Ann'), (3, 0, 'u1', 'Ann'), (3, 1, 'u2', 'Bo')`)
	exec(`INSERT INTO picture_states (game_id, version, snapshot, seats) VALUES (3, 4, 'then', '[{"seat":0,"user_id":"u1","name":"Ann"}]')`)
	type owed struct {
		game, version int64
		seat          int
		user, caption string
		attempts      int
	}
	// In the order an older Casefile numbered them (their owed order).
	rows := []owed{
		{9, 8, -1, "", "old board", 2},
		{9, 8, 0, "u1", "old private", 0},
		{3, 4, -1, "", "board 4", 0},
		{3, 4, 1, "u2", "Bo's 4", 1},
		{3, 4, 0, "u1", "Ann's 4", 0},
		{3, 5, -1, "", "board 5", 0},
	}
	for _, r := range rows {
		exec(`INSERT INTO pictures_owed (game_id, channel_id, move_n, version, rules_version, caption, owed_at, attempts, user_id, seat)
			VALUES (?, 'c1', ?, ?, 1, ?, 0, ?, ?, ?)`, r.game, r.version, r.version, r.caption, r.attempts, r.user, r.seat)
	}
	db := migrated(t, old, path)
	ctx := context.Background()
	got, err := db.OwedPictures(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []owed{rows[0], rows[1], rows[2], rows[4], rows[3], rows[5]}
	if len(got) != len(want) {
		t.Fatalf("%d pictures owed after the migration, want %d: %+v", len(got), len(want), got)
	}
	snap := map[int64]string{9: "old game", 3: "now"}
	for i, w := range want {
		p := got[i]
		state := snap[p.GameID]
		if p.Version == 4 {
			state = "then"
		}
		if p.GameID != w.game || p.Version != w.version || p.Seat != w.seat || p.UserID != w.user || p.Caption != w.caption ||
			p.Attempts != w.attempts || p.MoveN != int(w.version) || p.ChannelID != "c1" || string(p.Snapshot) != state {
			t.Fatalf("picture %d after the migration: %+v, want %+v (state %q)", i, p, w, state)
		}
	}
	if n, err := db.PictureFailed(ctx, got[4].Key()); err != nil || n != 2 {
		t.Fatalf("Bo's picture's attempts after one more: %d %v, want 2", n, err)
	}
	for _, p := range got[2:5] {
		if err := db.PictureDone(ctx, p.Key()); err != nil {
			t.Fatal(err)
		}
	}
	if n := keptStates(t, path); n != 0 {
		t.Fatalf("%d states kept once every picture of version 4 is done, want 0", n)
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: 3, Version: 5, Snapshot: []byte("next"), OwePicture: true, PictureCaption: "board 6"}); err != nil {
		t.Fatal(err)
	}
	if n := keptStates(t, path); n != 1 {
		t.Fatalf("%d states kept when the game moved past a version owed a picture, want 1", n)
	}
	got, err = db.OwedPictures(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	var captions []string
	for _, p := range got {
		captions = append(captions, p.Caption+"="+string(p.Snapshot))
	}
	if want := []string{"old board=old game", "old private=old game", "board 5=now", "board 6=next"}; !reflect.DeepEqual(captions, want) {
		t.Fatalf("pictures owed after a new change: %v, want %v", captions, want)
	}
}

// TestMigrationKeepsHandledInteractions: the interactions an older
// database recorded (migration 0016 moves Discord's into a table keyed by
// their number) are still recognised with their replies, whichever table
// holds them: a redelivered one is refused as a repeat, a commit that
// repeats one changes nothing, and ids that only look like numbers (a
// leading zero, past 64 bits) keep their own text.
func TestMigrationKeepsHandledInteractions(t *testing.T) {
	path, old, exec := databaseAtMigration(t, 15)
	exec(`INSERT INTO games (id, guild_id, channel_id, game, seed, status, author_id, version, snapshot, created_at, updated_at) VALUES (1, 'g1', 'c1', 'stakeout', '7', 'active', 'u1', 5, 'now', 0, 0)`)
	ids := []string{"1300000000000000001", "9223372036854775807", "0123", "99999999999999999999", "deadline/1/clock/0/5", "12a", "7"}
	for i, id := range ids {
		exec(`INSERT INTO interactions (id, reply, at) VALUES (?, ?, ?)`, id, "reply "+id, i)
	}
	db := migrated(t, old, path)
	ctx := context.Background()
	for _, id := range ids {
		if reply, seen, err := db.InteractionReply(ctx, id); err != nil || !seen || reply != "reply "+id {
			t.Fatalf("%s after the migration: %q %v %v", id, reply, seen, err)
		}
		if err := db.MarkInteraction(ctx, id, "again"); !errors.Is(err, storage.ErrDuplicate) {
			t.Fatalf("%s marked again: %v, want ErrDuplicate", id, err)
		}
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: 1, Version: 5, Snapshot: []byte("repeat"), Interaction: ids[0]}); !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("a commit repeating a migrated interaction: %v, want ErrDuplicate", err)
	}
	if g, err := db.GameByID(ctx, 1); err != nil || g.Version != 5 {
		t.Fatalf("the game after a repeated interaction: %+v %v", g, err)
	}
	if n, err := db.Interactions(ctx); err != nil || n != int64(len(ids)) {
		t.Fatalf("%d interactions counted (%v), want %d", n, err, len(ids))
	}
	raw, err := sql.Open("sqlite3", storage.DSN(path))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var numbered int
	if err := raw.QueryRow(`SELECT COUNT(*) FROM discord_interactions`).Scan(&numbered); err != nil || numbered != 3 {
		t.Fatalf("%d interactions kept by their number (%v), want 3 (the two snowflakes and 7)", numbered, err)
	}
}

// TestReplacedDeadlineDoesNotFire: a tick that read a deadline before a
// change replaced it (same seat and kind, written again, even at the same
// due time) fires nothing; the deadline that replaced it fires once.
// Deadlines falling due together are listed in the order the change gave.
func TestReplacedDeadlineDoesNotFire(t *testing.T) {
	db, _ := open(t)
	ctx := context.Background()
	g := lobby(t, db, "c1")
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	due := now.Add(time.Minute)
	v, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, Deadlines: []storage.Deadline{
		{Seat: 2, Kind: "window", DueAt: due}, {Seat: 0, Kind: "window", DueAt: due}, {Seat: 1, Kind: "window", DueAt: due},
	}})
	if err != nil {
		t.Fatal(err)
	}
	stale, err := db.DueDeadlines(ctx, due)
	if err != nil || len(stale) != 3 || stale[0].Seat != 2 || stale[1].Seat != 0 || stale[2].Seat != 1 {
		t.Fatalf("due together: %+v %v, want seats 2, 0, 1 as written", stale, err)
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: g.ID, Version: v, Deadlines: []storage.Deadline{
		{Seat: 0, Kind: "window", DueAt: due}, {Seat: 1, Kind: "window", DueAt: due},
	}}); err != nil {
		t.Fatal(err)
	}
	for _, d := range stale {
		if ok, err := db.FireDeadline(ctx, d, now); err != nil || ok {
			t.Fatalf("a replaced deadline of seat %d fired: %v %v", d.Seat, ok, err)
		}
	}
	fresh, err := db.DueDeadlines(ctx, due)
	if err != nil || len(fresh) != 2 {
		t.Fatalf("due after the change: %+v %v", fresh, err)
	}
	for _, d := range fresh {
		first, err1 := db.FireDeadline(ctx, d, now)
		second, err2 := db.FireDeadline(ctx, d, now)
		if !first || second || err1 != nil || err2 != nil {
			t.Fatalf("seat %d fired %v then %v (%v %v), want once", d.Seat, first, second, err1, err2)
		}
	}
}

// TestMigrationKeepsDeadlines: the deadlines of an older database (a
// rowid table, migration 0017 keys them by game, seat and kind) are the
// same after it, listed in the same order (by due time, then the order
// they were written in), fired or paused as they were; one read before
// can still be fired once, and a later change replaces them.
func TestMigrationKeepsDeadlines(t *testing.T) {
	path, old, exec := databaseAtMigration(t, 16)
	exec(`INSERT INTO games (id, guild_id, channel_id, game, seed, status, author_id, version, snapshot, created_at, updated_at) VALUES (1, 'g1', 'c1', 'stakeout', '7', 'active', 'u1', 5, 'now', 0, 0)`)
	exec(`INSERT INTO games (id, guild_id, channel_id, game, seed, status, author_id, version, snapshot, created_at, updated_at) VALUES (2, 'g1', 'c2', 'stakeout', '8', 'active', 'u1', 9, 'now', 0, 0)`)
	exec(`INSERT INTO deadlines (id, game_id, seat, kind, due_at, fired_at, payload, paused_left) VALUES
		(10, 1, 2, 'window', 5000, NULL, 'w', NULL),
		(11, 2, 0, 'clock', 4000, NULL, '', NULL),
		(12, 1, 0, 'window', 5000, NULL, 'w', NULL),
		(13, 1, 1, 'remind', 1000, 1500, 'r', NULL),
		(14, 1, 1, 'clock', 9000, NULL, 'c', 60000)`)
	before := func(gameID int64) []storage.Deadline {
		t.Helper()
		rows, err := old.Query(`SELECT seat, kind, due_at, fired_at, payload, paused_left FROM deadlines WHERE game_id = ? ORDER BY due_at, id`, gameID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []storage.Deadline
		for rows.Next() {
			var d storage.Deadline
			var due int64
			var fired, left sql.NullInt64
			if err := rows.Scan(&d.Seat, &d.Kind, &due, &fired, &d.Payload, &left); err != nil {
				t.Fatal(err)
			}
			d.GameID, d.DueAt = gameID, time.UnixMilli(due).UTC()
			if fired.Valid {
				f := time.UnixMilli(fired.Int64).UTC()
				d.FiredAt = &f
			}
			if left.Valid {
				d.Paused, d.Left = true, time.Duration(left.Int64)*time.Millisecond
			}
			out = append(out, d)
		}
		return out
	}
	want := map[int64][]storage.Deadline{1: before(1), 2: before(2)}
	db := migrated(t, old, path)
	ctx := context.Background()
	for id, w := range want {
		got, err := db.Deadlines(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			got[i].ID = 0
		}
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("game %d's deadlines after the migration:\n got %+v\nwant %+v", id, got, w)
		}
	}
	due, err := db.DueDeadlines(ctx, time.UnixMilli(5000))
	if err != nil || len(due) != 3 || due[0].GameID != 2 || due[1].Seat != 2 || due[2].Seat != 0 {
		t.Fatalf("due after the migration: %+v %v", due, err)
	}
	for _, d := range due {
		if ok, err := db.FireDeadline(ctx, d, time.UnixMilli(5000)); err != nil || !ok {
			t.Fatalf("firing %+v after the migration: %v %v", d, ok, err)
		}
	}
	if _, err := db.Commit(ctx, storage.Change{GameID: 1, Version: 5, Deadlines: []storage.Deadline{{Seat: 2, Kind: "window", DueAt: time.UnixMilli(7000)}}}); err != nil {
		t.Fatal(err)
	}
	got, err := db.Deadlines(ctx, 1)
	if err != nil || len(got) != 1 || got[0].Seat != 2 || got[0].FiredAt != nil || got[0].DueAt.UnixMilli() != 7000 {
		t.Fatalf("game 1's deadlines after a change: %+v %v", got, err)
	}
	if ok, err := db.FireDeadline(ctx, due[1], time.UnixMilli(7000)); err != nil || ok {
		t.Fatalf("the migrated deadline the change replaced fired: %v %v", ok, err)
	}
}
