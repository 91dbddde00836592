package commands_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"casefile/commands"
)

// TestStateCacheIsBounded: the decoded states kept between commands are
// those of the games last played, never more than Settings.StateCache
// (issue 16 bounds memory per process); a kept state serves its game's
// next command, and a game whose state was dropped is decoded again from
// its row, with the same answer.
func TestStateCacheIsBounded(t *testing.T) {
	h := newHarness(t)
	h.open(commands.Settings{DefaultClock: 24 * time.Hour, StateCache: 5})
	move := func(i int) commands.Response {
		req := h.req("ann", "move", map[string]string{"action": "bid 1"})
		req.ChannelID = fmt.Sprintf("chan-%d", i)
		return h.svc.Handle(context.Background(), req)
	}
	for i := 0; i < 12; i++ {
		for _, c := range []struct{ user, cmd string }{{"ann", "newgame"}, {"bo", "join"}, {"ann", "start"}} {
			req := h.req(c.user, c.cmd, map[string]string{"game": "stakeout", "options": "seed=5"})
			req.ChannelID = fmt.Sprintf("chan-%d", i)
			if r := h.svc.Handle(context.Background(), req); r.Refused {
				t.Fatal(r.Content)
			}
		}
		if r := move(i); r.Refused {
			t.Fatal(r.Content)
		}
	}
	games, hits, misses := h.svc.StateCacheStats()
	if games != 5 || hits != 0 || misses != 12 {
		t.Fatalf("after one move in each of 12 games: %d states kept (want the bound, 5), %d hits, %d misses", games, hits, misses)
	}
	// The last game played is kept: its next command starts from memory.
	// The first was dropped: it is decoded again and answers the same.
	last, first := move(11), move(0)
	if _, hits, _ := h.svc.StateCacheStats(); hits != 1 {
		t.Fatalf("%d hits, want 1 (the last game played)", hits)
	}
	if last.Content != first.Content {
		t.Fatalf("the same second move answered differently from memory and from the row:\n%s\n%s", last.Content, first.Content)
	}
}

// TestKeptSeatsFollowTheRow: a kept state carries its game's seats and
// options, used while the row is at that version; seats that change
// hands through another process sharing the file (here a second service:
// cy resigns, di takes the seat over) move the version on, and the first
// service then answers from the row's seats, not from what it kept: di
// plays the seat, cy no longer does. The same take-over through the
// first service keeps the new seats with its state.
func TestKeptSeatsFollowTheRow(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 clock=off"})
	h.ok("bo", "join", nil)
	h.ok("cy", "join", nil)
	h.ok("ann", "start", nil)
	h.move("cy", "bid 3")
	if games, _, _ := h.svc.StateCacheStats(); games != 1 {
		t.Fatalf("%d states kept after a move, want 1", games)
	}
	other := commands.New(h.db, h.svc.Catalog, h.svc.Renderers, commands.Settings{DefaultClock: -1}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	other.Now = h.clock.Now
	for _, c := range []struct{ user, cmd string }{{"cy", "resign"}, {"di", "join"}} {
		if r := other.Handle(context.Background(), h.req(c.user, c.cmd, nil)); r.Refused {
			t.Fatalf("%s through the other service: %s", c.cmd, r.Content)
		}
	}
	if r := h.do("cy", "move", map[string]string{"action": "bid 2"}); !r.Refused || !strings.Contains(r.Content, "not playing") {
		t.Fatalf("cy, whose seat di took over elsewhere, moved: %q", r.Content)
	}
	if r := h.do("di", "hand", nil); r.Refused {
		t.Fatalf("di, who took seat 3 over elsewhere, has no private view: %q", r.Content)
	}
	// The same through the first service, whose kept state then carries
	// the new seats.
	h.ok("di", "resign", nil)
	h.ok("ed", "join", nil)
	h.move("ann", "bid 1")
	if r := h.do("di", "hand", nil); !r.Refused {
		t.Fatalf("di, whose seat ed took over, still has a private view: %q", r.Content)
	}
	if r := h.do("ed", "hand", nil); r.Refused {
		t.Fatalf("ed, who took seat 3 over, has no private view: %q", r.Content)
	}
	if _, hits, _ := h.svc.StateCacheStats(); hits == 0 {
		t.Fatal("no command started from a kept state")
	}
}
