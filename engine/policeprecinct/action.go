package policeprecinct

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// actionMoves lists the phase-2 actions (PP-TURN-03): Draw Investigation
// Cards, Conduct an Arrest, Handle an Emergency, Upgrade Character, Draw a
// Police Card. Choosing one ends the Move; only one is taken
// (PP-TURN-02). A Dirty-Cop game adds Accuse for every cop and Reveal for
// a Dirty Cop; an exposed Dirty Cop has other actions (dirtycop.go).
func (s *State) actionMoves(ms *engine.Moves) {
	c := s.cop()
	if s.exposed(c.Seat) {
		s.exposedActionMoves(ms)
		return
	}
	if s.DirtyCop {
		s.accuseMoves(ms)
		s.revealMoves(ms)
	}
	for cat, st := range s.Stacks {
		if st.Done {
			continue
		}
		lot := Lot(st.Lot)
		cond := engine.Require(c.At == lot.Enter, "You must be on the Street Space with the Enter arrow of the %s (%s)", st.Lot, SpaceName(lot.Enter)).
			And(engine.Require(s.emergencyAt(st.Lot) < 0, "An Emergency covers the %s stack", Categories[cat]))
		ms.Add("investigate "+Categories[cat], cond, func(res *engine.Result) { s.prepare("investigate", Categories[cat], res) })
	}
	ms.RefuseFamily("investigate", engine.Cond("That Investigation stack is complete and gone"))
	for n := 1; n <= 6; n++ {
		hood := badHood(n)
		here := s.Murderer == n
		if s.Punks[n-1] == 0 && !here {
			continue
		}
		cond := engine.Require(slices.Contains(hood.Sides[:], c.At), "You must be on a Street Space next to Bad Hood %d (%s or %s)", n, SpaceName(hood.Sides[0]), SpaceName(hood.Sides[1])).
			And(engine.Require(s.Punks[n-1] > 0 || s.evidenceComplete(), "The Murderer cannot be arrested until all Evidence is on the Murder Investigation Board"))
		ms.Add(fmt.Sprintf("arrest %d", n), cond, func(res *engine.Result) { s.prepare("arrest", itoa(n), res) })
	}
	ms.RefuseFamily("arrest", engine.Cond("There is no criminal in that Bad Hood"))
	for _, e := range s.Emergencies {
		ms.Add("handle "+e.Site, engine.Require(slices.Contains(siteSides(e.Site), c.At), "You must be on a Street Space next to the Emergency at %s", e.Site),
			func(res *engine.Result) { s.prepare("handle", e.Site, res) })
	}
	ms.RefuseFamily("handle", engine.Cond("There is no Emergency there"))
	atStation := engine.Require(nextToStation(c.At), "You can upgrade only at the Police Station").
		And(engine.Require(!s.lasting("detainees run amok"), "Detainees run amok at the Police Station: no Upgrades until it is resolved"))
	for i, k := range UpgradeKinds {
		ms.Add("upgrade "+k, atStation.And(s.upgradeCond(c, k, 1)), func(res *engine.Result) { s.upgrade([]string{k}, res) })
		for _, k2 := range UpgradeKinds[i+1:] {
			ms.Add("upgrade "+k+" and "+k2, atStation.And(s.upgradeCond(c, k, 2)).And(s.upgradeCond(c, k2, 2)),
				func(res *engine.Result) { s.upgrade([]string{k, k2}, res) })
		}
	}
	ms.RefuseFamily("upgrade", atStation.And(engine.Cond("One Upgrade action takes at most two different Upgrade tokens, named in the order movement, investigation, emergency, arrest")))
	s.resolveMoves(ms)
	ms.Add("draw police card", engine.Require(!s.lasting("officer down"), "Officer Down: no cop draws Police cards until it is resolved"),
		func(res *engine.Result) { s.drawPoliceCardAction(res) })
	// With Officer Down blocking the one action always open, a cop may
	// take none [ours].
	ms.Add("no action", engine.Require(s.lasting("officer down"), "Drawing a Police card is always possible instead"), func(res *engine.Result) {
		res.Say("%s takes no action.", who(c.Seat))
		s.setStep(StepPolice)
	})
}

