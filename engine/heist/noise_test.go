package heist

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"casefile/engine"
)

// TestNoiseTrackerLayoutMHNOISE01to03 pins the layout chosen in
// CONTENT.md ("The Noise tracker"): 12 slots per character (36 on the
// 3-character side, 48 on the 4-character side, MH-SETUP-14), the marker
// on 0 (MH-SETUP-15), an Alert on every 4th slot, the final one included;
// each Noise moves the marker one slot (MH-NOISE-01), reaching an Alert
// slot raises one Alert (MH-NOISE-02), and on the final slot every further
// Noise raises one Alert and the marker stays (MH-NOISE-03).
func TestNoiseTrackerLayoutMHNOISE01to03(t *testing.T) {
	for _, tc := range []struct {
		players, final int
	}{{3, 36}, {4, 48}} {
		t.Run(fmt.Sprintf("%d characters", tc.players), func(t *testing.T) {
			var alerts []int
			for i := 4; i <= tc.final; i += 4 {
				alerts = append(alerts, i)
			}
			nt := noiseTracker(tc.players)
			if nt.Level != 0 || nt.Final != tc.final || !slices.Equal(nt.Alerts, alerts) {
				t.Fatalf("noiseTracker(%d) = %+v, want level 0, final %d, Alerts on %v", tc.players, nt, tc.final, alerts)
			}
			if ours := noiseCandidates[0].tracker(tc.players); ours.Final != nt.Final || !slices.Equal(ours.Alerts, nt.Alerts) {
				t.Fatalf("the figures' first candidate %+v is not noiseTracker %+v", ours, nt)
			}
			s := inclusion(t, tc.players)
			if s.Noise.Level != 0 || s.Noise.Final != nt.Final || !slices.Equal(s.Noise.Alerts, nt.Alerts) {
				t.Fatalf("a %d-character heist starts with the tracker %+v", tc.players, s.Noise)
			}
			// One Noise at a time from the start to 3 past the final slot.
			for i := 1; i <= tc.final+3; i++ {
				var res engine.Result
				s.addNoise(1, &res)
				raised := 0
				for _, l := range res.Public {
					if strings.HasPrefix(l, "Alert (") {
						raised++
					}
				}
				want, level := 0, i
				switch {
				case i > tc.final:
					want, level = 1, tc.final
				case i%4 == 0:
					want = 1
				}
				if raised != want || s.Noise.Level != level {
					t.Fatalf("Noise %d: %d Alerts, marker on %d; want %d Alerts, marker on %d (%v)", i, raised, s.Noise.Level, want, level, res.Public)
				}
			}
		})
	}
	t.Run("MH-EPHASE-13 the rulebook's round 1 of a 4-player game raises one Alert", func(t *testing.T) {
		// "It is the end of the first round of a 4-player game. The team
		// generated noise, meaning they raised one Alert": four characters
		// making a Noise each (a Pick, a Punch) reach the first Alert slot.
		s := inclusion(t, 4)
		deck := len(s.Deck)
		var res engine.Result
		for range s.Chars {
			s.addNoise(1, &res)
		}
		if len(s.Discard) != 1 || len(s.Deck) != deck-1 {
			t.Fatalf("four Noises: discard %v", s.Discard)
		}
	})
}

// noiseCandidate is a Noise tracker layout measured by TestNoiseTrackerFigures:
// per characters slots per character (or a fixed length when fixed > 0),
// an Alert on every every-th slot and on the final one.
type noiseCandidate struct {
	name      string
	perChar   int
	fixed     int
	every     int
	finalSlot bool // an Alert on the final slot too, when it is not a multiple of every
}

func (c noiseCandidate) tracker(players int) NoiseTracker {
	nt := NoiseTracker{Final: c.perChar * players}
	if c.fixed > 0 {
		nt.Final = c.fixed
	}
	for i := c.every; i <= nt.Final; i += c.every {
		nt.Alerts = append(nt.Alerts, i)
	}
	if c.finalSlot && nt.Final%c.every != 0 {
		nt.Alerts = append(nt.Alerts, nt.Final)
	}
	return nt
}

