package heist

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

func TestUnlockTable(t *testing.T) {
	for _, sc := range theLib().Scenarios {
		name, ok := unlocks[sc.Slug]
		if sc.Slug == "the-final-score-part-1" {
			continue
		}
		if !ok || theLib().Fixers[name] == nil {
			t.Errorf("%s: unlock %q (%v)", sc.Slug, name, ok)
		}
	}
}

// quickHeist plays a heist in a few moves: everyone starts on an Entrance,
// takes a free action, seat 0 calls the Escape; before it starts, prep
// changes the board (cash, a character left inside); whoever is inside
// gives up.
func quickHeist(t *testing.T, slug string, camp []byte, plan func(s *State), prep func(s *State)) *State {
	t.Helper()
	return quickHeistAs(t, slug, camp, nil, plan, prep)
}

// quickHeistAs is quickHeist with the people holding the seats (one
// owner id per seat, engine.Setup.Owners).
func quickHeistAs(t *testing.T, slug string, camp []byte, owners []string, plan func(s *State), prep func(s *State)) *State {
	t.Helper()
	players := 3
	if len(owners) > 0 {
		players = len(owners)
	}
	st, err := Game().New(engine.Setup{Players: players, Seed: 9, Options: map[string]string{"scenario": slug}, Campaign: camp, Owners: owners})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if plan != nil {
		// plan starts in the Crew step; it calls crewReady itself to go
		// on into Planning.
		plan(s)
	}
	crewReady(t, s)
	for i, c := range s.Chars {
		if c.Hex == "" {
			for _, m := range s.Legal(engine.Seat(i)) {
				if strings.HasPrefix(m, "start ") {
					apply(t, s, i, m)
					break
				}
			}
		}
		apply(t, s, i, "plan done")
	}
	apply(t, s, 0, "escape now")
	if prep != nil {
		prep(s)
	}
	for i := range s.Chars {
		takeFree(t, s, i)
		apply(t, s, i, "done")
	}
	for s.Phase == PhaseEvent {
		for _, seat := range s.Turn().Seats {
			apply(t, s, int(seat), "decline")
		}
	}
	for s.Phase == PhaseEscape {
		seat := s.Turn().Seats[0]
		apply(t, s, int(seat), "give up")
	}
	if s.Outcome() == nil {
		t.Fatalf("heist not over: %s", s.Phase)
	}
	return s
}

// TestCampaignThreeHeists plays three heists on one campaign: a Busted
// character carried over and rescued in a breakout (MH-CAMP-02, MH-CAMP-03,
// MH-CAMP-04), level-ups, a purchase carried between heists.
func TestCampaignThreeHeists(t *testing.T) {
	// Heist 1: a first crew; one character is Busted, $5k gets out.
	var bustedName string
	s1 := quickHeist(t, "the-inclusion-job", nil, nil, func(s *State) {
		s.Chars[0].Cash = 5
		s.Chars[2].Hex = "h5"
		bustedName = s.Chars[2].Name
	})
	camp1 := s1.Campaign()
	if camp1 == nil {
		t.Fatal("MH-CAMP: no campaign after the first heist")
	}
	c1, _ := loadCampaign(camp1)
	if c1.TeamCash != 5 || len(c1.Characters) != 3 || len(c1.History) != 1 {
		t.Fatalf("campaign 1: %+v", c1)
	}
	for _, nc := range c1.Characters {
		if nc.Level != 2 {
			t.Fatalf("MH-LEVEL-02: %s level %d", nc.Name, nc.Level)
		}
		if nc.Busted != (nc.Name == bustedName) {
			t.Fatalf("MH-CAMP-02: %s busted %v", nc.Name, nc.Busted)
		}
	}
	if !slices.Contains(c1.Fixers, "Old Friend") {
		t.Fatal("MH-LOSE-04: fixers lost")
	}

	// Heist 2: the Busted character sits out; a level-2 character has an
	// upgraded skill; the team buys Cheap Picks and carries them out.
	s2 := quickHeist(t, "the-startup-job", camp1, func(s *State) {
		if s.TeamCash != 5 {
			t.Fatalf("team cash %d", s.TeamCash)
		}
		for _, c := range s.Chars {
			if c.Name == bustedName {
				t.Fatal("MH-CAMP-04: a Busted character plays a normal heist")
			}
		}
		c := s.Chars[0]
		if c.Named == "" || theLib().Skills[c.Skills[0]].Level != 2 {
			t.Fatalf("MH-LEVEL-06: %+v", c)
		}
		var alt string
		for _, m := range s.Legal(0) {
			if strings.HasPrefix(m, "level up to ") {
				alt = m
				break // the first: the other Pro card of the same Skill
			}
		}
		if alt == "" {
			t.Fatal("MH-LEVEL-10: no level-up choice offered")
		}
		before := c.Skills[0]
		apply(t, s, 0, alt)
		if s.Chars[0].Skills[0] == before || lower(s.Chars[0].Skills[0]) != strings.TrimPrefix(alt, "level up to ") {
			t.Fatalf("level-up choice not applied: %v", s.Chars[0].Skills)
		}
		crewReady(t, s)
		apply(t, s, 0, "buy cheap picks")
	}, nil)
	c2, _ := loadCampaign(s2.Campaign())
	buyer := s2.Chars[0].Named
	idx := c2.find(buyer)
	if idx < 0 || !slices.Contains(c2.Characters[idx].Items, "item Cheap Picks") || c2.TeamCash != 1 {
		t.Fatalf("campaign 2: %+v", c2)
	}
	if c2.Characters[idx].Level != 3 || theLib().Characters[c2.Characters[idx].Card].Level != 2 {
		t.Fatalf("MH-LEVEL-07: %+v", c2.Characters[idx])
	}
	if len(c2.History) != 2 {
		t.Fatal("history")
	}

	// Heist 3: a County breakout brings the Busted character in, starting
	// inside; the buyer still has the Cheap Picks.
	s3 := quickHeist(t, "county-the-bricks", s2.Campaign(), func(s *State) {
		var jailed, buyerChar *Character
		for _, c := range s.Chars {
			if c.Named == bustedName {
				jailed = c
			}
			if c.Named == buyer {
				buyerChar = c
			}
		}
		if jailed == nil || !jailed.StartedIn {
			t.Fatal("MH-BUSTED-03: the jailed character should play the breakout")
		}
		crewReady(t, s)
		inside := false
		for _, m := range s.Legal(jailed.Seat) {
			if strings.HasPrefix(m, "start ") && !s.tile(strings.TrimPrefix(m, "start ")).Entrance {
				inside = true
			}
		}
		if !inside {
			t.Fatal("a Busted character may start inside in a breakout")
		}
		if buyerChar != nil && !buyerChar.has("item Cheap Picks") {
			t.Fatal("the purchase was not carried")
		}
	}, nil)
	c3, _ := loadCampaign(s3.Campaign())
	if c3.Heists != 3 || len(c3.History) != 3 {
		t.Fatalf("campaign 3: %+v", c3)
	}
}

