package content

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// PieceKind is a kind of thing a map tile starts with.
type PieceKind string

// The piece kinds the legend's descriptions name. Unknown is a Security
// tile whose chit is still in the bag; Start marks a hex where a character
// starts locked in ("Covering Character").
const (
	PieceUnknown         PieceKind = "unknown"
	PieceGuard           PieceKind = "guard"
	PieceLock            PieceKind = "lock"
	PieceCamera          PieceKind = "camera"
	PieceDog             PieceKind = "dog"
	PieceJewel           PieceKind = "jewel"
	PieceCash            PieceKind = "cash"
	PieceDocuments       PieceKind = "documents"
	PieceUSB             PieceKind = "usb"
	PieceReinforcements  PieceKind = "reinforcements"
	PieceWatchtower      PieceKind = "watchtower"
	PieceGate            PieceKind = "gate"
	PieceEntrance        PieceKind = "entrance"
	PieceStoryBeacon     PieceKind = "story-beacon"
	PieceDiscoveryBeacon PieceKind = "discovery-beacon"
	PieceServer          PieceKind = "server"
	PieceRemoteLock      PieceKind = "remote-lock"
	PieceKeycard         PieceKind = "keycard"
	PieceKeycardDoor     PieceKind = "keycard-door"
	PieceKennel          PieceKind = "kennel"
	PieceSafe            PieceKind = "safe"
	PiecePainting        PieceKind = "painting"
	PieceNPC             PieceKind = "npc"
	PieceStart           PieceKind = "character"
	PieceItem            PieceKind = "item"
	PieceTunnel          PieceKind = "tunnel"
)

// Piece is one thing on a tile at setup.
type Piece struct {
	Kind PieceKind
	// Label is the gate letter (A..D), server or remote-lock letter (X, Y)
	// or painting subject; empty otherwise.
	Label string
	// Value is the cash value in $k for PieceCash.
	Value int
	// Dir is the side an entrance joins the building through.
	Dir Dir
}

// String gives a short form such as "guard", "cash$2k", "gate A", "entrance NE".
func (p Piece) String() string {
	switch p.Kind {
	case PieceCash:
		return fmt.Sprintf("cash$%dk", p.Value)
	case PieceEntrance:
		return "entrance " + p.Dir.String()
	}
	if p.Label != "" {
		return string(p.Kind) + " " + p.Label
	}
	return string(p.Kind)
}

// TileCode is one entry of the scenario map legend.
type TileCode struct {
	Code        string // "SC", "2GL", "E1", ...
	Description string // as in the legend: "Guard and Lock"
	// Pieces is what the tile starts with, decoded from Description. An
	// empty tile has none; a gap has Gap set instead.
	Pieces []Piece
	Gap    bool
}

// Has reports whether the tile starts with a piece of kind k.
func (t *TileCode) Has(k PieceKind) bool {
	for _, p := range t.Pieces {
		if p.Kind == k {
			return true
		}
	}
	return false
}

// Count returns how many pieces of kind k the tile starts with.
func (t *TileCode) Count(k PieceKind) int {
	n := 0
	for _, p := range t.Pieces {
		if p.Kind == k {
			n++
		}
	}
	return n
}

var cashRE = regexp.MustCompile(`^\$(\d+)k$`)

// phrases maps the legend's nouns to piece kinds. Longer phrases come
// first so "keycard door" wins over "keycard" and "guard dog" over "guard".
// A trailing "+" means the phrase takes the next word as its label.
var phrases = []struct {
	words string
	kind  PieceKind
}{
	{"unknown security", PieceUnknown},
	{"lockdown gate +", PieceGate},
	{"story beacon", PieceStoryBeacon},
	{"discovery beacon", PieceDiscoveryBeacon},
	{"remote lock +", PieceRemoteLock},
	{"server +", PieceServer},
	{"keycard door", PieceKeycardDoor},
	{"keycard", PieceKeycard},
	{"guard dogs", PieceDog},
	{"guard dog", PieceDog},
	{"guards", PieceGuard},
	{"guard", PieceGuard},
	{"locks", PieceLock},
	{"lock", PieceLock},
	{"cameras", PieceCamera},
	{"camera", PieceCamera},
	{"dogs", PieceDog},
	{"dog", PieceDog},
	{"jewels", PieceJewel},
	{"jewel", PieceJewel},
	{"documents", PieceDocuments},
	{"document", PieceDocuments},
	{"usb drive", PieceUSB},
	{"reinforcements", PieceReinforcements},
	{"watchtower", PieceWatchtower},
	{"kennel", PieceKennel},
	{"safe", PieceSafe},
	{"painting of +", PiecePainting},
	{"non-player character", PieceNPC},
	{"character", PieceStart},
	{"item", PieceItem},
	{"tunnel", PieceTunnel},
}

var numberWords = map[string]int{"two": 2, "three": 3, "four": 4}

var entranceDirs = map[string]Dir{
	"upper right": NE, "right": E, "lower right": SE,
	"lower left": SW, "left": W, "upper left": NW,
}

// decodeTile turns a legend description into the pieces it names.
func decodeTile(code, desc string) (*TileCode, error) {
	t := &TileCode{Code: code, Description: desc}
	low := strings.ToLower(strings.TrimSpace(desc))
	switch low {
	case "gap":
		t.Gap = true
		return t, nil
	case "empty":
		return t, nil
	}
	if strings.HasPrefix(low, "entrance/exit") {
		i, j := strings.Index(low, "("), strings.Index(low, ")")
		if i < 0 || j < i {
			return nil, fmt.Errorf("legend %s: entrance without a side: %q", code, desc)
		}
		d, ok := entranceDirs[low[i+1:j]]
		if !ok {
			return nil, fmt.Errorf("legend %s: unknown side %q", code, low[i+1:j])
		}
		t.Pieces = []Piece{{Kind: PieceEntrance, Dir: d}}
		return t, nil
	}
	// A parenthesised remark ("(potential entrance)") explains, it adds no piece.
	if i := strings.Index(low, "("); i >= 0 {
		low = strings.TrimSpace(low[:i])
	}
	words := strings.Fields(low)
	origWords := strings.Fields(desc)
	count := 1
	for i := 0; i < len(words); {
		w := words[i]
		if w == "and" || w == "covering" {
			i++
			continue
		}
		if n, ok := numberWords[w]; ok {
			count = n
			i++
			continue
		}
		if m := cashRE.FindStringSubmatch(w); m != nil {
			v, _ := strconv.Atoi(m[1])
			for ; count > 0; count-- {
				t.Pieces = append(t.Pieces, Piece{Kind: PieceCash, Value: v})
			}
			count = 1
			i++
			continue
		}
		matched := false
		for _, ph := range phrases {
			pw := strings.Fields(ph.words)
			label := pw[len(pw)-1] == "+"
			if label {
				pw = pw[:len(pw)-1]
			}
			if i+len(pw) > len(words) || strings.Join(words[i:i+len(pw)], " ") != strings.Join(pw, " ") {
				continue
			}
			p := Piece{Kind: ph.kind}
			i += len(pw)
			if label {
				if i >= len(words) {
					return nil, fmt.Errorf("legend %s: %q needs a label", code, ph.words)
				}
				p.Label = origWords[i]
				i++
			}
			for ; count > 0; count-- {
				t.Pieces = append(t.Pieces, p)
			}
			count = 1
			matched = true
			break
		}
		if !matched {
			return nil, fmt.Errorf("legend %s: cannot decode %q at %q", code, desc, w)
		}
	}
	return t, nil
}
