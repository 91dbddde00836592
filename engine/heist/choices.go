package heist

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"casefile/engine"
)

// Team choices. The rulebook leaves some decisions inside Events, Crises
// and the Guard Dog rules to the team ("Team optimizes ambiguity. If
// ambiguity ever arises in the behavior of a Guard Dog, the team chooses",
// MH-DOG-07; "max 3" in Guard Locks Himself In). Each one is a Choice: a
// mandatory turn for the whole team, Simultaneous over every character
// still in the heist, because the rules give the decision to the team
// rather than to one player; the first valid answer settles it. While a
// Choice waits nothing else may be played, so the effect that asked goes on
// exactly where it stopped. A Choice is only asked when its options differ
// on the board; with one option the engine applies it. Where a card names
// one character (SQUIRRELY's "loses an Idea or causes 2 Noise"), the Choice
// names that character's seat (Player) and only its player answers, in a
// Sequential turn.

// Choice kinds.
const (
	// choiceChase: which character a Guard Dog jumps onto when characters
	// on several hexes are adjacent to it (`dog chases <character>`).
	choiceChase = "chase"
	// choiceRun: where a Dog from the Kennel ends its run when nearest
	// targets or shortest paths tie (`dog runs to <hex>`).
	choiceRun = "run"
	// choiceHound: which characters make up Release the Hounds!'s "nearest
	// 3 different characters" when distances tie (`dog goes for
	// <character>`).
	choiceHound = "hound"
	// choiceLock: which hexes get Guard Locks Himself In's at most 3 Locks
	// when more qualify (`lock guard <hex>`).
	choiceLock = "lock"
	// choiceSquirrely: which of the player characters tied for nearest to
	// a lone Hostage suffers SQUIRRELY (`squirrely <character>`).
	choiceSquirrely = "squirrely"
	// choiceSquirrelyCost: whether SQUIRRELY costs that character an Idea
	// or 2 Noise, decided by its own player (`lose idea`, `cause 2 noise`).
	choiceSquirrelyCost = "squirrely cost"
)

// What the Event phase goes on with once a Choice is settled (State.Resume).
const (
	resumeEvent  = "event"
	resumeCrisis = "crisis"
	// resumeEndAction: the rest of the end of the Action phase (the NPC
	// card's other rules, then the Event phase).
	resumeEndAction = "end of action"
)

// Choice is a decision the rules leave to the team, waiting for an answer.
type Choice struct {
	// Kind is chase, run, hound, lock, squirrely or squirrely cost.
	Kind string `json:"kind"`
	// Card is the Event or Crisis that asks ("" for a chase outside one).
	Card string `json:"card,omitempty"`
	// Hex is the Dog's hex (chase) or the Kennel (run).
	Hex string `json:"hex,omitempty"`
	// Options are the hexes to choose from (chase: hexes of the characters
	// the Dog may jump onto; run: where the Dog may end; lock: hexes that
	// may get a Lock), in board order.
	Options []string `json:"options,omitempty"`
	// Seats are the characters to choose from (hound, squirrely).
	Seats []engine.Seat `json:"seats,omitempty"`
	// Player, when set, is the one seat whose player decides (the card
	// names one character), instead of the whole team.
	Player *engine.Seat `json:"player,omitempty"`
	// Left counts picks still to make (lock: Locks; hound: characters).
	Left int `json:"left,omitempty"`
}

// question says what the team is asked, for prompts and rejections.
func (s *State) question(ch *Choice) string {
	switch ch.Kind {
	case choiceChase:
		return fmt.Sprintf("which character the Guard Dog on %s chases", ch.Hex)
	case choiceRun:
		return fmt.Sprintf("where the Guard Dog from the Kennel (%s) runs, for %s", ch.Hex, s.cardName(ch.Card))
	case choiceHound:
		return fmt.Sprintf("which character a hound goes for (%d more), for %s", ch.Left, s.cardName(ch.Card))
	case choiceLock:
		return fmt.Sprintf("which hex with an unsubdued Guard gets a Lock (%d more), for %s", ch.Left, s.cardName(ch.Card))
	case choiceSquirrely:
		return fmt.Sprintf("which of the characters nearest the lone %s suffers SQUIRRELY", s.npcName())
	case choiceSquirrelyCost:
		return fmt.Sprintf("whether SQUIRRELY costs %s an Idea or 2 Noise", s.char(*ch.Player).ref())
	}
	return "a choice"
}

