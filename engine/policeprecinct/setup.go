package policeprecinct

import (
	"casefile/engine"
)

// policeDeckKinds maps each physical Police card (its id) to its kind.
var policeDeckKinds = func() []int {
	var out []int
	for k, c := range PoliceCards {
		for i := 0; i < c.Copies; i++ {
			out = append(out, k)
		}
	}
	return out
}()

// PoliceKind is the kind of physical Police card id.
func PoliceKind(id int) PoliceCard { return PoliceCards[policeDeckKinds[id]] }

// stationSpace is the Police Station's Enter space, where cars start.
func stationSpace() int { return Lot(PoliceStation).Enter }

// hospitalSpace is the Hospital's entrance.
func hospitalSpace() int { return Lot(Hospital).Enter }

// newState deals a game: every setup step, in order (PP-SETUP-*, the study
// §1A.1 and the list). traitors is the Dirty Cop mode, empty for
// a purely co-operative game. With choose the characters are drafted
// (draft.go) instead of dealt.
func newState(players int, seed uint64, manic bool, traitors string, choose bool) *State {
	dirtyCop := traitors != ""
	s := &State{
		NPlayers: players, Manic: manic, DirtyCop: dirtyCop, Traitors: traitors,
		Rng:     *engine.NewRand(seed),
		Support: -1, GangSupply: GangCards,
		DonutSupply:   DonutSupply,
		UpgradeSupply: map[string]int{},
		T:             TurnState{Event: -1},
	}
	row := s.setupRow()
	s.PatrolSupply = row.Patrol
	var res engine.Result
	// 1. Calendar on the day of the setup table; Crime marker at the start
	// of the Crime Track.
	s.Day = row.StartDay
	s.Crime = 0
	for _, k := range UpgradeKinds {
		s.UpgradeSupply[k] = UpgradesPerKind
	}
	// 2. Characters dealt at random, or drafted after the deal; Start
	// Player by seed. The shuffle happens either way, so that a drafted
	// game's board is the one the same seed deals at random.
	chars := make([]int, len(Characters))
	for i := range chars {
		chars[i] = i
	}
	engine.ShuffleSlice(&s.Rng, chars)
	for i := 0; i < players; i++ {
		c := Cop{Seat: i, Character: chars[i], Marked: true, At: stationSpace(), KnownTo: handPolicy(i, players, dirtyCop)}
		if choose {
			c.Character = NoCharacter
		}
		s.Cops = append(s.Cops, c)
		if !choose {
			s.earlyRiser(&s.Cops[i])
		}
	}
	// 2b. Dirty Cop variant: Loyalty cards dealt face down [P1][P5].
	if dirtyCop {
		s.dealLoyalty()
	}
	start := s.Rng.Intn(players)
	for i := 0; i < players; i++ {
		s.Order = append(s.Order, (start+i)%players)
	}
	// 3. Police deck shuffled, cards dealt.
	for id, k := range policeDeckKinds {
		if inDeck(k, dirtyCop) {
			s.PoliceDeck = append(s.PoliceDeck, id)
		}
	}
	engine.ShuffleSlice(&s.Rng, s.PoliceDeck)
	for i := range s.Cops {
		for k := 0; k < row.PoliceCards; k++ {
			s.Cops[i].Hand = append(s.Cops[i].Hand, s.PoliceDeck[0])
			s.PoliceDeck = s.PoliceDeck[1:]
		}
	}
	// 4. Investigation stacks on their locations [P5][P6].
	stackLots := [4]string{ParkingLot, Morgue, "", ""}
	stackLots[CatWitness] = "apartment " + itoa(s.die())
	stackLots[CatWeapon] = "warehouse " + itoa(s.die())
	for id, c := range InvestigationCards {
		s.Stacks[c.Cat].Cards = append(s.Stacks[c.Cat].Cards, id)
	}
	for c := range s.Stacks {
		s.Stacks[c].Lot = stackLots[c]
		engine.ShuffleSlice(&s.Rng, s.Stacks[c].Cards)
	}
	res.Say("Investigation stacks: Crime Scene at the Parking Lot, Examine Body at the Morgue, Interview Witness at %s, Murder Weapon at %s.", stackLots[CatWitness], stackLots[CatWeapon])
	// 5. Unknown Circumstances markers face down; Event deck shuffled.
	for i := range UCMarkers {
		s.UCPool = append(s.UCPool, i)
	}
	engine.ShuffleSlice(&s.Rng, s.UCPool)
	for i := range EventDeck {
		s.EventDeck = append(s.EventDeck, i)
	}
	engine.ShuffleSlice(&s.Rng, s.EventDeck)
	// 6. Two Emergencies from the Event deck at their locations, with UC
	// markers and the Urgent marker [P5][P6]; other cards drawn meanwhile
	// go back and the deck is shuffled again [ours].
	var aside []int
	for placed := 0; placed < 2; {
		c := s.EventDeck[0]
		s.EventDeck = s.EventDeck[1:]
		if EventDeck[c].Kind != EvEmergency {
			aside = append(aside, c)
			continue
		}
		s.placeEmergency(c, &res)
		placed++
	}
	if len(aside) > 0 {
		s.EventDeck = append(s.EventDeck, aside...)
		engine.ShuffleSlice(&s.Rng, s.EventDeck)
	}
	// 7. Six Street Punks by die roll [P6]; the stockpile of the table
	// remains.
	s.Stockpile = row.Punks + SetupPunks
	s.addPunks(SetupPunks, &res)
	// 8. Cars at the Police Station (each cop chooses Marked or Unmarked,
	// the first decision); the Support Vehicle there in 1–2-player games.
	if players <= 2 {
		s.Support = stationSpace()
	}
	s.Opening = res.Public
	seats := make([]engine.Seat, players)
	for i := range seats {
		seats[i] = engine.Seat(i)
	}
	s.Pending.Push(Decision{Kind: ChooseCar, Mode: engine.Simultaneous, Seats: seats, Phase: PhaseSetup, Default: "car marked"})
	if choose {
		// The draft comes first: it sits above the car choice.
		s.pushPick(0)
	}
	return s
}

// earlyRiser gives the Early Riser its starting Donut from the supply,
// whether the character was dealt or drafted.
func (s *State) earlyRiser(c *Cop) {
	if c.Char().Has(PowerEarlyRiser) {
		c.Donuts++
		s.DonutSupply--
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
