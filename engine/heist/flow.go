package heist

import (
	"encoding/json"
	"fmt"
	"strings"

	"casefile/engine"
)

// maxRounds bounds a heist so random play always ends: the Alarm sounds
// (Escape) once this many rounds have been played. Our rule; no scenario
// deck lasts this long.
const maxRounds = 40

// Legal lists seat's moves now.
func (s *State) Legal(seat engine.Seat) []string { return s.moves(seat).Texts() }

// Check validates a move without changing anything.
func (s *State) Check(seat engine.Seat, text string) error {
	ms := s.moves(seat)
	if _, ok := ms.Find(text); ok {
		return nil
	}
	return s.refuse(seat, text, ms)
}

// Apply plays one move.
func (s *State) Apply(seat engine.Seat, text string) (engine.Result, error) {
	var res engine.Result
	ms := s.moves(seat)
	m, ok := ms.Find(text)
	if !ok {
		return res, s.refuse(seat, text, ms)
	}
	m.Do(&res)
	s.advance(&res)
	return res, nil
}

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
		switch s.Pending.Pop(); d.Kind {
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

func (s *State) allBusted() bool {
	for _, c := range s.Chars {
		if !c.Busted {
			return false
		}
	}
	return true
}

// startHeist ends Planning: the first round's Roll.
func (s *State) startHeist(res *engine.Result) {
	res.PhaseEnded = true
	res.Say("The plan is set. The heist begins.")
	s.Phase = PhaseAction
	s.startRound(res)
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
	res.PhaseEnded = true
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

// afterEvent finishes the Event phase (after the Active Event and its
// offers): the Crisis queue, then the next Roll or the Escape.
func (s *State) afterEvent(res *engine.Result) {
	res.PhaseEnded = true
	s.Phase = PhaseAction
	if s.ActiveEvent != "" {
		s.Discard = append(s.Discard, s.ActiveEvent)
		s.ActiveEvent = ""
	}
	s.crises(res)
}

// crises resolves the Crisis queue in order (MH-EPHASE-08), then ends the
// Event phase. A Crisis that needs the team's Choice stops the queue;
// continueCrisis picks it up again once the Choice is answered.
func (s *State) crises(res *engine.Result) {
	for len(s.CrisisQueue) > 0 {
		cr := s.CrisisQueue[0]
		s.CrisisQueue = s.CrisisQueue[1:]
		res.Say("Crisis: %s.", s.cardName(cr))
		s.Crisis, s.resume = cr, resumeCrisis
		s.resolveCrisis(cr, res)
		if s.choice() != nil {
			return
		}
		s.Discard = append(s.Discard, cr)
		s.Crisis = ""
	}
	s.resume = ""
	s.Phase = PhaseAction
	if len(s.Deck) == 0 && !s.EscapeInitiated && s.LastUsed {
		res.Say("The Event deck is spent: the Alarm sounds.")
		s.EscapeInitiated = true
	}
	s.LoopFootage = false
	for _, h := range s.Flashbanged {
		if t := s.tile(h); t != nil {
			for t.setActive(Guard, true) {
			}
		}
	}
	s.Flashbanged = nil
	s.endOfEventSpecials(res)
	if s.allBusted() {
		s.finish(res)
		return
	}
	if !s.EscapeInitiated && s.Round >= maxRounds {
		res.Say("Round %d: the Alarm sounds (the engine's round limit).", s.Round)
		s.EscapeInitiated = true
	}
	if s.EscapeInitiated {
		s.startEscape(res)
		return
	}
	s.startRound(res)
}

// eventPhase resolves exactly one Event, then the Crisis queue in order.
func (s *State) eventPhase(res *engine.Result) {
	s.normalizeDeck()
	active := ""
	fromDiscard := false
	if len(s.Deck) > 0 {
		active = s.Deck[0]
		s.Deck = s.Deck[1:]
		s.LastEvent, s.LastUsed = active, true
		s.normalizeDeck()
	} else if s.LastEvent != "" && !s.LastUsed {
		// MH-EPHASE-05: the deck ran out, the last Event dealt is active.
		active = s.LastEvent
		s.LastUsed = true
		fromDiscard = true
		s.Discard, _ = removeLast(s.Discard, active)
	}
	if active == "" {
		res.Say("No Event is left to resolve.")
		return
	}
	s.ActiveEvent = active
	res.Say("Event: %s.", s.cardName(active))
	s.resume = resumeEvent
	s.resolveEvent(active, fromDiscard, res)
	if s.choice() != nil {
		// ask set the Event phase; settled goes on from here.
		return
	}
	s.resume = ""
	if s.Pending.Find(offerTurn) != nil {
		s.Phase = PhaseEvent
	}
}

func removeLast(list []string, v string) ([]string, bool) {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i] == v {
			return append(list[:i:i], list[i+1:]...), true
		}
	}
	return list, false
}

