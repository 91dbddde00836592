package commands

import (
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/android"
	"casefile/storage"
)

// prefixView is a view whose text is given, written from its beginning
// in pieces of step bytes as engine.TextPrefixer allows.
type prefixView struct {
	text string
	step int
}

func (v prefixView) Text() string { return v.text }

func (v prefixView) TextPrefix(n int) string {
	k := (n + v.step - 1) / v.step * v.step
	return v.text[:min(max(k, 0), len(v.text))]
}

// TestClippedViewIsTheWholeViewCut: a DM's view written only as far as
// the DM shows (clippedView) is byte for byte the whole view with its
// seat references expanded and cut as before, for Android's views over
// random games with short and long names, and for texts whose prefixes
// cut a reference in two or hold an "@{" that is no reference.
func TestClippedViewIsTheWholeViewCut(t *testing.T) {
	names := []func(engine.Seat) string{
		func(s engine.Seat) string { return string(rune('A' + int(s))) },
		func(s engine.Seat) string { return strings.Repeat("Zoë", 10) + string(rune('0'+int(s))) },
	}
	check := func(what string, v engine.View) {
		t.Helper()
		for _, name := range names {
			for _, n := range []int{40, 100, 900, 1400} {
				want := clip(engine.ExpandSeatRefs(v.Text(), name), n)
				if got := clippedView(v, name, n); got != want {
					t.Fatalf("%s, n %d:\n got %q\nwant %q", what, n, got, want)
				}
			}
		}
	}
	st, err := android.Game().New(engine.Setup{Players: 5, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(8)
	for step := 0; step < 120; step++ {
		seat, mv, ok := engine.RandomMove(st, r)
		if !ok {
			break
		}
		if _, _, err := engine.Play(st, seat, mv); err != nil {
			t.Fatal(err)
		}
		for s := 0; s < 5; s++ {
			check("android", st.View(engine.Viewer(s)))
		}
	}
	// With one-letter names, the first 50 bytes (what is asked for a cut
	// at 40) expand to exactly 40, ending in a reference cut in two: not
	// yet enough to cut.
	check("a cut reference at the cut", prefixView{text: "@{1}@{1}@{12}" + strings.Repeat("x", 34) + "@{1}" + strings.Repeat("y", 200), step: 1})
	refs := strings.Repeat("@{1} met @{12} and @{0}; ", 40)
	for step := 1; step <= 9; step++ {
		check("references", prefixView{text: refs, step: step})
		check("an @{ that is no reference", prefixView{text: refs[:300] + "@{x} @{" + refs + "}", step: step})
		check("an @{} ", prefixView{text: refs[:500] + "@{}" + refs, step: step})
	}
}

// TestPlainNamesAreEachSeatsPlainName: the names a move's DMs write their
// seat references with, remembered seat by seat, are each seat's own
// plain name, asked in any order and again: a person with two seats (each
// named with its seat), a stand-in, a name with formatting to drop, a
// seat nobody holds, and seats past the remembered ones.
func TestPlainNamesAreEachSeatsPlainName(t *testing.T) {
	tb := &table{rec: &storage.Game{Seats: []storage.Seat{
		{Seat: 0, UserID: "u1", Name: "Ann"},
		{Seat: 1, UserID: "u2", Name: "*Bo*_", StandIn: true},
		{Seat: 2, UserID: "u1", Name: "Ann"},
		{Seat: 5, UserID: "u3", Name: "Cy"},
	}}}
	names := tb.plainNames()
	seats := []engine.Seat{2, 0, 5, 1, 3, 0, 2, 1, 70, 5, -1, 3}
	for _, s := range seats {
		if got, want := names(s), tb.plainName(s); got != want {
			t.Fatalf("seat %d: %q, want %q", s, got, want)
		}
	}
	if a, b := names(0), names(2); a == b {
		t.Fatalf("two seats of one person named alike: %q", a)
	}
}
