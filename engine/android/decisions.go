package android

import (
	"fmt"

	"casefile/engine"
)

// Every wait of Android is one decision on State.Pending. The active
// detective's turn is a decision (StepTurn) that stays at the bottom while
// its Time lasts; an action that needs more answers pushes them above it:
// the free draw on entering a ritzy or seedy location, the relocation of a
// followed-up lead (owed by the player on the active player's right), and
// the use of the lead. When the stack is empty, advance starts the next
// turn, or ends the day.

// Decision is one pending Android decision.
type Decision = engine.Decision[Detail]

// Phase names.
const (
	PhaseDay   = "Day"
	PhaseClose = "Game over"
)

// The decisions a seat may owe.
const (
	// StepTurn: spend Time on actions, or end the turn.
	StepTurn engine.DecisionKind = "turn"
	// StepFreeDraw: take or decline the free card of a ritzy or seedy
	// location just entered (AN-MOVE-08/09).
	StepFreeDraw engine.DecisionKind = "free draw"
	// StepRelocate: the player on the active player's right moves the
	// lead just followed up (AN-LEAD-02).
	StepRelocate engine.DecisionKind = "relocate lead"
	// StepUseLead: the active player uses the lead (AN-LEAD-09): place
	// evidence, or uncover the conspiracy (consp.go).
	StepUseLead engine.DecisionKind = "use lead"
	// StepPlaceEvidence: put the drawn token on a live suspect.
	StepPlaceEvidence engine.DecisionKind = "place evidence"
)

// Turn says who acts now: the decision on top of the stack.
func (s *State) Turn() engine.Turn {
	if s.Over {
		return engine.Turn{Phase: PhaseClose}
	}
	return s.Pending.Turn(PhaseClose, s.prompt)
}

// phase names the day for a decision.
func (s *State) phase() string {
	w, d := s.weekDay()
	p := fmt.Sprintf("Week %d, day %d", w, d)
	if s.climax() {
		p += " (climax)"
	}
	return p
}

// weekDay is the current week (1–2) and day of the week (1–6).
func (s *State) weekDay() (week, day int) {
	return (s.Day-1)/DaysPerWeek + 1, (s.Day-1)%DaysPerWeek + 1
}

// climax reports whether today is one of the last two days (AN-DAY-03).
func (s *State) climax() bool { return s.Day > Days-2 }

// active is the seat whose turn it is.
func (s *State) active() int { return s.Order[s.Cur] }

// det is the active detective.
func (s *State) det() *Det { return &s.Dets[s.active()] }

// right is the seat on seat's right: the one before it clockwise.
func (s *State) right(seat int) int { return (seat + s.NPlayers - 1) % s.NPlayers }

// left is the seat on seat's left: the next one clockwise.
func (s *State) left(seat int) int { return (seat + 1) % s.NPlayers }

// prompt words what the seat owing d is asked to do.
func (s *State) prompt(d *Decision) string {
	if p, ok := s.twilightPrompt(d); ok {
		return p
	}
	switch d.Kind {
	case PickDetective:
		return "take a detective: " + s.freeDetectivesText()
	case StepRachelDraw:
		return s.rachelDrawPrompt()
	case StepTurn:
		return fmt.Sprintf("spend your Time (%d left) on actions, or end your turn", s.Time)
	case StepFreeDraw:
		if d.Data.Draw == "light" {
			return "take a free light card from your light deck, or decline"
		}
		return "take a free dark card from another player's dark deck, or decline"
	case StepRelocate:
		return fmt.Sprintf("move the %s lead to a new %s location", s.Leads[d.Data.Lead].Name(), Locations[s.leadFrom(d)].Type)
	case StepUseLead:
		return "use the lead: place evidence, or uncover the conspiracy (reveal information, dig deeper)"
	case StepLily:
		return "Lily Lockwell turns up one face-down evidence token: choose which"
	case StepMoveLily:
		return "send Lily Lockwell to a location of the same type in another district"
	case StepJimmy:
		return "pay Jimmy the Snitch 1 Time to look at a player's cards or peek at a suspect's evidence, or pass him by"
	case StepMoveJimmy:
		return "send Jimmy the Snitch to a location of the same type in another district"
	case StepPlaceEvidence:
		return fmt.Sprintf("place the evidence token you drew in a live suspect's %s file", s.Leads[d.Data.Lead].Kind)
	}
	if storyStep(d.Kind) {
		return s.storyPrompt(d)
	}
	return string(d.Kind)
}

// leadFrom is where the lead being relocated stood when it was followed
// up (it stays there until moved).
func (s *State) leadFrom(d *Decision) int { return s.Leads[d.Data.Lead].At }

// seatDecision is a one-seat decision of kind k.
func (s *State) seatDecision(k engine.DecisionKind, seat int, def string, data Detail) Decision {
	return Decision{Kind: k, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(seat)}, Phase: s.phase(), Default: def, Data: data}
}
