package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// Security: the chits on the board, the Security bag (kept as counts: which
// chit comes out next is the generator's only secret), the box's supply
// that caps what Events place, and Reveal.

func (s *State) adjacentLiveCamera(t *Tile) bool {
	for _, n := range s.neighbours(t) {
		if n.liveCamera() {
			return true
		}
	}
	return false
}

// drawChit takes a random chit from the Security bag, or "" if it is empty.
func (s *State) drawChit() string {
	total := 0
	for _, n := range s.Bag {
		total += n
	}
	if total == 0 {
		return ""
	}
	k := s.Rand.Intn(total)
	for _, kind := range sortedKeys(s.Bag) {
		n := s.Bag[kind]
		if k < n {
			s.Bag[kind]--
			if s.Bag[kind] == 0 {
				delete(s.Bag, kind)
			}
			s.BagDrawn++
			return kind
		}
		k -= n
	}
	return ""
}

// bagEmpty reports whether the Security bag holds no chit.
func (s *State) bagEmpty() bool {
	for _, n := range s.Bag {
		if n > 0 {
			return false
		}
	}
	return true
}

// addToBag puts up to n chits of kind from the supply into the bag.
func (s *State) addToBag(kind string, n int) int {
	k := 0
	for ; k < n && s.supplyLeft(kind) > 0; k++ {
		s.Bag[kind]++
		s.BagAdded++
	}
	return k
}

// supplyCaps are the chits in the box (MH-PIECES-05..08).
var supplyCaps = map[string]int{Guard: 15, Camera: 15, Lock: 12, Dog: 8}

// supplyLeft counts the chits of kind neither on the board nor in the bag.
func (s *State) supplyLeft(kind string) int {
	cap, ok := supplyCaps[kind]
	if !ok {
		return 1 << 20
	}
	n := s.Bag[kind] + 2*s.Bag[kind+" x2"]
	for _, t := range s.Tiles {
		if real(t) {
			n += t.count(kind, false)
		}
	}
	return cap - n
}

// supply places a chit of kind from the supply, Active, on t; when the
// box has none left nothing is placed (MH-EPHASE-11).
func (s *State) supply(t *Tile, kind string) bool {
	if s.supplyLeft(kind) <= 0 {
		return false
	}
	t.addChit(kind, true, false)
	return true
}

// place takes a kind of chit from the supply onto t and announces it as
// what ("A Guard"), or says the supply has none left.
func (s *State) place(t *Tile, kind, what string, res *engine.Result) bool {
	if s.supply(t, kind) {
		res.Say("%s is added on %s.", what, t.Hex)
		return true
	}
	s.noSupply(kind, res)
	return false
}

// reveal draws a chit for an unknown Security tile and places it Active
// (MH-SEC-09, MH-SEC-10). An empty bag leaves the tile blank (our rule).
func (s *State) reveal(t *Tile, res *engine.Result) {
	if !t.Unknown {
		return
	}
	t.Unknown = false
	res.Reveals = true
	if s.Phase == PhaseAction {
		s.DrawnThisRound = append(s.DrawnThisRound, t.Hex)
	}
	kind := s.drawChit()
	switch kind {
	case "":
		res.Say("%s revealed: the Security bag is empty, nothing there.", t.Hex)
		return
	case Guard, Dog, Lock, Camera, Blank:
		t.addChit(kind, kind != Blank, true)
	case Guard + " x2", Lock + " x2", Camera + " x2":
		// A 2x chit is two of its kind on one hex.
		base := strings.TrimSuffix(kind, " x2")
		t.addChit(base, true, true)
		t.addChit(base, true, true)
	default:
		t.Loot = append(t.Loot, kind)
	}
	res.Say("%s revealed: %s.", t.Hex, kind)
	if slices.Contains(s.HeldByGuard, kind) {
		// HELD BY GUARD: the Guard comes from the supply.
		s.supply(t, Guard)
		res.Say("%s: the %s is held by a Guard.", t.Hex, kind)
	}
}

// autoReveal reveals every unknown tile adjacent to a character, once the
// Heist has begun (MH-SEC-09, MH-SEC-11), then lets Guard Dogs chase.
func (s *State) autoReveal(res *engine.Result) {
	if s.Phase == PhasePlanning {
		return
	}
	for _, c := range s.pieces() {
		t := s.tile(c.Hex)
		for _, n := range s.neighbours(t) {
			if n.Unknown {
				s.reveal(n, res)
			}
		}
	}
	s.dogsChase(res)
	s.checkServers(res)
}

