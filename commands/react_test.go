package commands_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"casefile/commands"
	"casefile/storage"
)

func TestReactOptionSetsEveryWindow(t *testing.T) {
	h := newHarness(t)
	h.refused("ann", "newgame", map[string]string{"game": "stakeout", "options": "react=7m"}, "5m, 30m, 2h, 12h, off")
	h.toFirstWindow("clock=off react=5m")
	h.windowClosesAfter(5 * time.Minute) // not Stakeout's own 10 minutes
}

func TestReactOffWaitsForTheSeatWithItsTurnClock(t *testing.T) {
	h := newHarness(t)
	h.toFirstWindow("clock=24h react=off")
	h.clock.Add(11 * time.Hour)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("a react=off window closed or pinged early: %+v", out.Posts)
	}
	if st := h.state(); st.Phase != "object" {
		t.Fatalf("the window closed by time: phase %s", st.Phase)
	}
	h.clock.Add(14 * time.Hour) // past the reminder and bo's whole clock
	out := h.tick()
	skip := button(out.Posts, "Skip (pass)")
	if skip == "" {
		t.Fatalf("want the clock-out offer with a skip, got %+v", out.Posts)
	}
	if st := h.state(); st.Phase != "object" {
		t.Fatalf("the window closed by time: phase %s", st.Phase)
	}
	if r := h.click("ann", skip); r.Ephemeral {
		t.Fatal(r.Content)
	}
	if st := h.state(); st.Phase != "take" || st.Active != 1 {
		t.Fatalf("after the skip: phase %s active %d", st.Phase, st.Active)
	}
}

func TestReactOptionAutocompletesAndIsHelped(t *testing.T) {
	h := newHarness(t)
	if help := h.ok("ann", "help", nil).Content; !strings.Contains(help, "`react=off` waits until each has answered or stands on pass") {
		t.Fatalf("/help does not explain react=: %q", help)
	}
	r := h.req("ann", "newgame", map[string]string{"game": "stakeout", "options": "react="})
	r.Kind, r.Focused = commands.Autocomplete, "options"
	choices := h.svc.Handle(context.Background(), r).Choices
	var got []string
	for _, c := range choices {
		got = append(got, c.Value)
	}
	if strings.Join(got, " ") != "react=5m react=30m react=2h react=12h react=off" {
		t.Fatalf("react= completions: %v", got)
	}
}

// threePlayerGame opens and starts a 3-player Stakeout with a fixed seed.
func (h *harness) threePlayerGame(extra string) {
	h.t.Helper()
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 " + extra})
	h.ok("bo", "join", nil)
	h.ok("cy", "join", nil)
	h.ok("ann", "start", nil)
}

// toSecondTake plays a 3-player game to ann's take in round 2, which
// opens an objection window for bo, who holds a card to accuse with, and
// cy, who holds none; it returns the take's reply.
func (h *harness) toSecondTake() commands.Response {
	h.t.Helper()
	for _, u := range []string{"ann", "bo", "cy"} {
		h.move(u, "bid 1")
	}
	h.move("ann", "draw")
	h.move("bo", "draw")
	h.move("cy", "pass")
	for _, u := range []string{"ann", "bo", "cy"} {
		h.move(u, "bid 1")
	}
	return h.move("ann", "take")
}

// pinged checks whom a reply pings and that every other waiting player is
// still named in it.
func pinged(t *testing.T, reply commands.Response, want ...string) {
	t.Helper()
	r := tableMessage(t, reply)
	if strings.Join(r.Mentions, " ") != strings.Join(want, " ") {
		t.Fatalf("pinged %v, want %v, in %q", r.Mentions, want, r.Content)
	}
	for _, id := range want {
		if !strings.Contains(r.Content, "<@"+id+">") {
			t.Fatalf("%s pinged but not mentioned in %q", id, r.Content)
		}
	}
}

func TestWindowsPingOncePerWindowAndNotTooOften(t *testing.T) {
	h := newHarness(t)
	h.threePlayerGame("clock=off react=off")
	h.move("ann", "bid 1")
	h.move("bo", "bid 1")
	pinged(t, h.move("cy", "bid 1"), "ann") // a sequential turn pings as always
	pinged(t, h.move("ann", "take"), "bo", "cy")
	r := h.move("bo", "pass")
	pinged(t, r) // the window stays open: cy was told when it opened
	if !strings.Contains(r.Content, "name-cy") {
		t.Fatalf("cy must still be named: %q", r.Content)
	}
	pinged(t, h.move("cy", "pass"), "bo")
	h.open(commands.Settings{DefaultClock: 24 * time.Hour}) // the last pings survive a restart
	h.clock.Add(time.Hour)
	r = h.move("bo", "take")
	pinged(t, r, "ann") // cy was pinged for a window an hour ago
	if !strings.Contains(r.Content, "name-cy") {
		t.Fatalf("cy must still be named: %q", r.Content)
	}
	h.clock.Add(2 * time.Hour)
	h.move("ann", "pass")
	h.move("cy", "pass")
	pinged(t, h.move("cy", "take"), "ann", "bo") // two hours on, both are pinged again
}

