package policeprecinct

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// charWith is the index of the character carrying power p.
func charWith(t testing.TB, p Power) int {
	t.Helper()
	i := slices.IndexFunc(Characters, func(ch Character) bool { return ch.Has(p) })
	if i < 0 {
		t.Fatalf("no character has %s", p)
	}
	return i
}

// TestCharacterPowers: the 8 characters carry 13 distinct powers, as the
// first edition did [P10]: five of them two, each with its own text.
func TestCharacterPowers(t *testing.T) {
	seen := map[Power]bool{}
	two := 0
	for _, ch := range Characters {
		for _, p := range []struct {
			power Power
			text  string
		}{{ch.Power, ch.Ability}, {ch.Second, ch.SecondAbility}} {
			if p.power == "" {
				if p.text != "" {
					t.Errorf("%s: a text without a power: %q", ch.Name, p.text)
				}
				continue
			}
			if seen[p.power] {
				t.Errorf("%s: power %s twice", ch.Name, p.power)
			}
			seen[p.power] = true
			if !strings.HasPrefix(strings.ToLower(p.text), string(p.power)+":") {
				t.Errorf("%s: the text of %s does not name it: %q", ch.Name, p.power, p.text)
			}
		}
		if ch.Second != "" {
			two++
		}
		if ch.Has("") {
			t.Errorf("%s: Has(\"\") must be false", ch.Name)
		}
	}
	if len(Characters) != 8 || len(seen) != 13 || two != 5 {
		t.Errorf("characters %d, powers %d, with two powers %d; want 8, 13, 5", len(Characters), len(seen), two)
	}
}

// TestPowerHunch: Kinney's roll of all failures gets one die rolled
// again, once; a roll with a success, or another character's, does not.
func TestPowerHunch(t *testing.T) {
	kinney := charWith(t, PowerHunch)
	quinn := charWith(t, PowerLeadFoot)
	for _, tc := range []struct {
		name    string
		char    int
		first   int // the first die; every other die of the roll is a 1
		again   int // the next die in line, rolled only by a hunch
		handled bool
		hunch   bool
	}{
		{"all fail, the hunch succeeds", kinney, 1, 6, true, true},
		{"all fail, the hunch fails too", kinney, 1, 1, false, true},
		{"one success, no hunch", kinney, 5, 6, true, false},
		{"all fail, no Hunch power", quinn, 1, 6, false, false},
	} {
		t.Run("arrest "+tc.name, func(t *testing.T) {
			s, c, _ := atHood1(t, 2) // CP 2
			c.Character = tc.char
			apply(t, s, c.Seat, "arrest 1")
			n := s.arrestDice(0)
			s.rigged = append(rolled(tc.first, n), tc.again)
			res := apply(t, s, c.Seat, "roll")
			if hurt := c.At == hospitalSpace(); hurt == tc.handled {
				t.Errorf("hospital %v, want %v: %v", hurt, !tc.handled, res.Public)
			}
			checkHunch(t, res.Public, tc.first, tc.again, n, tc.hunch)
		})
		t.Run("emergency "+tc.name, func(t *testing.T) {
			s, c, _ := atAct(t, "a2")
			c.Character = tc.char
			e := putEmergency(t, s, "blue", "domestic dispute", "apartment 1", ucNamed("false alarm")) // difficulty 3
			c.At = Lot("apartment 1").Sides[1]
			n := s.emergencyDice(e, 0)
			apply(t, s, c.Seat, "handle apartment 1")
			first := tc.first
			if first == 5 {
				first = 3 // a success against difficulty 3
			}
			s.rigged = append(rolled(first, n), tc.again)
			res := apply(t, s, c.Seat, "roll")
			if handled := s.emergencyAt("apartment 1") < 0; handled != tc.handled {
				t.Errorf("handled %v, want %v: %v", handled, tc.handled, res.Public)
			}
			checkHunch(t, res.Public, first, tc.again, n, tc.hunch)
		})
	}
}

