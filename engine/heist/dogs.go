package heist

import (
	"slices"
	"sort"

	"casefile/engine"
)

// Guard Dogs (MH-DOG-*): Dogs chase the characters next to them, a Dog
// leaves the Kennel for D1-D3, and Release the Hounds! sends three; where
// the rules leave a Dog's choice open, the team decides.

// chaseTargets lists the hexes a Guard Dog on t may jump onto: adjacent,
// with a character, not an Entrance (MH-DOG-02, MH-DOG-04), board order.
func (s *State) chaseTargets(t *Tile) []*Tile {
	var out []*Tile
	for _, n := range s.neighbours(t) {
		if !n.Entrance && len(s.charsOn(n)) > 0 {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return s.tileIndex(out[i]) < s.tileIndex(out[j]) })
	return out
}

// chase moves a Guard Dog from t onto c's hex to.
func (s *State) chase(t, to *Tile, c *Character, res *engine.Result) {
	s.moveChit(t, to, Dog)
	res.Say("A Guard Dog chases %s from %s to %s.", c.ref(), t.Hex, to.Hex)
}

// dogRunEnds lists where a Dog leaving the Kennel k may end its run toward
// any of targets: up to 3 steps, each one hex closer to the target, never
// onto an Entrance, stopping as soon as it is on or next to a character
// (it can chase). Several ends mean the team chooses (MH-DOG-07).
func (s *State) dogRunEnds(k *Tile, targets []*Tile) []*Tile {
	seen := map[*Tile]bool{}
	canChase := func(t *Tile) bool { return len(s.charsOn(t)) > 0 || s.charAdjacent(t) }
	for _, g := range targets {
		dist := s.distances(func(t *Tile) bool { return t == g })
		var walk func(t *Tile, steps int)
		walk = func(t *Tile, steps int) {
			if steps == 3 || canChase(t) {
				seen[t] = true
				return
			}
			moved := false
			if d, ok := dist[t]; ok {
				for _, n := range s.neighbours(t) {
					if nd, ok := dist[n]; ok && !n.Entrance && nd < d {
						moved = true
						walk(n, steps+1)
					}
				}
			}
			if !moved {
				seen[t] = true
			}
		}
		walk(k, 0)
	}
	if len(seen) == 0 {
		seen[k] = true
	}
	var out []*Tile
	for _, t := range s.Tiles {
		if seen[t] {
			out = append(out, t)
		}
	}
	return out
}

// nearestTiles keeps the tiles of ts at the smallest distance from k
// (reachable ones only).
func (s *State) nearestTiles(k *Tile, ts []*Tile) []*Tile {
	from := s.distances(func(t *Tile) bool { return t == k })
	best := -1
	var out []*Tile
	for _, t := range ts {
		d, ok := from[t]
		switch {
		case !ok:
		case best < 0 || d < best:
			best, out = d, []*Tile{t}
		case d == best && !slices.Contains(out, t):
			out = append(out, t)
		}
	}
	return out
}

