package conspiracy

import (
	"fmt"

	"casefile/engine"
)

// Slot is one cell of the grid: the piece placed there (0 when empty) and
// its rotation in clockwise quarter turns.
type Slot struct {
	Piece int `json:"p,omitempty"`
	Rot   int `json:"r,omitempty"`
}

// Pile is one face-down stack of pieces of a single type. Its order is
// secret; the top is the last element.
type Pile struct {
	Pieces []int `json:"pieces" vis:"hidden,count"`
}

// Drawn is the piece in the hand of the player who revealed it, waiting to
// be placed or discarded. Bonus says it came from a Bonus Puzzle Piece
// bonus rather than from Reveal Information.
type Drawn struct {
	Piece int  `json:"piece"`
	Seat  int  `json:"seat"`
	Bonus bool `json:"bonus,omitempty"`
}

// Boxed is the marker position of a hero marker returned to the box once
// every pile is empty.
const Boxed = -1

// Puzzle is the whole state of the conspiracy: the grid, the three piles,
// each seat's hero marker, the discarded pieces and the piece drawn but not
// yet placed. It is plain data and round-trips through JSON; all
// randomness happened when the piles were shuffled.
type Puzzle struct {
	Cells [NumCells]Slot `json:"cells"`
	Piles [NumTypes]Pile `json:"piles"`
	// Markers holds, per seat, the pile its hero marker stands beside
	// (a PieceType) or Boxed.
	Markers  []int  `json:"markers"`
	Discards []int  `json:"discards,omitempty"`
	Pending  *Drawn `json:"pending,omitempty"`
}

// New sorts the 24 pieces by type into the 3 piles, shuffles each with r
// (AN-SETUP-25), and sets each of seats hero markers beside the least
// valuable pile (our ruling: the rules do not say where they start).
func New(r *engine.Rand, seats int) *Puzzle {
	p := &Puzzle{Markers: make([]int, seats)}
	for _, pc := range Pieces {
		p.Piles[pc.Type].Pieces = append(p.Piles[pc.Type].Pieces, pc.ID)
	}
	for t := range p.Piles {
		engine.ShuffleSlice(r, p.Piles[t].Pieces)
	}
	for s := range p.Markers {
		p.Markers[s] = p.leastValuable()
	}
	return p
}

// PieceAt returns the piece on c and its rotation, or false for an empty
// cell (and for the centre, which holds the conspiracy).
func (p *Puzzle) PieceAt(c Cell) (Piece, int, bool) {
	if !c.Valid() || p.Cells[c].Piece == 0 {
		return Piece{}, 0, false
	}
	pc, ok := PieceByID(p.Cells[c].Piece)
	return pc, p.Cells[c].Rot, ok
}

// linesAt returns the edges of c that carry a line: all four for the
// conspiracy, the rotated piece's lines for a placed piece, none otherwise.
func (p *Puzzle) linesAt(c Cell) (Edges, bool) {
	if c == Centre {
		return 15, true
	}
	pc, rot, ok := p.PieceAt(c)
	if !ok {
		return 0, false
	}
	return pc.Lines(rot), true
}

// Filled reports whether c holds a piece or is the conspiracy.
func (p *Puzzle) Filled(c Cell) bool { return c == Centre || (c.Valid() && p.Cells[c].Piece != 0) }

// Placed counts the pieces on the grid.
func (p *Puzzle) Placed() int {
	n := 0
	for _, s := range p.Cells {
		if s.Piece != 0 {
			n++
		}
	}
	return n
}

// Complete reports whether every cell around the conspiracy holds a piece.
func (p *Puzzle) Complete() bool { return p.Placed() == NumPieces }

// Left returns how many pieces pile t still holds.
func (p *Puzzle) Left(t PieceType) int { return len(p.Piles[t].Pieces) }

// Exhausted reports whether every pile is empty.
func (p *Puzzle) Exhausted() bool {
	for t := range p.Piles {
		if len(p.Piles[t].Pieces) > 0 {
			return false
		}
	}
	return true
}

// leastValuable returns the least valuable pile with pieces, or Boxed.
func (p *Puzzle) leastValuable() int {
	for t := range p.Piles {
		if len(p.Piles[t].Pieces) > 0 {
			return t
		}
	}
	return Boxed
}

// moreValuable returns the nearest pile more valuable than t that has
// pieces, or Boxed.
func (p *Puzzle) moreValuable(t int) int {
	for u := t + 1; u < int(NumTypes); u++ {
		if len(p.Piles[u].Pieces) > 0 {
			return u
		}
	}
	return Boxed
}

