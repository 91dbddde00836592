package escapeplan

import (
	"fmt"

	"casefile/engine"
)

// Every wait of Escape Plan is one decision on State.Pending. The active
// player's turn is a decision too, whose kind is the step the turn is at
// (RestOrMove, Moving, Avoid, Visit, EndOfTurn); the decisions a move or a
// phase raises (a Contact to take, a tile to keep, an officer to move) are
// pushed above it, or queued before it, so they are settled before the
// turn resumes.

// Decision is one pending Escape Plan decision.
type Decision = engine.Decision[Detail]

// The decisions a seat may owe, in the rules' words.
const (
	// PlaceTile: place a face-up City tile (City phase).
	PlaceTile engine.DecisionKind = "place"
	// NameBusiness and NameSafeHouse: choose the tile for a new Location.
	NameBusiness  engine.DecisionKind = "business"
	NameSafeHouse engine.DecisionKind = "safe house"
	// UnlockAsset: unlock N Asset tiles (Optional: pay $3 at Income).
	UnlockAsset engine.DecisionKind = "unlock"
	// JoinTurn: spend an Extra Action disc to take an Optional turn.
	JoinTurn engine.DecisionKind = "join"
	// MovePolice: move a Police Officer (towards Target, or of Colour).
	MovePolice engine.DecisionKind = "police"
	// SnitchOfficer: remove an officer of Colour from the game.
	SnitchOfficer engine.DecisionKind = "snitch"
	// TakeContact: take a Contact card, then keep, replace or discard it.
	TakeContact engine.DecisionKind = "contact"
	// KeepTile: keep one of the Locker or Exit tiles drawn.
	KeepTile engine.DecisionKind = "keep"
	// MakeSpace: discard a tile for a new one, or return the new one.
	MakeSpace engine.DecisionKind = "space"
	// GroupBonus: an Extra Action disc or an Asset for a full set.
	GroupBonus engine.DecisionKind = "bonus"
	// FlyTo, SewerTo and CrossWater: where a Contact or Fixer takes you.
	FlyTo      engine.DecisionKind = "fly"
	SewerTo    engine.DecisionKind = "sewer"
	CrossWater engine.DecisionKind = "water"
	// DiscardContact: an escaped player's discard before scoring.
	DiscardContact engine.DecisionKind = "discard contact"
)

// The steps of a player's turn, each the kind of the turn's decision.
const (
	// RestOrMove: the start of the turn, REST or MOVE.
	RestOrMove engine.DecisionKind = "rest or move"
	// Moving: the Move goes on until the pawn stops on a Location.
	Moving engine.DecisionKind = "moving"
	// Avoid: the officers on the tiles left are avoided or wound.
	Avoid engine.DecisionKind = "avoid"
	// Visit: the menu of the Location reached.
	Visit engine.DecisionKind = "visit"
	// EndOfTurn: Executive Actions are still possible, then end.
	EndOfTurn engine.DecisionKind = "end of turn"
)

// Detail is what an Escape Plan decision carries beside its seat and kind.
type Detail struct {
	// N is how many Asset tiles are left to unlock, or the MP a flight
	// costs.
	N int `json:"n,omitempty"`
	// Optional is set on the Income unlock, which may be passed.
	Optional bool `json:"optional,omitempty"`
	// Colour is the officer colour to move or remove, or the kind of tile
	// (locker, exit, equipment, fixer) being kept or waiting for room.
	Colour string `json:"colour,omitempty"`
	// Target is a tile (police moves towards a crosser) or a Location
	// (the Business or Safe House to name), or -1.
	Target int `json:"target"`
	// From is the tile of the officer chosen in a two-step police move.
	From int `json:"from"`
	// Card is the Contact card taken from the display.
	Card int `json:"card"`
	// Stack is the Locker or Exit stack the tiles come from.
	Stack string `json:"stack,omitempty"`
	// Drawn are the tiles a player looks at while opening a Locker or
	// taking an Exit tile: seen by that player only.
	Drawn []SecretTile `json:"drawn,omitempty" vis:"owner"`
	// Keep is the tile waiting for room on the Player Board.
	Keep *SecretTile `json:"keep,omitempty" vis:"owner"`
	// Item names the tile waiting for room on the Player Board.
	Item string `json:"item,omitempty"`
	// Price is what was paid for the tile waiting for room (0 if drawn).
	Price int `json:"price,omitempty"`
	// Reason says why a police move or a bonus is owed ("income",
	// "business", "toward Seat 2").
	Reason string `json:"reason,omitempty"`
	// Turn is the player's turn, on a turn step's decision only.
	Turn *TurnState `json:"turn,omitempty"`
}

// isTurnStep reports whether k is a step of a player's turn.
func isTurnStep(k engine.DecisionKind) bool {
	switch k {
	case RestOrMove, Moving, Avoid, Visit, EndOfTurn:
		return true
	}
	return false
}

// seatOf is the one seat that owes d.
func seatOf(d *Decision) int { return int(d.Seats[0]) }

// ask is a decision of kind owed by seat in the current phase.
func (s *State) ask(seat int, kind engine.DecisionKind) Decision {
	return Decision{Kind: kind, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(seat)}, Phase: s.Phase,
		Data: Detail{Target: -1, From: -1, Card: -1}}
}

// queue adds d after every decision already owed, but before the active
// player's turn, if any, resumes.
func (s *State) queue(d Decision) {
	if t := s.turnDecision(); t != nil {
		s.Pending.QueueBefore(t.Kind, d)
		return
	}
	s.Pending.Queue(d)
}

// push puts d on top of the stack: its seat decides it before anything
// already owed, the active player's turn included (a Contact card to take,
// a tile to keep, an officer to move).
func (s *State) push(d Decision) { s.Pending.Push(d) }

