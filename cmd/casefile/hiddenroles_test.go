package main

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/enginetest"
)

// TestE2EHiddenRolesThroughDiscord plays the secrets variant of the
// fixture game with four people through the Discord emulator: the deal
// waits until every player can get DMs (bo's are closed at first); every
// role arrives by DM in the same shape; a window is passed for di by his
// standing choice, answered by ann, and closed by time for bo; two seats
// of four come to know the stash; cy's DMs close mid-game and the channel
// says so once, not per note; nothing secret reaches the channel before
// Game over, which then reveals every role and every secret choice.
func TestE2EHiddenRolesThroughDiscord(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)}
	e := newE2EWithClock(t, clock, "ann", "bo", "cy", "di")
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=12 clock=off rounds=1 variant=secrets fence=2"})
	for _, u := range []string{"bo", "cy", "di"} {
		e.ok(u, "join", nil)
	}
	e.emu.BlockDMs(e.users["bo"].ID)
	notice := e.ok("ann", "start", nil)
	if !strings.Contains(notice.Content(), "could not reach <@"+e.users["bo"].ID+">") || !strings.Contains(notice.Content(), "Nothing was dealt") {
		t.Fatalf("the lobby should name who must open their DMs: %q", notice.Content())
	}
	if g, _ := e.db().OpenGame(t.Context(), e.ch.ID); g == nil || g.Status != "lobby" {
		t.Fatalf("the game was dealt although bo cannot get DMs: %+v", g)
	}
	e.emu.AllowDMs(e.users["bo"].ID)
	before := map[string]int{}
	for _, u := range []string{"ann", "bo", "cy", "di"} {
		before[u] = len(e.emu.DMs(e.users[u].ID))
	}
	e.ok("ann", "start", nil)
	// Every player, Fence or Lookout, gets the same DMs: the check before
	// the deal, then a private view with exactly one role in it, then the
	// seat's own picture (sent by the picture worker: waited for).
	e.settle()
	counts := map[int]bool{}
	for _, u := range []string{"ann", "bo", "cy", "di"} {
		dms := e.emu.DMs(e.users[u].ID)
		if len(dms) == before[u] {
			t.Fatalf("%s got no DM", u)
		}
		counts[len(dms)-before[u]] = true
		roles := 0
		for _, dm := range dms[before[u]:] {
			roles += strings.Count(dm.Content, "your role: ")
		}
		if roles != 1 {
			t.Fatalf("%s's role did not arrive by DM once: %d times in %+v", u, roles, dms[before[u]:])
		}
	}
	if len(counts) != 1 {
		t.Fatalf("players got different numbers of DMs at the deal: %v", counts)
	}
	e.move("di", "always pass objections")
	// cy's DMs close: her bid's note and two standing-choice notes fail.
	e.emu.BlockDMs(e.users["cy"].ID)
	e.move("cy", "always pass objections")
	e.move("cy", "stop passing objections")
	for i, u := range []string{"ann", "bo", "cy", "di"} {
		e.move(u, []string{"bid 1", "bid 2", "bid 0", "bid 3"}[i])
	}
	e.move("ann", "peek")
	e.move("bo", "peek")
	e.move("cy", "take")
	st := loadStakeout(t, e)
	if tr := st.Turn(); tr.Kind != engine.Reaction || !reflect.DeepEqual(tr.Seats, []engine.Seat{0, 1}) {
		t.Fatalf("di stands on pass; the window should wait for ann and bo only: %+v", tr)
	}
	if !reflect.DeepEqual(st.Stash.Known, []engine.Seat{0, 1}) {
		t.Fatalf("the stash should be known to ann and bo: %v", st.Stash.Known)
	}
	e.move("ann", "object")
	clock.Add(11 * time.Minute)
	if err := e.emu.Wait("window closed by time", func() bool { return loadStakeout(t, e).Phase == "take" }); err != nil {
		t.Fatal(err)
	}
	// di's take ends the game.
	e.move("di", "pass")
	over, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "Every secret choice")
	})
	if err != nil || !strings.Contains(over.Content, "`bid 2`") || !strings.Contains(over.Content, "`always pass objections`") {
		t.Fatalf("Game over should reveal every secret choice: %v %q", err, over.Content)
	}
	var fallbacks int
	for _, m := range e.emu.ChannelMessages(e.ch.ID) {
		if strings.Contains(m.Content, "could not send you a direct message") && strings.Contains(m.Content, e.users["cy"].ID) {
			fallbacks++
		}
		if m.ID == over.ID {
			break
		}
		if !strings.Contains(m.Content, "Game over") && (strings.Contains(m.Content, "Fence") || strings.Contains(m.Content, "Lookout") || strings.Contains(m.Content, "stash is the")) {
			t.Fatalf("a secret reached the channel before Game over: %q", m.Content)
		}
	}
	if fallbacks != 1 {
		t.Fatalf("cy's closed DMs should be announced once, not per note: %d times", fallbacks)
	}
}

// loadStakeout reads the channel's fixture game from the database.
func loadStakeout(t *testing.T, e *e2e) *enginetest.State {
	t.Helper()
	g, err := e.db().OpenGame(t.Context(), e.ch.ID)
	if err != nil || g == nil {
		t.Fatalf("open game: %v", err)
	}
	st, err := enginetest.Load(g.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*enginetest.State)
}
