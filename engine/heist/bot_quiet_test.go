package heist

import (
	"slices"
	"strings"
	"testing"
)

// The quiet plans of issue 14's fifth round: Noise is the heist's clock
// (every Alert slot of the tracker, and every Noise past the last one,
// discards an Event card), so a character that cannot help the objective
// any more does not spend it.

// quietBoard is The Inclusion Job's map emptied, two jewels already out
// and the third on g3: seat 1 may walk anywhere, seat 0 has planned only
// e6 and e7, two steps from the Exit e8, and stands on e6 with 6 Ideas.
func quietBoard(t *testing.T) *State {
	t.Helper()
	s := inclusion(t, 3)
	blankBoard(s)
	s.tile("g3").Loot = []string{Jewel}
	s.Secured = []string{Jewel, Jewel}
	heistAt(t, s, 3, "e6", "d3", "e8")
	for _, tl := range s.Tiles {
		tl.Plans = nil
	}
	for _, c := range s.Chars {
		c.Planned = nil
	}
	for _, tl := range s.Tiles {
		if real(tl) && !tl.Entrance {
			s.plan(s.Chars[1], tl)
		}
	}
	s.plan(s.Chars[0], s.tile("e6"))
	s.plan(s.Chars[0], s.tile("e7"))
	s.Chars[0].Ideas = 6
	return s
}

func TestBotLeavesLootItsPlanCannotReachToATeammate(t *testing.T) {
	s := quietBoard(t)
	if j := (&botMind{s: s, c: s.Chars[1]}).myJob(); j == nil || j.Hex != "g3" {
		t.Fatalf("the character whose plan reaches the jewel should fetch it, job %v", j)
	}
	if j := (&botMind{s: s, c: s.Chars[0]}).myJob(); j != nil {
		t.Fatalf("a character whose plan stops short of the jewel joined the job %v (it could only wait near it, making Noise)", *j)
	}
}

func TestBotWithNothingLeftToDoSparesTheClock(t *testing.T) {
	for die := 1; die <= 6; die++ {
		s := quietBoard(t)
		c := s.Chars[0]
		c.Die = die
		least := 1 << 20
		for _, o := range s.actionChoices(c) {
			if o.Cost == 0 {
				least = min(least, o.Act.Count("noise"))
			}
		}
		before := s.Noise.Level
		moves := botActs(t, s, 0)
		for _, m := range moves {
			if strings.HasPrefix(m, "move ") {
				t.Fatalf("die %d: with its Ideas paying its way out, the character walked home, making Noise: %v", die, moves)
			}
		}
		if made := s.Noise.Level - before; made > max(least, 1) {
			t.Fatalf("die %d: %d Noise made, the quietest Action makes %d: %v", die, made, least, moves)
		}
	}
}

func TestBotPlansAMeetingOnTheKeycardsWayToItsDoor(t *testing.T) {
	// The Startup Job, seed 1, 3 characters: the Keycard (b6) and on to
	// next to its door (b2) is 9 hexes from the Entrance, one more than
	// the runner's Planning Memory, and the teammates plan to the
	// Documents behind the door. A teammate with a token to spare plans
	// a hex of the Keycard's way to the door, so the runner can hand the
	// Keycard on there.
	s := botsPlanned(t, "the-startup-job", 3, 1, nil)
	door := s.tile("b2")
	var runner *Character
	for _, c := range s.Chars {
		if slices.Contains(c.Planned, "b6") {
			runner = c
		}
	}
	if runner == nil {
		t.Fatal("nobody planned to the Keycard on b6")
	}
	mine := func(c *Character) func(*Tile) bool {
		return func(x *Tile) bool { return x.Entrance || x.planned(int(c.Seat)) }
	}
	for _, x := range s.reachable(s.tile("b6"), mine(runner)) {
		if adjacent(x, door) {
			t.Fatalf("the runner's own plan reaches the door, so this board no longer needs a meeting: %v", runner.Planned)
		}
	}
	for _, c := range s.Chars {
		if c == runner {
			continue
		}
		for _, h := range c.Planned {
			if !slices.Contains(runner.Planned, h) {
				continue
			}
			for _, x := range s.reachable(s.tile(h), mine(c)) {
				if adjacent(x, door) {
					return
				}
			}
		}
	}
	var plans []string
	for _, c := range s.Chars {
		plans = append(plans, c.Name+": "+strings.Join(c.Planned, " "))
	}
	t.Fatalf("no teammate's plan meets the runner's and leads on to the door: %s", strings.Join(plans, "; "))
}

func TestBotHandsOnTheKeycardToTheTeammateWhosePlanLeadsOn(t *testing.T) {
	// Seat 2 stands next to the hand-on hex and would reach the jewel
	// behind the door as cheaply, but only seat 1's plan leads on from
	// d4 to next to the door: the hand-on is seat 1's job, and it is
	// handed out before the jewel that the door still keeps.
	s := keycardRelayBoard(t)
	s.Chars[2].Hex = "e4"
	for _, h := range []string{"e4", "d3"} {
		s.plan(s.Chars[2], s.tile(h))
	}
	if j := (&botMind{s: s, c: s.Chars[1]}).myJob(); j == nil || j.What != "relay" || j.Hex != "d4" {
		t.Fatalf("the teammate whose plan leads on from d4 to the door should take the hand-on, job %v", j)
	}
	if j := (&botMind{s: s, c: s.Chars[2]}).myJob(); j != nil && j.What == "relay" {
		t.Fatalf("a teammate whose plan does not lead on to the door took the hand-on %v", *j)
	}
}

func TestBotPicksUpTheKeycardBeforeChoosingItsAction(t *testing.T) {
	// The teammate picks the Keycard up first (free at any time) and
	// chooses its Action for the way on to the door, not for waiting;
	// a holder next to the door opens it first.
	s := keycardRelayBoard(t)
	botActs(t, s, 0)
	moves := botActs(t, s, 1)
	if len(moves) == 0 || moves[0] != "pick up keycard" {
		t.Fatalf("the Keycard lay on the hex and the Action was chosen first: %v", moves)
	}
	// Next to the door with the Keycard, it opens the door first.
	s = keycardRelayBoard(t)
	s.Chars[0].Loot = nil
	s.Chars[1].Hex, s.Chars[1].Loot = "d2", []string{Keycard}
	if !adjacent(s.tile("d2"), s.tile("c2")) {
		t.Fatal("the board changed: d2 is not next to the door c2")
	}
	moves = botActs(t, s, 1)
	if len(moves) == 0 || moves[0] != "open c2" {
		t.Fatalf("the holder next to the door chose its Action before opening it: %v", moves)
	}
}