// checkHunch checks the log of a roll of n dice starting with first:
// with a hunch, it says so and the roll counts again in place of first.
func checkHunch(t *testing.T, public []string, first, again, n int, hunch bool) {
	t.Helper()
	final := rolled(first, n)
	if hunch {
		final[0] = again
	}
	if said := contains(public, "(Hunch)"); said != hunch {
		t.Errorf("hunch said %v, want %v: %v", said, hunch, public)
	}
	if !contains(public, " against ") || !contains(public, ": "+diceText(final)) {
		t.Errorf("want the roll %s in %v", diceText(final), public)
	}
}

// rolled is a roll of n dice: first, then 1s.
func rolled(first, n int) []int {
	out := []int{first}
	for len(out) < n {
		out = append(out, 1)
	}
	return out
}

// TestPowerPartner: Brooks's first card in a help window counts one
// more symbol, her second does not; another helper's cards count their
// symbols only.
func TestPowerPartner(t *testing.T) {
	for _, tc := range []struct {
		name   string
		power  Power
		cards  []string
		helped int
	}{
		{"partner, one card", PowerPartner, []string{"backup"}, 3},
		{"partner, two cards", PowerPartner, []string{"backup", "k-9 unit"}, 4},
		{"no partner, one card", PowerBeatCop, []string{"backup"}, 2},
		{"no partner, two cards", PowerBeatCop, []string{"backup", "k-9 unit"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c, other := atHood1(t, 4)
			other.Character = charWith(t, tc.power)
			for _, name := range tc.cards {
				other.Hand = append(other.Hand, cardOf(t, s, name))
			}
			apply(t, s, c.Seat, "arrest 1")
			apply(t, s, c.Seat, "roll")
			for _, name := range tc.cards {
				apply(t, s, other.Seat, "help with "+name)
			}
			if s.T.Helped != tc.helped {
				t.Errorf("helped %d, want %d", s.T.Helped, tc.helped)
			}
			if got := s.arrestDice(s.T.Helped); got != c.Char().Cuffs+tc.helped {
				t.Errorf("arrest dice %d, want %d", got, c.Char().Cuffs+tc.helped)
			}
		})
	}
}

// TestPowersHideLoyalty: in a Dirty-Cop game the automatic powers work
// the same for a Dirty Cop and a loyal cop, and the table reads the same
// lines either way, so a power shows nothing of a seat's Loyalty.
func TestPowersHideLoyalty(t *testing.T) {
	// The seats of the deal: the active cop and the next one.
	probe := dirtyGame(t, 4, 7, "1", "1")
	active := probe.active()
	helper := (active + 1) % 4
	bystander := (active + 2) % 4
	var logs [2][]string
	for i, dirty := range []int{helper, bystander} {
		s := dirtyGame(t, 4, 7, "1", itoa(dirty+1))
		clearBoard(s)
		for k := range s.Cops {
			s.PoliceDiscard = append(s.PoliceDiscard, s.Cops[k].Hand...)
			s.Cops[k].Hand, s.Cops[k].Fresh = nil, nil
		}
		c := s.cop()
		c.Character = charWith(t, PowerHunch)
		atAction(t, s, "a1")
		s.Punks[0], s.Stockpile = 2, s.Stockpile-2
		h := &s.Cops[helper]
		h.Character = charWith(t, PowerPartner)
		h.Hand = []int{cardOf(t, s, "backup")}
		apply(t, s, c.Seat, "arrest 1")
		apply(t, s, c.Seat, "roll")
		res := apply(t, s, helper, "help with backup")
		logs[i] = append(logs[i], res.Public...)
		if s.T.Helped != 3 {
			t.Errorf("dirty seat %d: Partner helped %d, want 3", dirty, s.T.Helped)
		}
		s.rigged = append(rolled(1, s.arrestDice(s.T.Helped)), 6)
		for top := s.Pending.Top(); top != nil && top.Kind == HelpWindow; top = s.Pending.Top() {
			res = apply(t, s, int(s.Turn().Seats[0]), "pass")
			logs[i] = append(logs[i], res.Public...)
		}
		if !contains(logs[i], "(Hunch)") || !contains(logs[i], "1 Street Punk of Bad Hood 1 arrested") {
			t.Errorf("dirty seat %d: Hunch did not take a Punk: %v", dirty, logs[i])
		}
	}
	if !slices.Equal(logs[0], logs[1]) {
		t.Errorf("the public lines differ by Loyalty:\n%v\n%v", logs[0], logs[1])
	}
}