// choiceSeats are the seats that may answer a Choice: every character still
// in the heist (the team decides), or the one seat the Choice names.
func (s *State) choiceSeats() []engine.Seat {
	if ch := s.Choice; ch != nil && ch.Player != nil {
		if c := s.char(*ch.Player); c != nil && c.onBoard() {
			return []engine.Seat{c.Seat}
		}
		return nil
	}
	var seats []engine.Seat
	for _, c := range s.Chars {
		if c.onBoard() {
			seats = append(seats, c.Seat)
		}
	}
	return seats
}

// inEventPhase reports whether the waiting Choice belongs to the Event
// phase (an Event or a Crisis asked it).
func (s *State) inEventPhase() bool {
	return s.Resume == resumeEvent || s.Resume == resumeCrisis
}

// choiceTurn is the turn while a Choice waits: Simultaneous over the team,
// or Sequential for the one player a Choice names.
func (s *State) choiceTurn() engine.Turn {
	phase := fmt.Sprintf("Round %d: Action", s.Round)
	if s.inEventPhase() {
		phase = fmt.Sprintf("Round %d: Event", s.Round)
	}
	if ch := s.Choice; ch.Player != nil {
		return engine.Turn{Kind: engine.Sequential, Seats: s.choiceSeats(), Phase: phase,
			Prompt: s.char(*ch.Player).ref() + "'s player decides " + s.question(ch)}
	}
	return engine.Turn{Kind: engine.Simultaneous, Seats: s.choiceSeats(), Phase: phase,
		Prompt: "the team decides " + s.question(s.Choice) + " (any one of you may answer)"}
}

// ask opens a Choice. In the Event phase the phase shows as event while it
// waits.
func (s *State) ask(ch *Choice, res *engine.Result) {
	s.Choice = ch
	who := "The team decides"
	if ch.Player != nil {
		who = s.char(*ch.Player).ref() + "'s player decides"
	}
	res.Say("%s %s: %s.", who, s.question(ch), strings.Join(s.choiceMoves(nil).texts(), ", "))
	if len(s.choiceSeats()) > 0 {
		if s.inEventPhase() {
			s.Phase = PhaseEvent
		}
		return
	}
	// Nobody is left to answer (everyone Busted): the first options are
	// taken at once so the heist still ends, and since nothing waited, the
	// effect that asked goes on by itself rather than through settled.
	resume := s.Resume
	s.Resume = ""
	for s.Choice != nil {
		ms := s.choiceMoves(nil)
		if len(ms) == 0 {
			s.Choice = nil
			break
		}
		ms[0].Do(res)
	}
	s.Resume = resume
}

// settled goes on after a Choice was answered: once no other Choice waits,
// the Event phase resumes where it stopped (the Action phase and the Roll
// need nothing more).
func (s *State) settled(res *engine.Result) {
	// Release the Hounds!'s other Dogs run first: they belong to the
	// effect the Choice interrupted.
	s.continueHounds(res)
	if s.Choice != nil {
		return
	}
	switch s.Resume {
	case resumeEvent:
		s.Resume = ""
		if len(s.Offers) > 0 {
			s.Phase = PhaseEvent
			return
		}
		s.afterEvent(res)
	case resumeCrisis:
		s.continueCrisis(res)
	case resumeEndAction:
		s.Resume = ""
		s.npcTalkative(res)
		s.endOfAction(res)
	}
}

// chooser names who answered, for the log.
func chooser(c *Character) string {
	if c == nil {
		return "the engine (nobody left to choose)"
	}
	return c.ref()
}

