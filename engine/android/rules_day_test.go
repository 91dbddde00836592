package android

import (
	"slices"
	"strings"
	"testing"
)

// endTurns ends turns with "end turn" until the day is d (or the game is
// over), returning the public lines.
func endTurns(t *testing.T, s *State, day int) []string {
	t.Helper()
	var lines []string
	for s.Day < day && !s.Over {
		res := apply(t, s, s.active(), "end turn")
		lines = append(lines, res.Public...)
	}
	return lines
}

// TestRoundTurnsAndTime (AN-ROUND-01…05, AN-DAY-05, AN-CLOSE-01): a round
// is a day in which each player, from the first player clockwise, takes
// a turn of 6 Time, spends it on actions (the same one again if he likes)
// until it is gone or he stops; the calendar has 12 days, and the case
// closes after the last.
func TestRoundTurnsAndTime(t *testing.T) {
	s := quiet(newS(t, 4, 3, "1"))
	first := s.First
	var order []int
	for i := 0; i < 4; i++ {
		order = append(order, s.active())
		want := 6
		if l := s.det().Louis; l != nil && !l.Good {
			// Louis's Bad Mood costs him Time (AN-HERO-07).
			want -= BadMoodTime
		}
		if s.Time != want {
			t.Fatalf("turn starts with %d Time", s.Time)
		}
		if i == 0 {
			// Six 1-Time actions, the same action again and again: the
			// turn ends by itself when the Time is spent.
			d := s.det()
			for _, c := range d.Hand {
				if c.Deck == d.Def().Slug+" light" {
					d.Light.Down = append(d.Light.Down, c.Card)
				}
			}
			d.Hand = nil
			for k := 0; k < 6; k++ {
				if s.active() != first || s.Time != 6-k {
					t.Fatalf("after %d draws: active %d time %d", k, s.active(), s.Time)
				}
				apply(t, s, first, "draw light")
			}
			continue
		}
		apply(t, s, s.active(), "end turn")
	}
	for i, seat := range order {
		if seat != (first+i)%4 {
			t.Fatalf("turn order %v from first player %d", order, first)
		}
	}
	if s.Day != 2 {
		t.Fatalf("after every turn the day is %d", s.Day)
	}
	endTurns(t, s, Days+1)
	if !s.Over || s.Outcome() == nil || s.Day != Days+1 {
		t.Fatalf("after day 12: over %v day %d", s.Over, s.Day)
	}
	if Days != 12 {
		t.Fatal("two weeks of six days")
	}
}

// TestEndOfDay (AN-DAY-01…03, AN-EVENT-01…03, AN-RESOLVE-01): the day marker advances; the
// end-of-day general events come on days 2, 4, 5 and no other
// (AN-EVENT-01/02); plots resolve on days 3 and 6 only (AN-RESOLVE-01);
// the specific event at the start of week 2 (AN-EVENT-03); the last two
// days are the climax.
func TestEndOfDay(t *testing.T) {
	s := quiet(newS(t, 3, 8, ""))
	byDay := map[int]string{}
	for s.Day <= Days && !s.Over {
		day := s.Day
		byDay[day] = strings.Join(endTurns(t, s, day+1), "\n")
	}
	for day, log := range byDay {
		dow := (day-1)%6 + 1
		ev := strings.Contains(log, "Event (end of week")
		plot := strings.Contains(log, "resolves positively") || strings.Contains(log, "resolves negatively") || strings.Contains(log, "ends positively") || strings.Contains(log, "ends negatively")
		if ev != (dow == 2 || dow == 4 || dow == 5) || plot != (dow == 3 || dow == 6) {
			t.Errorf("day %d (week day %d): event %v plot %v", day, dow, ev, plot)
		}
	}
	if !strings.Contains(byDay[6], "The specific event is revealed") {
		t.Error("week 2's specific event not named")
	}
	for day := 1; day <= Days; day++ {
		s.Day = day
		if s.climax() != (day == 11 || day == 12) {
			t.Errorf("day %d climax %v", day, s.climax())
		}
	}
}

// TestWeekTwo: at the start of week 2 Lily and Jimmy go to their week-two
// locations and each detective but Raymond takes a new plot.
func TestWeekTwo(t *testing.T) {
	s := quiet(newS(t, 5, 2, "2"))
	before := map[int]string{}
	for _, d := range s.Dets {
		before[d.Seat] = d.Plot
	}
	endTurns(t, s, 7)
	m := Murders[1]
	if s.Lily != mustLoc(m.Lily[1]) || s.Jimmy != mustLoc(m.Jimmy[1]) {
		t.Error("Lily and Jimmy did not move for week 2")
	}
	for _, d := range s.Dets {
		if d.Def().Slug == "raymond" {
			if d.Plot != before[d.Seat] {
				t.Error("Raymond's two-week plot changed")
			}
		} else if d.Plot == before[d.Seat] || d.Plot == d.Def().NoRandomPlot {
			t.Errorf("%s: week-2 plot %q after %q", d.Def().Name, d.Plot, before[d.Seat])
		}
	}
}

