package android

import (
	"slices"

	"casefile/engine"
)

// State is one game of Android. Every field is plain data; hidden
// information is declared with vis tags and views come from engine.Redact.
//
// The conspiracy puzzle (engine/android/conspiracy), the plots, events and
// NPCs live in Story (story.go).
type State struct {
	NPlayers int `json:"n"`
	// Murder indexes Murders.
	Murder int         `json:"murder"`
	Rng    engine.Rand `json:"rng" vis:"hidden"`

	// Day is the calendar day, 1…Days (week 1 is days 1–6).
	Day int `json:"day"`
	// First is the first player's seat; Order the day's turn order (the
	// first player, then clockwise: seat+1 is a seat's left neighbour);
	// Cur indexes Order.
	First int   `json:"first"`
	Order []int `json:"order"`
	Cur   int   `json:"cur"`

	Dets []Det `json:"dets"`
	// Suspects are the suspects in play, in the murder sheet's order.
	Suspects []SuspectSheet `json:"suspects"`
	Leads    []Lead         `json:"leads"`

	// Scene is the scene of the crime; SceneHero the seat whose hero
	// marker lies on it.
	Scene     int `json:"scene"`
	SceneHero int `json:"scene_hero"`
	// Lily and Jimmy are the two special characters' locations.
	Lily  int `json:"lily"`
	Jimmy int `json:"jimmy"`

	// EvidencePile is the face-down pile of evidence tokens (ids into
	// EvidencePool).
	EvidencePile []int `json:"evidence_pile" vis:"hidden,count"`
	// Supply is what lies in each token pile on the map.
	Supply Supply `json:"supply"`
	// InnocentDeck and GuiltyDeck are the hunch cards not dealt (suspect
	// slugs); Boxed the hunch cards of suspects not in play.
	InnocentDeck []string `json:"innocent_deck" vis:"hidden,count"`
	GuiltyDeck   []string `json:"guilty_deck" vis:"hidden,count"`

	Pending engine.Stack[Detail] `json:"pending"`
	// Time is the Time left on the time sheet in the current turn.
	Time int `json:"time"`

	// Twilight is the state of the twilight cards' play (twilight_play.go).
	Twilight TwilightState `json:"twilight"`

	// Skipped lists, in order, each rule the game passed over because it
	// is not implemented yet: every skip is also said in
	// the public log. CONTENT.md lists them.
	Skipped []string `json:"skipped,omitempty"`

	// Story is the conspiracy, plots and baggage, events and NPCs
	// (story.go).
	Story Story `json:"story"`

	Over    bool   `json:"over"`
	Summary string `json:"summary,omitempty"`
	// Close is the closing of the case, filled at the end.
	Close *Closing `json:"close,omitempty"`

	// Opening are the public lines of the deal.
	Opening []string `json:"opening,omitempty"`
	Moves   int      `json:"moves"`

	cache engine.MoveCache
}

// Supply counts the tokens in each pile on the map (AN-SETUP-16…24).
type Supply struct {
	Favors    map[string]int `json:"favors"`
	Haas      int            `json:"haas"`
	Jinteki   int            `json:"jinteki"`
	Alibis    int            `json:"alibis"`
	Hits      int            `json:"hits"`
	Trauma    int            `json:"trauma"`
	Dropships int            `json:"dropships"`
}

// Det is one seat's detective and what it holds.
type Det struct {
	Seat      int `json:"seat"`
	Detective int `json:"detective"`
	At        int `json:"at"`
	// Twilight is the twilight marker, −TwilightSpan (completely light
	// shifted) … +TwilightSpan (completely dark shifted); 0 is the centre.
	Twilight int `json:"twilight"`
	// Heroes are the hero markers the detective has not placed.
	Heroes int `json:"heroes"`
	// Warrants are the locations of the detective's warrants in play.
	Warrants []int          `json:"warrants,omitempty"`
	Favors   map[string]int `json:"favors"`
	Haas     int            `json:"haas,omitempty"`
	Jinteki  int            `json:"jinteki,omitempty"`
	Trauma   int            `json:"trauma,omitempty"`
	// Dropships are dropship passes held.
	Dropships int `json:"dropships,omitempty"`
	// Hand are the twilight cards held: which deck each came from is
	// public, the card only its holder sees.
	Hand []HandCard `json:"hand"`
	// Light is the detective's light deck (beside the detective sheet);
	// Dark the dark deck (on the map), which the other players draw from.
	Light Deck `json:"light"`
	Dark  Deck `json:"dark"`
	// Innocent and Guilty are the hunch cards (suspect slugs), secret
	// until the case closes.
	Innocent string `json:"innocent" vis:"owner"`
	Guilty   string `json:"guilty" vis:"owner"`
	// Plot is the title of the week's plot; the card in play and its
	// baggage are in Story.Plots.
	Plot string `json:"plot"`
	// Holding is the evidence token drawn and not yet placed, seen by the
	// detective only.
	Holding []int `json:"holding,omitempty" vis:"owner,count"`
	// Used are the major locations whose ability the detective used this
	// round (AN-ABIL-03).
	Used []int `json:"used,omitempty"`
	// PassDark is the player's standing choice to pass every dark-card
	// window (standing.go), known to that player only.
	PassDark bool `json:"pass_dark,omitempty" vis:"owner"`
	// Louis is Louis Blaine's Mood card and Sara favors (hero_louis.go).
	Louis *LouisCard `json:"louis,omitempty"`
	// Rachel is Rachel Beckmann's Money card and setup draws (hero_rachel.go).
	Rachel *RachelCard `json:"rachel,omitempty"`
	// Sanity is Caprice Nisei's Sanity card (hero_caprice.go), public.
	Sanity *Sanity `json:"sanity,omitempty"`
	// Directives are Floyd 2X3A7C's Directive cards and his Director
	// Haas favor (hero_floyd.go), public.
	Directives *Directives `json:"directives,omitempty"`
	// Flint is Raymond's hero cards (hero_raymond.go), on Raymond only.
	Flint *Flint `json:"flint,omitempty"`
	// Memory is Raymond's Memory card held (not in the hand), seen by
	// its holder only; MemoryHeld that one is held is public.
	Memory     string `json:"memory,omitempty" vis:"owner"`
	MemoryHeld bool   `json:"memory_held,omitempty"`
}