// siteSides are the Street Spaces adjacent to an Emergency's site: the
// two bordering a lot, or those touching an intersection.
func siteSides(site string) []int {
	if i, ok := interIndex[site]; ok {
		return interSpaces[i]
	}
	l := Lot(site)
	return l.Sides[:]
}

// hoodsNextTo lists the Bad Hoods (1–6) bordering Street Space sp.
func (s *State) hoodsNextTo(sp int) []int {
	var out []int
	for n := 1; n <= 6; n++ {
		hood := badHood(n)
		if slices.Contains(hood.Sides[:], sp) {
			out = append(out, n)
		}
	}
	return out
}

// emergencyAt is the index of the Emergency at site, or -1.
func (s *State) emergencyAt(site string) int {
	for i, e := range s.Emergencies {
		if e.Site == site {
			return i
		}
	}
	return -1
}

// prepare starts an action that draws or rolls: the cop may now commit
// Donuts, Patrol Officers and Police cards before drawing or rolling.
func (s *State) prepare(action, target string, res *engine.Result) {
	s.T.Action, s.T.Target = action, target
	s.setStep(StepPrepare)
	switch action {
	case "investigate":
		res.Say("%s investigates the %s stack.", who(s.active()), target)
	case "arrest":
		res.Say("%s moves in for arrests in Bad Hood %s.", who(s.active()), target)
	case "handle":
		res.Say("%s handles the Emergency at %s.", who(s.active()), target)
	case "resolve":
		res.Say("%s moves to resolve the %s.", who(s.active()), target)
	}
}

// prepareMoves: commit Donuts (+1 card or die each: PP-INVEST-05,
// PP-EDICE-04, PP-ADICE-04), Patrol Officers for an arrest (PP-ADICE-05)
// and own Police cards (their text), then draw or roll.
func (s *State) prepareMoves(ms *engine.Moves) {
	c := s.cop()
	ms.Add("donut", engine.Require(c.Donuts > 0, "You have no Donut to discard"), func(res *engine.Result) {
		s.spendDonut(c)
		s.T.Donuts++
		res.Say("%s discards a Donut for the %s.", who(c.Seat), s.T.Action)
	})
	if s.T.Action == "arrest" || s.T.Action == "resolve" && Specials[s.T.Target].Rating == "cuffs" {
		var hood LotDef
		if s.T.Action == "arrest" {
			hood = badHood(atoi(s.T.Target))
		} else {
			l := s.Specials[slices.IndexFunc(s.Specials, func(l Lasting) bool { return l.Name == s.T.Target })]
			sides := s.specialSides(l)
			hood.Sides = [2]int{sides[0], sides[len(sides)-1]}
		}
		for _, sp := range hood.Sides {
			name := SpaceName(sp)
			ms.Add("patrol "+name, engine.Require(s.PatrolOn[name] > 0, "No Patrol Officer stands at %s", name), func(res *engine.Result) {
				s.PatrolOn[name]--
				if s.PatrolOn[name] == 0 {
					delete(s.PatrolOn, name)
				}
				s.PatrolStation++
				s.T.Patrol++
				if c.Char().Has(PowerBeatCop) {
					s.T.Patrol++
				}
				res.Say("%s sends the Patrol Officer at %s back to the Police Station for the arrest.", who(c.Seat), name)
			})
		}
	}
	s.cardMoves(ms, TimeRoll)
	ms.Legal(prepareGo(s.T.Action), func(res *engine.Result) {
		if !s.openHelp(res) {
			s.resolveAction(res)
		}
	})
}

