package android

import (
	"fmt"
	"image/color"
	"strings"

	an "casefile/engine/android"
	"casefile/render"
)

// The detectives: one row per seat in the day's turn order, with the
// detective's sheet, location, twilight track, and what the table can see
// of their belongings — the hand as a count by deck (the cards are the
// holder's: the DM picture), favors, corporation tokens, trauma, dropship
// passes, hero markers, warrants, decks, conspiracy tokens, the NPC who
// grants favors, and under them the plot card in play with its baggage.
const trackCell = 46.0

// drawDetectives draws the rows and returns the y below them.
func drawDetectives(c *render.Canvas, s *an.State, y float64) float64 {
	c.Text("Detectives, in turn order", margin, y, render.Bold, head, render.Ink)
	y += 44
	now := acting(s)
	width := boardW - 2*margin - 64
	if drafting(s) {
		c.Text("The seats are choosing their detectives.", margin, y, render.Regular, small, render.Faint)
		y += 40
	}
	for _, seat := range s.Order {
		d := &s.Dets[seat]
		x := margin + 64
		if seat == now {
			ringedToken(c, margin+27, y+27, 24, render.PlayerColor(seat), fmt.Sprint(seat+1))
		} else {
			token(c, margin+27, y+27, 24, render.PlayerColor(seat), fmt.Sprint(seat+1))
		}
		line := fmt.Sprintf("%s · %s at %s", seatName(seat), d.Def().Name, place(d.At))
		c.Text(line, x, y, render.Bold, small, render.Ink)
		yy := y + 40
		c.Text("Twilight", x, yy+6, render.Regular, small, render.Ink)
		drawTrack(c, x+110, yy, d.Twilight, render.PlayerColor(seat))
		tx := x + 110 + float64(2*an.TwilightSpan+1)*trackCell + 20
		// Beside the hand, what scores against or for the detective at the
		// close: trauma and conspiracy tokens.
		side := handText(d) + fmt.Sprintf(" · trauma %d", d.Trauma)
		if seat < len(s.Story.Tokens) {
			side += fmt.Sprintf(" · consp. tokens %d", s.Story.Tokens[seat])
		}
		c.Text(side, tx, yy+6, render.Regular, small, render.Ink)
		yy += 50
		bel := belongings(d, false)
		if npc := npcLine(s, seat, false); npc != "" {
			bel += " · " + npc
		}
		yy += c.TextWrapped(bel, x, yy, width, render.Regular, small, render.Ink)
		yy = drawLouisHero(c, d, x, yy, width)
		yy = drawRachelHero(c, d, x, yy, width)
		if plot := plotLine(s, seat, false); plot != "" {
			yy += 4 + c.TextWrapped(plot, x, yy+4, width, render.Regular, small, render.Ink)
		}
		yy = drawSanity(c, d, x, yy)
		yy = drawDirectives(c, d, x, yy, width)
		yy += rayBoard(c, s, seat, x, yy, width)
		y = max(yy, y+60) + 14
	}
	return y
}

// drawTrack draws the twilight track, light at the left (L3) and dark at
// the right (D3), with the marker's space filled in the seat's colour.
func drawTrack(c *render.Canvas, x, y float64, at int, col color.Color) {
	for i := -an.TwilightSpan; i <= an.TwilightSpan; i++ {
		cx := x + float64(i+an.TwilightSpan)*trackCell
		label := "0"
		switch {
		case i < 0:
			label = fmt.Sprintf("L%d", -i)
		case i > 0:
			label = fmt.Sprintf("D%d", i)
		}
		if i == at {
			box(c, cx, y, trackCell, 40, 3, col, render.Ink)
		} else {
			box(c, cx, y, trackCell, 40, 1, render.Paper, render.Ink)
		}
		ink := render.Faint
		if i == at {
			c.TextCentered(label, cx+trackCell/2, y+20, render.Bold, small, render.Contrast(col))
			continue
		}
		c.TextCentered(label, cx+trackCell/2, y+20, render.Regular, small, ink)
	}
}

// handText is a hand as the table sees it: how many cards, from which
// decks.
func handText(d *an.Det) string {
	light, dark := 0, 0
	for _, h := range d.Hand {
		if strings.HasSuffix(h.Deck, "light") {
			light++
		} else {
			dark++
		}
	}
	return fmt.Sprintf("hand %d (%d light, %d dark) · limit %d", len(d.Hand), light, dark, d.Def().HandLimit)
}

// belongings lists a detective's public belongings in one line, trauma
// with them when withTrauma.
func belongings(d *an.Det, withTrauma bool) string {
	var favors []string
	for _, f := range an.FavorTypes {
		if n := d.Favors[f]; n > 0 {
			favors = append(favors, fmt.Sprintf("%d %s", n, f))
		}
	}
	fav := "none"
	if len(favors) > 0 {
		fav = strings.Join(favors, ", ")
	}
	var ws []string
	for _, w := range d.Warrants {
		ws = append(ws, an.Locations[w].Cell)
	}
	items := []string{"favors: " + fav}
	// Tokens only a few detectives hold are named when held.
	for _, t := range []struct {
		n    int
		name string
	}{{d.Haas, "Haas"}, {d.Jinteki, "Jinteki"}, {d.Dropships, "dropship passes"}} {
		if t.n > 0 {
			items = append(items, fmt.Sprintf("%s %d", t.name, t.n))
		}
	}
	// Trauma is always named (each counter costs a point at the close);
	// the board's rows name it beside the hand.
	if withTrauma {
		items = append(items, fmt.Sprintf("trauma %d", d.Trauma))
	}
	items = append(items, fmt.Sprintf("heroes %d", d.Heroes))
	war := fmt.Sprintf("warrants %d", an.Warrants-len(d.Warrants))
	if len(ws) > 0 {
		war += " (on " + strings.Join(ws, ", ") + ")"
	}
	items = append(items, war, fmt.Sprintf("decks %d light, %d dark", d.Light.Len(), d.Dark.Len()))
	if n := len(d.Holding); n > 0 {
		items = append(items, fmt.Sprintf("%d evidence %s to place", n, plural(n, "token", "tokens")))
	}
	return title(strings.Join(items, " · "))
}
