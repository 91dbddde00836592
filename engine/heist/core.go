package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// isCrisis reports whether a deck code names a Crisis (C1..C6, Z1, Z2).
func isCrisis(code string) bool {
	return strings.HasPrefix(code, "C") || strings.HasPrefix(code, "Z")
}

// normalizeDeck sets aside every Crisis that reached the top of the deck,
// at once, in order (MH-CRISIS-02, MH-ACTION-08).
func (s *State) normalizeDeck() {
	for len(s.Deck) > 0 && isCrisis(s.Deck[0]) {
		s.CrisisQueue = append(s.CrisisQueue, s.Deck[0])
		s.Deck = s.Deck[1:]
	}
}

// raiseAlert discards the top Event card (MH-SUB-ALERT-01, MH-EVENT-02);
// Crises are never discarded (MH-CRISIS-03).
func (s *State) raiseAlert(res *engine.Result, why string) {
	s.normalizeDeck()
	if len(s.Deck) == 0 {
		res.Say("Alert (%s): the Event deck is empty.", why)
		return
	}
	top := s.Deck[0]
	s.Deck = s.Deck[1:]
	s.Discard = append(s.Discard, top)
	s.LastEvent, s.LastUsed = top, false
	res.Say("Alert (%s): Event %s discarded.", why, s.cardName(top))
	s.normalizeDeck()
}

func (s *State) alerts(n int, res *engine.Result, why string) {
	for i := 0; i < n; i++ {
		s.raiseAlert(res, why)
	}
}

// addNoise moves the Noise marker; reaching an Alert slot, or any Noise past
// the final slot, raises an Alert (MH-NOISE-01..03).
func (s *State) addNoise(n int, res *engine.Result) {
	for i := 0; i < n; i++ {
		if s.Noise.Level >= s.Noise.Final {
			s.raiseAlert(res, "noise past the last slot")
			continue
		}
		s.Noise.Level++
		for _, a := range s.Noise.Alerts {
			if a == s.Noise.Level {
				s.raiseAlert(res, fmt.Sprintf("noise reached %d", a))
			}
		}
	}
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

// pieces lists the characters on the board, with an active NPC, which is
// treated like a character (MH-NPC-10).
func (s *State) pieces() []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() {
			out = append(out, c)
		}
	}
	if n := s.NPC; n != nil && n.Active && n.onBoard() {
		out = append(out, n)
	}
	return out
}

// onBoard reports whether the character is still a piece on the board.
func (c *Character) onBoard() bool { return c.Hex != "" && !c.Busted && !c.Escaped }

// charsOn lists the characters standing on t.
func (s *State) charsOn(t *Tile) []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() && c.Hex == t.Hex {
			out = append(out, c)
		}
	}
	return out
}

// charAdjacent reports whether some character is adjacent to t.
func (s *State) charAdjacent(t *Tile) bool {
	for _, c := range s.Chars {
		if c.onBoard() && adjacent(s.tile(c.Hex), t) {
			return true
		}
	}
	return false
}

// dogsChase moves every Guard Dog that is adjacent to a character and not
// sharing a tile with one onto that character (MH-DOG-02..04). When
// characters on several hexes qualify, the team chooses (MH-DOG-07): the
// chase stops at that Dog until the Choice is answered, and answering it
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
// it (MH-REMOTE-05).
func (s *State) checkServers(res *engine.Result) {
	for _, c := range s.Chars {
		if !c.onBoard() {
			continue
		}
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

// secure moves a character's loot to the team once Outdoors (MH-ITEM-07,
// MH-ITEM-08). Tools (Items, the Keycard, the USB key) stay on the
// character, since they are only useful inside.
func (s *State) secure(c *Character, res *engine.Result) {
	if !c.onBoard() || !s.tile(c.Hex).Entrance {
		return
	}
	if c.Cash > 0 {
		s.SecuredCash += c.Cash
		res.Say("%s gets $%dk Outdoors.", c.ref(), c.Cash)
		c.Cash = 0
	}
	var keep []string
	for _, l := range c.Loot {
		if l == Jewel || l == Document || strings.HasPrefix(l, "painting") {
			s.Secured = append(s.Secured, l)
			res.Say("%s gets the %s Outdoors.", c.ref(), l)
			continue
		}
		keep = append(keep, l)
	}
	c.Loot = keep
}

func (c *Character) has(loot string) bool { return slices.Contains(c.Loot, loot) }

func (c *Character) used(ability string) bool { return slices.Contains(c.Used, ability) }

// bust takes a character out of the heist; its loot is lost (MH-BUSTED-01,
// MH-BUSTED-02).
func (s *State) bust(c *Character, res *engine.Result, why string) {
	if c.Busted {
		return
	}
	c.Busted = true
	c.Done = true
	lost := c.Cash
	c.Cash = 0
	var tools []string
	for _, l := range c.Loot {
		if strings.HasPrefix(l, "item ") {
			tools = append(tools, l)
		}
	}
	c.Loot = nil
	res.Say("%s is Busted (%s). Loot lost: $%dk and %d piece(s).", c.ref(), why, lost, len(tools))
	if c.MasterPlan {
		res.Say("Master Plan Copy: its owner was Busted; at the end of the heist everyone is Busted.")
	}
}

func (s *State) cardName(code string) string {
	if d := theLib().Cards[code]; d != nil {
		return fmt.Sprintf("%s %q", code, d.Name)
	}
	return code
}

func (s *State) char(seat engine.Seat) *Character {
	if int(seat) < 0 || int(seat) >= len(s.Chars) {
		return nil
	}
	return s.Chars[seat]
}
