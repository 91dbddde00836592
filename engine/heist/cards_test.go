package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// crewBoard is a blank Inclusion Job in round 1 with seat 0 playing card
// (skills Hurry and Bypass) on hex with the given die; seats 1 and 2 wait
// on e8.
func crewBoard(t *testing.T, card, hex string, die int) (*State, *Character) {
	t.Helper()
	s := inclusion(t, 3)
	blankBoard(s)
	c := setCrew(t, s, 0, card, "Hurry", "Bypass")
	used := map[string]bool{c.Archetype: true}
	seat := 1
	for _, other := range []string{"Thug", "Lookout", "Burglar", "Pickpocket"} {
		if seat > 2 {
			break
		}
		if o := theLib().Characters[other]; !used[o.Archetype] {
			used[o.Archetype] = true
			setCrew(t, s, seat, other, "Wing It", "Linger")
			seat++
		}
	}
	heistAt(t, s, die, hex, "e8", "e8")
	return s, c
}

func TestCharacterAbilities(t *testing.T) {
	t.Run("Angry Locksmith EFFICIENT PICKER", func(t *testing.T) {
		s, c := crewBoard(t, "Angry Locksmith", "c8", 1)
		apply(t, s, 0, "take pick")
		apply(t, s, 0, "efficient picker")
		apply(t, s, 0, "move c7")
		if c.Ideas != 2 || c.Noise != 2 {
			t.Fatalf("ideas %d noise %d", c.Ideas, c.Noise)
		}
		if slices.Contains(s.Legal(0), "efficient picker") {
			t.Fatal("one extra Move per Unlock")
		}
	})
	t.Run("Angry Locksmith PICK UNDER PRESSURE", func(t *testing.T) {
		s, c := crewBoard(t, "Angry Locksmith", "c6", 1)
		s.tile("c7").addChit(Lock, true, false)
		var res engine.Result
		s.EscapeInitiated = true
		s.startEscape(&res)
		apply(t, s, 0, "unlock c7")
		if s.tile("c7").locked() || c.Ideas != 2 {
			t.Fatal("pick under pressure")
		}
	})
	t.Run("Safecracker and Thief bring their items", func(t *testing.T) {
		s := inclusion(t, 3)
		if c := setCrew(t, s, 0, "Safecracker", "Hurry", "Bypass"); !c.has("item Safecracking Tools") {
			t.Fatal("Safecracker")
		}
		if c := setCrew(t, s, 0, "Thief", "Hurry", "Bypass"); !c.has("item Plasma Torch") {
			t.Fatal("Thief")
		}
	})
	t.Run("Demolitions Guy BREACH", func(t *testing.T) {
		s, c := crewBoard(t, "Demolitions Guy", "c7", 1)
		c.Ideas = 4
		apply(t, s, 0, "take breach for 4 ideas")
		if !s.EscapeInitiated || c.Ideas != 0 {
			t.Fatal("breach")
		}
		// c7 has several external sides: the team picks one.
		apply(t, s, 0, s.Legal(0)[0])
		found := false
		for _, tl := range s.Tiles {
			if tl.Code == "BREACH" && tl.Entrance && adjacent(tl, s.tile("c7")) {
				found = true
			}
		}
		if !found {
			t.Fatal("no new Exit next to c7")
		}
	})
	t.Run("MH-CHAR-08 Thug ADRENALINE, Bruiser ANGER THERAPY, Operative PRESSURE POINTS", func(t *testing.T) {
		s, c := crewBoard(t, "Bruiser", "c7", 1)
		s.tile("c7").addChit(Guard, true, false)
		apply(t, s, 0, "escape now")
		var res engine.Result
		s.crises(&res)
		if s.Phase != PhaseEscape || s.tile("c7").guards() != 0 {
			t.Fatal("anger therapy (TestAngerTherapyEveryEscapeStart has each start)")
		}
		_ = c
		s2, _ := crewBoard(t, "Operative", "c7", 1)
		s2.tile("c7").addChit(Guard, false, false)
		resolve(s2, "23")
		if s2.tile("c7").guards() != 0 {
			t.Fatal("pressure points")
		}
	})
	t.Run("Street Urchin THERE ARE BETTER WAYS and CHANGE OF PLANS", func(t *testing.T) {
		s, c := crewBoard(t, "Street Urchin", "c7", 1)
		s.tile("c7").addChit(Guard, true, false)
		c.Ideas = 3
		apply(t, s, 0, "take run") // Hurry 1
		if slices.Contains(s.Legal(0), "move c6") {
			t.Fatal("held by the guard")
		}
		apply(t, s, 0, "better ways")
		apply(t, s, 0, "move c6")
		apply(t, s, 0, "change of plans")
		if c.Replans != 3 || c.Ideas != 0 {
			t.Fatalf("replans %d ideas %d", c.Replans, c.Ideas)
		}
		s2, c2 := crewBoard(t, "Street Urchin", "c7", 1)
		s2.tile("c6").addChit(Guard, true, false)
		c2.Skills = [2]string{"Smash 'n' Grab", "Hurry"}
		apply(t, s2, 0, "take punch")
		for _, m := range s2.Legal(0) {
			if strings.HasPrefix(m, "subdue") {
				t.Fatal("cannot subdue")
			}
		}
	})
	t.Run("Street Urchin escapes Guarded spaces for one move", func(t *testing.T) {
		s, c := crewBoard(t, "Street Urchin", "e7", 1)
		s.tile("e7").addChit(Guard, true, false)
		s.tile("e7").addChit(Guard, true, false)
		var res engine.Result
		s.EscapeInitiated = true
		s.startEscape(&res)
		c.Ideas = 1
		apply(t, s, 0, "move e8")
		if !c.Escaped {
			t.Fatal("one Escape Move out of a guarded space")
		}
	})
	t.Run("Script Kiddie AUTOPWN and I CAN HAZ TEH CODES", func(t *testing.T) {
		s, c := crewBoard(t, "Script Kiddie", "c7", 1)
		s.tile("c6").addChit(Camera, true, false)
		s.tile("c5").Unknown = true
		apply(t, s, 0, "take autopwn for 1 idea")
		other := s.Chars[1]
		apply(t, s, 0, "autopwn "+lower(other.Name)+" unlock")
		if other.Pool.Unlock != 1 || other.Noise != 1 || c.Ideas != 4 {
			t.Fatalf("autopwn: pool %+v", other.Pool)
		}
		apply(t, s, 0, "i can haz teh codes")
		if s.tile("c5").Unknown || c.Ideas != 2 {
			t.Fatal("codes")
		}
	})
	t.Run("Burglar DART, Ghost Runner BOLT", func(t *testing.T) {
		s, c := crewBoard(t, "Burglar", "c8", 1)
		apply(t, s, 0, "take dart for 1 idea")
		if c.Pool.Move != 2 || c.Noise != 1 || c.Ideas != 1 {
			t.Fatal("dart")
		}
		s2, c2 := crewBoard(t, "Ghost Runner", "c8", 1)
		apply(t, s2, 0, "take bolt (3 moves) for 2 ideas")
		if c2.Pool.Move != 3 || c2.Ideas != 0 {
			t.Fatal("bolt")
		}
	})
	t.Run("Grease Man VENT CRAWL", func(t *testing.T) {
		// e4 and e6 face each other across the gap e5.
		s, c := crewBoard(t, "Grease Man", "e4", 1)
		apply(t, s, 0, "take dart for 1 idea")
		apply(t, s, 0, "vent crawl e6")
		if c.Noise != 5 {
			t.Fatal("4 Noise")
		}
	})
	t.Run("Lookout GOOD IN A PINCH once, Sentinel GREAT IN A PINCH", func(t *testing.T) {
		s, c := crewBoard(t, "Lookout", "c6", 1)
		c.Ideas = 4
		var res engine.Result
		s.EscapeInitiated = true
		s.Chars[1].Hex = "c6"
		s.startEscape(&res)
		apply(t, s, 0, "pinch "+lower(s.Chars[1].Name))
		if c.Ideas != 2 || slices.Contains(s.Legal(0), "pinch "+lower(s.Chars[1].Name)) {
			t.Fatal("good in a pinch is once")
		}
	})
	t.Run("Pickpocket LARCENIST", func(t *testing.T) {
		s, c := crewBoard(t, "Pickpocket", "c7", 1)
		s.tile("c6").Loot = []string{Jewel}
		apply(t, s, 0, "larcenist")
		apply(t, s, 0, "pick up jewel from c6")
		if !c.has(Jewel) {
			t.Fatal("larcenist")
		}
	})
	t.Run("Con Artist TOSS LOOT", func(t *testing.T) {
		s, c := crewBoard(t, "Con Artist", "c7", 1)
		c.Loot = []string{Jewel}
		apply(t, s, 0, "take toss loot")
		apply(t, s, 0, "toss jewel to c5")
		if !slices.Contains(s.tile("c5").Loot, Jewel) {
			t.Fatal("toss")
		}
	})
	t.Run("Shutter Bug PATCH IN, Technician LOOP FOOTAGE, Tinkerer REWIRE", func(t *testing.T) {
		s, _ := crewBoard(t, "Shutter Bug", "c7", 1)
		if slices.Contains(s.Legal(0), "take patch in") {
			t.Fatal("patch in needs an adjacent live camera")
		}
		s.tile("c6").addChit(Camera, true, false)
		apply(t, s, 0, "take patch in")
		s2, _ := crewBoard(t, "Technician", "c8", 1)
		s2.tile("c7").addChit(Camera, true, false)
		apply(t, s2, 0, "take loop footage for 2 ideas")
		s2.Chars[0].Pool.Move = 1
		deck := len(s2.Deck)
		apply(t, s2, 0, "move c7")
		if len(s2.Deck) != deck {
			t.Fatal("loop footage")
		}
		s3, _ := crewBoard(t, "Tinkerer", "c7", 1)
		s3.tile("c6").addChit(Camera, true, false)
		s3.tile("c6").addChit(Guard, true, false)
		apply(t, s3, 0, "take rewire for 2 ideas")
		apply(t, s3, 0, "rewire c6")
		if s3.tile("c6").liveCamera() || s3.tile("c6").guards() != 0 {
			t.Fatal("rewire")
		}
	})
}

