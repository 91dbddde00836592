package commands_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"casefile/commands"
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

// TestButtonsOfAnotherChannelsGameAreRefused: a clock button, a vote to
// end and Play again pressed in a channel whose game is not the button's
// (as after a reshard gave a game's id to another) are refused with a
// reason, and neither game changes.
func TestButtonsOfAnotherChannelsGameAreRefused(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "clock=1h"})
	h.ok("bo", "join", nil)
	h.ok("cy", "join", nil)
	h.ok("ann", "start", nil)
	h.move("ann", "bid 0")
	h.move("bo", "bid 0")
	h.clock.Add(2 * time.Hour)
	out := h.tick()
	labels := map[string]string{}
	for _, p := range out.Posts {
		for _, b := range p.Buttons {
			labels[b.Label] = b.CustomID
		}
	}
	if labels["Vote to end game"] == "" || labels["Hand to stand-in"] == "" {
		t.Fatalf("no clock buttons: %+v", out.Posts)
	}
	before := h.game()
	for _, label := range []string{"Vote to end game", "Hand to stand-in", "Wait longer"} {
		req := h.req("ann", "", nil)
		req.Kind, req.CustomID, req.ChannelID = commands.Button, labels[label], "c2"
		r := h.svc.Handle(context.Background(), req)
		if !r.Ephemeral || !r.Refused || !strings.Contains(r.Content, "another channel") {
			t.Fatalf("%s pressed in another channel: %+v", label, r)
		}
	}
	if after := h.game(); after.Version != before.Version || string(after.Snapshot) != string(before.Snapshot) {
		t.Fatal("a refused button changed the game")
	}
	// Play again (the button of a finished game's message, lobby/again/<id>),
	// pressed elsewhere.
	h.click("ann", labels["Vote to end game"])
	if r := h.click("bo", labels["Vote to end game"]); !strings.Contains(r.Content, "Game over") {
		t.Fatalf("the vote did not end the game: %q", r.Content)
	}
	again := fmt.Sprintf("lobby/again/%d", before.ID)
	req := h.req("ann", "", nil)
	req.Kind, req.CustomID, req.ChannelID = commands.Button, again, "c2"
	if r := h.svc.Handle(context.Background(), req); !r.Refused || !strings.Contains(r.Content, "another channel") {
		t.Fatalf("Play again pressed in another channel: %+v", r)
	}
	if _, err := h.db.OpenGame(context.Background(), "c2"); err == nil {
		t.Fatal("Play again opened a game in the wrong channel")
	}
}
