package policeprecinct

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestRefusals: a refused move names the condition it failed and what is
// legal instead, and changes nothing.
func TestRefusals(t *testing.T) {
	s, c, other := atAct(t, "c3")
	before, _ := s.Marshal()
	for move, want := range map[string]string{
		"upgrade arrest":          "You can upgrade only at the Police Station",
		"investigate crime scene": "You must be on the Street Space with the Enter arrow of the parking lot",
		"fly away":                "“fly away” is not a legal move now",
		"play fast response":      "“play fast response” is not a legal move now",
		"switch car":              "“switch car” is not a legal move now",
	} {
		msg := refusal(s, c.Seat, move)
		if !strings.HasPrefix(msg, want) || !strings.Contains(msg, engine.LegalNow) {
			t.Errorf("%s: %q", move, msg)
		}
	}
	if msg := refusal(s, other.Seat, "draw police card"); !strings.HasPrefix(msg, "It is not your turn") {
		t.Errorf("out of turn: %q", msg)
	}
	if _, err := s.Apply(engine.Seat(c.Seat), "fly away"); err == nil {
		t.Fatal("junk accepted")
	}
	after, _ := s.Marshal()
	if string(before) != string(after) {
		t.Error("a refused move changed the state")
	}
	// Over: every move refused.
	s.Over, s.Summary = true, "x"
	if msg := refusal(s, c.Seat, "draw police card"); msg != "The game is over." {
		t.Errorf("over: %q", msg)
	}
}
