package conspiracy

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestAN_SETUP_25_PilesByType checks that the pieces are sorted into 3
// piles by type, each shuffled by the game's seed: the same seed gives
// the same order, other seeds other orders.
func TestAN_SETUP_25_PilesByType(t *testing.T) {
	p := New(engine.NewRand(1), 4)
	for ty := range NumTypes {
		for _, id := range p.Piles[ty].Pieces {
			if pc, _ := PieceByID(id); pc.Type != ty {
				t.Errorf("%s pile holds %s piece #%d", ty, pc.Type, id)
			}
		}
	}
	if p.Left(Shift) != 10 || p.Left(Favor) != 8 || p.Left(Baggage) != 6 {
		t.Errorf("piles hold %d/%d/%d", p.Left(Shift), p.Left(Favor), p.Left(Baggage))
	}
	if q := New(engine.NewRand(1), 4); snapshot(t, q) != snapshot(t, p) {
		t.Error("the same seed shuffled the piles differently")
	}
	differ := 0
	for seed := uint64(2); seed < 12; seed++ {
		q := New(engine.NewRand(seed), 4)
		if !slices.Equal(q.Piles[Shift].Pieces, p.Piles[Shift].Pieces) {
			differ++
		}
	}
	if differ < 9 {
		t.Errorf("only %d of 10 other seeds changed the shift pile's order: not shuffled", differ)
	}
	sorted := slices.Clone(p.Piles[Shift].Pieces)
	slices.Sort(sorted)
	if slices.Equal(sorted, p.Piles[Shift].Pieces) {
		t.Error("shift pile left in ID order")
	}
}

// TestAN_SETUP_26_PileOrder checks the piles' order of value: shift (least
// valuable) < favor < baggage (most valuable). Hero markers start beside
// shift, Dig Deeper walks towards baggage, and Reveal sends a marker back
// to shift.
func TestAN_SETUP_26_PileOrder(t *testing.T) {
	if !(Shift < Favor && Favor < Baggage) {
		t.Fatal("pile order of value is not shift, favor, baggage")
	}
	p := fresh(3)
	for s, m := range p.Markers {
		if m != int(Shift) {
			t.Errorf("seat %d's marker starts beside pile %d, want shift", s, m)
		}
	}
	for _, want := range []PieceType{Favor, Baggage} {
		if err := p.DigDeeper(0); err != nil {
			t.Fatal(err)
		}
		if p.Markers[0] != int(want) {
			t.Errorf("dig went to %d, want %s", p.Markers[0], want)
		}
	}
	if _, err := p.Reveal(0); err != nil {
		t.Fatal(err)
	}
	if p.Markers[0] != int(Shift) {
		t.Errorf("after Reveal the marker is beside %d, want shift", p.Markers[0])
	}
}

// TestAN_CONSP_01_TwoOptions checks that a player picks Reveal Information
// or Dig Deeper: both open at the start, only Reveal beside the most
// valuable pile with pieces, neither once the markers are boxed.
func TestAN_CONSP_01_TwoOptions(t *testing.T) {
	p := fresh(2)
	if p.CheckReveal(0) != nil || p.CheckDig(0) != nil {
		t.Fatalf("at the start both options should be open: %v / %v", p.CheckReveal(0), p.CheckDig(0))
	}
	p.Markers[0] = int(Baggage)
	if p.CheckReveal(0) != nil {
		t.Error("Reveal refused beside baggage")
	}
	err := p.CheckDig(0)
	if err == nil {
		t.Fatal("Dig Deeper allowed beside the most valuable pile")
	}
	if msg, _ := engine.IsRejection(err); !strings.Contains(msg, "Reveal Information is legal") {
		t.Errorf("refusal does not say what is legal: %q", msg)
	}
	p.Markers[0] = Boxed
	if p.CheckReveal(0) == nil || p.CheckDig(0) == nil {
		t.Error("a boxed marker may still reveal or dig")
	}
	if _, err := p.Reveal(5); err == nil {
		t.Error("a seat without marker revealed")
	}
}