// choiceMoves lists the answers to the waiting Choice; c answers for the
// team (nil when nobody is left to).
func (s *State) choiceMoves(c *Character) moveList {
	var ms moveList
	ch := s.Choice
	if ch == nil {
		return nil
	}
	switch ch.Kind {
	case choiceChase:
		from := s.tile(ch.Hex)
		for _, h := range ch.Options {
			to := s.tile(h)
			for _, t := range s.charsOn(to) {
				t := t
				ms.add("dog chases "+lower(t.Name), func(res *engine.Result) {
					s.Choice = nil
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
			ms.add("dog runs to "+to.Hex, func(res *engine.Result) {
				s.Choice = nil
				res.Say("%s chooses where the Guard Dog runs: %s.", chooser(c), to.Hex)
				s.dogArrives(k, to, res)
				s.settled(res)
			})
		}
	case choiceHound:
		for _, seat := range ch.Seats {
			t := s.char(seat)
			ms.add("dog goes for "+lower(t.Name), func(res *engine.Result) {
				res.Say("%s chooses: a hound goes for %s.", chooser(c), t.ref())
				s.Hounds = append(s.Hounds, int(t.Seat))
				ch.Seats = slices.DeleteFunc(slices.Clone(ch.Seats), func(x engine.Seat) bool { return x == t.Seat })
				ch.Left--
				if ch.Left > 0 && !s.houndsDiffer(ch.Seats) {
					// The rest all stand on one hex: any of them is the same.
					for _, x := range ch.Seats[:ch.Left] {
						s.Hounds = append(s.Hounds, int(x))
					}
					ch.Left = 0
				}
				if ch.Left > 0 {
					return
				}
				s.Choice = nil
				s.houndsChosen(res)
				s.settled(res)
			})
		}
	case choiceLock:
		for _, h := range ch.Options {
			t := s.tile(h)
			ms.add("lock guard "+t.Hex, func(res *engine.Result) {
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
				s.Choice = nil
				s.settled(res)
			})
		}
	case choiceSquirrely:
		for _, seat := range ch.Seats {
			t := s.char(seat)
			ms.add("squirrely "+lower(t.Name), func(res *engine.Result) {
				s.Choice = nil
				res.Say("%s chooses: SQUIRRELY falls on %s.", chooser(c), t.ref())
				s.squirrelyHits(t, res)
				s.settled(res)
			})
		}
	case choiceSquirrelyCost:
		t := s.char(*ch.Player)
		ms.add("lose idea", func(res *engine.Result) {
			s.Choice = nil
			t.Ideas--
			res.Say("SQUIRRELY: %s loses an Idea (%d left).", t.ref(), t.Ideas)
			s.settled(res)
		})
		ms.add("cause 2 noise", func(res *engine.Result) {
			s.Choice = nil
			res.Say("SQUIRRELY: %s causes 2 Noise.", t.ref())
			s.addNoise(2, res)
			s.settled(res)
		})
	}
	return ms
}

// choiceWhy explains a rejected move while a Choice waits.
func (s *State) choiceWhy(text string) string {
	ch := s.Choice
	f := strings.Fields(engine.NormalizeMove(text))
	head := fmt.Sprintf("The team must first decide %s; any one of you may answer.", s.question(ch))
	if ch.Player != nil {
		head = fmt.Sprintf("%s's player must first decide %s.", s.char(*ch.Player).ref(), s.question(ch))
	}
	switch {
	case ch.Kind == choiceChase && len(f) > 2 && f[0] == "dog" && f[1] == "chases":
		return fmt.Sprintf("%q is not a character next to the Guard Dog on %s (off the Entrances). %s", strings.Join(f[2:], " "), ch.Hex, head)
	case ch.Kind == choiceRun && len(f) == 4 && f[0] == "dog" && f[1] == "runs":
		return fmt.Sprintf("The Dog cannot end its run on %s: it walks up to 3 hexes along a shortest path toward its target and stops once it can chase. %s", f[3], head)
	case ch.Kind == choiceHound && len(f) > 3 && f[0] == "dog" && f[1] == "goes":
		return fmt.Sprintf("%q is not one of the characters tied for nearest to the Kennel. %s", strings.Join(f[3:], " "), head)
	case ch.Kind == choiceLock && len(f) == 3 && f[0] == "lock" && f[1] == "guard":
		return fmt.Sprintf("%s is not a hex left with an unsubdued Guard next to a character. %s", f[2], head)
	case ch.Kind == choiceSquirrely && len(f) > 1 && f[0] == "squirrely":
		return fmt.Sprintf("%q is not one of the characters tied for nearest to the %s. %s", strings.Join(f[1:], " "), s.npcName(), head)
	}
	return head
}

// standInChoice answers a Choice for an away player: a Kennel Dog runs to
// the end farthest from the crew, anything else takes the first option
// (SQUIRRELY: the first tied character in seat order, then lose idea, which
// keeps the team's Noise down).
func (s *State) standInChoice(legal []string) string {
	if s.Choice.Kind == choiceRun {
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
	s.ask(&Choice{Kind: choiceLock, Card: "5", Options: s.hexesOf(cands), Left: left}, res)
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
	s.ask(&Choice{Kind: choiceRun, Card: card, Hex: k.Hex, Options: s.hexesOf(ends)}, res)
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
			s.ask(&Choice{Kind: choiceHound, Card: "C6", Seats: tied, Left: need}, res)
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
	for len(s.Hounds) > 0 && s.Choice == nil {
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
		if s.Choice != nil {
			return
		}
	}
	if s.Crisis != "" {
		s.Discard = append(s.Discard, s.Crisis)
		s.Crisis = ""
	}
	s.crises(res)
}
