package heist

import (
	"slices"
	"strings"
	"testing"
)

// The NPC's way out of issue 14's seventh round, on The Final Score:
// Part 2's map emptied: the Mayor taken on e8, every character on e8 too
// with a plan that stops there (h6–g6–f5–e5–e6–e7–e8, as the crews plan
// it), and Locks from the bag on the Mayor's ways on to an Exit (e9 on
// the way to E4 on d10, d8 on the way to E4 on b9), which no plan
// reaches.

// mayorBoard sets the board up with each die showing die and a Lock on
// each of locked.
func mayorBoard(t *testing.T, die int, locked ...string) *State {
	t.Helper()
	s := newTestState(t, "the-final-score-part-2", 3, 1)
	blankBoard(s)
	heistAt(t, s, die, "e8")
	for _, tl := range s.Tiles {
		tl.Plans = nil
	}
	for _, c := range s.Chars {
		c.Planned = nil
		for _, h := range []string{"h6", "g6", "f5", "e5", "e6", "e7", "e8"} {
			s.plan(c, s.tile(h))
		}
	}
	for _, h := range locked {
		s.tile(h).Chits = []Chit{{Kind: Lock, Active: true}}
	}
	n := s.NPC
	n.Hex, n.Active, n.Ideas = "e8", true, 3
	return s
}

// npcBlock is the first Lock on the Mayor's way out, as the crew's bots
// work it out ("" when none is left).
func npcBlock(s *State) string {
	b := &botMind{s: s, c: s.Chars[0]}
	for _, t := range b.pathFor(s.NPC) {
		if t.locked() {
			return t.Hex
		}
	}
	return ""
}

func TestBotEscortOpensTheNPCsWayFromNextDoor(t *testing.T) {
	// The Script Kiddie rolls 2: Defeat (Unlock, Disable, Noise) is free.
	// Its own plan ends on e8, so its way gives the Unlock nothing to do;
	// the Lock next door on the Mayor's way is worth it (before: it took
	// AUTOPWN for an Idea and disabled nothing, the Lock stayed shut).
	s := mayorBoard(t, 2, "e9", "d8")
	first := npcBlock(s)
	if first == "" {
		t.Fatal("the board is not as the test expects: no Lock on the Mayor's way")
	}
	kiddie := s.Chars[1]
	if !slices.ContainsFunc(s.actionChoices(kiddie), func(o actionChoice) bool { return o.Text == "take defeat" }) {
		t.Fatalf("the board is not as the test expects: %s has no Defeat on a 2", kiddie.Name)
	}
	moves := botActs(t, s, 1)
	if !slices.Contains(moves, "unlock "+first) || s.tile(first).locked() {
		t.Fatalf("an escort next to the Lock on the Mayor's way (%s) did not open it: %v", first, moves)
	}
}

func TestBotCountsALockedWayOutAsOpenable(t *testing.T) {
	// Every hex next to e8 is Locked: no way out is open now, but the
	// Action phases left can open one. The crew is not lost, and so it
	// still escorts the Mayor (before: late for everyone, no escort, and
	// the Lock next door stayed shut until the Escape Busted them all).
	var around []string
	s := mayorBoard(t, 2)
	for _, n := range s.neighbours(s.tile("e8")) {
		if real(n) {
			around = append(around, n.Hex)
		}
	}
	s = mayorBoard(t, 2, around...)
	kiddie := s.Chars[1]
	b := &botMind{s: s, c: kiddie}
	if need := b.escapeNeeds(kiddie)[s.tile("e8")]; need < 1<<20 {
		t.Fatalf("the board is not as the test expects: a way out open now (%d Escape Moves)", need)
	}
	if b.eventsLeft() < 10 {
		t.Fatalf("the board is not as the test expects: %d Events left", b.eventsLeft())
	}
	if b.late(kiddie) {
		t.Fatal("a Lock next door counted as no way out: the crew gave up with the deck nearly whole")
	}
	if b.escortHex() == nil {
		t.Fatal("no escort for the Mayor while a Lock on his way can be opened")
	}
	moves := botActs(t, s, 1)
	if !slices.ContainsFunc(moves, func(m string) bool { return strings.HasPrefix(m, "unlock ") }) {
		t.Fatalf("the escort next to the Mayor's Locked way opened nothing: %v", moves)
	}
	// With the deck all but out, the same Locks are a way the crew will
	// not open in time: late.
	s = mayorBoard(t, 2, around...)
	s.Deck = slices.DeleteFunc(s.Deck, func(code string) bool { return !strings.HasPrefix(code, "C") && !strings.HasPrefix(code, "Z") })
	if b := (&botMind{s: s, c: s.Chars[1]}); !b.late(s.Chars[1]) {
		t.Fatalf("no Event left before the final Crisis, yet not late (deck %v)", s.Deck)
	}
}

func TestBotWaitsForTheSafehousePrisonerOnHerWay(t *testing.T) {
	// The crew stands on e5, one hex down the captured Prisoner's way
	// (e4, her Guards on d3 and f3, the van on e8): the ambush hex is
	// where the crew already is, and nobody walks on ahead of her
	// (before: the meeting hex was three hexes down her way, e7, and the
	// crew walked on toward it, away from her and her Guards).
	s := newTestState(t, "the-safehouse-rescue", 3, 1)
	blankBoard(s)
	heistAt(t, s, 3, "e5")
	s.tile("e8").Tokens = []string{TokBeacon}
	n := s.NPC
	n.Hex, n.Active = "e4", false
	for _, h := range []string{"d3", "f3"} {
		s.tile(h).Chits = []Chit{{Kind: Guard, Active: true}, {Kind: Guard, Active: true}}
	}
	for seat, c := range s.Chars {
		b := &botMind{s: s, c: c}
		if j := b.myJob(); j == nil || j.Hex != "e5" {
			t.Fatalf("%s on e5, the Prisoner on e4: want the meeting on e5, got job %v", c.Name, j)
		}
		moves := botActs(t, s, seat)
		if i := slices.Index(moves, "done"); i >= 0 {
			moves = moves[:i+1] // this round's Action only
		}
		for _, m := range moves {
			if strings.HasPrefix(m, "move ") {
				t.Fatalf("%s walked on ahead of the Prisoner: %v (job now %v, her hex %s)", c.Name, moves, (&botMind{s: s, c: c}).myJob(), s.NPC.Hex)
			}
		}
	}
	// From the far Entrance before the heist, the meeting hex is one the
	// crew reaches no later than she does, and the first such hex.
	s = newTestState(t, "the-safehouse-rescue", 3, 1)
	b := &botMind{s: s, c: s.Chars[0]}
	var meet *Tile
	for _, j := range b.jobs() {
		if j.What == "loot" {
			meet = s.tile(j.Hex)
		}
	}
	if meet == nil {
		t.Fatalf("no meeting job before the heist: %v", b.jobs())
	}
	dist := s.distances(func(x *Tile) bool { return x.has(TokBeacon) })
	crew := s.distances(func(x *Tile) bool { return x.Entrance })
	her := dist[s.tile(s.NPC.Hex)] - dist[meet]
	if crew[meet] > her {
		t.Fatalf("the meeting hex %s is %d hexes from an Entrance, %d down her way: she passes first", meet.Hex, crew[meet], her)
	}
}
