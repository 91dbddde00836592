package android

import (
	"strings"
)

// The bot's twilight play [ours]. It sees only its own view: its own
// hand's cards, the public board, and the legal moves. It plays a light
// card on its turn when the card helps now — Time when its Time runs low,
// a favor (its NPC's too), a dropship pass, trauma given back, good
// baggage or conditional baggage its plot card calls good, a card drawn,
// a look at the evidence on its guilty hunch or (with Time to spare) at a
// hand, a free move onto a lead, a hit or an alibi on its innocent hunch —
// paying the printed cost only (it never discards to pay). In a dark-card
// window it plays a fitting dark card when the active detective leads by
// what the table can see, and passes otherwise. In a Fight it takes the
// tactics whose part is better for it, or, when light shifted, dark
// tactics if they are at most a little worse.

// botTwilight answers the twilight decisions.
func (s *State) botTwilight(me int, top *Decision, legal []string) string {
	switch top.Kind {
	case StepDarkWindow:
		if s.leads(s.active(), me) {
			for _, m := range legal {
				if strings.HasPrefix(m, "play ") && !strings.HasSuffix(m, " discarding") {
					return m
				}
			}
		}
		return "pass"
	case StepFight:
		c := twi(top).Play.card()
		dw, lw := s.effectsWorth(&s.Dets[me], c.DarkTactics), s.effectsWorth(&s.Dets[me], c.LightTactics)
		// When the dark part is no more than 1 worse, it takes the
		// tactics whose shift steadies its twilight (dark tactics when
		// light shifted).
		if dw > lw || dw >= lw-1 && s.Dets[me].Twilight < 0 {
			return "dark tactics"
		}
		return "light tactics"
	case StepLightResponse:
		if m := s.botLight(me, legal, 1); m != "" {
			return m
		}
		return "no light card"
	}
	return top.Default
}

// botLight is a light card worth playing now, or "". It keeps at least
// minTime Time for the card itself.
func (s *State) botLight(me int, legal []string, minTime int) string {
	if s.Time < minTime {
		return ""
	}
	d := &s.Dets[me]
	for _, m := range legal {
		f := strings.Fields(m)
		if len(f) < 2 || f[0] != "play" || strings.HasSuffix(m, " discarding") {
			continue
		}
		c := CardByID(f[1])
		if c == nil {
			continue
		}
		on := ""
		if len(f) == 4 {
			on = f[3]
		}
		if s.botWants(d, c, on) {
			return m
		}
	}
	return ""
}

// botWants reports whether the bot wants card c played on on.
func (s *State) botWants(d *Det, c *Card, on string) bool {
	if c.IsFight() {
		return on == d.Innocent && d.Innocent != d.Guilty
	}
	for _, e := range c.Effects {
		switch e.Op {
		case OpTime:
			return s.Time <= 3
		case OpFavor, OpNPCFavor:
			// Wrapped Up in Himself keeps favors from Raymond; the
			// card's next effect decides.
			if !d.wrapped() {
				return true
			}
		case OpDropship, OpHeal, OpGoodBaggage, OpDrawLight:
			return true
		case OpRayUnwrap:
			return d.wrapped()
		case OpCondBaggage:
			// Wanted when the plot card in play lists the word as good;
			// otherwise the card's next effect decides.
			if pc, ok := s.plotCard(d.Seat); ok && contains(pc.Good, e.Word) {
				return true
			}
		case OpLook:
			// A look at a hand, when Time is no worry.
			return s.Time >= 4
		case OpMove:
			// A free move onto a lead it does not stand on.
			to, ok := LocBySlug(on)
			return ok && to != d.At && s.leadAt(to) >= 0
		case OpPeek, OpReveal:
			return on == d.Guilty && s.unknownOn(d, on)
		case OpHit, OpAlibi:
			return on == d.Innocent && d.Innocent != d.Guilty
		default:
			if h, ok := heroOps[e.Op]; ok && h.Want != nil {
				if want, decided := h.Want(s, d, e); decided {
					return want
				}
			}
		}
	}
	return false
}

// unknownOn reports whether suspect slug has face-down evidence d does
// not know.
func (s *State) unknownOn(d *Det, slug string) bool {
	i := s.suspectIndex(slug)
	if i < 0 {
		return false
	}
	for _, f := range s.Suspects[i].Files {
		for _, e := range f {
			if !e.FaceUp() && !e.knows(d.OwnerSeat()) {
				return true
			}
		}
	}
	return false
}

// effectsWorth is a rough worth of effects to d, the one they fall on.
func (s *State) effectsWorth(d *Det, es []Effect) int {
	w := 0
	for _, e := range es {
		switch e.Op {
		case OpTime:
			w += e.N
		case OpTrauma:
			w -= 2 * e.N
		case OpLoseFavor, OpDiscard:
			w--
		case OpHit, OpAlibi, OpFavor, OpDropship, OpHeal, OpGoodBaggage, OpNPCFavor:
			w++
		case OpBadBaggage:
			w--
		default:
			if h, ok := heroOps[e.Op]; ok && h.Worth != nil {
				w += h.Worth(s, d, e)
			}
		}
	}
	return w
}

// leads reports whether seat leads the other players but me by what the
// table can see: 3 for each Haas and Jinteki token, 2 for the hero marker
// on the scene of the crime, 1 for each evidence token placed, −1 for
// each trauma counter.
func (s *State) leads(seat, me int) bool {
	score := func(i int) int {
		d := &s.Dets[i]
		v := 3*(d.Haas+d.Jinteki) - d.Trauma
		if s.SceneHero == i {
			v += 2
		}
		for _, sus := range s.Suspects {
			for _, f := range sus.Files {
				for _, e := range f {
					if len(e.KnownTo) > 0 && int(e.KnownTo[0]) == i {
						v++
					}
				}
			}
		}
		return v
	}
	top := score(seat)
	for i := range s.Dets {
		if i != seat && i != me && score(i) > top {
			return false
		}
	}
	return true
}
