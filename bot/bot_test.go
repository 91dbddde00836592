package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/commands"
)

// testHandler is a small commands.Handler whose commands each exercise one
// path of the bot.
type testHandler struct {
	mu      sync.Mutex
	calls   map[string]int // by interaction id
	reqs    []commands.Request
	release chan struct{} // unblocks "hold" and "slowpoke"
	started chan string   // interaction ids of "hold" once running
	ticks   int
	outbox  commands.Outbox
}

func newTestHandler() *testHandler {
	return &testHandler{
		calls:   map[string]int{},
		release: make(chan struct{}),
		started: make(chan string, 10),
	}
}

var pngData = func() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{200, 0, 0, 255})
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}()

func (h *testHandler) Definitions() []commands.CommandDef {
	text := commands.OptionDef{Name: "text", Description: "Some text", Required: true}
	user := commands.OptionDef{Name: "user", Description: "A user id", Required: true}
	return []commands.CommandDef{
		{Name: "echo", Description: "Echo text", Options: []commands.OptionDef{text,
			{Name: "ping", Description: "User to ping"}}},
		{Name: "secret", Description: "An ephemeral answer"},
		{Name: "board", Description: "A slow image reply (until released)"},
		{Name: "pic", Description: "Images on every path, some with alt text"},
		{Name: "lobby", Description: "Buttons"},
		{Name: "deal", Description: "DM a user", Options: []commands.OptionDef{user}},
		{Name: "move", Description: "Make a move", Options: []commands.OptionDef{
			{Name: "action", Description: "Your move", Required: true, Autocomplete: true}}},
		{Name: "boom", Description: "Panics"},
		{Name: "slowpoke", Description: "Slow public answer"},
		{Name: "slowsecret", Description: "Slow ephemeral answer"},
		{Name: "hold", Description: "Blocks until released"},
		{Name: "whoami", Description: "Describes the request"},
		{Name: "long", Description: "A long answer"},
		{Name: "newgame", Description: "Choices", Options: []commands.OptionDef{
			{Name: "game", Description: "Which game", Required: true, Choices: []commands.Choice{
				{Name: "Escape Plan", Value: "escape-plan"}, {Name: "Android", Value: "android"}}}}},
	}
}

