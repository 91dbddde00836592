package policeprecinct

import (
	"strings"
	"testing"

	"casefile/engine"
)

// greedy is a simple test policy, not a bot: investigate when possible,
// else handle an Emergency or arrest where the car stands, else drive
// towards the nearest open Investigation stack (or the Murderer once the
// Evidence is complete). It shows that the winning paths are reachable in
// whole games, which random play almost never shows.
func greedy(s *State, seat int, legal []string) string {
	pick := func(prefixes ...string) string {
		for _, p := range prefixes {
			for _, m := range legal {
				if strings.HasPrefix(m, p) {
					return m
				}
			}
		}
		return ""
	}
	top := s.Pending.Top()
	switch top.Kind {
	case ChooseCar:
		return "car marked"
	case HelpWindow:
		return pick("help with ", "pass")
	case StepPrepare:
		return pick("play ", "patrol ", "donut", "roll", "draw")
	case StepKinney:
		return "let it happen"
	case StepFile:
		return "file"
	case StepHospital, StepHand:
		return legal[0]
	}
	if m := pick("investigate ", "arrest ", "handle ", "resolve "); m != "" && !(strings.HasPrefix(m, "arrest ") && s.evidenceComplete() && s.Murderer > 0 && m != "arrest "+itoa(s.Murderer)) {
		return m
	}
	if top.Kind == StepMove {
		var targets []int
		if s.evidenceComplete() && s.Murderer > 0 {
			h := badHood(s.Murderer)
			targets = h.Sides[:]
		} else {
			for cat, st := range s.Stacks {
				if !st.Done && s.emergencyAt(st.Lot) < 0 {
					targets = append(targets, Lot(s.Stacks[cat].Lot).Enter)
				}
			}
		}
		best, bestD := "", 1<<30
		for _, m := range legal {
			if !strings.HasPrefix(m, "drive ") {
				continue
			}
			sp, _ := SpaceByName(m[len("drive "):])
			d := s.distances(sp)
			for _, t := range targets {
				if d[t] >= 0 && d[t] < bestD {
					best, bestD = m, d[t]
				}
			}
		}
		if best != "" {
			return best
		}
		return "stop"
	}
	return pick("play coffee run", "draw police card", "no action")
}

// TestGreedyGames plays whole games with the greedy policy: they finish,
// conserve every component, and some are won (the Evidence or the
// Murderer's arrest), so the winning ends are exercised.
func TestGreedyGames(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	total, arrests := 0, 0
	for n := 1; n <= 6; n++ {
		won, early := 0, 0
		for g := 0; g < games; g++ {
			st, err := Game().New(engine.Setup{Players: n, Seed: uint64(n*7777 + g)})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for i := 0; s.Outcome() == nil; i++ {
				if i > 20000 {
					t.Fatalf("players=%d game %d does not end", n, g)
				}
				if err := conserve(s); err != nil {
					t.Fatalf("players=%d game %d: %v", n, g, err)
				}
				seat := int(s.Turn().Seats[0])
				m := greedy(s, seat, s.Legal(engine.Seat(seat)))
				if _, err := s.Apply(engine.Seat(seat), m); err != nil {
					t.Fatalf("players=%d game %d: %q: %v", n, g, m, err)
				}
			}
			if s.Won {
				won++
				if strings.Contains(s.Summary, "before the Murderer") {
					early++
				}
			}
		}
		t.Logf("players=%d: greedy policy won %d of %d (%d before the Murderer appeared)", n, won, games, early)
		total += won
		arrests += won - early
	}
	if total == 0 {
		t.Error("PP-END-01, PP-END-02: no greedy game was won")
	}
	if !testing.Short() && arrests == 0 {
		t.Error("PP-END-02: no greedy game ended with the Murderer's arrest")
	}
}
