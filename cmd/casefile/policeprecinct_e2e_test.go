package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/policeprecinct"
	"casefile/storage"
)

// loyaltyWords are the words that would name a Loyalty card in a public
// message: the view's line for its own seat, the disclosure at Game over,
// an accusation's or a Reveal's line.
var loyaltyWords = []string{"Loyalty card:", "Loyalty cards:", "Loyalty card shown", "Loyalty card is shown", "reveals a Dirty Cop", "Dirty Cop **", "Dirty Cops **", "Dirty Cop <@", "Dirty Cops <@"}

// namesLoyalty reports which of loyaltyWords text holds, if any.
func namesLoyalty(text string) string {
	for _, w := range loyaltyWords {
		if strings.Contains(text, w) {
			return w
		}
	}
	return ""
}

// TestE2EDirtyCopThroughDiscord plays a 4-player Police Precinct in the
// Dirty Cop variant (one traitor, seed 3) from /newgame to Game over
// through the Discord emulator: the deal waits while bo's DMs are closed,
// and the lobby names him; once they are open every player's Loyalty card
// arrives by DM to that player only, naming that seat's card and no
// other's; every move is a real /move interaction, chosen by the game's
// own bot from the seat's private view and legal moves; cy's DMs close
// mid-game and the channel says so once; nothing public names a Loyalty
// card before Game over, and Game over shows all four. The whole game
// (164 moves since the Crime Track was tuned per table; the cops lose on
// it) runs in under 10 s.
func TestE2EDirtyCopThroughDiscord(t *testing.T) {
	e := newE2EWith(t, registry)
	r := e.ok("ann", "newgame", map[string]string{"game": "police-precinct", "options": "seed=3 variant=dirty-cop traitors=1"})
	if !strings.Contains(r.Content(), "opened a lobby") {
		t.Fatalf("/newgame should open a lobby: %q", r.Content())
	}
	for _, u := range []string{"bo", "cy", "di"} {
		e.ok(u, "join", nil)
	}
	db := e.db()
	ctx := context.Background()

	// bo's DMs are closed: the start is refused publicly, naming him, and
	// nothing is dealt.
	e.emu.BlockDMs(e.users["bo"].ID)
	notice := e.ok("ann", "start", nil)
	if !strings.Contains(notice.Content(), "could not reach <@"+e.users["bo"].ID+">") || !strings.Contains(notice.Content(), "Nothing was dealt") {
		t.Fatalf("the lobby should name who must open their DMs: %q", notice.Content())
	}
	for _, u := range []string{"cy", "di"} {
		if strings.Contains(notice.Content(), e.users[u].ID) {
			t.Fatalf("the notice names %s, whose DMs are open: %q", u, notice.Content())
		}
	}
	if g, err := db.OpenGame(ctx, e.ch.ID); err != nil || g.Status != storage.Lobby || len(g.Snapshot) != 0 {
		t.Fatalf("the game was dealt although bo cannot get DMs: %v %+v", err, g)
	}
	if e.emu.RejectedDMs(e.users["bo"].ID) == 0 || len(e.emu.DMs(e.users["bo"].ID)) != 0 {
		t.Fatalf("bo's closed DMs should have refused the bot's first DM")
	}
	e.emu.AllowDMs(e.users["bo"].ID)
	before := map[string]int{}
	for _, u := range []string{"ann", "bo", "cy", "di"} {
		before[u] = len(e.emu.DMs(e.users[u].ID))
	}
	start := e.ok("ann", "start", nil)
	if !strings.Contains(start.Content(), "**Police Precinct** begins!") {
		t.Fatalf("the game should start once every DM is open: %q", start.Content())
	}

	g, err := db.OpenGame(ctx, e.ch.ID)
	if err != nil || g.Status != storage.Active {
		t.Fatalf("the game did not start: %v %+v", err, g)
	}
	gameID := g.ID
	st0, err := policeprecinct.Game().Load(g.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	dealt := st0.(*policeprecinct.State)
	byID := map[string]string{}
	for n, u := range e.users {
		byID[u.ID] = n
	}
	dirty := 0
	// The seats' own pictures follow the deal's DMs from the picture
	// worker: wait for them, so every player's count is complete.
	e.settle()
	counts := map[int]bool{}
	for seat := range dealt.Cops {
		card := dealt.Cops[seat].Loyalty
		if card != policeprecinct.Loyal && card != policeprecinct.Dirty {
			t.Fatalf("seat %d was dealt no Loyalty card: %q", seat+1, card)
		}
		if card == policeprecinct.Dirty {
			dirty++
		}
		u := byID[seatOwner(g, engine.Seat(seat))]
		dms := e.emu.DMs(e.users[u].ID)
		if len(dms) <= before[u] {
			t.Fatalf("%s (seat %d) got no DM at the deal", u, seat+1)
		}
		counts[len(dms)-before[u]] = true
		// The deal's DMs name this seat's own card, once, and no other
		// seat's: no other card, no table of cards.
		var got string
		for _, m := range dms[before[u]:] {
			got += m.Content + "\n"
		}
		if want := "Your Loyalty card: " + card + "."; strings.Count(got, "Loyalty card") != 1 || !strings.Contains(got, want) {
			t.Fatalf("%s's DMs at the deal should name %q and no other Loyalty card:\n%s", u, want, got)
		}
		for _, w := range []string{"Loyalty cards:", "Loyalty card shown", "Dirty Cop <@"} {
			if strings.Contains(got, w) {
				t.Fatalf("%s's DM names another seat's Loyalty (%q):\n%s", u, w, got)
			}
		}
	}
	if dirty != 1 {
		t.Fatalf("traitors=1 should deal exactly one Dirty Cop, dealt %d", dirty)
	}
	if len(counts) != 1 {
		t.Fatalf("players got different numbers of DMs at the deal, which would single out the Dirty Cop: %v", counts)
	}

	// Play to Game over: each move is the seat's bot choice, sent by the
	// seat's owner as /move.
	def := policeprecinct.Game()
	rnd := engine.NewRand(7)
	var last *discordtest.Reply
	steps := 0
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
		var seat engine.Seat = -1
		var legal []string
		for _, s := range st.Turn().Seats {
			if l := st.Legal(s); len(l) > 0 {
				seat, legal = s, l
				break
			}
		}
		if seat < 0 {
			t.Fatalf("move %d: nobody may act in %s", steps, st.Turn().Phase)
		}
		if steps == 20 {
			// cy's DMs close mid-game: her private notes fall back to
			// /hand, and the channel says so once.
			e.emu.BlockDMs(e.users["cy"].ID)
		}
		mv := def.Bot(st.View(seat), legal, rnd)
		if mv == "" {
			mv = legal[0]
		}
		rep, err := e.emu.Command(e.users[byID[seatOwner(g, seat)]], e.ch, "move", map[string]string{"action": mv})
		if err != nil {
			t.Fatal(err)
		}
		if !accepted(rep) {
			t.Fatalf("move %d: seat %d's legal move %q was refused: %q", steps, int(seat)+1, mv, rep.Content())
		}
		if w := namesLoyalty(rep.Content()); w != "" && !strings.Contains(rep.Content(), "Game over") {
			t.Fatalf("move %d: the reply names a Loyalty card (%q) before Game over:\n%s", steps, w, rep.Content())
		}
		last = rep
	}
	if _, err := db.OpenGame(ctx, e.ch.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("the channel should be free after Game over: %v", err)
	}
	t.Logf("Game over after %d moves through /move", steps)
	if last == nil {
		t.Fatal("no move was played")
	}

	// Game over shows every Loyalty card, and the stored game is finished
	// with them shown.
	g, err = db.GameByID(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	stEnd, err := def.Load(g.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	end := stEnd.(*policeprecinct.State)
	if !end.Over || end.Summary == "" {
		t.Fatalf("the stored game is not over: over=%v summary=%q", end.Over, end.Summary)
	}
	var want []string
	for seat := range end.Cops {
		if end.Cops[seat].Loyalty != dealt.Cops[seat].Loyalty || end.Cops[seat].Shown != dealt.Cops[seat].Loyalty {
			t.Fatalf("seat %d: dealt %q, holds %q, shown %q at Game over", seat+1, dealt.Cops[seat].Loyalty, end.Cops[seat].Loyalty, end.Cops[seat].Shown)
		}
		want = append(want, fmt.Sprintf("**%s** %s", byID[seatOwner(g, engine.Seat(seat))], end.Cops[seat].Loyalty))
	}
	disclosure := "Loyalty cards: " + strings.Join(want, ", ") + "."
	// The last move was a secret filing: its reply is private and its
	// public lines are posted as their own message.
	over, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && !m.Ephemeral() && strings.Contains(m.Content, "🏁 **Game over**")
	})
	if err != nil || !strings.Contains(over.Content, disclosure) {
		t.Fatalf("Game over should show every Loyalty card (%q): %v\n%s", disclosure, err, over.Content)
	}
	// Nothing public names a Loyalty card before Game over: no channel
	// message but those of Game over (the last reply, the summary kept up
	// to date, the reveal of the secret choices), no public log line of a
	// move before the last.
	overs, fallbacks := 0, map[string]int{}
	for _, m := range e.emu.PublicMessages(e.ch.ID) {
		if strings.Contains(m.Content, "could not send you a direct message") {
			for _, u := range []string{"ann", "bo", "cy", "di"} {
				if strings.Contains(m.Content, e.users[u].ID) {
					fallbacks[u]++
				}
			}
		}
		if strings.Contains(m.Content, "Game over") {
			overs++
			continue
		}
		if w := namesLoyalty(m.Content); w != "" {
			t.Fatalf("a channel message names a Loyalty card (%q) before Game over:\n%s", w, m.Content)
		}
	}
	if len(fallbacks) != 1 || fallbacks["cy"] != 1 {
		t.Fatalf("cy's closed DMs should be announced once, and nobody else's: %v", fallbacks)
	}
	if e.emu.RejectedDMs(e.users["cy"].ID) < 2 {
		t.Fatalf("cy's DMs were refused %d times; the test wants several notes to fall back", e.emu.RejectedDMs(e.users["cy"].ID))
	}
	if overs != 2 {
		t.Fatalf("Game over should be said by the last reply and the summary: %d messages", overs)
	}
	moves, err := db.Moves(ctx, gameID)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != steps {
		t.Fatalf("the log holds %d moves, %d were sent", len(moves), steps)
	}
	for _, mv := range moves[:len(moves)-1] {
		if w := namesLoyalty(mv.Public); w != "" {
			t.Fatalf("move %d's public log names a Loyalty card (%q): %q", mv.N, w, mv.Public)
		}
	}
	if !strings.Contains(moves[len(moves)-1].Public, "Loyalty cards: ") {
		t.Fatalf("the last move's public log should disclose the Loyalty cards: %q", moves[len(moves)-1].Public)
	}
	// Every DM before Game over names only its owner's card, and every
	// private view in them carries it (cy's only while her DMs were open).
	overID, _ := strconv.ParseUint(over.ID, 10, 64)
	for seat := range dealt.Cops {
		u := byID[seatOwner(g, engine.Seat(seat))]
		own := "Your Loyalty card: " + dealt.Cops[seat].Loyalty + "."
		views := 0
		for _, m := range e.emu.DMs(e.users[u].ID) {
			if id, _ := strconv.ParseUint(m.ID, 10, 64); id > overID {
				continue
			}
			if strings.Contains(m.Content, "```\nPolice Precinct —") {
				views++
				if !strings.Contains(m.Content, own) {
					t.Fatalf("%s's private view lacks their own Loyalty card (%q):\n%s", u, own, m.Content)
				}
			}
			if w := namesLoyalty(strings.Replace(m.Content, own, "", 1)); w != "" {
				t.Fatalf("%s's DM before Game over names a Loyalty card not theirs (%q):\n%s", u, w, m.Content)
			}
		}
		if views == 0 {
			t.Fatalf("%s got no private view by DM", u)
		}
	}
}
