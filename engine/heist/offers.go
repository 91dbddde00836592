package heist

import (
	"casefile/engine"
)

// hasOffer reports whether c may answer an open Event offer.
func (s *State) hasOffer(c *Character) bool {
	if !c.onBoard() {
		return false
	}
	for _, o := range s.offers() {
		if o.Team || o.Seat == c.Seat {
			return true
		}
	}
	return false
}

// whisperTargets lists characters c may pass Ideas to (Stage Whisper).
func (s *State) whisperTargets(c *Character) []*Character {
	var out []*Character
	for _, o := range s.onBoardChars() {
		if o != c && onOrAdjacent(s.tile(c.Hex), s.tile(o.Hex)) {
			out = append(out, o)
		}
	}
	return out
}

// offerMoves lists the answers to open Event offers. Accepting may cost
// Noise: Events never force Noise, but their offers may ask for it.
func (s *State) offerMoves(c *Character, ms *engine.Moves) {
	for i, o := range s.offers() {
		i, o := i, o
		if !c.onBoard() || !(o.Team || o.Seat == c.Seat) {
			continue
		}
		switch o.Card {
		case "12":
			ms.Legal("blab", func(res *engine.Result) {
				s.closeOffer(i)
				c.Ideas++
				res.Say("Guard Starts Blabbing: %s gains an Idea for a Noise.", c.ref())
				s.addNoise(1, res)
			})
		case "15":
			for _, t := range s.onBoardChars() {
				t := t
				ms.Legal("idea for "+lower(t.Name), func(res *engine.Result) {
					s.closeOffer(i)
					t.Ideas++
					res.Say("I Thought I Had Him: %s gets an Idea for a Noise (%s's call).", t.ref(), c.ref())
					s.addNoise(1, res)
				})
			}
		case "17":
			if c.Ideas > 0 {
				for _, t := range s.whisperTargets(c) {
					t := t
					ms.Legal("whisper to "+lower(t.Name), func(res *engine.Result) {
						c.Ideas--
						t.Ideas++
						res.Say("Stage Whisper: %s passes an Idea to %s (1 Noise).", c.ref(), t.ref())
						s.addNoise(1, res)
						if c.Ideas == 0 {
							s.closeOffer(i)
						}
					})
				}
			}
		case "22":
			// Each piece goes to an adjacent hex of the player's choice
			// ("place it on an adjacent hex"); with two or more pieces
			// left, fumble to <hex> puts all of them on one hex.
			pieces := s.fumblePieces(c)
			dests := s.fumbleDests(c)
			for _, d := range dests {
				for _, what := range pieces {
					ms.Legal("fumble "+what+" to "+d.Hex, func(res *engine.Result) {
						s.fumbleOne(c, what, d, res)
						if len(s.fumblePieces(c)) == 0 {
							s.closeOffer(i)
						}
					})
				}
			}
			if s.fumbleCount(c) > 1 {
				for _, d := range dests {
					ms.Legal("fumble to "+d.Hex, func(res *engine.Result) {
						s.closeOffer(i)
						s.fumbleTo(c, d, res)
					})
				}
			}
			// Fumble the Loot is not optional: no decline.
			return
		case "24":
			for _, a := range s.onBoardChars() {
				if a.Ideas == 0 {
					continue
				}
				for _, b := range s.onBoardChars() {
					a, b := a, b
					if a == b {
						continue
					}
					ms.Legal("pass idea from "+lower(a.Name)+" to "+lower(b.Name), func(res *engine.Result) {
						s.closeOffer(i)
						a.Ideas--
						b.Ideas++
						res.Say("Coming In Hot!: %s passes an Idea to %s.", a.ref(), b.ref())
					})
				}
			}
		}
		ms.Legal("decline", func(res *engine.Result) {
			s.closeOffer(i)
			res.Say("%s declines the offer of %s.", c.ref(), s.cardName(o.Card))
		})
		return
	}
}
