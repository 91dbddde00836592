package content

import "testing"

// Tests of the map grid at its edges: labels, doubled-width coordinates,
// distances and which gaps are shut in by tiles (MH-CHAR-06's "external
// side").

func TestLabelsAtTheirLimits(t *testing.T) {
	for _, tc := range []struct {
		label string
		want  Coord
		ok    bool
	}{
		{"a1", Coord{0, 0}, true},
		{"z1", Coord{25, 0}, true},
		{"a10", Coord{0, 9}, true},
		{"b9", Coord{1, 8}, true},
		{"a1000", Coord{0, 999}, true},
		{"a0", Coord{}, false},
		{"{1", Coord{}, false},
		{"a1x", Coord{}, false},
	} {
		got, ok := ParseLabel(tc.label)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ParseLabel(%q) = %v %v, want %v %v", tc.label, got, ok, tc.want, tc.ok)
		}
	}
}

func TestGridEdges(t *testing.T) {
	m := load(t).Scenario("the-inclusion-job").Map
	if _, ok := m.FromDoubled(0, m.Rows); ok {
		t.Errorf("row %d is below the grid", m.Rows)
	}
	if _, ok := m.FromDoubled(2*m.Cols, 0); ok {
		t.Errorf("column %d is right of the grid", m.Cols)
	}
	if c, ok := m.FromDoubled(2*m.Cols-2, 0); !ok || c != (Coord{0, m.Cols - 1}) {
		t.Errorf("the last column: %v %v", c, ok)
	}
	if m.Indented(len(m.Indent)) || m.Indented(-1) {
		t.Error("a row outside the map is not indented")
	}
	// Row 1 of the Inclusion Job is indented: r1c3 is 4 steps from r0c0.
	for _, tc := range []struct {
		a, b Coord
		want int
	}{
		{Coord{0, 0}, Coord{0, 3}, 3},
		{Coord{0, 0}, Coord{1, 3}, 4},
		{Coord{1, 3}, Coord{0, 0}, 4},
		{Coord{0, 0}, Coord{2, 1}, 2},
	} {
		if got := m.Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("distance %v to %v = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestGapsReachingTheOutside: a gap joined to the edge of the grid through
// other gaps is outside, however far in it lies; only gaps shut in by
// tiles are enclosed, and nothing off the grid is a gap.
func TestGapsReachingTheOutside(t *testing.T) {
	m := load(t).Scenario("the-inclusion-job").Map
	// r6c4 and r7c3 reach the left edge through r7c2, r7c1, r7c0.
	for _, c := range []Coord{{6, 4}, {7, 3}, {7, 2}} {
		if m.EnclosedGap(c) {
			t.Errorf("%v reaches the outside through gaps", c)
		}
	}
	if !m.External(Coord{6, 3}) {
		t.Error("r6c3 borders r6c4, which is outside")
	}
	if !m.EnclosedGap(Coord{5, 2}) {
		t.Error("r5c2 is shut in by six tiles")
	}
	for _, c := range []Coord{{m.Rows, 0}, {0, m.Cols}} {
		if m.EnclosedGap(c) {
			t.Errorf("%v is off the grid, no gap", c)
		}
	}
	// A lone tile in the middle of a grid of gaps: every side is external.
	lone, err := parseMap([]string{"..   ..   ..", "   ..   SC   ..", "..   ..   .."}, load(t))
	if err != nil {
		t.Fatal(err)
	}
	if !lone.External(Coord{1, 1}) || lone.EnclosedGap(Coord{0, 1}) {
		t.Error("a lone tile is surrounded by the outside")
	}
}
