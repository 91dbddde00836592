package commands_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
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

func TestLobbyToGameOverAndANewGame(t *testing.T) {
	h := newHarness(t)
	r := h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5 rounds=1"})
	if !strings.Contains(r.Content, "opened a lobby") || len(r.Buttons) != 3 {
		t.Fatalf("lobby reply %q buttons %v", r.Content, r.Buttons)
	}
	h.refused("bo", "newgame", map[string]string{"game": "stakeout"}, "already has a lobby")
	h.refused("bo", "start", nil, "Only <@ann>")
	// Join by button, as most people will.
	var join string
	for _, b := range r.Buttons {
		if b.Label == "Join" {
			join = b.CustomID
		}
	}
	if r := h.click("bo", join); r.Ephemeral || !strings.Contains(r.Content, "joins") {
		t.Fatalf("join button: %+v", r)
	}
	h.refused("bo", "join", nil, "already seated")
	r = h.ok("ann", "start", nil)
	if !strings.Contains(r.Content, "begins") || len(r.Files) != 0 || len(r.DMs) != 2 {
		t.Fatalf("start reply %q files %d dms %d", r.Content, len(r.Files), len(r.DMs))
	}
	// The board follows the reply, posted by the picture worker.
	if p := h.picture(); !bytes.HasPrefix(p.Files[0].Data, []byte("\x89PNG")) || p.ChannelID != "c1" || !strings.Contains(p.Content, "at the start") {
		t.Fatalf("board after the start: %q in %q", p.Content, p.ChannelID)
	}
	// Both bidders are named; the one who started the game is here
	// already and is not pinged.
	if len(r.Mentions) != 1 || r.Mentions[0] != "bo" || !strings.Contains(r.Content, "name-ann") {
		t.Fatalf("bo alone should be pinged, ann named: %v %q", r.Mentions, r.Content)
	}
	// Autocomplete lists the invoking user's legal moves, filtered.
	if got := h.autocomplete("ann", "move", "action", "BID 2"); len(got) != 1 || got[0].Value != "bid 2" {
		t.Fatalf("autocomplete: %+v", got)
	}
	if got := h.autocomplete("zed", "move", "action", ""); len(got) != 0 {
		t.Fatalf("a spectator got choices %+v", got)
	}
	h.move("ann", "bid 2")
	r = h.move("bo", "Bid  3")
	if table := tableMessage(t, r); len(table.Files) != 0 || !strings.Contains(table.Content, "House rolls") {
		t.Fatalf("the bid phase ended: want the reveal, and no image yet, got %q (%d files)", table.Content, len(table.Files))
	}
	if p := h.picture(); !strings.Contains(p.Content, "The board after") {
		t.Fatalf("the board after the bid phase: %q", p.Content)
	}
	h.refused("bo", "move", map[string]string{"action": "take"}, "not your turn")
	h.refused("zed", "move", map[string]string{"action": "take"}, "not playing")
	h.move("ann", "take")
	h.move("bo", "object")
	r = h.move("bo", "pass")
	if !strings.Contains(r.Content, "Game over") {
		t.Fatalf("final move: %q", r.Content)
	}
	if g, _ := h.db.OpenGame(context.Background(), "c1"); g != nil {
		t.Fatal("the channel still has an open game after game over")
	}
	h.ok("bo", "newgame", map[string]string{"game": "stakeout"})
}

func TestRejectedMovesSayWhyAndChangeNothing(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	r := h.refused("ann", "move", map[string]string{"action": "bid 9"}, "Legal now")
	if !strings.Contains(r.Content, "bid 0") {
		t.Fatalf("refusal should list legal moves: %q", r.Content)
	}
	h.refused("ann", "move", map[string]string{"action": strings.Repeat("x", 300)}, "too long")
	h.refused("ann", "newgame", map[string]string{"game": "chess"}, "stakeout")
	h.refused("ann", "newgame", map[string]string{"game": "stakeout", "options": "rounds=9"}, "choose one of")
}

