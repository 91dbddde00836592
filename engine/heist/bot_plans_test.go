package heist

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// The crew plans of issue 14's fourth round, each on a board set up by
// hand: the Keycard handed on where two plans meet, the search for a
// Keycard still in the Security bag, The Safehouse Rescue's ambush, a
// teammate freed from a Guard next door, and Dogs kept off the character
// the crew waits on.

// keycardRelayBoard is The Inclusion Job's map emptied, with the only
// jewel behind a Keycard Door on c2: seat 0 holds the Keycard on d4, its
// plan d6–d5–d4 stopping short of the door; seat 1 stands there too, its
// plan d4–d3–d2 leading on to next to the door.
func keycardRelayBoard(t *testing.T) *State {
	t.Helper()
	s := inclusion(t, 3)
	blankBoard(s)
	door := s.tile("c2")
	door.Loot = []string{Jewel}
	door.Tokens = []string{TokKeycardDoor}
	heistAt(t, s, 3, "d4", "d4", "e8")
	for _, tl := range s.Tiles {
		tl.Plans = nil
	}
	for _, c := range s.Chars {
		c.Planned = nil
	}
	for _, h := range []string{"d6", "d5", "d4"} {
		s.plan(s.Chars[0], s.tile(h))
	}
	for _, h := range []string{"d4", "d3", "d2"} {
		s.plan(s.Chars[1], s.tile(h))
	}
	s.Chars[0].Loot = []string{Keycard}
	return s
}

// botActs plays seat's bot moves in the Action phase until its Action is
// done (at most 30 moves) and returns them.
func botActs(t *testing.T, s *State, seat int) []string {
	t.Helper()
	var out []string
	play := botPlays(t, s, engine.NewRand(1))
	c := s.Chars[seat]
	for i := 0; i < 30 && !c.Done; i++ {
		out = append(out, play(seat))
	}
	return out
}

// botPlays is a function that plays seat's bot move on s (the bot drawing
// from r) and returns it.
func botPlays(t *testing.T, s *State, r *engine.Rand) func(seat int) string {
	return func(seat int) string {
		t.Helper()
		m := Bot(s.View(engine.Seat(seat)), s.Legal(engine.Seat(seat)), r)
		apply(t, s, seat, m)
		return m
	}
}

func TestBotHandsTheKeycardOnWherePlansMeet(t *testing.T) {
	s := keycardRelayBoard(t)
	holder := &botMind{s: s, c: s.Chars[0]}
	var relay *botJob
	for _, j := range holder.jobs() {
		if j.What == "relay" {
			relay = &j
		}
	}
	if relay == nil || relay.Hex != "d4" || relay.Then != "c2" {
		t.Fatalf("want a hand-on on d4 for the door c2, jobs %v", holder.jobs())
	}
	moves := botActs(t, s, 0)
	if !slices.Contains(moves, "drop keycard") {
		t.Fatalf("the holder, whose plan does not reach the door, did not hand the Keycard on: %v", moves)
	}
	if slices.Contains(moves, "pick up keycard") || s.Chars[0].has(Keycard) {
		t.Fatalf("the holder took the Keycard back: %v", moves)
	}
	moves = botActs(t, s, 1)
	if !slices.Contains(moves, "pick up keycard") || !s.Chars[1].has(Keycard) {
		t.Fatalf("the teammate whose plan leads to the door did not take the Keycard: %v", moves)
	}
	// A holder whose own plan leads next to the door keeps it.
	s = keycardRelayBoard(t)
	s.plan(s.Chars[0], s.tile("d3"))
	s.plan(s.Chars[0], s.tile("d2"))
	for _, j := range (&botMind{s: s, c: s.Chars[0]}).jobs() {
		if j.What == "relay" {
			t.Fatalf("a hand-on is planned though the holder reaches the door: %v", j)
		}
	}
	if moves := botActs(t, s, 0); slices.Contains(moves, "drop keycard") {
		t.Fatalf("the holder dropped a Keycard it can take to the door: %v", moves)
	}
}

func TestBotPlansTheFarEndOfAKeycardRun(t *testing.T) {
	// The Black Box, seed 4, 3 characters: the Keycard run (in from the
	// Tunnel c5 to the Keycard on a3, on to f2 next to the Architect's
	// door, 8 tokens) is longer than the Planning Memory of the Thug it
	// goes to first (7). (Seed 1's Burglar, Memory 8, plans it whole
	// since the Tunnels are dug for the chain, bot_chain.go.)
	relays := map[engine.Seat]bool{}
	s := botsPlanned(t, "the-black-box", 3, 4, func(s *State, seat engine.Seat) {
		if s.Phase == PhasePlanning {
			b := &botMind{s: s, c: s.char(seat)}
			if b.myJob(); b.relay {
				relays[seat] = true
			}
		}
	})
	if len(relays) == 0 {
		t.Fatal("nobody planned the far end of the Keycard run")
	}
	for seat := range relays {
		c := s.char(seat)
		next := false
		for _, h := range c.Planned {
			for _, n := range s.neighbours(s.tile(h)) {
				next = next || n.has(TokKeycardDoor)
			}
		}
		if !next {
			t.Errorf("%s planned the far end %v, not next to a Keycard Door", c.Name, c.Planned)
		}
	}
}

