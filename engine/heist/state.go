package heist

import (
	"encoding/json"
	"fmt"
	"slices"

	"casefile/engine"
	"casefile/engine/heist/content"
)

// Phase names, in the game's own words.
const (
	// PhaseCrew is the setup step Build Characters (MH-SETUP-09): every
	// seat takes a character card and two Skills before Planning.
	PhaseCrew     = "crew"
	PhasePlanning = "planning"
	PhaseAction   = "action"
	PhaseEvent    = "event"
	PhaseEscape   = "escape"
	PhaseOver     = "over"
)

// Chit kinds: security chits that sit on tiles, and loot tokens.
const (
	Guard    = "guard"
	Dog      = "dog"
	Lock     = "lock"
	Camera   = "camera"
	Blank    = "blank"
	Jewel    = "jewel"
	Keycard  = "keycard"
	USB      = "usb"
	Document = "documents"
)

// Token kinds: the module pieces printed on or put onto a hex.
const (
	TokReinforcements = "reinforcements"
	TokWatchtower     = "watchtower"
	TokKennel         = "kennel"
	TokSafe           = "safe"
	TokKeycardDoor    = "keycard door"
	TokBeacon         = "beacon"
	TokItem           = "item"
)

// Chit is one circle chit on a hex. Active is the chit's Active side: an
// unsubdued Guard or Dog, a locked Lock, a live Camera.
type Chit struct {
	Kind   string `json:"kind"`
	Active bool   `json:"active"`
	// FromBag marks a chit drawn from the Security bag (for Guard Dogs, which
	// leave a Blank behind when they chase).
	FromBag bool `json:"from_bag,omitempty"`
	// Stay marks a Dog left behind by a character who may leave Guards
	// without Subdue: it does not chase this phase (MH-DOG-08).
	Stay bool `json:"stay,omitempty"`
}

// Tile is one hex of the board.
type Tile struct {
	// Hex is the tile's name in moves: row letter and column number of the
	// scenario's text grid ("c4").
	Hex string `json:"hex"`
	// Row and Col index the scenario's text grid; X is the doubled column
	// (2*Col, +1 on indented rows).
	Row  int    `json:"row"`
	Col  int    `json:"col"`
	X    int    `json:"x"`
	Code string `json:"code"`
	// Entrance tiles are the Entrances/Exits: a character on one is Outdoors.
	Entrance bool `json:"entrance,omitempty"`
	// Tunnel marks a hex-shaped space where an Entrance may be placed in
	// Planning; until then it is not a tile.
	Tunnel bool `json:"tunnel,omitempty"`
	// Removed is set when a Lockdown Gate took the tile away: it is a gap.
	Removed bool `json:"removed,omitempty"`
	// Unknown is a Security tile whose chit has not been drawn yet.
	Unknown bool   `json:"unknown,omitempty"`
	Chits   []Chit `json:"chits,omitempty"`
	// Cash on the hex, in $k: any amount is one piece of loot.
	Cash int      `json:"cash,omitempty"`
	Loot []string `json:"loot,omitempty"`
	// Tokens are module pieces: reinforcements, watchtower, kennel, safe,
	// keycard door, beacon, and "gate a".."gate d", "server x", "remote x".
	Tokens []string `json:"tokens,omitempty"`
	// Safe progress: Cracks done of SafeNeeds; SafeCash and SafeLoot are
	// what it holds.
	SafeNeeds int      `json:"safe_needs,omitempty"`
	Cracks    int      `json:"cracks,omitempty"`
	SafeCash  int      `json:"safe_cash,omitempty"`
	SafeLoot  []string `json:"safe_loot,omitempty"`
	// Plans lists the seats that placed a planning token here.
	Plans []engine.Seat `json:"plans,omitempty"`
	// Ideas holds The Architect's Idea tokens left on the hex.
	Ideas int `json:"ideas,omitempty"`
}

// Pool is what is left of a character's chosen Action this round.
type Pool struct {
	Move    int `json:"move,omitempty"`
	Unlock  int `json:"unlock,omitempty"`
	Subdue  int `json:"subdue,omitempty"`
	Disable int `json:"disable,omitempty"`
	Idea    int `json:"idea,omitempty"`
	Reveal  int `json:"reveal,omitempty"`
	Loot    int `json:"loot,omitempty"`
	Crack   int `json:"crack,omitempty"`
}

