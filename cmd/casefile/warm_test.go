package main

import (
	"context"
	"image"
	"testing"
	"time"

	"casefile/commands"
	"casefile/engine"
	rulesheist "casefile/engine/heist"
	rulespp "casefile/engine/policeprecinct"
	"casefile/render"
	"casefile/render/heist"
	"casefile/render/policeprecinct"
	"casefile/storage"
)

// startBotWarming is startBot with a hook on start-up warming: warmed
// receives its report once it has drawn the active games' boards.
func (e *e2e) startBotWarming(warmed chan<- commands.WarmReport) {
	e.t.Helper()
	e.startBotWith(func(m *Main) { m.Warmed = func(r commands.WarmReport) { warmed <- r } })
}

// TestE2EStartedBotHasItsGamesLayoutsReady: a bot started on a database
// with a Police Precinct game and a heist running draws, before any of
// their pictures is asked, what their next pictures need: the Police
// Precinct layout's layer, and every shape each board stamps (the heist
// has no layer: its shapes are what its first board draws anew), so that
// drawing each board afterwards draws no shape anew. Nothing is posted
// meanwhile.
func TestE2EStartedBotHasItsGamesLayoutsReady(t *testing.T) {
	e := newE2EWith(t, registry)
	e.ok("ann", "newgame", map[string]string{"game": "police-precinct", "options": "seed=3"})
	for _, u := range []string{"bo", "cy"} {
		e.ok(u, "join", nil)
	}
	e.ok("ann", "start", nil)
	ppChannel := e.ch.ID
	e.settledBoards()
	e.ch = e.emu.AddChannel(e.guild.ID, "heist-night")
	e.ok("ann", "newgame", map[string]string{"game": "masters-of-the-heist", "options": "scenario=the-inclusion-job characters=3 seed=11"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	heistChannel := e.ch.ID
	e.settledBoards()
	e.stopBot()

	db := e.db()
	view := func(channel string, def *engine.Game) engine.View {
		t.Helper()
		g, err := db.OpenGame(context.Background(), channel)
		if err != nil || g.Status != storage.Active {
			t.Fatalf("the game of %s: %v", channel, err)
		}
		st, err := def.Load(g.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		return st.View(engine.Public)
	}
	ppView, heistView := view(ppChannel, rulespp.Game()), view(heistChannel, rulesheist.Game())

	// A new process: nothing drawn yet.
	render.ForgetKept()
	policeprecinct.ForgetLayers()
	heist.ForgetCaches()
	if policeprecinct.LayoutReady(ppView) {
		t.Fatal("a layout is ready before the bot started")
	}
	posted := len(e.emu.PublicMessages(ppChannel)) + len(e.emu.PublicMessages(heistChannel))

	warmed := make(chan commands.WarmReport, 1)
	e.startBotWarming(warmed)
	var rep commands.WarmReport
	select {
	case rep = <-warmed:
	case <-time.After(60 * time.Second):
		t.Fatal("start-up warming did not finish within 60 s")
	}
	if rep.Games != 2 {
		t.Errorf("warming drew %d games' boards, want the 2 active", rep.Games)
	}
	if !policeprecinct.LayoutReady(ppView) {
		t.Error("the Police Precinct game's layout is not ready after start-up")
	}
	if render.StampsDrawn() == 0 {
		t.Error("warming drew no shape")
	}
	for _, b := range []struct {
		name string
		v    engine.View
		draw func(engine.View) (image.Image, error)
	}{{"Police Precinct", ppView, policeprecinct.Board}, {"heist", heistView, heist.Board}} {
		before := render.StampsDrawn()
		if _, err := b.draw(b.v); err != nil {
			t.Fatal(err)
		}
		if n := render.StampsDrawn() - before; n != 0 {
			t.Errorf("the first %s board after start-up drew %d shapes anew, want none", b.name, n)
		}
	}
	if n := len(e.emu.PublicMessages(ppChannel)) + len(e.emu.PublicMessages(heistChannel)); n != posted {
		t.Errorf("%d messages were posted while the bot warmed, want none", n-posted)
	}
}
