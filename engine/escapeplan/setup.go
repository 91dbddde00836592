package escapeplan

import (
	"casefile/engine"
)

// Setup (EP-SETUP-*, EP-2PSETUP-*): dealing a new game, one function per
// step of the rules' setup.

// newState deals a game for n players (EP-SETUP-*, EP-2PSETUP-*); the
// steps run in the rules' order, which also fixes the order of every
// shuffle.
func newState(n int, seed uint64) *State {
	s := &State{NPlayers: n, Round: 1, Phase: PhaseIncome, Bank: BankMoney}
	s.Rng = *engine.NewRand(seed)
	s.setUpBoard(n)
	s.setUpCityStacks()
	s.setUpSupplies()
	s.setUpPatrol()
	s.setUpLocationTiles()
	s.setUpTileStacks()
	s.setUpContacts()
	s.setUpPlayers(n)
	s.setUpTurnOrder(n)
	s.setUpSandra(n)
	// EP-SETUP-04/06/07/08: flip the stack tops and place officers.
	s.drawOfficers(storeD)
	s.flipStacks()
	return s
}

// setUpBoard lays out the board side, the printed tiles, the Start tiles
// with their Gang Members, and the bag of officers.
func (s *State) setUpBoard(n int) {
	r := &s.Rng
	// EP-SETUP-01: the board side follows the player count.
	s.Side = "A"
	if n >= 4 {
		s.Side = "B"
	}
	side := BoardSides[s.Side]
	s.Grid = make([]int, GridCols*GridRows)
	for i := range s.Grid {
		s.Grid[i] = -1
	}
	s.Tiles = make([]TileState, len(CityTiles))
	for t := range s.Tiles {
		s.Tiles[t] = TileState{Where: "stack", Slot: -1}
	}
	s.putInCity(hospital, slotOf(side.Hospital[0], side.Hospital[1]))
	s.putInCity(storeD, slotOf(side.StoreD[0], side.StoreD[1]))
	// EP-SETUP-02: Start tiles at random on the 'S' spaces.
	starts := []int{tileIndex["s1"], tileIndex["s2"]}
	engine.ShuffleSlice(r, starts)
	for i, t := range starts {
		s.putInCity(t, slotOf(side.Start[i][0], side.Start[i][1]))
	}
	s.Locs = make([]LocState, nLocs)
	for l := range s.Locs {
		s.Locs[l].Control = -1
	}
	// EP-SETUP-09: Gang Members on the Gangs of the Start tiles; the rest
	// wait in the supply for the Gangs of City tiles (EP-CITY-07).
	s.GangSupply = GangMembers
	for _, t := range starts {
		for _, l := range tileLocs[t] {
			if locDef[l].Kind == Gang {
				s.Locs[l].GangMembers = 2
				s.GangSupply -= 2
			}
		}
	}
	// EP-SETUP-05: every officer starts in the bag.
	s.Bag = [3]int{OfficersPerColour, OfficersPerColour, OfficersPerColour}
}

// setUpCityStacks shuffles the 4 lettered City tile stacks.
func (s *State) setUpCityStacks() {
	r := &s.Rng
	// EP-SETUP-03/04: 4 shuffled stacks by letter, tops face-up.
	for k, letter := range []string{"a", "b", "c", "d"} {
		var st []int
		for t, td := range CityTiles {
			if td.Stack == letter {
				st = append(st, t)
			}
		}
		engine.ShuffleSlice(r, st)
		s.Stacks[k].Tiles = st
		s.FaceUp[k] = -1
	}
}

// setUpSupplies fills the Gas, Extra Action disc and Handcuffs supplies.
func (s *State) setUpSupplies() {
	// EP-SETUP-09: Gas Canisters and Gang Members in their supply.
	s.Gas = GasCans
	s.Discs = ExtraActionDiscs
	s.Handcuffs = HandcuffCards
}

// setUpPatrol shuffles the Patrol deck and discards its top card unseen.
func (s *State) setUpPatrol() {
	r := &s.Rng
	// EP-SETUP-11: the Patrol deck, 2 cards per Patrol space, top discarded.
	for p := 1; p <= 3; p++ {
		s.PatrolDeck = append(s.PatrolDeck, p, p)
	}
	engine.ShuffleSlice(r, s.PatrolDeck)
	s.PatrolDiscard = s.PatrolDeck[0]
	s.PatrolDeck = s.PatrolDeck[1:]
}

