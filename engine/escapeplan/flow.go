package escapeplan

import (
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
)

// who names an actor in log lines: a seat reference or Sandra.
func who(actor int) string {
	if actor == SandraActor {
		return "Sandra"
	}
	return engine.SeatRef(engine.Seat(actor))
}

// active reports whether a player is still in the city.
func (p *Player) active() bool { return p.Status == "" }

// advance runs every automatic step (phases, Sandra, Notoriety updates)
// until a seat owes a decision or the game is over. Every loop here is
// bounded: the phases of 3 rounds are finite and each pass either waits
// for a seat or moves the game on.
func (s *State) advance(res *engine.Result) {
	for guard := 0; guard < 100000; guard++ {
		if s.Over {
			return
		}
		top := s.Pending.Top()
		switch {
		case top == nil:
			s.step(res)
		case isTurnStep(top.Kind):
			if top.Kind == Avoid && len(top.Data.Turn.Threats) == 0 {
				s.afterAvoid(res)
				continue
			}
			return
		case s.hasMoves(top):
			return
		default:
			s.skipTask(res)
		}
	}
	panic("escapeplan: advance did not settle")
}

// skipTask drops a decision that has no legal option (an officer that
// cannot move closer, an Asset unlock with nothing locked).
func (s *State) skipTask(res *engine.Result) {
	t := s.Pending.Pop()
	switch t.Kind {
	case MovePolice:
		res.Say("%s cannot move a Police Officer closer; nothing moves.", who(seatOf(&t)))
	case TakeContact:
		if t.Data.Card >= 0 {
			s.ContactsBox = append(s.ContactsBox, t.Data.Card)
		}
	}
}

// step performs the next automatic part of the current phase.
func (s *State) step(res *engine.Result) {
	switch s.Phase {
	case PhaseIncome:
		if s.Round == 1 { // EP-INCOME-01
			s.Phase = PhasePatrol
			return
		}
		if !s.PhaseBegun {
			s.PhaseBegun = true
			s.incomePhase(res)
			return
		}
		s.endPhase(res, PhasePatrol)
	case PhasePatrol:
		s.patrolPhase(res)
		s.endPhase(res, PhaseCity)
	case PhaseCity:
		if !s.PhaseBegun {
			s.PhaseBegun = true
			s.Placed = 0
		}
		if s.cityPlacement() {
			return
		}
		s.flipStacks() // EP-CITY-08
		s.endPhase(res, PhaseTurnOrder)
	case PhaseTurnOrder:
		s.turnOrderPhase(res)
		s.endPhase(res, PhasePlayerAction)
	case PhasePlayerAction:
		s.playerActionStep(res)
	case PhaseChange:
		// EP-CHANGE-01: Rest tokens back to the Sun side.
		for i := range s.Players {
			s.Players[i].Sun = true
		}
		if s.Round == 3 { // EP-CHANGE-02
			s.endPhase(res, PhaseEnd)
			return
		}
		s.Round++
		s.endPhase(res, PhaseIncome)
	case PhaseEnd:
		if !s.PhaseBegun {
			s.PhaseBegun = true
			s.endOfGame(res)
			return
		}
		s.score(res)
	}
}

func (s *State) endPhase(res *engine.Result, next string) {
	res.PhaseEnded = true
	s.Phase = next
	s.PhaseBegun = false
}

// incomePhase: income by the Income track, then the optional $3 unlock
// below Notoriety 3 (EP-INCOME-02/03/04; Sandra takes none).
func (s *State) incomePhase(res *engine.Result) {
	for _, a := range s.Order {
		if a == SandraActor {
			continue
		}
		p := &s.Players[a]
		if !p.active() {
			continue
		}
		v := s.gainIncome(p)
		res.Say("%s gains Income ($%d).", who(a), v)
	}
	for _, a := range s.Order {
		if a == SandraActor || !s.Players[a].active() {
			continue
		}
		if s.Players[a].Notoriety < 3 {
			t := s.ask(a, UnlockAsset)
			t.Data.N, t.Data.Optional, t.Data.Reason = 1, true, "income"
			s.queue(t)
		}
	}
}

