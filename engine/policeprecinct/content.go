package policeprecinct

import "fmt"

// Content as data. Every value here is listed in CONTENT.md with its
// source: the rules file ([R]), a public source named in the study ([P1]…
// [P13]), or our own design ([ours]). Card texts are our own words.

// ---------------------------------------------------------------------------
// The city map [ours; shape from the study §1A.2]
//
// Three avenues run east–west (a, b, c from north to south) and four streets
// run north–south (d, e, f, g from west to east). Where an avenue meets a
// street is a Street Intersection, named "b-e". Between two neighbouring
// intersections lie 2 Street Spaces: avenue spaces a1…a6, b1…b6, c1…c6 (west
// to east), street spaces d1…d4, e1…e4, f1…f4, g1…g4 (north to south): 34
// Street Spaces and 12 Street Intersections. The six city blocks sit between
// them, 3 columns × 2 rows, numbered 1–3 (north row) and 4–6 (south row);
// each block holds four lots, one per corner.

// Avenues and Streets, in map order.
var (
	Avenues = []string{"a", "b", "c"}
	Streets = []string{"d", "e", "f", "g"}
)

// NumSpaces is the number of Street Spaces.
const NumSpaces = 34

// Quadrant of a block: the lot's corner.
const (
	NW = iota
	NE
	SW
	SE
)

// LotKind is what stands on a lot.
type LotKind string

const (
	KindBadHood   LotKind = "bad hood"
	KindWarehouse LotKind = "warehouse"
	KindApartment LotKind = "apartment"
	KindLandmark  LotKind = "landmark"
)

// Landmark lots.
const (
	PoliceStation = "police station"
	Hospital      = "hospital"
	Morgue        = "morgue"
	ParkingLot    = "parking lot"
	Bank          = "bank"
	School        = "school"
)

// LotDef is one lot of a block: its name, kind, block, corner and, for a
// building or area, the Street Space its white Enter arrow opens onto.
type LotDef struct {
	Name  string  `json:"name"`
	Kind  LotKind `json:"kind"`
	Block int     `json:"block"`
	Quad  int     `json:"quad"`
	// Enter is the Street Space of the Enter arrow (-1 for a Bad Hood,
	// which has none).
	Enter int `json:"enter"`
	// Sides are the two Street Spaces bordering the lot: "adjacent" to it.
	Sides [2]int `json:"sides"`
}

// blockLayout is what stands on each corner of each block (NW, NE, SW, SE),
// blocks 1–6 [ours].
var blockLayout = [6][4]string{
	{"bad hood 1", "warehouse 1", "apartment 1", Bank},
	{PoliceStation, "bad hood 2", "warehouse 2", "apartment 2"},
	{"apartment 3", "bad hood 3", School, "warehouse 3"},
	{"warehouse 4", ParkingLot, "bad hood 4", "apartment 4"},
	{Hospital, "apartment 5", "warehouse 5", "bad hood 5"},
	{Morgue, "warehouse 6", "apartment 6", "bad hood 6"},
}

// TrafficSpots are the intersections a rolled Traffic Emergency lands on,
// by die 1–6 [ours].
var TrafficSpots = [6]string{"a-e", "a-f", "b-e", "b-f", "c-e", "c-f"}

// The map, built once from the data above.
var (
	spaceNames []string       // index → "b3"
	spaceIndex map[string]int // "b3" → index
	interNames []string       // intersection index → "b-e"
	interIndex map[string]int
	// spaceInters lists, per space, the intersections it touches (a
	// segment's end spaces touch one).
	spaceInters [][]int
	// spaceNbrs lists, per space, the spaces next to it along its segment.
	spaceNbrs [][]int
	// interSpaces lists, per intersection, the spaces touching it.
	interSpaces [][]int
	Lots        []LotDef
	lotIndex    map[string]int
)

func avSpace(y, k int) int { return spaceIndex[fmt.Sprintf("%s%d", Avenues[y], k)] }
func stSpace(x, k int) int { return spaceIndex[fmt.Sprintf("%s%d", Streets[x], k)] }
func inter(y, x int) int   { return y*len(Streets) + x }