// OwnerSeat makes the hunches, the hand's cards and a drawn token visible
// to the detective's own seat.
func (d Det) OwnerSeat() engine.Seat { return engine.Seat(d.Seat) }

// Def is the detective's sheet; a seat still to draft one has none.
func (d *Det) Def() Detective {
	if d.Detective == NoDetective {
		return Detective{Name: "no detective yet"}
	}
	return Detectives[d.Detective]
}

// NoDetective is Det.Detective while a drafting seat has not taken one.
const NoDetective = -1

// hasWarrant reports whether the detective has a warrant on location l.
func (d *Det) hasWarrant(l int) bool { return slices.Contains(d.Warrants, l) }

// HandCard is one twilight card in a hand.
type HandCard struct {
	// Deck names the deck the card came from ("raymond dark"): its back
	// shows it.
	Deck string `json:"deck"`
	Card string `json:"card" vis:"owner"`
}

// Deck is a twilight deck: the face-down cards (top first) and, under
// them, the cards discarded face up to the bottom (oldest first).
type Deck struct {
	Down []string `json:"down" vis:"hidden,count"`
	Up   []string `json:"up,omitempty"`
}

// Len is how many cards the deck holds.
func (d *Deck) Len() int { return len(d.Down) + len(d.Up) }

// SuspectSheet is one suspect in play.
type SuspectSheet struct {
	Suspect int  `json:"suspect"`
	Dead    bool `json:"dead,omitempty"`
	Hits    int  `json:"hits,omitempty"`
	Alibis  int  `json:"alibis,omitempty"`
	// Files hold the evidence in each file area, in Files order.
	Files [3][]Evidence `json:"files"`
}

// Def is the suspect's sheet.
func (s *SuspectSheet) Def() Suspect { return Suspects[s.Suspect] }

// Evidence is one evidence token on a suspect sheet. Face down, its token
// is known only to the seats in KnownTo (the one who placed it, and later
// whoever peeks); face up, Shown tells everyone.
type Evidence struct {
	Token   int           `json:"token" vis:"known"`
	KnownTo []engine.Seat `json:"known_to"`
	// Shown is the token as the table reads it once face up; empty while
	// face down.
	Shown string `json:"shown,omitempty"`
}

// KnownBy lists the seats that know a face-down token.
func (e *Evidence) KnownBy() []engine.Seat { return e.KnownTo }

// FaceUp reports whether the token has been revealed.
func (e *Evidence) FaceUp() bool { return e.Shown != "" }

// Lead is one lead marker: a suspect's testimony lead, or a detective's
// physical or document lead.
type Lead struct {
	Kind string `json:"kind"`
	// Of is the suspect's or the detective's slug.
	Of string `json:"of"`
	// At is the lead's location; -1 once it has left the game (AN-LEAD-08).
	At int `json:"at"`
}

// Name is the lead as move texts and the log call it.
func (l Lead) Name() string {
	if l.Kind == Testimony {
		return l.Of + " testimony"
	}
	return l.Of + " " + l.Kind
}

// Detail is what an Android decision carries beside its seat and kind.
type Detail struct {
	// Lead is the lead being relocated or used (index into Leads).
	Lead int `json:"lead,omitempty"`
	// Draw is the free draw owed: "light" (ritzy) or "dark" (seedy).
	Draw string `json:"draw,omitempty"`
	// Twi is a twilight decision's detail (twilight_play.go).
	Twi *TwiDetail `json:"twi,omitempty"`
}

// Closing is the closing of the case: each suspect's guilt, the murderer,
// the hunches shown and every seat's points.
type Closing struct {
	// Guilt holds each suspect in play's total, in sheet order; dead
	// suspects have none (Dead is set).
	Guilt []GuiltLine `json:"guilt"`
	// Murderer is the murderer's index into Suspects, -1 if every suspect
	// is dead.
	Murderer int            `json:"murderer"`
	Hunches  []ShownHunches `json:"hunches"`
	Scores   []int          `json:"scores"`
	Winners  []int          `json:"winners"`

	// Story is each seat's points from the conspiracy and its plot
	// endings, included in Scores.
	Story []StoryVP `json:"story,omitempty"`
}

// GuiltLine is one suspect's guilt at the close.
type GuiltLine struct {
	Suspect int  `json:"suspect"`
	Dead    bool `json:"dead,omitempty"`
	Total   int  `json:"total"`
	// Strong is what the strong file adds after step 2, the first
	// tie-break [ours].
	Strong int `json:"strong"`
}

// ShownHunches are one seat's hunches, turned face up at the close.
type ShownHunches struct {
	Innocent string `json:"innocent"`
	Guilty   string `json:"guilty"`
	// GuiltyRight and InnocentRight say which hunches paid off; Obsessed
	// is set for a seat with both hunches on one suspect, Bonus when that
	// obsession earned its +3 (AN-HUNCH-05/06).
	GuiltyRight   bool `json:"guilty_right"`
	InnocentRight bool `json:"innocent_right"`
	Obsessed      bool `json:"obsessed,omitempty"`
	Bonus         bool `json:"obsession_bonus,omitempty"`
}