func TestItems(t *testing.T) {
	t.Run("Cheap Picks RAKE and BREAKABLE", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Cheap Picks"}
		apply(t, s, 0, "take rake")
		if c.Pool.Unlock != 2 || c.has("item Cheap Picks") {
			t.Fatal("rake on a 2 breaks the picks")
		}
	})
	t.Run("Perfect Picks PERFECTION", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Perfect Picks"}
		s.tile("c6").addChit(Lock, true, false)
		apply(t, s, 0, "take perfect pick")
		apply(t, s, 0, "unlock c6")
		apply(t, s, 0, "done")
		if s.Noise.Level != 0 {
			t.Fatal("no noise")
		}
	})
	t.Run("Flashbang", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Flashbang"}
		s.tile("c6").addChit(Guard, true, false)
		apply(t, s, 0, "take toss flashbang")
		if s.tile("c6").guards() != 0 || c.has("item Flashbang") {
			t.Fatal("flashbang")
		}
	})
	t.Run("Laser Burst KILL PIXELS", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Laser Burst"}
		s.tile("c5").addChit(Camera, true, false)
		apply(t, s, 0, "take kill pixels")
		apply(t, s, 0, "kill pixels toward c6")
		if s.tile("c5").liveCamera() || c.Noise != 1 {
			t.Fatal("kill pixels")
		}
	})
	t.Run("Lucky Penny", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 2)
		c.Loot = []string{"item Lucky Penny"}
		c.Ideas = 1
		s.tile("c7").addChit(Guard, true, false)
		resolve(s, "20")
		if c.Ideas != 1 || c.has("item Lucky Penny") {
			t.Fatal("lucky penny")
		}
	})
	t.Run("Dog Whistle", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c8", 2)
		c.Loot = []string{"item Dog Whistle"}
		s.tile("c6").addChit(Dog, true, false)
		apply(t, s, 0, "take blow whistle")
		apply(t, s, 0, "move c7")
		if s.tile("c6").count(Dog, true) != 1 {
			t.Fatal("dog chased")
		}
	})
	t.Run("Radio TWEAK PLAN", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c8", 2)
		c.Loot = []string{"item Radio"}
		apply(t, s, 0, "take tweak plan")
		for _, o := range s.Chars {
			if o.Tweaks != 1 {
				t.Fatal("radio")
			}
		}
	})
	t.Run("Camouflage", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "g3", 2)
		c.Loot = []string{"item Camouflage"}
		var res engine.Result
		s.EscapeInitiated = true
		s.startEscape(&res)
		apply(t, s, 0, "give up")
		if c.Busted {
			t.Fatal("camouflage")
		}
	})
	t.Run("Master Plan Copy and Building Schematics", func(t *testing.T) {
		s := inclusion(t, 3)
		s.TeamCash = 10
		m := s.Chars[0].Memory
		apply(t, s, 0, "buy master plan copy")
		apply(t, s, 0, "buy building schematics")
		if s.Chars[0].Memory != m+2 {
			t.Fatal("scrawled on palm")
		}
		apply(t, s, 0, "schematics g4")
		if s.tile("g4").Unknown {
			t.Fatal("consult floorplans")
		}
	})
}

