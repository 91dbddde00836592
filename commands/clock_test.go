package commands_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"casefile/commands"
)

func (h *harness) tick() commands.Outbox {
	return h.svc.Tick(context.Background(), h.clock.Now())
}

// button finds the custom id of the button labelled label in posts.
func button(posts []commands.Post, label string) string {
	for _, p := range posts {
		for _, b := range p.Buttons {
			if b.Label == label {
				return b.CustomID
			}
		}
	}
	return ""
}

func TestReminderFiresOnceThenClockOffersChoices(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=24h")
	h.move("ann", "bid 1") // bo is now the one being waited for
	h.clock.Add(11 * time.Hour)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("nothing is due before half the clock: %+v", out.Posts)
	}
	h.clock.Add(2 * time.Hour)
	out := h.tick()
	if len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "<@bo>") || len(out.DMs) != 1 || out.DMs[0].UserID != "bo" {
		t.Fatalf("want one reminder for bo in the channel and by DM, got %+v / %+v", out.Posts, out.DMs)
	}
	if again := h.tick(); len(again.Posts)+len(again.DMs) != 0 {
		t.Fatalf("the reminder fired twice: %+v", again)
	}
	h.clock.Add(12 * time.Hour)
	out = h.tick()
	if len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "run out") {
		t.Fatalf("want the clock-out offer, got %+v", out.Posts)
	}
	labels := map[string]string{}
	for _, b := range out.Posts[0].Buttons {
		labels[b.Label] = b.CustomID
	}
	if labels["Wait longer"] == "" || labels["Hand to stand-in"] == "" || labels["Vote to end game"] == "" {
		t.Fatalf("offer buttons %+v", out.Posts[0].Buttons)
	}
	if _, ok := labels["Skip (pass)"]; ok {
		t.Fatal("bidding has no pass in the rules, so no skip may be offered")
	}
	if again := h.tick(); len(again.Posts) != 0 {
		t.Fatalf("the offer fired twice: %+v", again.Posts)
	}
	status := h.ok("ann", "status", nil)
	if !strings.Contains(status.Content, "out of time") {
		t.Fatalf("status should show bo out of time: %q", status.Content)
	}
	// The absent player cannot choose for the others.
	if r := h.click("bo", labels["Hand to stand-in"]); !r.Ephemeral {
		t.Fatalf("bo chose for the others: %q", r.Content)
	}
	r := h.click("ann", labels["Hand to stand-in"])
	if r.Ephemeral || !strings.Contains(r.Content, "stand-in") {
		t.Fatalf("stand-in button: %+v", r)
	}
	st := h.state()
	if st.Phase != "take" || !st.Players[1].HasBid {
		t.Fatalf("the stand-in should have bid for bo: phase %s", st.Phase)
	}
	// Moves until the game asks bo again; the stand-in plays them.
	h.move("ann", "pass")
	moves, _ := h.db.Moves(context.Background(), h.game().ID)
	if last := moves[len(moves)-1]; last.ByUser != "standin" || last.Seat != 1 {
		t.Fatalf("the stand-in did not play bo's take turn; last move %+v", last)
	}
	// bo returns with /join and gets the seat back.
	r = h.ok("bo", "join", nil)
	if !strings.Contains(r.Content, "Welcome back") {
		t.Fatalf("rejoin: %q", r.Content)
	}
	for _, s := range h.game().Seats {
		if s.StandIn {
			t.Fatalf("seat %d still held by the stand-in", s.Seat)
		}
	}
}

func TestWaitLongerGivesAnotherClock(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=2h")
	h.move("ann", "bid 1")
	h.clock.Add(3 * time.Hour)
	out := h.tick()
	wait := button(out.Posts, "Wait longer")
	if wait == "" {
		t.Fatalf("no wait button in %+v", out.Posts)
	}
	if r := h.click("ann", wait); r.Ephemeral {
		t.Fatal(r.Content)
	}
	h.clock.Add(90 * time.Minute)
	if out := h.tick(); len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "waiting for you") {
		t.Fatalf("after waiting longer, want a fresh reminder: %+v", out.Posts)
	}
	h.clock.Add(time.Hour)
	if out := h.tick(); len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "run out") {
		t.Fatalf("want a second expiry: %+v", out.Posts)
	}
}

func TestDeadlinesSurviveRestart(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=10h")
	h.move("ann", "bid 0")
	h.open(commands.Settings{DefaultClock: 24 * time.Hour}) // the bot restarts
	h.clock.Add(6 * time.Hour)
	if out := h.tick(); len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "<@bo>") {
		t.Fatalf("the reminder was lost in the restart: %+v", out.Posts)
	}
	h.open(commands.Settings{DefaultClock: 24 * time.Hour})
	h.clock.Add(5 * time.Hour)
	if out := h.tick(); len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "run out") {
		t.Fatalf("the clock was lost in the restart: %+v", out.Posts)
	}
}

func TestReactionWindowClosesWithPass(t *testing.T) {
	h := newHarness(t)
	h.toFirstWindow("clock=off")
	h.windowClosesAfter(10 * time.Minute) // Stakeout's own window
	st := h.state()
	if st.Phase != "take" || st.Active != 1 || st.Players[0].Coins != 2 {
		t.Fatalf("after the window: phase %s active %d ann coins %d", st.Phase, st.Active, st.Players[0].Coins)
	}
	if again := h.tick(); len(again.Posts) != 0 {
		t.Fatalf("the window closed twice: %+v", again.Posts)
	}
}

// toFirstWindow plays a 2-player game to ann's first take, which opens an
// objection window for bo.
func (h *harness) toFirstWindow(options string) {
	h.t.Helper()
	h.twoPlayerGame(options)
	h.move("ann", "bid 2")
	h.move("bo", "bid 1")
	h.move("ann", "take")
}

// windowClosesAfter checks that the open window stays open until d has
// passed and then closes with a pass.
func (h *harness) windowClosesAfter(d time.Duration) {
	h.t.Helper()
	h.clock.Add(d - time.Minute)
	if out := h.tick(); len(out.Posts) != 0 {
		h.t.Fatalf("the window closed before %s: %+v", d, out.Posts)
	}
	h.clock.Add(2 * time.Minute)
	if out := h.tick(); len(out.Posts) == 0 || !strings.Contains(out.Posts[0].Content, "ran out") {
		h.t.Fatalf("the window did not close after %s: %+v", d, out.Posts)
	}
}

func TestLobbyExpires(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout"})
	h.clock.Add(71 * time.Hour)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("expired early: %+v", out.Posts)
	}
	h.clock.Add(2 * time.Hour)
	if out := h.tick(); len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "expired") {
		t.Fatalf("lobby expiry: %+v", out.Posts)
	}
	h.ok("bo", "newgame", map[string]string{"game": "stakeout"})
}