// incomeValue is the lowest visible number on a player's Income track.
func incomeValue(cubesLeft int) int { return IncomeValues[IncomeCubes-cubesLeft] }

func (s *State) gainIncome(p *Player) int {
	v := incomeValue(p.IncomeCubes)
	s.pay(&p.Money, -v)
	return v
}

// patrolPhase reveals Patrol cards; a second card on a space blocks that
// Exit (EP-PATROL-01..06).
func (s *State) patrolPhase(res *engine.Result) {
	n := 2
	if s.Round == 3 {
		n = len(s.PatrolDeck) // EP-PATROL-02: the last card
	}
	for i := 0; i < n && len(s.PatrolDeck) > 0; i++ {
		c := s.PatrolDeck[0]
		s.PatrolDeck = s.PatrolDeck[1:]
		s.revealed++
		s.PatrolSpaces[c-1]++
		res.Say("Patrol card: Patrol space %d (%s).", c, exitName(c))
		if s.PatrolSpaces[c-1] == 2 {
			res.Say("The %s is blocked.", exitName(c))
		}
	}
	s.layExitStacks()
}

func exitName(no int) string {
	for _, d := range locDef {
		if d.ExitNo == no {
			return d.Name
		}
	}
	return fmt.Sprintf("exit %d", no)
}

func exitLoc(no int) int {
	for l, d := range locDef {
		if d.ExitNo == no {
			return l
		}
	}
	return -1
}

// Blocked reports whether an Exit has 2 Patrol cards on its space.
func (s *State) Blocked(no int) bool { return s.PatrolSpaces[no-1] >= 2 }

// layExitStacks puts an Exit tile stack on each blocked Exit whose tile is
// revealed; the grey stack goes first, then the gold one.
func (s *State) layExitStacks() {
	for no := 1; no <= 3; no++ {
		if !s.Blocked(no) || s.Tiles[locTile[exitLoc(no)]].Where == "stack" || s.exitStack(no) != nil {
			continue
		}
		for i := range s.ExitStacks {
			if s.ExitStacks[i].Exit == 0 {
				s.ExitStacks[i].Exit = no
				break
			}
		}
	}
}

func (s *State) exitStack(no int) *ExitStack {
	for i := range s.ExitStacks {
		if s.ExitStacks[i].Exit == no {
			return &s.ExitStacks[i]
		}
	}
	return nil
}

// cityPlacement queues the next City tile placement, in player order
// (EP-CITY-01/02); it reports whether a placement is waiting.
func (s *State) cityPlacement() bool {
	left := 0
	for _, t := range s.FaceUp {
		if t >= 0 {
			left++
		}
	}
	if left == 0 {
		return false
	}
	var humans []int
	for _, a := range s.Order {
		if a != SandraActor {
			humans = append(humans, a)
		}
	}
	seat := humans[s.Placed%len(humans)]
	s.queue(s.ask(seat, PlaceTile))
	return true
}

// turnOrderPhase orders actors by Notoriety, highest first; ties reverse
// their previous relative order (EP-ORDER-01..04).
func (s *State) turnOrderPhase(res *engine.Result) {
	prev := map[int]int{}
	for i, a := range s.Order {
		prev[a] = i
	}
	order := append([]int(nil), s.Order...)
	sort.SliceStable(order, func(i, j int) bool {
		ni, nj := s.notoriety(order[i]), s.notoriety(order[j])
		if ni != nj {
			return ni > nj
		}
		return prev[order[i]] > prev[order[j]]
	})
	s.Order = order
	var names []string
	for _, a := range order {
		names = append(names, who(a))
	}
	res.Say("Turn order for round %d: %s.", s.Round, strings.Join(names, ", "))
}

func (s *State) notoriety(actor int) int {
	if actor == SandraActor {
		return s.Sandra.Notoriety
	}
	return s.Players[actor].Notoriety
}

