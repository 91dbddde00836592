package heist

import (
	"sort"
	"strings"

	"casefile/engine"
)

// Every move of the heist is an engine.Move in the engine.Moves that moves
// builds for one seat: its canonical text, the condition that makes it
// legal, and its effect. The legal list and a refusal come from the same
// Add: a refused move names the condition of that move, or of its family
// ("move ", "take "), that fails, then what is legal instead.

// Legal lists seat's moves now.
func (s *State) Legal(seat engine.Seat) []string { return s.moves(seat).Texts() }

// Check validates a move without changing anything.
func (s *State) Check(seat engine.Seat, text string) error {
	ms := s.movesNamed(seat, text)
	if _, ok := ms.Find(text); ok {
		return nil
	}
	return s.refuse(seat, text, ms)
}

// Apply plays one move.
func (s *State) Apply(seat engine.Seat, text string) (engine.Result, error) {
	var res engine.Result
	ms := s.movesNamed(seat, text)
	m, ok := ms.Find(text)
	if !ok {
		return res, s.refuse(seat, text, ms)
	}
	// The move changes the state: what was listed no longer holds.
	s.listed = nil
	m.Do(&res)
	s.advance(&res)
	return res, nil
}

// moves lists everything seat may do now. Once the platform asked for it
// (KeepMoves), the list of the last seat listed is kept until the next
// move (see State.listed): a /move lists a seat's moves to find the
// seat, to tell a group from a move and to apply it, and the held
// reply's hint lists them again for the next one; listing a crew's moves
// costs more than the rest of a heist's move outside the database. A
// list made to explain a refusal (State.explain) holds more moves and is
// never kept.
func (s *State) moves(seat engine.Seat) *engine.Moves {
	keep := s.keep && !s.explain
	if keep && s.listed != nil && s.listedFor == seat {
		return s.listed
	}
	ms := s.listMoves(seat)
	if keep {
		s.listed, s.listedFor = ms, seat
	}
	return ms
}

// KeepMoves keeps the moves listed for a seat until the next move
// (engine.MoveKeeper): asked by the platform, which changes a state only
// by Apply. Tests that set positions by hand between listing moves and
// playing one do not ask, and so always list afresh.
func (s *State) KeepMoves() { s.keep = true }

// movesNamed is seat's moves with the name typed, when typed names a new
// character (see nameMove), added to a list of its own: the list kept
// for the seat is never changed by what one player typed.
func (s *State) movesNamed(seat engine.Seat, typed string) *engine.Moves {
	if !strings.HasPrefix(engine.NormalizeMove(typed)+" ", "name ") {
		return s.moves(seat)
	}
	ms := s.listMoves(seat)
	s.nameMove(seat, typed, ms)
	return ms
}

// listMoves lists everything seat may do now, afresh.
func (s *State) listMoves(seat engine.Seat) *engine.Moves {
	s.refresh()
	c := s.char(seat)
	var ms engine.Moves
	if c == nil || !s.Turn().Has(seat) {
		return &ms
	}
	switch s.Pending.Top().Kind {
	case crewTurn:
		s.crewMoves(c, &ms)
	case planTurn:
		s.planningMoves(c, &ms)
	case actionTurn:
		if !c.Done {
			s.actionMoves(c, &ms)
		}
		s.npcMoves(c, &ms)
	case offerTurn:
		s.offerMoves(c, &ms)
	case escapeTurn:
		if c.onBoard() {
			s.escapeMoves(c, &ms)
		}
		s.npcMoves(c, &ms)
	default:
		return s.choiceMoves(c)
	}
	return &ms
}

func lower(s string) string { return strings.ToLower(s) }

// refuse says why seat may not play typed: the seat has nothing to do
// now, or the condition of that move, or of its family, that fails; then
// what is legal instead. The moves are listed once more for it, with the
// moves that could never be legal here and why (State.explain).
func (s *State) refuse(seat engine.Seat, typed string, ms *engine.Moves) error {
	c := s.char(seat)
	switch {
	case c == nil:
		return engine.Reject("There is no such character.")
	case s.Phase == PhaseOver:
		return engine.Reject("The heist is over.")
	case !s.Turn().Has(seat):
		return engine.Reject("%s has nothing to do now: %s.", c.Name, s.Turn().Prompt)
	}
	s.explain = true
	all := s.listMoves(seat)
	s.nameMove(seat, typed, all)
	why, _ := all.Refusal(typed)
	s.explain = false
	if why.Holds() {
		why = "That is not a legal move now."
	}
	return engine.Reject("%s %s%s", why, engine.LegalNow, summarize(ms.Texts()))
}

// summarize lists legal moves compactly: moves sharing a verb and taking
// one last word are folded ("plan a4/a5/b3").
func summarize(legal []string) string {
	if len(legal) == 0 {
		return "nothing."
	}
	var order []string
	groups := map[string][]string{}
	for _, m := range legal {
		head, last := m, ""
		if i := strings.LastIndexByte(m, ' '); i > 0 && !strings.HasPrefix(m, "take ") {
			head, last = m[:i], m[i+1:]
		}
		if _, ok := groups[head]; !ok {
			order = append(order, head)
		}
		groups[head] = append(groups[head], last)
	}
	sort.Strings(order)
	var parts []string
	for _, h := range order {
		g := groups[h]
		if len(g) == 1 && g[0] == "" {
			parts = append(parts, h)
			continue
		}
		parts = append(parts, h+" "+strings.Join(g, "/"))
	}
	out := strings.Join(parts, ", ")
	if len(out) > 1500 {
		out = out[:1500] + " …"
	}
	return out + "."
}
