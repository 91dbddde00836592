package heist

import (
	"slices"
	"sort"
	"strings"

	"casefile/engine"
	"casefile/engine/heist/content"
)

// Bot is the heist's automated player (engine.Game.Bot): the bots a table
// seats and the stand-in of an absent player. It reads only the seat's own
// view (the state as engine.Redact leaves it for that seat: everything on
// the table, never the bag's next draw) and answers with one of the legal
// moves. It never applies a move to the view; it scores the moves with
// read-only helpers of the rules.
//
// The crew's bots share no memory: each one works out, from the table
// alone, the same list of jobs (the objective's loot, the NPC, and what
// stands in their way: the Server of a Remote Lock, a Keycard and its
// door, the USB key, the Safecracking Tools, a breakout), hands them out
// job by job to the character each costs least, and takes its own, so a
// crew splits the work without talking.
//
// Policy, phase by phase:
//   - Crew: build the character whose best pair of Skills the box still
//     has fits the scenario best (Subdues and Unlocks to get past what
//     stands on its own way, Planning Memory up to the longest job), when
//     that beats the character held by a margin.
//   - Planning: dig a Tunnel that shortens the way to the job, start on the
//     Entrance nearest to it, plan the cheapest route (Locks, Guards,
//     Cameras and unknown tiles cost more; Lockdown Gates are gone round
//     unless the way round is longer than the Planning Memory), on from a
//     Keycard to its door or from the Tools to the safe, then spend the
//     tokens left on hexes next to the route, loot first.
//   - Action: take the Action whose sub-actions carry the character
//     furthest along its route (or clear what stands next on it) for the
//     Noise, Alerts and Ideas it costs; then subdue, disable, unlock,
//     crack, move, take Ideas and loot, in that order; pick up whatever
//     lies on the hex. A character carrying the objective's loot takes it
//     out at once; one whose job is done heads back to an Exit. The Escape
//     is called once the objective would very likely be met if it started
//     now (the Last Ditch die's odds counted) and the others have a fair
//     chance, or sooner when few Events are left. Any seat also plays the
//     NPC toward its goal.
//   - Events and team choices: accept offers that give Ideas when the
//     Noise is far from an Alert, send Kennel Dogs away from the crew,
//     drop fumbled loot toward the Exit.
//   - Escape: the NPC the objective needs first, then walk the cheapest way
//     out, roll the Last Ditch Effort when the Ideas do not reach, hand the
//     objective's loot to a teammate who can pay its way out (or fetch it
//     from one who cannot), and give up only when nothing else is left.
//
// While the NPC the objective needs is out, characters with nothing else
// to do escort it; plans run on to an Exit from where the NPC is met. A
// Keycard run longer than one Planning Memory is split between two plans
// that meet, and the Keycard is dropped there for the teammate whose plan
// leads on to the door; a Keycard or loot still in the Security bag is
// searched for over the unknown tiles; The Safehouse Rescue's Guards are
// subdued all in one round or not at all. Noise is the heist's clock: a
// character with nothing left to do but get out gathers Ideas (its Escape
// Moves) instead of walking, and one whose plan does not reach a piece
// of loot a teammate fetches stays out of that job.
//
// A move text it does not know (a new team choice) is answered with a
// harmless default: decline, done, or the first legal move that undoes
// nothing.
func Bot(view engine.View, legal []string, r *engine.Rand) string {
	if len(legal) == 0 {
		return ""
	}
	v, ok := view.(*View)
	if !ok || v.State == nil {
		return botDefault(legal)
	}
	s := v.State
	c := s.char(v.Viewer)
	if c == nil {
		return botDefault(legal)
	}
	b := &botMind{s: s, c: c, legal: legal, set: map[string]bool{}, r: r}
	for _, m := range legal {
		b.set[m] = true
	}
	if m := b.choose(); b.set[m] {
		return m
	}
	return botDefault(legal)
}

// botDefault is the answer to moves the bot has no policy for: one that
// ends or declines, else the first that undoes nothing.
func botDefault(legal []string) string {
	for _, m := range []string{"decline", "done", "npc done", "plan done", "crew done", "lose idea"} {
		if slices.Contains(legal, m) {
			return m
		}
	}
	for _, m := range legal {
		if !strings.HasPrefix(m, "unplan") && !strings.HasPrefix(m, "drop") && m != "rebuild" &&
			m != "escape now" && m != "give up" && !strings.HasPrefix(m, "sell ") && !strings.HasPrefix(m, "replan") {
			return m
		}
	}
	return legal[0]
}

type botMind struct {
	s     *State
	c     *Character
	legal []string
	set   map[string]bool
	r     *engine.Rand
	// the job, worked out once per decision
	job     *botJob
	jobDone bool
	jobList []botJob
	jobsOK  bool
	// relay is set when this character's job is a Keycard run too long
	// for the character it was handed to first: it plans the run's far
	// end, from next to the door back toward the Keycard, to take the
	// Keycard on where the two plans meet.
	relay bool
	// idx and nb index the board once per decision (a tile's place in
	// State.Tiles, its neighbours' places) for the many routes a decision
	// works out; shared with the minds of teammates (other).
	idx map[*Tile]int
	nb  [][]int
	// needs caches escapeNeeds by character; crit caches critical.
	needs map[*Character]map[*Tile]int
	crit  map[*Character]bool
	// ambush caches ambushPlan: 0 not worked out, 1 no ambush on, 2
	// hold back (the crew cannot take every Guard down this round), 3 go.
	ambush int
	// lead is set when the job was handed to this character first (the
	// others join it).
	lead bool
	// gateCheap prices Lockdown Gate hexes low, for a way that must
	// go through one
	gateCheap bool
	// the most planning tokens a job needs
	memNeed   int
	memNeedOK bool
	// the Lockdown Gate hexes about to shut
	danger   map[*Tile]bool
	dangerOK bool
	// early caches earlyGate (bot_chain.go)
	early   map[*Tile]bool
	earlyOK bool
	// exitGuards is set while an Action is weighed whose character may
	// leave Guarded hexes (THERE ARE BETTER WAYS, paid or to be paid)
	exitGuards bool
	// crawl adds VENT CRAWL's ways across one gap to the routes of the
	// character's own plan and way
	crawl bool
	// lastGates holds the Lockdown Gate hexes only the final Crisis shuts
	lastGates  map[*Tile]bool
	lastGateOK bool
}

// dangerous reports whether t is a Lockdown Gate hex that the Events and
// Crises about to come may shut (G1, G2, C3 and Z2 near the top of the
// deck or in the Crisis queue): a character ending the round there is
// Busted.
func (b *botMind) dangerous(t *Tile) bool {
	if !b.dangerOK {
		b.dangerOK = true
		s := b.s
		shuts := 0
		cards := append(slices.Clone(s.CrisisQueue), s.Deck[:min(3, len(s.Deck))]...)
		for _, code := range cards {
			switch code {
			case "G1", "C3":
				shuts++
			case "G2":
				shuts += 2
			case "Z2":
				shuts += 4
			}
		}
		b.danger = map[*Tile]bool{}
		for _, g := range []string{"gate a", "gate b", "gate c", "gate d"} {
			for _, x := range s.Tiles {
				if shuts > 0 && real(x) && x.has(g) {
					b.danger[x] = true
					shuts--
				}
			}
		}
	}
	return b.danger[t]
}

// lastGate reports whether t is a Lockdown Gate hex that no Event or
// Crisis before the final one shuts: the gates shut in order (A first),
// one each for G1 and C3 and two for G2, so the gates past as many as
// those cards left in the deck and the Crisis queue can shut are shut
// only by Z2, at the Escape (The Proving Grounds' Gate D at g4, next to
// the Safecracking Tools: going round it made their run to the safe 13
// planning tokens instead of 9).
func (b *botMind) lastGate(t *Tile) bool {
	if !b.lastGateOK {
		b.lastGateOK = true
		s := b.s
		shuts := 0
		for _, code := range append(slices.Clone(s.CrisisQueue), s.Deck...) {
			if code == "Z1" || code == "Z2" {
				break
			}
			switch code {
			case "G1", "C3":
				shuts++
			case "G2":
				shuts += 2
			}
		}
		b.lastGates = map[*Tile]bool{}
		for _, g := range []string{"gate a", "gate b", "gate c", "gate d"} {
			for _, x := range s.Tiles {
				if real(x) && x.has(g) {
					if shuts > 0 {
						shuts--
					} else {
						b.lastGates[x] = true
					}
				}
			}
		}
	}
	return b.lastGates[t]
}

func (b *botMind) has(m string) bool { return b.set[m] }

// other is the mind of teammate o for this decision: the same table, so
// it shares the crew's jobs (every bot works out the same list) and the
// board's index.
func (b *botMind) other(o *Character) *botMind {
	if o == b.c {
		return b
	}
	b.board()
	return &botMind{s: b.s, c: o, legal: b.legal, set: b.set, jobList: b.jobs(), jobsOK: true, idx: b.idx, nb: b.nb}
}

// board indexes the tiles and their neighbours once.
func (b *botMind) board() {
	if b.idx != nil {
		return
	}
	s := b.s
	b.idx = make(map[*Tile]int, len(s.Tiles))
	for i, t := range s.Tiles {
		b.idx[t] = i
	}
	b.nb = make([][]int, len(s.Tiles))
	for i, t := range s.Tiles {
		for _, n := range s.neighbours(t) {
			b.nb[i] = append(b.nb[i], b.idx[n])
		}
	}
}

// firstWith returns the first legal move starting with prefix.
func (b *botMind) firstWith(prefix string) string {
	for _, m := range b.legal {
		if strings.HasPrefix(m, prefix) {
			return m
		}
	}
	return ""
}

func (b *botMind) choose() string {
	s := b.s
	if d := s.choice(); d != nil {
		return b.answerChoice(d)
	}
	top := s.Pending.Top()
	if top == nil {
		return ""
	}
	switch top.Kind {
	case crewTurn:
		return b.crew()
	case planTurn:
		return b.plan()
	case actionTurn:
		return b.action()
	case offerTurn:
		return b.offer()
	case escapeTurn:
		return b.escape()
	}
	return ""
}

// ---------------------------------------------------------------- jobs

// botJob is one thing the crew must do: reach a hex (and what for).
type botJob struct {
	Hex  string
	What string // "loot", "npc", "server", "breakout", "keycard", "door", "tools", "item"
	// Then is where the job leads on (a Keycard's door), planned with it.
	Then string
}

// wanted is the loot the objective asks for ("" when it asks for none)
// and how many pieces.
func (b *botMind) wanted() (string, int) {
	switch b.s.Scenario {
	case "the-inclusion-job", "the-melee-job":
		return Jewel, 3
	case "the-greedy-prisoner":
		return Jewel, 2
	case "the-hospitality-job", "the-safehouse-rescue", "the-black-box", "the-final-score-part-2",
		"county-the-bricks", "county-the-river", "county-the-hole":
		return "", 0
	}
	if strings.Contains(strings.ToLower(b.s.Objective), "document") {
		return Document, 1
	}
	return "", 0
}

func (b *botMind) npcGoal() bool {
	switch b.s.Scenario {
	case "the-greedy-prisoner", "the-hospitality-job", "the-safehouse-rescue", "the-black-box", "the-final-score-part-2":
		return true
	}
	return false
}

// critical reports whether the crew waits on o: it carries the
// objective's loot (or the Documents of The Final Score: Part 1), a
// Keycard while a Keycard Door is shut, or its job is one that must come
// first (a Server, a Keycard, a door, the USB key, the Tools). Every bot
// works it out alike from the table.
func (b *botMind) critical(o *Character) bool {
	s := b.s
	if o == nil || !o.onBoard() || o.NPC {
		return false
	}
	if kind, _ := b.wanted(); kind != "" && o.has(kind) || o.has(Document) && s.Scenario == "the-final-score-part-1" {
		return true
	}
	if o.has(Keycard) {
		for _, t := range s.Tiles {
			if real(t) && t.has(TokKeycardDoor) {
				return true
			}
		}
	}
	if v, ok := b.crit[o]; ok {
		return v
	}
	if b.crit == nil {
		b.crit = map[*Character]bool{}
	}
	b.crit[o] = false
	if j := b.other(o).myJob(); j != nil {
		switch j.What {
		case "server", "keycard", "door", "usb", "tools":
			b.crit[o] = true
			return true
		}
	}
	return false
}

// held counts the pieces of kind the crew holds or has secured.
func (b *botMind) held(kind string) int {
	n := b.s.securedCount(kind)
	for _, c := range b.s.Chars {
		if c.onBoard() || c.Hidden {
			for _, l := range c.Loot {
				if l == kind {
					n++
				}
			}
		}
	}
	return n
}

// jobs lists what the crew must still do, prerequisites first. Every bot of
// the crew computes the same list from the table.
func (b *botMind) jobs() []botJob {
	if !b.jobsOK {
		b.jobList, b.jobsOK = b.findJobs(), true
	}
	return b.jobList
}

