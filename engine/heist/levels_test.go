package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestLevelUpSkillOfYourChoiceMHLEVEL06: MH-LEVEL-06, MH-LEVEL-08 — at
// level 2 "one Skill card of your choice" goes Pro: in the next Crew step
// the player may upgrade the second Skill instead of the first (either of
// its Pro cards), and at level 4 the other Skill — the one still Amateur —
// goes Pro (issue 13, item 10).
func TestLevelUpSkillOfYourChoiceMHLEVEL06(t *testing.T) {
	l := theLib()
	nc := NamedCharacter{Name: "Cam", Card: "Thug", Skills: [2]string{"Hurry", "Bypass"}, Level: 1, Player: "ann", Last: 1, Heists: 1}
	var res engine.Result
	levelUp(l, &nc, &res)
	if nc.Level != 2 || nc.Skills != [2]string{"Ninja", "Bypass"} || nc.Slot != "skill 1" {
		t.Fatalf("level 2: %+v", nc)
	}
	camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 1, Characters: []NamedCharacter{nc},
		Players: map[string]int{"ann": 2, "bob": 2, "cat": 2}}
	s := campState(t, "the-inclusion-job", camp, []string{"ann", "bob", "cat"})
	if s.Chars[0].Named != "Cam" {
		t.Fatalf("seat 0 plays %q, want Cam", s.Chars[0].Named)
	}
	for _, want := range []string{"level up to prowl", "level up to extract", "level up to circumvent"} {
		if !legalHas(s, 0, want) {
			t.Fatalf("MH-LEVEL-06: %q not offered: %v", want, s.Legal(0))
		}
	}
	apply(t, s, 0, "level up to circumvent")
	got := s.Camp.Characters[s.Camp.find("Cam")]
	if s.Chars[0].Skills != [2]string{"Hurry", "Circumvent"} || got.Skills != s.Chars[0].Skills || got.Slot != "skill 2" {
		t.Fatalf("after level up to circumvent: playing %v, roster %+v", s.Chars[0].Skills, got)
	}
	// Changing one's mind again: back to the first Skill.
	if !legalHas(s, 0, "level up to ninja") {
		t.Fatalf("the first Skill's Pro cards are still offered: %v", s.Legal(0))
	}
	// Levels 3 and 4: the Character, then the Skill still Amateur.
	levelUp(l, &got, &res)
	levelUp(l, &got, &res)
	if got.Level != 4 || got.Card != "Bruiser" || got.Skills != [2]string{"Ninja", "Circumvent"} || got.Slot != "skill 1" {
		t.Fatalf("MH-LEVEL-08: level 4 upgrades the other Skill: %+v", got)
	}
	if slices.ContainsFunc(levelChoices(l, &got), func(c levelChoice) bool { return c.Pro == "Extract" }) {
		t.Fatal("at level 4 the Skill chosen at level 2 is kept")
	}
	if len(levelChoices(l, &got)) == 0 {
		t.Fatal("MH-LEVEL-10: level 4's Skill may still be the other Pro card")
	}
	// Played again at level 4: the choice is settled, nothing is offered.
	levelUp(l, &got, &res)
	if got.Level != 4 || len(levelChoices(l, &got)) != 0 {
		t.Fatalf("a level-4 character that played again still has choices: %+v", got)
	}
}

// TestNewCharacterSkillOfYourChoiceMHLEVEL06: MH-LEVEL-06 — a new character
// built at level 2 may have its second Skill upgraded instead of its first
// (issue 13, item 10).
func TestNewCharacterSkillOfYourChoiceMHLEVEL06(t *testing.T) {
	camp := &Campaign{Fixers: []string{"Old Friend"}, Heists: 1, Players: map[string]int{"ann": 2, "bob": 2, "cat": 2}}
	s := campState(t, "the-inclusion-job", camp, []string{"ann", "bob", "cat"})
	c := s.Chars[0]
	if len(c.Base) != 3 {
		t.Fatalf("a dealt level-2 character keeps its Amateur cards: %+v", c)
	}
	second := theLib().Skills[c.Base[2]].Upgrades[0]
	apply(t, s, 0, "level up to "+lower(second))
	c = s.Chars[0]
	if c.Skills != [2]string{c.Base[1], second} || c.Level != 2 {
		t.Fatalf("level up to %s gave %v (base %v)", second, c.Skills, c.Base)
	}
}

// TestNamedByTheirPlayersMHNAMED01: MH-NAMED-01 — "every time a new
// character is built, they must be named": in the Crew step a player names
// their new character (`name <name>`), the roster keeps that name; a name
// that could ping or format in chat, is too long, or is already taken is
// refused and changes nothing; a roster character keeps its name (issue
// 13, item 10).
func TestNamedByTheirPlayersMHNAMED01(t *testing.T) {
	var named *State
	done := quickHeist(t, "the-inclusion-job", nil, func(s *State) {
		named = s
		apply(t, s, 0, "name cam the knife")
		if s.Chars[0].Name != "Cam The Knife" {
			t.Fatalf("named %q", s.Chars[0].Name)
		}
		for _, bad := range []string{"name", "name @everyone", "name <@123>", "name **bold**", "name cam_", "name `x`",
			"name " + strings.Repeat("a", maxNameLen+1), "name thug", "name hostage", "name 7up", "name cam the knife"} {
			seat := 0
			if bad == "name cam the knife" {
				seat = 1 // taken by seat 0
			}
			if msg := reject(t, s, seat, bad); !strings.Contains(msg, "name") {
				t.Fatalf("%q refused without saying why: %s", bad, msg)
			}
		}
		if slices.ContainsFunc(s.Legal(0), func(m string) bool { return strings.HasPrefix(m, "name") }) {
			t.Fatalf("a free-text move is never listed: %v", s.Legal(0))
		}
		apply(t, s, 1, "name o'neil-2")
		if s.Chars[1].Name != "O'neil-2" {
			t.Fatalf("named %q", s.Chars[1].Name)
		}
	}, nil)
	if named == nil {
		t.Fatal("no Crew step")
	}
	camp, _ := loadCampaign(done.Campaign())
	if camp.find("Cam The Knife") < 0 || camp.find("O'neil-2") < 0 {
		t.Fatalf("the roster does not keep the names: %+v", camp.Characters)
	}
	// Next heist: the roster character keeps its name.
	again := quickHeist(t, "the-inclusion-job", mustJSON(camp), func(s *State) {
		for i, c := range s.Chars {
			if c.Named != "" {
				if msg := reject(t, s, i, "name zed"); !strings.Contains(msg, "its name stays") {
					t.Fatalf("refusal %q", msg)
				}
				return
			}
		}
		t.Fatal("no roster character dealt")
	}, nil)
	_ = again
}