func init() {
	spaceIndex = map[string]int{}
	interIndex = map[string]int{}
	for y := range Avenues {
		for x := range Streets {
			name := Avenues[y] + "-" + Streets[x]
			interIndex[name] = len(interNames)
			interNames = append(interNames, name)
		}
	}
	interSpaces = make([][]int, len(interNames))
	addSpace := func(name string) int {
		i := len(spaceNames)
		spaceNames = append(spaceNames, name)
		spaceIndex[name] = i
		spaceInters = append(spaceInters, nil)
		spaceNbrs = append(spaceNbrs, nil)
		return i
	}
	link := func(sp, in int) {
		spaceInters[sp] = append(spaceInters[sp], in)
		interSpaces[in] = append(interSpaces[in], sp)
	}
	pair := func(a, b int) {
		spaceNbrs[a] = append(spaceNbrs[a], b)
		spaceNbrs[b] = append(spaceNbrs[b], a)
	}
	for y := range Avenues {
		for x := 0; x < len(Streets)-1; x++ {
			s1 := addSpace(fmt.Sprintf("%s%d", Avenues[y], 2*x+1))
			s2 := addSpace(fmt.Sprintf("%s%d", Avenues[y], 2*x+2))
			link(s1, inter(y, x))
			pair(s1, s2)
			link(s2, inter(y, x+1))
		}
	}
	for x := range Streets {
		for y := 0; y < len(Avenues)-1; y++ {
			s1 := addSpace(fmt.Sprintf("%s%d", Streets[x], 2*y+1))
			s2 := addSpace(fmt.Sprintf("%s%d", Streets[x], 2*y+2))
			link(s1, inter(y, x))
			pair(s1, s2)
			link(s2, inter(y+1, x))
		}
	}
	if len(spaceNames) != NumSpaces {
		panic("policeprecinct: map has the wrong number of Street Spaces")
	}
	lotIndex = map[string]int{}
	for b := 0; b < 6; b++ {
		c, r := b%3, b/3
		t0, t1 := avSpace(r, 2*c+1), avSpace(r, 2*c+2)
		b0, b1 := avSpace(r+1, 2*c+1), avSpace(r+1, 2*c+2)
		l0, l1 := stSpace(c, 2*r+1), stSpace(c, 2*r+2)
		r0, r1 := stSpace(c+1, 2*r+1), stSpace(c+1, 2*r+2)
		sides := [4][2]int{{t0, l0}, {t1, r0}, {b0, l1}, {b1, r1}}
		for q, name := range blockLayout[b] {
			kind := KindLandmark
			switch {
			case len(name) > 8 && name[:8] == "bad hood":
				kind = KindBadHood
			case len(name) > 9 && name[:9] == "warehouse":
				kind = KindWarehouse
			case len(name) > 9 && name[:9] == "apartment":
				kind = KindApartment
			}
			enter := sides[q][0] // the Enter arrow opens onto the avenue side [ours]
			if kind == KindBadHood {
				enter = -1
			}
			lotIndex[name] = len(Lots)
			Lots = append(Lots, LotDef{Name: name, Kind: kind, Block: b + 1, Quad: q, Enter: enter, Sides: sides[q]})
		}
	}
}

// SpaceName names Street Space i ("b3").
func SpaceName(i int) string { return spaceNames[i] }

// SpaceByName finds a Street Space by name.
func SpaceByName(name string) (int, bool) { i, ok := spaceIndex[name]; return i, ok }

// IntersectionName names intersection i ("b-e").
func IntersectionName(i int) string { return interNames[i] }

// Lot finds a lot by name; it panics on a name the map lacks (content bug).
func Lot(name string) LotDef {
	i, ok := lotIndex[name]
	if !ok {
		panic("policeprecinct: no lot " + name)
	}
	return Lots[i]
}

// badHood is the lot of Bad Hood n (1–6).
func badHood(n int) LotDef { return Lot(fmt.Sprintf("bad hood %d", n)) }

// ---------------------------------------------------------------------------
// Setup table by player count [P5], index = players (1–6).

