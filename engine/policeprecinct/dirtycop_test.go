package policeprecinct

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

// dirtyTable is one Dirty-Cop table: a player count and a traitor mode.
type dirtyTable struct {
	n    int
	mode string
}

func (tc dirtyTable) name() string { return fmt.Sprintf("players=%d traitors=%s", tc.n, tc.mode) }

// dirtyTables lists every table the variant allows: modes 1 and maybe at
// 3–6 players, modes 2 and maybe2 at 6.
func dirtyTables() []dirtyTable {
	var out []dirtyTable
	for n := 3; n <= 6; n++ {
		out = append(out, dirtyTable{n, "1"}, dirtyTable{n, "maybe"})
	}
	return append(out, dirtyTable{6, "2"}, dirtyTable{6, "maybe2"})
}

// dirtySetup is a Dirty-Cop setup; dirty, when set, fixes the Loyalty
// cards (1-based seats, or 0 for none).
func dirtySetup(n int, seed uint64, mode, dirty string) engine.Setup {
	o := map[string]string{"variant": "dirty-cop", "traitors": mode}
	if dirty != "" {
		o["dirty"] = dirty
	}
	return engine.Setup{Players: n, Seed: seed, Options: o}
}

// dirtyGame deals a Dirty-Cop game and chooses every car (marked).
func dirtyGame(t testing.TB, n int, seed uint64, mode, dirty string) *State {
	t.Helper()
	st, err := Game().New(dirtySetup(n, seed, mode, dirty))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for i := 0; i < n; i++ {
		apply(t, s, i, "car marked")
	}
	return s
}

// passHelp answers an open help window with pass for every seat asked.
func passHelp(t testing.TB, s *State) {
	t.Helper()
	for top := s.Pending.Top(); top != nil && top.Kind == HelpWindow; top = s.Pending.Top() {
		apply(t, s, int(s.Turn().Seats[0]), "pass")
	}
}

// invIDs are the Investigation cards of category cat that are (or are
// not) Evidence.
func invIDs(cat int, evidence bool) []int {
	var out []int
	for id, c := range InvestigationCards {
		if c.Cat == cat && c.Evidence == evidence {
			out = append(out, id)
		}
	}
	return out
}

// drawInvestigation has the active cop (Kinney: 3 cards) draw exactly
// cards from the Crime Scene stack of a clean board, and leaves the game
// at the secret filing step.
func drawInvestigation(t testing.TB, s *State, cards []int) *Cop {
	t.Helper()
	clearBoard(s)
	c := s.cop()
	c.Character = slices.IndexFunc(Characters, func(ch Character) bool { return ch.Power == PowerCommitted })
	for i := range s.Cops {
		if i != c.Seat {
			s.Cops[i].At = space(t, "g4")
		}
	}
	st := &s.Stacks[CatCrimeScene]
	st.Cards = slices.Clone(cards)
	atAction(t, s, SpaceName(Lot(st.Lot).Enter))
	apply(t, s, c.Seat, "investigate "+Categories[CatCrimeScene])
	apply(t, s, c.Seat, "draw")
	passHelp(t, s)
	if s.step() != StepFile {
		t.Fatalf("after the draw the cop should file in secret, at %q", s.step())
	}
	return c
}