// targets lists the hexes the objective sends the crew to (its loot, in
// the open or in a safe; the NPC to free or take), with the jobs that must
// come first (Safecracking Tools lying on the board when nobody can
// crack).
func (b *botMind) targets() ([]botJob, []*Tile) {
	s := b.s
	var out []botJob
	kind, need := b.wanted()
	canCrack := false
	for _, c := range s.Chars {
		canCrack = canCrack || c.onBoard() && s.canCrack(c)
	}
	var toolsHex string
	for _, t := range s.Tiles {
		if real(t) && (slices.Contains(t.Loot, "item Safecracking Tools") || slices.Contains(t.Loot, "item Plasma Torch")) {
			toolsHex = t.Hex
		}
	}
	var targets []*Tile
	if kind != "" && b.held(kind) < need {
		for _, t := range s.Tiles {
			if !real(t) {
				continue
			}
			if slices.Contains(t.Loot, kind) {
				targets = append(targets, t)
			}
			if t.has(TokSafe) && slices.Contains(t.SafeLoot, kind) {
				if !canCrack && toolsHex != "" {
					out = append(out, botJob{Hex: toolsHex, What: "tools", Then: t.Hex})
				}
				targets = append(targets, t)
			}
		}
	}
	targets = b.npcTakes(targets, kind, need)
	if b.npcGoal() && s.NPC != nil && s.NPC.onBoard() && !s.NPC.Active {
		t := s.tile(s.NPC.Hex)
		if s.Scenario == "the-final-score-part-2" {
			// MEAL TICKET: the Mayor walks right one hex each Event
			// phase; meet him a few hexes ahead.
			for k := 0; k < 3; k++ {
				if nx := s.at(t.X+2, t.Row); nx != nil {
					t = nx
				}
			}
		}
		if s.Scenario == "the-safehouse-rescue" {
			// MOVING TARGET: the Prisoner steps toward the van after
			// each Event phase; meet her down her way where the crew
			// gets first.
			dist := s.distances(func(x *Tile) bool { return x.has(TokBeacon) })
			t = b.ambushHex(t, dist)
		}
		targets = append(targets, t)
	}
	return out, targets
}

func (b *botMind) findJobs() []botJob {
	s := b.s
	out, targets := b.targets()
	// What stands in the way of each target, prerequisites of
	// prerequisites first: the Server of a Remote Lock on the cheapest way
	// in, and for a Keycard Door the Keycard (or, once someone holds one,
	// the door itself, which its holder opens from next door).
	var pre []botJob
	seen := map[*Tile]bool{}
	holder := false
	for _, c := range s.Chars {
		holder = holder || c.onBoard() && c.has(Keycard)
	}
	froms := s.entrances()
	var unblock func(g *Tile, depth int)
	unblock = func(g *Tile, depth int) {
		if g == nil || depth > 3 {
			return
		}
		path, _ := b.route(froms, func(t *Tile) bool { return t == g }, func(*Tile) bool { return true }, true)
		for _, t := range path {
			if seen[t] {
				continue
			}
			for _, tok := range t.Tokens {
				if x, ok := strings.CutPrefix(tok, "remote "); ok {
					if sv := b.server(x, seen); sv != nil {
						seen[t], seen[sv] = true, true
						unblock(sv, depth+1)
						pre = append(pre, botJob{Hex: sv.Hex, What: "server"})
					}
					if x == "y" && s.Scenario == "the-side-channel" && !seen[t] {
						// CRACK CIPHER: the USB key opens Y when picked up.
						for _, k := range s.Tiles {
							if real(k) && slices.Contains(k.Loot, USB) {
								seen[t] = true
								unblock(k, depth+1)
								pre = append(pre, botJob{Hex: k.Hex, What: "usb"})
								break
							}
						}
					}
				}
			}
			if t.has(TokKeycardDoor) && !seen[t] {
				seen[t] = true
				if holder {
					pre = append(pre, botJob{Hex: t.Hex, What: "door"})
					continue
				}
				// The Keycard whose run (in from an Entrance, then on to
				// the door) is cheapest: with several on the board, the
				// first one found may lie across the map.
				var best *Tile
				bc := 0.0
				var cards []*Tile
				for _, k := range s.Tiles {
					if real(k) && slices.Contains(k.Loot, Keycard) {
						cards = append(cards, k)
					}
				}
				for _, k := range cards {
					if len(cards) == 1 {
						best = k
						break
					}
					_, in := b.route(froms, func(x *Tile) bool { return x == k }, func(*Tile) bool { return true }, true)
					_, on := b.route([]*Tile{k}, func(x *Tile) bool { return x == t }, func(*Tile) bool { return true }, true)
					v := in + on
					if s.Phase != PhaseCrew && s.Phase != PhasePlanning {
						// Once the plans are laid, the run the crew
						// planned: over each character's own tokens.
						v = 1e9
						for _, c := range s.Chars {
							if c.onBoard() && !c.NPC {
								v = min(v, b.reachCost(c, k)+b.onward(c, k, t))
							}
						}
					}
					if best == nil || v < bc {
						best, bc = k, v
					}
				}
				if best != nil {
					unblock(best, depth+1)
					pre = append(pre, botJob{best.Hex, "keycard", t.Hex})
				} else if s.Bag[Keycard] > 0 {
					// The Keycard is still in the Security bag: it turns
					// up where an unknown tile is revealed, so someone
					// plans over as many of them as it can.
					pre = append(pre, botJob{Hex: t.Hex, What: "search"})
				}
			}
		}
	}
	for _, j := range out {
		// The Tools, too, may lie behind a Keycard Door or a Remote Lock.
		unblock(s.tile(j.Hex), 1)
	}
	for _, t := range targets {
		unblock(t, 0)
	}
	if n := s.NPC; b.npcGoal() && n != nil && n.Active && n.onBoard() {
		// The NPC's own way out: what closes it is the crew's to open.
		// Found from the Entrances in, as in Planning before the NPC was
		// freed, so the crew keeps to the door and Keycard it planned for.
		nh := s.tile(n.Hex)
		path, _ := b.route(froms, func(t *Tile) bool { return t == nh }, func(*Tile) bool { return true }, true)
		for _, t := range path {
			if t.remoteLocked() || t.has(TokKeycardDoor) {
				unblock(t, 0)
			}
		}
	}
	out = append(pre, out...)
	for _, t := range targets {
		what := "loot"
		if s.NPC != nil && t.Hex == s.NPC.Hex {
			what = "npc"
		}
		out = append(out, botJob{Hex: t.Hex, What: what})
	}
	if kind, need := b.wanted(); kind != "" && s.Bag[kind] > 0 {
		// Pieces of the objective still in the Security bag turn up where
		// unknown tiles are revealed: a search for each piece the board
		// does not hold (named by the unknown tiles nearest the
		// Entrances, so each search is a job of its own).
		short := need - b.held(kind)
		for _, t := range targets {
			if t.has(TokSafe) || slices.Contains(t.Loot, kind) {
				short--
			}
		}
		dist := s.distances(func(t *Tile) bool { return t.Entrance })
		var unknown []*Tile
		for _, t := range s.Tiles {
			if _, ok := dist[t]; ok && real(t) && t.Unknown {
				unknown = append(unknown, t)
			}
		}
		sort.SliceStable(unknown, func(i, k int) bool { return dist[unknown[i]] < dist[unknown[k]] })
		for k := 0; k < min(short, s.Bag[kind], len(unknown)); k++ {
			out = append(out, botJob{Hex: unknown[k].Hex, What: "search"})
		}
	}
	if s.Breakout && !b.npcGoal() {
		// Someone goes in and comes out again: the inside hex nearest an
		// Entrance.
		dist := s.distances(func(t *Tile) bool { return t.Entrance })
		var best *Tile
		for _, t := range s.Tiles {
			if real(t) && !t.Entrance && !t.Unknown && !t.locked() && t.guards() == 0 && !t.remoteLocked() && !t.has(TokKeycardDoor) {
				if d, ok := dist[t]; ok && (best == nil || d < dist[best]) {
					best = t
				}
			}
		}
		if best != nil {
			out = append(out, botJob{Hex: best.Hex, What: "breakout"})
		}
	}
	for _, j := range pre {
		if j.What == "door" {
			if m := b.relayJob(s.tile(j.Hex)); m != nil {
				// Before the loot behind the door: the teammate whose plan
				// leads on from the hand-on hex is the one to take it.
				out = append([]botJob{*m}, out...)
			}
			break
		}
	}
	if kind, need := b.wanted(); kind != "" && b.held(kind) < need && s.Phase != PhaseCrew && s.Phase != PhasePlanning {
		// (Tools a campaign's character brings along are planned for
		// like any other way to the safe.)
		for _, t := range s.Tiles {
			if real(t) && t.has(TokSafe) && t.Cracks < t.SafeNeeds && slices.Contains(t.SafeLoot, kind) {
				if m := b.relayJob(t); m != nil {
					// The Safecracking Tools' hand-on, like the Keycard's:
					// their holder's plan stops short of the safe.
					out = append([]botJob{*m}, out...)
				}
				break
			}
		}
	}
	// Items lying on the board: a job for a character the objective leaves
	// free (handed out last).
	primary := len(out)
	kind, _ := b.wanted()
	near := func(t *Tile) bool {
		// With the objective's work done, an Item a step or two from a
		// character with its hands free is still worth the detour.
		for _, c := range s.Chars {
			if c.onBoard() && !c.NPC && (kind == "" || !c.has(kind)) && hexDistance(s.tile(c.Hex), t) <= 2 {
				return true
			}
		}
		return false
	}
	for _, t := range s.Tiles {
		if !real(t) || primary == 0 && !near(t) {
			continue
		}
		for _, l := range t.Loot {
			if strings.HasPrefix(l, "item ") {
				out = append(out, botJob{Hex: t.Hex, What: "item"})
				break
			}
		}
	}
	return dedupJobs(out)
}

func dedupJobs(in []botJob) []botJob {
	seen := map[string]bool{}
	var out []botJob
	for _, j := range in {
		if !seen[j.Hex] {
			seen[j.Hex] = true
			out = append(out, j)
		}
	}
	return out
}

// myJob is this character's job, nil when nothing is left. The jobs are
// handed out in seat order: each character takes the job it reaches most
// cheaply from an Entrance within its Planning Memory, a job already taken
// counting as dearer, so the crew spreads over the jobs.
func (b *botMind) myJob() *botJob {
	if b.jobDone {
		return b.job
	}
	b.jobDone = true
	s := b.s
	js := b.jobs()
	if len(js) == 0 {
		return nil
	}
	type reach struct {
		cost   float64
		tiles  int
		guards int
	}
	reaches := make([]reach, len(js))
	froms := s.entrances()
	for i, j := range js {
		g := s.tile(j.Hex)
		path, cost := b.route(froms, func(t *Tile) bool { return t == g }, func(*Tile) bool { return true }, true)
		if path == nil {
			cost = 1000
		}
		gs := 0
		for _, t := range path {
			gs += t.guards()
		}
		reaches[i] = reach{cost, b.tokensFor(path, j), gs}
	}
	heist := s.Phase != PhaseCrew && s.Phase != PhasePlanning
	var chars []*Character
	for _, c := range s.Chars {
		if !c.Busted && !c.Escaped && !c.Hidden {
			chars = append(chars, c)
		}
	}
	prereq := func(j botJob) bool {
		switch j.What {
		case "server", "keycard", "tools", "door", "usb", "search":
			return true
		}
		return false
	}
	crackers := 0
	for _, c := range chars {
		if c.onBoard() && s.canCrack(c) {
			crackers++
		}
	}
	cost := make([][]float64, len(chars))
	for k, c := range chars {
		cost[k] = make([]float64, len(js))
		for i, j := range js {
			v := reaches[i].cost
			if heist {
				// On the board: what the character's own plan reaches.
				v = b.reachCost(c, s.tile(j.Hex))
			} else {
				if reaches[i].tiles > c.Memory && j.What != "npc" {
					if j.What == "keycard" && j.Then != "" && len(chars) > 1 {
						// A teammate may plan the run's far end and
						// take the Keycard on.
						v += 10
					} else {
						v += 50
					}
				}
				if s.cannotSubdue(c) {
					// Every Guard on the way costs it an Idea to walk
					// off (THERE ARE BETTER WAYS) and holds it, and so
					// does every Guard the Events put on a runner.
					v += 3 * float64(reaches[i].guards)
					if prereq(j) {
						v += 8
					}
				}
			}
			if j.What == "item" {
				// Only a character the other jobs can spare.
				v += 40
			}
			if j.What == "door" && !c.has(Keycard) || j.What == "relay" && b.carries(c, s.tile(j.Then)) {
				v += 1000
			}
			if heist && crackers > 0 && !s.canCrack(c) && b.safeJob(j) {
				// The safe is the Tools holder's (or, handed on, the
				// teammate's who takes them): nobody else can crack it.
				v += 1000
			}
			if heist && j.What == "relay" {
				// Only a character whose own plan leads on from the
				// hand-on hex to next to the door can take the Keycard
				// there.
				if w := b.onward(c, s.tile(j.Hex), s.tile(j.Then)); w >= 100 {
					v += 1000
				} else {
					v += w
				}
			}
			if heist && (j.What == "keycard" || j.What == "tools") && j.Then != "" {
				// The Keycard's run goes on to its door: a character
				// whose plan does not lead there from the Keycard
				// (the one that just handed it on) is not the one.
				v += b.onward(c, s.tile(j.Hex), s.tile(j.Then))
			}
			cost[k][i] = v
		}
	}
	// First every job in turn (what must come first leads the list) goes
	// to the character it costs least; then the characters left join the
	// job that suits them, a job already taken counting as dearer.
	assigned := make([]int, len(chars))
	for k := range assigned {
		assigned[k] = -1
	}
	taken := make([]int, len(js))
	lead := make([]int, len(js))
	for i, j := range js {
		lead[i] = -1
		if j.What == "item" {
			continue
		}
		best, bv := -1, 1e18
		for k := range chars {
			if assigned[k] < 0 && cost[k][i] < bv && (!heist || cost[k][i] < 500) {
				best, bv = k, cost[k][i]
			}
		}
		if best >= 0 {
			assigned[best] = i
			lead[i] = best
			taken[i]++
		}
	}
	lootJobs := 0
	for _, j := range js {
		if j.What == "loot" {
			lootJobs++
		}
	}
	for k := range chars {
		if assigned[k] >= 0 {
			continue
		}
		best, bv := -1, 1e18
		for i, j := range js {
			if j.What == "loot" && taken[i] > 0 && lootJobs > 1 {
				// With a carrier for each of several pieces, one more
				// only adds Noise (a single piece is worth a second
				// character, who takes over when the first is held).
				continue
			}
			if heist && taken[i] > 0 && cost[k][i] >= 100 && b.lootJob(j) {
				// A piece of loot its own plan does not reach: it could
				// only walk up to it and wait, making Noise, so it stays
				// free (and quiet) instead.
				continue
			}
			v := cost[k][i] + 6*float64(taken[i])
			if taken[i] > 0 && (prereq(j) || j.What == "item") {
				v += 100
			}
			if v < bv {
				best, bv = i, v
			}
		}
		if best < 0 || heist && bv >= 500 {
			// Nothing the plan reaches: this character is free.
			continue
		}
		assigned[k] = best
		taken[best]++
	}
	for k, c := range chars {
		if c == b.c && assigned[k] >= 0 {
			i := assigned[k]
			j := js[i]
			b.job = &j
			b.lead = lead[i] == k
			if !heist && j.What == "keycard" && j.Then != "" && lead[i] >= 0 && lead[i] != k {
				// A second character on a Keycard run longer than the
				// first one's Planning Memory plans the far end.
				l := chars[lead[i]]
				b.relay = reaches[i].tiles > l.Memory || len(l.Planned) > 0 && b.onward(l, s.tile(j.Hex), s.tile(j.Then)) >= 100
			}
			return b.job
		}
	}
	return nil
}

