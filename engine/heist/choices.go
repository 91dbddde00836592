package heist

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"casefile/engine"
)

// chooser names who answered, for the log.
func chooser(c *Character) string {
	if c == nil {
		return "the engine (nobody left to choose)"
	}
	return c.ref()
}

// choiceMoves lists the answers to the waiting Choice; c answers for the
// team (nil when nobody is left to).
func (s *State) choiceMoves(c *Character) *engine.Moves {
	var ms engine.Moves
	d := s.choice()
	if d == nil {
		return &ms
	}
	ch := &d.Data
	switch d.Kind {
	case choiceChase:
		from := s.tile(ch.Hex)
		for _, h := range ch.Options {
			to := s.tile(h)
			for _, t := range s.charsOn(to) {
				t := t
				ms.Legal("dog chases "+lower(t.Name), func(res *engine.Result) {
					s.answered()
					res.Say("%s chooses: the Guard Dog on %s chases %s.", chooser(c), from.Hex, t.ref())
					s.chase(from, to, t, res)
					s.dogsChase(res)
					s.settled(res)
				})
			}
		}
	case choiceRun:
		k := s.tile(ch.Hex)
		for _, h := range ch.Options {
			to := s.tile(h)
			ms.Legal("dog runs to "+to.Hex, func(res *engine.Result) {
				s.answered()
				res.Say("%s chooses where the Guard Dog runs: %s.", chooser(c), to.Hex)
				s.dogArrives(k, to, res)
				s.settled(res)
			})
		}
	case choiceHound:
		for _, seat := range ch.Chars {
			t := s.char(seat)
			ms.Legal("dog goes for "+lower(t.Name), func(res *engine.Result) {
				res.Say("%s chooses: a hound goes for %s.", chooser(c), t.ref())
				s.Hounds = append(s.Hounds, int(t.Seat))
				ch.Chars = slices.DeleteFunc(slices.Clone(ch.Chars), func(x engine.Seat) bool { return x == t.Seat })
				ch.Left--
				if ch.Left > 0 && !s.houndsDiffer(ch.Chars) {
					// The rest all stand on one hex: any of them is the same.
					for _, x := range ch.Chars[:ch.Left] {
						s.Hounds = append(s.Hounds, int(x))
					}
					ch.Left = 0
				}
				if ch.Left > 0 {
					return
				}
				s.answered()
				s.houndsChosen(res)
				s.settled(res)
			})
		}
	case choiceLock:
		for _, h := range ch.Options {
			t := s.tile(h)
			ms.Legal("lock guard "+t.Hex, func(res *engine.Result) {
				res.Say("%s chooses %s for a Lock.", chooser(c), t.Hex)
				s.lockGuard(t, res)
				ch.Options, _ = removeString(slices.Clone(ch.Options), t.Hex)
				ch.Left--
				if ch.Left > 0 && len(ch.Options) <= ch.Left {
					for _, o := range ch.Options {
						s.lockGuard(s.tile(o), res)
					}
					ch.Left = 0
				}
				if ch.Left > 0 {
					return
				}
				s.answered()
				s.settled(res)
			})
		}
	case choiceSquirrely:
		for _, seat := range ch.Chars {
			t := s.char(seat)
			ms.Legal("squirrely "+lower(t.Name), func(res *engine.Result) {
				s.answered()
				res.Say("%s chooses: SQUIRRELY falls on %s.", chooser(c), t.ref())
				s.squirrelyHits(t, res)
				s.settled(res)
			})
		}
	case choiceSquirrelyCost:
		t := s.char(d.Seats[0])
		ms.Legal("lose idea", func(res *engine.Result) {
			s.answered()
			t.Ideas--
			res.Say("SQUIRRELY: %s loses an Idea (%d left).", t.ref(), t.Ideas)
			s.settled(res)
		})
		ms.Legal("cause 2 noise", func(res *engine.Result) {
			s.answered()
			res.Say("SQUIRRELY: %s causes 2 Noise.", t.ref())
			s.addNoise(2, res)
			s.settled(res)
		})
	}
	if s.explain {
		s.choiceRefusals(d, &ms)
	}
	return &ms
}