// TestClockPausesWhileAnotherDecisionIsOnTop: cy's turn clock in a
// react=off window stops while bo's accusation makes ann answer, stays
// stopped across a restart, and runs on with the time it had left when
// the window is back, instead of starting afresh.
func TestClockPausesWhileAnotherDecisionIsOnTop(t *testing.T) {
	h := newHarness(t)
	h.threePlayerGame("clock=24h react=off")
	h.toSecondTake() // bo and cy get 24h to respond: reminder at 12h
	h.clock.Add(10 * time.Hour)
	h.move("bo", "accuse") // ann must answer; cy's clock stops with 14h left
	if s := h.ok("ann", "status", nil).Content; !strings.Contains(s, "name-cy**: 14h 0m left (paused)") {
		t.Fatalf("status should show cy's paused clock: %q", s)
	}
	h.open(commands.Settings{DefaultClock: 24 * time.Hour}) // the bot restarts
	h.clock.Add(5 * time.Hour)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("a paused clock fired: %+v", out.Posts)
	}
	h.move("ann", "pay") // the window is back: cy has 14h, reminder in 2h
	h.clock.Add(time.Hour + 50*time.Minute)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("cy's reminder came early: %+v", out.Posts)
	}
	h.clock.Add(20 * time.Minute)
	if out := h.tick(); len(out.Posts) != 1 || !strings.Contains(out.Posts[0].Content, "<@cy>") {
		t.Fatalf("want cy's reminder 2h after the window came back, not 12h: %+v", out.Posts)
	}
	h.clock.Add(12 * time.Hour)
	if out := h.tick(); button(out.Posts, "Skip (pass)") == "" {
		t.Fatalf("want cy's clock out 14h after the window came back: %+v", out.Posts)
	}
}

func TestWindowListsSeatsPubliclyAndPromptsNameThem(t *testing.T) {
	h := newHarness(t)
	h.threePlayerGame("clock=off")
	// Who may respond is public: holding a card to play or not, both are
	// asked.
	pinged(t, h.toSecondTake(), "bo", "cy")
	r := h.move("bo", "accuse")
	if strings.Contains(r.Content, "@{") || !strings.Contains(r.Content, "answer **name-bo**'s accusation") {
		t.Fatalf("the prompt must name the accuser: %q", r.Content)
	}
	if s := h.ok("cy", "status", nil).Content; strings.Contains(s, "@{") {
		t.Fatalf("status shows a raw seat reference: %q", s)
	}
}

// windowRows lists the game's pending reaction-window deadlines.
func (h *harness) windowRows() []storage.Deadline {
	h.t.Helper()
	ds, err := h.db.Deadlines(context.Background(), h.game().ID)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []storage.Deadline
	for _, d := range ds {
		if d.Kind == "window" {
			out = append(out, d)
		}
	}
	return out
}

func TestWindowClosesEarlyWhenAllAnsweredOrStandOnPass(t *testing.T) {
	h := newHarness(t)
	h.threePlayerGame("clock=off react=12h")
	// While they may act (the platform's /move takes standing choices
	// from acting seats only, for now).
	h.move("cy", "always pass objections")
	h.move("ann", "always pass objections")
	for _, u := range []string{"ann", "bo", "cy"} {
		h.move(u, "bid 1")
	}
	pinged(t, h.move("ann", "take"), "bo") // cy stands on pass, so is not asked
	if ws := h.windowRows(); len(ws) != 1 || ws[0].Seat != 1 {
		t.Fatalf("only bo's window should run: %+v", ws)
	}
	h.move("bo", "pass") // the last listed seat answers: the window closes now
	if st := h.state(); st.Phase != "take" || st.Active != 1 {
		t.Fatalf("the window did not close on the last answer: phase %s active %d", st.Phase, st.Active)
	}
	if ws := h.windowRows(); len(ws) != 0 {
		t.Fatalf("a stale window deadline was left behind: %+v", ws)
	}
	// Everyone else standing on pass: the window closes as it opens.
	h.move("bo", "take")
	if st := h.state(); st.Phase != "take" || st.Active != 2 {
		t.Fatalf("a window of standing passes stayed open: phase %s active %d", st.Phase, st.Active)
	}
	if ws := h.windowRows(); len(ws) != 0 {
		t.Fatalf("a stale window deadline was left behind: %+v", ws)
	}
	h.clock.Add(13 * time.Hour)
	if out := h.tick(); len(out.Posts) != 0 {
		t.Fatalf("a closed window fired later: %+v", out.Posts)
	}
}
