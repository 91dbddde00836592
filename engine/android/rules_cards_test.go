package android

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"casefile/engine"
)

// give moves card id into seat's hand from wherever it is.
func give(s *State, seat int, id string) {
	for i := range s.Dets {
		d := &s.Dets[i]
		for _, dk := range []*Deck{&d.Light, &d.Dark} {
			dk.Down = slices.DeleteFunc(dk.Down, func(c string) bool { return c == id })
			dk.Up = slices.DeleteFunc(dk.Up, func(c string) bool { return c == id })
		}
		d.Hand = slices.DeleteFunc(d.Hand, func(h HandCard) bool { return h.Card == id })
	}
	c := CardByID(id)
	s.Dets[seat].Hand = append(s.Dets[seat].Hand, HandCard{Deck: c.owner().Slug + " " + c.Side(), Card: id})
	fresh(s)
}

// emptyHands puts every hand back into its decks.
func emptyHands(s *State) {
	for i := range s.Dets {
		for _, hc := range s.Dets[i].Hand {
			deck := s.deckOf(hc)
			deck.Down = append(deck.Down, hc.Card)
		}
		s.Dets[i].Hand = nil
	}
	fresh(s)
}

// findCard is the first card of slug's light (or dark) deck that ok
// accepts.
func findCard(t testing.TB, slug string, dark bool, ok func(*Card) bool) *Card {
	t.Helper()
	for _, id := range deckIDs(slug, dark) {
		if c := CardByID(id); ok(c) {
			return c
		}
	}
	t.Fatalf("no such card in %s's deck", slug)
	return nil
}

func hasOp(es []Effect, op Op) bool {
	return slices.ContainsFunc(es, func(e Effect) bool { return e.Op == op })
}

func timeGain(c *Card) bool {
	return !c.IsFight() && len(c.Effects) == 1 && c.Effects[0].Op == OpTime && c.Effects[0].N > 0
}

func inHand(d *Det, id string) bool {
	return slices.ContainsFunc(d.Hand, func(h HandCard) bool { return h.Card == id })
}

// TestFirstDecks (AN-SETUP-33…36, AN-TRAIT-01): each detective has a
// first light and dark deck of DeckSize cards, dealt at setup; every card
// has a unique id, a cost the track can pay (0–2 of its 3 spaces), a plot
// colour of its own detective's plots or none, a dark card a trigger and
// a light card none, a Fight card both tactics and no other effect, a
// choice exactly when an effect needs one, and a text worded from its
// data.
func TestFirstDecks(t *testing.T) {
	if len(firstDecks) != len(Detectives) {
		t.Fatalf("%d decks for %d detectives", len(firstDecks), len(Detectives))
	}
	names := map[string]bool{}
	for _, det := range Detectives {
		for _, dark := range []bool{false, true} {
			ids := deckIDs(det.Slug, dark)
			if len(ids) != deckLen(det.Slug) {
				t.Errorf("%s dark=%v: %d cards", det.Slug, dark, len(ids))
			}
			for _, id := range ids {
				c := CardByID(id)
				if names[c.Name] {
					t.Errorf("%s: name %q used twice", id, c.Name)
				}
				names[c.Name] = true
				if c.Dark != dark || c.Cost < 0 || c.Cost > 2 || c.owner().Slug != det.Slug {
					t.Errorf("%s: side, cost or owner wrong: %+v", id, c)
				}
				if c.Plot != "" && !slices.Contains(det.Plots, c.Plot) {
					t.Errorf("%s: plot %q is not %s's", id, c.Plot, det.Name)
				}
				if _, ok := triggerText[c.Trigger]; ok != dark {
					t.Errorf("%s: trigger %q", id, c.Trigger)
				}
				all := append(append(slices.Clone(c.Effects), c.LightTactics...), c.DarkTactics...)
				if c.IsFight() != (len(c.Effects) == 0) || c.IsFight() && (len(c.LightTactics) == 0 || len(c.DarkTactics) == 0) {
					t.Errorf("%s: Fight %v with effects %v / %v / %v", id, c.IsFight(), c.Effects, c.LightTactics, c.DarkTactics)
				}
				want := ChooseNone
				switch {
				case hasOp(all, OpHit), hasOp(all, OpAlibi), hasOp(all, OpPeek), hasOp(all, OpReveal):
					want = ChooseSuspect
				case hasOp(all, OpLook):
					want = ChooseDetective
				case hasOp(all, OpMove):
					want = ChooseReach
				}
				if c.Choose != want {
					t.Errorf("%s: chooses %q, its effects need %q", id, c.Choose, want)
				}
				if dark && hasOp(all, OpMove) {
					t.Errorf("%s: a dark card moving its target", id)
				}
				txt := c.Text()
				if !strings.HasPrefix(txt, c.Name+" (") || strings.Contains(txt, "%!") {
					t.Errorf("%s: text %q", id, txt)
				}
				for _, e := range all {
					if e.text(c) == string(e.Op) {
						t.Errorf("%s: effect %s has no wording", id, e.Op)
					}
				}
			}
		}
	}
	s := newS(t, 5, 2, "")
	for _, d := range s.Dets {
		if d.Light.Len() != len(deckIDs(d.Def().Slug, false))-lightDrawn(&d) || CardByID(d.Hand[0].Card) == nil {
			t.Errorf("seat %d: decks not dealt from the first decks", d.Seat)
		}
	}
}

// TestPlayLightCard (AN-LIGHTACT-01, AN-TWI-01…03, AN-COST-04, AN-COST-11):
// on his own turn a player plays a light card of his own deck for 1 Time,
// dark shifting by its cost; the card acts, then goes face up to the
// bottom of his light deck. The other players cannot play it, nor
// anything, outside a window; playing no card costs nothing.
func TestPlayLightCard(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	c := findCard(t, d.Def().Slug, false, timeGain)
	give(s, act, c.ID)
	play := "play " + c.ID
	if !has(s, act, play) {
		t.Fatalf("%s not offered: %v", play, legal(s, act))
	}
	other := s.left(act)
	give(s, other, findCard(t, s.Dets[other].Def().Slug, false, timeGain).ID)
	if got := legal(s, other); len(got) != 0 {
		t.Errorf("AN-TWI-01: seat %d may play out of turn: %v", other, got)
	}
	res := apply(t, s, act, play)
	if want := TimePerTurn - 1 + c.Effects[0].N; s.Time != want {
		t.Errorf("AN-LIGHTACT-01: Time %d, want %d", s.Time, want)
	}
	if d.Twilight != c.Cost {
		t.Errorf("AN-COST-04: twilight %d, want %d (dark shifted by the cost)", d.Twilight, c.Cost)
	}
	if inHand(d, c.ID) || len(d.Light.Up) == 0 || d.Light.Up[len(d.Light.Up)-1] != c.ID {
		t.Errorf("AN-TWI-03: the card is not face up at the bottom of the light deck: %+v", d.Light)
	}
	if !strings.Contains(strings.Join(res.Public, " "), c.Name) {
		t.Error("the card played is not said")
	}
	if r := refusal(s, act, "play "+deckIDs(s.Dets[other].Def().Slug, false)[0]); r == "" {
		t.Error("another detective's light card accepted")
	}
	// AN-TWI-02: 1 Time is needed.
	give(s, act, findCard(t, d.Def().Slug, false, func(c2 *Card) bool { return c2.ID != c.ID && c2.Choose == ChooseNone && len(c2.Needs) == 0 }).ID)
	s.Time = 0
	if r := refusal(s, act, "play "+d.Hand[0].Card); !strings.Contains(r, "Time") {
		t.Errorf("a light card with no Time: %q", r)
	}
	// AN-COST-11: the advice to play a card each round is not enforced:
	// ending turns with cards in hand changes nothing.
	s.Time = 3
	tw := d.Twilight
	apply(t, s, act, "end turn")
	if d.Twilight != tw || len(d.Hand) != 1 {
		t.Error("ending a turn without playing a card changed the detective")
	}
}

