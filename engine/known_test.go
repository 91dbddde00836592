package engine_test

import (
	"slices"
	"testing"

	"casefile/engine"
)

// token is a face-down evidence token: its value is known to the seats in
// Known (whoever placed it, whoever peeked), its position to everyone.
type token struct {
	Place string        `json:"place"`
	Value int           `json:"value" vis:"known"`
	Known []engine.Seat `json:"known"`
}

func (t token) KnownBy() []engine.Seat { return t.Known }

type board struct {
	Tokens []token `json:"tokens"`
}

func TestKnownValueSeenByItsKnowersOnly(t *testing.T) {
	b := &board{Tokens: []token{{Place: "noise", Value: 3, Known: []engine.Seat{0, 2}}, {Place: "alibi", Value: 5}}}
	for _, c := range []struct {
		viewer engine.Viewer
		want   []int
	}{{engine.Public, []int{0, 0}}, {0, []int{3, 0}}, {1, []int{0, 0}}, {2, []int{3, 0}}} {
		v := engine.Redact(b, c.viewer)
		got := []int{v.Tokens[0].Value, v.Tokens[1].Value}
		if !slices.Equal(got, c.want) {
			t.Errorf("viewer %d sees %v, want %v", c.viewer, got, c.want)
		}
		if v.Tokens[0].Place != "noise" || !slices.Equal(v.Tokens[0].Known, []engine.Seat{0, 2}) {
			t.Errorf("viewer %d lost the public part: %+v", c.viewer, v.Tokens[0])
		}
	}
	if h := engine.HiddenFrom(b, 1); h[".Tokens[0].Value"] != "3" || h[".Tokens[1].Value"] != "5" {
		t.Errorf("HiddenFrom seat 1: %v", h)
	}
	if h := engine.HiddenFrom(b, 2); h[".Tokens[0].Value"] != "" || h[".Tokens[1].Value"] != "5" {
		t.Errorf("HiddenFrom seat 2 lists what it knows, or misses what it does not: %v", h)
	}
	if b.Tokens[0].Value != 3 {
		t.Fatal("Redact or HiddenFrom changed the state")
	}
}

// TestPeekRefreshesExactlyThePeeker: when a seat learns a value, its
// fingerprint (and so its DM) changes, and nobody else's does.
func TestPeekRefreshesExactlyThePeeker(t *testing.T) {
	b := &board{Tokens: []token{{Place: "noise", Value: 3, Known: []engine.Seat{0}}}}
	before := engine.SecretFingerprints(b)
	b.Tokens[0].Known = append(b.Tokens[0].Known, 2)
	after := engine.SecretFingerprints(b)
	if before[0] != after[0] || before[1] != after[1] {
		t.Errorf("seats that learned nothing were refreshed: before %v after %v", before, after)
	}
	if before[2] == after[2] {
		t.Errorf("the peeking seat was not refreshed: %v", after)
	}
	b.Tokens[0].Value = 4
	changed := engine.SecretFingerprints(b)
	if changed[0] == after[0] || changed[2] == after[2] || changed[1] != after[1] {
		t.Errorf("a changed value must refresh both knowers and nobody else: %v -> %v", after, changed)
	}
}

// TestOwnerAndKnownTogether: a field tagged owner,known is seen by the
// owner of the enclosing value and by the seats that learned it.
func TestOwnerAndKnownTogether(t *testing.T) {
	h := &hands{Cards: []cardOwnedKnown{{Seat: 1, Name: "Mr. Li", Shown: []engine.Seat{3}}}}
	for viewer, want := range map[engine.Viewer]string{engine.Public: "", 0: "", 1: "Mr. Li", 3: "Mr. Li"} {
		if got := engine.Redact(h, viewer).Cards[0].Name; got != want {
			t.Errorf("viewer %d sees %q, want %q", viewer, got, want)
		}
	}
}

type cardOwnedKnown struct {
	Seat  engine.Seat   `json:"seat"`
	Name  string        `json:"name" vis:"owner,known"`
	Shown []engine.Seat `json:"shown"`
}

func (c cardOwnedKnown) OwnerSeat() engine.Seat { return c.Seat }
func (c cardOwnedKnown) KnownBy() []engine.Seat { return c.Shown }

type hands struct {
	Cards []cardOwnedKnown `json:"cards"`
}