func TestBotSearchesUnknownTilesForABaggedKeycard(t *testing.T) {
	// The Hospitality Job: the Hostage is behind a Keycard Door and the
	// only Keycard is in the Security bag.
	var searcher *Character
	s := botsPlanned(t, "the-hospitality-job", 3, 1, func(s *State, seat engine.Seat) {
		if s.Phase == PhasePlanning {
			if j := (&botMind{s: s, c: s.char(seat)}).myJob(); j != nil && j.What == "search" {
				searcher = s.char(seat)
			}
		}
	})
	if searcher == nil {
		t.Fatal("nobody searches for the Keycard in the bag")
	}
	unknown := 0
	for _, h := range searcher.Planned {
		if s.tile(h).Unknown {
			unknown++
		}
	}
	if unknown < searcher.Memory-2 {
		t.Errorf("%s's search plan %v covers %d unknown tiles of %d tokens", searcher.Name, searcher.Planned, unknown, searcher.Memory)
	}
}

// ambushBoard is The Safehouse Rescue in round 1's Action phase with seat
// 0 next to the two Guards on d2 (of four), the Prisoner still held, and
// every die showing die.
func ambushBoard(t *testing.T, die int) *State {
	t.Helper()
	s := newTestState(t, "the-safehouse-rescue", 3, 1)
	var next string
	for _, n := range s.neighbours(s.tile("d2")) {
		if n.guards() == 0 && real(n) && !n.Entrance {
			next = n.Hex
			break
		}
	}
	if next == "" || s.tile("d2").guards() != 2 {
		t.Fatalf("the board is not as the test expects: d2 %+v", s.tile("d2"))
	}
	heistAt(t, s, die, next, "e8", "e8")
	return s
}

func TestBotAmbushTakesEveryGuardInOneRound(t *testing.T) {
	s := ambushBoard(t, 3)
	if hold, _ := (&botMind{s: s, c: s.Chars[0]}).ambushPlan(); !hold {
		t.Fatal("one character next to two Guards of four: the crew should hold back")
	}
	for _, m := range botActs(t, s, 0) {
		if strings.HasPrefix(m, "subdue ") {
			t.Fatalf("a Guard subdued while the others stay up: %q", m)
		}
	}
	if s.RoundSubdued != 0 {
		t.Fatalf("%d Guards subdued in a round that cannot take all four", s.RoundSubdued)
	}
	// Once one went down this round (C1 comes early unless all do), the
	// rest follow.
	s = ambushBoard(t, 3)
	s.RoundSubdued = 1
	if _, goNow := (&botMind{s: s, c: s.Chars[0]}).ambushPlan(); !goNow {
		t.Fatal("a Guard is down this round: the crew should go")
	}
	subdued := false
	for _, m := range botActs(t, s, 0) {
		subdued = subdued || strings.HasPrefix(m, "subdue ")
	}
	if !subdued && s.Chars[0].Pool.Subdue == 0 && !slices.ContainsFunc(s.actionChoices(s.Chars[0]), func(o actionChoice) bool { return o.Act.Count("subdue") > 0 }) {
		t.Skip("no Action with a Subdue on this roll")
	}
	if !subdued {
		t.Fatal("the ambush is on and the character next to the Guards subdued none")
	}
}

func TestBotFreesATeammateAGuardHoldsNextDoor(t *testing.T) {
	s := inclusion(t, 3)
	blankBoard(s)
	heistAt(t, s, 3, "d4", "d5", "e8")
	s.tile("d5").Chits = []Chit{{Kind: Guard, Active: true}}
	c := s.Chars[0]
	c.Action, c.Pool = "test", Pool{Subdue: 1, Move: 1}
	b := &botMind{s: s, c: c, legal: s.Legal(0), set: map[string]bool{}}
	for _, m := range b.legal {
		b.set[m] = true
	}
	if m := b.subAction(c, ""); m != "subdue d5" {
		t.Fatalf("a Subdue to spare and a teammate held next door: got %q", m)
	}
}

func TestBotKeepsDogsOffTheKeycardCarrier(t *testing.T) {
	s := keycardRelayBoard(t)
	s.Chars[0].Ideas, s.Chars[1].Ideas = 6, 1
	legal := []string{"dog chases " + lower(s.Chars[0].Name), "dog chases " + lower(s.Chars[1].Name)}
	b := &botMind{s: s, c: s.Chars[2], legal: legal, set: map[string]bool{legal[0]: true, legal[1]: true}}
	if got := b.answerChoice(&decision{Kind: choiceChase}); got != legal[1] {
		t.Fatalf("the Dog goes for the Keycard's carrier: %q", got)
	}
	// Without the Keycard, the one with the most Ideas bears it.
	s.Chars[0].Loot = nil
	b = &botMind{s: s, c: s.Chars[2], legal: legal, set: map[string]bool{legal[0]: true, legal[1]: true}}
	if got := b.answerChoice(&decision{Kind: choiceChase}); got != legal[0] {
		t.Fatalf("the Dog should go for the character with the most Ideas: %q", got)
	}
}

// botsPlanned plays slug's heist with n characters and seed, seated as
// TestBotFigures seats it, bots in every seat, until Planning is over (the
// Action phase), calling watch, when not nil, before each move.
func botsPlanned(t *testing.T, slug string, n int, seed uint64, watch func(s *State, seat engine.Seat)) *State {
	t.Helper()
	st, err := Game().New(botSetup(slug, n, seed))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	order := engine.NewRand(seed*7919 + 23)
	r := engine.NewRand(seed*104729 + 5)
	for steps := 0; s.Phase != PhaseAction && steps < 2000; steps++ {
		turn := s.Turn()
		seat := turn.Seats[order.Intn(len(turn.Seats))]
		if watch != nil {
			watch(s, seat)
		}
		apply(t, s, int(seat), Game().Bot.Choose(s.View(seat), s.Legal(seat), r))
	}
	if s.Phase != PhaseAction {
		t.Fatalf("%s: Planning did not end: phase %s", slug, s.Phase)
	}
	return s
}
