package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// A heist waits on its players in one way only: State.Pending, a stack of
// decisions. At the bottom lies the current phase's own turn (every
// character plans, takes its Action, answers an Event's offer, or escapes,
// all at once); a decision the rules leave to the team or to one player
// (which character a Guard Dog chases, SQUIRRELY's cost) is pushed on top
// of it and stops everything else until it is answered, then play resumes
// with the decision's Resume. Turn is always the top of the stack.

// The phases' simultaneous turns. Their seats follow the characters
// (refresh): every character still to finish, or every one still inside.
const (
	// crewTurn: every seat keeps the character dealt to it, takes a
	// named character of the campaign, or builds a new one (a character
	// card, then two Skills), then says crew done (MH-SETUP-09).
	crewTurn engine.DecisionKind = "crew"
	// planTurn: every character places planning tokens and a start, then
	// plan done (MH-PLAN-*).
	planTurn engine.DecisionKind = "planning"
	// actionTurn: every character on the board takes its Action and plays
	// it (MH-ACTION-*); anyone may act for a waiting NPC.
	actionTurn engine.DecisionKind = "action"
	// offerTurn: the characters the Active Event made an optional offer
	// answer it or decline (Question.Offers).
	offerTurn engine.DecisionKind = "event offers"
	// escapeTurn: every character still inside makes Escape Moves.
	escapeTurn engine.DecisionKind = "escape"
)

// Team choices. The rulebook leaves some decisions inside Events, Crises
// and the Guard Dog rules to the team ("Team optimizes ambiguity. If
// ambiguity ever arises in the behavior of a Guard Dog, the team chooses",
// MH-DOG-07; "max 3" in Guard Locks Himself In). Each is a Simultaneous
// decision over every character still in the heist, because the rules give
// it to the team rather than to one player; the first valid answer
// settles it. A choice is only asked when its options differ on the board;
// with one option the engine applies it. Where a card names one character
// (SQUIRRELY's "loses an Idea or causes 2 Noise"), the decision is that
// character's player's alone, Sequential.
const (
	// choiceChase: which character a Guard Dog jumps onto when characters
	// on several hexes are adjacent to it (`dog chases <character>`).
	choiceChase engine.DecisionKind = "chase"
	// choiceRun: where a Dog from the Kennel ends its run when nearest
	// targets or shortest paths tie (`dog runs to <hex>`).
	choiceRun engine.DecisionKind = "run"
	// choiceHound: which characters make up Release the Hounds!'s "nearest
	// 3 different characters" when distances tie (`dog goes for
	// <character>`).
	choiceHound engine.DecisionKind = "hound"
	// choiceLock: which hexes get Guard Locks Himself In's at most 3 Locks
	// when more qualify (`lock guard <hex>`).
	choiceLock engine.DecisionKind = "lock"
	// choiceSquirrely: which of the player characters tied for nearest to
	// a lone Hostage suffers SQUIRRELY (`squirrely <character>`).
	choiceSquirrely engine.DecisionKind = "squirrely"
	// choiceSquirrelyCost: whether SQUIRRELY costs that character an Idea
	// or 2 Noise, decided by its own player (`lose idea`, `cause 2 noise`).
	choiceSquirrelyCost engine.DecisionKind = "squirrely cost"
	// choiceBreach: on which external side of the Demolitions Guy's hex
	// BREACH opens the new Exit, when there are several (`breach <hex>`).
	choiceBreach engine.DecisionKind = "breach"
)

// What the game goes on with once a choice is settled. A choice asked in
// the Action phase (a Dog chasing after a move) needs no resume point: the
// Action turn below it simply goes on.
const (
	// resumeEvent: the rest of the Event phase after the Active Event.
	resumeEvent engine.ResumeKind = "event"
	// resumeCrisis: the Crisis being resolved (State.Crisis), then the
	// queue.
	resumeCrisis engine.ResumeKind = "crisis"
	// resumeEndAction: the rest of the end of the Action phase (the NPC
	// card's other rules, then the Event phase).
	resumeEndAction engine.ResumeKind = "end of action"
)

