package escapeplan

import (
	"fmt"

	"casefile/engine"
)

// Police Officers (EP-POLICE-*): moving an officer closer, and the Snitch.

func colourIndex(c string) int {
	for i, x := range OfficerColours {
		if x == c {
			return i
		}
	}
	return -1
}

// policeMoves lists the two steps of an officer move (EP-POLICE-01..03,
// EP-NOT-06/07): choose an officer, then its new tile.
func (s *State) policeMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	ok := func(c, from, to int) bool {
		if to == from || to == hospital || !s.inCity(to) || s.Tiles[to].Officers[c] {
			return false
		}
		if t.Target >= 0 && s.tileDist(to, t.Target) >= s.tileDist(from, t.Target) {
			return false
		}
		return true
	}
	if t.From >= 0 {
		c := colourIndex(t.Colour)
		for _, to := range s.cityTiles() {
			if ok(c, t.From, to) {
				to := to
				ms.Legal("to "+CityTiles[to].ID, func(res *engine.Result) {
					s.Tiles[t.From].Officers[c] = false
					s.Tiles[to].Officers[c] = true
					res.Say("%s moves the %s officer from %s to %s (%s).", who(seat), t.Colour, CityTiles[t.From].ID, CityTiles[to].ID, t.Reason)
					s.Pending.Pop()
				})
			}
		}
		return
	}
	for c, col := range OfficerColours {
		if t.Colour != "" && col != t.Colour {
			continue
		}
		for _, from := range s.cityTiles() {
			if !s.Tiles[from].Officers[c] {
				continue
			}
			can := false
			for _, to := range s.cityTiles() {
				if ok(c, from, to) {
					can = true
					break
				}
			}
			if can {
				from, col := from, col
				ms.Legal(fmt.Sprintf("officer %s %s", col, CityTiles[from].ID), func(res *engine.Result) {
					s.Pending.Top().Data.From = from
					s.Pending.Top().Data.Colour = col
				})
			}
		}
	}
}

// canMovePolice reports whether some officer of colour could be moved.
func (s *State) canMovePolice(colour string) bool {
	var ms engine.Moves
	s.policeMoves(0, &s.Players[0], &Detail{Target: -1, From: -1, Card: -1, Colour: colour}, &ms)
	return ms.Len() > 0
}

// snitchMoves lists the officers of the Snitch's colour to remove from
// the game.
func (s *State) snitchMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	c := colourIndex(t.Colour)
	for _, ti := range s.cityTiles() {
		if s.Tiles[ti].Officers[c] {
			ti := ti
			ms.Legal(fmt.Sprintf("remove %s %s", t.Colour, CityTiles[ti].ID), func(res *engine.Result) {
				s.Tiles[ti].Officers[c] = false
				s.Removed[c]++
				res.Say("%s's Snitch removes the %s officer on %s from the game.", who(seat), t.Colour, CityTiles[ti].ID)
				s.Pending.Pop()
			})
		}
	}
}
