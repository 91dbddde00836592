package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
)

// byAutocomplete is a player who never types a move: they open the
// `/move` autocomplete with an empty field, pick a random choice, and
// while it is a group, pick again from the list the group's value gives,
// then send what they picked.
func (e *e2e) byAutocomplete(user discordtest.User, r *engine.Rand) (string, *discordtest.Reply) {
	e.t.Helper()
	action := e.pickByAutocomplete(user, r)
	rep, err := e.emu.Command(user, e.ch, "move", map[string]string{"action": action})
	if err != nil {
		e.t.Fatal(err)
	}
	return action, rep
}

// pickByAutocomplete is the action byAutocomplete picks.
func (e *e2e) pickByAutocomplete(user discordtest.User, r *engine.Rand) string {
	e.t.Helper()
	typed := ""
	for depth := 1; ; depth++ {
		cs, err := e.emu.Autocomplete(user, e.ch, "move", map[string]string{"action": typed}, "action")
		if err != nil {
			e.t.Fatal(err)
		}
		if len(cs) == 0 {
			e.t.Fatalf("%s, who may act, got no choices for %q", user.Username, typed)
		}
		c := engine.Pick(r, cs)
		if c.Name == c.Value {
			return c.Value
		}
		if e.picks == nil {
			e.picks = map[string]int{}
		}
		e.picks["group"]++
		if depth == 3 {
			e.t.Fatalf("a group %q at the third pick", c.Name)
		}
		typed = c.Value
	}
}

// byPicker is a player who never types a move: they click the Your move
// button of the channel's latest message that has one (or send `/move`
// with no action when none has), then click or select random entries of
// the picker they get until one plays a move. It returns what was picked
// and the reply that played it.
func (e *e2e) byPicker(user discordtest.User, r *engine.Rand) (string, *discordtest.Reply) {
	e.t.Helper()
	if e.picks == nil {
		e.picks = map[string]int{}
	}
	var rep *discordtest.Reply
	var err error
	msgs := e.emu.PublicMessages(e.ch.ID)
	for i := len(msgs) - 1; i >= 0 && rep == nil; i-- {
		for _, b := range msgs[i].Buttons() {
			if b.Label == "Your move" {
				if rep, err = e.emu.Click(user, e.ch, msgs[i].ID, b.CustomID); err != nil {
					e.t.Fatal(err)
				}
				e.picks["your move"]++
				break
			}
		}
	}
	if rep == nil {
		if rep, err = e.emu.Command(user, e.ch, "move", map[string]string{}); err != nil {
			e.t.Fatal(err)
		}
		e.picks["command"]++
	}
	var trail []string
	for depth := 1; ; depth++ {
		c := rep.Content()
		if !rep.Ephemeral() || !strings.Contains(c, "**Your move**") {
			return strings.Join(trail, " › "), rep
		}
		if strings.Contains(c, "moved on") || strings.Contains(c, "out of date") || depth > 4 {
			e.t.Fatalf("%s's picker after %v: %q", user.Username, trail, c)
		}
		var msg discordtest.Message
		for _, m := range rep.Messages() {
			if len(m.Selects) > 0 || len(m.Buttons()) > 0 {
				msg = m
			}
		}
		switch {
		case len(msg.Selects) > 0:
			sel := msg.Selects[0]
			o := engine.Pick(r, sel.Options)
			trail = append(trail, o.Label)
			rep, err = e.emu.Select(user, e.ch, msg.ID, sel.CustomID, []string{o.Value})
			e.picks["select"]++
		case len(msg.Buttons()) > 0:
			b := engine.Pick(r, msg.Buttons())
			trail = append(trail, b.Label)
			rep, err = e.emu.Click(user, e.ch, msg.ID, b.CustomID)
			e.picks["button"]++
		default:
			e.t.Fatalf("a picker without components: %q", c)
		}
		if err != nil {
			e.t.Fatal(err)
		}
	}
}

// playWithoutTyping plays the channel's started game to its end, each
// step by the user of a seat that may act, who makes a move with choose;
// no move may be refused. It returns the number of moves.
func (e *e2e) playWithoutTyping(load func([]byte) (engine.State, error), seed uint64, choose func(user discordtest.User, r *engine.Rand) (string, *discordtest.Reply)) int {
	e.t.Helper()
	db := e.db()
	byID := map[string]discordtest.User{}
	for _, u := range e.users {
		byID[u.ID] = u
	}
	r := engine.NewRand(seed)
	for step := 0; step < 5000; step++ {
		g, err := db.OpenGame(context.Background(), e.ch.ID)
		if err != nil {
			for _, m := range e.emu.PublicMessages(e.ch.ID) {
				if strings.Contains(m.Content, "Game over") {
					return step
				}
			}
			e.t.Fatalf("the game closed after %d moves without Game over", step)
		}
		st, err := load(g.Snapshot)
		if err != nil {
			e.t.Fatal(err)
		}
		var seats []engine.Seat
		for _, s := range st.Turn().Seats {
			if len(st.Legal(s)) > 0 && seatOwner(g, s) != "" {
				seats = append(seats, s)
			}
		}
		if len(seats) == 0 {
			e.t.Fatalf("step %d: no player may act", step)
		}
		user := byID[seatOwner(g, engine.Pick(r, seats))]
		action, rep := choose(user, r)
		if !accepted(rep) {
			e.t.Fatalf("step %d: %s's picked %q was refused: %q", step, user.Username, action, rep.Content())
		}
	}
	e.t.Fatal("no Game over within 5000 moves")
	return 0
}