// Question is what a pending decision asks about.
type Question struct {
	// Card is the Event or Crisis that asks ("" for a chase outside one).
	Card string `json:"card,omitempty"`
	// Hex is the Dog's hex (chase), the Kennel (run) or the NPC's hex
	// (squirrely).
	Hex string `json:"hex,omitempty"`
	// Options are the hexes to choose from (chase: hexes of the characters
	// the Dog may jump onto; run: where the Dog may end; lock: hexes that
	// may get a Lock), in board order.
	Options []string `json:"options,omitempty"`
	// Chars are the characters to choose from (hound, squirrely), or the
	// one whose BREACH asks (breach).
	Chars []engine.Seat `json:"chars,omitempty"`
	// Left counts picks still to make (lock: Locks; hound: characters).
	Left int `json:"left,omitempty"`
	// Offers are the Active Event's optional offers still unanswered
	// (offerTurn).
	Offers []Offer `json:"offers,omitempty"`
}

// Offer is an optional choice an Event gives: to one character (Seat), or
// to the whole team (Team: any seat may answer, once).
type Offer struct {
	Card string      `json:"card"`
	Seat engine.Seat `json:"seat"`
	Team bool        `json:"team,omitempty"`
}

// decision is one entry of State.Pending.
type decision = engine.Decision[Question]

// isChoice reports whether k is a team or player choice rather than a
// phase's own turn.
func isChoice(k engine.DecisionKind) bool {
	switch k {
	case crewTurn, planTurn, actionTurn, offerTurn, escapeTurn:
		return false
	}
	return true
}

// choice is the team's or a player's choice waiting on top, or nil.
func (s *State) choice() *decision {
	if d := s.Pending.Top(); d != nil && isChoice(d.Kind) {
		return d
	}
	return nil
}

// Turn is the top of the pending decisions; once the heist is over
// nobody owes anything.
func (s *State) Turn() engine.Turn {
	if s.Phase == PhaseOver {
		return engine.Turn{Phase: "Over"}
	}
	return s.Pending.Turn("Over", s.prompt)
}

// prompt words what the top decision asks of its seats.
func (s *State) prompt(d *decision) string {
	switch d.Kind {
	case crewTurn:
		return "build your character: crew done keeps the one shown; or play <name>, or character <card> then skill <skill> twice; name <name> names a new one"
	case planTurn:
		return "place planning tokens, pick a start Entrance, then plan done"
	case actionTurn:
		prompt := "choose an Action for your roll (take ...), do its sub-actions, then done"
		if s.npcWaiting() {
			prompt += "; anyone may act for the NPC (npc ...)"
		}
		return prompt
	case offerTurn:
		return "answer the Event's offer (or decline)"
	case escapeTurn:
		return "make Escape Moves to an Exit (Ideas pay for them), last ditch to roll, or give up"
	}
	if d.Mode == engine.Sequential {
		return s.char(d.Seats[0]).ref() + "'s player decides " + s.question(d)
	}
	return "the team decides " + s.question(d) + " (any one of you may answer)"
}

// question says what a choice asks, for prompts and refusals.
func (s *State) question(d *decision) string {
	q := &d.Data
	switch d.Kind {
	case choiceChase:
		return fmt.Sprintf("which character the Guard Dog on %s chases", q.Hex)
	case choiceRun:
		return fmt.Sprintf("where the Guard Dog from the Kennel (%s) runs, for %s", q.Hex, s.cardName(q.Card))
	case choiceHound:
		return fmt.Sprintf("which character a hound goes for (%d more), for %s", q.Left, s.cardName(q.Card))
	case choiceLock:
		return fmt.Sprintf("which hex with an unsubdued Guard gets a Lock (%d more), for %s", q.Left, s.cardName(q.Card))
	case choiceSquirrely:
		return fmt.Sprintf("which of the characters nearest the lone %s suffers SQUIRRELY", s.npcName())
	case choiceSquirrelyCost:
		return fmt.Sprintf("whether SQUIRRELY costs %s an Idea or 2 Noise", s.char(d.Seats[0]).ref())
	case choiceBreach:
		return fmt.Sprintf("on which external side of %s BREACH opens the new Exit", q.Hex)
	}
	return "a choice"
}

