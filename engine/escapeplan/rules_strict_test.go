package escapeplan

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

// Tests that pin outcomes earlier tests let drift (issue 13): each names
// the checklist items whose outcome it asserts.

func inspectorCard(kind, name string) int {
	for i, c := range InspectorDeck {
		if c.Kind == kind && c.Name == name {
			return i
		}
	}
	panic(name)
}

// sandraCity is a 2-player game on the standard test city with Sandra's
// Business, Safe House and Store targets in place and no task owed.
func sandraCity(t *testing.T) (*State, *Sandra) {
	s := newS(t, 2, 8)
	layout(s, standard)
	putBusiness(s, "casino", "a1")
	putSafeHouse(s, "loft", "a1")
	putBusiness(s, "bank", "b1")
	putBusiness(s, "pawnshop", "c1")
	clearTasks(s)
	for i := range s.Players {
		s.Players[i].At = hospLoc
	}
	return s, s.Sandra
}

// TestChangeOfRoundResetsRest (EP-CHANGE-01, EP-CHANGE-02): every Rest
// token is back on the Sun side after a Change of Round, and day 3 ends in
// End of Game scoring.
func TestChangeOfRoundResetsRest(t *testing.T) {
	s, _ := city3(t)
	dropTurn(s)
	for i := range s.Players {
		s.Players[i].Sun = false
	}
	s.Round = 1
	var res engine.Result
	s.changeOfRound(&res)
	for i, p := range s.Players {
		if !p.Sun {
			t.Errorf("seat %d: Rest token not reset", i)
		}
	}
	if s.Round != 2 || s.Phase != PhaseIncome {
		t.Errorf("after day 1: round %d phase %s", s.Round, s.Phase)
	}
	s.Round = 3
	s.changeOfRound(&res)
	if s.Phase != PhaseEnd {
		t.Errorf("after day 3: phase %s", s.Phase)
	}
}

// TestThresholdOnlyLowerPlayersMovePolice (EP-NOT-05, EP-NOT-06,
// EP-NOT-03): only players lower on the Notoriety track than the one who
// crossed move an officer toward it, not one level with it; the log names
// each threshold crossed, and cubes that fit in their boxes are recorded
// without a word.
func TestThresholdOnlyLowerPlayersMovePolice(t *testing.T) {
	s, p := city3(t)
	dropTurn(s)
	s.Order = []int{0, 1, 2}
	officer(s, "b1", "red")
	p.At = loc("store a")
	p.Notoriety, p.Red = 3, 4 // 3 → 7: thresholds 1 and 2
	s.Players[1].Notoriety = 7
	s.Players[2].Notoriety = 0
	var res engine.Result
	s.updateNotoriety(0, &res)
	var got []string
	for _, tk := range tasks(s) {
		got = append(got, fmt.Sprintf("%s %d", tk.Kind, tk.Seat))
	}
	if want := "police 2|unlock 0|police 2|unlock 0"; strings.Join(got, "|") != want {
		t.Errorf("tasks %s, want %s", strings.Join(got, "|"), want)
	}
	log := strings.Join(res.Public, "\n")
	for _, want := range []string{"crosses Notoriety threshold 1.", "crosses Notoriety threshold 2."} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	var quiet engine.Result
	s.addNotoriety(1, 1, &quiet)
	if len(quiet.Public) != 0 || s.Players[1].Red != 1 {
		t.Errorf("one cube recorded: red %d, log %q", s.Players[1].Red, quiet.Public)
	}
}

