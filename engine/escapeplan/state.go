package escapeplan

import (
	"casefile/engine"
)

// SandraActor is Sandra's actor number in turn order and on Business and
// Safe House cubes; seats are 0..n-1.
const SandraActor = 9

// Phase names, in the rules' words; the code is driven by these, not by the
// phase numbers the two rules texts disagree on (EP-ROUND-03).
const (
	PhaseIncome       = "Income"
	PhasePatrol       = "Patrol"
	PhaseCity         = "City"
	PhaseTurnOrder    = "Turn Order"
	PhasePlayerAction = "Player Action"
	PhaseChange       = "Change of Round"
	PhaseEnd          = "End of Game"
)

// State is one game of Escape Plan. Every field is plain data; hidden
// information is declared with vis tags and views come from engine.Redact.
type State struct {
	NPlayers int    `json:"n"`
	Side     string `json:"side"`
	Round    int    `json:"round"`
	Phase    string `json:"phase"`
	// PhaseBegun is set once the current phase's opening steps are done.
	PhaseBegun bool `json:"phase_begun"`
	// TurnNo is the Player Action turn, 0..4 (3 Required, 2 Optional).
	TurnNo int `json:"turn_no"`
	// Star is set while the Time marker is on a ★ space (Notoriety update).
	Star bool `json:"star"`
	// Order is the turn order: seats, and SandraActor when she plays.
	Order []int `json:"order"`
	// Cur indexes Order during the Player Action phase.
	Cur int `json:"cur"`
	// Joined are the actors taking part in the current turn.
	Joined []int `json:"joined"`
	// JoinAsked is set once Optional-turn participation has been asked.
	JoinAsked bool `json:"join_asked"`
	// Placed counts City tiles placed this City phase.
	Placed int `json:"placed"`

	Rng  engine.Rand `json:"rng" vis:"hidden"`
	Bank int         `json:"bank" vis:"hidden"`

	// Grid maps slot (row*GridCols+col) to a tile index, -1 for empty.
	Grid  []int       `json:"grid"`
	Tiles []TileState `json:"tiles"`
	// Stacks are the face-down City tiles under each stack's face-up top.
	Stacks [4]CityStack `json:"stacks"`
	// FaceUp are the face-up tops of the 4 City stacks, -1 when taken.
	FaceUp [4]int `json:"face_up"`

	// Bag holds the Police Officers not in play, by colour (red, blue,
	// black); the bag is drawn at random but its contents are public.
	Bag [3]int `json:"bag"`
	// Removed are officers removed from the game by Snitch cards.
	Removed [3]int `json:"removed"`

	PatrolDeck []int `json:"patrol_deck" vis:"hidden,count"`
	// PatrolDiscard is the card discarded unseen at setup.
	PatrolDiscard int `json:"patrol_discard" vis:"hidden"`
	// PatrolSpaces counts the Patrol cards on each Patrol space (Exit n).
	PatrolSpaces [3]int `json:"patrol_spaces"`

	ExitStacks []ExitStack `json:"exit_stacks"`

	ContactDeck []int `json:"contact_deck" vis:"hidden,count"`
	// Display holds the 7 face-up Contact cards, leftmost first; -1 empty.
	Display     [7]int `json:"display"`
	ContactsBox []int  `json:"contacts_box"`

	Fixers   []string `json:"fixers"`
	FixerBox []string `json:"fixer_box"`
	// FixersUnused are the Fixer kinds left out of this game.
	FixersUnused []string `json:"fixers_unused" vis:"hidden"`
	// Equipment counts the tiles left of each type.
	Equipment [4]int `json:"equipment"`
	// Lockers are the face-down Locker stacks (green, black, brown).
	Lockers   [3]LockerStack `json:"lockers"`
	LockerBox []SecretTile   `json:"locker_box" vis:"hidden,count"`
	ExitBox   []SecretTile   `json:"exit_box" vis:"hidden,count"`
	KeyBox    []string       `json:"key_box"`
	EquipBox  []string       `json:"equip_box"`
	AssetBox  []string       `json:"asset_box"`

	Gas        int `json:"gas"`
	GangSupply int `json:"gang_supply"`
	Discs      int `json:"discs"`
	Handcuffs  int `json:"handcuffs"`

	Businesses []BusinessState  `json:"businesses"`
	SafeHouses []SafeHouseState `json:"safe_houses"`
	Locs       []LocState       `json:"locs"`

	Players []Player `json:"players"`
	Sandra  *Sandra  `json:"sandra,omitempty"`

	// Pending are the decisions owed, the one decided now on top; the
	// active player's turn is one of them, below what interrupts it.
	Pending engine.Stack[Detail] `json:"pending"`

	// Opening are the public log lines of the game's creation (SetupLog).
	Opening []string `json:"opening,omitempty"`

	Escaped int              `json:"escaped"`
	Over    bool             `json:"over"`
	Result  *Outcome         `json:"result,omitempty"`
	Moves   int              `json:"moves"`
	cache   engine.MoveCache `json:"-"`
	// revealed reports that something hidden (a tile, a card) was
	// brought to light during the Apply under way.
	revealed bool
	geoCache geo `json:"-"`
}

