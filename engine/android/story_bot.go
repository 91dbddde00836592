package android

import (
	"strings"

	"casefile/engine"
	"casefile/engine/android/conspiracy"
)

// botStory answers the story's decisions and the use of a lead for the
// bot [ours]: it uncovers the conspiracy when the evidence pile is empty,
// when its hero marker already stands beside the most valuable pile, and
// now and then otherwise (digging first when beside the shift pile); it
// places pieces where they add the most to its own score (links to groups
// it holds favors of, completed lines), takes good baggage for its own
// plot, steadies its own twilight, moves leads towards itself, and takes
// an event's temporary ability or flushes out a hiding suspect when it
// stands there. It
// returns "" when it has no opinion.
func (s *State) botStory(me int, top *Decision, legal []string, r *engine.Rand) string {
	p := s.Story.Puzzle
	if p == nil {
		return ""
	}
	d := &s.Dets[me]
	switch top.Kind {
	case StepUseLead:
		canEvidence := contains(legal, "place evidence")
		switch {
		case !canEvidence && contains(legal, "reveal information"):
			return "reveal information"
		case p.Markers[me] == int(conspiracy.Baggage) && contains(legal, "reveal information"):
			return "reveal information"
		case r.Intn(4) == 0 && contains(legal, "dig deeper"):
			return "dig deeper"
		case r.Intn(4) == 0 && contains(legal, "reveal information"):
			return "reveal information"
		}
		return ""
	case StepConspBenefit:
		for _, m := range []string{"good baggage on " + d.Def().Slug} {
			if contains(legal, m) {
				return m
			}
		}
		switch {
		case d.Twilight > 0 && contains(legal, "light shift "+d.Def().Slug):
			return "light shift " + d.Def().Slug
		case d.Twilight < 0 && contains(legal, "dark shift "+d.Def().Slug):
			return "dark shift " + d.Def().Slug
		}
		links := p.Links()
		best, most := "", -1
		for i, g := range conspiracy.RimGroups {
			if m := "favor " + groupFavor(g); contains(legal, m) && links[i] > most {
				best, most = m, links[i]
			}
		}
		return best
	case StepTurn:
		// A temporary event ability or a hiding suspect where it stands.
		for _, m := range legal {
			if strings.HasPrefix(m, "event ") || strings.HasPrefix(m, "flush out ") || strings.HasPrefix(m, "meet ") {
				return m
			}
		}
		return ""
	case StepConspPiece:
		return s.botPiece(me, legal)
	case StepConspBonus:
		return s.botBonus(me, legal)
	}
	return ""
}

// botPiece places the pending piece where the bot's own conspiracy score
// gains the most, counting 4 VP per completed line; it discards only a
// piece with no place.
func (s *State) botPiece(me int, legal []string) string {
	p := s.Story.Puzzle
	if p.Pending == nil {
		return ""
	}
	base := s.storyVP(me, p.Links()).Conspiracy.Total
	best, gain := "", -1
	for _, m := range legal {
		pl, ok := conspiracy.ParsePlacement(strings.TrimPrefix(m, "place piece "))
		if !ok || !strings.HasPrefix(m, "place piece ") {
			continue
		}
		cp := *p
		pend := *p.Pending
		cp.Pending = &pend
		out, err := cp.Place(me, pl)
		if err != nil {
			continue
		}
		v := s.storyVP(me, cp.Links()).Conspiracy.Total - base + conspiracy.ConspiracyTokenVP*len(out.Completed)
		if v > gain {
			best, gain = m, v
		}
	}
	return best
}

// botBonus moves a lead to the destination nearest the bot, hits a
// suspect it has no hunch on, and always draws a bonus piece.
func (s *State) botBonus(me int, legal []string) string {
	at := s.Dets[me].At
	best, near := "", 1e9
	for _, m := range legal {
		switch {
		case strings.HasPrefix(m, "draw "):
			return m
		case strings.HasPrefix(m, "hit "):
			slug := strings.TrimPrefix(m, "hit ")
			if slug != s.Dets[me].Guilty && slug != s.Dets[me].Innocent {
				return m
			}
		case strings.HasPrefix(m, "move "):
			i := strings.LastIndex(m, " to ")
			if to, ok := LocBySlug(m[i+4:]); ok && Distance(at, to) < near {
				best, near = m, Distance(at, to)
			}
		}
	}
	return best
}
