package heist

import (
	"strings"

	"casefile/engine"
)

// The characters on the board, and being Busted.

// pieces lists the characters on the board, with an active NPC, which is
// treated like a character (MH-NPC-10).
func (s *State) pieces() []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() {
			out = append(out, c)
		}
	}
	if n := s.NPC; n != nil && n.Active && n.onBoard() {
		out = append(out, n)
	}
	return out
}

// piecesOn lists the pieces (characters and an active NPC) standing on t.
func (s *State) piecesOn(t *Tile) []*Character {
	var out []*Character
	for _, c := range s.pieces() {
		if c.Hex == t.Hex {
			out = append(out, c)
		}
	}
	return out
}

// pieceAdjacent reports whether a character or an active NPC is adjacent
// to t.
func (s *State) pieceAdjacent(t *Tile) bool {
	for _, c := range s.pieces() {
		if adjacent(s.tile(c.Hex), t) {
			return true
		}
	}
	return false
}

// indoorPieces lists the characters and an active NPC inside the building.
func (s *State) indoorPieces() []*Character {
	var out []*Character
	for _, c := range s.pieces() {
		if !s.tile(c.Hex).Entrance {
			out = append(out, c)
		}
	}
	return out
}

// onBoard reports whether the character is still a piece on the board.
func (c *Character) onBoard() bool { return c.Hex != "" && !c.Busted && !c.Escaped && !c.Hidden }

// charsOn lists the characters standing on t.
func (s *State) charsOn(t *Tile) []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() && c.Hex == t.Hex {
			out = append(out, c)
		}
	}
	return out
}

// charAdjacent reports whether some character is adjacent to t.
func (s *State) charAdjacent(t *Tile) bool {
	for _, c := range s.Chars {
		if c.onBoard() && adjacent(s.tile(c.Hex), t) {
			return true
		}
	}
	return false
}

// bust takes a character out of the heist; its loot is lost (MH-BUSTED-01,
// MH-BUSTED-02).
func (s *State) bust(c *Character, res *engine.Result, why string) {
	if c.Busted {
		return
	}
	c.Busted = true
	c.Done = true
	lost := c.Cash
	c.Cash = 0
	var tools []string
	for _, l := range c.Loot {
		if strings.HasPrefix(l, "item ") {
			tools = append(tools, l)
		}
	}
	c.Loot = nil
	res.Say("%s is Busted (%s). Loot lost: $%dk and %s.", c.ref(), why, lost, engine.Plural(len(tools), "piece", "pieces"))
	if c.MasterPlan {
		res.Say("Master Plan Copy: its owner was Busted; at the end of the heist everyone is Busted.")
	}
}

// indoors lists characters on the board and not Outdoors.
func (s *State) indoors() []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() && !s.tile(c.Hex).Entrance {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) onBoardChars() []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() {
			out = append(out, c)
		}
	}
	return out
}

// loseIdea takes an Idea from a character because of an Event; a Lucky
// Penny is discarded instead (REMEMBER WHERE YOU CAME FROM). With no Idea
// the Event takes nothing, so the Penny stays.
func (s *State) loseIdea(c *Character, res *engine.Result) {
	if c.Ideas == 0 {
		return
	}
	if c.has("item Lucky Penny") {
		s.discardItem(c, "Lucky Penny")
		res.Say("%s discards the Lucky Penny instead of losing an Idea.", c.ref())
		return
	}
	if c.Ideas > 0 {
		c.Ideas--
		res.Say("%s loses an Idea (%d left).", c.ref(), c.Ideas)
	}
}
