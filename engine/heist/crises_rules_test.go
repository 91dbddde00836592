package heist

import (
	"strings"
	"testing"
)

// TestReinforcementsSaysOnlyWhatHappened (MH-REINF-02): Crisis C1 on a
// board where nothing around the token is down, unlocked or empty logs the
// token's two Guards and nothing else, and says nothing of the supply
// while it still holds Guards.
func TestReinforcementsSaysOnlyWhatHappened(t *testing.T) {
	s := newTestState(t, "the-safehouse-rescue", 3, 1)
	var tok *Tile
	for _, tl := range s.Tiles {
		tl.Unknown, tl.Chits = false, nil
		if tl.has(TokReinforcements) {
			tok = tl
		}
	}
	for _, c := range s.Chars {
		c.Hex = ""
	}
	for _, n := range s.neighbours(tok) {
		n.addChit(Camera, true, false)
	}
	res := resolve(s, "C1")
	log := strings.Join(res.Public, "\n")
	if !strings.Contains(log, "the token becomes 2 Guards") {
		t.Fatalf("no line for the token's Guards:\n%s", log)
	}
	for _, not := range []string{"get up again", "locked again", "a Guard is added", "left in the supply"} {
		if strings.Contains(log, not) {
			t.Errorf("the log says %q though nothing of the kind happened:\n%s", not, log)
		}
	}
}
