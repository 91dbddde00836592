package android

import (
	"fmt"
	"strings"

	"casefile/engine"
	an "casefile/engine/android"
)

// altMax is Discord's limit on an attachment's description.
const altMax = 1024

// Alt describes the board for its alt text, leading as the picture does:
// the result, or the day and whose turn it is; then the scene, Lily and
// Jimmy, the events in effect, each suspect's evidence as the table sees
// it, and the detectives. It reads only the view it is given and names no face-down
// value.
func Alt(v engine.View) string {
	av, err := viewOf(v)
	if err != nil {
		return "Android board."
	}
	s := av.State
	var b strings.Builder
	w, d := weekDay(s)
	if s.Over {
		fmt.Fprintf(&b, "Android, game over: %s ", expand(s.Summary))
		if s.Close != nil && s.Close.Murderer >= 0 && s.Close.Murderer < len(an.Suspects) {
			fmt.Fprintf(&b, "The murderer: %s. ", an.Suspects[s.Close.Murderer].Name)
		}
	} else {
		fmt.Fprintf(&b, "Android, the murder of %s: week %d, day %d of %d. ", an.Murders[s.Murder].Victim, w, d, an.DaysPerWeek)
		if seat := acting(s); seat >= 0 && drafting(s) {
			fmt.Fprintf(&b, "Now: %s, choosing a detective. ", seatName(seat))
		} else if seat >= 0 {
			fmt.Fprintf(&b, "Now: %s, %s, %d Time left. ", seatName(seat), s.Dets[seat].Def().Name, s.Time)
		}
	}
	fmt.Fprintf(&b, "Scene: %s. Lily at %s, Jimmy at %s. ", an.Locations[s.Scene].Name, an.Locations[s.Lily].Name, an.Locations[s.Jimmy].Name)
	if s.Over && s.Close != nil {
		// At the close the guilt and the points say more than every
		// token turned up.
		var gs, scores []string
		for _, g := range s.Close.Guilt {
			if g.Dead {
				gs = append(gs, an.Suspects[g.Suspect].Name+" dead")
			} else {
				gs = append(gs, fmt.Sprintf("%s %+d", an.Suspects[g.Suspect].Name, g.Total))
			}
		}
		for seat, sc := range s.Close.Scores {
			scores = append(scores, fmt.Sprintf("%s %d VP", seatName(seat), sc))
		}
		fmt.Fprintf(&b, "Guilt: %s. Points: %s.", strings.Join(gs, "; "), strings.Join(scores, "; "))
		return cut(b.String())
	}
	// The events in effect change what a turn can do, so they come
	// before the sheets.
	var evs []string
	for _, sl := range s.LiveEvents() {
		evs = append(evs, s.EventDef(sl).Title)
	}
	if len(evs) > 0 {
		fmt.Fprintf(&b, "Events in effect: %s. ", strings.Join(evs, ", "))
	}
	var sus []string
	for _, sh := range s.Suspects {
		if sh.Dead {
			sus = append(sus, sh.Def().Name+" dead")
			continue
		}
		var up []string
		down := 0
		for _, f := range sh.Files {
			for _, e := range f {
				if e.FaceUp() {
					up = append(up, e.Shown)
				} else {
					down++
				}
			}
		}
		t := fmt.Sprintf("%s %d face down", sh.Def().Name, down)
		if len(up) > 0 {
			t += ", face up " + strings.Join(up, " ")
		}
		if sh.Alibis > 0 || sh.Hits > 0 {
			t += fmt.Sprintf(", %d alibis, %d hits", sh.Alibis, sh.Hits)
		}
		sus = append(sus, t)
	}
	fmt.Fprintf(&b, "Suspects: %s. ", strings.Join(sus, "; "))
	var dets []string
	for _, seat := range s.Order {
		dt := &s.Dets[seat]
		dets = append(dets, fmt.Sprintf("%s %s at %s, twilight %+d, %d cards", seatName(seat), dt.Def().Name, an.Locations[dt.At].Name, dt.Twilight, len(dt.Hand)))
	}
	fmt.Fprintf(&b, "Detectives: %s.", strings.Join(dets, "; "))
	return cut(b.String())
}

// cut keeps an alt text within Discord's limit, at a word.
func cut(out string) string {
	if len(out) > altMax {
		// Cut at a word, within the limit.
		out = out[:altMax]
		if i := strings.LastIndexByte(out, ' '); i > 0 {
			out = out[:i]
		}
	}
	return out
}
