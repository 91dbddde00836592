package heist

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// campState deals a heist of camp's campaign (nil: the server's first)
// with the people owners holding the seats.
func campState(t *testing.T, slug string, camp *Campaign, owners []string) *State {
	t.Helper()
	var data []byte
	if camp != nil {
		data, _ = json.Marshal(camp)
	}
	st, err := Game().New(engine.Setup{Players: len(owners), Seed: 3, Options: map[string]string{"scenario": slug}, Campaign: data, Owners: owners})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// cardLevel is the printed level of a card: 1 Amateur, 2 Pro.
func cardLevel(card string) int {
	if c := theLib().Characters[card]; c != nil {
		return c.Level
	}
	if s := theLib().Skills[card]; s != nil {
		return s.Level
	}
	return 0
}

// proCount counts the Pro cards of a character: its level is 1 plus that
// count (MH-LEVEL-06..09).
func proCount(c *Character) (char, skills int) {
	if cardLevel(c.Card) == 2 {
		char = 1
	}
	for _, sk := range c.Skills {
		if cardLevel(sk) == 2 {
			skills++
		}
	}
	return
}

func legalHas(s *State, seat int, move string) bool {
	return slices.Contains(s.Legal(engine.Seat(seat)), move)
}

// TestPlayerLevels covers player levels per person: new people, one level
// per heist up to 4, once per person, and the fallback without owners.
func TestPlayerLevels(t *testing.T) {
	for _, tc := range []struct {
		id     string
		before map[string]int
		owners []string
		want   map[string]int
	}{
		{"MH-LEVEL-01/MH-SETUP-03 new people start at 1 and reach 2", nil, []string{"ann", "bob", "cat"}, map[string]int{"ann": 2, "bob": 2, "cat": 2}},
		{"MH-LEVEL-03 one level per heist played", map[string]int{"ann": 2, "bob": 3}, []string{"ann", "bob", "cat"}, map[string]int{"ann": 3, "bob": 4, "cat": 2}},
		{"MH-LEVEL-09 at most level 4", map[string]int{"ann": 4}, []string{"ann", "bob", "cat"}, map[string]int{"ann": 4, "bob": 2, "cat": 2}},
		{"MH-LEVEL-02 one person with two seats levels up once", nil, []string{"ann", "ann", "bob"}, map[string]int{"ann": 2, "bob": 2}},
		{"fallback: no owners, nobody tracked", map[string]int{"ann": 2}, nil, map[string]int{"ann": 2}},
		{"campaign from before people were tracked: as if all 2 heists were played", nil, []string{"ann", "bob", "cat"}, map[string]int{"ann": 4, "bob": 4, "cat": 4}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			var camp []byte
			if tc.before != nil {
				camp, _ = json.Marshal(&Campaign{Fixers: []string{"Old Friend"}, Heists: 1, Players: tc.before})
			} else if strings.Contains(tc.id, "before people") {
				camp, _ = json.Marshal(&Campaign{Fixers: []string{"Old Friend"}, Heists: 2})
			}
			s := quickHeistAs(t, "the-inclusion-job", camp, tc.owners, nil, nil)
			out, _ := loadCampaign(s.Campaign())
			if len(out.Players) != len(tc.want) {
				t.Fatalf("players %v, want %v", out.Players, tc.want)
			}
			for who, lvl := range tc.want {
				if out.Players[who] != lvl {
					t.Fatalf("%s: level %d, want %d (%v)", who, out.Players[who], lvl, out.Players)
				}
			}
		})
	}
}

