package policeprecinct

import (
	"fmt"
	"maps"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"casefile/engine"
)

// TestTuneSweep is the tool the Crime Track was tuned with (CONTENT.md
// §1.3.1, §5.8): it plays PP_SWEEP games per table with the bot in every
// seat, on the seeds of TestBotWinRate (co-operative) and
// TestBotDirtyPlayouts (Dirty Cop, honest and burying), with the FAIL
// spaces of PP_FAIL and PP_DFAIL laid over the tuned tables
// ("2:6,3:7": players:FAIL), and logs the win rates. It checks nothing
// else (the playout tests do), so that a sweep runs fast; it is skipped
// unless PP_SWEEP is set. PP_SWEEP_COOP=0 or PP_SWEEP_DIRTY=0 leaves out
// a half; PP_SWEEP_FROM starts the games at that index instead of 0
// (fresh seeds, to check a tuning against games it was not tuned on).
// Example:
// PP_SWEEP=100 PP_FAIL=1:9,2:9,3:9,4:9,5:9,6:9 PP_SWEEP_DIRTY=0 go test -count=1 -run TestTuneSweep -v ./engine/policeprecinct/
func TestTuneSweep(t *testing.T) {
	games, err := strconv.Atoi(os.Getenv("PP_SWEEP"))
	if err != nil || games <= 0 {
		t.Skip("set PP_SWEEP to the games per table")
	}
	from, _ := strconv.Atoi(os.Getenv("PP_SWEEP_FROM"))
	coop, dirty := maps.Clone(CrimeFailTable), maps.Clone(DirtyCrimeFailTable)
	t.Cleanup(func() { CrimeFailTable, DirtyCrimeFailTable = coop, dirty })
	CrimeFailTable, DirtyCrimeFailTable = maps.Clone(coop), maps.Clone(dirty)
	overlay(t, "PP_FAIL", CrimeFailTable)
	overlay(t, "PP_DFAIL", DirtyCrimeFailTable)
	t.Logf("FAIL co-operative %v, Dirty Cop %v", CrimeFailTable, DirtyCrimeFailTable)

	var jobs []func() string
	if os.Getenv("PP_SWEEP_COOP") != "0" {
		for n := 1; n <= 6; n++ {
			jobs = append(jobs, func() string {
				won := 0
				for g := from; g < from+games; g++ {
					if s, _ := sweepGame(engine.Setup{Players: n, Seed: uint64(n*1000 + g)}, false); s.Won {
						won++
					}
				}
				return fmt.Sprintf("players=%d: the bot won %d of %d (%.0f%%)", n, won, games, pct(won, games))
			})
		}
	}
	if os.Getenv("PP_SWEEP_DIRTY") != "0" {
		for _, tc := range dirtyTables() {
			jobs = append(jobs, func() string {
				honest, burying, dealt, dirtyWon := 0, 0, 0, 0
				for g := from; g < from+games; g++ {
					su := dirtySetup(tc.n, uint64(tc.n*9000+len(tc.mode)*100+g), tc.mode, "")
					if s, _ := sweepGame(su, false); s.Won {
						honest++
					}
					s, traitors := sweepGame(su, true)
					if s.Won {
						burying++
					}
					if traitors > 0 {
						dealt++
						if !s.Won {
							dirtyWon++
						}
					}
				}
				return fmt.Sprintf("%s: loyal cops won %.0f%% honest, %.0f%% burying; burying Dirty Cops won %d of %d (%.0f%%)",
					tc.name(), pct(honest, games), pct(burying, games), dirtyWon, dealt, pct(dirtyWon, dealt))
			})
		}
	}
	// Two workers: the machine has two cores.
	out := make([]string, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = jobs[i]()
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, l := range out {
		t.Log(l)
	}
}

// overlay lays "players:FAIL,…" from the environment variable env over
// table.
func overlay(t *testing.T, env string, table map[int]int) {
	t.Helper()
	v := os.Getenv(env)
	if v == "" {
		return
	}
	for _, kv := range strings.Split(v, ",") {
		n, fail, ok := strings.Cut(kv, ":")
		a, err1 := strconv.Atoi(n)
		b, err2 := strconv.Atoi(fail)
		if !ok || err1 != nil || err2 != nil || b < 1 {
			t.Fatalf("%s: %q is not players:FAIL", env, kv)
		}
		table[a] = b
	}
}

// sweepGame plays one game with the bot in every seat, as botPlayout
// does (with bury, a Dirty Cop takes the largest "bury k" offered), and
// returns it with the number of Dirty Cops dealt.
func sweepGame(su engine.Setup, bury bool) (*State, int) {
	st, err := Game().New(su)
	if err != nil {
		panic(err)
	}
	s := st.(*State)
	r := engine.NewRand(su.Seed ^ 0x5eed)
	for i := 0; s.Outcome() == nil && i < 20000; i++ {
		seat := s.Turn().Seats[0]
		legal := s.Legal(seat)
		m := botMove(s.View(seat), legal, r)
		if bury {
			for _, l := range legal {
				if strings.HasPrefix(l, "bury ") {
					m = l
				}
			}
		}
		if _, err := s.Apply(seat, m); err != nil {
			panic(fmt.Sprintf("players=%d seed %d: %q: %v", su.Players, su.Seed, m, err))
		}
	}
	traitors := 0
	for _, c := range s.Cops {
		if c.Loyalty == Dirty {
			traitors++
		}
	}
	return s, traitors
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(1, b)) }
