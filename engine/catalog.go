package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Catalog is the set of games the bot offers, by id.
type Catalog struct {
	games map[string]*Game
	order []string
}

// NewCatalog builds a catalog of the given games; ids must be unique.
func NewCatalog(games ...*Game) *Catalog {
	c := &Catalog{games: map[string]*Game{}}
	for _, g := range games {
		if _, dup := c.games[g.ID]; dup {
			panic("engine: duplicate game id " + g.ID)
		}
		c.games[g.ID] = g
		c.order = append(c.order, g.ID)
	}
	return c
}

// Get finds a game by id.
func (c *Catalog) Get(id string) (*Game, bool) {
	g, ok := c.games[id]
	return g, ok
}

// All lists the games in the order they were added.
func (c *Catalog) All() []*Game {
	out := make([]*Game, 0, len(c.order))
	for _, id := range c.order {
		out = append(out, c.games[id])
	}
	return out
}

// IDs lists the game ids in order.
func (c *Catalog) IDs() []string { return append([]string(nil), c.order...) }

// PlatformOptions are the option keys every game accepts; the platform, not
// the game, acts on them.
var PlatformOptions = []Option{
	{Key: "seed", Help: "a whole number that fixes every shuffle and roll, to replay a game"},
	{Key: "players", Help: "how many seats the lobby waits for; the game starts by itself when they are taken"},
	{Key: "clock", Help: "time each player has per turn, like 24h, 90m or 2d; off for none"},
	{Key: "bots", Help: "how many seats the game's bots take (bots=2): play against them, or complete a crew with them"},
	{Key: "thread", Values: []string{"yes", "no"}, Help: "yes opens the game in a thread of its own, keeping a busy channel tidy"},
	{Key: "react", Values: ReactValues, Help: "how long a reaction window (the others' chance to respond) stays open, for every window of the game; off: it waits until every listed player has answered or stands on pass"},
}

// BotCount is how many seats checked options give to the game's bots
// (bots=N); zero without the option.
func BotCount(options map[string]string) int {
	n, _ := strconv.Atoi(options["bots"])
	return max(n, 0)
}

// ReactValues are the reaction window lengths a table may choose with
// react=; "off" means windows never close by time.
var ReactValues = []string{"5m", "30m", "2h", "12h", "off"}

// maxOptionText bounds the options text a player may type.
const maxOptionText = 400

// ParseOptions reads "key=value" words separated by spaces or commas.
// Keys are lower-cased; a key may appear once. It never panics.
func ParseOptions(text string) (map[string]string, error) {
	out := map[string]string{}
	if len(text) > maxOptionText {
		return nil, Reject("Options are too long (%d characters, at most %d).", len(text), maxOptionText)
	}
	words := strings.FieldsFunc(text, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ';'
	})
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return nil, Reject("Option %q is not of the form key=value (for example seed=42).", w)
		}
		for _, r := range k {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				return nil, Reject("Option name %q may only use letters, digits, - and _.", k)
			}
		}
		if _, dup := out[k]; dup {
			return nil, Reject("Option %q is given twice.", k)
		}
		out[k] = v
	}
	return out, nil
}

// CheckOptions validates parsed options against the platform's keys and the
// game's, fills the game's defaults, and lowercases choice values. The error
// is a *Rejection that lists what is accepted.
func (g *Game) CheckOptions(opts map[string]string) (map[string]string, error) {
	out := map[string]string{}
	known := map[string]Option{}
	for _, o := range PlatformOptions {
		known[o.Key] = o
	}
	for _, o := range g.Options {
		known[o.Key] = o
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := opts[k]
		o, ok := known[k]
		if !ok {
			return nil, Reject("%s has no option %q. Options: %s.", g.Name, k, g.optionList())
		}
		if len(o.Values) > 0 {
			lv := strings.ToLower(v)
			found := false
			for _, allowed := range o.Values {
				if allowed == lv {
					found = true
				}
			}
			if !found {
				return nil, Reject("Option %s=%s is not allowed; choose one of: %s.", k, v, strings.Join(o.Values, ", "))
			}
			v = lv
		}
		out[k] = v
	}
	if s, ok := out["seed"]; ok {
		if _, err := strconv.ParseUint(s, 10, 64); err != nil {
			return nil, Reject("seed must be a whole number from 0 to 18446744073709551615, not %q.", s)
		}
	}
	bots := 0
	if s, ok := out["bots"]; ok {
		n, err := strconv.Atoi(s)
		switch {
		case g.Bot == nil:
			return nil, Reject("%s has no bots yet; leave out bots=.", g.Name)
		case err != nil || n < 0 || n > g.MaxPlayers-1:
			return nil, Reject("bots must be a whole number from 0 to %d for %s (at least one seat is a person's), not %q.", g.MaxPlayers-1, g.Name, s)
		}
		bots = n
	}
	if s, ok := out["players"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n+bots < g.MinPlayers || n+bots > g.MaxPlayers {
			if bots > 0 {
				return nil, Reject("%s is for %s; players=%s with bots=%d is not (players= counts the people, bots= the bots).", g.Name, g.Players(), s, bots)
			}
			return nil, Reject("%s is for %s; players=%s is not.", g.Name, g.Players(), s)
		}
	}
	for _, o := range g.Options {
		if _, ok := out[o.Key]; !ok && o.Default != "" {
			out[o.Key] = o.Default
		}
	}
	return out, nil
}

