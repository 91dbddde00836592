package android

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// The day (AN-ROUND, AN-DAY): each detective in turn order takes a turn of
// TimePerTurn Time, then the End of Day phase advances the calendar, runs
// the day's end-of-day events and hands the first player token to the
// owner of the hero marker on the scene of the crime.

// startTurn gives the next detective in the day's order the time sheet
// with the marker on 6 (AN-ROUND-03).
func (s *State) startTurn(res *engine.Result) {
	s.Time = TimePerTurn
	seat := s.active()
	s.Pending.Push(s.seatDecision(StepTurn, seat, "end turn", Detail{}))
	res.Say("%s's turn (%s at %s), %d Time.", who(seat), s.Dets[seat].Def().Name, Locations[s.Dets[seat].At].Name, s.Time)
	// A special rule of the plot card in play (AN-RESOLVE-07).
	if r, ok := s.activeRule(seat, RuleTurnTime); ok {
		s.Time += r.N
		res.Say("%s's plot card gives %d more Time (%d).", who(seat), r.N, s.Time)
	}
	s.louisTurnTime(seat, res)
	s.rachelTurnTime(seat, res)
}

// endTurn ends the active detective's turn; Time not spent is lost
// [ours, the rules do not keep it].
func (s *State) endTurn(res *engine.Result) {
	s.Pending.Remove(func(d *Decision) bool { return d.Kind == StepTurn })
	s.Time = 0
	s.Cur++
}

// endOfDay is the End of Day phase (AN-DAY-01…05, AN-CLOSE-01).
func (s *State) endOfDay(res *engine.Result) {
	finished := s.Day
	week, day := s.weekDay()
	res.EndPhase(fmt.Sprintf("week %d day %d", week, day))
	// AN-DAY-01/02: the day marker advances, then the finished day's
	// end-of-day events.
	s.Day++
	switch day {
	case 2, 4, 5:
		// AN-EVENT-01: a general event (events.go).
		s.generalEvent(week, day, res)
	case 3, 6:
		// AN-RESOLVE-01: plots resolve (plots.go).
		s.resolvePlots(week, day, res)
	}
	// AN-DAY-04: the owner of the hero marker on the scene of the crime
	// becomes the first player.
	if s.SceneHero != s.First {
		res.Say("%s's hero marker is on the scene of the crime: %s is the first player.", who(s.SceneHero), who(s.SceneHero))
	}
	s.First = s.SceneHero
	for i := range s.Dets {
		s.Dets[i].Used = nil
	}
	// AN-CLOSE-01: the case closes after the last day.
	if finished >= Days {
		s.closeCase(res)
		return
	}
	if finished == DaysPerWeek {
		s.startWeekTwo(res)
	}
	s.dayOrder()
	w, d := s.weekDay()
	if s.climax() {
		res.Say("Week %d, day %d: the climax — leads followed up now leave the game.", w, d)
	} else {
		res.Say("Week %d, day %d begins.", w, d)
	}
}

// startWeekTwo is the start of day 1 of week 2: Lily and Jimmy go to their
// week-two locations [ours: the rules list them but not when they move],
// the specific event is revealed (events.go), and each detective whose
// plot lasts one week takes a new one [study §1B.2: drawn from the unused
// plots], whose start card comes into play (plots.go).
func (s *State) startWeekTwo(res *engine.Result) {
	m := Murders[s.Murder]
	s.Lily = mustLoc(m.Lily[1])
	s.Jimmy = mustLoc(m.Jimmy[1])
	res.Say("Week 2: Lily Lockwell moves to %s, Jimmy the Snitch to %s.", Locations[s.Lily].Name, Locations[s.Jimmy].Name)
	// AN-EVENT-03: the specific event (events.go).
	s.specificEvent(res)
	for i := range s.Dets {
		d := &s.Dets[i]
		if len(d.Def().Plots) < 3 || s.descentGoesOn(i) {
			// Raymond's plots last both weeks (AN-SETUP-31); Caprice's
			// Descent into Madness runs on to its ending [ours].
			continue
		}
		used := []string{d.Plot}
		if d.Sanity != nil && d.Sanity.Replaced != "" {
			// Descent into Madness ended in week one: the plot it
			// replaced was in play this week too.
			used = append(used, d.Sanity.Replaced)
		}
		d.Plot = s.drawPlot(d, used)
		res.Say("%s's plot for week 2: %s.", who(d.Seat), d.Plot)
	}
	s.storyWeekTwo()
}

// ---------------------------------------------------------------------------
// The turn's actions

