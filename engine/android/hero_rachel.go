package android

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// Rachel Beckmann's hero card and setup (issue 19, AN-HERO-08/09). The
// rules give her two extra twilight cards at setup, drawn from her own
// light deck and/or the other players' dark decks in any mix, and her
// Money card in play with a hero marker on its $2,000 mark; the track's
// marks, what fills and empties it and what being broke costs are ours
// (CONTENT.md §7.2).
//
// The Money track runs from $0 to MoneyMax thousand, in steps of $1,000,
// and is public. Bounties and bail (her light cards) and a favor sold
// ("sell street favor") fill it; her light cards spend it on bribes, a
// look at evidence, a charter to anywhere, money sent home; the "hire
// cab" action turns $1,000 into 1 Time once a turn; her dark deck (the
// other players' weapons) bleeds it: alimony, poached bounties, Oliver's
// trouble, debt collectors. Broke ($0) at the start of her turn, she
// spends the morning on side jobs: BrokeTime less Time.

// Rachel's numbers: the setup's [R], the rest [ours].
const (
	// RachelExtraDraws are the extra cards she draws at setup (AN-HERO-08) [R].
	RachelExtraDraws = 2
	// MoneyStart is the mark her hero marker starts on, in thousands
	// (AN-HERO-09) [R].
	MoneyStart = 2
	// MoneyMax is the track's top mark, in thousands [ours].
	MoneyMax = 5
	// BrokeTime is the Time being broke costs at the start of her turn
	// [ours].
	BrokeTime = 1
	// CabMoney and CabTime: "hire cab" turns $1,000 into 1 Time, once a
	// turn [ours].
	CabMoney = 1
	CabTime  = 1
	// FavorMoney is what "sell <type> favor" brings, in thousands [ours].
	FavorMoney = 1
)

// RachelCard is Rachel's Money card and what is left of her setup draws;
// all public (the cards she draws are secret like every hand card, their
// decks of origin public).
type RachelCard struct {
	// Money is the hero marker's mark on the Money track, in thousands.
	Money int `json:"money"`
	// Draws are the extra setup draws she still owes (AN-HERO-08).
	Draws int `json:"draws,omitempty"`
	// Cab is set once she has hired a cab this turn.
	Cab bool `json:"cab,omitempty"`
}

// MoneyText words a sum in thousands as the track prints it.
func MoneyText(k int) string {
	if k == 0 {
		return "$0"
	}
	return fmt.Sprintf("$%d,000", k)
}

// StepRachelDraw: Rachel's seat draws one of her extra setup cards
// (AN-HERO-08).
const StepRachelDraw engine.DecisionKind = "rachel setup draw"

// ResumeEndSetup on Rachel's draws says that a draft came before them:
// the draft's last pick left the Setup phase open, and her last draw
// closes it. A dealt game's setup never ends as a phase (the start posts
// its board), so there it is not set.
const ResumeEndSetup engine.ResumeKind = "end of setup"

// The op and condition Rachel's cards bring (HeroOp).
const (
	// OpMoney moves the Money marker N thousand (down for N < 0), within
	// the track.
	OpMoney Op = "money"
	// NeedMoney: the player's Money track shows at least N thousand.
	NeedMoney NeedKind = "money"
)

func init() {
	heroOps[OpMoney] = HeroOp{
		Text: func(e Effect, c *Card, you bool, subj string, v func(string, string) string) string {
			if e.N >= 0 {
				return fmt.Sprintf("%s %s", v("gain", "gains"), MoneyText(e.N))
			}
			if you {
				return "you pay " + MoneyText(-e.N)
			}
			return fmt.Sprintf("%s loses %s", subj, MoneyText(-e.N))
		},
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) {
			s.addMoney(d, e.N, res)
		},
		Worth: func(_ *State, _ *Det, e Effect) int { return e.N },
		Want: func(s *State, d *Det, e Effect) (bool, bool) {
			if e.N < 0 || d.Rachel == nil {
				// A payment: the card's next effect decides.
				return false, false
			}
			return d.Rachel.Money < MoneyMax, true
		},
	}
	heroNeeds[NeedMoney] = HeroNeed{
		Text: func(c *Card, n Need) string { return "only with " + MoneyText(n.N) },
		Cond: func(s *State, c *Card, n Need, payer, target *Det) engine.Cond {
			have := 0
			if payer.Rachel != nil {
				have = payer.Rachel.Money
			}
			return engine.Require(have >= n.N, "%s needs %s and your Money track shows %s", c.Name, MoneyText(n.N), MoneyText(have))
		},
	}
}