// SetupRow is one row of the setup table.
type SetupRow struct {
	// StartDay is the Calendar's starting day.
	StartDay int
	// Punks is the Street Punk stockpile after the six setup Punks are
	// placed (our reading of [P5]'s number; see CONTENT.md).
	Punks int
	// PoliceCards is how many Police cards each cop is dealt.
	PoliceCards int
	// Patrol is the number of Patrol Officers in the game.
	Patrol int
}

// SetupTable is [P5]'s SETUP_TABLE (co-operative game).
var SetupTable = map[int]SetupRow{
	1: {StartDay: 1, Punks: 14, PoliceCards: 2, Patrol: PatrolOfficers},
	2: {StartDay: 1, Punks: 14, PoliceCards: 2, Patrol: PatrolOfficers},
	3: {StartDay: 8, Punks: 16, PoliceCards: 3, Patrol: PatrolOfficers},
	4: {StartDay: 12, Punks: 15, PoliceCards: 2, Patrol: PatrolOfficers},
	5: {StartDay: 14, Punks: 14, PoliceCards: 2, Patrol: PatrolOfficers},
	6: {StartDay: 15, Punks: 13, PoliceCards: 2, Patrol: PatrolOfficers},
}

// DirtySetupTable is [P5]'s setupNumbers for a game with one Dirty Cop
// (modes 1 and maybe): Police cards dealt to each cop, the Street Punk
// stockpile, the Patrol Officers; the Calendar is SetupTable's.
var DirtySetupTable = map[int]SetupRow{
	3: {Punks: 17, PoliceCards: 6, Patrol: 5},
	4: {Punks: 16, PoliceCards: 6, Patrol: 4},
	5: {Punks: 16, PoliceCards: 5, Patrol: 4},
	6: {Punks: 15, PoliceCards: 4, Patrol: 4},
}

// DirtySetupTable2 is the same with two Dirty Cops (modes 2 and maybe2);
// our rules allow those at 6 players only [P1], [P5] lists 4–6.
var DirtySetupTable2 = map[int]SetupRow{
	4: {Punks: 17, PoliceCards: 7, Patrol: 5},
	5: {Punks: 17, PoliceCards: 6, Patrol: 5},
	6: {Punks: 16, PoliceCards: 5, Patrol: 5},
}

// Calendar and tracks.
const (
	// MurdererDay is the day the Murderer appears in Bad Hood 6 [R].
	MurdererDay = 16
	// LastDay is the Calendar day on which the cops lose [R].
	LastDay = 22
	// SetupPunks are the Street Punks placed by die at setup [P6].
	SetupPunks = 6
	// HandLimit is the Police card hand limit [R].
	HandLimit = 7
	// Donuts in the supply [ours].
	DonutSupply = 20
	// Upgrade tokens per kind [ours].
	UpgradesPerKind = 6
	// PatrolOfficers in a co-operative game [ours]; DirtySetupTable has
	// the Dirty-Cop numbers [P5].
	PatrolOfficers = 6
	// GangCards: Street Gang cards in all [R].
	GangCards = 4
	// Movement allowances [R].
	MarkedMove   = 3
	UnmarkedMove = 2
	SupportMove  = 3
)

// CrimeFailTable is the Crime Track space marked FAIL by player count in
// a co-operative game, and DirtyCrimeFailTable the same with the Dirty Cop
// variant: the track runs 0…FAIL-1 [ours: the study's 0…7, FAIL on 8,
// tuned by simulation per player count; CONTENT.md §1.3.1].
var (
	CrimeFailTable      = map[int]int{1: 8, 2: 5, 3: 6, 4: 7, 5: 9, 6: 11}
	DirtyCrimeFailTable = map[int]int{3: 6, 4: 6, 5: 7, 6: 8}
)

// FailSpace is the Crime Track space marked FAIL in this game: the cops
// lose when the Crime marker reaches it (PP-END-05).
func (s *State) FailSpace() int {
	if s.DirtyCop {
		return DirtyCrimeFailTable[s.NPlayers]
	}
	return CrimeFailTable[s.NPlayers]
}

