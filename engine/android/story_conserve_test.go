package android

import (
	"fmt"

	"casefile/engine/android/conspiracy"
)

// conserveStory checks the story's components: every puzzle piece is in a
// pile, on the grid, discarded or pending, once; conspiracy and baggage
// tokens are all in the supply or held; the puzzle is one the rules can
// reach (conspiracy.Check).
func conserveStory(s *State) error {
	p := s.Story.Puzzle
	if p == nil {
		return fmt.Errorf("no conspiracy puzzle after the deal")
	}
	seen := map[int]int{}
	for _, pile := range p.Piles {
		for _, id := range pile.Pieces {
			seen[id]++
		}
	}
	for _, c := range p.Cells {
		if c.Piece != 0 {
			seen[c.Piece]++
		}
	}
	for _, id := range p.Discards {
		seen[id]++
	}
	if p.Pending != nil {
		seen[p.Pending.Piece]++
	}
	for _, pc := range conspiracy.Pieces {
		if seen[pc.ID] != 1 {
			return fmt.Errorf("puzzle piece #%d seen %d times", pc.ID, seen[pc.ID])
		}
	}
	if len(seen) != conspiracy.NumPieces {
		return fmt.Errorf("%d distinct puzzle pieces, want %d", len(seen), conspiracy.NumPieces)
	}
	if err := p.Check(); err != nil {
		return err
	}
	tokens := s.Story.TokenSupply
	for _, n := range s.Story.Tokens {
		tokens += n
	}
	if tokens != ConspiracyTokens {
		return fmt.Errorf("conspiracy tokens: %d, want %d", tokens, ConspiracyTokens)
	}
	bag := s.Story.BaggageSupply
	for _, ps := range s.Story.Plots {
		bag += ps.Good + ps.Bad
		if ps.Good < 0 || ps.Bad < 0 {
			return fmt.Errorf("negative baggage %+v", ps)
		}
	}
	if bag != BaggageTokens {
		return fmt.Errorf("baggage tokens: %d, want %d", bag, BaggageTokens)
	}
	if err := conserveNPCs(s); err != nil {
		return err
	}
	if (p.Pending != nil) != (s.Pending.Find(StepConspPiece) != nil) {
		return fmt.Errorf("a pending piece without its decision, or the reverse")
	}
	if (s.Story.Bonus != nil) != (s.Pending.Find(StepConspBonus) != nil) {
		return fmt.Errorf("a pending bonus without its decision, or the reverse")
	}
	return nil
}

// conserveNPCs checks each favor-granting NPC's favors: in his pile, held
// or discarded, NPCFavorsPerNPC in all; a dead NPC's held none.
func conserveNPCs(s *State) error {
	for _, n := range s.Story.NPCs {
		if n.Pile+n.Held+n.Discarded != NPCFavorsPerNPC || n.Pile < 0 || n.Held < 0 || n.Dead && n.Held > 0 {
			return fmt.Errorf("NPC %s: %+v", n.Def().Name, n)
		}
	}
	return nil
}
