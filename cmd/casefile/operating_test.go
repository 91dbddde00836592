package main

import (
	"bytes"
	"context"
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
		{"[discord]\nshard_id = 2\nshard_count = 2\n", "discord.shard_id = 2: use 0 to 1"},
		{"[discord]\nshard_id = 1\n", "without discord.shard_count"},
		{"[discord]\nshard_count = -1\n", "discord.shard_count"},
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
		{"[performance]\nstate_cache_games = -1\n", "performance.state_cache_games = -1: use a number of games"},
		{"[storage]\nkeep_interactions = \"10m\"\n", "storage.keep_interactions = \"10m\": use a duration of at least 15m"},
		{"[storage]\nkeep_interactions = \"soon\"\n", "storage.keep_interactions"},
		{"[performance]\nmemory_limit = \"lots\"\n", "performance.memory_limit = \"lots\": use a size like 165MiB"},
		{"[performance]\nmemory_limit = \"160MB\"\n", "performance.memory_limit"},
		{"[performance]\nmemory_limit = \"32MiB\"\n", "performance.memory_limit = \"32MiB\": use at least 64MiB"},
		{"[performance]\nmemory_limit = \"-5MiB\"\n", "performance.memory_limit"},
		{"[performance]\ngc_percent = 0\n", "performance.gc_percent = 0: use a percentage from 10 to 1000"},
		{"[performance]\ngc_percent = 9\n", "performance.gc_percent = 9"},
		{"[performance]\ngc_percent = 1001\n", "performance.gc_percent = 1001"},
		{"[performance]\ngc_percent = -1\n", "performance.gc_percent = -1"},
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
		"[performance]\ngc_percent = 10\nmemory_limit = \"64MiB\"\n",
		"[performance]\ngc_percent = 1000\nmemory_limit = \"off\"\n",
	} {
		path := filepath.Join(t.TempDir(), "c.toml")
		os.WriteFile(path, []byte(ok), 0o600)
		if _, err := LoadConfig(path, true, noEnv); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
}

// runIn runs the program in a fresh working folder with a token in the
// environment and an already cancelled context: whatever it does, it
// cannot reach Discord, and a database file would show it tried to start.
func runIn(t *testing.T, args ...string) (code int, stdout, stderr string, started bool) {
	t.Helper()
	dir := t.TempDir()
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code = run(ctx, args, &out, &errb, func(k string) string {
		if k == TokenEnv {
			return "some-token"
		}
		return ""
	})
	_, err := os.Stat(filepath.Join(dir, "casefile.db"))
	return code, out.String(), errb.String(), err == nil
}

func TestVersionHelpAndStrayArguments(t *testing.T) {
	for _, c := range []struct {
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{[]string{"-version"}, 0, []string{"casefile ", "commit "}, nil},
		{[]string{"--version"}, 0, []string{"casefile ", "commit "}, nil},
		{[]string{"version"}, 0, []string{"casefile ", "commit "}, nil},
		{[]string{"-h"}, 0, []string{"usage: casefile", "-config"}, nil},
		{[]string{"--help"}, 0, []string{"usage: casefile", "-config"}, nil},
		{[]string{"help"}, 0, []string{"usage: casefile", "-config"}, nil},
		{[]string{"sim", "-h"}, 0, []string{"usage: casefile sim", "-players"}, nil},
		{[]string{"sim", "--help"}, 0, []string{"usage: casefile sim", "-players"}, nil},
		{[]string{"foo"}, 2, nil, []string{`unexpected argument "foo"`, "usage: casefile"}},
		{[]string{"help", "me"}, 2, nil, []string{`unexpected argument "help"`, "usage: casefile"}},
		{[]string{"version", "2"}, 2, nil, []string{`unexpected argument "version"`, "usage: casefile"}},
		{[]string{"-config", "x.toml", "extra"}, 2, nil, []string{`unexpected argument "extra"`, "usage: casefile"}},
		{[]string{"-nope"}, 2, nil, []string{"-nope", "usage: casefile"}},
		{[]string{"sim", "--game", "escape-plan", "extra"}, 2, nil, []string{`unexpected argument "extra"`, "usage: casefile sim"}},
		{[]string{"sim", "--nope"}, 2, nil, []string{"-nope", "usage: casefile sim"}},
	} {
		code, stdout, stderr, started := runIn(t, c.args...)
		if code != c.code {
			t.Errorf("%q: exit %d, want %d\nstdout: %s\nstderr: %s", c.args, code, c.code, stdout, stderr)
		}
		if started {
			t.Errorf("%q started the bot (a database was created)", c.args)
		}
		for _, w := range c.stdout {
			if !strings.Contains(stdout, w) {
				t.Errorf("%q: stdout lacks %q:\n%s", c.args, w, stdout)
			}
		}
		for _, w := range c.stderr {
			if !strings.Contains(stderr, w) {
				t.Errorf("%q: stderr lacks %q:\n%s", c.args, w, stderr)
			}
		}
		if c.code == 0 && stderr != "" {
			t.Errorf("%q: exit 0 but stderr says:\n%s", c.args, stderr)
		}
		if strings.Contains(stdout+stderr, "help requested") {
			t.Errorf("%q: %s%s", c.args, stdout, stderr)
		}
	}
}

func TestBuildVersionUnderGoTest(t *testing.T) {
	v, c := buildVersion()
	if v == "" || c == "" {
		t.Fatalf("version %q, commit %q", v, c)
	}
	t.Logf("casefile %s", versionLine())
}

func TestInvocation(t *testing.T) {
	for arg0, want := range map[string]string{
		"./casefile":                          "./casefile",
		"casefile":                            "casefile",
		"/usr/local/bin/casefile":             "/usr/local/bin/casefile",
		"/tmp/go-build1234/b001/exe/casefile": "go run ./cmd/casefile",
		"/tmp/go-build99/b001/casefile.test":  "go run ./cmd/casefile",
		"":                                    "go run ./cmd/casefile",
	} {
		if got := invocation(arg0); got != want {
			t.Errorf("invocation(%q) = %q, want %q", arg0, got, want)
		}
	}
}

// TestNoTokenNamesProgramAndConfig: the no-token help suggests commands
// as the user ran the program, and says which configuration file it read.
func TestNoTokenNamesProgramAndConfig(t *testing.T) {
	defer func(p string) { programName = p }(programName)
	programName = "./casefile"
	dir := t.TempDir()
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	var out, errb bytes.Buffer
	if code := run(context.Background(), nil, &out, &errb, noEnv); code != 2 {
		t.Fatalf("exit %d", code)
	}
	help := errb.String()
	for _, want := range []string{"  ./casefile\n", "./casefile sim --game", "No configuration file was found at config.toml"} {
		if !strings.Contains(help, want) {
			t.Errorf("the no-token help lacks %q:\n%s", want, help)
		}
	}
	if strings.Contains(help, "go run") {
		t.Errorf("the no-token help says go run to the user of a built binary:\n%s", help)
	}
	os.WriteFile("my.toml", []byte("[storage]\npath = \"x.db\"\n"), 0o600)
	errb.Reset()
	run(context.Background(), []string{"-config", "my.toml"}, &out, &errb, noEnv)
	if !strings.Contains(errb.String(), "The configuration file my.toml was read; it has no [discord] token.") {
		t.Errorf("the no-token help does not name the file it read:\n%s", errb.String())
	}
}
