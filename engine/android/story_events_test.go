package android

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// eventIndex finds a general event by slug.
func eventIndex(t *testing.T, slug string) int {
	t.Helper()
	for i, e := range GeneralEvents {
		if e.Slug == slug {
			return i
		}
	}
	t.Fatalf("no event %s", slug)
	return -1
}

// TestEventSetup (AN-SETUP-37…39): the general event deck (18 cards) is
// shuffled face down; one of the murder's three specific events is picked
// face down and the others are left out; the public sees counts only.
func TestEventSetup(t *testing.T) {
	if len(GeneralEvents) != 18 {
		t.Errorf("%d general events, want 18 [study]", len(GeneralEvents))
	}
	for m, evs := range SpecificEvents {
		if len(evs) != 3 {
			t.Errorf("murder %d: %d specific events", m+1, len(evs))
		}
		for _, e := range evs {
			seen := map[string]bool{}
			for _, l := range e.Leads {
				if _, ok := LocBySlug(l); !ok || seen[l] {
					t.Errorf("%s: lead location %q unknown or repeated", e.Slug, l)
				}
				seen[l] = true
			}
			if e.Suspect < 0 || e.Suspect > 3 {
				t.Errorf("%s: suspect %d may be out of play", e.Slug, e.Suspect)
			}
		}
	}
	s := newS(t, 3, 21, "2")
	ev := s.Story.Events
	deck := slices.Clone(ev.Deck)
	slices.Sort(deck)
	if len(deck) != 18 || deck[0] != 0 || deck[17] != 17 || len(ev.SpecificDown) != 1 || ev.Specific != nil {
		t.Fatalf("events at setup %+v", ev)
	}
	other := newS(t, 3, 22, "2").Story.Events.Deck
	if slices.Equal(other, ev.Deck) {
		t.Error("the event deck is not shuffled by the seed")
	}
	v := s.View(engine.Public).(*View)
	if v.State.Story.Events.SpecificDown[0] != 0 && ev.SpecificDown[0] != 0 || slices.ContainsFunc(v.State.Story.Events.Deck, func(i int) bool { return i != 0 }) {
		t.Error("the public sees the event deck or the specific event")
	}
}

// TestEventTrack (AN-EVENT-01/04/05/08/09): an event drawn at the end of
// days 2, 4 and 5 goes in the track's first space, pushing the one there to
// the second and the second's off the track; an event without lasting
// effect is turned face down once resolved.
func TestEventTrack(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	a, b, c := eventIndex(t, "sermon"), eventIndex(t, "gala"), eventIndex(t, "neon")
	s.Story.Events.Deck = []int{a, b, c}
	endTurns(t, s, 3)
	tr := s.Story.Events.Track
	if tr[0] == nil || tr[0].Event != a || !tr[0].Ended || tr[1] != nil {
		t.Fatalf("after day 2: %+v %+v", tr[0], tr[1])
	}
	endTurns(t, s, 5)
	tr = s.Story.Events.Track
	if tr[0].Event != b || tr[0].Ended || tr[1].Event != a {
		t.Fatalf("after day 4: %+v %+v", tr[0], tr[1])
	}
	log := strings.Join(endTurns(t, s, 6), "\n")
	tr = s.Story.Events.Track
	if tr[0].Event != c || tr[1].Event != b || !strings.Contains(log, "Sermon of Light falls off") {
		t.Fatalf("after day 5: %+v %+v\n%s", tr[0], tr[1], log)
	}
	if !strings.Contains(s.View(engine.Public).Text(), "Events: space 1 Neon Nights (face down), space 2 Charity Gala (in effect)") {
		t.Errorf("view: %s", s.View(engine.Public).Text())
	}
	endTurns(t, s, 7)
	if len(s.Story.Events.Deck) != 0 {
		t.Error("an event drawn on day 6")
	}
}

