package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"casefile/bot/discordtest"
	"casefile/engine"
)

// seatRefs matches the seat references of an engine line, which the
// channel shows as names.
var seatRefs = regexp.MustCompile(`@\{\d+\}`)

// goesOn reports whether a move by seat leaves that seat's own turn going
// on, as the engine sees it: the same seat still acting, in the same
// phase and kind of turn, nobody new asked, no phase ended, no game over.
func goesOn(before, after engine.Turn, seat engine.Seat, res engine.Result, over bool) bool {
	if over || res.PhaseEnded() || after.Kind == engine.Reaction || after.Kind != before.Kind || after.Phase != before.Phase || !after.Has(seat) {
		return false
	}
	if after.Kind == engine.Sequential && len(after.Seats) != 1 {
		return false
	}
	for _, s := range after.Seats {
		if !before.Has(s) {
			return false
		}
	}
	return true
}

// turnMessageFigures are what one played game posted.
type turnMessageFigures struct {
	moves, public, held, images, largest int
}

// playCountingMessages plays the channel's started game to its end with
// random legal moves typed by the acting seats' users, and holds every
// reply to the turn-message rules: a sub-step of a turn that goes on is
// answered to its player alone and posts nothing in the channel; any
// other move posts one public message that carries every public line of
// the turn's held sub-steps and of the move itself, in order; a move that
// ended a phase or a round of turns carries the board, with alt text, when
// anything public changed since the last board.
func (e *e2e) playCountingMessages(load func([]byte) (engine.State, error), seed uint64) turnMessageFigures {
	e.t.Helper()
	db := e.db()
	byID := map[string]discordtest.User{}
	for _, u := range e.users {
		byID[u.ID] = u
	}
	rnd := engine.NewRand(seed)
	var f turnMessageFigures
	held := map[engine.Seat][]string{}
	g, err := db.OpenGame(context.Background(), e.ch.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	st0, _ := load(g.Snapshot)
	lastBoard, _ := json.Marshal(st0.View(engine.Public))
	e.settle() // the board at the start
	for step := 0; step < 6000; step++ {
		g, err := db.OpenGame(context.Background(), e.ch.ID)
		if err != nil {
			break
		}
		st, err := load(g.Snapshot)
		if err != nil {
			e.t.Fatal(err)
		}
		before := st.Turn()
		seat, mv, ok := engine.RandomMove(st, rnd)
		if !ok {
			e.t.Fatal("nobody may act")
		}
		res, _, err := engine.Play(st, seat, mv)
		if err != nil {
			e.t.Fatalf("step %d: %q: %v", step, mv, err)
		}
		over := st.Outcome() != nil
		pub0 := len(e.emu.PublicMessages(e.ch.ID))
		boards0 := len(e.boards())
		typed := mv
		if len(g.SeatsOf(seatOwner(g, seat))) > 1 {
			typed = fmt.Sprintf("seat%d: %s", int(seat)+1, mv)
		}
		rep, err := e.emu.Command(byID[seatOwner(g, seat)], e.ch, "move", map[string]string{"action": typed})
		if err != nil {
			e.t.Fatal(err)
		}
		if !accepted(rep) {
			e.t.Fatalf("step %d: legal move %q refused: %q", step, mv, rep.Content())
		}
		f.moves++
		if goesOn(before, st.Turn(), seat, res, over) {
			f.held++
			if !rep.Ephemeral() || len(e.emu.PublicMessages(e.ch.ID)) != pub0 {
				e.t.Fatalf("step %d: %q is a sub-step of a turn that goes on, yet the channel got a message: %q", step, mv, rep.Content())
			}
			held[seat] = append(held[seat], res.Public...)
			continue
		}
		text, at := rep.Content(), 0
		switch {
		case res.Secret:
			// A secret move is answered to its player alone; its public
			// lines are posted in the channel as a message of their own.
			if !rep.Ephemeral() {
				e.t.Fatalf("step %d: the secret move %q was answered in the channel: %q", step, mv, rep.Content())
			}
			text = ""
			for _, m := range e.emu.PublicMessages(e.ch.ID)[pub0:] {
				if !isBoard(m) {
					text += m.Content + "\n"
				}
			}
			if text == "" {
				e.t.Fatalf("step %d: the secret move %q ended a turn or a phase, yet the channel got no message", step, mv)
			}
		case rep.Ephemeral():
			e.t.Fatalf("step %d: %q ended a turn or a phase, yet only its player was answered: %q", step, mv, rep.Content())
		}
		f.public++
		lines := held[seat]
		if res.PhaseEnded() || over || st.Turn().Phase != before.Phase {
			lines = nil
			for s := range engine.Seat(8) {
				lines = append(lines, held[s]...)
				delete(held, s)
			}
		}
		delete(held, seat)
		lines = append(lines, res.Public...)
		if strings.Contains(text, "more lines of this turn (`/log` shows every move)") {
			// A turn too long for one message keeps its first and last
			// lines, in order.
			lines = []string{lines[0], lines[len(lines)-1]}
		}
		for i, line := range lines {
			if i > 0 && line == lines[i-1] {
				continue // said once, with a count
			}
			for _, part := range seatRefs.Split(line, -1) {
				i := strings.Index(text[at:], part)
				if i < 0 {
					e.t.Fatalf("step %d: the turn's message lacks, in order, %q (of %q):\n%s", step, part, line, text)
				}
				at += i + len(part)
			}
		}
		view, _ := json.Marshal(st.View(engine.Public))
		if len(rep.Files()) != 0 {
			e.t.Fatalf("step %d: %q: the reply carries a picture; boards are posted after it", step, mv)
		}
		// The board follows the reply, posted by the picture worker.
		boards := e.settledBoards()
		files := []discordtest.File{}
		caption := ""
		if len(boards) > boards0 {
			files, caption = boards[len(boards)-1].Files, boards[len(boards)-1].Content
		}
		switch {
		case (res.PhaseEnded() && !bytes.Equal(view, lastBoard)) || over:
			if len(boards) != boards0+1 || files[0].Description == "" {
				e.t.Fatalf("step %d: %q ended %v; want one board with alt text, got %d", step, mv, res.Ended, len(boards)-boards0)
			}
			if !over && !strings.Contains(caption, "The board after "+res.Ended[0]) {
				e.t.Fatalf("step %d: the board's message does not say which phases ended (%v): %q", step, res.Ended, caption)
			}
			lastBoard = view
			f.images++
			f.largest = max(f.largest, len(files[0].Data))
		case len(boards) != boards0:
			e.t.Fatalf("step %d: %q posted a board though no phase with a visible change ended", step, mv)
		}
		if over {
			return f
		}
	}
	e.t.Fatal("no Game over")
	return f
}

// TestE2EOneMessagePerTurnAndABoardAfterEveryPhase plays whole games
// through the emulator and checks the channel's rhythm move by move (see
// playCountingMessages): one public message per turn, and a board after
// every phase and every round of turns, like Escape Plan's morning …
// dawn, that changed anything.
func TestE2EOneMessagePerTurnAndABoardAfterEveryPhase(t *testing.T) {
	cases := []struct {
		game, options string
		joins         []string
		seed          uint64
		start         bool
	}{
		{game: "escape-plan", options: "players=2 seed=21", joins: []string{"bo"}, seed: 21},
		{game: "escape-plan", options: "players=3 seed=5", joins: []string{"bo", "cy"}, seed: 5},
		{game: "masters-of-the-heist", options: "scenario=the-inclusion-job characters=3 seed=12", joins: []string{"bo"}, seed: 12, start: true},
		{game: "android", options: "seed=6 clock=off", joins: []string{"bo", "cy"}, seed: 6, start: true},
	}
	for _, tc := range cases {
		t.Run(tc.game+"/"+tc.options, func(t *testing.T) {
			skipShort(t)
			e := newE2EWith(t, registry)
			e.ok("ann", "newgame", map[string]string{"game": tc.game, "options": tc.options})
			for _, u := range tc.joins {
				e.ok(u, "join", nil)
			}
			if tc.start {
				e.ok("ann", "start", nil)
			}
			cat, _ := build(registry)
			g, _ := cat.Get(tc.game)
			f := e.playCountingMessages(g.Load, tc.seed)
			all := len(e.emu.PublicMessages(e.ch.ID))
			t.Logf("%s %s: %d moves, %d answered privately, %d public move messages, %d boards (largest %d KB), %d public messages in all",
				tc.game, tc.options, f.moves, f.held, f.public, f.images, f.largest/1024, all)
			if f.held == 0 || f.images < 2 {
				t.Fatalf("the game never held a sub-step (%d) or posted under two boards (%d)", f.held, f.images)
			}
		})
	}
}

// TestHandForSeveralSeatsCutsNoLine: /hand for one person running three
// heist characters shows every line of each seat's private view whole (a
// long answer goes as several messages, each code block closed), where it
// used to cut each view mid-word to fit one message.
func TestHandForSeveralSeatsCutsNoLine(t *testing.T) {
	e := newE2EWith(t, registry)
	e.ok("ann", "newgame", map[string]string{"game": "masters-of-the-heist", "options": "scenario=the-inclusion-job characters=3 seed=4"})
	e.ok("ann", "start", nil)
	r := e.cmd("ann", "hand", nil)
	var text strings.Builder
	for _, m := range r.Messages() {
		if !m.Ephemeral() {
			t.Fatalf("/hand posted in public: %q", m.Content)
		}
		if strings.Count(m.Content, "```")%2 != 0 {
			t.Fatalf("a /hand message leaves a code block open: %q", m.Content)
		}
		text.WriteString(m.Content + "\n")
	}
	g, err := e.db().OpenGame(context.Background(), e.ch.ID)
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := build(registry)
	def, _ := cat.Get("masters-of-the-heist")
	st, err := def.Load(g.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	for seat := range engine.Seat(3) {
		for _, line := range strings.Split(st.View(seat).Text(), "\n") {
			if line = strings.TrimSpace(seatRefs.ReplaceAllString(line, "")); line != "" && !strings.Contains(text.String(), line) {
				t.Fatalf("seat %d's line %q is missing or cut in /hand:\n%s", seat+1, line, text.String())
			}
		}
	}
}