func (h *testHandler) Handle(ctx context.Context, req commands.Request) commands.Response {
	h.mu.Lock()
	h.calls[req.ID]++
	h.reqs = append(h.reqs, req)
	h.mu.Unlock()

	if req.Kind == commands.Button {
		switch {
		case strings.HasPrefix(req.CustomID, "lobby/join"):
			return commands.Response{
				Content: req.UserName + " joined",
				Posts:   []commands.Post{{ChannelID: req.ChannelID, Content: "Lobby: " + req.UserName}},
			}
		case req.CustomID == "lobby/slow":
			<-h.release
			return commands.Response{Content: "slow button done", Ephemeral: true}
		}
		return commands.Response{}
	}
	if req.Kind == commands.Autocomplete {
		var cs []commands.Choice
		for i := range 30 {
			v := fmt.Sprintf("move %02d", i)
			if strings.Contains(v, req.Options[req.Focused]) {
				cs = append(cs, commands.Choice{Name: v, Value: v})
			}
		}
		return commands.Response{Choices: cs}
	}
	switch req.Command {
	case "echo":
		r := commands.Response{Content: "echo: " + req.Options["text"]}
		if u := req.Options["ping"]; u != "" {
			r.Content += " <@" + u + ">"
			r.Mentions = []string{u}
		}
		return r
	case "secret":
		return commands.Response{Content: "only you can see this", Ephemeral: true}
	case "board":
		<-h.release
		return commands.Response{Content: "the board",
			Files: []commands.File{{Name: "board.png", ContentType: "image/png", Data: pngData, Description: "Day 1, Patrol: Sky to move."}}}
	case "pic":
		// Alt text on every path a file can take: the interaction's own
		// reply, a follow-up, a channel post and a DM.
		f := func(alt string) []commands.File {
			return []commands.File{{Name: "a.png", ContentType: "image/png", Data: pngData, Description: alt}, {Name: "b.png", ContentType: "image/png", Data: pngData}}
		}
		return commands.Response{Content: "pictures", Files: f("reply alt"), Aside: "aside",
			Posts: []commands.Post{{ChannelID: req.ChannelID, Content: "posted", Files: f("post alt")}},
			DMs:   []commands.DM{{UserID: req.UserID, Content: "dm", Files: f("dm alt")}}}
	case "lobby":
		var bs []commands.ButtonSpec
		for i := range 7 {
			bs = append(bs, commands.ButtonSpec{Label: fmt.Sprintf("Join %d", i), CustomID: fmt.Sprintf("lobby/join/%d", i), Style: "primary"})
		}
		bs = append(bs, commands.ButtonSpec{Label: "Slow", CustomID: "lobby/slow", Style: "danger"})
		return commands.Response{Content: "Lobby open", Buttons: bs}
	case "deal":
		return commands.Response{
			Content: "cards dealt",
			DMs: []commands.DM{{UserID: req.Options["user"], Content: "your hand: ace of spades",
				Files:    []commands.File{{Name: "hand.png", ContentType: "image/png", Data: pngData}},
				Fallback: "I could not DM you your hand; use /hand."}},
		}
	case "boom":
		panic("kaboom")
	case "slowpoke":
		<-h.release
		return commands.Response{Content: "finally <@" + req.UserID + ">", Mentions: []string{req.UserID}}
	case "slowsecret":
		<-h.release
		return commands.Response{Content: "slow secret", Ephemeral: true,
			Files: []commands.File{{Name: "hand.png", Data: pngData}}}
	case "hold":
		h.started <- req.ID
		<-h.release
		return commands.Response{Content: "held reply", Posts: []commands.Post{{ChannelID: req.ChannelID, Content: "after hold"}}}
	case "whoami":
		return commands.Response{Content: fmt.Sprintf("name=%s manage=%v guild=%s channel=%s user=%s",
			req.UserName, req.ManageChannels, req.GuildID, req.ChannelID, req.UserID)}
	case "long":
		var sb strings.Builder
		for i := range 300 {
			fmt.Fprintf(&sb, "line %03d of a long answer\n", i)
		}
		return commands.Response{Content: sb.String()}
	}
	return commands.Response{Content: "unknown", Ephemeral: true}
}

func (h *testHandler) Tick(ctx context.Context, now time.Time) commands.Outbox {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ticks++
	out := h.outbox
	h.outbox = commands.Outbox{}
	return out
}

func (h *testHandler) callCount(id string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.calls[id]
}

// syncBuffer is a log sink safe for concurrent writers.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type env struct {
	srv     *discordtest.Server
	h       *testHandler
	guild   discordtest.Guild
	channel discordtest.Channel
	alice   discordtest.User
	bob     discordtest.User
	logs    *syncBuffer
	cancel  context.CancelFunc
	runErr  chan error
	bot     *Bot
}

// start runs a bot against a fresh emulator and waits until it is
// connected and its commands are registered.
func start(t *testing.T, edit func(*Config)) *env {
	t.Helper()
	srv := discordtest.New(t)
	srv.SetAwaitDone(true)
	e := &env{srv: srv, h: newTestHandler(), logs: &syncBuffer{}, runErr: make(chan error, 1)}
	e.guild = srv.AddGuild("Casefile Club")
	e.channel = srv.AddChannel(e.guild.ID, "games")
	e.alice = srv.AddUser("Alice")
	e.bob = srv.AddUser("Bob")
	cfg := Config{
		Token:         srv.Token(),
		APIURL:        srv.URL(),
		GuildIDs:      []string{e.guild.ID},
		DeferAfter:    150 * time.Millisecond,
		ShutdownGrace: 5 * time.Second,
		OnDone:        srv.Done,
	}
	if edit != nil {
		edit(&cfg)
	}
	logger := slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	b, err := New(cfg, e.h, logger)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.bot = cancel, b
	go func() { e.runErr <- b.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-e.runErr:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Run did not return after cancel")
		}
		close(e.runErr)
		if strings.Contains(e.logs.String(), srv.Token()) {
			t.Error("the logs contain the bot token")
		}
		if u := srv.Unhandled(); len(u) > 0 {
			t.Errorf("bot called routes the emulator does not serve: %v", u)
		}
	})
	scope := e.guild.ID
	if len(cfg.GuildIDs) == 0 {
		scope = ""
	}
	if err := srv.Wait("command registration", func() bool { return len(srv.Commands(scope)) > 0 }); err != nil {
		t.Fatalf("%v; logs:\n%s", err, e.logs.String())
	}
	if err := srv.WaitConnected(); err != nil {
		t.Fatal(err)
	}
	return e
}