// TestCostDiscards (AN-COST-06…09): a cost the track has no room for
// cannot be paid at once; discarding other cards lowers it by 1 each, to
// 0, and a player may discard to shed cards even when he could pay; only
// the card's player discards for it.
func TestCostDiscards(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	d.Plot = ""
	c := findCard(t, d.Def().Slug, false, func(c *Card) bool { return timeGain(c) && c.Cost == 1 })
	give(s, act, c.ID)
	d.Twilight = TwilightSpan
	fresh(s)
	if r := refusal(s, act, "play "+c.ID); !strings.Contains(r, "discarding") {
		t.Errorf("AN-COST-06: completely dark shifted, a cost of 1: %q", r)
	}
	if r := refusal(s, act, "play "+c.ID+" discarding"); !strings.Contains(r, "no other card") {
		t.Errorf("nothing to discard: %q", r)
	}
	spare := deckIDs(s.Dets[s.left(act)].Def().Slug, true)[0]
	give(s, act, spare)
	apply(t, s, act, "play "+c.ID+" discarding")
	if top := s.Pending.Top(); top.Kind != StepPayCost || !slices.Equal(top.Seats, []engine.Seat{engine.Seat(act)}) {
		t.Fatalf("payment step: %v", top)
	}
	if r := refusal(s, act, "pay"); !strings.Contains(r, "room") {
		t.Errorf("AN-COST-06: pay without room: %q", r)
	}
	apply(t, s, act, "discard "+spare)
	if inHand(d, spare) || !slices.Contains(s.Dets[s.left(act)].Dark.Up, spare) {
		t.Error("AN-COST-07: the discard is not at the bottom of its deck")
	}
	apply(t, s, act, "pay")
	if d.Twilight != TwilightSpan || inHand(d, c.ID) || s.Time != TimePerTurn-1+c.Effects[0].N {
		t.Errorf("AN-COST-07: paid 0 after one discard: twilight %d, time %d", d.Twilight, s.Time)
	}
	// AN-COST-08: discards to shed cards, with room to pay and past 0.
	d.Twilight = 0
	give(s, act, c.ID)
	give(s, act, spare)
	other := findCard(t, d.Def().Slug, false, func(x *Card) bool { return x.ID != c.ID })
	give(s, act, other.ID)
	apply(t, s, act, "play "+c.ID+" discarding")
	apply(t, s, act, "discard "+spare)
	if s.Pending.Top().Data.Twi.Play.Left != 0 || !has(s, act, "discard "+other.ID) {
		t.Fatal("AN-COST-08: cannot shed a card at cost 0")
	}
	apply(t, s, act, "discard "+other.ID)
	apply(t, s, act, "pay")
	if d.Twilight != 0 || len(d.Hand) != 0 {
		t.Errorf("AN-COST-08: twilight %d, hand %v", d.Twilight, d.Hand)
	}
	// AN-COST-09: while another player pays for a dark card, the target
	// owes nothing and cannot discard for it.
	payer := s.left(act)
	dc := findCard(t, d.Def().Slug, true, func(x *Card) bool { return (x.Trigger == OnMove || x.Trigger == OnSeedy) && !x.IsFight() })
	give(s, payer, dc.ID)
	give(s, payer, deckIDs(d.Def().Slug, false)[0])
	give(s, act, spare)
	to := reachOf(t, s, d, func(l Location) bool { return !l.Restricted && l.Quality == Seedy })
	applyRaw(t, s, act, "move "+to)
	applyRaw(t, s, act, "no free draw")
	answerAll(t, s, map[int]string{payer: "play " + dc.ID + " discarding"})
	top := s.Pending.Top()
	if top.Kind != StepPayCost || !slices.Equal(top.Seats, []engine.Seat{engine.Seat(payer)}) || len(legal(s, act)) != 0 {
		t.Fatalf("AN-COST-09: the dark card's payment: %v; target's moves %v", top, legal(s, act))
	}
	if has(s, payer, "discard "+spare) {
		t.Error("AN-COST-09: the payer may discard the target's card")
	}
}

// reachOf is the slug of a location within d's reach that ok accepts,
// away from Lily and Jimmy.
func reachOf(t testing.TB, s *State, d *Det, ok func(Location) bool) string {
	t.Helper()
	for _, to := range Reach(d.At, d.Def().Ruler) {
		if ok(Locations[to]) && to != s.Lily && to != s.Jimmy {
			return Locations[to].Slug
		}
	}
	t.Fatalf("no such location within reach of %s", Locations[d.At].Name)
	return ""
}

// answerAll answers the dark-card window on top: the seats named play
// their move, the others pass.
func answerAll(t testing.TB, s *State, moves map[int]string) []engine.Result {
	t.Helper()
	var out []engine.Result
	top := s.Pending.Top()
	if top == nil || top.Kind != StepDarkWindow {
		t.Fatalf("no dark-card window: %v", top)
	}
	for _, seat := range top.Waiting() {
		m, ok := moves[int(seat)]
		if !ok {
			m = "pass"
		}
		out = append(out, applyRaw(t, s, int(seat), m))
	}
	return out
}

// TestPlotColour (AN-COST-10): a card of the target's current plot may
// have its cost raised or lowered by 1, once; other cards may not.
func TestPlotColour(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	c := findCard(t, d.Def().Slug, false, func(c *Card) bool { return c.Plot != "" && c.Cost == 1 && c.Choose == ChooseNone && len(c.Needs) == 0 })
	give(s, act, c.ID)
	d.Plot = c.Plot
	apply(t, s, act, "play "+c.ID+" discarding")
	if !has(s, act, "lower cost") || !has(s, act, "raise cost") {
		t.Fatalf("AN-COST-10: %v", legal(s, act))
	}
	apply(t, s, act, "lower cost")
	if r := refusal(s, act, "raise cost"); !strings.Contains(r, "once") {
		t.Errorf("AN-COST-10: changed twice: %q", r)
	}
	apply(t, s, act, "pay")
	if d.Twilight != 0 {
		t.Errorf("lowered to 0, paid %d", d.Twilight)
	}
	give(s, act, c.ID)
	d.Plot = "none of these"
	fresh(s)
	if r := refusal(s, act, "play "+c.ID+" discarding"); r == "" {
		t.Error("no plot colour and nothing to discard, yet the payment step opens")
	}
}

