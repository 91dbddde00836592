package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"casefile/bot/discordtest"
)

// startIn runs the program with a config file in a fresh folder and
// returns its exit code, standard error, and whether the database file
// is there afterwards.
func startIn(t *testing.T, ctx context.Context, toml string, getenv func(string) string) (code int, stderr string, dbLeft bool) {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	db := filepath.Join(dir, "casefile.db")
	os.WriteFile(cfg, []byte(toml+fmt.Sprintf("[storage]\npath = %q\n", db)), 0o600)
	var out, errb bytes.Buffer
	code = run(ctx, []string{"-config", cfg}, &out, &errb, getenv)
	_, err := os.Stat(db)
	return code, errb.String(), err == nil
}

// TestRejectedTokenSaysWhatToDo: a token Discord answers with 401 gets a
// message saying to reset it, naming where it came from; nothing is left
// behind and "stopped" is not logged for a bot that never started.
func TestRejectedTokenSaysWhatToDo(t *testing.T) {
	emu := discordtest.New(t)
	env := func(k string) string {
		if k == TokenEnv {
			return "not-the-token"
		}
		return ""
	}
	code, stderr, dbLeft := startIn(t, context.Background(), fmt.Sprintf("[discord]\napi_url = %q\n", emu.URL()), env)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{
		"the token was rejected: reset it in the developer portal and update CASEFILE_DISCORD_TOKEN or config.toml",
		"(this token came from CASEFILE_DISCORD_TOKEN)",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "not-the-token") {
		t.Errorf("the token was printed:\n%s", stderr)
	}
	if strings.Contains(stderr, "casefile stopped") {
		t.Errorf("a bot that never started logged that it stopped:\n%s", stderr)
	}
	if dbLeft {
		t.Error("a fresh database was left behind by a bot that could not connect")
	}

	// The same token from the file names the file.
	code, stderr, _ = startIn(t, context.Background(), fmt.Sprintf("[discord]\ntoken = \"not-the-token\"\napi_url = %q\n", emu.URL()), noEnv)
	if code != 1 || !strings.Contains(stderr, "the token was rejected") || !strings.Contains(stderr, "config.toml)") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

// TestConnectionFailureNamesWhereItWent: an API that cannot be reached is
// named as configured, not as discord.com; the error is not preceded by
// "stopped", and an existing database is kept.
func TestConnectionFailureNamesWhereItWent(t *testing.T) {
	emu := discordtest.New(t)
	dead := emu.URL()
	emu.Close()
	code, stderr, dbLeft := startIn(t, context.Background(), fmt.Sprintf("[discord]\ntoken = \"x\"\napi_url = %q\n", dead), noEnv)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	host := strings.TrimPrefix(dead, "http://")
	if !strings.Contains(stderr, host) || strings.Contains(stderr, "discord.com/api") {
		t.Errorf("the error should name %s, not discord.com:\n%s", host, stderr)
	}
	if strings.Contains(stderr, "casefile stopped") {
		t.Errorf("a bot that never started logged that it stopped:\n%s", stderr)
	}
	if dbLeft {
		t.Error("a fresh database was left behind by a bot that could not connect")
	}

	// A database that was there before is kept.
	dir := t.TempDir()
	db := filepath.Join(dir, "keep.db")
	os.WriteFile(db, nil, 0o600)
	cfg := DefaultConfig()
	cfg.Discord.Token, cfg.Discord.APIURL, cfg.Storage.Path = "x", dead, db
	if err := NewMain(cfg, &bytes.Buffer{}).Run(context.Background()); err == nil {
		t.Fatal("no error from a dead API")
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("an existing database was removed: %v", err)
	}
}

// TestStartupLogsInviteAndGlobalWarning: once connected the bot logs its
// invite URL, and warns that global commands take time to appear.
func TestStartupLogsInviteAndGlobalWarning(t *testing.T) {
	emu := discordtest.New(t)
	cfg := DefaultConfig()
	cfg.Discord.Token, cfg.Discord.APIURL = emu.Token(), emu.URL()
	cfg.Storage.Path = filepath.Join(t.TempDir(), "casefile.db")
	logs := &lockedBuffer{}
	m := NewMain(cfg, logs)
	m.Games = fixtureGames()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	if err := emu.Wait("global commands", func() bool { return len(emu.Commands("")) > 0 }); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the bot did not stop")
	}
	l := logs.String()
	invite := "https://discord.com/oauth2/authorize?client_id=" + emu.AppID() + "&scope=bot%20applications.commands&permissions=309237746688"
	for _, want := range []string{invite, "up to an hour", "version=", "commit="} {
		if !strings.Contains(l, want) {
			t.Errorf("the start-up log lacks %q:\n%s", want, l)
		}
	}
}
