package commands_test

import (
	"strings"
	"testing"
	"time"
)

func TestVoteEndsAbandonedGame(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "clock=1h"})
	h.ok("bo", "join", nil)
	h.ok("cy", "join", nil)
	h.ok("ann", "start", nil)
	h.move("ann", "bid 0")
	h.move("bo", "bid 0")
	h.clock.Add(2 * time.Hour)
	out := h.tick()
	vote := button(out.Posts, "Vote to end game")
	if vote == "" {
		t.Fatalf("no vote button: %+v", out.Posts)
	}
	if r := h.click("cy", vote); !r.Ephemeral {
		t.Fatalf("the awaited player may not vote: %q", r.Content)
	}
	r := h.click("ann", vote)
	if r.Ephemeral || strings.Contains(r.Content, "Game over") {
		t.Fatalf("one vote of two should not end it: %+v", r)
	}
	r = h.click("bo", vote)
	if !strings.Contains(r.Content, "Game over") {
		t.Fatalf("a majority should end it: %+v", r)
	}
}