// safeJob reports whether j sends the crew to a safe still to crack.
func (b *botMind) safeJob(j botJob) bool {
	t := b.s.tile(j.Hex)
	return j.What == "loot" && t != nil && t.has(TokSafe) && t.Cracks < t.SafeNeeds
}

// lootJob reports whether j sends the crew to a piece of the objective's
// loot (on a hex or in a safe), not to an NPC.
func (b *botMind) lootJob(j botJob) bool {
	kind, _ := b.wanted()
	t := b.s.tile(j.Hex)
	return j.What == "loot" && kind != "" && t != nil && (slices.Contains(t.Loot, kind) || slices.Contains(t.SafeLoot, kind))
}

// onward is what c's own plan costs from the Keycard on k to a hex next
// to its door (100 and more when the plan does not lead there).
func (b *botMind) onward(c *Character, k, door *Tile) float64 {
	if k == nil || door == nil {
		return 0
	}
	ok := func(t *Tile) bool { return t.Entrance || t.planned(int(c.Seat)) || t == k }
	if !ok(k) {
		return 100
	}
	_, cost := b.route([]*Tile{k}, func(t *Tile) bool { return arrived(t, door) && ok(t) }, ok, false)
	if cost == 0 && !arrived(k, door) {
		return 100
	}
	return cost
}

// relayJob is the hex where the holder of a Keycard hands it on, when its
// own plan does not lead next to the door (the crew's door job): the hex of the
// holder's plan nearest the door that a teammate's plan also covers and
// leads on from to the door. What cracks a safe is handed on sooner, where
// the two first meet (meetHex). Nil when no hand-on is needed or possible.
func (b *botMind) relayJob(door *Tile) *botJob {
	s := b.s
	if door == nil {
		return nil
	}
	var holder *Character
	for _, c := range s.Chars {
		if c.onBoard() && !c.NPC && b.carries(c, door) {
			holder = c
		}
	}
	if holder == nil {
		return nil
	}
	mine := func(c *Character) func(*Tile) bool {
		return func(t *Tile) bool { return t.Entrance || t.planned(int(c.Seat)) }
	}
	here := s.tile(holder.Hex)
	reach := s.reachable(here, mine(holder))
	for _, t := range reach {
		if arrived(t, door) {
			return nil
		}
	}
	if door.has(TokSafe) {
		if t := b.meetHex(holder, reach, door); t != nil {
			return &botJob{Hex: t.Hex, What: "relay", Then: door.Hex}
		}
	}
	var best *Tile
	for _, c := range s.Chars {
		if c == holder || !c.onBoard() || c.NPC {
			continue
		}
		for _, t := range reach {
			if !mine(c)(t) || best != nil && hexDistance(t, door) >= hexDistance(best, door) {
				continue
			}
			for _, x := range s.reachable(t, mine(c)) {
				if arrived(x, door) {
					best = t
					break
				}
			}
		}
	}
	if best == nil {
		return nil
	}
	return &botJob{Hex: best.Hex, What: "relay", Then: door.Hex}
}

// carries reports whether c holds what the run to door needs: the Keycard
// for a Keycard Door, an Item that cracks for a safe.
func (b *botMind) carries(c *Character, door *Tile) bool {
	if door.has(TokSafe) {
		return b.s.canCrack(c)
	}
	return c.has(Keycard)
}

// arrived reports whether a character on t has reached door's run end: next
// to a Keycard Door (it is opened from next door), on a safe (it is
// cracked from its own hex).
func arrived(t, door *Tile) bool {
	if door.has(TokSafe) {
		return t == door
	}
	return adjacent(t, door)
}

// reachCost is what c's way to g over the hexes it may enter costs; 1000
// when they do not lead there.
func (b *botMind) reachCost(c *Character, g *Tile) float64 {
	s := b.s
	here := s.tile(c.Hex)
	if here == nil || g == nil {
		return 1000
	}
	ok := func(t *Tile) bool { return t.Entrance || t.planned(int(c.Seat)) || t == g && c.NPC }
	path, cost := b.route([]*Tile{here}, func(t *Tile) bool { return t == g }, ok, false)
	if path != nil {
		return cost
	}
	// Out of the plan's reach: as near as the plan goes, dearer.
	d := 1 << 20
	for _, t := range s.reachable(here, ok) {
		d = min(d, hexDistance(t, g))
	}
	return 100 + 3*float64(d)
}

// ---------------------------------------------------------------- paths

// stepCost is what entering t is expected to cost, for planning routes:
// obstacles need sub-actions, unknown tiles may hide one.
func (b *botMind) stepCost(t *Tile, planning bool) float64 {
	cost := 1.0
	if t.Entrance {
		return cost
	}
	if t.locked() {
		cost += 1.5 * float64(t.count(Lock, true))
	}
	cost += 1.5 * float64(t.guards())
	if t.liveCamera() {
		cost += 1
	}
	if t.Unknown {
		cost += 0.6
	}
	if t.remoteLocked() || t.has(TokKeycardDoor) {
		cost += 8
	}
	for _, tok := range t.Tokens {
		if strings.HasPrefix(tok, "gate ") {
			// A Lockdown Gate takes the hex away (and the way back
			// through it) when an Event shuts it, and the last Crisis
			// or the Escape shuts them all: go round unless it is far
			// (or the way round is longer than the Planning Memory).
			switch {
			case b.lastGate(t):
				// Only the final Crisis shuts it, when the Escape
				// needs no plan: the way in through it stays.
				cost += 1
			case b.gateCheap:
				cost += 2.5
			default:
				cost += 12
			}
		}
	}
	if planning && t.has(TokKennel) {
		cost += 0.5
	}
	if planning && (b.s.Phase == PhaseCrew || b.s.Phase == PhasePlanning) && b.earlyGate(t) {
		cost += earlyGateCost
	}
	return cost
}

// route is the cheapest path from one of froms to goal over tiles ok
// allows, first tile included; nil when none.
func (b *botMind) route(froms []*Tile, goal func(*Tile) bool, ok func(*Tile) bool, planning bool) ([]*Tile, float64) {
	s := b.s
	b.board()
	n := len(s.Tiles)
	const inf = 1e18
	dist := make([]float64, n)
	prev := make([]int, n)
	done := make([]bool, n)
	for i := range dist {
		dist[i], prev[i] = inf, -1
	}
	for _, f := range froms {
		dist[b.idx[f]] = 0
	}
	for {
		cur := -1
		for i := 0; i < n; i++ {
			if !done[i] && dist[i] < inf && (cur < 0 || dist[i] < dist[cur]) {
				cur = i
			}
		}
		if cur < 0 {
			return nil, 0
		}
		t := s.Tiles[cur]
		if goal(t) {
			var path []*Tile
			for i := cur; i >= 0; i = prev[i] {
				path = append(path, s.Tiles[i])
			}
			slices.Reverse(path)
			return path, dist[cur]
		}
		done[cur] = true
		for _, j := range b.nb[cur] {
			nb := s.Tiles[j]
			if done[j] || !ok(nb) {
				continue
			}
			if d := dist[cur] + b.stepCost(nb, planning); d < dist[j] {
				dist[j] = d
				prev[j] = cur
			}
		}
		if b.crawl && !t.remoteLocked() {
			for _, nb := range b.crawlsFrom(t) {
				j := b.idx[nb]
				if done[j] || !ok(nb) {
					continue
				}
				// Four Noise, about an Alert's worth of the heist's time.
				if d := dist[cur] + b.stepCost(nb, planning) + 2.5; d < dist[j] {
					dist[j] = d
					prev[j] = cur
				}
			}
		}
	}
}

// crawlsFrom lists the tiles VENT CRAWL reaches from t: directly across
// one gap.
func (b *botMind) crawlsFrom(t *Tile) []*Tile {
	s := b.s
	var out []*Tile
	for _, d := range dirs {
		mid := s.cell(t.X+d[0], t.Row+d[1])
		n := s.at(t.X+2*d[0], t.Row+2*d[1])
		if !real(mid) && real(n) {
			out = append(out, n)
		}
	}
	return out
}

// isHome reports whether t is where the character ends the heist: an Exit
// (a hideout in The Final Score: Part 1).
func (b *botMind) isHome(t *Tile) bool {
	if b.s.Scenario == "the-final-score-part-1" {
		return t.has(TokBeacon)
	}
	return t.Entrance
}

// ---------------------------------------------------------------- crew

// botWeights weighs sub-actions for the scenario's security.
type botWeights map[content.Sub]float64

func (b *botMind) weights() botWeights {
	s := b.s
	locks, guards, cams := float64(s.Bag[Lock]), float64(s.Bag[Guard]+s.Bag[Dog]), float64(s.Bag[Camera])
	for _, t := range s.Tiles {
		if real(t) {
			locks += float64(t.count(Lock, true))
			guards += float64(t.guards())
			cams += float64(t.count(Camera, true))
		}
	}
	tot := locks + guards + cams + 1
	w := botWeights{
		content.SubMove: 1.2, content.SubUnlock: 0.4 + 2.4*locks/tot, content.SubSubdue: 0.4 + 2.4*guards/tot,
		content.SubDisable: 0.2 + 1.6*cams/tot, content.SubIdea: 0.7, content.SubReveal: 0.1, content.SubLoot: 0.2,
		content.SubCrack: 0.3, content.SubNoise: -0.5, "alert": -1.5,
	}
	return w
}

func (w botWeights) action(a content.Action) float64 {
	v := 0.0
	for _, sub := range a.Subs {
		v += w[sub]
	}
	return v
}

// buildScore values a character card with two Skills for this scenario.
func (b *botMind) buildScore(card string, skills []string) float64 {
	l := theLib()
	cd := l.Characters[card]
	if cd == nil {
		return 0
	}
	w := b.weights()
	var defs []float64
	for _, d := range cd.Defaults {
		v := w.action(d)
		if specialDefaults[d.Name] {
			v = 1.5
		}
		defs = append(defs, v)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(defs)))
	score := 0.0
	for i, v := range defs {
		if i < 2 {
			score += v
		}
	}
	// Planning Memory up to the longest way a job needs (from an Entrance,
	// a Keycard on to its door, the Tools on to the safe) is worth a lot:
	// a way planned short never arrives.
	need := b.memoryNeed()
	score += 0.3*float64(cd.Ideas) + 0.15*float64(cd.Memory) + 1.0*float64(min(cd.Memory, need))
	// Coverage: a character walks its own planned way, so it must get
	// past the Locks and Guards on it by itself; a Guard placed on its
	// hex holds it until it subdues it. A Default Action is always
	// there; a Skill face only on its roll (or for Ideas).
	faces := map[content.Sub]int{}
	for _, d := range cd.Defaults {
		for _, sub := range []content.Sub{content.SubSubdue, content.SubUnlock} {
			if d.Count(sub) > 0 {
				faces[sub] += 6
			}
		}
	}
	for _, sk := range skills {
		if d := l.Skills[sk]; d != nil {
			f := 0.0
			for _, a := range d.Faces {
				f += w.action(a)
				for _, sub := range []content.Sub{content.SubSubdue, content.SubUnlock} {
					if a.Count(sub) > 0 {
						faces[sub]++
					}
				}
			}
			score += f / 6
		}
	}
	score += 3*min(float64(faces[content.SubSubdue]), 4)/4 + 2.4*w[content.SubUnlock]*min(float64(faces[content.SubUnlock]), 4)/4
	return score
}

// tokensFor counts the planning tokens a way in (path, from an Entrance)
// to job j needs, with the way on from a Keycard to its door or from the
// Tools to the safe: each hex once, Entrances and the door excepted.
func (b *botMind) tokensFor(path []*Tile, j botJob) int {
	s := b.s
	if path == nil {
		return 0
	}
	seen := map[*Tile]bool{}
	for _, t := range path {
		if !t.Entrance {
			seen[t] = true
		}
	}
	if then := s.tile(j.Then); then != nil {
		g := path[len(path)-1]
		more, _ := b.route([]*Tile{g}, func(t *Tile) bool { return t == then }, func(*Tile) bool { return true }, true)
		for _, t := range more[:max(len(more)-b.doorEnd(j), 0)] {
			if !t.Entrance {
				seen[t] = true
			}
		}
	}
	return len(seen)
}

// doorEnd is 1 when the job leads on to a Keycard Door, which is opened
// from next door: the door itself needs no planning token of the opener.
func (b *botMind) doorEnd(j botJob) int {
	if j.What == "keycard" {
		return 1
	}
	return 0
}

// memoryNeed is the most planning tokens a job of the crew needs.
func (b *botMind) memoryNeed() int {
	if b.memNeedOK {
		return b.memNeed
	}
	b.memNeedOK = true
	s := b.s
	froms := s.entrances()
	for _, j := range b.jobs() {
		if j.What == "item" {
			continue
		}
		g := s.tile(j.Hex)
		path, _ := b.route(froms, func(t *Tile) bool { return t == g }, func(*Tile) bool { return true }, true)
		if path == nil {
			continue
		}
		b.memNeed = max(b.memNeed, b.tokensFor(path, j))
	}
	return b.memNeed
}

