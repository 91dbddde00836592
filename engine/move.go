package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Every move of every game is a Move: its canonical text, the condition
// that makes it legal, and its effect. A game lists the moves a seat could
// make now into a Moves, each with its condition; the legal list is those
// whose condition holds, and a refused move's message is the condition
// that failed. Because both come from the same line of the game's code,
// what the autocomplete offers and what a refusal explains cannot drift
// apart.

// Cond is the condition that makes a move legal: empty when it holds,
// otherwise the reason it fails, written for the player ("You have already
// rested this round").
type Cond string

// OK is the condition of a move that is always legal when listed.
const OK Cond = ""

// Require is a condition that holds when ok, and otherwise fails for the
// reason given (a format string and its arguments). A reason without
// arguments is used as it is: moves are listed far more often than
// refused, so a failing condition must cost nothing to state.
func Require(ok bool, format string, args ...any) Cond {
	if ok {
		return OK
	}
	if len(args) == 0 {
		return Cond(format)
	}
	return Cond(fmt.Sprintf(format, args...))
}

// And is c when it fails, else next: the first failing condition is the
// one a refusal names.
func (c Cond) And(next Cond) Cond {
	if c != OK {
		return c
	}
	return next
}

// Holds reports whether the condition is met.
func (c Cond) Holds() bool { return c == OK }

// Move is one move a seat could make: its canonical text, the condition
// that makes it legal, and its effect, applied only when the condition
// holds.
type Move struct {
	Text string
	// If is the condition; a move whose condition fails is never listed
	// as legal and never applied, and its reason is the refusal.
	If Cond
	Do func(res *Result)
	// RoleOnly marks a move that only a hidden role has (the Dirty Cop
	// burying evidence). It is legal and listed for its seat, but never
	// named in a refusal, so refusals read the same whoever holds the role.
	RoleOnly bool
}

// Moves is the list of moves a state builds for one seat at one moment.
type Moves struct {
	list []Move
	// families refuse whole families of texts that cannot all be listed
	// ("go <anywhere>"), by their leading words.
	families []Move
}

// Add lists a move whose condition holds or fails by if.
func (ms *Moves) Add(text string, cond Cond, do func(res *Result)) {
	ms.list = append(ms.list, Move{Text: text, If: cond, Do: do})
}

// Legal lists a move that is legal whenever it is listed.
func (ms *Moves) Legal(text string, do func(res *Result)) { ms.Add(text, OK, do) }

// RoleOnly lists a legal move that only a hidden role has; see
// Move.RoleOnly.
func (ms *Moves) RoleOnly(text string, do func(res *Result)) {
	ms.list = append(ms.list, Move{Text: text, Do: do, RoleOnly: true})
}

// RefuseFamily explains every text beginning with prefix that is not a
// listed legal move, with the reason why; later calls take precedence
// over earlier ones for the same text.
func (ms *Moves) RefuseFamily(prefix string, why Cond) {
	if why != OK {
		ms.families = append(ms.families, Move{Text: prefix, If: why})
	}
}

// Len is the number of legal moves.
func (ms *Moves) Len() int {
	n := 0
	for _, m := range ms.list {
		if m.If.Holds() {
			n++
		}
	}
	return n
}

// Texts lists the canonical texts of the legal moves, in the order they
// were added, each once.
func (ms *Moves) Texts() []string { return ms.texts(false) }

// smallMoves is the list length up to which repeats are found by looking
// back rather than with a map: most decisions offer a handful of moves.
const smallMoves = 24

func (ms *Moves) texts(sharedOnly bool) []string {
	out := make([]string, 0, len(ms.list))
	var seen map[string]bool
	if len(ms.list) > smallMoves {
		seen = make(map[string]bool, len(ms.list))
	}
	for _, m := range ms.list {
		if !m.If.Holds() || sharedOnly && m.RoleOnly {
			continue
		}
		if seen != nil {
			if seen[m.Text] {
				continue
			}
			seen[m.Text] = true
		} else if slices.Contains(out, m.Text) {
			continue
		}
		out = append(out, m.Text)
	}
	return out
}

// Shared lists the legal texts every seat in this seat's place could
// have, leaving out role-only moves: what a refusal may name.
func (ms *Moves) Shared() []string { return ms.texts(true) }

// All lists every move, legal or not, in the order added.
func (ms *Moves) All() []Move { return ms.list }

// Find returns the legal move that typed names (folded by NormalizeMove),
// the first one listed when several share a text. Canonical texts are
// normalized already (enginetest.Conform checks it), so only the typed
// text is folded: lists of a hundred moves are searched on every /move.
func (ms *Moves) Find(typed string) (Move, bool) {
	want := NormalizeMove(typed)
	for _, m := range ms.list {
		if m.If.Holds() && m.Text == want {
			return m, true
		}
	}
	return Move{}, false
}

// Refusal says why typed is not a legal move: the failed condition of the
// listed move it names, else that of the most recent family it belongs to.
// known is false when the game lists nothing of that name at all.
func (ms *Moves) Refusal(typed string) (why Cond, known bool) {
	want := NormalizeMove(typed)
	for _, m := range ms.list {
		if !m.If.Holds() && m.Text == want {
			return m.If, true
		}
	}
	for i := len(ms.families) - 1; i >= 0; i-- {
		if strings.HasPrefix(want, NormalizeMove(ms.families[i].Text)) {
			return ms.families[i].If, true
		}
	}
	return OK, false
}

// LegalNow is the phrase with which a refusal lists what would be legal;
// the platform adds a list of its own only to a refusal without one (see
// ListsLegal), so a player never reads the list twice.
const LegalNow = "Legal now: "

// ListsLegal reports whether a refusal's message already lists the legal
// moves.
func ListsLegal(msg string) bool { return strings.Contains(msg, LegalNow) }

// ListLegal writes legal moves for a refusal: the first max of them, then
// how many more there are.
func ListLegal(legal []string, max int) string {
	if len(legal) == 0 {
		return "nothing"
	}
	if len(legal) <= max {
		return strings.Join(legal, ", ")
	}
	return strings.Join(legal[:max], ", ") + fmt.Sprintf(", … %d more", len(legal)-max)
}

// NotYourTurn is the refusal of a move by a seat the turn does not list.
func NotYourTurn(t Turn) error {
	if len(t.Seats) == 0 {
		return Reject("Nobody may move now (%s).", strings.ToLower(t.Phase))
	}
	names := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		names[i] = SeatRef(s)
	}
	return Reject("It is not your turn: waiting for %s to %s.", strings.Join(names, ", "), t.Prompt)
}
