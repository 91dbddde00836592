package android

import (
	"fmt"
	"math"
)

// Content as data. Every value here is listed in CONTENT.md with its
// source: the rules file ([R]), a public source named in the study ([A1]…
// [A13]), or our own design ([ours]). The rules file gives no map, sheets
// or card texts; the study's proposals (§1B.2) are followed unless
// CONTENT.md says otherwise.

// ---------------------------------------------------------------------------
// The map [ours, keeping every coordinate the rules and [A8] name]
//
// The board is a grid of columns A–L and rows 1–8. New Angeles (Earth)
// fills rows 1–5 of columns A–K and the south-west corner (A–D, rows 6–8);
// Heinlein (the Moon) the south-east (E–K, rows 6–8); the Beanstalk runs
// down column L from the Root (L4, on Earth) to Starport Kaguya (L8, by
// Heinlein).

// City is one of the three parts of the board.
type City string

const (
	NewAngeles City = "New Angeles"
	Heinlein   City = "Heinlein"
	Beanstalk  City = "the Beanstalk"
)

// LocType is a location's type, shown by its colour [R].
type LocType string

const (
	Religious   LocType = "religious"
	Civic       LocType = "civic"
	Residential LocType = "residential"
	Business    LocType = "business"
	Nightlife   LocType = "nightlife"
)

// LocTypes lists the five types in the rules' order [R].
var LocTypes = []LocType{Religious, Civic, Residential, Business, Nightlife}

// Colour is the colour the rules give a type [R].
func (t LocType) Colour() string {
	switch t {
	case Religious:
		return "yellow"
	case Civic:
		return "green"
	case Residential:
		return "red"
	case Business:
		return "blue"
	case Nightlife:
		return "purple"
	}
	return "grey"
}

// Quality is a location's quality: ritzy locations give a free light card
// on entry, seedy ones a free dark card [R].
type Quality string

const (
	Ritzy  Quality = "ritzy"
	Normal Quality = "normal"
	Seedy  Quality = "seedy"
)

// Ability is what a major location's ability does [ours]; AbilityNone for
// a location without one.
type Ability string

const (
	AbilityNone Ability = ""
	// AbilityFavor: gain 1 favor of the location's favor type.
	AbilityFavor Ability = "favor"
	// AbilityAlibi: put an alibi on a live suspect.
	AbilityAlibi Ability = "alibi"
	// AbilityHit: put a hit on a live suspect.
	AbilityHit Ability = "hit"
	// AbilityTrauma: give back 1 trauma counter.
	AbilityTrauma Ability = "trauma"
	// AbilityDropship: gain 1 dropship pass.
	AbilityDropship Ability = "dropship"
	// AbilityBaggage: put 1 good or bad baggage on any detective's plot
	// (plots.go).
	AbilityBaggage Ability = "baggage"
	// AbilityHaas and AbilityJinteki: gain a Haas or a Jinteki token.
	AbilityHaas    Ability = "haas"
	AbilityJinteki Ability = "jinteki"
	// AbilityWarrant: place one of your warrants on a restricted location,
	// or move one you have in play.
	AbilityWarrant Ability = "warrant"
)

// Favor types [R].
const (
	FavorStreet    = "street"
	FavorCorp      = "corp"
	FavorPolitical = "political"
	FavorSociety   = "society"
)

// FavorTypes lists the four normal favor types.
var FavorTypes = []string{FavorCorp, FavorPolitical, FavorSociety, FavorStreet}

// Location is one place of the map.
type Location struct {
	// Slug is the location's name in move texts.
	Slug string
	Name string
	// Cell is the grid square, e.g. "G7".
	Cell       string
	City       City
	District   string
	Type       LocType
	Quality    Quality
	Restricted bool
	// Ability is set for major locations; Time and Favor are its cost in
	// Time and in favors of type Favor (none when empty); FavorOf is the
	// favor type the location gives (AbilityFavor).
	Ability   Ability
	Time      int
	CostFavor string
	FavorOf   string
	// Beanstalk is the location's place along the Beanstalk, 0 (the Root)
	// to 4 (Starport Kaguya); -1 off the Beanstalk.
	Beanstalk int
}

// Major reports whether the location has an ability.
func (l Location) Major() bool { return l.Ability != AbilityNone }

// Districts of the map [ours].
const (
	DWestside  = "Westside"
	DNorthside = "Northside"
	DMidtown   = "Midtown"
	DEastside  = "Eastside"
	DDowntown  = "Downtown"
	DSouthside = "Southside"
	DDome      = "the Dome"
	DMines     = "the Mines"
	DStalk     = "the Beanstalk"
)

