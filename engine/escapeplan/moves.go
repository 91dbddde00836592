package escapeplan

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// legalCache keeps the moves listed for one seat until the next move is
// applied: Legal, Check and Apply of the same move all ask for them.
type legalCache struct {
	valid bool
	moves int
	seat  int
	ms    *engine.Moves
}

// moves lists seat's moves now, each with the condition that makes it
// legal: the legal list and every refusal come from here.
func (s *State) moves(seat int) *engine.Moves {
	if s.cache.valid && s.cache.moves == s.Moves && s.cache.seat == seat {
		return s.cache.ms
	}
	ms := &engine.Moves{}
	switch top := s.Pending.Top(); {
	case s.Over, top == nil || seatOf(top) != seat:
	case isTurnStep(top.Kind):
		s.turnOptions(ms)
	default:
		s.taskOptions(top, ms)
	}
	s.cache = legalCache{valid: true, moves: s.Moves, seat: seat, ms: ms}
	return ms
}

// ---- Player resources ----

func (p *Player) readyContact(name string) int {
	for i, c := range p.Contacts {
		if c.Card >= 0 && !c.Used && ContactDeck[c.Card].Name == name {
			return i
		}
	}
	return -1
}

func (p *Player) item(kind, name string) int {
	for i, it := range p.Items {
		if it.Kind == kind && it.Name == name && !it.Used {
			return i
		}
	}
	return -1
}

func (p *Player) asset(name string) int {
	for i, a := range p.Assets {
		if a.Asset == name && !a.Used {
			return i
		}
	}
	return -1
}

func (p *Player) locked() []string {
	return append(append([]string(nil), p.TopRow...), p.BottomRow...)
}

func (s *State) useContact(p *Player, i int, res *engine.Result) {
	k := ContactDeck[p.Contacts[i].Card]
	s.pay(&p.Money, k.Cost)
	if k.Star { // EP-NOT-12
		gainNotoriety(&p.Red, &p.Blue, 1)
	}
	p.Contacts[i].Used = true
	star := ""
	if k.Star {
		star = ", +1 Notoriety"
	}
	res.Say("%s uses the %s Contact card ($%d%s).", who(p.Seat), k.Name, k.Cost, star)
}

func (s *State) useAsset(p *Player, i int, res *engine.Result) {
	s.pay(&p.Money, AssetPrices[i])
	p.Assets[i].Used = true
	res.Say("%s uses the %s Asset tile ($%d).", who(p.Seat), p.Assets[i].Asset, AssetPrices[i])
}

func (s *State) useItem(p *Player, i int, res *engine.Result) {
	p.Items[i].Used = true
	res.Say("%s uses %s %s.", who(p.Seat), p.Items[i].Kind, p.Items[i].Name)
}

// unlockAsset moves an Asset tile to the most expensive empty Asset space,
// or discards it when none is empty (EP-UNLOCK-01..03).
func (s *State) unlockAsset(p *Player, name string, res *engine.Result) {
	p.TopRow = remove(p.TopRow, name)
	p.BottomRow = remove(p.BottomRow, name)
	for i := range p.Assets {
		if p.Assets[i].Asset == "" {
			p.Assets[i].Asset = name
			res.Say("%s unlocks the %s Asset tile ($%d space).", who(p.Seat), name, AssetPrices[i])
			return
		}
	}
	s.AssetBox = append(s.AssetBox, name)
	res.Say("%s has no empty Asset space: the %s Asset tile leaves the game.", who(p.Seat), name)
}