// TestThresholdRewards (EP-NOT-05, EP-NOT-06, EP-NOT-08, EP-NOT-09,
// EP-NOT-10): each threshold crossed is resolved on its own, with its own
// officer moves and its own reward: 1, 2, then 1 Asset and a disc.
func TestThresholdRewards(t *testing.T) {
	s, p := city3(t)
	dropTurn(s)
	s.Order = []int{0, 1, 2}
	officer(s, "b1", "red")
	p.At = loc("store a")
	p.Notoriety, p.Red = 3, 4 // 3 → 7: thresholds 1 (above 3) and 2 (above 6)
	var res engine.Result
	s.updateNotoriety(0, &res)
	var got []string
	for _, tk := range tasks(s) {
		k := tk.Kind
		if k == "unlock" {
			k += " " + string(rune('0'+tk.N))
		}
		got = append(got, k)
	}
	// Crossing 1: two lower players move an officer, then unlock 1;
	// crossing 2: the same, then unlock 2.
	want := "police|police|unlock 1|police|police|unlock 2"
	if strings.Join(got, "|") != want {
		t.Errorf("tasks %s, want %s", strings.Join(got, "|"), want)
	}
	discs := p.Discs
	clearTasks(s)
	p.Notoriety, p.Red = 9, 1 // threshold 3
	s.updateNotoriety(0, &res)
	n := 0
	for _, tk := range tasks(s) {
		if tk.Kind == "unlock" {
			n++
			if tk.N != 1 {
				t.Errorf("threshold 3 unlocks %d", tk.N)
			}
		}
	}
	if n != 1 || p.Discs != discs+1 {
		t.Errorf("threshold 3: %d unlocks, discs %d", n, p.Discs)
	}
	// Crossing downwards gives nothing.
	clearTasks(s)
	p.Notoriety, p.Blue = 7, 2
	s.updateNotoriety(0, &res)
	if len(tasks(s)) != 0 {
		t.Errorf("falling through a threshold: %+v", tasks(s))
	}
}

// TestSandraClosedBusiness (EP-SANDRA-07, EP-SBUS-03): a closed Business is
// still a Location in the city: Sandra travels there and leaves a cube.
func TestSandraClosedBusiness(t *testing.T) {
	s, sd := sandraCity(t)
	b := s.business("bank")
	b.Cubes = []Cube{{Actor: 0}, {Actor: 1}}
	b.Closed = true
	sd.Deck = []int{inspectorCard(Business, "bank")}
	var res engine.Result
	s.sandraTurn(&res)
	if sd.At != b.Loc || len(sd.Done) != 1 || len(b.Cubes) != 3 {
		t.Errorf("closed business: at %s done %v cubes %d", s.NodeName(sd.At), sd.Done, len(b.Cubes))
	}
}

// TestSandraIgnoresAvoid (EP-SANDRA-08, EP-AVOID-11, EP-MOVE-14): Sandra
// goes straight to her card's Location past any officers; nothing is
// avoided, nobody is wounded, nothing is owed.
func TestSandraIgnoresAvoid(t *testing.T) {
	s, sd := sandraCity(t)
	sd.At = loc("church")
	for _, tl := range []string{"s1", "a1", "b1", "c1"} {
		officer(s, tl, "red")
		officer(s, tl, "blue")
	}
	sd.Deck = []int{inspectorCard(Business, "pawnshop")}
	var res engine.Result
	s.sandraTurn(&res)
	if sd.At != s.business("pawnshop").Loc || len(s.Pending.Items) != 0 {
		t.Errorf("at %s, owed %d", s.NodeName(sd.At), len(s.Pending.Items))
	}
	for _, l := range res.Public {
		if strings.Contains(l, "avoid") || strings.Contains(l, "Wound") {
			t.Errorf("Sandra avoided: %q", l)
		}
	}
}

// TestSandraNeverRests (EP-SANDRA-01, EP-REST-09, EP-ACTION-06, EP-ACTION-11):
// over a whole 2-player game Sandra takes a turn in every Required turn and
// in every Optional turn she pays a disc for, and never Rests.
func TestSandraNeverRests(t *testing.T) {
	s := newS(t, 2, 5)
	lines := drive(t, s, calm, nil)
	turns, discs := 0, 0
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "Sandra travels to") || strings.HasPrefix(l, "Sandra finds no Location"):
			turns++
		case strings.HasPrefix(l, "Sandra spends an Extra Action disc"):
			discs++
		case strings.HasPrefix(l, "Sandra") && strings.Contains(strings.ToLower(l), "rest"):
			t.Errorf("Sandra rests: %q", l)
		}
	}
	if !s.Over || turns != 3*RequiredTurns+discs {
		t.Errorf("over %v: Sandra took %d turns, want %d + %d discs", s.Over, turns, 3*RequiredTurns, discs)
	}
}

