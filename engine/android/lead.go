package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Leads and evidence (AN-LEAD, AN-EVID, AN-ALIBI, AN-HIT). Following up a
// lead costs 1 Time; the player on the right moves the lead to a new
// location of the same type, outside his own detective's district when he
// can; in the climax the lead leaves the game instead. The active player
// then draws an evidence token, looks at it in secret, and puts it face
// down (or face up) in the matching file of a live suspect.

// leadAt is the lead standing at location l, or -1.
func (s *State) leadAt(l int) int {
	for i, ld := range s.Leads {
		if ld.At == l {
			return i
		}
	}
	return -1
}

// liveSuspects counts the suspects alive.
func (s *State) liveSuspects() int {
	n := 0
	for _, sus := range s.Suspects {
		if !sus.Dead {
			n++
		}
	}
	return n
}

func (s *State) followMoves(d *Det, ms *engine.Moves) {
	seat := d.Seat
	lead := s.leadAt(d.At)
	cond := s.timeFor(1).
		And(engine.Require(lead >= 0, "There is no lead at %s", Locations[d.At].Name)).
		And(engine.Require(lead < 0 || !s.hiding(lead), "The suspect of this lead is hiding: flush him out first (2 Time)")).
		And(engine.Require(s.canPlaceEvidence() || s.canUncover(seat), "The evidence pile is empty (or every suspect is dead) and the conspiracy's piles are empty: the lead cannot be used"))
	ms.Add("follow up", cond, func(res *engine.Result) {
		s.spend(1)
		ld := &s.Leads[lead]
		def := "place evidence"
		if !s.canPlaceEvidence() {
			def = "reveal information"
		}
		use := s.seatDecision(StepUseLead, seat, def, Detail{Lead: lead})
		if s.climax() {
			// AN-LEAD-08: in the climax the lead leaves the game.
			res.Say("%s follows up the %s lead at %s; in the climax it leaves the game (1 Time).", who(seat), ld.Name(), Locations[ld.At].Name)
			ld.At = -1
			s.Pending.Push(use)
			s.Pending.Push(s.darkWindow(Occasion{Kind: OnFollowUp})...)
			return
		}
		mover := s.right(seat)
		res.Say("%s follows up the %s lead at %s (1 Time); %s moves it.", who(seat), ld.Name(), Locations[ld.At].Name, who(mover))
		dests := s.leadDestinations(lead, mover)
		s.Pending.Push(s.seatDecision(StepRelocate, mover, "lead to "+Locations[dests[0]].Slug, Detail{Lead: lead}), use)
		// The other players may answer the follow-up with dark cards
		// before the lead moves and the evidence is drawn.
		s.Pending.Push(s.darkWindow(Occasion{Kind: OnFollowUp})...)
	})
}

// leadDestinations lists where mover may move lead: a location of the
// same type as the lead's, not the lead's own, with no lead on it, in a
// district other than the one mover's detective stands in — or, when no
// such location exists, in any district (AN-LEAD-03…07).
func (s *State) leadDestinations(lead, mover int) []int {
	from := s.Leads[lead].At
	own := Locations[s.Dets[mover].At].District
	var out, anyDistrict []int
	for to, l := range Locations {
		if to == from || l.Type != Locations[from].Type || s.leadAt(to) >= 0 {
			continue
		}
		anyDistrict = append(anyDistrict, to)
		if l.District != own {
			out = append(out, to)
		}
	}
	if len(out) == 0 {
		return anyDistrict
	}
	return out
}

func (s *State) relocateMoves(top *Decision, ms *engine.Moves) {
	lead := top.Data.Lead
	mover := int(top.Seats[0])
	from := s.Leads[lead].At
	for _, to := range s.leadDestinations(lead, mover) {
		to := to
		ms.Legal("lead to "+Locations[to].Slug, func(res *engine.Result) {
			s.Pending.Pop()
			s.Leads[lead].At = to
			res.Say("%s moves the %s lead from %s to %s.", who(mover), s.Leads[lead].Name(), Locations[from].Name, Locations[to].Name)
		})
	}
	ms.RefuseFamily("lead to ", engine.Cond(fmt.Sprintf("The lead must go to another %s location with no lead on it, outside the district your detective is in (%s) unless no such location is left", Locations[from].Type, Locations[s.Dets[mover].At].District)))
}

