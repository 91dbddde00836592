package escapeplan

import (
	"casefile/engine"
)

// Executive Actions (EP-EXEC-*, EP-CC-*, EP-FIX-*, EP-ASSET-*): Contact
// cards, Fixer tiles, Asset tiles and Gang Members used during a turn.

// execOptions lists the Executive Actions usable now (EP-EXEC-*,
// EP-CC-*, EP-FIX-*, EP-ASSET-*).
func (s *State) execOptions(p *Player, ms *engine.Moves) {
	t := s.turnState()
	move := s.inMovement()
	// EP-EXEC-04
	ms.Add("first aid", engine.Require(p.FirstAid, "Your First Aid token is used until you Rest").
		And(engine.Require(p.Wounds > 0, "You have no Wound to heal")),
		func(res *engine.Result) {
			p.FirstAid = false
			s.heal(p, 1, res)
		})
	seen := map[string]bool{}
	for i, sp := range p.Contacts {
		if sp.Card < 0 || sp.Used {
			continue
		}
		k := ContactDeck[sp.Card]
		if seen[k.Name] || p.Money < k.Cost {
			continue
		}
		seen[k.Name] = true
		i := i
		s.contactAction(p, k, func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.useContact(p, i, res)
				then(res)
				// The card is flipped after its benefit, so Spy 2 does not
				// ready itself (EP-EXEC-05).
				p.Contacts[i].Used = true
			}
		}, ms)
	}
	for i, it := range p.Items {
		if it.Kind != "fixer" || it.Used {
			continue
		}
		i := i
		s.fixerAction(p, it.Name, func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.useItem(p, i, res)
				then(res)
			}
		}, ms)
	}
	for i, a := range p.Assets {
		if a.Asset == "" || a.Used || p.Money < AssetPrices[i] {
			continue
		}
		i := i
		s.assetAction(p, a.Asset, func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.useAsset(p, i, res)
				then(res)
			}
		}, ms)
	}
	if len(p.Gang) > 0 {
		s.gangAbilities(p, "gang", func(then func(res *engine.Result)) func(res *engine.Result) {
			return func(res *engine.Result) {
				s.returnGang(p, res)
				then(res)
			}
		}, ms)
	}
	ms.Add("gas", engine.Require(move, "A Gas Can adds MP only before or during your Move").
		And(engine.Require(p.Gas > 0, "You have no Gas Can")),
		func(res *engine.Result) {
			p.Gas--
			s.Gas++
			s.startMoving()
			t.MP++
			res.Say("%s burns a Gas Can (+1 MP).", who(p.Seat))
		})
}

// user wraps the effect of an Executive Action with the use of the card or
// tile that gives it.
type user func(then func(res *engine.Result)) func(res *engine.Result)

// contactAction lists the Executive Action of a ready Contact card
// (EP-CC-*).
func (s *State) contactAction(p *Player, k ContactKind, use user, ms *engine.Moves) {
	name := "contact " + k.Name
	switch k.Effect {
	case "bribe":
		if s.canMovePolice(k.Colour) {
			ms.Legal(name, use(func(res *engine.Result) { s.pushPolice(p, k.Colour, k.Name) }))
		}
	case "fixer":
		if s.Discs > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.gainDisc(p.Seat, res) }))
		}
	case "gang":
		s.gangAbilities(p, name, use, ms)
	case "general store":
		ms.Legal(name, use(func(res *engine.Result) { s.gainIncome(p) }))
	case "informer":
		ms.Legal(name, use(func(res *engine.Result) { gainNotoriety(&p.Red, &p.Blue, -1) }))
	case "medic":
		if p.Wounds > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.heal(p, 1, res) }))
		}
	case "snitch":
		c := colourIndex(k.Colour)
		for _, ti := range s.cityTiles() {
			if s.Tiles[ti].Officers[c] {
				ms.Legal(name, use(func(res *engine.Result) {
					st := s.ask(p.Seat, SnitchOfficer)
					st.Data.Colour = k.Colour
					s.pushTask(st)
				}))
				break
			}
		}
	case "spy 1":
		if !s.displayEmpty() {
			ms.Legal(name, use(func(res *engine.Result) { s.gainContact(p.Seat) }))
		}
	case "spy 2":
		ms.Legal(name, use(func(res *engine.Result) { s.refresh(p, res) }))
	case "spy 3":
		if len(p.locked()) > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.pushUnlock(p) }))
		}
	default:
		s.moveContactAction(p, k, use, ms)
	}
}

