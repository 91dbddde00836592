package heist

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestBotSweep counts the heists bot crews win on a range of seeds, both
// crew sizes, playing two heists at a time (HEIST_BOT_SWEEP=20
// HEIST_BOT_FROM=21 go test -count=1 -run TestBotSweep -v ./engine/heist):
// how each change of the bot was measured before it was kept, on seeds
// that TestBotFigures does not play too. Without HEIST_BOT_SCENARIOS it
// plays every scenario outside the County but the two a dealt crew cannot
// win (The Marathon Job, The Final Score: Part 1).
func TestBotSweep(t *testing.T) {
	seeds, from, only := botToolRange(t, "HEIST_BOT_SWEEP")
	type job struct {
		slug string
		n    int
		seed uint64
	}
	var jobs []job
	for _, sc := range theLib().Scenarios {
		if !only(sc.Slug, false) {
			continue
		}
		if os.Getenv("HEIST_BOT_SCENARIOS") == "" && (strings.HasPrefix(sc.Slug, "county") || sc.Slug == "the-marathon-job" || sc.Slug == "the-final-score-part-1") {
			continue
		}
		for _, n := range []int{3, 4} {
			for s := from; s < from+seeds; s++ {
				jobs = append(jobs, job{sc.Slug, n, uint64(s)})
			}
		}
	}
	won := map[string]int{}
	rounds := map[string]int{}
	var mu sync.Mutex
	ch := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				s, _ := botPlayout(t, botSetup(j.slug, j.n, j.seed), false, nil)
				mu.Lock()
				if s.Won {
					won[j.slug]++
				}
				rounds[j.slug] += s.Round
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	total := 0
	var b strings.Builder
	for _, sc := range theLib().Scenarios {
		if _, ok := rounds[sc.Slug]; !ok {
			continue
		}
		total += won[sc.Slug]
		fmt.Fprintf(&b, "%-26s %3d/%d  %.1f\n", sc.Slug, won[sc.Slug], 2*seeds, float64(rounds[sc.Slug])/float64(2*seeds))
	}
	fmt.Fprintf(&b, "TOTAL %d/%d\n", total, len(jobs))
	t.Logf("\n%s", b.String())
}

// botToolRange reads what the bot's measuring tools (TestBotSweep,
// TestBotLosses, TestBotGetawayLosses) play, skipping the test when env is
// not set: env's seeds per scenario and crew size, from HEIST_BOT_FROM
// (1 unless set) on, and, through only, the scenarios HEIST_BOT_SCENARIOS
// lists (<slug>,<slug>; every scenario when it is not set, or none when
// listedOnly asks for a list).
func botToolRange(t *testing.T, env string) (seeds, from int, only func(slug string, listedOnly bool) bool) {
	t.Helper()
	seeds, _ = strconv.Atoi(os.Getenv(env))
	if seeds <= 0 {
		t.Skipf("set %s=<heists per scenario and crew size> (and HEIST_BOT_FROM=<first seed>, HEIST_BOT_SCENARIOS=<slug>,…) to measure", env)
	}
	from, _ = strconv.Atoi(os.Getenv("HEIST_BOT_FROM"))
	if from <= 0 {
		from = 1
	}
	list := os.Getenv("HEIST_BOT_SCENARIOS")
	return seeds, from, func(slug string, listedOnly bool) bool {
		if list == "" {
			return !listedOnly
		}
		return slices.Contains(strings.Split(list, ","), slug)
	}
}
