package heist

import (
	"fmt"
	"os"
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
	seeds, _ := strconv.Atoi(os.Getenv("HEIST_BOT_SWEEP"))
	if seeds <= 0 {
		t.Skip("set HEIST_BOT_SWEEP=<seeds per scenario and crew size> (and HEIST_BOT_FROM=<first seed>) to measure")
	}
	from, _ := strconv.Atoi(os.Getenv("HEIST_BOT_FROM"))
	if from <= 0 {
		from = 1
	}
	only := os.Getenv("HEIST_BOT_SCENARIOS")
	type job struct {
		slug string
		n    int
		seed uint64
	}
	var jobs []job
	for _, sc := range theLib().Scenarios {
		if only != "" && !strings.Contains(","+only+",", ","+sc.Slug+",") {
			continue
		}
		if only == "" && (strings.HasPrefix(sc.Slug, "county") || sc.Slug == "the-marathon-job" || sc.Slug == "the-final-score-part-1") {
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