// bestBuild is the best score of card with two Amateur Skills the box
// still has copies of once the other seats' cards are counted (and no evil
// twin), and the first Skill of that pair: exactly what building it gets,
// so a change of character in the Crew step always raises the score.
func (b *botMind) bestBuild(card string, first string) (float64, string) {
	s := b.s
	l := theLib()
	cl := s.claims(b.c)
	var skills []string
	for _, n := range l.SkillOrder {
		if d := l.Skills[n]; d != nil && d.Level == 1 && cl.skills[n] < d.Qty {
			skills = append(skills, n)
		}
	}
	best, pick := -1e9, ""
	for _, x := range skills {
		if first != "" && x != first {
			continue
		}
		for _, y := range skills {
			if y == x || s.evilTwin(card, [2]string{x, y}) {
				continue
			}
			if v := b.buildScore(card, []string{x, y}); v > best {
				best, pick = v, x
			}
		}
	}
	return best, pick
}

func (b *botMind) crew() string {
	c := b.c
	if len(c.Draft) > 0 {
		// Building: the Skill that fits best (the first one of the best
		// pair the box still allows).
		best, bv := "", -1e9
		for _, m := range b.legal {
			if sk, ok := strings.CutPrefix(m, "skill "); ok {
				name := b.skillName(sk)
				var v float64
				if len(c.Draft) == 1 {
					v, _ = b.bestBuild(c.Draft[0], name)
				} else {
					v = b.buildScore(c.Draft[0], append(slices.Clone(c.Draft[1:]), name))
				}
				if v > bv {
					best, bv = m, v
				}
			}
		}
		if best != "" {
			return best
		}
		return "rebuild"
	}
	if !b.has("crew done") {
		return ""
	}
	if m := b.levelUp(); m != "" {
		return m
	}
	if c.Named != "" || c.Level > 1 {
		return "crew done"
	}
	// A new character only for a clearly better card; its Skills are then
	// the best the box still has. Each change raises the seat's card score
	// by a margin, so the Crew step always settles.
	// A new character (of any free class, its own included) gets exactly
	// its best build, so every change raises the seat's score by the
	// margin and the step settles.
	cur := b.buildScore(c.Card, c.Skills[:])
	best, bv := "", cur+0.8
	for _, m := range b.legal {
		name, ok := strings.CutPrefix(m, "character ")
		if !ok {
			continue
		}
		if v, _ := b.bestBuild(b.cardName(name), ""); v > bv {
			best, bv = m, v
		}
	}
	if best != "" {
		return best
	}
	return "crew done"
}

// levelUp switches to the other Pro card of a level-up step when it fits
// the scenario better than the card held (the better one is kept, so the
// choice settles at once).
func (b *botMind) levelUp() string {
	l := theLib()
	c := b.c
	w := b.weights()
	skillScore := func(name string) float64 {
		d := l.Skills[name]
		if d == nil {
			return 0
		}
		f := 0.0
		for _, a := range d.Faces {
			f += w.action(a)
		}
		return f / 6
	}
	for _, m := range b.legal {
		name, ok := strings.CutPrefix(m, "level up to ")
		if !ok {
			continue
		}
		if cd := l.Characters[b.cardName(name)]; cd != nil {
			if b.buildScore(cd.Name, nil) > b.buildScore(c.Card, nil)+0.05 {
				return m
			}
			continue
		}
		sk := l.Skills[b.skillName(name)]
		if sk == nil {
			continue
		}
		for _, have := range c.Skills {
			if h := l.Skills[have]; h != nil && h.Root == sk.Root && skillScore(sk.Name) > skillScore(have)+0.05 {
				return m
			}
		}
	}
	return ""
}

func (b *botMind) skillName(lowered string) string {
	for _, n := range theLib().SkillOrder {
		if lower(n) == lowered {
			return n
		}
	}
	return lowered
}

func (b *botMind) cardName(lowered string) string {
	for _, n := range theLib().CharOrder {
		if lower(n) == lowered {
			return n
		}
	}
	return lowered
}

// ---------------------------------------------------------------- planning

// planRoute is the route this character plans: from its start (or the
// best start) to its job, and the job.
func (b *botMind) planRoute() ([]*Tile, *botJob) {
	s, c := b.s, b.c
	job := b.myJob()
	if job == nil {
		return nil, nil
	}
	goal := s.tile(job.Hex)
	if goal == nil {
		return nil, job
	}
	var froms []*Tile
	if c.Hex != "" {
		froms = []*Tile{s.tile(c.Hex)}
	} else {
		froms = s.startSpots(c)
	}
	if job.What == "search" {
		return b.doorSearch(froms), job
	}
	if door := s.tile(job.Then); b.relay && door != nil {
		// The far end of a Keycard run: in to next to the door, then
		// back toward the Keycard as far as the tokens go, to meet the
		// character that fetches it.
		in, _ := b.route(froms, func(t *Tile) bool { return adjacent(t, door) && t != door && !t.has(TokKeycardDoor) }, func(t *Tile) bool { return !t.has(TokKeycardDoor) }, true)
		if len(in) > 0 {
			back, _ := b.route([]*Tile{in[len(in)-1]}, func(t *Tile) bool { return t == goal }, func(t *Tile) bool { return true }, true)
			if len(back) > 1 {
				in = append(in, back[1:]...)
			}
			return in, job
		}
	}
	b.crawl = s.hasAbility(c, "VENT CRAWL")
	defer func() { b.crawl = false }()
	path, _ := b.route(froms, func(t *Tile) bool { return t == goal }, func(t *Tile) bool { return true }, true)
	if len(path)-1 > c.Memory {
		// Too long to plan whole: through a Lockdown Gate, if that fits.
		b.gateCheap = true
		short, _ := b.route(froms, func(t *Tile) bool { return t == goal }, func(t *Tile) bool { return true }, true)
		b.gateCheap = false
		if short != nil && len(short)-1 <= c.Memory {
			path = short
		}
	}
	if then := s.tile(job.Then); then != nil && len(path) > 0 {
		// On from the Keycard to its door.
		more, _ := b.route([]*Tile{goal}, func(t *Tile) bool { return t == then }, func(t *Tile) bool { return true }, true)
		if len(more) > 1 {
			path = append(path, more[1:len(more)-b.doorEnd(*job)]...)
		}
	}
	if len(path) > 0 && (job.What == "npc" || !b.isHome(path[0])) {
		// The way out from the job's end, when it is not the way in: the
		// NPC the character brings along walks out with it (its escort
		// clears what it cannot), and a character that started on a
		// hideout has no Exit behind it. Tokens go to the way in first.
		end := path[len(path)-1]
		out, _ := b.route([]*Tile{end}, b.isHome, func(t *Tile) bool { return true }, true)
		if len(out) > 1 {
			path = append(path, out[1:]...)
		}
	}
	return path, job
}

// searchRoute is the plan of a character searching for a Keycard still
// in the Security bag: from the start, on to the nearest unknown tile
// not yet on the plan, again and again while memory tokens last, so the
// plan runs over as many unknown tiles as it can.
func (b *botMind) searchRoute(froms []*Tile, memory int) []*Tile {
	var path []*Tile
	on := map[*Tile]bool{}
	tokens := 0
	ends := froms
	for tokens < memory {
		seg, _ := b.route(ends, func(t *Tile) bool { return t.Unknown && !on[t] }, func(t *Tile) bool { return !t.has(TokKeycardDoor) && !t.remoteLocked() }, true)
		if len(seg) == 0 {
			break
		}
		add := 0
		for _, t := range seg {
			if !on[t] && !t.Entrance {
				add++
			}
		}
		if tokens+add > memory {
			break
		}
		for _, t := range seg {
			if !on[t] {
				on[t] = true
				path = append(path, t)
				if !t.Entrance {
					tokens++
				}
			}
		}
		ends = path
	}
	return path
}

func (b *botMind) plan() string {
	s, c := b.s, b.c
	// The Tunnels an NPC's escape chain needs (bot_chain.go), else one
	// that shortens the way to the job.
	if m := b.chainTunnel(); m != "" {
		return m
	}
	if m := b.tunnel(); m != "" {
		return m
	}
	if c.Hex == "" || !b.goodStart() {
		if m := b.bestStart(); m != "" {
			return m
		}
	}
	path, _ := b.planRoute()
	want := b.wantedPlan(path)
	for _, h := range c.Planned {
		if !slices.Contains(want, h) && b.has("unplan "+h) {
			return "unplan " + h
		}
	}
	for _, h := range want {
		if !slices.Contains(c.Planned, h) && b.has("plan "+h) {
			return "plan " + h
		}
	}
	if c.Hex == "" {
		if m := b.firstWith("start "); m != "" {
			return m
		}
	}
	if m := b.spend(); m != "" {
		return m
	}
	_ = s
	if b.has("plan done") {
		return "plan done"
	}
	return botDefault(b.legal)
}

// botSpends are the Planning moves that spend team cash on the Shop and
// the Fixers (each costs money or is once per heist, so spending ends).
var botSpends = []string{"buy ", "hire shell", "beat cop ", "visage reveal ", "connoisseur", "prison guard",
	"bet ", "buy time", "consultant ", "floorplans ", "retiree ", "inside man "}

// spend uses the team's cash once the plan is laid: an Item the job needs
// (Safecracking Tools for a safe), else any Shop item or Fixer the cash
// allows, keeping $2k back.
func (b *botMind) spend() string {
	s := b.s
	if s.TeamCash < 3 {
		if b.has("connoisseur") {
			return "connoisseur"
		}
		return ""
	}
	if j := b.myJob(); j != nil {
		if t := s.tile(j.Hex); t != nil && t.has(TokSafe) && !s.canCrack(b.c) {
			for _, m := range []string{"buy safecracking tools", "buy plasma torch"} {
				if b.has(m) {
					return m
				}
			}
		}
	}
	var opts []string
	for _, m := range b.legal {
		for _, p := range botSpends {
			if strings.HasPrefix(m, p) {
				opts = append(opts, m)
				break
			}
		}
	}
	if len(opts) == 0 || b.r == nil || b.r.Intn(3) == 0 {
		return ""
	}
	return opts[b.r.Intn(len(opts))]
}

// goodStart reports whether the start chosen still suits: it is a start
// spot and no other start is much nearer the job.
func (b *botMind) goodStart() bool {
	s, c := b.s, b.c
	job := b.myJob()
	if job == nil || c.Hideout {
		return true
	}
	goal := b.startGoal(job)
	here := s.tile(c.Hex)
	if !b.lead && b.yieldsStart(here, b.leadStarts()) {
		return false
	}
	_, mine := b.route([]*Tile{here}, func(t *Tile) bool { return t == goal }, func(*Tile) bool { return true }, true)
	_, best := b.route(s.startSpots(c), func(t *Tile) bool { return t == goal }, func(*Tile) bool { return true }, true)
	return mine <= best+1
}

// startGoal is the hex the start should be near: the job's, or for the
// far end of a Keycard run, its door.
func (b *botMind) startGoal(job *botJob) *Tile {
	if t := b.s.tile(job.Then); b.relay && t != nil {
		return t
	}
	return b.s.tile(job.Hex)
}

// bestStart is the start move nearest the job.
func (b *botMind) bestStart() string {
	s := b.s
	job := b.myJob()
	var spots []*Tile
	var leads map[*Tile]int
	if !b.lead {
		leads = b.leadStarts()
	}
	for _, m := range b.legal {
		if h, ok := strings.CutPrefix(m, "start "); ok && (job == nil || !b.yieldsStart(s.tile(h), leads)) {
			spots = append(spots, s.tile(h))
		}
	}
	if len(spots) == 0 {
		return ""
	}
	if job == nil {
		return "start " + spots[0].Hex
	}
	goal := b.startGoal(job)
	path, _ := b.route(spots, func(t *Tile) bool { return t == goal }, func(*Tile) bool { return true }, true)
	if len(path) == 0 {
		return "start " + spots[0].Hex
	}
	return "start " + path[0].Hex
}

// tunnel digs a Tunnel entrance when one makes the job at least 3 steps
// cheaper than every Entrance.
func (b *botMind) tunnel() string {
	s := b.s
	if s.TunnelsLeft == 0 || b.firstWith("tunnel ") == "" {
		return ""
	}
	job := b.myJob()
	if job == nil {
		return ""
	}
	goal := s.tile(job.Hex)
	// Against the starts still open to this character (two characters
	// fill an Entrance).
	var spots []*Tile
	for _, m := range b.legal {
		if h, ok := strings.CutPrefix(m, "start "); ok {
			spots = append(spots, s.tile(h))
		}
	}
	if len(spots) == 0 {
		spots = s.entrances()
	}
	_, now := b.route(spots, func(t *Tile) bool { return t == goal }, func(*Tile) bool { return true }, true)
	best, bv := "", now-3
	for _, m := range b.legal {
		h, ok := strings.CutPrefix(m, "tunnel ")
		if !ok {
			continue
		}
		t := s.tile(h)
		var froms []*Tile
		for _, n := range s.neighbours(t) {
			froms = append(froms, n)
		}
		if len(froms) == 0 {
			continue
		}
		_, d := b.route(froms, func(x *Tile) bool { return x == goal }, func(*Tile) bool { return true }, true)
		if d+1 < bv {
			best, bv = m, d+1
		}
	}
	return best
}

