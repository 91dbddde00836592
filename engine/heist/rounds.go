package heist

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// A round is the Roll, the Action phase and the Event phase (MH-ROLL-*,
// MH-EPHASE-*); the Crew step and Planning come before the first and the Escape after the
// last. advance moves on once a phase's turn is answered.

// maxRounds bounds a heist so random play always ends: the Alarm sounds
// (Escape) once this many rounds have been played. Our rule; no scenario
// deck lasts this long.
const maxRounds = 40

// advance ends the phases' turns once every seat has answered. A choice
// on top waits for its answer: its settled resumes the phase.
func (s *State) advance(res *engine.Result) {
	for {
		s.refresh()
		d := s.Pending.Top()
		if d == nil || isChoice(d.Kind) {
			return
		}
		if len(d.Waiting()) > 0 {
			if d.Kind == actionTurn && s.allBusted() {
				s.finish(res)
			}
			return
		}
		switch done := s.Pending.Pop(); done.Kind {
		case crewTurn:
			s.startPlanning(res)
		case planTurn:
			s.startHeist(res)
		case actionTurn:
			s.endRound(res)
		case offerTurn:
			s.afterEvent(res)
		case escapeTurn:
			s.finish(res)
		}
	}
}

// allBusted reports whether every character is Busted: the heist ends.
func (s *State) allBusted() bool {
	for _, c := range s.Chars {
		if !c.Busted {
			return false
		}
	}
	return true
}

// startRound is Phase 1, Roll: the engine rolls every die, in public
// (MH-ROLL-01).
func (s *State) startRound(res *engine.Result) {
	s.Round++
	s.RoundSubdued = 0
	s.DrawnThisRound = nil
	for _, t := range s.Tiles {
		for i := range t.Chits {
			t.Chits[i].Stay = false
		}
	}
	res.Reveals = true
	var rolls []string
	for _, c := range s.Chars {
		c.Action, c.ActionSrc, c.Pool, c.Done = "", "", Pool{}, false
		c.ExitGuards, c.Larcenist, c.Picker, c.Moved, c.Unlocked = false, false, 0, false, false
		c.Cracked, c.CrackUnlocks, c.OnlyCrack, c.Grant, c.Rewire, c.Toss, c.KillPixels = false, 0, false, 0, 0, 0, 0
		if !c.onBoard() {
			c.Done = true
			continue
		}
		c.Die = s.Rand.Die(6)
		rolls = append(rolls, fmt.Sprintf("%s %d", c.ref(), c.Die))
	}
	s.npcRoll(res)
	res.Say("Round %d. Rolls: %s.", s.Round, strings.Join(rolls, ", "))
	s.phaseTurn(actionTurn, fmt.Sprintf("Round %d: Action", s.Round))
	s.autoReveal(res)
}

// endRound ends the Action phase and plays the Event phase (MH-EPHASE-*).
// The NPC card's end-of-Action rules come first; when one stops for a
// decision (SQUIRRELY), endOfAction goes on once it is settled.
func (s *State) endRound(res *engine.Result) {
	s.npcEndOfAction(res)
	if s.choice() != nil {
		return
	}
	s.endOfAction(res)
}

// endOfAction finishes the end of the Action phase after the NPC card's
// rules, then plays the Event phase.
func (s *State) endOfAction(res *engine.Result) {
	s.endPhase(res)
	s.ambush(res)
	s.DogWhistle = false
	s.eventPhase(res)
	if s.Phase == PhaseEvent {
		// An Event offers choices, or asks the team one: the team answers
		// before it goes on.
		return
	}
	s.afterEvent(res)
}
