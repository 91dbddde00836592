package android

import (
	"fmt"
	"image/color"

	an "casefile/engine/android"
	"casefile/render"
)

// drawClosing draws the closing of the case at Game over: each suspect's
// guilt, the murderer, every seat's hunches (face up now) and points with
// the story's share of them (the conspiracy's and the plot endings'), the
// winners first in bold. It reads only State.Close, which the game fills
// when the case closes and which is public from then on.
func drawClosing(c *render.Canvas, s *an.State, y float64) float64 {
	cl := s.Close
	width := boardW - 2*margin
	murderer := "nobody: every suspect is dead"
	if cl.Murderer >= 0 && cl.Murderer < len(an.Suspects) {
		murderer = an.Suspects[cl.Murderer].Name
	}
	c.Text("The murderer: "+murderer, margin, y, render.Bold, head, render.Alert)
	y += 46
	for _, g := range cl.Guilt {
		name := an.Suspects[g.Suspect].Name
		t := fmt.Sprintf("%s: guilt %+d (strong file %+d)", name, g.Total, g.Strong)
		if g.Dead {
			t = name + ": dead, cannot be the murderer"
		}
		col := color.Color(render.Ink)
		if g.Suspect == cl.Murderer {
			col = render.Alert
		}
		c.Text(t, margin+16, y, render.Regular, small, col)
		y += 36
	}
	y += 8
	won := map[int]bool{}
	for _, w := range cl.Winners {
		won[w] = true
	}
	for seat, h := range cl.Hunches {
		if seat >= len(s.Dets) || seat >= len(cl.Scores) {
			break
		}
		t := fmt.Sprintf("%s, %s: %d VP · guilty hunch %s (%s) · innocent hunch %s (%s)", seatName(seat), s.Dets[seat].Def().Name,
			cl.Scores[seat], suspectBySlug(h.Guilty), rightWord(h.GuiltyRight), suspectBySlug(h.Innocent), rightWord(h.InnocentRight))
		if h.Obsessed {
			t += " · obsessed"
			if h.Bonus {
				t += fmt.Sprintf(", +%d", an.VPObsession)
			}
		}
		if seat < len(cl.Story) {
			// The story's share of the points, already in the total.
			sv := cl.Story[seat]
			v := sv.Conspiracy
			t += fmt.Sprintf(" · of which conspiracy %d VP (tokens %d, Haas and Jinteki %d, their links %d, favor links %d) and plot endings %d VP",
				v.Total, v.Conspiracy, v.CorpTokens, v.CorpLinks, v.FavorLinks, sv.Plots)
		}
		w := render.Regular
		if won[seat] {
			w = render.Bold
			t = "Winner: " + t
		}
		if seat < len(s.Dets) {
			token(c, margin+14, y+16, 13, render.PlayerColor(seat), "")
		}
		y += c.TextWrapped(t, margin+40, y, width-40, w, small, render.Ink) + 6
	}
	return y
}

func rightWord(ok bool) string {
	if ok {
		return "right"
	}
	return "wrong"
}
