package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// The Event phase (MH-EPHASE-*, MH-EVENT-*): one Event is dealt off the
// deck and resolved, its offers answered, then the Crisis queue follows
// (crises.go). Alerts discard cards off the top of the deck (noise.go).

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

// cardName names an Event-deck card in log lines: its code and name.
func (s *State) cardName(code string) string {
	if d := theLib().Cards[code]; d != nil {
		return fmt.Sprintf("%s %q", code, d.Name())
	}
	return code
}

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

// notImplemented logs that a card's effect is not played.
func (s *State) notImplemented(code string, res *engine.Result) {
	res.Say("%s: effect not implemented yet, no effect.", s.cardName(code))
}

// resolveEvent plays the Active Event's effect; fromDiscard is set when it
// became active from the discard pile because the deck ran out.
func (s *State) resolveEvent(code string, fromDiscard bool, res *engine.Result) {
	if theLib().Cards[code] == nil {
		res.Say("Deck code %s names no card in the published data: no effect.", code)
		return
	}
	if !implementedCards[code] {
		s.notImplemented(code, res)
		return
	}
	// Each family resolves the Events it knows; the first that knows code
	// ends the search.
	_ = s.alertEvents(code, res) || s.securityEvents(code, res) || s.lockdownEvents(code, res) ||
		s.ideaEvents(code, res) || s.offerEvents(code, fromDiscard, res)
}