// keycardWay is the way on from a Keycard lying on the board to next to
// its door, when the crew's Keycard job is another character's: the hexes
// where that runner can hand the Keycard on to this character, should its
// own plan stop short of the door (the Keycard Door itself excepted).
func (b *botMind) keycardWay() map[*Tile]bool {
	s := b.s
	if j := b.myJob(); j != nil && j.What == "keycard" {
		return nil
	}
	for _, j := range b.jobs() {
		k, door := s.tile(j.Hex), s.tile(j.Then)
		if j.What != "keycard" || k == nil || door == nil {
			continue
		}
		way, _ := b.route([]*Tile{k}, func(t *Tile) bool { return adjacent(t, door) && !t.has(TokKeycardDoor) }, func(t *Tile) bool { return !t.has(TokKeycardDoor) }, true)
		out := map[*Tile]bool{}
		for _, t := range way {
			if t != k {
				out[t] = true
			}
		}
		return out
	}
	return nil
}

// wantedPlan lists the hexes to plan: the route's tiles (not Entrances),
// then, with tokens left, tiles next to the route, loot and cash first.
func (b *botMind) wantedPlan(path []*Tile) []string {
	s, c := b.s, b.c
	var want []string
	add := func(t *Tile) {
		if len(want) < c.Memory && real(t) && !t.Entrance && !slices.Contains(want, t.Hex) {
			want = append(want, t.Hex)
		}
	}
	for _, t := range path {
		add(t)
	}
	var near []*Tile
	for _, t := range path {
		for _, n := range s.neighbours(t) {
			if !n.Entrance && !slices.Contains(want, n.Hex) && !slices.Contains(near, n) {
				near = append(near, n)
			}
		}
	}
	bagWanted := b.bagWanted()
	meet := b.keycardWay()
	score := func(t *Tile) float64 {
		v := -b.stepCost(t, true)
		if meet[t] {
			// On a teammate's way from a Keycard to its door: a hex
			// where the Keycard can be handed on to this character.
			v += 6
		}
		if t.hasLoot() {
			v += 3
		}
		if bagWanted && t.Unknown {
			// What the crew needs may turn up there.
			v += 2
		}
		if t.has(TokSafe) {
			v += 2
		}
		return v
	}
	sort.SliceStable(near, func(i, j int) bool { return score(near[i]) > score(near[j]) })
	for _, t := range near {
		add(t)
	}
	return want
}

// ---------------------------------------------------------------- action

// goingHome reports whether the character should head for an Exit: no
// job is left for it, or the heist is running out of time for it.
func (b *botMind) goingHome() bool {
	c := b.c
	if kind, _ := b.wanted(); kind != "" && c.has(kind) {
		// Loot is secured the moment its carrier steps Outdoors: carry
		// each piece out at once, then come back for the next.
		return true
	}
	if b.s.Scenario == "the-final-score-part-1" && c.has(Document) {
		return true
	}
	if c.WentIn && b.s.Breakout && !b.npcGoal() {
		return true
	}
	return b.myJob() == nil
}

// eventsLeft counts the Events before the final Crisis.
func (b *botMind) eventsLeft() int {
	left := 0
	for _, code := range b.s.Deck {
		if code == "Z1" || code == "Z2" {
			break
		}
		if !strings.HasPrefix(code, "C") {
			left++
		}
	}
	return left
}

// late reports whether the heist is turning bad for c: the Events left
// before the final Crisis (or the Noise left before the last slot) will
// not let it walk out on what its Ideas and a fair Last Ditch roll pay.
func (b *botMind) late(c *Character) bool {
	s := b.s
	left := b.eventsLeft()
	if s.Noise.Final-s.Noise.Level < 4 {
		left = min(left, 1)
	}
	if s.Round >= 30 {
		return true
	}
	here := s.tile(c.Hex)
	if here == nil {
		return false
	}
	need, ok := b.lateNeed(c, here)
	if !ok {
		return left <= 2
	}
	return need > c.Ideas+3+2*max(left-1, 0)
}

// goalFn is where the character is heading now.
func (b *botMind) goalFn() func(*Tile) bool {
	s := b.s
	if g := b.handOnHex(); g != nil {
		return func(t *Tile) bool { return t == g }
	}
	if !b.goingHome() {
		if j := b.myJob(); j != nil && j.What == "search" {
			if g := b.searchHex(); g != nil {
				return func(t *Tile) bool { return t == g }
			}
		}
		if j := b.myJob(); j != nil {
			g := s.tile(j.Hex)
			if g != nil {
				return func(t *Tile) bool { return t == g }
			}
		}
	}
	if g := b.escortHex(); g != nil {
		return func(t *Tile) bool { return t == g }
	}
	return b.isHome
}

// searchHex is where a character searching for the Keycard goes next:
// the nearest hex of its plan that is unknown or next to an unknown tile
// (entering it reveals them), its own hex excepted; nil when none is left.
func (b *botMind) searchHex() *Tile {
	s, c := b.s, b.c
	here := s.tile(c.Hex)
	if here == nil {
		return nil
	}
	mine := func(t *Tile) bool { return t.Entrance || t.planned(int(c.Seat)) }
	var best *Tile
	for _, t := range s.reachable(here, mine) {
		if t == here || t.Entrance {
			continue
		}
		near := t.Unknown
		for _, n := range s.neighbours(t) {
			near = near || n.Unknown
		}
		if near && (best == nil || hexDistance(here, t) < hexDistance(here, best)) {
			best = t
		}
	}
	return best
}

// handOnHex is where the character, holding a Keycard its plan cannot
// take next to the door, hands it on to a teammate (the relay job's hex);
// nil otherwise.
func (b *botMind) handOnHex() *Tile {
	c := b.c
	if c.NPC {
		return nil
	}
	for _, j := range b.jobs() {
		if door := b.s.tile(j.Then); j.What == "relay" && door != nil && b.carries(c, door) && !b.leadsOn(c, door) {
			return b.s.tile(j.Hex)
		}
	}
	return nil
}

// escortHex is where a character with nothing else to do goes while the
// NPC the objective needs is on its way out: the first hex on the NPC's
// way that holds what the NPC may not get past by itself (or the NPC's
// own hex), so the escort clears it and keeps it company (a Hostage left
// alone is SQUIRRELY). Nil when no escort is needed or the heist is
// running out of time for the character.
func (b *botMind) escortHex() *Tile {
	s, c := b.s, b.c
	n := s.NPC
	if c.NPC || n == nil || !n.Active || !n.onBoard() || !b.npcGoal() || b.late(c) {
		return nil
	}
	kind, _ := b.wanted()
	if kind != "" && c.has(kind) {
		return nil
	}
	here := s.tile(n.Hex)
	if s.isExit(n, here) {
		return nil
	}
	path := b.pathFor(n)
	for _, t := range path {
		if t.locked() || t.guards() > 0 {
			return t
		}
	}
	return here
}

// myPath is the character's way from its hex to its goal over the hexes it
// may enter (its planning tokens and the Entrances).
func (b *botMind) myPath() []*Tile {
	s, c := b.s, b.c
	here := s.tile(c.Hex)
	if here == nil {
		return nil
	}
	ok := func(t *Tile) bool {
		return t.Entrance || t.planned(int(c.Seat)) || c.NPC
	}
	goal := b.goalFn()
	b.crawl = s.hasAbility(c, "VENT CRAWL")
	path, _ := b.route([]*Tile{here}, goal, ok, false)
	b.crawl = false
	if path != nil {
		return path
	}
	// The goal is out of reach of the plan: the reachable hex nearest it.
	var goals []*Tile
	for _, t := range s.Tiles {
		if real(t) && goal(t) {
			goals = append(goals, t)
		}
	}
	near := func(t *Tile) int {
		d := 1 << 20
		for _, g := range goals {
			d = min(d, hexDistance(t, g))
		}
		return d
	}
	reach := s.reachable(here, ok)
	best := here
	for _, t := range reach {
		if near(t) < near(best) {
			best = t
		}
	}
	path, _ = b.route([]*Tile{here}, func(t *Tile) bool { return t == best }, ok, false)
	return path
}

