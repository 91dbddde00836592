package android

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"casefile/engine"
	an "casefile/engine/android"
	"casefile/render"
	"casefile/render/rendertest"
)

// storyPosition is the mid-game position of the goldens with the story
// filled in by hand where bot play has not reached it yet: a temporary
// ability on the event track's first space, the first player's NPC
// waiting on the map on the second, the specific event revealed (a hiding
// suspect), another seat's NPC eliminated, a plot on its crossroads with
// baggage and an ending reached, conspiracy tokens and trauma. Every
// value is one the game itself can hold.
func storyPosition(t testing.TB) *an.State {
	t.Helper()
	s := position(t, 4, 2, 220)
	ev := &s.Story.Events
	ev.Track[0] = &an.EventSlot{Event: eventBySlug(t, "gala")}
	meet := (s.First + 1) % s.NPlayers
	dead := (s.First + 2) % s.NPlayers
	if s.NPCOf(meet) == nil || s.NPCOf(dead) == nil {
		t.Fatal("the position's seats have no favor-granting NPCs")
	}
	ev.Track[1] = &an.EventSlot{Event: eventBySlug(t, "meeting"), NPC: meet + 1, At: locBySlug("midtown-exchange")}
	ev.SpecificDown = nil
	ev.Specific = &an.EventSlot{Event: 0, Specific: true}
	if s.Suspects[an.SpecificEvents[s.Murder][0].Suspect].Dead {
		t.Fatal("the hiding suspect is dead: the specific event would have ended")
	}
	n := s.NPCOf(dead)
	n.Dead, n.Discarded, n.Held = true, n.Held, 0
	ps := &s.Story.Plots[meet]
	pl := an.Plots[ps.Title]
	ps.Card, ps.Side, ps.Good, ps.Bad = an.CardCrossroads, 1, 2, 1
	s.Story.Endings[dead] = append(s.Story.Endings[dead], an.Reached{Plot: s.Story.Plots[dead].Title, Ending: "Worn Through", VP: -2})
	s.Story.Tokens[meet] += 2
	s.Story.TokenSupply -= 2
	s.Dets[dead].Trauma += 2
	s.Supply.Trauma -= 2
	if pl.Title == "" {
		t.Fatal("no plot in play")
	}
	return s
}

func eventBySlug(t testing.TB, slug string) int {
	t.Helper()
	for i, e := range an.GeneralEvents {
		if e.Slug == slug {
			return i
		}
	}
	t.Fatalf("no general event %q", slug)
	return 0
}

// texts joins a picture's texts in drawing order, so a wrapped paragraph
// reads back as one line.
func texts(c *render.Canvas) string {
	var b strings.Builder
	for _, m := range c.Marks() {
		if m.Kind == render.TextMark {
			b.WriteString(m.Text + " ")
		}
	}
	return b.String()
}