func loc(slug, name, cell string, city City, district string, t LocType, q Quality) Location {
	return Location{Slug: slug, Name: name, Cell: cell, City: city, District: district, Type: t, Quality: q, Beanstalk: -1}
}

func (l Location) restricted() Location { l.Restricted = true; return l }

func (l Location) ability(a Ability, time int, costFavor string) Location {
	l.Ability, l.Time, l.CostFavor = a, time, costFavor
	return l
}

func (l Location) gives(favor string) Location {
	l.Ability, l.Time, l.FavorOf = AbilityFavor, 1, favor
	return l
}

func (l Location) stalk(i int) Location { l.Beanstalk = i; return l }

// Locations is the map. Indexes into it are a location's id.
var Locations = []Location{
	// New Angeles — Westside (A–C, 1–3).
	loc("city-hall", "City Hall", "A2", NewAngeles, DWestside, Civic, Ritzy).gives(FavorPolitical),
	loc("westside-cathedral", "Westside Cathedral", "B1", NewAngeles, DWestside, Religious, Normal),
	loc("westside-market", "Westside Market", "B3", NewAngeles, DWestside, Business, Seedy),
	loc("harbor-lofts", "Harbor Lofts", "C2", NewAngeles, DWestside, Residential, Normal),
	// Northside (D–F, 1–3).
	loc("starlight-crusade", "Starlight Crusade", "D1", NewAngeles, DNorthside, Religious, Normal).ability(AbilityTrauma, 1, ""),
	loc("levy-university", "Levy University", "E1", NewAngeles, DNorthside, Civic, Ritzy).gives(FavorSociety),
	loc("jinteki", "Jinteki", "D3", NewAngeles, DNorthside, Business, Ritzy).restricted().ability(AbilityJinteki, 1, FavorCorp),
	loc("faculty-row", "Faculty Row", "F2", NewAngeles, DNorthside, Residential, Ritzy),
	loc("blue-sun-lounge", "Blue Sun Lounge", "F3", NewAngeles, DNorthside, Nightlife, Normal),
	// Midtown (G–I, 1–3).
	loc("humanity-labor", "Humanity Labor", "H1", NewAngeles, DMidtown, Civic, Seedy).ability(AbilityHit, 1, FavorStreet),
	loc("chapel-of-the-machine", "Chapel of the Machine", "G2", NewAngeles, DMidtown, Religious, Normal),
	loc("midtown-exchange", "Midtown Exchange", "I1", NewAngeles, DMidtown, Business, Ritzy),
	loc("courthouse", "Courthouse", "H3", NewAngeles, DMidtown, Civic, Normal).ability(AbilityWarrant, 1, FavorPolitical),
	loc("napd", "NAPD", "I3", NewAngeles, DMidtown, Civic, Normal).ability(AbilityDropship, 1, FavorPolitical),
	// Eastside (J–L, 1–3).
	loc("eastside-mission", "Eastside Mission", "J1", NewAngeles, DEastside, Religious, Seedy),
	loc("dockside-warehouse", "Dockside Warehouse", "L1", NewAngeles, DEastside, Business, Seedy),
	loc("dragon-alley", "Dragon Alley", "K2", NewAngeles, DEastside, Nightlife, Seedy),
	loc("eastside-clinic", "Eastside Clinic", "J3", NewAngeles, DEastside, Civic, Normal),
	loc("eastside-tenements", "Eastside Tenements", "L3", NewAngeles, DEastside, Residential, Seedy).gives(FavorStreet),
	// Downtown (E–K, 4–5).
	loc("castle-club", "Castle Club", "F4", NewAngeles, DDowntown, Nightlife, Ritzy).ability(AbilityBaggage, 1, ""),
	loc("plaza-arcade", "Plaza Arcade", "E5", NewAngeles, DDowntown, Business, Normal),
	loc("broadcast-tower", "Broadcast Tower", "H4", NewAngeles, DDowntown, Business, Ritzy),
	loc("skyline-apartments", "Skyline Apartments", "G5", NewAngeles, DDowntown, Residential, Ritzy),
	loc("nightfall-cabaret", "Nightfall Cabaret", "J4", NewAngeles, DDowntown, Nightlife, Seedy),
	loc("temple-of-the-root", "Temple of the Root", "K5", NewAngeles, DDowntown, Religious, Normal),
	// Southside (A–D, 4–8).
	loc("saint-marks", "Saint Mark's", "A4", NewAngeles, DSouthside, Religious, Normal),
	loc("mercy-general", "Mercy General", "C4", NewAngeles, DSouthside, Civic, Normal),
	loc("old-town-projects", "Old Town Projects", "B5", NewAngeles, DSouthside, Residential, Seedy),
	loc("the-underground", "The Underground", "B7", NewAngeles, DSouthside, Nightlife, Seedy),
	loc("haas-bioroid", "Haas-Bioroid", "D7", NewAngeles, DSouthside, Business, Ritzy).restricted().ability(AbilityHaas, 1, FavorCorp),
	// Heinlein — the Dome (E–G, 6–8).
	loc("dome-residences", "Dome Residences", "E6", Heinlein, DDome, Residential, Normal),
	loc("lunar-casino", "Lunar Casino", "G6", Heinlein, DDome, Nightlife, Ritzy),
	loc("melange-mining", "Melange Mining", "G7", Heinlein, DDome, Business, Ritzy).gives(FavorCorp),
	loc("dome-council", "Dome Council", "E8", Heinlein, DDome, Civic, Normal),
	loc("order-of-sol", "Order of Sol", "F8", Heinlein, DDome, Religious, Normal).ability(AbilityAlibi, 1, FavorSociety),
	// Heinlein — the Mines (H–K, 6–8).
	loc("heinlein-administration", "Heinlein Administration", "J6", Heinlein, DMines, Civic, Normal).restricted(),
	loc("dust-bar", "Dust Bar", "H7", Heinlein, DMines, Nightlife, Seedy),
	loc("sol-shrine", "Sol Shrine", "K7", Heinlein, DMines, Religious, Seedy),
	loc("miners-barracks", "Miners' Barracks", "I8", Heinlein, DMines, Residential, Seedy),
	loc("ore-refinery", "Ore Refinery", "J8", Heinlein, DMines, Business, Seedy),
	// The Beanstalk (column L, 4–8), from the Root to Starport Kaguya.
	loc("the-root", "The Root", "L4", Beanstalk, DStalk, Civic, Normal).stalk(0),
	loc("climber-lounge", "Climber Lounge", "L5", Beanstalk, DStalk, Nightlife, Ritzy).stalk(1),
	loc("midway-habitat", "Midway Habitat", "L6", Beanstalk, DStalk, Residential, Normal).stalk(2),
	loc("skyway-shrine", "Skyway Shrine", "L7", Beanstalk, DStalk, Religious, Seedy).stalk(3),
	loc("starport-kaguya", "Starport Kaguya", "L8", Beanstalk, DStalk, Business, Ritzy).stalk(4),
}

