package commands_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/storage"
)

// BenchmarkPacing measures what reaction windows cost a table over
// days: 4-player Stakeout, whose every take opens an objection window,
// played game after game for one day on the test clock, ticked every 30s
// as the bot does. Every player makes their own moves (bids, takes) at
// once and never answers a window, so each window runs its whole length.
// It logs the wall-clock of one whole game and how often each player is
// pinged in the day; the README's Performance section quotes it. The
// figures do not depend on b.N: run it with -benchtime 1x.
func BenchmarkPacing(b *testing.B) {
	for _, c := range []struct {
		name, react string
		every       time.Duration
	}{
		{"game's own window (Stakeout: 10m)", "", 0},
		{"react=30m (default games.reaction_window)", "react=30m", 0},
		{"react=30m, mention_every=off", "react=30m", -1},
		{"react=5m", "react=5m", 0},
		{"react=5m, mention_every=off", "react=5m", -1},
	} {
		game, games, window, turn := pacingDay(b, c.react, c.every)
		var per []string
		for _, u := range pacingUsers {
			per = append(per, fmt.Sprintf("%s %d+%d", u, window[u], turn[u]))
		}
		b.Logf("%-42s one game %-6s %2d games/day; pings per player per day, for windows + for own turns: %s", c.name, game, games, strings.Join(per, ", "))
	}
}

var pacingUsers = []string{"ann", "bo", "cy", "dee"}

// pacingDay plays games back to back for 24 hours and returns the first
// game's wall-clock, the games finished and each user's pings, for
// reaction windows and for their own turns (bids and takes).
func pacingDay(t testing.TB, react string, every time.Duration) (time.Duration, int, map[string]int, map[string]int) {
	h := newHarness(t)
	h.open(commands.Settings{DefaultClock: 24 * time.Hour, MentionEvery: every})
	window, turn := map[string]int{}, map[string]int{}
	// Pings are for a window when the game waits on one after them.
	count := func(posts []commands.Post) {
		pings := turn
		if rec, err := h.db.OpenGame(context.Background(), "c1"); err == nil && rec.Status == storage.Active {
			if st, err := enginetest.Load(rec.Snapshot); err == nil && st.Turn().Kind == engine.Reaction {
				pings = window
			}
		}
		for _, p := range posts {
			for _, id := range p.Mentions {
				pings[id]++
			}
		}
	}
	countResp := func(r commands.Response) {
		count(append([]commands.Post{{Mentions: r.Mentions}}, r.Posts...))
	}
	start := h.clock.Now()
	var first time.Duration
	games := 0
	for h.clock.Now().Sub(start) < 24*time.Hour {
		began := h.clock.Now()
		countResp(h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": fmt.Sprintf("seed=%d players=4 %s", games, react)}))
		for _, u := range pacingUsers[1:] {
			countResp(h.ok(u, "join", nil))
		}
		for {
			rec, err := h.db.OpenGame(context.Background(), "c1")
			if errors.Is(err, storage.ErrNotFound) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			state, err := enginetest.Load(rec.Snapshot)
			if err != nil {
				t.Fatal(err)
			}
			turn := state.Turn()
			if turn.Kind == engine.Reaction {
				h.clock.Add(30 * time.Second)
				count(h.tick().Posts)
				continue
			}
			seat := turn.Seats[0]
			mv := "take"
			if turn.Kind == engine.Simultaneous {
				mv = "bid 1"
			}
			countResp(h.move(pacingUsers[seat], mv))
		}
		if games == 0 {
			first = h.clock.Now().Sub(began)
		}
		games++
	}
	return first, games, window, turn
}