// noiseCandidates are the layouts compared; "ours" is noiseTracker.
var noiseCandidates = []noiseCandidate{
	{name: "12/char, every 4 (ours)", perChar: 12, every: 4},
	{name: "12/char, every 3", perChar: 12, every: 3},
	{name: "12/char, every 5", perChar: 12, every: 5, finalSlot: true},
	{name: "10/char, every 4", perChar: 10, every: 4, finalSlot: true},
	{name: "14/char, every 4", perChar: 14, every: 4, finalSlot: true},
	{name: "8/char, every 4", perChar: 8, every: 4},
	{name: "40 for 3 and 4, every 4", fixed: 40, every: 4},
}

// noiseHeist is what one heist did with the tracker.
type noiseHeist struct {
	won     bool
	rounds  int
	alerts  int  // every Alert raised (Events discarded or not)
	slot    int  // Alerts raised by the marker reaching an Alert slot
	past    int  // Noise past the final slot (each an Alert)
	busted  int  // characters Busted
	first   int  // round of the first Alert the tracker raised, 0 if none
	called  bool // a character called the Escape (not a Crisis, the deck or the round limit)
	secured int  // $k and pieces of loot got Outdoors
}

// noisePlayout plays one heist of setup with tracker nt, by bots in every
// seat or by a careless crew (random legal moves that seldom call the
// Escape: goldenChooser's deep variant), and tallies what the tracker did.
func noisePlayout(setup engine.Setup, nt NoiseTracker, bots bool) (noiseHeist, error) {
	var h noiseHeist
	st, err := Game().New(setup)
	if err != nil {
		return h, err
	}
	s := st.(*State)
	// Nothing makes Noise before the Heist: the tracker is swapped before
	// the first move.
	s.Noise = nt
	order := engine.NewRand(setup.Seed*7919 + 23)
	r := engine.NewRand(setup.Seed*104729 + 5)
	bot := Game().Bot
	for steps := 0; s.Outcome() == nil; steps++ {
		if steps > 20000 {
			return h, fmt.Errorf("no end after %d moves", steps)
		}
		turn := s.Turn()
		if len(turn.Seats) == 0 {
			return h, fmt.Errorf("nobody may act")
		}
		var seat engine.Seat
		var m string
		if bots {
			seat = turn.Seats[order.Intn(len(turn.Seats))]
			m = bot.Choose(s.View(seat), s.Legal(seat), r)
		} else {
			seat, m, _ = deepChooser(s, r)
		}
		res, err := s.Apply(seat, m)
		if err != nil {
			return h, fmt.Errorf("%q: %v", m, err)
		}
		for _, line := range res.Public {
			switch {
			case strings.HasPrefix(line, "Alert (noise past the last slot)"):
				h.past++
				h.alerts++
			case strings.HasPrefix(line, "Alert (noise reached"):
				h.slot++
				h.alerts++
			case strings.HasPrefix(line, "Alert ("):
				h.alerts++
			}
		}
		if h.first == 0 && h.slot+h.past > 0 {
			h.first = s.Round
		}
	}
	h.won, h.rounds = s.Won, s.Round
	h.called = s.EscapeBy != ""
	h.secured = s.SecuredCash + len(s.Secured)
	for _, c := range s.Chars {
		if c.Busted {
			h.busted++
		}
	}
	return h, nil
}

// noiseTally sums heists.
type noiseTally struct {
	n, won, rounds, alerts, slot, past, ranPast, busted, chars int
	first, firstN, called, secured                             int
}

func (t *noiseTally) add(h noiseHeist, chars int) {
	t.n++
	t.rounds += h.rounds
	t.alerts += h.alerts
	t.slot += h.slot
	t.past += h.past
	t.busted += h.busted
	t.chars += chars
	if h.won {
		t.won++
	}
	if h.past > 0 {
		t.ranPast++
	}
	if h.first > 0 {
		t.first += h.first
		t.firstN++
	}
	if h.called {
		t.called++
	}
	t.secured += h.secured
}

func (t noiseTally) row() string {
	n := float64(t.n)
	first := 0.0
	if t.firstN > 0 {
		first = float64(t.first) / float64(t.firstN)
	}
	return fmt.Sprintf("%d%% | %.1f | %.1f | %d%% | %.1f | %.1f | %d%% | %.1f | %d%% | %.1f",
		100*t.won/t.n, float64(t.rounds)/n, first, 100*t.called/t.n, float64(t.alerts)/n, float64(t.slot)/n, 100*t.ranPast/t.n, float64(t.past)/n, 100*t.busted/t.chars, float64(t.secured)/n)
}

