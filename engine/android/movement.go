package android

import (
	"fmt"

	"casefile/engine"
)

// Movement (AN-MOVE): a vehicle ruler's reach within one city, the
// Beanstalk one location at a time between its two ends, a dropship pass
// to anywhere; restricted locations cost 3 Time without one's own warrant;
// ritzy and seedy locations give a free card on entry.

// Reach lists the locations a detective with ruler reach r standing at
// from may move to by one move (not a dropship): within r of from in the
// same city, or the next location along the Beanstalk.
func Reach(from int, r float64) []int {
	var out []int
	city := rulerCity(from)
	b := Locations[from].Beanstalk
	for to, l := range Locations {
		if to == from {
			continue
		}
		switch {
		case b >= 0 && l.Beanstalk >= 0 && (l.Beanstalk == b-1 || l.Beanstalk == b+1):
			// AN-MOVE-16/17: along the Beanstalk, either way.
			out = append(out, to)
		case city != "" && rulerCity(to) == city && Distance(from, to) <= r:
			out = append(out, to)
		}
	}
	return out
}

// entryCost is the Time a move into to costs d: 1, or 3 into a restricted
// location without d's own warrant (AN-MOVE-05/06, AN-WARRANT-01).
func entryCost(d *Det, to int) int {
	if Locations[to].Restricted && !d.hasWarrant(to) {
		return 1 + RestrictedExtra
	}
	return 1
}

func (s *State) moveMoves(d *Det, ms *engine.Moves) {
	seat := d.Seat
	for _, to := range Reach(d.At, d.Def().Ruler) {
		to := to
		ms.Add("move "+Locations[to].Slug, s.entryCond(d, to), func(res *engine.Result) {
			s.moveTo(seat, to, "", res)
		})
	}
	ms.RefuseFamily("move ", engine.Cond(fmt.Sprintf("That is not within one move of %s: your vehicle ruler reaches %.1f cells in the same city, the Beanstalk goes one location at a time from its ends, and only a dropship pass crosses between Earth and the Moon otherwise", Locations[d.At].Name, d.Def().Ruler)))
	if d.Dropships > 0 {
		for to := range Locations {
			if to == d.At {
				continue
			}
			to := to
			ms.Add("dropship "+Locations[to].Slug, s.entryCond(d, to), func(res *engine.Result) {
				s.Dets[seat].Dropships--
				s.Supply.Dropships++
				s.moveTo(seat, to, " by dropship", res)
			})
		}
	} else {
		ms.RefuseFamily("dropship ", "You have no dropship pass")
	}
}

// entryCond is the condition of entering to: enough Time for its cost.
func (s *State) entryCond(d *Det, to int) engine.Cond {
	c := entryCost(d, to)
	if c > 1 {
		return engine.Require(s.Time >= c, "%s is restricted and you have no warrant on it: entering costs %d Time and you have %d left", Locations[to].Name, c, s.Time)
	}
	return s.timeFor(c)
}

// moveTo moves seat's detective into to, paying its cost, and owes the
// free draw of a ritzy or seedy location (AN-MOVE-08…11, AN-MOVE-21).
func (s *State) moveTo(seat, to int, how string, res *engine.Result) {
	d := &s.Dets[seat]
	cost := entryCost(d, to)
	s.spend(cost)
	d.At = to
	l := Locations[to]
	res.Say("%s moves%s to %s (%s, %s %s; %d Time).", who(seat), how, l.Name, l.Cell, l.Quality, l.Type, cost)
	var owed []Decision
	if !d.handFull() {
		switch l.Quality {
		case Ritzy:
			if d.Light.Len() > 0 {
				owed = append(owed, s.seatDecision(StepFreeDraw, seat, "no free draw", Detail{Draw: "light"}))
			}
		case Normal:
			// A special rule of the plot card in play (AN-RESOLVE-07): a
			// free light card in a normal location of its type, as if
			// ritzy (a ritzy or seedy one gives its own free card).
			if r, ok := s.activeRule(seat, RuleFreeDraw); ok && string(l.Type) == r.Type && d.Light.Len() > 0 {
				owed = append(owed, s.seatDecision(StepFreeDraw, seat, "no free draw", Detail{Draw: "light"}))
			}
		case Seedy:
			for o := range s.Dets {
				if o != seat && s.Dets[o].Dark.Len() > 0 {
					owed = append(owed, s.seatDecision(StepFreeDraw, seat, "no free draw", Detail{Draw: "dark"}))
					break
				}
			}
		}
	}
	// The free card comes first (it is drawn before anyone may respond to
	// the move), then Lily and Jimmy [ours].
	owed = append(owed, s.meetings(seat, to, res)...)
	// Then the other players may answer the move with dark cards
	// (AN-MOVE-03, AN-REACT-04: after the free card).
	owed = append(owed, s.darkWindow(Occasion{Kind: OnMove, At: to})...)
	s.Pending.Push(owed...)
}