// TestDarkWindow (AN-MOVE-03, AN-TWI-04…06, AN-LIGHTACT-02, AN-COST-05,
// AN-REACT-01…04): after a move and its free card, the seats holding a
// card of the mover's dark deck — and only they — get a window; each
// answers in secret; the first player, then clockwise, has priority and
// only that one dark card is played, by a player who spends no Time and
// light shifts by its cost; it goes face up to the bottom of the mover's
// dark deck; the mover may then answer with one light card, which opens
// no window.
func TestDarkWindow(t *testing.T) {
	s := quiet(newS(t, 4, 5, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	slug := d.Def().Slug
	var others []int
	for _, i := range s.priority() {
		if i != act {
			others = append(others, i)
		}
	}
	hi, lo, none := others[0], others[1], others[2]
	loses := findCard(t, slug, true, func(c *Card) bool {
		return (c.Trigger == OnMove || c.Trigger == OnSeedy) && !c.IsFight() && c.Effects[0].Op == OpTime
	})
	second := findCard(t, slug, true, func(c *Card) bool { return c != loses && (c.Trigger == OnMove || c.Trigger == OnSeedy) })
	unfit := findCard(t, slug, true, func(c *Card) bool { return c.Trigger == OnFollowUp })
	give(s, hi, loses.ID)
	give(s, hi, unfit.ID)
	give(s, lo, second.ID)
	give(s, none, deckIDs(s.Dets[hi].Def().Slug, true)[0]) // another deck's dark card
	resp := findCard(t, slug, false, timeGain)
	give(s, act, resp.ID)
	to := reachOf(t, s, d, func(l Location) bool { return l.Quality == Seedy && !l.Restricted })
	applyRaw(t, s, act, "move "+to)
	// AN-REACT-04: the free card comes first.
	if top := s.Pending.Top(); top.Kind != StepFreeDraw {
		t.Fatalf("AN-REACT-04: top after entering a seedy location: %v", top)
	}
	applyRaw(t, s, act, "no free draw")
	top := s.Pending.Top()
	if top.Kind != StepDarkWindow || top.Mode != engine.Reaction || !slices.Equal(top.Seats, []engine.Seat{engine.Seat(hi), engine.Seat(lo)}) {
		t.Fatalf("AN-MOVE-03, AN-REACT-02: window %v, want seats %d, %d in priority order", top, hi, lo)
	}
	if r := refusal(s, hi, "play "+unfit.ID); !strings.Contains(r, "answers only when") {
		t.Errorf("a card whose trigger does not fit: %q", r)
	}
	if has(s, hi, "play "+deckIDs(s.Dets[hi].Def().Slug, false)[0]) {
		t.Error("AN-TWI-01: a light card in another detective's window")
	}
	time := s.Time
	// The lower priority answers first; its answer is secret.
	res := applyRaw(t, s, lo, "play "+second.ID)
	if !res.Secret || strings.Contains(strings.Join(res.Public, " "), second.Name) {
		t.Errorf("an answer is not secret: %+v", res)
	}
	if pub := s.View(engine.Public).(*View).State.Pending.Top().Data.Twi.Offers; len(pub) != 1 || pub[0].Card != "" {
		t.Errorf("the public view shows the answer: %+v", pub)
	}
	if mine := s.View(engine.Seat(lo)).(*View).State.Pending.Top().Data.Twi.Offers; mine[0].Card != second.ID {
		t.Error("the answering seat does not see its own answer")
	}
	res = applyRaw(t, s, hi, "play "+loses.ID)
	text := strings.Join(res.Public, " ")
	if !strings.Contains(text, loses.Name) || strings.Contains(text, second.Name) {
		t.Errorf("AN-REACT-01/02: the window's outcome: %s", text)
	}
	if want := max(time+loses.Effects[0].N, 0); s.Time != want {
		t.Errorf("the dark card's Time loss: %d, want %d", s.Time, want)
	}
	if s.Dets[hi].Twilight != -loses.Cost {
		t.Errorf("AN-COST-05: the player's twilight %d, want %d", s.Dets[hi].Twilight, -loses.Cost)
	}
	if inHand(&s.Dets[hi], loses.ID) || d.Dark.Up[len(d.Dark.Up)-1] != loses.ID {
		t.Error("AN-TWI-06: the dark card is not face up at the bottom of its deck")
	}
	if !inHand(&s.Dets[lo], second.ID) {
		t.Error("AN-REACT-01: the lower priority's card left its hand")
	}
	// AN-REACT-03: the active player's light response.
	if top := s.Pending.Top(); top.Kind != StepLightResponse || top.Seats[0] != engine.Seat(act) {
		t.Fatalf("AN-REACT-03: %v", top)
	}
	time = s.Time
	applyRaw(t, s, act, "play "+resp.ID)
	if s.Time != time-1+resp.Effects[0].N {
		t.Errorf("the light response: Time %d", s.Time)
	}
	if top := s.Pending.Top(); top.Kind != StepTurn {
		t.Errorf("AN-REACT-01: after the light response: %v", top)
	}
	// With nobody holding the mover's dark cards there is no window.
	emptyHands(s)
	s.Time = 6
	r, ruled := s.activeRule(act, RuleFreeDraw) // no plot card's free draw either
	applyRaw(t, s, act, "move "+reachOf(t, s, d, func(l Location) bool {
		return l.Quality == Normal && !l.Restricted && !(ruled && string(l.Type) == r.Type)
	}))
	if top := s.Pending.Top(); top.Kind != StepTurn {
		t.Errorf("a window with no seat: %v", top)
	}
}

// TestWindowsAfterActions (AN-TWI-04, AN-REACT-02): following up a lead,
// using a location ability and playing a light card each open a window;
// the seats are listed from the backs of their cards, whatever the card;
// the priority starts at the first player, who may be after the active
// player.
func TestWindowsAfterActions(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	emptyHands(s)
	apply(t, s, s.active(), "end turn") // the second player is active
	act := s.active()
	d := s.det()
	holder := s.First
	slug := d.Def().Slug
	// The first player holds only a card answering moves; the other seat
	// holds one answering each action below (a window opens only when
	// some seat could answer, and then asks every holder of the deck).
	give(s, holder, findCard(t, slug, true, func(c *Card) bool { return c.Trigger == OnMove }).ID)
	other := 3 - act - holder
	for _, tr := range []Trigger{OnFollowUp, OnAbility, OnLightCard} {
		c := findCard(t, slug, true, func(c *Card) bool { return c.Trigger == tr && len(c.Needs) == 0 })
		give(s, other, c.ID)
	}
	// Follow up a lead.
	ld := s.Leads[0]
	d.At = ld.At
	applyRaw(t, s, act, "follow up")
	if top := s.Pending.Top(); top.Kind != StepDarkWindow || twi(top).Event.Kind != OnFollowUp || top.Seats[0] != engine.Seat(holder) || len(top.Seats) != 2 {
		t.Fatalf("after a follow-up: %v", top)
	}
	answerAll(t, s, nil)
	if top := s.Pending.Top(); top.Kind != StepRelocate {
		t.Errorf("the follow-up does not go on: %v", top)
	}
	// A location ability.
	s.Pending.Items = s.Pending.Items[len(s.Pending.Items)-1:]
	d.At = mustLoc("city-hall")
	s.Time = 6
	applyRaw(t, s, act, "use city-hall")
	if top := s.Pending.Top(); top.Kind != StepDarkWindow || twi(top).Event.Kind != OnAbility {
		t.Fatalf("after an ability: %v", top)
	}
	answerAll(t, s, nil)
	// A light card played as an action.
	c := findCard(t, d.Def().Slug, false, timeGain)
	give(s, act, c.ID)
	applyRaw(t, s, act, "play "+c.ID)
	if top := s.Pending.Top(); top.Kind != StepDarkWindow || twi(top).Event.Kind != OnLightCard {
		t.Fatalf("after a light card: %v", top)
	}
}

// TestWindowOpensWhetherAnyoneCouldAnswer: a dark-card window opens on
// every holder of the active detective's dark cards even when no held card
// fits the action: opening it only when some holder could play would tell
// the table that one holds a fitting card (hands are secret). The window
// then waits on both holders, who may only pass.
func TestWindowOpensWhetherAnyoneCouldAnswer(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	slug := d.Def().Slug
	a, b := s.left(act), s.left(s.left(act))
	give(s, a, findCard(t, slug, true, func(c *Card) bool { return c.Trigger == OnLightCard }).ID)
	give(s, b, findCard(t, slug, true, func(c *Card) bool { return c.Trigger == OnFollowUp }).ID)
	applyRaw(t, s, act, "move "+reachOf(t, s, d, func(l Location) bool { return l.Quality == Normal && !l.Restricted }))
	var w *Decision
	for i := range s.Pending.Items {
		if s.Pending.Items[i].Kind == StepDarkWindow {
			w = &s.Pending.Items[i]
		}
	}
	if w == nil || len(w.Seats) != 2 {
		t.Fatalf("a move with two holders of the mover's dark cards, none fitting: window %v, want both asked", w)
	}
	for _, seat := range w.Seats {
		if legal := s.Legal(seat); !slices.Equal(legal, []string{"pass"}) {
			t.Errorf("seat %d holds no fitting card but may %v", seat, legal)
		}
	}
}

// TestFight (AN-TRAIT-02…06): the target of a Fight card — the player
// himself for his light card, the active detective for a dark card —
// chooses light tactics (light shift if able, then the light part) or dark
// tactics (dark shift if able, then the dark part), seeing both; a
// completely shifted detective may still choose his end's tactics.
func TestFight(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	fc := findCard(t, d.Def().Slug, false, func(c *Card) bool { return c.IsFight() && hasOp(c.DarkTactics, OpHit) })
	give(s, act, fc.ID)
	sus := s.Suspects[0].Def().Slug
	apply(t, s, act, "play "+fc.ID+" on "+sus)
	d.Twilight = TwilightSpan
	top := s.Pending.Top()
	if top.Kind != StepFight || top.Seats[0] != engine.Seat(act) {
		t.Fatalf("AN-TRAIT-02: %v", top)
	}
	p := s.prompt(top)
	if !strings.Contains(p, "light tactics") || !strings.Contains(p, "put a hit") {
		t.Errorf("the fight's prompt does not show both parts: %q", p)
	}
	apply(t, s, act, "dark tactics")
	if d.Twilight != TwilightSpan || s.Suspects[0].Hits != 1 {
		t.Errorf("AN-TRAIT-04/06: completely dark, dark tactics: twilight %d, hits %d", d.Twilight, s.Suspects[0].Hits)
	}
	give(s, act, fc.ID)
	apply(t, s, act, "play "+fc.ID+" on "+sus)
	d.Twilight = -TwilightSpan
	res := apply(t, s, act, "light tactics")
	if d.Twilight != -TwilightSpan {
		t.Errorf("AN-TRAIT-05: completely light, light tactics: twilight %d", d.Twilight)
	}
	if s.Suspects[0].Hits != 1 || !strings.Contains(strings.Join(res.Public, " "), "chooses light tactics") {
		t.Error("AN-TRAIT-03: the dark part resolved, or the choice is not said")
	}
	// A dark Fight card: the active detective chooses.
	emptyHands(s)
	payer := s.left(act)
	dark := findCard(t, d.Def().Slug, true, func(c *Card) bool { return c.IsFight() })
	give(s, payer, dark.ID)
	s.Time = 6
	s.Dets[payer].Twilight = 0
	var move string
	switch dark.Trigger {
	case OnSeedy:
		move = reachOf(t, s, d, func(l Location) bool { return l.Quality == Seedy && !l.Restricted })
	case OnFollowUp:
		d.At = s.Leads[0].At
		move = ""
	default:
		move = reachOf(t, s, d, func(l Location) bool { return l.Quality == Normal && !l.Restricted })
	}
	if move != "" {
		d.Hand = make([]HandCard, 0)
		applyRaw(t, s, act, "move "+move)
		for s.Pending.Top().Kind == StepFreeDraw {
			applyRaw(t, s, act, "no free draw")
		}
	} else {
		applyRaw(t, s, act, "follow up")
	}
	answerAll(t, s, map[int]string{payer: "play " + dark.ID})
	if top := s.Pending.Top(); top.Kind != StepFight || top.Seats[0] != engine.Seat(act) {
		t.Fatalf("AN-TRAIT-02: a dark Fight's target: %v", top)
	}
	tw, time := d.Twilight, s.Time
	apply(t, s, act, "light tactics")
	if d.Twilight != max(tw-1, -TwilightSpan) {
		t.Errorf("AN-TRAIT-03: twilight %d from %d", d.Twilight, tw)
	}
	if e := dark.LightTactics[0]; e.Op != OpTime || s.Time != max(time+e.N, 0) {
		t.Errorf("AN-TRAIT-03: the light part (%v): Time %d from %d", e, s.Time, time)
	}
}

// TestCardEffects: each primitive of the card vocabulary does what it
// says, on the target or, marked Self, on the card's player, within what
// the state allows; and every primitive the decks use is tested here.
func TestCardEffects(t *testing.T) {
	tested := map[Op]bool{}
	run := func(op Op, setup func(s *State, p *Play), check func(s *State, p *Play, res engine.Result) string, es ...Effect) {
		t.Helper()
		tested[op] = true
		s := quiet(newS(t, 3, 1, "1"))
		act := s.active()
		p := &Play{Seat: s.left(act), Target: act, On: s.Suspects[0].Def().Slug}
		unwrap(s)
		if setup != nil {
			setup(s, p)
		}
		var res engine.Result
		s.resolve(p, es, &res)
		if err := conserve(s); err != nil {
			t.Errorf("%s: %v", op, err)
		}
		if msg := check(s, p, res); msg != "" {
			t.Errorf("%s: %s", op, msg)
		}
	}
	is := func(ok bool, msg string) string {
		if ok {
			return ""
		}
		return msg
	}
	run(OpTime, nil, func(s *State, p *Play, _ engine.Result) string { return is(s.Time == 8, "not +2") }, gain(2))
	run(OpTime, func(s *State, p *Play) { s.Time = 1 }, func(s *State, p *Play, _ engine.Result) string { return is(s.Time == 0, "not stopped at 0") }, lose(2))
	run(OpDarkShift, nil, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Target].Twilight == 1 && s.Dets[p.Seat].Twilight == -TwilightSpan, "target dark, player light")
	}, darkShift(1), self(lightShift(5)))
	tested[OpLightShift] = true
	run(OpDrawLight, func(s *State, p *Play) { emptyHands(s) }, func(s *State, p *Play, _ engine.Result) string {
		return is(len(s.Dets[p.Target].Hand) == 2, "not 2 drawn")
	}, effect(OpDrawLight, 2))
	run(OpDiscard, nil, func(s *State, p *Play, _ engine.Result) string {
		return is(len(s.Dets[p.Target].Hand) == StartLight+StartDark-2, "not 2 discarded")
	}, effect(OpDiscard, 2))
	run(OpFavor, nil, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Seat].Favors["corp"] == 1 && s.Supply.Favors["corp"] == FavorsPerType-1, "no favor")
	}, self(favor("corp")))
	run(OpLoseFavor, func(s *State, p *Play) { s.Dets[p.Target].Favors["street"] = 1; s.Supply.Favors["street"]-- },
		func(s *State, p *Play, _ engine.Result) string {
			return is(s.Dets[p.Target].Favors["street"] == 0 && s.Supply.Favors["street"] == FavorsPerType, "favor kept")
		}, loseFavor("street"), loseFavor("street"))
	run(OpHit, nil, func(s *State, p *Play, _ engine.Result) string { return is(s.Suspects[0].Hits == 1, "no hit") }, effect(OpHit, 0))
	run(OpAlibi, nil, func(s *State, p *Play, _ engine.Result) string { return is(s.Suspects[0].Alibis == 1, "no alibi") }, effect(OpAlibi, 0))
	run(OpPeek, func(s *State, p *Play) { faceDownOn(s, 0, 1, engine.Seat(p.Target)) }, func(s *State, p *Play, res engine.Result) string {
		e := s.Suspects[0].Files[1][0]
		return is(e.knows(engine.Seat(p.Seat)) && len(res.Private[engine.Seat(p.Seat)]) == 1 && !e.FaceUp(), "not peeked in private")
	}, effect(OpPeek, 0))
	run(OpReveal, func(s *State, p *Play) { faceDownOn(s, 0, 1, engine.Seat(p.Target)) }, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Suspects[0].Files[1][0].FaceUp(), "not face up")
	}, effect(OpReveal, 0))
	run(OpLook, func(s *State, p *Play) { p.On = s.Dets[p.Target].Def().Slug }, func(s *State, p *Play, res engine.Result) string {
		note := strings.Join(res.Private[engine.Seat(p.Seat)], " ")
		return is(strings.Contains(note, s.Dets[p.Target].Hand[0].Card) && !strings.Contains(strings.Join(res.Public, " "), s.Dets[p.Target].Hand[0].Card), "no private look")
	}, effect(OpLook, 0))
	run(OpMove, func(s *State, p *Play) { p.On = "city-hall" }, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Target].At == mustLoc("city-hall") && s.Time == TimePerTurn, "not moved for free")
	}, effect(OpMove, 0))
	run(OpDropship, nil, func(s *State, p *Play, _ engine.Result) string { return is(s.Dets[p.Target].Dropships == 1, "no pass") }, effect(OpDropship, 0))
	run(OpTrauma, nil, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Target].Trauma == 2 && s.Supply.Trauma == TraumaCounters-2, "no trauma")
	}, effect(OpTrauma, 2))
	run(OpHeal, func(s *State, p *Play) { s.Dets[p.Seat].Trauma = 1; s.Supply.Trauma-- }, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Seat].Trauma == 0, "trauma kept")
	}, self(effect(OpHeal, 3)))
	// OpCondBaggage is tested card by card in TestCardBaggage (AN-CBAG-01).
	tested[OpCondBaggage] = true
	run(OpGoodBaggage, nil, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Story.Plots[p.Target].Good == 1 && s.Story.BaggageSupply == BaggageTokens-1, "no good baggage")
	}, effect(OpGoodBaggage, 1))
	run(OpBadBaggage, nil, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Story.Plots[p.Seat].Bad == 2, "no bad baggage on the player")
	}, self(effect(OpBadBaggage, 2)))
	run(OpNPCFavor, nil, func(s *State, p *Play, _ engine.Result) string {
		n := s.npcOf(p.Target)
		return is(n == nil || n.Held == 1, "no NPC favor")
	}, effect(OpNPCFavor, 0))
	// The hero ops (issue 19) fall on their own detective's card only.
	run(OpMood, func(s *State, p *Play) { s.Dets[p.Target].Louis = &LouisCard{} }, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Target].Louis.Good && s.Dets[p.Seat].Louis == nil, "Mood not turned good")
	}, mood(true))
	run(OpSaraFavor, func(s *State, p *Play) { s.Dets[p.Target].Louis = &LouisCard{Sara: SaraFavorsMax - 1} }, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Target].Louis.Sara == SaraFavorsMax, "not stopped at the most Sara favors")
	}, effect(OpSaraFavor, 2))
	run(OpReturnNPCFavor, func(s *State, p *Play) { n := s.npcOf(p.Target); n.Pile--; n.Held++ }, func(s *State, p *Play, _ engine.Result) string {
		n := s.npcOf(p.Target)
		return is(n.Held == 0 && n.Pile == NPCFavorsPerNPC, "NPC favor kept")
	}, effect(OpReturnNPCFavor, 0))
	run(OpMoney, func(s *State, p *Play) { s.Dets[p.Target].Rachel = &RachelCard{Money: 1} }, func(s *State, p *Play, _ engine.Result) string {
		return is(s.Dets[p.Target].Rachel.Money == 0, "money not stopped at $0")
	}, money(-2))
	// Raymond's ops are tested in TestWrappedUpInHimself.
	tested[OpRayWrap], tested[OpRayUnwrap] = true, true
	for _, c := range Cards {
		for _, e := range append(append(slices.Clone(c.Effects), c.LightTactics...), c.DarkTactics...) {
			if !tested[e.Op] && heroOpTests[e.Op] == "" {
				t.Errorf("%s uses %s, not tested", c.ID, e.Op)
			}
		}
	}
}

