package commands_test

import (
	"context"
	"strings"
	"testing"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/storage"
)

// playToGameOver plays the channel's Stakeout to its end with random
// legal moves by each seat's user (ann holds seat 0, bo seat 1), and
// returns the last response.
func (h *harness) playToGameOver(seed uint64) commands.Response {
	h.t.Helper()
	r := engine.NewRand(seed)
	var last commands.Response
	for i := 0; i < 500; i++ {
		g, err := h.db.OpenGame(context.Background(), "c1")
		if err != nil {
			return last
		}
		st, err := enginetest.Load(g.Snapshot)
		if err != nil {
			h.t.Fatal(err)
		}
		seat, mv, ok := engine.RandomMove(st, r)
		if !ok {
			h.t.Fatal("nobody may act")
		}
		user := "ann"
		if seat == 1 {
			user = "bo"
		}
		last = h.move(user, mv)
	}
	h.t.Fatal("no game over in 500 moves")
	return last
}

// gameOverMessage is the table's message of a game's last move: the reply,
// or the post beside a secret move's private answer.
func gameOverMessage(t *testing.T, r commands.Response) (string, []commands.ButtonSpec) {
	t.Helper()
	if strings.Contains(r.Content, "Game over") {
		return r.Content, r.Buttons
	}
	for _, p := range r.Posts {
		if strings.Contains(p.Content, "Game over") {
			return p.Content, p.Buttons
		}
	}
	t.Fatalf("no Game over message in %+v", r)
	return "", nil
}

// TestFinishedGamesStayReachable: after Game over, /status and /log show
// the channel's last game until a new one opens; /history lists it with
// its winner; its transcript replays to the same final state; /stats
// counts it; and Play again opens a lobby with the same players.
func TestFinishedGamesStayReachable(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	id := h.game().ID
	over := h.playToGameOver(3)
	_, buttons := gameOverMessage(t, over)
	g, err := h.db.GameByID(context.Background(), id)
	if err != nil || g.Status != storage.Over {
		t.Fatalf("game %d: %v %v", id, g, err)
	}
	if st := h.ok("bo", "status", nil); !strings.Contains(st.Content, "The last game here") || len(drawLater(t, st)) != 1 {
		t.Fatalf("/status between games should show the last game and its board: %q", st.Content)
	}
	if lg := h.ok("bo", "log", nil); !strings.Contains(lg.Content, "The last game here") || !strings.Contains(lg.Content, "1. ") {
		t.Fatalf("/log between games: %q", lg.Content)
	}
	hist := h.ok("ann", "history", nil)
	if !strings.Contains(hist.Content, "#1") || !strings.Contains(hist.Content, "Stakeout") {
		t.Fatalf("/history: %q", hist.Content)
	}
	won := 0
	for _, r := range g.Seats {
		if r.Won {
			won++
		}
	}
	out, _ := enginetest.Load(g.Snapshot)
	if want := len(out.Outcome().Winners); won != want || won > 0 && !strings.Contains(hist.Content, "🏆") {
		t.Fatalf("%d seats marked as winners, the outcome names %d; /history: %q", won, want, hist.Content)
	}
	file := h.ok("ann", "history", map[string]string{"game": "1"})
	if len(file.Files) != 1 || !file.Ephemeral {
		t.Fatalf("/history game:1 should give one file, privately: %+v", file)
	}
	tr, err := commands.ParseTranscript(string(file.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.Replay(enginetest.Game(), tr.Setup, tr.Moves)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := st.Marshal()
	if string(a) != string(g.Snapshot) {
		t.Fatal("the transcript does not replay to the game's final state")
	}
	stats := h.ok("bo", "stats", nil)
	if !strings.Contains(stats.Content, "name-ann — 1 game") || !strings.Contains(stats.Content, "name-bo — 1 game") {
		t.Fatalf("/stats: %q", stats.Content)
	}
	again := ""
	for _, b := range buttons {
		if b.Label == "Play again" {
			again = b.CustomID
		}
	}
	if again == "" {
		t.Fatalf("the Game over message has no Play again button: %+v", buttons)
	}
	h.click("zed", again)
	if _, err := h.db.OpenGame(context.Background(), "c1"); err == nil {
		t.Fatal("someone who did not play opened the game again")
	}
	r := h.click("bo", again)
	lobby := h.game()
	if r.Refused || lobby.Status != storage.Lobby || len(lobby.Seats) != 2 || lobby.Seats[0].UserID != "ann" || lobby.Seats[1].UserID != "bo" || lobby.AuthorID != "bo" {
		t.Fatalf("Play again: %q; lobby %+v", r.Content, lobby)
	}
	if st := h.ok("bo", "status", nil); strings.Contains(st.Content, "The last game here") {
		t.Fatal("/status shows the last game though a new one is open")
	}
}

// TestGamesListsTheUsersGamesOnTheServer: /games lists, for the user,
// the running games they sit in, with their channel and whose turn it is.
func TestGamesListsTheUsersGamesOnTheServer(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	r := h.ok("bo", "games", nil)
	if !r.Ephemeral || !strings.Contains(r.Content, "<#c1>") || !strings.Contains(r.Content, "your move") {
		t.Fatalf("/games for a player: %q", r.Content)
	}
	if r := h.ok("zed", "games", nil); !strings.Contains(r.Content, "not playing") {
		t.Fatalf("/games for someone who plays nothing: %q", r.Content)
	}
}

// TestGameSavedUnderOtherRulesIsReplayedOrEnded: a game whose snapshot
// was made under another version of its rules is replayed from its log
// under this build's rules and saved with this version at its next move;
// one whose log no longer plays is ended with an explanation, and its
// stored state is never read as if the rules were the same.
func TestGameSavedUnderOtherRulesIsReplayedOrEnded(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.twoPlayerGame("")
	bid := func(user string) { h.move(user, "bid 1") }
	bid("ann")
	g := h.game()
	// The snapshot now claims other rules, and says nothing a replay
	// would not rebuild.
	if _, err := h.db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, RulesVersion: 7, Snapshot: []byte(`{"garbage":true}`)}); err != nil {
		t.Fatal(err)
	}
	if st := h.ok("bo", "status", nil); !strings.Contains(st.Content, "Stakeout") {
		t.Fatalf("/status of a replayed game: %q", st.Content)
	}
	bid("bo")
	if g := h.game(); g.RulesVersion != enginetest.Game().Version() {
		t.Fatalf("after a move the game is saved under rules version %d, want %d", g.RulesVersion, enginetest.Game().Version())
	}

	// A log the rules no longer accept ends the game.
	g = h.game()
	if _, err := h.db.Commit(ctx, storage.Change{GameID: g.ID, Version: g.Version, RulesVersion: 7, Moves: []storage.Move{{Seat: 0, Text: "dance"}}}); err != nil {
		t.Fatal(err)
	}
	r := h.do("ann", "move", map[string]string{"action": "pass"})
	if !r.Refused || !strings.Contains(r.Content, "older version of its rules") || !strings.Contains(r.Content, "ended without a result") {
		t.Fatalf("a move in a game whose log no longer plays: %q", r.Content)
	}
	closed, err := h.db.GameByID(ctx, g.ID)
	if err != nil || closed.Status != storage.Aborted {
		t.Fatalf("the game should be ended: %+v %v", closed, err)
	}
}
