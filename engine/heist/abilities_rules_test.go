package heist

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"casefile/engine"
)

// Tests of the character abilities' limits (MH-CHAR-*), written so that a
// rule changed at its boundary (one use too many, one Idea short) fails.

// acting is crewBoard with seat 0 in the middle of an Action it already
// took, its pool empty: a test gives it exactly what the case needs.
func acting(t *testing.T, card, hex string) (*State, *Character) {
	t.Helper()
	s, c := crewBoard(t, card, hex, 1)
	c.Action, c.ActionSrc = "Walk", "default"
	return s, c
}

// cardWith names the first character card (by name) with the ability.
func cardWith(t *testing.T, ability string) string {
	t.Helper()
	var names []string
	for n := range theLib().Characters {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, a := range theLib().Characters[n].Abilities {
			if a.Name == ability {
				return n
			}
		}
	}
	t.Fatalf("no card has %s", ability)
	return ""
}

func said(res engine.Result) string { return strings.Join(res.Public, "\n") }

// TestAbilityUsesAreCountedMHCHAR: an ability granted a number of uses
// (AUTOPWN's grant, REWIRE's two Cameras, TOSS LOOT's pieces, KILL
// PIXELS, given Ideas) is offered while a use is left and never once they
// are spent.
func TestAbilityUsesAreCountedMHCHAR(t *testing.T) {
	cases := []struct {
		name   string
		card   string
		hex    string
		set    func(s *State, c *Character)
		prefix string
		want   bool
	}{
		{"AUTOPWN with no grant left grants nothing", "Script Kiddie", "c7",
			func(s *State, c *Character) { c.Grant, c.GrantMult = 0, 1 }, "autopwn ", false},
		{"AUTOPWN with its grant", "Script Kiddie", "c7",
			func(s *State, c *Character) { c.Grant, c.GrantMult = 1, 1 }, "autopwn ", true},
		{"REWIRE with no use left rewires nothing", "Tinkerer", "c5",
			func(s *State, c *Character) { s.tile("c5").addChit(Camera, true, false) }, "rewire ", false},
		{"REWIRE with a use left", "Tinkerer", "c5",
			func(s *State, c *Character) { s.tile("c5").addChit(Camera, true, false); c.Rewire = 1 }, "rewire ", true},
		{"TOSS LOOT with no toss left tosses nothing", "Con Artist", "c5",
			func(s *State, c *Character) { c.Cash = 1 }, "toss ", false},
		{"TOSS LOOT with a toss left", "Con Artist", "c5",
			func(s *State, c *Character) { c.Cash = 1; c.Toss = 1 }, "toss ", true},
		{"KILL PIXELS used up", "Con Artist", "c5",
			func(s *State, c *Character) { s.tile("c6").addChit(Camera, true, false) }, "kill pixels", false},
		{"KILL PIXELS not used yet", "Con Artist", "c5",
			func(s *State, c *Character) { s.tile("c6").addChit(Camera, true, false); c.KillPixels = 1 }, "kill pixels", true},
		{"ALRIGHT, NEW PLAN: no Idea left to give", "Con Artist", "c5",
			func(s *State, c *Character) { c.GiveIdeas, c.Ideas = 1, 0 }, "give idea", false},
		{"ALRIGHT, NEW PLAN: all given Ideas given", "Con Artist", "c5",
			func(s *State, c *Character) { c.GiveIdeas, c.Ideas = 0, 2 }, "give idea", false},
		{"ALRIGHT, NEW PLAN: an Idea to give", "Con Artist", "c5",
			func(s *State, c *Character) { c.GiveIdeas, c.Ideas = 1, 1 }, "give idea", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, c := acting(t, tc.card, tc.hex)
			tc.set(s, c)
			if got := legalWith(s, 0, tc.prefix); (len(got) > 0) != tc.want {
				t.Fatalf("%q moves %v, want offered=%v", tc.prefix, got, tc.want)
			}
		})
	}
}

