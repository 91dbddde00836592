// Package heist draws the public board of Masters of the Heist: the hex map
// with its tiles, chits, loot, module pieces, planning tokens, characters
// and NPC, and beside it the noise tracker, the next Event cards, the
// Crisis queue, the team and a legend.
//
// Drawing works from MapScene, plain data that says everything the picture
// needs, so that the picture does not depend on the rules engine's types:
// SceneFromView adapts the engine's public view (*heist.View, described in
// engine/heist/CONTENT.md) into a MapScene, SceneFromScenario builds the
// set-up board of a scenario straight from the content data, and DrawScene
// draws either. Board is SceneFromView then DrawScene.
//
// The picture is 1100 pixels wide and as tall as its contents (portrait):
// the result or whose turn it is on top, the map below it, then the noise
// tracker, the crew and the cards, and a legend of exactly the symbols
// drawn. It is laid out for Discord's inline preview on a phone: no text is
// smaller than a 55th of the width, and every hex lays its pawns, chits
// and markers out in slots that never cover its name or each other. It
// comes out as a 256-colour paletted image.
package heist

import (
	"fmt"

	"casefile/engine/heist/content"
)

// MapScene is everything the board picture shows, in plain data.
type MapScene struct {
	// Title is the scenario's name; Subtitle says where the heist stands
	// ("Round 3 · Action phase").
	Title, Subtitle string
	// Objective is the scenario's objective, shown under the title.
	Objective string
	// Rows, Cols and Indent describe the text grid of the scenario map
	// (see content.Coord): Indent[r] is set for rows drawn half a hex to
	// the right.
	Rows, Cols int
	Indent     []bool
	Hexes      []SceneHex
	// Figures are the characters and the NPC on the map.
	Figures []Figure
	Noise   NoiseTrack
	// Upcoming is the Event deck from its top; DeckLeft is how many cards
	// it holds in all (the picture shows only the first few).
	Upcoming []Card
	DeckLeft int
	// Active is the Event resolved last, if any.
	Active *Card
	// Crises is the Crisis queue in order.
	Crises []Card
	// Bag counts the chits left in the Security bag by kind ("guard").
	Bag []Count
	// Team lists the crew for the side panel, in seat order.
	Team []Member
	// TeamCash is the team's cash in $k.
	TeamCash int
	// Footer is a last line of small print (the phase's prompt, a result).
	Footer string
	// Acting names who still must act (characters' names, or "the team"),
	// for the status line under the title; empty when nobody is waited on.
	Acting []string
	// Result is set once the heist is over: the picture leads with it.
	Result *Result
}

// Result is how a finished heist ended.
type Result struct {
	Won bool
	// Summary is the rules' one-line account.
	Summary string
	// Secured is the cash that got out, in $k; Loot the other pieces.
	Secured int
	Loot    []string
}

// SceneHex is one tile or tunnel space of the map.
type SceneHex struct {
	Row, Col int
	// Label is the hex's name in moves ("c4").
	Label string
	// Entrance marks an Entrance/Exit. When Arrow is set, an arrow shows
	// EntranceDir, the side it joins the building through (a Tunnel turned
	// Entrance has no such side).
	Entrance    bool
	Arrow       bool
	EntranceDir content.Dir
	// Tunnel is a space where an Entrance may be placed; not a tile yet.
	Tunnel bool
	// Removed is a tile a Lockdown Gate took away: drawn as a ghost.
	Removed bool
	// Unknown is a Security tile whose chit is still in the bag.
	Unknown bool
	// Chits are the security chits on the hex; Active is their Active side
	// (unsubdued Guard or Dog, locked Lock, live Camera).
	Chits []Chit
	// Cash in $k (one piece of loot) and other loot ("jewel", "documents",
	// "usb", "keycard", "painting apple", "item Cheap Picks").
	Cash int
	Loot []string
	// Tokens are module pieces: "reinforcements", "watchtower", "kennel",
	// "safe", "keycard door", "beacon", "item", "gate a".."gate d",
	// "server x", "remote x", "prison" (a character starts locked in
	// here), and the like; "npc" (where the NPC starts) is left to the
	// NPC's Figure.
	Tokens []string
	// SafeNeeds and Cracks show a safe's progress.
	SafeNeeds, Cracks int
	// Plans are the seats with a planning token on the hex.
	Plans []int
	// Ideas are Idea tokens lying on the hex.
	Ideas int
}

// Chit is one security chit.
type Chit struct {
	Kind   string // "guard", "dog", "lock", "camera", "blank"
	Active bool
}

// Figure is a character or NPC standing on the map.
type Figure struct {
	Row, Col int
	// Seat is the owner's seat; -1 for the NPC.
	Seat int
	// Mark is the one- or two-letter mark drawn on the pawn.
	Mark    string
	Busted  bool
	Escaped bool
	// Waiting marks a character whose player still must act.
	Waiting bool
}

