// Package engine is the framework every Casefile game implements: seats,
// turns, moves as canonical text, seeded randomness, views with declared
// hidden information, and results. It imports nothing else of Casefile's.
//
// A game is a Game value (its id, player range, options and constructors)
// and a State that answers three questions: who may act now (Turn), what each
// seat may do (Legal, as canonical move texts), and what happens when a seat
// makes a move (Check, then Apply). Everything a state holds serializes to
// JSON and back exactly, random generator included, so a snapshot restores a
// game and a seed plus its move log replays it.
package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Seat is a player's place at the table, numbered from 0 in turn-order of
// joining. Automated players such as Sandra have no seat.
type Seat int

// NoSeat is the seat of nobody: the public, or an automated player.
const NoSeat Seat = -1

// Viewer is who is looking at a state: the public (NoSeat) or one seat.
type Viewer = Seat

// Public is the viewer that sees only what every player sees.
const Public Viewer = NoSeat

// TurnKind says how the seats in a Turn act.
type TurnKind int

const (
	// Sequential: exactly one seat acts.
	Sequential TurnKind = iota
	// Simultaneous: every listed seat may act, in any order, and the phase
	// ends when all of them have finished.
	Simultaneous
	// Reaction: after a trigger, the listed seats may respond or pass; the
	// window closes when all have answered, or when Window has elapsed, at
	// which point the platform plays OnTimeout for each seat still listed.
	Reaction
)

// String names the turn kind for logs and status lines.
func (k TurnKind) String() string {
	switch k {
	case Sequential:
		return "sequential"
	case Simultaneous:
		return "simultaneous"
	case Reaction:
		return "reaction"
	}
	return fmt.Sprintf("TurnKind(%d)", int(k))
}

// Turn says who may act now and how. An over game has an empty Turn.
type Turn struct {
	Kind TurnKind `json:"kind"`
	// Seats are the seats that may act now, in a stable order.
	Seats []Seat `json:"seats"`
	// Phase names the current phase in the game's own words.
	Phase string `json:"phase"`
	// Prompt says what the acting seats are asked to do, for the message
	// that announces the turn ("choose a Contact card or pass").
	Prompt string `json:"prompt"`
	// Window is how long a Reaction stays open; zero means the platform's
	// default.
	Window time.Duration `json:"window,omitempty"`
	// OnTimeout is the move the platform plays for a seat whose Reaction
	// window ran out, and the move a stand-in may always use to skip. Empty
	// means the rules allow no pass here.
	OnTimeout string `json:"on_timeout,omitempty"`
}

// Has reports whether seat may act in this turn.
func (t Turn) Has(seat Seat) bool {
	for _, s := range t.Seats {
		if s == seat {
			return true
		}
	}
	return false
}

// Result is what applying one move produced.
type Result struct {
	// Public lines go to the channel and the game's public log. They may
	// name seats with SeatRef, which the platform turns into mentions.
	Public []string
	// Private notes go to one seat only (by DM and in /hand).
	Private map[Seat][]string
	// Ended names, in order, each phase the move closed, and each round of
	// turns inside a phase (Escape Plan's morning … dawn), in the game's own
	// words: the platform posts the board after a move that closed any, with
	// these names as its caption, one picture for all of them.
	Ended []string
	// Secret marks a hidden choice: the move's text is kept for replay but
	// never shown to the public or written to logs; the public sees only
	// the Public lines the game chose to give.
	Secret bool
	// Reveals marks a move that brought hidden information to light (a
	// card drawn, a die rolled, a tile turned); such a move cannot be
	// undone.
	Reveals bool
}

// Note adds a private note for seat.
func (r *Result) Note(seat Seat, format string, args ...any) {
	if r.Private == nil {
		r.Private = map[Seat][]string{}
	}
	r.Private[seat] = append(r.Private[seat], fmt.Sprintf(format, args...))
}

// EndPhase records that the move closed the phase (or round of turns)
// called name.
func (r *Result) EndPhase(name string) {
	r.Ended = append(r.Ended, name)
}

// PhaseEnded reports whether the move closed any phase or round.
func (r Result) PhaseEnded() bool {
	return len(r.Ended) > 0
}

// Say adds a public log line.
func (r *Result) Say(format string, args ...any) {
	r.Public = append(r.Public, fmt.Sprintf(format, args...))
}

// Merge appends other's lines and flags to r.
func (r *Result) Merge(other Result) {
	r.Public = append(r.Public, other.Public...)
	for s, notes := range other.Private {
		for _, n := range notes {
			r.Note(s, "%s", n)
		}
	}
	r.Ended = append(r.Ended, other.Ended...)
	r.Secret = r.Secret || other.Secret
	r.Reveals = r.Reveals || other.Reveals
}

