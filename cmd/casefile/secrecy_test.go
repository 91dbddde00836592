package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"casefile/commands"
	"casefile/engine"
	"casefile/storage"
)

// TestSecretsNeverReachTheChannel plays random games of every real game
// through the service and, after every move, checks that no value the
// game declares hidden from the public (vis tags) shows in anything posted
// in the channel or written to the log. Values that are also public
// elsewhere in the state (a card name both in a hand and on the display)
// cannot leak and are not counted; short values (numbers, single words of
// under 6 letters) are too common to test this way; nor are values the
// public view showed earlier in the same game (an Android card discarded
// face up, later shuffled back into its face-down deck: /log still shows
// the discard, and the deck's order stays hidden).
func TestSecretsNeverReachTheChannel(t *testing.T) {
	skipShort(t)
	games := 8
	for _, e := range registry {
		g := e.Game()
		t.Run(g.ID, func(t *testing.T) {
			t.Parallel()
			var logs bytes.Buffer
			db, err := storage.Open(filepath.Join(t.TempDir(), "casefile.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			svc := commands.New(db, Catalog(), Renderers(), commands.Settings{DefaultClock: -1}, slog.New(slog.NewTextHandler(&logs, nil)))
			ctx := context.Background()
			n := 0
			users := []string{"u0", "u1", "u2", "u3", "u4", "u5"}
			for game := 0; game < games; game++ {
				ch := fmt.Sprintf("c%d", game)
				var public strings.Builder
				// The last game's log was checked against that game; its
				// public lines (a card discarded face up) may name what
				// this game deals in secret.
				logs.Reset()
				do := func(user, cmd string, opts map[string]string) {
					n++
					r := svc.Handle(ctx, commands.Request{ID: fmt.Sprint(n), GuildID: fmt.Sprintf("g%d", game), ChannelID: ch, UserID: user, UserName: user, Command: cmd, Options: opts})
					if !r.Ephemeral {
						public.WriteString(r.Content + "\n")
						// A public reply's pictures (the /status board)
						// are drawn after it, as the bot does; their
						// captions and alt texts are public too.
						for _, l := range r.Later {
							f, err := l.Draw()
							if err != nil {
								t.Fatal(err)
							}
							public.WriteString(l.Content + "\n")
							if f != nil {
								public.WriteString(f.Description + "\n")
							}
						}
					}
					for _, p := range r.Posts {
						// At Game over a hidden-role game reveals every
						// secret choice of its log on purpose (README,
						// "Hidden roles"; TestE2EHiddenRolesThroughDiscord):
						// an Android dark card answered but outranked
						// stays in its hand and is named there.
						if strings.HasPrefix(p.Content, "🔓 **Every secret choice") {
							continue
						}
						public.WriteString(p.Content + "\n")
					}
					for _, dm := range r.DMs {
						public.WriteString(dm.Fallback + "\n")
					}
				}
				people := g.MinPlayers + game%(g.MaxPlayers-g.MinPlayers+1)
				do(users[0], "newgame", map[string]string{"game": g.ID, "options": fmt.Sprintf("seed=%d", game+100)})
				for _, u := range users[1:people] {
					do(u, "join", nil)
				}
				do(users[0], "start", nil)
				rec, err := db.OpenGame(ctx, ch)
				if err != nil {
					t.Fatal(err)
				}
				gameID := rec.ID
				wasPublic := map[string]bool{}
				rnd := engine.NewRand(uint64(game))
				for step := 0; step < 5000; step++ {
					rec, _ = db.GameByID(ctx, gameID)
					st, err := g.Load(rec.Snapshot)
					if err != nil {
						t.Fatal(err)
					}
					checkNoLeak(t, st, public.String()+logs.String(), wasPublic, fmt.Sprintf("game %d step %d", game, step))
					if rec.Status != storage.Active {
						break
					}
					public.Reset()
					logs.Reset()
					seat, mv, _ := engine.RandomMove(st, rnd)
					user, mv := moveAs(rec, seat, mv)
					do(user, "move", map[string]string{"action": mv})
					// The board a phase owed is posted after the reply:
					// its caption and alt text are public too.
					if _, err := svc.DrainPictures(ctx, poster(func(p commands.Post) {
						if p.UserID != "" {
							return // a seat's own picture, by DM to its player
						}
						public.WriteString(p.Content + "\n")
						for _, f := range p.Files {
							public.WriteString(f.Description + "\n")
						}
					})); err != nil {
						t.Fatal(err)
					}
					if step%15 == 0 {
						// /status draws the board: often enough to
						// cover it, not on every move.
						do(users[0], "status", nil)
						do(users[0], "log", nil)
					}
				}
			}
		})
	}
}

// poster posts by calling f (commands.Poster).
type poster func(commands.Post)

func (f poster) PostNow(_ context.Context, p commands.Post) error { f(p); return nil }

// checkNoLeak fails if text holds a value hidden from the public in st
// that the public view never showed: wasPublic gathers every string the
// public view has held so far.
func checkNoLeak(t *testing.T, st engine.State, text string, wasPublic map[string]bool, where string) {
	t.Helper()
	pub, err := json.Marshal(st.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	publicJSON := string(pub)
	var tree any
	if err := json.Unmarshal(pub, &tree); err != nil {
		t.Fatal(err)
	}
	gatherStrings(tree, wasPublic)
	for path, v := range engine.HiddenFrom(st, engine.Public) {
		// A face-down deck's secret is its order: which cards it holds
		// is known from the published deck lists, and a card played in
		// public may be shuffled back into it in the same move (AN-DRAW-07).
		// The cards in hands and in hiding are checked by their own paths.
		if strings.Contains(path, ".Down[") {
			continue
		}
		if len(v) < 6 || strings.Trim(v, "0123456789-") == "" || wasPublic[v] || strings.Contains(publicJSON, v) {
			continue
		}
		if strings.Contains(text, v) {
			t.Fatalf("%s: hidden %s = %q appears in the channel or the log", where, path, v)
		}
	}
}

// gatherStrings adds every string of a decoded JSON value to set.
func gatherStrings(v any, set map[string]bool) {
	switch x := v.(type) {
	case string:
		set[x] = true
	case []any:
		for _, e := range x {
			gatherStrings(e, set)
		}
	case map[string]any:
		for _, e := range x {
			gatherStrings(e, set)
		}
	}
}
