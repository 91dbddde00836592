package enginetest

import (
	"bytes"
	"fmt"

	"casefile/engine"
)

// Playout is one random game played to its end by Conform.
type Playout struct {
	Setup engine.Setup
	Moves []engine.LoggedMove
	State engine.State
	// Public holds every public log line of the game.
	Public []string
}

// junkMoves are texts no game should accept; each must be rejected with a
// message and leave the state as it was.
var junkMoves = []string{"", "   ", "xyzzy", "pass pass pass", "move -1", "\x00", "@{0}", "take 99999999999999999999"}

// Conform plays one seeded random game of g and checks the engine's
// contract at every step: someone may act until the game ends, every seat
// asked to act has legal moves and Check accepts each of them, junk and
// out-of-turn moves are rejected with a message and change nothing, and
// the state survives Marshal/Load exactly. At the end the seed and log
// replay to the same bytes. maxMoves bounds the game.
func Conform(g *engine.Game, setup engine.Setup, moveSeed uint64, maxMoves int) (*Playout, error) {
	st, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	p := &Playout{Setup: setup}
	r := engine.NewRand(moveSeed)
	for step := 0; st.Outcome() == nil; step++ {
		if step >= maxMoves {
			return p, fmt.Errorf("no end after %d moves (turn %+v)", maxMoves, st.Turn())
		}
		turn := st.Turn()
		if len(turn.Seats) == 0 {
			return p, fmt.Errorf("move %d: nobody may act but the game is not over", step)
		}
		for _, seat := range turn.Seats {
			legal := st.Legal(seat)
			if len(legal) == 0 {
				return p, fmt.Errorf("move %d: seat %d is asked to act (%s) but has no legal move", step, seat, turn.Prompt)
			}
			// Canonical texts are already folded as typed text is, so a
			// typed move is found by comparing it with them as they are.
			for _, m := range legal {
				if engine.NormalizeMove(m) != m {
					return p, fmt.Errorf("move %d: legal move %q of seat %d is not in canonical form %q", step, m, seat, engine.NormalizeMove(m))
				}
			}
			// Checking every listed move is costly on large lists; a
			// sample keeps playouts fast while covering them over seeds.
			for i := 0; i < len(legal) && i < 6; i++ {
				m := legal[r.Intn(len(legal))]
				if err := st.Check(seat, m); err != nil {
					return p, fmt.Errorf("move %d: listed legal move %q of seat %d fails Check: %v", step, m, seat, err)
				}
			}
		}
		if step%7 == 0 {
			if err := rejectsJunk(st, setup.Players, turn); err != nil {
				return p, fmt.Errorf("move %d: %w", step, err)
			}
		}
		if step%11 == 3 {
			if err := checkStanding(st, setup.Players, r, p); err != nil {
				return p, fmt.Errorf("move %d: %w", step, err)
			}
		}
		seat, move, _ := engine.RandomMove(st, r)
		res, err := st.Apply(seat, move)
		if err != nil {
			return p, fmt.Errorf("move %d: legal move %q of seat %d rejected: %v", step, move, seat, err)
		}
		p.Public = append(p.Public, res.Public...)
		p.Moves = append(p.Moves, engine.LoggedMove{Seat: seat, Text: move})
		if step%5 == 0 {
			data, err := st.Marshal()
			if err != nil {
				return p, fmt.Errorf("move %d: marshal: %w", step, err)
			}
			back, err := g.Load(data)
			if err != nil {
				return p, fmt.Errorf("move %d: load: %w", step, err)
			}
			again, _ := back.Marshal()
			if !bytes.Equal(data, again) {
				return p, fmt.Errorf("move %d: state does not survive Marshal/Load", step)
			}
			st = back
		}
	}
	p.State = st
	replayed, err := engine.Replay(g, setup, p.Moves)
	if err != nil {
		return p, err
	}
	a, _ := st.Marshal()
	b, _ := replayed.Marshal()
	if !bytes.Equal(a, b) {
		return p, fmt.Errorf("replay from seed and log differs from the played state")
	}
	return p, nil
}

// checkStanding sets a random standing choice of a random seat, acting
// or not, and checks that it is accepted, marked secret, and does not
// advance the game: the turn and the public view stay as they were.
func checkStanding(st engine.State, players int, r *engine.Rand, p *Playout) error {
	if _, ok := st.(engine.Standing); !ok {
		return nil
	}
	seat := engine.Seat(r.Intn(players))
	choices := st.(engine.Standing).StandingMoves(seat)
	if len(choices) == 0 {
		return nil
	}
	m := engine.Pick(r, choices)
	turn, view := fmt.Sprintf("%+v", st.Turn()), st.View(engine.Public).Text()
	res, err := st.Apply(seat, m)
	if err != nil {
		return fmt.Errorf("standing choice %q of seat %d rejected: %v", m, seat, err)
	}
	if !res.Secret || len(res.Public) > 0 {
		return fmt.Errorf("standing choice %q of seat %d is not a silent secret choice: %+v", m, seat, res)
	}
	if now := fmt.Sprintf("%+v", st.Turn()); now != turn || st.View(engine.Public).Text() != view {
		return fmt.Errorf("standing choice %q of seat %d advanced the game: %s -> %s", m, seat, turn, now)
	}
	p.Moves = append(p.Moves, engine.LoggedMove{Seat: seat, Text: m})
	return nil
}

func rejectsJunk(st engine.State, players int, turn engine.Turn) error {
	before, err := st.Marshal()
	if err != nil {
		return err
	}
	try := func(seat engine.Seat, m string) error {
		_, err := st.Apply(seat, m)
		if err == nil {
			return fmt.Errorf("seat %d's move %q was accepted", seat, m)
		}
		if msg, ok := engine.IsRejection(err); !ok || msg == "" {
			return fmt.Errorf("seat %d's move %q: error %v is not a rejection with a message", seat, m, err)
		}
		after, _ := st.Marshal()
		if !bytes.Equal(before, after) {
			return fmt.Errorf("rejected move %q of seat %d changed the state", m, seat)
		}
		return nil
	}
	for _, m := range junkMoves {
		if err := try(turn.Seats[0], m); err != nil {
			return err
		}
	}
	// A seat that may not act now is refused whatever it plays, but for
	// its standing choices.
	for s := engine.Seat(0); int(s) < players; s++ {
		if !turn.Has(s) {
			for _, m := range st.Legal(turn.Seats[0]) {
				if engine.IsStanding(st, s, m) {
					continue
				}
				if err := try(s, m); err != nil {
					return fmt.Errorf("out of turn: %w", err)
				}
				break
			}
		}
	}
	return nil
}
