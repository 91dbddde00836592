package heist

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// altMax is Discord's limit on an attachment's description.
const altMax = 1024

// Alt describes the public view v for the image's alt text, leading with
// what the picture leads with: the result of a finished heist, or the
// scenario, the phase and who must act; then the noise and where the
// characters are. It reads only v, as Board does, so it tells no more.
func Alt(v engine.View) string {
	s, err := SceneFromView(v)
	if err != nil {
		return "Masters of the Heist board."
	}
	return altText(s)
}

func altText(s MapScene) string {
	var parts []string
	if r := s.Result; r != nil {
		word := "Heist failed"
		if r.Won {
			word = "Heist succeeded"
		}
		out := fmt.Sprintf("$%dk", r.Secured)
		if n := len(r.Loot); n > 0 {
			out += fmt.Sprintf(" and %d loot", n)
		}
		parts = append(parts, fmt.Sprintf("%s: %s, %s got out.", word, s.Title, out))
	} else {
		parts = append(parts, fmt.Sprintf("%s, %s.", s.Title, s.Subtitle))
		if len(s.Acting) > 0 {
			parts = append(parts, "To act: "+strings.Join(s.Acting, ", ")+".")
		}
	}
	if n := s.Noise; n.Final > 0 {
		parts = append(parts, fmt.Sprintf("Noise %d of %d.", n.Level, n.Final))
	} else if n.Level > 0 {
		parts = append(parts, fmt.Sprintf("Noise %d.", n.Level))
	}
	label := map[[2]int]string{}
	for _, h := range s.Hexes {
		label[[2]int{h.Row, h.Col}] = h.Label
	}
	at := map[int]string{}
	for _, f := range s.Figures {
		at[f.Seat] = label[[2]int{f.Row, f.Col}]
	}
	var where []string
	for _, m := range s.Team {
		seat := m.Seat
		if m.NPC {
			seat = -1
		}
		switch {
		case m.Status == "busted":
			where = append(where, m.Name+" busted")
		case m.Status == "escaped":
			where = append(where, m.Name+" escaped")
		case at[seat] != "":
			where = append(where, m.Name+" on "+at[seat])
		}
	}
	if len(where) > 0 {
		parts = append(parts, strings.Join(where, ", ")+".")
	}
	out := strings.Join(parts, " ")
	if r := []rune(out); len(r) > altMax {
		out = string(r[:altMax-1]) + "…"
	}
	return out
}