// TestAbilityUseSpendsOneMHCHAR: each use spends exactly one.
func TestAbilityUseSpendsOneMHCHAR(t *testing.T) {
	t.Run("AUTOPWN grants one sub-action, then no more", func(t *testing.T) {
		s, c := acting(t, "Script Kiddie", "c7")
		c.Grant, c.GrantMult = 1, 1
		apply(t, s, 0, legalWith(s, 0, "autopwn ")[0])
		if c.Grant != 0 || len(legalWith(s, 0, "autopwn ")) != 0 {
			t.Fatalf("grant %d, moves %v", c.Grant, legalWith(s, 0, "autopwn "))
		}
	})
	t.Run("REWIRE disables one Camera and subdues the Guard there", func(t *testing.T) {
		s, c := acting(t, "Tinkerer", "c5")
		s.tile("c5").addChit(Camera, true, false)
		s.tile("c5").addChit(Guard, true, false)
		c.Rewire = 2
		res := apply(t, s, 0, "rewire c5")
		if c.Rewire != 1 {
			t.Fatalf("rewire uses left %d, want 1", c.Rewire)
		}
		if !strings.Contains(said(res), "and 1 Guard there subdued") || s.tile("c5").guards() != 0 {
			t.Fatalf("said %q, guards %d", said(res), s.tile("c5").guards())
		}
	})
	t.Run("TOSS LOOT tosses one piece per toss", func(t *testing.T) {
		s, c := acting(t, "Con Artist", "c5")
		c.Cash, c.Toss = 1, 1
		apply(t, s, 0, "toss $1k to c6")
		if c.Toss != 0 || s.tile("c6").Cash != 1 {
			t.Fatalf("toss %d, c6 cash %d", c.Toss, s.tile("c6").Cash)
		}
	})
	t.Run("TOSS LOOT reaches two hexes, not three", func(t *testing.T) {
		s, c := acting(t, "Con Artist", "c4")
		c.Cash, c.Toss = 1, 1
		if !legalHas(s, 0, "toss $1k to c6") || legalHas(s, 0, "toss $1k to c7") {
			t.Fatalf("toss moves %v", legalWith(s, 0, "toss "))
		}
	})
	t.Run("THERE ARE BETTER WAYS costs one Idea, only on a Guarded space", func(t *testing.T) {
		card := cardWith(t, "THERE ARE BETTER WAYS")
		s, c := acting(t, card, "c5")
		c.Ideas = 1
		if legalHas(s, 0, "better ways") {
			t.Fatal("offered with no Guard on the space")
		}
		s.tile("c5").addChit(Guard, true, false)
		if !legalHas(s, 0, "better ways") {
			t.Fatalf("not offered with exactly one Idea: %v", s.Legal(0))
		}
	})
	t.Run("LARCENIST costs one Idea", func(t *testing.T) {
		s, c := acting(t, cardWith(t, "LARCENIST"), "c5")
		c.Ideas = 1
		apply(t, s, 0, "larcenist")
		if c.Ideas != 0 || !c.Larcenist {
			t.Fatalf("ideas %d larcenist %v", c.Ideas, c.Larcenist)
		}
	})
	t.Run("CHANGE OF PLANS makes 1 Noise and gives 3 repositionings", func(t *testing.T) {
		s, c := acting(t, cardWith(t, "CHANGE OF PLANS"), "c5")
		c.Ideas = 2
		apply(t, s, 0, "change of plans")
		if c.Noise != 1 || c.Ideas != 0 || c.Replans != 3 {
			t.Fatalf("noise %d ideas %d replans %d", c.Noise, c.Ideas, c.Replans)
		}
	})
	t.Run("a repositioning one hex away with no Radio tweak spends a free repositioning", func(t *testing.T) {
		s, c := acting(t, "Con Artist", "c5")
		for _, h := range slices.Clone(c.Planned) {
			if h != "c5" {
				s.unplan(c, s.tile(h))
			}
		}
		c.Replans, c.Tweaks = 1, 0
		apply(t, s, 0, "replan c5 to c6")
		if c.Replans != 0 || c.Tweaks != 0 {
			t.Fatalf("replans %d tweaks %d", c.Replans, c.Tweaks)
		}
	})
	t.Run("I CAN HAZ TEH CODES with exactly its 2 Ideas", func(t *testing.T) {
		s, c := acting(t, cardWith(t, "I CAN HAZ TEH CODES"), "c7")
		s.tile("c4").addChit(Camera, true, false)
		s.tile("c5").Unknown = true
		c.Ideas = 2
		if !legalHas(s, 0, "i can haz teh codes") {
			t.Fatalf("not offered with 2 Ideas: %v", s.Legal(0))
		}
		c.Ideas = 1
		if legalHas(s, 0, "i can haz teh codes") {
			t.Fatal("offered with 1 Idea")
		}
	})
}

