package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestCashIsLootOnlyWhenThereIsSome (MH-ITEM): a character's cash is a
// piece of loot to hand on, drop or secure only while it is more than
// nothing; $1k is.
func TestCashIsLootOnlyWhenThereIsSome(t *testing.T) {
	s, c := crewBoard(t, "Thug", "c7", 1)
	c.Cash = 0
	if got := s.carried(c); len(got) != 0 {
		t.Errorf("carried with no cash: %v", got)
	}
	if ms := legalWith(s, int(c.Seat), "drop $"); len(ms) != 0 {
		t.Errorf("a cash drop offered with no cash: %v", ms)
	}
	c.Cash = 1
	if got := s.carried(c); !slices.Equal(got, []string{"$1k"}) {
		t.Errorf("carried with $1k: %v", got)
	}
	if !slices.Contains(s.Legal(c.Seat), "drop $1k") {
		t.Errorf("no drop of the $1k: %v", s.Legal(c.Seat))
	}

	// Securing at an Entrance names the cash only when there is some.
	c.Cash = 0
	c.Loot = []string{Jewel}
	c.Hex = "e8"
	if !s.tile("e8").Entrance {
		t.Fatal("test board: e8 is not an Entrance")
	}
	var res engine.Result
	s.secure(c, &res)
	log := strings.Join(res.Public, "\n")
	if strings.Contains(log, "$0k") || !strings.Contains(log, "gets the jewel Outdoors") {
		t.Errorf("securing a jewel with no cash:\n%s", log)
	}
}
