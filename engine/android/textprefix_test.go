package android

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestTextPrefixIsTheBeginningOfText: over random games of every size,
// each seat's view and the public one write, when asked for n bytes, the
// beginning of their whole text, at least n bytes of it (or all of it),
// ending at the end of a line: what a DM cut to Discord's length shows
// is the same as from the whole text (see engine.TextPrefixer).
func TestTextPrefixIsTheBeginningOfText(t *testing.T) {
	for players := 3; players <= 5; players++ {
		st, err := Game().New(engine.Setup{Players: players, Seed: uint64(players)})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(uint64(players))
		for step := 0; step < 150; step++ {
			seat, mv, ok := engine.RandomMove(st, r)
			if !ok {
				break
			}
			if _, _, err := engine.Play(st, seat, mv); err != nil {
				t.Fatal(err)
			}
			viewers := []engine.Viewer{engine.Public}
			for s := 0; s < players; s++ {
				viewers = append(viewers, engine.Viewer(s))
			}
			for _, viewer := range viewers {
				v := st.View(viewer).(*View)
				whole := v.Text()
				for _, n := range []int{0, 1, 100, 900, 1750, 3500, len(whole), len(whole) + 1} {
					p := v.TextPrefix(n)
					if !strings.HasPrefix(whole, p) || len(p) < min(n, len(whole)) || (len(p) < len(whole) && !strings.HasSuffix(p, "\n")) {
						t.Fatalf("%d players, step %d, viewer %d, n %d: a prefix of %d bytes of a text of %d\n%q", players, step, viewer, n, len(p), len(whole), p)
					}
				}
			}
		}
	}
}
