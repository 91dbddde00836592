package commands_test

import (
	"context"
	"testing"
	"time"
)

// TestPrunerKeepsWhatRedeliveryNeeds: the running bot's pruner deletes,
// on its timer, the handled interactions older than a day by the
// service's clock, from a real SQLite file, and keeps the newer ones,
// which still turn a redelivered move away.
func TestPrunerKeepsWhatRedeliveryNeeds(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.twoPlayerGame("")
	h.move("ann", "bid 2")
	old, err := h.db.Interactions(ctx)
	if err != nil || old == 0 {
		t.Fatalf("%d interactions recorded by the first commands (%v)", old, err)
	}
	h.clock.Add(12 * time.Hour)
	last := h.req("bo", "move", map[string]string{"action": "bid 1"})
	if r := h.svc.Handle(ctx, last); r.Refused {
		t.Fatal(r.Content)
	}
	all, err := h.db.Interactions(ctx)
	if err != nil || all <= old {
		t.Fatalf("%d interactions after bo's bid, %d before (%v)", all, old, err)
	}

	// A day and an hour after the first commands: theirs are past a
	// day, bo's bid is 13 hours old.
	h.clock.Add(13 * time.Hour)
	run, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); h.svc.RunPruner(run, 5*time.Millisecond) }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		n, err := h.db.Interactions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == all-old {
			break
		}
		if n < all-old || time.Now().After(deadline) {
			t.Fatalf("%d interactions kept, want the %d newer than a day", n, all-old)
		}
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	<-done

	// bo's bid, delivered again, is recognised and changes nothing.
	before := h.snapshot()
	h.svc.Handle(ctx, last)
	if after := h.snapshot(); after != before {
		t.Fatalf("a redelivered move kept by the pruner was played again:\n%s\n%s", before, after)
	}
}