func TestFixers(t *testing.T) {
	t.Run("Old Friend TEAMWORK outdoors only", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c8", 2)
		c.Ideas = 2
		target := s.Chars[1]
		before := target.Ideas
		apply(t, s, 0, "teamwork "+lower(target.Name))
		if c.Ideas != 0 || target.Ideas != before+1 {
			t.Fatal("teamwork")
		}
	})
	fixerState := func(t *testing.T, fixer string, cash int) *State {
		s := inclusion(t, 3)
		s.Fixers = append(s.Fixers, fixer)
		s.TeamCash = cash
		return s
	}
	t.Run("Fence MARKET INSIGHT", func(t *testing.T) {
		s := fixerState(t, "Fence", 3)
		apply(t, s, 0, "buy cheap picks")
		if s.TeamCash != 0 {
			t.Fatal("fence")
		}
	})
	t.Run("Visage IT'S ALL ONLINE, The Machinist, Shell", func(t *testing.T) {
		s := fixerState(t, "Visage", 5)
		s.Fixers = append(s.Fixers, "The Machinist", "Shell")
		apply(t, s, 0, "hire shell")
		s.Bag = map[string]int{Lock: 1}
		ideas := s.Chars[0].Ideas
		apply(t, s, 0, "visage reveal g4")
		if s.TeamCash != 1 || s.Chars[0].Ideas != ideas+1 {
			t.Fatal("visage/machinist")
		}
		s.Bag = map[string]int{Camera: 1}
		apply(t, s, 0, "visage reveal g6")
		if s.tile("g6").liveCamera() {
			t.Fatal("shell")
		}
	})
	t.Run("Beat Cop, Prison Guard, Bookie, Connoiseur, Diversion Artist", func(t *testing.T) {
		s := fixerState(t, "Beat Cop", 20)
		apply(t, s, 0, "beat cop 2 guards")
		if s.Bag[Guard] != 3 || s.Bag[Blank] != 2 || s.TeamCash != 17 {
			t.Fatal("beat cop")
		}
		s.Fixers = append(s.Fixers, "Bookie", "Connoiseur", "Diversion Artist")
		apply(t, s, 0, "bet 8k")
		apply(t, s, 0, "connoisseur")
		if s.tile("a4").Cash != 3 {
			t.Fatal("connoisseur")
		}
		apply(t, s, 0, "buy time")
		var res engine.Result
		s.addNoiseFor(2, &res)
		if s.Noise.Level != 1 {
			t.Fatal("buy time")
		}
		p := newTestState(t, "county-the-hole", 3, 1)
		p.Fixers, p.TeamCash = []string{"Prison Guard"}, 3
		apply(t, p, 0, "prison guard")
		if p.Bag[Blank] != 2 {
			t.Fatal("prison guard")
		}
	})
	t.Run("Consultant ON CALL", func(t *testing.T) {
		s := fixerState(t, "Consultant", 3)
		apply(t, s, 0, "consultant 2")
		setPhase(s, PhaseAction)
		s.Bag = map[string]int{Guard: 1}
		var res engine.Result
		s.reveal(s.tile("g4"), &res)
		heistAt(t, s, 3, "c8")
		s.DrawnThisRound = []string{"g4"}
		apply(t, s, 0, "on call g4 guard")
		if s.tile("g4").guards() != 0 || s.ConsultantBlanks != 1 {
			t.Fatal("on call")
		}
	})
	t.Run("The Architect, Retiree, The Mayor", func(t *testing.T) {
		s := fixerState(t, "The Architect", 20)
		s.Fixers = append(s.Fixers, "Retiree", "The Mayor")
		apply(t, s, 0, "floorplans c7")
		reject(t, s, 0, "floorplans g4")
		apply(t, s, 0, "floorplans c6")
		if s.TeamCash != 17 {
			t.Fatalf("architect cash %d", s.TeamCash)
		}
		apply(t, s, 0, "retiree m2 at 1")
		if s.Deck[0] != "M2" || s.TeamCash != 14 {
			t.Fatal("retiree")
		}
		s.tile("c7").Unknown = false
		s.tile("c7").addChit(Guard, true, false)
		apply(t, s, 1, "inside man c7")
		if s.Chars[1].Hex != "c7" || s.tile("c7").guards() != 0 {
			t.Fatal("mayor")
		}
	})
}