// useLeadMoves: how the active player uses the lead (AN-LEAD-09): Reveal
// Information or Dig Deeper (consp.go), or place evidence.
func (s *State) useLeadMoves(top *Decision, ms *engine.Moves) {
	seat := s.active()
	lead := top.Data.Lead
	s.conspMoves(ms)
	ms.Add("place evidence", engine.Require(len(s.EvidencePile) > 0, "The evidence pile is empty").And(engine.Require(s.liveSuspects() > 0, "Every suspect is dead")), func(res *engine.Result) {
		s.Pending.Pop()
		// AN-EVID-01: draw a token and look at it in secret.
		tok := s.EvidencePile[0]
		s.EvidencePile = s.EvidencePile[1:]
		s.Dets[seat].Holding = append(s.Dets[seat].Holding, tok)
		res.Say("%s draws an evidence token.", who(seat))
		res.Note(engine.Seat(seat), "You drew evidence %s.", EvidencePool[tok])
		res.Reveals = true
		s.Pending.Push(s.seatDecision(StepPlaceEvidence, seat, "evidence "+s.firstLive().Def().Slug, Detail{Lead: lead}))
	})
}

// firstLive is the first live suspect in sheet order.
func (s *State) firstLive() *SuspectSheet {
	for i := range s.Suspects {
		if !s.Suspects[i].Dead {
			return &s.Suspects[i]
		}
	}
	return nil
}

// fileIndex is the index in Files of a lead kind.
func fileIndex(kind string) int {
	for i, f := range Files {
		if f == kind {
			return i
		}
	}
	panic("android: no file " + kind)
}

func (s *State) placeEvidenceMoves(top *Decision, ms *engine.Moves) {
	seat := s.active()
	file := fileIndex(s.Leads[top.Data.Lead].Kind)
	ms.RefuseFamily("evidence ", engine.Cond("The token goes on a live suspect in play: "+s.liveNames()+"; add faceup to place it face up"))
	for i := range s.Suspects {
		i := i
		sus := &s.Suspects[i]
		alive := engine.Require(!sus.Dead, "%s is dead: evidence goes on a live suspect", sus.Def().Name)
		for _, up := range []bool{false, true} {
			up := up
			text := "evidence " + sus.Def().Slug
			if up {
				text += " faceup"
			}
			ms.Add(text, alive, func(res *engine.Result) {
				s.Pending.Pop()
				d := &s.Dets[seat]
				tok := d.Holding[0]
				d.Holding = d.Holding[1:]
				e := Evidence{Token: tok, KnownTo: []engine.Seat{engine.Seat(seat)}}
				if up {
					e.Shown = EvidencePool[tok].String()
					res.Say("%s places evidence %s face up in %s's %s file.", who(seat), e.Shown, sus.Def().Name, Files[file])
				} else {
					res.Say("%s places an evidence token face down in %s's %s file.", who(seat), sus.Def().Name, Files[file])
				}
				s.Suspects[i].Files[file] = append(s.Suspects[i].Files[file], e)
			})
		}
	}
}

// placeAlibi puts an alibi on suspect i (AN-ALIBI-01/02).
func (s *State) placeAlibi(i, seat int, res *engine.Result) {
	s.Supply.Alibis--
	s.Suspects[i].Alibis++
	res.Say("%s puts an alibi on %s.", who(seat), s.Suspects[i].Def().Name)
}

// placeHit puts a hit on suspect i; the third hit kills him (AN-HIT-02…05).
func (s *State) placeHit(i, seat int, res *engine.Result) {
	sus := &s.Suspects[i]
	s.Supply.Hits--
	sus.Hits++
	res.Say("%s puts a hit on %s (%d of %d).", who(seat), sus.Def().Name, sus.Hits, HitsToKill)
	if sus.Hits >= HitsToKill {
		s.kill(i, res)
	}
}

// kill kills suspect i: his evidence goes back into the pile, which is
// shuffled, and his alibis to their pile; his hits stay on the sheet,
// which is turned face down (AN-HIT-04…06, our ruling of AN-HIT-06).
func (s *State) kill(i int, res *engine.Result) {
	sus := &s.Suspects[i]
	sus.Dead = true
	for f := range sus.Files {
		for _, e := range sus.Files[f] {
			s.EvidencePile = append(s.EvidencePile, e.Token)
		}
		sus.Files[f] = nil
	}
	engine.ShuffleSlice(&s.Rng, s.EvidencePile)
	s.Supply.Alibis += sus.Alibis
	sus.Alibis = 0
	res.Say("%s is killed: his evidence goes back into the pile and his alibis to theirs; his sheet is turned face down.", sus.Def().Name)
}

// liveNames lists the slugs of the live suspects, for refusals.
func (s *State) liveNames() string {
	var out []string
	for _, sus := range s.Suspects {
		if !sus.Dead {
			out = append(out, sus.Def().Slug)
		}
	}
	return strings.Join(out, ", ")
}
