package commands_test

import (
	"strings"
	"testing"
	"time"
)

func TestAwayPausesClocks(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=10h")
	h.move("ann", "bid 0")
	r := h.do("bo", "away", map[string]string{"for": "2d"})
	if !r.Ephemeral || len(r.Posts) != 1 || !strings.Contains(r.Posts[0].Content, "away until") {
		t.Fatalf("away: %+v", r)
	}
	h.clock.Add(24 * time.Hour)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("bo is away; nothing should fire: %+v", out.Posts)
	}
	if r := h.do("bo", "back", nil); !strings.Contains(r.Content, "Welcome back") || len(r.Posts) != 1 {
		t.Fatalf("back: %+v", r)
	}
	h.clock.Add(4 * time.Hour)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("bo's clock should have resumed with 10h, not run on: %+v", out.Posts)
	}
	h.clock.Add(2 * time.Hour)
	if out := h.tick(); len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "waiting for you") {
		t.Fatalf("the reminder should come 5h after return: %+v", out.Posts)
	}
}

func TestNotifyOffStopsReminderDMs(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=2h")
	h.do("bo", "notify", map[string]string{"dms": "off"})
	h.move("ann", "bid 0")
	h.clock.Add(61 * time.Minute)
	out := h.tick()
	if len(out.Posts) != 1 || len(out.DMs) != 0 {
		t.Fatalf("with DMs off, want only the channel mention: %+v %+v", out.Posts, out.DMs)
	}
}
