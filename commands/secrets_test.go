package commands_test

import (
	"strings"
	"testing"
)

// TestStandingChoiceFromASeatThatMayNotAct: bo sets "always pass
// objections" while ann is taking; it is answered to bo alone, logged as a
// secret choice, shows the table nothing, and the next window passes for
// him at once.
func TestStandingChoiceFromASeatThatMayNotAct(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=off rounds=1")
	h.move("ann", "bid 1")
	h.move("bo", "bid 2")
	if got := h.autocomplete("bo", "move", "action", "always"); len(got) != 1 || got[0].Value != "always pass objections" {
		t.Fatalf("a seat that may not act should be offered its standing choices: %+v", got)
	}
	r := h.move("bo", "Always pass objections")
	if !r.Ephemeral || !strings.Contains(r.Content, "Standing choice set") {
		t.Fatalf("the standing choice should be answered privately: %+v", r)
	}
	for _, p := range r.Posts {
		if p.Key == "" {
			t.Fatalf("a standing choice posted to the table: %+v", p)
		}
	}
	if !h.state().Players[1].StandPass {
		t.Fatal("the standing choice was not applied")
	}
	if log := h.ok("ann", "log", nil); strings.Contains(log.Content, "always pass") || !strings.Contains(log.Content, "secret choice") {
		t.Fatalf("/log should show a secret choice only: %q", log.Content)
	}
	take := h.move("ann", "take")
	if !strings.Contains(take.Content, "passes (a standing choice)") {
		t.Fatalf("the window should pass for bo at once: %q", take.Content)
	}
	if st := h.state(); st.Phase != "take" || st.Active != 1 {
		t.Fatalf("the take should be settled with bo to act: phase %s active %d", st.Phase, st.Active)
	}
	// Outside standing choices, a seat that may not act is still refused.
	h.refused("ann", "move", map[string]string{"action": "pass"}, "not your turn")
}

// TestGameOverRevealsRolesAndSecretChoices: at the end of a hidden-role
// game the table learns every role and every secret choice of the log.
func TestGameOverRevealsRolesAndSecretChoices(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=off rounds=1 variant=secrets fence=2")
	h.move("ann", "bid 1")
	h.move("bo", "bid 4")
	h.move("ann", "pass")
	r := h.move("bo", "pass")
	var reveal, over string
	for _, p := range append(r.Posts, tableMessage(t, r)) {
		if strings.Contains(p.Content, "Every secret choice") {
			reveal = p.Content
		}
		if strings.Contains(p.Content, "Game over") {
			over = p.Content
		}
	}
	if !strings.Contains(over, "Fence") || !strings.Contains(over, "Lookout") {
		t.Fatalf("Game over should reveal the roles: %q", over)
	}
	if !strings.Contains(reveal, "`bid 1`") || !strings.Contains(reveal, "`bid 4`") {
		t.Fatalf("every secret choice should be revealed at Game over: %q", reveal)
	}
}

// TestResignedSeatTakenOverWithItsPrivateHistory: cy resigns a seat whose
// role stays secret; di joins the running game, takes the seat over and
// is sent, by DM, everything the seat saw in private, role included.
func TestResignedSeatTakenOverWithItsPrivateHistory(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 clock=off variant=secrets fence=3"})
	h.ok("bo", "join", nil)
	h.ok("cy", "join", nil)
	h.ok("ann", "start", nil)
	h.move("cy", "bid 4")
	r := h.ok("cy", "resign", nil)
	if strings.Contains(r.Content, "Fence") || strings.Contains(r.Content, "Lookout") {
		t.Fatalf("resigning revealed the role: %q", r.Content)
	}
	if back := h.do("cy", "join", nil); !back.Refused {
		t.Fatalf("a player who resigned took the seat back: %q", back.Content)
	}
	r = h.ok("di", "join", nil)
	if !strings.Contains(r.Content, "takes over seat 3") {
		t.Fatalf("take over: %q", r.Content)
	}
	var dm string
	for _, d := range r.DMs {
		if d.UserID == "di" {
			dm = d.Content
		}
	}
	if !strings.Contains(dm, "You bid 4") || !strings.Contains(dm, "your role: Fence") {
		t.Fatalf("di should get the seat's private history and role by DM: %q", dm)
	}
	g := h.game()
	if g.Seats[2].UserID != "di" || g.Seats[2].StandIn || g.Seats[2].Resigned {
		t.Fatalf("seat 3 after the take-over: %+v", g.Seats[2])
	}
	if again := h.do("zed", "join", nil); !again.Refused {
		t.Fatalf("with no resigned seat left, a newcomer should be refused: %q", again.Content)
	}
}

// TestRefusalsNameNoRolesOwnMove: in a hidden-role game the Fence's
// refusal reads word for word like a Lookout's: neither names `bid 4`.
func TestRefusalsNameNoRolesOwnMove(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=off variant=secrets fence=1")
	fence := h.refused("ann", "move", map[string]string{"action": "bid 9"}, "Legal now")
	lookout := h.refused("bo", "move", map[string]string{"action": "bid 9"}, "Legal now")
	if fence.Content != lookout.Content || strings.Contains(fence.Content, "bid 4") {
		t.Fatalf("refusals differ by role or name the Fence's move:\n fence   %q\n lookout %q", fence.Content, lookout.Content)
	}
}

// TestStatusTellsAPlayerWhatHappenedSinceTheirLastMove: bo, back after a
// while, reads in private the moves made since his own last one, secret
// choices shown only as such; the table's /status stays as it was, and a
// spectator gets no catch-up.
func TestStatusTellsAPlayerWhatHappenedSinceTheirLastMove(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("clock=off")
	if r := h.ok("bo", "status", nil); r.Aside != "Nothing has happened since the game began." {
		t.Fatalf("before any move: %q", r.Aside)
	}
	h.move("bo", "bid 2")
	h.move("ann", "bid 3")
	h.move("ann", "take")
	r := h.ok("bo", "status", nil)
	if !strings.Contains(r.Aside, "**Since your last move (1. `bid 2`)**, 2 moves") || !strings.Contains(r.Aside, "a secret choice") ||
		strings.Contains(r.Aside, "bid 3") || !strings.Contains(r.Aside, "`take`") {
		t.Fatalf("bo's catch-up: %q", r.Aside)
	}
	if strings.Contains(r.Content, "Since your last move") {
		t.Fatalf("the catch-up leaked into the public reply: %q", r.Content)
	}
	if r := h.ok("ann", "status", nil); !strings.HasPrefix(r.Aside, "Nothing has happened since your last move") {
		t.Fatalf("ann moved last: %q", r.Aside)
	}
	if r := h.ok("zed", "status", nil); r.Aside != "" {
		t.Fatalf("a spectator got a catch-up: %q", r.Aside)
	}
}