// lessValuable returns the nearest pile less valuable than t that has
// pieces, or Boxed.
func (p *Puzzle) lessValuable(t int) int {
	for u := t - 1; u >= 0; u-- {
		if len(p.Piles[u].Pieces) > 0 {
			return u
		}
	}
	return Boxed
}

func (p *Puzzle) checkSeat(seat int) error {
	if seat < 0 || seat >= len(p.Markers) {
		return engine.Reject("Seat %d has no hero marker by the conspiracy piles (seats are 0–%d).", seat, len(p.Markers)-1)
	}
	return nil
}

func (p *Puzzle) checkNoPending() error {
	if p.Pending != nil {
		return engine.Reject("The %s piece #%d drawn from the conspiracy must first be placed or discarded.", pieceType(p.Pending.Piece), p.Pending.Piece)
	}
	return nil
}

func pieceType(id int) PieceType {
	pc, _ := PieceByID(id)
	return pc.Type
}

// CheckReveal says whether seat may Reveal Information now, and if not, why.
func (p *Puzzle) CheckReveal(seat int) error {
	if err := p.checkSeat(seat); err != nil {
		return err
	}
	if err := p.checkNoPending(); err != nil {
		return err
	}
	if p.Markers[seat] == Boxed {
		return engine.Reject("Every conspiracy pile is empty and the hero markers are back in the box: only placing evidence is left for a lead.")
	}
	return nil
}

// CheckDig says whether seat may Dig Deeper now, and if not, why. Our
// ruling: digging needs a more valuable pile that still has pieces.
func (p *Puzzle) CheckDig(seat int) error {
	if err := p.CheckReveal(seat); err != nil {
		return err
	}
	if p.moreValuable(p.Markers[seat]) == Boxed {
		return engine.Reject("Your hero marker is already beside the most valuable pile with pieces (%s); Reveal Information is legal.", PieceType(p.Markers[seat]))
	}
	return nil
}

// Revealed is what the game applies after a draw: the piece now pending,
// and its basic benefit, which is its type (shift: light or dark shift any
// one player; favor: one normal favor of the player's choice; baggage: one
// good or bad baggage on any player's plot).
type Revealed struct {
	Piece   Piece
	Benefit PieceType
}

// Reveal is Reveal Information (AN-REVEAL-01…06): seat draws the top piece
// of the pile beside its hero marker, the other markers beside a pile it
// emptied move on, its own marker moves beside the least valuable pile
// with pieces, and the piece waits to be placed or discarded. The benefit
// is returned for the game to grant after the markers moved.
func (p *Puzzle) Reveal(seat int) (Revealed, error) {
	if err := p.CheckReveal(seat); err != nil {
		return Revealed{}, err
	}
	id := p.draw(PieceType(p.Markers[seat]), seat)
	p.Markers[seat] = p.leastValuable()
	p.Pending = &Drawn{Piece: id, Seat: seat}
	pc, _ := PieceByID(id)
	return Revealed{Piece: pc, Benefit: pc.Type}, nil
}

// draw pops the top of pile t. When that empties the pile, every other
// marker beside it moves to the next more valuable pile with pieces, or
// failing that the next less valuable; when every pile is empty all
// markers go back to the box (AN-REVEAL-03…05).
func (p *Puzzle) draw(t PieceType, drawer int) int {
	pile := p.Piles[t].Pieces
	id := pile[len(pile)-1]
	p.Piles[t].Pieces = pile[:len(pile)-1]
	if len(p.Piles[t].Pieces) > 0 {
		return id
	}
	for s, m := range p.Markers {
		if s == drawer || m != int(t) {
			continue
		}
		to := p.moreValuable(m)
		if to == Boxed {
			to = p.lessValuable(m)
		}
		p.Markers[s] = to
	}
	if p.Exhausted() {
		for s := range p.Markers {
			p.Markers[s] = Boxed
		}
	}
	return id
}

// DigDeeper moves seat's hero marker beside the next more valuable pile
// that has pieces (AN-DIG-01); nothing is drawn (AN-DIG-02).
func (p *Puzzle) DigDeeper(seat int) error {
	if err := p.CheckDig(seat); err != nil {
		return err
	}
	p.Markers[seat] = p.moreValuable(p.Markers[seat])
	return nil
}

