package main

import (
	"context"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

// TestE2EBotsAtTheTable plays a solo Stakeout against two bots through
// the emulator: the game starts at once (players=1), the bots act inside
// the commands that ask them, every message passes the emulator's check
// of Discord's schema, and nothing is ever addressed to a bot.
func TestE2EBotsAtTheTable(t *testing.T) {
	e := newE2E(t)
	r := e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=8 rounds=1 bots=2 players=1"})
	if !strings.Contains(r.Content(), "**Bot 1**") || !strings.Contains(r.Content(), "**Bot 2**") {
		t.Fatalf("the start should seat Bot 1 and Bot 2: %q", r.Content())
	}
	db := e.db()
	over := false
	for step := 0; step < 200; step++ {
		g, err := db.OpenGame(context.Background(), e.ch.ID)
		if err != nil {
			over = true
			break
		}
		st, err := enginetest.Load(g.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		turn := st.Turn()
		if len(turn.Seats) == 0 || turn.Seats[0] != 0 {
			t.Fatalf("step %d: the game waits for %v, not for ann's seat", step, turn.Seats)
		}
		e.move("ann", st.Legal(engine.Seat(0))[0])
	}
	if !over {
		t.Fatal("the game against bots did not end")
	}
	for _, m := range e.emu.PublicMessages(e.ch.ID) {
		if strings.Contains(m.Content, "<@bot:") {
			t.Fatalf("a message mentions a bot as a user: %q", m.Content)
		}
	}
	for _, id := range []string{"bot:1", "bot:2"} {
		if n := len(e.emu.DMs(id)) + e.emu.RejectedDMs(id); n > 0 {
			t.Fatalf("%d DMs were sent to %s", n, id)
		}
	}
}