// TestGetAJump (AN-JUMP-01…03, AN-DAY-04): only at the scene of the crime,
// for 1 Time, a player replaces the hero marker there with his own; the
// owner of the marker there at the end of the day is the next first
// player.
func TestGetAJump(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	first := s.First
	apply(t, s, first, "end turn")
	seat := s.active()
	scene := Locations[s.Scene].Slug
	if !strings.HasPrefix(refusal(s, seat, "get a jump"), "You must be at the scene of the crime") {
		t.Errorf("jump away from the scene: %q", refusal(s, seat, "get a jump"))
	}
	place(t, s, scene, 6)
	apply(t, s, seat, "get a jump")
	if s.SceneHero != seat || s.Time != 5 || s.Dets[seat].Heroes != HeroMarkers-1 || s.Dets[first].Heroes != HeroMarkers {
		t.Fatalf("after the jump: hero %d time %d", s.SceneHero, s.Time)
	}
	if !strings.HasPrefix(refusal(s, seat, "get a jump"), "Your own hero marker") {
		t.Error("a second jump on one's own marker allowed")
	}
	endTurns(t, s, 2)
	if s.First != seat || s.active() != seat {
		t.Errorf("first player %d, want %d", s.First, seat)
	}
}

// TestDrawAndDiscard (AN-DRAW-01…07): below the hand limit (6, Raymond 7)
// a player draws a light card from his own deck or a dark card from
// another player's (never his own), for 1 Time; he may discard a card at
// any hand size for 1 Time, face up to the bottom of its deck; drawing the
// last face-down card shuffles the face-up discards into a new deck.
func TestDrawAndDiscard(t *testing.T) {
	s := quiet(newS(t, 3, 11, ""))
	seat := s.active()
	d := s.det()
	own := "draw dark from " + d.Def().Slug
	if has(s, seat, own) || !strings.HasPrefix(refusal(s, seat, own), "You never draw from your own dark deck") {
		t.Errorf("own dark deck: %q", refusal(s, seat, own))
	}
	other := s.Dets[s.left(seat)].Def().Slug
	for len(d.Hand) < d.Def().HandLimit {
		d.Hand = append(d.Hand, HandCard{Deck: "x", Card: "x"})
	}
	if has(s, seat, "draw light") || has(s, seat, "draw dark from "+other) {
		t.Error("draw allowed at the hand limit")
	}
	if !strings.HasPrefix(refusal(s, seat, "draw light"), "You hold") {
		t.Errorf("refusal %q", refusal(s, seat, "draw light"))
	}
	d.Hand = d.Hand[:d.Def().HandLimit-1]
	d.Hand[0] = HandCard{Deck: d.Def().Slug + " light", Card: d.Light.Down[0]}
	d.Light.Down = d.Light.Down[1:]
	// Discarding is allowed whatever the hand size (our ruling of
	// AN-DRAW-06) and costs 1 Time.
	card := d.Hand[0].Card
	apply(t, s, seat, "discard "+card)
	if s.Time != 5 || d.Light.Up[len(d.Light.Up)-1] != card {
		t.Fatalf("discard: time %d, up %v", s.Time, d.Light.Up)
	}
	apply(t, s, seat, "draw dark from "+other)
	if last := d.Hand[len(d.Hand)-1]; last.Deck != other+" dark" || s.Time != 4 {
		t.Errorf("dark draw %+v", last)
	}
	// Raymond's limit is 7.
	if Detectives[4].HandLimit != 7 || Detectives[0].HandLimit != 6 {
		t.Error("hand limits")
	}
	// AN-DRAW-07: the last face-down card drawn, the discards are
	// shuffled into a new face-down deck.
	deck := Deck{Down: []string{"a"}, Up: []string{"b", "c"}}
	if c := s.take(&deck); c != "a" || len(deck.Down) != 2 || len(deck.Up) != 0 {
		t.Errorf("took %s, deck %+v", c, deck)
	}
}

