package conspiracy

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// TestAN_BONUS_01_04_PrintedBonuses checks that Move a Lead (of the type
// shown) and Place a Hit come back as steps for the game, and that the
// link bonuses need no step.
func TestAN_BONUS_01_04_PrintedBonuses(t *testing.T) {
	for _, tc := range []struct {
		id    string
		piece int
		want  Bonus
		step  bool
	}{
		{"AN-BONUS-01 testimony", 6, Bonus{Kind: MoveLead, Lead: Testimony}, true},
		{"AN-BONUS-01 physical", 7, Bonus{Kind: MoveLead, Lead: Physical}, true},
		{"AN-BONUS-01 document", 8, Bonus{Kind: MoveLead, Lead: Document}, true},
		{"AN-BONUS-04 hit", 13, Bonus{Kind: Hit}, true},
		{"AN-BONUS-05 bonus piece", 14, Bonus{Kind: BonusPiece, Piece: Shift}, true},
		{"AN-BONUS-07 Haas link", 23, Bonus{Kind: HaasLink}, false},
		{"AN-BONUS-07 Jinteki link", 16, Bonus{Kind: JintekiLink}, false},
	} {
		p := fresh(1)
		pend(p, tc.piece)
		o, err := p.Place(0, p.PendingPlacements()[0])
		if err != nil {
			t.Fatal(err)
		}
		pc, _ := PieceByID(tc.piece)
		if pc.Bonus != tc.want || pc.Bonus.Step() != tc.step {
			t.Errorf("%s: piece #%d bonus %v (step %v)", tc.id, tc.piece, pc.Bonus, pc.Bonus.Step())
		}
		if got := len(o.Bonuses) == 1 && o.Bonuses[0] == tc.want; got != tc.step {
			t.Errorf("%s: outcome bonuses %v", tc.id, o.Bonuses)
		}
	}
}

// TestAN_BONUS_05_06_BonusPieceChain follows a chain: a baggage piece
// whose bonus draws a baggage piece, whose bonus draws a favor piece; each
// drawn piece comes from the top of the pile of the type shown, gives its
// benefit, may be placed, and hands back its own bonus.
func TestAN_BONUS_05_06_BonusPieceChain(t *testing.T) {
	p := fresh(2)
	setPiles(p, []int{1, 2}, []int{11, 17}, []int{20, 21})
	p.Markers = []int{int(Baggage), int(Baggage)}
	rv, err := p.Reveal(0)
	if err != nil || rv.Piece.ID != 21 {
		t.Fatalf("reveal: %v #%d", err, rv.Piece.ID)
	}
	o, err := p.Place(0, Placement{Cell: cell("c2")})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.Bonuses, []Bonus{{Kind: BonusPiece, Piece: Baggage}}) {
		t.Fatalf("bonuses %v", o.Bonuses)
	}
	rv, err = p.DrawBonusPiece(0, Baggage)
	if err != nil || rv.Piece.ID != 20 || rv.Benefit != Baggage || !p.Pending.Bonus {
		t.Fatalf("AN-BONUS-05: bonus draw %v #%d benefit %s pending %+v", err, rv.Piece.ID, rv.Benefit, p.Pending)
	}
	// The bonus draw emptied the baggage pile: seat 1's marker beside it
	// moves on (to favor, none being more valuable); the drawer's own
	// marker, beside shift since its Reveal, stays.
	if !slices.Equal(p.Markers, []int{int(Shift), int(Favor)}) {
		t.Errorf("markers %v, want [shift favor]", p.Markers)
	}
	o, err = p.Place(0, Placement{Cell: cell("c1"), Rot: 2}) // tee S,W,N
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.Bonuses, []Bonus{{Kind: BonusPiece, Piece: Favor}}) {
		t.Fatalf("AN-BONUS-06: chained bonuses %v", o.Bonuses)
	}
	rv, err = p.DrawBonusPiece(0, Favor)
	if err != nil || rv.Piece.ID != 17 || rv.Benefit != Favor {
		t.Fatalf("AN-BONUS-06: second link of the chain: %v #%d", err, rv.Piece.ID)
	}
	if _, err := p.DrawBonusPiece(0, Shift); err == nil {
		t.Error("a bonus piece drawn while another is pending")
	}
	p.Discard(0)
	_, err = p.DrawBonusPiece(0, Baggage)
	if msg, _ := engine.IsRejection(err); !strings.Contains(msg, "empty") {
		t.Errorf("bonus draw from an empty pile: %q", msg)
	}
}

