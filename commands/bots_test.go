package commands_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"casefile/commands"
	"casefile/engine"
	"casefile/storage"
)

// noBotAddressed fails when a response pings, mentions or DMs a bot's
// seat as if it were a person.
func noBotAddressed(t *testing.T, what string, r commands.Response) {
	t.Helper()
	if strings.Contains(r.Content, "<@"+storage.BotPrefix) {
		t.Fatalf("%s mentions a bot as a user: %s", what, r.Content)
	}
	for _, id := range r.Mentions {
		if strings.HasPrefix(id, storage.BotPrefix) {
			t.Fatalf("%s pings bot %s", what, id)
		}
	}
	for _, dm := range r.DMs {
		if strings.HasPrefix(dm.UserID, storage.BotPrefix) {
			t.Fatalf("%s DMs bot %s", what, dm.UserID)
		}
	}
	for _, p := range r.Posts {
		if strings.Contains(p.Content, "<@"+storage.BotPrefix) {
			t.Fatalf("%s posts a mention of a bot: %s", what, p.Content)
		}
	}
}

// TestBotsTakeSeats covers bots=N: the lobby lists the bots, they take
// seats of their own at the start (after the people), act at once and
// whenever asked, are never pinged, DMed or counted in /stats, and Play
// again brings them back through the options.
func TestBotsTakeSeats(t *testing.T) {
	h := newHarness(t)
	lobby := h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 rounds=1 bots=2"})
	for _, want := range []string{"Seated (3/4)", "**Bot 1** (bot)", "**Bot 2** (bot)", "bots=2"} {
		if !strings.Contains(lobby.Content, want) {
			t.Fatalf("lobby does not say %q: %s", want, lobby.Content)
		}
	}
	h.ok("bo", "join", nil)
	h.refused("cy", "join", nil, "full")
	start := h.ok("ann", "start", nil)
	noBotAddressed(t, "start", start)
	g := h.game()
	if len(g.Seats) != 4 {
		t.Fatalf("seats %+v, want ann, bo and two bots", g.Seats)
	}
	for i, want := range []string{"ann", "bo", "bot:1", "bot:2"} {
		if g.Seats[i].UserID != want || g.Seats[i].StandIn != strings.HasPrefix(want, "bot:") {
			t.Fatalf("seat %d is %+v, want %s", i, g.Seats[i], want)
		}
	}
	if !strings.Contains(start.Content, "**Bot 1**") || strings.Contains(start.Content, "stand-in") {
		t.Fatalf("the start names the bots as Bot 1, Bot 2 (not as stand-ins): %s", start.Content)
	}
	// The opening sealed bids ask every seat: the bots bid at once, in the
	// start itself, and only the people are still waited for.
	moves, err := h.db.Moves(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	bid := map[int]bool{}
	for _, m := range moves {
		if m.ByUser == "standin" {
			bid[m.Seat] = true
		}
	}
	if !bid[2] || !bid[3] || bid[0] || bid[1] {
		t.Fatalf("moves at the start %+v: want the bots' (seats 3, 4) and nobody else's", moves)
	}
	for _, seat := range h.state().Turn().Seats {
		if seat >= 2 {
			t.Fatalf("a bot's seat %d is still asked to act after the start", seat)
		}
	}
	// The people play on; whenever a bot is asked it answers in the same
	// command, so the game always waits for a person until it ends.
	for i := 0; i < 200; i++ {
		rec, err := h.db.GameByID(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Status != storage.Active {
			break
		}
		st := h.state()
		turn := st.Turn()
		if len(turn.Seats) == 0 {
			t.Fatal("nobody asked to act in an active game")
		}
		seat := turn.Seats[0]
		if seat >= 2 {
			t.Fatalf("the game waits for bot seat %d", seat)
		}
		user := []string{"ann", "bo"}[seat]
		r := h.move(user, st.Legal(engine.Seat(seat))[0])
		noBotAddressed(t, "a move", r)
	}
	rec, err := h.db.GameByID(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != storage.Over {
		t.Fatalf("the game did not end: %s", rec.Status)
	}
	stats, err := h.db.GuildStats(context.Background(), "g1")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range stats {
		if strings.HasPrefix(l.UserID, storage.BotPrefix) {
			t.Fatalf("/stats counts a bot: %+v", l)
		}
	}
	again := h.click("bo", "lobby/again/"+strconv.FormatInt(g.ID, 10))
	if again.Refused || !strings.Contains(again.Content, "Seated (4/4)") || strings.Contains(again.Content, "<@bot:") {
		t.Fatalf("Play again: %s", again.Content)
	}
	noBotAddressed(t, "play again", again)
}

// TestBotsOptionChecked covers the refusals of bots=: more bots than
// leave a seat for a person, a word for a number, and players= counting
// the people beside the bots; players=1 with bots starts at once.
func TestBotsOptionChecked(t *testing.T) {
	h := newHarness(t)
	h.refused("ann", "newgame", map[string]string{"game": "stakeout", "options": "bots=4"}, "from 0 to 3")
	h.refused("ann", "newgame", map[string]string{"game": "stakeout", "options": "bots=two"}, "whole number")
	h.refused("ann", "newgame", map[string]string{"game": "stakeout", "options": "bots=3 players=2"}, "players= counts the people")
	r := h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 bots=3 players=1"})
	noBotAddressed(t, "solo start", r)
	g := h.game()
	if g.Status != storage.Active || len(g.Seats) != 4 {
		t.Fatalf("players=1 bots=3 should start at once with 4 seats: %s %+v", g.Status, g.Seats)
	}
}