// phaseTurn opens a phase's own turn in place of the last phase's;
// refresh fills in its seats.
func (s *State) phaseTurn(k engine.DecisionKind, phase string) {
	s.Pending.Items = slices.DeleteFunc(s.Pending.Items, func(d decision) bool { return !isChoice(d.Kind) })
	s.Pending.Queue(decision{Kind: k, Mode: engine.Simultaneous, Phase: phase})
	s.refresh()
}

// refresh brings the phases' turns up to date with the characters: a
// character that finished (plan done, done) has answered, one that left
// the board (Busted, escaped) owes nothing, and while the NPC waits every
// character inside may still act for it.
func (s *State) refresh() {
	npcWaiting := s.npcWaiting()
	for i := range s.Pending.Items {
		d := &s.Pending.Items[i]
		if isChoice(d.Kind) {
			s.refreshChoice(d)
			continue
		}
		if d.Kind == planTurn || d.Kind == crewTurn {
			// Every character builds and plans; crew done and plan done
			// are its answers.
			d.Seats = nil
			for _, c := range s.Chars {
				d.Seats = append(d.Seats, c.Seat)
			}
			continue
		}
		d.Seats, d.Answered = nil, nil
		for _, c := range s.Chars {
			in, done := false, false
			switch d.Kind {
			case actionTurn:
				in, done = c.onBoard(), c.Done && !npcWaiting
			case offerTurn:
				in = s.hasOffer(c)
			case escapeTurn:
				in = c.onBoard() || (npcWaiting && !c.Busted)
			}
			if in {
				d.Seats = append(d.Seats, c.Seat)
			}
			if in && done {
				d.Answered = append(d.Answered, c.Seat)
			}
		}
	}
}

// CrewDone reports whether seat has finished building its character: it
// has answered the Crew step (or the step is over).
func (s *State) CrewDone(seat engine.Seat) bool {
	if d := s.Pending.Find(crewTurn); d != nil {
		return !d.Owes(seat)
	}
	return s.Phase != PhaseCrew
}

// PlanDone reports whether seat's character has finished planning: it
// has answered the Planning turn (or Planning is over).
func (s *State) PlanDone(seat engine.Seat) bool {
	if d := s.Pending.Find(planTurn); d != nil {
		return !d.Owes(seat)
	}
	return s.Phase != PhasePlanning
}

// refreshChoice keeps a choice to the characters still in the heist: the
// team's, or the one player's while its character is in (its seat stays
// named, for the question, but owes nothing once it is out).
func (s *State) refreshChoice(d *decision) {
	if d.Mode != engine.Sequential {
		d.Seats = s.teamSeats()
		return
	}
	d.Answered = nil
	if c := s.char(d.Seats[0]); c == nil || !c.onBoard() {
		d.Answered = d.Seats
	}
}

// teamSeats are the seats of every character still in the heist.
func (s *State) teamSeats() []engine.Seat {
	var seats []engine.Seat
	for _, c := range s.Chars {
		if c.onBoard() {
			seats = append(seats, c.Seat)
		}
	}
	return seats
}

// choiceSeats are the seats that may answer the waiting choice: the one
// player it names, while that character is in the heist, or the team.
func (s *State) choiceSeats() []engine.Seat {
	d := s.choice()
	if d == nil {
		return nil
	}
	if d.Mode == engine.Sequential {
		if c := s.char(d.Seats[0]); c != nil && c.onBoard() {
			return []engine.Seat{c.Seat}
		}
		return nil
	}
	return s.teamSeats()
}