// TestAN_REVEAL_01_DrawTopOfOwnPile checks that the player draws the top
// piece of the pile beside their own marker, not another's.
func TestAN_REVEAL_01_DrawTopOfOwnPile(t *testing.T) {
	for _, ty := range []PieceType{Shift, Favor, Baggage} {
		p := fresh(3)
		p.Markers[1] = int(ty)
		p.Markers[0] = int(Baggage - ty) // someone elsewhere
		pile := p.Piles[ty].Pieces
		top := pile[len(pile)-1]
		rv, err := p.Reveal(1)
		if err != nil {
			t.Fatal(err)
		}
		if rv.Piece.ID != top || p.Pending == nil || p.Pending.Piece != top || p.Pending.Seat != 1 {
			t.Errorf("%s: drew #%d (pending %+v), want the top #%d", ty, rv.Piece.ID, p.Pending, top)
		}
		if p.Left(ty) != len(pile)-1 || slices.Contains(p.Piles[ty].Pieces, top) {
			t.Errorf("%s: the piece is still in the pile", ty)
		}
	}
}

// TestAN_REVEAL_02_MarkerToLeastValuable checks that after a draw the
// player's marker goes beside the least valuable pile that still has
// pieces.
func TestAN_REVEAL_02_MarkerToLeastValuable(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		shift, favor, baggage []int
		from                  PieceType
		want                  int
	}{
		{"from baggage, shift has pieces", []int{1}, []int{11}, []int{19, 20}, Baggage, int(Shift)},
		{"from favor, shift has pieces", []int{1}, []int{11, 12}, []int{19}, Favor, int(Shift)},
		{"shift empty", nil, []int{11}, []int{19, 20}, Baggage, int(Favor)},
		{"only baggage left", nil, nil, []int{19, 20}, Baggage, int(Baggage)},
		{"own draw emptied favor", []int{1}, []int{11}, []int{19}, Favor, int(Shift)},
		{"own draw emptied shift", []int{1}, []int{11}, nil, Shift, int(Favor)},
	} {
		p := fresh(1)
		setPiles(p, tc.shift, tc.favor, tc.baggage)
		p.Markers[0] = int(tc.from)
		if _, err := p.Reveal(0); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if p.Markers[0] != tc.want {
			t.Errorf("%s: marker beside %d, want %d", tc.name, p.Markers[0], tc.want)
		}
	}
}

// TestAN_REVEAL_03_04_ExhaustedPileMovesOthers checks that emptying a pile
// moves every other marker beside it to the next more valuable pile with
// pieces (AN-REVEAL-03), or the next less valuable when none is more
// valuable (AN-REVEAL-04); markers beside other piles stay.
func TestAN_REVEAL_03_04_ExhaustedPileMovesOthers(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		shift, favor, baggage []int
		from                  PieceType
		others, want          []int // markers of seats 1.. before and after
	}{
		{"AN-REVEAL-03 favor emptied, to baggage", []int{1}, []int{11}, []int{19},
			Favor, []int{1, 1, 0}, []int{2, 2, 0}},
		{"AN-REVEAL-03 shift emptied, favor empty too: to baggage", []int{1}, nil, []int{19},
			Shift, []int{0, 2}, []int{2, 2}},
		{"AN-REVEAL-04 baggage emptied, to favor", []int{1}, []int{11}, []int{19},
			Baggage, []int{2, 0}, []int{1, 0}},
		{"AN-REVEAL-04 baggage emptied, favor empty: to shift", []int{1}, nil, []int{19},
			Baggage, []int{2, 2}, []int{0, 0}},
		{"pile not emptied: others stay", []int{1}, []int{11, 12}, []int{19},
			Favor, []int{1, 2}, []int{1, 2}},
	} {
		p := fresh(1 + len(tc.others))
		setPiles(p, tc.shift, tc.favor, tc.baggage)
		p.Markers[0] = int(tc.from)
		copy(p.Markers[1:], tc.others)
		if _, err := p.Reveal(0); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !slices.Equal(p.Markers[1:], tc.want) {
			t.Errorf("%s: other markers %v, want %v", tc.name, p.Markers[1:], tc.want)
		}
	}
}

