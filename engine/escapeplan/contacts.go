package escapeplan

import (
	"fmt"

	"casefile/engine"
)

// Contact cards (EP-CONTACT-*): the display, taking a card, and keeping,
// replacing or discarding it.

// contactMoves lists taking a card from the display, then placing,
// replacing or discarding it (EP-CONTACT-01..08).
func (s *State) contactMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
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
	for i := range p.Contacts {
		if p.contactFree(i) {
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
				s.addNotoriety(p.Seat, 1, res)
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
	s.push(s.ask(seat, TakeContact))
}

func (s *State) displayEmpty() bool {
	for _, c := range s.Display {
		if c >= 0 {
			return false
		}
	}
	return true
}

// takeFromDisplay removes the card at display position i, slides the
// cards on its left to the right and refills the leftmost space from the
// deck (EP-CONTACT-02/03/04).
func (s *State) takeFromDisplay(i int) int {
	c := s.Display[i]
	for j := i; j > 0; j-- {
		s.Display[j] = s.Display[j-1]
	}
	s.Display[0] = -1
	if len(s.ContactDeck) > 0 {
		s.Display[0] = s.ContactDeck[0]
		s.ContactDeck = s.ContactDeck[1:]
		s.revealed = true
	}
	return c
}

func (p *Player) readyContact(name string) int {
	for i, c := range p.Contacts {
		if c.Card >= 0 && !c.Used && ContactDeck[c.Card].Name == name {
			return i
		}
	}
	return -1
}

func (s *State) useContact(p *Player, i int, res *engine.Result) {
	k := ContactDeck[p.Contacts[i].Card]
	s.pay(&p.Money, k.Cost)
	if k.Star { // EP-NOT-12
		s.addNotoriety(p.Seat, 1, res)
	}
	p.Contacts[i].Used = true
	star := ""
	if k.Star {
		star = ", +1 Notoriety"
	}
	res.Say("%s uses the %s Contact card ($%d%s).", who(p.Seat), k.Name, k.Cost, star)
}

func (p *Player) contactCount() int {
	n := 0
	for _, c := range p.Contacts {
		if c.Card >= 0 {
			n++
		}
	}
	return n
}

// The Contact card row of a Player Board (EP-SETUP-32, EP-UNLOCK-03,
// EP-AVOID-09): Handcuffs cards block spaces from the right; the locked
// Asset tiles of the bottom row lie on the spaces just left of them (they
// slide right whenever one is unlocked); Contact cards go on the left-most
// empty space.

// cuffs is the number of Contact spaces blocked by Handcuffs cards.
func (p *Player) cuffs() int {
	n := 0
	for _, c := range p.Contacts {
		if c.Cuffed {
			n++
		}
	}
	return n
}

// contactAsset is the locked Asset tile lying on Contact space i, or "".
func (p *Player) contactAsset(i int) string {
	end := ContactSpaces - p.cuffs()
	first := end - len(p.BottomRow)
	if i < first || i >= end {
		return ""
	}
	return p.BottomRow[i-first]
}

// contactFree reports whether Contact space i is empty: no card, no
// Handcuffs, no Asset tile.
func (p *Player) contactFree(i int) bool {
	c := p.Contacts[i]
	return c.Card < 0 && !c.Cuffed && p.contactAsset(i) == ""
}

// rightmostOpen is the rightmost Contact space not blocked by Handcuffs,
// or -1.
func (p *Player) rightmostOpen() int {
	for i := ContactSpaces - 1; i >= 0; i-- {
		if !p.Contacts[i].Cuffed {
			return i
		}
	}
	return -1
}