// resolveAction draws or rolls for the prepared action, once the help
// window (if any) has closed.
func (s *State) resolveAction(res *engine.Result) {
	s.T.Rolling = false
	switch s.T.Action {
	case "investigate":
		s.investigate(res)
	case "arrest":
		s.arrest(res)
	case "handle":
		s.handleEmergency(res)
	case "resolve":
		s.resolveSpecial(res)
	}
}

func atoi(t string) int {
	n := 0
	for _, r := range t {
		n = n*10 + int(r-'0')
	}
	return n
}

// rollDice rolls n six-sided dice; more than 6 dice are simply more
// results (PP-ARREST-01).
func (s *State) rollDice(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = s.die()
	}
	return out
}

// die rolls one six-sided die from the game's generator; tests may load
// the next results into rigged.
func (s *State) die() int {
	if len(s.rigged) > 0 {
		d := s.rigged[0]
		s.rigged = s.rigged[1:]
		return d
	}
	return s.Rng.Die(6)
}

func diceText(d []int) string {
	parts := make([]string, len(d))
	for i, v := range d {
		parts[i] = itoa(v)
	}
	return strings.Join(parts, " ")
}

// investigationCount is the number of Investigation cards drawn
// (PP-INVEST-01…07): the Magnifying Glass rating, +1 per other vehicle on
// the cop's Street Space, + symbols played by other cops (helping: not
// implemented yet, 0), +1 in an Unmarked car, +1 per Donut, +1 with the
// Investigation Upgrade, + the cop's own cards' texts.
func (s *State) investigationCount(helpers int) int {
	c := s.cop()
	n := c.Char().Glass + s.vehiclesOn(c.At) + helpers + s.T.Donuts + s.T.Bonus
	if !c.Marked {
		n++
	}
	if c.HasUpgrade("investigation") {
		n++
	}
	return n
}

// investigate draws Investigation cards and handles the Evidence
// (PP-EVID-01/02, PP-HANDLE-01…08). In a Dirty-Cop game the cards are
// drawn face down and the cop files them in secret (drawForFiling).
func (s *State) investigate(res *engine.Result) {
	if s.DirtyCop {
		s.drawForFiling(res)
		return
	}
	c := s.cop()
	cat := slices.Index(Categories, s.T.Target)
	st := &s.Stacks[cat]
	n := min(s.investigationCount(s.T.Helped), len(st.Cards))
	drawn := st.Cards[:n:n]
	st.Cards = st.Cards[n:]
	var evidence, rest []int
	for _, id := range drawn {
		if InvestigationCards[id].Evidence {
			evidence = append(evidence, id)
		} else {
			rest = append(rest, id)
		}
	}
	res.Say("%s draws %d Investigation %s from the %s stack: %d Evidence placed on the Murder Investigation Board (%d of %d), %d useless.",
		who(c.Seat), n, plural(n, "card", "cards"), Categories[cat], len(evidence), s.Board[cat]+len(evidence), EvidencePerCategory[cat], len(rest))
	s.handleDrawn(evidence, rest, res)
}

// handleDrawn handles drawn Investigation cards: the evidence goes on the
// Murder Investigation Board, the first useless card of rest leaves the
// game, the other cards of rest go back to the bottom of the stack, which
// is shuffled unless the cop is Thorough (PP-HANDLE-01…08). A completed
// category leaves the game with a Donut; all Evidence before the Murderer
// wins.
func (s *State) handleDrawn(evidence, rest []int, res *engine.Result) {
	c := s.cop()
	cat := slices.Index(Categories, s.T.Target)
	st := &s.Stacks[cat]
	s.Board[cat] += len(evidence)
	var back []int
	removed := false
	for _, id := range rest {
		if !removed && !InvestigationCards[id].Evidence {
			removed = true
			s.InvRemoved = append(s.InvRemoved, id)
			continue
		}
		back = append(back, id)
	}
	if removed {
		res.Say("One useless card is removed from the game.")
	}
	st.Cards = append(st.Cards, back...)
	if c.Char().Has(PowerThorough) {
		res.Say("Thorough: the other cards go to the bottom of the stack, unshuffled.")
	} else {
		engine.ShuffleSlice(&s.Rng, st.Cards)
	}
	if s.Board[cat] == EvidencePerCategory[cat] {
		s.InvRemoved = append(s.InvRemoved, st.Cards...)
		st.Cards = nil
		st.Done = true
		res.Say("The %s Evidence is complete; the rest of that stack leaves the game.", Categories[cat])
		s.gainDonut(c, res, "last Evidence of a category")
	}
	if s.evidenceComplete() && s.Murderer == 0 {
		s.win(res, "All the Evidence is on the Murder Investigation Board before the Murderer appeared.")
		return
	}
	s.setStep(StepPolice)
}