// TestBotsPlayCards: in bot games the bots play light cards and dark
// cards.
func TestBotsPlayCards(t *testing.T) {
	light, dark, quiet, answers := 0, 0, 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		su := engine.Setup{Players: 4, Seed: seed, Options: map[string]string{"murder": "1"}}
		st, _ := Game().New(su)
		s := st.(*State)
		r := engine.NewRand(seed)
		for i := 0; i < 5000 && !s.Over; i++ {
			seat := s.Turn().Seats[0]
			lg := s.Legal(seat)
			m := botMove(s.View(seat), lg, r)
			res, err := s.Apply(seat, m)
			if err != nil {
				t.Fatalf("bot move %q: %v", m, err)
			}
			for _, l := range res.Public {
				light += strings.Count(l, "plays the light card")
				dark += strings.Count(l, "'s dark card")
				quiet += strings.Count(l, "No dark card is played.")
				answers += strings.Count(l, "answers the dark-card window")
			}
		}
		if !s.Over {
			t.Fatal("bot game did not end")
		}
	}
	t.Logf("3 four-player bot games: %d light cards, %d dark cards played; %d dark-card windows, %d answers",
		light, dark, dark+quiet, answers)
	if light == 0 || dark == 0 {
		t.Errorf("bots played %d light and %d dark cards", light, dark)
	}
}

