package android

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"casefile/engine"
)

// Playing twilight cards (AN-TWI, AN-LIGHTACT, AN-COST-04…10, AN-REACT,
// AN-TRAIT, AN-MOVE-03).
//
// A light card is played by its owner on his own turn, as an action of
// 1 Time, dark shifting by its cost. After the active detective moves,
// follows up a lead, uses a location ability or plays a light card as an
// action, the other seats holding a card of his dark deck get a dark-card
// window: a Reaction in which each answers in secret, playing one of
// those cards whose trigger fits or passing. When every seat has answered
// (or the window timed out), the answer with the first priority — the
// first player, then clockwise — is played and the others keep their
// cards untold: at most one dark card per action (AN-REACT-01/02). The
// player of a dark card light shifts by its cost and the card acts on the
// active detective. After a dark card the active detective may answer
// with one light card (AN-REACT-03); that response opens no window.
//
// Costs: a player may discard other cards of his hand to lower the cost
// by 1 each (to 0), and when the card's plot is the target's current plot
// may raise or lower it by 1 (AN-COST-07…10); only the player of the card
// discards for it (AN-COST-09). "play X" pays the printed cost at once;
// "play X discarding" opens the payment step where those choices are
// made. A played card goes face up to the bottom of its deck (AN-TWI-03,
// AN-TWI-06). A Fight card's target chooses light or dark tactics, seeing
// both (AN-TRAIT-02…06, the FAQ).
//
// Which seats a window lists comes from public facts only — the backs of
// the cards in each hand show their deck — never from the cards' texts
// (study §2.2 M11), and every answer is secret, so the window shows
// nobody whether a seat could or would play.

// The twilight decisions.
const (
	// StepDarkWindow: the other seats holding the active detective's dark
	// cards may play one in response, or pass (a Reaction).
	StepDarkWindow engine.DecisionKind = "dark cards"
	// StepPayCost: the player of a card pays its twilight cost, first
	// discarding cards or using the plot colour to change it.
	StepPayCost engine.DecisionKind = "pay twilight cost"
	// StepFight: the target of a Fight card chooses light or dark tactics.
	StepFight engine.DecisionKind = "fight"
	// StepLightResponse: after a dark card, the active detective may play
	// one light card in response.
	StepLightResponse engine.DecisionKind = "light response"
)

// TwilightState is what the twilight cards' play keeps beside the decks
// and hands.
type TwilightState struct {
	// Window is how long a dark-card window waits; zero leaves it to the
	// platform's reaction window (the react option).
	Window time.Duration `json:"window,omitempty"`
}

// reactValues are the react option's values.
var reactValues = []string{"default", "10m", "30m", "2h"}

// reactWindow reads the react option.
func reactWindow(v string) (time.Duration, error) {
	switch v {
	case "", "default":
		return 0, nil
	case "10m", "30m", "2h":
		return time.ParseDuration(v)
	}
	return 0, engine.Reject("react=%s: choose %s.", v, strings.Join(reactValues, ", "))
}

// TwiDetail is the twilight part of a decision's Detail: the action a
// window answers and the secret answers given so far, or the card being
// paid or fought.
type TwiDetail struct {
	Event  Occasion `json:"event"`
	Offers []Offer  `json:"offers,omitempty"`
	Play   *Play    `json:"play,omitempty"`
}

// Occasion is an action of the active detective that dark cards may
// answer: an "event" in the sense of the twilight rules (AN-TWI, at most
// one dark and one light card each), not an event card (events.go).
type Occasion struct {
	Kind Trigger `json:"kind"`
	// At is where the detective moved to, for a move.
	At int `json:"at"`
}

// Offer is one seat's secret answer in a dark-card window: the card it
// will play should it have priority, or none for a pass. Every answer is
// recorded, a pass too, so that the public list of answers shows only who
// answered — which the window's seats show anyway. Only the answering
// seat sees what it answered.
type Offer struct {
	Seat int    `json:"seat"`
	Card string `json:"card" vis:"owner"`
	On   string `json:"on,omitempty" vis:"owner"`
	// Discarding asks for the payment step.
	Discarding bool `json:"discarding,omitempty" vis:"owner"`
}

// OwnerSeat makes an answer visible to the seat that gave it.
func (o Offer) OwnerSeat() engine.Seat { return engine.Seat(o.Seat) }

