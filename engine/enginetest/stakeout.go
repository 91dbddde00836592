// Package enginetest holds Stakeout, a small game used only by the
// platform's tests (like net/http/httptest). It is never in the catalogue
// the bot offers. Stakeout is built to exercise every turn model of the
// engine in a few moves: simultaneous sealed bids that are secret choices,
// an automated House player, sequential turns, a reaction window with a
// timeout move, and a private hand of cards.
package enginetest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"casefile/engine"
)

// Rounds is how many rounds a game of Stakeout lasts.
const Rounds = 3

// Game is Stakeout's catalogue entry.
func Game() *engine.Game {
	return &engine.Game{
		ID:         "stakeout",
		Name:       "Stakeout",
		MinPlayers: 1,
		MaxPlayers: 4,
		Options: []engine.Option{
			{Key: "rounds", Values: []string{"1", "2", "3"}, Default: "3", Help: "rounds to play"},
		},
		Blurb: "A tiny test game: sealed bids, a House that rolls, objections.",
		Rules: "Each round everyone bids 0–3 in secret, the House adds a die to the pot, then in turn each player takes their bid, draws a card or passes; the others may object to a take.",
		New:   New,
		Load:  Load,
	}
}

// Player is one seat's holdings.
type Player struct {
	Seat   engine.Seat `json:"seat"`
	Coins  int         `json:"coins"`
	Bid    int         `json:"bid" vis:"owner"`
	HasBid bool        `json:"has_bid"`
	Hand   []int       `json:"hand" vis:"owner,count"`
}

// OwnerSeat makes a Player's secret fields visible to its own seat.
func (p Player) OwnerSeat() engine.Seat { return p.Seat }

// State is a game of Stakeout.
type State struct {
	Round   int          `json:"round"`
	Rounds  int          `json:"rounds"`
	Phase   string       `json:"phase"` // bid, take, object, over
	Players []Player     `json:"players"`
	Pot     int          `json:"pot"`
	Active  engine.Seat  `json:"active"`
	Taker   engine.Seat  `json:"taker"`
	Waiting []bool       `json:"waiting"`
	Objects int          `json:"objections"`
	Deck    []int        `json:"deck" vis:"hidden,count"`
	Rand    *engine.Rand `json:"rand" vis:"hidden"`
	Result  *engine.Outcome
}

// New deals a game.
func New(s engine.Setup) (engine.State, error) {
	if s.Players < 1 || s.Players > 4 {
		return nil, engine.Reject("Stakeout is for 1–4 players.")
	}
	rounds := Rounds
	if v, ok := s.Options["rounds"]; ok {
		rounds, _ = strconv.Atoi(v)
	}
	st := &State{Round: 1, Rounds: rounds, Phase: "bid", Rand: engine.NewRand(s.Seed), Taker: engine.NoSeat}
	for i := 1; i <= 20; i++ {
		st.Deck = append(st.Deck, i)
	}
	engine.ShuffleSlice(st.Rand, st.Deck)
	for i := 0; i < s.Players; i++ {
		st.Players = append(st.Players, Player{Seat: engine.Seat(i)})
	}
	st.Waiting = make([]bool, s.Players)
	return st, nil
}

// Load restores a game.
func Load(data []byte) (engine.State, error) {
	st := &State{}
	if err := json.Unmarshal(data, st); err != nil {
		return nil, err
	}
	return st, nil
}

// Marshal serializes the state.
func (st *State) Marshal() ([]byte, error) { return json.Marshal(st) }

// Outcome is the result once the game is over.
func (st *State) Outcome() *engine.Outcome { return st.Result }

// Turn says who acts.
func (st *State) Turn() engine.Turn {
	switch st.Phase {
	case "bid":
		t := engine.Turn{Kind: engine.Simultaneous, Phase: "Bid", Prompt: "place a sealed bid of 0–3"}
		for _, p := range st.Players {
			if !p.HasBid {
				t.Seats = append(t.Seats, p.Seat)
			}
		}
		return t
	case "take":
		return engine.Turn{Kind: engine.Sequential, Seats: []engine.Seat{st.Active}, Phase: "Take", Prompt: "take your bid, draw a card or pass", OnTimeout: "pass"}
	case "object":
		t := engine.Turn{Kind: engine.Reaction, Phase: "Objections", Prompt: "object to the take or pass", Window: 10 * time.Minute, OnTimeout: "pass"}
		for i, w := range st.Waiting {
			if w {
				t.Seats = append(t.Seats, engine.Seat(i))
			}
		}
		return t
	}
	return engine.Turn{Phase: "Over"}
}

// Legal lists seat's moves.
func (st *State) Legal(seat engine.Seat) []string {
	if !st.Turn().Has(seat) {
		return nil
	}
	switch st.Phase {
	case "bid":
		return []string{"bid 0", "bid 1", "bid 2", "bid 3"}
	case "take":
		moves := []string{"take", "pass"}
		if len(st.Deck) > 0 {
			moves = append(moves, "draw")
		}
		return moves
	case "object":
		return []string{"object", "pass"}
	}
	return nil
}