// TestAbilities (AN-ABIL-01…04, AN-FAVOR-01…03, AN-CORP-01/02/04): a
// major location's ability is used by a detective standing there, paying
// its Time and favor; at most once per round per location, though
// another location's ability may still be used; favors and corporate
// tokens come from limited supplies.
func TestAbilities(t *testing.T) {
	s := quiet(newS(t, 3, 5, "1"))
	seat := s.active()
	place(t, s, "skyline-apartments", 6)
	for _, m := range legal(s, seat) {
		if strings.HasPrefix(m, "use ") {
			t.Errorf("ability %q offered at a location without one", m)
		}
	}
	place(t, s, "city-hall", 6)
	apply(t, s, seat, "use city-hall")
	if s.Dets[seat].Favors[FavorPolitical] != 1 || s.Supply.Favors[FavorPolitical] != FavorsPerType-1 || s.Time != 5 {
		t.Fatalf("favor: %+v time %d", s.Dets[seat].Favors, s.Time)
	}
	if !strings.HasPrefix(refusal(s, seat, "use city-hall"), "You have already used City Hall's ability this round") {
		t.Errorf("second use: %q", refusal(s, seat, "use city-hall"))
	}
	// Another location's ability in the same round.
	place(t, s, "napd", 5)
	passes := s.Dets[seat].Dropships // Raymond starts with one (AN-HERO-10)
	apply(t, s, seat, "use napd")
	if s.Dets[seat].Dropships != passes+1 || s.Dets[seat].Favors[FavorPolitical] != 0 || s.Supply.Favors[FavorPolitical] != FavorsPerType || s.Time != 4 {
		t.Fatalf("napd: %+v", s.Dets[seat])
	}
	// A favor cost that cannot be paid.
	place(t, s, "courthouse", 4)
	if !strings.Contains(refusal(s, seat, "use courthouse warrant jinteki"), "costs 1 political favor") {
		t.Errorf("unpaid: %q", refusal(s, seat, "use courthouse warrant jinteki"))
	}
	// The supply runs out (AN-FAVOR-03, AN-CORP-04).
	s.Dets[seat].Favors[FavorCorp] = 1
	s.Supply.Favors[FavorCorp]--
	s.Supply.Haas = 0
	s.Dets[s.left(seat)].Haas = HaasTokens
	place(t, s, "haas-bioroid", 4)
	if !strings.HasPrefix(refusal(s, seat, "use haas-bioroid"), "No Haas token is left") {
		t.Errorf("empty supply: %q", refusal(s, seat, "use haas-bioroid"))
	}
	s.Supply.Haas, s.Dets[s.left(seat)].Haas = 1, HaasTokens-1
	apply(t, s, seat, "use haas-bioroid")
	if s.Dets[seat].Haas != 1 || s.Dets[seat].Favors[FavorCorp] != 0 {
		t.Error("Haas token not gained for a corp favor")
	}
	// The next round the ability may be used again.
	s.Dets[seat].Used = nil
	s.Dets[seat].Favors[FavorCorp] = 1
	s.Supply.Favors[FavorCorp]--
	place(t, s, "jinteki", 6)
	apply(t, s, seat, "use jinteki")
	if s.Dets[seat].Jinteki != 1 {
		t.Error("Jinteki token not gained")
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
	// The round's uses are forgotten at the end of the day.
	endTurns(t, s, 2)
	for _, d := range s.Dets {
		if len(d.Used) != 0 {
			t.Errorf("seat %d still has used %v", d.Seat, d.Used)
		}
	}
}

// TestWarrants (AN-WARRANT-01…04, AN-MOVE-05/06): a warrant on a
// restricted location lets only its owner in for 1 Time instead of 3; it
// stays; a player has at most 2 in play and may move one instead.
func TestWarrants(t *testing.T) {
	s := quiet(newS(t, 3, 5, "1"))
	seat := s.active()
	d := s.det()
	d.Favors[FavorPolitical] = 3
	s.Supply.Favors[FavorPolitical] -= 3
	place(t, s, "courthouse", 6)
	apply(t, s, seat, "use courthouse warrant jinteki")
	d.Used = nil
	apply(t, s, seat, "use courthouse warrant haas-bioroid")
	d.Used = nil
	if len(d.Warrants) != 2 {
		t.Fatalf("warrants %v", d.Warrants)
	}
	if has(s, seat, "use courthouse warrant heinlein-administration") ||
		!strings.HasPrefix(refusal(s, seat, "use courthouse warrant heinlein-administration"), "Both your warrants are in play") {
		t.Errorf("third warrant: %q", refusal(s, seat, "use courthouse warrant heinlein-administration"))
	}
	apply(t, s, seat, "use courthouse warrant heinlein-administration from haas-bioroid")
	if !slices.Equal(d.Warrants, []int{mustLoc("jinteki"), mustLoc("heinlein-administration")}) {
		t.Fatalf("warrants after moving one %v", d.Warrants)
	}
	// Entering Jinteki: 1 Time with one's own warrant, 3 for the others.
	place(t, s, "faculty-row", 6)
	apply(t, s, seat, "move jinteki")
	apply(t, s, seat, "no free draw")
	if s.Time != 5 {
		t.Errorf("with a warrant entering costs %d", 6-s.Time)
	}
	other := &s.Dets[s.left(seat)]
	if entryCost(other, mustLoc("jinteki")) != 3 || entryCost(d, mustLoc("haas-bioroid")) != 3 {
		t.Error("another's warrant, or a moved one, still helps")
	}
	place(t, s, "the-underground", 2)
	if !strings.Contains(refusal(s, seat, "move haas-bioroid"), "restricted") {
		t.Errorf("restricted with 2 Time: %q", refusal(s, seat, "move haas-bioroid"))
	}
}