func TestAbortNeedsAuthorOrManageChannels(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	h.refused("bo", "abort", nil, "Only <@ann>")
	req := h.req("mod", "abort", nil)
	req.ManageChannels = true
	if r := h.svc.Handle(context.Background(), req); r.Ephemeral || !strings.Contains(r.Content, "aborted") {
		t.Fatalf("a moderator's abort: %+v", r)
	}
	h.ok("ann", "newgame", map[string]string{"game": "stakeout"})
}

func TestRedeliveredInteractionAppliedOnce(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	req := h.req("ann", "move", map[string]string{"action": "bid 1"})
	first := h.svc.Handle(context.Background(), req)
	if first.Refused {
		t.Fatal(first.Content)
	}
	v := h.game().Version
	second := h.svc.Handle(context.Background(), req)
	if !second.Ephemeral || !strings.Contains(second.Content, "already done") || !strings.Contains(second.Content, first.Content[:min(len(first.Content), 100)]) {
		t.Fatalf("redelivery answered %+v", second)
	}
	if h.game().Version != v {
		t.Fatal("the redelivered move was applied again")
	}
	moves, _ := h.db.Moves(context.Background(), h.game().ID)
	if len(moves) != 1 {
		t.Fatalf("%d moves logged", len(moves))
	}
}

func TestSimultaneousMovesAtTheSameInstant(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=3"})
	for _, u := range []string{"bo", "cy", "di"} {
		h.ok(u, "join", nil)
	}
	h.ok("ann", "start", nil)
	var wg sync.WaitGroup
	replies := make([]commands.Response, 4)
	for i, u := range []string{"ann", "bo", "cy", "di"} {
		wg.Add(1)
		go func(i int, u string) {
			defer wg.Done()
			replies[i] = h.do(u, "move", map[string]string{"action": fmt.Sprintf("bid %d", i)})
		}(i, u)
	}
	wg.Wait()
	for i, r := range replies {
		if r.Refused {
			t.Fatalf("player %d's simultaneous bid refused: %s", i, r.Content)
		}
	}
	st := h.state()
	if st.Phase != "take" {
		t.Fatalf("after four bids the phase is %q", st.Phase)
	}
	for i, p := range st.Players {
		if p.Bid != i {
			t.Fatalf("player %d bid %d, want %d", i, p.Bid, i)
		}
	}
}

func TestSecretChoiceStaysSecret(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	r := h.move("ann", "bid 3")
	// The typed text goes back to its author alone; the table gets the
	// game's neutral line as a separate message.
	if !r.Ephemeral || !strings.Contains(r.Content, "bid 3") {
		t.Fatalf("the secret move should be answered privately: %+v", r)
	}
	if table := tableMessage(t, r); strings.Contains(table.Content, "bid 3") || strings.Contains(table.Content, "bid: 3") || !strings.Contains(table.Content, "sealed bid") {
		t.Fatalf("public message reveals the bid: %q", table.Content)
	}
	if len(r.DMs) != 1 || r.DMs[0].UserID != "ann" || !strings.Contains(r.DMs[0].Content, "You bid 3") {
		t.Fatalf("the bidder's DM: %+v", r.DMs)
	}
	if strings.Contains(r.DMs[0].Fallback, "3") {
		t.Fatalf("DM fallback carries the secret: %q", r.DMs[0].Fallback)
	}
	log := h.ok("bo", "log", nil)
	if strings.Contains(log.Content, "bid 3") || !strings.Contains(log.Content, "secret choice") {
		t.Fatalf("/log shows the secret: %q", log.Content)
	}
	if strings.Contains(h.logs.String(), "bid 3") {
		t.Fatalf("the bot's log carries the secret move:\n%s", h.logs.String())
	}
	status := h.ok("bo", "status", nil)
	if strings.Contains(status.Content, "bid: 3") {
		t.Fatalf("status shows the bid: %q", status.Content)
	}
	hand := h.do("ann", "hand", nil)
	if !hand.Ephemeral || !strings.Contains(hand.Content, "your bid: 3") || !strings.Contains(hand.Content, "You bid 3") {
		t.Fatalf("/hand should show ann her bid and history: %+v", hand)
	}
}