// TestCharacterLevelLimit covers MH-LEVEL-04: a person plays a character
// of their player level or lower, and gets their own characters back.
func TestCharacterLevelLimit(t *testing.T) {
	roster := func() *Campaign {
		return &Campaign{Fixers: []string{"Old Friend"}, Heists: 3,
			Players: map[string]int{"ann": 3, "bob": 1},
			Characters: []NamedCharacter{
				{Name: "Cam", Card: "Tinkerer", Skills: [2]string{"Assault", "Smash 'n' Grab"}, Level: 3, Player: "ann"},
				{Name: "Dee", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1, Player: "bob"},
			}}
	}
	for _, tc := range []struct {
		id     string
		owners []string
		// want is the named character per seat ("" for a new one).
		want []string
	}{
		{"MH-LEVEL-04 each person gets their own character", []string{"bob", "ann", "new"}, []string{"Dee", "Cam", ""}},
		{"MH-LEVEL-04 a level-3 character is not dealt to level-1 people", []string{"bob", "new", "eve"}, []string{"Dee", "", ""}},
		{"fallback: no owners, roster order and no limit", nil, []string{"Cam", "Dee", ""}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			var s *State
			if tc.owners == nil {
				st, _ := Game().New(engine.Setup{Players: 3, Seed: 3, Options: map[string]string{"scenario": "the-inclusion-job"}, Campaign: mustJSON(roster())})
				s = st.(*State)
			} else {
				s = campState(t, "the-inclusion-job", roster(), tc.owners)
			}
			for i, c := range s.Chars {
				if c.Named != tc.want[i] {
					t.Fatalf("seat %d plays %q, want %q", i, c.Named, tc.want[i])
				}
			}
		})
	}
	t.Run("MH-CAMP-05 a person gets back the character they played last, then their others", func(t *testing.T) {
		camp := roster()
		camp.Characters[0].Last = 1
		camp.Characters = append(camp.Characters, NamedCharacter{Name: "Iris", Card: "Lookout", Skills: [2]string{"Wing It", "Linger"}, Level: 2, Player: "ann", Last: 3})
		s := campState(t, "the-inclusion-job", camp, []string{"ann", "bob", "ann"})
		if s.Chars[0].Named != "Iris" || s.Chars[1].Named != "Dee" || s.Chars[2].Named != "Cam" {
			t.Fatalf("seats play %q, %q, %q", s.Chars[0].Named, s.Chars[1].Named, s.Chars[2].Named)
		}
	})
	t.Run("MH-LEVEL-04 play <named> only up to the player's level", func(t *testing.T) {
		s := campState(t, "the-inclusion-job", roster(), []string{"bob", "new", "ann"})
		if legalHas(s, 1, "play cam") {
			t.Fatal("a level-1 person may not play a level-3 character")
		}
		if !legalHas(s, 2, "play dee") && s.Chars[0].Named != "Dee" {
			t.Fatal("a level-3 person may play a level-1 character")
		}
	})
}

// firstWith is the first of moves that begins with prefix, or "".
func firstWith(moves []string, prefix string) string {
	for _, m := range moves {
		if strings.HasPrefix(m, prefix) {
			return m
		}
	}
	return ""
}

func mustJSON(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}

// TestNewCharacterAtPlayerLevel covers MH-LEVEL-05 (and MH-LEVEL-06..11
// for the cards): a new character starts at its player's level.
func TestNewCharacterAtPlayerLevel(t *testing.T) {
	for _, tc := range []struct {
		id           string
		level        int
		char, skills int
	}{
		{"MH-LEVEL-05 level 1: Amateur cards", 1, 0, 0},
		{"MH-LEVEL-06 level 2: one Pro skill", 2, 0, 1},
		{"MH-LEVEL-07 level 3: Pro character and one Pro skill", 3, 1, 1},
		{"MH-LEVEL-08 level 4: Pro character and two Pro skills", 4, 1, 2},
	} {
		t.Run(tc.id, func(t *testing.T) {
			camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 3, Players: map[string]int{"ann": tc.level, "bob": tc.level, "cat": tc.level}}
			s := campState(t, "the-inclusion-job", camp, []string{"ann", "bob", "cat"})
			for _, c := range s.Chars {
				ch, sk := proCount(c)
				if c.Level != tc.level || ch != tc.char || sk != tc.skills {
					t.Fatalf("dealt %s %v level %d: pro character %d, pro skills %d", c.Card, c.Skills, c.Level, ch, sk)
				}
			}
			// Building another one in the Crew step gives the same level.
			var play []string
			for _, prefix := range []string{"character ", "skill ", "skill "} {
				m := firstWith(s.Legal(0), prefix)
				apply(t, s, 0, m)
				play = append(play, m)
			}
			c := s.Chars[0]
			if ch, sk := proCount(c); c.Level != tc.level || ch != tc.char || sk != tc.skills {
				t.Fatalf("%q built %s %v level %d", play, c.Card, c.Skills, c.Level)
			}
			// MH-LEVEL-10: the other Pro card of each step may be chosen.
			var alts []string
			for _, m := range s.Legal(0) {
				if strings.HasPrefix(m, "level up to ") {
					alts = append(alts, m)
				}
			}
			if (tc.level == 1) != (len(alts) == 0) {
				t.Fatalf("level %d: choices %v", tc.level, alts)
			}
			if len(alts) > 0 {
				apply(t, s, 0, alts[len(alts)-1])
				got := lower(strings.Join(append([]string{s.Chars[0].Card}, s.Chars[0].Skills[:]...), "|"))
				if !strings.Contains(got, strings.TrimPrefix(alts[len(alts)-1], "level up to ")) || s.Chars[0].Level != tc.level {
					t.Fatalf("%q gave %s", alts[len(alts)-1], got)
				}
			}
			// The next heist keeps the level and raises it by one.
			done := quickHeistAs(t, "the-inclusion-job", mustJSON(camp), []string{"ann", "bob", "cat"}, nil, nil)
			out, _ := loadCampaign(done.Campaign())
			for _, nc := range out.Characters {
				if nc.Level != min(tc.level+1, 4) {
					t.Fatalf("%s level %d after the heist", nc.Name, nc.Level)
				}
			}
		})
	}
}

