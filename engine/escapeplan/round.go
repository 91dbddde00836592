package escapeplan

import (
	"fmt"

	"casefile/engine"
)

// A Round (EP-ROUND-*): its phases in order, the automatic steps between
// decisions, and the Change of Round.

// advance runs every automatic step (phases, Sandra, Notoriety updates)
// until a seat owes a decision or the game is over. Every loop here is
// bounded: the phases of 3 rounds are finite and each pass either waits
// for a seat or moves the game on.
func (s *State) advance(res *engine.Result) {
	for guard := 0; guard < 100000; guard++ {
		// Each pass may have changed the state; the moves listed to see
		// whether a decision can be answered stay cached for the seat
		// that is asked next.
		s.cache.Forget()
		if s.Over {
			return
		}
		top := s.Pending.Top()
		switch {
		case top == nil:
			s.step(res)
		case isTurnStep(top.Kind):
			if top.Kind == Avoid && len(top.Data.Turn.Threats) == 0 {
				s.afterAvoid(res)
				continue
			}
			return
		case s.moves(seatOf(top)).Len() > 0:
			return
		default:
			s.skipDecision(res)
		}
	}
	panic("escapeplan: advance did not settle")
}

// step performs the next automatic part of the current phase.
func (s *State) step(res *engine.Result) {
	switch s.Phase {
	case PhaseIncome:
		if s.Round == 1 { // EP-INCOME-01
			s.Phase = PhasePatrol
			return
		}
		if !s.PhaseBegun {
			s.PhaseBegun = true
			s.incomePhase(res)
			return
		}
		s.endPhase(res, PhasePatrol)
	case PhasePatrol:
		s.patrolPhase(res)
		s.endPhase(res, PhaseCity)
	case PhaseCity:
		if !s.PhaseBegun {
			s.PhaseBegun = true
			s.Placed = 0
		}
		if s.cityPlacement() {
			return
		}
		s.flipStacks() // EP-CITY-08
		s.endPhase(res, PhaseTurnOrder)
	case PhaseTurnOrder:
		s.turnOrderPhase(res)
		s.endPhase(res, PhasePlayerAction)
	case PhasePlayerAction:
		s.playerActionStep(res)
	case PhaseChange:
		s.changeOfRound(res)
	case PhaseEnd:
		if !s.PhaseBegun {
			s.PhaseBegun = true
			s.endOfGame(res)
			return
		}
		s.score(res)
	}
}

func (s *State) endPhase(res *engine.Result, next string) {
	res.EndPhase(s.phaseTitle())
	s.Phase = next
	s.PhaseBegun = false
}

// changeOfRound turns every Rest token back to the Sun side (EP-CHANGE-01)
// and begins the next day, or ends the game after day 3 (EP-CHANGE-02).
func (s *State) changeOfRound(res *engine.Result) {
	for i := range s.Players {
		s.Players[i].Sun = true
	}
	if s.Round == 3 {
		s.endPhase(res, PhaseEnd)
		return
	}
	s.Round++
	s.endPhase(res, PhaseIncome)
}

// phaseTitle names the current phase for the list of phases a move ended:
// "the Patrol phase of day 2".
func (s *State) phaseTitle() string {
	return fmt.Sprintf("the %s phase of day %d", s.Phase, s.Round)
}