// money is the effect moving the Money marker n thousand.
func money(n int) Effect { return Effect{Op: OpMoney, N: n} }

// addMoney moves d's Money marker n thousand, within the track, if d is
// Rachel.
func (s *State) addMoney(d *Det, n int, res *engine.Result) {
	r := d.Rachel
	if r == nil {
		return
	}
	before := r.Money
	r.Money = min(max(r.Money+n, 0), MoneyMax)
	switch {
	case r.Money > before:
		res.Say("%s gains %s (Money %s).", who(d.Seat), MoneyText(r.Money-before), MoneyText(r.Money))
	case r.Money < before:
		res.Say("%s loses %s (Money %s).", who(d.Seat), MoneyText(before-r.Money), MoneyText(r.Money))
	default:
		res.Say("%s's Money stays at %s.", who(d.Seat), MoneyText(r.Money))
	}
}

// rachelSeat is the seat playing Rachel, or -1.
func (s *State) rachelSeat() int {
	return slices.IndexFunc(s.Dets, func(d Det) bool { return d.Detective >= 0 && d.Def().Slug == "rachel" })
}

// setupRachel puts her Money card in play on $2,000 (AN-HERO-09) and
// asks her seat for the two extra draws (AN-HERO-08), one decision each.
func (s *State) setupRachel(res *engine.Result) {
	i := s.rachelSeat()
	if i < 0 {
		return
	}
	s.Dets[i].Rachel = &RachelCard{Money: MoneyStart, Draws: RachelExtraDraws}
	res.Say("%s (Rachel Beckmann) puts her hero marker on the %s mark of her Money card and draws %d more twilight cards, from her light deck or the other players' dark decks.", who(i), MoneyText(MoneyStart), RachelExtraDraws)
	s.Pending.Push(Decision{Kind: StepRachelDraw, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(i)}, Phase: PhaseSetup, Default: "draw light"})
}

// rachelDrawPrompt words the setup draw.
func (s *State) rachelDrawPrompt() string {
	i := s.rachelSeat()
	var from []string
	for o := range s.Dets {
		if o != i {
			from = append(from, "draw dark from "+s.Dets[o].Def().Slug)
		}
	}
	return fmt.Sprintf("Rachel's extra setup card (%d of %d left), secret, from her light deck or another player's dark deck: draw light, or one of %s", s.Dets[i].Rachel.Draws, RachelExtraDraws, listOr(from))
}

// rachelDrawMoves: one extra setup card from her light deck or another
// player's dark deck; the decision stays until both are drawn.
func (s *State) rachelDrawMoves(seat int, ms *engine.Moves) {
	d := &s.Dets[seat]
	done := func(res *engine.Result) {
		d.Rachel.Draws--
		if d.Rachel.Draws == 0 {
			if s.Pending.Pop().Resume == ResumeEndSetup {
				res.EndPhase(PhaseSetup)
			}
			res.Say("%s holds %d twilight cards.", who(seat), len(d.Hand))
		}
	}
	ms.Add("draw light", engine.Require(d.Light.Len() > 0, "Your light deck is empty: draw a dark card from another player's deck"), func(res *engine.Result) {
		s.drawLight(seat)
		res.Say("%s draws an extra card from the Rachel Beckmann light deck.", who(seat))
		done(res)
	})
	for o := range s.Dets {
		if o == seat {
			continue
		}
		from := o
		ms.Add("draw dark from "+s.Dets[o].Def().Slug, engine.Require(s.Dets[o].Dark.Len() > 0, "That dark deck is empty"), func(res *engine.Result) {
			s.drawDark(seat, from)
			res.Say("%s draws an extra card from the %s dark deck.", who(seat), s.Dets[from].Def().Name)
			done(res)
		})
	}
	ms.RefuseFamily("draw dark from "+d.Def().Slug, "You never draw from your own dark deck: draw light, or a dark card from another player's deck")
}

