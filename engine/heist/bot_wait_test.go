package heist

import "testing"

// The waiting character of issue 14's eighth round, second wave
// (bot_wait.go): a teammate whose job lies behind a Keycard Door still
// shut spends no Noise while the Keycard is on its way.

// waitBoard is The Startup Job's map emptied but for the Documents on a3,
// whose only way in is the Keycard Door on b2: seat 0 holds the Keycard
// on g4, seat 1 stands on the Entrance i5 and seat 2, the Street Urchin,
// on f5, four steps from the door; every die shows die.
func waitBoard(t *testing.T, die int) *State {
	t.Helper()
	s := newTestState(t, "the-startup-job", 3, 1)
	blankBoard(s)
	s.tile("a3").Loot = []string{Document}
	s.tile("b2").Tokens = []string{TokKeycardDoor}
	heistAt(t, s, die, "g4", "i5", "f5")
	s.Chars[0].Loot = []string{Keycard}
	return s
}

func TestBotWaitsQuietlyBehindAShutKeycardDoor(t *testing.T) {
	// Before, the Urchin walked or sprinted up to the door (1–2 Noise)
	// and waited there: in The Startup Job the Noise of those who wait
	// ended the deck before the door opened (3 characters, seed 15: the
	// Burglar's 9 Noise, the deck gone in round 8).
	for _, die := range []int{2, 3} {
		s := waitBoard(t, die)
		u := s.Chars[2]
		if j := (&botMind{s: s, c: u}).myJob(); j == nil || j.Hex != "a3" {
			t.Fatalf("the board is not as the test expects: %s's job %v", u.Name, j)
		}
		moves := botActs(t, s, 2)
		if s.Noise.Level != 0 || u.Hex != "f5" {
			t.Errorf("die %d: %s made %d Noise and ended on %s (moves %v); want it waiting on f5 with none", die, u.Name, s.Noise.Level, u.Hex, moves)
		}
	}
}

func TestBotWalksOnOnceNothingIsShut(t *testing.T) {
	// The same board without the Keycard Door: the Documents are in the
	// open and the Urchin goes for them.
	s := waitBoard(t, 2)
	s.tile("b2").Tokens = nil
	u := s.Chars[2]
	moves := botActs(t, s, 2)
	if u.Hex == "f5" {
		t.Errorf("%s stayed on f5 (moves %v) with the Documents in the open", u.Name, moves)
	}
}