// Upgrade kinds [R].
var UpgradeKinds = []string{"movement", "investigation", "emergency", "arrest"}

// ---------------------------------------------------------------------------
// Characters [ours: ratings and ten of the thirteen powers; Kinney P2,
// Hartley R, Thorough R; 8 characters with 13 powers P10]

// Power names a character's special ability.
type Power string

const (
	// PowerCommitted: right after drawing his Event card, Kinney may pay 1
	// Donut to cancel it [R][P2].
	PowerCommitted Power = "committed"
	// PowerTough: no Police card discard after a failed arrest [R].
	PowerTough Power = "tough"
	// PowerThorough: the Investigation stack is not shuffled after a draw [R].
	PowerThorough Power = "thorough"
	// PowerLeadFoot: +1 Street Space when driving a Marked car [ours].
	PowerLeadFoot Power = "lead foot"
	// PowerEarlyRiser: starts the game with 1 Donut [ours].
	PowerEarlyRiser Power = "early riser"
	// PowerBeatCop: each Patrol Officer returned for an arrest adds 2 dice
	// instead of 1 [ours].
	PowerBeatCop Power = "beat cop"
	// PowerPaperwork: the Draw a Police Card action draws 2 [ours].
	PowerPaperwork Power = "paperwork"
	// PowerMedic: handling an Emergency, she rolls 1 extra die when the
	// printed difficulty is 5 or 6 [ours].
	PowerMedic Power = "medic"

	// The second powers: five characters carry two, so that the eight
	// carry thirteen, as the first edition did [P10]. Each works by
	// itself, without a choice, so that in a Dirty-Cop game no use or
	// non-use of a power can tell a seat's Loyalty.

	// PowerHunch: when every die of his arrest or Emergency roll fails,
	// Kinney rolls one of them again, once per roll [ours, the study's
	// "re-roll one die"].
	PowerHunch Power = "hunch"
	// PowerPartner: when she helps another cop, the first card she plays
	// in the window counts 1 extra symbol [ours, the study's "assist with
	// one extra symbol"].
	PowerPartner Power = "partner"
	// PowerStreetSmart: +1 arrest die in a Bad Hood that holds a Street
	// Gang card [ours].
	PowerStreetSmart Power = "street smart"
	// PowerDeskSergeant: his hand limit is 8 Police cards, not 7 [ours].
	PowerDeskSergeant Power = "desk sergeant"
	// PowerTriage: each Emergency she handles earns her 1 Donut [ours].
	PowerTriage Power = "triage"
)

// Character is a Character card: its ratings beside the Magnifying Glass
// (Investigation cards), the Flashing Light (Emergency dice) and the
// Handcuff (arrest dice), and its power.
type Character struct {
	Name    string `json:"name"`
	Glass   int    `json:"glass"`
	Light   int    `json:"light"`
	Cuffs   int    `json:"cuffs"`
	Power   Power  `json:"power"`
	Ability string `json:"ability"`
	// Second and SecondAbility are the second power, empty for the
	// three characters that have one power.
	Second        Power  `json:"second,omitempty"`
	SecondAbility string `json:"second_ability,omitempty"`
}

// Has reports whether the character carries power p, first or second.
func (ch Character) Has(p Power) bool { return ch.Power == p || ch.Second != "" && ch.Second == p }

