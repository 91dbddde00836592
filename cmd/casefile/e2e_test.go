package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
	"casefile/storage"
)

// e2e is the whole program — real discordgo client, real SQLite file —
// driven through the Discord emulator on loopback.
type e2e struct {
	t      testing.TB
	emu    *discordtest.Server
	guild  discordtest.Guild
	ch     discordtest.Channel
	users  map[string]discordtest.User
	dbPath string
	games  []Entry

	cancel context.CancelFunc
	done   chan error
	main   *Main
	logs   *lockedBuffer
	// picks counts how the picker tests' players picked ("your move",
	// "command", "select", "button").
	picks map[string]int
	// configure, when set, changes the configuration the program is
	// started with.
	configure func(*Config)
	// holdPictures starts the program without its picture worker (see
	// Main.HoldPictures).
	holdPictures bool
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// fixtureGames registers the Stakeout test fixture, which never ships.
func fixtureGames() []Entry {
	return []Entry{{Game: enginetest.Game, Render: fixtureRenderer}}
}

func fixtureRenderer() render.Renderer {
	draw := func(v engine.View) (image.Image, error) {
		sv := v.(enginetest.View)
		c := render.NewCanvas(240, 80)
		c.Text(fmt.Sprintf("round %d pot %d", sv.State.Round, sv.State.Pot), 10, 10, render.Bold, 18, render.Ink)
		return c.Image(), nil
	}
	return render.Renderer{Board: draw, Private: draw}
}

func newE2E(t testing.TB) *e2e {
	return newE2EWith(t, fixtureGames())
}

// newE2EWith runs the program with the given games.
func newE2EWith(t testing.TB, games []Entry) *e2e {
	e := &e2e{t: t, emu: discordtest.New(t), users: map[string]discordtest.User{}, dbPath: filepath.Join(t.TempDir(), "casefile.db"),
		games: games, logs: &lockedBuffer{}}
	e.emu.SetAwaitDone(true)
	e.guild = e.emu.AddGuild("Casefile Club")
	e.ch = e.emu.AddChannel(e.guild.ID, "crime-night")
	for _, n := range []string{"ann", "bo", "cy", "di"} {
		e.users[n] = e.emu.AddUser(n)
	}
	e.startBot()
	t.Cleanup(e.stopBot)
	return e
}

func (e *e2e) config() Config {
	cfg := DefaultConfig()
	cfg.Discord.Token = e.emu.Token()
	cfg.Discord.APIURL = e.emu.URL()
	cfg.Discord.GuildIDs = []string{e.guild.ID}
	cfg.Storage.Path = e.dbPath
	cfg.Games.DefaultClock = "off"
	if e.configure != nil {
		e.configure(&cfg)
	}
	return cfg
}

// startBot runs the program as main would, and waits until it is
// connected with its commands registered.
func (e *e2e) startBot() { e.startBotWith(nil) }

// startBotWith is startBot with hook given the program to set more of
// it (its hooks) before it runs.
func (e *e2e) startBotWith(hook func(m *Main)) {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.done = cancel, make(chan error, 1)
	m := NewMain(e.config(), e.logs)
	m.Games = e.games
	m.OnDone = e.emu.Done
	m.HoldPictures = e.holdPictures
	if hook != nil {
		hook(m)
	}
	e.main = m
	// The service is built inside Run: a restarted bot's emulator may
	// still count the last connection as live, so the test waits for
	// the new service too before it reaches into it.
	built := make(chan struct{})
	m.Ready = func(*Main) { close(built) }
	go func() { e.done <- m.Run(ctx) }()
	select {
	case <-built:
	case err := <-e.done:
		e.t.Fatalf("the bot stopped before its service was built: %v", err)
	case <-time.After(30 * time.Second):
		e.t.Fatal("the bot's service was not built within 30 s")
	}
	if err := e.emu.Wait("commands registered", func() bool { return len(e.emu.Commands(e.guild.ID)) > 0 && e.emu.Connected() }); err != nil {
		e.t.Fatal(err)
	}
}

func (e *e2e) stopBot() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	select {
	case err := <-e.done:
		if err != nil && err != context.Canceled {
			e.t.Errorf("bot stopped with %v", err)
		}
	case <-time.After(15 * time.Second):
		e.t.Error("bot did not stop within 15 s")
	}
	e.cancel = nil
	// The emulator notices the closed connection a moment after the bot
	// has stopped; until then it would still send events to it, and a bot
	// started again at once would find them answered "restarting".
	if err := e.emu.Wait("the stopped bot's gateway connection closed", func() bool { return !e.emu.Connected() }); err != nil {
		// The emulator's counts tell a reconnect after the stop (one
		// resume or identify more) from a close it never saw.
		e.t.Errorf("%v; emulator stats %+v", err, e.emu.Stats())
	}
}