// TestReplayFromLogMatchesSnapshot plays whole games through the service
// and rebuilds each from its seed and stored move log.
func TestReplayFromLogMatchesSnapshot(t *testing.T) {
	for seed := 0; seed < 5; seed++ {
		h := newHarness(t)
		h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": fmt.Sprintf("seed=%d", seed)})
		h.ok("bo", "join", nil)
		h.ok("cy", "join", nil)
		h.ok("ann", "start", nil)
		users := []string{"ann", "bo", "cy"}
		r := engine.NewRand(uint64(seed))
		for i := 0; i < 200 && h.game() != nil; i++ {
			st := h.state()
			if st.Result != nil {
				break
			}
			seat, mv, _ := engine.RandomMove(st, r)
			h.move(users[seat], mv)
			g, err := h.db.OpenGame(context.Background(), "c1")
			if err != nil {
				break // game over
			}
			moves, _ := h.db.Moves(context.Background(), g.ID)
			var log []engine.LoggedMove
			for _, m := range moves {
				log = append(log, engine.LoggedMove{Seat: engine.Seat(m.Seat), Text: m.Text})
			}
			replayed, err := engine.Replay(enginetest.Game(), engine.Setup{Players: 3, Seed: uint64(seed), Options: map[string]string{"rounds": "3"}}, log)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := replayed.Marshal()
			if !bytes.Equal(got, g.Snapshot) {
				t.Fatalf("seed %d move %d: replay differs from snapshot\n%s\n%s", seed, i, got, g.Snapshot)
			}
		}
	}
}

func TestPlayersOptionStartsWhenFull(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "players=2"})
	h.refused("ann", "start", nil, "starts by itself")
	r := h.ok("bo", "join", nil)
	if !strings.Contains(r.Content, "begins") {
		t.Fatalf("the lobby did not start when full: %q", r.Content)
	}
	h.refused("cy", "join", nil, "already started")
}

func TestHelpRulesAndDefinitions(t *testing.T) {
	h := newHarness(t)
	if r := h.ok("ann", "help", nil); !strings.Contains(r.Content, "stakeout") {
		t.Fatalf("help: %q", r.Content)
	}
	if r := h.ok("ann", "rules", map[string]string{"game": "stakeout"}); !strings.Contains(r.Content, "sealed") && !strings.Contains(r.Content, "secret") {
		t.Fatalf("rules: %q", r.Content)
	}
	names := map[string]bool{}
	for _, d := range h.svc.Definitions() {
		names[d.Name] = true
	}
	for _, want := range []string{"newgame", "join", "leave", "start", "move", "status", "hand", "log", "resign", "abort", "help", "rules"} {
		if !names[want] {
			t.Errorf("command /%s is not defined", want)
		}
	}
	if got := h.autocomplete("ann", "newgame", "game", "stake"); len(got) != 1 || got[0].Value != "stakeout" {
		t.Fatalf("game autocomplete %+v", got)
	}
}

func TestResignInTwoPlayerGameEndsIt(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	r := h.ok("bo", "resign", nil)
	if !strings.Contains(r.Content, "Game over") || !strings.Contains(r.Content, "name-ann") {
		t.Fatalf("resign: %q", r.Content)
	}
}

func TestResignWithOthersLeftHandsSeatToStandIn(t *testing.T) {
	h := newHarness(t)
	h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=1"})
	h.ok("bo", "join", nil)
	h.ok("cy", "join", nil)
	h.ok("ann", "start", nil)
	r := h.ok("cy", "resign", nil)
	if !strings.Contains(r.Content, "stand-in") {
		t.Fatalf("resign: %q", r.Content)
	}
	// The stand-in made cy's sealed bid at once.
	if !h.state().Players[2].HasBid {
		t.Fatal("the stand-in did not bid for the resigned seat")
	}
}

func FuzzMoveText(f *testing.F) {
	for _, s := range []string{"bid 2", "BID 2", "take", "seat1: bid 1", "seat9: x", "", "\x00", "@{0}"} {
		f.Add(s)
	}
	h := newHarness(f)
	h.twoPlayerGame("")
	f.Fuzz(func(t *testing.T, s string) {
		r := h.do("ann", "move", map[string]string{"action": s})
		if r.Content == "" {
			t.Fatalf("no answer for %q", s)
		}
	})
}