// TestPowerStreetSmart: Okafor rolls one more arrest die in a Bad Hood
// with a Street Gang card; not without one, and not another character.
func TestPowerStreetSmart(t *testing.T) {
	for _, tc := range []struct {
		name  string
		power Power
		gang  bool
		extra int
	}{
		{"street smart, gang", PowerStreetSmart, true, 1},
		{"street smart, no gang", PowerStreetSmart, false, 0},
		{"lead foot, gang", PowerLeadFoot, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c, _ := atHood1(t, 4)
			apply(t, s, c.Seat, "arrest 1")
			base := s.arrestDice(0)
			c.Character = charWith(t, tc.power)
			base += c.Char().Cuffs - Characters[charWith(t, PowerLeadFoot)].Cuffs
			if tc.gang {
				s.Gangs[0] = true
				s.GangSupply--
			}
			if got := s.arrestDice(0); got != base+tc.extra {
				t.Errorf("arrest dice %d, want %d", got, base+tc.extra)
			}
			s.rigged = rolled(6, base+tc.extra)
			res := apply(t, s, c.Seat, "roll")
			if want := "rolls " + itoa(base+tc.extra) + " dice"; !contains(res.Public, want) {
				t.Errorf("want %q in %v", want, res.Public)
			}
		})
	}
}

// TestPowerDeskSergeant: Dunn keeps 8 Police cards at the end of his
// turn and discards down to 8, not 7; the others discard down to 7.
func TestPowerDeskSergeant(t *testing.T) {
	for _, tc := range []struct {
		name    string
		power   Power
		hand    int
		discard int
	}{
		{"desk sergeant, 8 cards", PowerDeskSergeant, 8, 0},
		{"desk sergeant, 9 cards", PowerDeskSergeant, 9, 1},
		{"lead foot, 7 cards", PowerLeadFoot, 7, 0},
		{"lead foot, 8 cards", PowerLeadFoot, 8, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c, _ := atAct(t, "c1")
			c.Character = charWith(t, tc.power)
			for len(c.Hand) < tc.hand {
				c.Hand = append(c.Hand, s.PoliceDeck[0])
				s.PoliceDeck = s.PoliceDeck[1:]
			}
			s.setStep(StepEnd)
			s.advance(&engine.Result{})
			for k := 0; k < tc.discard; k++ {
				if s.active() != c.Seat || s.step() != StepHand {
					t.Fatalf("discard %d: the turn passed with %d cards", k+1, len(c.Hand))
				}
				if want := "discard down to " + itoa(c.handLimit()); !strings.Contains(s.Turn().Prompt, want) {
					t.Errorf("prompt %q, want %q", s.Turn().Prompt, want)
				}
				apply(t, s, c.Seat, legal(s, c.Seat)[0])
			}
			if s.active() == c.Seat || len(c.Hand) != tc.hand-tc.discard {
				t.Errorf("active %d (cop %d), hand %d; want the turn passed with %d", s.active(), c.Seat, len(c.Hand), tc.hand-tc.discard)
			}
		})
	}
}

