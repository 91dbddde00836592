package main

import (
	"casefile/engine"
	"casefile/engine/escapeplan"
	"casefile/engine/heist"
	"casefile/render"
	renderescapeplan "casefile/render/escapeplan"
	renderheist "casefile/render/heist"
)

// Catalog is every game the bot offers. Only real games belong here; the
// test fixture never does.
func Catalog() *engine.Catalog {
	return engine.NewCatalog(escapeplan.Game(), heist.Game())
}

// Renderers maps each game id to its board renderer.
func Renderers() map[string]render.Renderer {
	return map[string]render.Renderer{
		"escape-plan":          renderescapeplan.Renderer(),
		"masters-of-the-heist": renderheist.Renderer(),
	}
}