// eventually polls cond, for conditions no emulator event signals (what
// the bot logged), until it holds or five seconds pass.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (e *env) command(t *testing.T, u discordtest.User, name string, opts map[string]string) *discordtest.Reply {
	t.Helper()
	r, err := e.srv.Command(u, e.channel, name, opts)
	if err != nil {
		t.Fatalf("/%s: %v; logs:\n%s", name, err, e.logs.String())
	}
	return r
}

func TestEcho(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "echo", map[string]string{"text": "hello <@" + e.bob.ID + ">", "ping": e.alice.ID})
	if r.Callback != 4 {
		t.Errorf("callback type %d, want 4", r.Callback)
	}
	t.Logf("echo answered %v after dispatch", r.CallbackAfter)
	if got, want := r.Content(), "echo: hello <@"+e.bob.ID+"> <@"+e.alice.ID+">"; got != want {
		t.Errorf("content %q, want %q", got, want)
	}
	if r.Ephemeral() {
		t.Error("echo reply is ephemeral")
	}
	// Bob is named but not in Mentions: only Alice is pinged.
	if p := r.Original.Pings(); len(p) != 1 || p[0] != e.alice.ID {
		t.Errorf("pings %v, want only %s", p, e.alice.ID)
	}
	if pub := e.srv.PublicMessages(e.channel.ID); len(pub) != 1 {
		t.Errorf("%d public messages, want 1", len(pub))
	}
	st := e.srv.Stats()
	if st.Identifies != 1 || st.Heartbeats < 1 {
		t.Errorf("stats %+v: want one identify and a heartbeat", st)
	}
	if want := int64(1<<0 | 1<<12); st.LastIntents != want {
		t.Errorf("intents %d, want %d (Guilds | DirectMessages)", st.LastIntents, want)
	}
}

func TestRequestFields(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	e.srv.SetNick(e.guild.ID, e.bob.ID, "Bobby")
	e.srv.GrantManageChannels(e.guild.ID, e.bob.ID)
	r := e.command(t, e.bob, "whoami", nil)
	want := fmt.Sprintf("name=Bobby manage=true guild=%s channel=%s user=%s", e.guild.ID, e.channel.ID, e.bob.ID)
	if r.Content() != want {
		t.Errorf("got %q, want %q", r.Content(), want)
	}
	r = e.command(t, e.alice, "whoami", nil)
	if !strings.HasPrefix(r.Content(), "name=Alice manage=false ") {
		t.Errorf("got %q", r.Content())
	}
	e.h.mu.Lock()
	req := e.h.reqs[len(e.h.reqs)-1]
	e.h.mu.Unlock()
	if req.ID != r.InteractionID || req.Kind != commands.SlashCommand || req.At.IsZero() {
		t.Errorf("request %+v", req)
	}
}

func TestEphemeral(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "secret", nil)
	if r.Callback != 4 || !r.Ephemeral() || r.Content() != "only you can see this" {
		t.Errorf("reply %+v, want an ephemeral reply", r)
	}
	if pub := e.srv.PublicMessages(e.channel.ID); len(pub) != 0 {
		t.Errorf("public messages %v, want none", pub)
	}
}