// TestEventEffects: the general events' effects — trauma for detectives
// in a city, conditional baggage for all (AN-CBAG), shifts for all, Lily
// and Jimmy sent, an alibi on the least protected suspect.
func TestEventEffects(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	var r engine.Result
	s.Dets[0].At, s.Dets[1].At, s.Dets[2].At = mustLoc("dust-bar"), mustLoc("city-hall"), mustLoc("ore-refinery")
	s.resolveEffects(&EventSlot{}, GeneralEvents[eventIndex(t, "mine-riot")], &r)
	if s.Dets[0].Trauma != 1 || s.Dets[1].Trauma != 0 || s.Dets[2].Trauma != 1 || s.Supply.Trauma != TraumaCounters-2 {
		t.Errorf("riot trauma %d %d %d", s.Dets[0].Trauma, s.Dets[1].Trauma, s.Dets[2].Trauma)
	}
	before := s.Story.Plots[0]
	c, _ := s.plotCard(0)
	word := c.Good[0]
	for _, e := range GeneralEvents {
		if hasEffect(e, EffBaggageAll) && e.Effects[0].Word == word {
			s.resolveEffects(&EventSlot{}, e, &r)
		}
	}
	if s.Story.Plots[0].Good != before.Good+1 {
		t.Errorf("%s baggage listed good gave %+v", word, s.Story.Plots[0])
	}
	s.resolveEffects(&EventSlot{}, GeneralEvents[eventIndex(t, "neon")], &r)
	if s.Dets[1].Twilight != 1 {
		t.Errorf("neon nights: twilight %d", s.Dets[1].Twilight)
	}
	s.resolveEffects(&EventSlot{}, GeneralEvents[eventIndex(t, "scoop")], &r)
	if s.Lily != mustLoc("broadcast-tower") {
		t.Error("Lily not sent")
	}
	s.Suspects[0].Alibis = 1
	s.Supply.Alibis--
	s.resolveEffects(&EventSlot{}, GeneralEvents[eventIndex(t, "protection")], &r)
	if s.Suspects[1].Alibis != 1 {
		t.Error("the alibi did not go to the least protected suspect")
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
}

// TestEventAbility (AN-EVACT-01/02): an event gives a location a
// temporary ability; the first detective to use it there gains it for 1
// Time, and the event's effect ends.
func TestEventAbility(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	s.Story.Events.Deck = []int{eventIndex(t, "gala")}
	endTurns(t, s, 3)
	seat := s.active()
	place(t, s, "faculty-row", 6)
	if has(s, seat, "event skyline-apartments") || !strings.Contains(refusal(s, seat, "event skyline-apartments"), "Go to Skyline Apartments") {
		t.Errorf("event ability away from it: %q", refusal(s, seat, "event skyline-apartments"))
	}
	place(t, s, "skyline-apartments", 6)
	apply(t, s, seat, "event skyline-apartments")
	if s.Dets[seat].Favors[FavorSociety] != 1 || s.Time != 5 || !s.Story.Events.Track[0].Ended {
		t.Errorf("gala: favors %v, Time %d", s.Dets[seat].Favors, s.Time)
	}
	if has(s, seat, "event skyline-apartments") {
		t.Error("the temporary ability was used twice")
	}
}

// TestSpecificEvent (AN-EVENT-03, AN-EVENT-11…16): at the start of week
// 2 the specific event moves every testimony lead in play to its listed
// location, swapping with a lead there; then its suspect hides: his lead
// cannot be followed up until a detective there pays 2 Time to flush him
// out. A dead suspect ends the event at once.
func TestSpecificEvent(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	s.Story.Events.Deck = nil
	s.Story.Events.SpecificDown = []int{0}
	e := SpecificEvents[0][0]
	// A detective's lead stands on the first suspect's listed location.
	phys := len(s.Suspects)
	s.Leads[phys].At = mustLoc(e.Leads[0])
	oldAt := s.Leads[s.testimonyLead(s.Suspects[0].Def().Slug)].At
	endTurns(t, s, 7)
	for i, sus := range s.Suspects {
		if at := s.Leads[s.testimonyLead(sus.Def().Slug)].At; at != mustLoc(e.Leads[i]) {
			t.Errorf("%s's testimony lead at %s, want %s", sus.Def().Name, Locations[at].Name, e.Leads[i])
		}
	}
	if s.Leads[phys].At != oldAt {
		t.Errorf("the swapped lead is at %s, want %s", Locations[s.Leads[phys].At].Name, Locations[oldAt].Name)
	}
	seat := s.active()
	slug := s.Suspects[0].Def().Slug
	place(t, s, e.Leads[0], 6)
	if has(s, seat, "follow up") || !strings.Contains(refusal(s, seat, "follow up"), "hiding") {
		t.Fatalf("follow up a hiding suspect's lead: %q", refusal(s, seat, "follow up"))
	}
	apply(t, s, seat, "flush out "+slug)
	if s.Time != 4 || !has(s, seat, "follow up") {
		t.Errorf("after flushing out: Time %d, legal %v", s.Time, legal(s, seat))
	}
	// AN-EVENT-14: the event's suspect dead at the reveal ends it at once.
	s = quiet(newS(t, 3, 2, "1"))
	s.Story.Events.Deck = nil
	s.Story.Events.SpecificDown = []int{1}
	s.Suspects[1].Dead = true
	log := strings.Join(endTurns(t, s, 7), "\n")
	if !s.Story.Events.Specific.Ended || !strings.Contains(log, "ends at once") || s.Suspects[1].Hits != 0 {
		t.Errorf("dead suspect's event: %+v\n%s", s.Story.Events.Specific, log)
	}
}
