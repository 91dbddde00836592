package heist

import (
	"slices"
	"testing"
)

// Tests of the board's hex geometry (doubled-width coordinates: a tile's
// six neighbours are X±2 on its row and X±1 on the rows above and below).

// geoBoard is a bare board of tiles at the given (X, Row) cells.
func geoBoard(cells ...coord) *State {
	s := &State{}
	for _, p := range cells {
		s.Tiles = append(s.Tiles, &Tile{Hex: hexLabel(p.R, p.X/2), X: p.X, Row: p.R, Col: p.X / 2})
	}
	s.index()
	return s
}

func cells(ts []*Tile) []coord {
	var out []coord
	for _, t := range ts {
		out = append(out, coord{t.X, t.Row})
	}
	return out
}

// TestHexDistanceCountsSteps: the distance between two hexes is the
// number of steps from one to the other, whichever is first.
func TestHexDistanceCountsSteps(t *testing.T) {
	for _, tc := range []struct {
		a, b coord
		want int
	}{
		{coord{0, 0}, coord{4, 0}, 2},
		{coord{4, 0}, coord{0, 0}, 2},
		{coord{0, 0}, coord{1, 1}, 1},
		{coord{0, 2}, coord{1, 1}, 1},
		{coord{1, 1}, coord{0, 3}, 2},
		{coord{0, 0}, coord{1, 3}, 3},
		{coord{0, 0}, coord{2, 2}, 2},
		{coord{0, 0}, coord{7, 1}, 4},
		{coord{7, 1}, coord{0, 0}, 4},
	} {
		a, b := &Tile{X: tc.a.X, Row: tc.a.R}, &Tile{X: tc.b.X, Row: tc.b.R}
		if got := hexDistance(a, b); got != tc.want {
			t.Errorf("distance %v to %v = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestNeighboursInDirectionOrder: a hex's neighbours are listed east,
// west, south-east, south-west, north-east, north-west — the order moves
// and choices list them in.
func TestNeighboursInDirectionOrder(t *testing.T) {
	s := geoBoard(coord{3, 1}, coord{5, 1}, coord{1, 1}, coord{4, 2}, coord{2, 2}, coord{4, 0}, coord{2, 0})
	want := []coord{{5, 1}, {1, 1}, {4, 2}, {2, 2}, {4, 0}, {2, 0}}
	if got := cells(s.neighbours(s.cell(3, 1))); !slices.Equal(got, want) {
		t.Fatalf("neighbours %v, want %v", got, want)
	}
}

// TestLineOfSightStopsAtGapsAndRange: a straight line runs in its own
// direction, as far as asked, and stops at the first gap.
func TestLineOfSightStopsAtGapsAndRange(t *testing.T) {
	s := geoBoard(coord{0, 0}, coord{2, 0}, coord{4, 0}, coord{6, 0}, coord{8, 0}, coord{1, 1}, coord{2, 2})
	for _, tc := range []struct {
		from coord
		d    [2]int
		max  int
		want []coord
	}{
		{coord{2, 0}, [2]int{2, 0}, 2, []coord{{4, 0}, {6, 0}}},
		{coord{2, 0}, [2]int{2, 0}, 0, []coord{{4, 0}, {6, 0}, {8, 0}}},
		{coord{2, 0}, [2]int{-2, 0}, 3, []coord{{0, 0}}},
		{coord{0, 0}, [2]int{1, 1}, 3, []coord{{1, 1}, {2, 2}}},
	} {
		if got := cells(s.line(s.cell(tc.from.X, tc.from.R), tc.d, tc.max)); !slices.Equal(got, tc.want) {
			t.Errorf("line from %v toward %v (max %d) = %v, want %v", tc.from, tc.d, tc.max, got, tc.want)
		}
	}
}

// TestSubduedAndUnhandledChits: a tile counts its subdued Guards and Dogs
// (MH-DOG: Dogs are Guards), and every active Guard, Lock and Camera as
// still to be handled.
func TestSubduedAndUnhandledChits(t *testing.T) {
	tl := &Tile{}
	tl.addChit(Guard, false, false)
	tl.addChit(Dog, true, false)
	tl.addChit(Dog, false, false)
	tl.addChit(Lock, true, false)
	tl.addChit(Camera, true, false)
	tl.addChit(Camera, false, false)
	if got := tl.subdued(); got != 2 {
		t.Errorf("subdued %d, want 2 (a Guard and a Dog)", got)
	}
	if got := tl.unhandled(); got != 3 {
		t.Errorf("unhandled %d, want 3 (a Dog, a Lock, a Camera)", got)
	}
}
