package android

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestFloydSetup (AN-HERO-03, AN-HERO-04, AN-HERO-05): Floyd starts with
// one warrant on Haas-Bioroid, one Director Haas favor and his three
// Directive cards in play, all kept; the table sees them.
func TestFloydSetup(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		s := newS(t, 5, seed, "")
		d := &s.Dets[seatOf(t, s, "floyd")]
		if !slices.Equal(d.Warrants, []int{mustLoc("haas-bioroid")}) {
			t.Errorf("AN-HERO-03: warrants %v, want one on Haas-Bioroid", d.Warrants)
		}
		if d.Directives == nil || d.Directives.HaasFavor != 1 {
			t.Fatalf("AN-HERO-04: %+v, want one Director Haas favor", d.Directives)
		}
		if d.Directives.Broken != [3]bool{} || len(DirectiveNames) != 3 {
			t.Errorf("AN-HERO-05: Directives %+v, want three kept", d.Directives)
		}
		for _, o := range s.Dets {
			if o.Seat != d.Seat && o.Directives != nil {
				t.Errorf("%s has Directives", o.Def().Name)
			}
		}
		pub := s.View(engine.Public).(*View)
		if pd := pub.State.Dets[d.Seat].Directives; pd == nil || pd.HaasFavor != 1 ||
			!strings.Contains(pub.Text(), "Directives: I Protect the Public kept, II Obey Haas-Bioroid kept, III Uphold the Law kept; Director Haas favor 1") {
			t.Errorf("Directives not public: %s", pub.Text())
		}
	}
}

