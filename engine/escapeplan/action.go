package escapeplan

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// The Player Action phase (EP-ACTION-*) and the steps of a player's turn:
// REST (EP-REST-*) or MOVE, then Avoid, Visit and the end of the turn.

// playerActionStep runs the Player Action phase: 3 Required turns and 2
// Optional turns, each followed by the Notoriety update (EP-ACTION-*).
func (s *State) playerActionStep(res *engine.Result) {
	if !s.PhaseBegun {
		s.PhaseBegun = true
		s.TurnNo, s.Cur, s.Joined, s.JoinAsked, s.Star = 0, 0, nil, false, false
	}
	if s.TurnNo >= len(TurnNames) {
		s.endPhase(res, PhaseChange)
		return
	}
	if s.Star {
		// The update is done and its consequences resolved: on to the
		// next turn space (EP-ACTION-10).
		s.Star = false
		res.EndPhase(fmt.Sprintf("the %s turns of day %d", TurnNames[s.TurnNo], s.Round))
		s.TurnNo++
		s.Cur, s.Joined, s.JoinAsked = 0, nil, false
		return
	}
	if !s.JoinAsked {
		s.askToJoin(res)
		return
	}
	for s.Cur < len(s.Order) {
		a := s.Order[s.Cur]
		if !slices.Contains(s.Joined, a) {
			s.Cur++
			continue
		}
		if a == SandraActor {
			s.Cur++
			s.sandraTurn(res)
			return
		}
		if s.startTurn(a, res) {
			return
		}
		s.Cur++
	}
	// EP-ACTION-09 / EP-NOT-04: the ★ space, Notoriety in turn order.
	s.Star = true
	for _, a := range s.Order {
		s.updateNotoriety(a, res)
	}
}

// askToJoin lists who takes part in this turn: everyone in a Required turn;
// in an Optional turn, those who spend an Extra Action disc (Sandra
// whenever she holds one) (EP-ACTION-04, EP-ACTION-06).
func (s *State) askToJoin(res *engine.Result) {
	s.JoinAsked = true
	s.Joined = nil
	for _, a := range s.Order {
		if a == SandraActor {
			if s.TurnNo < RequiredTurns {
				s.Joined = append(s.Joined, a)
			} else if s.Sandra.Discs > 0 { // EP-ACTION-06
				s.Sandra.Discs--
				s.Discs++
				s.Joined = append(s.Joined, a)
				res.Say("Sandra spends an Extra Action disc for the %s turn.", TurnNames[s.TurnNo])
			}
			continue
		}
		p := &s.Players[a]
		if !p.active() {
			continue
		}
		if s.TurnNo < RequiredTurns {
			s.Joined = append(s.Joined, a)
		} else if p.Discs > 0 { // EP-ACTION-04
			s.queue(s.ask(a, JoinTurn))
		}
	}
}

// startTurn begins seat's turn and reports whether it did: a player out of
// the city takes none, and once someone has escaped each turn costs $1 or
// the player is arrested (EP-ACTION-07/08).
func (s *State) startTurn(seat int, res *engine.Result) bool {
	p := &s.Players[seat]
	if !p.active() {
		return false
	}
	if s.Escaped > 0 {
		if p.Money < 1 {
			s.arrest(seat, res, "cannot pay $1 for the turn")
			return false
		}
		s.pay(&p.Money, 1)
		res.Say("%s pays $1 to stay hidden.", who(seat))
	}
	s.beginTurn(seat, p.At)
	res.Say("%s's %s turn.", who(seat), TurnNames[s.TurnNo])
	return true
}

// arrest takes a player out of the game with a score of zero.
func (s *State) arrest(seat int, res *engine.Result, why string) {
	p := &s.Players[seat]
	p.Status = "arrested"
	p.At = -1
	res.Say("%s is ARRESTED (%s).", who(seat), why)
}

// beginTurn puts seat's turn, standing on node at, below every decision
// owed now.
func (s *State) beginTurn(seat, at int) {
	d := s.ask(seat, RestOrMove)
	d.Phase = PhasePlayerAction
	d.Data.Turn = &TurnState{MP: 3, Start: at}
	s.Pending.Queue(d)
}

