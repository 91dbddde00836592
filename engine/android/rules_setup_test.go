package android

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestSetupMurderSheet (AN-SETUP-01…05): murder=1|2|3 takes that sheet,
// random draws one by the seed; the scene, Lily and Jimmy are on the
// sheet's week-one locations; the day marker is on day 1 of week 1.
func TestSetupMurderSheet(t *testing.T) {
	for m := 1; m <= 3; m++ {
		s := newS(t, 4, 1, fmt.Sprint(m))
		sheet := Murders[m-1]
		if s.Murder != m-1 || s.Scene != mustLoc(sheet.Scene) || s.Lily != mustLoc(sheet.Lily[0]) || s.Jimmy != mustLoc(sheet.Jimmy[0]) {
			t.Errorf("murder %d: %d scene %d lily %d jimmy %d", m, s.Murder, s.Scene, s.Lily, s.Jimmy)
		}
		if w, d := s.weekDay(); s.Day != 1 || w != 1 || d != 1 {
			t.Errorf("day %d", s.Day)
		}
	}
	drawn := map[int]bool{}
	for seed := uint64(0); seed < 30; seed++ {
		drawn[newS(t, 3, seed, "random").Murder] = true
	}
	if len(drawn) != 3 {
		t.Errorf("random murder sheets drawn: %v", drawn)
	}
	if _, err := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"murder": "4"}}); err == nil {
		t.Error("murder=4 accepted")
	}
}

// TestSetupSuspects (AN-SETUP-06…08, AN-SETUP-13): players + 1 suspects,
// from the top of the sheet in its order, each with its testimony lead on
// the sheet's location.
func TestSetupSuspects(t *testing.T) {
	for n := 3; n <= 5; n++ {
		for m := 1; m <= 3; m++ {
			s := newS(t, n, uint64(n+m), fmt.Sprint(m))
			sheet := Murders[m-1]
			if len(s.Suspects) != n+1 {
				t.Fatalf("%d players: %d suspects", n, len(s.Suspects))
			}
			for i, sus := range s.Suspects {
				if sus.Suspect != sheet.Order[i] || sus.Dead || sus.Hits != 0 {
					t.Errorf("suspect %d: %+v, want %d", i, sus, sheet.Order[i])
				}
				l := s.Leads[i]
				if l.Kind != Testimony || l.Of != Suspects[sheet.Order[i]].Slug || l.At != mustLoc(sheet.Testimony[i]) {
					t.Errorf("testimony lead %d: %+v", i, l)
				}
			}
		}
	}
}

