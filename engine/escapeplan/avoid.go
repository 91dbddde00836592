package escapeplan

import (
	"fmt"
	"slices"

	"casefile/engine"
)

// Avoid (EP-AVOID-*): the officers, and Sandra, on every tile left during a
// Move; Wounds.

// beginAvoid lists every officer (and Sandra) on each tile left
// (EP-AVOID-01..04).
func (s *State) beginAvoid(p *Player, res *engine.Result) {
	t := s.turnState()
	s.setStep(Avoid)
	t.Threats = nil
	for _, tile := range t.Left {
		t.Threats = append(t.Threats, s.threatsOn(tile)...)
	}
	if len(t.Threats) > 0 {
		res.Say("%s must avoid %s.", who(p.Seat), engine.Plural(len(t.Threats), "officer", "officers"))
	}
}

func (s *State) threatsOn(tile int) []Threat {
	var out []Threat
	for c, col := range OfficerColours {
		if s.Tiles[tile].Officers[c] {
			out = append(out, Threat{tile, col})
		}
	}
	if s.Sandra != nil && nodeTile(s.Sandra.At) == tile {
		out = append(out, Threat{tile, "sandra"})
	}
	return out
}

func (s *State) afterAvoid(res *engine.Result) {
	t := s.turnState()
	p := &s.Players[seatOf(s.turnDecision())]
	if t.Escaping {
		p.Status = "escaped"
		p.At = -1
		s.Escaped++
		p.EscapeNo = s.Escaped
		res.Say("%s ESCAPES (escape #%d)!", who(p.Seat), p.EscapeNo)
		s.endTurn()
		return
	}
	s.beginVisit(p, res)
}

// clearThreats removes the threats on tile matching keep==false.
func (s *State) clearThreats(match func(Threat) bool) {
	t := s.turnState()
	var rest []Threat
	for _, th := range t.Threats {
		if !match(th) {
			rest = append(rest, th)
		}
	}
	t.Threats = rest
}

// avoidMoves lists each way to avoid officers, then taking the Wounds
// (EP-AVOID-06, EP-EXEC-03).
func (s *State) avoidMoves(p *Player, ms *engine.Moves) {
	t := s.turnState()
	var tiles []int
	for _, th := range t.Threats {
		if !slices.Contains(tiles, th.Tile) {
			tiles = append(tiles, th.Tile)
		}
	}
	for _, tile := range tiles {
		s.avoidAllMoves(p, tile, ms)
		s.avoidColourMoves(p, t, tile, ms)
	}
	// One officer at a time.
	seen := map[Threat]bool{}
	for _, th := range t.Threats {
		if !seen[th] {
			seen[th] = true
			s.avoidOneMoves(p, th, ms)
		}
	}
	if len(t.Threats) > 0 {
		ms.Legal("take wounds", func(res *engine.Result) {
			n := len(t.Threats)
			t.Threats = nil
			res.Say("%s cannot avoid %s.", who(p.Seat), engine.Plural(n, "officer", "officers"))
			for i := 0; i < n && p.active(); i++ {
				s.gainWound(p, res)
			}
			if !p.active() {
				s.endTurn()
			}
		})
	}
}

// avoidAllMoves lists the ways to avoid every officer on one tile: Fast
// Car and Gang cards, Skateboard and Motorcycle, the Avoid Asset and a Gang
// Member (EP-EXEC-12).
func (s *State) avoidAllMoves(p *Player, tile int, ms *engine.Moves) {
	id := CityTiles[tile].ID
	onTile := func(th Threat) bool { return th.Tile == tile }
	if i := p.readyContact("fast car"); i >= 0 && p.Money >= ContactDeck[p.Contacts[i].Card].Cost {
		ms.Legal("avoid all on "+id+" with fast car", func(res *engine.Result) { s.useContact(p, i, res); s.clearThreats(onTile) })
	}
	if i := p.readyContact("gang"); i >= 0 && p.Money >= ContactDeck[p.Contacts[i].Card].Cost {
		ms.Legal("avoid all on "+id+" with gang card", func(res *engine.Result) { s.useContact(p, i, res); s.clearThreats(onTile) })
	}
	for _, f := range []string{"skateboard", "motorcycle"} {
		if i := p.item("fixer", f); i >= 0 {
			ms.Legal("avoid all on "+id+" with "+f, func(res *engine.Result) { s.useItem(p, i, res); s.clearThreats(onTile) })
		}
	}
	if i := p.asset("avoid"); i >= 0 && p.Money >= AssetPrices[i] {
		ms.Legal("avoid all on "+id+" with avoid asset", func(res *engine.Result) { s.useAsset(p, i, res); s.clearThreats(onTile) })
	}
	if len(p.Gang) > 0 { // EP-EXEC-12
		ms.Legal("avoid all on "+id+" with gang member", func(res *engine.Result) {
			s.returnGang(p, res)
			s.clearThreats(onTile)
		})
	}
}

