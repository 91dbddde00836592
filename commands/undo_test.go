package commands_test

import (
	"strings"
	"testing"
)

func TestUndo(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	h.move("ann", "bid 2")
	before := h.state()
	if !before.Players[0].HasBid {
		t.Fatal("bid not recorded")
	}
	h.refused("bo", "undo", nil, "not yours")
	r := h.ok("ann", "undo", nil)
	if !strings.Contains(r.Content, "secret choice") || strings.Contains(r.Content, "bid 2") {
		t.Fatalf("undo of a secret move must not reveal it: %q", r.Content)
	}
	if h.state().Players[0].HasBid {
		t.Fatal("undo did not take the bid back")
	}
	log := h.ok("ann", "log", nil)
	if !strings.Contains(log.Content, "(undone)") {
		t.Fatalf("the undone move should stay in the log, marked: %q", log.Content)
	}
	h.move("ann", "bid 1")
	h.move("bo", "bid 3") // ends the bid phase: the House rolls, bids are revealed
	h.refused("bo", "undo", nil, "revealed")
	h.move("ann", "pass")
	h.move("bo", "pass")
	h.refused("ann", "undo", nil, "not yours")
}
