package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestShopCopies: the Shop sells no more copies of an Item than the box
// has (Perfect Picks: one; Cheap Picks: two), counting the copies the crew
// carries and those kept by roster characters sitting the heist out; a
// discovered Item used up (Flashbang) or thrown away (the Lucky Penny)
// becomes buyable, a copy per copy thrown away (MH-SHOP-03).
func TestShopCopies(t *testing.T) {
	t.Run("Perfect Picks has one copy", func(t *testing.T) {
		s := inclusion(t, 3)
		s.TeamCash = 30
		apply(t, s, 0, "buy perfect picks")
		if legalHas(s, 1, "buy perfect picks") || legalHas(s, 0, "buy perfect picks") {
			t.Fatal("a second Perfect Picks is for sale")
		}
		reject(t, s, 1, "buy perfect picks")
		if s.TeamCash != 23 {
			t.Fatalf("team cash $%dk", s.TeamCash)
		}
	})
	t.Run("Cheap Picks has two copies", func(t *testing.T) {
		s := inclusion(t, 3)
		s.TeamCash = 30
		apply(t, s, 0, "buy cheap picks")
		apply(t, s, 1, "buy cheap picks")
		reject(t, s, 2, "buy cheap picks")
	})
	t.Run("a roster character's copy is not for sale", func(t *testing.T) {
		s := inclusion(t, 3)
		s.TeamCash = 30
		s.Camp = &Campaign{Characters: []NamedCharacter{{Name: "Away", Card: "Thug", Items: []string{"item Perfect Picks"}}}}
		if legalHas(s, 0, "buy perfect picks") {
			t.Fatal("Perfect Picks kept by a roster character is for sale")
		}
		// The same character playing the heist carries it: still one copy.
		s.Chars[0].Named, s.Chars[0].Loot = "Away", []string{"item Perfect Picks"}
		if legalHas(s, 1, "buy perfect picks") {
			t.Fatal("Perfect Picks carried by a character is for sale")
		}
	})
	t.Run("a used-up Flashbang and a spent Lucky Penny are buyable", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Flashbang", "item Lucky Penny"}
		c.Ideas = 1
		apply(t, s, 0, "take toss flashbang")
		var res engine.Result
		s.loseIdea(c, &res)
		if c.has("item Flashbang") || c.has("item Lucky Penny") {
			t.Fatalf("loot %v", c.Loot)
		}
		for _, name := range []string{"Flashbang", "Lucky Penny"} {
			if !slices.Contains(s.shopItems(), name) {
				t.Fatalf("%s: shop %v", name, s.shopItems())
			}
		}
		camp, _ := loadCampaign(mustJSON(&Campaign{Shop: s.Shop}))
		next := inclusion(t, 3)
		next.Shop, next.TeamCash = camp.Shop, 10
		apply(t, next, 0, "buy flashbang")
		apply(t, next, 1, "buy lucky penny")
		reject(t, next, 2, "buy flashbang")
	})
}

// TestLuckyPennyAndLaserBurst: the Lucky Penny is thrown away only when an
// Event would really take an Idea (none left: it stays); Laser Burst is
// usable once per heist, whoever carries it after its first use.
func TestLuckyPennyAndLaserBurst(t *testing.T) {
	t.Run("Lucky Penny with no Idea to lose", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Lucky Penny"}
		c.Ideas = 0
		s.tile("c7").addChit(Guard, true, false)
		resolve(s, "20")
		if c.Ideas != 0 || !c.has("item Lucky Penny") {
			t.Fatalf("ideas %d loot %v: the Penny is spent with nothing to save", c.Ideas, c.Loot)
		}
		c.Ideas = 1
		resolve(s, "20")
		if c.Ideas != 1 || c.has("item Lucky Penny") {
			t.Fatalf("ideas %d loot %v: the Penny saves the Idea", c.Ideas, c.Loot)
		}
	})
	t.Run("Laser Burst once per heist, whoever carries it", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Laser Burst"}
		s.tile("c5").addChit(Camera, true, false)
		apply(t, s, 0, "take kill pixels")
		apply(t, s, 0, "kill pixels toward c6")
		// Handed to another character (here: put in its hands).
		c.Loot = nil
		o := s.Chars[1]
		o.Loot = []string{"item Laser Burst"}
		if !slices.ContainsFunc(s.Legal(1), func(m string) bool { return strings.HasPrefix(m, "take ") }) {
			t.Fatalf("seat 1 cannot choose an Action: %v", s.Legal(1))
		}
		for _, m := range s.Legal(1) {
			if m == "take kill pixels" {
				t.Fatal("Laser Burst used twice in one heist")
			}
		}
	})
}

// TestFenceOneKItem: MARKET INSIGHT takes $1k off every Shop price, so a
// discarded $1k Lucky Penny back in the Shop costs nothing with the Fence.
func TestFenceOneKItem(t *testing.T) {
	s := inclusion(t, 3)
	s.Fixers = append(s.Fixers, "Fence")
	s.Shop = []string{"Lucky Penny"}
	s.TeamCash = 0
	apply(t, s, 0, "buy lucky penny")
	if s.TeamCash != 0 || !s.Chars[0].has("item Lucky Penny") {
		t.Fatalf("team cash $%dk, loot %v", s.TeamCash, s.Chars[0].Loot)
	}
}