// turnMoves lists the active detective's actions (AN-ROUND-06/07).
func (s *State) turnMoves(ms *engine.Moves) {
	seat := s.active()
	d := s.det()
	s.moveMoves(d, ms)
	s.followMoves(d, ms)
	s.drawMoves(d, ms)
	s.jumpMoves(d, ms)
	s.abilityMoves(d, ms)
	s.lightCardMoves(d, "window", ms)
	s.memoryMoves(d, ms)
	s.eventMoves(d, ms)
	s.louisMoves(d, ms)
	s.rachelMoves(d, ms)
	ms.Legal("end turn", func(res *engine.Result) {
		res.Say("%s ends the turn.", who(seat))
		s.endTurn(res)
	})
}

// spend takes n Time from the time sheet.
func (s *State) spend(n int) { s.Time -= n }

// timeFor is the condition that the turn has n Time left.
func (s *State) timeFor(n int) engine.Cond {
	return engine.Require(s.Time >= n, "That costs %d Time and you have %d left", n, s.Time)
}

// ---------------------------------------------------------------------------
// Draw or discard (AN-DRAW)

// handFull reports whether d holds its hand limit or more.
func (d *Det) handFull() bool { return len(d.Hand) >= d.Def().HandLimit }

// drawMoves: draw a light card from one's own deck or a dark card from
// another player's deck, below the hand limit; discard a card to the
// bottom of its deck. Each costs 1 Time.
func (s *State) drawMoves(d *Det, ms *engine.Moves) {
	seat := d.Seat
	full := engine.Require(!d.handFull(), "You hold %d twilight cards: you may draw only below your hand limit of %d", len(d.Hand), d.Def().HandLimit)
	ms.Add("draw light", s.timeFor(1).And(full).And(engine.Require(d.Light.Len() > 0, "Your light deck is empty")), func(res *engine.Result) {
		s.spend(1)
		s.drawLight(seat)
		res.Say("%s draws a light card (1 Time).", who(seat))
	})
	for o := range s.Dets {
		if o == seat {
			continue
		}
		from := o
		ms.Add("draw dark from "+s.Dets[o].Def().Slug, s.timeFor(1).And(full).And(engine.Require(s.Dets[o].Dark.Len() > 0, "That dark deck is empty")), func(res *engine.Result) {
			s.spend(1)
			s.drawDark(seat, from)
			res.Say("%s draws a dark card from %s's deck (1 Time).", who(seat), s.Dets[from].Def().Name)
		})
	}
	ms.RefuseFamily("draw dark from "+d.Def().Slug, "You never draw from your own dark deck: draw dark cards from another player's deck")
	ms.RefuseFamily("discard ", "You hold no such card: name one of your cards, as listed")
	for i, c := range d.Hand {
		i, c := i, c
		ms.Add("discard "+c.Card, s.timeFor(1), func(res *engine.Result) {
			s.spend(1)
			s.discard(seat, i)
			res.Say("%s discards a card from the %s deck to the bottom of its deck, face up (1 Time).", who(seat), c.Deck)
		})
	}
}

// take draws the top face-down card of deck: when no face-down card is
// left, the face-up discards are shuffled into a new face-down deck first
// (AN-DRAW-07, and the FAQ's "shuffle, then draw" for a face-up top card).
func (s *State) take(deck *Deck) string {
	if len(deck.Down) == 0 {
		s.reshuffle(deck)
	}
	c := deck.Down[0]
	deck.Down = deck.Down[1:]
	if len(deck.Down) == 0 {
		s.reshuffle(deck)
	}
	return c
}

func (s *State) reshuffle(deck *Deck) {
	deck.Down = append(deck.Down, deck.Up...)
	deck.Up = nil
	engine.ShuffleSlice(&s.Rng, deck.Down)
}

// drawLight puts a card of seat's light deck in its hand.
func (s *State) drawLight(seat int) {
	d := &s.Dets[seat]
	d.Hand = append(d.Hand, HandCard{Deck: d.Def().Slug + " light", Card: s.take(&d.Light)})
}

// drawDark puts a card of from's dark deck in seat's hand.
func (s *State) drawDark(seat, from int) {
	d := &s.Dets[seat]
	d.Hand = append(d.Hand, HandCard{Deck: s.Dets[from].Def().Slug + " dark", Card: s.take(&s.Dets[from].Dark)})
}

// discard puts seat's i-th card face up at the bottom of its deck.
func (s *State) discard(seat, i int) {
	d := &s.Dets[seat]
	c := d.Hand[i]
	d.Hand = slices.Delete(d.Hand, i, i+1)
	deck := s.deckOf(c)
	deck.Up = append(deck.Up, c.Card)
}