// BeanstalkLen is the number of Beanstalk locations [R].
const BeanstalkLen = 5

// LocBySlug finds a location's id by its slug.
func LocBySlug(slug string) (int, bool) {
	id, ok := locIndex[slug]
	return id, ok
}

var locIndex = func() map[string]int {
	m := map[string]int{}
	for i, l := range Locations {
		m[l.Slug] = i
	}
	return m
}()

// mustLoc is the id of slug; content only names locations that exist (a
// test checks every name).
func mustLoc(slug string) int {
	id, ok := LocBySlug(slug)
	if !ok {
		panic(fmt.Sprintf("android: no location %q", slug))
	}
	return id
}

// cellXY is a cell's column (A=0) and row (1=0).
func cellXY(cell string) (x, y int) {
	return int(cell[0] - 'A'), int(cell[1] - '1')
}

// Distance is the Euclidean distance in cells between two locations'
// cell centres: how far a vehicle ruler must reach [ours].
func Distance(a, b int) float64 {
	ax, ay := cellXY(Locations[a].Cell)
	bx, by := cellXY(Locations[b].Cell)
	return math.Hypot(float64(ax-bx), float64(ay-by))
}

// rulerCity is the city a vehicle ruler moves in from or to location l:
// its own city, Earth's for the Root and the Moon's for Starport Kaguya
// (the Beanstalk's two ends, AN-MOVE-15), none for the Beanstalk between.
func rulerCity(l int) City {
	loc := Locations[l]
	switch {
	case loc.Beanstalk == 0:
		return NewAngeles
	case loc.Beanstalk == BeanstalkLen-1:
		return Heinlein
	case loc.Beanstalk > 0:
		return ""
	}
	return loc.City
}

// ---------------------------------------------------------------------------
// Detectives [R names, NPCs and hand limits; the rest ours]

