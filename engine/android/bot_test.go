package android

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

// playBots plays one game with the bot in every seat, checking
// conservation at every step, and returns it with its log.
func playBots(t testing.TB, su engine.Setup) (*State, []engine.LoggedMove) {
	t.Helper()
	return playBotsWatched(t, su, 5000, nil)
}

// playBotsWatched is playBots with a bound on the moves a game may take,
// and watch, when set, shown the decision each move answers before the
// move is made; what it returns is told the move and what it did.
func playBotsWatched(t testing.TB, su engine.Setup, limit int, watch func(top *Decision) func(move string, res engine.Result)) (*State, []engine.LoggedMove) {
	t.Helper()
	st, err := Game().New(su)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	bot := Game().Bot
	r := engine.NewRand(su.Seed + 99)
	var log []engine.LoggedMove
	for i := 0; s.Outcome() == nil; i++ {
		if i > limit {
			t.Fatalf("%+v: no end", su)
		}
		if err := conserve(s); err != nil {
			t.Fatalf("%+v move %d: %v", su, i, err)
		}
		tu := s.Turn()
		// A dark-card window waits on several seats; each answers in turn.
		if len(tu.Seats) != 1 && tu.Kind != engine.Reaction {
			t.Fatalf("%+v: turn %+v", su, tu)
		}
		seat := tu.Seats[0]
		legal := s.Legal(seat)
		m := bot(s.View(seat), legal, r)
		if !contains(legal, m) {
			t.Fatalf("%+v: the bot chose %q, not legal (%v)", su, m, legal)
		}
		var after func(string, engine.Result)
		if watch != nil {
			after = watch(s.Pending.Top())
		}
		res, err := s.Apply(seat, m)
		if err != nil {
			t.Fatal(err)
		}
		if after != nil {
			after(m, res)
		}
		log = append(log, engine.LoggedMove{Seat: seat, Text: m})
	}
	return s, log
}

// TestBotGames: bot-played games of every player count and murder sheet
// end, conserve every component, replay, and place far more evidence than
// random play; the bots' evidence follows their hunches, so their guilty
// hunches come true more often than chance. The figures are logged.
func TestBotGames(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for n := 3; n <= 5; n++ {
		right, total, evidence := 0, 0, 0
		guilty := map[string]int{}
		for m := 1; m <= 3; m++ {
			for g := 0; g < games; g++ {
				su := engine.Setup{Players: n, Seed: uint64(n*10_000 + m*1000 + g), Options: map[string]string{"murder": fmt.Sprint(m)}}
				s, log := playBots(t, su)
				again, err := engine.Replay(Game(), su, log)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := s.Marshal()
				b, _ := again.Marshal()
				if string(a) != string(b) {
					t.Fatalf("%+v: replay differs", su)
				}
				for _, h := range s.Close.Hunches {
					total++
					if h.GuiltyRight {
						right++
					}
				}
				if s.Close.Murderer >= 0 {
					guilty[Suspects[s.Close.Murderer].Name]++
				}
				evidence += len(EvidencePool) - len(s.EvidencePile)
			}
		}
		var parts []string
		for _, sus := range Suspects {
			parts = append(parts, fmt.Sprintf("%s %d", sus.Name, guilty[sus.Name]))
		}
		t.Logf("players=%d, %d bot games: guilty hunches right %d of %d; evidence placed %.1f per game; guilty %s",
			n, 3*games, right, total, float64(evidence)/float64(3*games), strings.Join(parts, ", "))
		if per := float64(evidence) / float64(3*games); per < 8 {
			t.Errorf("players=%d: bots place only %.1f evidence tokens per game", n, per)
		}
	}
}
