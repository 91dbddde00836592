package escapeplan

import (
	"slices"

	"casefile/engine"
)

// Sandra, the Police Inspector of 2-player (and our solo) games (EP-SANDRA-*,
// EP-SBUS-*, EP-SSAFE-*, EP-SSTORE-*, EP-SEXIT-*): her turn, the Inspector
// cards that send her, and what she does at each kind of Location.

// sandraTurn plays Sandra's turn: she always moves, never rests
// (EP-SANDRA-01); Travel by Inspector cards, no Avoid step, then Visit.
func (s *State) sandraTurn(res *engine.Result) {
	sd := s.Sandra
	card, loc := s.sandraTravel()
	if card < 0 {
		res.Say("Sandra finds no Location of her cards in the city and stays put.")
		return
	}
	sd.At = loc
	c := InspectorDeck[card]
	res.Say("Sandra travels to the %s.", s.NodeName(loc))
	// EP-SANDRA-09: +1 Notoriety per other player at her Location.
	others := s.playersAt(loc, -1)
	if others > 0 {
		s.addNotoriety(SandraActor, others, res)
	}
	switch c.Kind {
	case Business:
		s.sandraBusiness(c.Name, res)
	case SafeHouse:
		s.sandraSafeHouse(c.Name, res)
	case Store:
		s.sandraStore(c.Name, res)
	case Exit:
		s.sandraExit(c.Name, res)
	}
	sd.Done = append(sd.Done, card) // EP-SANDRA-11/12
}

// sandraTravel reveals Inspector cards until one shows a Location in the
// city (EP-SANDRA-02/03/04). Exit cards count only for a closed Exit
// holding that stack (EP-SANDRA-06, the reading we chose).
func (s *State) sandraTravel() (card, loc int) {
	sd := s.Sandra
	var skipped []int
	card, loc = -1, -1
	for len(sd.Deck) > 0 {
		c := sd.Deck[0]
		sd.Deck = sd.Deck[1:]
		s.revealed = true
		if l := s.inspectorLoc(InspectorDeck[c]); l >= 0 {
			card, loc = c, l
			break
		}
		skipped = append(skipped, c)
	}
	sd.Deck = append(sd.Deck, skipped...)
	engine.ShuffleSlice(&s.Rng, sd.Deck)
	return card, loc
}

// inspectorLoc is the Location a card sends Sandra to, or -1.
func (s *State) inspectorLoc(c InspectorCard) int {
	switch c.Kind {
	case Business:
		for _, b := range s.Businesses {
			if b.Name == c.Name && b.Loc >= 0 && s.inCity(locTile[b.Loc]) {
				return b.Loc // EP-SANDRA-07: closed or not
			}
		}
	case SafeHouse:
		for _, h := range s.SafeHouses {
			if h.Name == c.Name && h.Loc >= 0 && s.inCity(locTile[h.Loc]) {
				return h.Loc
			}
		}
	case Store:
		for l, d := range locDef {
			if d.Kind == Store && d.StoreLetter == c.Name && s.inCity(locTile[l]) {
				return l
			}
		}
	case Exit:
		for _, st := range s.ExitStacks {
			if st.Colour == c.Name && st.Exit > 0 {
				l := exitLoc(st.Exit)
				if s.inCity(locTile[l]) {
					return l
				}
			}
		}
	}
	return -1
}

// playersAt counts the active players standing on node n, except seat.
func (s *State) playersAt(n, except int) int {
	k := 0
	for i := range s.Players {
		if i != except && s.Players[i].active() && s.Players[i].At == n {
			k++
		}
	}
	return k
}

func (s *State) sandraBusiness(name string, res *engine.Result) {
	sd := s.Sandra
	s.addNotoriety(SandraActor, 1, res) // EP-SBUS-02 (T's reading)
	b := s.business(name)
	if sd.Cubes > 0 { // EP-SBUS-03/04
		sd.Cubes--
		b.Cubes = append(b.Cubes, Cube{Actor: SandraActor})
		s.checkClosed(b, res)
	}
	sd.Visited = append(sd.Visited, name)
	s.sandraDiscardContacts(res) // EP-SBUS-05/06
	// EP-SBUS-07: all 3 Businesses of a group.
	if s.groupDone(sd.Visited, b.Group) {
		res.Say("Sandra has visited every %s Business.", b.Group)
		s.gainDisc(SandraActor, res)
	}
}

