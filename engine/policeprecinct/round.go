package policeprecinct

import (
	"fmt"

	"casefile/engine"
)

// startTurn begins the active cop's turn at phase 1, Move (PP-TURN-01).
func (s *State) startTurn(res *engine.Result) {
	c := s.cop()
	s.T = TurnState{Event: -1, Points: s.moveAllowance(c)}
	if s.Support >= 0 {
		s.T.SupportLeft = SupportMove
	}
	s.Pending.Push(Decision{Kind: StepMove, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(c.Seat)}, Phase: PhaseMove, Default: "stop"})
	res.Say("Day %d: %s's turn (%s).", s.Day, who(c.Seat), c.Char().Name)
}

// endTurn checks the hand limit at the end of the turn (PP-POLICE-03),
// then passes the turn on.
func (s *State) endTurn(res *engine.Result) {
	if len(s.cop().Hand) > s.cop().handLimit() {
		s.setStep(StepHand)
		return
	}
	s.endOfTurnDone(res)
}

// endOfTurnDone closes the turn: cards gained become playable, the next
// cop in clockwise order plays (PP-ROUND-01), and after the last cop of
// the round the Calendar advances (PP-ROUND-02).
func (s *State) endOfTurnDone(res *engine.Result) {
	c := s.cop()
	c.Fresh = nil
	s.Pending.Remove(func(d *Decision) bool { return d.Kind == StepEnd || d.Kind == StepHand })
	res.EndPhase(fmt.Sprintf("%s's turn", who(c.Seat)))
	s.Cur++
	if s.Cur == len(s.Order) {
		s.Cur = 0
		s.Round++
		s.calendar(res)
	}
}

// calendar is the Start Player's duty at the end of each round: the
// Calendar advances one day and the Murderer, if on the board, moves to
// the next lower Bad Hood; on Day 16 he appears in Bad Hood 6; on Day 22
// the cops lose (PP-ROUND-02…06, PP-END-04).
func (s *State) calendar(res *engine.Result) {
	s.Day++
	res.EndPhase(fmt.Sprintf("day %d", s.Day-1))
	if s.Day >= LastDay {
		s.lose(res, fmt.Sprintf("The Calendar reached Day %d: the Murderer got away.", LastDay))
		return
	}
	if s.Murderer > 1 {
		s.Murderer--
		res.Say("The Murderer moves to Bad Hood %d.", s.Murderer)
	}
	s.murdererDay16(res)
}

// murdererDay16 puts the Murderer in Bad Hood 6 when the Calendar reaches
// Day 16 (PP-ROUND-04).
func (s *State) murdererDay16(res *engine.Result) {
	if s.Day == MurdererDay && s.Murderer == 0 {
		s.Murderer = 6
		res.Say("Day %d: the Murderer appears in Bad Hood 6.", MurdererDay)
	}
}

// crimeTrack advances the Crime marker one space; on FAIL the cops lose
// (PP-END-05, PP-END-06).
func (s *State) crimeTrack(res *engine.Result, why string) {
	if s.Over {
		return
	}
	s.Crime++
	res.Say("The Crime marker advances to %d of %d (%s).", s.Crime, s.FailSpace(), why)
	if s.Crime >= s.FailSpace() {
		s.lose(res, "The Crime marker reached FAIL: the city is lost to crime.")
	}
}

// evidenceComplete reports whether all Evidence is on the Murder
// Investigation Board.
func (s *State) evidenceComplete() bool {
	for c := range s.Board {
		if s.Board[c] < EvidencePerCategory[c] {
			return false
		}
	}
	return true
}

func (s *State) lose(res *engine.Result, why string) {
	if s.Over {
		return
	}
	s.Over, s.Won, s.Summary = true, false, "The cops lose. "+why
	if s.DirtyCop {
		s.Summary += " " + s.traitorsLine()
	}
	res.Say("Game over: %s", s.Summary)
	s.disclose(res)
	res.EndPhase(PhaseEnd)
}

func (s *State) win(res *engine.Result, why string) {
	if s.Over {
		return
	}
	s.Over, s.Won, s.Summary = true, true, "The cops win. "+why
	if s.DirtyCop {
		s.Summary = "The loyal cops win. " + why
	}
	res.Say("Game over: %s", s.Summary)
	s.disclose(res)
	res.EndPhase(PhaseEnd)
}
