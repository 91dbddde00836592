package android

import (
	"errors"
	"fmt"
	"image"
	"strings"

	"casefile/engine"
	an "casefile/engine/android"
	"casefile/render"
)

// privateW is the width of a detective's own picture; its smallest text
// (small) is well over privateW/55.
const privateW = 1100

// Private draws a detective's own case file from that seat's view: the
// hunches, the hand's cards, the evidence token held, and the face-down
// evidence the seat knows. Everything on it comes from the seat's view,
// which holds that seat's secrets and no other's.
func Private(v engine.View) (image.Image, error) {
	c, h, err := private(v)
	if err != nil {
		return nil, err
	}
	return c.Picture(h, base), nil
}

func private(v engine.View) (*render.Canvas, int, error) {
	av, err := viewOf(v)
	if err != nil {
		return nil, 0, err
	}
	if av.Viewer < 0 || int(av.Viewer) >= len(av.State.Dets) {
		return nil, 0, errors.New("android render: Private needs a seat's view")
	}
	c, h := drawn(privateW, 1400, func(c *render.Canvas) float64 { return drawPrivate(c, av) })
	return c, h, nil
}

// drawPrivate draws the case file and returns the height used.
func drawPrivate(c *render.Canvas, av *an.View) float64 {
	s := av.State
	seat := int(av.Viewer)
	d := &s.Dets[seat]
	width := privateW - 2*margin
	c.Token(margin+26, 44, 26, render.PlayerColor(seat), fmt.Sprint(seat+1))
	c.Text("Your case file — "+seatName(seat), margin+66, 18, render.Bold, big, render.Ink)
	c.Text(fmt.Sprintf("%s at %s · secret: only you see this", d.Def().Name, place(d.At)), margin+66, 66, render.Regular, small, render.Faint)
	y := 116.0

	// The hunches: the seat's own, secret until the case closes.
	c.Text("Your hunches", margin, y, render.Bold, head, render.Ink)
	y += 42
	c.Text("Guilty: "+hunchName(d.Guilty), margin+16, y, render.Bold, small, render.Alert)
	y += 36
	c.Text("Innocent: "+hunchName(d.Innocent), margin+16, y, render.Bold, small, render.Good)
	y += 36
	if d.Guilty != "" && d.Guilty == d.Innocent {
		y += c.TextWrapped(fmt.Sprintf("Both on one suspect: obsessed — both pay (and %d more VP) only if that suspect's guilt leads every other's by %d.", an.VPObsession, an.ObsessionMargin),
			margin+16, y, width-16, render.Regular, small, render.Ink)
	}
	y += 14

	if len(d.Holding) > 0 {
		var toks []string
		for _, t := range d.Holding {
			if t >= 0 && t < len(an.EvidencePool) {
				toks = append(toks, an.EvidencePool[t].String())
			}
		}
		c.Text("Evidence to place: "+strings.Join(toks, ", "), margin, y, render.Bold, head, render.Alert)
		y += 50
	}

	c.Text(fmt.Sprintf("Your hand: %d of %d twilight %s", len(d.Hand), d.Def().HandLimit, plural(len(d.Hand), "card", "cards")), margin, y, render.Bold, head, render.Ink)
	y += 42
	if len(d.Hand) == 0 {
		c.Text("No cards in hand.", margin+16, y, render.Regular, small, render.Faint)
		y += 36
	}
	for _, h := range d.Hand {
		// Each card with its text, which begins with its name, cost and
		// traits (Card.Text); a card the view does not name stays a back.
		text := fmt.Sprintf("A card from the %s deck (not shown to you)", h.Deck)
		if card := an.CardByID(h.Card); card != nil {
			text = card.Text()
		}
		fillRect(c, margin+16, y+4, 6, small, render.Grid)
		y += c.TextWrapped(text, margin+32, y, width-32, render.Regular, small, render.Ink) + 8
	}
	y += 14
	y = rayPrivate(c, d, y, width)

	// The plot card in play: public on the table, but its conditions are
	// what the seat plays for, so the case file spells them out.
	if line := plotLine(s, seat, true); line != "" {
		c.Text("Your plot", margin, y, render.Bold, head, render.Ink)
		y += 42
		y += c.TextWrapped(line, margin+16, y, width-16, render.Regular, small, render.Ink) + 6
		if seat < len(s.Story.Plots) {
			ps := s.Story.Plots[seat]
			if ps.Card == an.CardStart || ps.Card == an.CardCrossroads {
				y += c.TextWrapped(plotNext(ps), margin+16, y, width-16, render.Regular, small, render.Faint) + 6
			}
		}
		if line := npcLine(s, seat, true); line != "" {
			y += c.TextWrapped(line, margin+16, y, width-16, render.Regular, small, render.Ink) + 6
		}
		y += 8
	}

	c.Text("Face-down evidence you know", margin, y, render.Bold, head, render.Ink)
	y += 42
	n := 0
	for _, sus := range s.Suspects {
		for f, file := range sus.Files {
			for k, e := range file {
				if e.FaceUp() || !knows(e, av.Viewer) || e.Token < 0 || e.Token >= len(an.EvidencePool) {
					continue
				}
				how := "you placed it"
				if len(e.KnownTo) > 0 && int(e.KnownTo[0]) != seat {
					how = "you peeked at it"
				}
				line := fmt.Sprintf("%s · %s file, token %d: %s (%s)", sus.Def().Name, an.Files[f], k+1, an.EvidencePool[e.Token], how)
				y += c.TextWrapped(line, margin+16, y, width-16, render.Regular, small, render.Ink) + 4
				n++
			}
		}
	}
	if n == 0 {
		c.Text("None.", margin+16, y, render.Regular, small, render.Faint)
		y += 36
	}
	y += 14
	bel := belongings(d, true)
	if seat < len(s.Story.Tokens) {
		bel += fmt.Sprintf(" · conspiracy tokens %d", s.Story.Tokens[seat])
	}
	y += c.TextWrapped(bel, margin, y, width, render.Regular, small, render.Ink)
	return y + margin
}

// plotNext says what the plot card in play resolves into: more good
// baggage than bad turns it the positive way (the engine's resolvePlot),
// with the endings' VP once the crossroads is in play.
func plotNext(ps an.PlotState) string {
	pl := an.Plots[ps.Title]
	if ps.Card == an.CardStart {
		return fmt.Sprintf("Resolves into the crossroads: %q if good baggage leads, %q if not.", pl.Crossroads[0].Text, pl.Crossroads[1].Text)
	}
	e := pl.Endings[ps.Side]
	return fmt.Sprintf("Resolves into an ending: %s (%+d VP) if good baggage leads, %s (%+d VP) if not.", e[0].Title, e[0].VP, e[1].Title, e[1].VP)
}

// hunchName names a hunch card's suspect.
func hunchName(slug string) string {
	if slug == "" {
		return "not dealt"
	}
	return suspectBySlug(slug)
}
