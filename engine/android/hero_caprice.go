package android

import (
	"fmt"

	"casefile/engine"
)

// Caprice Nisei's hero card: Sanity (issue 19, AN-HERO-01/02). The rules
// say only that the card is in play with a hero marker on its +0 mark;
// the marks, what moves the marker and what each mark does are ours
// (CONTENT.md §7.1). Her visions cost her Sanity, the Sisters and rest
// give it back, and the first time it breaks her plot Descent into
// Madness comes into play in place of the one she had.

// Sanity is Caprice's Sanity card: the hero marker's mark and whether
// Descent into Madness has come in. It is public.
type Sanity struct {
	// Mark is the hero marker's mark, SanityBottom … SanityTop.
	Mark int `json:"mark"`
	// Descended is set once Descent into Madness has come into play; it
	// comes in once a game.
	Descended bool `json:"descended,omitempty"`
	// Replaced is the plot Descent into Madness took the place of: it
	// was in play in week one, so week two's draw leaves it out even if
	// Descent has ended by then [ours].
	Replaced string `json:"replaced,omitempty"`
}

// The Sanity card's marks [ours]: +2 Clear, +1 Calm, 0 Steady, −1 Shaken,
// −2 Breaking.
const (
	SanityTop    = 2
	SanityBottom = -2
	// DescentPlot is the plot Sanity brings in [R: the title; ours: how].
	DescentPlot = "Descent into Madness"
)

// SanityMarks names the marks, from the top.
var SanityMarks = map[int]string{2: "Clear", 1: "Calm", 0: "Steady", -1: "Shaken", -2: "Breaking"}

// OpSanity moves Caprice's Sanity marker N marks (up for N > 0).
const OpSanity Op = "sanity"

func init() {
	heroOps[OpSanity] = HeroOp{
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) { s.moveSanity(d.Seat, e.N, res) },
		Text: func(e Effect, _ *Card, _ bool, _ string, v func(base, third string) string) string {
			if e.N >= 0 {
				return fmt.Sprintf("%s %d Sanity", v("gain", "gains"), e.N)
			}
			return fmt.Sprintf("%s %d Sanity", v("lose", "loses"), -e.N)
		},
		Want: func(s *State, d *Det, e Effect) (bool, bool) {
			if d.Sanity == nil {
				return false, true
			}
			if e.N > 0 {
				// Sanity back is wanted below the top, most of all
				// while Descent into Madness gathers baggage from it.
				return d.Sanity.Mark < SanityTop, true
			}
			// A vision is worth its Sanity while the marker has room to
			// fall; the card's next effect decides.
			if d.Sanity.Mark+e.N < SanityBottom {
				return false, true
			}
			return false, false
		},
		// A mark lost costs little while she is Calm or Clear, and
		// much once she is Steady or lower (Shaken and Breaking are near).
		Worth: func(s *State, d *Det, e Effect) int {
			if e.N >= 0 || d.Sanity == nil {
				return e.N
			}
			if d.Sanity.Mark > 0 {
				return 0
			}
			return 2 * e.N
		},
	}
}

// setupCaprice is Caprice's hero setup: a warrant on Jinteki (AN-HERO-01)
// and the Sanity card with one of her hero markers on +0 (AN-HERO-02); it
// stays there all game.
func (s *State) setupCaprice(d *Det) {
	d.Warrants = append(d.Warrants, mustLoc("jinteki"))
	d.Sanity = &Sanity{}
	d.Heroes--
}

// descentInPlay reports whether seat's Descent into Madness has a card in
// play.
func (s *State) descentInPlay(seat int) bool {
	ps := s.Story.Plots[seat]
	return ps.Title == DescentPlot && ps.Card != ""
}

// descentGoesOn reports whether seat keeps its plot into week two because
// Descent into Madness, once it has come in, runs to its ending [ours].
func (s *State) descentGoesOn(seat int) bool {
	return s.Dets[seat].Sanity != nil && seat < len(s.Story.Plots) && s.descentInPlay(seat)
}

// moveSanity moves seat's Sanity marker n marks, one at a time [ours]:
// while Descent into Madness is in play each mark up puts a good baggage
// on it and each mark down a bad one; arriving on Clear (+2) she draws a
// light card, on Shaken (−1) she dark shifts 1, on Breaking (−2) the
// first time Descent into Madness comes into play in place of her plot
// card; a fall below Breaking gives her a trauma counter instead.
func (s *State) moveSanity(seat, n int, res *engine.Result) {
	d := &s.Dets[seat]
	if d.Sanity == nil {
		res.Say("%s has no Sanity card: nothing happens.", who(seat))
		return
	}
	sa := d.Sanity
	for ; n != 0; n -= sign(n) {
		up := n > 0
		switch {
		case up && sa.Mark == SanityTop:
			res.Say("%s's Sanity is already Clear.", who(seat))
			return
		case !up && sa.Mark == SanityBottom:
			res.Say("%s's Sanity can fall no further.", who(seat))
			s.giveTrauma(seat, res)
			continue
		}
		sa.Mark += sign(n)
		res.Say("%s's Sanity %s to %s (%+d).", who(seat), map[bool]string{true: "rises", false: "falls"}[up], SanityMarks[sa.Mark], sa.Mark)
		if s.descentInPlay(seat) {
			s.gainBaggage(seat, up, 1, res)
		}
		switch {
		case sa.Mark == SanityTop:
			if !d.handFull() && d.Light.Len() > 0 {
				s.drawLight(seat)
				res.Say("%s sees clearly and draws a light card.", who(seat))
			}
		case sa.Mark == -1 && !up:
			d.Shift(true, 1)
			res.Say("%s is shaken and dark shifts 1 (twilight %+d).", who(seat), d.Twilight)
		case sa.Mark == SanityBottom && !sa.Descended && seat < len(s.Story.Plots):
			sa.Descended = true
			sa.Replaced = d.Plot
			res.Say("%s's mind breaks: %s comes into play.", who(seat), DescentPlot)
			s.startPlot(seat, DescentPlot, res)
		}
	}
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// SanityText is Caprice's Sanity card as the table sees it, or "" for
// another detective.
func (d *Det) SanityText() string {
	if d.Sanity == nil {
		return ""
	}
	t := fmt.Sprintf("Sanity %s (%+d; %+d … %+d)", SanityMarks[d.Sanity.Mark], d.Sanity.Mark, SanityTop, SanityBottom)
	if d.Sanity.Descended {
		t += ", Descent into Madness has come in"
	}
	return t
}
