package escapeplan

import (
	"fmt"
	"strings"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render"
)

// altMax is Discord's limit on an attachment's description.
const altMax = 1024

// Alt describes the board for its alt text, leading as the picture does:
// the result of a finished game, or the day, phase and whose turn it is;
// then where the pawns stand, the Notoriety track and the Exits. It reads
// only the view it is given, so the public view gives a public text.
func Alt(v engine.View) string {
	ev, err := viewOf(v)
	if err != nil {
		return "Escape Plan board."
	}
	s := ev.State
	var b strings.Builder
	if s.Over {
		b.WriteString("Escape Plan, game over: " + resultLine(s))
		var sc []string
		for _, i := range byScore(s) {
			sc = append(sc, fmt.Sprintf("%s $%dk %s", actorName(i), s.Players[i].Score, statusWord(s.Players[i].Status)))
		}
		b.WriteString(" Scores: " + strings.Join(sc, ", ") + ".")
		return clip(b.String())
	}
	line := strings.ReplaceAll(phaseLine(s), " · ", ", ")
	b.WriteString("Escape Plan, " + strings.ToLower(line[:1]) + line[1:] + ".")
	var names []string
	for _, a := range acting(s) {
		names = append(names, actorName(a))
	}
	if len(names) > 0 {
		b.WriteString(" Now: " + strings.Join(names, ", ") + ".")
	}
	var at []string
	for i := range s.Players {
		p := &s.Players[i]
		where := "at the " + s.NodeName(p.At)
		if p.Status != "" {
			where = p.Status
		}
		at = append(at, fmt.Sprintf("%s %s (Notoriety %d)", colourName(i), where, s.NotorietyOf(i)))
	}
	if s.Sandra != nil {
		at = append(at, fmt.Sprintf("Sandra at the %s (Notoriety %d)", s.NodeName(s.Sandra.At), s.NotorietyOf(ep.SandraActor)))
	}
	b.WriteString(" " + strings.Join(at, "; ") + ".")
	var exits []string
	for no := 1; no <= 3; no++ {
		st := "open"
		if s.Blocked(no) {
			st = "blocked"
		}
		exits = append(exits, strings.TrimSuffix(ep.ExitName(no), " exit")+" "+st)
	}
	b.WriteString(" Exits: " + strings.Join(exits, ", ") + ".")
	return clip(b.String())
}

// clip keeps a text within altMax bytes, cut at a space.
func clip(s string) string {
	if len(s) <= altMax {
		return s
	}
	cut := strings.LastIndex(s[:altMax-3], " ")
	if cut < 0 {
		cut = altMax - 3
	}
	return s[:cut] + "…"
}

// colourName names a seat by its colour alone, as its pawn shows it.
func colourName(seat int) string {
	return render.PlayerColorNames[seat%len(render.PlayerColorNames)]
}
