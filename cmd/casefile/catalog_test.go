package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
	"casefile/storage"
)

// TestCatalogHasTheContractGames checks the game ids the Discord contract
// fixes, and that no test fixture ships.
func TestCatalogHasTheContractGames(t *testing.T) {
	cat := Catalog()
	for _, id := range []string{"escape-plan", "masters-of-the-heist", "police-precinct", "android"} {
		g, ok := cat.Get(id)
		if !ok {
			t.Fatalf("game %s is not in the catalogue", id)
		}
		if g.Rules == "" || g.Blurb == "" || g.Name == "" {
			t.Errorf("%s lacks a name, blurb or rules text", id)
		}
		if _, ok := Renderers()[id]; !ok {
			t.Errorf("%s has no renderer", id)
		}
	}
	if _, ok := cat.Get("stakeout"); ok {
		t.Fatal("the test fixture is in the shipped catalogue")
	}
}

// TestRegistryIsSound checks what start-up checks: every registered game
// has rules, a board renderer and an id of its own; and that the check
// catches a repeated id and a missing renderer.
func TestRegistryIsSound(t *testing.T) {
	if err := checkEntries(registry); err != nil {
		t.Fatal(err)
	}
	cat, rend := build(registry)
	if len(cat.All()) != len(registry) || len(rend) != len(registry) {
		t.Fatalf("%d entries gave %d games and %d renderers", len(registry), len(cat.All()), len(rend))
	}
	twice := append(append([]Entry(nil), registry...), registry[0])
	if err := checkEntries(twice); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("a repeated game was not refused: %v", err)
	}
	blind := []Entry{{Game: registry[0].Game, Render: func() render.Renderer { return render.Renderer{} }}}
	if err := checkEntries(blind); err == nil || !strings.Contains(err.Error(), "no board renderer") {
		t.Fatalf("a game without a renderer was not refused: %v", err)
	}
}

// TestEveryGameConforms plays seeded random games of every registered game
// at every player count and checks the engine contract throughout
// (enginetest.Conform): it always ends, every listed move is legal, junk is
// refused without change, states round-trip, and seed plus log replay.
func TestEveryGameConforms(t *testing.T) {
	skipShort(t)
	for _, e := range registry {
		g := e.Game()
		t.Run(g.ID, func(t *testing.T) {
			t.Parallel()
			for players := g.MinPlayers; players <= g.MaxPlayers; players++ {
				seats, err := g.SeatCount(players, map[string]string{})
				if err != nil {
					t.Fatal(err)
				}
				for seed := uint64(1); seed <= 6; seed++ {
					opts, _ := g.CheckOptions(map[string]string{})
					gameOpts := map[string]string{}
					for _, o := range g.Options {
						if v, ok := opts[o.Key]; ok {
							gameOpts[o.Key] = v
						}
					}
					if _, err := enginetest.Conform(g, engine.Setup{Players: seats, Seed: seed, Options: gameOpts}, seed*31, 200000); err != nil {
						t.Fatalf("%d players, seed %d: %v", players, seed, err)
					}
				}
			}
		})
	}
}

// TestSimEveryGame runs casefile sim for every registered game and player
// count: a whole game with an image per phase and a transcript.
func TestSimEveryGame(t *testing.T) {
	skipShort(t)
	for _, e := range registry {
		g := e.Game()
		for players := g.MinPlayers; players <= g.MaxPlayers; players++ {
			out := filepath.Join(t.TempDir(), fmt.Sprintf("%s-%d", g.ID, players))
			var stdout, stderr strings.Builder
			code := run(context.Background(), []string{"sim", "--game", g.ID, "--players", fmt.Sprint(players), "--seed", "3", "--out", out}, &stdout, &stderr, noEnv)
			if code != 0 {
				t.Fatalf("sim %s %d players: exit %d: %s", g.ID, players, code, stderr.String())
			}
			entries, _ := os.ReadDir(out)
			pngs := 0
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".png") {
					pngs++
				}
			}
			if pngs < 3 {
				t.Fatalf("sim %s %d players wrote %d images", g.ID, players, pngs)
			}
			if !strings.Contains(stdout.String(), "Result:") {
				t.Fatalf("sim %s: %s", g.ID, stdout.String())
			}
		}
	}
}

// skipShort skips a long single-goroutine playout under -short: the race
// run of CI uses -short, as such tests share no state across goroutines
// and already run in full without the race detector.
func skipShort(t *testing.T) {
	if testing.Short() {
		t.Skip("long playout; runs in full without -short")
	}
}

// TestRulesOfEveryGameInChatSizedParts asks /rules for every registered
// game through the service and picks every part from its menu: each
// part is private, fits one message unclipped, the menu holds at most 25
// parts, no part points at repository files, and together they carry
// every word of the game's quick reference. Android's says that the hero
// cards are not in the game yet. /help lists every game, unclipped.
func TestRulesOfEveryGameInChatSizedParts(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "casefile.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := commands.New(db, Catalog(), Renderers(), commands.Settings{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	help := svc.Handle(ctx, commands.Request{ID: "help", ChannelID: "c", GuildID: "g", UserID: "u", UserName: "u", Command: "help"})
	if strings.HasSuffix(help.Content, "…") {
		t.Errorf("/help is clipped: %q", help.Content)
	}
	for _, e := range registry {
		g := e.Game()
		if !strings.Contains(help.Content, "`"+g.ID+"` — **"+g.Name+"**") {
			t.Errorf("/help does not list %s:\n%s", g.ID, help.Content)
		}
		first := svc.Handle(ctx, commands.Request{ID: "r-" + g.ID, ChannelID: "c", GuildID: "g", UserID: "u", UserName: "u", Command: "rules", Options: map[string]string{"game": g.ID}})
		parts := []commands.Response{first}
		if len(first.Selects) > 0 {
			menu := first.Selects[0]
			if len(menu.Options) > 25 {
				t.Errorf("%s: %d parts, more than one menu holds", g.ID, len(menu.Options))
			}
			for i, o := range menu.Options[1:] {
				parts = append(parts, svc.Handle(ctx, commands.Request{ID: fmt.Sprintf("r-%s-%d", g.ID, i), Kind: commands.Button, ChannelID: "c", GuildID: "g", UserID: "u", UserName: "u", CustomID: menu.CustomID, Values: []string{o.Value}}))
			}
		}
		var all strings.Builder
		for i, r := range parts {
			if !r.Ephemeral || len(r.Content) > 1990 || strings.HasSuffix(r.Content, "…") {
				t.Errorf("%s part %d: ephemeral %v, %d bytes, clipped %v", g.ID, i+1, r.Ephemeral, len(r.Content), strings.HasSuffix(r.Content, "…"))
			}
			for _, bad := range []string{".md", "engine/", "../", "github.com"} {
				if strings.Contains(r.Content, bad) {
					t.Errorf("%s part %d points at %q", g.ID, i+1, bad)
				}
			}
			all.WriteString(r.Content + "\n")
		}
		for _, w := range strings.Fields(g.Rules) {
			if !strings.Contains(all.String(), w) {
				t.Fatalf("%s: the parts lose %q", g.ID, w)
			}
		}
		if g.ID == "android" && !strings.Contains(all.String(), "The detectives' hero cards") {
			t.Errorf("android's quick reference does not explain the hero cards:\n%s", all.String())
		}
	}
}
