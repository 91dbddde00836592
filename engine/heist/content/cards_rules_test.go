package content

import (
	"strings"
	"testing"
)

// Tests of reading the card files at their limits.

func TestActionCountAndText(t *testing.T) {
	a := Action{Name: "Pick II", Subs: []Sub{"unlock", "noise", "unlock"}}
	if a.Count("unlock") != 2 || a.Count("noise") != 1 || a.Count("move") != 0 {
		t.Errorf("counts %d %d %d", a.Count("unlock"), a.Count("noise"), a.Count("move"))
	}
	if got := (Action{Name: "Kill Pixels"}).String(); got != "Kill Pixels" {
		t.Errorf("an Action without sub-actions reads %q", got)
	}
}

func TestAbilityTitles(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"ABC", true},
		{"ZAP", true},
		{"AXE", true},
		{"AB", false},
		{"ABCa", false},
		{"ABCz", false},
		{":IDEA:", false},
	} {
		if got := isTitle(tc.s); got != tc.want {
			t.Errorf("isTitle(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	got := parseAbilities("ZAP\nfirst line\nsecond line")
	if len(got) != 1 || got[0].Name != "ZAP" || got[0].Text != "first line second line" {
		t.Errorf("abilities %+v", got)
	}
}

func TestCardsReadWhole(t *testing.T) {
	c := load(t)
	for _, ch := range c.Characters {
		if ch.Name == "Demolitions Guy" && (len(ch.Defaults) != 3 || ch.Defaults[2].Name != "Breach") {
			t.Errorf("Demolitions Guy's three Default Actions: %v", ch.Defaults)
		}
	}
	if it := c.Item("Cheap Picks"); it == nil || it.Action.Name != "Rake" || it.Action.Count("unlock") != 2 {
		t.Errorf("Cheap Picks' action: %+v", it)
	}
	bs, err := parseBoxes("t", "Name: Nobody\nDescription: no title here\n")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parseFixer("t", bs[0])
	if err != nil || f.Ability.Name != "" || len(f.Abilities) != 1 {
		t.Errorf("fixer %+v %v", f, err)
	}
	bs, err = parseBoxes("t", "Name: Nobody\n---\n")
	if err != nil {
		t.Fatal(err)
	}
	if f, err := parseFixer("t", bs[0]); err != nil || f.Ability != (Ability{}) {
		t.Errorf("a fixer without abilities: %+v %v", f, err)
	}
}

func TestCardFileErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"A: x\n---\n  indented\n", "t:3:"},
		{"A: x\nno colon\n", "t:2:"},
	} {
		_, err := parseBoxes("t", tc.text)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("parseBoxes(%q): %v, want %s...", tc.text, err, tc.want)
		}
	}
}