// Characters are the 8 Character cards [ours; names Kinney and Hartley R].
var Characters = []Character{
	{"Det. Joe Kinney", 3, 2, 1, PowerCommitted, "Committed: right after drawing the Event card on his own turn, he may pay 1 Donut to cancel it; the turn counts as having drawn no Event.", PowerHunch, "Hunch: when every die of his arrest or Emergency roll fails, he rolls one of them again."},
	{"Off. Hartley", 1, 2, 3, PowerTough, "Tough: after a failed arrest he goes to the Hospital but discards no Police cards.", "", ""},
	{"Det. Rosa Vance", 3, 1, 2, PowerThorough, "Thorough: after she draws Investigation cards, the cards go back to the bottom of the stack unshuffled.", "", ""},
	{"Sgt. Mara Quinn", 2, 2, 2, PowerLeadFoot, "Lead Foot: +1 Street Space when she drives a Marked car.", "", ""},
	{"Off. Lena Brooks", 2, 3, 1, PowerEarlyRiser, "Early Riser: starts the game with 1 Donut.", PowerPartner, "Partner: when she helps another cop, her first card counts 1 extra symbol."},
	{"Off. Sam Okafor", 1, 2, 3, PowerBeatCop, "Beat Cop: each Patrol Officer he sends back for an arrest adds 2 dice instead of 1.", PowerStreetSmart, "Street Smart: 1 extra arrest die in a Bad Hood with a Street Gang card."},
	{"Sgt. Ray Dunn", 2, 1, 3, PowerPaperwork, "Paperwork: his Draw a Police Card action draws 2 cards.", PowerDeskSergeant, "Desk Sergeant: he may keep 8 Police cards at the end of his turn, not 7."},
	{"Off. Nia Park", 2, 3, 1, PowerMedic, "Medic: 1 extra die when handling an Emergency of printed difficulty 5 or 6.", PowerTriage, "Triage: each Emergency she handles earns her 1 Donut."},
}

// ---------------------------------------------------------------------------
// Police cards [ours; Fast Response R; top-two-Events and Patrol Officers P9]

// Timing says when a Police card's text may be played on its owner's turn.
type Timing string

const (
	// TimeMove: during the Move phase only (Fast Response, the only one [R]).
	TimeMove Timing = "move"
	// TimeRoll: after choosing an action, before its cards are drawn or its
	// dice rolled (and before an Unknown Circumstances marker is revealed).
	TimeRoll Timing = "roll"
	// TimeAny: any time during the owner's Move or Action phase.
	TimeAny Timing = "any"
)

// Effect names what a Police card's text does when played on one's own turn.
type Effect string

const (
	EffMove2      Effect = "+2 spaces"
	EffArrest2    Effect = "+2 arrest dice"
	EffInvest2    Effect = "+2 investigation cards"
	EffEmerg2     Effect = "+2 emergency dice"
	EffRoll1      Effect = "+1 die on any roll"
	EffEasier     Effect = "-1 difficulty"
	EffDonut      Effect = "gain 1 donut"
	EffPatrol     Effect = "2 patrol officers at the station"
	EffRemovePunk Effect = "remove 1 punk"
	EffDraw2      Effect = "draw 2 police cards"
	// EffPeek: look at the top two Event cards in secret and choose
	// their order [P9]; in Dirty-Cop games only (CONTENT.md §5.5).
	EffPeek Effect = "peek at 2 event cards"
)

// PoliceCard is one kind of Police card: its name, how many copies, the
// symbols used when it helps another cop, and the text used on one's own
// turn.
type PoliceCard struct {
	Name   string `json:"name"`
	Copies int    `json:"copies"`
	// Symbols when used to assist: Magnifying Glass, Flashing Light,
	// Handcuff [R names the three symbols; counts ours].
	Glass  int    `json:"glass"`
	Light  int    `json:"light"`
	Cuffs  int    `json:"cuffs"`
	Timing Timing `json:"timing"`
	// For is the action a TimeRoll card works on ("arrest", "investigate",
	// "handle", or "" for any roll).
	For    string `json:"for,omitempty"`
	Effect Effect `json:"effect"`
	Text   string `json:"text"`
}