func (s *State) sandraSafeHouse(name string, res *engine.Result) {
	sd := s.Sandra
	s.addNotoriety(SandraActor, -1, res) // EP-SSAFE-02
	h := s.safeHouse(name)
	if sd.Cubes > 0 {
		sd.Cubes--
		h.Cubes = append(h.Cubes, Cube{Actor: SandraActor})
	}
	if len(h.Keys) > 0 { // EP-SSAFE-04
		i := s.Rng.Intn(len(h.Keys))
		res.Say("Sandra discards a %s Key from the %s.", h.Keys[i], h.Name)
		s.KeyBox = append(s.KeyBox, h.Keys[i])
		h.Keys = append(h.Keys[:i], h.Keys[i+1:]...)
	}
	if len(s.Fixers) > 0 { // EP-SSAFE-05
		i := s.Rng.Intn(len(s.Fixers))
		res.Say("Sandra discards the %s Fixer tile.", s.Fixers[i])
		s.FixerBox = append(s.FixerBox, s.Fixers[i])
		s.Fixers = append(s.Fixers[:i], s.Fixers[i+1:]...)
	}
	sd.Visited = append(sd.Visited, name)
	n := 0
	for _, sh := range SafeHouseTiles {
		if slices.Contains(sd.Visited, sh) {
			n++
		}
	}
	if n == len(SafeHouseTiles) && countOf(sd.Visited, name) == 1 { // EP-SSAFE-06
		res.Say("Sandra has visited every Safe House.")
		s.gainDisc(SandraActor, res)
	}
}

func (s *State) sandraStore(letter string, res *engine.Result) {
	d := 1
	if letter == "b" || letter == "d" {
		d = -1
	}
	s.addNotoriety(SandraActor, d, res) // EP-SSTORE-01/02
	for i, c := range KeyColours {
		if letter != "d" && StoreLockerStack[letter] != c { // EP-SSTORE-03/04
			continue
		}
		if len(s.Lockers[i].Tiles) == 0 {
			continue
		}
		k := s.Rng.Intn(len(s.Lockers[i].Tiles))
		s.LockerBox = append(s.LockerBox, s.Lockers[i].Tiles[k])
		s.Lockers[i].Tiles = append(s.Lockers[i].Tiles[:k], s.Lockers[i].Tiles[k+1:]...)
		res.Say("Sandra discards a %s Locker tile unseen.", c)
	}
	s.sandraDiscardContacts(res) // EP-SSTORE-05
}

func (s *State) sandraExit(colour string, res *engine.Result) {
	s.addNotoriety(SandraActor, -1, res) // EP-SEXIT-01
	for i := range s.ExitStacks {
		st := &s.ExitStacks[i]
		if st.Colour == colour && len(st.Tiles) > 0 { // EP-SEXIT-02
			k := s.Rng.Intn(len(st.Tiles))
			s.ExitBox = append(s.ExitBox, st.Tiles[k])
			st.Tiles = append(st.Tiles[:k], st.Tiles[k+1:]...)
			res.Say("Sandra discards a %s Exit tile unseen.", colour)
		}
	}
	s.sandraDiscardContacts(res) // EP-SEXIT-03
}

// sandraDiscardContacts discards the 2 rightmost display cards; each Fixer
// card among them gives her an Extra Action disc (EP-SBUS-05/06,
// EP-CONTACT-05).
func (s *State) sandraDiscardContacts(res *engine.Result) {
	for k := 0; k < 2; k++ {
		i := -1
		for j := len(s.Display) - 1; j >= 0; j-- {
			if s.Display[j] >= 0 {
				i = j
				break
			}
		}
		if i < 0 {
			return
		}
		c := s.takeFromDisplay(i)
		s.ContactsBox = append(s.ContactsBox, c)
		res.Say("Sandra discards the %s Contact card.", ContactDeck[c].Name)
		if ContactDeck[c].Effect == "fixer" {
			s.gainDisc(SandraActor, res)
		}
	}
}
