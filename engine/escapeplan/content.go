package escapeplan

// This file holds the components of Escape Plan as data. Counts marked
// "published" come from the component list; every other number is
// ours (see CONTENT.md).

// Land types of City tiles. Water is a Land type whose spaces may only be
// entered through a Ferry in the same body of water, a Jet Ski or Scuba Gear.
const (
	Downtown   = "downtown"
	Uptown     = "uptown"
	Industrial = "industrial"
	Water      = "water"
)

// Location kinds, in the rules' own words.
const (
	Business  = "business"
	SafeHouse = "safe house"
	Store     = "store"
	Church    = "church"
	Gang      = "gang"
	Exit      = "exit"
	Clinic    = "clinic"
	Hospital  = "hospital"
)

// Police Officer colours (published: 10 of each).
var OfficerColours = []string{"red", "blue", "black"}

// LocDef is one Location printed on a City tile or on the board.
type LocDef struct {
	Kind string
	// Name is the fixed name of the Location; Business and Safe House
	// Locations take the name of the tile placed on them.
	Name string
	// StoreLetter is a, b, c or d for Convenience Stores.
	StoreLetter string
	// ExitNo is 1..3 for Exits; Patrol space n guards Exit n.
	ExitNo int
	// Heliport allows a 1 MP flight from this Location.
	Heliport bool
	// Area is the Land area of its tile the Location opens onto.
	Area int
}

// TileDef is one City tile (or one tile printed on the board).
type TileDef struct {
	ID string
	// Land is the tile's main Land type, that of its first Land area.
	Land string
	// Areas are the Land types of the tile's Land areas, Areas[0] == Land
	// (one area when nil). A tile has at most one area of each type.
	Areas []string
	// Edges names the area on each of the tile's 6 sides, in the order
	// north, north-east, south-east, south, south-west, north-west, as
	// digits indexing Areas ("" = every side on area 0). Tiles are never
	// turned: the sides are as printed.
	Edges string
	// Stack is "s" for Start tiles, "a".."d" for the lettered stacks and
	// "board" for the Hospital and Store D printed on the board.
	Stack string
	Locs  []LocDef
	// Subway is a Subway station on the tile's first Land area.
	Subway  bool
	Helipad bool
	Ferry   bool
}

// CityTiles are the 14 published City tiles (2 Start tiles and 3 per
// lettered stack) and, last, the 2 tiles printed on the board. Every land
// City tile has two Land areas, so a Move may cross a tile without changing
// Land type only along a run of matching sides.
var CityTiles = []TileDef{
	{ID: "s1", Land: Downtown, Areas: []string{Downtown, Uptown}, Edges: "001110", Stack: "s", Subway: true, Locs: []LocDef{{Kind: Church, Name: "church"}}},
	{ID: "s2", Land: Uptown, Areas: []string{Uptown, Industrial}, Edges: "001110", Stack: "s", Locs: []LocDef{{Kind: Clinic, Name: "clinic"}, {Kind: Gang, Name: "kings", Area: 1}}},
	{ID: "a1", Land: Downtown, Areas: []string{Downtown, Industrial}, Edges: "011100", Stack: "a", Subway: true, Locs: []LocDef{{Kind: Business}, {Kind: SafeHouse, Area: 1}}},
	{ID: "a2", Land: Industrial, Areas: []string{Industrial, Downtown}, Edges: "000110", Stack: "a", Helipad: true, Locs: []LocDef{{Kind: Store, Name: "store a", StoreLetter: "a"}, {Kind: Gang, Name: "rats", Area: 1}}},
	{ID: "a3", Land: Water, Stack: "a", Ferry: true},
	{ID: "b1", Land: Uptown, Areas: []string{Uptown, Downtown}, Edges: "100011", Stack: "b", Locs: []LocDef{{Kind: Business}, {Kind: Exit, Name: "north exit", ExitNo: 1, Area: 1}}},
	{ID: "b2", Land: Downtown, Areas: []string{Downtown, Uptown}, Edges: "001100", Stack: "b", Subway: true, Locs: []LocDef{{Kind: Business}, {Kind: Store, Name: "store b", StoreLetter: "b", Area: 1}}},
	{ID: "b3", Land: Industrial, Areas: []string{Industrial, Uptown}, Edges: "110000", Stack: "b", Locs: []LocDef{{Kind: SafeHouse}, {Kind: Gang, Name: "fangs", Area: 1}}},
	{ID: "c1", Land: Industrial, Areas: []string{Industrial, Downtown}, Edges: "000011", Stack: "c", Subway: true, Locs: []LocDef{{Kind: Business, Area: 1}, {Kind: Exit, Name: "rail exit", ExitNo: 2}}},
	{ID: "c2", Land: Water, Stack: "c", Ferry: true},
	{ID: "c3", Land: Uptown, Areas: []string{Uptown, Industrial}, Edges: "011000", Stack: "c", Locs: []LocDef{{Kind: Business}, {Kind: Store, Name: "store c", StoreLetter: "c", Area: 1}}},
	{ID: "d1", Land: Downtown, Areas: []string{Downtown, Uptown}, Edges: "000110", Stack: "d", Locs: []LocDef{{Kind: Business, Heliport: true}, {Kind: SafeHouse, Area: 1}}},
	{ID: "d2", Land: Uptown, Areas: []string{Uptown, Industrial}, Edges: "100001", Stack: "d", Helipad: true, Locs: []LocDef{{Kind: Gang, Name: "owls"}, {Kind: Exit, Name: "harbour exit", ExitNo: 3, Area: 1}}},
	{ID: "d3", Land: Water, Stack: "d"},
	{ID: "hq", Land: Uptown, Stack: "board", Locs: []LocDef{{Kind: Hospital, Name: "hospital", Heliport: true}}},
	{ID: "sd", Land: Downtown, Stack: "board", Locs: []LocDef{{Kind: Store, Name: "store d", StoreLetter: "d"}}},
}

