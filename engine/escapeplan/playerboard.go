package escapeplan

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// The Player Board: Equipment, Fixer, Locker and Exit tiles on it, making
// space (EP-SPACE-*), drawing from a stack, healing and readying.

func (p *Player) item(kind, name string) int {
	for i, it := range p.Items {
		if it.Kind == kind && it.Name == name && !it.Used {
			return i
		}
	}
	return -1
}

func (s *State) useItem(p *Player, i int, res *engine.Result) {
	p.Items[i].Used = true
	res.Say("%s uses %s %s.", who(p.Seat), p.Items[i].Kind, p.Items[i].Name)
}

func (s *State) heal(p *Player, n int, res *engine.Result) {
	n = min(n, p.Wounds)
	p.Wounds -= n
	res.Say("%s heals %s.", who(p.Seat), engine.Plural(n, "Wound", "Wounds"))
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

// drawTiles shows the player n tiles of a stack (Locker or Exit) to keep 1
// face-down; the rest go back and the stack is shuffled (EP-STORE-07..11,
// EP-EXIT-04..06).
func (s *State) drawTiles(p *Player, kind, stack string, tiles *[]SecretTile, n int, res *engine.Result) {
	n = min(n, len(*tiles))
	drawn := append([]SecretTile(nil), (*tiles)[:n]...)
	s.revealed = true
	*tiles = (*tiles)[n:]
	t := s.ask(p.Seat, KeepTile)
	t.Data.Drawn = drawn
	t.Data.Colour = kind
	t.Data.Stack = stack
	s.push(t)
	var names []string
	for _, d := range drawn {
		names = append(names, fmt.Sprintf("%s ($%dk)", d.Name, d.Value))
	}
	res.Note(engine.Seat(p.Seat), "You look at %s: %s. Choose one to keep.", engine.Plural(n, kind+" tile", kind+" tiles"), strings.Join(names, ", "))
	res.Say("%s looks at %s.", who(p.Seat), engine.Plural(n, stack+" "+kind+" tile", stack+" "+kind+" tiles"))
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
	s.receiveItem(p, t.Colour, t.Stack+" "+t.Colour, &kept, t.Stack, 0, res)
}

// itemRoom is how many Equipment, Fixer, Locker and Exit tiles the Player
// Board holds now: the Item spaces not covered by the locked police Asset
// tiles of the top row (EP-SETUP-30), which lie on the rightmost spaces
// and slide right as each is unlocked (EP-UNLOCK-03).
func (p *Player) itemRoom() int { return ItemSpaces - len(p.TopRow) }

// itemAsset is the locked Asset tile lying on Item space i, or "".
func (p *Player) itemAsset(i int) string {
	first := ItemSpaces - len(p.TopRow)
	if i < first || i >= ItemSpaces {
		return ""
	}
	return p.TopRow[i-first]
}

// receiveItem puts a new tile on the Player Board, or asks to make space
// (EP-SPACE-01); price is what the player paid for it (0 when drawn), paid
// back if the tile is handed back for want of room.
func (s *State) receiveItem(p *Player, kind, name string, secret *SecretTile, stack string, price int, res *engine.Result) {
	if len(p.Items) < p.itemRoom() {
		p.Items = append(p.Items, Item{Kind: kind, Name: name, Secret: secret})
		return
	}
	t := s.ask(p.Seat, MakeSpace)
	t.Data.Colour = kind
	t.Data.Item = name
	t.Data.Keep = secret
	t.Data.Stack = stack
	t.Data.Price = price
	s.push(t)
}

// tileKind is the kind of tile a MakeSpace decision is waiting to place.
func (t Detail) tileKind() string { return t.Colour }

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
		// Back on top of the face-up stack, where it was bought from.
		s.Fixers = append([]string{name}, s.Fixers...)
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

// keepMoves lists the drawn tiles to keep; the choice is secret
// (EP-STORE-07..11, EP-EXIT-04..06).
func (s *State) keepMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for i := range t.Drawn {
		i := i
		ms.Legal(fmt.Sprintf("keep %d", i+1), func(res *engine.Result) {
			// The choice among secret tiles is itself secret.
			res.Secret = true
			s.keepDrawn(seat, i, res)
		})
	}
}

// makeSpaceMoves lists discarding a tile for the new one (+1 Notoriety),
// and giving the new one back (EP-SPACE-01/02).
func (s *State) makeSpaceMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for i, it := range p.Items {
		i, it := i, it
		ms.Legal(fmt.Sprintf("make space %d %s", i+1, it.Name), func(res *engine.Result) {
			res.Say("%s discards the %s tile to make space (+1 Notoriety).", who(seat), it.Name)
			s.discardItem(p, i)
			s.addNotoriety(p.Seat, 1, res) // EP-SPACE-02
			tk := s.Pending.Pop().Data
			s.receiveItem(p, tk.tileKind(), tk.Item, tk.Keep, tk.Stack, tk.Price, res)
		})
	}
	ms.Legal("return tile", func(res *engine.Result) {
		tk := s.Pending.Pop().Data
		s.returnTile(tk.tileKind(), tk.Item, tk.Keep, tk.Stack)
		res.Say("%s has no room and gives the new %s tile back.", who(seat), tk.Item)
		if tk.Price > 0 {
			// A tile handed back was never bought: the money comes back
			// and the purchase does not count against the visit's limit.
			s.pay(&p.Money, -tk.Price)
			res.Say("%s gets the $%d back.", who(seat), tk.Price)
			if ts := s.turnState(); ts != nil && ts.Visit != nil {
				switch tk.tileKind() {
				case "fixer":
					ts.Visit["fixer"] = 0
				case "equipment":
					ts.Visit["bought"]--
				}
			}
		}
	})
}
