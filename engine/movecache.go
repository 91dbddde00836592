package engine

// MoveCache keeps the moves a game listed for one seat until the state
// changes (its move count moves on): a game lists them to see whether the
// decision on top can be answered, and Legal, Check and Apply of the next
// move use them again. The zero value is empty.
type MoveCache struct {
	valid   bool
	version int
	seat    int
	ms      *Moves
}

// Get returns the moves kept for seat at version, or nil.
func (c *MoveCache) Get(version, seat int) *Moves {
	if c.valid && c.version == version && c.seat == seat {
		return c.ms
	}
	return nil
}

// Put keeps ms as seat's moves at version.
func (c *MoveCache) Put(version, seat int, ms *Moves) {
	*c = MoveCache{valid: true, version: version, seat: seat, ms: ms}
}

// Forget empties the cache, for a state changed without a move (a test
// setting a position, a game's automated step).
func (c *MoveCache) Forget() { c.valid = false }

// RefuseMove is the refusal of move by seat when ms, seat's moves now,
// holds no legal move of that text: the turn is not seat's, the condition
// the move failed, or that no such move exists now; then the prompt and
// what is legal instead. Role-only moves are never named, so a refusal
// reads the same whatever secret role the seat holds.
func RefuseMove(t Turn, seat Seat, move string, ms *Moves) error {
	if !t.Has(seat) {
		return NotYourTurn(t)
	}
	why, _ := ms.Refusal(move)
	if why.Holds() {
		why = Cond("“" + NormalizeMove(move) + "” is not a legal move now")
	}
	return Reject("%s (%s). %s%s.", why, t.Prompt, LegalNow, ListLegal(ms.Shared(), 12))
}
