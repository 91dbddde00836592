// Package policeprecinct implements Police Precinct: 1–6 cops
// co-operate to solve a murder while the city's crime boils over —
// Emergencies, Street Punks and Gangs — before the Calendar or the City
// Crime Track runs out. With variant=dirty-cop (3–6 players) it is a
// hidden-role game: secret Loyalty cards may make one or two cops Dirty
// Cops, who may bury Evidence in secret, can be accused or reveal
// themselves, and win when the good cops lose (dirtycop.go). With
// characters=choose the seats draft their characters (draft.go). The rules
// still missing are listed in CONTENT.md §4; a rule the game reaches but
// cannot play stops it at a named "not implemented yet" point rather than
// skip it. It is registered in the catalogue (cmd/casefile/games.go)
// with its renderer and its bot (bot.go).
package policeprecinct

import (
	"encoding/json"
	"fmt"

	"casefile/engine"
)

// Game describes Police Precinct for the catalogue.
func Game() *engine.Game {
	return &engine.Game{
		ID:         "police-precinct",
		Name:       "Police Precinct",
		MinPlayers: 1,
		MaxPlayers: 6,
		Blurb:      "Co-operative cops solve a murder before the city's crime boils over.",
		Rules:      RulesText,
		Options: []engine.Option{
			{Key: "manic", Values: []string{"off", "on"}, Default: "off", Help: "Manic mode: the Murderer must be alone and needs a 6"},
			{Key: "variant", Values: []string{"co-op", "dirty-cop"}, Default: "co-op", Help: "dirty-cop: secret Loyalty cards, maybe a traitor among the cops (3–6 players)"},
			{Key: "traitors", Values: TraitorModes, Default: "1", Help: "Dirty Cops: 1, maybe (one or none), 2 or maybe2 (6 players only)"},
			{Key: "characters", Values: []string{"random", "choose"}, Default: "random", Help: "choose: before the first turn every seat in seat order takes a character (take kinney)"},
		},
		HiddenRoles: func(options map[string]string) bool { return options["variant"] == "dirty-cop" },
		New: func(su engine.Setup) (engine.State, error) {
			if su.Players < 1 || su.Players > 6 {
				return nil, engine.Reject("Police Precinct is for 1–6 players, not %d.", su.Players)
			}
			traitors := ""
			if su.Options["variant"] == "dirty-cop" {
				traitors = su.Options["traitors"]
				if traitors == "" {
					traitors = "1"
				}
				if err := dirtyDealCheck(su.Players, traitors); err != nil {
					return nil, err
				}
			}
			s := newState(su.Players, su.Seed, su.Options["manic"] == "on", traitors, su.Options["characters"] == "choose")
			if v := su.Options["dirty"]; v != "" && traitors != "" {
				if err := s.fixLoyalty(v); err != nil {
					return nil, err
				}
			}
			var res engine.Result
			s.advance(&res)
			return s, nil
		},
		Bot: botMove,
		Load: func(data []byte) (engine.State, error) {
			s := &State{}
			if err := json.Unmarshal(data, s); err != nil {
				return nil, fmt.Errorf("policeprecinct: load: %w", err)
			}
			return s, nil
		},
	}
}

// RulesText is the /rules quick reference.
const RulesText = `Police Precinct — quick reference (moves in brackets)
Each cop's turn: 1 Move (2 spaces unmarked, 3 marked; +1 per Donut [donut], +1 Movement Upgrade, +2 Fast Response [play fast response]; intersections cost nothing, but not through one an Emergency blocks [drive b3]; [switch car] next to the Station; 1–2 players also move the Support Vehicle 3 [support c2]; [stop]) → 2 one Action [investigate crime scene | arrest 4 | handle bank | upgrade arrest and movement | draw police card], then commit Donuts and cards [donut, play backup, patrol d1] and [roll] or [draw] → 3 draw a Police card (hand limit 7 at the end of the turn) → 4 draw an Event card (Emergencies, Urgent, Street Punks and Gangs, the Crime Track).
Win: all 13 Evidence on the Murder Investigation Board before the Murderer appears (Day 16, Bad Hood 6, one Bad Hood lower each day), or arrest him once the Evidence is complete. Lose: Day 22, or the Crime marker on FAIL (its space depends on the table: 5–11, drawn on the board).
Helping: when a cop draws or rolls, the others holding a card with the matching symbol may [help with backup] (symbols count, text ignored), then [pass].
Characters (characters=choose): before the first turn each seat in seat order takes a free character [take kinney].
Dirty Cop (variant=dirty-cop, traitors=1|maybe|2|maybe2): each cop holds a secret Loyalty card. After an Investigation draw every cop files the cards in secret [file]; a Dirty Cop may instead [bury 1] Evidence back into the stack, but must still show one useless card. Actions: [accuse 2] once per game (right: the Dirty Cop is exposed and loses his Donuts, the others gain 1; wrong: the accuser loses his Donuts, Crime +1); a Dirty Cop may [reveal] for 2 Donuts; an exposed Dirty Cop may only [stir up 3] (1 Punk from the stockpile) or draw a Police card. The Dirty-Cop deck adds 2 tip-offs [play tip-off]: see the top two Event cards in secret, then [keep order] or [swap order]. Dirty Cops win when the good cops lose; Game over shows every Loyalty card and every buried card.`