// TestPowerTriage: Park earns a Donut for each Emergency she handles;
// not when she fails, and no other character does.
func TestPowerTriage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		power  Power
		die    int
		donuts int
	}{
		{"triage, handled", PowerTriage, 6, 1},
		{"triage, failed", PowerTriage, 1, 0},
		{"lead foot, handled", PowerLeadFoot, 6, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c, _ := atAct(t, "a2")
			c.Character = charWith(t, tc.power)
			// Domestic dispute rewards a Police card and a false alarm
			// nothing, so any Donut comes from the power.
			e := putEmergency(t, s, "blue", "domestic dispute", "apartment 1", ucNamed("false alarm"))
			c.At = Lot("apartment 1").Sides[1]
			n := s.emergencyDice(e, 0)
			apply(t, s, c.Seat, "handle apartment 1")
			donuts, supply := c.Donuts, s.DonutSupply
			s.rigged = rolled(tc.die, n)
			res := apply(t, s, c.Seat, "roll")
			if c.Donuts-donuts != tc.donuts || supply-s.DonutSupply != tc.donuts {
				t.Errorf("donuts +%d, supply −%d; want %d: %v", c.Donuts-donuts, supply-s.DonutSupply, tc.donuts, res.Public)
			}
		})
	}
}

// TestFirstPowers: the first powers whose effect no rules test pins down
// by itself, each at its boundary against a character without it.
func TestFirstPowers(t *testing.T) {
	t.Run("early riser", func(t *testing.T) {
		// Every seat of a 6-player deal: only the Early Riser starts with
		// a Donut, taken from the supply.
		for seed := uint64(1); seed <= 8; seed++ {
			s := newS(t, 6, seed)
			total := 0
			for _, c := range s.Cops {
				want := btoi(c.Char().Has(PowerEarlyRiser))
				if c.Donuts != want {
					t.Errorf("seed %d: %s starts with %d Donuts, want %d", seed, c.Char().Name, c.Donuts, want)
				}
				total += c.Donuts
			}
			if total+s.DonutSupply != DonutSupply {
				t.Errorf("seed %d: Donuts %d + supply %d != %d", seed, total, s.DonutSupply, DonutSupply)
			}
		}
	})
	for _, tc := range []struct {
		power  Power
		marked bool
		spaces int
	}{{PowerLeadFoot, true, 4}, {PowerLeadFoot, false, 2}, {PowerBeatCop, true, 3}} {
		t.Run("lead foot: "+string(tc.power)+" "+carName(tc.marked), func(t *testing.T) {
			s := started(t, 3, 1)
			c := s.cop()
			c.Character = charWith(t, tc.power)
			c.Marked = tc.marked
			if got := s.moveAllowance(c); got != tc.spaces {
				t.Errorf("move allowance %d, want %d", got, tc.spaces)
			}
		})
	}
	for _, tc := range []struct {
		power  Power
		patrol int
	}{{PowerBeatCop, 2}, {PowerLeadFoot, 1}} {
		t.Run("beat cop: "+string(tc.power), func(t *testing.T) {
			s, c, _ := atHood1(t, 2)
			c.Character = charWith(t, tc.power)
			s.PatrolSupply--
			s.PatrolOn = map[string]int{"d1": 1}
			apply(t, s, c.Seat, "arrest 1")
			apply(t, s, c.Seat, "patrol d1")
			if s.T.Patrol != tc.patrol {
				t.Errorf("patrol dice %d, want %d", s.T.Patrol, tc.patrol)
			}
		})
	}
	for _, tc := range []struct {
		power Power
		drawn int
	}{{PowerPaperwork, 2}, {PowerLeadFoot, 1}} {
		t.Run("paperwork: "+string(tc.power), func(t *testing.T) {
			s, c, _ := atAct(t, "c1")
			c.Character = charWith(t, tc.power)
			topEvents(s, eventNamed(t, "quiet night"))
			apply(t, s, c.Seat, "draw police card")
			// The action's cards, then 1 in phase 3.
			if len(c.Hand) != tc.drawn+1 {
				t.Errorf("hand %d, want %d", len(c.Hand), tc.drawn+1)
			}
		})
	}
	for _, tc := range []struct {
		power Power
		name  string // an Emergency of printed difficulty 4, 5 or 6
		extra int
	}{
		{PowerMedic, "pile-up", 0},
		{PowerMedic, "warehouse fire", 1},
		{PowerMedic, "shooting", 1},
		{PowerLeadFoot, "shooting", 0},
	} {
		t.Run("medic: "+string(tc.power)+" "+tc.name, func(t *testing.T) {
			s, c, _ := atAct(t, "a2")
			e := putEmergency(t, s, "blue", tc.name, "apartment 1", -1)
			c.Character = charWith(t, tc.power)
			light := c.Char().Light
			if got := s.emergencyDice(e, 0); got != light+tc.extra {
				t.Errorf("dice %d, want %d", got, light+tc.extra)
			}
		})
	}
}

