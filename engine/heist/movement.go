package heist

import (
	"fmt"

	"casefile/engine"
)

// Movement: which hexes a character may enter (planning tokens, Locks,
// Guards, gaps) and what entering one sets off.

// canEnter says whether a Move may go onto t, and why not.
func (s *State) canEnter(c *Character, from, t *Tile, escape bool) string {
	switch {
	case !real(t):
		return "it is not a tile"
	case t.locked():
		return "it is Locked"
	case t.remoteLocked():
		return "a Remote Lock closes it"
	case t.has(TokKeycardDoor):
		return "the Keycard Door is closed"
	}
	if from.remoteLocked() {
		// Imprisoned (MH-REMOTE-02): no Move, Escape Moves included, until
		// a character on the Server opens the lock.
		return "you are imprisoned behind a Remote Lock"
	}
	if escape {
		return ""
	}
	if from.guards() > 0 && !c.ExitGuards {
		return "an unsubdued Guard on " + from.Hex + " holds you"
	}
	if !t.Entrance && !c.NPC && !t.planned(int(c.Seat)) {
		return "you have no planning token there"
	}
	return ""
}

// enter moves a character onto t with every consequence: a live Camera
// raises an Alert, Outdoors loot is secured, adjacent unknown tiles are
// revealed, Dogs chase, Servers open Remote Locks.
func (s *State) enter(c *Character, t *Tile, res *engine.Result) {
	res.Say("%s moves to %s.", c.ref(), t.Hex)
	c.Hex = t.Hex
	c.Moved = true
	if !t.Entrance {
		c.WentIn = true
	}
	if t.liveCamera() && !s.LoopFootage && s.Phase == PhaseAction {
		s.raiseAlert(res, fmt.Sprintf("%s walks into a live Camera on %s", c.ref(), t.Hex))
	}
	if t.Ideas > 0 {
		t.Ideas--
		c.Ideas++
		res.Say("%s picks up an Idea token left by The Architect.", c.ref())
	}
	s.secure(c, res)
	s.autoReveal(res)
	s.specialOnEnter(c, t, res)
}

// moveRefusals explains, for a refusal only, a move onto a hex that is
// not next to the character's.
func (s *State) moveRefusals(c *Character, from *Tile, ms *engine.Moves) {
	if !s.explain {
		return
	}
	ms.RefuseFamily("move ", "There is no such hex.")
	for _, t := range s.Tiles {
		if !adjacent(from, t) {
			ms.Add("move "+t.Hex, engine.Require(false, "%s is not adjacent to %s.", t.Hex, from.Hex), nil)
		}
	}
}

// moveMoves lists a character's Moves onto the hexes next to it, and
// across a gap with VENT CRAWL; a hex it may not enter says why.
func (s *State) moveMoves(c *Character, t *Tile, ms *engine.Moves) {
	p := &c.Pool
	ms.RefuseFamily("move ", engine.Require(p.Move > 0, "Your Action has no Move left."))
	if p.Move > 0 {
		s.moveRefusals(c, t, ms)
		for _, n := range s.neighbours(t) {
			n := n
			if w := s.canEnter(c, t, n, false); w != "" {
				ms.Add("move "+n.Hex, engine.Require(false, "You may not move onto %s: %s.", n.Hex, w), nil)
			} else {
				ms.Legal("move "+n.Hex, func(res *engine.Result) {
					p.Move--
					c.OnlyCrack = false
					if c.ExitGuards {
						for i := range t.Chits {
							if t.Chits[i].Kind == Dog {
								t.Chits[i].Stay = true
							}
						}
					}
					s.enter(c, n, res)
				})
			}
		}
		if s.hasAbility(c, "VENT CRAWL") && !t.remoteLocked() && (t.guards() == 0 || c.ExitGuards) {
			for _, d := range dirs {
				mid := s.cell(t.X+d[0], t.Row+d[1])
				n := s.at(t.X+2*d[0], t.Row+2*d[1])
				if real(mid) || n == nil || s.canEnter(c, t, n, false) != "" {
					continue
				}
				ms.Legal("vent crawl "+n.Hex, func(res *engine.Result) {
					p.Move--
					c.OnlyCrack = false
					c.Noise += 4
					res.Say("%s crawls through a vent across the gap (VENT CRAWL, 4 Noise).", c.ref())
					s.enter(c, n, res)
				})
			}
		}
	}
}
