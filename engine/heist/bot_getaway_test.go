package heist

import (
	"strings"
	"testing"

	"casefile/engine"
)

// getawayBoard is The Inclusion Job's map emptied, in the Escape: seat 0
// carries the three jewels on d5 with no Idea (3 Escape Moves from the
// Exit e8, not rolled yet), seat 1 stands on e7 with Ideas that pay the
// way to e5 and out again, seat 2 is out.
func getawayBoard(t *testing.T) *State {
	t.Helper()
	s := inclusion(t, 3)
	blankBoard(s)
	heistAt(t, s, 1, "d5", "e7", "e8")
	for _, c := range s.Chars {
		c.Ideas, c.Loot = 0, nil
	}
	s.Chars[0].Loot = []string{Jewel, Jewel, Jewel}
	s.Chars[2].Escaped, s.Chars[2].Done = true, true
	setPhase(s, PhaseEscape)
	b := &botMind{s: s, c: s.Chars[1]}
	carrier := b.escapeNeeds(s.Chars[0])[s.tile("d5")]
	_, in := b.escapeRoute(s.Chars[1], s.tile("e7"), func(x *Tile) bool { return x.Hex == "d5" })
	if carrier != 3 || in != 2 {
		t.Fatalf("board: the carrier needs %d Escape Moves (want 3), the way in costs %d (want 2)", carrier, in)
	}
	s.Chars[1].Ideas = in + carrier
	return s
}

// TestBotFetchesTheLootFromACarrierWhoseIdeasFallShort: in the Escape, a
// teammate whose Ideas pay the way to the objective's carrier and out
// again goes to fetch the loot from a carrier whose Ideas do not pay its
// way out, before that carrier has rolled (the old bot went only to a
// carrier that had rolled and failed, and so walked out here, leaving the
// jewels to a Last Ditch roll of 3 or more); the carrier drops the loot
// for it on their shared hex, and the teammate takes it out.
func TestBotFetchesTheLootFromACarrierWhoseIdeasFallShort(t *testing.T) {
	s := getawayBoard(t)
	play := botPlays(t, s, engine.NewRand(1))
	first := play(1)
	if first == "move e8" || !strings.HasPrefix(first, "move ") {
		t.Fatalf("the teammate with Ideas to spare did %q, want it to head in to the carrier on d5", first)
	}
	if m := play(1); m != "move d5" || s.Chars[1].Hex != "d5" {
		t.Fatalf("the teammate did %q after %q, want move d5", m, first)
	}
	if m := play(0); m != "drop jewel" {
		t.Fatalf("the carrier did %q, want it to drop a jewel for the teammate on its hex", m)
	}
	var moves []string
	for i := 0; i < 20 && !s.Chars[1].Escaped; i++ {
		seat := 1
		if !strings.HasPrefix(s.Turn().Phase, "Escape") {
			break
		}
		if len(s.tile("d5").Loot) == 0 && s.Chars[0].has(Jewel) {
			seat = 0
		}
		moves = append(moves, play(seat))
	}
	if got := s.securedCount(Jewel); got != 3 || !s.Chars[1].Escaped {
		t.Fatalf("the teammate did not take the three jewels out (secured %d, escaped %v): %v", got, s.Chars[1].Escaped, moves)
	}
	if s.Chars[0].Rolled {
		t.Fatalf("the carrier rolled the Last Ditch die before handing the jewels over: %v", moves)
	}
}

// TestBotRisksItsRollForLootOtherwiseLost: in the Escape, the carrier of
// the three jewels has rolled and still cannot get out, so without help
// they are lost; a teammate whose Ideas pay its own way out (e7, one
// Escape Move) but fall 3 short of the way to the carrier and out again,
// not rolled yet, goes in for them all the same, its Last Ditch roll to
// make up the rest (the old bot walked out: a fetch had to be paid in
// full), and takes every jewel before it rolls.
func TestBotRisksItsRollForLootOtherwiseLost(t *testing.T) {
	s := getawayBoard(t)
	carrier, mate := s.Chars[0], s.Chars[1]
	carrier.Rolled, carrier.EscapeMoves = true, 0
	mate.Ideas -= 3
	play := botPlays(t, s, engine.NewRand(1))
	first := play(1)
	if first == "move e8" || !strings.HasPrefix(first, "move ") {
		t.Fatalf("the teammate did %q, want it to head in to the carrier on d5", first)
	}
	var moves []string
	for i := 0; i < 10 && mate.Hex != "d5"; i++ {
		moves = append(moves, play(1))
	}
	if mate.Hex != "d5" {
		t.Fatalf("the teammate did not reach the carrier: %q then %v", first, moves)
	}
	for i := 0; i < 10 && carrier.has(Jewel); i++ {
		moves = append(moves, play(0))
		for mate.Hex == "d5" && len(s.tile("d5").Loot) > 0 && !mate.Rolled {
			moves = append(moves, play(1))
		}
	}
	if n := len(mate.Loot); n != 3 || mate.Rolled {
		t.Fatalf("the teammate holds %d jewels (rolled %v), want all 3 taken before its roll: %v", n, mate.Rolled, moves)
	}
}
