package android

import (
	"slices"
	"strings"
	"testing"
)

// movesTo lists the locations the active detective may move to now.
func movesTo(s *State) []string {
	var out []string
	for _, m := range legal(s, s.active()) {
		if strings.HasPrefix(m, "move ") {
			out = append(out, strings.TrimPrefix(m, "move "))
		}
	}
	return out
}

// TestMoveByRuler (AN-MOVE-01/02): a move costs 1 Time and goes to any
// other location within the ruler's reach; farther ones, and one's own
// location, are refused with the reason.
func TestMoveByRuler(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	d := place(t, s, "castle-club", 6)
	r := d.Def().Ruler
	got := movesTo(s)
	for id, l := range Locations {
		within := rulerCity(id) == NewAngeles && id != d.At && Distance(d.At, id) <= r
		if within != slices.Contains(got, l.Slug) {
			t.Errorf("ruler %.1f from F4 to %s (%s, %.2f): listed %v", r, l.Slug, l.Cell, Distance(d.At, id), !within)
		}
	}
	if !strings.HasPrefix(refusal(s, d.Seat, "move castle-club"), "That is not within one move") {
		t.Error("a move to one's own location")
	}
	if !strings.HasPrefix(refusal(s, d.Seat, "move dockside-warehouse"), "That is not within one move") {
		t.Error("a move out of reach")
	}
	apply(t, s, d.Seat, "move plaza-arcade")
	if d.At != mustLoc("plaza-arcade") || s.Time != 5 {
		t.Errorf("at %d time %d", d.At, s.Time)
	}
}

// TestVehicleRulers: each detective's own reach decides its moves.
func TestVehicleRulers(t *testing.T) {
	from := mustLoc("castle-club")
	short := len(Reach(from, 2.5))
	long := len(Reach(from, 3.5))
	if short >= long {
		t.Errorf("a longer ruler reaches %d locations, a shorter %d", long, short)
	}
}

// TestMoveEarthAndMoon (AN-MOVE-13): no move reaches the other city
// except along the Beanstalk.
func TestMoveEarthAndMoon(t *testing.T) {
	for from := range Locations {
		for _, to := range Reach(from, 3.5) {
			a, b := Locations[from].City, Locations[to].City
			if a != b && a != Beanstalk && b != Beanstalk {
				t.Errorf("%s to %s crosses between the cities", Locations[from].Slug, Locations[to].Slug)
			}
		}
	}
}

// TestMoveBeanstalk (AN-MOVE-15…18): a detective enters the Beanstalk at
// the Root or Starport Kaguya, goes along it one location per Time either
// way, and leaves it only from an end.
func TestMoveBeanstalk(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	d := place(t, s, "temple-of-the-root", 6)
	got := movesTo(s)
	if !slices.Contains(got, "the-root") || slices.Contains(got, "climber-lounge") {
		t.Fatalf("from K5: %v", got)
	}
	apply(t, s, d.Seat, "move the-root")
	if got := movesTo(s); !slices.Contains(got, "climber-lounge") || slices.Contains(got, "midway-habitat") || !slices.Contains(got, "nightfall-cabaret") {
		t.Fatalf("from the Root: %v", got)
	}
	apply(t, s, d.Seat, "move climber-lounge")
	if s.Pending.Top().Kind == StepFreeDraw {
		apply(t, s, d.Seat, "no free draw")
	}
	if got := movesTo(s); !slices.Equal(got, []string{"the-root", "midway-habitat"}) {
		t.Fatalf("from the Climber Lounge: %v", got)
	}
	apply(t, s, d.Seat, "move midway-habitat")
	apply(t, s, d.Seat, "move climber-lounge")
	if s.Pending.Top().Kind == StepFreeDraw {
		apply(t, s, d.Seat, "no free draw")
	}
	if s.Time != 2 || d.At != mustLoc("climber-lounge") {
		t.Fatalf("reversing: time %d at %s", s.Time, Locations[d.At].Slug)
	}
	d = place(t, s, "starport-kaguya", 6)
	if got := movesTo(s); !slices.Contains(got, "sol-shrine") || !slices.Contains(got, "skyway-shrine") || slices.Contains(got, "the-root") {
		t.Fatalf("from Starport Kaguya: %v", got)
	}
}

// TestDropship (AN-MOVE-19…21): a dropship pass takes a detective
// anywhere for 1 Time (3 into a restricted location without a warrant),
// goes back to the pile at the NAPD, and the free draw of the location
// still applies.
func TestDropship(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	d := place(t, s, "city-hall", 6)
	if !strings.HasPrefix(refusal(s, d.Seat, "dropship lunar-casino"), "You have no dropship pass") {
		t.Errorf("no pass: %q", refusal(s, d.Seat, "dropship lunar-casino"))
	}
	d.Dropships, s.Supply.Dropships = 2, DropshipPasses-2
	d.Hand = nil
	fresh(s)
	apply(t, s, d.Seat, "dropship lunar-casino")
	if d.At != mustLoc("lunar-casino") || s.Time != 5 || d.Dropships != 1 || s.Supply.Dropships != DropshipPasses-1 {
		t.Fatalf("dropship: at %s time %d passes %d supply %d", Locations[d.At].Slug, s.Time, d.Dropships, s.Supply.Dropships)
	}
	if top := s.Pending.Top(); top.Kind != StepFreeDraw || top.Data.Draw != "light" {
		t.Fatal("no free light card at a ritzy location reached by dropship")
	}
	apply(t, s, d.Seat, "free light")
	apply(t, s, d.Seat, "dropship heinlein-administration")
	if s.Time != 2 {
		t.Errorf("restricted by dropship cost %d", 5-s.Time)
	}
}

// TestFreeDraws (AN-MOVE-08…11): entering a ritzy location offers a free
// light card, a seedy one a free dark card from another player's deck, a
// normal one nothing; each entry again; none with a full hand.
func TestFreeDraws(t *testing.T) {
	s := quiet(newS(t, 3, 1, "1"))
	d := place(t, s, "westside-cathedral", 6)
	d.Hand = nil
	apply(t, s, d.Seat, "move city-hall") // ritzy
	if got := legal(s, d.Seat); !slices.Equal(got, []string{"free light", "no free draw"}) {
		t.Fatalf("ritzy: %v", got)
	}
	apply(t, s, d.Seat, "free light")
	if len(d.Hand) != 1 || s.Time != 5 {
		t.Fatalf("free light: hand %d time %d", len(d.Hand), s.Time)
	}
	apply(t, s, d.Seat, "move westside-market") // seedy
	got := legal(s, d.Seat)
	for _, o := range s.Dets {
		want := o.Seat != d.Seat
		if slices.Contains(got, "free dark from "+o.Def().Slug) != want {
			t.Errorf("seedy: %v", got)
		}
	}
	apply(t, s, d.Seat, "no free draw")
	apply(t, s, d.Seat, "move harbor-lofts") // normal
	if s.Pending.Top().Kind != StepTurn {
		t.Error("a normal location offers a free draw")
	}
	apply(t, s, d.Seat, "move westside-market") // seedy again
	if s.Pending.Top().Kind != StepFreeDraw {
		t.Error("re-entering a seedy location gives no second draw")
	}
	apply(t, s, d.Seat, "no free draw")
	for len(d.Hand) < d.Def().HandLimit {
		d.Hand = append(d.Hand, HandCard{Deck: "x", Card: "x"})
	}
	s.Time = 6
	apply(t, s, d.Seat, "move city-hall")
	if s.Pending.Top().Kind != StepTurn || s.active() != d.Seat {
		t.Error("a free draw with a full hand")
	}
}