// charTiles lists the hexes of characters, without repeats.
func (s *State) charTiles(cs []*Character) []*Tile {
	var out []*Tile
	for _, c := range cs {
		if t := s.tile(c.Hex); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// distinctEnds keeps one run end per outcome: ends from which the Dog
// jumps onto the same character's hex at once are the same to the team, so
// only the first (board order) is offered, and a single outcome asks
// nothing.
func (s *State) distinctEnds(ends []*Tile) []*Tile {
	var out []*Tile
	seen := map[*Tile]bool{}
	for _, e := range ends {
		final := e
		if !s.DogWhistle && len(s.charsOn(e)) == 0 {
			if to := s.chaseTargets(e); len(to) == 1 {
				final = to[0]
			}
		}
		if !seen[final] {
			seen[final] = true
			out = append(out, e)
		}
	}
	return out
}

// runDog puts a new Dog on the Kennel and runs it toward one of targets
// (MH-DOG-06); the team picks the end when several are possible.
func (s *State) runDog(card string, targets []*Tile, res *engine.Result) {
	k := s.kennel()
	if k == nil {
		res.Say("There is no Kennel: no Dog comes.")
		return
	}
	if !s.supply(k, Dog) {
		s.noSupply(Dog, res)
		return
	}
	ends := s.distinctEnds(s.dogRunEnds(k, targets))
	if len(ends) == 1 {
		s.dogArrives(k, ends[0], res)
		return
	}
	s.ask(choiceRun, Question{Card: card, Hex: k.Hex, Options: s.hexesOf(ends)}, nil, res)
}

// dogArrives moves the new Dog from the Kennel k to t, then Dogs chase.
func (s *State) dogArrives(k, t *Tile, res *engine.Result) {
	if t != k {
		s.moveChit(k, t, Dog)
	}
	res.Say("A Guard Dog comes out of the Kennel to %s.", t.Hex)
	s.dogsChase(res)
}

// spawnDog is Events D1-D3: a Dog leaves the Kennel toward the nearest
// character (D1), the nearest loot (D2) or a character with the fewest
// Ideas (D3).
func (s *State) spawnDog(code string, res *engine.Result) {
	k := s.kennel()
	if k == nil {
		res.Say("There is no Kennel: no Dog comes.")
		return
	}
	chars := s.onBoardChars()
	var targets []*Tile
	switch code {
	case "D1":
		// Toward the nearest character: ties are the team's.
		targets = s.nearestTiles(k, s.charTiles(chars))
	case "D2":
		var loot []*Tile
		for _, t := range s.Tiles {
			if real(t) && t.hasLoot() && !t.Entrance {
				loot = append(loot, t)
			}
		}
		targets = s.nearestTiles(k, loot)
	case "D3":
		// "Toward a player character with the least number of Ideas": any
		// of them, not only the nearest.
		least := -1
		for _, c := range chars {
			if least < 0 || c.Ideas < least {
				least = c.Ideas
			}
		}
		var fearful []*Character
		for _, c := range chars {
			if c.Ideas == least {
				fearful = append(fearful, c)
			}
		}
		from := s.distances(func(t *Tile) bool { return t == k })
		for _, t := range s.charTiles(fearful) {
			if _, ok := from[t]; ok {
				targets = append(targets, t)
			}
		}
	}
	s.runDog(code, targets, res)
}

// houndsDiffer reports whether the characters stand on more than one hex,
// so that choosing among them changes anything.
func (s *State) houndsDiffer(seats []engine.Seat) bool {
	for _, x := range seats {
		if s.char(x).Hex != s.char(seats[0]).Hex {
			return true
		}
	}
	return false
}

// releaseHounds is Crisis C6: three Dogs, each toward a different one of
// the three characters nearest the Kennel (fewer characters: the nearest
// again). When distances tie at the edge of the three, the team picks.
func (s *State) releaseHounds(res *engine.Result) {
	k := s.kennel()
	if k == nil {
		res.Say("There is no Kennel: no Dog comes.")
		return
	}
	const far = 1 << 20
	from := s.distances(func(t *Tile) bool { return t == k })
	dist := func(c *Character) int {
		if d, ok := from[s.tile(c.Hex)]; ok {
			return d
		}
		return far
	}
	chars := s.onBoardChars()
	sort.SliceStable(chars, func(i, j int) bool { return dist(chars[i]) < dist(chars[j]) })
	s.Hounds = nil
	if n := min(3, len(chars)); n > 0 {
		edge := dist(chars[n-1])
		var tied []engine.Seat
		for _, c := range chars {
			switch d := dist(c); {
			case d < edge:
				s.Hounds = append(s.Hounds, int(c.Seat))
			case d == edge:
				tied = append(tied, c.Seat)
			}
		}
		need := n - len(s.Hounds)
		// Unreachable characters are all the same to a Dog that cannot
		// get to them: no question then.
		if len(tied) > need && edge < far && s.houndsDiffer(tied) {
			s.ask(choiceHound, Question{Card: "C6", Chars: tied, Left: need}, nil, res)
			return
		}
		for _, x := range tied[:need] {
			s.Hounds = append(s.Hounds, int(x))
		}
	}
	s.houndsChosen(res)
}

// houndsChosen fills Release the Hounds!'s targets up to three (the nearest
// character again) and runs them.
func (s *State) houndsChosen(res *engine.Result) {
	for len(s.Hounds) < 3 {
		s.Hounds = append(s.Hounds, -1)
	}
	s.continueHounds(res)
}

// continueHounds runs Release the Hounds!'s Dogs still waiting, one at a
// time, stopping when one needs the team's choice.
func (s *State) continueHounds(res *engine.Result) {
	for len(s.Hounds) > 0 && s.choice() == nil {
		seat := s.Hounds[0]
		s.Hounds = s.Hounds[1:]
		k := s.kennel()
		var targets []*Tile
		if seat < 0 {
			targets = s.nearestTiles(k, s.charTiles(s.onBoardChars()))
		} else if c := s.char(engine.Seat(seat)); c != nil && c.onBoard() {
			targets = s.nearestTiles(k, []*Tile{s.tile(c.Hex)})
		}
		s.runDog("C6", targets, res)
	}
}

// dogsChase moves every Guard Dog that is adjacent to a character and not
// sharing a tile with one onto that character (MH-DOG-02..04). When
// characters on several hexes qualify, the team chooses (MH-DOG-07): the
// chase stops at that Dog until the choice is answered, and answering it
// lets the remaining Dogs chase.
func (s *State) dogsChase(res *engine.Result) {
	if s.DogWhistle || s.Phase == PhaseEscape || s.choice() != nil {
		return
	}
	for moved := true; moved; {
		moved = false
		for _, t := range s.Tiles {
			if !real(t) || t.chasers() == 0 || len(s.charsOn(t)) > 0 {
				continue
			}
			switch to := s.chaseTargets(t); len(to) {
			case 0:
			case 1:
				s.chase(t, to[0], s.charsOn(to[0])[0], res)
				moved = true
			default:
				s.ask(choiceChase, Question{Hex: t.Hex, Options: s.hexesOf(to)}, nil, res)
				return
			}
		}
	}
}

// chasers counts the Dogs on t that may chase.
func (t *Tile) chasers() int {
	n := 0
	for _, c := range t.Chits {
		if c.Kind == Dog && c.Active && !c.Stay {
			n++
		}
	}
	return n
}

// kennel is the board's Kennel tile, or nil.
func (s *State) kennel() *Tile {
	for _, t := range s.Tiles {
		if real(t) && t.has(TokKennel) {
			return t
		}
	}
	return nil
}