// moves lists seat's moves now, each with the condition that makes it
// legal: the legal list and every refusal come from here.
func (s *State) moves(seat int) *engine.Moves {
	if ms := s.cache.Get(s.Moves, seat); ms != nil {
		return ms
	}
	ms := &engine.Moves{}
	top := s.Pending.Top()
	switch {
	case s.Over || s.Stopped != "" || top == nil:
	case top.Kind == ChooseCar:
		if top.Owes(engine.Seat(seat)) {
			s.carMoves(seat, ms)
		}
	case top.Kind == PickCharacter:
		if top.Owes(engine.Seat(seat)) {
			s.pickMoves(seat, ms)
		}
	case top.Kind == HelpWindow:
		if top.Owes(engine.Seat(seat)) {
			s.helpMoves(seat, top, ms)
		}
	case seat != s.active():
	case top.Kind == StepMove:
		s.moveMoves(ms)
	case top.Kind == StepAction:
		s.actionMoves(ms)
		s.cardMoves(ms, TimeAny)
	case top.Kind == StepPrepare:
		s.prepareMoves(ms)
	case top.Kind == StepHospital, top.Kind == StepHand:
		s.discardMoves(top, ms)
	case top.Kind == StepKinney:
		s.kinneyMoves(ms)
	case top.Kind == StepFile:
		s.fileMoves(ms)
	case top.Kind == StepPeek:
		s.peekMoves(ms)
	}
	s.cache.Put(s.Moves, seat, ms)
	return ms
}

// Legal lists the canonical moves of seat.
func (s *State) Legal(seat engine.Seat) []string { return s.moves(int(seat)).Texts() }

// Check validates a move without changing the state.
func (s *State) Check(seat engine.Seat, move string) error {
	_, err := s.find(int(seat), move)
	return err
}

func (s *State) find(seat int, move string) (engine.Move, error) {
	ms := s.moves(seat)
	if m, ok := ms.Find(move); ok {
		return m, nil
	}
	return engine.Move{}, s.refuse(seat, move, ms)
}

// refuse explains why move is not legal: the condition it failed, or that
// no such move exists now, and what is legal instead.
func (s *State) refuse(seat int, move string, ms *engine.Moves) error {
	if s.Over {
		return engine.Reject("The game is over.")
	}
	if s.Stopped != "" {
		return engine.Reject("The game stopped: %s is not implemented yet.", s.Stopped)
	}
	return engine.RefuseMove(s.Turn(), engine.Seat(seat), move, ms)
}

// Apply validates and applies a move; on error nothing changes.
func (s *State) Apply(seat engine.Seat, move string) (engine.Result, error) {
	var res engine.Result
	m, err := s.find(int(seat), move)
	if err != nil {
		return res, err
	}
	m.Do(&res)
	s.Moves++
	s.advance(&res)
	return res, nil
}

// advance runs the automated steps until a seat owes a decision, the game
// ends, or it stops at a rule not implemented yet.
func (s *State) advance(res *engine.Result) {
	for guard := 0; guard < 10000; guard++ {
		if s.Over || s.Stopped != "" {
			s.Pending.Items = nil
			return
		}
		top := s.Pending.Top()
		switch {
		case top == nil:
			s.startTurn(res)
		case top.Kind == StepPolice:
			s.policePhase(res)
		case top.Kind == StepEvent:
			s.eventPhase(res)
		case top.Kind == StepEnd:
			s.endTurn(res)
		case top.Kind == StepPrepare && s.T.Rolling:
			s.resolveAction(res)
		default:
			return
		}
	}
	panic("policeprecinct: advance does not settle")
}

// stop halts the game at a rule that is not implemented yet.
func (s *State) stop(rule string, res *engine.Result) {
	s.Stopped = rule
	res.Say("The game stops here: %s is not implemented yet.", rule)
}

// Outcome is nil until the game is over.
func (s *State) Outcome() *engine.Outcome {
	if !s.Over {
		return nil
	}
	return &engine.Outcome{Summary: s.Summary, Winners: s.winners()}
}

// Marshal serializes the whole state.
func (s *State) Marshal() ([]byte, error) { return json.Marshal(s) }

// SetupLog lists the public log lines of the deal.
func (s *State) SetupLog() []string { return append([]string(nil), s.Opening...) }

// who names a seat in a public line.
func who(seat int) string { return engine.SeatRef(engine.Seat(seat)) }

// carMoves: the setup choice of car.
func (s *State) carMoves(seat int, ms *engine.Moves) {
	for _, marked := range []bool{true, false} {
		text := "car unmarked"
		if marked {
			text = "car marked"
		}
		ms.Legal(text, func(res *engine.Result) {
			s.Cops[seat].Marked = marked
			res.Say("%s takes %s Police Car.", who(seat), carName(marked))
			if s.Pending.Top().Answer(engine.Seat(seat)) {
				s.Pending.Pop()
				res.EndPhase(PhaseSetup)
			}
		})
	}
}

func carName(marked bool) string {
	if marked {
		return "a Marked"
	}
	return "an Unmarked"
}
