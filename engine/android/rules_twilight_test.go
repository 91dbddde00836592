package android

import "testing"

// TestTwilightTrack (AN-SETUP-12, AN-COST-01…03, AN-COST-06): the marker
// starts on the centre of a 7-space track; a shift moves it one space
// unless more is said, light shifting to the left (down to completely
// light shifted), dark shifting to the right; a shift stops at the end,
// and a cost the track has no room for cannot be paid.
func TestTwilightTrack(t *testing.T) {
	s := newS(t, 3, 1, "")
	d := &s.Dets[0]
	if d.Twilight != 0 || d.Room(true) != 3 || d.Room(false) != 3 {
		t.Fatalf("start %d", d.Twilight)
	}
	if d.Shift(false, 1) != 1 || d.Twilight != -1 {
		t.Errorf("light shift: %d", d.Twilight)
	}
	if d.Shift(true, 2) != 2 || d.Twilight != 1 {
		t.Errorf("dark shift by 2: %d", d.Twilight)
	}
	if !d.CanPay(true, 2) || d.CanPay(true, 3) {
		t.Error("a dark cost of 3 with room for 2")
	}
	if d.Shift(true, 5) != 2 || !d.CompletelyDark() || d.CompletelyLight() {
		t.Errorf("shift past the end: %d", d.Twilight)
	}
	d.Shift(false, 6)
	if !d.CompletelyLight() || d.Twilight != -TwilightSpan || d.Shift(false, 1) != 0 {
		t.Errorf("completely light: %d", d.Twilight)
	}
}
