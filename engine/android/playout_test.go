package android

import (
	"fmt"
	"slices"
	"testing"

	"casefile/engine"
)

// playRandom plays one seeded random game to the close, checking at each
// step that every component is conserved and that the acting seat has
// legal moves. Each watch function sees every move's result.
func playRandom(t testing.TB, su engine.Setup, watch ...func(engine.Result)) (*State, []engine.LoggedMove) {
	t.Helper()
	st, err := Game().New(su)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(su.Seed*7919 + 17)
	var log []engine.LoggedMove
	for i := 0; ; i++ {
		if i > 5000 {
			t.Fatalf("%+v: no end after 5000 moves (%+v)", su, s.Turn())
		}
		if err := conserve(s); err != nil {
			t.Fatalf("%+v move %d: %v", su, i, err)
		}
		tu := s.Turn()
		if len(tu.Seats) == 0 {
			break
		}
		seat := tu.Seats[r.Intn(len(tu.Seats))]
		legal := s.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("%+v: seat %d asked (%s) has no legal move", su, seat, tu.Prompt)
		}
		// A stand-in or a closed window plays the decision's default: it
		// must always be legal.
		if def := s.Pending.Top().Default; def != "" && !slices.Contains(legal, def) {
			t.Fatalf("%+v: default %q of %s is not legal: %v", su, def, s.Pending.Top().Kind, legal)
		}
		if sm := s.StandInMove(seat, r); !slices.Contains(legal, sm) {
			t.Fatalf("%+v: stand-in move %q is not legal", su, sm)
		}
		m := legal[r.Intn(len(legal))]
		res, err := s.Apply(seat, m)
		if err != nil {
			t.Fatalf("%+v: legal move %q rejected: %v", su, m, err)
		}
		for _, w := range watch {
			w(res)
		}
		log = append(log, engine.LoggedMove{Seat: seat, Text: m})
	}
	if s.Outcome() == nil {
		t.Fatalf("%+v: nobody may act and the case is not closed", su)
	}
	return s, log
}

// conserve checks that no component was created or lost: evidence tokens,
// twilight cards, hunch cards, favors, alibis, hits, trauma, dropship
// passes, Haas and Jinteki tokens, hero markers, leads.
func conserve(s *State) error {
	if len(s.Order) == 0 {
		// The detectives are being drafted: the deal is not finished.
		return nil
	}
	ev := len(s.EvidencePile)
	for _, sus := range s.Suspects {
		for _, f := range sus.Files {
			ev += len(f)
		}
	}
	cards, want := 0, 0
	favors := map[string]int{}
	for f, n := range s.Supply.Favors {
		favors[f] += n
	}
	alibis, hits, trauma, drop, haas, jin := s.Supply.Alibis, s.Supply.Hits, s.Supply.Trauma, s.Supply.Dropships, s.Supply.Haas, s.Supply.Jinteki
	heroes := 1 // the one on the scene of the crime
	for _, d := range s.Dets {
		ev += len(d.Holding)
		cards += len(d.Hand) + d.Light.Len() + d.Dark.Len()
		if d.Detective != NoDetective {
			want += deckLen(d.Def().Slug) * 2
		}
		for f, n := range d.Favors {
			favors[f] += n
		}
		trauma += d.Trauma
		drop += d.Dropships
		haas += d.Haas
		jin += d.Jinteki
		heroes += d.Heroes
		if d.Sanity != nil {
			heroes++ // on Caprice's Sanity card (AN-HERO-02)
		}
		if len(d.Warrants) > Warrants {
			return fmt.Errorf("seat %d has %d warrants in play", d.Seat, len(d.Warrants))
		}
	}
	for _, sus := range s.Suspects {
		alibis += sus.Alibis
		hits += sus.Hits
	}
	hunches := len(s.InnocentDeck) + len(s.GuiltyDeck) + 2*len(s.Dets)
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"evidence tokens", ev, len(EvidencePool)},
		{"twilight cards", cards, want},
		{"hunch cards", hunches, 2 * len(s.Suspects)},
		{"alibis", alibis, AlibiTokens},
		{"hits", hits, HitTokens},
		{"trauma", trauma, TraumaCounters},
		{"dropship passes", drop, DropshipPasses},
		{"Haas tokens", haas, HaasTokens},
		{"Jinteki tokens", jin, JintekiTokens},
		{"hero markers", heroes, HeroMarkers * s.NPlayers},
		{"leads", len(s.Leads), len(s.Suspects) + 2*s.NPlayers},
	} {
		if c.got != c.want {
			return fmt.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	for _, f := range FavorTypes {
		if favors[f] != FavorsPerType {
			return fmt.Errorf("%s favors: %d, want %d", f, favors[f], FavorsPerType)
		}
	}
	if err := conserveCards(s); err != nil {
		return err
	}
	return conserveStory(s)
}

// TestRandomPlayouts: seeded random games of every player count and murder
// sheet reach the close, never panic, conserve every component and replay
// from seed and log to the same state.
func TestRandomPlayouts(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 3
	}
	for n := 3; n <= 5; n++ {
		for m := 1; m <= 3; m++ {
			for g := 0; g < games; g++ {
				su := engine.Setup{Players: n, Seed: uint64(n*1000 + m*100 + g), Options: map[string]string{"murder": fmt.Sprint(m)}}
				if g%4 == 3 {
					su.Options["detectives"] = "choose"
				}
				s, log := playRandom(t, su)
				again, err := engine.Replay(Game(), su, log)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := s.Marshal()
				b, _ := again.Marshal()
				if string(a) != string(b) {
					t.Fatalf("%+v: replay differs", su)
				}
			}
		}
	}
}

// dealtCards is the number of twilight cards of the detectives in play:
// the size of each one's light and dark deck.
func dealtCards(s *State) int {
	n := 0
	for i := range s.Dets {
		if s.Dets[i].Detective != NoDetective {
			slug := s.Dets[i].Def().Slug
			n += len(deckIDs(slug, false)) + len(deckIDs(slug, true))
		}
	}
	return n
}