// PoliceCards are the kinds of Police card; the deck holds Copies of each.
var PoliceCards = []PoliceCard{
	{"fast response", 4, 0, 1, 0, TimeMove, "", EffMove2, "Move 2 more Street Spaces this turn."},
	{"backup", 4, 0, 0, 2, TimeRoll, "arrest", EffArrest2, "Roll 2 more dice for your arrest."},
	{"forensics kit", 4, 2, 0, 0, TimeRoll, "investigate", EffInvest2, "Draw 2 more Investigation cards."},
	{"sirens", 4, 0, 2, 0, TimeRoll, "handle", EffEmerg2, "Roll 2 more dice to handle your Emergency."},
	{"k-9 unit", 3, 0, 1, 1, TimeRoll, "", EffRoll1, "Roll 1 more die, or draw 1 more Investigation card."},
	{"crowd control", 3, 0, 1, 1, TimeRoll, "handle", EffEasier, "The Emergency you handle is 1 easier."},
	{"coffee run", 4, 1, 1, 0, TimeAny, "", EffDonut, "Take 1 Donut from the supply."},
	{"call in patrol", 3, 0, 0, 1, TimeAny, "", EffPatrol, "Put 2 Patrol Officers from the supply at the Police Station."},
	{"informant", 3, 1, 0, 1, TimeAny, "", EffRemovePunk, "Send 1 Street Punk from a Bad Hood next to your car back to the stockpile."},
	{"paperwork", 3, 1, 0, 0, TimeAny, "", EffDraw2, "Draw 2 Police cards (you cannot play them this turn)."},
	{"tip-off", 2, 1, 0, 0, TimeAny, "", EffPeek, "Look at the top two Event cards in secret and put them back in the order you choose."},
}

// inDeck reports whether Police card kind k is in the deck of a game:
// the tip-off only with a Dirty Cop, where private knowledge is a tool of
// trust and of treason; the co-operative deck stays as it was [ours].
func inDeck(k int, dirtyCop bool) bool { return dirtyCop || PoliceCards[k].Effect != EffPeek }

// policeCardByName finds a Police card kind by name.
func policeCardByName(name string) (int, bool) {
	for i, c := range PoliceCards {
		if c.Name == name {
			return i, true
		}
	}
	return 0, false
}

// ---------------------------------------------------------------------------
// Event deck [ours; structure R, study §1A.2]

// EventKind is the kind of an Event card.
type EventKind string

const (
	EvEmergency EventKind = "emergency"
	EvSpecial   EventKind = "special"
	EvPunks     EventKind = "punks"
	EvQuiet     EventKind = "quiet"
)

// Reward is what handling an Emergency (or a UC marker) gives.
type Reward string

const (
	RewardNone    Reward = ""
	RewardDonut   Reward = "donut"
	RewardPolice  Reward = "police card"
	RewardPatrol  Reward = "patrol"
	RewardNoEvent Reward = "no event"
)

// EventCard is one Event card.
type EventCard struct {
	Name string    `json:"name"`
	Kind EventKind `json:"kind"`
	// Emergency fields.
	Colour     string `json:"colour,omitempty"`
	Difficulty int    `json:"difficulty,omitempty"`
	// UCSlot: the card has a slot for an Unknown Circumstances marker.
	UCSlot bool `json:"uc_slot,omitempty"`
	// Site is a printed location (a lot name), or a rolled one:
	// "roll apartment", "roll warehouse", "roll traffic".
	Site   string `json:"site,omitempty"`
	Reward Reward `json:"reward,omitempty"`
	// Punks is how many Street Punks a Punks event adds.
	Punks int    `json:"punks,omitempty"`
	Text  string `json:"text"`
}

// Colours of Emergencies [ours; R says only "color"].
var Colours = []string{"red", "blue", "yellow"}

// emergencies per colour: name, difficulty, slot, site, reward [ours].
var emergencyRows = []struct {
	name   string
	diff   int
	slot   bool
	site   string
	reward Reward
}{
	{"traffic accident", 2, false, "roll traffic", RewardNone},
	{"domestic dispute", 3, true, "roll apartment", RewardPolice},
	{"break-in", 3, false, "roll warehouse", RewardDonut},
	{"pile-up", 4, true, "roll traffic", RewardPatrol},
	{"hostage call", 4, true, "roll apartment", RewardNoEvent},
	{"warehouse fire", 5, false, "roll warehouse", RewardDonut},
	{"armed robbery", 5, true, "", RewardPolice},
	{"shooting", 6, false, "roll apartment", RewardDonut},
}

// printed sites of the "armed robbery" line, by colour [ours].
var robberySites = []string{Bank, School, ParkingLot}