// CheckBonusPiece says whether seat may draw a bonus piece of type t now.
func (p *Puzzle) CheckBonusPiece(seat int, t PieceType) error {
	if err := p.checkSeat(seat); err != nil {
		return err
	}
	if err := p.checkNoPending(); err != nil {
		return err
	}
	if t < 0 || t >= NumTypes {
		return engine.Reject("There is no pile of type %d; the piles are shift, favor and baggage.", int(t))
	}
	if len(p.Piles[t].Pieces) == 0 {
		return engine.Reject("The %s pile is empty, so the bonus piece cannot be drawn; the bonus is lost.", t)
	}
	return nil
}

// DrawBonusPiece is the Bonus Puzzle Piece bonus (AN-BONUS-05/06): seat
// draws the top piece of pile t, which then waits to be placed or
// discarded like a revealed piece and gives its benefit and bonus as
// normal. The drawer's own marker stays where it is unless the draw
// empties its pile, in which case it moves on like every other marker
// there (our ruling).
func (p *Puzzle) DrawBonusPiece(seat int, t PieceType) (Revealed, error) {
	if err := p.CheckBonusPiece(seat, t); err != nil {
		return Revealed{}, err
	}
	id := p.draw(t, -1)
	p.Pending = &Drawn{Piece: id, Seat: seat, Bonus: true}
	pc, _ := PieceByID(id)
	return Revealed{Piece: pc, Benefit: pc.Type}, nil
}

// Outcome is what placing or discarding a piece hands back to the game:
// the lines the piece completed (one conspiracy token each, AN-BONUS-10/11)
// and the bonuses that need a decision of the player, in order.
type Outcome struct {
	Piece     Piece
	Placed    bool
	At        Placement
	Completed []Line
	Bonuses   []Bonus
}

// Tokens is the number of conspiracy tokens the outcome earns.
func (o Outcome) Tokens() int { return len(o.Completed) }

func (p *Puzzle) checkPending(seat int) (Piece, error) {
	if p.Pending == nil {
		return Piece{}, engine.Reject("No conspiracy piece is waiting to be placed; Reveal Information draws one.")
	}
	if p.Pending.Seat != seat {
		return Piece{}, engine.Reject("The pending conspiracy piece belongs to seat %d, not seat %d.", p.Pending.Seat, seat)
	}
	pc, _ := PieceByID(p.Pending.Piece)
	return pc, nil
}

// Place puts seat's pending piece on the grid (AN-REVEAL-13…15) and
// returns the lines it completed and its bonuses. An illegal placement is
// refused with the legal ones listed, and changes nothing.
func (p *Puzzle) Place(seat int, at Placement) (Outcome, error) {
	pc, err := p.checkPending(seat)
	if err != nil {
		return Outcome{}, err
	}
	if why := p.whyNot(pc, at); why != "" {
		legal := p.LegalPlacements(pc)
		if len(legal) == 0 {
			return Outcome{}, engine.Reject("%s cannot go on %s: %s. It has no legal place and must be discarded.", pcName(pc), at, why)
		}
		return Outcome{}, engine.Reject("%s cannot go on %s: %s. %s%s.", pcName(pc), at, why, engine.LegalNow, listPlacements(legal, 12))
	}
	// An orientation equal to a listed one is stored as the listed one, so
	// equal grids have equal snapshots.
	at.Rot = canonicalRot(pc, at.Rot)
	p.Cells[at.Cell] = Slot{Piece: pc.ID, Rot: at.Rot}
	p.Pending = nil
	return Outcome{Piece: pc, Placed: true, At: at, Completed: p.CompletedBy(at.Cell), Bonuses: steps(pc)}, nil
}

// Discard puts seat's pending piece on the discard pile, by choice or
// because it has no legal place (AN-REVEAL-10…12); its bonuses are still
// gained (AN-REVEAL-16).
func (p *Puzzle) Discard(seat int) (Outcome, error) {
	pc, err := p.checkPending(seat)
	if err != nil {
		return Outcome{}, err
	}
	p.Discards = append(p.Discards, pc.ID)
	p.Pending = nil
	return Outcome{Piece: pc, Bonuses: steps(pc)}, nil
}

func steps(pc Piece) []Bonus {
	if pc.Bonus.Step() {
		return []Bonus{pc.Bonus}
	}
	return nil
}

func pcName(pc Piece) string {
	return fmt.Sprintf("The %s piece #%d (%s)", pc.Type, pc.ID, pc.Bonus)
}
