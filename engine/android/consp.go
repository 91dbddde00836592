package android

import (
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/engine/android/conspiracy"
)

// The conspiracy wired into the game (AN-CONSP, AN-REVEAL, AN-DIG,
// AN-BONUS, AN-LINK): a followed-up lead may uncover the conspiracy
// instead of placing evidence. Reveal Information draws a piece; its
// benefit, its placement (or discard) and its bonus are each a decision of
// the active player, in that order, pushed above the turn; a bonus piece
// starts the chain again. The puzzle itself is engine/android/conspiracy.

// The conspiracy's decisions, all owed by the active player.
const (
	// StepConspBenefit: take the revealed piece's benefit (a shift, a
	// favor or a baggage; AN-REVEAL-07…09).
	StepConspBenefit engine.DecisionKind = "conspiracy benefit"
	// StepConspPiece: place the revealed piece on the puzzle, or discard
	// it (AN-REVEAL-10…15).
	StepConspPiece engine.DecisionKind = "conspiracy piece"
	// StepConspBonus: use or pass the piece's printed bonus (AN-BONUS).
	StepConspBonus engine.DecisionKind = "conspiracy bonus"
)

// ConspiracyTokens is the supply of conspiracy tokens: one per line that
// can complete (12), so that it never runs short [ours, the conspiracy
// package's ruling; the study proposed 10].
const ConspiracyTokens = 12

// conspMoves adds Reveal Information and Dig Deeper to the use of a lead
// (AN-CONSP-01, AN-LEAD-09).
func (s *State) conspMoves(ms *engine.Moves) {
	p := s.Story.Puzzle
	if p == nil {
		return
	}
	seat := s.active()
	ms.Add("reveal information", engine.Cond(conspErrText(p.CheckReveal(seat))), func(res *engine.Result) {
		s.Pending.Pop()
		from := conspiracy.PieceType(p.Markers[seat])
		rv, _ := p.Reveal(seat)
		res.Say("%s uncovers the conspiracy: Reveal Information draws %s from the %s pile.", who(seat), pieceText(rv.Piece), from)
		s.pushPiece(seat, rv, res)
	})
	ms.Add("dig deeper", engine.Cond(conspErrText(p.CheckDig(seat))), func(res *engine.Result) {
		s.Pending.Pop()
		p.DigDeeper(seat)
		res.Say("%s digs deeper: the hero marker moves beside the %s pile.", who(seat), conspiracy.PieceType(p.Markers[seat]))
	})
}

// canUncover reports whether seat could uncover the conspiracy with a
// lead now.
func (s *State) canUncover(seat int) bool {
	return s.Story.Puzzle != nil && s.Story.Puzzle.CheckReveal(seat) == nil
}

// conspErrText is an error's refusal text, or "" (legal) for nil.
func conspErrText(err error) string {
	if err == nil {
		return ""
	}
	msg, ok := engine.IsRejection(err)
	if !ok {
		msg = err.Error()
	}
	return strings.TrimSuffix(msg, ".")
}

// pieceText names a piece in the log.
func pieceText(pc conspiracy.Piece) string {
	return fmt.Sprintf("%s piece #%d (%s)", pc.Type, pc.ID, pc.Bonus)
}

// pushPiece asks for the drawn piece's benefit (after the markers moved,
// AN-REVEAL-06), then its placement.
func (s *State) pushPiece(seat int, rv conspiracy.Revealed, res *engine.Result) {
	place := s.seatDecision(StepConspPiece, seat, "discard piece", Detail{})
	if def, ok := s.benefitDefault(seat, rv.Benefit); ok {
		s.Pending.Push(s.seatDecision(StepConspBenefit, seat, def, Detail{}), place)
		return
	}
	res.Say("The %s benefit cannot be taken: nothing is left to gain.", rv.Benefit)
	s.Pending.Push(place)
}

