package engine

import (
	"fmt"
	"slices"
	"time"
)

// A game waits on its players in one way only: a stack of pending
// Decisions. Each names the seats that owe an answer, how they answer
// (one seat, several in any order, or a reaction window), what the game
// calls this kind of decision, and what the game resumes with once it is
// settled. The game's Turn is the top of the stack. An answer may push a
// new decision on top (an action opens a reaction window, an answer in it
// opens a choice); when that one is settled and popped, the one below is
// on top again and play resumes where it stopped. Because the stack is
// plain data inside the state, a snapshot taken while several decisions are
// open restores every one of them.

// DecisionKind names a kind of decision in the game's own words ("avoid",
// "dog chases", "objection"). Each game declares its kinds as constants of
// this type, so a switch over kinds is checked by name, not by stray
// string literals.
type DecisionKind string

// ResumeKind names what the game goes on with once a decision is settled
// ("event", "crisis", "end of action"); games declare them as constants.
type ResumeKind string

// Decision is one pending prompt. P is the game's own detail of the
// decision (the card that asked, the tiles to choose from), serialized
// with it.
type Decision[P any] struct {
	Kind DecisionKind `json:"kind"`
	// Mode says how the seats answer: Sequential (one seat), Simultaneous
	// (every listed seat, in any order) or Reaction (a window each listed
	// seat may answer or let pass).
	Mode TurnKind `json:"mode"`
	// Seats owe an answer, in a stable order.
	Seats []Seat `json:"seats"`
	// Answered are the seats of Seats that have already answered a
	// Simultaneous or Reaction decision.
	Answered []Seat `json:"answered,omitempty"`
	// Phase is the game phase the decision belongs to, in the game's words.
	Phase string `json:"phase"`
	// Window is how long a Reaction stays open; zero means the platform's
	// default.
	Window time.Duration `json:"window,omitempty"`
	// Default is the answer a silent seat is taken to give when the window
	// closes, and the move a stand-in may always use to skip. Empty means
	// the rules allow no pass here.
	Default string `json:"default,omitempty"`
	// Resume is what the game goes on with once this decision is settled.
	Resume ResumeKind `json:"resume,omitempty"`
	// Data is the game's own detail of the decision.
	Data P `json:"data"`
}

// OwnerSeat makes a one-seat decision's vis:"owner" details (tiles only
// its seat has looked at) visible to that seat alone. A decision owed by
// several seats has no owner, so such details stay hidden from all.
func (d Decision[P]) OwnerSeat() Seat {
	if len(d.Seats) == 1 {
		return d.Seats[0]
	}
	return NoSeat
}

// Owes reports whether seat still owes an answer to d.
func (d *Decision[P]) Owes(seat Seat) bool {
	return slices.Contains(d.Seats, seat) && !slices.Contains(d.Answered, seat)
}

// Waiting lists the seats that still owe an answer, in Seats order.
func (d *Decision[P]) Waiting() []Seat {
	var out []Seat
	for _, s := range d.Seats {
		if !slices.Contains(d.Answered, s) {
			out = append(out, s)
		}
	}
	return out
}

// Answer records that seat answered and reports whether d is now settled:
// a Sequential decision by its one answer, the others once every listed
// seat has answered.
func (d *Decision[P]) Answer(seat Seat) (settled bool) {
	if d.Mode == Sequential {
		return true
	}
	if !slices.Contains(d.Answered, seat) && slices.Contains(d.Seats, seat) {
		d.Answered = append(d.Answered, seat)
	}
	return len(d.Waiting()) == 0
}

// Drop removes seat from the seats a decision waits on (a character that
// left the heist, a player who was arrested) and reports whether d is now
// settled.
func (d *Decision[P]) Drop(seat Seat) (settled bool) {
	d.Seats = slices.DeleteFunc(d.Seats, func(s Seat) bool { return s == seat })
	d.Answered = slices.DeleteFunc(d.Answered, func(s Seat) bool { return s == seat })
	return len(d.Waiting()) == 0
}

// Stack is a game's pending decisions. Items[0] is decided first (the
// top); the last item is decided last. It serializes as a JSON array.
type Stack[P any] struct {
	Items []Decision[P] `json:"items"`
}

// Len is how many decisions are pending.
func (s *Stack[P]) Len() int { return len(s.Items) }

// Empty reports whether nothing is pending.
func (s *Stack[P]) Empty() bool { return len(s.Items) == 0 }

// Top is the decision being decided now, or nil.
func (s *Stack[P]) Top() *Decision[P] {
	if len(s.Items) == 0 {
		return nil
	}
	return &s.Items[0]
}

// Push puts ds on top, in order: ds[0] is decided first, and everything
// already pending waits until all of ds are settled. This is how an
// answer interrupts with a nested decision.
func (s *Stack[P]) Push(ds ...Decision[P]) {
	s.Items = append(append(make([]Decision[P], 0, len(ds)+len(s.Items)), ds...), s.Items...)
}

// Queue adds d below everything already pending: it is decided after all
// of them.
func (s *Stack[P]) Queue(d Decision[P]) { s.Items = append(s.Items, d) }

// QueueBefore adds d just above the first pending decision of kind k (so
// that follow-up decisions come before a player's turn resumes), or at the
// bottom when none is pending.
func (s *Stack[P]) QueueBefore(k DecisionKind, d Decision[P]) {
	for i := range s.Items {
		if s.Items[i].Kind == k {
			s.Items = slices.Insert(s.Items, i, d)
			return
		}
	}
	s.Queue(d)
}

// Pop removes and returns the top decision. It panics on an empty stack:
// settling a decision that was never asked is a bug in the game.
func (s *Stack[P]) Pop() Decision[P] {
	if len(s.Items) == 0 {
		panic("engine: Pop on an empty decision stack")
	}
	d := s.Items[0]
	s.Items = s.Items[1:]
	if len(s.Items) == 0 {
		s.Items = nil
	}
	return d
}

// Remove takes out the first pending decision that match accepts, wherever
// it is in the stack (a turn that ends while follow-ups it raised are still
// pending), and reports whether there was one.
func (s *Stack[P]) Remove(match func(*Decision[P]) bool) bool {
	for i := range s.Items {
		if match(&s.Items[i]) {
			s.Items = slices.Delete(s.Items, i, i+1)
			if len(s.Items) == 0 {
				s.Items = nil
			}
			return true
		}
	}
	return false
}

// Find returns the first pending decision of kind k, or nil.
func (s *Stack[P]) Find(k DecisionKind) *Decision[P] {
	for i := range s.Items {
		if s.Items[i].Kind == k {
			return &s.Items[i]
		}
	}
	return nil
}

// Turn derives the game's Turn from the top decision: its mode, the seats
// still owing an answer, its phase, window and default, and the prompt
// the game words for it. An empty stack gives a Turn with no seats in
// phase idle.
func (s *Stack[P]) Turn(idle string, prompt func(*Decision[P]) string) Turn {
	d := s.Top()
	if d == nil {
		return Turn{Phase: idle}
	}
	return Turn{
		Kind:      d.Mode,
		Seats:     d.Waiting(),
		Phase:     d.Phase,
		Prompt:    prompt(d),
		Window:    d.Window,
		OnTimeout: d.Default,
	}
}

// String describes a decision for panics and test failures.
func (d Decision[P]) String() string {
	return fmt.Sprintf("%s decision (%s) for seats %v, answered %v, resume %q", d.Kind, d.Mode, d.Seats, d.Answered, d.Resume)
}
