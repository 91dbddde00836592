// Package escapeplan draws Escape Plan: the public board (the city, its
// officers and pawns, the tracks and the Contact display) and each
// player's own board for their DM. Drawing is a pure function of a view.
//
// Both pictures are portrait and narrow, for Discord's inline preview on a
// phone: no text is smaller than the picture's width/55, and no token or
// marker covers a label or another token (the tests hold every picture to
// this through the Canvas's Marks).
package escapeplan

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render"
)

// Renderer returns the Escape Plan renderer.
func Renderer() render.Renderer {
	return render.Renderer{Board: Board, Private: Private, Alt: Alt}
}

// Colours of the board.
var (
	landColours = map[string]color.RGBA{
		ep.Downtown:   {0xd9, 0xd4, 0xcc, 0xff},
		ep.Uptown:     {0xcf, 0xe3, 0xc1, 0xff},
		ep.Industrial: {0xe8, 0xd2, 0xa8, 0xff},
		ep.Water:      {0x9c, 0xc7, 0xe4, 0xff},
	}
	officerColours = []color.RGBA{
		{0xd6, 0x27, 0x28, 0xff}, // red
		{0x1f, 0x5f, 0xc4, 0xff}, // blue
		{0x1f, 0x1d, 0x1a, 0xff}, // black
	}
	keyColours = map[string]color.RGBA{
		"green": {0x2e, 0x9d, 0x3a, 0xff},
		"black": {0x22, 0x22, 0x22, 0xff},
		"brown": {0x8b, 0x5a, 0x2b, 0xff},
		"grey":  {0x9a, 0x9a, 0x9a, 0xff},
		"gold":  {0xd4, 0xa0, 0x17, 0xff},
	}
	sandraColour   = color.RGBA{0x4a, 0x4a, 0x55, 0xff}
	closedColour   = color.RGBA{0xb0, 0xa8, 0x9c, 0xff}
	safeColour     = color.RGBA{0xf6, 0xd6, 0xd6, 0xff}
	hospitalColour = color.RGBA{0xe3, 0xf0, 0xfb, 0xff}
	optionalColour = color.RGBA{0xdd, 0xd8, 0xee, 0xff}
	gangColour     = color.RGBA{0x6b, 0x2f, 0x8f, 0xff}
	white          = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

func actorColour(a int) color.Color {
	if a == ep.SandraActor {
		return sandraColour
	}
	return render.PlayerColor(a)
}

func actorLabel(a int) string {
	if a == ep.SandraActor {
		return "S"
	}
	return fmt.Sprint(a + 1)
}

// actorName names an actor as the picture does: colour and token label.
func actorName(a int) string {
	if a == ep.SandraActor {
		return "Sandra"
	}
	return fmt.Sprintf("%s (%d)", render.PlayerColorNames[a%len(render.PlayerColorNames)], a+1)
}

// expand replaces the engine's seat references in a text by actor names.
func expand(s string) string {
	return engine.ExpandSeatRefs(s, func(seat engine.Seat) string { return actorName(int(seat)) })
}

func viewOf(v engine.View) (*ep.View, error) {
	ev, ok := v.(*ep.View)
	if !ok || ev == nil || ev.State == nil {
		return nil, errors.New("escapeplan render: not an Escape Plan view")
	}
	return ev, nil
}

// Board sizes. The text sizes keep to the phone rule: nothing smaller than
// boardW/55 (20 px).
const (
	boardW = 1100
	margin = 24.0
	// small is the smallest text; body the running text; head a panel's
	// title.
	small = 20.0
	body  = 22.0
	head  = 28.0
	// pawnR is a labelled token's radius: its label (1.1 r) stays at
	// least small.
	pawnR = 19.0
)

// Board draws the public board from the public view: the layer of its
// layout, with the state's parts and the tail drawn on it (see
// render.Layer.Compose).
func Board(v engine.View) (image.Image, error) {
	ev, err := viewOf(v)
	if err != nil {
		return nil, err
	}
	s := ev.State
	l := layoutOf(s)
	return layerOf(l, s).Compose(2800,
		func(c *render.Canvas) []render.Part { return boardParts(s, l) },
		func(c *render.Canvas, top float64) float64 { return drawTail(c, s, top) }), nil
}

// drawn draws a picture w wide on a canvas of height guess, or, when it
// needs more, again on one as high as it needs; it returns the canvas and
// the height used. Clearing a canvas costs a good part of a picture's
// time, so the guess is not much more than a busy picture needs.
func drawn(w, guess int, draw func(c *render.Canvas) float64) (*render.Canvas, int) {
	c := render.NewCanvas(w, guess)
	h := int(draw(c))
	if h > guess {
		c.Release()
		c = render.NewCanvas(w, h)
		draw(c)
	}
	return c, h
}

// board draws the public board whole on one canvas, layer and parts
// alike, whose Marks the tests read, and returns the height it used.
func board(v engine.View) (*render.Canvas, int, error) {
	ev, err := viewOf(v)
	if err != nil {
		return nil, 0, err
	}
	c, h := drawn(boardW, 2800, func(c *render.Canvas) float64 { return drawWhole(c, ev.State) })
	return c, h, nil
}

// acting lists the seats the game waits for now.
func acting(s *ep.State) []int {
	if s.Over {
		return nil
	}
	var out []int
	for _, seat := range s.Turn().Seats {
		out = append(out, int(seat))
	}
	return out
}

// phaseLine is the day, phase and turn.
func phaseLine(s *ep.State) string {
	line := fmt.Sprintf("Day %d of 3 · %s phase", s.Round, s.Phase)
	if s.Phase == ep.PhasePlayerAction && s.TurnNo < len(ep.TurnNames) {
		line += " · " + ep.TurnNames[s.TurnNo] + " turn"
	}
	return line
}

// drawHeader leads with whose turn it is and the phase, or with the result
// of a finished game, inside the header's band: in play a prompt too
// long for it is cut (the full prompt is in the turn's message).
func drawHeader(c *render.Canvas, s *ep.State, l *layout) {
	width := boardW - 2*margin
	y := 18.0
	if s.Over {
		c.Text("Escape Plan · Game over", margin, y, render.Bold, head, render.Faint)
		y += 38
		y += c.TextLines(resultLine(s), margin, y, width, 1, render.Bold, 40, render.Ink) + 4
		for _, i := range byScore(s) {
			p := &s.Players[i]
			stampToken(c, i, false, margin+pawnR, y+pawnR+4, pawnR, render.Background)
			c.Text(fmt.Sprintf("%s · $%dk · %s", actorName(i), p.Score, statusWord(p.Status)), margin+2*pawnR+12, y+7, render.Bold, head, render.Ink)
			y += 2*pawnR + 8
		}
		return
	}
	c.Text("Escape Plan · "+phaseLine(s), margin, y, render.Bold, head, render.Faint)
	y += 40
	seats := acting(s)
	x := margin
	for _, a := range seats {
		stampToken(c, a, true, x+27, y+27, 24, render.Background)
		x += 60
	}
	var names []string
	for _, a := range seats {
		names = append(names, actorName(a))
	}
	now := "Now: " + strings.Join(names, ", ")
	if len(names) == 0 {
		now = "Now: the game moves on"
	}
	c.Text(now, x+6, y+2, render.Bold, 40, render.Ink)
	y += 62
	if t := s.Turn(); t.Prompt != "" && len(seats) > 0 {
		lines := min(2, max(1, int((l.headerH-4-y)/(body*1.25))))
		c.TextLines("Asked to "+expand(t.Prompt)+".", margin, y, width, lines, render.Regular, body, render.Ink)
	}
}

// resultLine says who won.
func resultLine(s *ep.State) string {
	if s.Result == nil || len(s.Result.Winners) == 0 {
		return "Nobody got away: the police win."
	}
	var ws []string
	for _, w := range s.Result.Winners {
		ws = append(ws, actorName(w))
	}
	return strings.Join(ws, " and ") + " got away with the most money and won."
}

// byScore orders the seats by score, best first.
func byScore(s *ep.State) []int {
	var out []int
	for i := range s.Players {
		j := len(out)
		for j > 0 && s.Players[out[j-1]].Score < s.Players[i].Score {
			j--
		}
		out = append(out[:j], append([]int{i}, out[j:]...)...)
	}
	return out
}

func statusWord(st string) string {
	switch st {
	case "":
		return "in the city"
	case "escaped":
		return "escaped"
	case "arrested":
		return "arrested"
	}
	return st
}

// ringToken draws an actor's token of radius r with a red ring: the one
// acting now. Its mark includes the ring (r+3 around the centre).
func ringToken(c *render.Canvas, x, y, r float64, fill color.Color, label string) {
	c.RingedToken(x, y, r, fill, render.Alert, label)
}

// pawnWidth is the width a pawn takes in a row: a ringed one is wider.
func pawnWidth(ringed bool) float64 {
	if ringed {
		return 2*pawnR + 10
	}
	return 2*pawnR + 4
}

// drawPawn draws an actor's pawn whose box starts at x, centred on y, on
// ground bg (stamped), and returns the x after it.
func drawPawn(c *render.Canvas, a int, ringed bool, x, y float64, bg color.Color) float64 {
	w := pawnWidth(ringed)
	stampToken(c, a, ringed, x+w/2, y, pawnR, bg)
	return x + w
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// pawnsAt lists the actors standing on node n.
func pawnsAt(s *ep.State, n int) []int {
	var out []int
	for i := range s.Players {
		if s.Players[i].At == n && s.Players[i].Status == "" {
			out = append(out, i)
		}
	}
	if s.Sandra != nil && s.Sandra.At == n {
		out = append(out, ep.SandraActor)
	}
	return out
}