// reachable lists the tiles reachable from t over tiles ok allows, in
// board order.
func (s *State) reachable(from *Tile, ok func(*Tile) bool) []*Tile {
	seen := map[*Tile]bool{from: true}
	queue := []*Tile{from}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, n := range s.neighbours(t) {
			if !seen[n] && ok(n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	var out []*Tile
	for _, t := range s.Tiles {
		if seen[t] {
			out = append(out, t)
		}
	}
	return out
}

// alertsIn counts the Alerts noise more Noise raises.
func (b *botMind) alertsIn(noise int) int {
	s := b.s
	n := 0
	for i := 1; i <= noise; i++ {
		lv := s.Noise.Level + i
		if lv > s.Noise.Final || slices.Contains(s.Noise.Alerts, lv) {
			n++
		}
	}
	return n
}

// finalAlertsIn counts the Alerts noise more Noise raises past the
// tracker's final slot.
func (b *botMind) finalAlertsIn(noise int) int {
	s := b.s
	return max(0, s.Noise.Level+noise-max(s.Noise.Final, s.Noise.Level))
}

// walk plays out a pool's Moves along path from here: the value of the
// steps taken and the obstacles cleared on the way, and where they end.
func (b *botMind) walk(p *Pool, here *Tile, path []*Tile) (float64, *Tile) {
	s := b.s
	v, end := 0.0, here
	for i := 1; i < len(path); i++ {
		n := path[i]
		// What stands on the next hex is cleared even when no Move is
		// left to step on: next round's way is open (a Pick before a
		// Lock is progress).
		if n.locked() {
			if p.Unlock < n.count(Lock, true) {
				break
			}
			p.Unlock -= n.count(Lock, true)
			v += 2 * float64(n.count(Lock, true))
		}
		if n.remoteLocked() || n.has(TokKeycardDoor) {
			break
		}
		if n.liveCamera() && !s.LoopFootage {
			if p.Disable > 0 {
				p.Disable--
				v += 0.5
			} else if p.Move > 0 {
				v -= 1.5
			}
		}
		if p.Move == 0 {
			break
		}
		p.Move--
		v += 2
		if !adjacent(path[i-1], n) {
			// VENT CRAWL across a gap: 4 Noise.
			v -= 2.8
		}
		end = n
		if g := n.guards(); g > 0 && !b.exitGuards {
			if p.Subdue >= g {
				p.Subdue -= g
				v += 1
			} else {
				break
			}
		}
	}
	return v, end
}

// valueOf scores an Action for the character: steps along its path, the
// obstacles it clears, Ideas, loot, against its Noise, Alerts and cost.
func (b *botMind) valueOf(c *Character, o actionChoice, path []*Tile) float64 {
	s := b.s
	p := Pool{}
	p.add(o.Act)
	if s.cannotSubdue(c) {
		p.Subdue = 0
	}
	v := 0.0
	switch o.Special {
	case "dart", "bolt":
		p.Move = o.Act.Count("move")
	case "flashbang":
		p.Subdue += 6
	case "kill pixels", "loop footage":
		for _, t := range path {
			if t.liveCamera() {
				v += 1.5
			}
		}
		if o.Special == "loop footage" && !s.LoopFootage {
			// Every camera of the phase goes blind: the teammates still
			// to act who are about to walk into one are spared its Alert.
			for _, m := range s.Chars {
				if m == c || !m.onBoard() || m.Done || m.NPC {
					continue
				}
				if mp := b.other(m).myPath(); len(mp) > 1 && mp[1].liveCamera() {
					v += 1.5
				}
			}
		}
	case "autopwn", "exploit":
		// A Subdue or an Unlock for a teammate a Guard holds or a Lock
		// stops.
		mult := 1.0
		if o.Special == "exploit" {
			mult = 2
		}
		if _, g := b.grantTarget(c); g > 0 {
			// Worth less than the character's own steps on its job: a grant
			// to a teammate who acts first is wasted.
			v += 1.5 * mult * g
		}
	case "breach":
		if b.goingHomeFor(c) && len(path) > 3 {
			v += 2 * float64(len(path)-2)
		}
	}
	here := s.tile(c.Hex)
	if hold, goNow := b.ambushPlan(); hold && !c.NPC {
		p.Subdue = 0
	} else if goNow && !c.NPC {
		// The ambush: every Subdue that reaches a Guard counts.
		k := 0
		for _, t := range append([]*Tile{here}, s.neighbours(here)...) {
			k += t.guards()
		}
		v += 4 * float64(min(k, p.Subdue))
	}
	b.exitGuards = c.ExitGuards
	if !c.ExitGuards && p.Move > 0 && s.hasAbility(c, "THERE ARE BETTER WAYS") && c.Ideas-o.Cost >= 1 && !c.NPC {
		// THERE ARE BETTER WAYS: an Idea lets the character walk off
		// (and through) Guarded hexes for the rest of the phase; worth
		// it when a Guard stands on its hex or on its way.
		guarded := here.guards() > 0
		for _, t := range path[1:min(len(path), p.Move+1)] {
			guarded = guarded || t.guards() > 0
		}
		if guarded {
			b.exitGuards = true
			v -= 1
		}
	}
	if here.guards() > 0 && !b.exitGuards {
		if p.Subdue >= here.guards() {
			// A Guard on the character's hex holds it: nothing moves
			// until it is subdued.
			p.Subdue -= here.guards()
			v += 4 * float64(here.guards())
		} else {
			// Some of them now, the rest later: each one is progress.
			v += 2.5 * float64(p.Subdue)
			p.Subdue = 0
			p.Move = 0
		}
	}
	if here.has(TokSafe) && here.Cracks < here.SafeNeeds {
		k := p.Crack
		if s.canCrack(c) {
			k += p.Unlock
		}
		v += 2.5 * float64(min(k, here.SafeNeeds-here.Cracks))
	}
	walked, end := b.walk(&p, here, path)
	walked *= b.haste(c)
	idle, covered := b.idleHome(c)
	if idle {
		// Its steps buy only its own way out, which an Idea buys as
		// well (an Escape Move) for no more Noise: the crew's clock is
		// better spent on whoever still carries the objective.
		if covered {
			walked *= 0.1
		} else {
			walked *= 0.45
		}
	}
	v += walked
	v += b.escortValue(c, &p, here, path)
	ideaWant := 0.9
	switch {
	case idle && !covered:
		// Ideas are its Escape Moves: worth as much as ever.
	case c.Ideas >= 6:
		ideaWant = 0.1
	case c.Ideas >= 4:
		ideaWant = 0.4
	}
	lean := b.leanEscape(c)
	if lean {
		ideaWant = 1.6
	}
	v += ideaWant * float64(p.Idea)
	v += 0.25 * float64(p.Loot)
	if p.Reveal > 0 && b.bagWanted() {
		// A Reveal on a tile the crew planned may turn up what the bag
		// still holds for the objective.
		if b.revealTarget(c) != nil {
			v += 0.8 * float64(min(p.Reveal, 2))
		}
	}
	// Leftover Subdues and Unlocks help next to the character: most of
	// all a teammate a Guard holds there (it cannot move until every
	// Guard on its hex is down), more so one the crew waits on.
	for _, n := range s.neighbours(here) {
		if w := b.mateHeld(n); w > 0 {
			k := min(p.Subdue, n.guards())
			p.Subdue -= k
			v += w * float64(k)
		}
		if n.guards() > 0 && p.Subdue > 0 {
			p.Subdue--
			v += 0.4
		}
		if n.locked() && p.Unlock > 0 && slices.Contains(path, n) {
			p.Unlock--
			v += 0.4
		}
	}
	noise := o.Act.Count("noise")
	// Noise is priced per point (a quarter of a slot's Alert): the crew
	// crosses every Alert slot of the tracker sooner or later, so the
	// character whose Noise happens to cross one pays no more for it than
	// the others (pricing the crossing made characters a Noise short of a
	// slot sit on their Ideas for rounds). Past the final slot, and an
	// Action's own Alerts, every Alert is this Action's.
	v -= (0.7+b.waitNoise(c))*float64(noise) + 1.2*float64(b.finalAlertsIn(noise)+o.Act.Count("alert"))
	ideaCost := 1.0
	switch {
	case lean:
		ideaCost = 1.6
	case c.Ideas >= 6:
		ideaCost = 0.3
	case c.Ideas >= 4:
		ideaCost = 0.6
	}
	v -= ideaCost * float64(o.Cost)
	if b.dangerous(end) {
		// A Lockdown Gate about to shut: better not end the round there.
		v -= 25
		if end == here && o.Act.Count("move") > 0 {
			v += 20
		}
	}
	return v
}

// idleHome reports whether c has nothing left to do for the objective
// but get itself out (no job, no piece of the objective's loot, no NPC
// to escort), and whether its Ideas already pay its Escape from where it
// stands (covered).
func (b *botMind) idleHome(c *Character) (idle, covered bool) {
	if c != b.c || c.NPC || !b.goingHome() || b.myJob() != nil || b.escortHex() != nil {
		return false, false
	}
	if kind, _ := b.wanted(); kind != "" && c.has(kind) {
		return false, false
	}
	if b.s.Scenario == "the-final-score-part-1" || b.s.Breakout {
		return false, false
	}
	here := b.s.tile(c.Hex)
	if here == nil || b.s.isExit(c, here) {
		return false, false
	}
	need, ok := b.escapeNeeds(c)[here]
	if !ok || need >= 1<<20 {
		return false, false
	}
	return true, need <= c.escapeBudget()
}

// ambushPlan is the crew's AMBUSH REQUIRED of The Safehouse Rescue:
// every Guard on the board must go down in one round (a round that takes
// some but not all of them brings the Reinforcements forward), so while
// the Prisoner is held the crew subdues nobody until the Subdues its
// characters still to act can bring this round (the rolls are public)
// cover every Guard still up; then all of them subdue. It reports hold
// (subdue nothing) and go.
func (b *botMind) ambushPlan() (hold, goNow bool) {
	if b.ambush == 0 {
		b.ambush = 1
		s := b.s
		if s.Scenario == "the-safehouse-rescue" && s.NPC != nil && !s.NPC.Active && s.NPC.onBoard() && s.Phase == PhaseAction {
			up := 0
			var guarded []*Tile
			for _, t := range s.Tiles {
				if real(t) && t.guards() > 0 {
					up += t.guards()
					guarded = append(guarded, t)
				}
			}
			if up > 0 {
				can := 0
				for _, c := range s.Chars {
					if !c.onBoard() || c.NPC || c.Done || s.cannotSubdue(c) {
						continue
					}
					here := s.tile(c.Hex)
					d := 1 << 20
					for _, g := range guarded {
						d = min(d, hexDistance(here, g))
					}
					if c.Action != "" {
						if d <= 1 {
							can += c.Pool.Subdue
						}
						continue
					}
					if d > 1 {
						// A step and a Subdue in one Action is not
						// counted on.
						continue
					}
					best := 0
					for _, o := range s.actionChoices(c) {
						best = max(best, o.Act.Count("subdue"))
					}
					can += best
				}
				b.ambush = 2
				if can >= up || s.RoundSubdued > 0 {
					// Once one went down this round, the rest had better
					// follow.
					b.ambush = 3
				}
			}
		}
	}
	return b.ambush == 2, b.ambush == 3
}

// mateHeld is what subduing a Guard on t is worth for the teammates a
// Guard holds there: 0 with none, 2 for a teammate, 3 for one the crew
// waits on (or the NPC the objective needs).
func (b *botMind) mateHeld(t *Tile) float64 {
	s := b.s
	if t == nil || t.guards() == 0 {
		return 0
	}
	w := 0.0
	if n := s.NPC; n != nil && n.Active && n.onBoard() && n.Hex == t.Hex && b.npcGoal() {
		w = 3
	}
	for _, o := range s.charsOn(t) {
		switch {
		case o == b.c || o.NPC:
		case b.critical(o):
			w = max(w, 3)
		default:
			w = max(w, 2)
		}
	}
	return w
}

// grantTarget is the AUTOPWN or EXPLOIT grant that helps a teammate who
// still acts this round most (a Subdue for one a Guard holds, an Unlock
// for one a Lock stops), and how much (0: none needs it).
func (b *botMind) grantTarget(c *Character) (string, float64) {
	s := b.s
	best, bv := "", 0.0
	for _, o := range s.Chars {
		if o == c || !o.onBoard() || o.Done || o.NPC {
			continue
		}
		here := s.tile(o.Hex)
		if here.guards() > 0 && !s.cannotSubdue(o) && 1 > bv {
			best, bv = "autopwn "+lower(o.Name)+" subdue", 1
			continue
		}
		if path := b.other(o).myPath(); len(path) > 1 && path[1].locked() && 0.8 > bv {
			best, bv = "autopwn "+lower(o.Name)+" unlock", 0.8
		}
	}
	return best, bv
}

// leanEscape reports whether c, carrying what the objective needs (or
// being the NPC it needs), would not pay its way out on its Ideas and an
// average Last Ditch roll while the Events left are few: every Idea is
// then an Escape Move to keep.
func (b *botMind) leanEscape(c *Character) bool {
	if b.eventsLeft() > 12 {
		return false
	}
	kind, _ := b.wanted()
	if !(c.NPC && b.npcGoal() || kind != "" && c.has(kind) || b.s.Scenario == "the-final-score-part-1" && c.has(Document)) {
		return false
	}
	t := b.s.tile(c.Hex)
	if t == nil {
		return false
	}
	need, ok := b.escapeNeeds(c)[t]
	return ok && need < 1<<20 && need > c.Ideas+3
}

func (b *botMind) action() string {
	s, c := b.s, b.c
	if m := b.escapeCall(); m != "" {
		return m
	}
	if b.has("take hostage") {
		return "take hostage"
	}
	if m := b.replan(); m != "" {
		return m
	}
	if m := b.changePlans(); m != "" {
		return m
	}
	if m := b.npcHandOver(c); m != "" && !c.Done {
		return m
	}
	if c.onBoard() && !c.Done {
		if c.Action == "" {
			if m := b.keycardFirst(); m != "" {
				return m
			}
			return b.chooseAction(c, "")
		}
		if m := b.subAction(c, ""); m != "" {
			return m
		}
	}
	if s.NPC != nil && b.firstWith("npc ") != "" {
		if m := b.npcMove(); m != "" {
			return m
		}
	}
	return botDefault(b.legal)
}

// keycardFirst picks up the Keycard this character's job wants from its
// hex, and opens a Keycard Door next to it, before its Action is chosen
// (both are free at any time): the Action is then chosen for the way on
// to the door, not for waiting.
func (b *botMind) keycardFirst() string {
	if b.has("pick up keycard") && b.keycardMine() {
		return "pick up keycard"
	}
	for _, m := range b.legal {
		if strings.HasPrefix(m, "open ") && b.c.has(Keycard) {
			return m
		}
	}
	return ""
}

// changePlans uses CHANGE OF PLANS (3 tokens) or ALRIGHT, NEW PLAN (6)
// when the character's job lies off its plan (a Keycard or loot the bag
// put on a hex nobody planned, a job handed over from a teammate) and
// moving that many tokens joins it up: the tokens not on the new way go
// to the hexes it lacks, one "replan" at a time.
func (b *botMind) changePlans() string {
	s, c := b.s, b.c
	here := s.tile(c.Hex)
	j := b.myJob()
	if here == nil || j == nil || c.NPC {
		return ""
	}
	goal := s.tile(j.Hex)
	if goal == nil || b.goingHome() {
		return ""
	}
	path, _ := b.route([]*Tile{here}, func(t *Tile) bool { return t == goal }, func(*Tile) bool { return true }, true)
	if path == nil {
		return ""
	}
	var missing []*Tile
	for _, t := range path {
		if !t.Entrance && !t.planned(int(c.Seat)) {
			missing = append(missing, t)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	// Tokens to spare: planned hexes off the new way, not the one the
	// character stands on, the farthest from it first.
	var spare []string
	for _, h := range c.Planned {
		t := s.tile(h)
		if t != nil && t != here && !slices.Contains(path, t) {
			spare = append(spare, h)
		}
	}
	sort.SliceStable(spare, func(i, k int) bool {
		return hexDistance(here, s.tile(spare[i])) > hexDistance(here, s.tile(spare[k]))
	})
	if c.Replans > 0 {
		for _, h := range spare {
			if m := "replan " + h + " to " + missing[0].Hex; b.has(m) {
				return m
			}
		}
		return ""
	}
	if len(spare) < len(missing) {
		return ""
	}
	if len(missing) <= 3 && b.has("change of plans") {
		return "change of plans"
	}
	if len(missing) <= 6 && b.has("alright new plan") {
		return "alright new plan"
	}
	return ""
}

// replan puts down again the planning tokens a Lockdown Gate took: on
// the first hex not planned on the character's way to its goal (so the
// way is joined up again), else on the hex nearest both the character and
// the way out.
func (b *botMind) replan() string {
	s, c := b.s, b.c
	here := s.tile(c.Hex)
	if here == nil || c.FreeTokens == 0 {
		return ""
	}
	goal := b.goalFn()
	if path, _ := b.route([]*Tile{here}, goal, func(*Tile) bool { return true }, true); path != nil {
		for _, t := range path[1:] {
			if !t.Entrance && !t.planned(int(c.Seat)) && b.has("plan "+t.Hex) {
				return "plan " + t.Hex
			}
		}
	}
	home := s.distances(b.isHome)
	best, bv := "", 1<<30
	for _, m := range b.legal {
		h, ok := strings.CutPrefix(m, "plan ")
		if !ok {
			continue
		}
		t := s.tile(h)
		if t == nil {
			continue
		}
		d, ok := home[t]
		if !ok {
			continue
		}
		if v := hexDistance(here, t) + d; v < bv {
			best, bv = m, v
		}
	}
	return best
}

// chooseAction picks the best take move for c (prefix "npc " for the NPC).
func (b *botMind) chooseAction(c *Character, prefix string) string {
	path := b.pathFor(c)
	best, bv := "", -1e9
	for _, o := range b.s.actionChoices(c) {
		m := prefix + o.Text
		if !b.has(m) {
			continue
		}
		v := b.valueOf(c, o, path)
		if v > bv {
			best, bv = m, v
		}
	}
	if best == "" {
		return b.firstWith(prefix + "take ")
	}
	return best
}

// pathFor is c's path: the character's own, or the NPC's way out (or to
// the crew while it is far from an Exit and the crew is inside).
func (b *botMind) pathFor(c *Character) []*Tile {
	if !c.NPC {
		return b.myPath()
	}
	s := b.s
	here := s.tile(c.Hex)
	if here == nil {
		return nil
	}
	path, _ := b.route([]*Tile{here}, func(t *Tile) bool { return s.isExit(c, t) || t.Entrance }, func(*Tile) bool { return true }, false)
	return path
}

// subAction plays the next useful sub-action of c's Action, or ends it.
func (b *botMind) subAction(c *Character, prefix string) string {
	s := b.s
	here := s.tile(c.Hex)
	path := b.pathFor(c)
	var next *Tile
	if len(path) > 1 {
		next = path[1]
	}
	try := func(m string) bool { return b.has(prefix + m) }
	// Loot on the hex (or next to it, for a LARCENIST), and doors a
	// Keycard opens.
	if g := b.handOnHex(); g != nil && prefix == "" && g == here {
		// The hand-on: the teammate whose plan leads on to the door
		// (or the safe) picks it up here.
		for _, m := range []string{"drop keycard", "drop safecracking tools", "drop plasma torch"} {
			if try(m) && (m == "drop keycard") == c.has(Keycard) {
				return m
			}
		}
	}
	for _, m := range b.legal {
		if m == prefix+"pick up keycard" && prefix == "" && !b.keycardMine() {
			continue
		}
		if (m == "pick up safecracking tools" || m == "pick up plasma torch") && prefix == "" && !b.toolsMine() {
			continue
		}
		if prefix == "" && b.npcKeeps(c, m) {
			continue
		}
		if strings.HasPrefix(m, prefix+"pick up ") || strings.HasPrefix(m, prefix+"open ") {
			return m
		}
	}
	if m := b.freeAbility(c, prefix, here, next); m != "" {
		return m
	}
	if hold, goNow := b.ambushPlan(); prefix == "" && (hold || goNow) {
		if goNow {
			for _, m := range b.legal {
				if strings.HasPrefix(m, "subdue ") {
					return m
				}
			}
		}
		// Holding back: no Guard goes down before all of them can.
		var keep []string
		for _, m := range b.legal {
			if !strings.HasPrefix(m, "subdue ") {
				keep = append(keep, m)
			}
		}
		if len(keep) < len(b.legal) {
			b.legal = keep
			b.set = map[string]bool{}
			for _, m := range keep {
				b.set[m] = true
			}
		}
	}
	if here.guards() > 0 && try("subdue "+here.Hex) {
		return prefix + "subdue " + here.Hex
	}
	if try("crack") {
		return prefix + "crack"
	}
	if c.Pool.Subdue > 0 && (next == nil || c.Pool.Subdue > next.guards()) {
		// A Subdue to spare frees a teammate a Guard holds next door
		// before the character steps away from it.
		best, bv := "", 0.0
		for _, n := range s.neighbours(here) {
			if w := b.mateHeld(n); w > bv && try("subdue "+n.Hex) {
				best, bv = prefix+"subdue "+n.Hex, w
			}
		}
		if best != "" {
			return best
		}
	}
	if m := b.escortClear(c, prefix, here, path); m != "" {
		return m
	}
	if m, ok := b.stepAhead(c, prefix, here, next); ok {
		return m
	}
	if try("efficient picker") && next != nil && c.Pool.Move == 0 && c.Ideas >= 2 {
		return prefix + "efficient picker"
	}
	// Help: subdue a Guard and unlock a Lock next to the character.
	for _, m := range b.legal {
		if strings.HasPrefix(m, prefix+"subdue ") || strings.HasPrefix(m, prefix+"unlock ") {
			return m
		}
	}
	if try("idea") {
		return prefix + "idea"
	}
	if t := b.revealTarget(c); t != nil && try("reveal "+t.Hex) {
		return prefix + "reveal " + t.Hex
	}
	if try("reveal as idea") {
		return prefix + "reveal as idea"
	}
	if m := b.firstWith(prefix + "kill pixels toward "); m != "" {
		return m
	}
	if m, _ := b.grantTarget(c); m != "" && b.has(m) {
		return m
	}
	if m := b.firstWith(prefix + "autopwn "); m != "" {
		return m
	}
	if try("loot") {
		return prefix + "loot"
	}
	if try("study schematics") {
		return prefix + "study schematics"
	}
	if try("done") {
		return prefix + "done"
	}
	return ""
}

// keycardMine reports whether the Keycard on the character's hex is its
// to carry: no door waits for one, or the crew's Keycard job there is
// this character's first (not so for the one that just handed it on,
// which may have joined it).
func (b *botMind) keycardMine() bool {
	s := b.s
	here := s.tile(b.c.Hex)
	door := false
	for _, j := range b.jobs() {
		if j.What == "keycard" && j.Hex == here.Hex {
			door = true
		}
	}
	if !door {
		return true
	}
	j := b.myJob()
	return j != nil && j.What == "keycard" && j.Hex == here.Hex && b.lead
}

// toolsMine reports whether the Tools lying on this character's hex are its
// to pick up: when they are the crew's Tools job, only the job's first
// character takes them (one that handed them on would take them back).
func (b *botMind) toolsMine() bool {
	here := b.s.tile(b.c.Hex)
	for _, j := range b.jobs() {
		if j.What == "tools" && j.Hex == here.Hex {
			m := b.myJob()
			if m != nil && m.What == "tools" && m.Hex == here.Hex && b.lead {
				return !b.toolsSpare()
			}
			return b.toolsOnward()
		}
	}
	return !b.toolsSpare()
}

// bagWanted reports whether the Security bag still holds something the
// crew needs: the objective's loot, or a Keycard for a Keycard Door when
// none lies on the board or in a character's hands.
func (b *botMind) bagWanted() bool {
	s := b.s
	if kind, need := b.wanted(); kind != "" && s.Bag[kind] > 0 && b.held(kind) < need {
		return true
	}
	if s.Bag[Keycard] == 0 {
		return false
	}
	door, card := false, false
	for _, t := range s.Tiles {
		if real(t) {
			door = door || t.has(TokKeycardDoor)
			card = card || slices.Contains(t.Loot, Keycard)
		}
	}
	for _, c := range s.Chars {
		card = card || c.onBoard() && c.has(Keycard)
	}
	return door && !card
}

// revealTarget is the unknown tile worth a Reveal for c while the bag
// holds what the crew needs: one some character of the crew has planned (so what turns up there, a Keycard or
// loot the bag still holds, lies where the crew may go; and a Lock or
// Guard on the way is known before it is walked into), the tiles of c's
// own way first, then the nearest. Never a tile nobody may enter while
// the bag holds what the crew needs: a draw there could strand it. Nil
// when no tile is worth it.
func (b *botMind) revealTarget(c *Character) *Tile {
	s := b.s
	here := s.tile(c.Hex)
	if here == nil {
		return nil
	}
	if !b.bagWanted() {
		// A revealed chit is there for the Events to act on (a Camera
		// to rotate, a Guard Dog to chase): without a reason, unknown
		// tiles stay unknown.
		return nil
	}
	var path []*Tile
	if !c.NPC {
		path = b.myPath()
	}
	for _, t := range path {
		if t.Unknown {
			return t
		}
	}
	var best *Tile
	for _, t := range s.Tiles {
		if !real(t) || !t.Unknown {
			continue
		}
		planned := false
		for _, o := range s.Chars {
			planned = planned || o.onBoard() && t.planned(int(o.Seat))
		}
		if planned && (best == nil || hexDistance(here, t) < hexDistance(here, best)) {
			best = t
		}
	}
	return best
}

// stepAhead clears what is next on c's way (a Guard, a Camera, a Lock)
// and steps on, but never ends the round on a Lockdown Gate about to shut,
// and steps off one.
func (b *botMind) stepAhead(c *Character, prefix string, here, next *Tile) (string, bool) {
	s := b.s
	try := func(m string) bool { return b.has(prefix + m) }
	if next != nil {
		if next.guards() > 0 && try("subdue "+next.Hex) {
			return prefix + "subdue " + next.Hex, true
		}
		if next.liveCamera() && try("disable "+next.Hex) {
			return prefix + "disable " + next.Hex, true
		}
		if next.locked() && try("unlock "+next.Hex) {
			return prefix + "unlock " + next.Hex, true
		}
		if try("move "+next.Hex) && b.dangerous(next) && c.Pool.Move < 2 {
			next = nil
		}
	}
	if b.dangerous(here) && c.Pool.Move > 0 {
		// Off a Lockdown Gate about to shut: on along the way, else by
		// any hex that is not one.
		if next != nil && !b.dangerous(next) && try("move "+next.Hex) {
			return prefix + "move " + next.Hex, true
		}
		for _, m := range b.legal {
			if h, ok := strings.CutPrefix(m, prefix+"move "); ok {
				if t := s.tile(h); t != nil && !b.dangerous(t) {
					return m, true
				}
			}
		}
	}
	if next != nil && try("vent crawl "+next.Hex) && !adjacent(here, next) {
		// The way goes across a gap: VENT CRAWL.
		return prefix + "vent crawl " + next.Hex, true
	}
	if next != nil {
		if try("move " + next.Hex) {
			if !next.liveCamera() || s.LoopFootage || c.Pool.Move > 0 && b.goingHomeFor(c) {
				return prefix + "move " + next.Hex, true
			}
			// A live Camera ahead and nothing left to disable it: its
			// Alert costs an Event, as does waiting a round.
			return prefix + "move " + next.Hex, true
		}
	}
	return "", false
}

// freeAbility uses the abilities that cost an Idea or nothing when they
// help now: leaving a Guard (THERE ARE BETTER WAYS), loot next door
// (LARCENIST, SWINDLER), the codes, a VENT CRAWL toward the goal, the Old
// Friend's TEAMWORK for a teammate short of Ideas.
func (b *botMind) freeAbility(c *Character, prefix string, here, next *Tile) string {
	s := b.s
	if prefix != "" {
		return ""
	}
	if b.has("better ways") && next != nil && here.guards() > c.Pool.Subdue && c.Pool.Move > 0 {
		return "better ways"
	}
	if (b.has("larcenist") || b.has("swindler")) && c.Ideas >= 1 {
		for _, n := range s.neighbours(here) {
			if n.hasLoot() && !n.locked() && !n.remoteLocked() {
				if b.has("larcenist") {
					return "larcenist"
				}
				return "swindler"
			}
		}
	}
	if b.has("has the code") {
		return "has the code"
	}
	if b.has("i can haz teh codes") && c.Ideas >= 4 {
		return "i can haz teh codes"
	}
	if c.Pool.Move > 0 && (next == nil || !b.has("move "+next.Hex)) {
		goal := b.goalFn()
		near := func(t *Tile) int {
			d := 1 << 20
			for _, g := range s.Tiles {
				if real(g) && goal(g) {
					d = min(d, hexDistance(t, g))
				}
			}
			return d
		}
		for _, m := range b.legal {
			if h, ok := strings.CutPrefix(m, "vent crawl "); ok {
				if t := s.tile(h); t != nil && near(t) < near(here) {
					return m
				}
			}
		}
	}
	if c.Ideas >= 4 {
		for _, o := range s.Chars {
			if o != c && o.onBoard() && o.Ideas <= 1 && b.has("teamwork "+lower(o.Name)) {
				return "teamwork " + lower(o.Name)
			}
		}
	}
	return ""
}

func (b *botMind) goingHomeFor(c *Character) bool {
	if c.NPC {
		return true
	}
	return b.goingHome()
}

// npcMove plays the NPC: an Action toward the Exit, then its sub-actions.
func (b *botMind) npcMove() string {
	n := b.s.NPC
	if n == nil || !n.Active || !n.onBoard() {
		return ""
	}
	if b.s.Phase == PhaseEscape {
		return b.escapeFor(n, "npc ")
	}
	if n.Action == "" {
		return b.chooseAction(n, "npc ")
	}
	return b.subAction(n, "npc ")
}

// sureOut reports whether c gets out in the Escape whatever it rolls: on
// an Exit, or its Ideas pay the way.
func (b *botMind) sureOut(c *Character) bool { return b.outChance(c) >= 1 }

// outChance is the chance that c gets out if the Escape started now: 1 on
// an Exit or when its Ideas pay the way, else the chance that the Last
// Ditch roll (one die, if not rolled yet) makes up the difference.
func (b *botMind) outChance(c *Character) float64 {
	s := b.s
	if c.Escaped {
		return 1
	}
	if !c.onBoard() {
		return 0
	}
	t := s.tile(c.Hex)
	if s.isExit(c, t) {
		return 1
	}
	need, ok := b.escapeNeeds(c)[t]
	if !ok || need >= 1<<20 {
		return 0
	}
	short := need - c.escapeBudget()
	switch {
	case short <= 0:
		return 1
	case c.Rolled || short > 6:
		return 0
	}
	return float64(7-short) / 6
}

// objectiveOut reports whether the objective would be met if the Escape
// started now, counting only what is out and what characters sure to get
// out carry.
func (b *botMind) objectiveOut() bool { return b.objectiveChance() >= 1 }

// objectiveChance is the chance the objective is met if the Escape
// started now: what is out, and the chances of those who carry the rest
// (the likeliest carriers first), times the NPC's.
func (b *botMind) objectiveChance() float64 {
	s := b.s
	kind, need := b.wanted()
	p := 1.0
	switch {
	case s.Scenario == "the-final-score-part-1":
		for _, c := range s.Chars {
			if c.onBoard() && c.has(Document) && s.tile(c.Hex).has(TokBeacon) {
				return 1
			}
		}
		return 0
	case kind != "":
		n := s.securedCount(kind)
		var chances []float64
		for _, c := range s.Chars {
			if !c.onBoard() {
				continue
			}
			ch := b.outChance(c)
			for _, l := range c.Loot {
				if l == kind {
					chances = append(chances, ch)
				}
			}
		}
		sort.Sort(sort.Reverse(sort.Float64Slice(chances)))
		for _, ch := range chances {
			if n >= need {
				break
			}
			if ch > 0 {
				n++
				p *= ch
			}
		}
		if n < need {
			return 0
		}
	}
	if b.npcGoal() {
		n := s.NPC
		if n == nil || !n.Active {
			return 0
		}
		p *= b.outChance(n)
	}
	if s.Breakout && !b.npcGoal() {
		for _, c := range s.Chars {
			if c.onBoard() && c.WentIn && s.isExit(c, s.tile(c.Hex)) {
				return p
			}
		}
		return 0
	}
	return p
}

// escapeCall says escape now once the objective would very likely be met
// and everyone else still inside has a fair chance to get out, or, with
// few Events left before the final Crisis, once the objective is more
// likely met than not.
func (b *botMind) escapeCall() string {
	s := b.s
	if !b.has("escape now") {
		return ""
	}
	p := b.objectiveChance()
	if p <= 0 {
		return ""
	}
	if b.eventsLeft() <= 3 && p >= 0.5 {
		return "escape now"
	}
	if p < 0.8 {
		return ""
	}
	for _, c := range s.Chars {
		if c.onBoard() && b.outChance(c) < 0.5 {
			return ""
		}
	}
	return "escape now"
}

// ---------------------------------------------------------------- events

func (b *botMind) offer() string {
	s, c := b.s, b.c
	quiet := b.alertsIn(1) == 0
	// Fumble the Loot: toward the Exit.
	if b.firstWith("fumble ") != "" {
		dist := s.distances(b.isHome)
		best, bd := "", 1<<30
		for _, m := range b.legal {
			if !strings.HasPrefix(m, "fumble ") {
				continue
			}
			i := strings.LastIndex(m, " to ")
			t := s.tile(m[i+4:])
			if d, ok := dist[t]; t != nil && ok && d < bd {
				best, bd = m, d
			}
		}
		if best != "" {
			return best
		}
		return b.firstWith("fumble ")
	}
	if quiet && b.has("blab") && c.Ideas < 4 {
		return "blab"
	}
	if quiet {
		// I Thought I Had Him: the character with the fewest Ideas.
		best, bi := "", 1<<30
		for _, o := range s.Chars {
			if o.onBoard() && b.has("idea for "+lower(o.Name)) && o.Ideas < bi {
				best, bi = "idea for "+lower(o.Name), o.Ideas
			}
		}
		if best != "" {
			return best
		}
	}
	if b.has("decline") {
		return "decline"
	}
	return botDefault(b.legal)
}

// runAway ends a Kennel Dog's run as far from the crew as it may.
func (b *botMind) runAway() string {
	s := b.s
	dist := s.distances(func(t *Tile) bool { return len(s.charsOn(t)) > 0 })
	best, far := "", -1
	for _, m := range b.legal {
		t := s.tile(strings.TrimPrefix(m, "dog runs to "))
		if t == nil {
			continue
		}
		dd, ok := dist[t]
		if !ok {
			dd = 1 << 20
		}
		if dd > far {
			best, far = m, dd
		}
	}
	return best
}

// answerChoice answers the team's choices and SQUIRRELY's cost.
func (b *botMind) answerChoice(d *decision) string {
	s := b.s
	switch d.Kind {
	case choiceRun:
		if m := b.runAway(); m != "" {
			return m
		}
	case choiceChase, choiceHound, choiceSquirrely:
		// The character who can best bear it: the most Ideas, not one the
		// crew is waiting on (a carrier of the objective or of the Keycard
		// a door needs, a runner for what must come first): a Dog on a
		// runner's hex holds it for a round or more.
		best, bv := "", -1e9
		for _, m := range b.legal {
			i := strings.LastIndex(m, " ")
			if i < 0 {
				continue
			}
			for _, o := range s.Chars {
				if !strings.HasSuffix(m, " "+lower(o.Name)) {
					continue
				}
				v := float64(o.Ideas)
				if b.critical(o) {
					v -= 10
				}
				if v > bv {
					best, bv = m, v
				}
			}
		}
		if best != "" {
			return best
		}
	case choiceSquirrelyCost:
		if b.c.Ideas >= 3 || b.alertsIn(2) > 0 {
			if b.has("lose idea") {
				return "lose idea"
			}
		}
		if b.has("cause 2 noise") {
			return "cause 2 noise"
		}
	case choiceLock:
		// Locks where the crew is not heading: the hex farthest from the
		// crew's jobs.
		goals := map[string]bool{}
		for _, j := range b.jobs() {
			goals[j.Hex] = true
		}
		dist := s.distances(func(t *Tile) bool { return goals[t.Hex] })
		best, far := "", -1
		for _, m := range b.legal {
			t := s.tile(strings.TrimPrefix(m, "lock guard "))
			if t == nil {
				continue
			}
			if dd := dist[t]; dd > far {
				best, far = m, dd
			}
		}
		if best != "" {
			return best
		}
	}
	return botDefault(b.legal)
}

// ---------------------------------------------------------------- escape

func (b *botMind) escape() string {
	c := b.c
	if m := b.npcHandOver(c); m != "" {
		return m
	}
	if m := b.npcMeet(c); m != "" {
		return m
	}
	if b.npcGoal() && b.firstWith("npc ") != "" && !(c.onBoard() && b.npcAwaits()) {
		// The NPC the objective needs goes first, before a character
		// takes the Exit it needs (BREAKOUT: one character per Exit).
		if m := b.npcMove(); m != "" && m != "npc give up" {
			return m
		}
	}
	if c.onBoard() {
		return b.escapeFor(c, "")
	}
	if m := b.npcMove(); m != "" {
		return m
	}
	return botDefault(b.legal)
}

// escapeFor walks c (the NPC with prefix "npc ") the cheapest way out,
// paying Escape Moves; rolls the Last Ditch Effort when short; gives up
// last.
func (b *botMind) escapeFor(c *Character, prefix string) string {
	s := b.s
	here := s.tile(c.Hex)
	// Cost to get out from each tile, Guards left behind included.
	need := b.escapeNeeds(c)
	for _, m := range b.legal {
		if strings.HasPrefix(m, prefix+"pick up ") {
			if prefix == "" && b.npcKeeps(c, m) {
				continue
			}
			if kind, _ := b.wanted(); prefix == "" && kind != "" && m == "pick up "+kind && !b.shouldCarry(c, need) {
				// handOff would drop it again.
				continue
			}
			return m
		}
		if strings.HasPrefix(m, prefix+"open ") {
			return m
		}
	}
	if prefix == "" {
		if m := b.handOff(c, need); m != "" {
			return m
		}
	}
	best, bn := "", need[here]
	for _, m := range b.legal {
		h, ok := strings.CutPrefix(m, prefix+"move ")
		if !ok {
			continue
		}
		t := s.tile(h)
		if t == nil {
			continue
		}
		if s.isExit(c, t) {
			return m
		}
		if n, ok := need[t]; ok && n < bn {
			best, bn = m, n
		}
	}
	if prefix == "" {
		// PICK UNDER PRESSURE: an Idea opens a Lock next door when the
		// way through it costs no more than the Idea saves (at worst the same:
		// the Lock is then open for a teammate too).
		for _, m := range b.legal {
			h, ok := strings.CutPrefix(m, "unlock ")
			x := s.tile(h)
			if !ok || x == nil || !x.locked() {
				continue
			}
			via := 1 << 20
			if s.isExit(c, x) {
				via = 0
			}
			for _, n := range s.neighbours(x) {
				if n != here {
					if v, ok := need[n]; ok && v < 1<<20 {
						via = min(via, v+s.escapeCost(c, x))
					}
				}
			}
			if via+s.escapeCost(c, here)+1 <= need[here] {
				return m
			}
		}
	}
	if prefix == "" && c.escapeBudget() >= need[here]+2 {
		for _, o := range s.Chars {
			if o != c && o.onBoard() && b.has("pinch "+lower(o.Name)) && b.escapeNeeds(o)[s.tile(o.Hex)] > o.escapeBudget()+b.rollHope(o) {
				return "pinch " + lower(o.Name)
			}
		}
	}
	if best != "" && need[here] <= c.escapeBudget()+b.rollHope(c) {
		return best
	}
	if best != "" && c.Rolled {
		return best
	}
	if b.has(prefix + "last ditch") {
		return prefix + "last ditch"
	}
	if best != "" {
		return best
	}
	// Out of moves: a free unlock or pinch, else give up.
	for _, m := range b.legal {
		if strings.HasPrefix(m, prefix+"unlock ") || strings.HasPrefix(m, prefix+"pinch ") {
			return m
		}
	}
	if b.has(prefix + "give up") {
		return prefix + "give up"
	}
	return botDefault(b.legal)
}

// handOff passes the objective's loot on in the Escape (the rulebook's
// insta-transfer, free at any time, its Last Ditch example): a carrier
// that cannot pay its way out drops the loot for a teammate on its hex
// who can, or, out of Escape Moves, drops it before giving up; a
// character that can pay its way to loot lying inside (or to a carrier
// doomed to be Busted) and out again goes to fetch it. "" when no hand-off
// is on.
func (b *botMind) handOff(c *Character, need map[*Tile]int) string {
	s := b.s
	kind, _ := b.wanted()
	if kind == "" || s.Scenario == "the-final-score-part-1" {
		return ""
	}
	here := s.tile(c.Hex)
	doomed := func(o *Character) bool {
		t := s.tile(o.Hex)
		on := b.escapeNeeds(o)[t]
		return on > o.escapeBudget()+b.rollHope(o)
	}
	if c.has(kind) {
		if need[here] <= c.escapeBudget() {
			return b.carrierFetch(c, need, kind)
		}
		for _, o := range s.Chars {
			if o != c && o.onBoard() && !o.NPC && o.Hex == c.Hex {
				if n := b.escapeNeeds(o)[here]; n <= o.escapeBudget() && b.has("drop "+kind) {
					return "drop " + kind
				}
			}
		}
		if doomed(c) {
			// Nothing more to walk: leave the loot where a teammate may
			// still fetch it.
			moves := false
			for _, m := range b.legal {
				moves = moves || strings.HasPrefix(m, "move ")
			}
			if !moves && b.has("drop "+kind) {
				return "drop " + kind
			}
		}
		return ""
	}
	// A fetch: loot lying inside, or a doomed carrier, within what c is
	// sure to pay there and out again.
	targets := map[*Tile]bool{}
	for _, t := range s.Tiles {
		if real(t) && !t.Entrance && slices.Contains(t.Loot, kind) {
			targets[t] = true
		}
	}
	for _, o := range s.Chars {
		if o != c && o.onBoard() && o.has(kind) && (o.Rolled && doomed(o) || b.fetchFrom(o)) {
			targets[s.tile(o.Hex)] = true
		}
	}
	if len(targets) == 0 || targets[here] {
		return ""
	}
	budget := c.escapeBudget()
	path, cost := b.escapeRoute(c, here, func(t *Tile) bool { return targets[t] })
	if path == nil || len(path) < 2 {
		return ""
	}
	goal := path[len(path)-1]
	if cost+need[goal] > budget && !b.riskFetch(c, cost+need[goal]) {
		return b.meetStep(c, need, kind)
	}
	if m := "move " + path[1].Hex; b.has(m) {
		return m
	}
	return ""
}

// shouldCarry reports whether c, in the Escape, should hold the
// objective's loot lying on its hex: it may still pay its way out, and no
// teammate there is surer to (the mirror of handOff's drops, so loot is
// never dropped and picked up in turn).
func (b *botMind) shouldCarry(c *Character, need map[*Tile]int) bool {
	s := b.s
	here := s.tile(c.Hex)
	if need[here] > c.escapeBudget()+b.rollHope(c) {
		return false
	}
	if need[here] <= c.escapeBudget() {
		return true
	}
	for _, o := range s.Chars {
		if o != c && o.onBoard() && !o.NPC && o.Hex == c.Hex && b.escapeNeeds(o)[here] <= o.escapeBudget() {
			return false
		}
	}
	return true
}

// escapeRoute is c's cheapest way in Escape Moves from here to a tile
// goal accepts, and its cost (nil when there is none).
func (b *botMind) escapeRoute(c *Character, here *Tile, goal func(*Tile) bool) ([]*Tile, int) {
	s := b.s
	dist := map[*Tile]int{here: 0}
	prev := map[*Tile]*Tile{}
	done := map[*Tile]bool{}
	for {
		var cur *Tile
		for t, d := range dist {
			if !done[t] && (cur == nil || d < dist[cur] || d == dist[cur] && s.tileIndex(t) < s.tileIndex(cur)) {
				cur = t
			}
		}
		if cur == nil {
			return nil, 0
		}
		if goal(cur) {
			var path []*Tile
			for t := cur; t != nil; t = prev[t] {
				path = append(path, t)
			}
			slices.Reverse(path)
			return path, dist[cur]
		}
		done[cur] = true
		for _, n := range s.neighbours(cur) {
			if done[n] || s.canEnter(c, cur, n, true) != "" || n.Entrance && !goal(n) {
				continue
			}
			if d := dist[cur] + s.escapeCost(c, cur); func() bool { old, ok := dist[n]; return !ok || d < old }() {
				dist[n] = d
				prev[n] = cur
			}
		}
	}
}

// rollHope is what the Last Ditch Effort may still add: 6 before it is
// rolled.
func (b *botMind) rollHope(c *Character) int {
	if c.Rolled {
		return 0
	}
	return 6
}

// escapeNeeds is, for every tile, the Escape Moves needed from there to an
// Exit for c.
func (b *botMind) escapeNeeds(c *Character) map[*Tile]int {
	if need, ok := b.needs[c]; ok {
		return need
	}
	s := b.s
	escaping := s.Phase == PhaseEscape
	v := b.escapeDistances(c, func(t, n *Tile) (int, bool) {
		if s.canEnter(c, t, n, true) != "" {
			return 0, false
		}
		if n.Unknown && !escaping {
			// The Escape reveals it, and a Lock there closes the way:
			// count a step round it.
			return 1, true
		}
		return 0, true
	})
	need := make(map[*Tile]int, len(s.Tiles))
	for i, t := range s.Tiles {
		if real(t) {
			need[t] = v[i]
		}
	}
	if b.needs == nil {
		b.needs = map[*Character]map[*Tile]int{}
	}
	b.needs[c] = need
	return need
}

// escapeDistances is, by tile index, the Escape Moves c needs from each
// tile to an Exit (1<<20 where there is no way), when stepping from a tile
// t onto its neighbour n costs t's Escape Moves and what edge adds, or is
// not allowed (false). escapeNeeds and lateNeed differ only in edge.
func (b *botMind) escapeDistances(c *Character, edge func(t, n *Tile) (int, bool)) []int {
	const inf = 1 << 20
	s := b.s
	b.board()
	v := make([]int, len(s.Tiles))
	for i, t := range s.Tiles {
		v[i] = inf
		if real(t) && s.isExit(c, t) {
			v[i] = 0
		}
	}
	for changed := true; changed; {
		changed = false
		for i, t := range s.Tiles {
			if !real(t) || v[i] == 0 {
				continue
			}
			cost := s.escapeCost(c, t)
			for _, j := range b.nb[i] {
				if v[j] >= inf {
					continue
				}
				extra, ok := edge(t, s.Tiles[j])
				if !ok {
					continue
				}
				if w := v[j] + cost + extra; w < v[i] {
					v[i] = w
					changed = true
				}
			}
		}
	}
	return v
}