// TestSandraStoreCards (EP-SSTORE-01, EP-SSTORE-02, EP-SSTORE-03,
// EP-SSTORE-04, EP-SANDRA-09): A/C +1, B/D -1 Notoriety, plus 1 per other
// player once (T's reading); Stores A, B, C discard 1 Locker tile from the
// stack they show and no other; Store D one from each stack.
func TestSandraStoreCards(t *testing.T) {
	for _, c := range []struct {
		letter string
		tile   string
		dir    int
	}{{"a", "a2", 1}, {"b", "b2", -1}, {"c", "c3", 1}, {"d", "sd", -1}} {
		for others := 0; others <= 1; others++ {
			s, sd := sandraCity(t)
			if c.tile == "b2" || c.tile == "c3" {
				s.putInCity(tileIndex[c.tile], slotOf(5, 1))
				fresh(s)
			}
			store := -1
			for l, d := range locDef {
				if d.Kind == Store && d.StoreLetter == c.letter {
					store = l
				}
			}
			if others == 1 {
				s.Players[0].At = store
			}
			var before [3]int
			for i := range s.Lockers {
				before[i] = len(s.Lockers[i].Tiles)
			}
			sd.Deck = []int{inspectorCard(Store, c.letter)}
			var res engine.Result
			s.sandraTurn(&res)
			if sd.At != store {
				t.Fatalf("store %s: Sandra at %s", c.letter, s.NodeName(sd.At))
			}
			if net := sd.Red - sd.Blue; net != c.dir+others {
				t.Errorf("store %s, %d other(s): Notoriety %+d, want %+d", c.letter, others, net, c.dir+others)
			}
			for i, col := range KeyColours {
				want := before[i]
				if c.letter == "d" || StoreLockerStack[c.letter] == col {
					want--
				}
				if len(s.Lockers[i].Tiles) != want {
					t.Errorf("store %s: %s lockers %d, want %d", c.letter, col, len(s.Lockers[i].Tiles), want)
				}
			}
		}
	}
}

// TestSandraExitCard (EP-SEXIT-01, EP-SEXIT-02, EP-SANDRA-09): at a closed
// Exit Sandra loses 1 Notoriety, plus 1 per other player there once.
func TestSandraExitCard(t *testing.T) {
	for others := 0; others <= 1; others++ {
		s, sd := sandraCity(t)
		s.PatrolSpaces[0] = 2
		s.layExitStacks()
		if others == 1 {
			s.Players[1].At = loc("north exit")
		}
		n := len(s.exitStack(1).Tiles)
		sd.Deck = []int{inspectorCard(Exit, s.exitStack(1).Colour)}
		var res engine.Result
		s.sandraTurn(&res)
		if sd.At != loc("north exit") || len(s.exitStack(1).Tiles) != n-1 {
			t.Fatalf("exit card: at %s", s.NodeName(sd.At))
		}
		if net := sd.Red - sd.Blue; net != -1+others {
			t.Errorf("%d other(s): Notoriety %+d, want %+d", others, net, -1+others)
		}
	}
}

