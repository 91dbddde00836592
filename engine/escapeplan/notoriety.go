package escapeplan

import (
	"casefile/engine"
)

// Notoriety (EP-NOT-*, EP-SNOT-*): the cubes, the update after every turn,
// and thresholds.

// gainNotoriety tracks a gain (+1) or loss (-1) with the Notoriety cubes
// (EP-NOT-01/02/03, EP-SNOT-01/02) and returns how many changes found no
// cube to move: with all 4 cubes already in the same box, S gives no cube
// to move ("instead move 1 cube from the opposite box", which is empty), so
// that change is not recorded.
func gainNotoriety(red, blue *int, d int) (lost int) {
	for ; d > 0; d-- {
		switch {
		case *red+*blue < NotorietyCubes:
			*red++
		case *blue > 0:
			*blue--
		default:
			lost++
		}
	}
	for ; d < 0; d++ {
		switch {
		case *red+*blue < NotorietyCubes:
			*blue++
		case *red > 0:
			*red--
		default:
			lost++
		}
	}
	return lost
}

// addNotoriety tracks a change of d for actor (a seat or SandraActor) and
// says so when the cubes cannot record all of it.
func (s *State) addNotoriety(actor, d int, res *engine.Result) {
	var red, blue *int
	if actor == SandraActor {
		red, blue = &s.Sandra.Red, &s.Sandra.Blue
	} else {
		red, blue = &s.Players[actor].Red, &s.Players[actor].Blue
	}
	if lost := gainNotoriety(red, blue, d); lost > 0 {
		res.Say("%s has all 4 Notoriety cubes in one box: %s cannot be recorded.", who(actor), engine.Plural(lost, "more change", "more changes"))
	}
}

// updateNotoriety moves an actor's marker by its cubes, then resolves each
// threshold crossed (EP-NOT-04..11, EP-SNOT-03..07).
func (s *State) updateNotoriety(actor int, res *engine.Result) {
	var pos, red, blue *int
	if actor == SandraActor {
		pos, red, blue = &s.Sandra.Notoriety, &s.Sandra.Red, &s.Sandra.Blue
	} else {
		p := &s.Players[actor]
		if p.Status == "arrested" {
			p.Red, p.Blue = 0, 0
			return
		}
		pos, red, blue = &p.Notoriety, &p.Red, &p.Blue
	}
	d := *red - *blue
	*red, *blue = 0, 0
	if d == 0 {
		return
	}
	old := *pos
	np := old + d
	if np > NotorietyTop {
		// EP-NOT-11: at the top, every further increase is a Wound.
		if actor != SandraActor {
			for i := 0; i < np-NotorietyTop; i++ {
				s.gainWound(&s.Players[actor], res)
			}
		}
		np = NotorietyTop
	}
	np = max(np, 0)
	*pos = np
	if np == old {
		return // at the bottom (or top) already: nothing moves
	}
	res.Say("%s's Notoriety: %d → %d.", who(actor), old, np)
	for i, th := range NotorietyThresholds {
		if old <= th && np > th {
			s.crossThreshold(actor, i, res)
		}
	}
}

// crossThreshold resolves one threshold crossing on its own (EP-NOT-05).
func (s *State) crossThreshold(actor, i int, res *engine.Result) {
	res.Say("%s crosses Notoriety threshold %d.", who(actor), i+1)
	target := -1
	if actor == SandraActor {
		target = nodeTile(s.Sandra.At)
	} else if s.Players[actor].active() {
		target = nodeTile(s.Players[actor].At)
	}
	mine := s.notoriety(actor)
	if target >= 0 {
		// EP-NOT-06 / EP-SNOT-06/07: lower players move an officer closer.
		for _, a := range s.Order {
			if a == actor || s.notoriety(a) >= mine {
				continue
			}
			mover := a
			if a == SandraActor {
				mover = s.sandraHelper(actor)
			} else if !s.Players[a].active() {
				continue
			}
			t := s.ask(mover, MovePolice)
			t.Data.Target = target
			t.Data.Reason = "toward " + who(actor)
			if a == SandraActor {
				t.Data.Reason += " for Sandra"
			}
			s.queue(t)
		}
	}
	if actor == SandraActor {
		return // Sandra takes no Asset or disc rewards (CONTENT.md).
	}
	p := &s.Players[actor]
	n := []int{1, 2, 1}[i] // EP-NOT-08/09/10
	if p.active() {
		t := s.ask(actor, UnlockAsset)
		t.Data.N = n
		s.queue(t)
	}
	if i == 2 {
		s.gainDisc(actor, res)
	}
}

// sandraHelper is the human who moves a Police Officer on Sandra's behalf
// when crosser crosses a threshold: the other human (EP-SNOT-07); in a solo
// game the only player.
func (s *State) sandraHelper(crosser int) int {
	for i := range s.Players {
		if i != crosser && s.Players[i].active() {
			return i
		}
	}
	return crosser
}
