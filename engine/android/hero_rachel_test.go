package android

import (
	"strings"
	"testing"

	"casefile/engine"
)

// money2 puts Rachel's marker on $2,000 before a card, so that each card's
// sum shows.
func money2(s *State, owner, payer int) { s.Dets[owner].Rachel.Money = 2 }

// TestRachelCards: an effect test for each of Rachel Beckmann's new cards
// (rachel-l07…l12, rachel-d07…d12), each played through the game's moves.
func TestRachelCards(t *testing.T) {
	m := func(s *State, o int) int { return s.Dets[o].Rachel.Money }
	cases := []heroCardCase{
		{"rachel-l07", "", money2, func(s *State, o, p int, _ string) string { return ok(m(s, o) == 4, "no $2,000 gained") }},
		{"rachel-l08", "", func(s *State, o, p int) { money2(s, o, p); faceDownOn(s, 0, 1, engine.Seat(s.left(o))) }, func(s *State, o, p int, _ string) string {
			return ok(m(s, o) == 1 && s.Suspects[0].Files[1][0].knows(engine.Seat(o)), "not paid or no peek")
		}},
		{"rachel-l09", "", money2, func(s *State, o, p int, _ string) string {
			return ok(m(s, o) == 0 && s.Dets[o].Dropships == 1, "not paid or no dropship pass")
		}},
		{"rachel-l10", "", money2, func(s *State, o, p int, _ string) string {
			return ok(m(s, o) == 1 && s.Story.Plots[o].Good == 1, "not paid or no good baggage")
		}},
		{"rachel-l11", "", money2, func(s *State, o, p int, _ string) string {
			return ok(m(s, o) == 3 && s.Suspects[0].Alibis == 1, "no alibi or no $1,000")
		}},
		{"rachel-l12", "", nil, func(s *State, o, p int, l string) string {
			return ok(strings.Contains(l, "looks at") && strings.Contains(l, "love"), "no look or no love baggage")
		}},
		{"rachel-d07", "", money2, func(s *State, o, p int, _ string) string { return ok(m(s, o) == 1, "no $1,000 lost") }},
		{"rachel-d08", "", money2, func(s *State, o, p int, _ string) string { return ok(m(s, o) == 0, "no $2,000 lost") }},
		{"rachel-d09", "", money2, func(s *State, o, p int, l string) string {
			return ok(m(s, o) == 1 && strings.Contains(l, "guilt"), "no $1,000 lost or no guilt baggage")
		}},
		{"rachel-d10", "", money2, func(s *State, o, p int, _ string) string { return ok(m(s, o) == 1, "no $1,000 lost") }},
		{"rachel-d11", "", money2, func(s *State, o, p int, l string) string {
			return ok(m(s, o) == 1 && strings.Contains(l, "loses 1 Time"), "no $1,000 or no Time lost")
		}},
		{"rachel-d12", "light tactics", money2, func(s *State, o, p int, _ string) string {
			return ok(m(s, o) == 0 && s.Dets[o].Trauma == 0, "light tactics: no $2,000 lost")
		}},
		{"rachel-d12", "dark tactics", money2, func(s *State, o, p int, _ string) string {
			return ok(m(s, o) == 2 && s.Dets[o].Trauma == 1, "dark tactics: no trauma, or money lost")
		}},
	}
	runHeroCards(t, cases, newIDs("rachel"))
}

