package commands_test

import (
	"strings"
	"testing"
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