// add puts a chosen Action's sub-actions into the pool.
func (p *Pool) add(a content.Action) {
	for _, s := range a.Subs {
		switch s {
		case "move":
			p.Move++
		case "unlock":
			p.Unlock++
		case "subdue":
			p.Subdue++
		case "disable":
			p.Disable++
		case "idea":
			p.Idea++
		case "reveal":
			p.Reveal++
		case "loot":
			p.Loot++
		case "crack":
			p.Crack++
		}
	}
}

// Character is one seat's character in the heist.
type Character struct {
	Seat engine.Seat `json:"seat"`
	// Name is the named character (campaign) or the card's name.
	Name string `json:"name"`
	// Named is the campaign roster name this character plays ("" for a
	// character built for this heist).
	Named     string    `json:"named,omitempty"`
	Card      string    `json:"card"`
	Archetype string    `json:"archetype"`
	Skills    [2]string `json:"skills"`
	Memory    int       `json:"planning_memory"`
	Ideas     int       `json:"ideas"`
	Hex       string    `json:"hex"`
	// Planned lists the hexes holding this character's planning tokens.
	Planned   []string `json:"planned"`
	Cash      int      `json:"cash,omitempty"`
	Loot      []string `json:"loot,omitempty"`
	Busted    bool     `json:"busted,omitempty"`
	Escaped   bool     `json:"escaped,omitempty"`
	StartedIn bool     `json:"started_busted,omitempty"`
	// WentIn is set once the character has been Indoors.
	WentIn bool `json:"went_in,omitempty"`
	// Hidden: the Escape ended with the character unseen thanks to the
	// Camouflage (CATCH UP WITH YA LATER): not Busted, but not escaped
	// either (its loot is not secured, it does not count as out).
	Hidden bool `json:"hidden,omitempty"`
	// MasterPlan marks the owner of the Master Plan Copy.
	MasterPlan bool `json:"master_plan,omitempty"`
	// Die is this round's roll.
	Die int `json:"die,omitempty"`
	// Action is the Action chosen this round ("" until chosen).
	Action    string `json:"action,omitempty"`
	ActionSrc string `json:"action_source,omitempty"`
	Pool      Pool   `json:"pool"`
	// Noise and Alerts owed by the chosen action, settled when it ends.
	Noise  int  `json:"noise,omitempty"`
	Alerts int  `json:"alerts,omitempty"`
	Done   bool `json:"done,omitempty"`
	// Flags set by abilities for the rest of the phase.
	ExitGuards bool `json:"exit_guards,omitempty"`
	Larcenist  bool `json:"larcenist,omitempty"`
	Picker     int  `json:"efficient_picker,omitempty"`
	Replans    int  `json:"replans,omitempty"`
	Tweaks     int  `json:"tweaks,omitempty"`
	GiveIdeas  int  `json:"give_ideas,omitempty"`
	Moved      bool `json:"moved,omitempty"`
	Unlocked   bool `json:"unlocked,omitempty"`
	OnlyCrack  bool `json:"only_crack,omitempty"`
	Grant      int  `json:"autopwn,omitempty"`
	GrantMult  int  `json:"autopwn_size,omitempty"`
	// Used lists once-per-heist abilities already used.
	Used []string `json:"used,omitempty"`
	// EscapeMoves left from the Last Ditch Effort; Rolled once it is made.
	EscapeMoves int  `json:"escape_moves,omitempty"`
	Rolled      bool `json:"last_ditch,omitempty"`
	// Ability counters of the chosen Action.
	Rewire       int  `json:"rewire,omitempty"`
	Toss         int  `json:"toss,omitempty"`
	KillPixels   int  `json:"kill_pixels,omitempty"`
	Cracked      bool `json:"cracked,omitempty"`
	CrackUnlocks int  `json:"crack_unlocks,omitempty"`
	FreeTokens   int  `json:"free_tokens,omitempty"`
	// NPC marks the scenario's non-player character, played by the team;
	// Active once taken or freed; Panicked on its Panic side.
	NPC      bool   `json:"npc,omitempty"`
	Active   bool   `json:"active,omitempty"`
	Panicked bool   `json:"panicked,omitempty"`
	Special  string `json:"special,omitempty"`
	// Level is the character's level, 1..4 (MH-LEVEL-05..09).
	Level int `json:"level,omitempty"`
	// Base holds the Amateur cards (character, skill 1, skill 2) of a new
	// character built above level 1, so the player may still choose the
	// other Pro cards of each step in the Crew step.
	Base []string `json:"base,omitempty"`
	// Draft is a new character being built in the Crew step: the
	// Amateur character card, then the Skills picked so far (at most one;
	// the second completes it). Public, as the cards are on the table.
	Draft []string `json:"draft,omitempty"`
	// Hideout marks a character that hid in The Final Score: Part 1 and
	// starts Part 2 on the matching hideout.
	Hideout bool `json:"hideout,omitempty"`
}

