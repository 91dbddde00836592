package escapeplan

import (
	"fmt"

	"casefile/engine"
)

// The Patrol phase (EP-PATROL-*): Patrol cards, blocked Exits and the Exit
// tile stacks on them.

// patrolPhase reveals Patrol cards; a second card on a space blocks that
// Exit (EP-PATROL-01..06).
func (s *State) patrolPhase(res *engine.Result) {
	n := 2
	if s.Round == 3 {
		n = len(s.PatrolDeck) // EP-PATROL-02: the last card
	}
	for i := 0; i < n && len(s.PatrolDeck) > 0; i++ {
		c := s.PatrolDeck[0]
		s.PatrolDeck = s.PatrolDeck[1:]
		s.revealed = true
		s.PatrolSpaces[c-1]++
		res.Say("Patrol card: Patrol space %d (%s).", c, exitName(c))
		if s.PatrolSpaces[c-1] == 2 {
			res.Say("The %s is blocked.", exitName(c))
		}
	}
	s.layExitStacks()
}

func exitName(no int) string {
	for _, d := range locDef {
		if d.ExitNo == no {
			return d.Name
		}
	}
	return fmt.Sprintf("exit %d", no)
}

func exitLoc(no int) int {
	for l, d := range locDef {
		if d.ExitNo == no {
			return l
		}
	}
	return -1
}

// Blocked reports whether an Exit has 2 Patrol cards on its space.
func (s *State) Blocked(no int) bool { return s.PatrolSpaces[no-1] >= 2 }

// layExitStacks puts an Exit tile stack on each blocked Exit whose tile is
// revealed; the grey stack goes first, then the gold one.
func (s *State) layExitStacks() {
	for no := 1; no <= 3; no++ {
		if !s.Blocked(no) || s.Tiles[locTile[exitLoc(no)]].Where == "stack" || s.exitStack(no) != nil {
			continue
		}
		for i := range s.ExitStacks {
			if s.ExitStacks[i].Exit == 0 {
				s.ExitStacks[i].Exit = no
				break
			}
		}
	}
}

func (s *State) exitStack(no int) *ExitStack {
	for i := range s.ExitStacks {
		if s.ExitStacks[i].Exit == no {
			return &s.ExitStacks[i]
		}
	}
	return nil
}
