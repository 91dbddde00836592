package escapeplan

import (
	"casefile/engine"
)

// Executive Actions (EP-EXEC-*, EP-CC-*, EP-FIX-*, EP-ASSET-*): Contact
// cards, Fixer tiles, Asset tiles and Gang Members used during a turn.

// execMoves lists the Executive Actions usable now (EP-EXEC-*,
// EP-CC-*, EP-FIX-*, EP-ASSET-*).
func (s *State) execMoves(p *Player, ms *engine.Moves) {
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
		s.fixerAction(p, it.Name, usedBy(func(res *engine.Result) { s.useItem(p, i, res) }), ms)
	}
	for i, a := range p.Assets {
		if a.Asset == "" || a.Used || p.Money < AssetPrices[i] {
			continue
		}
		i := i
		s.assetAction(p, a.Asset, usedBy(func(res *engine.Result) { s.useAsset(p, i, res) }), ms)
	}
	if len(p.Gang) > 0 {
		s.gangAbilities(p, "gang", usedBy(func(res *engine.Result) { s.returnGang(p, res) }), ms)
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

// usedBy is the user that spends the card or tile (use) before the effect.
func usedBy(use func(res *engine.Result)) user {
	return func(then func(res *engine.Result)) func(res *engine.Result) {
		return func(res *engine.Result) {
			use(res)
			then(res)
		}
	}
}

// Effects that several Contact cards, Fixer tiles and Asset tiles share.
const (
	effectDisc      = "extra action disc"
	effectGang      = "gang"
	effectIncome    = "income"
	effectNotoriety = "lose notoriety"
	effectHeal      = "heal"
	effectContact   = "contact"
	effectRefresh   = "refresh"
	effectUnlock    = "unlock"
	effectFly       = "fly"
	effectWater     = "water"
)

// contactEffects are the Contact cards whose effect a Fixer or Asset tile
// shares, by the card's effect.
var contactEffects = map[string]string{
	"fixer": effectDisc, "gang": effectGang, "general store": effectIncome, "informer": effectNotoriety,
	"medic": effectHeal, "spy 1": effectContact, "spy 2": effectRefresh, "spy 3": effectUnlock,
	"chopper": effectFly, "jet ski": effectWater,
}

// fixerEffects are the effects of the Fixer tiles (EP-FIX-*).
var fixerEffects = map[string]string{
	"disguise": effectNotoriety, "energy drink": effectRefresh, "first aid kit": effectHeal, "gold bar": effectUnlock,
	"id card": effectDisc, "motorcycle": effectGang, "safe": effectIncome, "scuba gear": effectWater,
	"helicopter": effectFly, "telephone": effectContact,
}

// contactAction lists the Executive Action of a ready Contact card
// (EP-CC-*).
func (s *State) contactAction(p *Player, k ContactKind, use user, ms *engine.Moves) {
	name := "contact " + k.Name
	if e, ok := contactEffects[k.Effect]; ok {
		s.effectAction(p, name, e, use, ms)
		return
	}
	switch k.Effect {
	case "bribe":
		if s.canMovePolice(k.Colour) {
			ms.Legal(name, use(func(res *engine.Result) { s.pushPolice(p, k.Colour, k.Name) }))
		}
	case "snitch":
		c := colourIndex(k.Colour)
		for _, ti := range s.cityTiles() {
			if s.Tiles[ti].Officers[c] {
				ms.Legal(name, use(func(res *engine.Result) {
					st := s.ask(p.Seat, SnitchOfficer)
					st.Data.Colour = k.Colour
					s.push(st)
				}))
				break
			}
		}
	default:
		s.moveContactAction(p, k, use, ms)
	}
}

// moveContactAction lists the Contact cards of their own used during
// movement (EP-EXEC-02): Gas Can, Medevac and Sewer.
func (s *State) moveContactAction(p *Player, k ContactKind, use user, ms *engine.Moves) {
	if !s.inMovement() {
		return
	}
	t := s.turnState()
	name := "contact " + k.Name
	switch k.Effect {
	case "gas can":
		ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); t.MP++ }))
	case "medevac":
		if t.Start != hospLoc && p.At != hospLoc {
			ms.Legal(name, use(func(res *engine.Result) {
				s.moveTo(p, hospLoc, t.MP, "medevac", res)
				s.beginAvoid(p, res)
			}))
		}
	case "sewer":
		if len(s.sewerTargets(p)) > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.push(s.ask(p.Seat, SewerTo)) }))
		}
	}
}

// fixerAction lists the Executive Action of an unused Fixer tile
// (EP-FIX-*).
func (s *State) fixerAction(p *Player, fixer string, use user, ms *engine.Moves) {
	s.effectAction(p, "fixer "+fixer, fixerEffects[fixer], use, ms)
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
		s.effectAction(p, "asset heal", effectHeal, use, ms)
	case AssetExtra:
		s.effectAction(p, "asset extra", effectDisc, use, ms)
	}
}

// effectAction lists move name, which gives effect e, when e can be used
// now.
func (s *State) effectAction(p *Player, name, e string, use user, ms *engine.Moves) {
	move := s.inMovement()
	switch e {
	case effectDisc:
		if s.Discs > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.gainDisc(p.Seat, res) }))
		}
	case effectGang:
		s.gangAbilities(p, name, use, ms)
	case effectIncome:
		ms.Legal(name, use(func(res *engine.Result) { s.gainIncome(p) }))
	case effectNotoriety:
		ms.Legal(name, use(func(res *engine.Result) { s.addNotoriety(p.Seat, -1, res) }))
	case effectHeal:
		if p.Wounds > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.heal(p, 1, res) }))
		}
	case effectContact:
		if !s.displayEmpty() {
			ms.Legal(name, use(func(res *engine.Result) { s.gainContact(p.Seat) }))
		}
	case effectRefresh:
		ms.Legal(name, use(func(res *engine.Result) { s.refresh(p, res) }))
	case effectUnlock:
		if len(p.locked()) > 0 {
			ms.Legal(name, use(func(res *engine.Result) { s.pushUnlock(p) }))
		}
	case effectFly:
		if move && s.hasHeliport(nodeTile(p.At)) && s.canFly(p, 0) {
			ms.Legal(name, use(func(res *engine.Result) { s.pushFly(p, 0) }))
		}
	case effectWater:
		if move && s.waterToPass() {
			ms.Legal(name, use(func(res *engine.Result) { s.startMoving(); s.push(s.ask(p.Seat, CrossWater)) }))
		}
	}
}

// gangAbilities lists losing 1 Notoriety at any time, or flying from a Helipad
// tile for 1 MP during movement (EP-EXEC-10/11); the Avoid ability is in
// avoidMoves (EP-EXEC-12).
func (s *State) gangAbilities(p *Player, name string, use user, ms *engine.Moves) {
	ms.Legal(name+" lose notoriety", use(func(res *engine.Result) {
		s.addNotoriety(p.Seat, -1, res)
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
	s.push(t)
}

func (s *State) pushUnlock(p *Player) {
	u := s.ask(p.Seat, UnlockAsset)
	u.Data.N = 1
	s.push(u)
}
