package android

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestPlotCards (AN-PLOT-03, AN-BAG-01, AN-VP-03): every plot title of
// every detective has its cards: a start card and two crossroads sides,
// each with a good and a bad baggage section naming conditional words
// (never the same word in both), and four ending faces with VP from −4 to
// +6 [study], happy and sad ones among them.
func TestPlotCards(t *testing.T) {
	lo, hi := 0, 0
	for _, d := range Detectives {
		for _, title := range d.Plots {
			pl, ok := Plots[title]
			if !ok || pl.Title != title {
				t.Errorf("%s: no plot cards for %q", d.Name, title)
				continue
			}
			cards := []PlotCard{pl.Start, pl.Crossroads[0], pl.Crossroads[1]}
			for _, c := range cards {
				if c.Text == "" || len(c.Good) == 0 || len(c.Bad) == 0 {
					t.Errorf("%s: a card without text or sections: %+v", title, c)
				}
				for _, word := range append(slices.Clone(c.Good), c.Bad...) {
					if !slices.Contains(ConditionalWords, word) {
						t.Errorf("%s: %q is no conditional baggage", title, word)
					}
					if slices.Contains(c.Good, word) && slices.Contains(c.Bad, word) {
						t.Errorf("%s: %q in both sections", title, word)
					}
				}
			}
			for _, side := range pl.Endings {
				for _, e := range side {
					if e.Title == "" || e.Text == "" || e.VP < -4 || e.VP > 6 {
						t.Errorf("%s: ending %+v", title, e)
					}
					lo, hi = min(lo, e.VP), max(hi, e.VP)
				}
			}
		}
	}
	if lo != -4 || hi != 6 {
		t.Errorf("ending VP run %d…%d, want −4…+6", lo, hi)
	}
	if Happy(1) != "happy" || Happy(-1) != "sad" || Happy(0) == "happy" || Happy(0) == "sad" {
		t.Error("AN-VP-04: happy from 1 VP, sad from −1")
	}
}

// TestPlotSetup (AN-PLOT-01/04, AN-SETUP-30): each detective starts the
// week with a plot's start card in play and no baggage.
func TestPlotSetup(t *testing.T) {
	s := newS(t, 5, 9, "")
	for i, d := range s.Dets {
		ps := s.Story.Plots[i]
		if ps.Title != d.Plot || ps.Card != CardStart || ps.Good+ps.Bad != 0 {
			t.Errorf("seat %d: plot %+v for %q", i, ps, d.Plot)
		}
	}
}

// nonRaymond is a seat whose detective's plots last a week.
func nonRaymond(s *State, skip ...int) int {
	for i := range s.Dets {
		if !s.twoWeek(i) && !slices.Contains(skip, i) {
			return i
		}
	}
	return -1
}

// TestPlotResolution (AN-BAG-02…08, AN-RESOLVE-01…06, AN-RESOLVE-08,
// AN-VP-03): at the end of day 3 each plot resolves, the first player's
// first: more good than bad baggage brings the crossroads card's first
// side, a tie or no baggage the second; the baggage goes with the card. At
// the end of day 6 the crossroads card resolves into its ending, which
// stays in play and scores its VP at the close, and week two brings a new
// plot.
func TestPlotResolution(t *testing.T) {
	s := quiet(newS(t, 4, 3, "1"))
	s.Story.Events.Deck = nil // no event baggage in this test
	a := nonRaymond(s)
	b := nonRaymond(s, a)
	c := nonRaymond(s, a, b)
	var r engine.Result
	s.gainBaggage(a, true, 2, &r)
	s.gainBaggage(a, false, 1, &r)
	s.gainBaggage(b, true, 2, &r)
	s.gainBaggage(b, false, 2, &r)
	endTurns(t, s, 3)
	if s.Story.Plots[a].Card != CardStart {
		t.Fatal("a plot resolved before the end of day 3")
	}
	first := s.First
	log := strings.Join(endTurns(t, s, 4), "\n")
	for seat, side := range map[int]int{a: 0, b: 1, c: 1} {
		ps := s.Story.Plots[seat]
		if ps.Card != CardCrossroads || ps.Side != side || ps.Good+ps.Bad != 0 {
			t.Errorf("seat %d after day 3: %+v, want side %d", seat, ps, side)
		}
	}
	if s.Story.BaggageSupply != BaggageTokens {
		t.Errorf("baggage supply %d after the resolution", s.Story.BaggageSupply)
	}
	// AN-RESOLVE-02: the day's first player's plot first, then clockwise.
	var order, want []int
	for _, line := range strings.Split(log, "\n") {
		for i := range s.Dets {
			if strings.HasPrefix(line, who(i)+"'s plot") {
				order = append(order, i)
			}
		}
	}
	for k := 0; k < s.NPlayers; k++ {
		if seat := (first + k) % s.NPlayers; !s.twoWeek(seat) {
			want = append(want, seat)
		}
	}
	if !slices.Equal(order, want) {
		t.Errorf("resolution order %v, want %v", order, want)
	}
	s.gainBaggage(a, true, 1, &r)
	endTurns(t, s, 7)
	pl := Plots[s.Story.Endings[a][0].Plot]
	if got := s.Story.Endings[a]; len(got) != 1 || got[0].Ending != pl.Endings[0][0].Title || got[0].VP != pl.Endings[0][0].VP {
		t.Errorf("seat %d's ending %+v, want %+v", a, got, pl.Endings[0][0])
	}
	if got := s.Story.Endings[b]; len(got) != 1 || got[0].Ending != Plots[got[0].Plot].Endings[1][1].Title {
		t.Errorf("seat %d's ending %+v", b, got)
	}
	// AN-BAG-08: the new week's plot starts.
	if ps := s.Story.Plots[a]; ps.Card != CardStart || ps.Title != s.Dets[a].Plot || ps.Title == s.Story.Endings[a][0].Plot {
		t.Errorf("week two plot %+v", ps)
	}
	endTurns(t, s, Days+1)
	if !s.Over {
		t.Fatal("not over")
	}
	for i := range s.Dets {
		want := 0
		for _, e := range s.Story.Endings[i] {
			want += e.VP
		}
		if s.Close.Story[i].Plots != want || len(s.Story.Endings[i]) != 2-b2i(s.twoWeek(i)) {
			t.Errorf("seat %d: plot VP %d, want %d (%d endings)", i, s.Close.Story[i].Plots, want, len(s.Story.Endings[i]))
		}
	}
}

