package escapeplan

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestViewShowsBoardAndOwnScreen (EP-SETUP-28, EP-PATROL-04, EP-CONTACT-01,
// EP-STORE-10): the summary lists all 3 Exits and every display card (the
// deck's first card included) and who has escaped; seat 0 sees its own
// screen: its Contact card 0, the locked Asset tiles on Contact spaces and
// its unlocked ones; a "Drawn" line appears only while tiles are drawn.
func TestViewShowsBoardAndOwnScreen(t *testing.T) {
	s, p := city3(t)
	for i := range s.Display {
		s.Display[i] = -1
	}
	s.Display[3] = 0
	p.Contacts[0] = ContactSpace{Card: 0}
	s.Players[1].Status, s.Players[1].At = "escaped", -1
	text := s.View(0).(*View).Text()
	for _, want := range []string{
		exitName(1) + " ", exitName(2) + " ", exitName(3) + " ",
		"Contact display: 4 " + ContactDeck[0].Name + ".",
		"— Your screen —", "Contacts: 1 " + ContactDeck[0].Name + ", 4 locked avoid Asset",
		who(0) + ": " + s.NodeName(p.At) + ";", who(1) + ": ESCAPED;",
		"Unlocked Assets: " + AssetExtra + " $5;",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("seat 0's view lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Drawn:") {
		t.Errorf("a Drawn line with nothing drawn:\n%s", text)
	}
}

// TestViewNamesTheTurnAndTheResult (EP-ACTION-01, EP-END-10): the board's
// heading names the turn of the day only in the Player Action phase, and
// once the game is over the view carries its result.
func TestViewNamesTheTurnAndTheResult(t *testing.T) {
	s := newS(t, 3, 5)
	s.Phase, s.TurnNo = PhasePlayerAction, 1
	if v := s.View(engine.Public).(*View).Text(); !strings.Contains(v, "Player Action phase (afternoon turn).") {
		t.Errorf("Player Action heading:\n%s", v)
	}
	s.Phase = PhaseIncome
	if v := s.View(engine.Public).(*View).Text(); strings.Contains(v, " turn)") {
		t.Errorf("a turn named outside the Player Action phase:\n%s", v)
	}
	s.Over, s.Result = true, &Outcome{Summary: "Nobody got away."}
	if v := s.View(engine.Public).(*View).Text(); !strings.Contains(v, "Nobody got away.") {
		t.Errorf("result missing at Game over:\n%s", v)
	}
}