// Outcome is how a game ended.
type Outcome struct {
	// Summary is one or two sentences: who won and why.
	Summary string `json:"summary"`
	// Winners are the winning seats; empty for a cooperative loss.
	Winners []Seat `json:"winners"`
	// Scores holds each seat's final score where the game has one.
	Scores map[Seat]int `json:"scores,omitempty"`
}

// Setup is what a new game is made from.
type Setup struct {
	// Players is the number of seats.
	Players int
	// Seed drives every shuffle and roll of the game.
	Seed uint64
	// Options are the game's own key=value options, already checked
	// against Game.Options.
	Options map[string]string
	// Campaign is the saved campaign state of the server for games that
	// have one (nil otherwise); see Campaigner.
	Campaign []byte
	// Owners names, per seat, the person holding it (an opaque stable id,
	// the same for every seat one person holds), for games that track
	// people across games, like Masters of the Heist's player levels. Nil
	// in simulations.
	Owners []string
}

// State is one game in progress. Implementations must be deterministic:
// the same Setup followed by the same moves gives the same state.
type State interface {
	// Turn says who may act now. Empty Seats once the game is over.
	Turn() Turn
	// Legal lists the canonical text of every move seat may make now.
	Legal(seat Seat) []string
	// Check validates a move without changing anything. A move the rules
	// forbid gives a *Rejection.
	Check(seat Seat, move string) error
	// Apply validates and then applies a move. On error the state is
	// unchanged.
	Apply(seat Seat, move string) (Result, error)
	// View is what viewer may see: Public, or one seat's own view.
	View(viewer Viewer) View
	// Outcome is nil while the game goes on.
	Outcome() *Outcome
	// Marshal serializes the whole state, randomness included.
	Marshal() ([]byte, error)
}

// MoveKeeper is a State that can keep the moves it lists for a seat
// until its next move, once asked: listing them is most of what a game's
// rules cost a move (the seat is found, the move told from a group of
// moves and applied, each by listing the seat's moves). Only a caller
// that changes the state by Apply alone asks (the platform does); a test
// that sets a position by hand between listing and playing does not.
// What Legal, Check and Apply give is the same either way.
type MoveKeeper interface {
	// KeepMoves keeps the moves listed from now on until the next move.
	KeepMoves()
}

// KeepMoves asks s to keep the moves it lists (see MoveKeeper), if it
// can.
func KeepMoves(s State) {
	if k, ok := s.(MoveKeeper); ok {
		k.KeepMoves()
	}
}

// View is a redacted copy of a state fit for one viewer. Renderers type
// assert it to the game's own view type.
type View interface {
	// Text is a short, readable summary for /status (public) or /hand
	// (a seat's own view).
	Text() string
}

// ViewTexter is a State that can write a viewer's view text (its
// View(viewer).Text()) straight from the whole state, without the
// redacted copy: for a message that needs only the text (a move's DMs
// write one per seat whose view changed, and the copy cost as much as the
// text). Its result must be byte for byte View(viewer).Text(); each game
// that has it holds so in a test over random games of every variant.
type ViewTexter interface {
	// ViewText is View(viewer).Text().
	ViewText(viewer Viewer) string
}

// ViewTextPrefixer is a State that can write the beginning of a viewer's
// view text straight from the whole state, as ViewTexter writes all of
// it: for a DM, which shows the beginning of a view and needs no redacted
// copy of the state to write it. Its result must be what
// View(viewer)'s TextPrefix(n) gives (all of Text for n < 0); each game
// that has it holds so in a test over random games.
type ViewTextPrefixer interface {
	// ViewTextPrefix is View(viewer).TextPrefix(n), or its Text() for
	// n < 0.
	ViewTextPrefix(viewer Viewer, n int) string
}

// TextPrefixer is a View that can write the beginning of its Text alone,
// for a message that shows no more of it (a DM cut to Discord's length
// shows about a third of an Android view).
type TextPrefixer interface {
	// TextPrefix is a prefix of Text at least n bytes long, or all of
	// Text when that is shorter.
	TextPrefix(n int) string
}

// Game describes one game of the catalogue.
type Game struct {
	ID         string
	Name       string
	MinPlayers int
	MaxPlayers int
	// Seating, when set, says how people sit at this game's table where it
	// is not one seat each ("1–4 people running 3–4 characters").
	Seating string
	// DescribeCampaign, for games with a campaign (see Campaigner), says
	// in a few lines where a server's campaign stands, for /stats; user
	// ids it names are written as Discord mentions (<@id>).
	DescribeCampaign func(data []byte) string
	// RulesVersion is raised whenever a change of the rules code could
	// make an old snapshot mean something else; zero reads as 1. The
	// platform replays a game saved under another version from its log,
	// and ends it with an explanation if the log no longer plays.
	RulesVersion int
	// Seats, when set, says how many seats a lobby of n people plays with
	// (Masters of the Heist: one person may run several characters). Nil
	// means one seat per person.
	Seats func(people int, options map[string]string) (int, error)
	// Options lists the options /newgame accepts beside the platform's own
	// (seed, clock).
	Options []Option
	// Blurb is one line for /help.
	Blurb string
	// Rules is the quick reference shown by /rules.
	Rules string
	// HiddenRoles, when set, says whether a game with these options deals
	// hidden roles or hunches: such a game starts only once every seat can
	// be reached by DM, its refusals are shown as the game words them
	// (listing no role's own moves), and at Game over the platform reveals
	// every secret choice of its log. Its State must implement StandIn with
	// a policy that never looks at a role, and pass
	// enginetest.RoleInvariant.
	HiddenRoles func(options map[string]string) bool
	// New deals a new game.
	New func(Setup) (State, error)
	// Load restores a state from Marshal's output.
	Load func([]byte) (State, error)
	// Bot, when set, is the game's automated player: the bots a table
	// seats (bots=N) and the stand-in of an absent player.
	Bot Bot
}