// TestSlowImageReply: an image reply slower than DeferAfter is deferred
// in public, then the placeholder is edited into the reply with its file
// and the file's alt text.
func TestSlowImageReply(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	id, err := e.srv.StartCommand(e.alice, e.channel, "board", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait("deferral", func() bool {
		r, _ := e.srv.Reply(id)
		return r.Callback == 5
	}); err != nil {
		t.Fatal(err)
	}
	close(e.h.release)
	r, err := e.srv.WaitReply(id)
	if err != nil {
		t.Fatal(err)
	}
	fs := r.Files()
	if len(fs) != 1 || fs[0].Name != "board.png" || !bytes.Equal(fs[0].Data, pngData) || fs[0].ContentType != "image/png" {
		t.Fatalf("files %+v, want board.png", fs)
	}
	if fs[0].Description != "Day 1, Patrol: Sky to move." {
		t.Errorf("deferred reply's file described %q, want the board's alt text", fs[0].Description)
	}
	if r.Content() != "the board" || r.Original.Deferred || r.Ephemeral() {
		t.Errorf("reply %+v", r.Original)
	}
}

// TestImagesCarryAltText checks that a file's Description reaches Discord
// as the attachment's description on every path a file takes, and that a
// file without one is sent without.
func TestImagesCarryAltText(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	// The deferred reply's path: TestSlowImageReply.
	r := e.command(t, e.alice, "pic", nil)
	if fs := r.Files(); len(fs) != 2 || fs[0].Description != "reply alt" || fs[1].Description != "" || fs[1].Name != "b.png" {
		t.Fatalf("reply's files %+v", fs)
	}
	for _, want := range []struct{ content, alt string }{{"posted", "post alt"}, {"dm", "dm alt"}} {
		m, err := e.srv.WaitMessage(func(m discordtest.Message) bool { return m.Content == want.content })
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Files) != 2 || m.Files[0].Description != want.alt || m.Files[1].Description != "" || !bytes.Equal(m.Files[0].Data, pngData) {
			t.Errorf("%s: files %+v, want the first described %q", want.content, m.Files, want.alt)
		}
	}
}

func TestMissedDeadlineIsLogged(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	e.srv.SetInteractionDeadline(time.Millisecond)
	id, err := e.srv.StartCommand(e.alice, e.channel, "slowpoke", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait("a late callback", func() bool { return e.srv.Stats().LateCallbacks > 0 }); err != nil {
		t.Fatal(err)
	}
	close(e.h.release)
	r, err := e.srv.WaitReply(id)
	if err != nil {
		t.Fatal(err)
	}
	if r.Callback != 0 || len(r.Messages()) != 0 {
		t.Errorf("reply %+v, want none", r)
	}
	if !strings.Contains(e.logs.String(), "reply lost") || !strings.Contains(e.logs.String(), "10062") {
		t.Errorf("logs lack the lost reply:\n%s", e.logs.String())
	}
	if strings.Contains(e.logs.String(), "aW50ZXJhY3Rpb246") {
		t.Error("the logs contain an interaction token")
	}
}

func TestButtons(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "lobby", nil)
	rows := r.Original.Rows
	if len(rows) != 2 || len(rows[0]) != 5 || len(rows[1]) != 3 {
		t.Fatalf("rows %v, want 5+3 buttons", rows)
	}
	if b := rows[1][2]; b.CustomID != "lobby/slow" || b.Style != 4 {
		t.Errorf("last button %+v", b)
	}
	c, err := e.srv.Click(e.bob, e.channel, r.Original.ID, "lobby/join/3")
	if err != nil {
		t.Fatal(err)
	}
	if c.Callback != 4 || c.Content() != "Bob joined" {
		t.Errorf("click reply %+v", c)
	}
	if _, err := e.srv.WaitMessage(func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && m.Content == "Lobby: Bob"
	}); err != nil {
		t.Error(err)
	}
	e.h.mu.Lock()
	last := e.h.reqs[len(e.h.reqs)-1]
	e.h.mu.Unlock()
	if last.Kind != commands.Button || last.CustomID != "lobby/join/3" {
		t.Errorf("request %+v", last)
	}
}

func TestSlowButtonDefersUpdate(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "lobby", nil)
	id, err := e.srv.StartClick(e.alice, e.channel, r.Original.ID, "lobby/slow")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait("deferred update", func() bool {
		rep, _ := e.srv.Reply(id)
		return rep.Callback == 6
	}); err != nil {
		t.Fatal(err)
	}
	close(e.h.release)
	c, err := e.srv.WaitReply(id)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.FollowUps) != 1 || !c.FollowUps[0].Ephemeral() || c.FollowUps[0].Content != "slow button done" {
		t.Errorf("follow-ups %+v", c.FollowUps)
	}
}

