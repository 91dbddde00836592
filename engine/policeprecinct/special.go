package policeprecinct

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// The seven lasting Special Events (PP-SPECIAL-02) stay on the board
// until resolved. The rules name them only; what each does is ours
// (CONTENT.md), built from what [P2] tells of Gas Leak (a roll each turn)
// and Car Theft (the stolen car moves each turn).

// SpecialDef is the design of one lasting Special Event.
type SpecialDef struct {
	Name string `json:"name"`
	// Site: a lot, "roll apartment", "roll traffic", "roll space",
	// "riot" (the Bad Hood with most Punks).
	Site string `json:"site"`
	// Rating is the rating (light or cuffs) rolled to resolve it, against
	// Difficulty; "" when it is resolved otherwise (Street Riot).
	Rating     string `json:"rating,omitempty"`
	Difficulty int    `json:"difficulty,omitempty"`
	Text       string `json:"text"`
}

// Specials are the lasting Special Events [ours].
var Specials = map[string]SpecialDef{
	"street riot":        {"street riot", "riot", "", 0, "In the Bad Hood with most Punks: 1 more Punk there at every Event phase, until a cop makes an arrest there."},
	"detainees run amok": {"detainees run amok", PoliceStation, "cuffs", 4, "No Upgrades and no car switching at the Police Station until resolved (arrest dice, 4+, next to the Station)."},
	"jail break":         {"jail break", PoliceStation, "cuffs", 4, "2 Street Punks escape at once, 1 more at every Event phase, until resolved (arrest dice, 4+, next to the Station)."},
	"gas leak":           {"gas leak", "roll apartment", "light", 4, "At every Event phase roll a die: on a 1 the Crime marker advances; resolved with Emergency dice, 4+, next to the building."},
	"officer down":       {"officer down", "roll traffic", "light", 3, "Blocks its intersection, and no cop draws Police cards, until resolved (Emergency dice, 3+, next to it)."},
	"escort van":         {"escort van", PoliceStation, "cuffs", 3, "At every Event phase roll a die: on 1–2 a prisoner escapes as a Street Punk; resolved with arrest dice, 3+, next to the Station."},
	"car theft":          {"car theft", "roll space", "cuffs", 4, "The stolen car drives a die's worth of spaces at every Event phase, crashing on a 1 (Crime +1, then it is gone); caught with arrest dice, 4+, on its space."},
}

// Lasting is a Special Event on the board.
type Lasting struct {
	Card int    `json:"card"`
	Name string `json:"name"`
	// Site is a lot, an intersection, a Bad Hood ("bad hood 3") or a
	// Street Space (the stolen car).
	Site string `json:"site"`
}

// lasting reports whether the Special Event name is on the board.
func (s *State) lasting(name string) bool {
	return slices.ContainsFunc(s.Specials, func(l Lasting) bool { return l.Name == name })
}

// specialEvent puts a Special Event on the board and applies its
// immediate part (PP-SPECIAL-01/02).
func (s *State) specialEvent(card int, res *engine.Result) {
	def := Specials[EventDeck[card].Name]
	l := Lasting{Card: card, Name: def.Name, Site: def.Site}
	switch def.Site {
	case "riot":
		best := 1
		for n := 2; n <= 6; n++ {
			if s.Punks[n-1] > s.Punks[best-1] {
				best = n
			}
		}
		l.Site = fmt.Sprintf("bad hood %d", best)
	case "roll apartment":
		l.Site = fmt.Sprintf("apartment %d", s.die())
	case "roll traffic":
		l.Site = TrafficSpots[s.die()-1]
	case "roll space":
		l.Site = SpaceName(Lot(fmt.Sprintf("apartment %d", s.die())).Enter)
	}
	res.Say("Special Event: %s at %s. %s", def.Name, l.Site, def.Text)
	s.Specials = append(s.Specials, l)
	if def.Name == "jail break" {
		s.addPunks(2, res)
	}
}

