package commands

import (
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/escapeplan"
	"casefile/engine/heist"
	"casefile/engine/policeprecinct"
)

// TestRulesComeInChatSizedParts: every game's quick reference is cut into
// parts that each fit one message, at most 25 (one select menu), together
// carrying every line of the text, none pointing at repository files.
func TestRulesComeInChatSizedParts(t *testing.T) {
	for _, g := range []*engine.Game{escapeplan.Game(), heist.Game(), policeprecinct.Game()} {
		parts := ruleParts(g.Rules)
		if len(parts) > 25 {
			t.Errorf("%s: %d parts, more than one menu holds", g.ID, len(parts))
		}
		var all strings.Builder
		for i := range parts {
			r := rulesPart(g, i)
			if !r.Ephemeral || len(r.Content) > 1990 || strings.HasSuffix(r.Content, "…") {
				t.Errorf("%s part %d: ephemeral %v, %d bytes, clipped %v", g.ID, i+1, r.Ephemeral, len(r.Content), strings.HasSuffix(r.Content, "…"))
			}
			for _, bad := range []string{".md", "engine/", "../", "github.com"} {
				if strings.Contains(r.Content, bad) {
					t.Errorf("%s part %d points at %q: %q", g.ID, i+1, bad, r.Content)
				}
			}
			all.WriteString(parts[i].body + "\n")
		}
		for _, line := range strings.Split(g.Rules, "\n") {
			for _, w := range strings.Fields(line) {
				if !strings.Contains(all.String(), w) {
					t.Fatalf("%s: the parts lose %q of line %q", g.ID, w, line)
				}
			}
		}
	}
}
