package policeprecinct

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"casefile/engine"
)

// botGamesPerCount is the number of bot-played games per player count:
// PP_BOT_GAMES sets it (the win rates in CONTENT.md use 30), 3 by default
// and 1 in -short runs, as the machine is shared.
func botGamesPerCount(t testing.TB) int {
	if n, err := strconv.Atoi(os.Getenv("PP_BOT_GAMES")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 1
	}
	return 3
}

// botGame plays one seeded game with the bot in every seat, checking after
// each move that every component is conserved and that the bot chose one
// of its legal moves itself (no fallback).
func botGame(t *testing.T, n int, seed uint64) *State {
	t.Helper()
	st, err := Game().New(engine.Setup{Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed ^ 0x5eed)
	for i := 0; s.Outcome() == nil; i++ {
		if i > 20000 {
			t.Fatalf("players=%d seed %d: the game does not end", n, seed)
		}
		if s.Stopped != "" {
			t.Fatalf("players=%d seed %d: stopped at %s", n, seed, s.Stopped)
		}
		if err := conserve(s); err != nil {
			t.Fatalf("players=%d seed %d: %v", n, seed, err)
		}
		seat := s.Turn().Seats[0]
		legal := s.Legal(seat)
		m := botMove(s.View(seat), legal, r)
		if !slices.Contains(legal, m) {
			t.Fatalf("players=%d seed %d: the bot chose %q, not among %q", n, seed, m, legal)
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("players=%d seed %d: %q: %v", n, seed, m, err)
		}
	}
	return s
}

// TestBotWinRate plays seeded games with the bot in every seat for 1–6
// players and logs the win rate per player count (CONTENT.md §4 gives
// the figures of 30 games each:
// PP_BOT_GAMES=30 go test -count=1 -run TestBotWinRate -v ./engine/policeprecinct/).
// The bot must win some games and win more often than random play, which
// almost never wins.
func TestBotWinRate(t *testing.T) {
	games := botGamesPerCount(t)
	total, won := 0, 0
	for n := 1; n <= 6; n++ {
		w, early := 0, 0
		var lost []string
		for g := 0; g < games; g++ {
			s := botGame(t, n, uint64(n*1000+g))
			if s.Won {
				w++
				if strings.Contains(s.Summary, "before the Murderer") {
					early++
				}
			} else {
				lost = append(lost, s.Summary)
			}
		}
		t.Logf("players=%d: the bot won %d of %d (%.0f%%; %d before the Murderer appeared)", n, w, games, 100*float64(w)/float64(games), early)
		if testing.Verbose() {
			t.Logf("players=%d losses: %s", n, tally(lost))
		}
		total += games
		won += w
	}
	t.Logf("all: the bot won %d of %d", won, total)
	if won == 0 && !testing.Short() {
		t.Error("the bot won no game")
	}
}

// tally counts the distinct summaries of lost games.
func tally(xs []string) string {
	count := map[string]int{}
	var order []string
	for _, x := range xs {
		if count[x] == 0 {
			order = append(order, x)
		}
		count[x]++
	}
	var out []string
	for _, x := range order {
		out = append(out, fmt.Sprintf("%d× %s", count[x], x))
	}
	return strings.Join(out, "; ")
}

// TestBotDeterministic: the same view, legal moves and generator state
// give the same move, and a bot-played game repeats move for move.
func TestBotDeterministic(t *testing.T) {
	a := botGame(t, 3, 77)
	b := botGame(t, 3, 77)
	da, _ := a.Marshal()
	db, _ := b.Marshal()
	if string(da) != string(db) {
		t.Error("two bot-played games from the same seed differ")
	}
}

// TestBotSeesOnlyItsView: the bot's choice does not change with what its
// seat may not see (the deck orders, the face-down UC markers, the
// stacks' order, the generator).
func TestBotSeesOnlyItsView(t *testing.T) {
	for n := 1; n <= 6; n += 5 {
		st, _ := Game().New(engine.Setup{Players: n, Seed: 5})
		s := st.(*State)
		r := engine.NewRand(9)
		for i := 0; i < 400 && s.Outcome() == nil; i++ {
			seat := s.Turn().Seats[0]
			legal := s.Legal(seat)
			data, _ := s.Marshal()
			o, _ := Game().Load(data)
			other := o.(*State)
			slices.Reverse(other.EventDeck)
			slices.Reverse(other.PoliceDeck)
			slices.Reverse(other.UCPool)
			for k := range other.Stacks {
				slices.Reverse(other.Stacks[k].Cards)
			}
			for k := range other.Emergencies {
				other.Emergencies[k].UC = (other.Emergencies[k].UC + 1) % len(UCMarkers)
			}
			other.Rng = *engine.NewRand(1234)
			r1, r2 := *r, *r
			m1 := botMove(s.View(seat), legal, &r1)
			m2 := botMove(other.View(seat), other.Legal(seat), &r2)
			if m1 != m2 {
				t.Fatalf("players=%d move %d: hidden information changed the bot's move: %q vs %q", n, i, m1, m2)
			}
			m := botMove(s.View(seat), legal, r)
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestBotIsTheGamesBot: the catalogue's Bot is this bot.
func TestBotIsTheGamesBot(t *testing.T) {
	if Game().Bot == nil {
		t.Fatal("Game().Bot is not set")
	}
}

// TestBotPlaysAlikeWhateverItsLoyalty plays the same seeded Dirty-Cop game
// twice with the bot in every seat, the Dirty Cop in a different seat each
// time: the bot never looks at its Loyalty card, so every move is the same
// in both games (issue 17: "it plays the same whatever its seat's role").
func TestBotPlaysAlikeWhateverItsLoyalty(t *testing.T) {
	for _, n := range []int{3, 5} {
		play := func(dirty string) []string {
			st, err := Game().New(engine.Setup{Players: n, Seed: 41, Options: map[string]string{"variant": "dirty-cop", "dirty": dirty}})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(7)
			var moves []string
			for i := 0; s.Outcome() == nil && i < 3000; i++ {
				seat := s.Turn().Seats[0]
				m := botMove(s.View(seat), s.Legal(seat), r)
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatalf("%q: %v", m, err)
				}
				moves = append(moves, fmt.Sprintf("%d %s", seat, m))
			}
			return moves
		}
		a, b := play("1"), play(strconv.Itoa(n))
		t.Logf("%d players: %d moves", n, len(a))
		if !slices.Equal(a, b) {
			for i := range min(len(a), len(b)) {
				if a[i] != b[i] {
					t.Fatalf("%d players: move %d differs with the Dirty Cop in seat 1 (%q) and in seat %d (%q)", n, i, a[i], n, b[i])
				}
			}
			t.Fatalf("%d players: %d moves against %d", n, len(a), len(b))
		}
	}
}