// setUpLocationTiles sets the Business and Safe House tiles aside and
// deals 3 Keys above each Safe House.
func (s *State) setUpLocationTiles() {
	r := &s.Rng
	// EP-SETUP-12/13: Business and Safe House tiles; Keys at random.
	for _, b := range BusinessTiles {
		s.Businesses = append(s.Businesses, BusinessState{Name: b.Name, Group: b.Group, Loc: -1})
	}
	var keys []string
	for _, c := range KeyColours {
		keys = append(keys, c, c, c)
	}
	engine.ShuffleSlice(r, keys)
	for i, name := range SafeHouseTiles {
		s.SafeHouses = append(s.SafeHouses, SafeHouseState{Name: name, Loc: -1, Keys: append([]string(nil), keys[3*i:3*i+3]...)})
	}
}

// setUpTileStacks prepares the Fixer, Locker, Equipment and Exit tiles.
func (s *State) setUpTileStacks() {
	r := &s.Rng
	// EP-SETUP-14: the Fixer stack (8 of the 11 kinds, at random).
	var fixers []string
	for _, f := range FixerKinds {
		fixers = append(fixers, f.Name)
	}
	engine.ShuffleSlice(r, fixers)
	s.Fixers = fixers[:FixersInPlay]
	s.FixersUnused = fixers[FixersInPlay:]
	// EP-SETUP-15/16/17: Lockers by colour, Equipment by type, Exit stacks.
	for i, c := range KeyColours {
		s.Lockers[i].Tiles = append([]SecretTile(nil), LockerTiles[c]...)
		engine.ShuffleSlice(r, s.Lockers[i].Tiles)
	}
	for i := range s.Equipment {
		s.Equipment[i] = 4
	}
	for _, c := range ExitStackColours {
		st := ExitStack{Colour: c, Tiles: append([]SecretTile(nil), ExitTiles[c]...)}
		engine.ShuffleSlice(r, st.Tiles)
		s.ExitStacks = append(s.ExitStacks, st)
	}
}

// setUpContacts shuffles the Contact deck and lays out the display.
func (s *State) setUpContacts() {
	r := &s.Rng
	// EP-SETUP-18: the Contact deck and a display of 7.
	for i := range ContactDeck {
		s.ContactDeck = append(s.ContactDeck, i)
	}
	engine.ShuffleSlice(r, s.ContactDeck)
	for i := range s.Display {
		s.Display[i] = s.ContactDeck[0]
		s.ContactDeck = s.ContactDeck[1:]
	}
}

// setUpPlayers deals each player an Escape Plan card and their pieces.
func (s *State) setUpPlayers(n int) {
	r := &s.Rng
	// EP-SETUP-28: one secret Escape Plan card each.
	plans := make([]int, len(EscapePlans))
	for i := range plans {
		plans[i] = i
	}
	engine.ShuffleSlice(r, plans)
	for seat := 0; seat < n; seat++ {
		p := Player{
			Seat: seat, Plan: EscapePlans[plans[seat]].Title, At: hospLoc,
			IncomeCubes: IncomeCubes, FirstAid: true, Sun: true, Markers: 2,
			TopRow:    append([]string(nil), AssetTopRow...),
			BottomRow: append([]string(nil), AssetBottomRow...),
		}
		for i := range p.Contacts {
			p.Contacts[i].Card = -1
		}
		p.Assets = make([]AssetSpace, len(AssetPrices))
		p.Assets[0].Asset = AssetExtra // EP-SETUP-31
		s.pay(&p.Money, -StartMoney)   // EP-SETUP-27
		s.Players = append(s.Players, p)
	}
}

// setUpTurnOrder chooses the start player.
func (s *State) setUpTurnOrder(n int) {
	r := &s.Rng
	// EP-SETUP-33/34: a random start player, then clockwise (seat order).
	first := r.Intn(n)
	for i := 0; i < n; i++ {
		s.Order = append(s.Order, (first+i)%n)
	}
}

// setUpSandra brings in Sandra, the Police Inspector.
func (s *State) setUpSandra(n int) {
	r := &s.Rng
	// EP-2PSETUP-*: Sandra in 2-player games, and in our solo game.
	if n <= 2 {
		sd := &Sandra{At: hospLoc, Cubes: IncomeCubes}
		for i := range InspectorDeck {
			sd.Deck = append(sd.Deck, i)
		}
		engine.ShuffleSlice(r, sd.Deck)
		s.Sandra = sd
		s.Order = append(s.Order, SandraActor) // EP-2PSETUP-05
	}
}
