package heist

import (
	"strings"

	"casefile/engine"
)

// standInChoice answers a choice for an away player: a Kennel Dog runs to
// the end farthest from the crew, anything else takes the first option
// (SQUIRRELY: the first tied character in seat order, then lose idea, which
// keeps the team's Noise down).
func (s *State) standInChoice(legal []string) string {
	if s.choice().Kind == choiceRun {
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

// StandInMove plays safely for a seat whose player is away: it keeps the
// character the Crew step shows (crew done), finishes Planning with a start and no tokens, takes the first Action that costs no
// Idea and ends it, declines Event offers, answers the team's choices
// (standInChoice), and in the Escape walks toward the nearest Exit, rolls
// its Last Ditch Effort, or gives up.
func (s *State) StandInMove(seat engine.Seat, r *engine.Rand) string {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return ""
	}
	has := func(m string) bool {
		for _, x := range legal {
			if x == m {
				return true
			}
		}
		return false
	}
	first := func(prefix string, skip string) string {
		for _, m := range legal {
			if strings.HasPrefix(m, prefix) && (skip == "" || !strings.Contains(m, skip)) {
				return m
			}
		}
		return ""
	}
	if s.choice() != nil {
		return s.standInChoice(legal)
	}
	c := s.char(seat)
	switch s.Phase {
	case PhaseCrew:
		// The character dealt (or last built) is kept; a half-built new
		// one is dropped first.
		if has("crew done") {
			return "crew done"
		}
		if has("rebuild") {
			return "rebuild"
		}
	case PhasePlanning:
		if has("plan done") {
			return "plan done"
		}
		if m := first("start ", ""); m != "" {
			return m
		}
	case PhaseAction:
		if c.onBoard() && !c.Done {
			if c.Action == "" {
				if m := first("take ", " idea"); m != "" {
					return m
				}
				if m := first("take ", ""); m != "" {
					return m
				}
			}
			if has("done") {
				return "done"
			}
		}
		if m := first("npc take ", " idea"); m != "" {
			return m
		}
		if has("npc done") {
			return "npc done"
		}
	case PhaseEvent:
		if has("decline") {
			return "decline"
		}
	case PhaseEscape:
		if c.onBoard() {
			dist := s.distances(func(t *Tile) bool { return s.isExit(c, t) })
			here := s.tile(c.Hex)
			for _, m := range legal {
				if strings.HasPrefix(m, "move ") {
					if t := s.tile(strings.TrimPrefix(m, "move ")); t != nil && dist[t] < dist[here] {
						return m
					}
				}
			}
			if has("last ditch") {
				return "last ditch"
			}
			return "give up"
		}
		if has("npc give up") {
			return "npc give up"
		}
	}
	return legal[r.Intn(len(legal))]
}
