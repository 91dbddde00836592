package policeprecinct

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// playRandom plays one seeded random game to its end or to a named "not
// implemented yet" stop, checking at each step that the acting seat has
// legal moves and that every component is conserved.
func playRandom(t testing.TB, n int, seed uint64) (*State, []engine.LoggedMove) {
	return playRandomSetup(t, engine.Setup{Players: n, Seed: seed})
}

// playRandomSetup is playRandom for any setup (the Dirty Cop variant
// included: random moves then bury, accuse and reveal too).
func playRandomSetup(t testing.TB, su engine.Setup) (*State, []engine.LoggedMove) {
	t.Helper()
	n, seed := su.Players, su.Seed
	st, err := Game().New(su)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed*7919 + 17)
	var log []engine.LoggedMove
	for i := 0; ; i++ {
		if i > 20000 {
			t.Fatalf("players=%d seed=%d: no end after 20000 moves (%+v)", n, seed, s.Turn())
		}
		if err := conserve(s); err != nil {
			t.Fatalf("players=%d seed=%d move %d: %v", n, seed, i, err)
		}
		tu := s.Turn()
		if len(tu.Seats) == 0 {
			break
		}
		seat := tu.Seats[r.Intn(len(tu.Seats))]
		legal := s.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("players=%d seed=%d: seat %d asked (%s) has no legal move", n, seed, seat, tu.Prompt)
		}
		m := legal[r.Intn(len(legal))]
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("players=%d seed=%d: legal move %q rejected: %v", n, seed, m, err)
		}
		log = append(log, engine.LoggedMove{Seat: seat, Text: m})
	}
	if s.Outcome() == nil && s.Stopped == "" {
		t.Fatalf("players=%d seed=%d: nobody may act, no outcome and no named stop", n, seed)
	}
	return s, log
}

// policeCount is the number of Police cards in a game's deck.
func policeCount(dirtyCop bool) int {
	n := 0
	for _, k := range policeDeckKinds {
		if inDeck(k, dirtyCop) {
			n++
		}
	}
	return n
}

// conserve checks that no component was created or lost: Police cards,
// Event cards, UC markers, Investigation cards, Street Punks, Gang cards,
// Donuts, Upgrade tokens, Patrol Officers.
func conserve(s *State) error {
	count := func(what string, got, want int) error {
		if got != want {
			return errorf("%s: %d, want %d", what, got, want)
		}
		return nil
	}
	police := len(s.PoliceDeck) + len(s.PoliceDiscard)
	donuts := s.DonutSupply
	patrol := s.PatrolSupply + s.PatrolStation
	upgrades := 0
	for _, k := range UpgradeKinds {
		upgrades += s.UpgradeSupply[k]
	}
	for _, c := range s.Cops {
		police += len(c.Hand)
		donuts += c.Donuts
		patrol += c.Carrying
		upgrades += len(c.Upgrades)
	}
	for _, v := range s.PatrolOn {
		patrol += v
	}
	events := len(s.EventDeck) + len(s.EventDiscard) + len(s.Emergencies) + len(s.Specials)
	if s.T.Event >= 0 {
		events++
	}
	uc := len(s.UCPool) + len(s.UCDiscard)
	for _, e := range s.Emergencies {
		if e.HasUC {
			uc++
		}
	}
	inv := len(s.InvRemoved) + len(s.T.Drawn)
	for c, st := range s.Stacks {
		inv += len(st.Cards) + s.Board[c]
	}
	punks := s.Stockpile
	gangs := s.GangSupply
	for n := range s.Punks {
		punks += s.Punks[n]
		if s.Gangs[n] {
			gangs++
		}
	}
	for _, e := range []error{
		count("Police cards", police, policeCount(s.DirtyCop)),
		count("Event cards", events, len(EventDeck)),
		count("UC markers", uc, len(UCMarkers)),
		count("Investigation cards", inv, len(InvestigationCards)),
		count("Street Punks", punks, s.setupRow().Punks+SetupPunks),
		count("Street Gang cards", gangs, GangCards),
		count("Donuts", donuts, DonutSupply),
		count("Upgrade tokens", upgrades, UpgradesPerKind*len(UpgradeKinds)),
		count("Patrol Officers", patrol, s.setupRow().Patrol),
	} {
		if e != nil {
			return e
		}
	}
	urgent := 0
	for _, e := range s.Emergencies {
		if e.Urgent {
			urgent++
		}
	}
	if urgent > 1 {
		return errorf("%d Urgent markers (PP-EMERG-05)", urgent)
	}
	return nil
}