// TestDirtyCopDeal (PP-DIRTY-01): the variant deals one Loyalty card per
// cop from the seed, with the mode's number of Dirty Cops ([P5]'s modes;
// in the maybe modes one card stays out), [P5]'s Dirty-Cop setup numbers,
// secret hands and Loyalty cards, and is a hidden-role game; tables the
// rules do not allow are refused with the reason.
func TestDirtyCopDeal(t *testing.T) {
	for _, tc := range dirtyTables() {
		for seed := uint64(1); seed <= 6; seed++ {
			st, err := Game().New(dirtySetup(tc.n, seed, tc.mode, ""))
			if err != nil {
				t.Fatalf("%s: %v", tc.name(), err)
			}
			s := st.(*State)
			dirty, extra := traitorCount(tc.mode)
			seen := 0
			for _, c := range s.Cops {
				if c.Loyalty == Dirty {
					seen++
				}
			}
			out := slices.Clone(s.LoyaltyOut)
			if len(out) != extra {
				t.Fatalf("%s: %d cards set aside, want %d", tc.name(), len(out), extra)
			}
			if slices.Contains(out, Dirty) {
				seen++
			}
			if seen != dirty {
				t.Fatalf("%s seed %d: %d Dirty Cop cards dealt or set aside, want %d", tc.name(), seed, seen, dirty)
			}
			row := DirtySetupTable[tc.n]
			if dirty == 2 {
				row = DirtySetupTable2[tc.n]
			}
			for _, c := range s.Cops {
				if len(c.Hand) != row.PoliceCards {
					t.Fatalf("%s: %d Police cards dealt, want %d [P5]", tc.name(), len(c.Hand), row.PoliceCards)
				}
				if len(c.KnownTo) != 1 || c.KnownTo[0] != engine.Seat(c.Seat) {
					t.Fatalf("%s: hands must be secret with a Dirty Cop: %v", tc.name(), c.KnownTo)
				}
			}
			if s.PatrolSupply != row.Patrol || row.Patrol < 4 || row.Patrol > 5 {
				t.Fatalf("%s: %d Patrol Officers, want %d [P5]", tc.name(), s.PatrolSupply, row.Patrol)
			}
			punks := s.Stockpile
			for _, p := range s.Punks {
				punks += p
			}
			if punks != row.Punks+SetupPunks || s.Day != SetupTable[tc.n].StartDay {
				t.Fatalf("%s: %d Punks on day %d", tc.name(), punks, s.Day)
			}
			pub := s.View(engine.Public).(*View).State
			for i, c := range pub.Cops {
				if c.Loyalty != "" {
					t.Fatalf("%s: the public sees seat %d's Loyalty card", tc.name(), i)
				}
				own := s.View(engine.Seat(i)).(*View).State
				if own.Cops[i].Loyalty != s.Cops[i].Loyalty {
					t.Fatalf("%s: seat %d does not see its own Loyalty card", tc.name(), i)
				}
				for j := range own.Cops {
					if j != i && own.Cops[j].Loyalty != "" {
						t.Fatalf("%s: seat %d sees seat %d's Loyalty card", tc.name(), i, j)
					}
				}
			}
			if len(pub.LoyaltyOut) != 0 && pub.LoyaltyOut[0] != "" {
				t.Fatalf("%s: the public sees the card set aside", tc.name())
			}
		}
	}
	g := Game()
	if !g.HiddenRoles(map[string]string{"variant": "dirty-cop"}) || g.HiddenRoles(map[string]string{}) {
		t.Fatal("HiddenRoles must be true for the variant only")
	}
	for _, bad := range []struct {
		n    int
		mode string
		want string
	}{
		{1, "1", "3–6 players"},
		{2, "1", "3–6 players"},
		{4, "2", "6 players only"},
		{5, "maybe2", "6 players only"},
		{4, "3", "not a mode"},
	} {
		_, err := g.New(dirtySetup(bad.n, 1, bad.mode, ""))
		msg, ok := engine.IsRejection(err)
		if !ok || !strings.Contains(msg, bad.want) {
			t.Errorf("players=%d traitors=%s: %v, want a refusal naming %q", bad.n, bad.mode, err, bad.want)
		}
	}
}