// TestRaymondTwoWeekPlot (AN-PLOT-02): Raymond's plot resolves its start
// card only at the end of week 1 and its crossroads card at the end of
// week 2; it is not replaced in week two.
func TestRaymondTwoWeekPlot(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		s := quiet(newS(t, 5, seed, "1"))
		ray := -1
		for i := range s.Dets {
			if s.twoWeek(i) {
				ray = i
			}
		}
		if ray < 0 {
			continue
		}
		title := s.Story.Plots[ray].Title
		endTurns(t, s, 4)
		if s.Story.Plots[ray].Card != CardStart {
			t.Fatal("Raymond's plot resolved at the end of day 3")
		}
		endTurns(t, s, 7)
		if ps := s.Story.Plots[ray]; ps.Card != CardCrossroads || ps.Title != title || len(s.Story.Endings[ray]) != 0 {
			t.Fatalf("Raymond after week 1: %+v", ps)
		}
		endTurns(t, s, 10)
		if s.Story.Plots[ray].Card != CardCrossroads {
			t.Fatal("Raymond's crossroads resolved at the end of week 2 day 3")
		}
		endTurns(t, s, Days+1)
		if len(s.Story.Endings[ray]) != 1 || s.Story.Endings[ray][0].Plot != title {
			t.Fatalf("Raymond's endings %+v", s.Story.Endings[ray])
		}
		return
	}
	t.Fatal("no game with Raymond")
}

// TestConditionalBaggage (AN-CBAG-02…05): conditional baggage is read on
// the plot card in play: listed as good it gives that much good baggage,
// as bad that much bad, in neither section nothing.
func TestConditionalBaggage(t *testing.T) {
	s := newS(t, 3, 2, "1")
	c, _ := s.plotCard(0)
	var r engine.Result
	if got := s.gainConditional(0, c.Good[0], 2, &r); got != 2 || s.Story.Plots[0].Good != 2 {
		t.Errorf("good %s: %d", c.Good[0], got)
	}
	if got := s.gainConditional(0, c.Bad[0], 1, &r); got != -1 || s.Story.Plots[0].Bad != 1 {
		t.Errorf("bad %s: %d", c.Bad[0], got)
	}
	for _, word := range ConditionalWords {
		if !slices.Contains(c.Good, word) && !slices.Contains(c.Bad, word) {
			if got := s.gainConditional(0, word, 3, &r); got != 0 || s.Story.Plots[0].Good != 2 || s.Story.Plots[0].Bad != 1 {
				t.Errorf("unlisted %s gave %d", word, got)
			}
		}
	}
	s.Story.BaggageSupply = 1
	if got := s.gainBaggage(0, true, 3, &r); got != 1 || s.Story.BaggageSupply != 0 {
		t.Errorf("baggage beyond the supply: %d", got)
	}
}

// TestCastleClub (AN-ABIL-01, AN-BAG-02/03): the Castle Club's ability
// puts one good or bad baggage on any detective's plot for 1 Time, once a
// round.
func TestCastleClub(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := s.active()
	place(t, s, "castle-club", 6)
	o := otherSeat(s, seat)
	m := "use castle-club good baggage on " + s.Dets[o].Def().Slug
	if !has(s, seat, m) || !strings.Contains(refusal(s, seat, "use castle-club"), "good baggage on") {
		t.Fatalf("castle club: %v / %q", legal(s, seat), refusal(s, seat, "use castle-club"))
	}
	apply(t, s, seat, m)
	if s.Story.Plots[o].Good != 1 || s.Time != 5 {
		t.Errorf("plot %+v, Time %d", s.Story.Plots[o], s.Time)
	}
	if has(s, seat, "use castle-club bad baggage on "+s.Dets[seat].Def().Slug) {
		t.Error("the Castle Club used twice in a round")
	}
}

// TestStartPlot: the hook for a hero effect puts a plot's start card in
// play, the old card's baggage back in the supply.
func TestStartPlot(t *testing.T) {
	s := newS(t, 3, 2, "1")
	var r engine.Result
	s.gainBaggage(1, true, 2, &r)
	s.startPlot(1, "Descent into Madness", &r)
	if ps := s.Story.Plots[1]; ps.Title != "Descent into Madness" || ps.Card != CardStart || ps.Good != 0 || s.Story.BaggageSupply != BaggageTokens || s.Dets[1].Plot != ps.Title {
		t.Errorf("plot %+v, supply %d", ps, s.Story.BaggageSupply)
	}
}