// TestVisitSeesSandra (EP-VISIT-02, EP-AVOID-03): a visit gives +1
// Notoriety per other player at the Location, Sandra included.
func TestVisitSeesSandra(t *testing.T) {
	for _, c := range []struct {
		where  string
		node   func(s *State) int
		base   int // the visit's own Notoriety change
		player bool
	}{
		{"church", func(s *State) int { return loc("church") }, 0, false},
		{"church", func(s *State) int { return loc("church") }, 0, true},
		{"clinic", func(s *State) int { return loc("clinic") }, 0, false},
		{"store d", func(s *State) int { return loc("store d") }, 0, true},
		{"casino", func(s *State) int { return s.business("casino").Loc }, 0, false},
		{"loft", func(s *State) int { return s.safeHouse("loft").Loc }, -1, false},
	} {
		s, _ := sandraCity(t)
		n := c.node(s)
		s.Sandra.At = n
		others := 1
		if c.player {
			s.Players[1].At = n
			others = 2
		}
		p, _ := visit(s, 0, n)
		if net := p.Red - p.Blue; net != c.base+others {
			t.Errorf("%s with Sandra (player too: %v): Notoriety %+d, want %+d", c.where, c.player, net, c.base+others)
		}
	}
}

// TestSandraNoIncome (EP-INCOME-04, EP-INCOME-02): in the Income phase of a
// 2-player game only the two players are paid, each their lowest visible
// Income number.
func TestSandraNoIncome(t *testing.T) {
	s := newS(t, 2, 5)
	drive(t, s, calm, func() bool { return s.Round == 2 })
	s.Phase, s.PhaseBegun = PhaseIncome, false
	s.Pending = engine.Stack[Detail]{}
	bank := s.Bank
	want := 0
	for _, p := range s.Players {
		if p.active() {
			want += incomeValue(p.IncomeCubes)
		}
	}
	var res engine.Result
	s.step(&res)
	if bank-s.Bank != want {
		t.Errorf("income paid %d, want %d (players only)", bank-s.Bank, want)
	}
	for _, l := range res.Public {
		if strings.HasPrefix(l, "Sandra") {
			t.Errorf("Sandra in the Income phase: %q", l)
		}
	}
}

// TestDisplayRefill (EP-CONTACT-01, EP-CONTACT-02, EP-CONTACT-03,
// EP-CONTACT-04): the card taken leaves a gap that the cards on its left
// close by sliding right; the top card of the deck fills the leftmost
// space; with the deck empty that space stays empty.
func TestDisplayRefill(t *testing.T) {
	s, _ := city3(t)
	before := s.Display
	top := s.ContactDeck[0]
	deck := len(s.ContactDeck)
	got := s.takeFromDisplay(3)
	want := [7]int{top, before[0], before[1], before[2], before[4], before[5], before[6]}
	if got != before[3] || s.Display != want || len(s.ContactDeck) != deck-1 {
		t.Errorf("took %d, display %v, want %v; deck %d", got, s.Display, want, len(s.ContactDeck))
	}
	s.ContactDeck = nil
	before = s.Display
	s.takeFromDisplay(6)
	want = [7]int{-1, before[0], before[1], before[2], before[3], before[4], before[5]}
	if s.Display != want {
		t.Errorf("empty deck: display %v, want %v", s.Display, want)
	}
}

// TestContactCardZero (EP-CONTACT-06, EP-END-06, EP-EXEC-05): the first
// card of the deck (index 0, Bribe red) is a card like any other: it
// occupies its space, counts, and can be used.
func TestContactCardZero(t *testing.T) {
	s, p := city3(t)
	if ContactDeck[0].Name != "bribe red" {
		t.Fatalf("card 0 is %s", ContactDeck[0].Name)
	}
	officer(s, "a1", "red")
	p.Contacts[0] = ContactSpace{Card: 0}
	if p.contactFree(0) || p.contactCount() != 1 || p.readyContact("bribe red") != 0 {
		t.Errorf("card 0: free %v count %d ready %d", p.contactFree(0), p.contactCount(), p.readyContact("bribe red"))
	}
	s.gainContact(0)
	apply(t, s, 0, legal(s, 0)[0])
	apply(t, s, 0, "contact keep")
	if p.Contacts[0].Card != 0 || p.Contacts[1].Card < 0 {
		t.Errorf("a kept card went over card 0: %+v", p.Contacts)
	}
	if !has(s, 0, "contact bribe red") {
		t.Errorf("card 0 not usable: %v", legal(s, 0))
	}
}

