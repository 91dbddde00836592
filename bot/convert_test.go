package bot

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"casefile/commands"

	"github.com/bwmarrin/discordgo"
)

func TestSplitContent(t *testing.T) {
	for _, tc := range []struct {
		name, text, sep string
	}{
		{"short", "hello", ""},
		{"runes without newlines", strings.Repeat("é", 4500), ""},
		{"lines", strings.Repeat("a line of text\n", 400), "\n"},
	} {
		parts := splitContent(tc.text)
		for i, p := range parts {
			if n := utf8.RuneCountInString(p); n > maxContent || n == 0 {
				t.Errorf("%s: part %d has %d characters", tc.name, i, n)
			}
		}
		if got := strings.Join(parts, tc.sep); got != tc.text {
			t.Errorf("%s: parts do not join back to the text", tc.name)
		}
	}
}

// TestSplitContentKeepsCodeBlocksClosed: a long private view in a code
// block, split across messages, is closed at each cut and reopened in the
// next message, so no message shows raw fences or runs into the text after.
func TestSplitContentKeepsCodeBlocksClosed(t *testing.T) {
	text := "__Seat 1__\n```\n" + strings.Repeat("a line of a private view\n", 200) + "```\nafter"
	parts := splitContent(text)
	if len(parts) < 2 {
		t.Fatalf("%d parts, want the text split", len(parts))
	}
	for i, p := range parts {
		if n := utf8.RuneCountInString(p); n > maxContent {
			t.Errorf("part %d has %d characters", i, n)
		}
		if strings.Count(p, "```")%2 != 0 {
			t.Errorf("part %d leaves a code block open: …%q", i, p[max(0, len(p)-40):])
		}
	}
	if !strings.HasSuffix(parts[len(parts)-1], "```\nafter") {
		t.Errorf("the last part lost the text after the block: %q", parts[len(parts)-1])
	}
}

func TestComponentsLimits(t *testing.T) {
	var bs []commands.ButtonSpec
	for i := range 30 {
		bs = append(bs, commands.ButtonSpec{Label: strings.Repeat("x", 100), CustomID: fmt.Sprint("b/", i)})
	}
	bs = append(bs[:3], append([]commands.ButtonSpec{{Label: "dup", CustomID: "b/0"}}, bs[3:]...)...)
	rows := components(bs, nil)
	if len(rows) != maxRows {
		t.Fatalf("%d rows, want %d", len(rows), maxRows)
	}
	for _, r := range rows {
		row := r.(discordgo.ActionsRow)
		if len(row.Components) != maxButtonsInRow {
			t.Errorf("row of %d", len(row.Components))
		}
		for _, c := range row.Components {
			if b := c.(discordgo.Button); utf8.RuneCountInString(b.Label) > maxLabel || b.Style != discordgo.SecondaryButton {
				t.Errorf("button %+v", b)
			}
		}
	}
}

func TestSelectMenuLimits(t *testing.T) {
	s := commands.SelectSpec{CustomID: "pick/1/2", Placeholder: strings.Repeat("p", 200)}
	for i := range 30 {
		s.Options = append(s.Options, commands.SelectOption{Label: strings.Repeat("l", 120), Value: fmt.Sprint(i), Description: strings.Repeat("d", 120)})
	}
	s.Options = append([]commands.SelectOption{{Label: "too long", Value: strings.Repeat("v", 101)}, {Label: "dup", Value: "0"}}, s.Options...)
	rows := components([]commands.ButtonSpec{{Label: "b", CustomID: "b/1"}}, []commands.SelectSpec{s, {CustomID: "empty/1/2"}})
	if len(rows) != 2 {
		t.Fatalf("%d rows, want the menu's and the button's", len(rows))
	}
	menu := rows[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	if menu.MenuType != discordgo.StringSelectMenu || len(menu.Options) != maxOptions || menu.Options[0].Label != "dup" || utf8.RuneCountInString(menu.Placeholder) > maxPlaceholder {
		t.Fatalf("menu %+v", menu)
	}
	for _, o := range menu.Options {
		if utf8.RuneCountInString(o.Label) > maxOptionLen || utf8.RuneCountInString(o.Description) > maxOptionLen {
			t.Fatalf("option %+v", o)
		}
	}
}

func TestChoicesLimits(t *testing.T) {
	cs := []commands.Choice{{Name: "", Value: "rest"}, {Name: "x", Value: strings.Repeat("v", 101)}, {Name: strings.Repeat("n", 150), Value: "long name"}}
	out, dropped := choices(cs)
	if dropped != 1 || len(out) != 2 || out[0].Name != "rest" || utf8.RuneCountInString(out[1].Name) != maxChoiceLen {
		t.Errorf("choices %+v, dropped %d", out, dropped)
	}
}

func TestMapPath(t *testing.T) {
	for _, tc := range []struct{ base, in, want string }{
		{"http://127.0.0.1:1", "/api/v9/users/@me", "/api/v9/users/@me"},
		{"http://127.0.0.1:1/", "/api/v9/gateway", "/api/v9/gateway"},
		{"http://127.0.0.1:1/api/v10/", "/api/v9/gateway", "/api/v10/gateway"},
		{"http://127.0.0.1:1/proxy", "/api/v9/gateway", "/proxy/api/v9/gateway"},
	} {
		u, _ := url.Parse(tc.base)
		if got := (&rewriteTransport{base: u}).mapPath(tc.in); got != tc.want {
			t.Errorf("%s + %s = %s, want %s", tc.base, tc.in, got, tc.want)
		}
	}
}
