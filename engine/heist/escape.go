package heist

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// The Escape (MH-ESCAPE-*): once the Alarm sounds every chit is revealed
// and the characters still inside pay Escape Moves to reach an Exit; then
// the heist ends and is scored.

// isExit reports whether t is where c may end the Escape: an Exit (one per
// character in BREAKOUT scenarios, MH-SPECIAL-03), or for The Final Score
// Part 1 a Hideout beacon holding fewer than 2 characters.
func (s *State) isExit(c *Character, t *Tile) bool {
	if s.Scenario == "the-final-score-part-1" {
		if !t.has(TokBeacon) {
			return false
		}
		n := 0
		for _, o := range s.Chars {
			if o != c && o.Escaped && o.Hex == t.Hex {
				n++
			}
		}
		return n < 2
	}
	if !t.Entrance {
		return false
	}
	if s.Breakout {
		for _, o := range s.Chars {
			if o != c && o.Escaped && o.Hex == t.Hex {
				return false
			}
		}
	}
	return true
}

// escapeOut takes a character off the board as escaped, loot secured.
func (s *State) escapeOut(c *Character, res *engine.Result) {
	s.secure(c, res)
	if s.Scenario == "the-final-score-part-1" {
		// Hideout: the Documents count where they are, not Outdoors.
		for _, l := range c.Loot {
			if l == Document {
				s.Secured = append(s.Secured, l)
			}
		}
	}
	c.Escaped = true
	c.Done = true
	res.Say("%s escapes on %s.", c.ref(), c.Hex)
}

// escapeCost is what leaving from for a neighbour costs in Escape Moves:
// one, plus one per unsubdued Guard left behind (MH-ESCAPE-06).
func (s *State) escapeCost(c *Character, from *Tile) int {
	g := from.guards()
	if s.hasAbility(c, "THERE ARE BETTER WAYS") && g > 0 {
		return 1
	}
	return 1 + g
}

func (c *Character) escapeBudget() int { return c.EscapeMoves + c.Ideas }

// pay spends Escape Moves: the Last Ditch roll's first, then Ideas
// (MH-ESCAPE-08, MH-ESCAPE-09).
func (c *Character) pay(n int) {
	k := n
	if k > c.EscapeMoves {
		k = c.EscapeMoves
	}
	c.EscapeMoves -= k
	c.Ideas -= n - k
}

// escapeMoves lists a character's moves in the Escape phase.
func (s *State) escapeMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	cost := s.escapeCost(c, t)
	if c.escapeBudget() >= cost {
		for _, n := range s.neighbours(t) {
			n := n
			if s.canEnter(c, t, n, true) != "" {
				continue
			}
			if n.Entrance && !s.isExit(c, n) && s.Scenario != "the-final-score-part-1" {
				continue
			}
			ms.Legal("move "+n.Hex, func(res *engine.Result) {
				c.pay(cost)
				c.Hex = n.Hex
				res.Say("%s makes %s to %s.", c.ref(), engine.Plural(cost, "Escape Move", "Escape Moves"), n.Hex)
				if s.isExit(c, n) {
					s.escapeOut(c, res)
				}
				// A Server still opens its Remote Locks in the Escape.
				s.checkServers(res)
			})
		}
	}
	s.escapeAbilityMoves(c, ms)
	if !c.Rolled {
		ms.Legal("last ditch", func(res *engine.Result) {
			c.Rolled = true
			d := s.Rand.Die(6)
			c.EscapeMoves += d
			res.Reveals = true
			res.Say("Last Ditch Effort: %s rolls %d.", c.ref(), d)
		})
	}
	s.lootMoves(c, ms)
	ms.Legal("give up", func(res *engine.Result) {
		if !s.hide(c, res) {
			s.bust(c, res, fmt.Sprintf("stuck on %s", t.Hex))
		}
	})
}

// hide is the Camouflage (CATCH UP WITH YA LATER) for a character whose
// Escape ends inside: with no unsubdued Guard on or next to its hex it is
// not Busted. That is all the card grants: the character has not escaped,
// so it keeps what it carries (nothing is secured) and counts as out for
// nothing (a breakout, the Bookie, an objective). Nothing moves Guards
// during the Escape, so hiding when the character gives up is the same as
// at the very end.
func (s *State) hide(c *Character, res *engine.Result) bool {
	if !c.has("item Camouflage") || s.guardsNear(s.tile(c.Hex)) {
		return false
	}
	c.Hidden = true
	c.Done = true
	res.Say("CATCH UP WITH YA LATER: %s hides on %s and is not Busted (but has not escaped).", c.ref(), c.Hex)
	return true
}