func TestNPCs(t *testing.T) {
	t.Run("MH-NPC-05 MH-NPC-07 Hostage taken on its tile, PLOTTING ESCAPE", func(t *testing.T) {
		s := newTestState(t, "the-hospitality-job", 3, 1)
		n := s.NPC
		if n == nil || n.Active {
			t.Fatal("hostage should start inactive")
		}
		heistAt(t, s, 3, n.Hex)
		apply(t, s, 0, "take hostage")
		if !n.Active || n.Ideas != 3 || n.Die == 0 {
			t.Fatalf("hostage %+v", n)
		}
		if !slices.Contains(s.Legal(1), "npc take crawl") {
			t.Fatalf("MH-NPC-02: any seat acts for the NPC: %v", s.Legal(1))
		}
	})
	t.Run("MH-NPC-08 Prisoner freed by the server", func(t *testing.T) {
		s := newTestState(t, "the-greedy-prisoner", 3, 1)
		n := s.NPC
		if n == nil || n.Active || !s.tile(n.Hex).remoteLocked() {
			t.Fatalf("prisoner %+v", n)
		}
		heistAt(t, s, 3, "b3")
		var res engine.Result
		s.checkServers(&res)
		s.npcFreed(&res)
		if !n.Active {
			t.Fatal("not freed")
		}
	})
	t.Run("MH-NPC-09 Panic", func(t *testing.T) {
		s := newTestState(t, "the-side-channel", 3, 1)
		resolve(s, "C5")
		if !s.NPC.Panicked || s.npcSide(s.NPC).Name != "Panicked Guide" {
			t.Fatal("panic")
		}
	})
}