// botRachelDraw takes one light card and one dark card from the player
// on its left: a light card it can play, a dark card it can play on a
// rival.
func (s *State) botRachelDraw(me int, legal []string) string {
	d := &s.Dets[me]
	if d.Rachel.Draws == RachelExtraDraws || len(legal) == 1 {
		return "draw light"
	}
	if m := "draw dark from " + s.Dets[s.left(me)].Def().Slug; contains(legal, m) {
		return m
	}
	return legal[0]
}

// rachelTurnTime takes the Time being broke costs at the start of her
// turn, and readies the cab.
func (s *State) rachelTurnTime(seat int, res *engine.Result) {
	r := s.Dets[seat].Rachel
	if r == nil {
		return
	}
	r.Cab = false
	if r.Money == 0 {
		s.Time = max(s.Time-BrokeTime, 0)
		res.Say("Rachel is broke: side jobs cost her %d Time (%d).", BrokeTime, s.Time)
	}
}

// rachelMoves: "hire cab" ($1,000 for 1 Time, once a turn, no Time
// spent) and "sell <type> favor" (1 Time, a favor back to the supply for
// $1,000).
func (s *State) rachelMoves(d *Det, ms *engine.Moves) {
	r := d.Rachel
	if r == nil {
		ms.RefuseFamily("hire cab", "Only Rachel Beckmann has a Money card to hire a cab with")
		ms.RefuseFamily("sell ", "Only Rachel Beckmann sells favors for money")
		return
	}
	seat := d.Seat
	cab := engine.Require(!r.Cab, "You hired a cab this turn already: once a turn").
		And(engine.Require(r.Money >= CabMoney, "A cab costs %s and your Money track shows %s", MoneyText(CabMoney), MoneyText(r.Money)))
	ms.Add("hire cab", cab, func(res *engine.Result) {
		r.Cab = true
		s.Time += CabTime
		res.Say("%s hires a cab (%s): %d Time more (%d).", who(seat), MoneyText(CabMoney), CabTime, s.Time)
		s.addMoney(d, -CabMoney, res)
	})
	var held []string
	for _, f := range FavorTypes {
		if d.Favors[f] > 0 {
			held = append(held, "sell "+f+" favor")
		}
	}
	for _, f := range FavorTypes {
		f := f
		cond := s.timeFor(1).
			And(engine.Require(d.Favors[f] > 0, "You hold no %s favor to sell%s", f, holdingText(held))).
			And(engine.Require(r.Money < MoneyMax, "Your Money track is full (%s)", MoneyText(MoneyMax)))
		ms.Add("sell "+f+" favor", cond, func(res *engine.Result) {
			s.spend(1)
			d.Favors[f]--
			s.Supply.Favors[f]++
			res.Say("%s sells a %s favor (1 Time).", who(seat), f)
			s.addMoney(d, FavorMoney, res)
		})
	}
	ms.RefuseFamily("sell ", engine.Cond("Sell a favor you hold: sell corp favor, sell political favor, sell society favor or sell street favor"+holdingText(held)))
}

// holdingText words the favors one may sell, for a refusal.
func holdingText(held []string) string {
	if len(held) == 0 {
		return "; you hold none"
	}
	return "; you may " + listOr(held)
}

// botRachel hires a cab when its Time runs low and money is left over
// for its cards, and sells a favor when broke.
func (s *State) botRachel(me int, legal []string) string {
	r := s.Dets[me].Rachel
	if r == nil {
		return ""
	}
	if contains(legal, "hire cab") && s.Time <= 2 && r.Money >= 2 {
		return "hire cab"
	}
	if r.Money == 0 && s.Time >= 3 {
		for _, m := range legal {
			if len(m) > 5 && m[:5] == "sell " {
				return m
			}
		}
	}
	return ""
}

// String words Rachel's hero card for the public view.
func (r *RachelCard) String() string {
	if r.Draws > 0 {
		return fmt.Sprintf("Money %s; %d setup draws left", MoneyText(r.Money), r.Draws)
	}
	return "Money " + MoneyText(r.Money)
}
