package commands

import (
	"fmt"
	"strings"
	"testing"
)

// heistPlanning is a Masters of the Heist Planning list, shortened the
// way the game builds it: swaps, then plans, unplans and plan done.
func heistPlanning() []string {
	var out []string
	chars := map[string][]string{
		"street urchin": {"smash 'n' grab", "hurry", "wing it", "hit 'n' run", "bypass", "yank wires", "linger"},
		"script kiddie": {"smash 'n' grab", "hurry", "wing it", "hit 'n' run", "bypass", "yank wires", "linger"},
		"lookout":       {"hurry", "bypass", "yank wires"},
	}
	for _, c := range []string{"street urchin", "script kiddie", "lookout"} {
		sk := chars[c]
		for i := range sk {
			for j := i + 1; j < len(sk); j++ {
				out = append(out, fmt.Sprintf("play %s with %s and %s", c, sk[i], sk[j]))
			}
		}
	}
	out = append(out, "start c8", "start e8", "start i5")
	for _, col := range "abcdefg" {
		for row := 2; row <= 6; row++ {
			out = append(out, fmt.Sprintf("plan %c%d", col, row))
		}
	}
	out = append(out, "unplan d1", "unplan f5", "plan done")
	return out
}

func TestGroupMovesHeistPlanning(t *testing.T) {
	legal := heistPlanning()
	got := groupMoves(legal, "", maxChoices, nil)
	if len(got) > maxChoices {
		t.Fatalf("%d choices", len(got))
	}
	if got[0].Value != "plan done" {
		t.Fatalf("the finishing move should come first: %+v", got[0])
	}
	var names []string
	for _, c := range got {
		names = append(names, c.Name)
		if c.Name == "" || len(c.Value) > 100 || len(c.Name) > 100 {
			t.Fatalf("bad choice %+v", c)
		}
	}
	joined := strings.Join(names, " | ")
	if joined != "plan done | play … (45) | start c8 | start e8 | start i5 | plan … (36) | unplan d1 | unplan f5" {
		t.Errorf("choices: %s", joined)
	}
	var play []string
	for _, c := range groupMoves(legal, "play", maxChoices, nil) {
		play = append(play, c.Name)
	}
	for _, want := range []string{"play street urchin with hurry and … (5)", "play lookout with hurry and bypass"} {
		if !strings.Contains(strings.Join(play, " | "), want) {
			t.Errorf("the play group lacks %q: %v", want, play)
		}
	}
	for _, want := range []string{"plan … (36)", "start c8", "unplan d1"} {
		if !strings.Contains(joined, want) {
			t.Errorf("choices lack %q: %s", want, joined)
		}
	}
	// Picking the plan group lists its members by their next letter.
	plan := groupMoves(legal, "plan", maxChoices, nil)
	if plan[0].Value != "plan done" {
		t.Fatalf("plan group: %+v", plan)
	}
	found := false
	for _, c := range plan {
		if c.Name == "plan g… (5)" && c.Value == "plan g" {
			found = true
		}
	}
	if !found {
		t.Fatalf("plan group not by letters: %+v", plan)
	}
	// A client may leave the group's name in the field and type on.
	if b := groupMoves(legal, "plan b… (5)3", maxChoices, nil); len(b) != 1 || b[0].Value != "plan b3" {
		t.Fatalf("typing on after a group: %+v", b)
	}
	if b := groupMoves(legal, "plan … (36) b", maxChoices, nil); len(b) != 5 {
		t.Fatalf("typing on after a group: %+v", b)
	}
	// A search inside the moves still works when nothing begins so.
	if b := groupMoves(legal, " 8", maxChoices, nil); len(b) != 2 {
		t.Fatalf("search: %+v", b)
	}
	// A game's rank puts its likeliest moves first.
	r := groupMoves(legal, "", maxChoices, func(m string) int {
		if m == "start e8" {
			return 5
		}
		return 0
	})
	if r[0].Value != "start e8" || r[1].Value != "plan done" {
		t.Fatalf("ranked: %+v", r[:3])
	}
	t.Log(joined)
}

func BenchmarkGroupMovesHeistPlanning(b *testing.B) {
	legal := heistPlanning()
	for i := 0; i < b.N; i++ {
		groupMoves(legal, "", maxChoices, nil)
		groupMoves(legal, "plan", maxChoices, nil)
	}
}

// TestKeptMoveListAnswersAsAFreshOne: a move list kept between
// keystrokes, memo included, gives every typed text the same answer as
// one built for that keystroke alone, asked twice.
func TestKeptMoveListAnswersAsAFreshOne(t *testing.T) {
	legal := heistPlanning()
	rank := func(m string) int {
		if strings.HasPrefix(m, "start") {
			return 2
		}
		return 0
	}
	l := newMoveList(legal, rank)
	typed := []string{"", " ", "PLAY", "plan b… (5)3", "zzz"}
	for _, m := range legal {
		typed = append(typed, m[:1], m[:3], m[:len(m)/2], m)
	}
	for round := 0; round < 2; round++ {
		for _, ty := range typed {
			got := choicesOfPicks(l.tree(ty, maxChoices))
			if want := groupMoves(legal, ty, maxChoices, rank); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("typed %q (round %d): kept list %v, fresh %v", ty, round, got, want)
			}
		}
	}
}

func choicesOfPicks(p []pick) []Choice { return choicesOf(p) }