// choiceRefusals explains, for a refusal only, an answer the waiting
// choice does not allow, and any other move: the choice comes first.
func (s *State) choiceRefusals(d *decision, ms *engine.Moves) {
	head := fmt.Sprintf("The team must first decide %s; any one of you may answer.", s.question(d))
	if d.Mode == engine.Sequential {
		head = fmt.Sprintf("%s's player must first decide %s.", s.char(d.Seats[0]).ref(), s.question(d))
	}
	ms.RefuseFamily("", engine.Cond(head))
	ch := &d.Data
	for _, c := range s.onBoardChars() {
		name := lower(c.Name)
		switch d.Kind {
		case choiceChase:
			ms.Add("dog chases "+name, engine.Require(false, "%q is not a character next to the Guard Dog on %s (off the Entrances). %s", name, ch.Hex, head), nil)
		case choiceHound:
			ms.Add("dog goes for "+name, engine.Require(false, "%q is not one of the characters tied for nearest to the Kennel. %s", name, head), nil)
		case choiceSquirrely:
			ms.Add("squirrely "+name, engine.Require(false, "%q is not one of the characters tied for nearest to the %s. %s", name, s.npcName(), head), nil)
		}
	}
	for _, t := range s.Tiles {
		switch d.Kind {
		case choiceRun:
			ms.Add("dog runs to "+t.Hex, engine.Require(false, "The Dog cannot end its run on %s: it walks up to 3 hexes along a shortest path toward its target and stops once it can chase. %s", t.Hex, head), nil)
		case choiceLock:
			ms.Add("lock guard "+t.Hex, engine.Require(false, "%s is not a hex left with an unsubdued Guard next to a character. %s", t.Hex, head), nil)
		}
	}
}

// standInChoice answers a Choice for an away player: a Kennel Dog runs to
// the end farthest from the crew, anything else takes the first option
// (SQUIRRELY: the first tied character in seat order, then lose idea, which
// keeps the team's Noise down).
func (s *State) standInChoice(legal []string) string {
	if s.choice().Kind == choiceRun {
		dist := s.distances(func(t *Tile) bool { return len(s.charsOn(t)) > 0 })
		best, far := "", -1
		for _, m := range legal {
			t := s.tile(strings.TrimPrefix(m, "dog runs to "))
			if t == nil {
				continue
			}
			d, ok := dist[t]
			if !ok {
				d = 1 << 20
			}
			if d > far {
				best, far = m, d
			}
		}
		if best != "" {
			return best
		}
	}
	return legal[0]
}

// tileIndex orders tiles in board order.
func (s *State) tileIndex(t *Tile) int {
	if s.byHex == nil {
		s.index()
	}
	return s.byHex[t.Hex]
}

func (s *State) hexesOf(ts []*Tile) []string {
	sort.Slice(ts, func(i, j int) bool { return s.tileIndex(ts[i]) < s.tileIndex(ts[j]) })
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Hex
	}
	return out
}

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

// lockGuard adds Guard Locks Himself In's Lock on t.
func (s *State) lockGuard(t *Tile, res *engine.Result) {
	s.place(t, Lock, "A Lock", res)
}

// guardLocks is Event 5: a Lock on every hex with an unsubdued Guard
// adjacent to a character, at most 3; the team picks which when more
// qualify (or when the supply holds fewer Locks than qualifying hexes).
func (s *State) guardLocks(res *engine.Result) {
	var cands []*Tile
	for _, t := range s.Tiles {
		if real(t) && t.guards() > 0 && s.charAdjacent(t) {
			cands = append(cands, t)
		}
	}
	want := min(3, len(cands))
	left := min(want, s.supplyLeft(Lock))
	if left < want {
		s.noSupply(Lock, res)
	}
	if left <= 0 {
		return
	}
	if len(cands) <= left {
		for _, t := range cands {
			s.lockGuard(t, res)
		}
		return
	}
	s.ask(choiceLock, Question{Card: "5", Options: s.hexesOf(cands), Left: left}, nil, res)
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

// continueCrisis finishes the Crisis a Choice interrupted, then the rest
// of the queue and of the Event phase.
func (s *State) continueCrisis(res *engine.Result) {
	if s.Crisis == "C6" {
		s.continueHounds(res)
		if s.choice() != nil {
			return
		}
	}
	if s.Crisis != "" {
		s.Discard = append(s.Discard, s.Crisis)
		s.Crisis = ""
	}
	s.crises(res)
}