// Member is one line of the team panel.
type Member struct {
	Seat  int
	Name  string // the character's name
	Card  string // the character card, if different from Name
	Ideas int
	// Loot carried: cash in $k and other pieces.
	Cash int
	Loot []string
	// Status is a short word: "busted", "escaped", "done", the chosen
	// action, or the die roll.
	Status string
	NPC    bool
	// Waiting marks a character whose player still must act.
	Waiting bool
	// Mark is the pawn's mark (as on the map; the name's initials when
	// empty); Hex is where the character stands, if on the map.
	Mark, Hex string
}

// NoiseTrack is the noise tracker.
type NoiseTrack struct {
	// Level is the current noise (0 = start); Final is the last slot.
	Level, Final int
	// Alerts are the slots that raise an Alert when reached.
	Alerts []int
}

// Card is one Event or Crisis card.
type Card struct {
	Code   string // "7", "G1", "C3"
	Name   string
	Crisis bool
	// Final marks a final crisis (Z), which starts the Escape.
	Final bool
}

// Count is a number of something of a kind.
type Count struct {
	Kind string
	N    int
}

// HexLabel names a grid cell the way moves do: row letter, column number
// from 1 ("c4" is row 2, column 3 counted from 0).
func HexLabel(row, col int) string { return fmt.Sprintf("%c%d", 'a'+row, col+1) }

// SceneFromScenario builds the board of scenario s as set up, before
// planning: known chits active, Security tiles unknown, the Event deck in
// the scenario's order and the security bag full. The noise tracker is
// left empty: its size is the rules engine's to say.
func SceneFromScenario(s *content.Scenario) MapScene {
	m := s.Map
	sc := MapScene{
		Title:     s.Name,
		Subtitle:  fmt.Sprintf("%s · %s · set-up", s.MapName, difficultyName(s.Difficulty)),
		Objective: s.Objective,
		Rows:      m.Rows,
		Cols:      m.Cols,
		Indent:    append([]bool(nil), m.Indent...),
		DeckLeft:  len(s.Deck),
	}
	for _, h := range m.Hexes {
		sh := SceneHex{Row: h.Row, Col: h.Col, Label: HexLabel(h.Row, h.Col)}
		for _, p := range h.Tile.Pieces {
			switch p.Kind {
			case content.PieceUnknown:
				sh.Unknown = true
			case content.PieceGuard, content.PieceLock, content.PieceCamera, content.PieceDog:
				sh.Chits = append(sh.Chits, Chit{Kind: string(p.Kind), Active: true})
			case content.PieceCash:
				sh.Cash += p.Value
			case content.PieceJewel, content.PieceDocuments, content.PieceUSB, content.PieceKeycard:
				sh.Loot = append(sh.Loot, string(p.Kind))
			case content.PieceEntrance:
				sh.Entrance, sh.Arrow, sh.EntranceDir = true, true, p.Dir
			case content.PieceTunnel:
				sh.Tunnel = true
			case content.PieceSafe:
				sh.Tokens = append(sh.Tokens, "safe")
				sh.SafeNeeds = s.SafeCracks
			case content.PieceGate, content.PieceServer, content.PieceRemoteLock:
				kind := map[content.PieceKind]string{content.PieceGate: "gate", content.PieceServer: "server", content.PieceRemoteLock: "remote"}[p.Kind]
				sh.Tokens = append(sh.Tokens, kind+" "+lower(p.Label))
			case content.PieceStart:
				// A character starts locked in here (the Prisoner, or a
				// busted crew member in a breakout): a spot, not a pawn.
				sh.Tokens = append(sh.Tokens, "prison")
			case content.PieceNPC:
				// The rules decide who stands here (the scenario's NPC, or
				// nobody on the County maps), so set-up shows the spot.
				sh.Tokens = append(sh.Tokens, "npc")
			case content.PieceStoryBeacon, content.PieceDiscoveryBeacon:
				sh.Tokens = append(sh.Tokens, "beacon")
			default:
				sh.Tokens = append(sh.Tokens, string(p.Kind))
			}
		}
		sc.Hexes = append(sc.Hexes, sh)
	}
	for i, d := range s.Deck {
		if i >= 6 {
			break
		}
		sc.Upcoming = append(sc.Upcoming, deckCard(d))
	}
	for _, b := range s.Bag {
		if b.Count > 0 {
			sc.Bag = append(sc.Bag, Count{Kind: b.Kind, N: b.Count})
		}
	}
	return sc
}

// difficultyName spells out the booklet's difficulty letters, which the
// picture would otherwise show unexplained.
func difficultyName(d string) string {
	switch d {
	case "A":
		return "Amateur"
	case "S":
		return "Semi-Pro"
	case "P":
		return "Pro"
	case "":
		return "any difficulty"
	}
	return "difficulty " + d
}

func deckCard(d content.DeckCard) Card {
	c := Card{Code: d.Code, Name: d.Name(), Crisis: d.IsCrisis()}
	if d.Crisis != nil {
		c.Final = d.Crisis.Final()
	}
	return c
}

func lower(s string) string {
	b := []byte(s)
	for i, ch := range b {
		if ch >= 'A' && ch <= 'Z' {
			b[i] = ch + 'a' - 'A'
		}
	}
	return string(b)
}
