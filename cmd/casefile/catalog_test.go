package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
)

// TestCatalogHasTheContractGames checks the game ids the Discord contract
// fixes, and that no test fixture ships.
func TestCatalogHasTheContractGames(t *testing.T) {
	cat := Catalog()
	for _, id := range []string{"escape-plan", "masters-of-the-heist", "police-precinct"} {
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
