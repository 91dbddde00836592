package enginetest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
)

// RoleInvariant plays the same move list under two setups that differ
// only in a hidden assignment (who holds which role, which hunch) and
// returns the first thing the table could observe that differs: whether
// each move was accepted and the exact rejection text, the public lines,
// the secret, reveal and phase flags, the turn (kind, seats, phase,
// prompt, window, timeout), the public view (its text and its JSON),
// which seats were sent private notes and how many, and what a stand-in
// would play for each acting seat. The move list must only hold moves a
// loyal seat could also make; moves may be refused, as long as they are
// refused alike. The move that ends both games is not compared, since
// Game over reveals every role. nil means the two games look the same from
// outside until then.
func RoleInvariant(g *engine.Game, a, b engine.Setup, moves []engine.LoggedMove) error {
	sa, err := g.New(a)
	if err != nil {
		return fmt.Errorf("setup a: %w", err)
	}
	sb, err := g.New(b)
	if err != nil {
		return fmt.Errorf("setup b: %w", err)
	}
	if d := differ(observe(sa, nil, nil), observe(sb, nil, nil)); d != "" {
		return fmt.Errorf("before any move: %s", d)
	}
	for i, m := range moves {
		ra, ea := sa.Apply(m.Seat, m.Text)
		rb, eb := sb.Apply(m.Seat, m.Text)
		if sa.Outcome() != nil && sb.Outcome() != nil {
			// Game over reveals every role: from here on the two games
			// are meant to differ.
			return nil
		}
		if d := differ(observe(sa, &ra, ea), observe(sb, &rb, eb)); d != "" {
			return fmt.Errorf("after move %d (seat %d %q): %s", i+1, m.Seat, m.Text, d)
		}
	}
	return nil
}

// observation is everything of one moment of a game that the table sees.
type observation map[string]string

func observe(s engine.State, res *engine.Result, err error) observation {
	o := observation{}
	if err != nil {
		msg, _ := engine.IsRejection(err)
		o["refusal"] = msg
	}
	if res != nil && err == nil {
		o["public"] = strings.Join(res.Public, "\n")
		o["flags"] = fmt.Sprintf("secret=%v reveals=%v phase=%v", res.Secret, res.Reveals, res.PhaseEnded())
		var notes []string
		for seat, n := range res.Private {
			notes = append(notes, fmt.Sprintf("%d:%d", seat, len(n)))
		}
		sort.Strings(notes)
		o["private notes (seat:count)"] = strings.Join(notes, " ")
	}
	t := s.Turn()
	o["turn"] = fmt.Sprintf("%s %v %q %q %s %q", t.Kind, t.Seats, t.Phase, t.Prompt, t.Window, t.OnTimeout)
	v := s.View(engine.Public)
	o["public view"] = v.Text()
	data, jerr := json.Marshal(v)
	if jerr != nil {
		data = []byte(jerr.Error())
	}
	o["public view JSON"] = string(data)
	if si, ok := s.(engine.StandIn); ok {
		var picks []string
		for _, seat := range t.Seats {
			picks = append(picks, fmt.Sprintf("%d:%s", seat, si.StandInMove(seat, engine.NewRand(1))))
		}
		o["stand-in"] = strings.Join(picks, " ")
	}
	if out := s.Outcome(); out != nil {
		o["outcome"] = fmt.Sprintf("%+v", *out)
	}
	return o
}

func differ(a, b observation) string {
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if a[k] != b[k] {
			return fmt.Sprintf("%s differs:\n  a: %q\n  b: %q", k, a[k], b[k])
		}
	}
	return ""
}
