// Package enginetest holds Stakeout, a small game used only by the
// platform's tests (like net/http/httptest). It is never in the catalogue
// the bot offers. Stakeout is built to exercise every turn model of the
// engine in a few moves: simultaneous sealed bids that are secret choices,
// an automated House player, sequential turns, a reaction window with a
// timeout move, a choice nested inside that window (an accusation the
// taker must answer before the window resumes), and a private hand of
// cards. Every wait is one decision on the engine's stack.
package enginetest

import (
	"encoding/json"
	"fmt"
	"slices"
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
			{Key: "variant", Values: []string{"plain", "secrets"}, Default: "plain", Help: "secrets: a hidden Fence among the players and a stash only peekers know"},
			{Key: "fence", Values: []string{"random", "1", "2", "3", "4"}, Default: "random", Help: "which seat is the Fence (a number fixes it, for tests)"},
			{Key: "leak", Values: []string{"off", "notes"}, Default: "off", Help: "a deliberately leaky variant for tests: only the Fence gets a note each round"},
		},
		Blurb:       "A tiny test game: sealed bids, a House that rolls, objections.",
		Rules:       "Each round everyone bids 0–3 in secret, the House adds a die to the pot, then in turn each player takes their bid, draws a card or passes; the others may object to a take.",
		HiddenRoles: func(o map[string]string) bool { return o["variant"] == "secrets" },
		New:         New,
		Load:        Load,
		Bot:         Bot,
	}
}

// Bot is Stakeout's bot, for the platform's tests of bots=N: from the
// seat's own view it takes the window's default when there is one, else
// the first legal move, as the stand-in does.
func Bot(view engine.View, legal []string, _ *engine.Rand) string {
	if v, ok := view.(View); ok {
		if d := v.State.Turn().OnTimeout; d != "" && slices.Contains(legal, d) {
			return d
		}
	}
	return legal[0]
}

// Player is one seat's holdings.
type Player struct {
	Seat   engine.Seat `json:"seat"`
	Coins  int         `json:"coins"`
	Bid    int         `json:"bid" vis:"owner"`
	HasBid bool        `json:"has_bid"`
	Hand   []int       `json:"hand" vis:"owner,count"`
	// Role is the seat's secret role in the secrets variant: Fence or
	// Lookout.
	Role string `json:"role,omitempty" vis:"owner"`
	// StandPass is the seat's standing choice to pass every objection
	// window until it says otherwise.
	StandPass bool `json:"stand_pass,omitempty" vis:"owner"`
}

// OwnerSeat makes a Player's secret fields visible to its own seat.
func (p Player) OwnerSeat() engine.Seat { return p.Seat }

// Stakeout's decisions.
const (
	// Bidding: every seat seals a bid, in any order.
	Bidding engine.DecisionKind = "bid"
	// Taking: the active seat takes its bid, draws or passes.
	Taking engine.DecisionKind = "take"
	// Objecting: the other seats may object to a take, accuse the taker,
	// or let the window pass.
	Objecting engine.DecisionKind = "objection"
	// Answering: the taker answers an accusation (pay the accuser or fold
	// the take back into the pot), inside the objection window.
	Answering engine.DecisionKind = "answer"
)

// What Stakeout resumes with once a decision is settled.
const (
	resumeReveal engine.ResumeKind = "reveal bids"
	resumeNext   engine.ResumeKind = "next taker"
	resumeWindow engine.ResumeKind = "objection window"
)

// Detail is what a Stakeout decision carries beside its kind.
type Detail struct {
	// Accuser is the seat whose accusation the taker answers.
	Accuser engine.Seat `json:"accuser,omitempty"`
}