func TestDMFallback(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "deal", map[string]string{"user": e.alice.ID})
	if r.Content() != "cards dealt" {
		t.Errorf("reply %q", r.Content())
	}
	dms := e.srv.DMs(e.alice.ID)
	if len(dms) != 1 || dms[0].Content != "your hand: ace of spades" || len(dms[0].Files) != 1 {
		t.Fatalf("DMs to Alice %+v", dms)
	}

	e.srv.BlockDMs(e.bob.ID)
	e.command(t, e.alice, "deal", map[string]string{"user": e.bob.ID})
	if n := e.srv.RejectedDMs(e.bob.ID); n != 1 {
		t.Errorf("%d rejected DMs, want 1", n)
	}
	if len(e.srv.DMs(e.bob.ID)) != 0 {
		t.Error("Bob got a DM")
	}
	var fb []discordtest.Message
	for _, m := range e.srv.PublicMessages(e.channel.ID) {
		if m.Kind == discordtest.KindChannel {
			fb = append(fb, m)
		}
	}
	if len(fb) != 1 {
		t.Fatalf("channel posts %+v, want one fallback", fb)
	}
	if want := "<@" + e.bob.ID + "> I could not DM you your hand; use /hand."; fb[0].Content != want {
		t.Errorf("fallback %q, want %q", fb[0].Content, want)
	}
	if strings.Contains(fb[0].Content, "ace") {
		t.Error("the fallback leaks the secret")
	}
	if p := fb[0].Pings(); len(p) != 1 || p[0] != e.bob.ID {
		t.Errorf("fallback pings %v", p)
	}
	if strings.Contains(e.logs.String(), "ace of spades") {
		t.Error("the DM's content was logged")
	}
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	cs, err := e.srv.Autocomplete(e.alice, e.channel, "move", map[string]string{"action": ""}, "action")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 25 || cs[0].Value != "move 00" {
		t.Errorf("%d choices (%v), want the first 25", len(cs), cs)
	}
	cs, err = e.srv.Autocomplete(e.alice, e.channel, "move", map[string]string{"action": "move 1"}, "action")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 10 {
		t.Errorf("choices %v, want move 10..19", cs)
	}
	e.h.mu.Lock()
	last := e.h.reqs[len(e.h.reqs)-1]
	e.h.mu.Unlock()
	if last.Kind != commands.Autocomplete || last.Focused != "action" || last.Options["action"] != "move 1" || last.Command != "move" {
		t.Errorf("request %+v", last)
	}
	// Nothing matches: Discord still wants a result, with an empty list
	// (a result without "choices" is refused, and the person's client
	// shows that loading the options failed).
	cs, err = e.srv.Autocomplete(e.alice, e.channel, "move", map[string]string{"action": "zzz"}, "action")
	if err != nil || len(cs) != 0 {
		t.Fatalf("nothing matching: %d choices, %v", len(cs), err)
	}
	if strings.Contains(e.logs.String(), "sending autocomplete choices") {
		t.Errorf("the empty result was refused:\n%s", e.logs.String())
	}
}

func TestPanicRecovered(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "boom", nil)
	if !r.Ephemeral() || !strings.Contains(r.Content(), "Something went wrong on our side") {
		t.Errorf("reply %+v", r)
	}
	if !strings.Contains(e.logs.String(), "kaboom") {
		t.Error("the panic was not logged")
	}
	// The bot keeps serving.
	if r := e.command(t, e.alice, "echo", map[string]string{"text": "still here"}); r.Content() != "echo: still here" {
		t.Errorf("after panic: %q", r.Content())
	}
}

func TestDeferredWhenSlow(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	id, err := e.srv.StartCommand(e.alice, e.channel, "slowpoke", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait("deferral", func() bool {
		r, _ := e.srv.Reply(id)
		return r.Callback == 5
	}); err != nil {
		t.Fatal(err)
	}
	r, _ := e.srv.Reply(id)
	if r.Original == nil || !r.Original.Deferred || r.Original.Ephemeral() {
		t.Errorf("placeholder %+v, want a public deferred message", r.Original)
	}
	close(e.h.release)
	r, err = e.srv.WaitReply(id)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Original.Content, "finally") || r.Original.Deferred || len(r.FollowUps) != 0 {
		t.Errorf("reply %+v", r)
	}
	if p := r.Original.Pings(); len(p) != 1 || p[0] != e.alice.ID {
		t.Errorf("pings %v", p)
	}
}