// windowSetup deals a game whose active detective moves with two other
// seats holding fitting cards of his dark deck, and returns it with the
// window open, the two seats in priority order and their cards.
func windowSetup(t *testing.T) (s *State, hi, lo int, hiCard, loCard *Card) {
	s = quiet(newS(t, 4, 5, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	var others []int
	for _, i := range s.priority() {
		if i != act {
			others = append(others, i)
		}
	}
	hi, lo = others[0], others[1]
	fit := func(c *Card) bool { return c.Trigger == OnMove || c.Trigger == OnSeedy }
	hiCard = findCard(t, d.Def().Slug, true, fit)
	loCard = findCard(t, d.Def().Slug, true, func(c *Card) bool { return c != hiCard && fit(c) })
	give(s, hi, hiCard.ID)
	give(s, lo, loCard.ID)
	d.Hand = make([]HandCard, 0)
	applyRaw(t, s, act, "move "+reachOf(t, s, d, func(l Location) bool { return l.Quality == Seedy && !l.Restricted }))
	applyRaw(t, s, act, "no free draw")
	return s, hi, lo, hiCard, loCard
}

// TestWindowAnswersLookAlike (AN-REACT-02, secrecy): a seat that plays a
// card into the window and one that passes look the same to everybody
// else until the window closes — public lines, the secret flag, the
// public view and the other seat's view.
func TestWindowAnswersLookAlike(t *testing.T) {
	a, hi, lo, _, loCard := windowSetup(t)
	b, _, _, _, _ := windowSetup(t)
	ra := applyRaw(t, a, lo, "play "+loCard.ID)
	rb := applyRaw(t, b, lo, "pass")
	if !ra.Secret || !rb.Secret || !slices.Equal(ra.Public, rb.Public) {
		t.Errorf("answers differ in public: %+v / %+v", ra, rb)
	}
	for _, v := range []engine.Viewer{engine.Public, engine.Seat(hi)} {
		ja, _ := json.Marshal(a.View(v))
		jb, _ := json.Marshal(b.View(v))
		if string(ja) != string(jb) {
			t.Errorf("viewer %v tells a play from a pass", v)
		}
		if a.Turn().Prompt != b.Turn().Prompt || !slices.Equal(a.Legal(engine.Seat(hi)), b.Legal(engine.Seat(hi))) {
			t.Error("the waiting seat's prompt or moves differ")
		}
	}
	ja, _ := json.Marshal(a.View(engine.Seat(lo)))
	jb, _ := json.Marshal(b.View(engine.Seat(lo)))
	if string(ja) == string(jb) {
		t.Error("the answering seat does not see its own answer")
	}
	// The answer's fields are the only new secrets an open window holds.
	offers := 0
	for path := range engine.HiddenFrom(a, engine.Public) {
		if strings.Contains(path, ".Offers[") {
			offers++
			if !strings.HasSuffix(path, ".Card") && !strings.HasSuffix(path, ".On") && !strings.HasSuffix(path, ".Discarding") {
				t.Errorf("hidden %s", path)
			}
		}
	}
	if offers == 0 {
		t.Error("the answer is not hidden from the public")
	}
}

// conserveCards checks the twilight cards beyond their count: each card
// in exactly one hand or deck, every marker on its track, and every card
// named by a pending answer or payment in its player's hand.
func conserveCards(s *State) error {
	seen := map[string]int{}
	for _, d := range s.Dets {
		for _, hc := range d.Hand {
			seen[hc.Card]++
		}
		for _, dk := range []Deck{d.Light, d.Dark} {
			for _, c := range append(slices.Clone(dk.Down), dk.Up...) {
				seen[c]++
			}
		}
		if d.Twilight < -TwilightSpan || d.Twilight > TwilightSpan {
			return fmt.Errorf("seat %d twilight %d off the track", d.Seat, d.Twilight)
		}
	}
	for _, d := range s.Dets {
		if d.Detective == NoDetective {
			continue
		}
		for _, dark := range []bool{false, true} {
			for _, id := range deckIDs(d.Def().Slug, dark) {
				if seen[id] != 1 {
					return fmt.Errorf("card %s is in %d places", id, seen[id])
				}
			}
		}
	}
	for _, dc := range s.Pending.Items {
		if dc.Data.Twi == nil {
			continue
		}
		for _, o := range dc.Data.Twi.Offers {
			if o.Card != "" && !inHand(&s.Dets[o.Seat], o.Card) {
				return fmt.Errorf("seat %d answered with %s, not in its hand", o.Seat, o.Card)
			}
		}
		if p := dc.Data.Twi.Play; dc.Kind == StepPayCost && !inHand(&s.Dets[p.Seat], p.Card) {
			return fmt.Errorf("seat %d pays for %s, not in its hand", p.Seat, p.Card)
		}
	}
	return nil
}

// TestCardRefusals: bad card moves are refused with the reason and the
// legal moves, and change nothing.
func TestCardRefusals(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	emptyHands(s)
	act := s.active()
	d := s.det()
	light := findCard(t, d.Def().Slug, false, func(c *Card) bool { return c.Choose == ChooseSuspect && !c.IsFight() })
	give(s, act, light.ID)
	own := deckIDs(d.Def().Slug, true)[0]
	other := deckIDs(s.Dets[s.left(act)].Def().Slug, false)[0]
	before, _ := s.Marshal()
	for move, want := range map[string]string{
		"play " + own:                      "own deck",
		"play " + other:                    "own deck",
		"play " + light.ID:                 "own deck",
		"play " + light.ID + " on nobody":  "own deck",
		"play " + light.ID + " discarding": "own deck",
		"pay":                              "",
		"light tactics":                    "",
	} {
		fresh(s)
		err := s.Check(engine.Seat(act), move)
		msg, ok := engine.IsRejection(err)
		if !ok || !strings.Contains(msg, want) || !engine.ListsLegal(msg) {
			t.Errorf("%q: %v", move, err)
		}
		if _, err := s.Apply(engine.Seat(act), move); err == nil {
			t.Errorf("%q applied", move)
		}
	}
	if after, _ := s.Marshal(); string(after) != string(before) {
		t.Error("a refused move changed the state")
	}
	d.Twilight = TwilightSpan
	fresh(s)
	if r := refusal(s, act, "play "+light.ID+" on "+s.Suspects[0].Def().Slug); !strings.Contains(r, "room") {
		t.Errorf("no room: %q", r)
	}
}

// TestHandTexts: a seat's view words its own cards; the public view and
// another seat's view name none of them.
func TestHandTexts(t *testing.T) {
	s := newS(t, 3, 1, "1")
	for _, d := range s.Dets {
		mine := s.View(engine.Seat(d.Seat)).Text()
		pub := s.View(engine.Public).Text()
		theirs := s.View(engine.Seat(s.left(d.Seat))).Text()
		for _, hc := range d.Hand {
			c := CardByID(hc.Card)
			if !strings.Contains(mine, c.Text()) {
				t.Errorf("seat %d does not see its card %s", d.Seat, c.Name)
			}
			if strings.Contains(pub, c.Name) || strings.Contains(pub, hc.Card) || strings.Contains(theirs, c.Name) || strings.Contains(theirs, hc.Card) {
				t.Errorf("seat %d's card %s shows to others", d.Seat, c.Name)
			}
		}
	}
}

// seatOf is the seat playing the detective with slug.
func seatOf(t testing.TB, s *State, slug string) int {
	t.Helper()
	for _, d := range s.Dets {
		if d.Def().Slug == slug {
			return d.Seat
		}
	}
	t.Fatalf("%s not in play", slug)
	return -1
}

// meetNeeds gives a card's player and target what its conditions ask,
// from the supply.
func meetNeeds(s *State, c *Card, payer, target *Det) {
	for _, n := range c.Needs {
		switch n.Kind {
		case NeedFavor:
			payer.Favors[n.Favor]++
			s.Supply.Favors[n.Favor]--
		case NeedTargetFavor:
			target.Favors[n.Favor]++
			s.Supply.Favors[n.Favor]--
		case NeedTrauma:
			payer.Trauma++
			s.Supply.Trauma--
		case NeedTrait:
			for _, id := range deckIDs(payer.Def().Slug, false) {
				if o := CardByID(id); o != c && slices.Contains(o.Traits, n.Trait) {
					give(s, payer.Seat, id)
					break
				}
			}
		default:
			meetHeroNeed(s, n, payer, target)
		}
	}
	fresh(s)
}

// TestEveryCardPlays: every card of the first decks is played through the
// game's moves — a light card by its owner on his turn, a dark card by
// another player in the window its trigger opens — both tactics of each
// Fight; the card ends face up at the bottom of its deck and every
// component is conserved.
func TestEveryCardPlays(t *testing.T) {
	for _, id := range slices.Sorted(maps.Keys(Cards)) {
		c := CardByID(id)
		tactics := []string{""}
		if c.IsFight() {
			tactics = []string{"light tactics", "dark tactics"}
		}
		for _, tac := range tactics {
			s := quiet(newS(t, 5, 1, "1"))
			emptyHands(s)
			owner := seatOf(t, s, c.owner().Slug)
			for s.active() != owner {
				apply(t, s, s.active(), "end turn")
			}
			d := s.det()
			payer := owner
			if c.Dark {
				payer = s.left(owner)
			}
			give(s, payer, c.ID)
			meetNeeds(s, c, &s.Dets[payer], d)
			suffixes, _ := s.options(c, d)
			play := "play " + c.ID + suffixes[0]
			if !c.Dark {
				applyRaw(t, s, owner, play)
			} else {
				s.triggerFor(t, c, owner)
				for top := s.Pending.Top(); top.Kind != StepDarkWindow; top = s.Pending.Top() {
					applyRaw(t, s, int(top.Seats[0]), top.Default)
				}
				if !has(s, payer, play) {
					t.Fatalf("%s: not offered in the window: %v", c.ID, legal(s, payer))
				}
				answerAll(t, s, map[int]string{payer: play})
			}
			if tac != "" {
				if top := s.Pending.Top(); top.Kind != StepFight {
					t.Fatalf("%s: no fight: %v", c.ID, top)
				}
				applyRaw(t, s, owner, tac)
			}
			deck := &d.Light
			if c.Dark {
				deck = &d.Dark
			}
			if !slices.Contains(deck.Up, c.ID) || inHand(&s.Dets[payer], c.ID) {
				t.Errorf("%s %s: not at the bottom of its deck", c.ID, tac)
			}
			if err := conserve(s); err != nil {
				t.Errorf("%s %s: %v", c.ID, tac, err)
			}
		}
	}
}

// triggerFor makes the active detective (seat owner) take the action that
// dark card c answers.
func (s *State) triggerFor(t *testing.T, c *Card, owner int) {
	t.Helper()
	d := &s.Dets[owner]
	s.Time = TimePerTurn
	fresh(s)
	switch c.Trigger {
	case OnMove:
		applyRaw(t, s, owner, "move "+reachOf(t, s, d, func(l Location) bool { return l.Quality == Normal && !l.Restricted }))
	case OnSeedy, OnRitzy:
		q := Seedy
		if c.Trigger == OnRitzy {
			q = Ritzy
		}
		applyRaw(t, s, owner, "move "+reachOf(t, s, d, func(l Location) bool { return l.Quality == q && !l.Restricted }))
	case OnRestricted:
		d.At = mustLoc("westside-market") // within reach of Jinteki for every ruler
		fresh(s)
		applyRaw(t, s, owner, "move jinteki")
	case OnFollowUp:
		d.At = s.Leads[0].At
		fresh(s)
		applyRaw(t, s, owner, "follow up")
	case OnAbility:
		d.At = mustLoc("city-hall")
		fresh(s)
		applyRaw(t, s, owner, "use city-hall")
	case OnLightCard:
		lc := findCard(t, d.Def().Slug, false, timeGain)
		give(s, owner, lc.ID)
		applyRaw(t, s, owner, "play "+lc.ID)
	}
}

// TestReactOption: the react option sets how long a dark-card window
// waits (the platform's default when unset); a bad value is refused.
func TestReactOption(t *testing.T) {
	if _, err := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"react": "5s"}}); err == nil {
		t.Error("react=5s accepted")
	} else if msg, _ := engine.IsRejection(err); !strings.Contains(msg, "10m") {
		t.Errorf("react=5s: %q", msg)
	}
	for v, want := range map[string]time.Duration{"": 0, "default": 0, "10m": 10 * time.Minute, "2h": 2 * time.Hour} {
		st, err := Game().New(engine.Setup{Players: 3, Seed: 1, Options: map[string]string{"react": v}})
		if err != nil {
			t.Fatal(err)
		}
		s := quiet(st.(*State))
		drawRachelDefaults(t, s)
		emptyHands(s)
		act := s.active()
		give(s, s.left(act), deckIDs(s.det().Def().Slug, true)[0])
		applyRaw(t, s, act, "move "+reachOf(t, s, s.det(), func(l Location) bool { return l.Quality == Normal && !l.Restricted }))
		if tu := s.Turn(); tu.Kind != engine.Reaction || tu.Window != want || tu.OnTimeout != "pass" {
			t.Errorf("react=%q: turn %+v", v, tu)
		}
	}
}

