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

// TestVisitRefusals: the Visit menus name the rule a refused choice breaks
// (EP-HOSP-01, EP-CLINIC-02, EP-SAFE-06).
func TestVisitRefusals(t *testing.T) {
	s, _ := city3(t)
	p, _ := visit(s, 0, hospLoc)
	p.Wounds, p.Money = 1, 10
	apply(t, s, 0, "heal 1")
	for move, want := range map[string]string{
		"heal 1": "You have already healed at this visit",
		"heal":   "“heal” is not a legal move now",
	} {
		msg, _ := engine.IsRejection(s.Check(0, move))
		if !strings.HasPrefix(msg, want+" (visit: choose, then done). Legal now: ") {
			t.Errorf("%s: %q", move, msg)
		}
	}
	s, _ = city3(t)
	p, _ = visit(s, 0, hospLoc)
	p.Wounds, p.Money = 1, 10
	msg, _ := engine.IsRejection(s.Check(0, "heal 2"))
	if !strings.HasPrefix(msg, "You have only 1 Wound to heal") {
		t.Errorf("heal 2: %q", msg)
	}
	s, _ = city3(t)
	p, _ = visit(s, 0, loc("clinic"))
	msg, _ = engine.IsRejection(s.Check(0, "heal"))
	if !strings.HasPrefix(msg, "You have no Wound to heal") {
		t.Errorf("clinic heal: %q", msg)
	}
	s, _ = city3(t)
	l := putSafeHouse(s, "loft", "a1")
	visit(s, 0, l)
	msg, _ = engine.IsRejection(s.Check(0, "done"))
	if !strings.HasPrefix(msg, "Take a Key first") {
		t.Errorf("safe house done: %q", msg)
	}
}