// Grid size of the city (flat-top hexes, odd columns shifted down).
const (
	GridCols = 7
	GridRows = 5
)

// BoardSide is one side of the game board: where the printed tiles and the
// two 'S' spaces are.
type BoardSide struct {
	Name     string
	Hospital [2]int
	StoreD   [2]int
	Start    [2][2]int
}

// BoardSides: side A for 1–3 players, side B for 4–5 players.
var BoardSides = map[string]BoardSide{
	"A": {Name: "A", Hospital: [2]int{3, 2}, StoreD: [2]int{2, 1}, Start: [2][2]int{{3, 1}, {4, 1}}},
	"B": {Name: "B", Hospital: [2]int{3, 2}, StoreD: [2]int{4, 2}, Start: [2][2]int{{2, 2}, {3, 3}}},
}

// BusinessTile is one of the 6 published Business tiles; three of a Group
// visited by one player earn the group bonus.
type BusinessTile struct{ Name, Group string }

// BusinessTiles are the Business tiles in two groups of three.
var BusinessTiles = []BusinessTile{
	{"casino", "strip"}, {"bank", "strip"}, {"jeweler", "strip"},
	{"nightclub", "riverside"}, {"pawnshop", "riverside"}, {"gallery", "riverside"},
}

// SafeHouseTiles are the 3 published Safe House tiles.
var SafeHouseTiles = []string{"loft", "attic", "den"}

// KeyColours are the colours of the 9 published Keys (3 each), matching
// the Locker colours.
var KeyColours = []string{"green", "black", "brown"}

// LockerRequirement is the number printed on the bottom of every Locker
// tile of a colour: Notoriety + Contact cards owned must reach it.
var LockerRequirement = map[string]int{"green": 2, "black": 4, "brown": 6}

// SecretTile is a face-down Locker or Exit tile: its contents and value.
type SecretTile struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// LockerTiles are the 15 published Locker tiles, 5 per colour.
var LockerTiles = map[string][]SecretTile{
	"green": {{"Pocket Watch", 4}, {"Cash Roll", 6}, {"Silver Lighter", 7}, {"Cufflinks", 9}, {"Pearl Earrings", 11}},
	"black": {{"Rare Stamps", 8}, {"Bearer Bonds", 10}, {"Gold Chain", 12}, {"Emerald Pin", 14}, {"Ledger Copy", 16}},
	"brown": {{"Ruby Brooch", 12}, {"Old Masters Sketch", 15}, {"Diamond Ring", 18}, {"Platinum Ingot", 21}, {"Sapphire Tiara", 25}},
}

// ExitStackColours name the two published types of Exit tile (5 each).
var ExitStackColours = []string{"grey", "gold"}

// ExitTiles are the 10 published Exit tiles.
var ExitTiles = map[string][]SecretTile{
	"grey": {{"Bus Ticket", 5}, {"Fake Moustache", 7}, {"Train Pass", 9}, {"Forged Visa", 11}, {"Clean Passport", 14}},
	"gold": {{"Ferry Ticket", 8}, {"Offshore Account", 10}, {"Yacht Berth", 12}, {"Private Jet Seat", 15}, {"New Identity", 18}},
}

