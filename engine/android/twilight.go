package android

// The twilight track (AN-COST-01…03, AN-COST-06): a marker on a track of
// 2·TwilightSpan+1 spaces, 0 in the centre. Light shifting moves it left
// (towards −TwilightSpan, completely light shifted), dark shifting right
// (towards +TwilightSpan, completely dark shifted), one space at a time
// unless an effect says more. Paying a twilight cost is a shift the track
// must have room for; a shift that is a benefit or a penalty goes as far
// as the track allows. The twilight cards shift through these functions
// (twilight_play.go); the conspiracy's shift pieces will too.

// Room is how many spaces d's marker can still move towards dark (or
// light).
func (d *Det) Room(dark bool) int {
	if dark {
		return TwilightSpan - d.Twilight
	}
	return d.Twilight + TwilightSpan
}

// Shift moves d's marker n spaces towards dark (or light), as far as the
// track allows, and returns how many spaces it moved.
func (d *Det) Shift(dark bool, n int) int {
	n = min(max(n, 0), d.Room(dark))
	if dark {
		d.Twilight += n
	} else {
		d.Twilight -= n
	}
	return n
}

// CanPay reports whether d can pay a twilight cost of n by shifting that
// way: the track must have room for the whole cost (AN-COST-06).
func (d *Det) CanPay(dark bool, n int) bool { return d.Room(dark) >= n }

// CompletelyLight and CompletelyDark report whether the marker is at the
// track's left or right end (AN-COST-02).
func (d *Det) CompletelyLight() bool { return d.Twilight == -TwilightSpan }

// CompletelyDark reports whether the marker is at the track's right end.
func (d *Det) CompletelyDark() bool { return d.Twilight == TwilightSpan }