func TestDeferredEphemeralReplacesPlaceholder(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	id, err := e.srv.StartCommand(e.alice, e.channel, "slowsecret", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait("deferral", func() bool {
		r, _ := e.srv.Reply(id)
		return r.Callback == 5
	}); err != nil {
		t.Fatal(err)
	}
	close(e.h.release)
	r, err := e.srv.WaitReply(id)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Original.Deleted {
		t.Error("the public placeholder was not deleted")
	}
	if !r.Ephemeral() || r.Content() != "slow secret" {
		t.Errorf("reply %+v", r)
	}
	if fs := r.Files(); len(fs) != 1 || fs[0].ContentType != "image/png" {
		t.Errorf("files %+v (content type sniffed from the data)", fs)
	}
	for _, m := range e.srv.PublicMessages(e.channel.ID) {
		if strings.Contains(m.Content, "secret") {
			t.Errorf("public message %q", m.Content)
		}
	}
}

func TestLongContentIsSplit(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "long", nil)
	ms := r.Messages()
	if len(ms) < 2 {
		t.Fatalf("%d messages, want the text split", len(ms))
	}
	if !strings.HasPrefix(ms[0].Content, "line 000") || !strings.Contains(ms[len(ms)-1].Content, "line 299") {
		t.Error("text lost in splitting")
	}
}

func TestRedeliveryAnsweredOnce(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	r := e.command(t, e.alice, "echo", map[string]string{"text": "once"})
	if err := e.srv.Redeliver(r.InteractionID); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait("second delivery", func() bool { return e.srv.DoneCount(r.InteractionID) == 2 }); err != nil {
		t.Fatal(err)
	}
	if n := e.h.callCount(r.InteractionID); n != 1 {
		t.Errorf("handler called %d times, want 1", n)
	}
	if n := len(e.srv.ChannelMessages(e.channel.ID)); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
}

func TestGracefulShutdownWaitsForInFlight(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	id, err := e.srv.StartCommand(e.alice, e.channel, "hold", nil)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-e.h.started:
	case <-time.After(5 * time.Second):
		t.Fatal("handler did not start")
	}
	e.cancel()
	// New interactions are refused politely while shutting down.
	eventually(t, "the bot shutting down", func() bool { return strings.Contains(e.logs.String(), "shutting down") })
	r2, err := e.srv.Command(e.bob, e.channel, "echo", map[string]string{"text": "late"})
	if err != nil {
		t.Fatal(err)
	}
	if !r2.Ephemeral() || !strings.Contains(r2.Content(), "restarting") {
		t.Errorf("late interaction answered %+v", r2)
	}
	select {
	case err := <-e.runErr:
		t.Fatalf("Run returned (%v) with a handler in flight", err)
	default:
	}
	close(e.h.release)
	r, err := e.srv.WaitReply(id)
	if err != nil {
		t.Fatal(err)
	}
	if r.Content() != "held reply" {
		t.Errorf("reply %q", r.Content())
	}
	if _, err := e.srv.WaitMessage(func(m discordtest.Message) bool { return m.Content == "after hold" }); err != nil {
		t.Error(err)
	}
	waitRun(t, e, 10*time.Second)
	if n := e.h.callCount(r2.InteractionID); n != 0 {
		t.Errorf("handler ran %d times during shutdown", n)
	}
}

func TestReconnectAfterDrop(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	e.command(t, e.alice, "echo", map[string]string{"text": "before"})
	e.srv.DropGateway()
	dropped := time.Now()
	// Sent while the bot is disconnected; delivered on resume.
	r, err := e.srv.Command(e.alice, e.channel, "echo", map[string]string{"text": "after"})
	if err != nil {
		t.Fatalf("%v; logs:\n%s", err, e.logs.String())
	}
	t.Logf("answered %v after the drop", time.Since(dropped))
	if r.Content() != "echo: after" {
		t.Errorf("reply %q", r.Content())
	}
	st := e.srv.Stats()
	if st.Connections != 2 || st.Resumes != 1 || st.Identifies != 1 {
		t.Errorf("stats %+v: want a second connection that resumed the session", st)
	}
}

