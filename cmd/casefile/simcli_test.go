package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
)

// TestSimPlayersOutOfRange: --players outside the game's range is
// refused with the range, not played with the minimum.
func TestSimPlayersOutOfRange(t *testing.T) {
	for _, c := range []struct{ game, players, want string }{
		{"escape-plan", "0", "Escape Plan is for 1–5 players"},
		{"escape-plan", "6", "Escape Plan is for 1–5 players"},
		{"escape-plan", "-1", "Escape Plan is for 1–5 players"},
		{"masters-of-the-heist", "0", "Masters of the Heist is for 1–4 people running 3–4 characters"},
		{"masters-of-the-heist", "5", "Masters of the Heist is for 1–4 people running 3–4 characters"},
	} {
		out := t.TempDir()
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"sim", "--game", c.game, "--players", c.players, "--out", out}, &stdout, &stderr, noEnv)
		if code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s --players %s: exit %d, stderr %q; want exit 2 and %q", c.game, c.players, code, stderr.String(), c.want)
		}
		if entries, _ := os.ReadDir(out); len(entries) > 0 {
			t.Errorf("%s --players %s wrote %d files", c.game, c.players, len(entries))
		}
	}
}

// TestSimSaysOnePersonRunsSeveralSeats: a heist for one person is played
// with three characters, and the output says so.
func TestSimSaysOnePersonRunsSeveralSeats(t *testing.T) {
	skipShort(t)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"sim", "--game", "masters-of-the-heist", "--players", "1", "--seed", "2", "--out", out}, &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "1 person runs 3 characters") {
		t.Errorf("stdout does not say one person runs three characters:\n%s", stdout.String())
	}
	tr, _ := os.ReadFile(filepath.Join(out, "transcript.txt"))
	if !strings.Contains(string(tr), "1 person for 3 characters") {
		t.Errorf("the transcript does not say one person runs three characters:\n%.300s", tr)
	}
}

// TestSimReusedOutFolder: a previous sim's images and transcript are
// removed before the new game is written; other files stay.
func TestSimReusedOutFolder(t *testing.T) {
	out := t.TempDir()
	for _, f := range []string{"phase-999.png", "final-seat9.png", "transcript.txt", "notes.txt"} {
		os.WriteFile(filepath.Join(out, f), []byte("old"), 0o644)
	}
	cat := engine.NewCatalog(enginetest.Game())
	draw := func(engine.View) (image.Image, error) { return render.NewCanvas(40, 20).Image(), nil }
	res, err := Simulate(cat, map[string]render.Renderer{"stakeout": {Board: draw, Private: draw}}, SimOptions{Game: "stakeout", Players: 2, Seed: 1, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"phase-999.png", "final-seat9.png"} {
		if _, err := os.Stat(filepath.Join(out, gone)); err == nil {
			t.Errorf("%s of the previous sim is still there", gone)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(out, "transcript.txt")); string(b) == "old" {
		t.Error("the previous transcript is still there")
	}
	if _, err := os.Stat(filepath.Join(out, "notes.txt")); err != nil {
		t.Error("a file the sim did not write was removed")
	}
	if res.Removed != 3 {
		t.Errorf("%d files of the previous sim removed, want 3", res.Removed)
	}
}

// TestSimAndroidEveryCountAndMurder runs `casefile sim --game android`
// for 3, 4 and 5 players, each count with another murder sheet so that
// every count and every sheet is played once: bots in every seat play
// to the close of the case, with a board after the deal and after every
// detective's turn (two weeks of six days), each player's final private
// picture, and a transcript naming the murderer.
func TestSimAndroidEveryCountAndMurder(t *testing.T) {
	skipShort(t)
	for players := 3; players <= 5; players++ {
		murder := players - 2
		out := t.TempDir()
		var stdout, stderr bytes.Buffer
		args := []string{"sim", "--game", "android", "--players", fmt.Sprint(players), "--seed", fmt.Sprint(10*players + murder), "--options", fmt.Sprintf("murder=%d", murder), "--out", out}
		if code := run(context.Background(), args, &stdout, &stderr, noEnv); code != 0 {
			t.Fatalf("%d players, murder %d: exit %d: %s", players, murder, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "Result:") {
			t.Fatalf("%d players, murder %d: no result:\n%s", players, murder, stdout.String())
		}
		phases, _ := filepath.Glob(filepath.Join(out, "phase-*.png"))
		finals, _ := filepath.Glob(filepath.Join(out, "final-seat*.png"))
		if want := 1 + 12*players; len(phases) != want || len(finals) != players {
			t.Fatalf("%d players, murder %d: %d boards and %d private pictures; want %d (the deal and each of 12 days × %d turns) and %d",
				players, murder, len(phases), len(finals), want, players, players)
		}
		f, err := os.Open(phases[len(phases)-1])
		if err != nil {
			t.Fatal(err)
		}
		_, format, err := image.Decode(f)
		f.Close()
		if err != nil || format != "png" {
			t.Fatalf("%d players, murder %d: the last board is not a PNG: %v %q", players, murder, err, format)
		}
		tr, _ := os.ReadFile(filepath.Join(out, "transcript.txt"))
		if !strings.Contains(string(tr), fmt.Sprintf(`options "murder=%d"`, murder)) || !strings.Contains(string(tr), "The murderer is ") {
			t.Fatalf("%d players, murder %d: the transcript does not name the murder sheet and the murderer:\n%.300s", players, murder, tr)
		}
	}
}