// Play is a card being played: who pays for it, on whom it acts, what
// its player named, and what is still to pay.
type Play struct {
	Seat   int    `json:"seat"`
	Target int    `json:"target"`
	Card   string `json:"card"`
	On     string `json:"on,omitempty"`
	// Left is the twilight cost still to pay.
	Left int `json:"left"`
	// Adjusted is set once the plot colour raised or lowered the cost.
	Adjusted bool `json:"adjusted,omitempty"`
	// Discarded counts the cards discarded to pay.
	Discarded int `json:"discarded,omitempty"`
	// Then is what follows the card: "window" (a light card played as an
	// action opens a dark-card window), "light" (a dark card gives the
	// active detective a light response), or nothing.
	Then string `json:"then,omitempty"`
}

// card is the played card.
func (p *Play) card() *Card { return CardByID(p.Card) }

// twi is the twilight detail of a decision.
func twi(d *Decision) *TwiDetail {
	if d.Data.Twi == nil {
		d.Data.Twi = &TwiDetail{}
	}
	return d.Data.Twi
}

// ---------------------------------------------------------------------------
// Moves

// twilightMoves lists the moves of the twilight decisions.
func (s *State) twilightMoves(seat int, top *Decision, ms *engine.Moves) {
	switch top.Kind {
	case StepDarkWindow:
		s.windowMoves(seat, top, ms)
	case StepPayCost:
		s.payMoves(top, ms)
	case StepFight:
		s.fightMoves(top, ms)
	case StepLightResponse:
		s.lightCardMoves(s.det(), "", ms)
		ms.Legal("no light card", func(res *engine.Result) { s.Pending.Pop() })
	}
}

// twilightPrompt words the twilight decisions.
func (s *State) twilightPrompt(d *Decision) (string, bool) {
	switch d.Kind {
	case StepDarkWindow:
		return fmt.Sprintf("you may play one of %s's dark cards in response (%s), or pass", s.det().Def().Name, triggerText[twi(d).Event.Kind]), true
	case StepPayCost:
		p := twi(d).Play
		return fmt.Sprintf("pay %s's twilight cost (%d left, your track has room for %d): discard cards to lower it, or pay", p.card().Name, p.Left, s.Dets[p.Seat].Room(!p.card().Dark)), true
	case StepFight:
		c := twi(d).Play.card()
		return fmt.Sprintf("%s is a Fight: choose light tactics (light shift, then %s) or dark tactics (dark shift, then %s)", c.Name, effectsText(c, c.LightTactics), effectsText(c, c.DarkTactics)), true
	case StepLightResponse:
		return "you may answer the dark card with one of your light cards (1 Time), or not", true
	}
	return "", false
}

// options lists what a player may name for card c acting on target: a
// suffix of the move text and the named thing's slug, one for each; a
// card that names nothing has the one empty option.
func (s *State) options(c *Card, target *Det) (suffix, slug []string) {
	switch c.Choose {
	case ChooseSuspect:
		for _, sus := range s.Suspects {
			if !sus.Dead {
				suffix = append(suffix, " on "+sus.Def().Slug)
				slug = append(slug, sus.Def().Slug)
			}
		}
	case ChooseDetective:
		for _, o := range s.Dets {
			if o.Seat != target.Seat {
				suffix = append(suffix, " on "+o.Def().Slug)
				slug = append(slug, o.Def().Slug)
			}
		}
	case ChooseReach:
		for _, to := range Reach(target.At, target.Def().Ruler) {
			// A card's free move does not open a restricted location
			// without a warrant [ours].
			if Locations[to].Restricted && !target.hasWarrant(to) {
				continue
			}
			suffix = append(suffix, " to "+Locations[to].Slug)
			slug = append(slug, Locations[to].Slug)
		}
	default:
		return []string{""}, []string{""}
	}
	return suffix, slug
}