// TestFileAndBury (PP-EVID-03, PP-EVID-04): in a Dirty-Cop game every cop
// files the drawn cards in secret; a Dirty Cop may bury Evidence (back
// into the stack unrevealed) but still removes the one useless card, and
// may not bury without one. A loyal cop has only "file", and a try at
// burying is refused like any unknown move.
func TestFileAndBury(t *testing.T) {
	ev, useless := invIDs(CatCrimeScene, true), invIDs(CatCrimeScene, false)
	cases := []struct {
		name   string
		dirty  bool
		cards  []int
		move   string
		legal  []string
		placed int
		buried int
	}{
		{"PP-EVID-03 a Dirty Cop buries one of two Evidence", true, []int{ev[0], ev[1], useless[0]}, "bury 1", []string{"file", "bury 1", "bury 2"}, 1, 1},
		{"PP-EVID-03 a Dirty Cop buries all the Evidence", true, []int{ev[0], ev[1], useless[0]}, "bury 2", []string{"file", "bury 1", "bury 2"}, 0, 2},
		{"a Dirty Cop may file honestly", true, []int{ev[0], useless[0], useless[1]}, "file", []string{"file", "bury 1"}, 1, 0},
		{"PP-EVID-04 no burying without a useless card to show", true, []int{ev[0], ev[1], ev[2]}, "file", []string{"file"}, 3, 0},
		{"a loyal cop only files", false, []int{ev[0], ev[1], useless[0]}, "file", []string{"file"}, 2, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := dirtyGame(t, 4, 3, "1", "")
			active := s.active()
			for i := range s.Cops {
				s.Cops[i].Loyalty = Loyal
			}
			if tc.dirty {
				s.Cops[active].Loyalty = Dirty
			} else {
				s.Cops[(active+1)%4].Loyalty = Dirty
			}
			c := drawInvestigation(t, s, tc.cards)
			if got := legal(s, c.Seat); !slices.Equal(got, tc.legal) {
				t.Fatalf("legal %v, want %v", got, tc.legal)
			}
			// Refusals name no role-only move, and a try at burying
			// where it is not legal reads like any unknown move.
			junk := refusal(s, c.Seat, "xyzzy")
			if junk == "" || strings.Contains(junk, "bury") {
				t.Fatalf("a refusal names a role-only move: %q", junk)
			}
			if !slices.Contains(tc.legal, "bury 1") {
				if b := refusal(s, c.Seat, "bury 1"); strings.Replace(b, "bury 1", "xyzzy", 1) != junk {
					t.Fatalf("bury refused unlike any unknown move: %q vs %q", b, junk)
				}
			}
			removedBefore := len(s.InvRemoved)
			res := apply(t, s, c.Seat, tc.move)
			if !res.Secret {
				t.Fatal("filing is a secret choice for every cop")
			}
			if s.Board[CatCrimeScene] != tc.placed {
				t.Fatalf("%d Evidence on the Board, want %d", s.Board[CatCrimeScene], tc.placed)
			}
			if len(s.Buried) != tc.buried {
				t.Fatalf("%d cards recorded buried, want %d", len(s.Buried), tc.buried)
			}
			hasUseless := slices.ContainsFunc(tc.cards, func(id int) bool { return !InvestigationCards[id].Evidence })
			if hasUseless != (len(s.InvRemoved) == removedBefore+1) || hasUseless && InvestigationCards[s.InvRemoved[len(s.InvRemoved)-1]].Evidence {
				t.Fatalf("PP-EVID-04: exactly one useless card must leave the game: %v", s.InvRemoved[removedBefore:])
			}
			inStack := 0
			for _, id := range s.Stacks[CatCrimeScene].Cards {
				if InvestigationCards[id].Evidence {
					inStack++
				}
			}
			if inStack != tc.buried {
				t.Fatalf("PP-EVID-03: %d Evidence back in the stack, want the %d buried", inStack, tc.buried)
			}
			for _, l := range res.Public {
				if strings.Contains(strings.ToLower(l), "bur") {
					t.Fatalf("a public line tells of burying: %q", l)
				}
			}
		})
	}
}

