package main

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"casefile/bot/discordtest"
	"casefile/commands"
	"casefile/engine"
	"casefile/engine/escapeplan"
)

// TestE2EEscapePlanTwoPlayersWithSandra plays a 2-player Escape Plan, with
// Sandra as the automated third player, from /newgame to Game over through
// the emulator, and checks each player's Escape Plan card reaches them, and
// only them, by DM.
func TestE2EEscapePlanTwoPlayersWithSandra(t *testing.T) {
	e := newE2EWith(t, registry)
	e.ok("ann", "newgame", map[string]string{"game": "escape-plan", "options": "players=2 seed=21"})
	r := e.ok("bo", "join", nil) // the lobby is full: the game starts
	if !strings.Contains(r.Content(), "begins") || len(e.settledBoards()) != 1 {
		t.Fatalf("the game should start with the board: %q", r.Content())
	}
	db := e.db()
	g, err := db.OpenGame(context.Background(), e.ch.ID)
	if err != nil {
		t.Fatal(err)
	}
	st, err := escapeplan.Game().Load(g.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	// The day-1 Patrol happened while the game was dealt: its cards, and
	// any Exit they block, are told with the start (EP-PATROL items).
	opening := st.(engine.SetupLogger).SetupLog()
	if len(opening) == 0 {
		t.Fatal("Escape Plan's setup logged nothing")
	}
	for _, line := range opening {
		if !strings.Contains(r.Content(), line) {
			t.Fatalf("the start message lacks the setup line %q:\n%s", line, r.Content())
		}
	}
	// /status says once whom the game waits for (the view's text used to
	// say it too).
	if st := e.cmd("ann", "status", nil); strings.Count(st.Content(), "Waiting for") != 1 {
		t.Fatalf("/status should name whom the game waits for once: %q", st.Content())
	}
	planOf := regexp.MustCompile(`Escape Plan: ([^(\n]+) \(`)
	plans := map[string]string{}
	for _, name := range []string{"ann", "bo"} {
		// The notes come with the start, the seat's own board after
		// them, drawn once the start was answered.
		dms := e.emu.DMs(e.users[name].ID)
		if len(dms) != 2 || len(dms[0].Files) != 0 || len(dms[1].Files) != 1 || !strings.Contains(dms[1].Content, "your private view") {
			t.Fatalf("%s got no private view and board by DM: %+v", name, dms)
		}
		m := planOf.FindStringSubmatch(dms[0].Content)
		if m == nil {
			t.Fatalf("%s's DM has no Escape Plan card: %q", name, dms[0].Content)
		}
		plans[name] = strings.TrimSpace(m[1])
		seat := g.SeatsOf(e.users[name].ID)[0]
		if own := st.View(engine.Seat(seat)).Text(); !strings.Contains(own, plans[name]) {
			t.Fatalf("%s's DM names plan %q, not the one their seat holds", name, plans[name])
		}
	}
	byID := map[string]discordtest.User{}
	for _, u := range e.users {
		byID[u.ID] = u
	}
	rnd := engine.NewRand(21)
	var last *discordtest.Reply
	sawSandra := false
	for step := 0; step < 4000; step++ {
		g, err := db.OpenGame(context.Background(), e.ch.ID)
		if err != nil {
			break
		}
		st, _ := escapeplan.Game().Load(g.Snapshot)
		seat, mv, ok := engine.RandomMove(st, rnd)
		if !ok {
			t.Fatal("nobody may act")
		}
		rep, err := e.emu.Command(byID[seatOwner(g, seat)], e.ch, "move", map[string]string{"action": mv})
		if err != nil {
			t.Fatal(err)
		}
		if !accepted(rep) {
			t.Fatalf("step %d: legal move %q refused: %q", step, mv, rep.Content())
		}
		sawSandra = sawSandra || strings.Contains(rep.Content(), "Sandra")
		last = rep
	}
	if last == nil || !strings.Contains(last.Content(), "Game over") {
		t.Fatalf("no Game over: %+v", last)
	}
	if !sawSandra {
		t.Fatal("Sandra never acted in the channel")
	}
	// No channel message ever named a player's Escape Plan card.
	for _, m := range e.emu.ChannelMessages(e.ch.ID) {
		if m.Ephemeral() {
			continue
		}
		for name, plan := range plans {
			if strings.Contains(m.Content, plan) && !publicPlanMention(m.Content, plan) {
				t.Fatalf("%s's Escape Plan %q appears in a public message: %q", name, plan, m.Content)
			}
		}
	}
}

// publicPlanMention allows a plan's title in public only where the rules
// reveal it: in the final scoring, once the game is over.
func publicPlanMention(content, plan string) bool {
	return strings.Contains(content, "Game over")
}

// TestPrivateViewChangesRefreshTheDM plays random Escape Plan moves through
// the service and checks that whenever a player's own secret part of the
// view (behind the screen) changes, that player gets a DM with the move.
func TestPrivateViewChangesRefreshTheDM(t *testing.T) {
	skipShort(t)
	e := newE2EWith(t, registry)
	svc := e.main.Service
	ctx := context.Background()
	db := e.db()
	n := 0
	do := func(user, cmd string, opts map[string]string) commands.Response {
		n++
		return svc.Handle(ctx, commands.Request{ID: fmt.Sprintf("p%d", n), GuildID: "g", ChannelID: "dm-test", UserID: user, UserName: user, Command: cmd, Options: opts})
	}
	do("ann", "newgame", map[string]string{"game": "escape-plan", "options": "seed=8"})
	do("bo", "join", nil)
	do("cy", "join", nil)
	do("ann", "start", nil)
	// screen is what the seat sees that the public does not: every value
	// hidden from the public but not from the seat, by field path.
	screen := func(st engine.State, seat engine.Seat) string {
		mine := engine.HiddenFrom(st, seat)
		var parts []string
		for path, v := range engine.HiddenFrom(st, engine.Public) {
			if _, hidden := mine[path]; !hidden {
				parts = append(parts, path+"="+v)
			}
		}
		sort.Strings(parts)
		return strings.Join(parts, ";")
	}
	rnd := engine.NewRand(8)
	refreshed := 0
	for step := 0; step < 200; step++ {
		g, err := db.OpenGame(ctx, "dm-test")
		if err != nil {
			break
		}
		before, _ := escapeplan.Game().Load(g.Snapshot)
		seat, mv, _ := engine.RandomMove(before, rnd)
		user := g.Seats[seat].UserID
		resp := do(user, "move", map[string]string{"action": mv})
		if resp.Refused {
			t.Fatalf("move %q refused: %s", mv, resp.Content)
		}
		rec, _ := db.GameByID(ctx, g.ID)
		after, _ := escapeplan.Game().Load(rec.Snapshot)
		for _, s := range g.Seats {
			if screen(before, engine.Seat(s.Seat)) == screen(after, engine.Seat(s.Seat)) {
				// Nothing secret changed: a DM may carry a note, but
				// never a bare "changed" refresh.
				for _, dm := range resp.DMs {
					if dm.UserID == s.UserID && strings.Contains(dm.Content, "Your private view, updated") && !strings.Contains(dm.Content, "•") {
						t.Fatalf("step %d (%q): %s was told their private information changed, but it did not", step, mv, s.UserID)
					}
				}
				continue
			}
			got := false
			for _, dm := range resp.DMs {
				got = got || dm.UserID == s.UserID
			}
			if !got {
				t.Fatalf("step %d (%q): %s's screen changed but no DM went out", step, mv, s.UserID)
			}
			refreshed++
		}
	}
	if refreshed == 0 {
		t.Fatal("no private view changed in 200 moves; the test tested nothing")
	}
}