// TestRandomPlayouts plays seeded random games per player count 1–6: each
// finishes or stops at a named "not implemented yet" point; none panics,
// every component is conserved, and the game replays from seed and log.
func TestRandomPlayouts(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	for n := 1; n <= 6; n++ {
		stops := map[string]int{}
		won, lost := 0, 0
		for g := 0; g < games/6+1; g++ {
			seed := uint64(n*100000 + g)
			s, log := playRandom(t, n, seed)
			switch {
			case s.Stopped != "":
				stops[strings.SplitN(s.Stopped, " ", 3)[0]+" "+strings.SplitN(s.Stopped, " ", 3)[1]]++
			case s.Won:
				won++
			default:
				lost++
			}
			if g%5 == 0 {
				replayed, err := engine.Replay(Game(), engine.Setup{Players: n, Seed: seed}, log)
				if err != nil {
					t.Fatalf("players=%d seed=%d: %v", n, seed, err)
				}
				a, _ := s.Marshal()
				b, _ := replayed.Marshal()
				if !bytes.Equal(a, b) {
					t.Fatalf("players=%d seed=%d: replay differs", n, seed)
				}
			}
		}
		t.Logf("players=%d: won %d, lost %d, stopped %v", n, won, lost, stops)
	}
	// The Dirty Cop variant (PP-DIRTY-01, PP-EVID-03/04), every traitor
	// mode at 3–6 players: random moves include burying, accusing and
	// revealing; buried cards stay counted in their stacks.
	for _, tc := range dirtyTables() {
		buried, moves := 0, map[string]int{}
		for g := 0; g < games/20+1; g++ {
			su := dirtySetup(tc.n, uint64(tc.n*7000+g), tc.mode, "")
			s, log := playRandomSetup(t, su)
			if s.Outcome() == nil {
				t.Fatalf("%s seed=%d: the game did not end (%s)", tc.name(), su.Seed, s.Stopped)
			}
			buried += len(s.Buried)
			for _, m := range log {
				if f := strings.Fields(m.Text)[0]; f == "accuse" || f == "reveal" || f == "stir" || f == "bury" {
					moves[f]++
				}
			}
			if g%3 == 0 {
				replayed, err := engine.Replay(Game(), su, log)
				if err != nil {
					t.Fatalf("%s seed=%d: %v", tc.name(), su.Seed, err)
				}
				a, _ := s.Marshal()
				b, _ := replayed.Marshal()
				if !bytes.Equal(a, b) {
					t.Fatalf("%s seed=%d: replay differs", tc.name(), su.Seed)
				}
			}
		}
		t.Logf("%s: %d Evidence cards buried; moves played %v", tc.name(), buried, moves)
	}
	// characters=choose: the draft's random picks at every table, the
	// Dirty Cop variant included; each game replays from seed and log.
	drafted := 0
	defer func() { t.Logf("characters=choose: %d games drafted, ended and replayed", drafted) }()
	for n := 1; n <= 6; n++ {
		for g := 0; g < games/20+1; g++ {
			su := engine.Setup{Players: n, Seed: uint64(n*11000 + g), Options: map[string]string{"characters": "choose"}}
			if n >= 3 && g%2 == 1 {
				su = dirtySetup(n, su.Seed, "1", "")
				su.Options["characters"] = "choose"
			}
			s, log := playRandomSetup(t, su)
			if s.Outcome() == nil {
				t.Fatalf("choose players=%d seed=%d: the game did not end (%s)", n, su.Seed, s.Stopped)
			}
			if picks := slices.IndexFunc(log, func(m engine.LoggedMove) bool { return !strings.HasPrefix(m.Text, "take ") }); picks != n {
				t.Fatalf("choose players=%d seed=%d: %d picks before the first other move, want %d", n, su.Seed, picks, n)
			}
			replayed, err := engine.Replay(Game(), su, log)
			if err != nil {
				t.Fatalf("choose players=%d seed=%d: %v", n, su.Seed, err)
			}
			a, _ := s.Marshal()
			b, _ := replayed.Marshal()
			if !bytes.Equal(a, b) {
				t.Fatalf("choose players=%d seed=%d: replay differs", n, su.Seed)
			}
			drafted++
		}
	}
}

// TestDefaultsAreLegal: the move a stand-in or a closed window plays
// (the Turn's OnTimeout) is legal whenever a step names one; playing
// only defaults where possible still ends the game.
func TestDefaultsAreLegal(t *testing.T) {
	for n := 1; n <= 6; n++ {
		// The odd tables draft their characters, so that the draft's
		// default is checked too.
		su := engine.Setup{Players: n, Seed: uint64(n)}
		if n%2 == 1 {
			su.Options = map[string]string{"characters": "choose"}
		}
		st, _ := Game().New(su)
		s := st.(*State)
		for i := 0; s.Outcome() == nil; i++ {
			if i > 20000 {
				t.Fatalf("players=%d: no end", n)
			}
			tu := s.Turn()
			seat := tu.Seats[0]
			legal := s.Legal(seat)
			m := legal[0]
			if tu.OnTimeout != "" {
				mv, ok := engine.MatchLegal(legal, tu.OnTimeout)
				if !ok {
					t.Fatalf("players=%d: default %q not legal at %s: %v", n, tu.OnTimeout, tu.Phase, legal)
				}
				if ok {
					m = mv
				}
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
}