// TestEveryDefinedCommandIsRoutedAndHelped checks that registration,
// routing and /help agree: each registered command is handled (not
// "Unknown command") and named in /help, which does not need to name
// itself.
func TestEveryDefinedCommandIsRoutedAndHelped(t *testing.T) {
	h := newHarness(t)
	help := h.ok("ann", "help", nil).Content
	for _, d := range h.svc.Definitions() {
		if r := h.do("ann", d.Name, nil); strings.Contains(r.Content, "Unknown command") {
			t.Errorf("/%s is registered but not routed: %q", d.Name, r.Content)
		}
		if d.Name != "help" && !strings.Contains(help, "`/"+d.Name) {
			t.Errorf("/help does not mention /%s", d.Name)
		}
	}
	if r := h.do("ann", "nosuch", nil); !r.Ephemeral || !strings.Contains(r.Content, "Unknown command /nosuch") {
		t.Fatalf("an unknown command: %q", r.Content)
	}
}

// countingRenderer is the fixture's renderer, counting what it draws.
func countingRenderer(boards, privates *atomic.Int64) render.Renderer {
	r := stakeoutRenderer()
	board, private := r.Board, r.Private
	r.Board = func(v engine.View) (image.Image, error) { boards.Add(1); return board(v) }
	r.Private = func(v engine.View) (image.Image, error) { privates.Add(1); return private(v) }
	return r
}

// TestVersionConflictDrawsNothingTwice plays the same moves twice, the
// second time with another change committed under each phase-ending move
// at the moment it commits, so that it is retried: the retry must draw no
// more images than the clean run, and answer the same.
func TestVersionConflictDrawsNothingTwice(t *testing.T) {
	play := func(conflict bool) (replies []commands.Response, boards, privates int64, retried bool) {
		h := newHarness(t)
		var nb, np atomic.Int64
		h.svc.Renderers["stakeout"] = countingRenderer(&nb, &np)
		h.twoPlayerGame("rounds=1")
		var armed atomic.Bool
		if conflict {
			h.db.Now = func() time.Time {
				if armed.CompareAndSwap(true, false) {
					g := h.game()
					if _, err := h.db.Commit(context.Background(), storage.Change{GameID: g.ID, Version: g.Version}); err != nil {
						t.Error(err)
					}
					retried = true
				}
				return h.clock.Now()
			}
		}
		nb.Store(0)
		np.Store(0)
		for _, m := range []struct{ user, text string }{{"ann", "bid 2"}, {"bo", "bid 3"}, {"ann", "take"}, {"bo", "object"}, {"bo", "pass"}} {
			armed.Store(true)
			replies = append(replies, h.move(m.user, m.text))
		}
		h.pictures()
		return replies, nb.Load(), np.Load(), retried
	}
	clean, cleanBoards, cleanPrivates, _ := play(false)
	raced, racedBoards, racedPrivates, retried := play(true)
	if !retried {
		t.Fatal("no conflict was made; the test proves nothing")
	}
	if cleanBoards == 0 || racedBoards != cleanBoards || racedPrivates != cleanPrivates {
		t.Fatalf("drawn with conflicts %d boards, %d private; without %d and %d", racedBoards, racedPrivates, cleanBoards, cleanPrivates)
	}
	for i := range clean {
		c, r := clean[i], raced[i]
		if c.Content != r.Content || len(c.Files) != len(r.Files) || len(c.DMs) != len(r.DMs) || len(c.Posts) != len(r.Posts) {
			t.Fatalf("move %d answered differently after a retry:\n%+v\n%+v", i+1, r, c)
		}
	}
}

// tableMessage is what the table sees of an accepted move: the reply
// itself, or, when the reply was private (a secret move), the public
// message posted beside it.
func tableMessage(t *testing.T, r commands.Response) commands.Post {
	t.Helper()
	if !r.Ephemeral {
		return commands.Post{Content: r.Content, Files: r.Files, Mentions: r.Mentions, Buttons: r.Buttons}
	}
	for _, p := range r.Posts {
		if p.Key == "" {
			return p
		}
	}
	t.Fatalf("a private reply with no public message: %+v", r)
	return commands.Post{}
}