// initiateEscape is a character calling the Escape (MH-ACTION-11): the
// round's Event phase is still played first.
func (s *State) initiateEscape(c *Character, res *engine.Result) {
	s.EscapeInitiated = true
	if c != nil {
		s.EscapeBy = c.Name
		res.Say("%s initiates the Escape: it starts after this round's Event phase.", c.ref())
	}
	for _, o := range s.Chars {
		if o.onBoard() && s.hasAbility(o, "ANGER THERAPY") {
			t := s.tile(o.Hex)
			for t.setActive(Guard, false) || t.setActive(Dog, false) {
			}
			res.Say("ANGER THERAPY: %s subdues every Guard on %s.", o.ref(), t.Hex)
		}
	}
}

// startEscape is Phase 4: gates gone, every chit revealed, characters on an
// Exit are out (MH-ESCAPE-01, MH-GATE-06).
func (s *State) startEscape(res *engine.Result) {
	s.Phase = PhaseEscape
	res.PhaseEnded = true
	res.Say("Escape! Every Security chit is revealed.")
	for _, t := range s.Tiles {
		for _, tok := range append([]string(nil), t.Tokens...) {
			if strings.HasPrefix(tok, "gate ") {
				t.removeToken(tok)
			}
		}
		if real(t) && t.Unknown {
			s.reveal(t, res)
		}
	}
	s.ConsultantBlanks = 0
	for _, c := range s.Chars {
		c.Done = false
		c.EscapeMoves, c.Rolled = 0, false
		if c.onBoard() && s.isExit(c, s.tile(c.Hex)) {
			s.escapeOut(c, res)
		}
	}
	s.npcStartEscape(res)
	s.phaseTurn(escapeTurn, "Escape")
}

// finish ends the heist and sets the Outcome.
func (s *State) finish(res *engine.Result) {
	if s.Phase == PhaseOver {
		return
	}
	s.Phase = PhaseOver
	s.Pending = engine.Stack[Question]{}
	res.PhaseEnded = true
	for _, c := range s.Chars {
		if c.onBoard() {
			s.bust(c, res, "did not escape")
		}
	}
	planLost := false
	for _, c := range s.Chars {
		if c.Busted && c.MasterPlan {
			planLost = true
		}
	}
	if planLost {
		// SCRAWLED ON PALM: the Master Plan Copy's owner was Busted.
		for _, o := range s.Chars {
			o.Escaped = false
			o.Busted = true
		}
		res.Say("The Master Plan Copy's owner was Busted: everyone is Busted and the objective fails.")
	}
	s.Won = s.objectiveMet() && !planLost
	if s.Won && s.BookieBet > 0 {
		all := true
		for _, c := range s.Chars {
			all = all && c.Escaped
		}
		if all {
			s.SecuredCash += s.BookieBet
			res.Say("DOUBLE OR NOTHING: the Bookie pays $%dk.", s.BookieBet)
		}
	}
	s.TeamCash += s.SecuredCash
	escaped := 0
	for _, c := range s.Chars {
		if c.Escaped {
			escaped++
		}
	}
	var winners []engine.Seat
	summary := ""
	if s.Won {
		for _, c := range s.Chars {
			winners = append(winners, c.Seat)
		}
		summary = fmt.Sprintf("The crew pulls off %s: objective complete. ", s.ScenarioName)
	} else {
		summary = fmt.Sprintf("The crew fails %s: objective not met. ", s.ScenarioName)
	}
	summary += fmt.Sprintf("%d of %d characters escaped; $%dk and %d piece(s) of loot got out; team cash $%dk.",
		escaped, len(s.Chars), s.SecuredCash, len(s.Secured), s.TeamCash)
	s.Result = &engine.Outcome{Summary: summary, Winners: winners}
	res.Say("Game over. %s", summary)
	s.campaignAfter(res)
}

// Outcome is nil while the heist goes on.
func (s *State) Outcome() *engine.Outcome { return s.Result }

// Marshal serializes the whole state.
func (s *State) Marshal() ([]byte, error) { return json.Marshal(s) }

func load(data []byte) (engine.State, error) {
	s := &State{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if s.Rand == nil || s.Bag == nil {
		return nil, fmt.Errorf("heist: incomplete state")
	}
	s.index()
	s.refresh()
	return s, nil
}

var (
	_ engine.State      = (*State)(nil)
	_ engine.Campaigner = (*State)(nil)
	_ engine.StandIn    = (*State)(nil)
)
