package main

import (
	"context"
	"strings"
	"testing"

	"casefile/bot/discordtest"
	"casefile/engine"
)

// byAutocomplete is a player who never types a move: they open the
// `/move` autocomplete with an empty field, pick a random choice, and
// while it is a group, pick again from the list the group's value gives,
// then send what they picked. It returns the action sent.
func (e *e2e) byAutocomplete(user discordtest.User, r *engine.Rand) string {
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
		if depth == 3 {
			e.t.Fatalf("a group %q at the third pick", c.Name)
		}
		typed = c.Value
	}
}

// playWithoutTyping plays the channel's started game to its end, each
// step by the user of a seat that may act, who chooses the move with
// choose; no move may be refused. It returns the number of moves.
func (e *e2e) playWithoutTyping(load func([]byte) (engine.State, error), seed uint64, choose func(user discordtest.User, r *engine.Rand) string) int {
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
		action := choose(user, r)
		rep, err := e.emu.Command(user, e.ch, "move", map[string]string{"action": action})
		if err != nil {
			e.t.Fatal(err)
		}
		if !accepted(rep) {
			e.t.Fatalf("step %d: %s's picked %q was refused: %q", step, user.Username, action, rep.Content())
		}
	}
	e.t.Fatal("no Game over within 5000 moves")
	return 0
}

// TestE2EStakeoutByAutocompleteOnly plays Stakeout to Game over by
// players who only pick from the autocomplete.
func TestE2EStakeoutByAutocompleteOnly(t *testing.T) {
	e := newE2E(t)
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=8 players=3"})
	e.ok("bo", "join", nil)
	e.ok("cy", "join", nil)
	n := e.playWithoutTyping(e.games[0].Game().Load, 8, e.byAutocomplete)
	t.Logf("%d moves", n)
}

// TestE2EEscapePlanByAutocompleteOnly plays a 2-player Escape Plan to
// Game over by players who only pick from the autocomplete.
func TestE2EEscapePlanByAutocompleteOnly(t *testing.T) {
	e := newE2EWith(t, registry)
	e.ok("ann", "newgame", map[string]string{"game": "escape-plan", "options": "players=2 seed=4"})
	e.ok("bo", "join", nil)
	g, _ := Catalog().Get("escape-plan")
	n := e.playWithoutTyping(g.Load, 4, e.byAutocomplete)
	t.Logf("%d moves", n)
}

// TestE2EHeistByAutocompleteOnly plays a heist to its end by two people
// running three characters who only pick from the autocomplete: Planning
// offers over a hundred moves, and a person holding several seats sees
// them addressed to each seat.
func TestE2EHeistByAutocompleteOnly(t *testing.T) {
	skipShort(t)
	e := newE2EWith(t, registry)
	e.ok("ann", "newgame", map[string]string{"game": "masters-of-the-heist", "options": "scenario=the-inclusion-job characters=3 seed=6"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	g, _ := Catalog().Get("masters-of-the-heist")
	n := e.playWithoutTyping(g.Load, 6, e.byAutocomplete)
	t.Logf("%d moves", n)
}
