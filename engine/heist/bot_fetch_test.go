package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestBotCarrierSureToGetOutFetchesATeammatesPiece: in the Escape, a
// teammate on e7 that carries a jewel itself, one Escape Move from the
// Exit e8 and with Ideas that pay the way to the other carrier on d5 and
// out again, goes in for that carrier's two jewels (whose Ideas do not pay
// its way out) before leaving, and takes all three out without a roll (the
// old bot sent only characters carrying none of the objective's loot, so
// this one walked out on e8 and left the two jewels to the other's Last
// Ditch roll).
func TestBotCarrierSureToGetOutFetchesATeammatesPiece(t *testing.T) {
	s := getawayBoard(t)
	carrier, mate := s.Chars[0], s.Chars[1]
	carrier.Loot = []string{Jewel, Jewel}
	mate.Loot = []string{Jewel}
	play := botPlays(t, s, engine.NewRand(1))
	first := play(1)
	if first == "move e8" || !strings.HasPrefix(first, "move ") {
		t.Fatalf("the carrier with Ideas to spare did %q, want it to head in to its teammate on d5", first)
	}
	moves := []string{first}
	for i := 0; i < 10 && mate.Hex != "d5"; i++ {
		moves = append(moves, play(1))
	}
	if mate.Hex != "d5" {
		t.Fatalf("the carrier did not reach its teammate on d5: %v", moves)
	}
	for i := 0; i < 30 && !mate.Escaped; i++ {
		seat := 1
		if carrier.has(Jewel) || len(s.tile("d5").Loot) > 0 && mate.Hex != "d5" {
			seat = 0
		}
		moves = append(moves, play(seat))
	}
	if got := s.securedCount(Jewel); got != 3 || mate.Rolled {
		t.Fatalf("secured %d jewels (the fetching carrier rolled: %v), want all 3 out on its Ideas: %v", got, mate.Rolled, moves)
	}
}

// TestBotMeetsACarrierOnItsWayOut: in the Escape, a teammate on c7 that
// carries a jewel, with 3 Ideas (its way out is one Escape Move, the whole
// way to the other carrier on d5 and out again five), goes to c6 on that
// carrier's way out (d5 c6 c7 c8), from where its Ideas still surely pay
// its way; the carrier, whose Ideas do not pay its way, rolls, walks
// there, hands its two jewels over, and the teammate takes all three out
// (the old bot walked out on c8 and left two jewels to the carrier's roll).
func TestBotMeetsACarrierOnItsWayOut(t *testing.T) {
	s := getawayBoard(t)
	carrier, mate := s.Chars[0], s.Chars[1]
	carrier.Loot = []string{Jewel, Jewel}
	mate.Loot = []string{Jewel}
	mate.Ideas, mate.Hex = 3, "c7"
	b := &botMind{s: s, c: mate}
	way, _ := b.escapeRoute(carrier, s.tile("d5"), func(x *Tile) bool { return s.isExit(carrier, x) })
	var hexes []string
	for _, x := range way {
		hexes = append(hexes, x.Hex)
	}
	if !slices.Equal(hexes, []string{"d5", "c6", "c7", "c8"}) || b.escapeNeeds(mate)[s.tile("c6")] != 2 {
		t.Fatalf("board: the carrier's way out is %v, want d5 c6 c7 c8, two Escape Moves out from c6", hexes)
	}
	play := botPlays(t, s, engine.NewRand(1))
	if m := play(1); m != "move c6" {
		t.Fatalf("the teammate did %q, want it to meet the carrier on c6", m)
	}
	var moves []string
	for i := 0; i < 30 && !mate.Escaped; i++ {
		seat := 0
		if !carrier.has(Jewel) || carrier.Busted || carrier.Escaped {
			seat = 1
		}
		moves = append(moves, play(seat))
	}
	if got := s.securedCount(Jewel); got != 3 {
		t.Fatalf("secured %d jewels, want all 3 handed over and taken out: %v", got, moves)
	}
}