// Detective is one detective's basic sheet.
type Detective struct {
	Slug string
	Name string
	// Start is the starting location; Physical and Document the locations
	// of the detective's physical and document leads.
	Start, Physical, Document string
	// Ruler is the vehicle ruler's reach in cells [ours; sizes after A13].
	Ruler float64
	// HandLimit is the twilight hand limit for the draw action [R].
	HandLimit int
	NPCs      []string
	// Plots are the titles of the detective's plots [ours, except
	// Descent into Madness, R]; their cards are Plots (plots.go).
	Plots []string
	// NoRandomPlot names a plot left out of the random week-one draw [R].
	NoRandomPlot string
}

// Detectives are the five detectives, in the rules' order of hero setup.
var Detectives = []Detective{
	{Slug: "caprice", Name: "Caprice Nisei", Start: "faculty-row", Physical: "westside-cathedral", Document: "midtown-exchange",
		Ruler: 2.5, HandLimit: 6, NPCs: []string{"Chairman Hiro", "The Sisters"},
		Plots: []string{"Descent into Madness", "The Clone's Choice", "Sisters' Keeper"}, NoRandomPlot: "Descent into Madness"},
	{Slug: "floyd", Name: "Floyd 2X3A7C", Start: "napd", Physical: "old-town-projects", Document: "mercy-general",
		Ruler: 2.5, HandLimit: 6, NPCs: []string{"Director Haas", "Father Michael Simmons"},
		Plots: []string{"The Three Directives", "A Soul in the Machine", "Father's Counsel"}},
	{Slug: "louis", Name: "Louis Blaine", Start: "nightfall-cabaret", Physical: "the-underground", Document: "eastside-clinic",
		Ruler: 3, HandLimit: 6, NPCs: []string{"Sara", "Mr. Li", "Tanaka"},
		Plots: []string{"Sara", "Debts to Mr. Li", "Internal Affairs"}},
	{Slug: "rachel", Name: "Rachel Beckmann", Start: "skyline-apartments", Physical: "eastside-tenements", Document: "dockside-warehouse",
		Ruler: 3.5, HandLimit: 6, NPCs: []string{"Capt. Beckmann", "Oliver", "Lena"},
		Plots: []string{"Family Ties", "The Bounty", "Old Flames"}},
	{Slug: "raymond", Name: "Raymond Flint", Start: "dragon-alley", Physical: "blue-sun-lounge", Document: "temple-of-the-root",
		Ruler: 3, HandLimit: 7, NPCs: []string{"Kate", "Keene", "Parsons"},
		Plots: []string{"The Lost Years", "Ghosts of the Past"}},
}

// detectiveBySlug finds a detective by slug.
func detectiveBySlug(slug string) (int, bool) {
	for i, d := range Detectives {
		if d.Slug == slug {
			return i, true
		}
	}
	return 0, false
}

// Per-detective component counts [ours; study §1B.2].
const (
	HeroMarkers = 3
	Warrants    = 2
	// TwilightSpan is how far the twilight marker may go from the centre
	// each way: a track of 7 spaces, −3 … +3 [ours].
	TwilightSpan = 3
	// DeckSize is the number of cards in each light and each dark deck:
	// the first decks of cards.go [ours; the study's ~12 are issue 19].
	DeckSize = 6
	// StartLight and StartDark are the opening draws [R].
	StartLight = 2
	StartDark  = 1
)

// ---------------------------------------------------------------------------
// Suspects and murders [names R; sheets ours]

// Lead types, which are also the three file areas of a suspect sheet.
const (
	Testimony = "testimony"
	Physical  = "physical"
	Document  = "document"
)

// Files lists the three file areas in sheet order.
var Files = []string{Testimony, Physical, Document}

// Suspect is one suspect sheet: its strong and weak evidence files
// [ours]; the third file is neither.
type Suspect struct {
	Slug, Name   string
	Strong, Weak string
}

// Suspects are the six suspects [R names].
var Suspects = []Suspect{
	{Slug: "vinnie", Name: "Vinnie", Strong: Physical, Weak: Testimony},
	{Slug: "eve", Name: "Eve 5VA3TC", Strong: Document, Weak: Physical},
	{Slug: "dejah", Name: "Sgt. Dejah Thoris", Strong: Testimony, Weak: Document},
	{Slug: "mark", Name: "Mark Henry", Strong: Physical, Weak: Document},
	{Slug: "thomas", Name: "Thomas Haas", Strong: Document, Weak: Testimony},
	{Slug: "noise", Name: "Noise", Strong: Testimony, Weak: Physical},
}

