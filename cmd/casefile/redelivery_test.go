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
	"casefile/engine/heist"
	"casefile/storage"
)

// TestRedeliveryOfALongReplySaysItsBeginning: the reply kept against
// redelivery is cut to 900 bytes and an ellipsis (a longer row of the interactions table
// spills into a page of its own, one more page written by the move); a
// redelivered move whose first reply was longer, as a heist's often is,
// is answered with that reply's beginning and is not applied again.
func TestRedeliveryOfALongReplySaysItsBeginning(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "casefile.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := commands.New(db, Catalog(), Renderers(), commands.Settings{DefaultClock: -1}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	n := 0
	req := func(user, cmd string, opts map[string]string) commands.Request {
		n++
		return commands.Request{ID: fmt.Sprintf("13%017d", n), GuildID: "g", ChannelID: "c", UserID: user, UserName: user, Command: cmd, Options: opts}
	}
	for _, r := range []commands.Request{
		req("u0", "newgame", map[string]string{"game": "masters-of-the-heist", "options": "seed=3"}),
		req("u1", "join", nil), req("u2", "join", nil), req("u3", "join", nil), req("u0", "start", nil),
	} {
		if resp := svc.Handle(ctx, r); resp.Refused {
			t.Fatal(resp.Content)
		}
	}
	g := heist.Game()
	rnd := engine.NewRand(4)
	for step := 0; step < 2000; step++ {
		rec, err := db.OpenGame(ctx, "c")
		if err != nil {
			break
		}
		st, err := g.Load(rec.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, ok := engine.RandomMove(st, rnd)
		if !ok {
			break
		}
		user, mv := moveAs(rec, seat, mv)
		r := req(user, "move", map[string]string{"action": mv})
		first := svc.Handle(ctx, r)
		if first.Refused {
			t.Fatalf("move %q refused: %s", mv, first.Content)
		}
		if len(first.Content) <= 1000 {
			continue
		}
		kept, seen, err := db.InteractionReply(ctx, r.ID)
		if err != nil || !seen || len(kept) > 900+len("…") || !strings.HasPrefix(first.Content, strings.TrimSuffix(kept, "…")) {
			t.Fatalf("reply kept for a %d-byte reply (%d bytes, seen %v, %v): %q", len(first.Content), len(kept), seen, err, kept)
		}
		version := rec.Version
		if after, _ := db.OpenGame(ctx, "c"); after != nil {
			version = after.Version
		}
		again := svc.Handle(ctx, r)
		if !again.Ephemeral || !strings.Contains(again.Content, "already done") || !strings.Contains(again.Content, first.Content[:300]) {
			t.Fatalf("redelivery answered %+v", again)
		}
		if after, _ := db.OpenGame(ctx, "c"); after != nil && after.Version != version {
			t.Fatal("the redelivered move was applied again")
		}
		return
	}
	t.Fatal("no move of the heist had a reply longer than 1,000 bytes")
}