// EquipmentTypes are the 4 published Equipment types (4 tiles each), with
// their price and the officer colours each avoids.
var EquipmentTypes = []struct {
	Name    string
	Price   int
	Colours []string
}{
	{"vest", 2, []string{"red"}},
	{"hat", 2, []string{"blue"}},
	{"helmet", 2, []string{"black"}},
	{"gas mask", 3, []string{"black", "blue"}},
}

// FixerKinds are the 11 Fixer tiles the rules describe with their prices;
// 8 of them (published count) are used in each game, chosen at random.
var FixerKinds = []struct {
	Name  string
	Price int
}{
	{"disguise", 2}, {"energy drink", 2}, {"first aid kit", 1}, {"gold bar", 3},
	{"id card", 4}, {"motorcycle", 2}, {"safe", 3}, {"scuba gear", 1},
	{"helicopter", 1}, {"skateboard", 1}, {"telephone", 2},
}

// FixersInPlay is the published number of Fixer tiles.
const FixersInPlay = 8

// ContactKind is one kind of Contact card.
type ContactKind struct {
	Name   string // move text and label, e.g. "bribe red"
	Effect string // what the card does
	Colour string // the indicated officer colour, when any
	Cost   int
	Star   bool // gain 1 Notoriety on use
}

// ContactDeck is the 32 published Contact cards; the mix is ours. Spy 2
// appears once so that two refresh cards can never feed each other.
var ContactDeck = func() []ContactKind {
	var d []ContactKind
	add := func(n int, k ContactKind) {
		for i := 0; i < n; i++ {
			d = append(d, k)
		}
	}
	add(1, ContactKind{"bribe red", "bribe", "red", 2, true})
	add(1, ContactKind{"bribe blue", "bribe", "blue", 2, true})
	add(1, ContactKind{"rally black", "bribe", "black", 2, true})
	add(1, ContactKind{"chopper", "chopper", "", 2, true})
	add(2, ContactKind{"fast car", "fast car", "", 3, true})
	add(1, ContactKind{"boxer", "boxer", "red", 2, true})
	add(1, ContactKind{"fight", "boxer", "blue", 2, true})
	add(1, ContactKind{"ninja", "boxer", "black", 2, true})
	add(3, ContactKind{"fixer", "fixer", "", 4, false})
	add(2, ContactKind{"gang", "gang", "", 2, true})
	add(2, ContactKind{"gas can", "gas can", "", 0, false})
	add(2, ContactKind{"general store", "general store", "", 2, false})
	add(2, ContactKind{"informer", "informer", "", 3, false})
	add(1, ContactKind{"jet ski", "jet ski", "", 0, false})
	add(1, ContactKind{"medevac", "medevac", "", 0, false})
	add(1, ContactKind{"medic", "medic", "", 2, true})
	add(2, ContactKind{"sewer", "sewer", "", 2, true})
	add(1, ContactKind{"snitch red", "snitch", "red", 1, true})
	add(1, ContactKind{"snitch blue", "snitch", "blue", 1, true})
	add(1, ContactKind{"snitch black", "snitch", "black", 1, true})
	add(1, ContactKind{"spy 1", "spy 1", "", 2, true})
	add(1, ContactKind{"spy 2", "spy 2", "", 3, true})
	add(1, ContactKind{"spy 3", "spy 3", "", 3, true})
	add(1, ContactKind{"stunt", "stunt", "", 1, true})
	return d
}()

// ContactSpaces is the number of Contact card spaces on a Player Board; 3
// of them start under the bottom row's locked Asset tiles. With all 6
// holding a card, the end-game discard leaves 5, the published $100k.
const ContactSpaces = 6

// ContactBonus is the end-game $ for 0..5 Contact cards on a Player Board
// (the published top value is $100k for 5).
var ContactBonus = []int{0, 5, 15, 30, 60, 100}

// Asset tile names. The three police assets start on the top row, Avoid,
// Master Key and Heal on the bottom row, and Extra Action already unlocked.
var (
	AssetTopRow    = []string{"red", "blue", "black"}
	AssetBottomRow = []string{"avoid", "master key", "heal"}
)

// AssetExtra is the Extra Action Asset tile.
const AssetExtra = "extra"

// AssetPrices are the prices of the unlocked Asset spaces, most expensive
// (left) first; the first holds the Extra Action tile at setup.
var AssetPrices = []int{5, 4, 3, 2, 1, 0}