// TestAN_REVEAL_05_AllEmptyBoxesMarkers checks that the draw of the last
// piece returns every hero marker to the box, and that nobody can reveal
// or dig afterwards.
func TestAN_REVEAL_05_AllEmptyBoxesMarkers(t *testing.T) {
	p := fresh(3)
	setPiles(p, nil, nil, []int{19})
	p.Markers = []int{2, 2, 2}
	if _, err := p.Reveal(1); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Markers, []int{Boxed, Boxed, Boxed}) {
		t.Errorf("markers %v, want all boxed", p.Markers)
	}
	p.Discard(1)
	for s := range p.Markers {
		if _, err := p.Reveal(s); err == nil {
			t.Errorf("seat %d revealed from empty piles", s)
		}
		if err := p.DigDeeper(s); err == nil {
			t.Errorf("seat %d dug with a boxed marker", s)
		}
	}
}

// TestAN_REVEAL_06_to_09_Benefit checks that Reveal returns the piece's
// benefit, named by its type (shift: shift any one player; favor: one
// normal favor; baggage: one baggage on any plot) for the game to grant,
// and that the markers have already moved when it is returned.
func TestAN_REVEAL_06_to_09_Benefit(t *testing.T) {
	for _, tc := range []struct {
		id   string
		ty   PieceType
		pile []int
	}{
		{"AN-REVEAL-07", Shift, []int{5}},
		{"AN-REVEAL-08", Favor, []int{13}},
		{"AN-REVEAL-09", Baggage, []int{24}},
	} {
		p := fresh(2)
		var piles [3][]int
		piles[tc.ty] = tc.pile
		piles[(tc.ty+1)%3] = []int{map[PieceType]int{Shift: 1, Favor: 11, Baggage: 19}[(tc.ty+1)%3]}
		setPiles(p, piles[0], piles[1], piles[2])
		p.Markers = []int{int(tc.ty), int(tc.ty)}
		rv, err := p.Reveal(0)
		if err != nil {
			t.Fatal(err)
		}
		if rv.Benefit != tc.ty || rv.Piece.Type != tc.ty {
			t.Errorf("%s: benefit %s, want %s", tc.id, rv.Benefit, tc.ty)
		}
		// AN-REVEAL-06: when the benefit is handed back, both markers
		// (the drawer's and the other beside the emptied pile) have moved.
		if p.Markers[0] == int(tc.ty) || p.Markers[1] == int(tc.ty) {
			t.Errorf("AN-REVEAL-06 (%s): markers %v not adjusted before the benefit", tc.id, p.Markers)
		}
	}
}

// TestAN_REVEAL_10_12_PlaceOrDiscard checks that a revealed piece may be
// placed, or discarded by choice even when it has a legal place (our
// ruling on AN-REVEAL-12, following the summary), and that nothing else
// can happen while it is pending.
func TestAN_REVEAL_10_12_PlaceOrDiscard(t *testing.T) {
	p := fresh(2)
	rv, err := p.Reveal(0)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.LegalPlacements(rv.Piece)) == 0 {
		t.Fatal("the first piece must fit next to the conspiracy")
	}
	if _, err := p.Reveal(1); err == nil {
		t.Error("another reveal while a piece is pending")
	}
	if err := p.DigDeeper(1); err == nil {
		t.Error("a dig while a piece is pending")
	}
	if _, err := p.Discard(1); err == nil {
		t.Error("seat 1 discarded seat 0's piece")
	}
	o, err := p.Discard(0)
	if err != nil {
		t.Fatalf("AN-REVEAL-12: discard by choice refused: %v", err)
	}
	if o.Placed || p.Pending != nil || !slices.Equal(p.Discards, []int{rv.Piece.ID}) {
		t.Errorf("discard: %+v, pending %v, discards %v", o, p.Pending, p.Discards)
	}
	rv, _ = p.Reveal(1)
	legal := p.LegalPlacements(rv.Piece)
	o, err = p.Place(1, legal[0])
	if err != nil {
		t.Fatalf("AN-REVEAL-10: place refused: %v", err)
	}
	if got, _, ok := p.PieceAt(legal[0].Cell); !ok || got.ID != rv.Piece.ID || !o.Placed {
		t.Errorf("piece not on %s", legal[0])
	}
	if _, err := p.Place(1, legal[0]); err == nil {
		t.Error("placed with nothing pending")
	}
}