// Check validates a move without applying it.
func (st *State) Check(seat engine.Seat, move string) error {
	if st.Result != nil {
		return engine.Reject("The game is over.")
	}
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return engine.Reject("It is not your turn: %s.", st.Turn().Prompt)
	}
	for _, m := range legal {
		if m == move {
			return nil
		}
	}
	return engine.Reject("%q is not a legal move now. Legal: %s.", move, strings.Join(legal, ", "))
}

// Apply applies a move.
func (st *State) Apply(seat engine.Seat, move string) (engine.Result, error) {
	var r engine.Result
	if err := st.Check(seat, move); err != nil {
		return r, err
	}
	p := &st.Players[seat]
	switch {
	case strings.HasPrefix(move, "bid "):
		p.Bid, _ = strconv.Atoi(strings.TrimPrefix(move, "bid "))
		p.HasBid = true
		r.Secret = true
		r.Say("%s placed a sealed bid.", engine.SeatRef(seat))
		r.Note(seat, "You bid %d.", p.Bid)
		if len(st.Turn().Seats) == 0 {
			st.revealBids(&r)
		}
	case move == "take":
		p.Coins += p.Bid
		r.Say("%s takes %d.", engine.SeatRef(seat), p.Bid)
		st.Taker = seat
		any := false
		for i := range st.Waiting {
			st.Waiting[i] = engine.Seat(i) != seat
			any = any || st.Waiting[i]
		}
		st.Objects = 0
		if any {
			st.Phase = "object"
		} else {
			st.nextTaker(&r)
		}
	case move == "draw":
		c := st.Deck[0]
		st.Deck = st.Deck[1:]
		p.Hand = append(p.Hand, c)
		r.Reveals = true
		r.Say("%s draws a card.", engine.SeatRef(seat))
		r.Note(seat, "You drew the %d.", c)
		st.nextTaker(&r)
	case move == "pass" && st.Phase == "take":
		r.Say("%s passes.", engine.SeatRef(seat))
		st.nextTaker(&r)
	case move == "object", move == "pass":
		st.Waiting[seat] = false
		if move == "object" {
			st.Objects++
			r.Say("%s objects!", engine.SeatRef(seat))
		}
		if len(st.Turn().Seats) == 0 {
			if st.Objects > 0 && st.Players[st.Taker].Coins > 0 {
				st.Players[st.Taker].Coins--
				r.Say("%s loses a coin to the objection.", engine.SeatRef(st.Taker))
			}
			st.nextTaker(&r)
		}
	}
	return r, nil
}

// revealBids is the House's automated turn: bids are shown and the House
// rolls a die into the pot.
func (st *State) revealBids(r *engine.Result) {
	var parts []string
	for _, p := range st.Players {
		parts = append(parts, fmt.Sprintf("%s %d", engine.SeatRef(p.Seat), p.Bid))
	}
	roll := st.Rand.Die(6)
	st.Pot += roll
	r.Say("Bids: %s. The House rolls %d; the pot is %d.", strings.Join(parts, ", "), roll, st.Pot)
	r.Reveals = true
	r.PhaseEnded = true
	st.Phase = "take"
	st.Active = 0
}

func (st *State) nextTaker(r *engine.Result) {
	st.Phase = "take"
	st.Taker = engine.NoSeat
	if int(st.Active)+1 < len(st.Players) {
		st.Active++
		return
	}
	r.PhaseEnded = true
	if st.Round >= st.Rounds {
		st.finish(r)
		return
	}
	st.Round++
	st.Phase = "bid"
	for i := range st.Players {
		st.Players[i].HasBid = false
		st.Players[i].Bid = 0
	}
}

func (st *State) finish(r *engine.Result) {
	st.Phase = "over"
	best := -1
	scores := map[engine.Seat]int{}
	for _, p := range st.Players {
		scores[p.Seat] = p.Coins
		if p.Coins > best {
			best = p.Coins
		}
	}
	var winners []engine.Seat
	var names []string
	for _, p := range st.Players {
		if p.Coins == best {
			winners = append(winners, p.Seat)
			names = append(names, engine.SeatRef(p.Seat))
		}
	}
	sort.Slice(winners, func(i, j int) bool { return winners[i] < winners[j] })
	st.Result = &engine.Outcome{Summary: fmt.Sprintf("%s win with %d coins.", strings.Join(names, " and "), best), Winners: winners, Scores: scores}
	r.Say("%s", st.Result.Summary)
}

// View is what a viewer sees of Stakeout.
type View struct {
	*State
	Viewer engine.Viewer `json:"viewer"`
}

// Text summarizes the view.
func (v View) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d/%d, %s. Pot %d. Deck %d cards.\n", v.Round, v.Rounds, v.Phase, v.Pot, len(v.Deck))
	for _, p := range v.Players {
		fmt.Fprintf(&b, "%s: %d coins, %d cards", engine.SeatRef(p.Seat), p.Coins, len(p.Hand))
		if p.Seat == v.Viewer {
			fmt.Fprintf(&b, " (your hand: %v, your bid: %d)", p.Hand, p.Bid)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// View redacts the state for viewer.
func (st *State) View(viewer engine.Viewer) engine.View {
	return View{State: engine.Redact(st, viewer), Viewer: viewer}
}