// arrestDice is the number of dice rolled for an arrest (PP-ADICE-01…06).
func (s *State) arrestDice(helpers int) int {
	c := s.cop()
	n := c.Char().Cuffs + s.vehiclesOn(c.At) + helpers + s.T.Donuts + s.T.Patrol + s.T.Bonus
	if c.HasUpgrade("arrest") {
		n++
	}
	if c.Char().Has(PowerStreetSmart) && s.gangIn(s.T.Target) {
		n++
	}
	return n
}

// gangIn reports whether Bad Hood target (its number, as the arrest
// names it) holds a Street Gang card.
func (s *State) gangIn(target string) bool {
	n := atoi(target)
	return n >= 1 && n <= len(s.Gangs) && s.Gangs[n-1]
}

// hunch is Kinney's Hunch (PowerHunch): when every die of his arrest or
// Emergency roll fails by ok, one die is rolled again. It needs no
// choice, so in a Dirty-Cop game it shows nothing of his Loyalty; which
// die is rolled again does not matter, since all of them failed.
func (s *State) hunch(dice []int, ok func(int) bool, res *engine.Result) {
	c := s.cop()
	if !c.Char().Has(PowerHunch) || len(dice) == 0 || slices.ContainsFunc(dice, ok) {
		return
	}
	res.Say("Every die of %s fails (%s); on a hunch one is rolled again (Hunch).", who(c.Seat), diceText(dice))
	dice[0] = s.die()
}

// criminalPopulation of Bad Hood n: its Street Punks, +1 with a Street
// Gang card [ours], +2 with the Murderer there in normal mode
// (PP-CRIMPOP-01/02, PP-MURDER-09).
func (s *State) criminalPopulation(n int) int {
	cp := s.Punks[n-1]
	if s.Gangs[n-1] {
		cp++
	}
	if s.Murderer == n && !s.Manic {
		cp += 2
	}
	return cp
}

// arrestSuccess judges one die: a 6 always succeeds, a 1 always fails,
// otherwise at least the Criminal Population succeeds (PP-ARREST-02…07).
func arrestSuccess(die, cp int) bool {
	if die == 6 {
		return true
	}
	if die == 1 {
		return false
	}
	return die >= cp
}

// arrest conducts an arrest in Bad Hood T.Target (PP-ARREST-*,
// PP-MURDER-*).
func (s *State) arrest(res *engine.Result) {
	c := s.cop()
	n := atoi(s.T.Target)
	cp := s.criminalPopulation(n)
	dice := s.rollDice(s.arrestDice(s.T.Helped))
	s.hunch(dice, func(d int) bool { return arrestSuccess(d, cp) }, res)
	hits, sixes := 0, 0
	for _, d := range dice {
		if arrestSuccess(d, cp) {
			hits++
		}
		if d == 6 {
			sixes++
		}
	}
	res.Say("%s rolls %d %s against a Criminal Population of %d: %s — %d %s.", who(c.Seat), len(dice), plural(len(dice), "die", "dice"), cp, diceText(dice), hits, plural(hits, "success", "successes"))
	punks := s.Punks[n-1]
	murderer := s.Murderer == n
	taken := min(hits, punks)
	caught := false
	if s.Manic {
		// Manic: the Murderer must be the only criminal before the
		// attempt, and only a 6 takes him (PP-MURDER-08/10).
		if murderer && punks == 0 {
			caught = sixes > 0
			hits = sixes
		}
	} else if murderer && hits > punks {
		// Normal: he is the last criminal taken in this attempt
		// (PP-MURDER-02/03), once the Evidence is complete (PP-MURDER-01).
		caught = s.evidenceComplete()
		if !caught {
			res.Say("The Murderer cannot be arrested until all Evidence is on the Murder Investigation Board.")
		}
	}
	if taken > 0 {
		s.removePunks(n, taken, res)
		s.endRiot(n, res)
	}
	s.T.Arrests += taken
	if caught {
		s.T.Arrests++
		s.Murderer = 0
		s.win(res, fmt.Sprintf("%s arrested the Murderer in Bad Hood %d.", who(c.Seat), n))
		return
	}
	if s.T.Arrests >= 3 && !s.T.ArrestPaid {
		s.T.ArrestPaid = true
		s.gainDonut(c, res, "three arrests in one turn")
	}
	if hits == 0 {
		s.hospital(res, true)
		return
	}
	s.setStep(StepPolice)
}

