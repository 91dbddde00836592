package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/android"
	"casefile/storage"
)

// hunchWords are the words that would name a hunch in a public message:
// a seat's private view, and the closing's line per detective.
var hunchWords = []string{"Your hunches:", "guilty hunch", "innocent hunch"}

// namesHunch reports which of hunchWords text holds, if any.
func namesHunch(text string) string {
	for _, w := range hunchWords {
		if strings.Contains(text, w) {
			return w
		}
	}
	return ""
}

// suspectNamed is the name of the suspect whose slug is given.
func suspectNamed(t *testing.T, slug string) string {
	for _, s := range android.Suspects {
		if s.Slug == slug {
			return s.Name
		}
	}
	t.Fatalf("no suspect %q", slug)
	return ""
}

// TestE2EAndroidThroughDiscord plays a 3-player Android (seed 5, murder
// 2, no turn clock, the server's default reaction window of 30 minutes)
// from /newgame to Game over through the Discord emulator, every move a
// real /move interaction chosen by the game's own bot from the seat's
// private view, but for the first moves of the first turn, picked from
// the autocomplete and from the picker; a murder sheet out of range is
// refused in the lobby. Each player's hunches arrive by DM to that player
// only (AN-SETUP-29: dealt in secret, as the platform delivers it);
// the first dark-card window waits for one seat's answer until its time
// runs out and the platform's tick passes for it; in a later window a
// seat plays a dark card; a board is posted after every detective's turn;
// nothing public names a hunch before Game over, and Game over shows
// every seat's hunches. It logs the windows the game opened and what they
// cost at the default window.
func TestE2EAndroidThroughDiscord(t *testing.T) {
	skipShort(t)
	clock := &testClock{now: time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}
	e := newE2EGamesWithClock(t, registry, clock, "ann", "bo", "cy")
	if r := e.cmd("ann", "newgame", map[string]string{"game": "android", "options": "murder=4"}); !r.Ephemeral() || !strings.Contains(r.Content(), "murder") {
		t.Fatalf("murder=4 should be refused, naming the option: %q", r.Content())
	}
	r := e.ok("ann", "newgame", map[string]string{"game": "android", "options": "seed=5 murder=2 clock=off"})
	if !strings.Contains(r.Content(), "opened a lobby") {
		t.Fatalf("/newgame should open a lobby: %q", r.Content())
	}
	e.ok("bo", "join", nil)
	e.ok("cy", "join", nil)
	users := []string{"ann", "bo", "cy"}
	before := map[string]int{}
	for _, u := range users {
		before[u] = len(e.emu.DMs(e.users[u].ID))
	}
	if start := e.ok("ann", "start", nil); !strings.Contains(start.Content(), "**Android** begins!") {
		t.Fatalf("the game should start: %q", start.Content())
	}
	db := e.db()
	ctx := context.Background()
	g, err := db.OpenGame(ctx, e.ch.ID)
	if err != nil || g.Status != storage.Active {
		t.Fatalf("the game did not start: %v %+v", err, g)
	}
	gameID := g.ID
	def := android.Game()
	st0, err := def.Load(g.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	dealt := st0.(*android.State)
	byID := map[string]string{}
	for n, u := range e.users {
		byID[u.ID] = n
	}
	userOf := func(seat int) string { return byID[seatOwner(g, engine.Seat(seat))] }

	// Each seat's hunches arrive by DM to that player, once, and no other
	// seat's; every player gets as many DMs at the deal.
	// The seats' own pictures follow the deal's DMs from the picture
	// worker: wait for them, so every player's count is complete.
	e.settle()
	own := map[string]string{}
	counts := map[int]bool{}
	for seat := range dealt.Dets {
		d := dealt.Dets[seat]
		u := userOf(seat)
		own[u] = fmt.Sprintf("Your hunches: %s is guilty, %s is innocent.", suspectNamed(t, d.Guilty), suspectNamed(t, d.Innocent))
		dms := e.emu.DMs(e.users[u].ID)
		counts[len(dms)-before[u]] = true
		var got strings.Builder
		for _, m := range dms[before[u]:] {
			got.WriteString(m.Content + "\n")
		}
		if strings.Count(got.String(), "Your hunches:") != 1 || !strings.Contains(got.String(), own[u]) {
			t.Fatalf("%s's DMs at the deal should hold %q and no other hunches:\n%s", u, own[u], got.String())
		}
	}
	if len(counts) != 1 {
		t.Fatalf("players got different numbers of DMs at the deal: %v", counts)
	}

	// Play to Game over.
	rnd := engine.NewRand(7)
	steps, timedOut, forced := 0, false, ""
	for ; ; steps++ {
		if steps > 5000 {
			t.Fatal("the game did not end within 5000 moves")
		}
		g, err := db.GameByID(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != storage.Active {
			break
		}
		st, err := def.Load(g.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		turn := st.Turn()
		var seat engine.Seat = -1
		var legal []string
		for _, s := range turn.Seats {
			if l := st.Legal(s); len(l) > 0 {
				seat, legal = s, l
				break
			}
		}
		if seat < 0 {
			t.Fatalf("move %d: nobody may act in %s", steps, turn.Phase)
		}
		if steps < 8 && turn.Kind == engine.Sequential {
			// The first moves of the first turn are picked without
			// typing: from the autocomplete, then from the picker.
			choose := e.byAutocomplete
			if steps%2 == 1 {
				choose = e.byPicker
			}
			picked, rep := choose(e.users[userOf(int(seat))], rnd)
			if !accepted(rep) {
				t.Fatalf("move %d: %s's pick %q was refused: %q", steps, userOf(int(seat)), picked, rep.Content())
			}
			continue
		}
		mv := def.Bot(st.View(seat), legal, rnd)
		if turn.Kind == engine.Reaction && len(turn.Seats) == 2 && !timedOut && slices.Contains(legal, "pass") {
			// The first window: one seat passes, so that the window
			// stays open for the other.
			mv = "pass"
		}
		if turn.Kind == engine.Reaction && timedOut && forced == "" {
			// The first window after the timed-out one where a seat
			// may play a dark card: it plays one.
			for _, s := range turn.Seats {
				for _, l := range st.Legal(s) {
					if strings.HasPrefix(l, "play ") && forced == "" {
						seat, mv, forced = s, l, l
					}
				}
			}
		}
		user, text := moveAs(g, seat, mv)
		rep, err := e.emu.Command(e.users[byID[user]], e.ch, "move", map[string]string{"action": text})
		if err != nil {
			t.Fatal(err)
		}
		if !accepted(rep) {
			t.Fatalf("move %d: seat %d's legal move %q was refused: %q", steps, int(seat)+1, mv, rep.Content())
		}
		if w := namesHunch(rep.Content()); w != "" && !strings.Contains(rep.Content(), "Game over") && !rep.Ephemeral() {
			t.Fatalf("move %d: the public reply names a hunch (%q) before Game over:\n%s", steps, w, rep.Content())
		}
		if turn.Kind == engine.Reaction && len(turn.Seats) == 2 && !timedOut {
			// The first window: one seat answered, the other stays
			// silent until the window's time runs out.
			silent := turn.Seats[0]
			if silent == seat {
				silent = turn.Seats[1]
			}
			clock.Add(31 * time.Minute)
			ran := fmt.Sprintf("⌛ **%s**'s time to respond ran out.", userOf(int(silent)))
			if _, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
				return m.ChannelID == e.ch.ID && strings.Contains(m.Content, ran)
			}); err != nil {
				t.Fatalf("the window did not close on time for %s: %v", userOf(int(silent)), err)
			}
			timedOut = true
		}
	}
	if _, err := db.OpenGame(ctx, e.ch.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("the channel should be free after Game over: %v", err)
	}
	if e.picks["command"]+e.picks["your move"] == 0 {
		t.Fatalf("no move was picked from the picker: %v", e.picks)
	}
	if !timedOut || forced == "" {
		t.Fatalf("the game never closed a window by time (%v) or never offered a dark card (%q)", timedOut, forced)
	}

	// Game over shows every seat's hunches.
	g, err = db.GameByID(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	over, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && !m.Ephemeral() && strings.Contains(m.Content, "🏁 **Game over**")
	})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := db.Moves(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	last := moves[len(moves)-1].Public
	for seat, d := range dealt.Dets {
		if want := "guilty hunch " + suspectNamed(t, d.Guilty); !strings.Contains(last, want) {
			t.Fatalf("Game over should show seat %d's %q:\n%s", seat+1, want, last)
		}
	}
	// The log holds the moves sent and the one pass played by the clock;
	// the windows are counted from it: each closes with one dark card
	// played or none.
	if len(moves) != steps+1 {
		t.Fatalf("the log holds %d moves; %d were sent and 1 played by the clock", len(moves), steps)
	}
	windows, darks := 0, 0
	for _, mv := range moves {
		windows += strings.Count(mv.Public, "No dark card is played.")
		darks += strings.Count(mv.Public, "'s dark card ")
	}
	if darks == 0 {
		t.Fatalf("no dark card was played (%q was sent)", forced)
	}
	windows += darks
	t.Logf("Game over after %d moves through /move (picks %v): %d dark-card windows, %d with a dark card; at the default 30-minute window, %s if every window waited to its end",
		steps, e.picks, windows, darks, time.Duration(windows)*30*time.Minute)

	// Nothing public names a hunch before Game over: no channel message
	// but Game over's, no public log line of a move before the last.
	for _, m := range e.emu.PublicMessages(e.ch.ID) {
		if strings.Contains(m.Content, "Game over") || m.ID == over.ID {
			continue
		}
		if w := namesHunch(m.Content); w != "" {
			t.Fatalf("a channel message names a hunch (%q) before Game over:\n%s", w, m.Content)
		}
		for _, f := range m.Files {
			if w := namesHunch(f.Description); w != "" {
				t.Fatalf("a board's alt text names a hunch (%q):\n%s", w, f.Description)
			}
		}
	}
	for _, mv := range moves[:len(moves)-1] {
		if w := namesHunch(mv.Public); w != "" {
			t.Fatalf("move %d's public log names a hunch (%q): %q", mv.N, w, mv.Public)
		}
	}
	// Every DM before Game over names only its owner's hunches.
	overID, _ := strconv.ParseUint(over.ID, 10, 64)
	for _, u := range users {
		views := 0
		for _, m := range e.emu.DMs(e.users[u].ID) {
			if id, _ := strconv.ParseUint(m.ID, 10, 64); id > overID {
				continue
			}
			if strings.Contains(m.Content, own[u]) {
				views++
			}
			if w := namesHunch(strings.ReplaceAll(m.Content, own[u], "")); w != "" {
				t.Fatalf("%s's DM before Game over names hunches not theirs (%q):\n%s", u, w, m.Content)
			}
		}
		if views == 0 {
			t.Fatalf("%s got no private view by DM", u)
		}
	}
	// A board after every detective's turn: 12 days of 3 turns.
	if boards := e.settledBoards(); len(boards) < 36 {
		t.Fatalf("%d boards posted; want one after each of the 36 turns at least", len(boards))
	}
}
