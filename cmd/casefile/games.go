package main

import (
	"fmt"

	"casefile/engine"
	"casefile/engine/android"
	"casefile/engine/escapeplan"
	"casefile/engine/heist"
	"casefile/engine/policeprecinct"
	"casefile/render"
	renderandroid "casefile/render/android"
	renderescapeplan "casefile/render/escapeplan"
	renderheist "casefile/render/heist"
	renderpp "casefile/render/policeprecinct"
)

// Entry registers one game: its rules and its board renderer, together, so
// that no game can be offered without pictures.
type Entry struct {
	Game   func() *engine.Game
	Render func() render.Renderer
}

// registry is every game the bot offers, one line per game. Adding a game
// is one new line here: the catalogue, the renderers and the catalogue
// tests (conformance, secrecy, sim, benchmarks) are all derived from this
// list. Only real games belong here; the test fixture never does.
var registry = []Entry{
	{Game: escapeplan.Game, Render: renderescapeplan.Renderer},
	{Game: heist.Game, Render: renderheist.Renderer},
	{Game: policeprecinct.Game, Render: renderpp.Renderer},
	{Game: android.Game, Render: renderandroid.Renderer},
}

// Catalog is every game of the registry.
func Catalog() *engine.Catalog {
	cat, _ := build(registry)
	return cat
}

// Renderers maps each game id of the registry to its renderer.
func Renderers() map[string]render.Renderer {
	_, rend := build(registry)
	return rend
}

// build derives the catalogue and the renderer lookup from entries; they
// must have passed checkEntries, as the catalogue panics on a repeated id.
func build(entries []Entry) (*engine.Catalog, map[string]render.Renderer) {
	games := make([]*engine.Game, len(entries))
	rend := make(map[string]render.Renderer, len(entries))
	for i, e := range entries {
		games[i] = e.Game()
		rend[games[i].ID] = e.Render()
	}
	return engine.NewCatalog(games...), rend
}

// checkEntries refuses a registry with a repeated game id or a game
// without a board renderer, so such a mistake stops the bot at start-up
// rather than surfacing in a channel.
func checkEntries(entries []Entry) error {
	seen := map[string]bool{}
	for i, e := range entries {
		if e.Game == nil || e.Render == nil {
			return fmt.Errorf("game entry %d lacks its rules or its renderer", i+1)
		}
		g := e.Game()
		if seen[g.ID] {
			return fmt.Errorf("game id %q is registered twice", g.ID)
		}
		seen[g.ID] = true
		if e.Render().Board == nil {
			return fmt.Errorf("game %q has no board renderer", g.ID)
		}
	}
	return nil
}
