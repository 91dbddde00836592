package policeprecinct

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// Helping (PP-POLICE-08, PP-INVEST-03, PP-EDICE-03, PP-ADICE-03,
// PP-ARREST-17): when the active cop draws or rolls, the other cops
// holding a Police card with the matching symbol get a reaction window
// before the draw or roll — before an Unknown Circumstances marker is
// revealed (PP-EVENT-05). A card played to help uses its symbols and
// ignores its text. Helping is allowed from anywhere on the map, the
// Hospital included (the study's ruling).

// HelpWindow: the other cops may play Police cards' symbols on the active
// cop's draw or roll, then pass.
const HelpWindow engine.DecisionKind = "help"

// symbolFor is the symbol that helps an action: the Magnifying Glass for
// an Investigation draw, the Flashing Light for an Emergency, the Handcuff
// for an arrest; a Special Event uses its own rating's symbol.
func (s *State) symbolFor() string {
	switch s.T.Action {
	case "investigate":
		return "glass"
	case "handle":
		return "light"
	case "resolve":
		return Specials[s.T.Target].Rating
	}
	return "cuffs"
}

// symbols is how many of a symbol a Police card bears.
func symbols(pc PoliceCard, sym string) int {
	switch sym {
	case "glass":
		return pc.Glass
	case "light":
		return pc.Light
	}
	return pc.Cuffs
}

func symbolName(sym string) string {
	switch sym {
	case "glass":
		return "Magnifying Glass"
	case "light":
		return "Flashing Light"
	}
	return "Handcuff"
}

// canHelp reports whether a cop holds a card bearing the symbol.
func canHelp(c *Cop, sym string) bool {
	return slices.ContainsFunc(c.Hand, func(id int) bool { return symbols(PoliceKind(id), sym) > 0 })
}

// openHelp pushes the help window over the other cops who hold a card
// with the right symbol and reports whether any does.
func (s *State) openHelp(res *engine.Result) bool {
	sym := s.symbolFor()
	var seats []engine.Seat
	for _, i := range s.Order {
		if i == s.active() {
			continue
		}
		// With hidden hands every other cop is asked, so that the
		// window does not show who holds what; an exposed Dirty Cop
		// never helps [ours].
		if s.DirtyCop && !s.exposed(i) || !s.DirtyCop && canHelp(&s.Cops[i], sym) {
			seats = append(seats, engine.Seat(i))
		}
	}
	if len(seats) == 0 {
		return false
	}
	s.T.Rolling = true
	s.Pending.Push(Decision{Kind: HelpWindow, Mode: engine.Reaction, Seats: seats, Phase: PhaseAction, Default: "pass"})
	res.Say("%s is about to %s: other cops may help with %s symbols.", who(s.active()), prepareGo(s.T.Action), symbolName(sym))
	return true
}

// helpMoves: "help with <card>" for each kind of card bearing the symbol,
// then "pass".
func (s *State) helpMoves(seat int, d *Decision, ms *engine.Moves) {
	c := &s.Cops[seat]
	sym := s.symbolFor()
	for k, pc := range PoliceCards {
		n := symbols(pc, sym)
		idx := slices.IndexFunc(c.Hand, func(id int) bool { return policeDeckKinds[id] == k })
		if idx < 0 {
			continue
		}
		ms.Add("help with "+pc.Name, engine.Require(n > 0, "%s bears no %s symbol", pc.Name, symbolName(sym)), func(res *engine.Result) {
			id := c.Hand[idx]
			c.Hand = slices.Delete(c.Hand, idx, idx+1)
			c.Fresh = slices.DeleteFunc(c.Fresh, func(h int) bool { return h == id })
			s.PoliceDiscard = append(s.PoliceDiscard, id)
			s.T.Helped += n
			res.Say("%s helps %s with %s: %d %s %s.", who(seat), who(s.active()), pc.Name, n, symbolName(sym), plural(n, "symbol", "symbols"))
			s.partner(c, res)
		})
	}
	ms.Legal("pass", func(res *engine.Result) {
		if d.Answer(engine.Seat(seat)) {
			s.Pending.Pop()
		}
	})
}

// partner is Brooks's Partner (PowerPartner): the first card she plays
// in a help window counts 1 extra symbol. One action a turn means one
// window a turn, so the turn's flag marks the window.
func (s *State) partner(c *Cop, res *engine.Result) {
	if !c.Char().Has(PowerPartner) || s.T.Partnered {
		return
	}
	s.T.Partnered = true
	s.T.Helped++
	res.Say("%s adds 1 more %s symbol (Partner).", who(c.Seat), symbolName(s.symbolFor()))
}

// helpersText words the help received, for the log.
func helpersText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d from other cops)", n)
}