// TestContactCardZeroInTheDisplayAndTheRow (EP-CONTACT-01, EP-CONTACT-05,
// EP-CONTACT-06, EP-CONTACT-07): card 0 (Bribe red) is a card in every
// step of taking one: alone in the display it can be taken, once taken it
// is held (the player keeps, replaces or discards, and takes nothing
// more), it is kept on the left-most empty space, and lying on a space it
// can be replaced.
func TestContactCardZeroInTheDisplayAndTheRow(t *testing.T) {
	s, p := city3(t)
	for i := range s.Display {
		s.Display[i] = -1
	}
	s.Display[6] = 0
	s.gainContact(0)
	if !has(s, 0, "contact take 7 bribe red") {
		t.Fatalf("a display holding only card 0 offers nothing: %v", legal(s, 0))
	}
	apply(t, s, 0, "contact take 7 bribe red")
	if hasPrefix(s, 0, "contact take") || !has(s, 0, "contact keep") {
		t.Fatalf("holding card 0: %v", legal(s, 0))
	}
	res := apply(t, s, 0, "contact keep")
	if p.Contacts[0].Card != 0 || !strings.Contains(strings.Join(res.Public, " "), "on Contact space 1.") {
		t.Errorf("card 0 kept: %+v, log %q", p.Contacts, res.Public)
	}
	s.Display[6] = 5
	s.gainContact(0)
	apply(t, s, 0, "contact take 7 "+ContactDeck[5].Name)
	if !has(s, 0, "contact replace 1 bribe red") {
		t.Errorf("card 0 on space 1 cannot be replaced: %v", legal(s, 0))
	}
}

// TestHandcuffedSpaceHoldsNoAsset (EP-AVOID-09, EP-SETUP-32): a Contact
// space blocked by Handcuffs carries no locked Asset tile; the tiles lie
// just left of it.
func TestHandcuffedSpaceHoldsNoAsset(t *testing.T) {
	_, p := city3(t)
	p.Contacts[ContactSpaces-1] = ContactSpace{Card: -1, Cuffed: true}
	if a := p.ContactAsset(ContactSpaces - 1); a != "" {
		t.Errorf("handcuffed space %d shows Asset %q", ContactSpaces, a)
	}
	if a := p.ContactAsset(ContactSpaces - 2); a != p.BottomRow[len(p.BottomRow)-1] {
		t.Errorf("space left of the Handcuffs holds %q, want %q", a, p.BottomRow[len(p.BottomRow)-1])
	}
}