// benefitDefault is the benefit step's default move, and false when the
// benefit cannot be taken at all (no favor left in the supply, no baggage
// left).
func (s *State) benefitDefault(seat int, t conspiracy.PieceType) (string, bool) {
	switch t {
	case conspiracy.Shift:
		return "no shift", true
	case conspiracy.Favor:
		for _, f := range FavorTypes {
			if s.Supply.Favors[f] > 0 {
				return "favor " + f, true
			}
		}
		return "", false
	default:
		return "no baggage", s.Story.BaggageSupply > 0
	}
}

// benefitMoves: the revealed piece's benefit (AN-REVEAL-07…09).
func (s *State) benefitMoves(ms *engine.Moves) {
	p := s.Story.Puzzle
	seat := s.active()
	pc, _ := conspiracy.PieceByID(p.Pending.Piece)
	switch pc.Type {
	case conspiracy.Shift:
		// AN-REVEAL-07: light or dark shift any one player, oneself
		// included; the shift is a benefit, so it may be passed.
		ms.Legal("no shift", func(res *engine.Result) {
			s.Pending.Pop()
			res.Say("%s takes no shift.", who(seat))
		})
		ms.RefuseFamily("light shift ", engine.Cond("Shift one detective by name: "+s.detSlugs()))
		ms.RefuseFamily("dark shift ", engine.Cond("Shift one detective by name: "+s.detSlugs()))
		for i := range s.Dets {
			i := i
			for _, dark := range []bool{false, true} {
				dark := dark
				way := map[bool]string{false: "light", true: "dark"}[dark]
				ms.Add(way+" shift "+s.Dets[i].Def().Slug, engine.Require(s.Dets[i].Room(dark) > 0, "%s is already completely %s shifted", s.Dets[i].Def().Name, way), func(res *engine.Result) {
					s.Pending.Pop()
					s.Dets[i].Shift(dark, 1)
					res.Say("%s %s shifts %s (twilight %+d).", who(seat), way, s.Dets[i].Def().Name, s.Dets[i].Twilight)
				})
			}
		}
	case conspiracy.Favor:
		// AN-REVEAL-08: one normal favor of the player's choice.
		ms.RefuseFamily("favor ", engine.Cond("Name a favor type: "+strings.Join(FavorTypes, ", ")))
		for _, f := range FavorTypes {
			f := f
			ms.Add("favor "+f, engine.Require(s.Supply.Favors[f] > 0, "No %s favor is left in the supply", f), func(res *engine.Result) {
				s.Pending.Pop()
				s.Supply.Favors[f]--
				s.Dets[seat].Favors[f]++
				res.Say("%s gains a %s favor.", who(seat), f)
			})
		}
	default:
		// AN-REVEAL-09: a good or bad baggage on any player's plot.
		ms.Legal("no baggage", func(res *engine.Result) {
			s.Pending.Pop()
			res.Say("%s places no baggage.", who(seat))
		})
		s.baggageMoves(seat, "", ms, func(res *engine.Result) { s.Pending.Pop() })
	}
}

// pieceMoves: place the pending piece where the puzzle allows, or discard
// it (AN-REVEAL-10…16, AN-BONUS-10/11).
func (s *State) pieceMoves(ms *engine.Moves) {
	p := s.Story.Puzzle
	seat := s.active()
	pc, _ := conspiracy.PieceByID(p.Pending.Piece)
	legal := p.PendingPlacements()
	var texts []string
	for _, pl := range legal {
		pl := pl
		texts = append(texts, pl.String())
		ms.Legal("place piece "+pl.String(), func(res *engine.Result) {
			s.Pending.Pop()
			out, _ := p.Place(seat, pl)
			res.Say("%s adds the %s to the conspiracy at %s.", who(seat), pieceText(pc), pl)
			s.pieceOutcome(seat, out, res)
		})
	}
	why := "It has no legal place: discard it (discard piece)"
	if len(texts) > 0 {
		why = "The piece must attach to the puzzle and extend one of its lines: place piece " + strings.Join(texts, ", place piece ") + ", or discard piece"
	}
	ms.RefuseFamily("place piece", engine.Cond(why))
	ms.Legal("discard piece", func(res *engine.Result) {
		s.Pending.Pop()
		out, _ := p.Discard(seat)
		res.Say("%s discards the %s.", who(seat), pieceText(pc))
		s.pieceOutcome(seat, out, res)
	})
}

