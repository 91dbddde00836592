package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/android"
	"casefile/storage"
)

// TestAndroidAgainstTwoBots plays Android for one person and two bots
// (bots=2) through the service to Game over: the game starts with the
// person and the bots seated, the bots play their turns and answer their
// dark-card windows inside the person's commands, and the person only
// ever waits on their own decisions.
func TestAndroidAgainstTwoBots(t *testing.T) {
	skipShort(t)
	db, err := storage.Open(filepath.Join(t.TempDir(), "casefile.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := commands.New(db, Catalog(), Renderers(), commands.Settings{DefaultClock: -1}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	n := 0
	do := func(cmd string, opts map[string]string) commands.Response {
		n++
		return svc.Handle(ctx, commands.Request{ID: fmt.Sprint(n), GuildID: "g", ChannelID: "c", UserID: "ann", UserName: "ann", Command: cmd, Options: opts})
	}
	r := do("newgame", map[string]string{"game": "android", "options": "seed=9 bots=2"})
	if r.Ephemeral {
		t.Fatalf("/newgame with bots=2: %q", r.Content)
	}
	if r := do("start", nil); r.Ephemeral || !strings.Contains(r.Content, "**Bot 1**") || !strings.Contains(r.Content, "**Bot 2**") {
		t.Fatalf("/start should seat Bot 1 and Bot 2: %q", r.Content)
	}
	rec, err := db.OpenGame(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Seats) != 3 {
		t.Fatalf("%d seats, want ann and two bots", len(rec.Seats))
	}
	def := android.Game()
	rnd := engine.NewRand(3)
	mine := 0
	for step := 0; ; step++ {
		if step > 3000 {
			t.Fatal("the game did not end within 3000 of ann's moves")
		}
		rec, err = db.GameByID(ctx, rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Status != storage.Active {
			break
		}
		st, err := def.Load(rec.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat := engine.Seat(rec.SeatsOf("ann")[0])
		legal := st.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("step %d: the game waits on %v, not on ann (seat %d), in %s", step, st.Turn().Seats, seat+1, st.Turn().Phase)
		}
		mv := def.Bot(st.View(seat), legal, rnd)
		if r := do("move", map[string]string{"action": mv}); r.Ephemeral && !strings.HasPrefix(r.Content, "Done: `") {
			t.Fatalf("step %d: ann's legal move %q was refused: %q", step, mv, r.Content)
		}
		mine++
	}
	moves, err := db.Moves(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != storage.Over || len(moves) <= mine {
		t.Fatalf("status %s after %d moves of which ann's %d", rec.Status, len(moves), mine)
	}
	t.Logf("Game over: %d moves, %d of them ann's; %s", len(moves), mine, rec.Result)
}

// TestAndroidStandInAfterResign: in a 4-player Android, di resigns on
// the first day; the stand-in plays his seat (turns and dark-card windows
// alike, by the game's StandInMove, which never looks at a hunch) and the
// three others play on to Game over, never waiting on di's seat.
func TestAndroidStandInAfterResign(t *testing.T) {
	skipShort(t)
	db, err := storage.Open(filepath.Join(t.TempDir(), "casefile.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := commands.New(db, Catalog(), Renderers(), commands.Settings{DefaultClock: -1}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	n := 0
	do := func(user, cmd string, opts map[string]string) commands.Response {
		n++
		return svc.Handle(ctx, commands.Request{ID: fmt.Sprint(n), GuildID: "g", ChannelID: "c", UserID: user, UserName: user, Command: cmd, Options: opts})
	}
	do("ann", "newgame", map[string]string{"game": "android", "options": "seed=4"})
	for _, u := range []string{"bo", "cy", "di"} {
		do(u, "join", nil)
	}
	if r := do("ann", "start", nil); r.Ephemeral {
		t.Fatalf("/start: %q", r.Content)
	}
	rec, err := db.OpenGame(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	def := android.Game()
	rnd := engine.NewRand(5)
	resigned := false
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("the game did not end within 5000 moves")
		}
		rec, err = db.GameByID(ctx, rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Status != storage.Active {
			break
		}
		if step == 30 {
			if r := do("di", "resign", nil); r.Ephemeral || !strings.Contains(r.Content, "stand-in") {
				t.Fatalf("di's resignation should hand his seat to the stand-in: %q", r.Content)
			}
			resigned = true
			continue
		}
		st, err := def.Load(rec.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		var seat engine.Seat = -1
		var legal []string
		for _, s := range st.Turn().Seats {
			if l := st.Legal(s); len(l) > 0 {
				seat, legal = s, l
				break
			}
		}
		if seat < 0 {
			t.Fatalf("step %d: nobody may act in %s", step, st.Turn().Phase)
		}
		user := seatOwner(rec, seat)
		if resigned && user == "di" {
			t.Fatalf("step %d: the game waits on di's seat, which the stand-in plays: %+v", step, st.Turn())
		}
		mv := def.Bot(st.View(seat), legal, rnd)
		if r := do(user, "move", map[string]string{"action": mv}); r.Ephemeral && !strings.HasPrefix(r.Content, "Done: `") {
			t.Fatalf("step %d: %s's legal move %q was refused: %q", step, user, mv, r.Content)
		}
	}
	if !resigned || rec.Status != storage.Over {
		t.Fatalf("resigned %v, status %s", resigned, rec.Status)
	}
	standIn := false
	for _, r := range rec.Seats {
		standIn = standIn || r.UserID == "di" && r.StandIn
	}
	if !standIn {
		t.Fatalf("di's seat is not marked as the stand-in's: %+v", rec.Seats)
	}
	t.Logf("Game over: %s", rec.Result)
}