// TestAN_REVEAL_11_NoPlaceMustDiscard checks a piece with no legal place:
// placing is refused with "must be discarded", and discarding works.
func TestAN_REVEAL_11_NoPlaceMustDiscard(t *testing.T) {
	p := fresh(1)
	// Four dead ends close the conspiracy's four lines: no line of the
	// grid then faces an empty cell, so nothing can be carried on.
	put(t, p, "c2", 5, 2)  // dead end S: the line into c3's north ends here
	put(t, p, "d3", 6, 3)  // dead end W
	put(t, p, "c4", 16, 0) // dead end N
	put(t, p, "b3", 23, 1) // dead end E
	pc := pend(p, 1)
	if legal := p.LegalPlacements(pc); len(legal) != 0 {
		t.Fatalf("legal placements %v, want none", legal)
	}
	before := snapshot(t, p)
	_, err := p.Place(0, Placement{Cell: cell("c1")})
	msg, _ := engine.IsRejection(err)
	if err == nil || !strings.Contains(msg, "must be discarded") {
		t.Errorf("refusal %q does not say the piece must be discarded", msg)
	}
	if snapshot(t, p) != before {
		t.Error("a refused placement changed the puzzle")
	}
	if _, err := p.Discard(0); err != nil {
		t.Errorf("discard refused: %v", err)
	}
}

// TestAN_REVEAL_13_to_15_Legality is the placement table: attach to a
// placed piece (AN-REVEAL-13), extend at least one line
// (AN-REVEAL-14), dead-ending other lines allowed (AN-REVEAL-15).
func TestAN_REVEAL_13_to_15_Legality(t *testing.T) {
	type put1 struct {
		cell    string
		id, rot int
	}
	for _, tc := range []struct {
		id     string
		before []put1
		piece  int
		at     Placement
		legal  bool
		why    string
	}{
		{"AN-REVEAL-13 not attached", nil, 1, Placement{Cell: cell("a1")}, false, "attach"},
		{"AN-REVEAL-13 diagonal only", nil, 15, Placement{Cell: cell("b2")}, false, "attach"},
		{"AN-REVEAL-13 next to the conspiracy", nil, 1, Placement{Cell: cell("c2")}, true, ""},
		{"AN-REVEAL-13 next to a placed piece", []put1{{"c2", 1, 0}}, 2, Placement{Cell: cell("c1")}, true, ""},
		{"AN-REVEAL-14 straight across the conspiracy's line", nil, 1, Placement{Cell: cell("c2"), Rot: 1}, false, "carry on"},
		{"AN-REVEAL-14 attached but no line met", []put1{{"c2", 1, 0}}, 2, Placement{Cell: cell("d2")}, false, "carry on"},
		{"AN-REVEAL-14 bend meets c2's east line", []put1{{"c2", 9, 1}}, 3, Placement{Cell: cell("d2"), Rot: 2}, true, ""},
		{"AN-REVEAL-14 line into a blank edge is no extension", []put1{{"c2", 1, 0}}, 2, Placement{Cell: cell("d2"), Rot: 1}, false, "carry on"},
		{"AN-REVEAL-15 dead end piece ends a line", []put1{{"c2", 1, 0}}, 5, Placement{Cell: cell("c1"), Rot: 2}, true, ""},
		{"AN-REVEAL-15 dead-ends the conspiracy's east line, extends d2's", []put1{{"c2", 9, 1}, {"d2", 3, 2}}, 1, Placement{Cell: cell("d3")}, true, ""},
		{"occupied cell", []put1{{"c2", 1, 0}}, 2, Placement{Cell: cell("c2")}, false, "already"},
		{"the conspiracy's cell", nil, 2, Placement{Cell: Centre}, false, "conspiracy"},
		{"off the grid", nil, 2, Placement{Cell: 25}, false, "not a cell"},
		{"bad rotation", nil, 2, Placement{Cell: cell("c2"), Rot: 4}, false, "rotation"},
	} {
		p := fresh(1)
		for _, b := range tc.before {
			put(t, p, b.cell, b.id, b.rot)
		}
		pc := pend(p, tc.piece)
		inList := tc.at.Rot >= 0 && tc.at.Rot < 4 && slices.ContainsFunc(p.LegalPlacements(pc), func(pl Placement) bool {
			return pl.Cell == tc.at.Cell && pc.Lines(pl.Rot) == pc.Lines(tc.at.Rot)
		})
		legal := p.Legal(pc, tc.at)
		before := snapshot(t, p)
		_, err := p.Place(0, tc.at)
		if (err == nil) != tc.legal || inList != tc.legal || legal != tc.legal {
			t.Errorf("%s: place err %v, listed %v, want legal=%v", tc.id, err, inList, tc.legal)
			continue
		}
		if !tc.legal {
			msg, _ := engine.IsRejection(err)
			if !strings.Contains(msg, tc.why) {
				t.Errorf("%s: refusal %q does not say %q", tc.id, msg, tc.why)
			}
			if !strings.Contains(msg, engine.LegalNow) {
				t.Errorf("%s: refusal %q lists no legal placement", tc.id, msg)
			}
			if snapshot(t, p) != before {
				t.Errorf("%s: refused placement changed the puzzle", tc.id)
			}
		}
	}
}

