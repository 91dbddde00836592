package android

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"casefile/engine"
)

// heroWarrants are the warrants each detective starts with (AN-HERO-01,
// AN-HERO-03); the others start with none.
var heroWarrants = map[string][]string{"caprice": {"jinteki"}, "floyd": {"haas-bioroid"}}

// heroOpTests name the test that asserts each hero effect op, for
// TestCardEffects' check that every op a card uses is tested.
var heroOpTests = map[Op]string{
	OpSanity:    "TestSanity",
	OpBreak:     "TestDirectives",
	OpMend:      "TestDirectives",
	OpSpendHaas: "TestHeroCardEffectsCapriceFloyd",
}

// heroMeetNeeds give a hero card's player or target what its condition
// asks (for TestEveryCardPlays).
var heroMeetNeeds = map[NeedKind]func(s *State, n Need, payer, target *Det){
	NeedKept:      func(s *State, n Need, _, target *Det) { target.Directives.Broken[n.N-1] = false },
	NeedBroken:    func(s *State, n Need, _, target *Det) { target.Directives.Broken[0] = true },
	NeedHaasFavor: func(s *State, n Need, _, target *Det) { target.Directives.HaasFavor = 1 },
}

// capriceGame is a 5-player game (every detective in play) with
// Caprice's seat.
func capriceGame(t *testing.T) (*State, int) {
	s := quiet(newS(t, 5, 3, "1"))
	return s, seatOf(t, s, "caprice")
}

// TestCapriceSetup (AN-HERO-01, AN-HERO-02): Caprice starts with one
// warrant on Jinteki and her Sanity card in play with one of her hero
// markers on +0;
// Descent into Madness is not in play.
func TestCapriceSetup(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		s := newS(t, 5, seed, "")
		d := &s.Dets[seatOf(t, s, "caprice")]
		if !slices.Equal(d.Warrants, []int{mustLoc("jinteki")}) {
			t.Errorf("AN-HERO-01: warrants %v, want one on Jinteki", d.Warrants)
		}
		if d.Sanity == nil || d.Sanity.Mark != 0 || d.Sanity.Descended || d.Heroes != HeroMarkers-1-b2i(d.Seat == s.First) {
			t.Errorf("AN-HERO-02: Sanity %+v, want the marker on +0", d.Sanity)
		}
		if d.Plot == DescentPlot {
			t.Error("Descent into Madness drawn at setup")
		}
		for _, o := range s.Dets {
			if o.Seat != d.Seat && o.Sanity != nil {
				t.Errorf("%s has a Sanity card", o.Def().Name)
			}
		}
		pub := s.View(engine.Public).(*View)
		if pub.State.Dets[d.Seat].Sanity == nil || !strings.Contains(pub.Text(), "Sanity Steady (+0") {
			t.Errorf("Sanity not public: %s", pub.Text())
		}
	}
}

