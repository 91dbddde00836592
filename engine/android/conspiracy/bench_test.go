package conspiracy

import (
	"testing"

	"casefile/engine"
)

// BenchmarkLegalPlacements lists the legal placements of a four-way piece
// on a half-filled grid.
// Run: go test ./engine/android/conspiracy -run '^$' -bench LegalPlacements -benchtime 2s
func BenchmarkLegalPlacements(b *testing.B) {
	p := New(engine.NewRand(3), 1)
	r := engine.NewRand(4)
	for p.Placed() < 12 {
		rv, err := p.DrawBonusPiece(0, randomPile(p, r))
		if err != nil {
			b.Fatal(err)
		}
		if legal := p.LegalPlacements(rv.Piece); len(legal) > 0 {
			p.Place(0, engine.Pick(r, legal))
		} else {
			p.Discard(0)
		}
	}
	pc, _ := PieceByID(15)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.LegalPlacements(pc)
	}
}

// BenchmarkLinks computes the links of a half-filled grid.
func BenchmarkLinks(b *testing.B) {
	p := greedyGame(5)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.Links()
	}
}
