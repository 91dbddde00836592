package heist

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// Checklist items whose test asserts the rule's outcome, so that breaking
// the rule makes it fail (issue 13, "Tests that can fail"). Each subtest
// is named by its ID.

// legalNowTakes reports whether a refusal goes on to list the legal
// moves, Actions to take among them.
func legalNowTakes(why string) bool {
	_, legal, ok := strings.Cut(why, engine.LegalNow)
	return ok && strings.Contains(legal, "take ")
}

// legalWith lists seat's legal moves that start with prefix.
func legalWith(s *State, seat int, prefix string) []string {
	var out []string
	for _, m := range s.Legal(engine.Seat(seat)) {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

func TestPlanningOutcomes(t *testing.T) {
	t.Run("MH-PLAN-07 the Fixers' During Planning abilities work in Planning and only there", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Fixers = []string{"Visage", "Shell", "Connoiseur", "Bookie", "Diversion Artist"}
		s.TeamCash = 10
		s.Bag = map[string]int{Lock: 1}
		apply(t, s, 0, "hire shell")       // $3k
		apply(t, s, 1, "visage reveal g4") // $1k
		apply(t, s, 2, "connoisseur")
		apply(t, s, 0, "buy time") // $1k
		apply(t, s, 1, "bet 2k")   // $2k
		if s.TeamCash != 3 || !s.ShellPaid || s.Diversion != 1 || s.BookieBet != 2 {
			t.Fatalf("team cash $%dk (want $3k), Shell %v, Diversion %d, bet %d", s.TeamCash, s.ShellPaid, s.Diversion, s.BookieBet)
		}
		if g := s.tile("g4"); g.Unknown || g.count(Lock, true) != 1 {
			t.Fatalf("Visage's Reveal: g4 unknown %v, chits %v", g.Unknown, g.Chits)
		}
		if s.tile("a4").Cash != 3 || s.tile("c3").Cash != 1 || s.tile("h5").Cash != 0 {
			t.Fatalf("GOTTA KNOW WHAT TO LOOK FOR: a4 $%dk c3 $%dk h5 $%dk", s.tile("a4").Cash, s.tile("c3").Cash, s.tile("h5").Cash)
		}
		// Once the Heist begins, the Planning abilities are gone.
		h := inclusion(t, 3)
		h.Fixers = []string{"Visage", "Shell", "Connoiseur", "Bookie", "Diversion Artist"}
		h.TeamCash = 10
		heistAt(t, h, 3, "c8")
		h.tile("g4").Unknown = true
		for seat := range h.Chars {
			for _, p := range []string{"visage ", "hire shell", "connoisseur", "buy time", "bet "} {
				if m := legalWith(h, seat, p); len(m) > 0 {
					t.Fatalf("seat %d may use %v in the Heist", seat, m)
				}
			}
		}
	})
	t.Run("MH-PLAN-08 MH-SEC-11 no auto-reveal in Planning even next to a pawn; from the Heist on", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Fixers = []string{"The Mayor"}
		s.tile("c7").Unknown = true // next to the Entrance c8
		s.tile("e7").addChit(Guard, true, false)
		var near []*Tile // unknown tiles next to e7, where the Mayor puts seat 1
		for _, n := range s.neighbours(s.tile("e7")) {
			if n.Unknown {
				near = append(near, n)
			}
		}
		if len(near) == 0 {
			t.Fatal("test board: e7 should touch an unknown tile")
		}
		bag := bagTotal(s)
		apply(t, s, 0, "start c8")
		apply(t, s, 1, "start e8")
		apply(t, s, 1, "inside man e7")
		apply(t, s, 2, "start i5")
		apply(t, s, 0, "plan c7")
		apply(t, s, 0, "plan done")
		apply(t, s, 1, "plan done")
		if !s.tile("c7").Unknown || bagTotal(s) != bag {
			t.Fatal("a tile next to a pawn was revealed in Planning")
		}
		for _, n := range near {
			if !n.Unknown {
				t.Fatalf("%s, next to the Mayor's pawn, was revealed in Planning", n.Hex)
			}
		}
		apply(t, s, 2, "plan done")
		if s.Phase != PhaseAction {
			t.Fatalf("phase %s", s.Phase)
		}
		if s.tile("c7").Unknown {
			t.Fatal("MH-SEC-09: c7 next to a pawn is revealed once the Heist begins")
		}
		for _, n := range near {
			if n.Unknown {
				t.Fatalf("MH-SEC-09: %s next to a pawn is revealed once the Heist begins", n.Hex)
			}
		}
	})
	t.Run("MH-SETUP-11 each player has a die, a pawn, planning tokens and Ideas", func(t *testing.T) {
		s := inclusion(t, 3)
		starts := []string{"c8", "e8", "i5"}
		for seat, c := range s.Chars {
			cd := theLib().Characters[c.Card]
			if c.Ideas != cd.Ideas || c.tokensLeft() != cd.Memory || cd.Memory <= 0 {
				t.Fatalf("%s: Ideas %d tokens %d, card %d/%d", c.Card, c.Ideas, c.tokensLeft(), cd.Ideas, cd.Memory)
			}
			apply(t, s, seat, "start "+starts[seat])
			apply(t, s, seat, "plan h5")
			if c.tokensLeft() != cd.Memory-1 || !s.tile("h5").planned(seat) {
				t.Fatalf("%s: a planning token on h5, %d left", c.Card, c.tokensLeft())
			}
		}
		for seat := range s.Chars {
			apply(t, s, seat, "plan done")
		}
		for seat, c := range s.Chars {
			if c.Hex != starts[seat] || c.Die < 1 || c.Die > 6 {
				t.Fatalf("%s: pawn on %q, die %d", c.Card, c.Hex, c.Die)
			}
		}
	})
	t.Run("MH-SHOP-02 as many Items as are available and affordable", func(t *testing.T) {
		s := inclusion(t, 3)
		s.TeamCash = 200
		want, spent := map[string]int{}, 0
		for _, name := range s.shopItems() {
			it := theLib().Items[name]
			want[name] = it.Qty
			spent += it.Qty * s.itemPrice(name)
		}
		for i := 0; ; i++ {
			buys := legalWith(s, i%3, "buy ")
			if len(buys) == 0 {
				break
			}
			apply(t, s, i%3, buys[0])
		}
		got := map[string]int{}
		for _, c := range s.Chars {
			for _, l := range c.Loot {
				got[strings.TrimPrefix(l, "item ")]++
			}
		}
		for name, n := range want {
			if got[name] != n {
				t.Fatalf("%s: bought %d, the Shop has %d", name, got[name], n)
			}
		}
		if s.TeamCash != 200-spent || len(want) < 2 {
			t.Fatalf("team cash $%dk, want $%dk", s.TeamCash, 200-spent)
		}
		// With exactly one Item's price, that Item and every cheaper one
		// may be bought, no dearer one.
		s2 := inclusion(t, 3)
		price := s2.itemPrice("Radio")
		s2.TeamCash = price
		for _, name := range s2.shopItems() {
			ok := slices.Contains(s2.Legal(0), "buy "+lower(name))
			if ok != (s2.itemPrice(name) <= price) {
				t.Fatalf("%s at $%dk with $%dk: offered %v", name, s2.itemPrice(name), price, ok)
			}
		}
	})
}