// alertEvents resolves the Events that raise Alerts for what the
// characters stand next to (2, 3, 4, 7, 10, 16); it reports whether code
// is one of them.
func (s *State) alertEvents(code string, res *engine.Result) bool {
	chars := s.pieces()
	switch code {
	case "2":
		for _, t := range s.entrances() {
			if len(s.piecesOn(t)) >= 2 {
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
	case "7":
		for _, c := range s.indoorPieces() {
			if s.externalSide(s.tile(c.Hex)) {
				s.raiseAlert(res, "Shadows in the Window")
				break
			}
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
	default:
		return false
	}
	return true
}

// securityEvents resolves the Events that add or wake Security on the
// board and in the bag (1, 5, 6, 8, 9, 11, 14, 19, A1, A2); it reports
// whether code is one of them.
func (s *State) securityEvents(code string, res *engine.Result) bool {
	chars := s.pieces()
	switch code {
	case "1":
		res.Say("%s into the Security bag.", goes(s.addToBag(Camera, 3), "Camera", "Cameras"))
	case "5":
		s.guardLocks(res)
	case "6":
		res.Say("%s into the Security bag.", goes(s.addToBag(Lock, 2), "Lock", "Locks"))
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
			if real(t) && t.liveCamera() && s.pieceAdjacent(t) {
				add = append(add, t)
			}
		}
		for _, t := range add {
			s.place(t, Camera, "A live Camera", res)
		}
	case "11":
		for _, t := range s.Tiles {
			if real(t) && t.count(Lock, false) > t.count(Lock, true) && s.pieceAdjacent(t) {
				for t.setActive(Lock, true) {
				}
				res.Say("%s is re-locked.", t.Hex)
			}
		}
	case "14":
		for _, t := range s.Tiles {
			if real(t) && t.locked() && s.pieceAdjacent(t) {
				s.place(t, Guard, "A Guard", res)
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
	default:
		return false
	}
	return true
}

// lockdownEvents resolves the modules' Events: Guard Dogs (D1-D3),
// Lockdown Gates (G1-G4) and 2x chits in the bag (B1-B3); it reports
// whether code is one of them.
func (s *State) lockdownEvents(code string, res *engine.Result) bool {
	switch code {
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
	default:
		return false
	}
	return true
}

// ideaEvents resolves the Events that cost or give Ideas (13, 18, 20, 21,
// A4, M1-M3); it reports whether code is one of them.
func (s *State) ideaEvents(code string, res *engine.Result) bool {
	chars := s.pieces()
	switch code {
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
	case "A4":
		for _, c := range chars {
			t := s.tile(c.Hex)
			if !t.liveCamera() && !s.adjacentLiveCamera(t) && s.guardsNear(t) {
				s.loseIdea(c, res)
			}
		}
	case "M1":
		res.Say("According to Plan: nothing happens.")
	case "M2":
		for _, c := range s.indoorPieces() {
			if c.Ideas <= 2 {
				c.Ideas += 2
				res.Say("%s gains 2 Ideas.", c.ref())
			}
		}
	case "M3":
		if s.objectiveMet() {
			for _, c := range s.indoorPieces() {
				c.Ideas++
			}
			res.Say("The objective is met: every character inside gains an Idea.")
		}
	default:
		return false
	}
	return true
}

// offerEvents resolves the Events that make the characters an offer, or
// un-subdue Guards first (12, 15, 17, 22, 23, 24, A3); it reports whether
// code is one of them.
func (s *State) offerEvents(code string, fromDiscard bool, res *engine.Result) bool {
	chars := s.onBoardChars()
	switch code {
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
				res.Say("%s on %s %s un-subdued.", engine.Plural(n, "Guard", "Guards"), c.Hex, map[bool]string{true: "is", false: "are"}[n == 1])
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
	case "22":
		s.fumbleLoot(res)
	default:
		return false
	}
	return true
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

// afterEvent finishes the Event phase (after the Active Event and its
// offers): the Crisis queue, then the next Roll or the Escape.
func (s *State) afterEvent(res *engine.Result) {
	s.endPhase(res)
	s.Phase = PhaseAction
	if s.ActiveEvent != "" {
		s.Discard = append(s.Discard, s.ActiveEvent)
		s.ActiveEvent = ""
	}
	s.crises(res)
}

// eventPhase resolves exactly one Event, then the Crisis queue in order.
func (s *State) eventPhase(res *engine.Result) {
	s.normalizeDeck()
	active := ""
	fromDiscard := false
	if len(s.Deck) > 0 {
		active = s.Deck[0]
		s.Deck = s.Deck[1:]
		s.LastEvent, s.LastUsed = active, true
		s.normalizeDeck()
	} else if s.LastEvent != "" && !s.LastUsed {
		// MH-EPHASE-05: the deck ran out, the last Event dealt is active.
		active = s.LastEvent
		s.LastUsed = true
		fromDiscard = true
		s.Discard, _ = removeLast(s.Discard, active)
	}
	if active == "" {
		res.Say("No Event is left to resolve.")
		return
	}
	s.ActiveEvent = active
	res.Say("Event: %s.", s.cardName(active))
	s.resume = resumeEvent
	s.resolveEvent(active, fromDiscard, res)
	if s.choice() != nil {
		// ask set the Event phase; settled goes on from here.
		return
	}
	s.resume = ""
	if s.Pending.Find(offerTurn) != nil {
		s.Phase = PhaseEvent
	}
}

func removeLast(list []string, v string) ([]string, bool) {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i] == v {
			return append(list[:i:i], list[i+1:]...), true
		}
	}
	return list, false
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
		if real(t) && t.guards() > 0 && s.pieceAdjacent(t) {
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

// hasOffer reports whether c may answer an open Event offer.
func (s *State) hasOffer(c *Character) bool {
	if !c.onBoard() {
		return false
	}
	for _, o := range s.offers() {
		if o.Team || o.Seat == c.Seat {
			return true
		}
	}
	return false
}

// whisperTargets lists characters c may pass Ideas to (Stage Whisper).
func (s *State) whisperTargets(c *Character) []*Character {
	var out []*Character
	for _, o := range s.onBoardChars() {
		if o != c && onOrAdjacent(s.tile(c.Hex), s.tile(o.Hex)) {
			out = append(out, o)
		}
	}
	return out
}

// offerMoves lists the answers to open Event offers. Accepting may cost
// Noise: Events never force Noise, but their offers may ask for it.
func (s *State) offerMoves(c *Character, ms *engine.Moves) {
	for i, o := range s.offers() {
		i, o := i, o
		if !c.onBoard() || !(o.Team || o.Seat == c.Seat) {
			continue
		}
		switch o.Card {
		case "12":
			ms.Legal("blab", func(res *engine.Result) {
				s.closeOffer(i)
				c.Ideas++
				res.Say("Guard Starts Blabbing: %s gains an Idea for a Noise.", c.ref())
				s.addNoise(1, res)
			})
		case "15":
			for _, t := range s.onBoardChars() {
				t := t
				ms.Legal("idea for "+lower(t.Name), func(res *engine.Result) {
					s.closeOffer(i)
					t.Ideas++
					res.Say("I Thought I Had Him: %s gets an Idea for a Noise (%s's call).", t.ref(), c.ref())
					s.addNoise(1, res)
				})
			}
		case "17":
			if c.Ideas > 0 {
				for _, t := range s.whisperTargets(c) {
					t := t
					ms.Legal("whisper to "+lower(t.Name), func(res *engine.Result) {
						c.Ideas--
						t.Ideas++
						res.Say("Stage Whisper: %s passes an Idea to %s (1 Noise).", c.ref(), t.ref())
						s.addNoise(1, res)
						if c.Ideas == 0 {
							s.closeOffer(i)
						}
					})
				}
			}
		case "22":
			s.fumbleAnswers(c, i, ms)
			return
		case "24":
			for _, a := range s.onBoardChars() {
				if a.Ideas == 0 {
					continue
				}
				for _, b := range s.onBoardChars() {
					a, b := a, b
					if a == b {
						continue
					}
					ms.Legal("pass idea from "+lower(a.Name)+" to "+lower(b.Name), func(res *engine.Result) {
						s.closeOffer(i)
						a.Ideas--
						b.Ideas++
						res.Say("Coming In Hot!: %s passes an Idea to %s.", a.ref(), b.ref())
					})
				}
			}
		}
		ms.Legal("decline", func(res *engine.Result) {
			s.closeOffer(i)
			res.Say("%s declines the offer of %s.", c.ref(), s.cardName(o.Card))
		})
		return
	}
}

// fumbleAnswers lists where Fumble the Loot may put each piece c must
// put down ("place it on an adjacent hex"): piece by piece, or, with two
// or more left, all of them on one hex.
func (s *State) fumbleAnswers(c *Character, i int, ms *engine.Moves) {
	// Each piece goes to an adjacent hex of the player's choice
	// ("place it on an adjacent hex"); with two or more pieces
	// left, fumble to <hex> puts all of them on one hex.
	pieces := s.fumblePieces(c)
	dests := s.fumbleDests(c)
	for _, d := range dests {
		for _, what := range pieces {
			ms.Legal("fumble "+what+" to "+d.Hex, func(res *engine.Result) {
				s.fumbleOne(c, what, d, res)
				if len(s.fumblePieces(c)) == 0 {
					s.closeOffer(i)
				}
			})
		}
	}
	if s.fumbleCount(c) > 1 {
		for _, d := range dests {
			ms.Legal("fumble to "+d.Hex, func(res *engine.Result) {
				s.closeOffer(i)
				s.fumbleTo(c, d, res)
			})
		}
	}
	// Fumble the Loot is not optional: no decline.
}

// goes is "1 Camera goes" or "3 Cameras go": a count with its noun and
// verb agreeing.
func goes(n int, one, many string) string {
	if n == 1 {
		return engine.Plural(n, one, many) + " goes"
	}
	return engine.Plural(n, one, many) + " go"
}