// TestSanity: Caprice's Sanity marker moves one mark at a time between
// +2 and −2; Clear (+2) draws a light card, Shaken (−1) dark shifts 1,
// Breaking (−2) brings Descent into Madness into play once (her plot
// card's baggage back to the supply), a fall below −2 gives a trauma
// counter, and while Descent into Madness is in play each mark up is a
// good baggage on it and each mark down a bad one.
func TestSanity(t *testing.T) {
	s, c := capriceGame(t)
	d := &s.Dets[c]
	var r engine.Result
	emptyHands(s)
	s.moveSanity(c, 5, &r)
	if d.Sanity.Mark != SanityTop || len(d.Hand) != 1 {
		t.Errorf("up to Clear: mark %d, hand %d", d.Sanity.Mark, len(d.Hand))
	}
	s.moveSanity(c, -2, &r)
	if d.Sanity.Mark != 0 || d.Twilight != 0 {
		t.Errorf("down to Steady: %+v, twilight %d", d.Sanity, d.Twilight)
	}
	s.gainBaggage(c, true, 2, &r)
	old := d.Plot
	s.moveSanity(c, -1, &r)
	if d.Sanity.Mark != -1 || d.Twilight != 1 || s.Story.Plots[c].Title != old {
		t.Errorf("Shaken: %+v, twilight %d, plot %s", d.Sanity, d.Twilight, s.Story.Plots[c].Title)
	}
	s.moveSanity(c, -1, &r)
	ps := s.Story.Plots[c]
	if !d.Sanity.Descended || ps.Title != DescentPlot || ps.Card != CardStart || d.Plot != DescentPlot || ps.Good+ps.Bad != 0 || s.Story.BaggageSupply != BaggageTokens {
		t.Errorf("Breaking: %+v, plot %+v, supply %d", d.Sanity, ps, s.Story.BaggageSupply)
	}
	trauma := d.Trauma
	s.moveSanity(c, -1, &r)
	if d.Sanity.Mark != SanityBottom || d.Trauma != trauma+1 {
		t.Errorf("below Breaking: %+v, trauma %d", d.Sanity, d.Trauma)
	}
	s.moveSanity(c, 2, &r)
	s.moveSanity(c, -1, &r)
	if ps := s.Story.Plots[c]; ps.Good != 2 || ps.Bad != 1 {
		t.Errorf("Descent's baggage from Sanity: %+v", ps)
	}
	// Once a game: a second Breaking (and a fall below it) leaves the
	// plot as it is.
	s.moveSanity(c, -2, &r)
	if ps := s.Story.Plots[c]; ps.Title != DescentPlot || ps.Bad != 2 || d.Trauma != trauma+2 {
		t.Errorf("second Breaking: %+v", ps)
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
	// Another detective has no Sanity: nothing happens.
	o := s.left(c)
	s.moveSanity(o, -3, &r)
	if s.Dets[o].Sanity != nil || s.Dets[o].Trauma != 0 {
		t.Errorf("Sanity moved for %s", s.Dets[o].Def().Name)
	}
}

// TestDescentIntoMadness: Descent into Madness comes in only through
// Sanity, runs on into week two until it ends, and reaches each of its
// four endings by its baggage.
func TestDescentIntoMadness(t *testing.T) {
	for _, tc := range []struct {
		good   [2]bool
		ending string
	}{{[2]bool{true, true}, "Clear Sight"}, {[2]bool{true, false}, "Managed"}, {[2]bool{false, true}, "Hard-won Calm"}, {[2]bool{false, false}, "Broken Mirror"}} {
		s, c := capriceGame(t)
		var r engine.Result
		s.moveSanity(c, -2, &r)
		if !s.descentInPlay(c) {
			t.Fatal("Descent into Madness not in play")
		}
		for _, good := range tc.good {
			if good {
				s.gainBaggage(c, true, 1, &r)
			}
			s.resolvePlot(c, &r)
			if s.Story.Plots[c].Card == CardCrossroads && !s.descentGoesOn(c) {
				t.Error("Descent into Madness would be replaced in week two")
			}
		}
		got := s.Story.Endings[c]
		if len(got) != 1 || got[0].Plot != DescentPlot || got[0].Ending != tc.ending {
			t.Errorf("ending %+v, want %s", got, tc.ending)
		}
	}
	// Week two keeps it while a card is in play.
	s, c := capriceGame(t)
	var r engine.Result
	s.moveSanity(c, -2, &r)
	s.resolvePlot(c, &r)
	s.startWeekTwo(&r)
	if ps := s.Story.Plots[c]; ps.Title != DescentPlot || ps.Card != CardCrossroads || s.Dets[c].Plot != DescentPlot {
		t.Errorf("week two replaced Descent into Madness: %+v", ps)
	}
}

// TestDescentEndedInWeekOne: when Descent into Madness comes in and ends
// within week one, week two's plot is neither Descent nor the plot it
// replaced, both of which were in play that week (CONTENT.md §7.6).
func TestDescentEndedInWeekOne(t *testing.T) {
	for seed := uint64(0); seed < 12; seed++ {
		s := quiet(newS(t, 5, seed, "1"))
		c := seatOf(t, s, "caprice")
		first := s.Dets[c].Plot
		var r engine.Result
		s.moveSanity(c, -2, &r)
		s.resolvePlot(c, &r)
		s.resolvePlot(c, &r)
		if s.descentGoesOn(c) || len(s.Story.Endings[c]) != 1 {
			t.Fatalf("seed %d: Descent into Madness did not end: %+v", seed, s.Story.Plots[c])
		}
		s.startWeekTwo(&r)
		if got := s.Dets[c].Plot; got == DescentPlot || got == first {
			t.Errorf("seed %d: week two's plot %q; week one had %q, then Descent into Madness", seed, got, first)
		}
	}
}

// TestHeroNPCsCapriceFloyd (AN-HERO-16, Caprice's and Floyd's part):
// Caprice's NPCs are Chairman Hiro and The Sisters, Floyd's Director Haas
// and Father Michael Simmons.
func TestHeroNPCsCapriceFloyd(t *testing.T) {
	want := map[string][]string{"caprice": {"Chairman Hiro", "The Sisters"}, "floyd": {"Director Haas", "Father Michael Simmons"}}
	for slug, npcs := range want {
		i, _ := detectiveBySlug(slug)
		if !slices.Equal(Detectives[i].NPCs, npcs) {
			t.Errorf("AN-HERO-16: %s's NPCs %v, want %v", slug, Detectives[i].NPCs, npcs)
		}
	}
}

// TestDetectiveFigures logs, with AN_CF_GAMES set to a number of games
// per player count, each detective's share of wins and mean VP in bot
// games of 3–5 players (CONTENT.md §7.3). It asserts nothing: balance is
// measured, not tested.
func TestDetectiveFigures(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("AN_CF_GAMES"))
	if err != nil || n <= 0 {
		t.Skip("set AN_CF_GAMES to play bot games per player count")
	}
	for players := 3; players <= 5; players++ {
		games, wins, vp := map[string]int{}, map[string]float64{}, map[string]int{}
		for g := 0; g < n; g++ {
			s, _ := playBots(t, engine.Setup{Players: players, Seed: uint64(1000*players + g), Options: map[string]string{"murder": strconv.Itoa(1 + g%3)}})
			for i, d := range s.Dets {
				slug := d.Def().Slug
				games[slug]++
				vp[slug] += s.Close.Scores[i]
				if slices.Contains(s.Close.Winners, i) {
					wins[slug] += 1 / float64(len(s.Close.Winners))
				}
			}
		}
		var out []string
		for _, det := range Detectives {
			if k := games[det.Slug]; k > 0 {
				out = append(out, fmt.Sprintf("%s %d games, wins %.1f (%.0f%%), mean VP %.1f", det.Slug, k, wins[det.Slug], 100*wins[det.Slug]/float64(k), float64(vp[det.Slug])/float64(k)))
			}
		}
		t.Logf("%d players, %d games: %s", players, n, strings.Join(out, "; "))
	}
}