// moveChit moves one active chit of kind from a to b; a Dog drawn from the
// bag leaves a Blank behind to mark the tile revealed (MH-DOG-03).
func (s *State) moveChit(a, b *Tile, kind string) {
	for i, c := range a.Chits {
		if c.Kind == kind && c.Active && !c.Stay {
			a.Chits = append(a.Chits[:i:i], a.Chits[i+1:]...)
			if c.FromBag {
				a.addChit(Blank, false, false)
			}
			c.FromBag = false
			b.Chits = append(b.Chits, c)
			return
		}
	}
}

// checkServers removes every Remote Lock whose Server has a character on
// it (MH-REMOTE-05), an active NPC counting as one (MH-NPC-10).
func (s *State) checkServers(res *engine.Result) {
	for _, c := range s.pieces() {
		for _, tok := range s.tile(c.Hex).Tokens {
			if !strings.HasPrefix(tok, "server ") {
				continue
			}
			lock := "remote " + strings.TrimPrefix(tok, "server ")
			for _, t := range s.Tiles {
				if t.removeToken(lock) {
					res.Say("%s on %s: Remote Lock %s on %s opens.", c.ref(), c.Hex, strings.ToUpper(lock[7:]), t.Hex)
				}
			}
		}
	}
}

// adjacentLive reports whether the character is adjacent to a live Camera
// that has consequences (Loop Footage cancels them).
func (s *State) adjacentLive(c *Character) bool {
	return !s.LoopFootage && s.adjacentLiveCamera(s.tile(c.Hex))
}

func (s *State) adjacentGuard(c *Character) bool {
	for _, n := range s.neighbours(s.tile(c.Hex)) {
		if n.guards() > 0 {
			return true
		}
	}
	return false
}

// pressurePoints reports whether an Operative on or adjacent to t keeps its
// Guards down (PRESSURE POINTS).
func (s *State) pressurePoints(t *Tile) bool {
	for _, c := range s.Chars {
		if c.onBoard() && s.hasAbility(c, "PRESSURE POINTS") && onOrAdjacent(s.tile(c.Hex), t) {
			return true
		}
	}
	return false
}

// unsubdue flips subdued Guards on t back, unless an Operative is on or
// adjacent (PRESSURE POINTS). It returns how many.
func (s *State) unsubdue(t *Tile) int {
	if s.pressurePoints(t) {
		return 0
	}
	n := 0
	for t.setActive(Guard, true) || t.setActive(Dog, true) {
		n++
	}
	return n
}

// reenable turns a Camera back on; characters on it each raise an Alert
// (MH-SEC-07).
func (s *State) reenable(t *Tile, res *engine.Result) {
	if t.setActive(Camera, true) {
		res.Say("The Camera on %s is live again.", t.Hex)
		if !s.LoopFootage {
			for _, c := range s.charsOn(t) {
				s.raiseAlert(res, fmt.Sprintf("camera re-enabled on %s", c.ref()))
			}
		}
	}
}

// noSupply logs that the box has no chit of kind left to place.
func (s *State) noSupply(kind string, res *engine.Result) {
	res.Say("No %s chit is left in the supply.", kind)
}

// flashbangEnds gets up, at the end of the Event phase, the Guards and Dogs
// a Flashbang subdued (one entry "<hex> <kind>" per chit): those, not
// others subdued on the same hexes, and not where PRESSURE POINTS keeps
// Guards down. An entry without a kind (a snapshot from before rules
// version 4) gets up every Guard on its hex, as it did then.
func (s *State) flashbangEnds(res *engine.Result) {
	up := 0
	for _, e := range s.Flashbanged {
		h, kind, ok := strings.Cut(e, " ")
		t := s.tile(h)
		if t == nil || s.pressurePoints(t) {
			continue
		}
		if !ok {
			for t.setActive(Guard, true) {
				up++
			}
			continue
		}
		if t.setActive(kind, true) {
			up++
		}
	}
	if len(s.Flashbanged) > 0 {
		res.Say("The Flashbang wears off: %s up again.", engine.Plural(up, "Guard is", "Guards are"))
	}
	s.Flashbanged = nil
}
