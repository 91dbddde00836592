package commands_test

import (
	"casefile/commands"
	"strings"
	"testing"
	"time"
)

func TestMoveGroupTypedAsAMoveIsRefusedWithItsMembers(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	r := h.refused("ann", "move", map[string]string{"action": "bid"}, "beginning of 4 moves")
	for _, m := range []string{"`bid 0`", "`bid 3`"} {
		if !strings.Contains(r.Content, m) {
			t.Fatalf("the refusal should list the group: %q", r.Content)
		}
	}
	// A group's name left in the field is the group too.
	h.refused("ann", "move", map[string]string{"action": "bid … (4)"}, "beginning of 4 moves")
	h.move("ann", "bid 1")
}

// pickerButton finds a picker reply's button by label.
func pickerButton(t *testing.T, r commands.Response, label string) string {
	t.Helper()
	for _, b := range r.Buttons {
		if b.Label == label {
			return b.CustomID
		}
	}
	t.Fatalf("no %q button in %+v", label, r)
	return ""
}

func TestMovePickerPlaysTheLastPickAndAnswersStalePicksAfresh(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("rounds=1")
	// /move alone opens the picker: Stakeout's four bids and its standing
	// choice fit as buttons.
	ann := h.ok("ann", "move", nil)
	if !ann.Ephemeral || len(ann.Buttons) != 5 || !strings.HasPrefix(ann.Buttons[0].CustomID, "move/pick/") {
		t.Fatalf("picker %+v", ann)
	}
	bo := h.ok("bo", "move", map[string]string{"action": ""})
	h.refused("zed", "move", nil, "not playing")
	// bo bids through the picker; the reply is the bid's, as /move's.
	r := h.click("bo", pickerButton(t, bo, "bid 3"))
	if r.Refused || r.Ephemeral && !strings.HasPrefix(r.Content, "Done: `bid 3`") {
		t.Fatalf("the pick did not play: %+v", r)
	}
	// ann's picker was built before bo's bid: it plays nothing and is
	// answered with a fresh picker.
	before := h.snapshot()
	r = h.click("ann", pickerButton(t, ann, "bid 1"))
	if !r.Ephemeral || !strings.Contains(r.Content, "moved on") || len(r.Buttons) != 5 {
		t.Fatalf("a stale pick answered %+v", r)
	}
	if h.snapshot() != before {
		t.Fatal("a stale pick changed the game")
	}
	// The fresh picker plays; the phase ends, and the announcement of who
	// acts next carries the Your move button.
	r = h.click("ann", pickerButton(t, r, "bid 1"))
	table := tableMessage(t, r)
	your := ""
	for _, b := range table.Buttons {
		if b.Label == "Your move" {
			your = b.CustomID
		}
	}
	if your == "" {
		t.Fatalf("no Your move button under %q: %+v", table.Content, table.Buttons)
	}
	// Only a player who may act gets a picker from it.
	turn := h.state().Turn().Seats[0]
	actor, other := "ann", "bo"
	if h.game().Seats[turn].UserID == "bo" {
		actor, other = "bo", "ann"
	}
	if r := h.click(other, your); !r.Refused || !strings.Contains(r.Content, "not your turn") {
		t.Fatalf("a waiting player's click: %+v", r)
	}
	if r := h.click("zed", your); !r.Refused {
		t.Fatalf("a spectator's click: %+v", r)
	}
	if r := h.click(actor, your); r.Refused || !r.Ephemeral || len(r.Buttons) == 0 {
		t.Fatalf("the actor's click: %+v", r)
	}
	if r := h.click(actor, "move/pick/1/x"); !r.Refused {
		t.Fatalf("a broken id: %+v", r)
	}
}

// yourMove reports whether a message carries the "Your move" button.
func yourMove(buttons []commands.ButtonSpec) bool {
	for _, b := range buttons {
		if b.Label == "Your move" {
			return true
		}
	}
	return false
}

// TestYourMoveOnEveryAnnouncementOfWhoActs: the button comes with every
// message that names who acts next, not only with replies to /move: the
// deal, a window closed by time, and an undo.
func TestYourMoveOnEveryAnnouncementOfWhoActs(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 clock=off"})
	h.ok("bo", "join", nil)
	r := h.ok("ann", "start", nil)
	if !yourMove(r.Buttons) {
		t.Fatalf("the deal names who bids but offers no picker: %+v", r.Buttons)
	}
	for _, p := range r.Posts {
		if p.Key != "" && yourMove(p.Buttons) {
			t.Fatalf("the kept-up-to-date summary carries the picker: %+v", p)
		}
	}
	h.move("ann", "bid 1")
	h.move("bo", "bid 1")
	h.move("ann", "pass")
	if r := h.ok("ann", "undo", nil); !strings.Contains(r.Content, "took back") || !yourMove(r.Buttons) {
		t.Fatalf("the undo names who acts again but offers no picker: %q %+v", r.Content, r.Buttons)
	}
	h.move("ann", "take") // bo may object for 10 minutes
	h.clock.Add(11 * time.Minute)
	out := h.tick()
	if len(out.Posts) == 0 || !strings.Contains(out.Posts[0].Content, "ran out") || !yourMove(out.Posts[0].Buttons) {
		t.Fatalf("the window closed by time should offer the picker to whoever acts next: %+v", out.Posts)
	}
	if r := h.ok("ann", "hand", nil); yourMove(r.Buttons) {
		t.Fatalf("/hand changes nothing and should carry no picker: %+v", r.Buttons)
	}
}
