package heist

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestObjectiveAtItsThreshold checks each kind of scenario objective at
// the number it names and one short of it: three Jewels, two Jewels with
// the NPC out, a document.
func TestObjectiveAtItsThreshold(t *testing.T) {
	jewels := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = Jewel
		}
		return out
	}
	for _, c := range []struct {
		slug    string
		secured []string
		npcOut  bool
		want    bool
	}{
		{"the-inclusion-job", jewels(2), false, false},
		{"the-inclusion-job", jewels(3), false, true},
		{"the-melee-job", jewels(2), false, false},
		{"the-melee-job", jewels(3), false, true},
		{"the-greedy-prisoner", jewels(1), true, false},
		{"the-greedy-prisoner", jewels(2), true, true},
		{"the-greedy-prisoner", jewels(3), false, false},
		{"the-blind-justice-job", nil, false, false},
		{"the-blind-justice-job", []string{Jewel}, false, false},
		{"the-blind-justice-job", []string{Document}, false, true},
	} {
		s := newTestState(t, c.slug, 3, 1)
		s.Secured = c.secured
		if s.NPC != nil {
			s.NPC.Escaped = c.npcOut
		} else if c.npcOut {
			t.Fatalf("%s has no NPC", c.slug)
		}
		for _, ch := range s.Chars {
			ch.Escaped = true
		}
		if got := s.objectiveMet(); got != c.want {
			t.Errorf("%s with %v secured, NPC out %v: objective met %v, want %v", c.slug, c.secured, c.npcOut, got, c.want)
		}
	}
}

// TestHeistEndSummaryCountsAndBookie checks the Game-over line: how many
// characters got out, and the Bookie's line only when a stake was placed,
// with the sums it pays.
func TestHeistEndSummaryCountsAndBookie(t *testing.T) {
	end := func(t *testing.T, bet int) (*State, string) {
		s := inclusion(t, 3)
		s.Fixers = append(s.Fixers, "Bookie")
		s.BookieBet = bet
		for _, c := range s.Chars {
			c.Hex = "e8"
			c.Escaped = true
			c.Busted = false
		}
		s.Secured = []string{Jewel, Jewel, Jewel}
		var res engine.Result
		s.finish(&res)
		return s, strings.Join(res.Public, "\n")
	}
	s, log := end(t, 3)
	if !strings.Contains(log, "the Bookie pays $6k (the $3k stake back and $3k won)") {
		t.Errorf("the Bookie's line is wrong or missing:\n%s", log)
	}
	if !strings.Contains(s.Result.Summary, "objective complete. 3 of 3 characters escaped") {
		t.Errorf("summary %q does not count the three who escaped", s.Result.Summary)
	}
	if _, log := end(t, 0); strings.Contains(log, "Bookie") {
		t.Errorf("the Bookie speaks with no stake placed:\n%s", log)
	}
}
