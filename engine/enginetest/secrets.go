package enginetest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"casefile/engine"
)

// Stakeout's secrets variant holds what hidden-role games need from the
// platform, in miniature: a secret role dealt to every seat (one Fence,
// the rest Lookouts) with a power only the Fence has, a face-down stash
// known to every seat that peeked at it, and a standing choice any seat
// may set at any time.

// The roles of the secrets variant.
const (
	Fence   = "Fence"
	Lookout = "Lookout"
)

// Standing choices, accepted from any seat at any time.
const (
	standPass = "always pass objections"
	standStop = "stop passing objections"
)

// Stash is a face-down card: its value is known to the seats in Known.
type Stash struct {
	Card  int           `json:"card" vis:"known"`
	Known []engine.Seat `json:"known"`
}

// KnownBy lists the seats that have peeked at the stash.
func (s Stash) KnownBy() []engine.Seat { return s.Known }

func (s *Stash) knows(seat engine.Seat) bool { return slices.Contains(s.Known, seat) }

// dealSecrets deals every seat a role and puts the stash aside. The Fence
// is drawn from the game's own generator unless the fence option fixes
// it; either way every seat is dealt a role of the same shape.
func (st *State) dealSecrets(opts map[string]string) error {
	st.Secrets = true
	st.Leak = opts["leak"] == "notes"
	fence := st.Rand.Intn(len(st.Players))
	if v := opts["fence"]; v != "" && v != "random" {
		n, _ := strconv.Atoi(v)
		if n < 1 || n > len(st.Players) {
			return engine.Reject("fence=%s: there are only %d seats.", v, len(st.Players))
		}
		fence = n - 1
	}
	for i := range st.Players {
		st.Players[i].Role = Lookout
	}
	st.Players[fence].Role = Fence
	st.Stash = &Stash{Card: st.Deck[0]}
	st.Deck = st.Deck[1:]
	return nil
}

func (st *State) peek(seat engine.Seat, r *engine.Result) {
	st.Stash.Known = append(st.Stash.Known, seat)
	r.Reveals = true
	r.Say("%s peeks at the stash.", engine.SeatRef(seat))
	r.Note(seat, "The stash is the %d.", st.Stash.Card)
	st.settle(r)
}

// StandingMoves lists the standing choices seat may set now.
func (st *State) StandingMoves(seat engine.Seat) []string {
	if st.Result != nil || int(seat) < 0 || int(seat) >= len(st.Players) {
		return nil
	}
	if st.Players[seat].StandPass {
		return []string{standStop}
	}
	return []string{standPass}
}

// applyStanding sets a standing choice. It never advances the game: a
// window already open keeps waiting for the seat's answer.
func (st *State) applyStanding(seat engine.Seat, move string) engine.Result {
	var r engine.Result
	r.Secret = true
	p := &st.Players[seat]
	p.StandPass = move == standPass
	if p.StandPass {
		r.Note(seat, "From the next objection window on, you pass until you say %q.", standStop)
	} else {
		r.Note(seat, "You will be asked in objection windows again.")
	}
	return r
}

// standingPasses answers the window just opened for every seat standing
// on pass, and settles it when nobody else is listed.
func (st *State) standingPasses(r *engine.Result) {
	w := st.Pending.Top()
	for _, s := range slices.Clone(w.Seats) {
		if st.Players[s].StandPass {
			r.Say("%s passes (a standing choice).", engine.SeatRef(s))
			st.answer(s, r)
		}
	}
}

// revealSecrets tells the table every role and the stash at Game over.
func (st *State) revealSecrets(r *engine.Result) {
	if !st.Secrets {
		return
	}
	var roles []string
	for _, p := range st.Players {
		roles = append(roles, fmt.Sprintf("%s %s", engine.SeatRef(p.Seat), p.Role))
	}
	r.Say("Roles: %s. The stash was the %d.", strings.Join(roles, ", "), st.Stash.Card)
}

// StandInMove plays for an absent seat without looking at its role: the
// window's default when there is one, else the first move every seat in
// its place has (never the Fence's own), so a stand-in for the Fence plays
// exactly as one for a Lookout.
func (st *State) StandInMove(seat engine.Seat, _ *engine.Rand) string {
	shared := st.moves(seat).Shared()
	if t := st.Turn(); t.OnTimeout != "" && slices.Contains(shared, t.OnTimeout) {
		return t.OnTimeout
	}
	if len(shared) == 0 {
		return ""
	}
	return shared[0]
}