// TestBoardShowsStory holds the board to the story's part of the case
// file (issue 18): both event spaces with their cards and whether they are
// in effect, the revealed specific event and its hiding suspect (on the
// sheet too, AN-EVENT-16), the NPC status marker an event put on the map
// (AN-EVENT-06) and a dead NPC (AN-NPC-01), each plot card with its good
// and bad baggage (AN-BAG-02/03) and the ending reached, conspiracy tokens
// and links per group, and trauma. It draws the position as a golden too, with the phone rules.
func TestBoardShowsStory(t *testing.T) {
	s := storyPosition(t)
	c, h, err := board(s.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	checkReadable(t, "story board", c, boardW, h)
	got := texts(c)
	ev := &s.Story.Events
	meet := ev.Track[1].NPC - 1
	want := []string{
		"Space 1 (newest) · in effect", an.GeneralEvents[ev.Track[0].Event].Title,
		"Space 2 · in effect", an.GeneralEvents[ev.Track[1].Event].Title,
		"The murder's specific event, revealed · in effect", an.SpecificEvents[s.Murder][0].Title,
		s.Suspects[an.SpecificEvents[s.Murder][0].Suspect].Def().Name + " hides", "hiding · alibis",
		fmt.Sprintf("%s's NPC %s at %s", seatName(meet), s.NPCOf(meet).Def().Name, an.Locations[locBySlug("midtown-exchange")].Cell),
		"star at " + an.Locations[locBySlug("skyline-apartments")].Cell,
		"eliminated (skull)",
		"crossroads (troubled)", "baggage on it: 2 good, 1 bad",
		"Ending reached: " + s.Story.Plots[(s.First+2)%s.NPlayers].Title + ", Worn Through (-2 VP, sad)",
		fmt.Sprintf("Conspiracy tokens: Orange (1) %d", s.Story.Tokens[0]),
		"Links to the conspiracy: Street ",
		fmt.Sprintf("trauma %d", s.Dets[(s.First+2)%s.NPlayers].Trauma),
	}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the board does not say %q", w)
		}
	}
	// The NPC's marker and the event's star are pieces on their cells:
	// two more token marks than the same board without the events.
	o := storyPosition(t)
	o.Story.Events.Track = [2]*an.EventSlot{}
	oc, _, err := board(o.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	defer oc.Release()
	if d := pieceMarks(c) - pieceMarks(oc); d != 2 {
		t.Errorf("the events put %d pieces on the map, want 2 (the NPC's marker and the ability's star)", d)
	}
	if alt := Alt(s.View(engine.Public)); !strings.Contains(alt, "Events in effect: "+an.GeneralEvents[ev.Track[0].Event].Title) || len(alt) > altMax {
		t.Errorf("the alt text does not name the events in effect: %q", alt)
	}
	pc, ph, err := private(s.View(engine.Seat(meet)))
	if err != nil {
		t.Fatal(err)
	}
	checkReadable(t, "story case file", pc, privateW, ph)
	if got := texts(pc); !strings.Contains(got, "on the map at "+place(locBySlug("midtown-exchange"))) {
		t.Errorf("the case file of %s does not say where their NPC waits", seatName(meet))
	}
	pc.Release()
	rendertest.CheckBoardAndPrivate(t, "story-4p",
		rendertest.Job{Name: "story board", Draw: func() (image.Image, error) { return Board(s.View(engine.Public)) }},
		rendertest.Job{Name: "story private", Draw: func() (image.Image, error) { return Private(s.View(engine.Seat(meet))) }},
		*update)
}

// pieceMarks counts the token marks of a piece's size without a label.
func pieceMarks(c *render.Canvas) int {
	n := 0
	for _, m := range c.Marks() {
		if m.Kind == render.TokenMark && m.Text == "" && m.X1-m.X0 == piece && m.Y1-m.Y0 == piece {
			n++
		}
	}
	return n
}

// TestCaseFileShowsCardTexts: every seat's case file, along bot games,
// writes each card in its hand in full (Card.Text) and the seat's plot card
// with its text, its baggage conditions and what it resolves into.
func TestCaseFileShowsCardTexts(t *testing.T) {
	cards := 0
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.moves)
		for seat := 0; seat < g.players; seat++ {
			c, _, err := private(s.View(engine.Seat(seat)))
			if err != nil {
				t.Fatal(err)
			}
			got := texts(c)
			c.Release()
			for _, h := range s.Dets[seat].Hand {
				card := an.CardByID(h.Card)
				if card == nil {
					t.Fatalf("%s: seat %d holds an unknown card %q", g.name, seat, h.Card)
				}
				cards++
				if !strings.Contains(got, card.Text()) {
					t.Errorf("%s: seat %d's case file does not write %q", g.name, seat, card.Text())
				}
			}
			ps := s.Story.Plots[seat]
			if ps.Card != an.CardStart && ps.Card != an.CardCrossroads {
				continue
			}
			pc := an.Plots[ps.Title].Start
			if ps.Card == an.CardCrossroads {
				pc = an.Plots[ps.Title].Crossroads[ps.Side]
			}
			for _, w := range []string{ps.Title, pc.Text, "Good baggage from " + listOr(pc.Good), "bad from " + listOr(pc.Bad), "Resolves into"} {
				if !strings.Contains(got, w) {
					t.Errorf("%s: seat %d's case file does not say %q", g.name, seat, w)
				}
			}
		}
	}
	if cards == 0 {
		t.Fatal("no seat holds a card: the test is empty")
	}
}
