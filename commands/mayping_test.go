package commands

import (
	"testing"
	"time"

	"casefile/engine"
)

// TestWindowPingsOnlyWhenItOpens: a seat in a reaction window is pinged
// when the window opens, not again while the same window stays open
// (the same kind, phase and prompt, the seat in it before the move);
// a window asking something else, or in another phase, or after a turn
// of another kind, pings it again, and so does one it was not in.
func TestWindowPingsOnlyWhenItOpens(t *testing.T) {
	window := engine.Turn{Kind: engine.Reaction, Phase: "Day", Prompt: "help with backup", Seats: []engine.Seat{0, 1}}
	tb := &table{before: window, pings: &pings{now: time.Unix(1e6, 0), every: time.Hour, last: map[int]time.Time{}}}
	if tb.mayPing(window, 0) {
		t.Fatal("a seat was pinged again while its window stayed open")
	}
	other := func(change func(*engine.Turn)) engine.Turn {
		w := window
		w.Seats = []engine.Seat{0, 1, 2}
		change(&w)
		return w
	}
	for what, turn := range map[string]engine.Turn{
		"another prompt":          other(func(w *engine.Turn) { w.Prompt = "object" }),
		"another phase":           other(func(w *engine.Turn) { w.Phase = "Night" }),
		"after a sequential turn": window,
	} {
		if what == "after a sequential turn" {
			tb.before.Kind = engine.Sequential
		}
		if !tb.mayPing(turn, 0) {
			t.Fatalf("%s: the seat was not pinged for a new window", what)
		}
		tb.before.Kind = engine.Reaction
	}
	if !tb.mayPing(other(func(*engine.Turn) {}), 2) {
		t.Fatal("a seat new to the window was not pinged")
	}
}

// TestSameDecisionIsTheTurnKeys: two turns ask the same decision exactly
// when their keys are the same.
func TestSameDecisionIsTheTurnKeys(t *testing.T) {
	turns := []engine.Turn{{}, {Kind: engine.Reaction}, {Kind: engine.Simultaneous, Phase: "Day"}, {Phase: "Day"}, {Phase: "Day", Prompt: "go"},
		{Kind: engine.Reaction, Phase: "Day", Prompt: "go"}, {Prompt: "go"}, {Kind: engine.Reaction, Prompt: "Day"}}
	for _, a := range turns {
		for _, b := range turns {
			if sameDecision(a, b) != (turnKey(a) == turnKey(b)) {
				t.Fatalf("%+v and %+v: same decision %v, keys %q and %q", a, b, sameDecision(a, b), turnKey(a), turnKey(b))
			}
		}
	}
}