func TestFreshIdeas(t *testing.T) {
	camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 1,
		Characters:   []NamedCharacter{{Name: "Cam", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1}},
		PartOneIdeas: map[string]int{"Cam": 5}}
	data, _ := json.Marshal(camp)
	st, err := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"scenario": "the-final-score-part-2"}, Campaign: data})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.Chars[0].Named != "Cam" || s.Chars[0].Ideas != 5 {
		t.Fatalf("FRESH IDEAS: %+v", s.Chars[0])
	}
	crewReady(t, s)
	for _, m := range s.Legal(0) {
		if strings.HasPrefix(m, "buy ") {
			t.Fatal("RADIO SILENCE: no Shop in Part 2")
		}
	}
}

func TestBreakoutClearsBusted(t *testing.T) {
	camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 1, Characters: []NamedCharacter{
		{Name: "Cam", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1, Busted: true}}}
	data, _ := json.Marshal(camp)
	st, err := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"scenario": "county-the-bricks"}, Campaign: data})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	c := s.Chars[0]
	if c.Named != "Cam" || !c.StartedIn {
		t.Fatalf("MH-BUSTED-03: %+v", c)
	}
	crewReady(t, s)
	heistAt(t, s, 3, s.entrances()[0].Hex)
	var res engine.Result
	s.startEscape(&res)
	for s.Outcome() == nil {
		apply(t, s, int(s.Turn().Seats[0]), "give up")
	}
	if !s.Won {
		// Cam was "inside" from the start and stood on an Exit at the Escape.
		t.Fatalf("breakout should be won: %v", s.Result)
	}
	out, _ := loadCampaign(s.Campaign())
	if out.Characters[out.find("Cam")].Busted {
		t.Fatal("MH-CAMP-03: a won breakout clears Busted")
	}
}

// TestDescribeCampaignSaysWhereTheServerStands: /stats's campaign lines
// name the heists played, the team's cash and Fixers, every named
// character with its level and jail, and each person's player level.
func TestDescribeCampaignSaysWhereTheServerStands(t *testing.T) {
	data := []byte(`{"team_cash":7,"fixers":["Old Friend"],"heists":2,
		"characters":[{"name":"Fay","card":"Burglar","skills":["Hurry","Bypass"],"level":2,"heists":2},
		              {"name":"Max","card":"Thug","skills":["Punch","Linger"],"level":1,"busted":true,"heists":1}],
		"players":{"111":3}}`)
	got := DescribeCampaign(data)
	for _, want := range []string{"2 heists played", "team cash $7k", "Old Friend", "Fay — Burglar, level 2, 2 heists", "Max — Thug, level 1, 1 heist, in jail", "<@111>: player level 3"} {
		if !strings.Contains(got, want) {
			t.Errorf("campaign description lacks %q:\n%s", want, got)
		}
	}
	if got := DescribeCampaign([]byte("not json")); !strings.Contains(got, "No heist") {
		t.Errorf("bad data: %q", got)
	}
}