func (e *e2e) cmd(user, name string, opts map[string]string) *discordtest.Reply {
	e.t.Helper()
	r, err := e.emu.Command(e.users[user], e.ch, name, opts)
	if err != nil {
		e.t.Fatalf("/%s by %s: %v", name, user, err)
	}
	return r
}

func (e *e2e) ok(user, name string, opts map[string]string) *discordtest.Reply {
	e.t.Helper()
	r := e.cmd(user, name, opts)
	if !accepted(r) {
		e.t.Fatalf("/%s %v by %s refused: %s", name, opts, user, r.Content())
	}
	return r
}

// accepted reports whether a reply accepted the command: a public reply,
// or the private answer to a secret move or a standing choice (whose
// public line, if any, the bot posts as a separate message).
func accepted(r *discordtest.Reply) bool {
	c := r.Content()
	return !r.Ephemeral() || strings.HasPrefix(c, "Done: `") || strings.HasPrefix(c, "Standing choice set: `")
}

func (e *e2e) move(user, text string) *discordtest.Reply {
	e.t.Helper()
	return e.ok(user, "move", map[string]string{"action": text})
}

// isBoard reports whether m is a board picture posted by the picture
// worker after a phase (not an interaction's reply, such as /status).
func isBoard(m discordtest.Message) bool {
	return m.InteractionID == "" && len(m.Files) == 1 && !m.Ephemeral() &&
		(strings.HasPrefix(m.Content, "🗺️ The board") || strings.HasPrefix(m.Content, "🏁 The final board"))
}

// boards are the board pictures posted in the channel so far, in order.
func (e *e2e) boards() []discordtest.Message {
	var out []discordtest.Message
	for _, m := range e.emu.PublicMessages(e.ch.ID) {
		if isBoard(m) {
			out = append(out, m)
		}
	}
	return out
}

