package escapeplan

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestRefusalNamesCondition: a refused move says which condition failed
// (the same condition that keeps it off the legal list) and what is legal
// instead (EP-REST-03, EP-MOVE-06).
func TestRefusalNamesCondition(t *testing.T) {
	s, p := city3(t)
	p.Sun = false
	for move, want := range map[string]string{
		"rest":      "You have already rested this round (Rest is once per Round)",
		"first aid": "Your First Aid token is used until you Rest",
		"end":       "“end” is not a legal move now",
	} {
		if move == "first aid" {
			p.FirstAid = false
		}
		fresh(s)
		err := s.Check(0, move)
		msg, _ := engine.IsRejection(err)
		if !strings.HasPrefix(msg, want+" (rest, or move (3 MP)). Legal now: ") {
			t.Errorf("%s: %q", move, msg)
		}
	}
	p.Sun = true
	apply(t, s, 0, legal(s, 0)[0])
	if s.turnStep() != Moving {
		t.Fatalf("step %s", s.turnStep())
	}
	for move, want := range map[string]string{
		"rest":     "You can only Rest instead of moving, at the start of your turn",
		"go moon":  "You cannot reach that place in one step and still end your Move on a Location",
		"gas":      "You have no Gas Can",
		"stop":     "You must end your Move on a Location other than the one you started on",
		"escape":   "“escape” is not a legal move now",
		"fixer id": "“fixer id” is not a legal move now",
	} {
		msg, _ := engine.IsRejection(s.Check(0, move))
		if !strings.HasPrefix(msg, want) || !strings.Contains(msg, "Legal now: ") {
			t.Errorf("%s: %q", move, msg)
		}
	}
}
