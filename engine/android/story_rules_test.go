package android

import (
	"strings"
	"testing"

	"casefile/engine"
)

// untilTurnOf plays every decision's default until seat's next turn
// begins, and returns the Time it begins with.
func untilTurnOf(t *testing.T, s *State, seat int) int {
	t.Helper()
	for i := 0; i < 2000 && !s.Over; i++ {
		top := s.Pending.Top()
		res := applyRaw(t, s, int(top.Waiting()[0]), top.Default)
		for _, l := range res.Public {
			if strings.HasPrefix(l, who(seat)+"'s turn (") {
				return s.Time
			}
		}
	}
	t.Fatalf("seat %d's turn never came", seat)
	return 0
}

// rulePlot puts card k (0 the start card, 1 and 2 the crossroads sides)
// of plot title in play for seat, by hand.
func rulePlot(s *State, seat int, title string, k int) {
	ps := PlotState{Title: title, Card: CardStart}
	if k > 0 {
		ps = PlotState{Title: title, Card: CardCrossroads, Side: k - 1}
	}
	s.Story.Plots[seat] = ps
	fresh(s)
}

// TestPlotSpecialRules (AN-RESOLVE-07): a special rule printed on a start
// or crossroads card applies to its owner while that card is in play, and
// no longer once the card has resolved: more Time on one's turns, a
// cheaper location ability, a free light card in a location type.
func TestPlotSpecialRules(t *testing.T) {
	t.Run("turn time", func(t *testing.T) {
		s := quiet(newS(t, 3, 1, "1"))
		next := s.Order[s.Cur+1]
		rulePlot(s, next, "The Bounty", 2)
		if got := untilTurnOf(t, s, next); got != TimePerTurn+1 {
			t.Errorf("AN-RESOLVE-07: turn with the card in play begins with %d Time, want %d", got, TimePerTurn+1)
		}
		var res engine.Result
		s.resolvePlot(next, &res)
		if _, ok := s.activeRule(next, RuleTurnTime); ok {
			t.Fatal("AN-RESOLVE-07: the rule outlives its card")
		}
		if got := untilTurnOf(t, s, next); got != TimePerTurn {
			t.Errorf("AN-RESOLVE-07: turn after the card resolved begins with %d Time, want %d", got, TimePerTurn)
		}
	})
	t.Run("cheap ability", func(t *testing.T) {
		s := quiet(newS(t, 3, 1, "1"))
		act := s.active()
		rulePlot(s, act, "Debts to Mr. Li", 0) // business abilities 1 Time less
		place(t, s, "melange-mining", 3)
		apply(t, s, act, "use melange-mining")
		if s.Time != 3 {
			t.Errorf("AN-RESOLVE-07: Melange Mining cost %d Time with the card in play, want 0", 3-s.Time)
		}
		var res engine.Result
		s.resolvePlot(act, &res)
		s.Dets[act].Used = nil
		place(t, s, "melange-mining", 3)
		apply(t, s, act, "use melange-mining")
		if s.Time != 2 {
			t.Errorf("AN-RESOLVE-07: Melange Mining cost %d Time after the card resolved, want 1", 3-s.Time)
		}
	})
	t.Run("free draw", func(t *testing.T) {
		s := quiet(newS(t, 3, 1, "1"))
		emptyHands(s)
		act := s.active()
		rulePlot(s, act, "Sisters' Keeper", 0) // a free light card in a normal religious location
		d := place(t, s, "dome-residences", 6)
		to := reachOf(t, s, d, func(l Location) bool { return l.Type == Religious && l.Quality == Normal && !l.Restricted })
		applyRaw(t, s, act, "move "+to)
		if !has(s, act, "free light") {
			t.Errorf("AN-RESOLVE-07: no free light card in %s with the card in play: %v", to, legal(s, act))
		}
		var res engine.Result
		s.resolvePlot(act, &res)
		s.Pending.Remove(func(d *Decision) bool { return d.Kind != StepTurn })
		place(t, s, "dome-residences", 6)
		applyRaw(t, s, act, "move "+to)
		if has(s, act, "free light") {
			t.Error("AN-RESOLVE-07: a free light card after the card resolved")
		}
	})
	// Every rule is worded on its card, and shows in the plot's text.
	n := 0
	for title, pl := range Plots {
		for _, c := range []PlotCard{pl.Start, pl.Crossroads[0], pl.Crossroads[1]} {
			if c.Rule.Kind == RuleNone {
				continue
			}
			n++
			if c.Rule.Text() == "" {
				t.Errorf("%s: rule %v has no text", title, c.Rule)
			}
		}
	}
	if n < 3 {
		t.Errorf("only %d plot cards carry a special rule", n)
	}
	s := newS(t, 3, 1, "1")
	rulePlot(s, 0, "The Bounty", 2)
	if !strings.Contains(s.plotText(0), "Special rule: while this card is in play") {
		t.Errorf("plot text without its rule: %s", s.plotText(0))
	}
}