// deckOf is the deck a hand card came from.
func (s *State) deckOf(c HandCard) *Deck {
	for i := range s.Dets {
		d := &s.Dets[i]
		switch c.Deck {
		case d.Def().Slug + " light":
			return &d.Light
		case d.Def().Slug + " dark":
			return &d.Dark
		}
	}
	panic("android: card of no deck in play: " + c.Deck)
}

// freeDrawMoves: the free card of a ritzy (light) or seedy (dark)
// location, or none (AN-MOVE-08/09).
func (s *State) freeDrawMoves(top *Decision, ms *engine.Moves) {
	seat := s.active()
	done := func() { s.Pending.Pop() }
	if top.Data.Draw == "light" {
		d := s.det()
		ms.Add("free light", engine.Require(d.Light.Len() > 0, "Your light deck is empty"), func(res *engine.Result) {
			done()
			s.drawLight(seat)
			res.Say("%s takes a free light card.", who(seat))
		})
	} else {
		for o := range s.Dets {
			if o == seat {
				continue
			}
			from := o
			ms.Add("free dark from "+s.Dets[o].Def().Slug, engine.Require(s.Dets[o].Dark.Len() > 0, "That dark deck is empty"), func(res *engine.Result) {
				done()
				s.drawDark(seat, from)
				res.Say("%s takes a free dark card from %s's deck.", who(seat), s.Dets[from].Def().Name)
			})
		}
	}
	ms.Legal("no free draw", func(res *engine.Result) { done() })
}

// ---------------------------------------------------------------------------
// Get a Jump on the Case (AN-JUMP)

func (s *State) jumpMoves(d *Det, ms *engine.Moves) {
	seat := d.Seat
	cond := s.timeFor(1).
		And(engine.Require(d.At == s.Scene, "You must be at the scene of the crime (%s)", Locations[s.Scene].Name)).
		And(engine.Require(s.SceneHero != seat, "Your own hero marker already lies on the scene of the crime")).
		And(engine.Require(d.Heroes > 0, "You have no hero marker left"))
	ms.Add("get a jump", cond, func(res *engine.Result) {
		s.spend(1)
		s.Dets[s.SceneHero].Heroes++
		res.Say("%s gets a jump on the case: %s's hero marker on the scene of the crime is replaced by %s's (1 Time).", who(seat), who(s.SceneHero), who(seat))
		s.SceneHero = seat
		s.Dets[seat].Heroes--
	})
}

// ---------------------------------------------------------------------------
// Location abilities (AN-ABIL), with their effects on favors, alibis, hits,
// trauma, dropship passes, warrants and corporate tokens [abilities ours].

