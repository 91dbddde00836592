package android

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"casefile/engine"
)

// unwrap sets Raymond's Wrapped Up in Himself aside, for the tests of
// other rules that give favors.
func unwrap(s *State) {
	for i := range s.Dets {
		if s.Dets[i].Flint != nil {
			s.Dets[i].Flint.Wrapped = false
		}
	}
}

// heroDropships counts the dropship passes the detectives hold (Raymond's
// from setup, AN-HERO-10).
func heroDropships(s *State) int {
	n := 0
	for _, d := range s.Dets {
		n += d.Dropships
	}
	return n
}

// turnTo gives seat the turn, by hand, for a test.
func turnTo(s *State, seat int) {
	s.Cur = slices.Index(s.Order, seat)
	s.Pending.Remove(func(d *Decision) bool { return d.Kind == StepTurn })
	s.Pending.Push(s.seatDecision(StepTurn, seat, "end turn", Detail{}))
	fresh(s)
}

// rayHeldMemories lists the ids of the Memory cards held.
func (s *State) rayHeldMemories() []string {
	var out []string
	for _, d := range s.Dets {
		if d.Memory != "" {
			out = append(out, d.Memory)
		}
	}
	return out
}

// deckLen is the size of a detective's light deck (its dark deck has as
// many): the first deck's six, or the full deck of issue 19.
func deckLen(slug string) int { return len(deckIDs(slug, false)) }

// withRaymond deals an n-player game in which a seat plays Raymond, with
// Raymond the active detective, and returns it with Raymond's seat.
func withRaymond(t testing.TB, n int) (*State, int) {
	t.Helper()
	s := newS(t, n, raymondSeed(t, n), "1")
	r := s.raymondSeat()
	turnTo(s, r)
	quiet(s)
	return s, r
}

// raymondSeed is the first seed that deals Raymond in an n-player game.
func raymondSeed(t testing.TB, n int) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		if newS(t, n, seed, "1").raymondSeat() >= 0 {
			return seed
		}
	}
	t.Fatal("no seed deals Raymond")
	return 0
}

// TestRaymondSetup (AN-HERO-10, AN-HERO-11, AN-HERO-12): Raymond starts
// with one dropship pass from the supply and Wrapped Up in Himself face up
// (public: in the public view and its text); each other player holds one
// Memory card, all different, seen by its holder only.
func TestRaymondSetup(t *testing.T) {
	for n := 3; n <= 5; n++ {
		s, r := withRaymond(t, n)
		d := &s.Dets[r]
		if d.Dropships != 1 || s.Supply.Dropships != DropshipPasses-1 {
			t.Errorf("%dp AN-HERO-10: Raymond holds %d dropship passes, supply %d", n, d.Dropships, s.Supply.Dropships)
		}
		pub := s.View(engine.Public).(*View)
		if !d.wrapped() || pub.State.Dets[r].Flint == nil || !pub.State.Dets[r].Flint.Wrapped || !strings.Contains(pub.Text(), "Wrapped Up in Himself face up") {
			t.Errorf("%dp AN-HERO-11: Wrapped Up in Himself not in play and public: %+v", n, d.Flint)
		}
		seen := map[string]bool{}
		for i := range s.Dets {
			o := &s.Dets[i]
			if i == r {
				if o.Memory != "" || o.MemoryHeld {
					t.Errorf("%dp: Raymond holds a Memory card", n)
				}
				continue
			}
			m := MemoryByID(o.Memory)
			if m == nil || !o.MemoryHeld || seen[o.Memory] {
				t.Fatalf("%dp AN-HERO-12: seat %d holds %q", n, i, o.Memory)
			}
			seen[o.Memory] = true
			hand := StartLight + StartDark
			if o.Rachel != nil {
				hand += RachelExtraDraws // AN-HERO-08: her setup draws
			}
			if len(o.Hand) != hand {
				t.Errorf("%dp: the Memory card went into seat %d's hand", n, i)
			}
			for j := range s.Dets {
				v := s.View(engine.Seat(j)).(*View)
				sees := v.State.Dets[i].Memory == o.Memory && strings.Contains(v.Text(), m.Name)
				if sees != (i == j) {
					t.Errorf("%dp AN-HERO-12: seat %d sees seat %d's Memory card: %v", n, j, i, sees)
				}
			}
			if pub.State.Dets[i].Memory != "" || !pub.State.Dets[i].MemoryHeld || strings.Contains(pub.Text(), m.Name) {
				t.Errorf("%dp: the public view shows seat %d's Memory card (or not that one is held)", n, i)
			}
		}
		if len(seen) != n-1 {
			t.Errorf("%dp: %d Memory cards dealt", n, len(seen))
		}
		if err := conserve(s); err != nil {
			t.Error(err)
		}
	}
}

