package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// Event and Crisis effects, keyed by the card's deck code. implementedCards
// lists every code with code; any other card says so in the log and does
// nothing (the table is in CONTENT.md).
var implementedCards = map[string]bool{
	"1": true, "2": true, "3": true, "4": true, "5": true, "6": true, "7": true, "8": true,
	"9": true, "10": true, "11": true, "12": true, "13": true, "14": true, "15": true, "16": true,
	"17": true, "18": true, "19": true, "20": true, "21": true, "22": true, "23": true, "24": true,
	"A1": true, "A2": true, "A3": true, "A4": true,
	"D1": true, "D2": true, "D3": true, "G1": true, "G2": true, "G3": true, "G4": true,
	"M1": true, "M2": true, "M3": true, "B1": true, "B2": true, "B3": true,
	"C1": true, "C2": true, "C3": true, "C4": true, "C5": true, "C6": true, "Z1": true, "Z2": true,
}

func (s *State) notImplemented(code string, res *engine.Result) {
	res.Say("%s: effect not implemented yet, no effect.", s.cardName(code))
}

// indoors lists characters on the board and not Outdoors.
func (s *State) indoors() []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() && !s.tile(c.Hex).Entrance {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) onBoardChars() []*Character {
	var out []*Character
	for _, c := range s.Chars {
		if c.onBoard() {
			out = append(out, c)
		}
	}
	return out
}

