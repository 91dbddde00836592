package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigValidation: every value the bot reads is checked at load,
// with the key and what it accepts named.
func TestConfigValidation(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"[log]\nlevel = \"verbose\"\n", "log.level"},
		{"[log]\nlevel = \"\"\n", "log.level"},
		{"[log]\nformat = \"xml\"\n", "log.format"},
		{"[games]\nreminder_share = 0.0\n", "games.reminder_share"},
		{"[games]\nreminder_share = 1.0\n", "games.reminder_share"},
		{"[games]\nreminder_share = 1.5\n", "games.reminder_share"},
		{"[games]\nreminder_share = -0.2\n", "games.reminder_share"},
		{"[games]\ntick_every = \"0s\"\n", "games.tick_every"},
		{"[games]\ntick_every = \"off\"\n", "games.tick_every"},
		{"[games]\nlobby_ttl = \"0\"\n", "games.lobby_ttl"},
		{"[games]\nlobby_ttl = \"-3h\"\n", "games.lobby_ttl"},
		{"[games]\nreaction_window = \"off\"\n", "games.reaction_window"},
		{"[games]\nreaction_window = \"\"\n", "games.reaction_window"},
		{"[games]\ndefault_clock = \"soon\"\n", "games.default_clock"},
		{"[games]\ndefault_clock = \"0s\"\n", "games.default_clock"},
		{"[games]\nmention_every = \"2x\"\n", "games.mention_every"},
	} {
		path := filepath.Join(t.TempDir(), "c.toml")
		os.WriteFile(path, []byte(c.toml), 0o600)
		_, err := LoadConfig(path, true, noEnv)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error naming %s", c.toml, err, c.want)
		}
	}
	for _, ok := range []string{
		"[log]\nlevel = \"debug\"\nformat = \"json\"\n",
		"[log]\nlevel = \"WARN\"\n",
		"[games]\nreminder_share = 0.25\ndefault_clock = \"off\"\nmention_every = \"off\"\n",
		"[games]\ndefault_clock = \"1.5d\"\nlobby_ttl = \"3d\"\ntick_every = \"10s\"\nreaction_window = \"2h\"\n",
	} {
		path := filepath.Join(t.TempDir(), "c.toml")
		os.WriteFile(path, []byte(ok), 0o600)
		if _, err := LoadConfig(path, true, noEnv); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
}
