package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestE2EPicturesOwedAtStopArePostedAfterRestart: the program stops with
// board pictures owed and not drawn yet (its picture worker held, as if
// it stopped right after the commits); the moves were answered without
// them. Started again on the same SQLite file, it posts them through
// Discord, in the order the phases ended.
func TestE2EPicturesOwedAtStopArePostedAfterRestart(t *testing.T) {
	e := newE2E(t)
	e.stopBot()
	e.holdPictures = true
	e.startBot()
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 rounds=1"})
	e.ok("bo", "join", nil)
	if r := e.ok("ann", "start", nil); len(r.Files()) != 0 {
		t.Fatalf("the start's reply carries a picture: %d files", len(r.Files()))
	}
	e.move("ann", "bid 2")
	e.move("bo", "bid 1")
	// The start's board and the bid phase's, and the seats' own pictures
	// by DM: each seat's at the start, and each bidder's after its bid.
	if n, err := e.main.Service.PicturesOwed(context.Background()); err != nil || n != 6 {
		t.Fatalf("%d pictures owed (%v), want the start's and the bid phase's boards, and four of the seats' own", n, err)
	}
	for _, user := range []string{"ann", "bo"} {
		for _, dm := range e.emu.DMs(e.users[user].ID) {
			if len(dm.Files) != 0 {
				t.Fatalf("%s was sent a picture with the worker held: %q", user, dm.Content)
			}
		}
	}
	if bs := e.boards(); len(bs) != 0 {
		t.Fatalf("boards posted with the worker held: %+v", bs)
	}
	e.stopBot()

	e.holdPictures = false
	e.startBot()
	bs := e.settledBoards()
	if len(bs) != 2 || !strings.Contains(bs[0].Content, "at the start") || !strings.Contains(bs[1].Content, "The board after") {
		t.Fatalf("after the restart, want the start's board then the bid phase's: %+v", bs)
	}
	for _, b := range bs {
		if !bytes.HasPrefix(b.Files[0].Data, []byte("\x89PNG")) {
			t.Fatalf("not a PNG: %q", b.Content)
		}
	}
	for _, user := range []string{"ann", "bo"} {
		pictures := 0
		for _, dm := range e.emu.DMs(e.users[user].ID) {
			if len(dm.Files) == 1 && bytes.HasPrefix(dm.Files[0].Data, []byte("\x89PNG")) {
				pictures++
			}
		}
		if pictures != 2 {
			t.Fatalf("after the restart %s was sent %d of their seat's pictures, want 2", user, pictures)
		}
	}
	// The game goes on where it was.
	e.move("ann", "take")
}
