package android

import (
	"fmt"
	"strings"

	an "casefile/engine/android"
	"casefile/render"
)

// Raymond Flint's hero cards on the pictures (issue 19): on the board,
// under Raymond's row, whether Wrapped Up in Himself is face up, who
// still holds a Memory card and the Memory cards played (all public); on
// a holder's own case file, the Memory card it holds, in full.

// rayBoard draws Raymond's hero cards under his row at (x, y) and returns
// the height used; nothing for another detective.
func rayBoard(c *render.Canvas, s *an.State, seat int, x, y, width float64) float64 {
	f := s.Dets[seat].Flint
	if f == nil {
		return 0
	}
	state := "face up — no favors from twilight cards reach him"
	if !f.Wrapped {
		state = "set aside — favors reach him"
	}
	var held, played []string
	for _, i := range s.MemoryHolders() {
		held = append(held, seatName(i))
	}
	for _, p := range f.Played {
		name := p.Memory
		if m := an.MemoryByID(p.Memory); m != nil {
			name = m.Name
		}
		played = append(played, fmt.Sprintf("%s by %s (%s)", name, seatName(p.Seat), an.BaggageWord(p.Baggage)))
	}
	line := fmt.Sprintf("Wrapped Up in Himself: %s · Memory cards held by %s · played: %s", state, rayNone(held), rayNone(played))
	return 4 + c.TextWrapped(line, x, y+4, width, render.Regular, small, render.Ink)
}

// rayNone joins names, or says none.
func rayNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

// rayPrivate draws the Memory card d holds on its own case file at y and
// returns the y below it; nothing when it holds none (or the view does
// not show it).
func rayPrivate(c *render.Canvas, d *an.Det, y, width float64) float64 {
	m := an.MemoryByID(d.Memory)
	if m == nil {
		return y
	}
	c.Text("Your Memory card", margin, y, render.Bold, head, render.Ink)
	y += 42
	fillRect(c, margin+16, y+4, 6, small, render.Grid)
	y += c.TextWrapped(m.Text()+" Move: play memory.", margin+32, y, width-32, render.Regular, small, render.Ink) + 8
	return y + 14
}