// escapeAbilityMoves lists what Keycards and abilities add to the Escape:
// opening a Keycard Door, PICK UNDER PRESSURE and the PINCH abilities.
func (s *State) escapeAbilityMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	if c.has(Keycard) && c.escapeBudget() >= 1 {
		for _, n := range s.neighbours(t) {
			n := n
			if n.has(TokKeycardDoor) {
				ms.Legal("open "+n.Hex, func(res *engine.Result) {
					c.pay(1)
					n.removeToken(TokKeycardDoor)
					res.Say("%s opens the Keycard Door on %s with the Keycard (1 Escape Move).", c.ref(), n.Hex)
				})
			}
		}
	}
	if s.hasAbility(c, "PICK UNDER PRESSURE") && c.Ideas >= 1 {
		for _, n := range s.neighbours(t) {
			n := n
			if n.locked() {
				ms.Legal("unlock "+n.Hex, func(res *engine.Result) {
					c.Ideas--
					n.setActive(Lock, false)
					res.Say("PICK UNDER PRESSURE: %s spends an Idea to unlock %s.", c.ref(), n.Hex)
				})
			}
		}
	}
	for _, pinch := range []string{"GOOD IN A PINCH", "GREAT IN A PINCH"} {
		if !s.hasAbility(c, pinch) || c.Ideas < 2 || (pinch == "GOOD IN A PINCH" && c.used(pinch)) {
			continue
		}
		pinch := pinch
		for _, o := range s.Chars {
			o := o
			if o == c || !o.onBoard() {
				continue
			}
			ms.Legal("pinch "+lower(o.Name), func(res *engine.Result) {
				c.Ideas -= 2
				o.Ideas++
				c.Used = append(c.Used, pinch)
				res.Say("%s: %s spends 2 Ideas to give %s an Idea.", pinch, c.ref(), o.ref())
			})
		}
	}
}

// guardsNear reports whether an unsubdued Guard is on or next to t.
func (s *State) guardsNear(t *Tile) bool {
	if t.guards() > 0 {
		return true
	}
	for _, n := range s.neighbours(t) {
		if n.guards() > 0 {
			return true
		}
	}
	return false
}

// securedCount counts a kind of secured loot.
func (s *State) securedCount(kind string) int {
	n := 0
	for _, l := range s.Secured {
		if l == kind {
			n++
		}
	}
	return n
}

// objectiveMet checks the scenario's objective at the end of the heist.
func (s *State) objectiveMet() bool {
	anyOut, breakout := false, false
	for _, c := range s.Chars {
		anyOut = anyOut || c.Escaped
		// A County breakout needs someone who was inside to get out.
		breakout = breakout || c.Escaped && (c.WentIn || c.StartedIn)
	}
	npcOut := s.NPC != nil && s.NPC.Escaped
	switch s.Scenario {
	case "the-inclusion-job":
		return s.securedCount(Jewel) >= 3
	case "the-melee-job":
		return s.securedCount(Jewel) >= 3
	case "the-greedy-prisoner":
		return s.securedCount(Jewel) >= 2 && npcOut
	case "the-hospitality-job", "the-safehouse-rescue", "the-black-box", "the-final-score-part-2":
		return npcOut
	case "county-the-bricks", "county-the-river", "county-the-hole":
		return breakout
	case "the-final-score-part-1":
		// A character ends the Escape in a hideout holding the Documents;
		// Documents taken out through an Entrance do not count.
		for _, c := range s.Chars {
			if c.Escaped && !c.Busted && c.has(Document) && s.tile(c.Hex).has(TokBeacon) {
				return true
			}
		}
		return false
	}
	if strings.Contains(strings.ToLower(s.Objective), "document") {
		return s.securedCount(Document) >= 1
	}
	return anyOut
}

// initiateEscape is a character calling the Escape (MH-ACTION-11): the
// round's Event phase is still played first.
func (s *State) initiateEscape(c *Character, res *engine.Result) {
	s.EscapeInitiated = true
	if c != nil {
		s.EscapeBy = c.Name
		res.Say("%s initiates the Escape: it starts after this round's Event phase.", c.ref())
	}
}

// startEscape is Phase 4: gates gone, every chit revealed, characters on an
// Exit are out (MH-ESCAPE-01, MH-GATE-06).
func (s *State) startEscape(res *engine.Result) {
	s.endPhase(res)
	s.Phase = PhaseEscape
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
	s.angerTherapy(res)
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

// angerTherapy is the Bruiser's ANGER THERAPY: when the Escape begins,
// however it was started (a character's call, Sound the Alarm!, Full
// Lockdown!!, a spent deck, the round limit), every Guard on the Bruiser's
// hex is subdued.
func (s *State) angerTherapy(res *engine.Result) {
	for _, o := range s.Chars {
		if o.onBoard() && s.hasAbility(o, "ANGER THERAPY") {
			t := s.tile(o.Hex)
			for t.setActive(Guard, false) || t.setActive(Dog, false) {
			}
			res.Say("ANGER THERAPY: %s subdues every Guard on %s.", o.ref(), t.Hex)
		}
	}
}

// finish ends the heist and sets the Outcome.
func (s *State) finish(res *engine.Result) {
	if s.Phase == PhaseOver {
		return
	}
	s.endPhase(res)
	s.Phase = PhaseOver
	s.Pending = engine.Stack[Question]{}
	for _, c := range s.Chars {
		if c.onBoard() && !s.hide(c, res) {
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
			// The stake came out of team cash when it was placed: the
			// Bookie hands it back with as much again (a net gain of the bet).
			s.SecuredCash += 2 * s.BookieBet
			res.Say("DOUBLE OR NOTHING: the Bookie pays $%dk (the $%dk stake back and $%dk won).", 2*s.BookieBet, s.BookieBet, s.BookieBet)
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
	summary += fmt.Sprintf("%d of %d characters escaped; $%dk and %s of loot got out; team cash $%dk.",
		escaped, len(s.Chars), s.SecuredCash, engine.Plural(len(s.Secured), "piece", "pieces"), s.TeamCash)
	s.Result = &engine.Outcome{Summary: summary, Winners: winners}
	res.Say("Game over. %s", summary)
	s.campaignAfter(res)
}