// TestAN_REVEAL_16_BonusesEvenIfDiscarded checks that placing and
// discarding both hand back the piece's bonus.
func TestAN_REVEAL_16_BonusesEvenIfDiscarded(t *testing.T) {
	for _, id := range []int{6, 13, 14, 19, 20} {
		pc, _ := PieceByID(id)
		for _, place := range []bool{true, false} {
			p := fresh(1)
			pend(p, id)
			var o Outcome
			var err error
			if place {
				o, err = p.Place(0, p.PendingPlacements()[0])
			} else {
				o, err = p.Discard(0)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(o.Bonuses, []Bonus{pc.Bonus}) {
				t.Errorf("#%d placed=%v: bonuses %v, want %v", id, place, o.Bonuses, pc.Bonus)
			}
		}
	}
	p := fresh(1)
	pend(p, 1)
	if o, _ := p.Discard(0); len(o.Bonuses) != 0 {
		t.Errorf("a piece without bonus gave %v", o.Bonuses)
	}
}

// TestAN_DIG_01_02_DigDeeper checks that Dig Deeper moves the marker to
// the next more valuable pile with pieces (skipping an empty one, our
// ruling) and draws nothing: piles, grid, discards and the pending piece
// stay as they were.
func TestAN_DIG_01_02_DigDeeper(t *testing.T) {
	p := fresh(2)
	lens := [3]int{p.Left(Shift), p.Left(Favor), p.Left(Baggage)}
	if err := p.DigDeeper(1); err != nil {
		t.Fatal(err)
	}
	if p.Markers[1] != int(Favor) || p.Markers[0] != int(Shift) {
		t.Errorf("AN-DIG-01: markers %v, want [0 1]", p.Markers)
	}
	if [3]int{p.Left(Shift), p.Left(Favor), p.Left(Baggage)} != lens || p.Pending != nil || p.Placed() != 0 || len(p.Discards) != 0 {
		t.Error("AN-DIG-02: digging drew or moved a piece")
	}
	q := fresh(1)
	setPiles(q, []int{1}, nil, []int{19})
	if err := q.DigDeeper(0); err != nil || q.Markers[0] != int(Baggage) {
		t.Errorf("AN-DIG-01: dig past an empty favor pile: %v, marker %d", err, q.Markers[0])
	}
}

// TestSameOrientationStoredOnce checks that a straight piece turned half
// round is stored, and reported, as unturned: equal grids, equal
// snapshots.
func TestSameOrientationStoredOnce(t *testing.T) {
	p := fresh(1)
	pend(p, 1)
	o, err := p.Place(0, Placement{Cell: cell("c2"), Rot: 2})
	if err != nil {
		t.Fatal(err)
	}
	if o.At.Rot != 0 || p.Cells[cell("c2")].Rot != 0 {
		t.Errorf("r180 of a straight piece stored as %d", p.Cells[cell("c2")].Rot)
	}
	pc, _ := PieceByID(15)
	if got := len(distinctRots(pc)); got != 1 {
		t.Errorf("a cross has %d orientations, want 1", got)
	}
	pc, _ = PieceByID(10)
	if got := len(distinctRots(pc)); got != 1 {
		t.Errorf("a bridge has %d orientations, want 1", got)
	}
	pc, _ = PieceByID(3)
	if got := len(distinctRots(pc)); got != 4 {
		t.Errorf("a bend has %d orientations, want 4", got)
	}
}