// Outcome is the final result kept in the state.
type Outcome struct {
	Summary string `json:"summary"`
	Winners []int  `json:"winners"`
	Scores  []int  `json:"scores"`
}

// CityStack is the face-down part of one lettered City tile stack.
type CityStack struct {
	Tiles []int `json:"tiles" vis:"hidden,count"`
}

// LockerStack is one colour's face-down Locker stack.
type LockerStack struct {
	Tiles []SecretTile `json:"tiles" vis:"hidden,count"`
}

// TileState is where a City tile is and what stands on it.
type TileState struct {
	// Where is "stack", "faceup" or "city".
	Where string `json:"where"`
	Slot  int    `json:"slot"`
	// Officers holds at most one officer of each colour.
	Officers [3]bool `json:"officers"`
}

// ExitStack is one stack of face-down Exit tiles; Exit is the Exit number
// it lies on once a Patrol blocked that Exit (0 while beside the board).
type ExitStack struct {
	Colour string       `json:"colour"`
	Exit   int          `json:"exit"`
	Tiles  []SecretTile `json:"tiles" vis:"hidden,count"`
}

// Cube is an Income cube on a Business or Safe House hex.
type Cube struct {
	Actor  int  `json:"actor"`
	Income bool `json:"income"`
}

// BusinessState is a Business tile: where it lies and its cubes.
type BusinessState struct {
	Name   string `json:"name"`
	Group  string `json:"group"`
	Loc    int    `json:"loc"`
	Cubes  []Cube `json:"cubes"`
	Closed bool   `json:"closed"`
}

// SafeHouseState is a Safe House tile with the Keys above it.
type SafeHouseState struct {
	Name  string   `json:"name"`
	Loc   int      `json:"loc"`
	Keys  []string `json:"keys"`
	Cubes []Cube   `json:"cubes"`
}

// LocState is what lies on a Location: Gang members and a Gang Control
// marker, the Business or Safe House tile placed there.
type LocState struct {
	GangMembers int    `json:"gang_members"`
	Control     int    `json:"control"`
	Tile        string `json:"tile,omitempty"`
}

// ContactSpace is one Contact card space of a Player Board.
type ContactSpace struct {
	Card   int  `json:"card"`
	Used   bool `json:"used"`
	Cuffed bool `json:"cuffed"`
}

// AssetSpace is an unlocked Asset space and the tile on it.
type AssetSpace struct {
	Asset string `json:"asset"`
	Used  bool   `json:"used"`
}

// Item is an Equipment, Fixer, Locker or Exit tile on a Player Board.
// Locker and Exit tiles lie face-down: only their owner sees the contents.
type Item struct {
	Kind   string      `json:"kind"`
	Name   string      `json:"name"`
	Used   bool        `json:"used"`
	Secret *SecretTile `json:"secret,omitempty" vis:"owner"`
}