// TestSandraWithNothingLeft (EP-SBUS-03, EP-SSAFE-03/04/05, EP-SEXIT-02,
// EP-SSTORE-03, EP-SBUS-05, EP-CONTACT-05): Sandra places a cube only
// while she has one (her last one included); a Safe House without Keys, an
// empty Fixer stack, Exit or Locker stack lose nothing; her card discard
// takes the display's last card even when it lies in the leftmost space.
func TestSandraWithNothingLeft(t *testing.T) {
	for _, cubes := range []int{1, 0} {
		s, sd := sandraCity(t)
		sd.Cubes = cubes
		sd.Deck = []int{inspectorCard(Business, "bank")}
		var res engine.Result
		s.sandraTurn(&res)
		if got := len(s.business("bank").Cubes); got != cubes || sd.Cubes != 0 {
			t.Errorf("business with %d cubes: %d placed, %d left", cubes, got, sd.Cubes)
		}
		s, sd = sandraCity(t)
		sd.Cubes = cubes
		h := s.safeHouse("loft")
		h.Keys = nil
		s.Fixers = nil
		sd.Deck = []int{inspectorCard(SafeHouse, "loft")}
		s.sandraTurn(&res)
		if sd.At != h.Loc || len(h.Cubes) != cubes || sd.Cubes != 0 || len(s.KeyBox) != 0 || len(s.FixerBox) != 0 {
			t.Errorf("safe house with %d cubes, no Key, no Fixer: cubes %d/%d keys %v fixers %v", cubes, len(h.Cubes), sd.Cubes, s.KeyBox, s.FixerBox)
		}
	}
	// An empty Exit stack on a closed Exit.
	s, sd := sandraCity(t)
	s.PatrolSpaces[0] = 2
	s.layExitStacks()
	s.exitStack(1).Tiles = nil
	sd.Deck = []int{inspectorCard(Exit, s.exitStack(1).Colour)}
	var res engine.Result
	s.sandraTurn(&res)
	if sd.At != loc("north exit") || len(s.ExitBox) != 0 {
		t.Errorf("empty exit stack: at %s box %v", s.NodeName(sd.At), s.ExitBox)
	}
	// An empty Locker stack at Store A; one display card, in space 0.
	s, sd = sandraCity(t)
	for i := range s.Lockers {
		s.Lockers[i].Tiles = nil
	}
	for i := range s.Display {
		s.Display[i] = -1
	}
	s.ContactDeck = nil
	s.Display[0] = 0
	sd.Deck = []int{inspectorCard(Store, "a")}
	s.sandraTurn(&res)
	if sd.At != loc("store a") || len(s.LockerBox) != 0 {
		t.Errorf("empty locker stacks: at %s box %v", s.NodeName(sd.At), s.LockerBox)
	}
	if len(s.ContactsBox) != 1 || s.ContactsBox[0] != 0 || s.Display[0] != -1 {
		t.Errorf("display card in space 0 not discarded: box %v display %v", s.ContactsBox, s.Display)
	}
}

// TestSandraDiscardsTwoCards (EP-SBUS-05, EP-SBUS-06): exactly the 2
// rightmost display cards go, and each Fixer card among them gives her a
// disc.
func TestSandraDiscardsTwoCards(t *testing.T) {
	s, sd := sandraCity(t)
	fixer := -1
	for i, k := range ContactDeck {
		if k.Effect == "fixer" {
			fixer = i
			break
		}
	}
	n := len(s.Display)
	s.Display[n-1], s.Display[n-2], s.Display[n-3] = fixer, 0, fixer
	sd.Discs = 0
	var res engine.Result
	s.sandraDiscardContacts(&res)
	if len(s.ContactsBox) != 2 || s.ContactsBox[0] != fixer || s.ContactsBox[1] != 0 {
		t.Errorf("discarded %v", s.ContactsBox)
	}
	if sd.Discs != 1 || s.Display[n-1] != fixer {
		t.Errorf("discs %d, display %v", sd.Discs, s.Display)
	}
}

// TestSandraWithEmptyDeck (EP-SANDRA-02, EP-SANDRA-12): with no Inspector
// card left Sandra finds no Location and stays where she is.
func TestSandraWithEmptyDeck(t *testing.T) {
	s, sd := sandraCity(t)
	sd.At = loc("church")
	sd.Deck = nil
	var res engine.Result
	s.sandraTurn(&res)
	if sd.At != loc("church") || len(sd.Done) != 0 || !strings.Contains(strings.Join(res.Public, "\n"), "stays put") {
		t.Errorf("empty deck: at %s done %v log %q", s.NodeName(sd.At), sd.Done, res.Public)
	}
}

// TestEndDiscardOffersCardZero (EP-END-02, EP-END-06): the Contact card
// an escaped player discards before scoring may be any card held, card 0
// (Bribe red) included.
func TestEndDiscardOffersCardZero(t *testing.T) {
	s, p := city3(t)
	p.Contacts[0] = ContactSpace{Card: 0}
	p.Contacts[1] = ContactSpace{Card: 5}
	s.push(s.ask(0, DiscardContact))
	if !has(s, 0, "discard contact 1 bribe red") || !has(s, 0, "discard contact 2 "+ContactDeck[5].Name) {
		t.Errorf("end discard: %v", legal(s, 0))
	}
}