// settle waits until the bot owes no board picture: every picture owed
// by the moves so far is drawn and posted. The worker forgets a picture
// just after its post, which the emulator cannot see, so this polls. A
// whole game's pictures may be owed at once, each drawn in seconds on a
// loaded machine under -race: it fails only when none is posted for two
// minutes.
func (e *e2e) settle() {
	e.t.Helper()
	last, since := -1, time.Now()
	for {
		n, err := e.main.Service.PicturesOwed(context.Background())
		if err != nil {
			e.t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if n != last {
			last, since = n, time.Now()
		}
		if time.Since(since) > 2*time.Minute {
			e.t.Fatalf("%d board pictures still owed, none posted for 2 minutes", n)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// settledBoards waits for the pictures owed and returns the boards posted
// in the channel so far.
func (e *e2e) settledBoards() []discordtest.Message {
	e.t.Helper()
	e.settle()
	return e.boards()
}

func (e *e2e) db() *storage.DB {
	db, err := storage.Open(e.dbPath)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { db.Close() })
	return db
}

func TestE2EGameFromLobbyToGameOver(t *testing.T) {
	e := newE2E(t)
	r := e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 rounds=1"})
	if !strings.Contains(r.Content(), "opened a lobby") || len(r.Buttons()) != 3 {
		t.Fatalf("lobby: %q %+v", r.Content(), r.Buttons())
	}
	// Bo joins with the button on the lobby message.
	lobby := r.Messages()[0]
	var join string
	for _, b := range lobby.Buttons() {
		if b.Label == "Join" {
			join = b.CustomID
		}
	}
	jr, err := e.emu.Click(e.users["bo"], e.ch, lobby.ID, join)
	if err != nil || !strings.Contains(jr.Content(), "joins") {
		t.Fatalf("join click: %v %q", err, jr.Content())
	}
	e.emu.BlockDMs(e.users["bo"].ID)
	r = e.ok("ann", "start", nil)
	if len(r.Files()) != 0 {
		t.Fatalf("the start's reply should not wait for the board: %d files", len(r.Files()))
	}
	if bs := e.settledBoards(); len(bs) != 1 || !bytes.HasPrefix(bs[0].Files[0].Data, []byte("\x89PNG")) || !strings.Contains(bs[0].Content, "at the start") {
		t.Fatalf("start should post the board after its reply: %+v", bs)
	}
	// Both bidders act; ann, who started the game, is here already.
	if pings := r.Messages()[0].Pings(); len(pings) != 1 || pings[0] != e.users["bo"].ID {
		t.Fatalf("start should ping bo alone, pinged %v", pings)
	}
	// ann's private view by DM, and her seat's own picture after it.
	if dms := e.emu.DMs(e.users["ann"].ID); len(dms) != 2 || len(dms[0].Files) != 0 || len(dms[1].Files) != 1 {
		t.Fatalf("ann's private view by DM: %+v", dms)
	}
	// Bo refuses DMs: the channel tells him to use /hand, without secrets.
	fallback, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "/hand") && strings.Contains(m.Content, e.users["bo"].ID)
	})
	if err != nil {
		t.Fatalf("no DM fallback for bo: %v", err)
	}
	if strings.Contains(fallback.Content, "bid") || fallback.Ephemeral() {
		t.Fatalf("the fallback must be public and carry no secret: %+v", fallback)
	}
	choices, err := e.emu.Autocomplete(e.users["ann"], e.ch, "move", map[string]string{"action": "bid"}, "action")
	if err != nil || len(choices) != 4 || choices[0].Value != "bid 0" {
		t.Fatalf("autocomplete: %v %+v", err, choices)
	}
	r = e.move("ann", "bid 2")
	if !r.Ephemeral() {
		t.Fatalf("a secret move should be answered to its author alone: %q", r.Content())
	}
	public, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "placed a sealed bid")
	})
	if err != nil || strings.Contains(public.Content, "bid 2") || public.Ephemeral() || public.InteractionID != "" {
		t.Fatalf("the table's message for a secret move must be a bot post without the bid: %v %+v", err, public)
	}
	// (After the start's two: the notes, then the seat's picture.)
	if dms := e.emu.DMs(e.users["ann"].ID); len(dms) < 3 || !strings.Contains(dms[2].Content, "You bid 2") {
		t.Fatalf("ann's bid note by DM: %+v", dms)
	}
	bad := e.cmd("bo", "move", map[string]string{"action": "take"})
	if !bad.Ephemeral() || !strings.Contains(bad.Content(), "Legal now") {
		t.Fatalf("an illegal move should get an ephemeral explanation: %q", bad.Content())
	}
	hand := e.cmd("bo", "hand", nil)
	if !hand.Ephemeral() {
		t.Fatalf("/hand must be ephemeral: %q", hand.Content())
	}
	e.move("bo", "bid 1")
	// The last bid is a secret move: the table's message is posted beside
	// the private answer, and the board follows it.
	if _, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "House rolls") && len(m.Files) == 0
	}); err != nil {
		t.Fatalf("the end of the bid phase should tell the table: %v", err)
	}
	if bs := e.settledBoards(); len(bs) != 2 || !strings.Contains(bs[1].Content, "The board after") {
		t.Fatalf("the end of the bid phase should post the board: %+v", bs)
	}
	e.move("ann", "take")
	e.move("bo", "pass")
	r = e.move("bo", "pass")
	if !strings.Contains(r.Content(), "Game over") {
		t.Fatalf("want Game over, got %q", r.Content())
	}
	// One summary message, edited after every move, not one per move.
	var summaries []discordtest.Message
	for _, m := range e.emu.ChannelMessages(e.ch.ID) {
		if strings.Contains(m.Content, "game summary") {
			summaries = append(summaries, m)
		}
	}
	if len(summaries) != 1 || summaries[0].Edits < 4 || !strings.Contains(summaries[0].Content, "Game over") {
		t.Fatalf("want one summary message edited after each move, got %d: %+v", len(summaries), summaries)
	}
	e.ok("cy", "newgame", map[string]string{"game": "stakeout"})
	if strings.Contains(e.logs.String(), e.emu.Token()) {
		t.Fatal("the token appears in the logs")
	}
	if strings.Contains(e.logs.String(), "bid 2") {
		t.Fatal("a secret move appears in the logs")
	}
}