func suspectBySlug(slug string) (int, bool) {
	for i, s := range Suspects {
		if s.Slug == slug {
			return i, true
		}
	}
	return 0, false
}

// Murder is one murder sheet [ours].
type Murder struct {
	Victim string
	Scene  string
	// Order lists the six suspects (indexes into Suspects) from the top
	// of the sheet; Testimony gives, in the same order, the location of
	// each suspect's testimony lead.
	Order     [6]int
	Testimony [6]string
	// Lily and Jimmy are their locations for week one and week two.
	Lily, Jimmy [2]string
}

// Murders are the three murder sheets.
var Murders = []Murder{
	{Victim: "Dr. Mira Sato", Scene: "levy-university",
		Order:     [6]int{0, 1, 2, 3, 4, 5},
		Testimony: [6]string{"dust-bar", "broadcast-tower", "city-hall", "harbor-lofts", "saint-marks", "lunar-casino"},
		Lily:      [2]string{"plaza-arcade", "dome-council"}, Jimmy: [2]string{"westside-market", "miners-barracks"}},
	{Victim: "Councilman Oren Pike", Scene: "castle-club",
		Order:     [6]int{2, 4, 0, 5, 1, 3},
		Testimony: [6]string{"chapel-of-the-machine", "dome-residences", "eastside-mission", "plaza-arcade", "ore-refinery", "harbor-lofts"},
		Lily:      [2]string{"sol-shrine", "westside-market"}, Jimmy: [2]string{"dragon-alley", "dust-bar"}},
	{Victim: "Jun Ishida", Scene: "melange-mining",
		Order:     [6]int{5, 3, 1, 4, 2, 0},
		Testimony: [6]string{"starlight-crusade", "lunar-casino", "westside-market", "sol-shrine", "city-hall", "dome-residences"},
		Lily:      [2]string{"faculty-row", "broadcast-tower"}, Jimmy: [2]string{"chapel-of-the-machine", "old-town-projects"}},
}

// ---------------------------------------------------------------------------
// Evidence [values of 28 tokens A6; the rest ours]

// Special evidence kinds.
const (
	KindValue   = "value"
	KindWitness = "surprise witness"
	KindPerjury = "perjury"
)

// EvidenceToken is one evidence token: a value, or a surprise witness
// (worth −5 at the close) or a perjury.
type EvidenceToken struct {
	Kind  string
	Value int
}

// String names a token as the table reads it face up.
func (e EvidenceToken) String() string {
	switch e.Kind {
	case KindWitness:
		return "surprise witness (−5)"
	case KindPerjury:
		return "perjury"
	}
	return fmt.Sprintf("%+d", e.Value)
}

// EvidencePool is the pile of evidence tokens; a token's id is its index.
var EvidencePool = func() []EvidenceToken {
	var out []EvidenceToken
	add := func(n int, t EvidenceToken) {
		for i := 0; i < n; i++ {
			out = append(out, t)
		}
	}
	for _, c := range []struct{ v, n int }{{4, 1}, {3, 4}, {2, 5}, {1, 4}, {0, 6}, {-1, 4}, {-2, 5}, {-3, 4}, {-4, 1}} {
		add(c.n, EvidenceToken{Kind: KindValue, Value: c.v})
	}
	add(3, EvidenceToken{Kind: KindWitness, Value: -5})
	add(3, EvidenceToken{Kind: KindPerjury})
	return out
}()

// ---------------------------------------------------------------------------
// Token supplies [alibis A3; the rest ours, study §1B.2]

const (
	FavorsPerType  = 8
	HaasTokens     = 6
	JintekiTokens  = 6
	AlibiTokens    = 11
	HitTokens      = 10
	TraumaCounters = 10
	DropshipPasses = 5
	// HitsToKill is how many hits kill a suspect [R].
	HitsToKill = 3
)

// The calendar [R]: two weeks of six days; the last two days are the
// climax.
const (
	Weeks       = 2
	DaysPerWeek = 6
	Days        = Weeks * DaysPerWeek
	TimePerTurn = 6
	// RestrictedExtra is the Time a restricted location costs without a
	// warrant beyond the move's 1 [R].
	RestrictedExtra = 2
)

// Victory points [R, reference sheet].
const (
	VPGuilty     = 15
	VPInnocent   = 5
	VPObsession  = 3
	VPConspiracy = 4
	VPHaas       = 3
	VPJinteki    = 3
	VPTrauma     = -1
	// ObsessionMargin is how far the obsessed suspect's guilt must lead
	// every other's for both hunches to count [R].
	ObsessionMargin = 5
)