// TestEvilTwins covers MH-NAMED-02: neither a dealt nor a built new
// character repeats a roster character's cards.
func TestEvilTwins(t *testing.T) {
	l := theLib()
	for seed := uint64(1); seed <= 30; seed++ {
		first := defaultCrew(l, 4, nil, engine.NewRand(seed), nil)
		camp := &Campaign{}
		for _, c := range first {
			camp.Characters = append(camp.Characters, NamedCharacter{Name: c.Card, Card: c.Card, Skills: c.Skills, Level: 1})
		}
		for _, c := range defaultCrew(l, 4, nil, engine.NewRand(seed), camp.twinCheck(l, nil)) {
			if camp.hasTwin(c.Card, c.Skills) {
				t.Fatalf("seed %d: dealt an evil twin %s %v", seed, c.Card, c.Skills)
			}
		}
	}
	// Dealt at level 2, the raised cards are compared.
	for seed := uint64(1); seed <= 30; seed++ {
		camp := &Campaign{}
		for _, c := range defaultCrew(l, 4, nil, engine.NewRand(seed), nil) {
			r := raise(l, c, 2, nil)
			camp.Characters = append(camp.Characters, NamedCharacter{Name: r.Card, Card: r.Card, Skills: r.Skills, Level: 2})
		}
		for _, c := range defaultCrew(l, 4, nil, engine.NewRand(seed), camp.twinCheck(l, []int{2, 2, 2, 2})) {
			if r := raise(l, c, 2, nil); camp.hasTwin(r.Card, r.Skills) {
				t.Fatalf("seed %d: dealt an evil twin at level 2: %s %v", seed, r.Card, r.Skills)
			}
		}
	}
	camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 1, Players: map[string]int{"ann": 1, "bob": 1, "cat": 1},
		Characters: []NamedCharacter{{Name: "Cam", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1, Busted: true}}}
	s := campState(t, "the-inclusion-job", camp, []string{"ann", "bob", "cat"})
	built := 0
	for i := range s.Chars {
		if legalHas(s, i, "character thug") {
			built++
		}
		if canBuildTwin(t, s, i, "thug", "hurry", "bypass") {
			t.Fatal("MH-NAMED-02: an evil twin of Cam may be built")
		}
	}
	if built == 0 {
		t.Fatal("no seat may build a Thug: the evil twin was never tried")
	}
}

// TestDifficulty covers MH-SETUP-02: the team's average player level gives
// the difficulty it suits (A below 2, S 2–3, P above 3), shown in Planning.
func TestDifficulty(t *testing.T) {
	for _, tc := range []struct {
		id     string
		levels map[string]int
		owners []string
		want   string
	}{
		{"MH-SETUP-01 MH-SETUP-02 a new team may still pick a Pro heist", nil, []string{"a", "b", "c"}, "A"},
		{"MH-SETUP-02 average 2: Semi-Pro", map[string]int{"a": 2, "b": 2, "c": 2}, []string{"a", "b", "c"}, "S"},
		{"MH-SETUP-02 average 3: Semi-Pro", map[string]int{"a": 4, "b": 3, "c": 2}, []string{"a", "b", "c"}, "S"},
		{"MH-SETUP-02 average above 3: Pro", map[string]int{"a": 4, "b": 4, "c": 3}, []string{"a", "b", "c"}, "P"},
		{"MH-SETUP-02 each person counted once", map[string]int{"a": 4, "b": 1}, []string{"a", "a", "b"}, "S"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 1, Players: tc.levels}
			if tc.levels == nil {
				camp = nil
			}
			s := campState(t, "the-safehouse-rescue", camp, tc.owners)
			if s.TeamDifficulty != tc.want || s.Difficulty != "P" {
				t.Fatalf("team %q, scenario %q", s.TeamDifficulty, s.Difficulty)
			}
			if txt := s.View(engine.Public).Text(); !strings.Contains(txt, "Difficulty Pro") {
				t.Fatalf("not shown: %s", txt)
			}
		})
	}
}