func TestHeistOutcomes(t *testing.T) {
	t.Run("MH-ACTION-02 at least four options on every die: the Defaults and each Skill's face", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 1, "c7")
		for _, card := range theLib().CharOrder {
			if theLib().Characters[card].Level != 1 {
				continue
			}
			c := setCrew(t, s, 0, card, "Hurry", "Bypass")
			c.Hex = "c7"
			for die := 1; die <= 6; die++ {
				c.Die, c.Ideas, c.Action = die, 0, ""
				// Every Default space and the die's face of each Skill is
				// an option, free (two identical actions are offered once).
				takes := legalWith(s, 0, "take ")
				free := map[string]bool{}
				for _, o := range s.actionChoices(c) {
					if o.Cost == 0 && slices.Contains(takes, o.Text) {
						free[o.Name+": "+subWords(o.Act)] = true
					}
				}
				want := 0
				for _, d := range theLib().Characters[card].Defaults {
					want++
					if !specialDefaults[d.Name] {
						if !free[d.Name+": "+subWords(d)] {
							t.Fatalf("%s die %d: Default %s missing from %v", card, die, d.Name, takes)
						}
					}
				}
				for _, sk := range c.Skills {
					f := theLib().Skills[sk].Faces[die-1]
					want++
					if !free[f.Name+": "+subWords(f)] {
						t.Fatalf("%s die %d: %s's face %s missing from %v", card, die, sk, f.Name, takes)
					}
				}
				if want < 4 {
					t.Fatalf("%s: %d options", card, want)
				}
			}
		}
	})
	t.Run("MH-CHAR-06 DART's moves come only with the Action, paid for", func(t *testing.T) {
		s, c := crewBoard(t, "Burglar", "c8", 2)
		c.Ideas = 1
		if c.Pool.Move != 0 || len(legalWith(s, 0, "move ")) != 0 {
			t.Fatal("no Move before an Action")
		}
		apply(t, s, 0, "take dart for 1 idea")
		if c.Pool.Move != 2 || c.Ideas != 0 || c.Noise != 1 || c.Action != "Dart" {
			t.Fatalf("DART: moves %d ideas %d noise %d action %q", c.Pool.Move, c.Ideas, c.Noise, c.Action)
		}
		if len(legalWith(s, 0, "take ")) != 0 {
			t.Fatal("DART is the round's Action: no other")
		}
		s2, c2 := crewBoard(t, "Burglar", "c8", 2)
		c2.Ideas = 1
		apply(t, s2, 0, "take walk")
		if c2.Pool.Move != 1 || c2.Ideas != 1 || len(legalWith(s2, 0, "take dart")) != 0 {
			t.Fatalf("with Walk, no DART: moves %d ideas %d", c2.Pool.Move, c2.Ideas)
		}
	})
	t.Run("MH-CHAR-06 DART needs the Idea it costs", func(t *testing.T) {
		s, c := crewBoard(t, "Burglar", "c8", 2)
		c.Ideas = 0
		if m := legalWith(s, 0, "take dart"); len(m) != 0 {
			t.Fatalf("DART offered with no Idea: %v", m)
		}
		why := refused(t, s, 0, "take dart for 1 idea")
		if !strings.Contains(why, "Dart costs 1 Idea") || !legalNowTakes(why) {
			t.Fatalf("refusal: %s", why)
		}
		if c.Ideas != 0 || c.Action != "" {
			t.Fatalf("refused DART: ideas %d action %q", c.Ideas, c.Action)
		}
	})
	t.Run("MH-CHAR-06 every paid Default Action needs the Ideas it costs", func(t *testing.T) {
		for _, tc := range []struct {
			card, move string
			cost       int
		}{
			{"Burglar", "take dart for 1 idea", 1},
			{"Grease Man", "take dart for 1 idea", 1},
			{"Ghost Runner", "take bolt (2 moves) for 1 idea", 1},
			{"Ghost Runner", "take bolt (3 moves) for 2 ideas", 2},
			{"Script Kiddie", "take autopwn for 1 idea", 1},
			{"Hacktivist", "take autopwn for 1 idea", 1},
			{"Black Hat", "take exploit for 1 idea", 1},
			{"Technician", "take loop footage for 2 ideas", 2},
			{"Tinkerer", "take rewire for 2 ideas", 2},
			{"Demolitions Guy", "take breach for 4 ideas", 4},
		} {
			t.Run(tc.card+" "+tc.move, func(t *testing.T) {
				for ideas := 0; ideas < tc.cost; ideas++ {
					s, c := crewBoard(t, tc.card, "c7", 2)
					c.Ideas = ideas
					if slices.Contains(s.Legal(0), tc.move) {
						t.Fatalf("%q offered with %d Ideas: %v", tc.move, ideas, s.Legal(0))
					}
					why := refused(t, s, 0, tc.move)
					if !strings.Contains(why, fmt.Sprintf("costs %s and %s has %s.", engine.Plural(tc.cost, "Idea", "Ideas"), c.Name, engine.Plural(ideas, "Idea", "Ideas"))) ||
						!legalNowTakes(why) {
						t.Fatalf("refusal with %d Ideas: %s", ideas, why)
					}
					if c.Ideas != ideas || c.Action != "" || c.Noise != 0 || s.EscapeInitiated || s.LoopFootage {
						t.Fatalf("refused with %d Ideas, yet ideas %d action %q noise %d", ideas, c.Ideas, c.Action, c.Noise)
					}
				}
				// With exactly the Ideas it costs, it is offered and paid.
				s, c := crewBoard(t, tc.card, "c7", 2)
				c.Ideas = tc.cost
				apply(t, s, 0, tc.move)
				if c.Ideas != 0 || c.Action == "" {
					t.Fatalf("paid with %d Ideas: ideas %d action %q", tc.cost, c.Ideas, c.Action)
				}
			})
		}
	})
	t.Run("MH-SEC-01 Active and Inactive chits", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 3)
		from, to := s.tile("c7"), s.tile("c6")
		from.addChit(Guard, false, false)
		if w := s.canEnter(c, from, to, false); w != "" {
			t.Fatalf("a subdued Guard holds nobody: %s", w)
		}
		from.setActive(Guard, true)
		if w := s.canEnter(c, from, to, false); w == "" {
			t.Fatal("an active Guard holds the character")
		}
		from.Chits = nil
		to.addChit(Lock, false, false)
		if w := s.canEnter(c, from, to, false); w != "" {
			t.Fatalf("an unlocked Lock does not stop anyone: %s", w)
		}
		to.setActive(Lock, true)
		if w := s.canEnter(c, from, to, false); w == "" {
			t.Fatal("an active Lock stops the character")
		}
		to.Chits = nil
		to.addChit(Camera, false, false)
		deck := len(s.Deck)
		var res engine.Result
		s.enter(c, to, &res)
		if len(s.Deck) != deck {
			t.Fatal("a disabled Camera raises no Alert")
		}
		c.Hex = "c7"
		to.setActive(Camera, true)
		s.enter(c, to, &res)
		if len(s.Deck) != deck-1 {
			t.Fatal("an active Camera raises an Alert")
		}
	})
	t.Run("MH-SEC-08 every circle chit may come out of the bag", func(t *testing.T) {
		for _, kind := range []string{Guard, Lock, Camera, Dog, Blank, Keycard, USB, Guard + " x2", Lock + " x2", Camera + " x2"} {
			s := inclusion(t, 3)
			setPhase(s, PhaseAction)
			s.Bag = map[string]int{kind: 1}
			g := s.tile("g4")
			var res engine.Result
			s.reveal(g, &res)
			base, n := strings.TrimSuffix(kind, " x2"), 1
			if base != kind {
				n = 2
			}
			switch base {
			case Keycard, USB:
				if !slices.Contains(g.Loot, base) {
					t.Fatalf("%s: loot %v", kind, g.Loot)
				}
			case Blank:
				if g.count(Blank, false) != 1 || g.unhandled() != 0 {
					t.Fatalf("%s: chits %v", kind, g.Chits)
				}
			default:
				if g.count(base, true) != n {
					t.Fatalf("%s: chits %v", kind, g.Chits)
				}
			}
			if g.Unknown || !s.bagEmpty() {
				t.Fatalf("%s: the chit comes out of the bag onto g4", kind)
			}
		}
	})
	t.Run("MH-SEC-10 the Reveal sub-action places a chit from the bag", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 4) // Hurry 4: Observe (idea, reveal, noise)
		s.tile("g4").Unknown = true
		s.Bag = map[string]int{Camera: 1}
		apply(t, s, 0, "take observe")
		apply(t, s, 0, "reveal g4")
		g := s.tile("g4")
		if g.Unknown || g.count(Camera, true) != 1 || !s.bagEmpty() || c.Pool.Reveal != 0 {
			t.Fatalf("Reveal: unknown %v chits %v bag %v", g.Unknown, g.Chits, s.Bag)
		}
	})
	t.Run("MH-GATE-07 a token on a locked-down hex is placed again at once", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		s.tile("c6").Tokens = []string{"gate a"}
		heistAt(t, s, 3, "c8")
		for _, c := range s.Chars {
			c.Planned = nil
		}
		for _, tl := range s.Tiles {
			tl.Plans = nil
		}
		owner, other := s.Chars[1], s.Chars[2]
		s.plan(owner, s.tile("c6"))
		s.plan(other, s.tile("c7"))
		var res engine.Result
		s.closeGates(1, &res)
		if real(s.tile("c6")) || slices.Contains(owner.Planned, "c6") {
			t.Fatal("gate A: c6 is removed with its token")
		}
		if len(legalWith(s, 2, "plan ")) != 0 || len(legalWith(s, 0, "plan ")) != 0 {
			t.Fatal("only the token's owner places it again")
		}
		if !slices.Contains(s.Legal(1), "plan b5") {
			t.Fatalf("the owner may place the token elsewhere: %v", s.Legal(1))
		}
		apply(t, s, 1, "plan b5")
		if !s.tile("b5").planned(1) || len(owner.Planned) != 1 || len(legalWith(s, 1, "plan ")) != 0 {
			t.Fatalf("one token placed again: %v", owner.Planned)
		}
	})
	t.Run("MH-REINF-02 C1 acts on the hexes around the Reinforcements token", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		rt := s.tile("e6")
		rt.Tokens = []string{TokReinforcements}
		heistAt(t, s, 3, "c8")
		var ns []*Tile
		for _, n := range s.neighbours(rt) {
			if !n.Entrance {
				ns = append(ns, n)
			}
		}
		if len(ns) < 4 {
			t.Fatalf("test board: e6 has %d inner neighbours", len(ns))
		}
		ns[0].addChit(Guard, false, false)
		ns[1].addChit(Lock, false, false)
		ns[2].addChit(Camera, false, false)
		far := s.tile("c5")
		far.addChit(Guard, false, false)
		far.addChit(Lock, false, false)
		s.CrisisQueue = []string{"C1"}
		s.Deck = []string{"M1", "M1", "M1"}
		var res engine.Result
		s.crises(&res)
		if ns[0].count(Guard, true) != 1 || !ns[1].locked() || !ns[2].liveCamera() {
			t.Fatalf("around e6: %v %v %v", ns[0].Chits, ns[1].Chits, ns[2].Chits)
		}
		for _, n := range ns[3:] {
			if n.count(Guard, true) != 1 {
				t.Fatalf("an empty hex next to e6 gets a Guard: %s %v", n.Hex, n.Chits)
			}
		}
		if rt.has(TokReinforcements) || rt.count(Guard, true) != 2 {
			t.Fatal("the token becomes two Guards")
		}
		if far.count(Guard, true) != 0 || far.locked() || len(far.Chits) != 2 {
			t.Fatalf("c5 is not next to e6: %v", far.Chits)
		}
	})
	t.Run("MH-TOWER-03 the Watchtower has no effect in the Escape", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 3, "c5", "e8", "e8")
		s.tile("c7").Tokens = []string{TokWatchtower}
		s.Deck = []string{"M1", "M1", "M1"}
		s.CrisisQueue = []string{"Z1"}
		var res engine.Result
		s.crises(&res)
		if s.Phase != PhaseEscape {
			t.Fatalf("phase %s", s.Phase)
		}
		c := s.Chars[0]
		c.Ideas = 6
		deck, discard := slices.Clone(s.Deck), slices.Clone(s.Discard)
		for _, h := range []string{"c6", "c7", "c8"} {
			apply(t, s, 0, "move "+h)
			for _, x := range []string{"c5", "c6", "c7", "c8", "c4", "c3", "c2"} {
				if s.tile(x).count(Guard, false) != 0 {
					t.Fatalf("a Guard on %s in the Escape", x)
				}
			}
		}
		if !c.Escaped || !slices.Equal(s.Deck, deck) || !slices.Equal(s.Discard, discard) {
			t.Fatalf("escaped %v, deck %v, discard %v", c.Escaped, s.Deck, s.Discard)
		}
	})
	t.Run("MH-FLOW-01 Planning, then rounds of Roll, Action, Event, until the Escape", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		s.Deck = []string{"M1", "M1", "M1", "Z1", "M1"}
		if s.Phase != PhasePlanning || len(legalWith(s, 0, "take ")) != 0 {
			t.Fatalf("a heist opens with Planning: %s", s.Phase)
		}
		for seat, start := range []string{"c8", "e8", "i5"} {
			apply(t, s, seat, "start "+start)
			apply(t, s, seat, "plan done")
		}
		for round := 1; ; round++ {
			if s.Phase != PhaseAction || s.Round != round {
				t.Fatalf("round %d: phase %s round %d", round, s.Phase, s.Round)
			}
			for seat, c := range s.Chars {
				if c.Die < 1 || c.Die > 6 || c.Done || len(legalWith(s, seat, "take ")) == 0 {
					t.Fatalf("round %d Roll: %s die %d done %v", round, c.Card, c.Die, c.Done)
				}
			}
			top := s.Deck[0]
			discarded := len(s.Discard)
			for seat, c := range s.Chars {
				takeFree(t, s, seat)
				c.Noise, c.Alerts = 0, 0
				if seat < 2 {
					apply(t, s, seat, "done")
					if s.Phase != PhaseAction || len(s.Discard) != discarded {
						t.Fatal("MH-FLOW-02: the Event phase waits for every Action")
					}
				}
				c.Die = 0
			}
			s.Chars[0].Hex = "c7" // one character inside for the Escape
			apply(t, s, 2, "done")
			if len(s.Discard) <= discarded || s.Discard[discarded] != top {
				t.Fatalf("round %d Event: the top card %s resolves first: discard %v", round, top, s.Discard)
			}
			if s.Phase == PhaseEscape {
				if round != 3 || !slices.Contains(s.Discard, "Z1") {
					t.Fatalf("the Escape after round %d, discard %v", round, s.Discard)
				}
				break
			}
			if round > 3 {
				t.Fatal("no Escape after Sound the Alarm!")
			}
		}
		if len(legalWith(s, 0, "take ")) != 0 {
			t.Fatal("no rounds in the Escape")
		}
	})
}
