package main

import (
	"bytes"
	"context"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
)

func noEnv(string) string { return "" }

func TestNoTokenExplainsWhatToDo(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	var out, errb bytes.Buffer
	code := run(context.Background(), nil, &out, &errb, noEnv)
	if code != 2 {
		t.Fatalf("exit code %d, want 2", code)
	}
	for _, want := range []string{"CASEFILE_DISCORD_TOKEN", "config.example.toml", "applications.commands", "casefile sim"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("the no-token help does not mention %q:\n%s", want, errb.String())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "casefile.db")); err == nil {
		t.Error("a database was created although the bot could not start")
	}
}

func TestConfigFileAndEnvironment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(path, []byte("[discord]\ntoken = \"from-file\"\nguild_ids = [\"1\", \"2\"]\n[storage]\npath = \"x.db\"\n"), 0o600)
	cfg, err := LoadConfig(path, true, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Discord.Token != "from-file" || len(cfg.Discord.GuildIDs) != 2 || cfg.Storage.Path != "x.db" || cfg.Games.DefaultClock != "48h" {
		t.Fatalf("config %+v", cfg)
	}
	cfg, _ = LoadConfig(path, true, func(k string) string {
		if k == TokenEnv {
			return "from-env"
		}
		return ""
	})
	if cfg.Discord.Token != "from-env" {
		t.Fatalf("the environment's token should win, got %q", cfg.Discord.Token)
	}
	if _, err := LoadConfig(filepath.Join(t.TempDir(), "missing.toml"), true, noEnv); err == nil {
		t.Fatal("an explicit missing config file should be an error")
	}
	os.WriteFile(path, []byte("[discord]\ntokn = \"typo\"\n"), 0o600)
	if _, err := LoadConfig(path, true, noEnv); err == nil || !strings.Contains(err.Error(), "tokn") {
		t.Fatalf("an unknown key should be named: %v", err)
	}
}

// TestExampleConfigParses keeps config.example.toml in step with Config.
func TestExampleConfigParses(t *testing.T) {
	if _, err := LoadConfig("../../config.example.toml", true, noEnv); err != nil {
		t.Fatal(err)
	}
}

func TestSimWritesImagesAndTranscript(t *testing.T) {
	out := t.TempDir()
	cat := engine.NewCatalog(enginetest.Game())
	draw := func(v engine.View) (image.Image, error) {
		c := render.NewCanvas(40, 20)
		return c.Image(), nil
	}
	res, err := Simulate(cat, map[string]render.Renderer{"stakeout": {Board: draw, Private: draw}}, SimOptions{Game: "stakeout", Players: 3, Seed: 4, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Result == nil || res.Moves == 0 {
		t.Fatalf("result %+v", res)
	}
	// Three rounds of two phases, the opening board, and three private boards.
	if len(res.Images) != 1+6+3 {
		t.Fatalf("%d images: %v", len(res.Images), res.Images)
	}
	tr, err := os.ReadFile(filepath.Join(out, "transcript.txt"))
	if err != nil || !strings.Contains(string(tr), "Game over") || !strings.Contains(string(tr), "[private to Player") {
		t.Fatalf("transcript: %v\n%s", err, tr)
	}
	again := t.TempDir()
	if _, err := Simulate(cat, nil, SimOptions{Game: "stakeout", Players: 3, Seed: 4, Out: again}); err != nil {
		t.Fatal(err)
	}
	tr2, _ := os.ReadFile(filepath.Join(again, "transcript.txt"))
	if !bytes.Equal(tr, tr2) {
		t.Fatal("the same seed gave a different game")
	}
}
