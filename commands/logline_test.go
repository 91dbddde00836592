package commands_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestEveryCommandLogsOneLine: each command but an autocomplete writes
// one line to the log with who, where, which game and seat, how long it
// took and how it ended, and the move's text for a public move alone; a
// secret move's text and a refused move's never reach it.
func TestEveryCommandLogsOneLine(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout"})
	h.ok("bo", "join", nil)
	h.ok("ann", "start", nil)
	h.autocomplete("ann", "move", "action", "bid")
	h.move("ann", "bid 2")
	h.move("bo", "Bid  3")
	h.refused("bo", "move", map[string]string{"action": "take"}, "not your turn")
	h.move("ann", "take")
	lines := strings.Split(strings.TrimSpace(h.logs.String()), "\n")
	var commands []string
	for _, l := range lines {
		if strings.Contains(l, "msg=command ") {
			commands = append(commands, l)
		}
	}
	if len(commands) != 7 {
		t.Fatalf("%d command lines for 7 commands and an autocomplete:\n%s", len(commands), strings.Join(commands, "\n"))
	}
	want := []string{
		`^time=\S+ level=INFO msg=command guild=g1 channel=c1 user=ann command=newgame game=stakeout game_id=1 seat="" duration_ms=[0-9.e-]+ outcome=ok$`,
		`^time=\S+ level=INFO msg=command guild=g1 channel=c1 user=bo command=join game=stakeout game_id=1 seat="" duration_ms=[0-9.e-]+ outcome=ok$`,
		`^time=\S+ level=INFO msg=command guild=g1 channel=c1 user=ann command=start game=stakeout game_id=1 seat="" duration_ms=[0-9.e-]+ outcome=ok$`,
		`^time=\S+ level=INFO msg=command guild=g1 channel=c1 user=ann command=move game=stakeout game_id=1 seat=0 duration_ms=[0-9.e-]+ outcome=ok$`,
		`^time=\S+ level=INFO msg=command guild=g1 channel=c1 user=bo command=move game=stakeout game_id=1 seat=1 duration_ms=[0-9.e-]+ outcome=ok$`,
		`^time=\S+ level=INFO msg=command guild=g1 channel=c1 user=bo command=move game=stakeout game_id=1 seat="" duration_ms=[0-9.e-]+ outcome=refused$`,
		`^time=\S+ level=INFO msg=command guild=g1 channel=c1 user=ann command=move game=stakeout game_id=1 seat=0 duration_ms=[0-9.e-]+ outcome=ok move=take$`,
	}
	for i, w := range want {
		if !regexp.MustCompile(w).MatchString(commands[i]) {
			t.Fatalf("command %d logged\n%s\nwant\n%s", i+1, commands[i], w)
		}
	}
}
