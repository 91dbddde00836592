package heist

import (
	"slices"
	"testing"

	"casefile/engine"
)

// The objective's loot handed to the NPC it needs (bot_npccarry.go).

// freedPrisonerBoard is The Greedy Prisoner's map emptied but for the
// freed Prisoner on b7 (her die 1, two Ideas, still to act) and b6's
// jewel held by seat 0, who stands on b7 with her with no Idea; the
// others wait on the Entrances.
func freedPrisonerBoard(t *testing.T) *State {
	t.Helper()
	s := newTestState(t, "the-greedy-prisoner", 3, 1)
	blankBoard(s)
	s.tile("b3").Tokens = []string{"server x"}
	s.tile("b9").Tokens = []string{"server x"}
	heistAt(t, s, 1, "b7", "i1", "i9")
	s.tile("d4").Loot = []string{Jewel}
	s.tile("e6").Loot = []string{Jewel}
	s.Chars[0].Loot = []string{Jewel}
	s.Chars[0].Ideas = 0
	s.NPC.Hex, s.NPC.Active, s.NPC.Done, s.NPC.Die, s.NPC.Ideas = "b7", true, false, 1, 2
	return s
}

func TestBotCarrierHandsTheObjectivesLootToTheNPC(t *testing.T) {
	// A jewel the Prisoner carries gets out exactly when she does, and
	// the heist is lost if she does not: the carrier gives it to her.
	// Before, the Burglar kept b6's jewel on b7 as she walked on and out
	// with a 6, and was Busted with it three hexes in (4 characters,
	// seed 14).
	s := freedPrisonerBoard(t)
	play := botPlays(t, s, engine.NewRand(1))
	if m := play(0); m != "drop jewel" {
		t.Fatalf("seat 0's first move is %q, want it to drop the jewel for the Prisoner on its hex", m)
	}
	var moves []string
	for i := 0; i < 40 && !(s.Chars[0].Done && s.NPC.Done); i++ {
		moves = append(moves, play(0))
	}
	if s.Chars[0].has(Jewel) || !s.NPC.has(Jewel) {
		t.Fatalf("after %v the carrier holds %v and the Prisoner %v: want the jewel with the Prisoner", moves, s.Chars[0].Loot, s.NPC.Loot)
	}
	if slices.Contains(moves, "pick up jewel") {
		t.Fatalf("the carrier took the jewel back (%v)", moves)
	}
}

func TestBotCarrierKeepsItsLootFromAnNPCThatHasActed(t *testing.T) {
	// Once the Prisoner has acted this round an Event may lock or guard
	// the hex before her next turn, so the carrier keeps its piece.
	s := freedPrisonerBoard(t)
	s.NPC.Done = true
	if m := Bot(s.View(0), s.Legal(0), engine.NewRand(1)); m == "drop jewel" {
		t.Fatalf("seat 0 dropped the jewel for a Prisoner that has acted")
	}
}

func TestBotCarrierSureOfItsWayKeepsItsLoot(t *testing.T) {
	// What gets out counts even when the heist fails: a carrier likelier
	// to get out than the Prisoner keeps its piece (traced, 4
	// characters, seed 1: the Thug, sure of its way out with 9 Ideas,
	// gave d4's jewel to the Prisoner Busted on e2).
	s := freedPrisonerBoard(t)
	s.Chars[0].Ideas, s.NPC.Ideas = 9, 0
	if m := Bot(s.View(0), s.Legal(0), engine.NewRand(1)); m == "drop jewel" {
		t.Fatalf("seat 0, sure of its way out, dropped the jewel for a Prisoner who is not")
	}
}

func TestBotLeavesToThePrisonerTheJewelOnHerWayAndThoseBehindRemoteLocks(t *testing.T) {
	// b6's jewel lies on her way out, e6's behind Remote Locks X and Y:
	// before, the crew sent a character to Server Y (c6) and one to b6,
	// and d4's jewel in the open waited on nobody.
	s := newTestState(t, "the-greedy-prisoner", 3, 1)
	var hexes []string
	for _, j := range (&botMind{s: s, c: s.Chars[0]}).jobs() {
		hexes = append(hexes, j.What+" "+j.Hex)
	}
	for _, want := range []string{"server b9", "loot d4", "npc b5"} {
		if !slices.Contains(hexes, want) {
			t.Fatalf("jobs %v: want %q among them", hexes, want)
		}
	}
	for _, no := range []string{"loot b6", "loot e6", "server c6"} {
		if slices.Contains(hexes, no) {
			t.Fatalf("jobs %v: want no %q (the Prisoner takes b6's jewel on her way; d4 and b6 make two)", hexes, no)
		}
	}
}

// meetBoard is The Greedy Prisoner's map emptied, in the Escape: the
// freed Prisoner on b7 (nine Ideas, her way out c8–d8–e8–f8–g8–h8–i9),
// seat 0 on b4 with a jewel, three Ideas and its Last Ditch die rolled,
// eight Escape Moves from an Exit by its own cheapest way (c4–d3–…–i1)
// and three from her; seats 1 and 2 are out.
func meetBoard(t *testing.T) *State {
	t.Helper()
	s := newTestState(t, "the-greedy-prisoner", 3, 1)
	blankBoard(s)
	heistAt(t, s, 1, "b4", "i1", "i9")
	for _, c := range s.Chars {
		c.Ideas, c.Loot = 0, nil
	}
	s.Chars[0].Loot, s.Chars[0].Ideas, s.Chars[0].Rolled = []string{Jewel}, 3, true
	s.Chars[1].Escaped, s.Chars[1].Done = true, true
	s.Chars[2].Escaped, s.Chars[2].Done = true, true
	s.NPC.Hex, s.NPC.Active, s.NPC.Done, s.NPC.Ideas = "b7", true, false, 9
	setPhase(s, PhaseEscape)
	return s
}

func TestBotCarrierMeetsTheNPCOnItsWayOutInTheEscape(t *testing.T) {
	// A carrier that cannot get out walks its piece onto the Prisoner's
	// way out and leaves it there; she picks it up and gets it out.
	// Before, the carrier walked its own way (c4, d3, e3) and was Busted
	// with the jewel.
	s := meetBoard(t)
	play := botPlays(t, s, engine.NewRand(1))
	var moves []string
	for i := 0; i < 40 && s.NPC.onBoard(); i++ {
		moves = append(moves, play(0))
	}
	if !s.NPC.Escaped || !slices.Contains(s.Secured, Jewel) {
		t.Fatalf("after %v the Prisoner escaped %v and the jewels out are %v: want her out with the jewel", moves, s.NPC.Escaped, s.Secured)
	}
}
