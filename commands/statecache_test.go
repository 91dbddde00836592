package commands_test

import (
	"context"
	"fmt"
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