// specialEvents are the 7 lasting Special Events [R names them; effects ours].
var specialEvents = []string{"street riot", "detainees run amok", "jail break", "gas leak", "officer down", "escort van", "car theft"}

// EventDeck is the Event deck, 40 cards: 24 Emergencies, 7 Special Events,
// 7 Street Punk cards and 2 quiet days [ours].
var EventDeck = buildEventDeck()

func buildEventDeck() []EventCard {
	var deck []EventCard
	for ci, col := range Colours {
		for _, r := range emergencyRows {
			site := r.site
			if site == "" {
				site = robberySites[ci]
			}
			deck = append(deck, EventCard{
				Name: r.name, Kind: EvEmergency, Colour: col, Difficulty: r.diff, UCSlot: r.slot, Site: site, Reward: r.reward,
				Text: fmt.Sprintf("Emergency (%s, difficulty %d) at %s.", col, r.diff, site),
			})
		}
	}
	for _, n := range specialEvents {
		deck = append(deck, EventCard{Name: n, Kind: EvSpecial, Text: "Special Event: stays on the board until resolved."})
	}
	for _, n := range []int{1, 1, 1, 2, 2, 2, 3} {
		deck = append(deck, EventCard{Name: fmt.Sprintf("street punks +%d", n), Kind: EvPunks, Punks: n,
			Text: fmt.Sprintf("Roll %d dice and add a Street Punk to each Bad Hood rolled.", n)})
	}
	for i := 0; i < 2; i++ {
		deck = append(deck, EventCard{Name: "quiet night", Kind: EvQuiet, Text: "Nothing happens."})
	}
	return deck
}

// ---------------------------------------------------------------------------
// Unknown Circumstances markers [ours; "...big knife" R]

// UCMarker is one Unknown Circumstances marker.
type UCMarker struct {
	Name string `json:"name"`
	// Dice is added to (or taken from) the dice rolled.
	Dice int `json:"dice,omitempty"`
	// Difficulty is added to the Difficulty Level.
	Difficulty int    `json:"difficulty,omitempty"`
	Reward     Reward `json:"reward,omitempty"`
}

// UCMarkers are the 12 markers.
var UCMarkers = []UCMarker{
	{Name: "he has a big knife", Difficulty: 1},
	{Name: "bystanders help", Dice: 1},
	{Name: "bystanders help", Dice: 1},
	{Name: "smoke everywhere", Dice: -1},
	{Name: "smoke everywhere", Dice: -1},
	{Name: "he is armed", Dice: -2},
	{Name: "grateful owner", Reward: RewardDonut},
	{Name: "grateful owner", Reward: RewardDonut},
	{Name: "useful tip", Reward: RewardPolice},
	{Name: "false alarm"},
	{Name: "false alarm"},
	{Name: "false alarm"},
}

// ---------------------------------------------------------------------------
// Investigation stacks [13 Evidence P8; split and useless cards ours]

// Categories of Evidence, one per Investigation stack [R].
var Categories = []string{"crime scene", "examine body", "interview witness", "murder weapon"}

// Category indexes.
const (
	CatCrimeScene = iota
	CatBody
	CatWitness
	CatWeapon
)

// EvidencePerCategory is the number of Evidence cards of each category
// (13 in all [P8]; the split is ours).
var EvidencePerCategory = [4]int{4, 3, 3, 3}

// UselessPerCategory is the number of useless cards in each stack [ours].
var UselessPerCategory = [4]int{6, 6, 6, 6}

// InvCard is one Investigation card: its category, and whether it is
// Evidence (else useless).
type InvCard struct {
	Cat      int  `json:"cat"`
	Evidence bool `json:"evidence"`
}

// InvestigationCards is every Investigation card; a stack holds indexes.
var InvestigationCards = buildInvestigation()

func buildInvestigation() []InvCard {
	var out []InvCard
	for c := range Categories {
		for i := 0; i < EvidencePerCategory[c]; i++ {
			out = append(out, InvCard{Cat: c, Evidence: true})
		}
		for i := 0; i < UselessPerCategory[c]; i++ {
			out = append(out, InvCard{Cat: c})
		}
	}
	return out
}