func remove(xs []string, x string) []string {
	for i, v := range xs {
		if v == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

func (s *State) heal(p *Player, n int, res *engine.Result) {
	n = min(n, p.Wounds)
	p.Wounds -= n
	res.Say("%s heals %d Wound(s).", who(p.Seat), n)
}

func (s *State) refresh(p *Player, res *engine.Result) {
	for i := range p.Contacts {
		p.Contacts[i].Used = false
	}
	for i := range p.Items {
		if p.Items[i].Kind == "equipment" {
			p.Items[i].Used = false
		}
	}
	res.Say("%s readies every Contact card and Equipment tile.", who(p.Seat))
}

func (s *State) pushTask(t Decision) { s.Pending.Push(t) }

// ---- Tasks ----

func (s *State) taskOptions(d *Decision, ms *engine.Moves) {
	seat := seatOf(d)
	t := &d.Data
	p := &s.Players[seat]
	switch d.Kind {
	case PlaceTile:
		for k, ft := range s.FaceUp {
			if ft < 0 {
				continue
			}
			for _, slot := range s.placements(ft) {
				k, ft, slot := k, ft, slot
				ms.Legal(fmt.Sprintf("place %s at %s", CityTiles[ft].ID, SlotName(slot)), func(res *engine.Result) {
					s.Pending.Pop()
					s.placeTile(seat, k, ft, slot, res)
				})
			}
		}
	case NameBusiness:
		for i := range s.Businesses {
			if s.Businesses[i].Loc < 0 {
				i := i
				ms.Legal("business "+s.Businesses[i].Name, func(res *engine.Result) {
					b := &s.Businesses[i]
					b.Loc = t.Target
					s.Locs[t.Target].Tile = b.Name
					res.Say("%s puts the %s on tile %s.", who(seat), b.Name, CityTiles[locTile[t.Target]].ID)
					s.Pending.Pop()
				})
			}
		}
	case NameSafeHouse:
		for i := range s.SafeHouses {
			if s.SafeHouses[i].Loc < 0 {
				i := i
				ms.Legal("safe house "+s.SafeHouses[i].Name, func(res *engine.Result) {
					h := &s.SafeHouses[i]
					h.Loc = t.Target
					s.Locs[t.Target].Tile = h.Name
					res.Say("%s puts the %s Safe House on tile %s.", who(seat), h.Name, CityTiles[locTile[t.Target]].ID)
					s.Pending.Pop()
				})
			}
		}
	case UnlockAsset:
		// EP-INCOME-03: at Income, an unlock costs $3.
		pay := engine.Require(t.Reason != "income" || p.Money >= 3, "Unlocking an Asset tile at Income costs $3")
		for _, a := range p.locked() {
			a := a
			ms.Add("unlock "+a, pay, func(res *engine.Result) {
				if t.Reason == "income" {
					s.pay(&p.Money, 3)
					res.Say("%s pays $3 to unlock an Asset tile.", who(seat))
				}
				s.unlockAsset(p, a, res)
				s.Pending.Top().Data.N--
				if s.Pending.Top().Data.N <= 0 {
					s.Pending.Pop()
				}
			})
		}
		if t.Optional && ms.Len() > 0 {
			ms.Legal("pass", func(res *engine.Result) { s.Pending.Pop() })
		}
	case JoinTurn:
		ms.Legal("extra action", func(res *engine.Result) {
			p.Discs--
			s.Discs++
			s.Joined = append(s.Joined, seat)
			res.Say("%s spends an Extra Action disc for the %s turn.", who(seat), TurnNames[s.TurnNo])
			s.Pending.Pop()
		})
		ms.Legal("pass", func(res *engine.Result) {
			res.Say("%s sits out the %s turn.", who(seat), TurnNames[s.TurnNo])
			s.Pending.Pop()
		})
	case MovePolice:
		s.policeOptions(d, ms)
	case SnitchOfficer:
		c := colourIndex(t.Colour)
		for _, ti := range s.cityTiles() {
			if s.Tiles[ti].Officers[c] {
				ti := ti
				ms.Legal(fmt.Sprintf("remove %s %s", t.Colour, CityTiles[ti].ID), func(res *engine.Result) {
					s.Tiles[ti].Officers[c] = false
					s.Removed[c]++
					res.Say("%s's Snitch removes the %s officer on %s from the game.", who(seat), t.Colour, CityTiles[ti].ID)
					s.Pending.Pop()
				})
			}
		}
	case TakeContact:
		s.contactOptions(d, p, ms)
	case KeepTile:
		for i := range t.Drawn {
			i := i
			ms.Legal(fmt.Sprintf("keep %d", i+1), func(res *engine.Result) {
				// The choice among secret tiles is itself secret.
				res.Secret = true
				s.keepDrawn(seat, i, res)
			})
		}
	case MakeSpace:
		for i, it := range p.Items {
			i, it := i, it
			ms.Legal(fmt.Sprintf("make space %d %s", i+1, it.Name), func(res *engine.Result) {
				res.Say("%s discards the %s tile to make space (+1 Notoriety).", who(seat), it.Name)
				s.discardItem(p, i)
				gainNotoriety(&p.Red, &p.Blue, 1) // EP-SPACE-02
				tk := s.Pending.Pop().Data
				s.receiveItem(p, tk.tileKind(), tk.Item, tk.Keep, tk.Stack, res)
			})
		}
		ms.Legal("return tile", func(res *engine.Result) {
			tk := s.Pending.Pop().Data
			s.returnTile(tk.tileKind(), tk.Item, tk.Keep, tk.Stack)
			res.Say("%s has no room and gives the new %s tile back.", who(seat), tk.Item)
		})
	case GroupBonus:
		ms.Add("bonus extra action", engine.Require(s.Discs > 0, "No Extra Action disc is left"), func(res *engine.Result) {
			s.Pending.Pop()
			s.gainDisc(seat, res)
		})
		ms.Legal("bonus unlock", func(res *engine.Result) {
			s.Pending.Pop()
			if t.Reason == "business" {
				gainNotoriety(&p.Red, &p.Blue, -1)
				res.Say("%s loses 1 Notoriety.", who(seat))
			} else {
				v := s.gainIncome(p)
				res.Say("%s gains Income ($%d).", who(seat), v)
			}
			u := s.ask(seat, UnlockAsset)
			u.Data.N = 1
			s.pushTask(u)
		})
	case FlyTo:
		s.flyOptions(t, p, ms)
	case SewerTo:
		s.sewerOptions(t, p, ms)
	case CrossWater:
		for _, w := range s.cityTiles() {
			if CityTiles[w].Land != Water || s.canEnterWater(w, s.turnState().Water) {
				continue
			}
			w := w
			ms.Legal("water "+CityTiles[w].ID, func(res *engine.Result) {
				ts := s.turnState()
				ts.Water = append(ts.Water, w)
				res.Say("%s may cross the water at %s this turn.", who(seat), CityTiles[w].ID)
				s.Pending.Pop()
			})
		}
	case DiscardContact:
		for i, c := range p.Contacts {
			if c.Card < 0 {
				continue
			}
			i := i
			ms.Legal(fmt.Sprintf("discard contact %d %s", i+1, ContactDeck[c.Card].Name), func(res *engine.Result) {
				s.ContactsBox = append(s.ContactsBox, p.Contacts[i].Card)
				res.Say("%s discards the %s Contact card.", who(seat), ContactDeck[p.Contacts[i].Card].Name)
				p.Contacts[i].Card = -1
				p.Contacts[i].Used = false
				s.Pending.Pop()
			})
		}
	}
}

// tileKind is the kind of tile a MakeSpace decision is waiting to place.
func (t Detail) tileKind() string { return t.Colour }

func colourIndex(c string) int {
	for i, x := range OfficerColours {
		if x == c {
			return i
		}
	}
	return -1
}

// placements lists the empty slots where tile ft may go: adjacent to at
// least 2 tiles (EP-CITY-03), matching a Land type when any such slot
// allows it (EP-CITY-04/05). With no slot next to 2 tiles, 1 will do.
func (s *State) placements(ft int) []int {
	var two, one []int
	for slot, t := range s.Grid {
		if t >= 0 {
			continue
		}
		n := 0
		for _, o := range slotNbrs[slot] {
			if s.Grid[o] >= 0 {
				n++
			}
		}
		if n >= 2 {
			two = append(two, slot)
		} else if n == 1 {
			one = append(one, slot)
		}
	}
	cand := two
	if len(cand) == 0 {
		cand = one
	}
	var match []int
	for _, slot := range cand {
		for _, o := range slotNbrs[slot] {
			if g := s.Grid[o]; g >= 0 && CityTiles[g].Land == CityTiles[ft].Land {
				match = append(match, slot)
				break
			}
		}
	}
	if len(match) > 0 {
		return match
	}
	return cand
}

func (s *State) placeTile(seat, k, ft, slot int, res *engine.Result) {
	s.FaceUp[k] = -1
	s.putInCity(ft, slot)
	s.Placed++
	res.Say("%s places City tile %s at %s.", who(seat), CityTiles[ft].ID, SlotName(slot))
	var follow []Decision
	for _, l := range tileLocs[ft] {
		switch locDef[l].Kind {
		case Business: // EP-CITY-06
			t := s.ask(seat, NameBusiness)
			t.Data.Target = l
			follow = append(follow, t)
		case SafeHouse:
			t := s.ask(seat, NameSafeHouse)
			t.Data.Target = l
			follow = append(follow, t)
		case Gang: // EP-CITY-07
			n := min(2, s.GangSupply)
			s.GangSupply -= n
			s.Locs[l].GangMembers += n
		}
	}
	s.Pending.Push(follow...)
	s.layExitStacks()
}

// policeOptions: a two-step officer move (EP-POLICE-01..03, EP-NOT-06/07):
// choose an officer, then its new tile.
func (s *State) policeOptions(d *Decision, ms *engine.Moves) {
	seat := seatOf(d)
	t := &d.Data
	ok := func(c, from, to int) bool {
		if to == from || to == hospital || !s.inCity(to) || s.Tiles[to].Officers[c] {
			return false
		}
		if t.Target >= 0 && s.tileDist(to, t.Target) >= s.tileDist(from, t.Target) {
			return false
		}
		return true
	}
	if t.From >= 0 {
		c := colourIndex(t.Colour)
		for _, to := range s.cityTiles() {
			if ok(c, t.From, to) {
				to := to
				ms.Legal("to "+CityTiles[to].ID, func(res *engine.Result) {
					s.Tiles[t.From].Officers[c] = false
					s.Tiles[to].Officers[c] = true
					res.Say("%s moves the %s officer from %s to %s (%s).", who(seat), t.Colour, CityTiles[t.From].ID, CityTiles[to].ID, t.Reason)
					s.Pending.Pop()
				})
			}
		}
		return
	}
	for c, col := range OfficerColours {
		if t.Colour != "" && col != t.Colour {
			continue
		}
		for _, from := range s.cityTiles() {
			if !s.Tiles[from].Officers[c] {
				continue
			}
			can := false
			for _, to := range s.cityTiles() {
				if ok(c, from, to) {
					can = true
					break
				}
			}
			if can {
				from, col := from, col
				ms.Legal(fmt.Sprintf("officer %s %s", col, CityTiles[from].ID), func(res *engine.Result) {
					s.Pending.Top().Data.From = from
					s.Pending.Top().Data.Colour = col
				})
			}
		}
	}
}

// canMovePolice reports whether some officer of colour could be moved.
func (s *State) canMovePolice(colour string) bool {
	t := s.ask(0, MovePolice)
	t.Data.Colour = colour
	var ms engine.Moves
	s.policeOptions(&t, &ms)
	return ms.Len() > 0
}

// contactOptions: take a card from the display, then place, replace or
// discard it (EP-CONTACT-01..08).
func (s *State) contactOptions(d *Decision, p *Player, ms *engine.Moves) {
	seat := seatOf(d)
	t := &d.Data
	if t.Card < 0 {
		for i, c := range s.Display {
			if c < 0 {
				continue
			}
			i := i
			ms.Legal(fmt.Sprintf("contact take %d %s", i+1, ContactDeck[c].Name), func(res *engine.Result) {
				card := s.takeFromDisplay(i)
				s.Pending.Top().Data.Card = card
				res.Say("%s takes the %s Contact card.", who(seat), ContactDeck[card].Name)
			})
		}
		return
	}
	for i, sp := range p.Contacts {
		if sp.Card < 0 && !sp.Cuffed {
			i := i
			ms.Legal("contact keep", func(res *engine.Result) {
				p.Contacts[i] = ContactSpace{Card: t.Card}
				res.Say("%s puts %s on Contact space %d.", who(seat), ContactDeck[t.Card].Name, i+1)
				s.Pending.Pop()
			})
			break
		}
	}
	for i, sp := range p.Contacts {
		if sp.Card >= 0 {
			i := i
			ms.Legal(fmt.Sprintf("contact replace %d %s", i+1, ContactDeck[sp.Card].Name), func(res *engine.Result) {
				old := p.Contacts[i].Card
				s.ContactsBox = append(s.ContactsBox, old)
				p.Contacts[i] = ContactSpace{Card: t.Card}
				gainNotoriety(&p.Red, &p.Blue, 1)
				res.Say("%s replaces %s with %s (+1 Notoriety).", who(seat), ContactDeck[old].Name, ContactDeck[t.Card].Name)
				s.Pending.Pop()
			})
		}
	}
	ms.Legal("contact discard", func(res *engine.Result) {
		s.ContactsBox = append(s.ContactsBox, t.Card)
		res.Say("%s discards %s.", who(seat), ContactDeck[t.Card].Name)
		s.Pending.Pop()
	})
}

func (s *State) gainContact(seat int) {
	if s.displayEmpty() {
		return
	}
	s.pushTask(s.ask(seat, TakeContact))
}

func (s *State) displayEmpty() bool {
	for _, c := range s.Display {
		if c >= 0 {
			return false
		}
	}
	return true
}

// ---- Tiles on the Player Board ----

// drawTiles shows the player n tiles of a stack (Locker or Exit) to keep 1
// face-down; the rest go back and the stack is shuffled (EP-STORE-07..11,
// EP-EXIT-04..06).
func (s *State) drawTiles(p *Player, kind, stack string, tiles *[]SecretTile, n int, res *engine.Result) {
	n = min(n, len(*tiles))
	drawn := append([]SecretTile(nil), (*tiles)[:n]...)
	s.revealed++
	*tiles = (*tiles)[n:]
	t := s.ask(p.Seat, KeepTile)
	t.Data.Drawn = drawn
	t.Data.Colour = kind
	t.Data.Stack = stack
	s.pushTask(t)
	var names []string
	for _, d := range drawn {
		names = append(names, fmt.Sprintf("%s ($%dk)", d.Name, d.Value))
	}
	res.Note(engine.Seat(p.Seat), "You look at %d %s tile(s): %s. Choose one to keep.", n, kind, strings.Join(names, ", "))
	res.Say("%s looks at %d %s %s tile(s).", who(p.Seat), n, stack, kind)
}

func (s *State) stackTiles(kind, stack string) *[]SecretTile {
	if kind == "locker" {
		return &s.Lockers[keyIndex(stack)].Tiles
	}
	for i := range s.ExitStacks {
		if s.ExitStacks[i].Colour == stack {
			return &s.ExitStacks[i].Tiles
		}
	}
	return nil
}

func keyIndex(c string) int {
	for i, k := range KeyColours {
		if k == c {
			return i
		}
	}
	return -1
}

func (s *State) keepDrawn(seat, i int, res *engine.Result) {
	t := s.Pending.Pop().Data
	p := &s.Players[seat]
	kept := t.Drawn[i]
	tiles := s.stackTiles(t.Colour, t.Stack)
	for j, d := range t.Drawn {
		if j != i {
			*tiles = append(*tiles, d)
		}
	}
	engine.ShuffleSlice(&s.Rng, *tiles)
	res.Note(engine.Seat(seat), "You keep %s ($%dk) face-down.", kept.Name, kept.Value)
	res.Say("%s keeps 1 %s tile face-down.", who(seat), t.Colour)
	s.receiveItem(p, t.Colour, t.Stack+" "+t.Colour, &kept, t.Stack, res)
}

// receiveItem puts a new tile on the Player Board, or asks to make space
// (EP-SPACE-01).
func (s *State) receiveItem(p *Player, kind, name string, secret *SecretTile, stack string, res *engine.Result) {
	if len(p.Items) < ItemSpaces {
		p.Items = append(p.Items, Item{Kind: kind, Name: name, Secret: secret})
		return
	}
	t := s.ask(p.Seat, MakeSpace)
	t.Data.Colour = kind
	t.Data.Item = name
	t.Data.Keep = secret
	t.Data.Stack = stack
	s.pushTask(t)
}

// returnTile gives back a tile that found no room.
func (s *State) returnTile(kind, name string, secret *SecretTile, stack string) {
	switch kind {
	case "equipment":
		for i, e := range EquipmentTypes {
			if e.Name == name {
				s.Equipment[i]++
			}
		}
	case "fixer":
		s.Fixers = append(s.Fixers, name)
	default:
		tiles := s.stackTiles(kind, stack)
		*tiles = append(*tiles, *secret)
		engine.ShuffleSlice(&s.Rng, *tiles)
	}
}

// discardItem removes a tile from the Player Board out of the game.
func (s *State) discardItem(p *Player, i int) {
	it := p.Items[i]
	p.Items = append(p.Items[:i:i], p.Items[i+1:]...)
	switch it.Kind {
	case "equipment":
		s.EquipBox = append(s.EquipBox, it.Name)
	case "fixer":
		s.FixerBox = append(s.FixerBox, it.Name)
	case "locker":
		s.LockerBox = append(s.LockerBox, *it.Secret)
	case "exit":
		s.ExitBox = append(s.ExitBox, *it.Secret)
	}
}

// hasMoves reports whether the seat owing decision d has a legal move.
func (s *State) hasMoves(d *Decision) bool {
	var ms engine.Moves
	s.taskOptions(d, &ms)
	return ms.Len() > 0
}