// endTurn finishes the active player's turn.
func (s *State) endTurn() {
	s.Pending.Remove(func(d *engine.Decision[Detail]) bool { return isTurnStep(d.Kind) })
	s.Cur++
}

// turnMoves lists the active player's moves in the current step of the
// turn: REST or MOVE, Avoid, Visit, and Executive Actions throughout
// (EP-ACTION-02/03, EP-EXEC-01).
func (s *State) turnMoves(ms *engine.Moves) {
	t := s.turnState()
	p := &s.Players[seatOf(s.turnDecision())]
	switch step := s.turnStep(); step {
	case RestOrMove, Moving:
		s.moveMoves(p, ms)
		if step == RestOrMove {
			s.offerRest(p, step, ms)
			if !p.Sun && ms.Len() == 0 {
				// Neither Rest nor Move is possible: the pawn stays put.
				ms.Legal("stay", func(res *engine.Result) {
					res.Say("%s can neither Rest nor Move and stays put.", who(p.Seat))
					s.setStep(EndOfTurn)
				})
			}
			s.escapeMove(p, false, ms) // EP-ESC-01/02: from where you stand
		}
		if step == Moving {
			ms.Add("stop", engine.Require(isLoc(p.At) && p.At != t.Start, "You must end your Move on a Location other than the one you started on").
				And(engine.Require(!isLoc(p.At) || !s.gangShut(p.At), "You can only visit a Gang when no other player and no Gang Control marker is on it, so you cannot end your Move there")),
				func(res *engine.Result) { s.beginAvoid(p, res) })
			ms.RefuseFamily("go ", "You cannot reach that place in one step and still end your Move on a Location")
		}
	case Avoid:
		s.avoidMoves(p, ms)
	case Visit:
		s.visitMoves(p, ms)
	case EndOfTurn:
		ms.Legal("end", func(res *engine.Result) { s.endTurn() })
	}
	if step := s.turnStep(); step != RestOrMove {
		s.offerRest(p, step, ms)
	}
	s.execMoves(p, ms)
}

// offerRest lists REST: once per Round, instead of moving (EP-REST-01,
// EP-REST-03).
func (s *State) offerRest(p *Player, step engine.DecisionKind, ms *engine.Moves) {
	ms.Add("rest", engine.Require(p.Sun, "You have already rested this round (Rest is once per Round)").
		And(engine.Require(step == RestOrMove, "You can only Rest instead of moving, at the start of your turn")),
		func(res *engine.Result) { s.rest(p, res) })
}

// rest is REST, once per Round: flip the Rest token, ready First Aid,
// Contact cards and Equipment, and unlock an Asset tile (EP-REST-01..08).
func (s *State) rest(p *Player, res *engine.Result) {
	p.Sun = false
	p.FirstAid = true
	res.Say("%s RESTS.", who(p.Seat))
	s.refresh(p, res)
	s.setStep(EndOfTurn)
	u := s.ask(p.Seat, UnlockAsset)
	u.Data.N = 1
	s.push(u)
}

func (s *State) gainDisc(actor int, res *engine.Result) {
	if s.Discs == 0 {
		res.Say("No Extra Action disc is left for %s.", who(actor))
		return
	}
	s.Discs--
	if actor == SandraActor {
		s.Sandra.Discs++
	} else {
		s.Players[actor].Discs++
	}
	res.Say("%s gains an Extra Action disc.", who(actor))
}

// joinMoves lists spending an Extra Action disc to take an Optional
// turn, and passing (EP-ACTION-04).
func (s *State) joinMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	ms.Legal("extra action", func(res *engine.Result) {
		p.Discs--
		s.Discs++
		s.Joined = append(s.Joined, seat)
		res.Say("%s spends an Extra Action disc for the %s turn.", who(seat), TurnNames[s.TurnNo])
		s.Pending.Pop()
	})
	ms.Legal("pass", func(res *engine.Result) {
		res.Say("%s sits out the %s turn.", who(seat), TurnNames[s.TurnNo])
		s.Pending.Pop()
	})
}