func TestGlobalRegistration(t *testing.T) {
	t.Parallel()
	e := start(t, func(c *Config) { c.GuildIDs = nil })
	if n := len(e.srv.Commands(e.guild.ID)); n != 0 {
		t.Errorf("%d guild commands, want none", n)
	}
	cmds := e.srv.Commands("")
	if len(cmds) != len(e.h.Definitions()) {
		t.Fatalf("%d global commands, want %d", len(cmds), len(e.h.Definitions()))
	}
	for _, c := range cmds {
		if c.Name == "move" && (len(c.Options) != 1 || !c.Options[0].Autocomplete || !c.Options[0].Required || c.Options[0].Type != 3) {
			t.Errorf("move options %+v", c.Options)
		}
		if c.Name == "newgame" && len(c.Options[0].Choices) != 2 {
			t.Errorf("newgame choices %+v", c.Options[0].Choices)
		}
	}
	if r := e.command(t, e.alice, "echo", map[string]string{"text": "global"}); r.Content() != "echo: global" {
		t.Errorf("reply %q", r.Content())
	}
}

func TestGuildRegistration(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	if n := len(e.srv.Commands("")); n != 0 {
		t.Errorf("%d global commands, want none", n)
	}
	if n := len(e.srv.Commands(e.guild.ID)); n != len(e.h.Definitions()) {
		t.Errorf("%d guild commands", n)
	}
	if _, err := e.srv.Command(e.alice, e.channel, "newgame", map[string]string{"game": "chess"}); err == nil {
		t.Error("a value outside the choices was accepted")
	}
	if r := e.command(t, e.alice, "newgame", map[string]string{"game": "android"}); r.Callback != 4 {
		t.Errorf("reply %+v", r)
	}
}

func TestTickOutbox(t *testing.T) {
	t.Parallel()
	e := start(t, func(c *Config) { c.TickEvery = 20 * time.Millisecond })
	e.srv.BlockDMs(e.bob.ID)
	e.h.mu.Lock()
	e.h.outbox = commands.Outbox{
		Posts: []commands.Post{{ChannelID: e.channel.ID, Content: "Time is up for <@" + e.bob.ID + ">", Mentions: []string{e.bob.ID}}},
		DMs: []commands.DM{
			{UserID: e.alice.ID, Content: "reminder: your turn"},
			{UserID: e.bob.ID, Content: "secret reminder", Fallback: "check /hand"},
		},
	}
	e.h.mu.Unlock()
	if _, err := e.srv.WaitMessage(func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindDM && m.DMUser == e.alice.ID && m.Content == "reminder: your turn"
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.srv.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.channel.ID && m.Content == "<@"+e.bob.ID+"> check /hand"
	}); err != nil {
		t.Fatal(err)
	}
}

// TestPostNowReportsWhetherDiscordTookThePost: the picture worker's
// posts (commands.Poster) arrive with their image and alt text, and a
// post Discord refuses is reported, so the picture stays owed.
func TestPostNowReportsWhetherDiscordTookThePost(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	board := commands.Post{ChannelID: e.channel.ID, Content: "🗺️ The board after Night.",
		Files: []commands.File{{Name: "board.png", ContentType: "image/png", Data: pngData, Description: "Day 2, Morning."}}}
	if err := e.bot.PostNow(context.Background(), board); err != nil {
		t.Fatal(err)
	}
	ms := e.srv.PublicMessages(e.channel.ID)
	if len(ms) != 1 || ms[0].Content != board.Content || len(ms[0].Files) != 1 || ms[0].Files[0].Description != "Day 2, Morning." || !bytes.Equal(ms[0].Files[0].Data, pngData) {
		t.Fatalf("posted %+v", ms)
	}
	board.ChannelID = "404404404"
	if err := e.bot.PostNow(context.Background(), board); err == nil {
		t.Fatal("a post to a channel Discord does not know was reported as posted")
	}
	if err := e.bot.PostNow(context.Background(), commands.Post{ChannelID: e.channel.ID}); err == nil {
		t.Fatal("an empty post was reported as posted")
	}
}

