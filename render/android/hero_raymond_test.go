package android

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"casefile/engine"
	an "casefile/engine/android"
	"casefile/render"
)

// withRaymond is a dealt game of n players in which a seat plays Raymond.
func withRaymond(t *testing.T, n int) *an.State {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		s := position(t, n, seed, 0)
		for _, d := range s.Dets {
			if d.Flint != nil {
				return s
			}
		}
	}
	t.Fatal("no seed deals Raymond")
	return nil
}

// drawnTexts joins the texts a picture drew, in drawing order, so that a
// wrapped text reads whole again.
func drawnTexts(c *render.Canvas) string {
	var out []string
	for _, m := range c.Marks() {
		if m.Kind == render.TextMark {
			out = append(out, m.Text)
		}
	}
	return strings.Join(out, " ")
}

// TestHandCardsReadable (issue 19, Images): every twilight card of every
// deck, drawn on a case file in hands of the detective's hand limit and
// the longest texts first, shows its whole text — name, cost, colour,
// traits and effects — at no less than the house's smallest size, with
// nothing overlapping and nothing outside the picture; the holder's
// Memory card with them.
func TestHandCardsReadable(t *testing.T) {
	s := withRaymond(t, 5)
	ids := slices.Sorted(maps.Keys(an.Cards))
	slices.SortStableFunc(ids, func(a, b string) int { return len(an.Cards[b].Text()) - len(an.Cards[a].Text()) })
	seat := 0
	for i := range s.Dets {
		if s.Dets[i].Memory != "" {
			seat = i
			break
		}
	}
	d := &s.Dets[seat]
	limit := 7
	for k := 0; k < len(ids); k += limit {
		hand := ids[k:min(k+limit, len(ids))]
		d.Hand = d.Hand[:0]
		for _, id := range hand {
			deck := strings.SplitN(id, "-", 2)[0] + " light"
			if an.Cards[id].Dark {
				deck = strings.SplitN(id, "-", 2)[0] + " dark"
			}
			d.Hand = append(d.Hand, an.HandCard{Card: id, Deck: deck})
		}
		c, h, err := private(s.View(engine.Seat(seat)))
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("hand %d–%d", k+1, k+len(hand))
		checkReadable(t, name, c, privateW, h)
		all := drawnTexts(c)
		for _, id := range hand {
			if txt := an.Cards[id].Text(); !strings.Contains(all, txt) {
				t.Errorf("%s: %s is not drawn whole: %q", name, id, txt)
			}
		}
		if m := an.MemoryByID(d.Memory); !strings.Contains(all, m.Text()) {
			t.Errorf("%s: the Memory card %s is not drawn whole", name, m.Name)
		}
		c.Release()
	}
}

// TestMemoryOnlyOnItsHolder: a Memory card is drawn on its holder's case
// file and on no other picture; the board shows Raymond's Wrapped Up in
// Himself and who holds a Memory card, never which.
func TestMemoryOnlyOnItsHolder(t *testing.T) {
	s := withRaymond(t, 4)
	b, bh, err := board(s.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	checkReadable(t, "board", b, boardW, bh)
	pub := drawnTexts(b)
	b.Release()
	if !strings.Contains(pub, "Wrapped Up in Himself: face up") || !strings.Contains(pub, "Memory cards held by") {
		t.Errorf("the board does not show Raymond's hero cards")
	}
	for _, m := range an.Memories {
		if strings.Contains(pub, m.Name) {
			t.Errorf("the board names the Memory card %s", m.Name)
		}
	}
	for seat := range s.Dets {
		c, _, err := private(s.View(engine.Seat(seat)))
		if err != nil {
			t.Fatal(err)
		}
		all := drawnTexts(c)
		c.Release()
		for i := range s.Dets {
			m := an.MemoryByID(s.Dets[i].Memory)
			if m != nil && strings.Contains(all, m.Name) != (i == seat) {
				t.Errorf("seat %d's picture and seat %d's Memory card %s: shown %v", seat, i, m.Name, i != seat)
			}
		}
	}
}