// pieceOutcome gives a conspiracy token per completed line (AN-BONUS-10/
// 11) and asks for the piece's bonus, even when it was discarded
// (AN-REVEAL-16).
func (s *State) pieceOutcome(seat int, out conspiracy.Outcome, res *engine.Result) {
	for _, l := range out.Completed {
		if s.Story.TokenSupply == 0 {
			res.Say("%s completes %s, but no conspiracy token is left.", who(seat), l)
			continue
		}
		s.Story.TokenSupply--
		s.Story.Tokens[seat]++
		res.Say("%s completes %s and gains a conspiracy token.", who(seat), l)
	}
	switch out.Piece.Bonus.Kind {
	case conspiracy.HaasLink, conspiracy.JintekiLink:
		if out.Placed {
			res.Say("The %s piece now counts as that corporation's end of any line through it.", out.Piece.Bonus)
		}
	}
	for _, b := range out.Bonuses {
		if why := s.bonusLost(b); why != "" {
			res.Say("The bonus (%s) is lost: %s.", b, why)
			continue
		}
		b := b
		s.Story.Bonus = &b
		s.Pending.Push(s.seatDecision(StepConspBonus, seat, "no bonus", Detail{}))
	}
}

// bonusLost says why bonus b cannot be used at all now, or "".
func (s *State) bonusLost(b conspiracy.Bonus) string {
	switch b.Kind {
	case conspiracy.MoveLead:
		for _, ld := range s.Leads {
			if ld.At >= 0 && ld.Kind == conspLeadKind(b.Lead) {
				return ""
			}
		}
		return "no " + b.Lead.String() + " lead is on the map"
	case conspiracy.Hit:
		if s.Supply.Hits == 0 {
			return "no hit token is left"
		}
		if s.liveSuspects() == 0 {
			return "every suspect is dead"
		}
	case conspiracy.BonusPiece:
		if err := s.Story.Puzzle.CheckBonusPiece(s.active(), b.Piece); err != nil {
			return "the " + b.Piece.String() + " pile is empty"
		}
	}
	return ""
}

// conspLeadKind is the game's name of a conspiracy lead type.
func conspLeadKind(l conspiracy.LeadType) string {
	switch l {
	case conspiracy.Physical:
		return Physical
	case conspiracy.Document:
		return Document
	}
	return Testimony
}