func TestPlasmaTorch(t *testing.T) {
	s, c := crewBoard(t, "Thug", "c7", 1)
	safe := s.tile("c6")
	safe.Tokens, safe.SafeNeeds = []string{TokSafe}, 2
	holder := s.Chars[1]
	holder.Hex = "c6"
	holder.Loot = []string{"item Plasma Torch"}
	c.Pool.Unlock = 1
	c.Action = "Pick"
	apply(t, s, 0, "hold this for "+lower(holder.Name))
	if safe.Cracks != 1 {
		t.Fatal("hold this")
	}
}

func TestShopAndSwindler(t *testing.T) {
	t.Run("MH-SHOP-05 MH-SHOP-04 selling for half, the item becomes buyable", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Chars[0].Loot = []string{"item Camouflage"}
		apply(t, s, 0, "sell camouflage")
		if s.TeamCash != 2 || !slices.Contains(s.shopItems(), "Camouflage") {
			t.Fatalf("cash %d shop %v", s.TeamCash, s.shopItems())
		}
	})
	t.Run("Curator PERSUASIVE", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Fixers = append(s.Fixers, "Curator")
		s.Chars[0].Loot = []string{"item Camouflage"}
		apply(t, s, 0, "sell camouflage")
		if s.TeamCash != 4 {
			t.Fatalf("cash %d", s.TeamCash)
		}
	})
	t.Run("Con Artist SWINDLER drops on an adjacent tile", func(t *testing.T) {
		s, c := crewBoard(t, "Con Artist", "c7", 1)
		c.Loot = []string{Jewel}
		apply(t, s, 0, "swindler")
		apply(t, s, 0, "drop jewel on c6")
		if !slices.Contains(s.tile("c6").Loot, Jewel) {
			t.Fatal("swindler")
		}
	})
}

