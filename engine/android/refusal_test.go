package android

import (
	"strings"
	"testing"

	"casefile/engine"
)

// TestRefusals: a refused move names the condition it failed and what is
// legal instead, and changes nothing; a seat out of turn is told whom the
// game waits for.
func TestRefusals(t *testing.T) {
	s := quiet(newS(t, 3, 4, "1"))
	seat := s.active()
	place(t, s, "castle-club", 6)
	before, _ := s.Marshal()
	for move, want := range map[string]string{
		"move dockside-warehouse": "That is not within one move of Castle Club",
		"dropship city-hall":      "You have no dropship pass",
		"get a jump":              "You must be at the scene of the crime",
		"follow up":               "There is no lead at Castle Club",
		"fly away":                "“fly away” is not a legal move now",
		"use city-hall":           "You may use only the ability of the major location you stand in",
		"discard nothing-l99":     "You hold no such card",
	} {
		msg := refusal(s, seat, move)
		if !strings.HasPrefix(msg, want) || !strings.Contains(msg, engine.LegalNow) {
			t.Errorf("%s: %q", move, msg)
		}
	}
	if msg := refusal(s, s.left(seat), "end turn"); !strings.HasPrefix(msg, "It is not your turn") {
		t.Errorf("out of turn: %q", msg)
	}
	if _, err := s.Apply(engine.Seat(seat), "move dockside-warehouse"); err == nil {
		t.Fatal("an illegal move accepted")
	}
	after, _ := s.Marshal()
	if string(before) != string(after) {
		t.Error("a refused move changed the state")
	}
	// Placing evidence on a suspect not in play.
	s2 := quiet(newS(t, 3, 4, "1"))
	seat2 := s2.active()
	place(t, s2, Locations[s2.Leads[0].At].Slug, 6)
	apply(t, s2, seat2, "follow up")
	apply(t, s2, s2.right(seat2), legal(s2, s2.right(seat2))[0])
	apply(t, s2, seat2, "place evidence")
	if msg := refusal(s2, seat2, "evidence noise"); !strings.HasPrefix(msg, "The token goes on a live suspect in play: vinnie, eve, dejah, mark") {
		t.Errorf("suspect not in play: %q", msg)
	}
	s.Over = true
	fresh(s)
	if msg := refusal(s, seat, "end turn"); msg != "The game is over." {
		t.Errorf("over: %q", msg)
	}
}

// TestActionsOfTheTurn (AN-ROUND-06/07): the turn offers the 1-Time
// actions — move, follow up, draw or discard, get a jump — and a major
// location's ability, and playing a light card (event actions are not
// implemented yet and are not offered).
func TestActionsOfTheTurn(t *testing.T) {
	s := quiet(newS(t, 3, 4, "1"))
	seat := s.active()
	d := place(t, s, Locations[s.Scene].Slug, 6) // Levy University: major, scene
	d.Dropships = 1
	s.Supply.Dropships--
	fresh(s)
	kinds := map[string]bool{}
	for _, m := range legal(s, seat) {
		kinds[strings.Fields(m)[0]] = true
	}
	for _, k := range []string{"move", "dropship", "draw", "discard", "use", "play", "end"} {
		if !kinds[k] {
			t.Errorf("no %q action among %v", k, kinds)
		}
	}
	if seat != s.SceneHero && !kinds["get"] {
		t.Error("no get a jump at the scene")
	}
}
