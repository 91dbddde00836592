package android

import (
	"slices"
	"strings"

	"casefile/engine"
)

// botMove is a first bot for this slice of Android [ours]: it goes to the
// nearest lead and follows it up, and places what it draws to pursue its
// own hunches — incriminating evidence on its guilty hunch, exonerating
// evidence on its innocent hunch — always face down. It takes free cards,
// passes Jimmy by, and moves leads as far from the active detective as it
// may. It sees only its seat's view (engine.Bot). It uses the ability of
// the major location it stands in when the ability helps it, and now and
// then steps aside to a major location one move away whose ability it can
// pay (botAbility, botDetour); it does not plan routes through warrants or
// dropships.
func botMove(view engine.View, legal []string, r *engine.Rand) string {
	v, ok := view.(*View)
	if !ok || len(legal) == 0 || v.Viewer == engine.Public {
		return ""
	}
	s := v.State
	me := int(v.Viewer)
	top := s.Pending.Top()
	if top == nil {
		return ""
	}
	if m := s.botStory(me, top, legal, r); m != "" && contains(legal, m) {
		return m
	}
	switch top.Kind {
	case StepRachelDraw:
		return s.botRachelDraw(me, legal)
	case StepFreeDraw:
		return legal[0]
	case StepJimmy:
		return "pass jimmy"
	case StepRelocate:
		return s.botRelocate(legal)
	case StepPlaceEvidence:
		if m := s.botPlace(me, top, legal); m != "" {
			return m
		}
	case StepTurn:
		if m := s.botLouis(me, legal); m != "" {
			return m
		}
		if m := s.botRachel(me, legal); m != "" {
			return m
		}
		if m := s.botMemory(me, legal); m != "" {
			return m
		}
		if m := s.botLight(me, legal, 2); m != "" {
			return m
		}
		return s.botTurn(me, legal, r)
	case StepDarkWindow, StepPayCost, StepFight, StepLightResponse:
		return s.botTwilight(me, top, legal)
	}
	return top.Default
}

// botTurn follows up a lead where it stands, else takes a step towards the
// nearest lead it could follow, else ends the turn.
func (s *State) botTurn(me int, legal []string, r *engine.Rand) string {
	if contains(legal, "follow up") {
		return "follow up"
	}
	d := &s.Dets[me]
	if m := s.botAbility(d, legal); m != "" {
		return m
	}
	if m := s.botDetour(d, legal, r); m != "" {
		return m
	}
	if len(s.EvidencePile) > 0 || s.canUncover(me) {
		if step := s.stepTowardLead(d); step >= 0 {
			if m := "move " + Locations[step].Slug; contains(legal, m) {
				return m
			}
		}
	}
	return "end turn"
}

// stepTowardLead is the first move of a shortest path (in moves) from d's
// location to a location holding a lead, or -1.
func (s *State) stepTowardLead(d *Det) int {
	first := map[int]int{d.At: -1}
	queue := []int{d.At}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		if at != d.At && s.leadAt(at) >= 0 {
			return first[at]
		}
		for _, to := range Reach(at, d.Def().Ruler) {
			if _, seen := first[to]; seen {
				continue
			}
			if at == d.At {
				first[to] = to
			} else {
				first[to] = first[at]
			}
			queue = append(queue, to)
		}
	}
	return -1
}

// botRelocate moves a lead to the legal location farthest from the
// detective who followed it up.
func (s *State) botRelocate(legal []string) string {
	from := s.Dets[s.active()].At
	best, far := legal[0], -1.0
	for _, m := range legal {
		to, ok := LocBySlug(strings.TrimPrefix(m, "lead to "))
		if !ok {
			continue
		}
		if dist := Distance(from, to); dist > far {
			best, far = m, dist
		}
	}
	return best
}

// botPlace puts the token it holds where its hunches want it: positive
// values and perjuries on the guilty hunch, negative values and surprise
// witnesses and zeros on the innocent hunch (or, when obsessed, on
// anyone else).
func (s *State) botPlace(me int, top *Decision, legal []string) string {
	d := &s.Dets[me]
	if len(d.Holding) == 0 {
		return ""
	}
	tok := EvidencePool[d.Holding[0]]
	on := func(slug string) string {
		if m := "evidence " + slug; contains(legal, m) {
			return m
		}
		return ""
	}
	other := func() string {
		for _, sus := range s.Suspects {
			if slug := sus.Def().Slug; slug != d.Guilty {
				if m := on(slug); m != "" {
					return m
				}
			}
		}
		return ""
	}
	switch {
	case tok.Kind == KindPerjury, tok.Kind == KindValue && tok.Value > 0:
		if m := on(d.Guilty); m != "" {
			return m
		}
		return ""
	case d.Innocent == d.Guilty:
		return other()
	default:
		if m := on(d.Innocent); m != "" {
			return m
		}
		return other()
	}
}

// botAbility is the use of the ability where d stands when it helps d,
// or "": a favor, a Haas or Jinteki token, a dropship pass, trauma given
// back, good baggage on its own plot, an alibi on its innocent hunch, a
// hit on a suspect it holds no hunch on, a warrant on the first
// restricted location it may.
func (s *State) botAbility(d *Det, legal []string) string {
	l := Locations[d.At]
	if !l.Major() || s.Time < 1 {
		return ""
	}
	use := "use " + l.Slug
	switch l.Ability {
	case AbilityAlibi:
		if d.Innocent != d.Guilty {
			if m := use + " on " + d.Innocent; contains(legal, m) {
				return m
			}
		}
		return ""
	case AbilityHit:
		for _, sus := range s.Suspects {
			if slug := sus.Def().Slug; slug != d.Guilty && slug != d.Innocent && contains(legal, use+" on "+slug) {
				return use + " on " + slug
			}
		}
		return ""
	case AbilityBaggage:
		if m := use + " good baggage on " + d.Def().Slug; contains(legal, m) {
			return m
		}
		return ""
	case AbilityWarrant:
		for _, m := range legal {
			if strings.HasPrefix(m, use+" warrant ") {
				return m
			}
		}
		return ""
	}
	if contains(legal, use) {
		return use
	}
	return ""
}

// botDetour is, now and then (one turn step in three with 3 Time or more
// left), a move to a major location within one move whose ability d has
// not used this round and can pay, favor included; or "".
func (s *State) botDetour(d *Det, legal []string, r *engine.Rand) string {
	if s.Time < 3 || r.Intn(3) != 0 {
		return ""
	}
	for _, to := range Reach(d.At, d.Def().Ruler) {
		l := Locations[to]
		if !l.Major() || slices.Contains(d.Used, to) || l.CostFavor != "" && !s.hasFavor(d.Seat, l.CostFavor) {
			continue
		}
		if s.Time < entryCost(d, to)+max(s.abilityTime(d.Seat, l), 1) {
			continue
		}
		if m := "move " + l.Slug; contains(legal, m) {
			return m
		}
	}
	return ""
}