// TestCheckTheLogsRevealsTwoTiles: The Black Box's CHECK THE LOGS — the
// USB key on the beacon gains $3k and reveals exactly two tiles.
func TestCheckTheLogsRevealsTwoTiles(t *testing.T) {
	s := newTestState(t, "the-black-box", 3, 1)
	c := s.Chars[0]
	unknown := func() int {
		n := 0
		for _, x := range s.Tiles {
			if real(x) && x.Unknown {
				n++
			}
		}
		return n
	}
	before := unknown()
	if before < 3 {
		t.Fatalf("only %d unknown tiles", before)
	}
	var home *Tile
	for _, x := range s.Tiles {
		if real(x) && !x.Entrance {
			home = x
			break
		}
	}
	c.Hex = home.Hex
	home.Tokens = append(home.Tokens, TokBeacon)
	c.Loot = append(c.Loot, USB)
	cash := c.Cash
	var res engine.Result
	s.afterPickup(c, &res)
	if got := unknown(); got != before-2 || c.Cash != cash+3 {
		t.Fatalf("unknown tiles %d -> %d, cash %d -> %d; want two revealed and $3k", before, got, cash, c.Cash)
	}
}

// TestBreachSidesMHCHAR06: BREACH's new Exit goes on an empty cell next to
// the tile, row 0 and column 0 included, listed in direction order (east,
// west, south-east, south-west, north-east, north-west), and is named after
// its cell with an "x".
func TestBreachSidesMHCHAR06(t *testing.T) {
	board := func(tiles ...*Tile) *State {
		s := &State{Tiles: tiles}
		s.index()
		return s
	}
	s := board(&Tile{Hex: "a2", Row: 0, Col: 1, X: 2})
	if got, want := s.breachSides(s.tile("a2")), []coord{{4, 0}, {0, 0}, {3, 1}, {1, 1}}; !slices.Equal(got, want) {
		t.Fatalf("a2's sides %v, want %v", got, want)
	}
	s = board(&Tile{Hex: "b2", Row: 1, Col: 1, X: 3})
	if got, want := s.breachSides(s.tile("b2")), []coord{{5, 1}, {1, 1}, {4, 2}, {2, 2}, {4, 0}, {2, 0}}; !slices.Equal(got, want) {
		t.Fatalf("b2's sides %v, want %v", got, want)
	}
	// A cell ringed by hexes is inside the building: no side for BREACH.
	s = geoBoard(coord{5, 1}, coord{1, 1}, coord{4, 2}, coord{2, 2}, coord{4, 0}, coord{2, 0})
	if got := s.breachSides(s.cell(5, 1)); slices.Contains(got, coord{3, 1}) {
		t.Fatalf("r1's enclosed cell offered as a side: %v", got)
	}
	if got := breachLabel(coord{X: 4, R: 2}); got != "c3x" {
		t.Fatalf("label %q, want c3x", got)
	}
	var res engine.Result
	s.placeBreach(&Character{Name: "Demo"}, coord{X: 4, R: 2}, &res)
	n := s.tile("c3x")
	if n == nil || n.Col != 2 || n.X != 4 || n.Row != 2 || !n.Entrance {
		t.Fatalf("new Exit %+v", n)
	}
}
