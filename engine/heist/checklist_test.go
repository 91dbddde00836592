package heist

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/heist/content"
)

// TestChecklist covers the checklist items not tested elsewhere, one
// subtest per item or group, named by ID.
func TestChecklist(t *testing.T) {
	l := theLib()
	cnt := content.MustLoad()
	t.Run("MH-PIECES-01 MH-PIECES-02 card counts in the data", func(t *testing.T) {
		if len(cnt.Characters) != 24 || len(cnt.Events) != 41 || len(cnt.Crises) != 12 || len(cnt.Fixers) != 15 ||
			len(cnt.Items) != 15 || len(cnt.NPCs) != 3 || len(cnt.SkillTypes()) != 21 {
			t.Fatal("card counts")
		}
	})
	t.Run("MH-PIECES-03 MH-INTRO-03 3 or 4 characters, 1 to 4 people", func(t *testing.T) {
		for _, n := range []int{2, 5} {
			if _, err := Game().New(engine.Setup{Players: n, Options: map[string]string{}}); err == nil {
				t.Fatalf("%d characters accepted", n)
			}
		}
		g := Game()
		for people, want := range map[int]int{1: 3, 2: 3, 3: 3, 4: 4} {
			if n, err := g.Seats(people, map[string]string{}); err != nil || n != want {
				t.Fatalf("%d people: %d seats (%v)", people, n, err)
			}
		}
		if n, _ := g.Seats(1, map[string]string{"characters": "4"}); n != 4 {
			t.Fatal("characters=4")
		}
		if _, err := g.Seats(4, map[string]string{"characters": "3"}); err == nil {
			t.Fatal("4 people on 3 characters")
		}
	})
	t.Run("MH-PIECES-06 MH-PIECES-08 supply caps", func(t *testing.T) {
		if supplyCaps[Camera] != 15 || supplyCaps[Dog] != 8 || supplyCaps[Guard] != 15 || supplyCaps[Lock] != 12 {
			t.Fatal("caps")
		}
	})
	t.Run("MH-CHAR-01 MH-CHAR-02 MH-CHAR-03 MH-CHAR-05 character cards", func(t *testing.T) {
		for _, name := range l.CharOrder {
			c := l.Characters[name]
			if (c.Level != 1 && c.Level != 2) || c.Memory <= 0 || c.Ideas < 0 || len(c.Defaults) < 2 || len(c.Defaults) > 3 {
				t.Fatalf("%+v", c)
			}
		}
	})
	t.Run("MH-SKILL-01 MH-SKILL-02 MH-SKILL-03 skills", func(t *testing.T) {
		for _, name := range l.SkillOrder {
			sk := l.Skills[name]
			for _, f := range sk.Faces {
				if f.Name == "" || len(f.Subs) == 0 {
					t.Fatalf("%s: empty face", name)
				}
			}
			if sk.Level != 1 && sk.Level != 2 {
				t.Fatal(name)
			}
		}
		s := inclusion(t, 4)
		for _, c := range s.Chars {
			if c.Skills[0] == "" || c.Skills[1] == "" {
				t.Fatal("two skills each")
			}
		}
	})
	t.Run("MH-CHAR-04 defaults whatever the die", func(t *testing.T) {
		s := inclusion(t, 3)
		blankBoard(s)
		heistAt(t, s, 1, "c7")
		for _, card := range []string{"Angry Locksmith", "Thug", "Street Urchin", "Lookout", "Pickpocket"} {
			c := setCrew(t, s, 0, card, "Hurry", "Wing It")
			c.Hex = "c7"
			for die := 1; die <= 6; die++ {
				c.Die, c.Ideas = die, 0
				opts := s.actionChoices(c)
				names := map[string]bool{}
				for _, o := range opts {
					names[o.Name] = true
				}
				for _, d := range l.Characters[card].Defaults {
					if !specialDefaults[d.Name] && !names[d.Name] {
						t.Fatalf("%s die %d: default %s missing", card, die, d.Name)
					}
				}
				if len(l.Characters[card].Defaults)+2 < 4 {
					t.Fatal("fewer than four options")
				}
			}
		}
	})
	t.Run("no Move before an Action (see MH-CHAR-06 in outcome_test.go)", func(t *testing.T) {
		s, c := crewBoard(t, "Burglar", "c8", 3)
		if c.Pool.Move != 0 || slices.Contains(s.Legal(0), "move c7") {
			t.Fatal("no moves before taking Dart")
		}
	})
	t.Run("MH-CHAR-07 a once-per-heist ability is used once", func(t *testing.T) {
		s, c := crewBoard(t, "Black Hat", "c7", 3)
		s.tile("c6").addChit(Camera, true, false)
		s.tile("c5").Unknown = true
		apply(t, s, 0, "has the code")
		s.tile("b5").Unknown = true
		s.tile("b5").Chits = nil
		if slices.Contains(s.Legal(0), "has the code") {
			t.Fatal("used twice")
		}
		_ = c
	})
	t.Run("MH-ACTION-03 one Action per round", func(t *testing.T) {
		s, _ := crewBoard(t, "Thug", "c7", 3)
		apply(t, s, 0, "take walk")
		if msg := reject(t, s, 0, "take walk"); !strings.Contains(msg, "already") {
			t.Fatal(msg)
		}
	})
	t.Run("MH-ACTION-06 only moves that reveal are marked", func(t *testing.T) {
		s, _ := crewBoard(t, "Thug", "c8", 3)
		res := apply(t, s, 0, "take walk")
		if res.Reveals {
			t.Fatal("take revealed nothing")
		}
		s.tile("b6").Unknown = true
		res = apply(t, s, 0, "move c7")
		if !res.Reveals {
			t.Fatal("auto-reveal not marked")
		}
	})
	t.Run("MH-SUB-01 MH-SUB-02 MH-SUB-ALERT-01 an Alert icon is required", func(t *testing.T) {
		s, c := crewBoard(t, "Thug", "c7", 3)
		c.Skills = [2]string{"Blast", "Hurry"}
		apply(t, s, 0, "take detonate")
		top := s.Deck[0]
		apply(t, s, 0, "done")
		if !slices.Contains(s.Discard, top) {
			t.Fatal("Detonate's Alert was not raised")
		}
	})
	t.Run("MH-EVENT-01 MH-EVENT-03 MH-EPHASE-01 MH-EPHASE-03 MH-EPHASE-07 one Event, the top card when the Action ends", func(t *testing.T) {
		s := eventBoard(t, "c8", "e8", "i5")
		s.Deck = []string{"6", "1", "M1", "M1"}
		for i := range s.Chars {
			takeFree(t, s, i)
			if i < 2 {
				apply(t, s, i, "done")
				if s.Round != 1 {
					t.Fatal("MH-EPHASE-01: event phase before everyone is done")
				}
			}
		}
		var res engine.Result
		s.raiseAlert(&res, "test") // discards 6: Event 1 is on top now
		apply(t, s, 2, "done")
		if s.Bag[Camera] != 9 || !slices.Contains(s.Discard, "1") || len(s.Deck) != 2 {
			t.Fatalf("bag %v discard %v deck %v", s.Bag, s.Discard, s.Deck)
		}
	})
	t.Run("MH-EVENT-04 the deck is public", func(t *testing.T) {
		s := inclusion(t, 3)
		v := s.View(engine.Public).(*View)
		if !slices.Equal(v.State.Deck, s.Deck) {
			t.Fatal("deck hidden")
		}
	})
	t.Run("MH-CRISIS-01 MH-CRISIS-04 MH-CRISIS-05 MH-EPHASE-08 MH-EPHASE-09 crises after the Event, in order", func(t *testing.T) {
		s := eventBoard(t, "c8", "e8", "i5")
		s.tile("c6").Tokens = []string{"gate a"}
		s.Deck = []string{"M1", "C4", "C3", "M1"}
		var res engine.Result
		s.eventPhase(&res)
		if !slices.Equal(s.CrisisQueue, []string{"C4", "C3"}) {
			t.Fatalf("queue %v", s.CrisisQueue)
		}
		s.afterEvent(&res)
		i, j := slices.Index(s.Discard, "C4"), slices.Index(s.Discard, "C3")
		if len(s.CrisisQueue) != 0 || i < 0 || j < i || slices.Index(s.Discard, "M1") > i || real(s.tile("c6")) {
			t.Fatalf("discard %v", s.Discard)
		}
	})
	t.Run("MH-EPHASE-06 a Crisis queued during the Active Event", func(t *testing.T) {
		s := eventBoard(t, "c8", "c8", "i5")
		s.Deck = []string{"2", "M1", "C4", "M1"}
		var res engine.Result
		s.eventPhase(&res)
		if !slices.Contains(s.CrisisQueue, "C4") {
			t.Fatalf("queue %v", s.CrisisQueue)
		}
	})
	t.Run("MH-EPHASE-10 no actions in the Event phase", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c7").addChit(Guard, false, false)
		resolve(s, "12")
		setPhase(s, PhaseEvent)
		if got := s.Legal(0); !slices.Equal(got, []string{"blab", "decline"}) {
			t.Fatalf("legal %v", got)
		}
	})
	t.Run("MH-NOISE-04 Events and Crises never add Noise", func(t *testing.T) {
		for code := range l.Cards {
			s := eventBoard(t, "c7", "c7", "e8")
			s.tile("a4").Tokens = []string{TokKennel}
			s.tile("c6").addChit(Guard, false, false)
			resolve(s, code)
			if s.Noise.Level != 0 {
				t.Fatalf("%s added Noise", code)
			}
		}
	})
	t.Run("a Keycard from the bag lies on its hex (see MH-SEC-08 in outcome_test.go)", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Bag = map[string]int{Keycard: 1}
		var res engine.Result
		setPhase(s, PhaseAction)
		s.reveal(s.tile("g4"), &res)
		if !slices.Contains(s.tile("g4").Loot, Keycard) {
			t.Fatal("any circle chit may be in the bag")
		}
	})
	t.Run("MH-BOARD-04 MH-BOARD-05 adjacency", func(t *testing.T) {
		s := inclusion(t, 3)
		if !adjacent(s.tile("c7"), s.tile("c8")) || adjacent(s.tile("c7"), s.tile("c7")) || adjacent(s.tile("c7"), s.tile("c5")) ||
			!adjacent(s.tile("c7"), s.tile("d6")) || !adjacent(s.tile("c7"), s.tile("b6")) {
			t.Fatal("adjacency")
		}
	})
	t.Run("MH-BOARD-01 MH-BOARD-02 MH-BOARD-03 MH-SETUP-04 every map hex is a tile", func(t *testing.T) {
		for _, sc := range cnt.Scenarios {
			s := newTestState(t, sc.Slug, 3, 1)
			if len(s.Tiles) != len(sc.Map.Hexes) {
				t.Fatalf("%s: %d tiles, map has %d", sc.Slug, len(s.Tiles), len(sc.Map.Hexes))
			}
			unknown := 0
			for _, h := range sc.Map.Hexes {
				if h.Tile.Has(content.PieceUnknown) {
					unknown++
				}
			}
			n := 0
			for _, tl := range s.Tiles {
				if tl.Unknown {
					n++
				}
			}
			if n != unknown {
				t.Fatalf("%s: unknown tiles", sc.Slug)
			}
		}
	})
	t.Run("MH-BOARD-06 MH-BOARD-07 MH-BOARD-09 Entrances are Exits, unlimited in the Heist", func(t *testing.T) {
		s := eventBoard(t, "c8", "c8", "c7")
		s.Chars[2].Skills = [2]string{"Hurry", "Bypass"}
		s.Chars[2].Die = 1
		apply(t, s, 2, "take run")
		apply(t, s, 2, "move c8")
		if !s.isExit(s.Chars[0], s.tile("c8")) {
			t.Fatal("an Entrance is an Exit")
		}
	})
	t.Run("MH-BOARD-10 MH-BOARD-11 MH-BOARD-12 external sides", func(t *testing.T) {
		s := inclusion(t, 3)
		// c8 and d6 have sides onto the outside; c6 is surrounded by
		// hexes; e4, d4 and d5 miss neighbours only where a non-tiled gap
		// (e5) is enclosed by hexes, so they have no external side.
		for hex, want := range map[string]bool{"c8": true, "d6": true, "b6": true, "c6": false, "e4": false, "d4": false, "d5": false} {
			if got := s.externalSide(s.tile(hex)); got != want {
				t.Fatalf("%s: external %v, want %v", hex, got, want)
			}
		}
	})
	t.Run("MH-GATE-01 MH-GATE-06 gates are normal hexes; removed at the Escape", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c6").Tokens = []string{"gate a"}
		if s.canEnter(s.Chars[0], s.tile("c7"), s.tile("c6"), false) != "" {
			t.Fatal("gate hex")
		}
		var res engine.Result
		s.startEscape(&res)
		if s.tile("c6").has("gate a") || !real(s.tile("c6")) {
			t.Fatal("gate token at Escape")
		}
	})
	t.Run("MH-DOG-05 MH-DOG-06 MH-DOG-07 MH-DOG-08 kennel and chase choices", func(t *testing.T) {
		s := eventBoard(t, "c7", "c8", "i5")
		s.tile("c6").Tokens = []string{TokKennel}
		if s.canEnter(s.Chars[0], s.tile("c7"), s.tile("c6"), false) != "" {
			t.Fatal("the Kennel is entered freely")
		}
		resolve(s, "D1")
		if s.tile("c7").count(Dog, true) != 1 {
			t.Fatal("the Dog from the Kennel should end on c7: it can only jump onto c7")
		}
		s2, c := crewBoard(t, "Street Urchin", "c7", 1)
		s2.tile("c7").addChit(Dog, true, false)
		c.Ideas = 2
		apply(t, s2, 0, "take run")
		apply(t, s2, 0, "better ways")
		apply(t, s2, 0, "move c6")
		if s2.tile("c7").count(Dog, true) != 1 {
			t.Fatal("MH-DOG-08: the Dog should stay")
		}
	})
	t.Run("MH-KEYPAD-03 MH-KEYPAD-05 keycard is loot; opening in Escape costs a move", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c7").Loot = []string{Keycard}
		apply(t, s, 0, "pick up keycard")
		s.tile("c6").Tokens = []string{TokKeycardDoor}
		var res engine.Result
		s.startEscape(&res)
		c := s.Chars[0]
		c.Ideas = 1
		apply(t, s, 0, "open c6")
		if c.Ideas != 0 || s.tile("c6").has(TokKeycardDoor) {
			t.Fatal("keypad in Escape")
		}
	})
	t.Run("MH-USB-01 MH-USB-02 the USB key comes from the bag with a Guard", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Bag = map[string]int{USB: 1}
		var res engine.Result
		s.reveal(s.tile("g4"), &res)
		if !slices.Contains(s.tile("g4").Loot, USB) || s.tile("g4").guards() != 1 {
			t.Fatal("usb")
		}
	})
	t.Run("MH-TUNNEL-02 two tunnels on different spaces", func(t *testing.T) {
		s := newTestState(t, "the-black-box", 3, 1)
		var tunnels []string
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "tunnel ") {
				tunnels = append(tunnels, m)
			}
		}
		apply(t, s, 0, tunnels[0])
		if slices.Contains(s.Legal(0), tunnels[0]) || !slices.Contains(s.Legal(0), tunnels[1]) {
			t.Fatal("second tunnel")
		}
		apply(t, s, 0, tunnels[1])
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "tunnel ") {
				t.Fatal("only two")
			}
		}
	})
	t.Run("MH-REMOTE-02 MH-REMOTE-03 MH-REMOTE-04 imprisoned: no Move, Ideas and Noise still", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.tile("c7").Tokens = []string{"remote x"}
		s.tile("a4").Tokens = []string{"server x"}
		c := s.Chars[0]
		c.Skills = [2]string{"Hurry", "Bypass"}
		c.Die = 4 // Hurry 4: Observe (idea, reveal, noise)
		if w := s.canEnter(c, s.tile("c7"), s.tile("c6"), false); !strings.Contains(w, "imprisoned") {
			t.Fatal(w)
		}
		apply(t, s, 0, "take observe")
		apply(t, s, 0, "idea")
		apply(t, s, 0, "done")
		if s.Noise.Level != 1 {
			t.Fatal("noise")
		}
	})
	t.Run("MH-NPC-01 MH-NPC-03 MH-NPC-04 MH-NPC-06 MH-NPC-10 the NPC acts like a character without plans", func(t *testing.T) {
		s := newTestState(t, "the-side-channel", 3, 1)
		heistAt(t, s, 3, "h8")
		var res engine.Result
		s.npcRoll(&res)
		n := s.NPC
		if n.Die < 1 || n.Ideas != 2 {
			t.Fatalf("npc %+v", n)
		}
		apply(t, s, 0, "npc take stride")
		moved := false
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "npc move ") {
				apply(t, s, 0, m)
				moved = true
				break
			}
		}
		if !moved {
			t.Fatal("the NPC needs no planning token")
		}
		apply(t, s, 1, "npc done")
		if !n.Done {
			t.Fatal("npc done")
		}
	})
	t.Run("MH-CRACK-04 MH-ITEM-05 MH-ITEM-06 any character with the item cracks; items pass like loot", func(t *testing.T) {
		s, _ := crewBoard(t, "Lookout", "c7", 1)
		safe := s.tile("c7")
		safe.Tokens, safe.SafeNeeds = []string{TokSafe}, 3
		s.Chars[1].Hex = "c7"
		s.Chars[1].Loot = []string{"item Safecracking Tools"}
		apply(t, s, 1, "drop safecracking tools")
		apply(t, s, 0, "pick up safecracking tools")
		apply(t, s, 0, "take bump")
		apply(t, s, 0, "crack")
		if safe.Cracks != 1 {
			t.Fatal("crack")
		}
	})
	t.Run("MH-ESCAPE-02 MH-ESCAPE-03 MH-ESCAPE-11 no Action abilities in the Escape", func(t *testing.T) {
		s, c := crewBoard(t, "Grease Man", "e4", 1)
		c.Ideas = 5
		var res engine.Result
		s.startEscape(&res)
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "vent crawl") || strings.HasPrefix(m, "take ") {
				t.Fatalf("%q in Escape", m)
			}
		}
	})
	t.Run("MH-SPECIAL-01 MH-SPECIAL-02 MH-SPECIAL-03 one character per Exit in a breakout", func(t *testing.T) {
		s := newTestState(t, "county-the-river", 3, 1)
		if !s.Breakout {
			t.Fatal("breakout")
		}
		e := s.entrances()[0]
		s.Chars[0].Hex, s.Chars[0].Escaped = e.Hex, true
		if s.isExit(s.Chars[1], e) {
			t.Fatal("the Exit is used")
		}
		s2 := inclusion(t, 3)
		s2.Chars[0].Hex, s2.Chars[0].Escaped = "c8", true
		if !s2.isExit(s2.Chars[1], s2.tile("c8")) {
			t.Fatal("no limit by default")
		}
	})
	t.Run("MH-PLAN-04 tokens fixed after Planning", func(t *testing.T) {
		s, _ := crewBoard(t, "Thug", "c7", 1)
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "plan ") || strings.HasPrefix(m, "unplan ") || strings.HasPrefix(m, "replan ") {
				t.Fatalf("%q in the Heist", m)
			}
		}
	})
	t.Run("MH-SETUP-08 MH-SETUP-21 supply, fixers", func(t *testing.T) {
		s := inclusion(t, 3)
		if s.supplyLeft(Guard) <= 0 || len(s.Fixers) == 0 {
			t.Fatal("setup")
		}
		camp := &Campaign{Fixers: []string{"Old Friend", "Fence", "Visage"}, Heists: 2}
		data, _ := json.Marshal(camp)
		st, _ := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"scenario": "the-inclusion-job"}, Campaign: data})
		if len(st.(*State).Fixers) != 3 {
			t.Fatal("MH-SETUP-21: unlocked fixers")
		}
	})
	t.Run("MH-FIXER-01 MH-FIXER-02 MH-FIXER-03 fixers are public and all usable", func(t *testing.T) {
		s := inclusion(t, 3)
		s.Fixers = []string{"Visage", "Shell", "Bookie"}
		s.TeamCash = 10
		legal := strings.Join(s.Legal(0), "|")
		if !strings.Contains(legal, "visage reveal") || !strings.Contains(legal, "hire shell") || !strings.Contains(legal, "bet ") {
			t.Fatal("all fixers usable")
		}
		if v := s.View(engine.Public).(*View); len(v.State.Fixers) != 3 {
			t.Fatal("public")
		}
	})
	t.Run("MH-SHOP-01 MH-SHOP-03 the Shop", func(t *testing.T) {
		s := inclusion(t, 3)
		for _, name := range s.shopItems() {
			if l.Items[name].Location != "shop" {
				t.Fatalf("%s is not a Shop item", name)
			}
		}
		s.TeamCash = 20
		apply(t, s, 0, "buy cheap picks")
		apply(t, s, 1, "buy radio")
		if s.TeamCash != 14 {
			t.Fatal("several purchases")
		}
	})
	t.Run("MH-BUSTED-01 MH-BUSTED-04 MH-END-01 MH-END-02 MH-LOSE-01 MH-LOSE-03 MH-WIN-03 MH-WIN-04 after a lost heist", func(t *testing.T) {
		s := eventBoard(t, "c7", "e8", "i5")
		s.Chars[1].Cash = 3
		var res engine.Result
		s.startEscape(&res)
		apply(t, s, 0, "give up")
		if s.Outcome() == nil || s.Won {
			t.Fatal("lost")
		}
		camp, _ := loadCampaign(s.Campaign())
		if camp.TeamCash != 3 || slices.Contains(camp.Fixers, "Fence") || len(camp.History) != 1 {
			t.Fatalf("camp %+v", camp)
		}
		for _, nc := range camp.Characters {
			if nc.Level != 2 {
				t.Fatal("everyone levels up")
			}
		}
		if !camp.Characters[0].Busted {
			t.Fatal("busted recorded")
		}
	})
	t.Run("MH-LEVEL-01 MH-LEVEL-03 MH-LEVEL-05 MH-LEVEL-08 MH-LEVEL-09 MH-LEVEL-11 four levels", func(t *testing.T) {
		nc := NamedCharacter{Name: "Cam", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1}
		var res engine.Result
		for i := 0; i < 5; i++ {
			levelUp(l, &nc, &res)
		}
		if nc.Level != 4 || l.Characters[nc.Card].Level != 2 || l.Skills[nc.Skills[0]].Level != 2 || l.Skills[nc.Skills[1]].Level != 2 {
			t.Fatalf("%+v", nc)
		}
	})
	t.Run("MH-NAMED-01 MH-NAMED-02 MH-NAMED-04 MH-CAMP-01 MH-CAMP-05 named characters", func(t *testing.T) {
		camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 1, Characters: []NamedCharacter{
			{Name: "Cam", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1},
			{Name: "Iris", Card: "Lookout", Skills: [2]string{"Hurry", "Wing It"}, Level: 1},
			{Name: "Moe", Card: "Burglar", Skills: [2]string{"Hurry", "Linger"}, Level: 1},
			{Name: "Zed", Card: "Pickpocket", Skills: [2]string{"Wing It", "Linger"}, Level: 1},
		}}
		data, _ := json.Marshal(camp)
		st, _ := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"scenario": "the-inclusion-job"}, Campaign: data})
		s := st.(*State)
		hurry := 0
		for _, c := range s.Chars {
			for _, sk := range c.Skills {
				if sk == "Hurry" {
					hurry++
				}
			}
		}
		if hurry > 2 {
			t.Fatal("MH-NAMED-04: only two Hurry cards")
		}
		for seat := range s.Chars {
			if canBuildTwin(t, s, seat, "thug", "hurry", "bypass") {
				t.Fatal("MH-NAMED-02: evil twin")
			}
		}
		if slices.Contains(s.Legal(2), "play moe") || s.Chars[2].Named != "Zed" {
			t.Fatalf("MH-NAMED-04, MH-CAMP-05: Moe needs a third Hurry; Zed plays: %v", s.Chars[2].Named)
		}
	})
	t.Run("MH-INTRO-02 leftover Ideas pay the Escape", func(t *testing.T) {
		s := eventBoard(t, "e7", "e8", "i5")
		var res engine.Result
		s.startEscape(&res)
		apply(t, s, 0, "move e8")
		if s.Chars[0].Ideas != 1 {
			t.Fatal("an Idea paid the Escape Move")
		}
	})
	t.Run("no Action in the Escape (see MH-TOWER-03, MH-FLOW-01 in outcome_test.go)", func(t *testing.T) {
		s := eventBoard(t, "e7", "e8", "i5")
		var res engine.Result
		s.startEscape(&res)
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "take ") {
				t.Fatal("no rounds in the Escape")
			}
		}
	})
}
