package policeprecinct

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// eventPhase is phase 4: draw 1 Event card (PP-EVENT-01), unless an
// Emergency's reward cancelled it (PP-EVENT-02). Drawing the last card
// advances the Crime marker and reshuffles (PP-EVENT-03/04). Kinney may
// then cancel his card (PP-SPECIAL-03).
func (s *State) eventPhase(res *engine.Result) {
	c := s.cop()
	if s.T.NoEvent {
		res.Say("No Event card is drawn this turn (Emergency bonus).")
		s.setStep(StepEnd)
		return
	}
	s.lastingEffects(res)
	if s.Over {
		return
	}
	card := s.drawEvent(res)
	if s.Over {
		return
	}
	if c.Char().Has(PowerCommitted) && c.Donuts > 0 {
		s.T.Event = card
		s.setStep(StepKinney)
		return
	}
	s.resolveEvent(card, res)
	if s.Stopped == "" {
		s.setStep(StepEnd)
	}
}

// drawEvent takes the top Event card; after the last card the Crime
// marker advances and the discards are reshuffled into a new deck.
func (s *State) drawEvent(res *engine.Result) int {
	if len(s.EventDeck) == 0 {
		s.reshuffleEvents(res)
	}
	card := s.EventDeck[0]
	s.EventDeck = s.EventDeck[1:]
	res.Say("Event: %s.", EventDeck[card].Name)
	if len(s.EventDeck) == 0 {
		s.crimeTrack(res, "the last Event card was drawn")
		s.reshuffleEvents(res)
	}
	return card
}

func (s *State) reshuffleEvents(res *engine.Result) {
	s.EventDeck, s.EventDiscard = s.EventDiscard, nil
	engine.ShuffleSlice(&s.Rng, s.EventDeck)
	res.Say("The Event deck is reshuffled (%d cards).", len(s.EventDeck))
}

// kinneyMoves: Committed — pay 1 Donut to cancel the Event card drawn on
// his own turn; it then counts as no Event drawn (PP-SPECIAL-03 [P2]).
func (s *State) kinneyMoves(ms *engine.Moves) {
	c := s.cop()
	ms.Add("cancel event", engine.Require(c.Donuts > 0, "Cancelling costs a Donut"), func(res *engine.Result) {
		s.spendDonut(c)
		s.EventDiscard = append(s.EventDiscard, s.T.Event)
		res.Say("%s pays a Donut and cancels %s (Committed).", who(c.Seat), EventDeck[s.T.Event].Name)
		s.T.Event = -1
		s.setStep(StepEnd)
	})
	ms.Legal("let it happen", func(res *engine.Result) {
		card := s.T.Event
		s.T.Event = -1
		s.resolveEvent(card, res)
		if s.Stopped == "" && !s.Over {
			s.setStep(StepEnd)
		}
	})
}

// resolveEvent carries out one Event card.
func (s *State) resolveEvent(card int, res *engine.Result) {
	def := EventDeck[card]
	switch def.Kind {
	case EvEmergency:
		s.placeEmergency(card, res)
	case EvSpecial:
		s.specialEvent(card, res)
	case EvPunks:
		s.addPunks(def.Punks, res)
		s.EventDiscard = append(s.EventDiscard, card)
	case EvQuiet:
		res.Say("A quiet night.")
		s.EventDiscard = append(s.EventDiscard, card)
	}
}

// handleEmergencySite picks the site of a new Emergency: the printed lot,
// or a die roll among the card's kind of site, re-rolled while the rolled
// site already holds an Emergency (PP-EMERG-01/03). ok is false when all
// six sites of that kind are taken [ours].
func (s *State) emergencySite(def EventCard, res *engine.Result) (site string, ok bool) {
	roll := func(d int) string {
		switch def.Site {
		case "roll apartment":
			return fmt.Sprintf("apartment %d", d)
		case "roll warehouse":
			return fmt.Sprintf("warehouse %d", d)
		case "roll traffic":
			return TrafficSpots[d-1]
		}
		return def.Site
	}
	if roll(1) == roll(2) {
		return def.Site, s.emergencyAt(def.Site) < 0
	}
	free := 0
	for d := 1; d <= 6; d++ {
		if s.emergencyAt(roll(d)) < 0 {
			free++
		}
	}
	if free == 0 {
		return "", false
	}
	for {
		d := s.die()
		if s.emergencyAt(roll(d)) < 0 {
			return roll(d), true
		}
		res.Say("Rolled %d: %s already has an Emergency; rolling again.", d, roll(d))
	}
}