func TestAuthHeaderChecked(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	b, err := New(Config{Token: "wrong-token", APIURL: srv.APIURL()}, newTestHandler(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = b.Run(ctx)
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("Run with a wrong token: %v, want a 401 error", err)
	}
	if strings.Contains(fmt.Sprint(err), "wrong-token") {
		t.Error("the error shows the token")
	}
	if srv.Stats().Unauthorized == 0 {
		t.Error("the emulator saw no unauthorized request")
	}
	if srv.Stats().Connections != 0 {
		t.Error("the bot reached the gateway without a valid token")
	}
}

func TestNewValidates(t *testing.T) {
	t.Parallel()
	if _, err := New(Config{}, newTestHandler(), nil); err == nil {
		t.Error("no error without a token")
	}
	if _, err := New(Config{Token: "x", APIURL: "127.0.0.1:80"}, newTestHandler(), nil); err == nil {
		t.Error("no error for an API URL without a scheme")
	}
}

// TestCommandsAreOfferedInServersOnly: the commands are registered for
// guild channels only (Discord's contexts), so Discord never offers them
// in a DM with the bot.
func TestCommandsAreOfferedInServersOnly(t *testing.T) {
	t.Parallel()
	e := start(t, func(c *Config) { c.GuildIDs = nil })
	dm := e.srv.DMChannel(e.alice.ID)
	if _, err := e.srv.Command(e.alice, dm, "whoami", nil); !errors.Is(err, discordtest.ErrNotOffered) {
		t.Fatalf("a command in a DM: %v, want it not offered there", err)
	}
	if r, err := e.srv.Command(e.alice, e.channel, "whoami", nil); err != nil || !strings.Contains(r.Content(), "guild="+e.channel.GuildID) {
		t.Fatalf("the same command in a server channel: %v %+v", err, r)
	}
}

// TestTwoBots checks that bots share no process-wide state: each reaches
// its own emulator, one through a base URL and one through a versioned
// API URL.
func TestTwoBots(t *testing.T) {
	t.Parallel()
	e1 := start(t, nil)
	e2 := start(t, func(c *Config) { c.APIURL = c.APIURL + "/api/v10/" })
	r1 := e1.command(t, e1.alice, "echo", map[string]string{"text": "one"})
	r2 := e2.command(t, e2.alice, "echo", map[string]string{"text": "two"})
	if r1.Content() != "echo: one" || r2.Content() != "echo: two" {
		t.Errorf("replies %q, %q", r1.Content(), r2.Content())
	}
	if len(e1.srv.Messages()) != 1 || len(e2.srv.Messages()) != 1 {
		t.Error("a bot wrote to the other's emulator")
	}
}

// stopAndWait stops e's bot and waits for its Run to return.
func stopAndWait(t *testing.T, e *env) {
	t.Helper()
	e.cancel()
	waitRun(t, e, 15*time.Second)
}

// waitRun waits up to within for e's bot's Run to return without an
// error, and leaves a nil in its place for the cleanup.
func waitRun(t *testing.T, e *env, within time.Duration) {
	t.Helper()
	select {
	case err := <-e.runErr:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
		e.runErr <- nil // for the cleanup
	case <-time.After(within):
		t.Fatal("Run did not return")
	}
}

// TestStoppedBotStaysDisconnectedAfterADrop: a bot whose gateway dropped
// just before it was stopped holds no gateway connection once Run has
// returned. discordgo's own reconnect, started by the drop, used to open
// the session again after Run had closed it, leaving a stopped bot
// connected (and the e2e tests' stopBot waiting for it to go).
func TestStoppedBotStaysDisconnectedAfterADrop(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	e.srv.DropGateway()
	stopAndWait(t, e)
	// A reconnect racing the stop opens its connection within moments of
	// Run's return; two seconds give it ample room to show.
	e.srv.SetTimeout(2 * time.Second)
	if err := e.srv.Wait("a gateway connection after Run returned", e.srv.Connected); err == nil {
		t.Fatalf("the stopped bot holds a live gateway connection; stats %+v", e.srv.Stats())
	}
}

// TestBotStoppedWhileReconnectingStaysDisconnected: a bot stopped while
// its reconnects fail (the gateway down) does not connect once the
// gateway is back, after Run has returned.
func TestBotStoppedWhileReconnectingStaysDisconnected(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	e.srv.SetGatewayDown(true)
	e.srv.DropGateway()
	if err := e.srv.Wait("a refused reconnect", func() bool { return e.srv.Stats().Refused > 0 }); err != nil {
		t.Fatal(err)
	}
	stopAndWait(t, e)
	e.srv.SetGatewayDown(false)
	// The next try was due a second after the failed one; three give it
	// ample room to show.
	e.srv.SetTimeout(3 * time.Second)
	if err := e.srv.Wait("a gateway connection after Run returned", e.srv.Connected); err == nil {
		t.Fatalf("the stopped bot connected once the gateway was back; stats %+v", e.srv.Stats())
	}
}