// Bot chooses a move for one seat from that seat's own view
// (State.View(seat)) and its legal moves, and returns one of legal. It
// sees what the seat may see and nothing more, so a bot can sit at a
// table of people without cheating. It must be deterministic for a given
// view, legal list and generator state, so that a game replays from its
// log and a test can repeat a bot-played game; r is the only randomness
// it may use.
type Bot func(view View, legal []string, r *Rand) string

// Choose runs the bot and keeps it honest: a choice outside legal (a bug
// in the bot) falls back to a legal move drawn from r, so a table never
// stalls on a bot.
func (b Bot) Choose(view View, legal []string, r *Rand) string {
	if len(legal) == 0 {
		return ""
	}
	if b != nil {
		if mv, ok := MatchLegal(legal, b(view, legal, r)); ok {
			return mv
		}
	}
	return Pick(r, legal)
}

// Version is the game's rules version, at least 1.
func (g *Game) Version() int { return max(g.RulesVersion, 1) }

// DealsHiddenRoles reports whether a game with options deals hidden roles.
func (g *Game) DealsHiddenRoles(options map[string]string) bool {
	return g.HiddenRoles != nil && g.HiddenRoles(options)
}

// Option is one key=value option a game accepts.
type Option struct {
	Key string
	// Values lists the accepted values; empty means free text checked by
	// the game's New.
	Values []string
	// Default is used when the option is absent; empty means none.
	Default string
	Help    string
}

// Rejection is a move or command the rules do not allow. Its message is
// safe to show the player; it should say why and what would be legal.
type Rejection struct {
	Msg string
}

func (r *Rejection) Error() string { return r.Msg }

// Reject builds a *Rejection from a format string.
func Reject(format string, args ...any) error {
	return &Rejection{Msg: fmt.Sprintf(format, args...)}
}

// IsRejection reports whether err is a user-facing rejection and returns
// its message.
func IsRejection(err error) (string, bool) {
	var r *Rejection
	if errors.As(err, &r) {
		return r.Msg, true
	}
	return "", false
}

// SeatRef is how a public or private line names a seat: the platform
// replaces it with the player's mention or name.
func SeatRef(s Seat) string { return "@{" + strconv.Itoa(int(s)) + "}" }

// ExpandSeatRefs replaces every SeatRef in text using name.
func ExpandSeatRefs(text string, name func(Seat) string) string {
	if !strings.Contains(text, "@{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, "@{")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		// Only a number in its canonical form is a reference (fmt's
		// scanning, used before, cost more than the rest of a DM).
		n, err := strconv.Atoi(text[i+2 : i+j])
		if err != nil || strconv.Itoa(n) != text[i+2:i+j] {
			b.WriteString(text[:i+2])
			text = text[i+2:]
			continue
		}
		b.WriteString(text[:i])
		b.WriteString(name(Seat(n)))
		text = text[i+j+1:]
	}
}

// NormalizeMove folds a typed move to the form legal moves are compared in:
// lower case, single spaces, trimmed. A text already in that form is
// given back as it is: every canonical move text is (enginetest.Conform
// checks it), and MatchLegal folds each of a list of a hundred moves.
func NormalizeMove(s string) string {
	if normalMove(s) {
		return s
	}
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// normalMove reports whether s is plain ASCII without capitals, tabs or
// other control spaces, and its words are separated by single spaces with
// none at either end: NormalizeMove would give s back. Any other byte
// beyond ASCII (a letter with a capital, a space of Unicode's) takes the
// long way.
func normalMove(s string) bool {
	space := true // no space at the start
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
			if space {
				return false
			}
			space = true
		case c >= 0x80, 'A' <= c && c <= 'Z', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		default:
			space = false
		}
	}
	return !space || s == ""
}

// MatchLegal finds the legal move that typed names, comparing normalized
// texts. It returns the canonical text and true, or "" and false.
func MatchLegal(legal []string, typed string) (string, bool) {
	want := NormalizeMove(typed)
	for _, m := range legal {
		if NormalizeMove(m) == want {
			return m, true
		}
	}
	return "", false
}