// removePunks sends k Street Punks of Bad Hood n back to the stockpile;
// the Street Gang card leaves with the last Punk (PP-ARREST-08/09,
// PP-GANG-04).
func (s *State) removePunks(n, k int, res *engine.Result) {
	k = min(k, s.Punks[n-1])
	s.Punks[n-1] -= k
	s.Stockpile += k
	res.Say("%d Street %s of Bad Hood %d arrested (%d left there).", k, plural(k, "Punk", "Punks"), n, s.Punks[n-1])
	if s.Punks[n-1] == 0 && s.Gangs[n-1] {
		s.Gangs[n-1] = false
		s.GangSupply++
		res.Say("The Street Gang of Bad Hood %d is broken up.", n)
	}
}

// hospital sends the active cop to the Hospital entrance and skips phase
// 3; after a failed arrest the cop also discards 2 Police cards, unless
// Hartley (PP-ARREST-11…16, PP-EROLL-10).
func (s *State) hospital(res *engine.Result, arrest bool) {
	c := s.cop()
	c.At = hospitalSpace()
	s.T.SkipPolice = true
	res.Say("%s goes to the Hospital and draws no Police card this turn.", who(c.Seat))
	if !arrest || c.Char().Has(PowerTough) {
		if arrest {
			res.Say("%s is tough and keeps every Police card.", who(c.Seat))
		}
		s.setStep(StepPolice)
		return
	}
	if len(c.Hand) <= 2 {
		for _, id := range c.Hand {
			res.Say("%s discards %s.", who(c.Seat), PoliceKind(id).Name)
		}
		s.PoliceDiscard = append(s.PoliceDiscard, c.Hand...)
		c.Hand, c.Fresh = nil, nil
		s.setStep(StepPolice)
		return
	}
	s.setStep(StepHospital)
	s.turnDecision().Data.N = 2
}

// emergencyDice is the number of dice rolled to handle Emergency e
// (PP-EDICE-01…07), before the UC marker's own change.
func (s *State) emergencyDice(e *OnBoard, helpers int) int {
	c := s.cop()
	n := c.Char().Light + helpers + s.T.Donuts + s.T.Bonus
	if _, traffic := interIndex[e.Site]; traffic {
		// Vehicles next to the Traffic Accident being handled
		// (PP-EDICE-02, our ruling).
		n += s.otherVehicles(siteSides(e.Site))
	} else {
		n += s.vehiclesOn(c.At)
	}
	if c.HasUpgrade("emergency") {
		n++
	}
	if c.Char().Has(PowerMedic) && e.Def().Difficulty >= 5 {
		n++
	}
	return n
}