// TestDraft: with characters=choose every seat in seat order takes a free
// character before the car choice; a taken or unknown name is refused
// with the names still free; the Early Riser's Donut comes with her; the
// board is the one the same seed deals at random.
func TestDraft(t *testing.T) {
	keys := map[string]bool{}
	for i := range Characters {
		keys[CharacterKey(i)] = true
	}
	if len(keys) != len(Characters) || !keys["kinney"] {
		t.Fatalf("character keys %v", keys)
	}
	su := engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"characters": "choose"}}
	st, err := Game().New(su)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	random := newS(t, 3, 1)
	if !slices.Equal(s.Punks[:], random.Punks[:]) || !slices.Equal(s.PoliceDeck, random.PoliceDeck) || !slices.Equal(s.Order, random.Order) {
		t.Error("the draft changed the deal")
	}
	supply := s.DonutSupply
	for _, tc := range []struct {
		seat    int
		move    string
		refusal string // empty: legal
	}{
		{1, "take kinney", "It is not your turn"},
		{0, "take nobody", "No such character; free: kinney, hartley, vance, quinn, brooks, okafor, dunn, park"},
		{0, "take brooks", ""},
		{1, "take brooks", "Off. Lena Brooks is taken; free: kinney, hartley, vance, quinn, okafor, dunn, park"},
		{1, "take kinney", ""},
		{2, "take kinney", "Det. Joe Kinney is taken; free: hartley, vance, quinn, okafor, dunn, park"},
		{2, "take park", ""},
	} {
		tu := s.Turn()
		if tc.refusal != "" {
			msg := refusal(s, tc.seat, tc.move)
			if !strings.Contains(msg, tc.refusal) {
				t.Errorf("seat %d %q: refusal %q, want %q", tc.seat, tc.move, msg, tc.refusal)
			}
			continue
		}
		if tu.Kind != engine.Sequential || len(tu.Seats) != 1 || int(tu.Seats[0]) != tc.seat || !strings.HasPrefix(tu.Prompt, "take a character") {
			t.Fatalf("seat %d: turn %+v", tc.seat, tu)
		}
		if n := len(legal(s, tc.seat)); n != len(Characters)-tc.seat {
			t.Errorf("seat %d: %d legal picks, want %d", tc.seat, n, len(Characters)-tc.seat)
		}
		apply(t, s, tc.seat, tc.move)
	}
	for seat, want := range []string{"Off. Lena Brooks", "Det. Joe Kinney", "Off. Nia Park"} {
		if got := s.Cops[seat].Char().Name; got != want {
			t.Errorf("seat %d has %s, want %s", seat, got, want)
		}
	}
	if s.Cops[0].Donuts != 1 || s.Cops[1].Donuts != 0 || supply-s.DonutSupply != 1 {
		t.Errorf("Early Riser's Donut: donuts %d %d, supply −%d", s.Cops[0].Donuts, s.Cops[1].Donuts, supply-s.DonutSupply)
	}
	if tu := s.Turn(); tu.Kind != engine.Simultaneous || len(tu.Seats) != 3 || !has(s, 2, "car unmarked") {
		t.Errorf("after the draft the car choice: %+v", tu)
	}
	// Random characters (the default) ask nobody to pick.
	if tu := random.Turn(); has(random, 0, "take kinney") || tu.Kind != engine.Simultaneous {
		t.Errorf("characters=random: %+v", tu)
	}
}
