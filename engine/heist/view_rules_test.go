package heist

import (
	"strings"
	"testing"
)

// TestCharLineSaysWhatTheCharacterHas checks each part of a character's
// line in the text view: what it carries (cash only when there is some,
// loot by name), its die only once rolled, its action, and a dash for a
// character not on the board.
func TestCharLineSaysWhatTheCharacterHas(t *testing.T) {
	for _, c := range []struct {
		ch       Character
		has, not []string
	}{
		{Character{Name: "Cam", Ideas: 2}, []string{"(Cam) on —, 2 Ideas"}, []string{"carrying", "die", "action"}},
		{Character{Name: "Cam", Hex: "c3", Cash: 1}, []string{"on c3", ", carrying $1k"}, []string{"die"}},
		{Character{Name: "Cam", Hex: "c3", Loot: []string{Jewel}}, []string{", carrying " + Jewel}, []string{"$0k"}},
		{Character{Name: "Cam", Hex: "c3", Die: 1, Action: "move"}, []string{", die 1", ", action move"}, []string{"carrying"}},
	} {
		line := charLine(&c.ch)
		for _, w := range c.has {
			if !strings.Contains(line, w) {
				t.Errorf("%+v: line %q lacks %q", c.ch, line, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(line, w) {
				t.Errorf("%+v: line %q says %q", c.ch, line, w)
			}
		}
	}
	if got := plannedLine(nil); got != "No planning tokens placed yet." {
		t.Errorf("plannedLine(nil) = %q", got)
	}
	if got := plannedLine([]string{"b3", "c4"}); got != "Planned: b3 c4." {
		t.Errorf("plannedLine = %q", got)
	}
	if orDash("") != "—" || orDash("c3") != "c3" {
		t.Error("orDash")
	}
}

// TestViewTextOutSoFar checks the team line of the text view: the cash
// secured alone, then with the loot that got out.
func TestViewTextOutSoFar(t *testing.T) {
	s := inclusion(t, 3)
	if txt := s.View(0).Text(); !strings.Contains(txt, "Out so far: $0k.") {
		t.Errorf("nothing out yet:\n%s", txt)
	}
	s.Secured = []string{Jewel}
	s.SecuredCash = 2
	if txt := s.View(0).Text(); !strings.Contains(txt, "Out so far: $2k, "+Jewel+".") {
		t.Errorf("a jewel out:\n%s", txt)
	}
}
