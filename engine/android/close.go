package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Closing the case (AN-CLOSE, AN-GUILT, AN-HUNCH, AN-VP, AN-TIE): every
// token turned face up, each live suspect's guilt added up in the rules'
// five steps, the murderer found, the hunches shown and paid, and the
// points counted. Links, plot endings and conspiracy tokens are not part
// of the score yet (CONTENT.md): nothing in the game can earn them.

// Guilt adds up one suspect's guilt from his files, alibis and special
// evidence, in the rules' five steps (AN-GUILT-01…12). Surprise witnesses
// and perjuries take part in step 5 only [ours]. strong is what the strong
// file still adds after step 2, the first tie-break between equal totals.
func Guilt(sus *SuspectSheet) (total, strong int) {
	def := sus.Def()
	witnesses, perjuries := sus.Alibis, 0
	for f, file := range sus.Files {
		var values []int
		for _, e := range file {
			switch t := EvidencePool[e.Token]; t.Kind {
			case KindWitness:
				witnesses++
			case KindPerjury:
				perjuries++
			default:
				values = append(values, t.Value)
			}
		}
		switch Files[f] {
		case def.Strong:
			// Step 2: the lowest value of the strong file goes, every
			// token of it.
			values = dropAll(values, minOf(values))
			strong = sum(values)
		case def.Weak:
			// Step 3: the highest value of the weak file goes.
			values = dropAll(values, maxOf(values))
		}
		// Step 4.
		total += sum(values)
	}
	// Step 5: each perjury pairs with an alibi or surprise witness and
	// turns it to +5; unpaired perjuries do nothing, unpaired alibis and
	// witnesses count −5.
	paired := min(perjuries, witnesses)
	total += 5*paired - 5*(witnesses-paired)
	return total, strong
}