func TestE2ERestartMidGameContinues(t *testing.T) {
	e := newE2E(t)
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=9"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	e.move("ann", "bid 3")
	e.stopBot()
	e.startBot()
	e.move("bo", "bid 0")
	if _, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "House rolls")
	}); err != nil {
		t.Fatalf("after a restart the game should go on: %v", err)
	}
	st := e.ok("cy", "status", nil)
	if !strings.Contains(st.Content(), "Take") {
		t.Fatalf("status after restart: %q", st.Content())
	}
	// A seated player's /status comes with a private catch-up, sent as an
	// ephemeral follow-up beside the public reply.
	// The board follows as a public follow-up of its own, drawn after
	// the reply.
	var public, private []string
	boards := 0
	for _, m := range e.ok("ann", "status", nil).Messages() {
		switch {
		case len(m.Files) > 0 && !m.Ephemeral() && m.Content == "":
			boards++
		case m.Ephemeral():
			private = append(private, m.Content)
		default:
			public = append(public, m.Content)
		}
	}
	if boards != 1 {
		t.Fatalf("/status for ann came with %d public board pictures, want 1", boards)
	}
	if len(public) != 1 || strings.Contains(public[0], "Since your last move") || len(private) != 1 || !strings.Contains(private[0], "Since your last move (1. `bid 3`)") {
		t.Fatalf("status for ann: public %q, private %q", public, private)
	}
}

