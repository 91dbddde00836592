package heist

import (
	"slices"
	"strings"
	"testing"
)

// Tests of the campaign and scenario bookkeeping at its limits.

// TestOldFriendOnlyForANewCampaignMHSETUP20: MH-SETUP-20 — a campaign
// that has not played a heist starts with the Old Friend; one that has,
// or that already holds Fixers, keeps what it holds.
func TestOldFriendOnlyForANewCampaignMHSETUP20(t *testing.T) {
	for _, tc := range []struct {
		data string
		want []string
	}{
		{`{}`, []string{"Old Friend"}},
		{`{"heists":1}`, nil},
		{`{"fixers":["Muscle"]}`, []string{"Muscle"}},
	} {
		c, err := loadCampaign([]byte(tc.data))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(c.Fixers, tc.want) {
			t.Errorf("%s: fixers %v, want %v", tc.data, c.Fixers, tc.want)
		}
	}
	if got := DescribeCampaign([]byte(`{"heists":1}`)); strings.Contains(got, "Fixers") {
		t.Errorf("a campaign without Fixers names none: %q", got)
	}
}

// TestNewCharacterNamesCountUp: a taken name gets the next free number.
func TestNewCharacterNamesCountUp(t *testing.T) {
	camp := &Campaign{Characters: []NamedCharacter{{Name: "Rook"}, {Name: "Rook 2"}}}
	if got := uniqueName(camp, "Rook"); got != "Rook 3" {
		t.Fatalf("uniqueName = %q, want Rook 3", got)
	}
}

// TestScenarioRulesCarryTheSafeAndItemHex: a scenario's rules text names
// its safe, and the Melee Job's item hex, given in a special rule, holds
// the Safecracking Tools.
func TestScenarioRulesCarryTheSafeAndItemHex(t *testing.T) {
	for _, sc := range theLib().Scenarios {
		if sc.Safe != "" && !strings.Contains(sc.Rules, sc.Safe) {
			t.Errorf("%s: rules do not name the safe %q", sc.Slug, sc.Safe)
		}
	}
	if got := theLib().scenario("the-melee-job").ItemHex; !slices.Equal(got, []string{"Safecracking Tools"}) {
		t.Errorf("Melee Job item hex %v", got)
	}
}

// TestBreachChoiceRefusalNamesTheSides: MH-CHAR-06 — while the team
// chooses where BREACH opens, a wrong side is refused with the sides it
// may choose, as a question for the whole team.
func TestBreachChoiceRefusalNamesTheSides(t *testing.T) {
	s, c := crewBoard(t, "Demolitions Guy", "c7", 1)
	c.Ideas = 4
	apply(t, s, 0, "take breach for 4 ideas")
	msg := reject(t, s, 1, "breach c6")
	if !strings.Contains(msg, "BREACH opens the new Exit") || !strings.Contains(msg, "The team must first decide") {
		t.Fatalf("refusal %q", msg)
	}
}

// TestCardItemsStayWithTheCardMHCAMP: after a heist an escaped character
// keeps the Items it carries, except the ones its card brings (the
// Safecracker's Safecracking Tools, the Thief's Plasma Torch), and its
// heist count goes up by one.
func TestCardItemsStayWithTheCardMHCAMP(t *testing.T) {
	s := quickHeist(t, "the-inclusion-job", nil, nil, func(s *State) {
		s.Chars[0].Card = "Safecracker"
		s.Chars[0].Loot = append(s.Chars[0].Loot, "item Safecracking Tools", "item Plasma Torch")
		s.Chars[1].Card = "Thief"
		s.Chars[1].Loot = append(s.Chars[1].Loot, "item Plasma Torch", "item Safecracking Tools")
	})
	camp, err := loadCampaign(s.Campaign())
	if err != nil {
		t.Fatal(err)
	}
	for seat, want := range []string{"item Plasma Torch", "item Safecracking Tools"} {
		c := s.Chars[seat]
		if !c.Escaped {
			t.Fatalf("seat %d did not escape", seat)
		}
		i := camp.find(c.Name) // a first heist: new characters join under their names
		if i < 0 {
			t.Fatalf("%s not in the campaign", c.Name)
		}
		nc := camp.Characters[i]
		if !slices.Equal(nc.Items, []string{want}) || nc.Heists != 1 {
			t.Errorf("%s (%s): items %v heists %d, want [%s] and 1", c.Name, c.Card, nc.Items, nc.Heists, want)
		}
	}
}