// TestAccuse (PP-DIRTY-01): a right accusation shows the Dirty Cop, who
// loses every Donut while every other cop not exposed gains one; a wrong
// one shows a loyal card, costs the accuser every Donut and advances the
// Crime marker. One accusation per cop per game; a shown card cannot be
// accused again.
func TestAccuse(t *testing.T) {
	for _, right := range []bool{true, false} {
		s := dirtyGame(t, 4, 5, "1", "")
		accuser := s.active()
		target := (accuser + 1) % 4
		for i := range s.Cops {
			s.Cops[i].Loyalty = Loyal
			s.Cops[i].Donuts = 1
		}
		s.DonutSupply = DonutSupply - 4
		dirty := (accuser + 2) % 4
		if right {
			dirty = target
		}
		s.Cops[dirty].Loyalty = Dirty
		atAction(t, s, "g4")
		s.T.NoEvent = true // nothing but the accusation moves the Crime marker
		crime := s.Crime
		move := fmt.Sprintf("accuse %d", target+1)
		if !has(s, accuser, move) || has(s, accuser, fmt.Sprintf("accuse %d", accuser+1)) {
			t.Fatalf("accuse moves: %v", legal(s, accuser))
		}
		res := apply(t, s, accuser, move)
		if s.Cops[target].Shown != s.Cops[target].Loyalty || !contains(res.Public, s.Cops[target].Loyalty) {
			t.Fatalf("the accused's Loyalty card is shown publicly: %q %v", s.Cops[target].Shown, res.Public)
		}
		for i := range s.Cops {
			want := 1
			switch {
			case right && i == target:
				want = 0
			case right:
				want = 2
			case i == accuser:
				want = 0
			}
			if s.Cops[i].Donuts != want {
				t.Fatalf("right=%v: seat %d has %d Donuts, want %d", right, i, s.Cops[i].Donuts, want)
			}
		}
		if wantCrime := crime + map[bool]int{true: 0, false: 1}[right]; s.Crime != wantCrime {
			t.Fatalf("right=%v: Crime %d, want %d", right, s.Crime, wantCrime)
		}
		if !s.Cops[accuser].Accused {
			t.Fatal("the accusation is not recorded")
		}
		// Back at the accuser's action: no second accusation.
		s.Cur = slices.Index(s.Order, accuser)
		s.Pending.Items = nil
		s.Pending.Push(Decision{Kind: StepAction, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(accuser)}, Phase: PhaseAction})
		fresh(s)
		other := (accuser + 3) % 4
		if has(s, accuser, fmt.Sprintf("accuse %d", other+1)) || !strings.Contains(refusal(s, accuser, fmt.Sprintf("accuse %d", other+1)), "one accusation") {
			t.Fatalf("a second accusation: %q", refusal(s, accuser, fmt.Sprintf("accuse %d", other+1)))
		}
		s.Cur = slices.Index(s.Order, other)
		s.Pending.Items[0].Seats = []engine.Seat{engine.Seat(other)}
		if has(s, other, fmt.Sprintf("accuse %d", target+1)) {
			t.Fatal("a cop whose card is shown cannot be accused again")
		}
	}
}

// TestRevealAndExposedDirtyCop (PP-DIRTY-01): Reveal is the Dirty Cop's
// action for RevealCost Donuts, refused to a loyal cop and to a Dirty Cop
// without the Donuts in the same words; an exposed Dirty Cop then only
// stirs up Street Punks or draws a Police card, and never helps.
func TestRevealAndExposedDirtyCop(t *testing.T) {
	s := dirtyGame(t, 4, 7, "1", "")
	active := s.active()
	for i := range s.Cops {
		s.Cops[i].Loyalty = Loyal
	}
	s.Cops[active].Loyalty = Dirty
	c := atAction(t, s, "g4")
	c.Donuts, s.DonutSupply = 1, s.DonutSupply-1
	poor := refusal(s, active, "reveal")
	s.Cops[active].Loyalty = Loyal
	loyal := refusal(s, active, "reveal")
	if poor == "" || poor != loyal {
		t.Fatalf("refusals differ: %q vs %q", poor, loyal)
	}
	s.Cops[active].Loyalty = Dirty
	c.Donuts, s.DonutSupply = 2, s.DonutSupply-1
	if !has(s, active, "reveal") {
		t.Fatalf("reveal with %d Donuts: %v", c.Donuts, legal(s, active))
	}
	supply := s.DonutSupply
	res := apply(t, s, active, "reveal")
	if c.Shown != Dirty || c.Donuts != 0 || s.DonutSupply != supply+RevealCost || !contains(res.Public, "Dirty Cop") {
		t.Fatalf("reveal: shown %q, %d Donuts, %v", c.Shown, c.Donuts, res.Public)
	}
	// The exposed Dirty Cop's next action.
	s.Cur = slices.Index(s.Order, active)
	s.Pending.Items = nil
	s.Pending.Push(Decision{Kind: StepAction, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(active)}, Phase: PhaseAction})
	clearBoard(s)
	s.Punks[2] = 1
	s.Stockpile--
	c.At = badHood(3).Sides[0]
	fresh(s)
	got := legal(s, active)
	if slices.Contains(got, "arrest 3") || slices.ContainsFunc(got, func(m string) bool { return strings.HasPrefix(m, "accuse") }) || !slices.Contains(got, "stir up 3") {
		t.Fatalf("an exposed Dirty Cop's actions: %v", got)
	}
	if !strings.Contains(refusal(s, active, "arrest 3"), "exposed Dirty Cop") {
		t.Fatalf("refusal: %q", refusal(s, active, "arrest 3"))
	}
	stock := s.Stockpile
	s.T.NoEvent = true
	apply(t, s, active, "stir up 3")
	if s.Punks[2] != 2 || s.Stockpile != stock-1 {
		t.Fatalf("stir up: %v, stockpile %d", s.Punks, s.Stockpile)
	}
	// The exposed Dirty Cop is never asked to help.
	s.Cur = slices.Index(s.Order, (active+1)%4)
	s.Pending.Items = nil
	s.Pending.Push(Decision{Kind: StepAction, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat((active + 1) % 4)}, Phase: PhaseAction})
	s.T = TurnState{Event: -1}
	s.cop().At = badHood(3).Sides[0]
	fresh(s)
	apply(t, s, s.active(), "arrest 3")
	apply(t, s, s.active(), "roll")
	if tu := s.Turn(); tu.Kind != engine.Reaction || slices.Contains(tu.Seats, engine.Seat(active)) || len(tu.Seats) != 2 {
		t.Fatalf("help window %v: every other cop but the exposed one", tu.Seats)
	}
}

