package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Louis Blaine's hero card (issue 19, AN-HERO-06/07). The rules give him
// two favors from Mr. Li and one from Sara at setup and his Mood card in
// play with "Louis is in a Bad Mood" side up; what the Mood does, what
// flips it and what Sara's favors buy are ours (CONTENT.md §7.1).
//
// The Mood card is public: it lies face up beside his sheet. In a Bad
// Mood Louis starts each turn with BadMoodTime less Time (the bottle and
// the temper eat his mornings). Time with Sara turns it good: he spends a
// Sara favor on the "call sara" action, or plays a light card of his that
// says so; a night out, Mr. Li's men or Internal Affairs (his dark deck,
// played by the other players) and his own fists (the dark tactics of his
// Fight) turn it bad again. Mr. Li's favors are his NPC's favors (npc.go):
// two are his at setup, paid as street or corp and counted for links at
// the close like any NPC favor; his cards spend them too.

// Louis's numbers: the setup's [R], the rest [ours].
const (
	// LouisLiFavors and LouisSaraFavors are the favors he starts with
	// (AN-HERO-06) [R].
	LouisLiFavors   = 2
	LouisSaraFavors = 1
	// SaraFavorsMax is the most Sara favors he may hold [ours]: Sara's
	// patience has a limit.
	SaraFavorsMax = 3
	// BadMoodTime is the Time a Bad Mood costs at the start of each of
	// his turns [ours].
	BadMoodTime = 1
)

// LouisCard is Louis's Mood card and the Sara favors on it; all public.
type LouisCard struct {
	// Good is set while the "Louis is in a Good Mood" side is up.
	Good bool `json:"good,omitempty"`
	// Sara counts the Sara favors he holds.
	Sara int `json:"sara"`
}

// MoodText words the side of the Mood card that is up.
func (l *LouisCard) MoodText() string {
	if l.Good {
		return "Louis is in a Good Mood"
	}
	return "Louis is in a Bad Mood"
}

// The ops and the condition Louis's cards bring (HeroOp).
const (
	// OpMood turns the Mood card: N > 0 to its good side, N < 0 to its
	// bad side.
	OpMood Op = "louis mood"
	// OpSaraFavor gives N Sara favors, up to SaraFavorsMax.
	OpSaraFavor Op = "sara favor"
	// OpReturnNPCFavor gives a held favor back to one's NPC's pile.
	OpReturnNPCFavor Op = "return npc favor"
	// NeedNPCFavor: the player holds a favor of his NPC.
	NeedNPCFavor NeedKind = "npc favor"
	// NeedTargetNPCFavor: the target holds a favor of his NPC.
	NeedTargetNPCFavor NeedKind = "target npc favor"
)

func init() {
	heroOps[OpMood] = HeroOp{
		Text: func(e Effect, c *Card, you bool, subj string, v func(string, string) string) string {
			who := "your"
			if !you {
				who = subj + "'s"
			}
			side := "good"
			if e.N < 0 {
				side = "bad"
			}
			return fmt.Sprintf("%s Mood turns %s", who, side)
		},
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) {
			s.setMood(d, e.N > 0, res)
		},
		Worth: func(_ *State, _ *Det, e Effect) int { return e.N },
		Want: func(s *State, d *Det, e Effect) (bool, bool) {
			if d.Louis == nil || d.Louis.Good == (e.N > 0) {
				return false, false
			}
			return e.N > 0, true
		},
	}
	heroOps[OpSaraFavor] = HeroOp{
		Text: func(e Effect, c *Card, you bool, subj string, v func(string, string) string) string {
			return fmt.Sprintf("%s %d Sara %s", v("gain", "gains"), e.N, plural(e.N, "favor", "favors"))
		},
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) {
			if d.Louis == nil {
				return
			}
			n := min(e.N, SaraFavorsMax-d.Louis.Sara)
			d.Louis.Sara += n
			res.Say("%s gains %d Sara %s (%d held).", who(d.Seat), n, plural(n, "favor", "favors"), d.Louis.Sara)
		},
		Worth: func(_ *State, _ *Det, e Effect) int { return e.N },
		Want: func(s *State, d *Det, e Effect) (bool, bool) {
			return d.Louis != nil && d.Louis.Sara < SaraFavorsMax, true
		},
	}
	heroOps[OpReturnNPCFavor] = HeroOp{
		Text: func(e Effect, c *Card, you bool, subj string, v func(string, string) string) string {
			his := "your"
			if !you {
				his = "his"
			}
			return fmt.Sprintf("%s a favor to %s NPC", v("give back", "gives back"), his)
		},
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) {
			n := s.npcOf(d.Seat)
			if n == nil || n.Held == 0 {
				return
			}
			n.Held--
			n.Pile++
			res.Say("%s gives a favor back to %s.", who(d.Seat), n.Def().Name)
		},
		Worth: func(_ *State, _ *Det, e Effect) int { return -1 },
		Want:  func(s *State, d *Det, e Effect) (bool, bool) { return false, false },
	}
	heroNeeds[NeedNPCFavor] = HeroNeed{
		Text: func(c *Card, n Need) string { return "only with a favor from your NPC" },
		Cond: func(s *State, c *Card, n Need, payer, target *Det) engine.Cond {
			npc := s.npcOf(payer.Seat)
			return engine.Require(npc != nil && npc.Held > 0, "%s needs a favor from your NPC and you hold none", c.Name)
		},
	}
	heroNeeds[NeedTargetNPCFavor] = HeroNeed{
		Text: func(c *Card, n Need) string {
			return fmt.Sprintf("only if %s holds a favor from his NPC", c.owner().Name)
		},
		Cond: func(s *State, c *Card, n Need, payer, target *Det) engine.Cond {
			npc := s.npcOf(target.Seat)
			return engine.Require(npc != nil && npc.Held > 0, "%s needs %s to hold a favor from his NPC", c.Name, target.Def().Name)
		},
	}
}