// loseIdea takes an Idea from a character because of an Event; a Lucky
// Penny is discarded instead (REMEMBER WHERE YOU CAME FROM).
func (s *State) loseIdea(c *Character, res *engine.Result) {
	if c.has("item Lucky Penny") {
		c.Loot, _ = removeString(c.Loot, "item Lucky Penny")
		res.Say("%s discards the Lucky Penny instead of losing an Idea.", c.ref())
		return
	}
	if c.Ideas > 0 {
		c.Ideas--
		res.Say("%s loses an Idea (%d left).", c.ref(), c.Ideas)
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

// unsubdue flips subdued Guards on t back, unless an Operative is on or
// adjacent (PRESSURE POINTS). It returns how many.
func (s *State) unsubdue(t *Tile) int {
	for _, c := range s.Chars {
		if c.onBoard() && s.hasAbility(c, "PRESSURE POINTS") && onOrAdjacent(s.tile(c.Hex), t) {
			return 0
		}
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

func (s *State) resolveEvent(code string, fromDiscard bool, res *engine.Result) {
	if theLib().Cards[code] == nil {
		res.Say("Deck code %s names no card in the published data: no effect.", code)
		return
	}
	if !implementedCards[code] {
		s.notImplemented(code, res)
		return
	}
	chars := s.onBoardChars()
	switch code {
	case "1":
		res.Say("%d Camera(s) go into the Security bag.", s.addToBag(Camera, 3))
	case "2":
		for _, t := range s.entrances() {
			if len(s.charsOn(t)) >= 2 {
				s.alerts(2, res, "Get Outta My Way!")
			}
		}
	case "3":
		for _, c := range chars {
			if s.adjacentLive(c) {
				s.raiseAlert(res, "Caught in a Reflection")
				break
			}
		}
	case "4":
		for _, c := range chars {
			if s.adjacentGuard(c) {
				s.raiseAlert(res, "Suspicious Guards")
				break
			}
		}
	case "5":
		s.guardLocks(res)
	case "6":
		res.Say("%d Lock(s) go into the Security bag.", s.addToBag(Lock, 2))
	case "7":
		for _, c := range s.indoors() {
			if s.externalSide(s.tile(c.Hex)) {
				s.raiseAlert(res, "Shadows in the Window")
				break
			}
		}
	case "8":
		var reboot []*Tile
		for _, t := range s.Tiles {
			if !real(t) || t.count(Camera, false) == t.count(Camera, true) {
				continue
			}
			for _, n := range s.neighbours(t) {
				if n.count(Camera, false) > n.count(Camera, true) {
					reboot = append(reboot, t)
					break
				}
			}
		}
		for _, t := range reboot {
			s.reenable(t, res)
		}
	case "9":
		var add []*Tile
		for _, t := range s.Tiles {
			if real(t) && t.liveCamera() && s.charAdjacent(t) {
				add = append(add, t)
			}
		}
		for _, t := range add {
			s.place(t, Camera, "A live Camera", res)
		}
	case "10":
		for _, c := range chars {
			if s.adjacentGuard(c) {
				s.raiseAlert(res, "Increased Suspicion (guard)")
				break
			}
		}
		for _, c := range chars {
			if s.adjacentLive(c) {
				s.raiseAlert(res, "Increased Suspicion (camera)")
				break
			}
		}
	case "11":
		for _, t := range s.Tiles {
			if real(t) && t.count(Lock, false) > t.count(Lock, true) && s.charAdjacent(t) {
				for t.setActive(Lock, true) {
				}
				res.Say("%s is re-locked.", t.Hex)
			}
		}
	case "13":
		for _, c := range chars {
			t := s.tile(c.Hex)
			n := t.unhandled()
			for _, x := range s.neighbours(t) {
				n += x.unhandled()
			}
			if n >= 2 {
				s.loseIdea(c, res)
			}
		}
	case "14":
		for _, t := range s.Tiles {
			if real(t) && t.locked() && s.charAdjacent(t) {
				s.place(t, Guard, "A Guard", res)
			}
		}
	case "12":
		for _, c := range chars {
			if s.tile(c.Hex).subdued() > 0 {
				s.offer(Offer{Card: code, Seat: c.Seat})
			}
		}
	case "15", "23", "A3":
		any := false
		for _, c := range chars {
			if n := s.unsubdue(s.tile(c.Hex)); n > 0 {
				any = true
				res.Say("%d Guard(s) on %s are un-subdued.", n, c.Hex)
			}
		}
		if code == "15" && any {
			s.offer(Offer{Card: code, Team: true})
		}
	case "17":
		for _, c := range chars {
			if c.Ideas > 0 && len(s.whisperTargets(c)) > 0 {
				s.offer(Offer{Card: code, Seat: c.Seat})
			}
		}
	case "24":
		if fromDiscard {
			res.Say("Alerts went beyond this card: it does nothing.")
		} else if len(chars) > 1 {
			s.offer(Offer{Card: code, Team: true})
		}
	case "16":
		n := 0
		for _, c := range chars {
			if s.adjacentLive(c) {
				n++
			}
		}
		if n > 2 {
			n = 2
		}
		s.alerts(n, res, "Cameras Rotate")
	case "18":
		for _, c := range chars {
			alone := true
			for _, o := range chars {
				if o != c && onOrAdjacent(s.tile(c.Hex), s.tile(o.Hex)) {
					alone = false
				}
			}
			if alone {
				s.loseIdea(c, res)
			}
		}
	case "19", "A1":
		var add []*Tile
		for _, c := range chars {
			t := s.tile(c.Hex)
			if s.adjacentLive(c) && !slices.Contains(add, t) {
				add = append(add, t)
			}
		}
		for _, t := range add {
			s.place(t, Guard, "A Guard", res)
		}
	case "20":
		for _, c := range chars {
			if s.tile(c.Hex).guards() > 0 {
				s.loseIdea(c, res)
			}
		}
	case "21":
		for _, c := range chars {
			for _, h := range c.Planned {
				if t := s.tile(h); t != nil && t.Unknown {
					s.loseIdea(c, res)
					break
				}
			}
		}
	case "22":
		s.fumbleLoot(res)
	case "A2":
		for _, t := range s.Tiles {
			if !real(t) || !t.liveCamera() {
				continue
			}
			for _, n := range s.neighbours(t) {
				if n.subdued() > 0 {
					s.place(t, Guard, "A Guard", res)
					break
				}
			}
		}
	case "A4":
		for _, c := range chars {
			t := s.tile(c.Hex)
			if !t.liveCamera() && !s.adjacentLiveCamera(t) && s.guardsNear(t) {
				s.loseIdea(c, res)
			}
		}
	case "D1", "D2", "D3":
		s.spawnDog(code, res)
	case "G1":
		s.closeGates(1, res)
	case "G2":
		s.closeGates(2, res)
	case "G3", "G4":
		kind := Lock
		if code == "G4" {
			kind = Guard
		}
		if t := s.nextGate(); t != nil {
			if s.supply(t, kind) {
				res.Say("A %s is added on the next Lockdown Gate, %s.", kind, t.Hex)
			} else {
				s.noSupply(kind, res)
			}
		}
	case "B1", "B2", "B3":
		kind := map[string]string{"B1": Camera, "B2": Lock, "B3": Guard}[code]
		if s.Bag[kind] > 0 {
			s.Bag[kind]--
			if s.Bag[kind] == 0 {
				delete(s.Bag, kind)
			}
			s.Bag[kind+" x2"]++
			res.Say("A %s in the bag is replaced by a 2x %s.", kind, kind)
		} else {
			res.Say("There is no %s in the bag to replace.", kind)
		}
	case "M1":
		res.Say("According to Plan: nothing happens.")
	case "M2":
		for _, c := range s.indoors() {
			if c.Ideas <= 2 {
				c.Ideas += 2
				res.Say("%s gains 2 Ideas.", c.ref())
			}
		}
	case "M3":
		if s.objectiveMet() {
			for _, c := range s.indoors() {
				c.Ideas++
			}
			res.Say("The objective is met: every character inside gains an Idea.")
		}
	}
}

// fumbleable reports whether a piece of loot must be put down by Fumble
// the Loot: loot the objective does not need (tools stay in hand).
func (s *State) fumbleable(l string) bool {
	objective := strings.ToLower(s.Objective)
	needed := (l == Jewel && strings.Contains(objective, "jewel")) || (l == Document && strings.Contains(objective, "document")) ||
		strings.HasPrefix(l, "item ") || l == Keycard || l == USB
	return !needed
}

// fumbleDests lists the adjacent hexes with no Guard where c may put its
// fumbled loot.
func (s *State) fumbleDests(c *Character) []*Tile {
	var out []*Tile
	for _, n := range s.neighbours(s.tile(c.Hex)) {
		if n.guards() == 0 {
			out = append(out, n)
		}
	}
	return out
}

// fumbleLoot is Event 22, "Any indoor character['s loot] not required by
// the objective must place it on an adjacent hex with no Guards. If this is
// not possible, lose the loot": each such piece goes on an adjacent hex
// with no Guard, the player choosing the hex for each piece (an Event offer
// to that character) when there are several; with one such hex it all goes
// there, with none it is lost.
func (s *State) fumbleLoot(res *engine.Result) {
	for _, c := range s.indoors() {
		if len(s.fumblePieces(c)) == 0 {
			continue
		}
		switch dests := s.fumbleDests(c); len(dests) {
		case 0:
			s.fumbleTo(c, nil, res)
		case 1:
			s.fumbleTo(c, dests[0], res)
		default:
			s.offer(Offer{Card: "22", Seat: c.Seat})
		}
	}
}

// fumblePieces names, as moves do (carried), the kinds of loot c must put
// down for Fumble the Loot: its cash (one lot, as pick up and drop treat
// it) and every piece the objective does not need.
func (s *State) fumblePieces(c *Character) []string {
	var out []string
	if c.Cash > 0 {
		out = append(out, fmt.Sprintf("$%dk", c.Cash))
	}
	seen := map[string]bool{}
	for _, l := range c.Loot {
		if s.fumbleable(l) && !seen[l] {
			seen[l] = true
			out = append(out, lower(lootName(l)))
		}
	}
	return out
}

// fumbleCount counts the pieces c must still put down (cash as one).
func (s *State) fumbleCount(c *Character) int {
	n := 0
	if c.Cash > 0 {
		n++
	}
	for _, l := range c.Loot {
		if s.fumbleable(l) {
			n++
		}
	}
	return n
}

// fumbleOne puts one piece of c's fumbled loot, named as in fumblePieces,
// on dest.
func (s *State) fumbleOne(c *Character, what string, dest *Tile, res *engine.Result) {
	if strings.HasPrefix(what, "$") {
		res.Say("%s fumbles $%dk onto %s.", c.ref(), c.Cash, dest.Hex)
		dest.Cash += c.Cash
		c.Cash = 0
		return
	}
	for i, l := range c.Loot {
		if s.fumbleable(l) && lower(lootName(l)) == what {
			c.Loot = append(c.Loot[:i:i], c.Loot[i+1:]...)
			dest.Loot = append(dest.Loot, l)
			res.Say("%s fumbles the %s onto %s.", c.ref(), lootName(l), dest.Hex)
			return
		}
	}
}

// fumbleTo puts all of c's fumbled loot on dest, or loses it when dest is
// nil.
func (s *State) fumbleTo(c *Character, dest *Tile, res *engine.Result) {
	var keep []string
	for _, l := range c.Loot {
		switch {
		case !s.fumbleable(l):
			keep = append(keep, l)
		case dest != nil:
			dest.Loot = append(dest.Loot, l)
			res.Say("%s fumbles the %s onto %s.", c.ref(), l, dest.Hex)
		default:
			res.Say("%s loses the %s.", c.ref(), l)
		}
	}
	c.Loot = keep
	if c.Cash > 0 {
		if dest != nil {
			dest.Cash += c.Cash
			res.Say("%s fumbles $%dk onto %s.", c.ref(), c.Cash, dest.Hex)
		} else {
			res.Say("%s loses $%dk.", c.ref(), c.Cash)
		}
		c.Cash = 0
	}
}

func (s *State) resolveCrisis(code string, res *engine.Result) {
	if !implementedCards[code] {
		s.notImplemented(code, res)
		return
	}
	switch code {
	case "C1":
		s.reinforcements(res)
	case "C2":
		s.watchtowerSweep(res)
	case "C3":
		s.closeGates(1, res)
	case "C4":
		for _, t := range s.Tiles {
			if real(t) && !t.Entrance && t.hasLoot() {
				s.place(t, Lock, "A Lock", res)
			}
		}
	case "C5":
		if s.NPC != nil {
			s.NPC.Panicked = true
			res.Say("The NPC panics: the Panic side is used for the rest of the heist.")
		} else {
			res.Say("There is no NPC to panic.")
		}
	case "C6":
		s.releaseHounds(res)
	case "Z1":
		s.EscapeInitiated = true
		res.Say("The Alarm sounds: Escape!")
	case "Z2":
		s.closeGates(4, res)
		s.EscapeInitiated = true
		res.Say("Full lockdown: Escape!")
	}
}

// nextGate is the next Lockdown Gate still on the board, A first.
func (s *State) nextGate() *Tile {
	for _, g := range []string{"gate a", "gate b", "gate c", "gate d"} {
		for _, t := range s.Tiles {
			if real(t) && t.has(g) {
				return t
			}
		}
	}
	return nil
}

// closeGates locks down the next n gates: the tile becomes a gap, a
// character on it is Busted, other pieces are removed, and planning tokens
// on it go back to their owners (MH-GATE-02..05, MH-GATE-07).
func (s *State) closeGates(n int, res *engine.Result) {
	for i := 0; i < n; i++ {
		t := s.nextGate()
		if t == nil {
			res.Say("No Lockdown Gate is left to close.")
			return
		}
		for _, c := range s.charsOn(t) {
			s.bust(c, res, "caught on a locked-down hex")
		}
		if s.NPC != nil && s.NPC.Hex == t.Hex && !s.NPC.Escaped {
			s.NPC.Busted = true
			res.Say("The NPC is caught on the locked-down hex.")
		}
		t.Removed = true
		t.Chits, t.Cash, t.Loot, t.Unknown = nil, 0, nil, false
		for _, p := range t.Plans {
			c := s.char(p)
			c.Planned, _ = removeString(c.Planned, t.Hex)
			c.FreeTokens++
		}
		t.Plans = nil
		s.GatesClosed++
		res.Say("Lockdown Gate %s shuts: %s is removed from the board.", strings.ToUpper(strings.TrimPrefix(gateOf(t), "gate ")), t.Hex)
	}
}

func gateOf(t *Tile) string {
	for _, k := range t.Tokens {
		if strings.HasPrefix(k, "gate ") {
			return k
		}
	}
	return ""
}

// reinforcements is Crisis C1 around each Reinforcements token.
func (s *State) reinforcements(res *engine.Result) {
	for _, t := range s.Tiles {
		if !real(t) || !t.has(TokReinforcements) {
			continue
		}
		for _, n := range s.neighbours(t) {
			s.unsubdue(n)
			for n.setActive(Lock, true) {
			}
			s.reenable(n, res)
			if len(n.Chits) == 0 && !n.Unknown && len(s.charsOn(n)) == 0 && !n.Entrance {
				s.supply(n, Guard)
			}
		}
		t.removeToken(TokReinforcements)
		s.supply(t, Guard)
		if s.supply(t, Guard) {
			res.Say("Reinforcements rally on %s: two Guards there, Guards on empty neighbours, and everything around it reset.", t.Hex)
		} else {
			s.noSupply(Guard, res)
		}
	}
}

// watchtowerSweep is Crisis C2 (MH-TOWER-01..03).
func (s *State) watchtowerSweep(res *engine.Result) {
	for _, t := range s.Tiles {
		if real(t) && t.has(TokWatchtower) && len(s.charsOn(t)) > 0 {
			t.removeToken(TokWatchtower)
			res.Say("A character on %s disables the Watchtower.", t.Hex)
		}
	}
	for _, t := range s.Tiles {
		if !real(t) || !t.has(TokWatchtower) {
			continue
		}
		for _, d := range dirs {
			for _, n := range s.line(t, d, 0) {
				if len(s.charsOn(n)) > 0 {
					if s.supply(n, Guard) {
						res.Say("The Watchtower on %s spots someone on %s: a Guard is added.", t.Hex, n.Hex)
					} else {
						s.noSupply(Guard, res)
					}
				}
			}
		}
	}
}

func (s *State) kennel() *Tile {
	for _, t := range s.Tiles {
		if real(t) && t.has(TokKennel) {
			return t
		}
	}
	return nil
}

// distances is a breadth-first distance to the nearest tile satisfying goal
// over real tiles.
func (s *State) distances(goal func(*Tile) bool) map[*Tile]int {
	dist := map[*Tile]int{}
	var queue []*Tile
	for _, t := range s.Tiles {
		if real(t) && goal(t) {
			dist[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, n := range s.neighbours(t) {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[t] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

func (s *State) noSupply(kind string, res *engine.Result) {
	res.Say("No %s chit is left in the supply.", kind)
}