// TestCardBaggage (AN-CBAG-01): twilight cards give baggage. Every card
// of the first decks giving conditional baggage, played through the
// game's moves, gives its target good baggage when his plot card in play
// lists the word as good, bad baggage when it lists it as bad, nothing
// when it lists it in neither section or his plot has ended; and the
// first decks hold such cards on both sides.
func TestCardBaggage(t *testing.T) {
	sides, played := map[bool]int{}, map[string]int{}
	for _, id := range slices.Sorted(maps.Keys(Cards)) {
		c := CardByID(id)
		i := slices.IndexFunc(c.Effects, func(e Effect) bool { return e.Op == OpCondBaggage })
		if i < 0 {
			continue
		}
		sides[c.Dark]++
		e := c.Effects[i]
		for _, want := range []string{"good", "bad", "neither", "ended"} {
			s := quiet(newS(t, 5, 1, "1"))
			emptyHands(s)
			owner := seatOf(t, s, c.owner().Slug)
			for s.active() != owner {
				apply(t, s, s.active(), "end turn")
			}
			// Put in play a plot card of the owner's listing the word
			// as wanted.
			ps := &s.Story.Plots[owner]
			found := false
			for _, title := range c.owner().Plots {
				if title == DescentPlot && hasOp(c.Effects, OpSanity) {
					// Sanity moved while Descent into Madness is in play
					// gives baggage of its own (TestSanity).
					continue
				}
				pl := plotOf(title)
				for k, pc := range []PlotCard{pl.Start, pl.Crossroads[0], pl.Crossroads[1]} {
					inGood, inBad := contains(pc.Good, e.Word), contains(pc.Bad, e.Word)
					if found || want == "good" && !inGood || want == "bad" && !inBad || (want == "neither" || want == "ended") && (inGood || inBad) {
						continue
					}
					found = true
					*ps = PlotState{Title: title, Card: CardStart}
					if k > 0 {
						*ps = PlotState{Title: title, Card: CardCrossroads, Side: k - 1}
					}
				}
			}
			if !found {
				continue
			}
			played[want]++
			if want == "ended" {
				ps.Card = ""
			}
			fresh(s)
			d := s.det()
			payer := owner
			if c.Dark {
				payer = s.left(owner)
			}
			give(s, payer, c.ID)
			meetNeeds(s, c, &s.Dets[payer], d)
			suffixes, _ := s.options(c, d)
			play := "play " + c.ID + suffixes[0]
			if !c.Dark {
				applyRaw(t, s, owner, play)
			} else {
				s.triggerFor(t, c, owner)
				for top := s.Pending.Top(); top.Kind != StepDarkWindow; top = s.Pending.Top() {
					applyRaw(t, s, int(top.Seats[0]), top.Default)
				}
				answerAll(t, s, map[int]string{payer: play})
			}
			got := s.Story.Plots[owner]
			ok := map[string]bool{
				"good":    got.Good == e.N && got.Bad == 0,
				"bad":     got.Bad == e.N && got.Good == 0,
				"neither": got.Good == 0 && got.Bad == 0,
				"ended":   got.Good == 0 && got.Bad == 0,
			}[want]
			if !ok {
				t.Errorf("AN-CBAG-01: %s (%s %d) with the word %s: %d good, %d bad", c.ID, e.Word, e.N, want, got.Good, got.Bad)
			}
			if err := conserve(s); err != nil {
				t.Errorf("%s %s: %v", c.ID, want, err)
			}
		}
	}
	if sides[false] == 0 || sides[true] == 0 || played["good"] == 0 || played["bad"] == 0 || played["neither"] == 0 {
		t.Errorf("AN-CBAG-01: conditional baggage on %d light and %d dark cards, played %v", sides[false], sides[true], played)
	}
	t.Logf("played %v", played)
}