// TestSetupDetectives (AN-SETUP-09…12, AN-SETUP-14): each seat gets a
// different detective at random, on its starting location, twilight
// marker on the centre, its hero markers and warrants, and its physical
// and document leads on their colour-matched locations.
func TestSetupDetectives(t *testing.T) {
	got := map[int]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		s := newS(t, 5, seed, "")
		seen := map[int]bool{}
		for _, d := range s.Dets {
			if seen[d.Detective] {
				t.Fatalf("seed %d: detective %d twice", seed, d.Detective)
			}
			seen[d.Detective] = true
			got[d.Detective*10+d.Seat] = true
			def := d.Def()
			// Caprice and Floyd start with a warrant (AN-HERO-01/03).
			if d.At != mustLoc(def.Start) || d.Twilight != 0 || len(d.Warrants) != len(heroWarrants[def.Slug]) {
				t.Errorf("%s: %+v", def.Name, d)
			}
			// Caprice's third marker is on her Sanity card (AN-HERO-02).
			if want := HeroMarkers - b2i(d.Seat == s.First) - b2i(def.Slug == "caprice"); d.Heroes != want {
				t.Errorf("%s: %d hero markers, want %d", def.Name, d.Heroes, want)
			}
			var phys, doc *Lead
			for i := range s.Leads {
				if s.Leads[i].Of == def.Slug {
					if s.Leads[i].Kind == Physical {
						phys = &s.Leads[i]
					} else {
						doc = &s.Leads[i]
					}
				}
			}
			if phys == nil || doc == nil || phys.At != mustLoc(def.Physical) || doc.At != mustLoc(def.Document) {
				t.Errorf("%s leads %v %v", def.Name, phys, doc)
			}
		}
	}
	if len(got) < 20 {
		t.Errorf("detectives are not dealt at random: %d seat/detective pairs in 20 deals", len(got))
	}
	if _, err := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"detectives": "draft"}}); err == nil {
		t.Error("detectives=draft accepted")
	}
	for _, n := range []int{2, 6} {
		if _, err := Game().New(engine.Setup{Players: n, Seed: 1}); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSetupPilesAndTokens (AN-SETUP-15…24): the evidence pile is every
// token, shuffled; the token piles hold their supplies (favors at their
// four locations, alibis, hits, trauma, dropship passes).
func TestSetupPilesAndTokens(t *testing.T) {
	a, b := newS(t, 3, 1, "1"), newS(t, 3, 2, "1")
	if len(a.EvidencePile) != len(EvidencePool) || slices.Equal(a.EvidencePile, b.EvidencePile) {
		t.Error("evidence pile not whole or not shuffled")
	}
	sorted := slices.Clone(a.EvidencePile)
	slices.Sort(sorted)
	for i, id := range sorted {
		if id != i {
			t.Fatalf("evidence pile %v", sorted)
		}
	}
	if AlibiTokens != 11 {
		t.Errorf("alibis %d, the FAQ gives 11", AlibiTokens)
	}
	sup := a.Supply
	for _, f := range FavorTypes {
		if sup.Favors[f] != FavorsPerType {
			t.Errorf("%s favors %d", f, sup.Favors[f])
		}
	}
	if sup.Alibis != AlibiTokens || sup.Hits != HitTokens || sup.Trauma != TraumaCounters || sup.Dropships != DropshipPasses-heroDropships(a) || sup.Haas != HaasTokens || sup.Jinteki != JintekiTokens {
		t.Errorf("supply %+v", sup)
	}
	if err := conserve(a); err != nil {
		t.Error(err)
	}
}

// TestSetupHunches (AN-SETUP-27…29): hunch cards only of suspects in play,
// two decks, one innocent and one guilty card dealt to each player,
// secret from the public and the other seats.
func TestSetupHunches(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		s := newS(t, 4, seed, "2")
		inPlay := map[string]bool{}
		for _, sus := range s.Suspects {
			inPlay[sus.Def().Slug] = true
		}
		inn := slices.Clone(s.InnocentDeck)
		gui := slices.Clone(s.GuiltyDeck)
		for _, d := range s.Dets {
			inn = append(inn, d.Innocent)
			gui = append(gui, d.Guilty)
		}
		for _, deck := range [][]string{inn, gui} {
			if len(deck) != len(s.Suspects) {
				t.Fatalf("deck of %d", len(deck))
			}
			seen := map[string]bool{}
			for _, c := range deck {
				if !inPlay[c] || seen[c] {
					t.Errorf("hunch card %q (in play %v)", c, inPlay)
				}
				seen[c] = true
			}
		}
		for _, viewer := range []engine.Viewer{engine.Public, 1} {
			v := s.View(viewer).(*View).State
			if d := v.Dets[0]; d.Innocent != "" || d.Guilty != "" {
				t.Errorf("viewer %d sees seat 0's hunches %q %q", viewer, d.Innocent, d.Guilty)
			}
			if len(v.InnocentDeck) != len(s.InnocentDeck) || v.InnocentDeck[0] != "" {
				t.Error("the undealt hunch cards show")
			}
		}
		if v := s.View(0).(*View).State; v.Dets[0].Guilty != s.Dets[0].Guilty || !strings.Contains(s.View(0).Text(), "Your hunches: "+suspectName(s.Dets[0].Guilty)) {
			t.Error("a seat does not see its own hunches")
		}
	}
}

// TestSetupPlots (AN-SETUP-30…32): each detective's week-one plot is one
// of its own plots drawn at random; Raymond draws from his two; Caprice
// never draws Descent into Madness.
func TestSetupPlots(t *testing.T) {
	drawn := map[string]map[string]bool{}
	for seed := uint64(0); seed < 60; seed++ {
		s := newS(t, 5, seed, "")
		for _, d := range s.Dets {
			def := d.Def()
			if !slices.Contains(def.Plots, d.Plot) {
				t.Fatalf("%s plot %q", def.Name, d.Plot)
			}
			if drawn[def.Slug] == nil {
				drawn[def.Slug] = map[string]bool{}
			}
			drawn[def.Slug][d.Plot] = true
		}
	}
	if drawn["caprice"]["Descent into Madness"] {
		t.Error("Caprice drew Descent into Madness")
	}
	if len(Detectives[4].Plots) != 2 || len(drawn["raymond"]) != 2 || len(drawn["caprice"]) != 2 || len(drawn["louis"]) != 3 {
		t.Errorf("plots drawn: %v", drawn)
	}
}