// Players says how many play, for lobbies and help: "1 player",
// "2–5 players", or the game's own Seating when its seats are not one per
// person ("1–4 people running 3–4 characters").
func (g *Game) Players() string {
	if g.Seating != "" {
		return g.Seating
	}
	if g.MinPlayers == 1 && g.MaxPlayers == 1 {
		return "1 player"
	}
	return g.PlayerRange() + " players"
}

// Plural is n with the noun one or many, as n asks: "1 token",
// "3 tokens", "0 tokens".
func Plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// PlayerRange is "2–5" or "4".
func (g *Game) PlayerRange() string {
	if g.MinPlayers == g.MaxPlayers {
		return fmt.Sprint(g.MinPlayers)
	}
	return fmt.Sprintf("%d–%d", g.MinPlayers, g.MaxPlayers)
}

func (g *Game) optionList() string {
	var parts []string
	for _, o := range append(append([]Option(nil), PlatformOptions...), g.Options...) {
		if len(o.Values) > 0 {
			parts = append(parts, o.Key+"="+strings.Join(o.Values, "|"))
		} else {
			parts = append(parts, o.Key+"=…")
		}
	}
	return strings.Join(parts, ", ")
}

// SeatCount is how many seats a lobby of people plays with.
func (g *Game) SeatCount(people int, options map[string]string) (int, error) {
	if g.Seats != nil {
		return g.Seats(people, options)
	}
	if people < g.MinPlayers || people > g.MaxPlayers {
		return 0, Reject("%s needs %s; %s joined.", g.Name, g.Players(), Plural(people, "person has", "people have"))
	}
	return people, nil
}

// SetupLogger is implemented by states whose setup made public moves
// before anyone acted (Escape Plan's day-1 Patrol cards): the platform
// posts SetupLog with the start of the game.
type SetupLogger interface {
	SetupLog() []string
}

// Campaigner is implemented by states of games whose campaign carries over
// between games on one server (Masters of the Heist). When the game is over
// the platform stores Campaign() for the server and passes it to the next
// game's Setup.
type Campaigner interface {
	Campaign() []byte
}

// StandIn is implemented by games that play better than random for a seat
// whose player is away: it returns one of Legal(seat).
type StandIn interface {
	StandInMove(seat Seat, r *Rand) string
}

// Play applies a move by its typed text. Canonical texts are normalized
// (enginetest.Conform checks it), so a legal move's canonical text is the
// typed text folded by NormalizeMove ("Move  Church" is "move church"),
// and the game's own Apply finds the move or explains why it is not legal:
// the legal moves are not listed a second time to learn it.
func Play(s State, seat Seat, typed string) (Result, string, error) {
	canon := NormalizeMove(typed)
	res, err := s.Apply(seat, canon)
	return res, canon, err
}

// Standing is implemented by games whose seats may set standing choices
// at any time, whether or not they may act now: choices that never
// advance the game by themselves, such as "pass every objection this
// round". Only choices a player makes are standing choices; a game never
// passes for a seat because of what it holds, since that would tell the
// table what the seat holds. Apply accepts these moves from any seat at
// any time, and the platform logs them as secret choices.
type Standing interface {
	// StandingMoves lists the standing choices seat may set now, as
	// canonical move texts.
	StandingMoves(seat Seat) []string
}

// IsStanding reports whether move is one of seat's standing choices in s.
func IsStanding(s State, seat Seat, move string) bool {
	st, ok := s.(Standing)
	if !ok {
		return false
	}
	_, found := MatchLegal(st.StandingMoves(seat), move)
	return found
}

// Ranker is implemented by games that know which of a seat's legal moves
// a player most likely wants now. The platform lists moves of higher rank
// first when a list is long (autocomplete, the move picker); moves that
// finish the current step ("pass", "done", "plan done") already rank 1,
// and the game's rank is added to that. Zero keeps a move in its place.
type Ranker interface {
	RankMove(seat Seat, move string) int
}