// TestDirtyCopWins (PP-DIRTY-01): the Dirty Cops win exactly when the good
// cops lose; Game over shows every Loyalty card, the one set aside and
// every buried card.
func TestDirtyCopWins(t *testing.T) {
	for _, tc := range []struct {
		mode, dirty string
		won         bool
		want        []engine.Seat
	}{
		{"1", "2", false, []engine.Seat{1}},
		{"1", "2", true, []engine.Seat{0, 2, 3}},
		{"maybe", "0", false, nil},
		{"maybe", "0", true, []engine.Seat{0, 1, 2, 3}},
	} {
		s := dirtyGame(t, 4, 9, tc.mode, tc.dirty)
		s.Buried = []Buried{{Seat: 1, Card: invIDs(CatBody, true)[0], Day: 9}}
		var res engine.Result
		if tc.won {
			s.win(&res, "test")
		} else {
			s.lose(&res, "test")
		}
		if got := s.Outcome().Winners; !slices.Equal(got, tc.want) {
			t.Fatalf("%+v: winners %v", tc, got)
		}
		all := strings.Join(res.Public, "\n")
		if !strings.Contains(all, "Loyalty cards:") || !strings.Contains(all, "buried a "+Categories[CatBody]) {
			t.Fatalf("Game over must show the Loyalty and buried cards: %s", all)
		}
		if tc.mode == "maybe" && !strings.Contains(all, "set aside unseen: dirty") {
			t.Fatalf("the card set aside is not shown: %s", all)
		}
		pub := s.View(engine.Public).(*View).State
		for i, c := range pub.Cops {
			if c.Shown != s.Cops[i].Loyalty {
				t.Fatalf("after Game over the public view shows seat %d as %q", i, c.Shown)
			}
		}
		if len(pub.BuriedShown) != 1 {
			t.Fatalf("the buried card is not in the public view: %+v", pub.BuriedShown)
		}
	}
}