func dropAll(xs []int, v int) []int {
	var out []int
	for _, x := range xs {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

func minOf(xs []int) int {
	m := 0
	for i, x := range xs {
		if i == 0 || x < m {
			m = x
		}
	}
	return m
}

func maxOf(xs []int) int {
	m := 0
	for i, x := range xs {
		if i == 0 || x > m {
			m = x
		}
	}
	return m
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// closeCase closes the case and ends the game.
func (s *State) closeCase(res *engine.Result) {
	c := &Closing{Murderer: -1}
	res.Say("The case closes.")
	// AN-GUILT-01: every face-down token is turned face up.
	for i := range s.Suspects {
		for f := range s.Suspects[i].Files {
			for k := range s.Suspects[i].Files[f] {
				e := &s.Suspects[i].Files[f][k]
				e.Shown = EvidencePool[e.Token].String()
			}
		}
	}
	best := -1
	for i := range s.Suspects {
		sus := &s.Suspects[i]
		line := GuiltLine{Suspect: sus.Suspect, Dead: sus.Dead}
		if sus.Dead {
			c.Guilt = append(c.Guilt, line)
			res.Say("%s is dead and cannot be the murderer.", sus.Def().Name)
			continue
		}
		line.Total, line.Strong = Guilt(sus)
		c.Guilt = append(c.Guilt, line)
		res.Say("%s: guilt %d.", sus.Def().Name, line.Total)
		// AN-GUILT-13: the highest total, even below 0; ties go to the
		// higher strong file, then to the sheet's order [ours].
		if best < 0 || line.Total > c.Guilt[best].Total || line.Total == c.Guilt[best].Total && line.Strong > c.Guilt[best].Strong {
			best = i
		}
	}
	murderer := ""
	if best >= 0 {
		c.Murderer = s.Suspects[best].Suspect
		murderer = Suspects[c.Murderer].Slug
		res.Say("The murderer is %s.", Suspects[c.Murderer].Name)
	} else {
		res.Say("Every suspect is dead: nobody is found guilty.")
	}
	links := s.links()
	for i := range s.Dets {
		d := &s.Dets[i]
		h := ShownHunches{Innocent: d.Innocent, Guilty: d.Guilty}
		alive := func(slug string) bool {
			for _, g := range c.Guilt {
				if Suspects[g.Suspect].Slug == slug {
					return !g.Dead
				}
			}
			return false
		}
		// AN-HUNCH-01/02, AN-HIT-07: hunches on dead suspects never pay.
		h.GuiltyRight = murderer != "" && d.Guilty == murderer
		h.InnocentRight = murderer != "" && d.Innocent != murderer && alive(d.Innocent)
		if d.Innocent == d.Guilty {
			// AN-HUNCH-03…07: obsession.
			h.Obsessed = true
			if alive(d.Guilty) && s.leadsByMargin(c, d.Guilty) {
				h.GuiltyRight, h.InnocentRight, h.Bonus = true, true, true
			}
		}
		score := 0
		if h.GuiltyRight {
			score += VPGuilty
		}
		if h.InnocentRight {
			score += VPInnocent
		}
		if h.Bonus {
			score += VPObsession
		}
		// The conspiracy's share (tokens, Haas and Jinteki with their
		// links, favor links) and the plot endings come from story.go.
		sv := s.storyVP(i, links)
		c.Story = append(c.Story, sv)
		score += sv.Total + VPTrauma*d.Trauma
		s.sayStoryVP(i, sv, res)
		c.Hunches = append(c.Hunches, h)
		c.Scores = append(c.Scores, score)
		res.Say("%s (%s): guilty hunch %s%s, innocent hunch %s%s%s; %d VP.", who(i), d.Def().Name,
			suspectName(d.Guilty), mark(h.GuiltyRight), suspectName(d.Innocent), mark(h.InnocentRight), obsessText(h), score)
	}
	c.Winners = winners(c)
	s.Close = c
	s.Over = true
	var names []string
	for _, w := range c.Winners {
		names = append(names, who(w))
	}
	if len(c.Winners) == 1 {
		s.Summary = fmt.Sprintf("%s wins with %d VP.", names[0], c.Scores[c.Winners[0]])
	} else {
		s.Summary = fmt.Sprintf("%s share the victory with %d VP.", strings.Join(names, " and "), c.Scores[c.Winners[0]])
	}
	res.Say("Game over: %s", s.Summary)
	res.EndPhase("the case closes")
	res.Reveals = true
}

// leadsByMargin reports whether suspect slug's guilt is at least
// ObsessionMargin above every other live suspect's (AN-HUNCH-05).
func (s *State) leadsByMargin(c *Closing, slug string) bool {
	total := 0
	for _, g := range c.Guilt {
		if Suspects[g.Suspect].Slug == slug {
			total = g.Total
		}
	}
	for _, g := range c.Guilt {
		if !g.Dead && Suspects[g.Suspect].Slug != slug && total-g.Total < ObsessionMargin {
			return false
		}
	}
	return true
}

// winners are the seats with the most VP; among several, the one with a
// correct guilty hunch if exactly one has it, else all of them share
// (AN-TIE-01/02).
func winners(c *Closing) []int {
	top := c.Scores[0]
	for _, v := range c.Scores {
		top = max(top, v)
	}
	var tied, right []int
	for i, v := range c.Scores {
		if v == top {
			tied = append(tied, i)
			if c.Hunches[i].GuiltyRight {
				right = append(right, i)
			}
		}
	}
	if len(tied) > 1 && len(right) == 1 {
		return right
	}
	return tied
}

func suspectName(slug string) string {
	if i, ok := suspectBySlug(slug); ok {
		return Suspects[i].Name
	}
	return slug
}

func mark(right bool) string {
	if right {
		return " (right)"
	}
	return " (wrong)"
}

func obsessText(h ShownHunches) string {
	switch {
	case h.Bonus:
		return ", obsessed and vindicated (+3)"
	case h.Obsessed:
		return ", obsessed"
	}
	return ""
}