// State is a game of Stakeout.
type State struct {
	Round   int                  `json:"round"`
	Rounds  int                  `json:"rounds"`
	Phase   string               `json:"phase"` // bid, take, object, over
	Players []Player             `json:"players"`
	Pot     int                  `json:"pot"`
	Active  engine.Seat          `json:"active"`
	Taker   engine.Seat          `json:"taker"`
	Pending engine.Stack[Detail] `json:"pending"`
	Objects int                  `json:"objections"`
	Deck    []int                `json:"deck" vis:"hidden,count"`
	Rand    *engine.Rand         `json:"rand" vis:"hidden"`
	Result  *engine.Outcome
	// Secrets is set in the secrets variant; Leak in the leaky test one.
	Secrets bool `json:"secrets,omitempty"`
	Leak    bool `json:"leak,omitempty"`
	// Stash is a face-down card whose value only its peekers know.
	Stash *Stash `json:"stash,omitempty"`
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
	st := &State{Round: 1, Rounds: rounds, Rand: engine.NewRand(s.Seed), Taker: engine.NoSeat}
	for i := 1; i <= 20; i++ {
		st.Deck = append(st.Deck, i)
	}
	engine.ShuffleSlice(st.Rand, st.Deck)
	for i := 0; i < s.Players; i++ {
		st.Players = append(st.Players, Player{Seat: engine.Seat(i)})
	}
	if s.Options["variant"] == "secrets" {
		if err := st.dealSecrets(s.Options); err != nil {
			return nil, err
		}
	}
	st.askBids()
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

// Turn is the top of the decision stack.
func (st *State) Turn() engine.Turn {
	return st.Pending.Turn("Over", prompt)
}

func prompt(d *engine.Decision[Detail]) string {
	switch d.Kind {
	case Bidding:
		return "place a sealed bid of 0–3"
	case Taking:
		return "take your bid, draw a card or pass"
	case Objecting:
		return "object to the take, accuse the taker (holding a card), or pass"
	case Answering:
		return fmt.Sprintf("answer %s's accusation: pay them a coin, or fold your take back into the pot", engine.SeatRef(d.Data.Accuser))
	}
	return string(d.Kind)
}

func (st *State) askBids() {
	st.Phase = "bid"
	seats := make([]engine.Seat, len(st.Players))
	for i := range st.Players {
		seats[i] = engine.Seat(i)
	}
	st.Pending.Push(engine.Decision[Detail]{Kind: Bidding, Mode: engine.Simultaneous, Seats: seats, Phase: "Bid", Resume: resumeReveal})
}

func (st *State) askTake() {
	st.Phase = "take"
	st.Taker = engine.NoSeat
	st.Pending.Push(engine.Decision[Detail]{Kind: Taking, Mode: engine.Sequential, Seats: []engine.Seat{st.Active}, Phase: "Take", Default: "pass", Resume: resumeNext})
}

// moves lists seat's moves now, each with the condition that makes it
// legal; the legal list and every refusal come from here.
func (st *State) moves(seat engine.Seat) *engine.Moves {
	ms := &engine.Moves{}
	d := st.Pending.Top()
	if d == nil || !d.Owes(seat) {
		return ms
	}
	p := &st.Players[seat]
	switch d.Kind {
	case Bidding:
		for b := 0; b <= 3; b++ {
			ms.Legal(fmt.Sprintf("bid %d", b), func(r *engine.Result) { st.bid(p, b, r) })
		}
		ms.RefuseFamily("bid ", "Bids are 0 to 3")
		// The Fence's secret power. Its refusal is the family's, word for
		// word, so a Lookout trying it learns nothing and shows nothing.
		if p.Role == Fence {
			ms.RoleOnly("bid 4", func(r *engine.Result) { st.bid(p, 4, r) })
		}
	case Taking:
		ms.Legal("take", func(r *engine.Result) { st.take(p, r) })
		ms.Legal("pass", func(r *engine.Result) {
			r.Say("%s passes.", engine.SeatRef(seat))
			st.settle(r)
		})
		ms.Add("draw", engine.Require(len(st.Deck) > 0, "The deck is empty"), func(r *engine.Result) { st.draw(p, r) })
		if st.Stash != nil {
			ms.Add("peek", engine.Require(!st.Stash.knows(seat), "You already know the stash"), func(r *engine.Result) { st.peek(seat, r) })
		}
	case Objecting:
		ms.Legal("object", func(r *engine.Result) {
			st.Objects++
			r.Say("%s objects!", engine.SeatRef(seat))
			st.answer(seat, r)
		})
		ms.Legal("pass", func(r *engine.Result) { st.answer(seat, r) })
		ms.Add("accuse", engine.Require(len(p.Hand) > 0, "Only a player holding a card may accuse"), func(r *engine.Result) { st.accuse(seat, r) })
	case Answering:
		accuser := d.Data.Accuser
		ms.Add("pay", engine.Require(p.Coins > 0, "You have no coin to pay with"), func(r *engine.Result) {
			p.Coins--
			st.Players[accuser].Coins++
			r.Say("%s pays %s a coin.", engine.SeatRef(seat), engine.SeatRef(accuser))
			st.settle(r)
		})
		ms.Legal("fold", func(r *engine.Result) {
			p.Coins -= p.Bid
			st.Pot += p.Bid
			r.Say("%s folds the take of %d back into the pot.", engine.SeatRef(seat), p.Bid)
			st.settle(r)
		})
	}
	return ms
}

// Legal lists seat's moves.
func (st *State) Legal(seat engine.Seat) []string { return st.moves(seat).Texts() }

// Check validates a move without applying it.
func (st *State) Check(seat engine.Seat, move string) error {
	if engine.IsStanding(st, seat, move) {
		return nil
	}
	_, err := st.find(seat, move)
	return err
}

// find is the legal move of seat that move names, or the refusal saying
// why there is none.
func (st *State) find(seat engine.Seat, move string) (engine.Move, error) {
	if st.Result != nil {
		return engine.Move{}, engine.Reject("The game is over.")
	}
	ms := st.moves(seat)
	if ms.Len() == 0 {
		return engine.Move{}, engine.NotYourTurn(st.Turn())
	}
	if m, ok := ms.Find(move); ok {
		return m, nil
	}
	why, _ := ms.Refusal(move)
	return engine.Move{}, st.refuse(why, ms)
}

func (st *State) refuse(why engine.Cond, ms *engine.Moves) error {
	if why == engine.OK {
		why = "That is not a legal move now"
	}
	return engine.Reject("%s (%s). %s%s.", why, st.Turn().Prompt, engine.LegalNow, engine.ListLegal(ms.Shared(), 12))
}

// Apply applies a move.
func (st *State) Apply(seat engine.Seat, move string) (engine.Result, error) {
	var r engine.Result
	if m, ok := engine.MatchLegal(st.StandingMoves(seat), move); ok {
		return st.applyStanding(seat, m), nil
	}
	m, err := st.find(seat, move)
	if err != nil {
		return r, err
	}
	m.Do(&r)
	return r, nil
}

func (st *State) bid(p *Player, b int, r *engine.Result) {
	p.Bid, p.HasBid = b, true
	r.Secret = true
	r.Say("%s placed a sealed bid.", engine.SeatRef(p.Seat))
	r.Note(p.Seat, "You bid %d.", p.Bid)
	if st.Leak && p.Role == Fence {
		r.Note(p.Seat, "As the Fence you could have bid 4.")
	}
	st.answer(p.Seat, r)
}

func (st *State) take(p *Player, r *engine.Result) {
	p.Coins += p.Bid
	r.Say("%s takes %d.", engine.SeatRef(p.Seat), p.Bid)
	st.Taker = p.Seat
	st.Objects = 0
	var others []engine.Seat
	for _, o := range st.Players {
		if o.Seat != p.Seat {
			others = append(others, o.Seat)
		}
	}
	if len(others) == 0 {
		st.settle(r)
		return
	}
	// The take is settled only when the objection window above it is.
	st.Phase = "object"
	st.Pending.Push(engine.Decision[Detail]{Kind: Objecting, Mode: engine.Reaction, Seats: others, Phase: "Objections", Window: 10 * time.Minute, Default: "pass", Resume: resumeWindow})
	st.standingPasses(r)
}

func (st *State) draw(p *Player, r *engine.Result) {
	c := st.Deck[0]
	st.Deck = st.Deck[1:]
	p.Hand = append(p.Hand, c)
	r.Reveals = true
	r.Say("%s draws a card.", engine.SeatRef(p.Seat))
	r.Note(p.Seat, "You drew the %d.", c)
	st.settle(r)
}

// accuse interrupts the objection window with the taker's answer; the
// window resumes, with the accuser's answer given, once it is settled.
func (st *State) accuse(seat engine.Seat, r *engine.Result) {
	// The accusation is a reaction card: the accuser plays the first card
	// of their hand, face up.
	p := &st.Players[seat]
	card := p.Hand[0]
	p.Hand = p.Hand[1:]
	r.Say("%s plays the %d and accuses %s!", engine.SeatRef(seat), card, engine.SeatRef(st.Taker))
	st.Pending.Top().Answer(seat)
	st.Pending.Push(engine.Decision[Detail]{Kind: Answering, Mode: engine.Sequential, Seats: []engine.Seat{st.Taker}, Phase: "Objections", Resume: resumeWindow, Data: Detail{Accuser: seat}})
}

// answer records seat's answer to the decision on top and settles it when
// nobody owes one any more.
func (st *State) answer(seat engine.Seat, r *engine.Result) {
	if st.Pending.Top().Answer(seat) {
		st.settle(r)
	}
}

// settle pops the decision on top and goes on with what it resumes.
func (st *State) settle(r *engine.Result) {
	d := st.Pending.Pop()
	switch d.Kind {
	case Objecting:
		if st.Objects > 0 && st.Players[st.Taker].Coins > 0 {
			st.Players[st.Taker].Coins--
			r.Say("%s loses a coin to the objection.", engine.SeatRef(st.Taker))
		}
		st.settle(r) // the take below it is settled too
		return
	case Answering:
		// Back to the objection window below, which may already be done.
		if w := st.Pending.Top(); w != nil && len(w.Waiting()) == 0 {
			st.settle(r)
		}
		return
	}
	switch d.Resume {
	case resumeReveal:
		st.revealBids(r)
	case resumeNext:
		st.nextTaker(r)
	}
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
	r.EndPhase("the round")
	st.Active = 0
	st.askTake()
}

func (st *State) nextTaker(r *engine.Result) {
	if int(st.Active)+1 < len(st.Players) {
		st.Active++
		st.askTake()
		return
	}
	st.Taker = engine.NoSeat
	r.EndPhase("the round")
	if st.Round >= st.Rounds {
		st.finish(r)
		return
	}
	st.Round++
	for i := range st.Players {
		st.Players[i].HasBid = false
		st.Players[i].Bid = 0
	}
	st.askBids()
}

func (st *State) finish(r *engine.Result) {
	st.Phase = "over"
	st.Pending = engine.Stack[Detail]{}
	st.revealSecrets(r)
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

// View is what a viewer sees of Stakeout: a redacted copy of the state,
// held as a field so a view never carries the state's methods.
type View struct {
	State  *State        `json:"state"`
	Viewer engine.Viewer `json:"viewer"`
}

// Text summarizes the view.
func (v View) Text() string {
	var b strings.Builder
	s := v.State
	fmt.Fprintf(&b, "Round %d/%d, %s. Pot %d. Deck %d cards.\n", s.Round, s.Rounds, s.Phase, s.Pot, len(s.Deck))
	for _, p := range s.Players {
		fmt.Fprintf(&b, "%s: %d coins, %d cards", engine.SeatRef(p.Seat), p.Coins, len(p.Hand))
		if p.Seat == v.Viewer {
			fmt.Fprintf(&b, " (your hand: %v, your bid: %d", p.Hand, p.Bid)
			if p.Role != "" {
				fmt.Fprintf(&b, ", your role: %s", p.Role)
			}
			b.WriteString(")")
		}
		b.WriteString("\n")
	}
	if st := s.Stash; st != nil {
		if st.Card != 0 {
			fmt.Fprintf(&b, "The stash is the %d (known to %d seats).\n", st.Card, len(st.Known))
		} else {
			fmt.Fprintf(&b, "The stash lies face down (known to %d seats).\n", len(st.Known))
		}
	}
	return b.String()
}

// View redacts the state for viewer.
func (st *State) View(viewer engine.Viewer) engine.View {
	return View{State: engine.Redact(st, viewer), Viewer: viewer}
}
