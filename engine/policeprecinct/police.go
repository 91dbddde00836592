package policeprecinct

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// drawPolice draws n Police cards into the cop's hand; they cannot be
// played this turn (PP-POLICE-09). An empty draw pile is reshuffled from
// the discards, with no Crime Track penalty (PP-POLICE-04).
func (s *State) drawPolice(c *Cop, n int, res *engine.Result) {
	for i := 0; i < n; i++ {
		if len(s.PoliceDeck) == 0 {
			if len(s.PoliceDiscard) == 0 {
				res.Say("The Police deck is empty: %s draws nothing.", who(c.Seat))
				return
			}
			s.PoliceDeck, s.PoliceDiscard = s.PoliceDiscard, nil
			engine.ShuffleSlice(&s.Rng, s.PoliceDeck)
			res.Say("The Police deck is reshuffled.")
		}
		id := s.PoliceDeck[0]
		s.PoliceDeck = s.PoliceDeck[1:]
		c.Hand = append(c.Hand, id)
		c.Fresh = append(c.Fresh, id)
		res.Note(engine.Seat(c.Seat), "You drew %s.", PoliceKind(id).Name)
	}
	res.Say("%s draws %d Police %s (%d in hand).", who(c.Seat), n, plural(n, "card", "cards"), len(c.Hand))
}

// policePhase is phase 3: draw 1 Police card, unless the Hospital skips
// it (PP-POLICE-01, PP-POLICE-10).
func (s *State) policePhase(res *engine.Result) {
	c := s.cop()
	switch {
	case s.T.SkipPolice:
		res.Say("%s is at the Hospital and draws no Police card this turn.", who(c.Seat))
	case s.lasting("officer down"):
		res.Say("Officer Down: %s draws no Police card this turn.", who(c.Seat))
	default:
		s.drawPolice(c, 1, res)
	}
	s.setStep(StepEvent)
}

// playable is a card of kind k in the cop's hand that was not gained this
// turn, or -1; held reports whether any card of kind k is in hand.
func playable(c *Cop, k int) (id int, held bool) {
	id = -1
	for _, h := range c.Hand {
		if policeDeckKinds[h] != k {
			continue
		}
		held = true
		if !slices.Contains(c.Fresh, h) {
			return h, true
		}
	}
	return id, held
}

// cardMoves lists "play <card>" for each kind of Police card in the
// active cop's hand whose text may be played now: on one's own turn a card
// uses its text (PP-POLICE-07), at the time the text allows (PP-POLICE-05,
// PP-POLICE-06), never the turn it was gained (PP-POLICE-09).
func (s *State) cardMoves(ms *engine.Moves, now Timing) {
	c := s.cop()
	for k, pc := range PoliceCards {
		id, held := playable(c, k)
		if !held {
			continue
		}
		cond := engine.Require(id >= 0, "You gained your %s this turn: it can be played from your next turn on", pc.Name).
			And(timingCond(pc, now, s.T.Action))
		if pc.Effect == EffRemovePunk {
			for _, n := range s.hoodsNextTo(c.At) {
				if s.Punks[n-1] == 0 {
					continue
				}
				n := n
				ms.Add(fmt.Sprintf("play %s %d", pc.Name, n), cond, func(res *engine.Result) { s.playCard(id, n, res) })
			}
			ms.RefuseFamily("play "+pc.Name, cond.And(engine.Cond("Informant needs a Bad Hood with a Street Punk next to your car")))
			continue
		}
		ms.Add("play "+pc.Name, cond, func(res *engine.Result) { s.playCard(id, 0, res) })
	}
}

// timingCond is the condition that a card's text may be played now.
func timingCond(pc PoliceCard, now Timing, action string) engine.Cond {
	switch pc.Timing {
	case TimeMove:
		return engine.Require(now == TimeMove, "%s is played only during your Move phase", pc.Name)
	case TimeRoll:
		if now != TimeRoll {
			return engine.Cond(fmt.Sprintf("%s is played after you choose your action, before you draw or roll", pc.Name))
		}
		return engine.Require(pc.For == "" || pc.For == action, "%s works only on a %s", pc.Name, forName(pc.For))
	}
	return engine.OK
}

func forName(action string) string {
	switch action {
	case "arrest":
		return "arrest"
	case "handle":
		return "Emergency"
	}
	return "Investigation draw"
}

// playCard plays a Police card's text on its owner's turn and discards it.
func (s *State) playCard(id, hood int, res *engine.Result) {
	c := s.cop()
	pc := PoliceKind(id)
	c.Hand = slices.DeleteFunc(c.Hand, func(h int) bool { return h == id })
	s.PoliceDiscard = append(s.PoliceDiscard, id)
	res.Say("%s plays %s: %s", who(c.Seat), pc.Name, pc.Text)
	switch pc.Effect {
	case EffMove2:
		s.T.Points += 2
	case EffArrest2, EffInvest2, EffEmerg2:
		s.T.Bonus += 2
	case EffRoll1:
		s.T.Bonus++
	case EffEasier:
		s.T.Easier++
	case EffDonut:
		s.gainDonut(c, res, pc.Name)
	case EffPatrol:
		n := min(2, s.PatrolSupply)
		s.PatrolSupply -= n
		s.PatrolStation += n
		res.Say("%d Patrol %s wait at the Police Station.", s.PatrolStation, plural(s.PatrolStation, "Officer", "Officers"))
	case EffRemovePunk:
		s.removePunks(hood, 1, res)
	case EffDraw2:
		s.drawPolice(c, 2, res)
	case EffPeek:
		s.tipOff(res)
	}
}

// discardMoves lists "discard <card>" for the Hospital discard and the
// hand limit.
func (s *State) discardMoves(d *Decision, ms *engine.Moves) {
	c := s.cop()
	for k, pc := range PoliceCards {
		idx := -1
		for i, h := range c.Hand {
			if policeDeckKinds[h] == k {
				idx = i
			}
		}
		if idx < 0 {
			continue
		}
		ms.Legal("discard "+pc.Name, func(res *engine.Result) {
			id := c.Hand[idx]
			c.Hand = slices.Delete(c.Hand, idx, idx+1)
			c.Fresh = slices.DeleteFunc(c.Fresh, func(h int) bool { return h == id })
			s.PoliceDiscard = append(s.PoliceDiscard, id)
			res.Say("%s discards %s.", who(c.Seat), pc.Name)
			switch d.Kind {
			case StepHospital:
				d.Data.N--
				if d.Data.N == 0 || len(c.Hand) == 0 {
					s.setStep(StepPolice)
				}
			case StepHand:
				if len(c.Hand) <= c.handLimit() {
					s.setStep(StepEnd)
				}
			}
		})
	}
}