// TestRaymondLeftoverMemories (AN-HERO-13): the Memory cards not dealt go
// back to the box unseen: no part of the state, no view and no line of the
// deal names them.
func TestRaymondLeftoverMemories(t *testing.T) {
	s, _ := withRaymond(t, 3)
	held := s.rayHeldMemories()
	if len(held) != 2 {
		t.Fatalf("held %v", held)
	}
	raw, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Memories {
		if slices.Contains(held, m.ID) {
			continue
		}
		if strings.Contains(string(raw), m.ID) {
			t.Errorf("the state keeps the leftover %s", m.ID)
		}
		for _, v := range []engine.Viewer{engine.Public, 0, 1, 2} {
			if strings.Contains(s.View(v).(*View).Text(), m.Name) {
				t.Errorf("viewer %d sees the leftover %s", v, m.Name)
			}
		}
	}
	// The deal's own lines, replayed from the seed, do not name them.
	var res engine.Result
	again := newS(t, 3, raymondSeed(t, 3), "1")
	again.setupRaymond(&res)
	for _, l := range append(res.Public, strings.Join(res.Private[0], " "), strings.Join(res.Private[1], " "), strings.Join(res.Private[2], " ")) {
		for _, m := range Memories {
			if strings.Contains(l, m.Name) || strings.Contains(l, m.ID) {
				t.Errorf("the deal names a Memory card: %s", l)
			}
		}
	}
}

// TestMemoryHandLimit (AN-HERO-14): a Memory card does not count toward
// its holder's hand limit: with the Memory card and one card fewer than
// the limit in hand, its holder may still draw.
func TestMemoryHandLimit(t *testing.T) {
	s, r := withRaymond(t, 4)
	o := s.left(r)
	turnTo(s, o)
	d := &s.Dets[o]
	for len(d.Hand) < d.Def().HandLimit-1 {
		s.drawLight(o)
	}
	if d.Memory == "" || d.handFull() {
		t.Fatalf("hand %d, memory %q", len(d.Hand), d.Memory)
	}
	place(t, s, Locations[d.At].Slug, 3)
	if !has(s, o, "draw light") {
		t.Errorf("AN-HERO-14: the holder of a Memory card with %d cards (limit %d) may not draw: %s", len(d.Hand), d.Def().HandLimit, refusal(s, o, "draw light"))
	}
}

