package heist

import (
	"strings"
	"testing"
)

// Tests of the Action phase's sub-actions (MH-ACTION-*, MH-SUB-*,
// MH-CRACK-*) at their limits: a sub-action is offered while the Action
// still holds one and each use spends exactly one.

// TestSubActionsOfferedWhileHeldMHSUB: with none of a sub-action left its
// moves are gone; with one left they are there, on the right hexes only.
func TestSubActionsOfferedWhileHeldMHSUB(t *testing.T) {
	cases := []struct {
		name   string
		set    func(s *State, c *Character)
		prefix string
		want   []string
	}{
		{"no Idea sub-action, no idea", func(s *State, c *Character) {}, "idea", nil},
		{"an Idea sub-action", func(s *State, c *Character) { c.Pool.Idea = 1 }, "idea", []string{"idea"}},
		{"MH-SUB-REVEAL-01 no Reveal, no reveal", func(s *State, c *Character) { s.tile("c3").Unknown = true }, "reveal ", nil},
		{"MH-SUB-REVEAL-01 a Reveal reveals an unknown tile", func(s *State, c *Character) { s.tile("c3").Unknown = true; c.Pool.Reveal = 1 }, "reveal ", []string{"reveal c3"}},
		{"no Loot sub-action, no loot", func(s *State, c *Character) {}, "loot", nil},
		{"no Unlock, no unlock", func(s *State, c *Character) { s.tile("c6").addChit(Lock, true, false) }, "unlock ", nil},
		{"an Unlock opens the adjacent Lock", func(s *State, c *Character) { s.tile("c6").addChit(Lock, true, false); c.Pool.Unlock = 1 }, "unlock ", []string{"unlock c6"}},
		{"no Subdue, no subdue", func(s *State, c *Character) { s.tile("c6").addChit(Guard, true, false) }, "subdue ", nil},
		{"a Subdue reaches only a hex with a Guard", func(s *State, c *Character) { s.tile("c6").addChit(Guard, true, false); c.Pool.Subdue = 1 }, "subdue ", []string{"subdue c6"}},
		{"no Disable, no disable", func(s *State, c *Character) { s.tile("c6").addChit(Camera, true, false) }, "disable ", nil},
		{"a Disable reaches the Camera", func(s *State, c *Character) { s.tile("c6").addChit(Camera, true, false); c.Pool.Disable = 1 }, "disable ", []string{"disable c6"}},
		{"MH-CRACK a Crack cracks the safe underfoot", func(s *State, c *Character) {
			s.tile("c7").Tokens = append(s.tile("c7").Tokens, TokSafe)
			s.tile("c7").SafeNeeds = 2
			c.Pool.Crack = 1
		}, "crack", []string{"crack"}},
		{"HERE... HOLD THIS: no Unlock to give", plasmaTorchNextDoor, "hold this", nil},
		{"HERE... HOLD THIS: an Unlock to give", func(s *State, c *Character) { plasmaTorchNextDoor(s, c); c.Pool.Unlock = 1 }, "hold this", []string{"hold this for " + "x"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, c := acting(t, "Thug", "c7")
			tc.set(s, c)
			got := legalWith(s, 0, tc.prefix)
			want := tc.want
			if len(want) == 1 && want[0] == "hold this for x" {
				want = []string{"hold this for " + name(s, 1)}
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("%q moves %v, want %v", tc.prefix, got, want)
			}
		})
	}
}

// plasmaTorchNextDoor puts seat 1 with a Plasma Torch on a safe on c6,
// next to seat 0 on c7.
func plasmaTorchNextDoor(s *State, c *Character) {
	o := s.Chars[1]
	o.Hex = "c6"
	o.Loot = append(o.Loot, "item Plasma Torch")
	s.tile("c6").Tokens = append(s.tile("c6").Tokens, TokSafe)
	s.tile("c6").SafeNeeds = 2
}

