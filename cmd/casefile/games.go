package main

import (
	"casefile/engine"
	"casefile/render"
)

// Catalog is every game the bot offers. Only real, rules-complete games
// belong here; the test fixture never does.
func Catalog() *engine.Catalog {
	return engine.NewCatalog()
}

// Renderers maps each game id to its board renderer.
func Renderers() map[string]render.Renderer {
	return map[string]render.Renderer{}
}