// TestDirectives: breaking a Directive gives Floyd a guilt baggage as his
// plot card reads it, a broken one stays broken, the third break gives
// him a trauma counter; mending mends the first broken Directive.
func TestDirectives(t *testing.T) {
	s := quiet(newS(t, 5, 3, "1"))
	f := seatOf(t, s, "floyd")
	d := &s.Dets[f]
	var r engine.Result
	s.startPlot(f, "The Three Directives", &r) // guilt is bad on its start card
	s.breakDirective(f, 2, &r)
	if d.Directives.Broken != [3]bool{false, true, false} || s.Story.Plots[f].Bad != 1 {
		t.Errorf("break II: %+v, plot %+v", d.Directives, s.Story.Plots[f])
	}
	s.breakDirective(f, 2, &r)
	if s.Story.Plots[f].Bad != 1 {
		t.Error("a broken Directive broke again")
	}
	s.breakDirective(f, 1, &r)
	if d.Trauma != 0 {
		t.Error("trauma before the third break")
	}
	s.breakDirective(f, 3, &r)
	if d.Directives.broken() != 3 || d.Trauma != 1 {
		t.Errorf("third break: %+v, trauma %d", d.Directives, d.Trauma)
	}
	s.mendDirective(f, &r)
	if d.Directives.Broken != [3]bool{false, true, true} {
		t.Errorf("mend: %+v", d.Directives)
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
	o := s.left(f)
	s.breakDirective(o, 1, &r)
	s.mendDirective(o, &r)
	if s.Dets[o].Directives != nil {
		t.Error("Directives for another detective")
	}
}

// TestDirectiveRefusals: a card whose Directive condition fails is
// refused through the moves with the reason, and nothing changes; it is
// offered once the condition holds.
func TestDirectiveRefusals(t *testing.T) {
	s := quiet(newS(t, 5, 3, "1"))
	f := seatOf(t, s, "floyd")
	for s.active() != f {
		apply(t, s, s.active(), "end turn")
	}
	emptyHands(s)
	d := &s.Dets[f]
	for _, id := range []string{"floyd-l07", "floyd-l10", "floyd-l11"} {
		give(s, f, id)
	}
	d.Directives.Broken[0] = true
	d.Directives.HaasFavor = 0
	fresh(s)
	lethal := "play floyd-l07 on " + s.Suspects[0].Def().Slug
	for _, tc := range []struct{ move, says string }{
		{lethal, "Directive I (Protect the Public)"},
		{"play floyd-l10", "Director Haas favor"},
	} {
		before, _ := s.Marshal()
		if msg := refusal(s, f, tc.move); !strings.Contains(msg, tc.says) {
			t.Errorf("%s: refusal %q, want it to name %q", tc.move, msg, tc.says)
		}
		if _, err := s.Apply(engine.Seat(f), tc.move); err == nil {
			t.Errorf("%s applied", tc.move)
		}
		if after, _ := s.Marshal(); string(after) != string(before) {
			t.Errorf("%s: a refused move changed the state", tc.move)
		}
	}
	if !has(s, f, "play floyd-l11") {
		t.Error("Father's Blessing not offered with a broken Directive")
	}
	d.Directives.Broken = [3]bool{}
	fresh(s)
	if msg := refusal(s, f, "play floyd-l11"); !strings.Contains(msg, "keeps all three") {
		t.Errorf("Father's Blessing with none broken: %q", msg)
	}
	if !has(s, f, lethal) {
		t.Error("Lethal Force not offered with Directive I kept")
	}
}

// TestHeroCardEffectsCapriceFloyd: each card issue 19 adds to Caprice's
// and Floyd's decks (and Clone Haters, which it changed) does what its
// text says, resolved on its target
// (the owner, active) by its player; both tactics of each Fight.
func TestHeroCardEffectsCapriceFloyd(t *testing.T) {
	type snap struct {
		time, sanity, broken, haas, hits, alibis, trauma, twilight, hand, good, bad, seen, faceUp int
	}
	take := func(s *State, p *Play) snap {
		d := &s.Dets[p.Target]
		n := snap{time: s.Time, trauma: d.Trauma, twilight: d.Twilight, hand: len(d.Hand), hits: s.Suspects[0].Hits, alibis: s.Suspects[0].Alibis}
		if d.Sanity != nil {
			n.sanity = d.Sanity.Mark
		}
		if d.Directives != nil {
			n.broken, n.haas = d.Directives.broken(), d.Directives.HaasFavor
		}
		ps := s.Story.Plots[p.Target]
		n.good, n.bad = ps.Good, ps.Bad
		for _, e := range s.Suspects[0].Files[1] {
			if e.knows(engine.Seat(p.Seat)) {
				n.seen++
			}
			if e.FaceUp() {
				n.faceUp++
			}
		}
		return n
	}
	// want is the change each card (or tactics) makes.
	want := map[string]snap{
		"caprice-l07":       {sanity: -1, twilight: 1, seen: 1, faceUp: 1}, // Shaken: a dark shift
		"caprice-l08":       {sanity: -1, twilight: 1, time: 3},
		"caprice-l09 light": {alibis: 1, time: -1},
		"caprice-l09 dark":  {sanity: -1, twilight: 1, hits: 1},
		"caprice-l10":       {sanity: 1, good: 1}, // duty is good on Sisters' Keeper's start card
		"caprice-l11":       {sanity: 1, trauma: -1},
		"caprice-l12":       {sanity: 2, hand: 1}, // Clear: a light card
		"caprice-d05 light": {time: -2},
		"caprice-d05 dark":  {sanity: -1, twilight: 1},
		"caprice-d07":       {sanity: -1, twilight: 1},
		"caprice-d08":       {sanity: -1, twilight: 1, time: -1},
		"caprice-d09":       {time: -2, bad: 1}, // greed is bad on Sisters' Keeper's start card
		"caprice-d10 light": {time: -1},
		"caprice-d10 dark":  {sanity: -1, twilight: 1},
		"caprice-d11":       {sanity: -1, twilight: 1},
		"caprice-d12":       {sanity: -1, twilight: 1, time: -1},
		"floyd-l07":         {broken: 1, hits: 1, good: 1}, // guilt is good on Father's Counsel's start card
		"floyd-l08":         {broken: 1, time: 3, good: 1},
		"floyd-l09":         {broken: 1, seen: 1, faceUp: 1, good: 1},
		"floyd-l10":         {haas: -1, broken: -1, time: 2},
		"floyd-l11":         {broken: -1, good: 1},
		"floyd-l12":         {alibis: 1, twilight: -1},
		"floyd-d07":         {broken: 1, good: 1},
		"floyd-d08":         {time: -2, good: 1},
		"floyd-d09":         {time: -1, broken: 1, good: 1},
		"floyd-d10 light":   {time: -2},
		"floyd-d10 dark":    {broken: 1, good: 1, twilight: 1},
		"floyd-d11":         {time: -1, bad: 1},
		"floyd-d12":         {hand: -2},
	}
	seen := map[string]bool{}
	for _, slug := range []string{"caprice", "floyd"} {
		for _, dark := range []bool{false, true} {
			ids := deckIDs(slug, dark)[DeckSize:]
			if slug == "caprice" && dark {
				// Clone Haters, a first-deck card whose dark tactics
				// issue 19 turned from trauma to Sanity.
				ids = append(ids, "caprice-d05")
			}
			for _, id := range ids {
				c := CardByID(id)
				parts := map[string][]Effect{id: c.Effects}
				if c.IsFight() {
					parts = map[string][]Effect{id + " light": c.LightTactics, id + " dark": c.DarkTactics}
				}
				for key, es := range parts {
					seen[key] = true
					s := quiet(newS(t, 5, 3, "1"))
					owner := seatOf(t, s, slug)
					for s.active() != owner {
						apply(t, s, s.active(), "end turn")
					}
					var r engine.Result
					plot := map[string]string{"caprice": "Sisters' Keeper", "floyd": "Father's Counsel"}[slug]
					s.startPlot(owner, plot, &r)
					d := &s.Dets[owner]
					// A trauma counter to give back, a broken Directive to
					// mend, a face-down token to see, two cards to lose.
					s.giveTrauma(owner, &r)
					if slug == "floyd" && (id == "floyd-l10" || id == "floyd-l11" || id == "floyd-d08") {
						d.Directives.Broken[1] = true
					}
					faceDownOn(s, 0, 1, engine.Seat((owner+s.NPlayers-1)%s.NPlayers))
					emptyHands(s)
					give(s, owner, deckIDs(slug, false)[0])
					give(s, owner, deckIDs(slug, false)[1])
					p := &Play{Seat: owner, Target: owner, On: s.Suspects[0].Def().Slug}
					if dark {
						p.Seat = s.left(owner)
					}
					if !c.Dark || !c.IsFight() {
						if cond := s.needs(c, &s.Dets[p.Seat], d); !cond.Holds() {
							t.Errorf("%s: condition fails in the test's setup: %v", key, cond)
						}
					}
					before := take(s, p)
					s.resolve(p, es, &r)
					after := take(s, p)
					diff := snap{after.time - before.time, after.sanity - before.sanity, after.broken - before.broken, after.haas - before.haas,
						after.hits - before.hits, after.alibis - before.alibis, after.trauma - before.trauma, after.twilight - before.twilight,
						after.hand - before.hand, after.good - before.good, after.bad - before.bad, after.seen - before.seen, after.faceUp - before.faceUp}
					if diff != want[key] {
						t.Errorf("%s (%s): changed %+v, want %+v", key, c.Text(), diff, want[key])
					}
					if err := conserve(s); err != nil {
						t.Errorf("%s: %v", key, err)
					}
				}
			}
		}
	}
	for key := range want {
		if !seen[key] {
			t.Errorf("%s: no such card", key)
		}
	}
	if len(seen) != len(want) {
		t.Error(fmt.Sprint("cards without an expected effect: ", len(seen)-len(want)))
	}
}