// bonusMoves: the printed bonus, each optional (AN-BONUS-01…06).
func (s *State) bonusMoves(ms *engine.Moves) {
	b := *s.Story.Bonus
	seat := s.active()
	done := func() {
		s.Pending.Pop()
		s.Story.Bonus = nil
	}
	ms.Legal("no bonus", func(res *engine.Result) {
		done()
		res.Say("%s passes the bonus (%s).", who(seat), b)
	})
	switch b.Kind {
	case conspiracy.MoveLead:
		// AN-BONUS-01…03: as if the player on the left had followed the
		// lead up, so the active player places it under AN-LEAD-03…07.
		kind := conspLeadKind(b.Lead)
		ms.RefuseFamily("move ", engine.Cond(fmt.Sprintf("Move a %s lead on the map to a new %s location, as if the player on your left had followed it up: move <lead> to <location>", kind, "same-type")))
		for li, ld := range s.Leads {
			if ld.At < 0 || ld.Kind != kind {
				continue
			}
			li := li
			for _, to := range s.leadDestinations(li, seat) {
				to := to
				ms.Legal("move "+ld.Name()+" to "+Locations[to].Slug, func(res *engine.Result) {
					done()
					from := s.Leads[li].At
					s.Leads[li].At = to
					res.Say("%s moves the %s lead from %s to %s (bonus).", who(seat), s.Leads[li].Name(), Locations[from].Name, Locations[to].Name)
				})
			}
		}
	case conspiracy.Hit:
		// AN-BONUS-04: a hit on a suspect of the player's choice.
		ms.RefuseFamily("hit ", engine.Cond("Put the hit on a live suspect: "+s.liveNames()))
		for i := range s.Suspects {
			i := i
			sus := &s.Suspects[i]
			ms.Add("hit "+sus.Def().Slug, engine.Require(!sus.Dead, "%s is dead", sus.Def().Name), func(res *engine.Result) {
				done()
				s.placeHit(i, seat, res)
			})
		}
	case conspiracy.BonusPiece:
		// AN-BONUS-05/06: a bonus piece gives its benefit and bonus as
		// normal, so the chain starts again.
		ms.Legal("draw "+b.Piece.String()+" piece", func(res *engine.Result) {
			done()
			rv, _ := s.Story.Puzzle.DrawBonusPiece(seat, b.Piece)
			res.Say("%s draws a bonus piece: %s.", who(seat), pieceText(rv.Piece))
			s.pushPiece(seat, rv, res)
		})
	}
}

// detSlugs lists the detectives in play, for refusals.
func (s *State) detSlugs() string {
	var out []string
	for i := range s.Dets {
		out = append(out, s.Dets[i].Def().Slug)
	}
	return strings.Join(out, ", ")
}

// conspPrompt words the conspiracy's decisions.
func (s *State) conspPrompt(d *Decision) string {
	switch d.Kind {
	case StepConspBenefit:
		pc, _ := conspiracy.PieceByID(s.Story.Puzzle.Pending.Piece)
		switch pc.Type {
		case conspiracy.Shift:
			return "shift benefit: light or dark shift any one detective (light shift floyd), or no shift"
		case conspiracy.Favor:
			return "favor benefit: gain one normal favor of your choice (favor street)"
		}
		return "baggage benefit: put one good or bad baggage on any detective's plot (good baggage on floyd), or no baggage"
	case StepConspPiece:
		pc, _ := conspiracy.PieceByID(s.Story.Puzzle.Pending.Piece)
		return fmt.Sprintf("place the %s on the conspiracy puzzle (place piece c4 r90) or discard piece", pieceText(pc))
	case StepConspBonus:
		return fmt.Sprintf("bonus: %s, or no bonus", s.Story.Bonus)
	}
	return ""
}

// conspText is the public picture of the puzzle in the view: the grid,
// the pile counts (never their order), the markers and the tokens.
func (s *State) conspText() string {
	p := s.Story.Puzzle
	if p == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Conspiracy piles: shift %d, favor %d, baggage %d; %d discarded.", p.Left(conspiracy.Shift), p.Left(conspiracy.Favor), p.Left(conspiracy.Baggage), len(p.Discards))
	var marks []string
	for seat, m := range p.Markers {
		where := "boxed"
		if m != conspiracy.Boxed {
			where = "by " + conspiracy.PieceType(m).String()
		}
		marks = append(marks, fmt.Sprintf("%s %s", who(seat), where))
	}
	fmt.Fprintf(&b, " Hero markers: %s.", strings.Join(marks, ", "))
	var toks []string
	for seat, n := range s.Story.Tokens {
		if n > 0 {
			toks = append(toks, fmt.Sprintf("%s %d", who(seat), n))
		}
	}
	fmt.Fprintf(&b, " Conspiracy tokens: %s (%d left).", listOr(toks), s.Story.TokenSupply)
	links := p.Links()
	var ls []string
	for g, n := range links {
		if n > 0 {
			ls = append(ls, fmt.Sprintf("%s %d", conspiracy.Group(g), n))
		}
	}
	fmt.Fprintf(&b, " Links: %s.\n%s", listOr(ls), p.Text())
	return b.String()
}