// handleEmergency reveals the UC marker (cards are committed before it,
// PP-EVENT-05), rolls, and takes the bonus or the failure (PP-EROLL-*).
func (s *State) handleEmergency(res *engine.Result) {
	c := s.cop()
	i := s.emergencyAt(s.T.Target)
	e := &s.Emergencies[i]
	def := e.Def()
	ucDice, ucDiff := 0, 0
	if e.HasUC {
		if e.Shown < 0 {
			e.Shown = e.UC
			res.Say("The Unknown Circumstances marker is revealed: %s.", UCMarkers[e.Shown].Name)
		}
		ucDice, ucDiff = UCMarkers[e.Shown].Dice, UCMarkers[e.Shown].Difficulty
	}
	n := max(1, s.emergencyDice(e, s.T.Helped)+ucDice)
	diff := def.Difficulty + ucDiff - s.T.Easier
	dice := s.rollDice(n)
	s.hunch(dice, func(d int) bool { return d >= diff }, res)
	best := slices.Max(dice)
	res.Say("%s rolls %d %s against difficulty %d: %s.", who(c.Seat), n, plural(n, "die", "dice"), diff, diceText(dice))
	if best < diff {
		res.Say("The Emergency at %s is not handled; it stays.", e.Site)
		if def.Difficulty >= 5 {
			s.hospital(res, false)
			return
		}
		s.setStep(StepPolice)
		return
	}
	res.Say("The Emergency at %s is handled.", e.Site)
	if e.HasUC {
		s.reward(UCMarkers[e.Shown].Reward, res)
		s.UCDiscard = append(s.UCDiscard, e.Shown)
	}
	s.reward(def.Reward, res)
	if c.Char().Has(PowerTriage) {
		s.gainDonut(c, res, "Triage")
	}
	if e.Urgent {
		res.Say("The Urgent marker leaves the board.")
	}
	s.EventDiscard = append(s.EventDiscard, e.Card)
	s.Emergencies = slices.Delete(s.Emergencies, i, i+1)
	s.setStep(StepPolice)
}

// reward gives the active cop a bonus from a UC marker or Emergency card.
func (s *State) reward(r Reward, res *engine.Result) {
	c := s.cop()
	switch r {
	case RewardDonut:
		s.gainDonut(c, res, "Emergency bonus")
	case RewardPolice:
		s.drawPolice(c, 1, res)
	case RewardPatrol:
		k := min(2, s.PatrolSupply)
		s.PatrolSupply -= k
		s.PatrolStation += k
		res.Say("Bonus: %d Patrol %s report at the Police Station.", k, plural(k, "Officer", "Officers"))
	case RewardNoEvent:
		s.T.NoEvent = true
		res.Say("Bonus: no Event card is drawn this turn.")
	}
}

// upgradeCond is the condition that the cop may buy Upgrade k as one of
// count tokens this action (PP-UPGRADE-02…06).
func (s *State) upgradeCond(c *Cop, k string, count int) engine.Cond {
	return engine.Require(c.Donuts >= count, "Each Upgrade token costs a Donut; you have %d", c.Donuts).
		And(engine.Require(!c.HasUpgrade(k), "You already have the %s Upgrade", k)).
		And(engine.Require(s.UpgradeSupply[k] > 0, "No %s Upgrade token is left", k))
}

// upgrade buys Upgrade tokens at the Police Station, a Donut each.
func (s *State) upgrade(kinds []string, res *engine.Result) {
	c := s.cop()
	for _, k := range kinds {
		s.spendDonut(c)
		s.UpgradeSupply[k]--
		c.Upgrades = append(c.Upgrades, k)
	}
	res.Say("%s upgrades: %s.", who(c.Seat), strings.Join(kinds, " and "))
	s.setStep(StepPolice)
}

// drawPoliceCardAction is the phase-2 action Draw a Police Card, apart
// from the phase-3 draw (PP-PCACT-01); Dunn draws 2.
func (s *State) drawPoliceCardAction(res *engine.Result) {
	c := s.cop()
	n := 1
	if c.Char().Has(PowerPaperwork) {
		n = 2
	}
	s.drawPolice(c, n, res)
	s.setStep(StepPolice)
}