// TestE2EPlayWithoutTyping plays games to Game over through the
// emulator by players who never type a move: in one run they only pick
// from the autocomplete (groups refined by picking again), in the other
// they only click through the picker (the Your move button, then buttons
// or select menus). Stakeout and a 2-player Escape Plan, and a heist run
// by two people with three characters, whose Crew step and Planning
// offer a handful to a few dozen moves, addressed to each seat; and a
// 3-player Android, whose dark-card windows are answered in secret from
// the picker too.
func TestE2EPlayWithoutTyping(t *testing.T) {
	games := []struct {
		game, options string
		seed          uint64
		joins         []string
		start, long   bool
		// picker is the kind of component the picker must have shown, and
		// groups is set when the autocomplete must have shown a group.
		picker string
		groups bool
	}{
		{game: "stakeout", options: "seed=8 players=3", seed: 8, joins: []string{"bo", "cy"}, picker: "button"},
		{game: "escape-plan", options: "players=2 seed=4", seed: 4, joins: []string{"bo"}, picker: "select"},
		{game: "masters-of-the-heist", options: "scenario=the-inclusion-job characters=3 seed=12", seed: 12, joins: []string{"bo"}, start: true, long: true, picker: "select", groups: true},
		{game: "android", options: "seed=6 clock=off", seed: 6, joins: []string{"bo", "cy"}, start: true, long: true, picker: "select", groups: true},
	}
	for _, tc := range games {
		for _, mode := range []string{"autocomplete", "picker"} {
			t.Run(tc.game+"/"+mode, func(t *testing.T) {
				if tc.long {
					skipShort(t)
				}
				entries := append(fixtureGames(), registry...)
				e := newE2EWith(t, entries)
				e.ok("ann", "newgame", map[string]string{"game": tc.game, "options": tc.options})
				for _, u := range tc.joins {
					e.ok(u, "join", nil)
				}
				if tc.start {
					e.ok("ann", "start", nil)
				}
				cat, _ := build(entries)
				g, _ := cat.Get(tc.game)
				choose, want := e.byAutocomplete, "group"
				if mode == "picker" {
					choose, want = e.byPicker, tc.picker
				}
				n := e.playWithoutTyping(g.Load, tc.seed, choose)
				t.Logf("%d moves; picks %v", n, e.picks)
				if mode == "picker" && (e.picks["your move"] == 0 || e.picks[want] == 0) || mode == "autocomplete" && tc.groups && e.picks[want] == 0 {
					t.Fatalf("the players never used a %s (or the Your move button): %v", want, e.picks)
				}
			})
		}
	}
}

// BenchmarkE2EPicker measures the move picker's answer through the Discord
// emulator, gateway dispatch to REST reply, where its tree is largest: a
// heist's Planning (its Crew step, a handful of moves, is settled first
// with crew done for every seat). Each iteration opens the picker
// with `/move` and picks a random group from its select menu, timing both
// answers; no move is played, so no image is drawn.
func BenchmarkE2EPicker(b *testing.B) {
	e := newE2EWith(b, registry)
	e.ok("ann", "newgame", map[string]string{"game": "masters-of-the-heist", "options": "scenario=the-inclusion-job characters=3 seed=6"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	g, err := e.db().OpenGame(context.Background(), e.ch.ID)
	if err != nil {
		b.Fatal(err)
	}
	heist, _ := Catalog().Get("masters-of-the-heist")
	st, _ := heist.Load(g.Snapshot)
	for _, seat := range st.Turn().Seats {
		uid, text := moveAs(g, seat, "crew done")
		for name, u := range e.users {
			if u.ID == uid {
				e.move(name, text)
			}
		}
	}
	if g, err = e.db().OpenGame(context.Background(), e.ch.ID); err != nil {
		b.Fatal(err)
	}
	st, _ = heist.Load(g.Snapshot)
	if st.Turn().Phase != "Planning" {
		b.Fatalf("the Crew step did not end: %s", st.Turn().Phase)
	}
	var user discordtest.User
	for _, u := range e.users {
		if u.ID == seatOwner(g, st.Turn().Seats[0]) {
			user = u
		}
	}
	legal := 0
	for _, s := range g.SeatsOf(user.ID) {
		legal += len(st.Legal(engine.Seat(s)))
	}
	r := engine.NewRand(1)
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		rep, err := e.emu.Command(user, e.ch, "move", map[string]string{})
		times = append(times, time.Since(t0))
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Selects()) != 1 {
			b.Fatalf("no select menu in the picker: %q", rep.Content())
		}
		sel := rep.Selects()[0]
		var groups []discordtest.SelectOption
		for _, o := range sel.Options {
			if o.Description == "opens this group" {
				groups = append(groups, o)
			}
		}
		var msg string
		for _, m := range rep.Messages() {
			if len(m.Selects) > 0 {
				msg = m.ID
			}
		}
		t0 = time.Now()
		rep, err = e.emu.Select(user, e.ch, msg, sel.CustomID, []string{engine.Pick(r, groups).Value})
		times = append(times, time.Since(t0))
		if err != nil {
			b.Fatal(err)
		}
		if !strings.Contains(rep.Content(), "›") {
			b.Fatalf("no second level: %q", rep.Content())
		}
	}
	b.StopTimer()
	sortDurations(times)
	b.ReportMetric(float64(legal), "moves")
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}