// TestDecksUseEverything: the first decks between them use every trigger,
// every effect of the vocabulary, every condition and the Fight trait, and
// some card refers to another by trait (AN-TRAIT-01); CONTENT.md §1.9 maps
// each to its cards.
func TestDecksUseEverything(t *testing.T) {
	used := map[string]bool{}
	for _, c := range Cards {
		used["trigger "+string(c.Trigger)] = c.Dark || used["trigger "+string(c.Trigger)]
		for _, n := range c.Needs {
			used["need "+string(n.Kind)] = true
		}
		for _, tr := range c.Traits {
			used["trait "+tr] = true
		}
		for _, e := range append(append(slices.Clone(c.Effects), c.LightTactics...), c.DarkTactics...) {
			used["op "+string(e.Op)] = true
		}
	}
	var want []string
	for tr := range triggerText {
		want = append(want, "trigger "+string(tr))
	}
	for _, n := range []NeedKind{NeedFavor, NeedTargetFavor, NeedTrauma, NeedTrait} {
		want = append(want, "need "+string(n))
	}
	for _, op := range []Op{OpTime, OpDarkShift, OpLightShift, OpDrawLight, OpDiscard, OpFavor, OpLoseFavor, OpHit, OpAlibi,
		OpPeek, OpReveal, OpLook, OpMove, OpDropship, OpTrauma, OpHeal, OpCondBaggage, OpGoodBaggage, OpBadBaggage, OpNPCFavor} {
		want = append(want, "op "+string(op))
	}
	for op := range heroOps {
		want = append(want, "op "+string(op))
	}
	for n := range heroNeeds {
		want = append(want, "need "+string(n))
	}
	want = append(want, "trait "+FightTrait)
	for _, w := range want {
		if !used[w] {
			t.Errorf("no card of the first decks uses %s", w)
		}
	}
}