// moveContactAction lists the Contact cards used during movement
// (EP-EXEC-02): Chopper, Gas Can, Jet Ski, Medevac and Sewer.
func (s *State) moveContactAction(p *Player, k ContactKind, use user, ms *engine.Moves) {
	if !s.inMovement() {
		return
	}
	t := s.turnState()
	name := "contact " + k.Name
	switch k.Effect {
	case "chopper":
		if s.hasHeliport(nodeTile(p.At)) && s.canFly(p, 0) {
			ms.Legal(name, use(func(res *engine.Result) { s.pushFly(p, 0) }))
		}
	case "gas can":
		ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); t.MP++ }))
	case "jet ski":
		if s.waterToPass() {
			ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.pushTask(s.ask(p.Seat, CrossWater)) }))
		}
	case "medevac":
		if t.Start != hospLoc && p.At != hospLoc {
			ms.Legal(name, use(func(res *engine.Result) {
				s.moveTo(p, hospLoc, t.MP, "medevac", res)
				s.beginAvoid(p, res)
			}))
		}
	case "sewer":
		if len(s.sewerTargets(p)) > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.pushTask(s.ask(p.Seat, SewerTo)) }))
		}
	}
}

// fixerAction lists the Executive Action of an unused Fixer tile
// (EP-FIX-*).
func (s *State) fixerAction(p *Player, fixer string, use user, ms *engine.Moves) {
	move := s.inMovement()
	name := "fixer " + fixer
	switch fixer {
	case "disguise":
		ms.Legal(name, use(func(res *engine.Result) { gainNotoriety(&p.Red, &p.Blue, -1) }))
	case "energy drink":
		ms.Legal(name, use(func(res *engine.Result) { s.refresh(p, res) }))
	case "first aid kit":
		if p.Wounds > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.heal(p, 1, res) }))
		}
	case "gold bar":
		if len(p.locked()) > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.pushUnlock(p) }))
		}
	case "id card":
		if s.Discs > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.gainDisc(p.Seat, res) }))
		}
	case "motorcycle":
		s.gangAbilities(p, name, use, ms)
	case "safe":
		ms.Legal(name, use(func(res *engine.Result) { s.gainIncome(p) }))
	case "scuba gear":
		if move && s.waterToPass() {
			ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.pushTask(s.ask(p.Seat, CrossWater)) }))
		}
	case "helicopter":
		if move && s.hasHeliport(nodeTile(p.At)) && s.canFly(p, 0) {
			ms.Legal(name, use(func(res *engine.Result) { s.pushFly(p, 0) }))
		}
	case "telephone":
		if !s.displayEmpty() {
			ms.Legal(name, use(func(res *engine.Result) { s.gainContact(p.Seat) }))
		}
	}
}

// assetAction lists the Executive Action of an unlocked, unused Asset tile
// the player can pay for (EP-ASSET-*).
func (s *State) assetAction(p *Player, asset string, use user, ms *engine.Moves) {
	switch asset {
	case "red", "blue", "black":
		if s.canMovePolice(asset) {
			ms.Legal("asset "+asset, use(func(res *engine.Result) { s.pushPolice(p, asset, asset+" asset") }))
		}
	case "heal":
		if p.Wounds > 0 {
			ms.Legal("asset heal", use(func(res *engine.Result) { s.heal(p, 1, res) }))
		}
	case AssetExtra:
		if s.Discs > 0 {
			ms.Legal("asset extra", use(func(res *engine.Result) { s.gainDisc(p.Seat, res) }))
		}
	}
}

// gangAbilities: lose 1 Notoriety at any time, or fly from a Helipad
// tile for 1 MP during movement (EP-EXEC-10/11); the Avoid ability is in
// avoidOptions (EP-EXEC-12).
func (s *State) gangAbilities(p *Player, name string, use user, ms *engine.Moves) {
	ms.Legal(name+" lose notoriety", use(func(res *engine.Result) {
		gainNotoriety(&p.Red, &p.Blue, -1)
		res.Say("%s lies low: -1 Notoriety.", who(p.Seat))
	}))
	if s.inMovement() && CityTiles[nodeTile(p.At)].Helipad && s.canFly(p, 1) {
		ms.Legal(name+" fly", use(func(res *engine.Result) { s.pushFly(p, 1) }))
	}
}

// returnGang returns a Gang Member to its Gang; once both are back the
// Gang Control marker comes home (EP-EXEC-08/09).
func (s *State) returnGang(p *Player, res *engine.Result) {
	l := p.Gang[0]
	p.Gang = p.Gang[1:]
	s.Locs[l].GangMembers++
	res.Say("%s sends a Gang Member back to the %s.", who(p.Seat), s.NodeName(l))
	if s.Locs[l].GangMembers >= 2 && s.Locs[l].Control == p.Seat {
		s.Locs[l].Control = -1
		p.Markers++
	}
}

func (s *State) pushPolice(p *Player, colour, reason string) {
	t := s.ask(p.Seat, MovePolice)
	t.Data.Colour = colour
	t.Data.Reason = reason
	s.pushTask(t)
}

func (s *State) pushUnlock(p *Player) {
	u := s.ask(p.Seat, UnlockAsset)
	u.Data.N = 1
	s.pushTask(u)
}
