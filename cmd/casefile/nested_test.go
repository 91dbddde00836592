package main

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/enginetest"
)

// newE2EWithClock runs the fixture game's program with a fast deadline
// tick and a clock the test moves by hand, for windows and turn clocks.
func newE2EWithClock(t *testing.T, clock *testClock, users ...string) *e2e {
	return newE2EGamesWithClock(t, fixtureGames(), clock, users...)
}

// newE2EGamesWithClock is newE2EWithClock with the given games.
func newE2EGamesWithClock(t *testing.T, games []Entry, clock *testClock, users ...string) *e2e {
	e := &e2e{t: t, emu: discordtest.New(t), users: map[string]discordtest.User{}, dbPath: filepath.Join(t.TempDir(), "casefile.db"),
		games: games, logs: &lockedBuffer{}}
	e.emu.SetAwaitDone(true)
	e.guild = e.emu.AddGuild("g")
	e.ch = e.emu.AddChannel(e.guild.ID, "c")
	for _, n := range users {
		e.users[n] = e.emu.AddUser(n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.done = cancel, make(chan error, 1)
	cfg := e.config()
	cfg.Games.TickEvery = "20ms"
	m := NewMain(cfg, e.logs)
	m.Games, m.OnDone = e.games, e.emu.Done
	m.Ready = func(m *Main) { m.Service.Now = clock.Now; m.DB.Now = clock.Now }
	e.main = m
	go func() { e.done <- m.Run(ctx) }()
	t.Cleanup(e.stopBot)
	if err := e.emu.Wait("bot ready", func() bool { return len(e.emu.Commands(e.guild.ID)) > 0 && e.emu.Connected() }); err != nil {
		t.Fatal(err)
	}
	return e
}

// newBidStakeout starts a 3-player Stakeout for ann, bo and cy (seed 8,
// one round, no turn clock, plus options) on the hand-moved clock, and
// plays its sealed bids: ann 1, bo 2, cy 0.
func newBidStakeout(t *testing.T, clock *testClock, options string) *e2e {
	e := newE2EWithClock(t, clock, "ann", "bo", "cy")
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=8 clock=off rounds=1 " + options})
	e.ok("bo", "join", nil)
	e.ok("cy", "join", nil)
	e.ok("ann", "start", nil)
	e.move("ann", "bid 1")
	e.move("bo", "bid 2")
	e.move("cy", "bid 0")
	return e
}

// TestE2ENestedDecisionWindowChoiceResume drives the engine's nested
// decision through Discord: bo's take opens an objection window for ann
// and cy; ann answers it with an accusation, which puts a choice on top
// for bo; bo answers; the window is on top again, waiting only for cy;
// cy's time runs out and the window closes with a pass; the take resumes
// and play passes to cy.
func TestE2ENestedDecisionWindowChoiceResume(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)}
	e := newBidStakeout(t, clock, "")
	e.move("ann", "draw")
	e.move("bo", "take")
	state := func() *enginetest.State { return loadStakeout(t, e) }
	if tr := state().Turn(); tr.Kind != engine.Reaction || !reflect.DeepEqual(tr.Seats, []engine.Seat{0, 2}) {
		t.Fatalf("the take should open a window for ann and cy: %+v", tr)
	}
	// cy holds no card: the refusal names the failed condition, privately.
	if r := e.cmd("cy", "move", map[string]string{"action": "accuse"}); !r.Ephemeral() || !strings.Contains(r.Content(), "holding a card") {
		t.Fatalf("cy's accusation: ephemeral %v %q", r.Ephemeral(), r.Content())
	}
	if r := e.move("ann", "accuse"); !strings.Contains(r.Content(), "accuses") {
		t.Fatalf("accuse: %q", r.Content())
	}
	if tr := state().Turn(); tr.Kind != engine.Sequential || !reflect.DeepEqual(tr.Seats, []engine.Seat{1}) {
		t.Fatalf("bo's answer should be on top: %+v", tr)
	}
	if r := e.cmd("cy", "move", map[string]string{"action": "pass"}); !r.Ephemeral() {
		t.Fatalf("cy moved while bo's answer was open: %q", r.Content())
	}
	if r := e.move("bo", "pay"); !strings.Contains(r.Content(), "pays") {
		t.Fatalf("pay: %q", r.Content())
	}
	st := state()
	if tr := st.Turn(); tr.Kind != engine.Reaction || !reflect.DeepEqual(tr.Seats, []engine.Seat{2}) {
		t.Fatalf("the window should resume, waiting for cy only: %+v", tr)
	}
	if st.Players[0].Coins != 1 || st.Players[1].Coins != 1 {
		t.Fatalf("coins after the payment: ann %d bo %d", st.Players[0].Coins, st.Players[1].Coins)
	}
	// cy stays silent past the 10-minute window.
	clock.Add(11 * time.Minute)
	if _, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "ran out")
	}); err != nil {
		t.Fatalf("the window did not close by time: %v", err)
	}
	if err := e.emu.Wait("take resumed", func() bool {
		tr := state().Turn()
		return tr.Phase == "Take" && reflect.DeepEqual(tr.Seats, []engine.Seat{2})
	}); err != nil {
		t.Fatalf("after the window the take should resume with cy to act: %v (turn %+v)", err, state().Turn())
	}
	if n := state().Pending.Len(); n != 1 {
		t.Fatalf("settled decisions left on the stack: %d", n)
	}
}