// inEventPhase reports whether a choice asked now belongs to the Event
// phase (an Event or a Crisis asks it).
func (s *State) inEventPhase() bool {
	return s.resume == resumeEvent || s.resume == resumeCrisis
}

// ask opens the team's choice of kind k, or, when player is given, that
// one player's. While it waits nothing else may be played; it resumes with
// whatever the effect that asked belongs to (State.resume).
func (s *State) ask(k engine.DecisionKind, q Question, player *Character, res *engine.Result) {
	d := decision{Kind: k, Mode: engine.Simultaneous, Phase: fmt.Sprintf("Round %d: Action", s.Round), Resume: s.resume, Data: q}
	if s.inEventPhase() {
		d.Phase = fmt.Sprintf("Round %d: Event", s.Round)
	}
	who := "The team decides"
	if player != nil {
		d.Mode, d.Seats = engine.Sequential, []engine.Seat{player.Seat}
		who = player.ref() + "'s player decides"
	} else {
		d.Seats = s.teamSeats()
	}
	s.Pending.Push(d)
	res.Say("%s %s: %s.", who, s.question(&d), strings.Join(s.choiceMoves(nil).Texts(), ", "))
	if len(s.choiceSeats()) > 0 {
		if s.inEventPhase() {
			s.Phase = PhaseEvent
		}
		return
	}
	// Nobody is left to answer (everyone Busted): the first options are
	// taken at once so the heist still ends, and since nothing waited, the
	// effect that asked goes on by itself rather than through settled.
	resume := s.resume
	s.Pending.Top().Resume = ""
	for s.choice() != nil {
		ms := s.choiceMoves(nil)
		legal := ms.Texts()
		if len(legal) == 0 {
			s.Pending.Pop()
			break
		}
		m, _ := ms.Find(legal[0])
		m.Do(res)
	}
	s.resume = resume
}

// answered takes the answered choice off the stack; what the game resumes
// with is now its Resume.
func (s *State) answered() {
	s.resume = s.Pending.Pop().Resume
}

// settled goes on after a choice was answered: once no other choice waits,
// the Event phase resumes where it stopped (the Action phase and the Roll
// need nothing more).
func (s *State) settled(res *engine.Result) {
	// Release the Hounds!'s other Dogs run first: they belong to the
	// effect the choice interrupted.
	s.continueHounds(res)
	if s.choice() != nil {
		return
	}
	switch s.resume {
	case resumeEvent:
		s.resume = ""
		if s.Pending.Find(offerTurn) != nil {
			s.Phase = PhaseEvent
			return
		}
		s.afterEvent(res)
	case resumeCrisis:
		s.continueCrisis(res)
	case resumeEndAction:
		s.resume = ""
		s.npcTalkative(res)
		s.endOfAction(res)
	}
}

// offers lists the Active Event's offers still unanswered.
func (s *State) offers() []Offer {
	if d := s.Pending.Find(offerTurn); d != nil {
		return d.Data.Offers
	}
	return nil
}

// offer adds an Active Event's offer; the characters it names answer once
// the Event (and any choice it asks) is resolved.
func (s *State) offer(o Offer) {
	d := s.Pending.Find(offerTurn)
	if d == nil {
		s.Pending.Queue(decision{Kind: offerTurn, Mode: engine.Simultaneous, Phase: fmt.Sprintf("Round %d: Event", s.Round)})
		d = s.Pending.Find(offerTurn)
	}
	d.Data.Offers = append(d.Data.Offers, o)
}

// closeOffer removes the i-th offer once it is answered.
func (s *State) closeOffer(i int) {
	d := s.Pending.Find(offerTurn)
	d.Data.Offers = slices.Delete(slices.Clone(d.Data.Offers), i, i+1)
}
