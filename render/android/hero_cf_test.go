package android

import (
	"strings"
	"testing"

	"casefile/engine"
	an "casefile/engine/android"
)

// TestBoardShowsCapriceFloydHeroCards: the board draws Caprice's Sanity
// card (every mark, hers filled) and whether Descent into Madness came
// in, and Floyd's three Directives, kept or broken, with his Director Haas
// favor; the rows stay readable.
func TestBoardShowsCapriceFloydHeroCards(t *testing.T) {
	s := position(t, 5, 4, 0)
	for i := range s.Dets {
		d := &s.Dets[i]
		switch d.Def().Slug {
		case "caprice":
			d.Sanity.Mark, d.Sanity.Descended = -2, true
		case "floyd":
			d.Directives.Broken[1] = true
			d.Directives.HaasFavor = 0
		}
	}
	c, h, err := board(s.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	checkReadable(t, "hero cards board", c, boardW, h)
	got := texts(c)
	for _, w := range []string{
		"Sanity", "Clear +2", "Calm +1", "Steady +0", "Shaken -1", "Breaking -2", "Descent into Madness has come in",
		"I Protect the Public: kept", "II Obey Haas-Bioroid: BROKEN", "III Uphold the Law: kept", "Director Haas favor 0",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("the board does not say %q", w)
		}
	}
	if an.SanityTop != 2 || an.SanityBottom != -2 {
		t.Error("the drawn marks are not the Sanity card's")
	}
}