// TestSubActionUseSpendsOneMHSUB: each use of a sub-action spends one.
func TestSubActionUseSpendsOneMHSUB(t *testing.T) {
	t.Run("loot takes $1k and spends one Loot", func(t *testing.T) {
		s, c := acting(t, "Thug", "c7")
		c.Pool.Loot = 2
		apply(t, s, 0, "loot")
		if c.Pool.Loot != 1 || c.Cash != 1 {
			t.Fatalf("loot left %d cash %d", c.Pool.Loot, c.Cash)
		}
	})
	t.Run("subdue spends one Subdue and counts one subdued Guard", func(t *testing.T) {
		s, c := acting(t, "Thug", "c7")
		s.tile("c6").addChit(Guard, true, false)
		c.Pool.Subdue = 2
		apply(t, s, 0, "subdue c6")
		if c.Pool.Subdue != 1 || s.RoundSubdued != 1 || s.tile("c6").guards() != 0 {
			t.Fatalf("subdue left %d, subdued this round %d", c.Pool.Subdue, s.RoundSubdued)
		}
	})
	t.Run("disable spends one Disable", func(t *testing.T) {
		s, c := acting(t, "Thug", "c7")
		s.tile("c6").addChit(Camera, true, false)
		c.Pool.Disable = 2
		apply(t, s, 0, "disable c6")
		if c.Pool.Disable != 1 || s.tile("c6").liveCamera() {
			t.Fatalf("disable left %d", c.Pool.Disable)
		}
	})
	t.Run("HERE... HOLD THIS spends one Unlock for one Crack", func(t *testing.T) {
		s, c := acting(t, "Thug", "c7")
		plasmaTorchNextDoor(s, c)
		c.Pool.Unlock = 2
		apply(t, s, 0, "hold this for "+name(s, 1))
		if c.Pool.Unlock != 1 || s.tile("c6").Cracks != 1 {
			t.Fatalf("unlocks left %d, cracks %d", c.Pool.Unlock, s.tile("c6").Cracks)
		}
	})
	t.Run("MH-CRACK Safecracking Tools: the second Unlock of an Action cracks twice", func(t *testing.T) {
		s, c := acting(t, "Thug", "c7")
		tl := s.tile("c7")
		tl.Tokens = append(tl.Tokens, TokSafe)
		tl.SafeNeeds = 4
		c.Loot = append(c.Loot, "item Safecracking Tools")
		c.Pool.Unlock = 3
		apply(t, s, 0, "crack")
		if c.Pool.Unlock != 2 || tl.Cracks != 1 {
			t.Fatalf("after one: unlocks left %d, cracks %d", c.Pool.Unlock, tl.Cracks)
		}
		apply(t, s, 0, "crack")
		if c.Pool.Unlock != 1 || tl.Cracks != 3 {
			t.Fatalf("after two: unlocks left %d, cracks %d", c.Pool.Unlock, tl.Cracks)
		}
	})
	t.Run("MH-SUB-REVEAL-02 no unknown tile: the Reveal takes a chit out of the bag", func(t *testing.T) {
		s, c := acting(t, "Thug", "c7")
		c.Pool.Reveal = 2
		drawn, removed := s.BagDrawn, s.BagRemoved
		apply(t, s, 0, "reveal bag")
		if c.Pool.Reveal != 1 || s.BagDrawn != drawn || s.BagRemoved != removed+1 {
			t.Fatalf("reveals left %d, drawn %d->%d, removed %d->%d", c.Pool.Reveal, drawn, s.BagDrawn, removed, s.BagRemoved)
		}
	})
	t.Run("I KNOW A WAY: the empty bag's Reveal is an Idea", func(t *testing.T) {
		s, c := acting(t, cardWith(t, "I KNOW A WAY"), "c7")
		s.Bag = map[string]int{}
		c.Pool.Reveal = 2
		ideas := c.Ideas
		apply(t, s, 0, "reveal as idea")
		if c.Pool.Reveal != 1 || c.Ideas != ideas+1 {
			t.Fatalf("reveals left %d, ideas %d->%d", c.Pool.Reveal, ideas, c.Ideas)
		}
	})
}

