package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"casefile/bot/discordtest"
	"casefile/commands"
	"casefile/engine"
	"casefile/engine/heist"
	"casefile/storage"
)

// seatOwner is the user holding seat: with two people and three
// characters, seats go ann, bo, ann.
func seatOwner(g *storage.Game, seat engine.Seat) string {
	for _, s := range g.Seats {
		if s.Seat == int(seat) {
			return s.UserID
		}
	}
	return ""
}

// moveAs is who sends seat's move and the text they type: prefixed with
// the seat when that person holds several.
func moveAs(g *storage.Game, seat engine.Seat, move string) (string, string) {
	user := seatOwner(g, seat)
	if len(g.SeatsOf(user)) > 1 {
		move = fmt.Sprintf("seat%d: %s", int(seat)+1, move)
	}
	return user, move
}

// TestE2EHeistTwoPeopleInOneActionPhase plays a heist from /newgame to its
// end through the emulator: two people run three characters, and in the
// first Action phase both send their moves at the same instant.
func TestE2EHeistTwoPeopleInOneActionPhase(t *testing.T) {
	e := newE2EWith(t, registry)
	e.ok("ann", "newgame", map[string]string{"game": "masters-of-the-heist", "options": "scenario=the-inclusion-job characters=3 seed=11"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	if bs := e.settledBoards(); len(bs) != 1 || bs[0].Files[0].Description == "" {
		t.Fatalf("the heist should start with the map, with its alt text: %+v", bs)
	}
	byID := map[string]discordtest.User{}
	for _, u := range e.users {
		byID[u.ID] = u
	}
	db := e.db()
	rnd := engine.NewRand(5)
	together := false
	var last *discordtest.Reply
	for step := 0; step < 3000; step++ {
		g, err := db.OpenGame(context.Background(), e.ch.ID)
		if err != nil {
			break // game over: the channel is free
		}
		st, err := heist.Game().Load(g.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		turn := st.Turn()
		owners := map[string]engine.Seat{}
		for _, seat := range turn.Seats {
			if len(st.Legal(seat)) > 0 {
				if _, ok := owners[seatOwner(g, seat)]; !ok {
					owners[seatOwner(g, seat)] = seat
				}
			}
		}
		moveText := func(seat engine.Seat) string {
			mv := engine.Pick(rnd, st.Legal(seat))
			if strings.HasPrefix(mv, "escape now") {
				// Keep the crew in long enough to play a real heist.
				for _, alt := range st.Legal(seat) {
					if !strings.HasPrefix(alt, "escape") {
						mv = alt
						break
					}
				}
			}
			return fmt.Sprintf("seat%d: %s", int(seat)+1, mv)
		}
		if !together && strings.HasSuffix(turn.Phase, "Action") && len(owners) == 2 {
			var ids []string
			for uid, seat := range owners {
				id, err := e.emu.StartCommand(byID[uid], e.ch, "move", map[string]string{"action": moveText(seat)})
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			for _, id := range ids {
				rep, err := e.emu.WaitReply(id)
				if err != nil || !accepted(rep) {
					t.Fatalf("a move sent at the same instant in the Action phase was refused: %v %q", err, rep.Content())
				}
			}
			together = true
			continue
		}
		seat, _, ok := engine.RandomMove(st, rnd)
		if !ok {
			t.Fatalf("nobody may act in %s", turn.Phase)
		}
		rep, err := e.emu.Command(byID[seatOwner(g, seat)], e.ch, "move", map[string]string{"action": moveText(seat)})
		if err != nil {
			t.Fatal(err)
		}
		if !accepted(rep) {
			t.Fatalf("step %d: a legal move was refused: %q", step, rep.Content())
		}
		last = rep
	}
	if !together {
		t.Fatal("the heist never reached an Action phase with both people acting")
	}
	if last == nil || !strings.Contains(last.Content(), "Game over") {
		t.Fatalf("the heist did not end with Game over: %+v", last)
	}
	if bs := e.settledBoards(); len(bs) < 2 || !strings.Contains(bs[len(bs)-1].Content, "final board") {
		t.Fatal("the end of the heist should post the map")
	}
}

// TestHeistCampaignCarriesBetweenGames plays three heists in a row on one
// server through the service and checks that each starts from the
// campaign the previous one left, stored per server.
func TestHeistCampaignCarriesBetweenGames(t *testing.T) {
	e := newE2EWith(t, registry)
	db := e.db()
	ctx := context.Background()
	svc := e.main.Service
	var prev []byte
	seq := 0
	for n, scenario := range []string{"the-inclusion-job", "the-startup-job", "the-dark-horse-job"} {
		ch := fmt.Sprintf("heist-%d", n)
		do := func(user, cmd string, opts map[string]string) string {
			seq++
			r := svc.Handle(ctx, reqFor(ch, user, cmd, opts, fmt.Sprint(seq)))
			if r.Refused {
				t.Fatalf("heist %d: /%s %v refused: %s", n+1, cmd, opts, r.Content)
			}
			return r.Content
		}
		do("ann", "newgame", map[string]string{"game": "masters-of-the-heist", "options": fmt.Sprintf("scenario=%s seed=%d", scenario, n+3)})
		do("bo", "join", nil)
		do("cy", "join", nil)
		do("ann", "start", nil)
		g, err := db.OpenGame(ctx, ch)
		if err != nil {
			t.Fatal(err)
		}
		if string(g.StartCampaign) != string(prev) {
			t.Fatalf("heist %d did not start from the campaign the last one saved", n+1)
		}
		gameID := g.ID
		rnd := engine.NewRand(uint64(n))
		for step := 0; ; step++ {
			if step > 5000 {
				t.Fatalf("heist %d did not end", n+1)
			}
			g, err := db.GameByID(ctx, gameID)
			if err != nil {
				t.Fatal(err)
			}
			if g.Status != storage.Active {
				break
			}
			st, _ := heist.Game().Load(g.Snapshot)
			seat, mv, _ := engine.RandomMove(st, rnd)
			do(seatOwner(g, seat), "move", map[string]string{"action": mv, "_n": fmt.Sprint(step)})
		}
		saved, err := db.Campaign(ctx, "g-heist", "masters-of-the-heist")
		if err != nil || saved == nil {
			t.Fatalf("heist %d saved no campaign: %v", n+1, err)
		}
		var c heist.Campaign
		if err := json.Unmarshal(saved, &c); err != nil {
			t.Fatal(err)
		}
		if c.Heists != n+1 || len(c.History) != n+1 || len(c.Characters) == 0 {
			t.Fatalf("after heist %d the campaign has %d heists, %d history lines, %d characters", n+1, c.Heists, len(c.History), len(c.Characters))
		}
		prev = saved
	}
}

func reqFor(channel, user, command string, opts map[string]string, id string) commands.Request {
	action := map[string]string{}
	for k, v := range opts {
		if k != "_n" {
			action[k] = v
		}
	}
	return commands.Request{ID: "r-" + channel + "-" + id, GuildID: "g-heist", ChannelID: channel, UserID: user, UserName: user, Command: command, Options: action}
}

// TestSimEveryHeistScenario runs casefile sim on every River City heist and
// County breakout with 3 and 4 characters: each plays to its end and
// writes an image per phase.
func TestSimEveryHeistScenario(t *testing.T) {
	skipShort(t)
	g, _ := Catalog().Get("masters-of-the-heist")
	var scenarios []string
	for _, o := range g.Options {
		if o.Key == "scenario" {
			scenarios = o.Values
		}
	}
	if len(scenarios) < 17 {
		t.Fatalf("only %d scenarios offered: %v", len(scenarios), scenarios)
	}
	for _, sc := range scenarios {
		for _, chars := range []int{3, 4} {
			res, err := Simulate(Catalog(), Renderers(), SimOptions{Game: g.ID, Players: 1, Seed: 5, Options: fmt.Sprintf("scenario=%s characters=%d", sc, chars), Out: t.TempDir()})
			if err != nil {
				t.Fatalf("%s with %d characters: %v", sc, chars, err)
			}
			if res.Result == nil || len(res.Images) < 2 {
				t.Fatalf("%s with %d characters: result %v, %d images", sc, chars, res.Result, len(res.Images))
			}
		}
	}
}
