package heist

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"casefile/engine"
)

// TestBotTrace prints one bot-played heist line by line, with where each
// character stands and what job its bot works on at every Action phase
// (HEIST_BOT_TRACE=<scenario>:<characters>:<seed> go test -run
// TestBotTrace -v ./engine/heist), to see why a crew loses. The seeds and
// seat order are those of TestBotFigures.
func TestBotTrace(t *testing.T) {
	spec := os.Getenv("HEIST_BOT_TRACE")
	if spec == "" {
		t.Skip("set HEIST_BOT_TRACE=<scenario>:<characters>:<seed> to trace a heist")
	}
	parts := strings.Split(spec, ":")
	if len(parts) != 3 {
		t.Fatalf("HEIST_BOT_TRACE wants scenario:characters:seed, got %q", spec)
	}
	n, _ := strconv.Atoi(parts[1])
	seed, _ := strconv.ParseUint(parts[2], 10, 64)
	st, err := Game().New(botSetup(parts[0], n, seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	order := engine.NewRand(seed*7919 + 23)
	r := engine.NewRand(seed*104729 + 5)
	var out strings.Builder
	lastRound, lastPhase := -1, ""
	for steps := 0; s.Outcome() == nil && steps < 20000; steps++ {
		if s.Round != lastRound || s.Phase != lastPhase {
			lastRound, lastPhase = s.Round, s.Phase
			fmt.Fprintf(&out, "== round %d %s noise %d/%d deck %v\n", s.Round, s.Phase, s.Noise.Level, s.Noise.Final, s.Deck[:min(4, len(s.Deck))])
			for _, c := range s.Chars {
				b := &botMind{s: s, c: c, set: map[string]bool{}}
				job := "-"
				if j := b.myJob(); j != nil {
					job = fmt.Sprintf("%s %s→%s", j.What, j.Hex, j.Then)
					if b.relay {
						job += " (far end)"
					}
				}
				fmt.Fprintf(&out, "   %s seat %d at %q ideas %d mem %d loot %v planned %v job %s busted %v out %v\n",
					c.Name, c.Seat, c.Hex, c.Ideas, c.Memory, c.Loot, c.Planned, job, c.Busted, c.Escaped)
			}
		}
		turn := s.Turn()
		seat := turn.Seats[order.Intn(len(turn.Seats))]
		m := Game().Bot.Choose(s.View(seat), s.Legal(seat), r)
		res, err := s.Apply(seat, m)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "  [%d] %s\n", seat, m)
		for _, l := range res.Public {
			fmt.Fprintf(&out, "      %s\n", l)
		}
	}
	fmt.Fprintf(&out, "won %v round %d\n", s.Won, s.Round)
	t.Logf("\n%s", out.String())
}
