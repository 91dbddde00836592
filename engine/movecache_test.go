package engine

import "testing"

// TestMoveCacheKeepsOneSeatAtOneVersion: the kept moves come back only
// for the seat and version they were listed at, and never after Forget.
func TestMoveCacheKeepsOneSeatAtOneVersion(t *testing.T) {
	var c MoveCache
	if c.Get(0, 0) != nil {
		t.Fatal("an empty cache returned moves")
	}
	ms := &Moves{}
	c.Put(3, 1, ms)
	if c.Get(3, 1) != ms {
		t.Fatal("the moves put are not returned")
	}
	if c.Get(4, 1) != nil || c.Get(3, 0) != nil {
		t.Fatal("moves returned for another version or seat")
	}
	c.Forget()
	if c.Get(3, 1) != nil {
		t.Fatal("moves returned after Forget")
	}
}