// TestNoiseTrackerFigures measures candidate Noise tracker layouts with
// bot crews and random crews over every scenario, 3 and 4 characters, N
// seeds each (HEIST_NOISE_FIGURES=N go test -run TestNoiseTrackerFigures
// -v ./engine/heist; HEIST_NOISE_CANDIDATES=0,2 picks candidates by index);
// CONTENT.md, "The Noise tracker", has the figures and the choice.
func TestNoiseTrackerFigures(t *testing.T) {
	seeds, _ := strconv.Atoi(os.Getenv("HEIST_NOISE_FIGURES"))
	if seeds <= 0 {
		t.Skip("set HEIST_NOISE_FIGURES=<heists per scenario and crew size> to measure")
	}
	cands := noiseCandidates
	if pick := os.Getenv("HEIST_NOISE_CANDIDATES"); pick != "" {
		cands = nil
		for _, f := range strings.Split(pick, ",") {
			i, err := strconv.Atoi(f)
			if err != nil || i < 0 || i >= len(noiseCandidates) {
				t.Fatalf("HEIST_NOISE_CANDIDATES: %q", f)
			}
			cands = append(cands, noiseCandidates[i])
		}
	}
	start := time.Now()
	var all strings.Builder
	fmt.Fprintf(&all, "| tracker (3 / 4 chars) | crew | won | rounds | first tracker Alert | Escape called | Alerts | slot Alerts | ran past end | Noise past end | Busted | secured |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, cand := range cands {
		type job struct {
			slug string
			n    int
			seed uint64
		}
		var jobs []job
		for _, sc := range theLib().Scenarios {
			for _, n := range []int{3, 4} {
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					jobs = append(jobs, job{sc.Slug, n, seed})
				}
			}
		}
		var mu sync.Mutex
		per := map[string]*noiseTally{}
		var bots, careless [5]noiseTally // by crew size
		var errs []string
		ch := make(chan job)
		var wg sync.WaitGroup
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range ch {
					nt := cand.tracker(j.n)
					setup := botSetup(j.slug, j.n, j.seed)
					b, err := noisePlayout(setup, nt, true)
					x, err2 := noisePlayout(setup, nt, false)
					mu.Lock()
					if err != nil || err2 != nil {
						errs = append(errs, fmt.Sprintf("%s/%d seed %d: %v %v", j.slug, j.n, j.seed, err, err2))
					} else {
						bots[j.n].add(b, j.n)
						careless[j.n].add(x, j.n)
						if per[j.slug] == nil {
							per[j.slug] = &noiseTally{}
						}
						per[j.slug].add(b, j.n)
					}
					mu.Unlock()
				}
			}()
		}
		for _, j := range jobs {
			ch <- j
		}
		close(ch)
		wg.Wait()
		for _, e := range errs {
			t.Error(e)
		}
		l3, l4 := cand.tracker(3), cand.tracker(4)
		label := fmt.Sprintf("%s: %d / %d slots, %d / %d Alert slots", cand.name, l3.Final, l4.Final, len(l3.Alerts), len(l4.Alerts))
		for _, n := range []int{3, 4} {
			fmt.Fprintf(&all, "| %s | bots, %d | %s |\n", label, n, bots[n].row())
		}
		for _, n := range []int{3, 4} {
			fmt.Fprintf(&all, "| %s | careless, %d | %s |\n", label, n, careless[n].row())
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s — bot crews per scenario (3 and 4 characters):\n| scenario | won | rounds | first tracker Alert | Escape called | Alerts | slot Alerts | ran past end | Noise past end | Busted | secured |\n|---|---|---|---|---|---|---|---|---|---|---|\n", label)
		for _, sc := range theLib().Scenarios {
			if p := per[sc.Slug]; p != nil {
				fmt.Fprintf(&b, "| %s | %s |\n", sc.Slug, p.row())
			}
		}
		t.Logf("\n%s", b.String())
	}
	t.Logf("\n%s", all.String())
	t.Logf("%d candidates in %v", len(cands), time.Since(start).Round(time.Second))
}
