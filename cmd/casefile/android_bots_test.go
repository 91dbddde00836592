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