// Key is a Key held by a player; a used Key is flipped.
type Key struct {
	Colour string `json:"colour"`
	Used   bool   `json:"used"`
}

// Player is one seat's pieces.
type Player struct {
	Seat int `json:"seat"`
	// Plan is the secret Escape Plan card (index into EscapePlans).
	Plan  string `json:"plan" vis:"owner"`
	Money int    `json:"money" vis:"owner"`
	// At is the pawn's node, -1 once escaped or arrested.
	At       int    `json:"at"`
	Status   string `json:"status"`
	EscapeNo int    `json:"escape_no"`

	Notoriety int `json:"notoriety"`
	Red       int `json:"red"`
	Blue      int `json:"blue"`

	IncomeCubes int  `json:"income_cubes"`
	Wounds      int  `json:"wounds"`
	Handcuffs   int  `json:"handcuffs"`
	FirstAid    bool `json:"first_aid"`
	// Sun is the Rest token's Sun side: Rest still available this round.
	Sun   bool `json:"sun"`
	Discs int  `json:"discs"`
	Gas   int  `json:"gas"`
	// Gang lists the Gang Locations of the Gang Members held.
	Gang    []int `json:"gang"`
	Markers int   `json:"markers"`

	Contacts  [ContactSpaces]ContactSpace `json:"contacts"`
	TopRow    []string                    `json:"top_row"`
	BottomRow []string                    `json:"bottom_row"`
	Assets    []AssetSpace                `json:"assets"`
	Items     []Item                      `json:"items"`
	Keys      []Key                       `json:"keys"`
	Visited   []string                    `json:"visited"`
	Score     int                         `json:"score"`
}

// OwnerSeat makes a Player's owner-only fields visible to that seat.
func (p Player) OwnerSeat() engine.Seat { return engine.Seat(p.Seat) }

// Sandra is the Police Inspector of 2-player (and our solo) games.
type Sandra struct {
	At        int   `json:"at"`
	Notoriety int   `json:"notoriety"`
	Red       int   `json:"red"`
	Blue      int   `json:"blue"`
	Cubes     int   `json:"cubes"`
	Discs     int   `json:"discs"`
	Deck      []int `json:"deck" vis:"hidden,count"`
	// Done are the cards already played, removed from the game.
	Done    []int    `json:"done"`
	Visited []string `json:"visited"`
}

// Threat is one Police Officer (or Sandra) to Avoid.
type Threat struct {
	Tile int    `json:"tile"`
	Who  string `json:"who"`
}

// TurnState is the active player's turn beyond its step: the MP left,
// where the Move began, and what was used along the way. It rides on the
// turn's decision (Detail.Turn), whose kind is the step.
type TurnState struct {
	MP    int `json:"mp"`
	Start int `json:"start"`
	// Steps counts the steps of this Move.
	Steps int `json:"steps"`
	// Subway is set once the Subway was ridden this Move.
	Subway bool `json:"subway"`
	// Water lists the Water tiles passable this turn (Jet Ski, Scuba).
	Water   []int    `json:"water,omitempty"`
	Left    []int    `json:"left,omitempty"`
	Threats []Threat `json:"threats,omitempty"`
	// Visit records which options of the Visit menu were used.
	Visit    map[string]int `json:"visit"`
	Escaping bool           `json:"escaping,omitempty"`
}

// who names an actor in log lines: a seat reference or Sandra.
func who(actor int) string {
	if actor == SandraActor {
		return "Sandra"
	}
	return engine.SeatRef(engine.Seat(actor))
}

// active reports whether a player is still in the city.
func (p *Player) active() bool { return p.Status == "" }

// pay moves amount from *from to the bank (negative amount: from the bank
// to *from), so money is conserved.
func (s *State) pay(from *int, amount int) {
	if amount < 0 && -amount > s.Bank {
		amount = -s.Bank
	}
	*from -= amount
	s.Bank += amount
}

// countOf counts the copies of x in xs.
func countOf(xs []string, x string) int {
	n := 0
	for _, v := range xs {
		if v == x {
			n++
		}
	}
	return n
}
