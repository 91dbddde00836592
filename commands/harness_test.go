package commands_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
	"casefile/storage"
)

// clock is a test clock the harness moves by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// harness is a Service on a real SQLite file with the Stakeout fixture.
type harness struct {
	t     testing.TB
	path  string
	db    *storage.DB
	svc   *commands.Service
	clock *clock
	logs  *syncBuffer
	n     atomic.Int64
	// private are the seats' own pictures the last drain sent by DM.
	private []commands.Post
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func stakeoutRenderer() render.Renderer {
	draw := func(v engine.View) (image.Image, error) {
		sv := v.(enginetest.View)
		c := render.NewCanvas(200, 100)
		c.Text(fmt.Sprintf("round %d pot %d", sv.State.Round, sv.State.Pot), 10, 10, render.Bold, 16, render.Ink)
		return c.Image(), nil
	}
	return render.Renderer{Board: draw, Private: draw}
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "casefile.db"), clock: &clock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, logs: &syncBuffer{}}
	h.open(commands.Settings{DefaultClock: 24 * time.Hour})
	return h
}

// open (re)starts the service on the harness's database file, as a
// restarted bot would.
func (h *harness) open(settings commands.Settings) {
	if h.db != nil {
		h.db.Close()
	}
	db, err := storage.Open(h.path)
	if err != nil {
		h.t.Fatal(err)
	}
	db.Now = h.clock.Now
	h.db = db
	h.t.Cleanup(func() { db.Close() })
	cat := engine.NewCatalog(enginetest.Game())
	h.svc = commands.New(db, cat, map[string]render.Renderer{"stakeout": stakeoutRenderer()}, settings, slog.New(slog.NewTextHandler(h.logs, nil)))
	h.svc.Now = h.clock.Now
	h.svc.Seed = func() uint64 { return 99 }
}

func (h *harness) req(user, command string, opts map[string]string) commands.Request {
	return commands.Request{ID: fmt.Sprintf("i%d", h.n.Add(1)), GuildID: "g1", ChannelID: "c1", UserID: user, UserName: "name-" + user,
		Kind: commands.SlashCommand, Command: command, Options: opts, At: h.clock.Now()}
}

func (h *harness) do(user, command string, opts map[string]string) commands.Response {
	return h.svc.Handle(context.Background(), h.req(user, command, opts))
}

func (h *harness) ok(user, command string, opts map[string]string) commands.Response {
	h.t.Helper()
	r := h.do(user, command, opts)
	if r.Refused {
		h.t.Fatalf("/%s %v by %s refused: %s", command, opts, user, r.Content)
	}
	return r
}

func (h *harness) refused(user, command string, opts map[string]string, want string) commands.Response {
	h.t.Helper()
	before := h.snapshot()
	r := h.do(user, command, opts)
	if !r.Refused || !r.Ephemeral {
		h.t.Fatalf("/%s %v by %s was accepted, want refusal: %s", command, opts, user, r.Content)
	}
	if want != "" && !strings.Contains(r.Content, want) {
		h.t.Fatalf("/%s %v refusal %q does not mention %q", command, opts, r.Content, want)
	}
	if after := h.snapshot(); after != before {
		h.t.Fatalf("a refused /%s changed the stored game:\nbefore %s\nafter  %s", command, before, after)
	}
	return r
}

func (h *harness) move(user, text string) commands.Response {
	h.t.Helper()
	return h.ok(user, "move", map[string]string{"action": text})
}

// snapshot is the channel's stored game, for "nothing changed" checks.
func (h *harness) snapshot() string {
	g, err := h.db.OpenGame(context.Background(), "c1")
	if err != nil {
		return "none"
	}
	return fmt.Sprintf("v%d %s %s %v", g.Version, g.Status, g.Snapshot, g.Seats)
}

func (h *harness) game() *storage.Game {
	h.t.Helper()
	g, err := h.db.OpenGame(context.Background(), "c1")
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

func (h *harness) state() *enginetest.State {
	h.t.Helper()
	st, err := enginetest.Load(h.game().Snapshot)
	if err != nil {
		h.t.Fatal(err)
	}
	return st.(*enginetest.State)
}

func (h *harness) autocomplete(user, command, focused, typed string) []commands.Choice {
	r := h.req(user, command, map[string]string{focused: typed})
	r.Kind, r.Focused = commands.Autocomplete, focused
	return h.svc.Handle(context.Background(), r).Choices
}

func (h *harness) click(user, customID string) commands.Response {
	r := h.req(user, "", nil)
	r.Kind, r.CustomID = commands.Button, customID
	return h.svc.Handle(context.Background(), r)
}

// twoPlayerGame opens and starts a 2-player Stakeout with a fixed seed.
func (h *harness) twoPlayerGame(extra string) {
	h.t.Helper()
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 " + extra})
	h.ok("bo", "join", nil)
	h.ok("ann", "start", nil)
}

// posterFunc posts through a function (commands.Poster).
type posterFunc func(ctx context.Context, p commands.Post) error

func (f posterFunc) PostNow(ctx context.Context, p commands.Post) error { return f(ctx, p) }

// pictures draws and posts every picture owed now, as the picture worker
// would after the replies, and returns the channel's boards in order; the
// seats' own pictures sent by DM are kept in h.private.
func (h *harness) pictures() []commands.Post {
	h.t.Helper()
	var posts []commands.Post
	h.private = nil
	n, err := h.svc.DrainPictures(context.Background(), posterFunc(func(_ context.Context, p commands.Post) error {
		if p.UserID != "" {
			h.private = append(h.private, p)
		} else {
			posts = append(posts, p)
		}
		return nil
	}))
	if err != nil || n != len(posts)+len(h.private) {
		h.t.Fatalf("draining the pictures: %d posted, %d seen, %v", n, len(posts)+len(h.private), err)
	}
	return posts
}

// picture drains the pictures owed and wants exactly one.
func (h *harness) picture() commands.Post {
	h.t.Helper()
	posts := h.pictures()
	if len(posts) != 1 || len(posts[0].Files) != 1 {
		h.t.Fatalf("want one board picture, got %d posts: %+v", len(posts), posts)
	}
	return posts[0]
}