// avoidColourMoves lists Boxer, Fight and Ninja, which avoid every officer
// of one colour on 1 tile, Sandra included as that colour (EP-AVOID-04).
func (s *State) avoidColourMoves(p *Player, t *TurnState, tile int, ms *engine.Moves) {
	id := CityTiles[tile].ID
	for _, name := range []string{"boxer", "fight", "ninja"} {
		i := p.readyContact(name)
		if i < 0 || p.Money < 2 {
			continue
		}
		col := ContactDeck[p.Contacts[i].Card].Colour
		hit := func(th Threat) bool { return th.Tile == tile && (th.Who == col || th.Who == "sandra") }
		n := 0
		for _, th := range t.Threats {
			if hit(th) {
				n++
			}
		}
		if n > 0 {
			ms.Legal(fmt.Sprintf("avoid %s on %s with %s", col, id, name), func(res *engine.Result) {
				s.useContact(p, i, res)
				s.clearThreats(hit)
			})
		}
	}
}

// avoidOneMoves lists the ways to avoid one officer: Equipment of its
// colour (any colour for Sandra) and the Stunt card (EP-AVOID-03/04).
func (s *State) avoidOneMoves(p *Player, th Threat, ms *engine.Moves) {
	id := CityTiles[th.Tile].ID
	for _, e := range EquipmentTypes {
		ok := th.Who == "sandra"
		for _, c := range e.Colours {
			ok = ok || c == th.Who
		}
		if i := p.item("equipment", e.Name); ok && i >= 0 {
			ms.Legal(fmt.Sprintf("avoid %s on %s with %s", th.Who, id, e.Name), func(res *engine.Result) {
				s.useItem(p, i, res)
				s.clearOne(th)
			})
		}
	}
	if i := p.readyContact("stunt"); i >= 0 && p.Money >= 1 {
		ms.Legal(fmt.Sprintf("avoid %s on %s with stunt", th.Who, id), func(res *engine.Result) {
			s.useContact(p, i, res)
			s.clearOne(th)
		})
	}
}

// clearOne removes the first threat equal to th.
func (s *State) clearOne(th Threat) {
	first := true
	s.clearThreats(func(x Threat) bool { r := first && x == th; first = first && !r; return r })
}

// gainWound adds a Wound (EP-AVOID-06/07). A 4th Wound heals one instead
// and a Handcuffs card blocks the rightmost Contact card space not yet
// blocked, discarding what lies there: a Contact card, or the locked Asset
// tile on it (EP-AVOID-08..10). A player with no card space left to block
// (or no Handcuffs card left) is ARRESTED (CONTENT.md).
func (s *State) gainWound(p *Player, res *engine.Result) {
	if !p.active() {
		return
	}
	if p.Wounds < 3 {
		p.Wounds++
		res.Say("%s takes a Wound (%d).", who(p.Seat), p.Wounds)
		return
	}
	i := p.rightmostOpen()
	if i < 0 || s.Handcuffs == 0 {
		s.arrest(p.Seat, res, "a 4th Wound with no card space left to Handcuff")
		return
	}
	s.Handcuffs--
	p.Handcuffs++
	lost := ""
	if a := p.contactAsset(i); a != "" {
		p.BottomRow = p.BottomRow[:len(p.BottomRow)-1]
		s.AssetBox = append(s.AssetBox, a)
		lost = fmt.Sprintf(", discarding the locked %s Asset tile", a)
	} else if c := p.Contacts[i].Card; c >= 0 {
		s.ContactsBox = append(s.ContactsBox, c)
		lost = fmt.Sprintf(", discarding the %s Contact card", ContactDeck[c].Name)
	}
	p.Contacts[i] = ContactSpace{Card: -1, Cuffed: true}
	p.Wounds--
	res.Say("%s would take a 4th Wound: heals 1 and is Handcuffed (Contact space %d blocked%s).", who(p.Seat), i+1, lost)
}