// TestRescue covers MH-BUSTED-03 outside County breakouts: the Prisoner of
// The Greedy Prisoner and The Safehouse Rescue is a jailed crew member,
// freed from Busted when the Prisoner gets out.
func TestRescue(t *testing.T) {
	jailed := func() []byte {
		return mustJSON(&Campaign{Fixers: []string{"Old Friend"}, Heists: 2, Characters: []NamedCharacter{
			{Name: "Cam", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 2, Busted: true},
			{Name: "Dee", Card: "Lookout", Skills: [2]string{"Wing It", "Linger"}, Level: 2, Busted: true},
		}})
	}
	for _, tc := range []struct {
		id       string
		slug     string
		choose   string
		out      bool
		rescued  string
		stillOut string
	}{
		{"MH-BUSTED-03 greedy prisoner gets out", "the-greedy-prisoner", "", true, "Cam", "Dee"},
		{"MH-BUSTED-03 greedy prisoner stays in", "the-greedy-prisoner", "", false, "", "Cam"},
		{"MH-BUSTED-03 safehouse rescue of a chosen one", "the-safehouse-rescue", "rescue dee", true, "Dee", "Cam"},
		{"MH-BUSTED-03 safehouse rescue fails", "the-safehouse-rescue", "", false, "", "Cam"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			s := quickHeist(t, tc.slug, jailed(), func(s *State) {
				if s.Rescue != "Cam" {
					t.Fatalf("the Prisoner should be the first jailed character, is %q", s.Rescue)
				}
				crewReady(t, s)
				if tc.choose != "" {
					apply(t, s, 1, tc.choose)
				}
			}, func(s *State) {
				if tc.out {
					n := s.NPC
					n.Active, n.Escaped, n.Done = true, true, true
				}
			})
			out, _ := loadCampaign(s.Campaign())
			if tc.rescued != "" && out.Characters[out.find(tc.rescued)].Busted {
				t.Fatalf("%s should be out of jail", tc.rescued)
			}
			if !out.Characters[out.find(tc.stillOut)].Busted {
				t.Fatalf("%s should still be Busted", tc.stillOut)
			}
		})
	}
	t.Run("no jailed character: a plain NPC", func(t *testing.T) {
		s := campState(t, "the-greedy-prisoner", &Campaign{Fixers: []string{"Old Friend"}, Heists: 1}, []string{"a", "b", "c"})
		if s.Rescue != "" || slices.ContainsFunc(s.Legal(0), func(m string) bool { return strings.HasPrefix(m, "rescue ") }) {
			t.Fatalf("rescue %q", s.Rescue)
		}
	})
}