// TestSetupTwilightDecks (AN-SETUP-33…36): each detective's light and
// dark decks are shuffled; each player starts with two cards of his own
// light deck and one of the dark deck of the player on his left; the
// cards show to their holder only, the deck they came from to everyone.
func TestSetupTwilightDecks(t *testing.T) {
	s := newS(t, 3, 4, "")
	for _, d := range s.Dets {
		if len(d.Hand) != StartLight+StartDark {
			t.Fatalf("seat %d hand %v", d.Seat, d.Hand)
		}
		slug := d.Def().Slug
		left := s.Dets[s.left(d.Seat)].Def().Slug
		for i, c := range d.Hand {
			want, prefix := slug+" light", slug+"-l"
			if i >= StartLight {
				want, prefix = left+" dark", left+"-d"
			}
			if c.Deck != want || !strings.HasPrefix(c.Card, prefix) {
				t.Errorf("seat %d card %d: %+v, want from %s", d.Seat, i, c, want)
			}
		}
		if d.Light.Len() != len(deckIDs(slug, false))-StartLight {
			t.Errorf("light deck %d", d.Light.Len())
		}
		pub := s.View(engine.Public).(*View).State.Dets[d.Seat]
		if len(pub.Hand) != 3 || pub.Hand[0].Card != "" || pub.Hand[0].Deck == "" || len(pub.Light.Down) != len(d.Light.Down) || pub.Light.Down[0] != "" {
			t.Errorf("public view of seat %d's hand and deck: %+v", d.Seat, pub)
		}
	}
	if s.left(2) != 0 || s.right(0) != 2 {
		t.Error("left is the next seat clockwise, right the one before")
	}
	if slices.Equal(s.Dets[0].Light.Down, newS(t, 3, 5, "").Dets[0].Light.Down) {
		t.Error("decks not shuffled")
	}
}

// TestSetupFirstPlayer (AN-SETUP-40/41): a first player, drawn by the
// seed, has a hero marker on the scene of the crime and takes the time
// sheet: the first turn is his, with 6 Time.
func TestSetupFirstPlayer(t *testing.T) {
	firsts := map[int]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		s := newS(t, 3, seed, "")
		firsts[s.First] = true
		want := TimePerTurn
		if s.Dets[s.First].Louis != nil {
			// Louis starts in a Bad Mood (AN-HERO-07).
			want -= BadMoodTime
		}
		if s.SceneHero != s.First || s.active() != s.First || s.Time != want {
			t.Fatalf("seed %d: first %d scene hero %d active %d time %d", seed, s.First, s.SceneHero, s.active(), s.Time)
		}
		if tu := s.Turn(); len(tu.Seats) != 1 || int(tu.Seats[0]) != s.First {
			t.Fatalf("turn %+v", tu)
		}
	}
	if len(firsts) != 3 {
		t.Errorf("first players %v", firsts)
	}
}

// TestSetupDeterministic: the same seed deals the same game.
func TestSetupDeterministic(t *testing.T) {
	a, _ := newS(t, 5, 77, "").Marshal()
	b, _ := newS(t, 5, 77, "").Marshal()
	if string(a) != string(b) {
		t.Error("same seed, different deal")
	}
}

// TestDetectiveDraft (AN-SETUP-09 "selects"): with detectives=choose each
// seat in seat order takes a free detective, a taken one is refused with
// the free ones, and the deal then finishes as the same seed deals at
// random (murder, suspects, evidence pile and hunches alike).
func TestDetectiveDraft(t *testing.T) {
	st, err := Game().New(engine.Setup{Players: 3, Seed: 12, Options: map[string]string{"detectives": "choose", "murder": "2"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	random := newS(t, 3, 12, "2")
	if tu := s.Turn(); len(tu.Seats) != 1 || tu.Seats[0] != 0 || tu.Phase != PhaseSetup || !strings.Contains(tu.Prompt, "take rachel") {
		t.Fatalf("draft turn %+v", tu)
	}
	apply(t, s, 0, "take rachel")
	if msg := refusal(s, 1, "take rachel"); !strings.HasPrefix(msg, "Rachel Beckmann is taken; free: caprice, floyd, louis, raymond") {
		t.Errorf("taken: %q", msg)
	}
	if msg := refusal(s, 1, "take nobody"); !strings.HasPrefix(msg, "No such detective") {
		t.Errorf("unknown: %q", msg)
	}
	apply(t, s, 1, "take raymond")
	res := apply(t, s, 2, "take caprice")
	// Rachel's extra draws (AN-HERO-08) follow the draft, still in
	// setup: her last draw ends the phase (TestHeroRachelSetupDraws).
	if res.PhaseEnded() || s.Pending.Top().Kind != StepRachelDraw {
		t.Errorf("the draft's last pick ended %v before Rachel's draws", res.Ended)
	}
	if res := apply(t, s, 0, "draw light"); res.PhaseEnded() {
		t.Errorf("Rachel's first draw ended %v", res.Ended)
	}
	if res := apply(t, s, 0, "draw light"); !slices.Equal(res.Ended, []string{PhaseSetup}) {
		t.Errorf("Rachel's last draw ended %v, want the Setup phase", res.Ended)
	}
	if s.Dets[2].At != mustLoc("faculty-row") || len(s.Dets[2].Hand) != 3 || s.Pending.Top().Kind != StepTurn {
		t.Fatalf("after the draft: %+v", s.Dets[2])
	}
	if s.Dets[0].Guilty != random.Dets[0].Guilty || !slices.Equal(s.EvidencePile, random.EvidencePile[:len(s.EvidencePile)]) || len(s.EvidencePile) != len(random.EvidencePile) {
		t.Error("the draft changed the rest of the deal")
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
}