// TestMemoryOutOfHandEffects (AN-HERO-15): no effect that targets a hand
// reaches a Memory card: Jimmy's look at a hand does not show it, a look
// at the hand (OpLook) does not show it, a discard at random (OpDiscard)
// empties the hand and leaves it, the discards that lower a card's cost
// do not list it, and the discard action refuses it.
func TestMemoryOutOfHandEffects(t *testing.T) {
	s, r := withRaymond(t, 4)
	o := s.left(r)
	d := &s.Dets[o]
	mem := d.Memory
	name := MemoryByID(mem).Name
	// Jimmy the Snitch: Raymond pays him to look at the holder's cards.
	s.Lily, s.Jimmy = mustLoc("lunar-casino"), mustLoc("dust-bar")
	place(t, s, "melange-mining", 6)
	ray := &s.Dets[r]
	for len(ray.Hand) < ray.Def().HandLimit {
		s.drawLight(r) // no free draw on the way
	}
	apply(t, s, r, "move dust-bar")
	res := apply(t, s, r, "jimmy look at "+d.Def().Slug)
	jn := strings.Join(res.Private[engine.Seat(r)], " ")
	if !strings.Contains(jn, "Jimmy shows you") || strings.Contains(jn, mem) || strings.Contains(jn, name) {
		t.Errorf("AN-HERO-15 Jimmy's look shows the Memory card: %q", jn)
	}
	res = engine.Result{}
	// OpLook: Raymond looks at the holder's cards.
	s.resolve(&Play{Seat: r, Target: r, On: d.Def().Slug}, []Effect{effect(OpLook, 0)}, &res)
	note := strings.Join(res.Private[engine.Seat(r)], " ")
	if note == "" || strings.Contains(note, mem) || strings.Contains(note, name) || strings.Contains(strings.Join(res.Public, " "), name) {
		t.Errorf("AN-HERO-15 OpLook shows the Memory card: %q", note)
	}
	// The discard action, on the holder's turn.
	turnTo(s, o)
	if msg := refusal(s, o, "discard "+mem); msg == "" || has(s, o, "discard "+mem) {
		t.Errorf("AN-HERO-15: the Memory card may be discarded as an action")
	}
	// OpDiscard: more discards than cards held.
	s.resolve(&Play{Seat: r, Target: o}, []Effect{effect(OpDiscard, 20)}, &res)
	if len(d.Hand) != 0 || d.Memory != mem || !d.MemoryHeld {
		t.Errorf("AN-HERO-15 OpDiscard: hand %v, memory %q", d.Hand, d.Memory)
	}
	// The cost discards: the holder pays a card of Raymond's dark deck.
	s.drawDark(o, r)
	s.drawLight(o)
	s.Pending.Push(s.seatDecision(StepPayCost, o, "pay", Detail{Twi: &TwiDetail{Play: &Play{Seat: o, Target: r, Card: d.Hand[0].Card, Left: 2}}}))
	for _, m := range legal(s, o) {
		if strings.HasPrefix(m, "discard ") && m != "discard "+d.Hand[1].Card {
			t.Errorf("AN-HERO-15 cost discards list %q", m)
		}
	}
	if msg := refusal(s, o, "discard "+mem); msg == "" {
		t.Errorf("AN-HERO-15: the Memory card may be discarded to pay a cost")
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
}

// TestPlayMemory: a Memory card is played by its holder on his own turn
// for no Time while Raymond's plot card is in play; Raymond gains its
// conditional baggage (good baggage sets Wrapped Up in Himself aside), the
// holder takes its reward, and the card lies face up in public. Raymond
// himself, a seat without one, or a played card are refused with the
// reason.
func TestPlayMemory(t *testing.T) {
	s, r := withRaymond(t, 5)
	if msg := refusal(s, r, MoveMemory); !strings.Contains(msg, "not by Raymond") {
		t.Errorf("Raymond plays a Memory card: %q", msg)
	}
	for k := 1; k < 5; k++ {
		o := (r + k) % 5
		turnTo(s, o)
		d := &s.Dets[o]
		m := MemoryByID(d.Memory)
		pc, _ := s.plotCard(r)
		ps := s.Story.Plots[r]
		time, twilight, drop, hand := 4, d.Twilight, d.Dropships, len(d.Hand)
		wasWrapped := s.Dets[r].wrapped()
		place(t, s, Locations[d.At].Slug, time)
		res := apply(t, s, o, MoveMemory)
		after := s.Story.Plots[r]
		good, bad := after.Good-ps.Good, after.Bad-ps.Bad
		switch {
		case contains(pc.Good, m.Word):
			if good != 1 || s.Dets[r].wrapped() {
				t.Errorf("%s (%s, good): good %d, wrapped %v", m.Name, m.Word, good, s.Dets[r].wrapped())
			}
		case contains(pc.Bad, m.Word):
			if bad != 1 || s.Dets[r].wrapped() != wasWrapped {
				t.Errorf("%s (%s, bad): bad %d", m.Name, m.Word, bad)
			}
		default:
			if good+bad != 0 {
				t.Errorf("%s: baggage %d/%d from an unlisted word", m.Name, good, bad)
			}
		}
		// The reward (and no Time spent).
		switch m.ID {
		case "memory-1":
			if s.Time != time+2 {
				t.Errorf("%s: Time %d", m.Name, s.Time)
			}
		case "memory-2":
			if len(d.Hand) != hand+1 || s.Time != time {
				t.Errorf("%s: hand %d", m.Name, len(d.Hand))
			}
		case "memory-3":
			if d.Dropships != drop+1 {
				t.Errorf("%s: no dropship pass", m.Name)
			}
		case "memory-4":
			if d.Twilight != max(twilight-1, -TwilightSpan) {
				t.Errorf("%s: twilight %d", m.Name, d.Twilight)
			}
		}
		if d.Memory != "" || d.MemoryHeld || !strings.Contains(strings.Join(res.Public, " "), m.Name) {
			t.Errorf("%s: not face up in public after play", m.Name)
		}
		if msg := refusal(s, o, MoveMemory); !strings.Contains(msg, "no Memory card") {
			t.Errorf("a second Memory play: %q", msg)
		}
		if !strings.Contains(s.View(engine.Public).(*View).Text(), m.Name+" by") {
			t.Errorf("%s: the public view does not list it as played", m.Name)
		}
		if err := conserve(s); err != nil {
			t.Error(err)
		}
	}
	if got := len(s.Dets[r].Flint.Played); got != 4 {
		t.Errorf("%d Memory cards recorded as played", got)
	}
	// After Raymond's plot has ended no Memory is played.
	s2, r2 := withRaymond(t, 3)
	o := s2.left(r2)
	turnTo(s2, o)
	s2.Story.Plots[r2].Card = ""
	if msg := refusal(s2, o, MoveMemory); !strings.Contains(msg, "plot has ended") {
		t.Errorf("a Memory card after Raymond's plot ended: %q", msg)
	}
}

// TestWrappedUpInHimself (AN-HERO-11, ours): while the card is up no
// twilight card gives Raymond a favor, from the supply or from Kate; once
// set aside (Face the Mirror) they do, and Old Habits puts it up again.
func TestWrappedUpInHimself(t *testing.T) {
	s, r := withRaymond(t, 3)
	d := &s.Dets[r]
	var res engine.Result
	s.resolve(&Play{Seat: r, Target: r}, []Effect{favor("street"), effect(OpNPCFavor, 0)}, &res)
	if d.Favors["street"] != 0 || s.npcOf(r).Held != 0 {
		t.Errorf("a favor reached a wrapped Raymond: %v, Kate %d", d.Favors, s.npcOf(r).Held)
	}
	s.resolve(&Play{Seat: r, Target: r}, CardByID("raymond-l07").Effects, &res)
	if d.wrapped() {
		t.Fatal("Face the Mirror did not set the card aside")
	}
	s.resolve(&Play{Seat: r, Target: r}, []Effect{favor("street"), effect(OpNPCFavor, 0)}, &res)
	if d.Favors["street"] != 1 || s.npcOf(r).Held != 1 {
		t.Errorf("no favor reached Raymond unwrapped: %v, Kate %d", d.Favors, s.npcOf(r).Held)
	}
	s.resolve(&Play{Seat: s.left(r), Target: r}, CardByID("raymond-d07").Effects, &res)
	if !d.wrapped() {
		t.Error("Old Habits did not wrap Raymond again")
	}
	// On another detective the ops do nothing.
	o := &s.Dets[s.left(r)]
	s.resolve(&Play{Seat: o.Seat, Target: o.Seat}, []Effect{effect(OpRayUnwrap, 0), favor("corp")}, &res)
	if o.Flint != nil || o.Favors["corp"] != 1 {
		t.Errorf("the ops act on another detective: %+v", o)
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
}

// TestRaymondCards is the effect test of each card of Raymond's full
// decks beyond the first six (raymond-l07…l12, raymond-d07…d12), resolved
// on Raymond as the active detective.
func TestRaymondCards(t *testing.T) {
	type check func(s *State, r, p int) string
	is := func(ok bool, msg string) string {
		if ok {
			return ""
		}
		return msg
	}
	cases := map[string]struct {
		prep  func(s *State, r, p int)
		on    string
		check check
		dark  check // a Fight's dark tactics
	}{
		"raymond-l07": {prep: func(s *State, r, p int) { emptyHands(s) }, check: func(s *State, r, p int) string {
			return is(!s.Dets[r].wrapped() && len(s.Dets[r].Hand) == 1, "not unwrapped with a card drawn")
		}},
		"raymond-l08": {prep: func(s *State, r, p int) { s.Dets[r].Flint.Wrapped = false }, check: func(s *State, r, p int) string {
			// Courage is good on both plots' start cards.
			return is(s.Dets[r].Favors["street"] == 1 && s.Story.Plots[r].Good == 1, "no street favor and 1 courage baggage")
		}},
		"raymond-l09": {prep: func(s *State, r, p int) { emptyHands(s) }, check: func(s *State, r, p int) string {
			return is(s.Time == TimePerTurn+1 && len(s.Dets[r].Hand) == 1, "not 1 Time and a card")
		}},
		"raymond-l10": {prep: func(s *State, r, p int) { faceDownOn(s, 0, 1, engine.Seat(p)) }, on: "suspect", check: func(s *State, r, p int) string {
			return is(s.Suspects[0].Files[1][0].knows(engine.Seat(r)), "evidence not seen")
		}},
		"raymond-l11": {check: func(s *State, r, p int) string {
			pc, _ := s.plotCard(r)
			good, bad := 0, 0
			if contains(pc.Good, BagDuty) {
				good = 1
			}
			if contains(pc.Bad, BagDuty) {
				bad = 1
			}
			return is(s.Time == TimePerTurn+1 && s.Story.Plots[r].Good == good && s.Story.Plots[r].Bad == bad, "not 1 Time and duty baggage as the card reads")
		}},
		"raymond-l12": {on: "city-hall", check: func(s *State, r, p int) string {
			return is(s.Dets[r].At == mustLoc("city-hall") && s.Time == TimePerTurn, "not moved for free")
		}},
		"raymond-d07": {prep: func(s *State, r, p int) { s.Dets[r].Flint.Wrapped = false }, check: func(s *State, r, p int) string {
			return is(s.Dets[r].wrapped() && s.Time == TimePerTurn-1, "not wrapped again and 1 Time lost")
		}},
		"raymond-d08": {check: func(s *State, r, p int) string { return is(s.Story.Plots[r].Bad == 1, "no bad baggage") }},
		"raymond-d09": {check: func(s *State, r, p int) string {
			return is(len(s.Dets[r].Hand) == StartLight+StartDark-1 && s.Dets[r].Twilight == 1, "not 1 discarded and a dark shift")
		}},
		"raymond-d10": {prep: func(s *State, r, p int) { s.Dets[r].Favors["corp"] = 1; s.Supply.Favors["corp"]-- }, check: func(s *State, r, p int) string {
			return is(s.Dets[r].Favors["corp"] == 0 && s.Time == TimePerTurn-1, "corp favor kept or no Time lost")
		}},
		"raymond-d11": {check: func(s *State, r, p int) string { return is(s.Time == TimePerTurn-1, "light tactics: not 1 Time lost") },
			dark: func(s *State, r, p int) string { return is(s.Story.Plots[r].Bad == 1, "dark tactics: no bad baggage") }},
		"raymond-d12": {check: func(s *State, r, p int) string {
			pc, _ := s.plotCard(r)
			want := 0
			if contains(pc.Bad, BagLove) {
				want = 1
			}
			return is(s.Time == TimePerTurn-1 && s.Story.Plots[r].Bad == want && s.Story.Plots[r].Good == 0, "not 1 Time lost and love baggage as the card reads")
		}},
	}
	for k := 7; k <= 12; k++ {
		for _, side := range []string{"l", "d"} {
			id := RaymondSlug + "-" + side + twoDigits(k)
			tc, ok := cases[id]
			c := CardByID(id)
			if !ok || c == nil {
				t.Errorf("%s: no card or no test", id)
				continue
			}
			parts := [][]Effect{c.Effects}
			checks := []check{tc.check}
			if c.IsFight() {
				parts, checks = [][]Effect{c.LightTactics, c.DarkTactics}, []check{tc.check, tc.dark}
			}
			for k, part := range parts {
				s, r := withRaymond(t, 3)
				s.Time = TimePerTurn
				p := r
				if c.Dark {
					p = s.left(r)
				}
				if tc.prep != nil {
					tc.prep(s, r, p)
				}
				on := tc.on
				if on == "suspect" {
					on = s.Suspects[0].Def().Slug
				}
				var res engine.Result
				s.resolve(&Play{Seat: p, Target: r, Card: id, On: on}, part, &res)
				if msg := checks[k](s, r, p); msg != "" {
					t.Errorf("%s %s part %d: %s (%v)", id, c.Name, k, msg, res.Public)
				}
				if err := conserve(s); err != nil {
					t.Errorf("%s: %v", id, err)
				}
			}
		}
	}
}

func twoDigits(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// TestRaymondDecks: Raymond's full decks hold 12 light and 12 dark cards,
// his hand limit is 7 (AN-DRAW-02), and every card's plot colour is one of
// his two plots (AN-COST-10).
func TestRaymondDecks(t *testing.T) {
	i, _ := detectiveBySlug(RaymondSlug)
	for _, dark := range []bool{false, true} {
		ids := deckIDs(RaymondSlug, dark)
		if len(ids) != 12 {
			t.Errorf("dark=%v: %d cards", dark, len(ids))
		}
		for _, id := range ids {
			if c := CardByID(id); c.Plot != "" && !slices.Contains(Detectives[i].Plots, c.Plot) {
				t.Errorf("%s: plot %q", id, c.Plot)
			}
		}
	}
	if Detectives[i].HandLimit != 7 {
		t.Errorf("hand limit %d", Detectives[i].HandLimit)
	}
}

// TestHeroNPCsRaymond (AN-HERO-16): Raymond's NPCs are Kate, Keene and
// Parsons; Kate grants his favors.
func TestHeroNPCsRaymond(t *testing.T) {
	i, _ := detectiveBySlug(RaymondSlug)
	if got := Detectives[i].NPCs; !slices.Equal(got, []string{"Kate", "Keene", "Parsons"}) {
		t.Errorf("AN-HERO-16: Raymond's NPCs %v", got)
	}
	for _, n := range FavorNPCs {
		if n.Detective == RaymondSlug && n.Name != "Kate" {
			t.Errorf("Raymond's favor NPC is %s", n.Name)
		}
	}
}

// TestDetectiveFigures plays AN_DET_GAMES bot games per player count 3–5
// (none unless set) and logs each detective's share of wins (a tie for
// the most VP shares the win) and mean VP, for the balance of issue 19:
//
//	AN_DET_GAMES=10 go test ./engine/android/ -count=1 -run TestDetectiveFigures -v
func TestRaymondFigures(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("AN_DET_GAMES"))
	if games <= 0 {
		t.Skip("set AN_DET_GAMES")
	}
	for n := 3; n <= 5; n++ {
		wins, vp, seats := map[string]float64{}, map[string]int{}, map[string]int{}
		for g := 0; g < games; g++ {
			su := engine.Setup{Players: n, Seed: uint64(n*50_000 + g), Options: map[string]string{"murder": fmt.Sprint(1 + g%3)}}
			s, _ := playBots(t, su)
			best := slices.Max(s.Close.Scores)
			top := 0
			for _, v := range s.Close.Scores {
				if v == best {
					top++
				}
			}
			for i, d := range s.Dets {
				slug := d.Def().Slug
				seats[slug]++
				vp[slug] += s.Close.Scores[i]
				if s.Close.Scores[i] == best {
					wins[slug] += 1 / float64(top)
				}
			}
		}
		var parts []string
		for _, det := range Detectives {
			if c := seats[det.Slug]; c > 0 {
				parts = append(parts, fmt.Sprintf("%s wins %.0f%% of %d games, mean VP %.1f", det.Slug, 100*wins[det.Slug]/float64(c), c, float64(vp[det.Slug])/float64(c)))
			}
		}
		t.Logf("players=%d, %d bot games: %s", n, games, strings.Join(parts, "; "))
	}
}