func TestE2ETwoUsersInTheSameInstantAndRedelivery(t *testing.T) {
	e := newE2E(t)
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=2"})
	e.ok("bo", "join", nil)
	e.ok("cy", "join", nil)
	e.ok("ann", "start", nil)
	var ids []string
	for i, u := range []string{"ann", "bo", "cy"} {
		id, err := e.emu.StartCommand(e.users[u], e.ch, "move", map[string]string{"action": fmt.Sprintf("bid %d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	for _, id := range ids {
		r, err := e.emu.WaitReply(id)
		if err != nil || !accepted(r) {
			t.Fatalf("simultaneous move: %v %q", err, r.Content())
		}
	}
	db := e.db()
	g, err := db.OpenGame(context.Background(), e.ch.ID)
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := db.Moves(context.Background(), g.ID)
	if len(moves) != 3 {
		t.Fatalf("%d moves stored, want 3", len(moves))
	}
	// Discord redelivers the last one: it must not be applied again.
	if err := e.emu.Redeliver(ids[2]); err != nil {
		t.Fatal(err)
	}
	if err := e.emu.Wait("redelivery handled", func() bool { return e.emu.DoneCount(ids[2]) >= 2 }); err != nil {
		t.Fatal(err)
	}
	moves, _ = db.Moves(context.Background(), g.ID)
	if len(moves) != 3 {
		t.Fatalf("the redelivered move was applied again: %d moves", len(moves))
	}
}

// BenchmarkE2EMove measures /move through the whole program: the emulator
// dispatches INTERACTION_CREATE over the gateway, the bot handles it and
// answers over REST. Moves that end a phase (and draw an image) are left
// out of the percentiles, as the figure is for moves without an image.
func BenchmarkE2EMove(b *testing.B) {
	e := newE2E(b)
	users := []string{"ann", "bo", "cy"}
	start := func(n int) {
		e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": fmt.Sprintf("seed=%d", n)})
		e.ok("bo", "join", nil)
		e.ok("cy", "join", nil)
		e.ok("ann", "start", nil)
	}
	start(0)
	db := e.db()
	r := engine.NewRand(3)
	var plain []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := db.OpenGame(context.Background(), e.ch.ID)
		if err != nil {
			start(i + 1)
			g, _ = db.OpenGame(context.Background(), e.ch.ID)
		}
		st, _ := enginetest.Load(g.Snapshot)
		seat, mv, _ := engine.RandomMove(st, r)
		b.StartTimer()
		t0 := time.Now()
		e.move(users[seat], mv)
		d := time.Since(t0)
		b.StopTimer()
		// A move that owed a board changed the digest of the last board;
		// its picture is drawn after the reply, by the worker, which is
		// let finish outside the timer.
		if after, err := db.GameByID(context.Background(), g.ID); err == nil && after.BoardDigest == g.BoardDigest {
			plain = append(plain, d)
		}
		e.settle()
		b.StartTimer()
	}
	b.StopTimer()
	if len(plain) > 0 {
		sortDurations(plain)
		b.ReportMetric(float64(plain[len(plain)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(plain[len(plain)*99/100].Microseconds())/1000, "p99-ms")
	}
}

func sortDurations(d []time.Duration) {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
}

// testClock is a clock the test moves by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func TestE2EClockExpiryStandInAndUndo(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	e := newE2EWithClock(t, clock, "ann", "bo", "cy")
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=4 clock=1h"})
	e.ok("bo", "join", nil)
	e.ok("cy", "join", nil)
	e.ok("ann", "start", nil)
	// Undo: ann's sealed bid revealed nothing and nobody acted since.
	e.move("ann", "bid 3")
	u := e.ok("ann", "undo", nil)
	if !strings.Contains(u.Content(), "took back") || strings.Contains(u.Content(), "bid 3") {
		t.Fatalf("undo: %q", u.Content())
	}
	e.move("ann", "bid 1")
	e.move("bo", "bid 2")
	// cy never bids: after half an hour a reminder, after an hour the offer.
	clock.Add(31 * time.Minute)
	if _, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "waiting for you") && strings.Contains(m.Content, e.users["cy"].ID)
	}); err != nil {
		t.Fatalf("no reminder: %v", err)
	}
	if err := e.emu.Wait("reminder DM", func() bool { return len(e.emu.DMs(e.users["cy"].ID)) >= 2 }); err != nil {
		t.Fatal(err)
	}
	clock.Add(30 * time.Minute)
	offer, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "clock has run out")
	})
	if err != nil {
		t.Fatalf("no clock-out offer: %v", err)
	}
	var standin string
	for _, b := range offer.Buttons() {
		if b.Label == "Hand to stand-in" {
			standin = b.CustomID
		}
	}
	r, err := e.emu.Click(e.users["ann"], e.ch, offer.ID, standin)
	if err != nil || !strings.Contains(r.Content(), "stand-in") || !strings.Contains(r.Content(), "House rolls") {
		t.Fatalf("stand-in click: %v %q", err, r.Content())
	}
	// Exactly one reminder and one offer were posted.
	count := func(sub string) int {
		n := 0
		for _, m := range e.emu.ChannelMessages(e.ch.ID) {
			if strings.Contains(m.Content, sub) {
				n++
			}
		}
		return n
	}
	if count("waiting for you") != 1 || count("clock has run out") != 1 {
		t.Fatalf("reminders %d offers %d, want 1 and 1", count("waiting for you"), count("clock has run out"))
	}
	// cy comes back by simply moving when it is their turn again: /join.
	back := e.ok("cy", "join", nil)
	if !strings.Contains(back.Content(), "Welcome back") {
		t.Fatalf("return: %q", back.Content())
	}
}
