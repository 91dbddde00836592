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
	city := s.policeTiles()
	if t.From >= 0 {
		c := colourIndex(t.Colour)
		for _, to := range city {
			if s.officerMayGo(c, t.From, to, t.Target) {
				to := to
				ms.Legal("to "+CityTiles[to].ID, func(res *engine.Result) {
					s.Tiles[t.From].Officers[c] = false
					s.Tiles[to].Officers[c] = true
					s.officerLeft(t.From, t.Colour)
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
		for _, from := range city {
			if s.Tiles[from].Officers[c] && s.officerCanMove(city, c, from, t.Target) {
				from, col := from, col
				ms.Legal(fmt.Sprintf("officer %s %s", col, CityTiles[from].ID), func(res *engine.Result) {
					s.Pending.Top().Data.From = from
					s.Pending.Top().Data.Colour = col
				})
			}
		}
	}
}

// officerMayGo reports whether the officer of colour c on tile from may
// move to tile to: another tile in the city, not the Hospital, without an
// officer of its colour, and closer to target when there is one (-1).
func (s *State) officerMayGo(c, from, to, target int) bool {
	if to == from || to == hospital || s.Tiles[to].Officers[c] {
		return false
	}
	if target < 0 {
		return s.inCity(to) || s.Tiles[to].Where == "faceup"
	}
	// "At least 1 tile closer" needs both tiles in the city.
	return s.inCity(from) && s.inCity(to) && s.tileDist(to, target) < s.tileDist(from, target)
}

// policeTiles are the tiles officers may be moved from and to: S says
// "from any City tile ... to any other tile", and the face-up tops of the
// City stacks are City tiles carrying officers (EP-POLICE-01). Threshold
// moves ("at least 1 tile closer") use only the tiles in the city, the only
// ones with a distance (officerMayGo).
func (s *State) policeTiles() []int {
	out := s.cityTiles()
	for _, t := range s.FaceUp {
		if t >= 0 && s.Tiles[t].Where == "faceup" {
			out = append(out, t)
		}
	}
	return out
}

// officerCanMove reports whether the officer of colour c on tile from may
// move to some tile of city.
func (s *State) officerCanMove(city []int, c, from, target int) bool {
	for _, to := range city {
		if s.officerMayGo(c, from, to, target) {
			return true
		}
	}
	return false
}

// canMovePolice reports whether some officer of colour could be moved.
func (s *State) canMovePolice(colour string) bool {
	c := colourIndex(colour)
	city := s.policeTiles()
	for _, from := range city {
		if s.Tiles[from].Officers[c] && s.officerCanMove(city, c, from, -1) {
			return true
		}
	}
	return false
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
				s.officerLeft(ti, t.Colour)
				res.Say("%s's Snitch removes the %s officer on %s from the game.", who(seat), t.Colour, CityTiles[ti].ID)
				s.Pending.Pop()
			})
		}
	}
}

// officerLeft drops the threat of the officer of colour that has just left
// tile, if the active player is avoiding it: Avoid is decided against the
// officers still on the tiles left (EP-AVOID-01), so moving one away during
// the Avoid step (Bribe, a police Asset) or removing it (Snitch) spares the
// player that officer.
func (s *State) officerLeft(tile int, colour string) {
	if s.turnStep() != Avoid {
		return
	}
	s.clearOne(Threat{Tile: tile, Who: colour})
}