// playerActionStep runs the Player Action phase: 3 Required turns and 2
// Optional turns, each followed by the Notoriety update (EP-ACTION-*).
func (s *State) playerActionStep(res *engine.Result) {
	if !s.PhaseBegun {
		s.PhaseBegun = true
		s.TurnNo, s.Cur, s.Joined, s.JoinAsked, s.Star = 0, 0, nil, false, false
	}
	if s.TurnNo >= len(TurnNames) {
		s.endPhase(res, PhaseChange)
		return
	}
	if s.Star {
		// The update is done and its consequences resolved: on to the
		// next turn space (EP-ACTION-10).
		s.Star = false
		s.TurnNo++
		s.Cur, s.Joined, s.JoinAsked = 0, nil, false
		return
	}
	if !s.JoinAsked {
		s.JoinAsked = true
		s.Joined = nil
		for _, a := range s.Order {
			if a == SandraActor {
				if s.TurnNo < RequiredTurns {
					s.Joined = append(s.Joined, a)
				} else if s.Sandra.Discs > 0 { // EP-ACTION-06
					s.Sandra.Discs--
					s.Discs++
					s.Joined = append(s.Joined, a)
					res.Say("Sandra spends an Extra Action disc for the %s turn.", TurnNames[s.TurnNo])
				}
				continue
			}
			p := &s.Players[a]
			if !p.active() {
				continue
			}
			if s.TurnNo < RequiredTurns {
				s.Joined = append(s.Joined, a)
			} else if p.Discs > 0 { // EP-ACTION-04
				s.queue(s.ask(a, JoinTurn))
			}
		}
		return
	}
	for s.Cur < len(s.Order) {
		a := s.Order[s.Cur]
		if !contains(s.Joined, a) {
			s.Cur++
			continue
		}
		if a == SandraActor {
			s.Cur++
			s.sandraTurn(res)
			return
		}
		p := &s.Players[a]
		if !p.active() {
			s.Cur++
			continue
		}
		// EP-ACTION-07/08: $1 per turn once someone has escaped.
		if s.Escaped > 0 {
			if p.Money < 1 {
				s.arrest(a, res, "cannot pay $1 for the turn")
				s.Cur++
				continue
			}
			s.pay(&p.Money, 1)
			res.Say("%s pays $1 to stay hidden.", who(a))
		}
		s.beginTurn(a, p.At)
		res.Say("%s's %s turn.", who(a), TurnNames[s.TurnNo])
		return
	}
	// EP-ACTION-09 / EP-NOT-04: the ★ space, Notoriety in turn order.
	s.Star = true
	for _, a := range s.Order {
		s.updateNotoriety(a, res)
	}
}

// arrest takes a player out of the game with a score of zero.
func (s *State) arrest(seat int, res *engine.Result, why string) {
	p := &s.Players[seat]
	p.Status = "arrested"
	p.At = -1
	res.Say("%s is ARRESTED (%s).", who(seat), why)
}

// gainNotoriety tracks a gain (+1) or loss (-1) with the Notoriety cubes
// (EP-NOT-01/02/03, EP-SNOT-01/02).
func gainNotoriety(red, blue *int, d int) {
	for ; d > 0; d-- {
		switch {
		case *red+*blue < NotorietyCubes:
			*red++
		case *blue > 0:
			*blue--
		}
	}
	for ; d < 0; d++ {
		switch {
		case *red+*blue < NotorietyCubes:
			*blue++
		case *red > 0:
			*red--
		}
	}
}