// turnDecision is the active player's turn, or nil between turns.
func (s *State) turnDecision() *Decision {
	for i := range s.Pending.Items {
		if isTurnStep(s.Pending.Items[i].Kind) {
			return &s.Pending.Items[i]
		}
	}
	return nil
}

// turnState is the active player's turn beyond its step, or nil.
func (s *State) turnState() *TurnState {
	if d := s.turnDecision(); d != nil {
		return d.Data.Turn
	}
	return nil
}

// turnStep is the step the active player's turn is at ("" between turns).
func (s *State) turnStep() engine.DecisionKind {
	if d := s.turnDecision(); d != nil {
		return d.Kind
	}
	return ""
}

// setStep moves the active player's turn on to step k.
func (s *State) setStep(k engine.DecisionKind) { s.turnDecision().Kind = k }

// Turn says who acts now: the decision on top of the stack.
func (s *State) Turn() engine.Turn {
	if s.Over {
		return engine.Turn{Phase: PhaseEnd}
	}
	return s.Pending.Turn(s.Phase, s.prompt)
}

// prompt words what the seat owing d is asked to do.
func (s *State) prompt(d *Decision) string {
	t := &d.Data
	switch d.Kind {
	case PlaceTile:
		return "place a face-up City tile next to at least 2 tiles"
	case NameBusiness:
		return "choose the Business tile for the new Location"
	case NameSafeHouse:
		return "choose the Safe House tile for the new Location"
	case UnlockAsset:
		if t.Optional {
			return "you may pay $3 to unlock an Asset tile, or pass"
		}
		return "unlock " + engine.Plural(t.N, "Asset tile", "Asset tiles")
	case JoinTurn:
		return "spend an Extra Action disc to take part in the " + TurnNames[s.TurnNo] + " turn, or pass"
	case MovePolice:
		if t.From >= 0 {
			return "choose the tile the officer moves to"
		}
		if t.Target >= 0 {
			return "move a Police Officer at least 1 tile closer to " + CityTiles[t.Target].ID + " (" + t.Reason + ")"
		}
		return "choose a " + t.Colour + " Police Officer to move"
	case SnitchOfficer:
		return "remove a " + t.Colour + " officer from the game"
	case TakeContact:
		if t.Card < 0 {
			return "take a Contact card from the display"
		}
		return "keep, replace with, or discard " + ContactDeck[t.Card].Name
	case KeepTile:
		return "keep one of the tiles you drew (see your DM)"
	case MakeSpace:
		return "discard a tile to make space (+1 Notoriety), or return the new tile"
	case GroupBonus:
		return "take an Extra Action disc, or unlock an Asset tile"
	case FlyTo:
		return "choose where to fly"
	case SewerTo:
		return "choose where the Sewer leads"
	case CrossWater:
		return "choose the body of water you may cross"
	case DiscardContact:
		return "discard 1 Contact card before scoring"
	case RestOrMove:
		return "rest, or move (3 MP)"
	case Moving:
		if t.Turn.MP == 0 {
			// With no MP left only free moves remain (a Subway ride, a
			// free Land step), if any: say so rather than offer a move.
			return "stop on a Location, or take a free move if one is open (0 MP left)"
		}
		return fmt.Sprintf("keep moving (%s left) or stop on a Location", mp(t.Turn.MP))
	case Avoid:
		return fmt.Sprintf("avoid %s or take wounds", engine.Plural(len(t.Turn.Threats), "officer", "officers"))
	case Visit:
		return "visit: choose, then done"
	case EndOfTurn:
		return "executive actions, then end"
	}
	return string(d.Kind)
}

// movesByKind lists, for each decision other than a turn step, the moves
// of the seat that owes it.
var movesByKind = map[engine.DecisionKind]func(s *State, seat int, p *Player, t *Detail, ms *engine.Moves){
	PlaceTile:      (*State).placeMoves,
	NameBusiness:   (*State).nameBusinessMoves,
	NameSafeHouse:  (*State).nameSafeHouseMoves,
	UnlockAsset:    (*State).unlockMoves,
	JoinTurn:       (*State).joinMoves,
	MovePolice:     (*State).policeMoves,
	SnitchOfficer:  (*State).snitchMoves,
	TakeContact:    (*State).contactMoves,
	KeepTile:       (*State).keepMoves,
	MakeSpace:      (*State).makeSpaceMoves,
	GroupBonus:     (*State).groupBonusMoves,
	FlyTo:          (*State).flyMoves,
	SewerTo:        (*State).sewerMoves,
	CrossWater:     (*State).crossWaterMoves,
	DiscardContact: (*State).discardContactMoves,
}

// decisionMoves lists the moves of the seat that owes d, a decision other
// than a turn step.
func (s *State) decisionMoves(d *Decision, ms *engine.Moves) {
	seat := seatOf(d)
	movesByKind[d.Kind](s, seat, &s.Players[seat], &d.Data, ms)
}

// skipDecision drops a decision that has no legal move (an officer that
// cannot move closer, an Asset unlock with nothing locked).
func (s *State) skipDecision(res *engine.Result) {
	t := s.Pending.Pop()
	switch t.Kind {
	case MovePolice:
		res.Say("%s cannot move a Police Officer closer; nothing moves.", who(seatOf(&t)))
	case TakeContact:
		if t.Data.Card >= 0 {
			s.ContactsBox = append(s.ContactsBox, t.Data.Card)
		}
	}
}

// mp is a count of Movement Points: "1 MP", "3 MP".
func mp(n int) string { return fmt.Sprintf("%d MP", n) }
