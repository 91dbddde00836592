package content

import (
	"strings"
	"testing"
)

// TestLegendDecodesEveryTileCode pins what each tile of the scenario
// legend starts with: the guards, cash values, gates and entrances that
// setup puts on the map come from this decoding, so a tile that gains or
// loses a piece changes every heist that uses it.
func TestLegendDecodesEveryTileCode(t *testing.T) {
	want := map[string]string{
		"GP": "", "EM": "", "SC": "unknown", "GU": "guard", "LO": "lock", "CM": "camera",
		"DO": "dog", "JW": "jewel", "$1": "cash$1k", "$2": "cash$2k", "$3": "cash$3k",
		"PP": "documents", "USB": "usb", "RE": "reinforcements", "WT": "watchtower",
		"GA": "gate A", "GB": "gate B", "GC": "gate C", "GD": "gate D",
		"E1": "entrance NE", "E2": "entrance E", "E3": "entrance SE",
		"E4": "entrance SW", "E5": "entrance W", "E6": "entrance NW",
		"*": "story-beacon", "BE": "discovery-beacon",
		"G2": "guard, guard", "L2": "lock, lock", "C2": "camera, camera",
		"2GL": "guard, lock", "2GC": "guard, camera", "2GD": "guard, dog",
		"G1K": "guard, cash$1k", "G2K": "guard, cash$2k", "G3K": "guard, cash$3k",
		"GKC": "guard, keycard", "GDGD": "dog, dog",
		"2CL": "camera, lock", "2CD": "camera, dog", "2LD": "lock, dog",
		"SX": "server X", "SY": "server Y", "RX": "remote-lock X", "RY": "remote-lock Y",
		"RXJ": "remote-lock X, jewel", "RXD": "remote-lock X, documents",
		"RYJ": "remote-lock Y, jewel", "RXM": "remote-lock X, character",
		"RYM": "remote-lock Y, character", "RYD": "remote-lock Y, documents",
		"KC": "keycard", "KCL": "keycard-door", "DK": "kennel", "S": "safe",
		"AA": "painting Apple", "AG": "painting Grapes", "AS": "painting Strawberry",
		"AC": "painting Church", "AH": "painting House", "AL": "painting Lighthouse",
		"MW": "npc", "I": "item", "T": "tunnel",
	}
	c := load(t)
	if len(c.Legend) != len(want) {
		t.Errorf("legend has %d codes, the table %d", len(c.Legend), len(want))
	}
	for _, l := range c.Legend {
		w, ok := want[l.Code]
		if !ok {
			t.Errorf("legend code %s (%s) not in the table", l.Code, l.Description)
			continue
		}
		if got := pieceList(l); got != w {
			t.Errorf("%s %q decodes to %q, want %q", l.Code, l.Description, got, w)
		}
		if l.Gap != (l.Code == "GP") {
			t.Errorf("%s: gap %v", l.Code, l.Gap)
		}
	}
}

func pieceList(t *TileCode) string {
	var s []string
	for _, p := range t.Pieces {
		s = append(s, p.String())
	}
	return strings.Join(s, ", ")
}

// TestDecodeTileCountsAndRemarks covers descriptions the shipped legend does
// not use but the decoder promises: a count word before cash or a noun, a
// description that is only a remark, and the refusals that name what is
// wrong.
func TestDecodeTileCountsAndRemarks(t *testing.T) {
	for _, c := range []struct{ desc, want, err string }{
		{desc: "Three $2k", want: "cash$2k, cash$2k, cash$2k"},
		{desc: "Two Locks and $1k", want: "lock, lock, cash$1k"},
		{desc: "Four Cameras", want: "camera, camera, camera, camera"},
		{desc: "(nothing but a remark)", want: ""},
		{desc: "Lockdown Gate", err: "needs a label"},
		{desc: "Entrance/Exit", err: "entrance without a side"},
		{desc: "Entrance/Exit (Middle)", err: "unknown side"},
		{desc: "Flying Saucer", err: "cannot decode"},
	} {
		tc, err := decodeTile("XX", c.desc)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one saying %q", c.desc, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.desc, err)
			continue
		}
		if got := pieceList(tc); got != c.want {
			t.Errorf("%q decodes to %q, want %q", c.desc, got, c.want)
		}
	}
}

// TestSlugifyKeepsLettersAndDigits checks the slug players type for a
// scenario: the first and last letters and digits of each range survive,
// and a run of anything else, leading or inside, becomes at most one hyphen
// between words.
func TestSlugifyKeepsLettersAndDigits(t *testing.T) {
	for in, want := range map[string]string{
		"The Inclusion Job":  "the-inclusion-job",
		"  Azure 09, Zed!":   "azure-09-zed",
		"a-z 0..9":           "a-z-0-9",
		"County #1: Fair":    "county-1-fair",
		"!!Zz":               "zz",
		"Bank Job 2 (Night)": "bank-job-2-night",
	} {
		if got := Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestScenarioTextRefusals checks that a malformed scenarios file is refused
// with its reason rather than read wrongly: a file with only the legend
// holds no heist but is not an error, a scenario without a hex grid is
// refused, and rows that are not alternately indented are not a hex grid.
func TestScenarioTextRefusals(t *testing.T) {
	legend := "## Legend: tile codes\nEM Empty\nGU Guard\nE5 Entrance/Exit (Left)\n"
	var c Content
	if err := parseScenarios("Intro\n\n"+legend, &c); err != nil || len(c.Scenarios) != 0 {
		t.Errorf("legend only: err %v, %d scenarios; want no error and none", err, len(c.Scenarios))
	}
	head := "## The Test Job\nmap name: Test; difficulty: A\nsecurity bag: guards=1\nevent deck order (top first): 1-2\n"
	for name, c := range map[string]struct{ text, err string }{
		"no hex grid":    {head, "missing map name, deck, bag or hex grid"},
		"two flush rows": {head + "hex grid: rows\nEM GU\nEM E5\n", "not a hex grid"},
	} {
		var ct Content
		err := parseScenarios("Intro\n"+c.text+legend, &ct)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.err)
		}
	}
	var ok Content
	if err := parseScenarios("Intro\n"+head+"hex grid: rows\nEM GU\n  EM E5\n"+legend, &ok); err != nil {
		t.Fatalf("well-formed scenario refused: %v", err)
	}
}

// TestDeckRangeOfOneCard checks that a deck range whose ends are equal
// ("5-5") is the one event, and that a backwards range is refused.
func TestDeckRangeOfOneCard(t *testing.T) {
	c := load(t)
	s := &Scenario{DeckList: "5-5"}
	if err := s.buildDeck(c); err != nil || len(s.Deck) != 1 || s.Deck[0].Code != "5" {
		t.Errorf("5-5: err %v, deck %v; want the one event 5", err, s.Deck)
	}
	back := &Scenario{DeckList: "6-5"}
	if err := back.buildDeck(c); err == nil {
		t.Errorf("6-5 accepted: deck %v", back.Deck)
	}
}