// updateNotoriety moves an actor's marker by its cubes, then resolves each
// threshold crossed (EP-NOT-04..11, EP-SNOT-03..07).
func (s *State) updateNotoriety(actor int, res *engine.Result) {
	var pos, red, blue *int
	if actor == SandraActor {
		pos, red, blue = &s.Sandra.Notoriety, &s.Sandra.Red, &s.Sandra.Blue
	} else {
		p := &s.Players[actor]
		if p.Status == "arrested" {
			p.Red, p.Blue = 0, 0
			return
		}
		pos, red, blue = &p.Notoriety, &p.Red, &p.Blue
	}
	d := *red - *blue
	*red, *blue = 0, 0
	if d == 0 {
		return
	}
	old := *pos
	np := old + d
	if np > NotorietyTop {
		// EP-NOT-11: at the top, every further increase is a Wound.
		if actor != SandraActor {
			for i := 0; i < np-NotorietyTop; i++ {
				s.gainWound(&s.Players[actor], res)
			}
		}
		np = NotorietyTop
	}
	np = max(np, 0)
	*pos = np
	res.Say("%s's Notoriety: %d → %d.", who(actor), old, np)
	for i, th := range NotorietyThresholds {
		if old <= th && np > th {
			s.crossThreshold(actor, i, res)
		}
	}
}

// crossThreshold resolves one threshold crossing on its own (EP-NOT-05).
func (s *State) crossThreshold(actor, i int, res *engine.Result) {
	res.Say("%s crosses Notoriety threshold %d.", who(actor), i+1)
	target := -1
	if actor == SandraActor {
		target = nodeTile(s.Sandra.At)
	} else if s.Players[actor].active() {
		target = nodeTile(s.Players[actor].At)
	}
	mine := s.notoriety(actor)
	if target >= 0 {
		// EP-NOT-06 / EP-SNOT-06/07: lower players move an officer closer.
		for _, a := range s.Order {
			if a == actor || s.notoriety(a) >= mine {
				continue
			}
			mover := a
			if a == SandraActor {
				mover = s.sandraHelper(actor)
			} else if !s.Players[a].active() {
				continue
			}
			t := s.ask(mover, MovePolice)
			t.Data.Target = target
			t.Data.Reason = "toward " + who(actor)
			if a == SandraActor {
				t.Data.Reason += " for Sandra"
			}
			s.queue(t)
		}
	}
	if actor == SandraActor {
		return // Sandra takes no Asset or disc rewards (CONTENT.md).
	}
	p := &s.Players[actor]
	n := []int{1, 2, 1}[i] // EP-NOT-08/09/10
	if n > 0 && p.active() {
		t := s.ask(actor, UnlockAsset)
		t.Data.N = n
		s.queue(t)
	}
	if i == 2 {
		s.gainDisc(actor, res)
	}
}

// sandraHelper is the human who moves a Police Officer on Sandra's behalf
// when crosser crosses a threshold: the other human (EP-SNOT-07); in a solo
// game the only player.
func (s *State) sandraHelper(crosser int) int {
	for i := range s.Players {
		if i != crosser && s.Players[i].active() {
			return i
		}
	}
	return crosser
}

func (s *State) gainDisc(actor int, res *engine.Result) {
	if s.Discs == 0 {
		res.Say("No Extra Action disc is left for %s.", who(actor))
		return
	}
	s.Discs--
	if actor == SandraActor {
		s.Sandra.Discs++
	} else {
		s.Players[actor].Discs++
	}
	res.Say("%s gains an Extra Action disc.", who(actor))
}

// gainWound adds a Wound; a 4th Wound heals one instead and a Handcuffs
// card blocks the rightmost free Contact space (EP-AVOID-06/07).
func (s *State) gainWound(p *Player, res *engine.Result) {
	if p.Wounds < 3 {
		p.Wounds++
		res.Say("%s takes a Wound (%d).", who(p.Seat), p.Wounds)
		return
	}
	for i := ContactSpaces - 1; i >= 0; i-- {
		if p.Contacts[i].Cuffed {
			continue
		}
		if s.Handcuffs == 0 {
			break
		}
		s.Handcuffs--
		p.Handcuffs++
		if c := p.Contacts[i].Card; c >= 0 {
			s.ContactsBox = append(s.ContactsBox, c)
		}
		p.Contacts[i] = ContactSpace{Card: -1, Cuffed: true}
		p.Wounds--
		res.Say("%s would take a 4th Wound: heals 1 and is Handcuffed (Contact space %d blocked).", who(p.Seat), i+1)
		return
	}
	res.Say("%s is at 3 Wounds with no Contact space left to Handcuff.", who(p.Seat))
}