// TestFinalScoreCarryOver covers The Final Score: Part 2 is built around
// Part 1's end: the characters who hid start Part 2 on the hideout of the
// same column with their Ideas (FRESH IDEAS), each with the person who
// played them; the Busted one sits out; a new character comes in through
// an Entrance.
func TestFinalScoreCarryOver(t *testing.T) {
	var names [3]string
	// Part 1's one Entrance takes two: the third comes through a tunnel.
	dig := func(s *State) { crewReady(t, s); apply(t, s, 2, "tunnel g3") }
	p1 := quickHeistAs(t, "the-final-score-part-1", nil, []string{"ann", "bob", "cat"}, dig, func(s *State) {
		s.Chars[0].Hex, s.Chars[1].Hex = "a3", "a6"
		s.Chars[0].Ideas, s.Chars[1].Ideas = 7, 0
		for i, c := range s.Chars {
			names[i] = c.Name
		}
	})
	camp, _ := loadCampaign(p1.Campaign())
	if len(camp.PartOneHideouts) != 2 || camp.PartOneHideouts[names[0]] != p1.tile("a3").X || camp.PartOneHideouts[names[1]] != p1.tile("a6").X {
		t.Fatalf("hideouts %v", camp.PartOneHideouts)
	}
	// The people sit in another order for Part 2.
	s := campState(t, "the-final-score-part-2", camp, []string{"cat", "bob", "ann"})
	want := []struct {
		named, hex string
		hideout    bool
	}{{"", "", false}, {names[1], "h6", true}, {names[0], "h3", true}}
	for i, w := range want {
		c := s.Chars[i]
		if c.Named != w.named || c.Hideout != w.hideout || w.hex != "" && c.Hex != w.hex {
			t.Fatalf("seat %d: %q on %q (hideout %v), want %q on %q", i, c.Named, c.Hex, c.Hideout, w.named, w.hex)
		}
	}
	if s.Chars[2].Ideas != 7 {
		t.Fatalf("FRESH IDEAS: %d", s.Chars[2].Ideas)
	}
	if got := s.Legal(2); !slices.Equal(got, []string{"crew done"}) {
		t.Fatalf("a character hiding since Part 1 may not change: %q", got)
	}
	crewReady(t, s)
	for _, m := range s.Legal(2) {
		if strings.HasPrefix(m, "start ") {
			t.Fatalf("a character hiding since Part 1 may not move: %q", m)
		}
	}
	if !legalHas(s, 2, "plan done") {
		t.Fatal("a hiding character needs no start move")
	}
	for _, m := range s.Legal(0) {
		if strings.HasPrefix(m, "start ") && !s.tile(strings.TrimPrefix(m, "start ")).Entrance {
			t.Fatalf("a newcomer starts outside: %q", m)
		}
	}
	// Another heist in between ends the story.
	other := quickHeistAs(t, "the-inclusion-job", p1.Campaign(), []string{"ann", "bob", "cat"}, nil, nil)
	after, _ := loadCampaign(other.Campaign())
	if after.PartOneHideouts != nil || after.PartOneIdeas != nil {
		t.Fatal("Part 1's positions outlived the next heist")
	}
	// Without Part 1 in the campaign, Part 2 starts as before.
	fresh := campState(t, "the-final-score-part-2", nil, []string{"ann", "bob", "cat"})
	crewReady(t, fresh)
	hideout := false
	for _, m := range fresh.Legal(0) {
		hideout = hideout || m == "start h3"
	}
	if !hideout || fresh.PartOne {
		t.Fatal("Part 2 alone: anyone may start on a hideout")
	}
}

// TestCampaignReplayWithOwners replays random heists dealt from a campaign
// with owners: the same Setup and moves give the same Marshal() bytes.
func TestCampaignReplayWithOwners(t *testing.T) {
	camp := mustJSON(&Campaign{Fixers: []string{"Old Friend"}, Heists: 4, TeamCash: 6,
		Players: map[string]int{"ann": 3, "bob": 2},
		Characters: []NamedCharacter{
			{Name: "Cam", Card: "Tinkerer", Skills: [2]string{"Assault", "Smash 'n' Grab"}, Level: 3, Player: "ann"},
			{Name: "Dee", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1, Busted: true},
		}})
	for _, slug := range []string{"the-greedy-prisoner", "the-final-score-part-2", "county-the-bricks"} {
		for seed := uint64(1); seed <= 3; seed++ {
			setup := engine.Setup{Players: 4, Seed: seed, Options: map[string]string{"scenario": slug}, Campaign: camp, Owners: []string{"ann", "bob", "bob", "cat"}}
			st, err := Game().New(setup)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(seed)
			var log []played
			for steps := 0; s.Outcome() == nil && steps < 20000; steps++ {
				seat, m := randomMove(s, r)
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatalf("%s: %q: %v", slug, m, err)
				}
				log = append(log, played{seat, m})
			}
			want, _ := s.Marshal()
			st2, _ := Game().New(setup)
			for _, p := range log {
				if _, err := st2.Apply(p.Seat, p.Move); err != nil {
					t.Fatal(err)
				}
			}
			got, _ := st2.Marshal()
			if !bytes.Equal(got, want) || s.Campaign() == nil {
				t.Fatalf("%s seed %d: replay differs", slug, seed)
			}
		}
	}
}