// ref names the character in log lines: a seat mention, or the NPC's name.
func (c *Character) ref() string {
	if c.NPC {
		return "the " + c.Name
	}
	return engine.SeatRef(c.Seat)
}

// OwnerSeat makes a character's owner-only fields visible to its seat.
func (c *Character) OwnerSeat() engine.Seat { return c.Seat }

// NoiseTracker is the Noise track of the player count's side.
type NoiseTracker struct {
	Level int `json:"level"`
	// Final is the last slot; every Noise past it raises an Alert.
	Final  int   `json:"final"`
	Alerts []int `json:"alerts"`
}

// State is one heist in progress.
type State struct {
	Scenario     string       `json:"scenario"`
	ScenarioName string       `json:"scenario_name"`
	Objective    string       `json:"objective"`
	Players      int          `json:"characters"`
	Phase        string       `json:"phase"`
	Round        int          `json:"round"`
	Tiles        []*Tile      `json:"tiles"`
	Chars        []*Character `json:"chars"`
	NPC          *Character   `json:"npc,omitempty"`
	Noise        NoiseTracker `json:"noise"`
	// Deck is the Event deck, top first: event IDs ("7", "G1") and crisis
	// IDs ("C2", "Z1"). It is face up: the rules let everyone look ahead,
	// so every view holds it whole (View.Upcoming names the next ones).
	Deck    []string `json:"deck" vis:"public"`
	Discard []string `json:"discard"`
	// CrisisQueue holds the Crises set aside in the order they reached the
	// top of the deck, face up too (View.Queue).
	CrisisQueue []string `json:"crisis_queue" vis:"public"`
	// LastEvent is the last Event dealt off the deck, the Active Event when
	// the deck ran out.
	LastEvent string `json:"last_event,omitempty"`
	// ActiveEvent is the Event being resolved in the Event phase.
	ActiveEvent string `json:"active_event,omitempty"`
	// Pending are the decisions the heist waits on, the one decided now
	// first (decisions.go).
	Pending engine.Stack[Question] `json:"pending"`
	// Crisis is the Crisis being resolved while a choice on the stack waits.
	Crisis string `json:"crisis,omitempty"`
	// Hounds are Release the Hounds!'s Dogs still to run, by target seat
	// (-1: the nearest character), so a choice can pause between Dogs.
	Hounds []int `json:"hounds,omitempty"`
	// Bag holds how many of each chit are in the Security bag. Which chit
	// comes out next is the generator's secret, so only counts are kept.
	Bag map[string]int `json:"bag"`
	// BagDrawn counts chits drawn from the bag, for conservation checks.
	BagDrawn   int `json:"bag_drawn"`
	BagAdded   int `json:"bag_added"`
	BagRemoved int `json:"bag_removed"`
	TeamCash   int `json:"team_cash"`
	// SecuredCash and Secured are the loot that got Outdoors this heist.
	SecuredCash int      `json:"secured_cash"`
	Secured     []string `json:"secured,omitempty"`
	Fixers      []string `json:"fixers"`
	Shop        []string `json:"shop,omitempty"`
	// GatesClosed counts Lockdown Gates already locked down (A first).
	GatesClosed     int    `json:"gates_closed"`
	EscapeInitiated bool   `json:"escape_initiated,omitempty"`
	EscapeBy        string `json:"escape_by,omitempty"`
	// LoopFootage: cameras have no consequence this action and event phase.
	LoopFootage bool `json:"loop_footage,omitempty"`
	DogWhistle  bool `json:"dog_whistle,omitempty"`
	// Flashbanged lists the chits a Flashbang subdued, one "<hex> <kind>"
	// each (guard or dog): they get up after the Event phase.
	Flashbanged []string `json:"flashbanged,omitempty"`
	// Consultant blanks left on the Consultant card.
	ConsultantBlanks int `json:"consultant_blanks,omitempty"`
	BookieBet        int `json:"bookie_bet,omitempty"`
	// Story and rules flags of the scenario.
	Breakout        bool     `json:"breakout,omitempty"`
	NoEntranceLimit bool     `json:"no_entrance_limit,omitempty"`
	TunnelsLeft     int      `json:"tunnels_left,omitempty"`
	HeldByGuard     []string `json:"held_by_guard,omitempty"`
	// RoundSubdued counts guards subdued this round (Safehouse ambush).
	RoundSubdued int `json:"round_subdued,omitempty"`
	Diversion    int `json:"diversion,omitempty"`
	// ArchitectTokens and RetireeCards count what those fixers placed.
	ArchitectTokens int `json:"architect_tokens,omitempty"`
	RetireeCards    int `json:"retiree_cards,omitempty"`
	// DrawnThisRound lists hexes whose chit came from the bag this round
	// (the Consultant's ON CALL may replace them).
	DrawnThisRound []string `json:"drawn_this_round,omitempty"`
	// ShellPaid: Shell's DENIAL OF SERVICE was bought for this Planning.
	ShellPaid bool `json:"shell_paid,omitempty"`
	// Triggered lists once-per-heist effects already used (fixers, CHECK
	// THE LOGS).
	Triggered []string `json:"triggered,omitempty"`
	// LastUsed: LastEvent has already been resolved as an Active Event.
	LastUsed bool            `json:"last_event_used,omitempty"`
	Result   *engine.Outcome `json:"outcome,omitempty"`
	Won      bool            `json:"won,omitempty"`
	// Owners holds, per seat, the id of the person playing it
	// (engine.Setup.Owners); nil when the platform named nobody.
	Owners []string `json:"owners,omitempty"`
	// Levels holds, per seat, its person's player level as the heist was
	// dealt (nil without owners): the limit for named characters and the
	// level new characters start at (MH-LEVEL-04/05).
	Levels []int `json:"levels,omitempty"`
	// Rescue is the Busted named character the Prisoner NPC is in this
	// heist, rescued once the Prisoner gets out ("" for none).
	Rescue string `json:"rescue,omitempty"`
	// Difficulty is the scenario's label (A, S or P) and TeamDifficulty the
	// label the team's average level matches (MH-SETUP-02); advisory.
	Difficulty     string `json:"difficulty,omitempty"`
	TeamDifficulty string `json:"team_difficulty,omitempty"`
	// PartOne is set in The Final Score: Part 2 when Part 1's hideouts were
	// carried over: only those characters start inside.
	PartOne bool `json:"part_one,omitempty"`
	// Camp is the server's campaign this heist belongs to; it is updated
	// when the heist ends.
	Camp *Campaign    `json:"campaign,omitempty"`
	Rand *engine.Rand `json:"rand" vis:"hidden"`

	// resume is what the effect being resolved goes on with once a choice
	// it asks is settled; a choice keeps it as its Resume while it waits.
	resume engine.ResumeKind
	// explain is set while the moves are listed again to refuse one: the
	// moves that cannot be legal here at all (onto a hex far away) are
	// listed too, with the condition that fails, so the refusal names it.
	explain bool
	// listed are the moves last listed for a seat (listedFor) since the
	// last move, nil if none were, kept only once keep is set
	// (KeepMoves): Apply forgets them before its move changes anything.
	// One seat's only: a crew's list holds up to 166 moves, and a kept
	// state may wait in the state cache for days.
	listed    *engine.Moves
	listedFor engine.Seat
	keep      bool

	byHex map[string]int
	byPos map[coord]int
}

func (c *Character) has(loot string) bool { return slices.Contains(c.Loot, loot) }

func (c *Character) used(ability string) bool { return slices.Contains(c.Used, ability) }

// char is seat's character, or nil.
func (s *State) char(seat engine.Seat) *Character {
	if int(seat) < 0 || int(seat) >= len(s.Chars) {
		return nil
	}
	return s.Chars[seat]
}

// Outcome is nil while the heist goes on.
func (s *State) Outcome() *engine.Outcome { return s.Result }

// Marshal serializes the whole state.
func (s *State) Marshal() ([]byte, error) { return json.Marshal(s) }

// load restores a heist from Marshal's bytes.
func load(data []byte) (engine.State, error) {
	s := &State{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if s.Rand == nil || s.Bag == nil {
		return nil, fmt.Errorf("heist: incomplete state")
	}
	s.index()
	s.refresh()
	return s, nil
}

var (
	_ engine.State      = (*State)(nil)
	_ engine.Campaigner = (*State)(nil)
	_ engine.StandIn    = (*State)(nil)
)