// mood is the effect turning the Mood card (good or bad).
func mood(good bool) Effect {
	if good {
		return Effect{Op: OpMood, N: 1}
	}
	return Effect{Op: OpMood, N: -1}
}

// setMood turns d's Mood card to the side asked, if d is Louis.
func (s *State) setMood(d *Det, good bool, res *engine.Result) {
	if d.Louis == nil {
		return
	}
	if d.Louis.Good == good {
		res.Say("%s: %s already.", who(d.Seat), d.Louis.MoodText())
		return
	}
	d.Louis.Good = good
	res.Say("%s turns the Mood card: %s.", who(d.Seat), d.Louis.MoodText())
}

// setupLouis deals Louis's hero card (AN-HERO-06/07): two favors from Mr.
// Li's pile, one Sara favor, and the Mood card Bad Mood side up.
func (s *State) setupLouis(res *engine.Result) {
	for i := range s.Dets {
		d := &s.Dets[i]
		if d.Def().Slug != "louis" {
			continue
		}
		d.Louis = &LouisCard{Sara: LouisSaraFavors}
		if n := s.npcOf(i); n != nil {
			k := min(LouisLiFavors, n.Pile)
			n.Pile -= k
			n.Held += k
		}
		res.Say("%s (Louis Blaine) starts with %d favors from Mr. Li and %d from Sara; his Mood card shows: %s.", who(i), LouisLiFavors, LouisSaraFavors, d.Louis.MoodText())
	}
}

// louisTurnTime takes the Bad Mood's Time at the start of Louis's turn.
func (s *State) louisTurnTime(seat int, res *engine.Result) {
	l := s.Dets[seat].Louis
	if l == nil || l.Good {
		return
	}
	s.Time = max(s.Time-BadMoodTime, 0)
	res.Say("Louis is in a Bad Mood: %d Time less (%d).", BadMoodTime, s.Time)
}

// louisMoves: "call sara" — 1 Time and a Sara favor turn the Bad Mood
// good; with the plot *Sara* in play it also brings a good baggage.
func (s *State) louisMoves(d *Det, ms *engine.Moves) {
	l := d.Louis
	if l == nil {
		ms.RefuseFamily("call sara", "Only Louis Blaine can call Sara")
		return
	}
	seat := d.Seat
	cond := s.timeFor(1).
		And(engine.Require(!l.Good, "Louis is in a Good Mood already: call Sara when the Bad Mood side is up")).
		And(engine.Require(l.Sara > 0, "You hold no Sara favor: Dinner with Sara and Sara's Number bring them"))
	ms.Add("call sara", cond, func(res *engine.Result) {
		s.spend(1)
		l.Sara--
		res.Say("%s calls Sara (1 Time, a Sara favor; %d left).", who(seat), l.Sara)
		s.setMood(d, true, res)
		if d.Plot == "Sara" {
			s.gainBaggage(seat, true, 1, res)
		}
	})
}

// botLouis calls Sara when in a Bad Mood with Time to use the good one.
func (s *State) botLouis(me int, legal []string) string {
	if contains(legal, "call sara") && s.Time >= 3 {
		return "call sara"
	}
	return ""
}

// louisText is Louis's hero card for the public view.
func (l *LouisCard) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s; %d Sara %s", l.MoodText(), l.Sara, plural(l.Sara, "favor", "favors"))
	return b.String()
}