// placeEmergency puts an Emergency card on the map with its UC marker and
// settles the Urgent marker (PP-EMERG-01…12).
func (s *State) placeEmergency(card int, res *engine.Result) {
	def := EventDeck[card]
	site, ok := s.emergencySite(def, res)
	if !ok {
		// Every site of its kind is taken [ours]: the Emergency goes
		// unanswered.
		res.Say("Every site for the %s %s already has an Emergency: it goes unanswered.", def.Colour, def.Name)
		s.EventDiscard = append(s.EventDiscard, card)
		s.crimeTrack(res, "an Emergency with nowhere to go")
		return
	}
	e := OnBoard{Card: card, Site: site, Seq: s.NextSeq, Shown: -1, UC: -1}
	s.NextSeq++
	if def.UCSlot {
		if len(s.UCPool) == 0 && len(s.UCDiscard) > 0 {
			s.UCPool, s.UCDiscard = s.UCDiscard, nil
			engine.ShuffleSlice(&s.Rng, s.UCPool)
		}
		if len(s.UCPool) > 0 {
			e.HasUC, e.UC = true, s.UCPool[0]
			s.UCPool = s.UCPool[1:]
		}
	}
	res.Say("Emergency: %s %s (difficulty %d) at %s%s.", def.Colour, def.Name, def.Difficulty, site, map[bool]string{true: ", with an Unknown Circumstances marker", false: ""}[e.HasUC])
	for cat, st := range s.Stacks {
		if st.Lot == site && !st.Done {
			res.Say("It covers the %s Investigation stack.", Categories[cat])
		}
	}
	s.urgent(e, res)
}

// urgent adds Emergency e to the board and moves the one Urgent marker
// (PP-EMERG-05…12): with the marker off the board, a colour match puts it
// on the earlier Emergency of that colour; with it on one of two
// same-coloured Emergencies, a colour match fails the Urgent one (it goes
// to the Event discard with its UC marker, the Crime marker advances) and
// the marker moves to the oldest Emergency of the new card's colour (the
// new card itself when it is the only one — our ruling on PP-EMERG-10).
func (s *State) urgent(e OnBoard, res *engine.Result) {
	colour := e.Def().Colour
	urgentAt := slices.IndexFunc(s.Emergencies, func(o OnBoard) bool { return o.Urgent })
	matches := s.countColour(colour) > 0
	pair := urgentAt >= 0 && s.countColour(s.Emergencies[urgentAt].Def().Colour) >= 2
	s.Emergencies = append(s.Emergencies, e)
	switch {
	case !matches:
		// PP-EMERG-12: no colour match, no change.
	case urgentAt < 0:
		i := s.oldestOf(colour)
		s.Emergencies[i].Urgent = true
		res.Say("Same colour as another Emergency: the Urgent marker goes on the %s at %s.", s.Emergencies[i].Def().Name, s.Emergencies[i].Site)
	case pair:
		u := s.Emergencies[urgentAt]
		s.Emergencies = slices.Delete(s.Emergencies, urgentAt, urgentAt+1)
		s.EventDiscard = append(s.EventDiscard, u.Card)
		if u.HasUC {
			s.UCDiscard = append(s.UCDiscard, u.UC)
		}
		res.Say("The Urgent Emergency at %s (%s %s) fails and is discarded.", u.Site, u.Def().Colour, u.Def().Name)
		i := s.oldestOf(colour)
		s.Emergencies[i].Urgent = true
		res.Say("The Urgent marker moves to the %s at %s.", s.Emergencies[i].Def().Name, s.Emergencies[i].Site)
		s.crimeTrack(res, "a failed Emergency")
	}
}

// countColour counts the Emergencies of a colour on the board.
func (s *State) countColour(colour string) int {
	n := 0
	for _, o := range s.Emergencies {
		if o.Def().Colour == colour {
			n++
		}
	}
	return n
}

// oldestOf is the index of the earliest-placed Emergency of a colour.
func (s *State) oldestOf(colour string) int {
	best := -1
	for i, o := range s.Emergencies {
		if o.Def().Colour == colour && (best < 0 || o.Seq < s.Emergencies[best].Seq) {
			best = i
		}
	}
	return best
}

// addPunks rolls one die per Street Punk and adds each to the Bad Hood
// rolled; with too few in the stockpile none is placed and the Crime
// marker advances (PP-PUNK-01…04). Then Street Gangs (PP-GANG-01…03).
func (s *State) addPunks(k int, res *engine.Result) {
	if s.Stockpile < k {
		res.Say("Only %d Street %s left in the stockpile, %d needed: none is placed.", s.Stockpile, plural(s.Stockpile, "Punk", "Punks"), k)
		s.crimeTrack(res, "not enough Street Punks")
		return
	}
	rolls := s.rollDice(k)
	var got []int
	for _, d := range rolls {
		s.Punks[d-1]++
		s.Stockpile--
		if !slices.Contains(got, d) {
			got = append(got, d)
		}
	}
	res.Say("Street Punks rolled %s: now %v in Bad Hoods 1–6 (%d in the stockpile).", diceText(rolls), s.Punks, s.Stockpile)
	slices.Sort(got)
	for _, n := range got {
		s.streetGang(n, res)
	}
}

// streetGang adds a Street Gang card to Bad Hood n when it holds 4 or more
// Punks and has none; with all 4 cards in play the Crime marker advances
// instead (PP-GANG-01…03). One card per Bad Hood [ours].
func (s *State) streetGang(n int, res *engine.Result) {
	if s.Punks[n-1] < 4 || s.Gangs[n-1] {
		return
	}
	if s.GangSupply == 0 {
		res.Say("Bad Hood %d needs a Street Gang card but all %d are in play.", n, GangCards)
		s.crimeTrack(res, "a fifth Street Gang needed")
		return
	}
	s.GangSupply--
	s.Gangs[n-1] = true
	res.Say("A Street Gang takes over Bad Hood %d.", n)
}