// TestAN_BONUS_07_to_09_CorpLinks checks the Haas-Bioroid and Jinteki link
// pieces: joined by a line to the conspiracy they make a link, discarded
// or cut off they make none (AN-BONUS-07); each token then gains +1 VP per
// link (AN-BONUS-08/09) on top of its 3 VP (AN-CORP-03, AN-VP-06/07).
func TestAN_BONUS_07_to_09_CorpLinks(t *testing.T) {
	p := fresh(1)
	put(t, p, "c2", 23, 2) // Haas dead end facing the conspiracy
	put(t, p, "d3", 9, 3)  // tee W,N,E
	put(t, p, "d2", 16, 2) // Jinteki dead end facing d3's north line
	links := p.Links()
	if links[HaasBioroid] != 1 || links[Jinteki] != 1 {
		t.Fatalf("links %v, want Haas 1 and Jinteki 1", links)
	}
	if p.LinkSides()[HaasBioroid] != Edge(North) || p.LinkSides()[Jinteki] != Edge(East) {
		t.Errorf("sides %v", p.LinkSides())
	}
	v := p.Score(Holdings{Haas: 2, Jinteki: 3})
	if v.CorpTokens != 15 || v.CorpLinks != 5 || v.Total != 20 {
		t.Errorf("AN-BONUS-08/09, AN-CORP-03: score %+v, want tokens 15, links 5", v)
	}
	// Not used: a discarded link piece, and one placed on a line cut off
	// from the conspiracy, make no link.
	q := fresh(1)
	pend(q, 23)
	q.Discard(0)
	put(t, q, "c2", 10, 0) // bridge: N–S joins the conspiracy, E–W does not
	put(t, q, "d2", 16, 3) // Jinteki dead end W, on the bridge's E–W line
	if l := q.Links(); l[HaasBioroid] != 0 || l[Jinteki] != 0 {
		t.Errorf("links %v, want none for Haas (discarded) and Jinteki (dead-ended)", l)
	}
}

// TestAN_BONUS_10_11_CompletedLines checks that adding the last piece of a
// row, a column or a long diagonal gains a conspiracy token per line
// completed, several for one piece, and none for a line still open.
func TestAN_BONUS_10_11_CompletedLines(t *testing.T) {
	p := fresh(1)
	// Row 3 holds the conspiracy, so 4 pieces close it.
	put(t, p, "b3", 1, 1)
	put(t, p, "a3", 2, 1)
	put(t, p, "d3", 8, 1)
	o := put(t, p, "e3", 24, 1)
	if !slices.Equal(o.Completed, []Line{2}) || o.Tokens() != 1 {
		t.Errorf("AN-BONUS-10: e3 completed %v, want row 3", o.Completed)
	}
	if o := put(t, p, "c2", 15, 0); len(o.Completed) != 0 {
		t.Errorf("an open line counted: %v", o.Completed)
	}

	// Fill the grid but a1, then a1 closes row 1, column a and the
	// diagonal a1–e5 at once.
	q := fullGrid(t, cell("a1"))
	var last int
	for ty := range q.Piles {
		if q.Left(PieceType(ty)) > 0 {
			last = q.Piles[ty].Pieces[0]
		}
	}
	pc := pend(q, last)
	legal := q.LegalPlacements(pc)
	if len(legal) == 0 {
		t.Fatalf("fixture: #%d has no place on a1", pc.ID)
	}
	o, err := q.Place(0, legal[0])
	if err != nil {
		t.Fatal(err)
	}
	want := []Line{0, Size, 2 * Size}
	if !slices.Equal(o.Completed, want) || o.Tokens() != 3 {
		t.Errorf("AN-BONUS-11: a1 completed %v, want %v", o.Completed, want)
	}
	if got := len(q.CompletedLines()); got != NumLines || !q.Complete() {
		t.Errorf("full grid: %d lines complete, want %d", got, NumLines)
	}
}

// fullGrid places pieces greedily, keeping the most cells reachable, until
// every cell but hole is filled; the pieces left stay in the piles.
func fullGrid(t *testing.T, hole Cell) *Puzzle {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		p := New(engine.NewRand(seed), 1)
		if fillAllBut(p, engine.NewRand(seed), hole) {
			return p
		}
	}
	t.Fatal("fixture: no seed filled the grid")
	return nil
}

// fillAllBut draws from random piles and places greedily (see greedy)
// everywhere but hole; it reports whether only hole is left empty with
// one piece still in a pile.
func fillAllBut(p *Puzzle, r *engine.Rand, hole Cell) bool {
	for step := 0; p.Placed() < NumPieces-1 && !p.Exhausted() && step < 2*NumPieces; step++ {
		rv, err := p.DrawBonusPiece(0, randomPile(p, r))
		if err != nil {
			return false
		}
		var legal []Placement
		for _, pl := range p.LegalPlacements(rv.Piece) {
			if pl.Cell != hole {
				legal = append(legal, pl)
			}
		}
		if len(legal) == 0 {
			return false
		}
		p.Place(0, greedy(p, rv.Piece, legal))
	}
	return p.Placed() == NumPieces-1 && !p.Filled(hole) && !p.Exhausted()
}

// TestAN_BONUS_12_ConspiracyTokens checks 4 VP per conspiracy token
// (AN-BONUS-12, AN-VP-05) and that tokens are worth nothing else.
func TestAN_BONUS_12_ConspiracyTokens(t *testing.T) {
	p := fresh(1)
	v := p.Score(Holdings{Conspiracy: 3})
	if v.Conspiracy != 12 || v.Total != 12 {
		t.Errorf("3 conspiracy tokens score %+v, want 12", v)
	}
}