// loyalMoves records a random Dirty-Cop game from setup a in which every
// seat plays only moves any cop in its place has (no role-only move) and
// accuses only seats loyal in both setups: the moves the table cannot
// tell apart.
func loyalMoves(t *testing.T, a engine.Setup, loyalInBoth func(seat int) bool, moveSeed uint64) []engine.LoggedMove {
	t.Helper()
	st, err := Game().New(a)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(moveSeed)
	var log []engine.LoggedMove
	for step := 0; s.Outcome() == nil && step < 20000; step++ {
		tu := s.Turn()
		seat := tu.Seats[r.Intn(len(tu.Seats))]
		var ok []string
		for _, m := range s.moves(int(seat)).Shared() {
			var n int
			if _, err := fmt.Sscanf(m, "accuse %d", &n); err == nil && !loyalInBoth(n-1) {
				continue
			}
			ok = append(ok, m)
		}
		m := ok[r.Intn(len(ok))]
		if moveSeed%2 == 0 {
			// Every other game follows the greedy test policy, which
			// investigates (and so files) far more than random play.
			if g := greedy(s, int(seat), ok); g != "" {
				m = g
			}
		}
		if step%50 == 7 {
			// Refused tries, alike for every seat: a role-only move by
			// a seat loyal in both setups, and junk.
			for i := 0; i < a.Players; i++ {
				if loyalInBoth(i) {
					log = append(log, engine.LoggedMove{Seat: engine.Seat(i), Text: "reveal"}, engine.LoggedMove{Seat: engine.Seat(i), Text: "bury 1"})
					break
				}
			}
			log = append(log, engine.LoggedMove{Seat: seat, Text: "xyzzy"})
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		log = append(log, engine.LoggedMove{Seat: seat, Text: m})
	}
	if s.Outcome() == nil {
		t.Fatal("the recorded game did not end")
	}
	return log
}

// TestDirtyRoleInvariance (PP-DIRTY-01, PP-EVID-03): every cop's turn
// looks the same from outside whoever holds a Dirty Cop card — prompts,
// move kinds, secret flags, public lines and views, private note counts,
// refusals, stand-in moves — over seeded random games of every table and
// traitor mode (the platform's enginetest.RoleInvariant).
func TestDirtyRoleInvariance(t *testing.T) {
	pairs := map[string][2]string{"1": {"1", "2"}, "maybe": {"0", "1"}, "2": {"1,2", "3,4"}, "maybe2": {"1", "2,3"}}
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for _, tc := range dirtyTables() {
		p := pairs[tc.mode]
		loyal := func(seat int) bool {
			for _, d := range p {
				if strings.Contains(","+d+",", fmt.Sprintf(",%d,", seat+1)) {
					return false
				}
			}
			return true
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			a := dirtySetup(tc.n, seed*31+uint64(tc.n), tc.mode, p[0])
			b := dirtySetup(tc.n, seed*31+uint64(tc.n), tc.mode, p[1])
			moves := loyalMoves(t, a, loyal, seed*100+(seed+1)%2)
			if err := enginetest.RoleInvariant(Game(), a, b, moves); err != nil {
				t.Fatalf("%s seed %d: %v", tc.name(), seed, err)
			}
		}
	}
}

// TestDirtySecrecy: in random Dirty-Cop games where Dirty Cops bury what
// they can, no public line and no public view carries a Loyalty card, the
// card set aside or a buried card before Game over (accusations and
// Reveal, which show a card by design, are left out).
func TestDirtySecrecy(t *testing.T) {
	for _, tc := range dirtyTables() {
		s := newDirtyState(t, dirtySetup(tc.n, uint64(tc.n)*13+uint64(len(tc.mode)), tc.mode, ""))
		r := engine.NewRand(uint64(tc.n))
		buried := 0
		for step := 0; s.Outcome() == nil; step++ {
			tu := s.Turn()
			seat := tu.Seats[r.Intn(len(tu.Seats))]
			ms := s.Legal(seat)
			m := ms[r.Intn(len(ms))]
			if g := greedy(s, int(seat), ms); g != "" && step%3 != 0 {
				m = g
			}
			if i := slices.IndexFunc(ms, func(m string) bool { return strings.HasPrefix(m, "bury") }); i >= 0 {
				m = ms[len(ms)-1] // bury every Evidence the rules allow
				buried++
			}
			for strings.HasPrefix(m, "accuse") || m == "reveal" {
				m = ms[r.Intn(len(ms))]
			}
			res, err := s.Apply(seat, m)
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome() != nil {
				break
			}
			for _, l := range res.Public {
				low := strings.ToLower(l)
				if strings.Contains(low, "loyal") || strings.Contains(low, "dirty") || strings.Contains(low, "bur") {
					t.Fatalf("%s: public line %q", tc.name(), l)
				}
			}
			if res.Secret != (m == "file" || strings.HasPrefix(m, "bury") || strings.HasSuffix(m, " order")) {
				t.Fatalf("%s: %q secret=%v", tc.name(), m, res.Secret)
			}
			data, _ := json.Marshal(s.View(engine.Public))
			for _, key := range []string{`"loyalty":"`, `"buried":[{`, `"loyalty_out":["`, `"shown":"`} {
				if strings.Contains(string(data), key) {
					t.Fatalf("%s: the public view carries %s", tc.name(), key)
				}
			}
		}
		t.Logf("%s: %d burials", tc.name(), buried)
	}
}

func newDirtyState(t testing.TB, su engine.Setup) *State {
	t.Helper()
	st, err := Game().New(su)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// TestTipOff: the tip-off Police card [P9], in Dirty-Cop decks only,
// shows its player the top two Event cards in a private note and lets
// them keep or swap the order in a secret choice; the public learns
// neither the cards nor the order, and the turn resumes where it was.
func TestTipOff(t *testing.T) {
	k, _ := policeCardByName("tip-off")
	coop := newS(t, 3, 1)
	if slices.ContainsFunc(coop.PoliceDeck, func(id int) bool { return policeDeckKinds[id] == k }) {
		t.Fatal("the co-operative deck holds no tip-off")
	}
	for _, swap := range []bool{false, true} {
		s := dirtyGame(t, 4, 11, "1", "")
		c := atAction(t, s, "g4")
		// Take a tip-off from wherever it is (hands are large here).
		for i := range s.Cops {
			s.Cops[i].Hand = slices.DeleteFunc(s.Cops[i].Hand, func(id int) bool {
				if policeDeckKinds[id] == k {
					s.PoliceDeck = append(s.PoliceDeck, id)
					return true
				}
				return false
			})
			s.Cops[i].Fresh = nil
		}
		c.Hand = append(c.Hand, cardOf(t, s, "tip-off"))
		top := slices.Clone(s.EventDeck[:2])
		res := apply(t, s, c.Seat, "play tip-off")
		note := strings.Join(res.Private[engine.Seat(c.Seat)], " ")
		if !strings.Contains(note, EventDeck[top[0]].Name) || !strings.Contains(note, EventDeck[top[1]].Name) {
			t.Fatalf("the private note does not show the two cards: %q", note)
		}
		if s.Turn().Prompt != "put the two Event cards you saw back: keep order or swap order" || s.Turn().OnTimeout != "keep order" {
			t.Fatalf("turn %+v", s.Turn())
		}
		move := "keep order"
		if swap {
			move = "swap order"
			top[0], top[1] = top[1], top[0]
		}
		res = apply(t, s, c.Seat, move)
		if !res.Secret || !slices.Equal(s.EventDeck[:2], top) {
			t.Fatalf("%s: secret=%v deck top %v, want %v", move, res.Secret, s.EventDeck[:2], top)
		}
		if s.step() != StepAction || s.Pending.Top().Kind != StepAction {
			t.Fatalf("the turn should resume at its action, at %q", s.step())
		}
	}
}

// TestGreedyDirtyGames gives first figures for the variant: whole games
// with every seat on the greedy test policy, a Dirty Cop either filing
// honestly or burying every Evidence he may. Games finish and conserve
// every component; the logged win rates show what burying costs the good
// cops (figures, not assertions: nothing is tuned yet).
func TestGreedyDirtyGames(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	for _, tc := range dirtyTables() {
		if tc.mode != "1" {
			continue
		}
		for _, buries := range []bool{false, true} {
			won, buried := 0, 0
			for g := 0; g < games; g++ {
				s := newDirtyState(t, dirtySetup(tc.n, uint64(tc.n*50000+g), tc.mode, ""))
				for i := 0; s.Outcome() == nil; i++ {
					if i > 20000 {
						t.Fatalf("%s: no end", tc.name())
					}
					if err := conserve(s); err != nil {
						t.Fatalf("%s game %d: %v", tc.name(), g, err)
					}
					seat := int(s.Turn().Seats[0])
					ms := legal(s, seat)
					m := greedy(s, seat, ms)
					if m == "" {
						m = ms[0]
					}
					if buries && s.step() == StepFile && seat == s.active() && strings.HasPrefix(ms[len(ms)-1], "bury") {
						m = ms[len(ms)-1]
					}
					apply(t, s, seat, m)
				}
				buried += len(s.Buried)
				if s.Won {
					won++
				}
			}
			t.Logf("%s, Dirty Cop buries=%v: loyal cops won %d of %d (%d Evidence buried)", tc.name(), buries, won, games, buried)
		}
	}
}
