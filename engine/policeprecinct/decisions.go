package policeprecinct

import (
	"fmt"

	"casefile/engine"
)

// Every wait of Police Precinct is one decision on State.Pending. The
// active cop's turn is a decision too, whose kind is the phase the turn is
// at (Move, Action, Prepare, Hospital, Kinney, Hand limit); phases that need
// nobody (the phase-3 draw, the Event) are decisions of the automated kinds
// and run inside advance. Helping is a reaction window of the other cops
// (HelpWindow) pushed above the Prepare step when the cop draws or rolls;
// the draw or roll resumes once it is settled.

// Decision is one pending Police Precinct decision.
type Decision = engine.Decision[Detail]

// Phase names, in the rules' words.
const (
	PhaseSetup  = "Setup"
	PhaseMove   = "1: Move Your Character"
	PhaseAction = "2: Perform One Action"
	PhasePolice = "3: Draw a Police Card"
	PhaseEvent  = "4: Draw an Event Card"
	PhaseEnd    = "Game over"
)

// The decisions a seat may owe.
const (
	// ChooseCar: every cop picks a Marked or Unmarked car at setup [P7].
	ChooseCar engine.DecisionKind = "choose car"
	// StepMove: drive, discard Donuts, play Fast Response, switch cars,
	// move the Support Vehicle; or choose the action at once.
	StepMove engine.DecisionKind = "move"
	// StepAction: choose the one action.
	StepAction engine.DecisionKind = "action"
	// StepPrepare: commit Donuts, Patrol Officers and Police cards to the
	// action's draw or roll, then draw or roll.
	StepPrepare engine.DecisionKind = "prepare"
	// StepHospital: discard Police cards after a failed arrest.
	StepHospital engine.DecisionKind = "hospital"
	// StepKinney: Kinney may pay a Donut to cancel his Event card.
	StepKinney engine.DecisionKind = "kinney"
	// StepHand: discard down to the hand limit at the end of the turn.
	StepHand engine.DecisionKind = "hand limit"
	// Automated steps: nobody owes them; advance runs them.
	StepPolice engine.DecisionKind = "police draw"
	StepEvent  engine.DecisionKind = "event draw"
	StepEnd    engine.DecisionKind = "end of turn"
)

func automated(k engine.DecisionKind) bool {
	return k == StepPolice || k == StepEvent || k == StepEnd
}

// turnDecision is the active cop's turn decision (the lowest turn step).
func (s *State) turnDecision() *Decision {
	for i := range s.Pending.Items {
		if k := s.Pending.Items[i].Kind; k != ChooseCar && k != PickCharacter && k != HelpWindow && k != StepPeek {
			return &s.Pending.Items[i]
		}
	}
	return nil
}

// setStep moves the active cop's turn on to step k, with its phase.
func (s *State) setStep(k engine.DecisionKind) {
	d := s.turnDecision()
	d.Kind = k
	d.Default = ""
	switch k {
	case StepMove:
		d.Phase = PhaseMove
		d.Default = "stop"
	case StepAction:
		d.Phase = PhaseAction
		d.Default = "draw police card"
		if s.lasting("officer down") {
			d.Default = "no action"
		}
	case StepPrepare:
		d.Phase = PhaseAction
		d.Default = prepareGo(s.T.Action)
	case StepHospital:
		d.Phase = PhaseAction
	case StepPolice:
		d.Phase = PhasePolice
	case StepKinney:
		d.Phase = PhaseEvent
		d.Default = "let it happen"
	case StepFile:
		d.Phase = PhaseAction
		d.Default = "file"
	case StepEvent, StepHand, StepEnd:
		d.Phase = PhaseEvent
	}
}

// step is the step the active cop's turn is at.
func (s *State) step() engine.DecisionKind {
	if d := s.turnDecision(); d != nil {
		return d.Kind
	}
	return ""
}

// active is the seat whose turn it is.
func (s *State) active() int { return s.Order[s.Cur] }

// cop is the active cop.
func (s *State) cop() *Cop { return &s.Cops[s.active()] }

// Turn says who acts now: the decision on top of the stack.
func (s *State) Turn() engine.Turn {
	if s.Over {
		return engine.Turn{Phase: PhaseEnd}
	}
	if s.Stopped != "" {
		return engine.Turn{Phase: "not implemented yet: " + s.Stopped}
	}
	return s.Pending.Turn(PhaseEnd, s.prompt)
}

// The Default of each step (what a stand-in or a timed-out seat plays)
// is the move that moves the turn on with the least harm: stop moving,
// draw a Police card, draw or roll without more, let the Event happen;
// the discards have none (the cop must choose the cards).

// prompt words what the seat owing d is asked to do.
func (s *State) prompt(d *Decision) string {
	switch d.Kind {
	case PickCharacter:
		return "take a character: " + s.freeCharactersText()
	case ChooseCar:
		return "choose your car: marked (3 spaces) or unmarked (2 spaces, +1 Investigation card)"
	case StepMove:
		return fmt.Sprintf("move (%d %s left), or choose your action", s.T.Points, plural(s.T.Points, "space", "spaces"))
	case StepAction:
		return "choose your one action"
	case StepPrepare:
		return fmt.Sprintf("add Donuts or Police cards to your %s, then %s", s.T.Action, prepareGo(s.T.Action))
	case StepHospital:
		return fmt.Sprintf("discard %d Police %s (failed arrest)", d.Data.N, plural(d.Data.N, "card", "cards"))
	case HelpWindow:
		return fmt.Sprintf("help %s's %s with a Police card's %s symbols, or pass", who(s.active()), s.T.Action, symbolName(s.symbolFor()))
	case StepKinney:
		return "pay 1 Donut to cancel the Event card (Committed), or let it happen"
	case StepHand:
		return fmt.Sprintf("discard down to %d Police cards", s.cop().handLimit())
	case StepPeek:
		return "put the two Event cards you saw back: keep order or swap order"
	case StepFile:
		return "look at the Investigation cards you drew (sent to you privately) and file them"
	}
	return string(d.Kind)
}

func prepareGo(action string) string {
	if action == "investigate" {
		return "draw"
	}
	return "roll"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
