package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"casefile/bot/discordtest"
	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
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

// TestE2ELookingBack plays a Stakeout to Game over through the emulator,
// then uses what a table has after a game: Play again on the Game over
// message, /history with the game's log as a file that replays it, /games
// and /stats.
func TestE2ELookingBack(t *testing.T) {
	e := newE2E(t)
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=6"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	db := e.db()
	byID := map[string]discordtest.User{}
	for _, u := range e.users {
		byID[u.ID] = u
	}
	r := engine.NewRand(6)
	var id int64
	for step := 0; step < 500; step++ {
		g, err := db.OpenGame(context.Background(), e.ch.ID)
		if err != nil {
			break
		}
		id = g.ID
		st, err := enginetest.Load(g.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, ok := engine.RandomMove(st, r)
		if !ok {
			t.Fatal("nobody may act")
		}
		if rep, err := e.emu.Command(byID[seatOwner(g, seat)], e.ch, "move", map[string]string{"action": mv}); err != nil || !accepted(rep) {
			t.Fatalf("step %d: %v %q", step, err, rep.Content())
		}
	}
	var over discordtest.Message
	for _, m := range e.emu.PublicMessages(e.ch.ID) {
		if strings.Contains(m.Content, "Game over") {
			over = m
		}
	}
	if over.ID == "" {
		t.Fatal("no Game over message")
	}
	hist := e.cmd("bo", "history", map[string]string{"game": fmt.Sprint(id)})
	files := hist.Files()
	if len(files) != 1 || !hist.Ephemeral() {
		t.Fatalf("/history game:%d: %+v", id, hist)
	}
	tr, err := commands.ParseTranscript(string(files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := engine.Replay(enginetest.Game(), tr.Setup, tr.Moves)
	if err != nil || replayed.Outcome() == nil {
		t.Fatalf("the transcript does not replay to Game over: %v", err)
	}
	if st := e.cmd("bo", "stats", nil); !strings.Contains(st.Content(), "Stakeout") {
		t.Fatalf("/stats: %q", st.Content())
	}
	var again string
	for _, b := range over.Buttons() {
		if b.Label == "Play again" {
			again = b.CustomID
		}
	}
	rep, err := e.emu.Click(e.users["bo"], e.ch, over.ID, again)
	if again == "" || err != nil || !strings.Contains(rep.Content(), "again") {
		t.Fatalf("Play again (%q): %v %+v", again, err, rep)
	}
	if g, err := db.OpenGame(context.Background(), e.ch.ID); err != nil || len(g.Seats) != 2 {
		t.Fatalf("Play again should open a lobby with both players: %+v %v", g, err)
	}
	e.ok("bo", "start", nil) // bo clicked Play again: the lobby is bo's
	if gs := e.cmd("ann", "games", nil); !strings.Contains(gs.Content(), "<#"+e.ch.ID+">") {
		t.Fatalf("/games: %q", gs.Content())
	}
}