// endOfGame: players who did not escape are caught (our reading), and
// every escaped player discards 1 Contact card (EP-END-02).
func (s *State) endOfGame(res *engine.Result) {
	for i := range s.Players {
		p := &s.Players[i]
		if p.Status == "" {
			s.arrest(i, res, "still in the city when the game ends")
		}
	}
	for _, a := range s.Order {
		if a == SandraActor || s.Players[a].Status != "escaped" {
			continue
		}
		s.queue(s.ask(a, DiscardContact))
	}
}

// FinalScore is a player's end-game money (EP-END-01..09).
func (s *State) FinalScore(p *Player) int {
	if p.Status == "arrested" {
		return 0
	}
	plan := planByTitle(p.Plan)
	total := p.Money
	for _, b := range s.Businesses {
		for _, c := range b.Cubes {
			if c.Actor == p.Seat {
				total += planValue(plan, b.Name)
			}
		}
	}
	for _, h := range s.SafeHouses {
		for _, c := range h.Cubes {
			if c.Actor == p.Seat {
				total += planValue(plan, h.Name)
			}
		}
	}
	for _, a := range p.Assets {
		if a.Used {
			total += 10
		}
	}
	total += ContactBonus[p.contactCount()]
	for _, it := range p.Items {
		if it.Secret != nil {
			total += it.Secret.Value
		}
	}
	total -= NotorietyPenalty(p.Notoriety)
	total -= 20 * p.Wounds
	return total
}

func planByTitle(title string) EscapePlan {
	for _, pl := range EscapePlans {
		if pl.Title == title {
			return pl
		}
	}
	return EscapePlan{}
}

func planValue(plan EscapePlan, name string) int {
	for _, t := range plan.Targets {
		if t == name {
			return PlanTargetValue
		}
	}
	return PlanOtherValue
}

func (p *Player) contactCount() int {
	n := 0
	for _, c := range p.Contacts {
		if c.Card >= 0 {
			n++
		}
	}
	return n
}

// score ends the game: most money wins; ties by money behind the screen,
// then least Notoriety, then fewest Wounds (EP-END-10..13).
func (s *State) score(res *engine.Result) {
	out := &Outcome{}
	best := -1
	for i := range s.Players {
		p := &s.Players[i]
		p.Score = s.FinalScore(p)
		out.Scores = append(out.Scores, p.Score)
		if p.Status != "escaped" {
			continue
		}
		if best < 0 || s.better(i, best) {
			best = i
		}
	}
	if best >= 0 {
		for i := range s.Players {
			if s.Players[i].Status == "escaped" && !s.better(best, i) && !s.better(i, best) {
				out.Winners = append(out.Winners, i)
			}
		}
	}
	var parts []string
	for i, sc := range out.Scores {
		parts = append(parts, fmt.Sprintf("%s $%dk (%s)", who(i), sc, statusWord(s.Players[i].Status)))
	}
	if len(out.Winners) == 0 {
		out.Summary = "Nobody got away: the police win. Scores: " + strings.Join(parts, ", ") + "."
	} else {
		var ws []string
		for _, w := range out.Winners {
			ws = append(ws, who(w))
		}
		out.Summary = strings.Join(ws, " and ") + " got away with the most money. Scores: " + strings.Join(parts, ", ") + "."
	}
	s.Result = out
	s.Over = true
	res.Say("Game over. %s", out.Summary)
	res.PhaseEnded = true
}

func statusWord(st string) string {
	if st == "" {
		return "in the city"
	}
	return st
}

// better reports whether seat a beats seat b.
func (s *State) better(a, b int) bool {
	pa, pb := &s.Players[a], &s.Players[b]
	if pa.Score != pb.Score {
		return pa.Score > pb.Score
	}
	if pa.Money != pb.Money {
		return pa.Money > pb.Money
	}
	if pa.Notoriety != pb.Notoriety {
		return pa.Notoriety < pb.Notoriety
	}
	return pa.Wounds < pb.Wounds
}
