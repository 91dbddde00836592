package policeprecinct

import (
	"slices"

	"casefile/engine"
)

// State is one game of Police Precinct. Every field is plain data; hidden
// information is declared with vis tags and views come from engine.Redact.
type State struct {
	NPlayers int `json:"n"`
	// Manic is the optional Manic mode for arresting the Murderer [R].
	Manic bool `json:"manic"`
	// DirtyCop is set in the Dirty Cop variant (a Dirty Cop may be at
	// the table); Traitors is its mode (TraitorModes).
	DirtyCop bool   `json:"dirty_cop"`
	Traitors string `json:"traitors,omitempty"`
	// LoyaltyOut is the Loyalty card set aside unseen in the "maybe"
	// modes; Buried the Evidence buried by Dirty Cops. Both are shown at
	// Game over, copied into Disclosed and BuriedShown.
	LoyaltyOut  []string `json:"loyalty_out,omitempty" vis:"hidden"`
	Buried      []Buried `json:"buried,omitempty" vis:"hidden"`
	Disclosed   []string `json:"disclosed,omitempty"`
	BuriedShown []Buried `json:"buried_shown,omitempty"`

	Rng engine.Rand `json:"rng" vis:"hidden"`

	// Day is the Calendar day (1…22); Crime the Crime Track space (FAIL =
	// FailSpace).
	Day   int `json:"day"`
	Crime int `json:"crime"`
	// Order is the seats in turn order from the Start Player; Cur indexes
	// it.
	Order []int `json:"order"`
	Cur   int   `json:"cur"`
	Round int   `json:"round"`

	Cops []Cop `json:"cops"`
	// Support is the Support Vehicle's Street Space, -1 without one
	// (3+ players).
	Support int `json:"support"`

	// Punks per Bad Hood (index 0 = Bad Hood 1), the stockpile, and which
	// Bad Hoods hold a Street Gang card.
	Punks      [6]int  `json:"punks"`
	Stockpile  int     `json:"stockpile"`
	Gangs      [6]bool `json:"gangs"`
	GangSupply int     `json:"gang_supply"`
	// Murderer is the Bad Hood he stands in, 0 while off the board.
	Murderer int `json:"murderer"`

	Emergencies []OnBoard `json:"emergencies"`
	// Specials are the lasting Special Events on the board.
	Specials []Lasting `json:"specials,omitempty"`
	// NextSeq orders Emergencies by the time they were placed.
	NextSeq int `json:"next_seq"`

	EventDeck    []int `json:"event_deck" vis:"hidden,count"`
	EventDiscard []int `json:"event_discard"`
	// UCPool are the face-down Unknown Circumstances markers not in play;
	// UCDiscard those discarded (face up).
	UCPool    []int `json:"uc_pool" vis:"hidden,count"`
	UCDiscard []int `json:"uc_discard"`

	Stacks [4]InvStack `json:"stacks"`
	// Board counts the Evidence placed on the Murder Investigation Board,
	// per category.
	Board [4]int `json:"board"`
	// InvRemoved are the Investigation cards removed from the game.
	InvRemoved []int `json:"inv_removed"`

	PoliceDeck    []int `json:"police_deck" vis:"hidden,count"`
	PoliceDiscard []int `json:"police_discard"`

	DonutSupply   int            `json:"donut_supply"`
	UpgradeSupply map[string]int `json:"upgrade_supply"`
	// Patrol Officers: in the supply, at the Police Station, on Street
	// Spaces (by space name), carried by cops (Cop.Carrying).
	PatrolSupply  int            `json:"patrol_supply"`
	PatrolStation int            `json:"patrol_station"`
	PatrolOn      map[string]int `json:"patrol_on,omitempty"`

	Pending engine.Stack[Detail] `json:"pending"`
	T       TurnState            `json:"t"`

	Over    bool   `json:"over"`
	Won     bool   `json:"won"`
	Summary string `json:"summary,omitempty"`
	// Stopped names the rule the game reached that is not implemented
	// yet; the game then waits on nobody and has no outcome. It never
	// skips a rule silently.
	Stopped string `json:"stopped,omitempty"`

	// Opening are the public lines of the deal.
	Opening []string `json:"opening,omitempty"`
	Moves   int      `json:"moves"`

	cache engine.MoveCache
	// rigged are die results a test sets up; never set in play.
	rigged []int
}

// Cop is one player's cop: the Character card, the car, and what the cop
// holds.
type Cop struct {
	Seat      int  `json:"seat"`
	Character int  `json:"character"`
	Marked    bool `json:"marked"`
	// At is the Street Space of the car.
	At       int      `json:"at"`
	Donuts   int      `json:"donuts"`
	Upgrades []string `json:"upgrades,omitempty"`
	// Hand are the Police cards held (physical card ids); Fresh those
	// gained this turn, which cannot be played this turn (PP-POLICE-09).
	// Both lie face up for the seats that know them (faceup): a change
	// sends a DM to the cop's own player only; teammates read them in
	// /hand.
	Hand  []int `json:"hand" vis:"known,count,faceup"`
	Fresh []int `json:"fresh,omitempty" vis:"known,count,faceup"`
	// KnownTo lists the seats that see this cop's hand: every seat in a
	// purely co-operative game (cards face up on the table [P4]), only
	// the owner when a Dirty Cop may be present. Set once at setup by
	// handPolicy.
	KnownTo []engine.Seat `json:"known_to"`
	// Carrying is the number of Patrol Officers in the car.
	Carrying int `json:"carrying,omitempty"`
	// Loyalty is the cop's Loyalty card in the Dirty Cop variant (Loyal
	// or Dirty), seen by its owner only; Shown is the card once the table
	// has seen it (accused, revealed, Game over); Accused is set once the
	// cop has made the one accusation of the game.
	Loyalty string `json:"loyalty,omitempty" vis:"owner"`
	Shown   string `json:"shown,omitempty"`
	Accused bool   `json:"accused,omitempty"`
}