// needs is the condition that card c's conditions hold for its player
// and target.
func (s *State) needs(c *Card, payer, target *Det) engine.Cond {
	cond := engine.OK
	for _, n := range c.Needs {
		switch n.Kind {
		case NeedFavor:
			cond = cond.And(engine.Require(payer.Favors[n.Favor] > 0, "%s needs a %s favor and you have none", c.Name, n.Favor))
		case NeedTargetFavor:
			cond = cond.And(engine.Require(target.Favors[n.Favor] > 0, "%s needs %s to hold a %s favor", c.Name, target.Def().Name, n.Favor))
		case NeedTrauma:
			cond = cond.And(engine.Require(payer.Trauma > 0, "%s needs a trauma counter and you have none", c.Name))
		case NeedTrait:
			// AN-TRAIT-01: a card referring to other cards by trait.
			has := slices.ContainsFunc(payer.Hand, func(h HandCard) bool {
				o := CardByID(h.Card)
				return h.Card != c.ID && o != nil && slices.Contains(o.Traits, n.Trait)
			})
			cond = cond.And(engine.Require(has, "%s needs another %s card in your hand and you hold none", c.Name, n.Trait))
		default:
			if x, ok := heroNeeds[n.Kind]; ok {
				cond = cond.And(x.Cond(s, c, n, payer, target))
			}
		}
	}
	return cond
}

// plotMatch reports whether card c bears the colour of target's current
// plot (AN-COST-10).
func plotMatch(c *Card, target *Det) bool { return c.Plot != "" && c.Plot == target.Plot }

// affordable is the condition that payer can pay c's cost on target:
// at once with the printed cost, or (discarding) after lowering it by
// every other card of the hand and the plot colour (AN-COST-06/07/10).
func affordable(c *Card, payer, target *Det, discarding bool) engine.Cond {
	room := payer.Room(!c.Dark)
	way := "dark"
	if c.Dark {
		way = "light"
	}
	if !discarding {
		return engine.Require(c.Cost <= room, "%s costs %d and your track has room to %s shift %d: add “discarding” to lower the cost with other cards", c.Name, c.Cost, way, room)
	}
	cut := len(payer.Hand) - 1
	if plotMatch(c, target) {
		cut++
	}
	return engine.Require(cut > 0, "You hold no other card to discard and the card is not of %s's plot", target.Def().Name).
		And(engine.Require(c.Cost-cut <= room, "%s costs %d and even discarding every other card your track has no room (it can %s shift %d)", c.Name, c.Cost, way, room))
}