func TestScenarioSpecials(t *testing.T) {
	t.Run("Check validates without changing the state", func(t *testing.T) {
		s := inclusion(t, 3)
		before, _ := s.Marshal()
		if err := s.Check(0, "start c8"); err != nil {
			t.Fatal(err)
		}
		if err := s.Check(0, "start z9"); err == nil {
			t.Fatal("bad move accepted")
		}
		after, _ := s.Marshal()
		if string(before) != string(after) {
			t.Fatal("Check changed the state")
		}
	})
	t.Run("Watchman WE KNOW A WAY: anyone's Reveal is an Idea once the bag is empty", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		setCrew(t, s, 1, "Watchman", "Hurry", "Bypass").Hex = "e8"
		c := setCrew(t, s, 0, "Thug", "Hurry", "Bypass")
		c.Hex, c.Die = "c7", 4
		s.Bag = map[string]int{}
		apply(t, s, 0, "take observe")
		apply(t, s, 0, "reveal as idea")
		if c.Ideas != 1 {
			t.Fatal("we know a way")
		}
	})
	t.Run("The Side Channel CRACK CIPHER", func(t *testing.T) {
		s := newTestState(t, "the-side-channel", 3, 1)
		var gate *Tile
		for _, tl := range s.Tiles {
			if tl.has("remote y") {
				gate = tl
			}
		}
		heistAt(t, s, 3, "h8")
		s.tile("h8").Loot = []string{USB}
		apply(t, s, 0, "pick up usb")
		if gate.has("remote y") {
			t.Fatal("crack cipher")
		}
	})
	t.Run("The Black Box CHECK THE LOGS", func(t *testing.T) {
		s := newTestState(t, "the-black-box", 3, 1)
		var server *Tile
		for _, tl := range s.Tiles {
			if tl.has(TokBeacon) {
				server = tl
			}
		}
		heistAt(t, s, 3, server.Hex)
		server.Loot = []string{USB}
		apply(t, s, 0, "pick up usb")
		if s.Chars[0].Cash != 3 {
			t.Fatal("check the logs")
		}
	})
	t.Run("The Safehouse Rescue AMBUSH REQUIRED", func(t *testing.T) {
		s := newTestState(t, "the-safehouse-rescue", 3, 1)
		heistAt(t, s, 3, "a3")
		s.RoundSubdued = 1
		var res engine.Result
		s.ambush(&res)
		if len(s.CrisisQueue) == 0 || s.CrisisQueue[0] != "C1" || slices.Contains(s.Deck, "C1") {
			t.Fatalf("queue %v", s.CrisisQueue)
		}
	})
	t.Run("The Safehouse Rescue MOVING TARGET", func(t *testing.T) {
		s := newTestState(t, "the-safehouse-rescue", 3, 1)
		heistAt(t, s, 3, "a3")
		from := s.NPC.Hex
		var res engine.Result
		s.endOfEventSpecials(&res)
		if s.NPC.Hex == from {
			t.Fatal("the captured Prisoner should move toward the van")
		}
	})
	t.Run("Hostage SQUIRRELY, Guide TALKATIVE", func(t *testing.T) {
		s := newTestState(t, "the-hospitality-job", 3, 1)
		heistAt(t, s, 3, s.NPC.Hex)
		apply(t, s, 0, "take hostage")
		for _, c := range s.Chars {
			c.Hex = s.entrances()[0].Hex
		}
		ideas := 0
		for _, c := range s.Chars {
			ideas += c.Ideas
		}
		var res engine.Result
		s.npcEndOfAction(&res)
		// All three tie for nearest: the team picks one, then that
		// character's player picks the cost (see choices_test.go).
		for s.choice() != nil {
			apply(t, s, int(s.Turn().Seats[0]), s.Legal(s.Turn().Seats[0])[0])
		}
		after := 0
		for _, c := range s.Chars {
			after += c.Ideas
		}
		if after != ideas-1 && s.Noise.Level != 2 || after != ideas && s.Noise.Level == 2 {
			t.Fatal("squirrely")
		}
		g := newTestState(t, "the-side-channel", 3, 1)
		heistAt(t, g, 3, g.NPC.Hex)
		g.NPC.Panicked = true
		g.npcEndOfAction(&res)
		if g.Noise.Level != 1 {
			t.Fatal("talkative")
		}
	})
	t.Run("NPC specials FANCY CARD FLICK and STUDY SCHEMATICS", func(t *testing.T) {
		s := newTestState(t, "the-melee-job", 3, 1)
		blankBoard(s)
		heistAt(t, s, 6, "c7")
		n := s.NPC
		n.Hex, n.Die, n.Done = "c7", 1, false
		n.Loot = []string{Keycard}
		apply(t, s, 0, "npc take special")
		var flick string
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "npc flick keycard to ") {
				flick = m
			}
		}
		if flick == "" {
			t.Fatal("no flick")
		}
		apply(t, s, 0, flick)
		b := newTestState(t, "the-black-box", 3, 1)
		heistAt(t, b, 6, b.NPC.Hex)
		a := b.NPC
		a.Die, a.Done = 1, false
		a.Loot = []string{Document}
		apply(t, b, 0, "npc take special")
		apply(t, b, 0, "npc study schematics")
		cash := 0
		for _, tl := range b.Tiles {
			if tl.has(TokKennel) || tl.has(TokReinforcements) {
				cash += tl.Cash
			}
		}
		if cash == 0 {
			t.Fatal("study schematics")
		}
	})
}