// ItemSpaces is how many Equipment, Fixer, Locker and Exit tiles a Player
// Board holds together once the 3 police Asset tiles that start on the
// rightmost Item spaces are unlocked.
const ItemSpaces = 6

// IncomeValues[k] is the income with k cubes taken from the Income track:
// the number printed on the lowest uncovered space.
var IncomeValues = []int{2, 3, 4, 4, 5, 5, 6, 6, 7, 8}

// IncomeCubes is the published number of Income cubes per player.
const IncomeCubes = 9

// Notoriety track: positions 0 (bottom, start) to NotorietyTop; a threshold
// lies above each of NotorietyThresholds (crossing means moving from that
// position to the next one up).
const NotorietyTop = 12

// NotorietyThresholds are the positions whose upper edge is a threshold.
var NotorietyThresholds = []int{3, 6, 9}

// NotorietyPenalty is the end-game loss by track position.
func NotorietyPenalty(pos int) int {
	switch {
	case pos <= 3:
		return 0
	case pos <= 6:
		return 10
	case pos <= 9:
		return 20
	}
	return 35
}

// NotorietyCubes is the published number of Notoriety cubes per player.
const NotorietyCubes = 4

// EscapeCosts are the two published Exit Cost cards: the cost for the
// n-th player to escape (index = players already escaped).
var EscapeCosts = map[string][]int{
	"A": {3, 5, 8},
	"B": {2, 3, 5, 8, 10},
}

// EscapePlan is one of the 9 published Escape Plan cards: the Businesses and
// Safe House that show the Income symbol for its owner.
type EscapePlan struct {
	Title   string
	Targets []string
}

// EscapePlans: every card targets one Business of each group and one Safe
// House, so that all 9 combinations of the rules' components are covered.
var EscapePlans = []EscapePlan{
	{"The Midnight Switch", []string{"casino", "nightclub", "loft"}},
	{"The Velvet Exit", []string{"bank", "pawnshop", "attic"}},
	{"The Long Goodbye", []string{"jeweler", "gallery", "den"}},
	{"The Quiet Heir", []string{"casino", "pawnshop", "den"}},
	{"The Paper Moon", []string{"bank", "gallery", "loft"}},
	{"The Copper Kettle", []string{"jeweler", "nightclub", "attic"}},
	{"The Blind Tiger", []string{"casino", "gallery", "attic"}},
	{"The Grey Fox", []string{"bank", "nightclub", "den"}},
	{"The Last Lantern", []string{"jeweler", "pawnshop", "loft"}},
}

// PlanTargetValue and PlanOtherValue are what each own cube on a Business or
// Safe House pays at the end, on and off the Escape Plan card.
const (
	PlanTargetValue = 15
	PlanOtherValue  = 4
)

// InspectorCard is one of Sandra's 15 published cards: a Location she
// travels to. Exit cards name an Exit tile stack: she goes to the closed
// Exit that holds it.
type InspectorCard struct {
	Kind string // Business, SafeHouse, Store or Exit
	Name string // business/safe house name, store letter, exit stack colour
}

// InspectorDeck is Sandra's deck.
var InspectorDeck = []InspectorCard{
	{Business, "casino"}, {Business, "bank"}, {Business, "jeweler"},
	{Business, "nightclub"}, {Business, "pawnshop"}, {Business, "gallery"},
	{SafeHouse, "loft"}, {SafeHouse, "attic"}, {SafeHouse, "den"},
	{Store, "a"}, {Store, "b"}, {Store, "c"}, {Store, "d"},
	{Exit, "grey"}, {Exit, "gold"},
}

// StoreLockerStack is the Locker stack depicted on Stores A, B and C.
var StoreLockerStack = map[string]string{"a": "green", "b": "black", "c": "brown"}

// Published supply counts.
const (
	OfficersPerColour = 10
	GangMembers       = 8
	GasCans           = 6
	ExtraActionDiscs  = 10
	HandcuffCards     = 10
	PatrolCards       = 6
	StartMoney        = 9
	MaxGas            = 2
	GangVisitCost     = 5
	// BankMoney is the money supply; the rules treat money as unlimited, we
	// keep a bank so that conservation can be tested.
	BankMoney = 2000
)

// TurnNames are the 5 turns of the Player Action phase: 3 Required turns
// and 2 Optional turns (night and dawn).
var TurnNames = []string{"morning", "afternoon", "evening", "night", "dawn"}

// RequiredTurns is the number of Required turns.
const RequiredTurns = 3