func (s *State) abilityMoves(d *Det, ms *engine.Moves) {
	seat := d.Seat
	l := Locations[d.At]
	here := l.Name + " has no ability you can use"
	if l.Major() {
		here = "use " + l.Slug
	}
	ms.RefuseFamily("use ", engine.Cond(fmt.Sprintf("You may use only the ability of the major location you stand in (%s)", here)))
	if !l.Major() {
		return
	}
	at := d.At
	lt := s.abilityTime(seat, l)
	cost := s.timeFor(lt).And(engine.Require(!slices.Contains(d.Used, at), "You have already used %s's ability this round", l.Name))
	if l.CostFavor != "" {
		cost = cost.And(engine.Require(s.hasFavor(seat, l.CostFavor), "%s's ability costs 1 %s favor and you have none", l.Name, l.CostFavor))
	}
	pay := func(res *engine.Result) {
		s.spend(lt)
		s.Dets[seat].Used = append(s.Dets[seat].Used, at)
		if l.CostFavor != "" {
			// A normal favor, or an NPC favor showing the type (npc.go).
			if spent := s.payFavor(seat, l.CostFavor); spent != "1 "+l.CostFavor+" favor" {
				res.Say("%s pays the favor with %s.", who(seat), spent)
			}
		}
		s.Pending.Push(s.darkWindow(Occasion{Kind: OnAbility})...)
	}
	paid := fmt.Sprintf("%d Time", lt)
	if l.CostFavor != "" {
		paid += " and 1 " + l.CostFavor + " favor"
	}
	use := "use " + l.Slug
	ms.RefuseFamily(use+" ", "Name a target as listed: a live suspect in play, or a restricted location")
	switch l.Ability {
	case AbilityFavor:
		f := l.FavorOf
		ms.Add(use, cost.And(engine.Require(s.Supply.Favors[f] > 0, "No %s favor is left in the supply", f)), func(res *engine.Result) {
			pay(res)
			s.Supply.Favors[f]--
			s.Dets[seat].Favors[f]++
			res.Say("%s gains a %s favor at %s (%s).", who(seat), f, l.Name, paid)
		})
	case AbilityAlibi, AbilityHit:
		for i := range s.Suspects {
			i := i
			sus := &s.Suspects[i]
			c := cost.And(engine.Require(!sus.Dead, "%s is dead", sus.Def().Name))
			if l.Ability == AbilityAlibi {
				c = c.And(engine.Require(s.Supply.Alibis > 0, "No alibi token is left"))
			} else {
				c = c.And(engine.Require(s.Supply.Hits > 0, "No hit token is left"))
			}
			ms.Add(use+" on "+sus.Def().Slug, c, func(res *engine.Result) {
				pay(res)
				if l.Ability == AbilityAlibi {
					s.placeAlibi(i, seat, res)
				} else {
					s.placeHit(i, seat, res)
				}
			})
		}
	case AbilityTrauma:
		ms.Add(use, cost.And(engine.Require(d.Trauma > 0, "You have no trauma counter to give back")), func(res *engine.Result) {
			pay(res)
			s.Dets[seat].Trauma--
			s.Supply.Trauma++
			res.Say("%s gives back a trauma counter at %s (%s).", who(seat), l.Name, paid)
		})
	case AbilityDropship:
		ms.Add(use, cost.And(engine.Require(s.Supply.Dropships > 0, "No dropship pass is left")), func(res *engine.Result) {
			pay(res)
			s.Supply.Dropships--
			s.Dets[seat].Dropships++
			res.Say("%s gains a dropship pass at %s (%s).", who(seat), l.Name, paid)
		})
	case AbilityHaas:
		ms.Add(use, cost.And(engine.Require(s.Supply.Haas > 0, "No Haas token is left")), func(res *engine.Result) {
			pay(res)
			s.Supply.Haas--
			s.Dets[seat].Haas++
			res.Say("%s gains a Haas token (%s).", who(seat), paid)
		})
	case AbilityJinteki:
		ms.Add(use, cost.And(engine.Require(s.Supply.Jinteki > 0, "No Jinteki token is left")), func(res *engine.Result) {
			pay(res)
			s.Supply.Jinteki--
			s.Dets[seat].Jinteki++
			res.Say("%s gains a Jinteki token (%s).", who(seat), paid)
		})
	case AbilityWarrant:
		s.warrantMoves(d, use, cost, pay, paid, ms)
	case AbilityBaggage:
		s.castleClubMoves(d, use, cost, pay, ms)
	}
}

// warrantMoves: place a warrant on a restricted location, or, with both
// warrants in play, move one of them (AN-WARRANT-03/04).
func (s *State) warrantMoves(d *Det, use string, cost engine.Cond, pay func(*engine.Result), paid string, ms *engine.Moves) {
	seat := d.Seat
	for id, l := range Locations {
		if !l.Restricted {
			continue
		}
		to := id
		c := cost.And(engine.Require(!d.hasWarrant(to), "You already have a warrant on %s", l.Name))
		if len(d.Warrants) < Warrants {
			ms.Add(use+" warrant "+l.Slug, c, func(res *engine.Result) {
				pay(res)
				s.Dets[seat].Warrants = append(s.Dets[seat].Warrants, to)
				res.Say("%s places a warrant on %s (%s).", who(seat), Locations[to].Name, paid)
			})
			continue
		}
		ms.RefuseFamily(use+" warrant "+l.Slug, c.And(engine.Require(false, "Both your warrants are in play: move one with “%s warrant %s from …”", use, l.Slug)))
		for wi, from := range d.Warrants {
			wi, from := wi, from
			ms.Add(use+" warrant "+l.Slug+" from "+Locations[from].Slug, c, func(res *engine.Result) {
				pay(res)
				s.Dets[seat].Warrants[wi] = to
				res.Say("%s moves a warrant from %s to %s (%s).", who(seat), Locations[from].Name, Locations[to].Name, paid)
			})
		}
	}
}

// abilityTime is the Time location l's ability costs seat: its printed
// Time, less what a special rule of seat's plot card in play takes off
// (AN-RESOLVE-07), never below 0.
func (s *State) abilityTime(seat int, l Location) int {
	if r, ok := s.activeRule(seat, RuleCheapAbility); ok && string(l.Type) == r.Type {
		return max(l.Time-r.N, 0)
	}
	return l.Time
}