// lastingEffects applies each lasting Special Event's effect at the start
// of phase 4.
func (s *State) lastingEffects(res *engine.Result) {
	for i := 0; i < len(s.Specials) && !s.Over; i++ {
		l := &s.Specials[i]
		switch l.Name {
		case "street riot":
			n := atoi(l.Site[len("bad hood "):])
			s.addPunkTo(n, res, "the Street Riot")
		case "jail break":
			s.addPunks(1, res)
		case "gas leak":
			if d := s.die(); d == 1 {
				res.Say("The Gas Leak at %s flares up (rolled 1).", l.Site)
				s.crimeTrack(res, "the Gas Leak")
			}
		case "escort van":
			if d := s.die(); d <= 2 {
				res.Say("A prisoner slips out of the Escort Van (rolled %d).", d)
				s.addPunks(1, res)
			}
		case "car theft":
			d := s.die()
			if d == 1 {
				res.Say("The stolen car crashes (rolled 1).")
				s.EventDiscard = append(s.EventDiscard, l.Card)
				s.Specials = slices.Delete(s.Specials, i, i+1)
				i--
				s.crimeTrack(res, "the stolen car crashed")
				continue
			}
			sp, _ := SpaceByName(l.Site)
			for k := 0; k < d; k++ {
				sp = s.randomStep(sp)
			}
			l.Site = SpaceName(sp)
			res.Say("The stolen car drives to %s.", l.Site)
		}
	}
}

// randomStep is a random Street Space next to sp, along its street or
// across an unblocked intersection.
func (s *State) randomStep(sp int) int {
	dist := s.distances(sp)
	var next []int
	for v := 0; v < NumSpaces; v++ {
		if dist[v] == 1 {
			next = append(next, v)
		}
	}
	if len(next) == 0 {
		return sp
	}
	return next[s.Rng.Intn(len(next))]
}

// addPunkTo adds one Street Punk to Bad Hood n, or advances the Crime
// marker when the stockpile is empty (as PP-PUNK-02/03).
func (s *State) addPunkTo(n int, res *engine.Result, why string) {
	if s.Stockpile == 0 {
		res.Say("No Street Punk is left in the stockpile for %s.", why)
		s.crimeTrack(res, "not enough Street Punks")
		return
	}
	s.Stockpile--
	s.Punks[n-1]++
	res.Say("%s: a Street Punk joins Bad Hood %d (%d there).", why, n, s.Punks[n-1])
	s.streetGang(n, res)
}

// specialSides are the Street Spaces from which a Special Event can be
// resolved: next to its lot or intersection, or on the stolen car's space.
func (s *State) specialSides(l Lasting) []int {
	if sp, ok := SpaceByName(l.Site); ok {
		return []int{sp}
	}
	return siteSides(l.Site)
}

// resolveMoves lists "resolve <special>" for the lasting Special Events a
// roll resolves.
func (s *State) resolveMoves(ms *engine.Moves) {
	c := s.cop()
	for _, l := range s.Specials {
		def := Specials[l.Name]
		if def.Rating == "" {
			continue
		}
		ms.Add("resolve "+l.Name, engine.Require(slices.Contains(s.specialSides(l), c.At), "You must be next to the %s at %s", l.Name, l.Site),
			func(res *engine.Result) { s.prepare("resolve", l.Name, res) })
	}
	ms.RefuseFamily("resolve", engine.Cond("No such Special Event is on the board, or a roll does not resolve it"))
}

// resolveSpecial rolls the Special Event's rating against its difficulty.
func (s *State) resolveSpecial(res *engine.Result) {
	c := s.cop()
	i := slices.IndexFunc(s.Specials, func(l Lasting) bool { return l.Name == s.T.Target })
	l := s.Specials[i]
	def := Specials[l.Name]
	n := s.T.Donuts + s.T.Bonus + s.vehiclesOn(c.At) + s.T.Helped
	if def.Rating == "cuffs" {
		n += c.Char().Cuffs + s.T.Patrol
		if c.HasUpgrade("arrest") {
			n++
		}
	} else {
		n += c.Char().Light
		if c.HasUpgrade("emergency") {
			n++
		}
	}
	diff := def.Difficulty - s.T.Easier
	dice := s.rollDice(max(1, n))
	res.Say("%s rolls %d %s against difficulty %d: %s.", who(c.Seat), len(dice), plural(len(dice), "die", "dice"), diff, diceText(dice))
	if slices.Max(dice) >= diff {
		res.Say("The %s is resolved.", l.Name)
		s.EventDiscard = append(s.EventDiscard, l.Card)
		s.Specials = slices.Delete(s.Specials, i, i+1)
	} else {
		res.Say("The %s goes on.", l.Name)
	}
	s.setStep(StepPolice)
}

// endRiot resolves a Street Riot in Bad Hood n after an arrest there.
func (s *State) endRiot(n int, res *engine.Result) {
	site := fmt.Sprintf("bad hood %d", n)
	i := slices.IndexFunc(s.Specials, func(l Lasting) bool { return l.Name == "street riot" && l.Site == site })
	if i < 0 {
		return
	}
	res.Say("The Street Riot in Bad Hood %d is over.", n)
	s.EventDiscard = append(s.EventDiscard, s.Specials[i].Card)
	s.Specials = slices.Delete(s.Specials, i, i+1)
}