// lightCardMoves lists "play <card>…" for the light cards of d's own
// deck in d's hand: as an action (then "window") or as the response to a
// dark card (then ""). Each costs 1 Time (AN-LIGHTACT-01, AN-TWI-02).
func (s *State) lightCardMoves(d *Det, then string, ms *engine.Moves) {
	seat := d.Seat
	own := d.Def().Slug + " light"
	ms.RefuseFamily("play ", engine.Cond("You may play only the light cards of your own deck in your hand, as listed; dark cards are played by the other players on your turn"))
	for _, hc := range d.Hand {
		c := CardByID(hc.Card)
		if hc.Deck != own || c == nil {
			continue
		}
		base := s.timeFor(1).And(s.needs(c, d, d))
		suffixes, slugs := s.options(c, d)
		for k, suf := range suffixes {
			on := slugs[k]
			for _, disc := range []bool{false, true} {
				text := "play " + c.ID + suf
				if disc {
					text += " discarding"
				}
				ms.Add(text, base.And(affordable(c, d, d, disc)), func(res *engine.Result) {
					if then == "" {
						s.Pending.Pop()
					}
					s.spend(1)
					res.Say("%s plays the light card %s (1 Time): %s", who(seat), c.Name, c.Text())
					s.startPay(&Play{Seat: seat, Target: seat, Card: c.ID, On: on, Left: c.Cost, Then: then}, disc, res)
				})
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Dark-card windows

// priority lists the seats in the order of priority for dark cards: the
// first player, then clockwise (AN-REACT-02).
func (s *State) priority() []int {
	var out []int
	for i := 0; i < s.NPlayers; i++ {
		out = append(out, (s.First+i)%s.NPlayers)
	}
	return out
}

// darkWindow is the dark-card window after the active detective's action
// ev (AN-MOVE-03, AN-TWI-04): over the other seats holding a card of his
// dark deck, in priority order; none when no seat holds one.
func (s *State) darkWindow(ev Occasion) []Decision {
	if len(s.Order) == 0 || s.Cur >= len(s.Order) {
		return nil
	}
	act := s.active()
	deck := s.Dets[act].Def().Slug + " dark"
	var seats []engine.Seat
	for _, i := range s.priority() {
		if i != act && !s.Dets[i].PassDark && slices.ContainsFunc(s.Dets[i].Hand, func(c HandCard) bool { return c.Deck == deck }) {
			seats = append(seats, engine.Seat(i))
		}
	}
	// Whether any of them could answer is not asked: a window opened
	// only when some holder could play would tell the table that one
	// holds a fitting card. Players who never mean to answer say so once
	// (standing.go).
	if len(seats) == 0 {
		return nil
	}
	return []Decision{{Kind: StepDarkWindow, Mode: engine.Reaction, Seats: seats, Phase: s.phase(), Default: "pass", Window: s.Twilight.Window,
		Data: Detail{Twi: &TwiDetail{Event: ev}}}}
}

// fits reports whether a dark card's trigger answers ev.
func (s *State) fits(c *Card, ev Occasion) bool {
	switch c.Trigger {
	case OnMove:
		return ev.Kind == OnMove
	case OnSeedy:
		return ev.Kind == OnMove && Locations[ev.At].Quality == Seedy
	case OnRitzy:
		return ev.Kind == OnMove && Locations[ev.At].Quality == Ritzy
	case OnRestricted:
		return ev.Kind == OnMove && Locations[ev.At].Restricted
	}
	return c.Trigger == ev.Kind
}

// windowMoves: play a card of the active detective's dark deck whose
// trigger fits, or pass. The answer is secret; it is carried out when the
// window closes, if no seat with priority played.
func (s *State) windowMoves(seat int, top *Decision, ms *engine.Moves) {
	d := &s.Dets[seat]
	act := s.det()
	ev := twi(top).Event
	deck := act.Def().Slug + " dark"
	ms.RefuseFamily("play ", engine.Cond(fmt.Sprintf("Only %s's dark cards in your hand may answer %s's action, as listed", act.Def().Name, act.Def().Name)))
	answer := func(res *engine.Result, o Offer) {
		t := twi(s.Pending.Top())
		t.Offers = append(t.Offers, o)
		res.Secret = true
		res.Say("%s answers the dark-card window.", who(seat))
		if s.Pending.Top().Answer(engine.Seat(seat)) {
			s.closeWindow(res)
		}
	}
	for _, hc := range d.Hand {
		c := CardByID(hc.Card)
		if hc.Deck != deck || c == nil {
			continue
		}
		base := engine.Require(s.fits(c, ev), "%s answers only when %s %s", c.Name, act.Def().Name, triggerText[c.Trigger]).And(s.needs(c, d, act))
		suffixes, slugs := s.options(c, act)
		for k, suf := range suffixes {
			on := slugs[k]
			for _, disc := range []bool{false, true} {
				text := "play " + c.ID + suf
				if disc {
					text += " discarding"
				}
				ms.Add(text, base.And(affordable(c, d, act, disc)), func(res *engine.Result) {
					answer(res, Offer{Seat: seat, Card: c.ID, On: on, Discarding: disc})
				})
			}
		}
	}
	ms.Legal("pass", func(res *engine.Result) { answer(res, Offer{Seat: seat}) })
}

// closeWindow settles a dark-card window: the answer of the seat with the
// first priority is played, the others are dropped untold (AN-REACT-01/02).
func (s *State) closeWindow(res *engine.Result) {
	w := s.Pending.Pop()
	t := twi(&w)
	for _, seat := range w.Seats {
		for _, o := range t.Offers {
			if o.Seat != int(seat) || o.Card == "" {
				continue
			}
			c := CardByID(o.Card)
			res.Say("%s plays %s's dark card %s on %s: %s", who(o.Seat), c.owner().Name, c.Name, who(s.active()), c.Text())
			s.startPay(&Play{Seat: o.Seat, Target: s.active(), Card: o.Card, On: o.On, Left: c.Cost, Then: "light"}, o.Discarding, res)
			return
		}
	}
	res.Say("No dark card is played.")
}

// ---------------------------------------------------------------------------
// Paying the cost

// startPay pays p at once, or, when its player asked to discard, opens
// the payment step.
func (s *State) startPay(p *Play, discarding bool, res *engine.Result) {
	if !discarding {
		s.pay(p, res)
		return
	}
	d := s.seatDecision(StepPayCost, p.Seat, "", Detail{Twi: &TwiDetail{Play: p}})
	s.Pending.Push(d)
	s.setPayDefault()
}

// setPayDefault makes the payment step's default a legal move: pay when
// the track has room, else discard the first other card, else lower the
// cost by the plot colour (the play was affordable, so one of them is).
func (s *State) setPayDefault() {
	top := s.Pending.Top()
	p := twi(top).Play
	payer := &s.Dets[p.Seat]
	if p.Left <= payer.Room(!p.card().Dark) {
		top.Default = "pay"
		return
	}
	for _, hc := range payer.Hand {
		if hc.Card != p.Card {
			top.Default = "discard " + hc.Card
			return
		}
	}
	// No other card is left: the plot colour is what makes it payable.
	top.Default = "lower cost"
}

// payMoves: discard another card to lower the cost by 1 (or to shed it
// when the cost is 0, AN-COST-08), raise or lower it once by the plot
// colour, or pay.
func (s *State) payMoves(top *Decision, ms *engine.Moves) {
	p := twi(top).Play
	c := p.card()
	payer := &s.Dets[p.Seat]
	target := &s.Dets[p.Target]
	room := payer.Room(!c.Dark)
	ms.Add("pay", engine.Require(p.Left <= room, "The cost is %d and your track has room for %d: discard cards to lower it", p.Left, room), func(res *engine.Result) {
		s.Pending.Pop()
		s.pay(p, res)
	})
	for i, hc := range payer.Hand {
		if hc.Card == p.Card {
			continue
		}
		i, hc := i, hc
		ms.Legal("discard "+hc.Card, func(res *engine.Result) {
			s.discard(p.Seat, i)
			p.Discarded++
			if p.Left > 0 {
				p.Left--
			}
			res.Say("%s discards a card from the %s deck to pay for %s (cost now %d).", who(p.Seat), hc.Deck, c.Name, p.Left)
			s.setPayDefault()
		})
	}
	ms.RefuseFamily("discard ", "Discard another card of your hand, as listed")
	match := engine.Require(plotMatch(c, target), "%s is not of %s's current plot (%s)", c.Name, target.Def().Name, target.Plot).
		And(engine.Require(!p.Adjusted, "The plot colour changes the cost once only"))
	ms.Add("lower cost", match.And(engine.Require(p.Left > 0, "The cost is already 0")), func(res *engine.Result) {
		p.Adjusted = true
		p.Left--
		res.Say("%s lowers %s's cost by 1: it is of %s's plot (cost now %d).", who(p.Seat), c.Name, target.Def().Name, p.Left)
		s.setPayDefault()
	})
	others := len(payer.Hand) - 1
	ms.Add("raise cost", match.And(engine.Require(p.Left+1-others <= room, "Raised to %d, the cost would be more than your track and your other cards can pay", p.Left+1)), func(res *engine.Result) {
		p.Adjusted = true
		p.Left++
		res.Say("%s raises %s's cost by 1: it is of %s's plot (cost now %d).", who(p.Seat), c.Name, target.Def().Name, p.Left)
		s.setPayDefault()
	})
}

// pay shifts the player's marker by the cost — dark for a light card, light
// for a dark one (AN-COST-04/05) — puts the card face up at the bottom of
// its deck (AN-TWI-03/06) and resolves it.
func (s *State) pay(p *Play, res *engine.Result) {
	c := p.card()
	payer := &s.Dets[p.Seat]
	payer.Shift(!c.Dark, p.Left)
	i := slices.IndexFunc(payer.Hand, func(h HandCard) bool { return h.Card == p.Card })
	s.discard(p.Seat, i)
	way := "dark"
	if c.Dark {
		way = "light"
	}
	if p.Left > 0 {
		res.Say("%s %s shifts %d (twilight %+d).", who(p.Seat), way, p.Left, payer.Twilight)
	}
	if c.IsFight() {
		// AN-TRAIT-02: the target chooses the tactics.
		s.Pending.Push(s.seatDecision(StepFight, p.Target, "light tactics", Detail{Twi: &TwiDetail{Play: p}}))
		return
	}
	s.resolve(p, c.Effects, res)
	s.after(p, res)
}

// after is what follows a resolved card: the dark-card window after a
// light card played as an action, the light response after a dark card.
func (s *State) after(p *Play, res *engine.Result) {
	switch p.Then {
	case "window":
		s.Pending.Push(s.darkWindow(Occasion{Kind: OnLightCard})...)
	case "light":
		d := s.det()
		own := d.Def().Slug + " light"
		if s.Time >= 1 && slices.ContainsFunc(d.Hand, func(h HandCard) bool { return h.Deck == own }) {
			s.Pending.Push(s.seatDecision(StepLightResponse, d.Seat, "no light card", Detail{}))
		}
	}
}

// fightMoves: the target chooses light tactics (light shift if able) or
// dark tactics (dark shift if able), then the chosen part resolves
// (AN-TRAIT-03…06).
func (s *State) fightMoves(top *Decision, ms *engine.Moves) {
	p := twi(top).Play
	c := p.card()
	for _, dark := range []bool{false, true} {
		dark := dark
		text, part := "light tactics", c.LightTactics
		if dark {
			text, part = "dark tactics", c.DarkTactics
		}
		ms.Legal(text, func(res *engine.Result) {
			s.Pending.Pop()
			t := &s.Dets[p.Target]
			n := t.Shift(dark, 1)
			res.Say("%s chooses %s in the fight (%s, twilight %+d).", who(p.Target), text, shiftedText(dark, n), t.Twilight)
			s.resolve(p, part, res)
			s.after(p, res)
		})
	}
}

func shiftedText(dark bool, n int) string {
	way := "light"
	if dark {
		way = "dark"
	}
	if n == 0 {
		return "already completely " + way + " shifted"
	}
	return way + " shifts 1"
}

// ---------------------------------------------------------------------------
// Effects

// resolve carries out effects of p's card in order. Each effect does what
// the state allows: a Time loss stops at 0, a shift at the track's end, a
// draw at the hand limit, a token only while the supply has one.
func (s *State) resolve(p *Play, effects []Effect, res *engine.Result) {
	payer := &s.Dets[p.Seat]
	for _, e := range effects {
		d := &s.Dets[p.Target]
		if e.Self {
			d = payer
		}
		name := who(d.Seat)
		if s.rayBlocks(d, e, res) {
			continue
		}
		switch e.Op {
		case OpRayWrap, OpRayUnwrap:
			s.rayWrap(d, e.Op == OpRayWrap, res)
		case OpTime:
			if d.Seat != s.active() {
				continue
			}
			before := s.Time
			s.Time = max(s.Time+e.N, 0)
			res.Say("%s %s (%d Time left).", name, timeText(s.Time-before), s.Time)
		case OpDarkShift, OpLightShift:
			dark := e.Op == OpDarkShift
			n := d.Shift(dark, e.N)
			res.Say("%s %s shifts %d (twilight %+d).", name, map[bool]string{true: "dark", false: "light"}[dark], n, d.Twilight)
		case OpDrawLight:
			n := 0
			for k := 0; k < e.N && !d.handFull() && d.Light.Len() > 0; k++ {
				s.drawLight(d.Seat)
				n++
			}
			res.Say("%s draws %d light %s.", name, n, plural(n, "card", "cards"))
		case OpDiscard:
			for k := 0; k < e.N && len(d.Hand) > 0; k++ {
				i := s.Rng.Intn(len(d.Hand))
				deck := d.Hand[i].Deck
				s.discard(d.Seat, i)
				res.Say("%s discards a card from the %s deck at random.", name, deck)
			}
		case OpFavor:
			if s.Supply.Favors[e.Favor] > 0 {
				s.Supply.Favors[e.Favor]--
				d.Favors[e.Favor]++
				res.Say("%s gains a %s favor.", name, e.Favor)
			} else {
				res.Say("No %s favor is left in the supply.", e.Favor)
			}
		case OpLoseFavor:
			if d.Favors[e.Favor] > 0 {
				d.Favors[e.Favor]--
				s.Supply.Favors[e.Favor]++
				res.Say("%s gives back a %s favor.", name, e.Favor)
			}
		case OpHit, OpAlibi:
			i := s.suspectIndex(p.On)
			switch {
			case i < 0 || s.Suspects[i].Dead:
				res.Say("The named suspect is dead: nothing happens.")
			case e.Op == OpHit && s.Supply.Hits > 0:
				s.placeHit(i, p.Seat, res)
			case e.Op == OpAlibi && s.Supply.Alibis > 0:
				s.placeAlibi(i, p.Seat, res)
			default:
				res.Say("No %s token is left.", e.Op)
			}
		case OpPeek:
			s.cardPeek(p.Seat, s.suspectIndex(p.On), res)
		case OpReveal:
			s.cardReveal(s.suspectIndex(p.On), res)
		case OpLook:
			o, _ := detectiveBySlug(p.On)
			for _, od := range s.Dets {
				if od.Detective == o {
					var cards []string
					for _, c := range od.Hand {
						cards = append(cards, cardLabel(c.Card))
					}
					res.Say("%s looks at %s's cards.", who(p.Seat), who(od.Seat))
					res.Note(engine.Seat(p.Seat), "You see %s's cards: %s.", who(od.Seat), listOr(cards))
					res.Reveals = true
				}
			}
		case OpMove:
			to := mustLoc(p.On)
			d.At = to
			res.Say("%s moves to %s for no Time.", name, Locations[to].Name)
		case OpDropship:
			if s.Supply.Dropships > 0 {
				s.Supply.Dropships--
				d.Dropships++
				res.Say("%s gains a dropship pass.", name)
			}
		case OpTrauma:
			n := min(e.N, s.Supply.Trauma)
			s.Supply.Trauma -= n
			d.Trauma += n
			res.Say("%s takes %d trauma.", name, n)
		case OpHeal:
			n := min(e.N, d.Trauma)
			d.Trauma -= n
			s.Supply.Trauma += n
			res.Say("%s gives back %d trauma.", name, n)
		case OpCondBaggage:
			// AN-CBAG-01: the plot card in play says good, bad or nothing.
			s.gainConditional(d.Seat, e.Word, e.N, res)
		case OpGoodBaggage, OpBadBaggage:
			if s.gainBaggage(d.Seat, e.Op == OpGoodBaggage, e.N, res) == 0 {
				res.Say("%s gains no baggage (no plot card in play or no token left).", name)
			}
		case OpNPCFavor:
			if n := s.npcOf(d.Seat); n == nil || n.Dead || n.Pile == 0 {
				res.Say("%s has no NPC favor to gain.", name)
			} else {
				s.gainNPCFavor(d.Seat, res)
			}
		default:
			if x, ok := heroOps[e.Op]; ok {
				x.Resolve(s, p, d, e, res)
			}
		}
	}
}

func timeText(n int) string {
	if n >= 0 {
		return fmt.Sprintf("gains %d Time", n)
	}
	return fmt.Sprintf("loses %d Time", -n)
}

// suspectIndex is the index in Suspects of the suspect with slug, or -1.
func (s *State) suspectIndex(slug string) int {
	return slices.IndexFunc(s.Suspects, func(sus SuspectSheet) bool { return sus.Def().Slug == slug })
}

// cardPeek shows seat every face-down token on suspect i, as Jimmy does.
func (s *State) cardPeek(seat, i int, res *engine.Result) {
	if i < 0 {
		return
	}
	sus := &s.Suspects[i]
	var seen []string
	for f := range sus.Files {
		for k := range sus.Files[f] {
			e := &sus.Files[f][k]
			if e.FaceUp() {
				continue
			}
			if !e.knows(engine.Seat(seat)) {
				e.KnownTo = append(e.KnownTo, engine.Seat(seat))
			}
			seen = append(seen, fmt.Sprintf("%s %d: %s", Files[f], k+1, EvidencePool[e.Token]))
		}
	}
	res.Say("%s sees %s's face-down evidence.", who(seat), sus.Def().Name)
	res.Note(engine.Seat(seat), "%s's face-down evidence: %s.", sus.Def().Name, orNone(seen))
	res.Reveals = true
}

// cardReveal turns suspect i's first face-down token face up (files in
// sheet order, oldest first) [ours].
func (s *State) cardReveal(i int, res *engine.Result) {
	if i < 0 {
		return
	}
	sus := &s.Suspects[i]
	for f := range sus.Files {
		for k := range sus.Files[f] {
			e := &sus.Files[f][k]
			if !e.FaceUp() {
				e.Shown = EvidencePool[e.Token].String()
				res.Say("%s's %s file: a token is turned face up, %s.", sus.Def().Name, Files[f], e.Shown)
				res.Reveals = true
				return
			}
		}
	}
	res.Say("%s has no face-down evidence to turn up.", sus.Def().Name)
}

// cardLabel names a card for a private note: its id and name.
func cardLabel(id string) string {
	if c := CardByID(id); c != nil {
		return id + " " + c.Name
	}
	return id
}

// handText words a seat's hand for its own view: each card's text.
func handText(hand []HandCard) string {
	var out []string
	for _, hc := range hand {
		if c := CardByID(hc.Card); c != nil {
			out = append(out, hc.Card+" "+c.Text())
		} else {
			out = append(out, hc.Card)
		}
	}
	return strings.Join(out, "\n  ")
}