// OwnerSeat makes the Loyalty card visible to the cop's own seat.
func (c Cop) OwnerSeat() engine.Seat { return engine.Seat(c.Seat) }

// KnownBy makes the hand visible to the seats of the hand policy.
func (c *Cop) KnownBy() []engine.Seat { return c.KnownTo }

// handPolicy is the declared visibility of hands: open to every seat in a
// co-operative game, only to the owner when a Dirty Cop may be present.
// The public (the channel) sees how many cards each cop holds.
func handPolicy(seat, players int, dirtyCop bool) []engine.Seat {
	if dirtyCop {
		return []engine.Seat{engine.Seat(seat)}
	}
	out := make([]engine.Seat, players)
	for i := range out {
		out[i] = engine.Seat(i)
	}
	return out
}

// Char is the cop's Character card.
func (c *Cop) Char() Character {
	if c.Character == NoCharacter {
		return Character{Name: "no character yet"}
	}
	return Characters[c.Character]
}

// NoCharacter is Cop.Character while a drafting seat has not taken one.
const NoCharacter = -1

// handLimit is the cop's Police card hand limit at the end of the turn:
// HandLimit, one more for a Desk Sergeant (PowerDeskSergeant).
func (c *Cop) handLimit() int {
	if c.Char().Has(PowerDeskSergeant) {
		return HandLimit + 1
	}
	return HandLimit
}

// HasUpgrade reports whether the cop owns the Upgrade token of kind k.
func (c *Cop) HasUpgrade(k string) bool { return slices.Contains(c.Upgrades, k) }

// OnBoard is an Emergency card on the city map.
type OnBoard struct {
	Card int `json:"card"`
	// Site is a lot name or an intersection name ("b-e").
	Site string `json:"site"`
	Seq  int    `json:"seq"`
	// HasUC: an Unknown Circumstances marker lies on the card; UC is that
	// marker while face down (hidden); Shown is it once revealed (-1 before).
	HasUC  bool `json:"has_uc"`
	UC     int  `json:"uc" vis:"hidden"`
	Shown  int  `json:"shown"`
	Urgent bool `json:"urgent"`
}

// Def is the Emergency's card.
func (e *OnBoard) Def() EventCard { return EventDeck[e.Card] }

// InvStack is one Investigation stack on its location.
type InvStack struct {
	Lot   string `json:"lot"`
	Cards []int  `json:"cards" vis:"hidden,count"`
	// Done: the category is complete and the stack removed (PP-HANDLE-07).
	Done bool `json:"done"`
}

// TurnState is the active cop's turn beyond its step.
type TurnState struct {
	// Points is the movement left; SupportLeft the Support Vehicle's.
	Points      int  `json:"points"`
	SupportLeft int  `json:"support_left"`
	Switched    bool `json:"switched,omitempty"`
	// Action is the action being prepared ("arrest", "investigate",
	// "handle") and Target its Bad Hood number, stack or Emergency site.
	Action string `json:"action,omitempty"`
	Target string `json:"target,omitempty"`
	// Donuts discarded, Bonus dice/cards from own Police cards, Easier
	// difficulty, Patrol dice for the action being prepared.
	Donuts int `json:"donuts,omitempty"`
	Bonus  int `json:"bonus,omitempty"`
	Easier int `json:"easier,omitempty"`
	Patrol int `json:"patrol,omitempty"`
	// SkipPolice: phase 3 is skipped (Hospital). NoEvent: phase 4 is
	// skipped (an Emergency's reward).
	SkipPolice bool `json:"skip_police,omitempty"`
	NoEvent    bool `json:"no_event,omitempty"`
	// Arrests made this turn, and whether their Donut was paid.
	Arrests    int  `json:"arrests,omitempty"`
	ArrestPaid bool `json:"arrest_paid,omitempty"`
	// Rolling: the cop asked to draw or roll and the help window is open;
	// Helped counts the symbols other cops played (PP-POLICE-08).
	Rolling bool `json:"rolling,omitempty"`
	Helped  int  `json:"helped,omitempty"`
	// Partnered: a Partner's extra symbol was counted in this turn's
	// help window.
	Partnered bool `json:"partnered,omitempty"`
	// Event is the Event card drawn this turn while Kinney decides, -1.
	Event int `json:"event"`
	// Drawn are the Investigation cards a cop of a Dirty-Cop game drew
	// and has not filed yet; the cop learns them by a private note.
	Drawn []int `json:"drawn,omitempty" vis:"hidden,count"`
}

// Detail is what a Police Precinct decision carries beside its seat and
// kind.
type Detail struct {
	// N is how many cards are still to discard.
	N int `json:"n,omitempty"`
	// Reason says why ("hospital", "hand limit").
	Reason string `json:"reason,omitempty"`
}