// rachelDeal deals a 5-player game without answering Rachel's draws.
func rachelDeal(t *testing.T, seed uint64) (*State, int) {
	st, err := Game().New(engine.Setup{Players: 5, Seed: seed, Options: map[string]string{"murder": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	return s, seatOf(t, s, "rachel")
}

// TestHeroRachelSetupDraws (AN-HERO-08): at setup Rachel's seat, and only
// hers, owes two draws, each from her light deck or any other player's
// dark deck in any mix, so that she starts with 5 cards; her own dark
// deck is refused with the reason; the cards are secret and their decks
// public; the first turn starts once both are drawn; the bot draws
// legally and a stand-in's default draws light. After a draft, her last
// draw, not the draft's last pick, ends the Setup phase.
func TestHeroRachelSetupDraws(t *testing.T) {
	s, r := rachelDeal(t, 8)
	tu := s.Turn()
	if tu.Phase != PhaseSetup || len(tu.Seats) != 1 || int(tu.Seats[0]) != r || !strings.Contains(tu.Prompt, "draw dark from") {
		t.Fatalf("turn at setup: %+v", tu)
	}
	want := []string{"draw light"}
	for o := range s.Dets {
		if o != r {
			want = append(want, "draw dark from "+s.Dets[o].Def().Slug)
		}
	}
	if got := legal(s, r); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("legal %v, want %v", got, want)
	}
	if len(legal(s, s.left(r))) != 0 {
		t.Error("another seat has moves during Rachel's draws")
	}
	before, _ := s.Marshal()
	if msg := refusal(s, r, "draw dark from rachel"); !strings.Contains(msg, "own dark deck") {
		t.Errorf("own dark deck: %q", msg)
	}
	if after, _ := s.Marshal(); string(after) != string(before) {
		t.Error("a refusal changed the state")
	}
	floyd := s.Dets[seatOf(t, s, "floyd")].Def().Slug
	if res := apply(t, s, r, "draw dark from "+floyd); s.Turn().Phase != PhaseSetup || res.PhaseEnded() {
		t.Fatal("the setup ended after one draw")
	}
	if res := apply(t, s, r, "draw light"); res.PhaseEnded() {
		// A dealt game's setup is not a phase that ends (the start
		// posts its board); after a draft, her last draw ends it
		// (TestDetectiveDraft).
		t.Errorf("the last draw of a dealt game ended %v", res.Ended)
	}
	d := &s.Dets[r]
	if len(d.Hand) != StartLight+StartDark+RachelExtraDraws || d.Hand[3].Deck != "floyd dark" || d.Hand[4].Deck != "rachel light" {
		t.Fatalf("hand %+v", d.Hand)
	}
	pub := s.View(engine.Public).(*View).State.Dets[r]
	if pub.Hand[3].Card != "" || pub.Hand[3].Deck != "floyd dark" {
		t.Errorf("public view of her draws: %+v", pub.Hand)
	}
	if s.Pending.Top().Kind != StepTurn {
		t.Errorf("no first turn after the draws: %+v", s.Pending.Top())
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
	// The bot and a stand-in.
	s2, r2 := rachelDeal(t, 8)
	for s2.Pending.Top().Kind == StepRachelDraw {
		m := Game().Bot(s2.View(engine.Seat(r2)), legal(s2, r2), engine.NewRand(1))
		apply(t, s2, r2, m)
	}
	if len(s2.Dets[r2].Hand) != 5 {
		t.Errorf("bot's hand %v", s2.Dets[r2].Hand)
	}
	if s3, r3 := rachelDeal(t, 8); s3.Pending.Top().Default != "draw light" || s3.Pending.Top().Seats[0] != engine.Seat(r3) {
		t.Errorf("default %+v", s3.Pending.Top())
	}
}

// TestHeroRachelMoney (AN-HERO-09): her Money card is in play with the
// marker on $2,000, public; "hire cab" turns $1,000 into 1 Time once a
// turn; "sell street favor" turns a favor and 1 Time into $1,000; the
// track stops at $0 and MoneyMax; broke at the start of her turn she has
// BrokeTime less Time; refusals say why.
func TestHeroRachelMoney(t *testing.T) {
	s, o := heroTurn(t, "rachel")
	r := s.Dets[o].Rachel
	if r == nil || r.Money != MoneyStart || MoneyText(r.Money) != "$2,000" {
		t.Fatalf("Money at setup: %+v", r)
	}
	if pub := s.View(engine.Public).(*View).State.Dets[o].Rachel; pub == nil || pub.Money != 2 {
		t.Errorf("public view: %+v", pub)
	}
	if s.Time != TimePerTurn {
		t.Fatalf("Time %d", s.Time)
	}
	apply(t, s, o, "hire cab")
	if s.Time != TimePerTurn+CabTime || r.Money != 1 {
		t.Fatalf("cab: Time %d Money %d", s.Time, r.Money)
	}
	if msg := refusal(s, o, "hire cab"); !strings.Contains(msg, "once a turn") {
		t.Errorf("second cab: %q", msg)
	}
	if msg := refusal(s, o, "sell street favor"); !strings.Contains(msg, "no street favor") {
		t.Errorf("sell without a favor: %q", msg)
	}
	s.Dets[o].Favors["street"]++
	s.Supply.Favors["street"]--
	fresh(s)
	apply(t, s, o, "sell street favor")
	if r.Money != 2 || s.Time != TimePerTurn+CabTime-1 || s.Supply.Favors["street"] != FavorsPerType {
		t.Errorf("sold: Money %d Time %d supply %d", r.Money, s.Time, s.Supply.Favors["street"])
	}
	var res engine.Result
	s.addMoney(&s.Dets[o], 9, &res)
	if r.Money != MoneyMax {
		t.Errorf("track top: %d", r.Money)
	}
	s.addMoney(&s.Dets[o], -9, &res)
	if r.Money != 0 {
		t.Errorf("track bottom: %d", r.Money)
	}
	r.Cab = false
	fresh(s)
	if msg := refusal(s, o, "hire cab"); !strings.Contains(msg, "$0") {
		t.Errorf("broke cab: %q", msg)
	}
	if msg := refusal(s, s.left(o), "hire cab"); msg == "" {
		t.Error("another seat may hire Rachel's cab")
	}
	for i := 0; i < 5; i++ {
		apply(t, s, s.active(), "end turn")
		passWindows(t, s)
	}
	if s.active() != o || s.Time != TimePerTurn-BrokeTime {
		t.Errorf("broke turn: seat %d, %d Time", s.active(), s.Time)
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
}

// TestBotsUseLouisRachelHeroMoves: in bot-played 5-player games the bots
// call Sara, hire cabs and sell favors, each a legal move of their own
// view, and the games end and conserve every component (playBots).
func TestBotsUseLouisRachelHeroMoves(t *testing.T) {
	used := map[string]int{}
	for g := 0; g < 4; g++ {
		su := engine.Setup{Players: 5, Seed: uint64(5_500 + g)}
		playBotsWatched(t, su, 5000, func(top *Decision) func(string, engine.Result) {
			return func(m string, _ engine.Result) {
				for _, k := range []string{"call sara", "hire cab", "sell "} {
					if strings.HasPrefix(m, k) {
						used[k]++
					}
				}
			}
		})
	}
	t.Logf("hero moves in 4 bot games: %v", used)
	for _, k := range []string{"call sara", "hire cab"} {
		if used[k] == 0 {
			t.Errorf("the bots never %s", k)
		}
	}
}