// TestTakingAnActionMHACTION03: what choosing an Action says and sets up.
func TestTakingAnActionMHACTION03(t *testing.T) {
	t.Run("a free Action names its sub-actions and spends nothing", func(t *testing.T) {
		s, _ := crewBoard(t, "Angry Locksmith", "c5", 1)
		res := apply(t, s, 0, "take walk")
		if txt := said(res); !strings.Contains(txt, "takes Walk [noise, move] (default).") || strings.Contains(txt, "spending") {
			t.Fatalf("said %q", txt)
		}
	})
	t.Run("MH-ACTION-04 a paid Action says what it spent", func(t *testing.T) {
		s, _ := crewBoard(t, "Angry Locksmith", "c5", 1)
		var paid string
		for _, m := range legalWith(s, 0, "take ") {
			if strings.HasSuffix(m, " for 1 idea") {
				paid = m
				break
			}
		}
		if paid == "" {
			t.Fatalf("no Action for 1 Idea: %v", s.Legal(0))
		}
		if txt := said(apply(t, s, 0, paid)); !strings.Contains(txt, ", spending 1 Idea.") {
			t.Fatalf("said %q", txt)
		}
	})
	t.Run("Toss Loot is no Action with nothing to toss", func(t *testing.T) {
		s, c := crewBoard(t, "Con Artist", "c5", 1)
		c.Cash, c.Loot = 0, nil
		if got := legalWith(s, 0, "take toss loot"); len(got) != 0 {
			t.Fatalf("offered %v", got)
		}
	})
	for _, tc := range []struct {
		name string
		cash int
		loot []string
		toss int
	}{
		{"Toss Loot with only cash tosses it once", 2, nil, 1},
		{"Toss Loot with one Jewel and no cash tosses once", 0, []string{Jewel}, 1},
		{"Toss Loot with cash and a Jewel tosses twice", 1, []string{Jewel}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c := crewBoard(t, "Con Artist", "c5", 1)
			c.Cash, c.Loot = tc.cash, tc.loot
			apply(t, s, 0, "take toss loot")
			if c.Toss != tc.toss {
				t.Fatalf("tosses %d, want %d", c.Toss, tc.toss)
			}
		})
	}
	t.Run("MH-CHAR-06 BREACH is no Action where no side is outside", func(t *testing.T) {
		probe := inclusion(t, 3)
		hex := ""
		for _, tl := range probe.Tiles {
			if real(tl) && !tl.Entrance && len(probe.breachSides(tl)) == 0 {
				hex = tl.Hex
				break
			}
		}
		if hex == "" {
			t.Fatal("no inner hex on the Inclusion Job")
		}
		s, c := crewBoard(t, "Demolitions Guy", hex, 1)
		c.Ideas = 4
		if got := legalWith(s, 0, "take breach"); len(got) != 0 {
			t.Fatalf("on %s: offered %v", hex, got)
		}
	})
	t.Run("Flashbang counts every Guard it subdues", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c5", 1)
		c.Loot = append(c.Loot, "item Flashbang")
		s.tile("c5").addChit(Guard, true, false)
		s.tile("c6").addChit(Guard, true, false)
		apply(t, s, 0, "take toss flashbang")
		if s.RoundSubdued != 2 {
			t.Fatalf("subdued this round %d, want 2", s.RoundSubdued)
		}
	})
	for _, tc := range []struct {
		die   int
		broke bool
	}{{1, true}, {4, true}, {5, false}} {
		t.Run("Cheap Picks BREAKABLE on 1-4", func(t *testing.T) {
			s, c := crewBoard(t, "Thug", "c5", tc.die)
			c.Loot = append(c.Loot, "item Cheap Picks")
			rake := legalWith(s, 0, "take rake")
			if len(rake) == 0 {
				t.Fatalf("no rake: %v", s.Legal(0))
			}
			apply(t, s, 0, rake[0])
			if c.has("item Cheap Picks") == tc.broke {
				t.Fatalf("die %d: picks kept %v", tc.die, c.has("item Cheap Picks"))
			}
		})
	}
}