// TestSoloGameStartsAtOnce: /newgame with players=1 deals the game in the
// same command. The lobby's commit records the interaction, so the start
// must not be taken for a redelivery of it ("This was already done").
func TestSoloGameStartsAtOnce(t *testing.T) {
	h := newHarness(t)
	r := h.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "players=1 seed=3"})
	if strings.Contains(r.Content, "already done") || !strings.Contains(r.Content, "begins") {
		t.Fatalf("a one-player /newgame should open and start the game: %q", r.Content)
	}
	if g := h.game(); g.Status != storage.Active {
		t.Fatalf("the game is %s, want active", g.Status)
	}
}

// summaryOf is the game summary among a response's posts.
func summaryOf(r commands.Response) (commands.Post, bool) {
	for _, p := range r.Posts {
		if strings.HasPrefix(p.Key, "summary/") {
			return p, true
		}
	}
	return commands.Post{}, false
}

// TestSummaryClosesWithTheGameAndIsNotReused: /abort brings the summary
// up to date (no one is waited for any more), the next game in the
// channel gets a summary of its own instead of editing the last one far up
// the channel, and an undone move's strike-through is closed.
func TestSummaryClosesWithTheGameAndIsNotReused(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	r := h.ok("ann", "abort", nil)
	first, ok := summaryOf(r)
	if !ok || !strings.Contains(first.Content, "aborted") || strings.Contains(first.Content, "Waiting") || strings.Contains(first.Content, "left") {
		t.Fatalf("after /abort the summary should say the game was aborted and wait for nobody: %+v", r.Posts)
	}
	h.twoPlayerGame("")
	var played commands.Response
	for _, mv := range h.state().Legal(0) {
		if strings.HasPrefix(mv, "bid") {
			played = h.move("ann", mv)
			break
		}
	}
	if played.Content == "" {
		t.Fatal("no bid to make")
	}
	r = h.ok("ann", "undo", nil)
	second, ok := summaryOf(r)
	if !ok || second.Key == first.Key {
		t.Fatalf("the second game's summary has key %q, the first's %q: want one per game", second.Key, first.Key)
	}
	if n := strings.Count(second.Content, "~~"); n == 0 || n%2 != 0 {
		t.Fatalf("the undone move's strike-through is not closed (%d marks): %q", n, second.Content)
	}
}

// TestRefusalListsLegalMovesOnce: a game's refusal already says what
// would be legal; the platform must not add a second list.
func TestRefusalListsLegalMovesOnce(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	r := h.refused("ann", "move", map[string]string{"action": "dance"}, "Legal now")
	if n := strings.Count(r.Content, "Legal now"); n != 1 {
		t.Fatalf("the refusal lists the legal moves %d times: %q", n, r.Content)
	}
}

// TestCommandsOutsideAServerAreRefused: an interaction from a DM runs
// nothing and says where games are played.
func TestCommandsOutsideAServerAreRefused(t *testing.T) {
	h := newHarness(t)
	req := h.req("ann", "newgame", map[string]string{"game": "stakeout"})
	req.GuildID, req.ChannelID = "", "dm-ann"
	r := h.svc.Handle(context.Background(), req)
	if !r.Refused || !r.Ephemeral || !strings.Contains(r.Content, "server") {
		t.Fatalf("a /newgame from a DM: %+v", r)
	}
	if _, err := h.db.OpenGame(context.Background(), "dm-ann"); err == nil {
		t.Fatal("a game was opened in a DM")
	}
}

// TestHelpNamesOptionsAsDiscordTakesThem: /help writes /away with its
// option name, as Discord's command box takes it.
func TestHelpNamesOptionsAsDiscordTakesThem(t *testing.T) {
	h := newHarness(t)
	r := h.ok("ann", "help", nil)
	if !strings.Contains(r.Content, "/away for:2d") || strings.Contains(r.Content, "/away 2d") {
		t.Fatalf("/help: %q", r.Content)
	}
}
