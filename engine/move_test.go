package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

func TestCondRequireAndFirstFailure(t *testing.T) {
	if c := engine.Require(true, "never"); !c.Holds() {
		t.Fatalf("a met condition fails: %q", c)
	}
	c := engine.Require(false, "need %d MP", 2).And(engine.Require(false, "second"))
	if c.Holds() || c != "need 2 MP" {
		t.Fatalf("And should keep the first failure: %q", c)
	}
	if c := engine.OK.And(engine.Require(false, "later")); c != "later" {
		t.Fatalf("OK.And(fail) = %q", c)
	}
}

// TestMovesListAndRefuseFromOneCondition: the legal list and the refusal
// come from the same Add; a refused move is never applied.
func TestMovesListAndRefuseFromOneCondition(t *testing.T) {
	applied := ""
	ms := &engine.Moves{}
	ms.Add("rest", engine.Require(false, "You have already rested this round"), func(*engine.Result) { applied = "rest" })
	ms.Legal("go church", func(r *engine.Result) { applied = "go church"; r.Say("moved") })
	ms.Legal("go church", func(*engine.Result) { applied = "second" })
	ms.Add("stop", engine.OK, func(*engine.Result) { applied = "stop" })
	ms.RefuseFamily("go ", "You cannot reach that with 2 MP")
	if got := strings.Join(ms.Texts(), ","); got != "go church,stop" || ms.Len() != 3 {
		t.Fatalf("legal texts %q (len %d)", got, ms.Len())
	}
	if _, ok := ms.Find("rest"); ok {
		t.Fatal("a move whose condition fails was found as legal")
	}
	if why, known := ms.Refusal("REST"); !known || why != "You have already rested this round" {
		t.Fatalf("refusal of rest: %q %v", why, known)
	}
	if why, known := ms.Refusal("go  harbour"); !known || why != "You cannot reach that with 2 MP" {
		t.Fatalf("refusal of a family member: %q %v", why, known)
	}
	if why, known := ms.Refusal("xyzzy"); known || why != engine.OK {
		t.Fatalf("unknown text: %q %v", why, known)
	}
	var res engine.Result
	why, _ := ms.Refusal("rest")
	if err := engine.Reject("%s. Legal now: %s.", why, engine.ListLegal(ms.Texts(), 1)); applied != "" {
		t.Fatalf("refused move applied (%q)", applied)
	} else if msg, _ := engine.IsRejection(err); msg != "You have already rested this round. Legal now: go church, … 1 more." {
		t.Fatalf("refusal text %q", msg)
	}
	m, ok := ms.Find("Go  Church")
	if ok {
		m.Do(&res)
	}
	if !ok || m.Text != "go church" || applied != "go church" || len(res.Public) != 1 {
		t.Fatalf("find: %q %v applied %q res %+v", m.Text, ok, applied, res)
	}
}

func TestNotYourTurnNamesWhoAndWhat(t *testing.T) {
	msg, ok := engine.IsRejection(engine.NotYourTurn(engine.Turn{Seats: []engine.Seat{1, 2}, Prompt: "object or pass"}))
	if !ok || msg != "It is not your turn: waiting for @{1}, @{2} to object or pass." {
		t.Fatalf("%q", msg)
	}
	if msg, _ := engine.IsRejection(engine.NotYourTurn(engine.Turn{Phase: "Over"})); !strings.Contains(msg, "Nobody") {
		t.Fatalf("%q", msg)
	}
	if got := engine.ListLegal(nil, 3); got != "nothing" {
		t.Fatalf("%q", got)
	}
}

// TestRoleOnlyMovesAreLegalButNeverNamedInRefusals: the seat holding a
// hidden role may make its move, and a refusal lists only what every
// seat in its place could do.
func TestRoleOnlyMovesAreLegalButNeverNamedInRefusals(t *testing.T) {
	ms := &engine.Moves{}
	ms.Legal("file all", func(*engine.Result) {})
	ms.RoleOnly("bury 2", func(*engine.Result) {})
	if _, ok := ms.Find("bury 2"); !ok || strings.Join(ms.Texts(), ",") != "file all,bury 2" {
		t.Fatalf("the role-only move is not legal for its seat: %v", ms.Texts())
	}
	if got := strings.Join(ms.Shared(), ","); got != "file all" {
		t.Fatalf("refusals would name %q", got)
	}
}

// TestTextsDedupesLongLists: past the small-list size repeats are found
// by a map; the result is the same, in the order added.
func TestTextsDedupesLongLists(t *testing.T) {
	ms := &engine.Moves{}
	var want []string
	for i := 0; i < 40; i++ {
		text := fmt.Sprintf("plan %d", i%30)
		ms.Legal(text, func(*engine.Result) {})
		if i < 30 {
			want = append(want, text)
		}
	}
	ms.Add("hidden", engine.Require(false, "no"), func(*engine.Result) {})
	ms.RoleOnly("bury 1", func(*engine.Result) {})
	if got := ms.Texts(); strings.Join(got, ",") != strings.Join(append(want, "bury 1"), ",") {
		t.Fatalf("texts %v", got)
	}
	if got := ms.Shared(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("shared %v", got)
	}
}

// TestNormalizeMoveIsTheFolding holds NormalizeMove, which gives a text
// already folded back as it is, to the folding itself (lower case,
// words split on any space and joined by one) for texts built at random
// from letters, capitals, digits, ASCII and Unicode spaces and letters
// beyond ASCII, and for the edge cases: a folded text is returned
// unchanged, any other the way the folding writes it.
func TestNormalizeMoveIsTheFolding(t *testing.T) {
	fold := func(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }
	cases := []string{"", " ", "a", "a ", " a", "a  b", "a b", "move b3", "Move b3", "move\tb3", "move\nb3", "move b3\r",
		"play é", "play É", "a\u00a0b", "a\u0085b", "a\u2003b", "x\vy", "x\fy", "seat2: go c3", "use contact bribe red from C3", "@{1} pass"}
	alphabet := []string{"a", "z", "b", "3", ":", "-", "'", " ", " ", "  ", "\t", "\n", "A", "Q", "é", "É", "\u00a0", "\u0085", "\u2003", "ß", "İ", "\x00", "\x1f"}
	r := engine.NewRand(16)
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.Intn(12); n > 0; n-- {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		if got, want := engine.NormalizeMove(s), fold(s); got != want {
			t.Fatalf("NormalizeMove(%q) = %q, want %q", s, got, want)
		}
	}
}
