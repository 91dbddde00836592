package main

import (
	"context"
	"strings"
	"testing"
)

// TestE2EGameInItsOwnThread: /newgame with thread=yes starts a thread in
// the channel, opens the lobby there (with its buttons), and tells the
// channel where; people join and play in the thread, and the channel
// itself stays free for another game.
func TestE2EGameInItsOwnThread(t *testing.T) {
	e := newE2E(t)
	r := e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "thread=yes seed=4"})
	threads := e.emu.Threads(e.ch.ID)
	if len(threads) != 1 {
		t.Fatalf("%d threads started, want 1", len(threads))
	}
	th := threads[0]
	if !strings.Contains(r.Content(), "<#"+th.ID+">") || !strings.Contains(th.Name, "Stakeout") {
		t.Fatalf("the channel should be told where the game is: %q (thread %q)", r.Content(), th.Name)
	}
	lobby := e.emu.PublicMessages(th.ID)
	if len(lobby) != 1 || len(lobby[0].Buttons()) == 0 || !strings.Contains(lobby[0].Content, "lobby") {
		t.Fatalf("the thread should hold the lobby with its buttons: %+v", lobby)
	}
	db := e.db()
	g, err := db.OpenGame(context.Background(), th.ID)
	if err != nil || g.ChannelID != th.ID || g.Options["thread"] != "" {
		t.Fatalf("the lobby should live in the thread, without the thread option: %+v %v", g, err)
	}
	if _, err := db.OpenGame(context.Background(), e.ch.ID); err == nil {
		t.Fatal("the channel itself holds a game")
	}
	rep, err := e.emu.Command(e.users["bo"], th, "join", nil)
	if err != nil || !accepted(rep) {
		t.Fatalf("join in the thread: %v %q", err, rep.Content())
	}
	rep, err = e.emu.Command(e.users["ann"], th, "start", nil)
	if err != nil || !strings.Contains(rep.Content(), "begins") {
		t.Fatalf("start in the thread: %v %q", err, rep.Content())
	}
	// The channel is free for a game of its own.
	e.ok("cy", "newgame", map[string]string{"game": "stakeout"})
}
