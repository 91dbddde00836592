package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Floyd 2X3A7C's hero cards: three Directive cards and a Director Haas
// favor (issue 19, AN-HERO-03…05). The rules say only that he starts
// with them; the Directives' names, what breaks and mends them and what
// the favor buys are ours (CONTENT.md §7.2). A bioroid's laws are what he
// is built around: his strongest light cards ask him to break one, the
// other players' dark cards strain them, and Director Haas (or Father
// Michael Simmons) can mend them.

// Directives are Floyd's three Directive cards, kept or broken, and his
// Director Haas favor. They are public.
type Directives struct {
	// Broken marks each Directive broken, in DirectiveNames' order.
	Broken [3]bool `json:"broken"`
	// HaasFavor is the Director Haas favor held (AN-HERO-04); spent, it
	// goes back to the box.
	HaasFavor int `json:"haas_favor,omitempty"`
}

// DirectiveNames are the three Directives, I to III [ours].
var DirectiveNames = [3]string{"Protect the Public", "Obey Haas-Bioroid", "Uphold the Law"}

// roman numbers the Directives on cards.
var roman = [4]string{"", "I", "II", "III"}

// Floyd's effect ops and conditions.
const (
	// OpBreak breaks Directive N (1…3).
	OpBreak Op = "break directive"
	// OpMend mends the first broken Directive.
	OpMend Op = "mend directive"
	// OpSpendHaas gives the Director Haas favor back to the box.
	OpSpendHaas Op = "spend director haas"

	// NeedKept: Floyd keeps Directive N.
	NeedKept NeedKind = "directive kept"
	// NeedBroken: Floyd has a broken Directive.
	NeedBroken NeedKind = "directive broken"
	// NeedHaasFavor: Floyd holds the Director Haas favor.
	NeedHaasFavor NeedKind = "director haas favor"
)

func init() {
	heroOps[OpBreak] = HeroOp{
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) { s.breakDirective(d.Seat, e.N, res) },
		Text: func(e Effect, _ *Card, _ bool, _ string, v func(base, third string) string) string {
			return fmt.Sprintf("%s Directive %s", v("break", "breaks"), roman[e.N])
		},
		// Breaking is the price of the card's next effect, which decides.
		Want: func(s *State, d *Det, e Effect) (bool, bool) { return false, false },
		// A broken Directive costs baggage and, the third time, trauma.
		Worth: func(*State, *Det, Effect) int { return -2 },
	}
	heroOps[OpMend] = HeroOp{
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) { s.mendDirective(d.Seat, res) },
		Text: func(e Effect, _ *Card, _ bool, _ string, v func(base, third string) string) string {
			return v("mend", "mends") + " a broken Directive"
		},
		Want: func(s *State, d *Det, e Effect) (bool, bool) {
			return d.Directives != nil && d.Directives.broken() > 0, true
		},
		Worth: func(*State, *Det, Effect) int { return 1 },
	}
	heroOps[OpSpendHaas] = HeroOp{
		Resolve: func(s *State, p *Play, d *Det, e Effect, res *engine.Result) {
			if d.Directives != nil && d.Directives.HaasFavor > 0 {
				d.Directives.HaasFavor--
				res.Say("%s spends the Director Haas favor.", who(d.Seat))
			}
		},
		Text: func(e Effect, _ *Card, _ bool, _ string, v func(base, third string) string) string {
			return v("spend", "spends") + " the Director Haas favor"
		},
		Want:  func(s *State, d *Det, e Effect) (bool, bool) { return false, false },
		Worth: func(*State, *Det, Effect) int { return -1 },
	}
	// The conditions are on Floyd: the owner of a light card, the
	// target of a dark one.
	floyd := func(c *Card) string {
		if c.Dark {
			return c.owner().Name
		}
		return "you"
	}
	heroNeeds[NeedKept] = HeroNeed{
		Text: func(c *Card, n Need) string {
			return fmt.Sprintf("only while %s %s Directive %s", floyd(c), map[bool]string{true: "keeps", false: "keep"}[c.Dark], roman[n.N])
		},
		Cond: func(_ *State, c *Card, n Need, _, target *Det) engine.Cond {
			return engine.Require(target.Directives != nil && !target.Directives.Broken[n.N-1], "%s needs %s to keep Directive %s (%s), and it is broken", c.Name, target.Def().Name, roman[n.N], DirectiveNames[n.N-1])
		},
	}
	heroNeeds[NeedBroken] = HeroNeed{
		Text: func(c *Card, n Need) string {
			return fmt.Sprintf("only if %s %s a broken Directive", floyd(c), map[bool]string{true: "has", false: "have"}[c.Dark])
		},
		Cond: func(_ *State, c *Card, n Need, _, target *Det) engine.Cond {
			return engine.Require(target.Directives != nil && target.Directives.broken() > 0, "%s needs a broken Directive and %s keeps all three", c.Name, target.Def().Name)
		},
	}
	heroNeeds[NeedHaasFavor] = HeroNeed{
		Text: func(c *Card, n Need) string {
			return fmt.Sprintf("only if %s %s the Director Haas favor", floyd(c), map[bool]string{true: "holds", false: "hold"}[c.Dark])
		},
		Cond: func(_ *State, c *Card, n Need, _, target *Det) engine.Cond {
			return engine.Require(target.Directives != nil && target.Directives.HaasFavor > 0, "%s needs the Director Haas favor and %s has spent it", c.Name, target.Def().Name)
		},
	}
}

// setupFloyd is Floyd's hero setup: a warrant on Haas-Bioroid
// (AN-HERO-03), one Director Haas favor (AN-HERO-04) and his three
// Directives in play, all kept (AN-HERO-05).
func (s *State) setupFloyd(d *Det) {
	d.Warrants = append(d.Warrants, mustLoc("haas-bioroid"))
	d.Directives = &Directives{HaasFavor: 1}
}

// setupCapriceFloyd is the hero setup of Caprice and Floyd, for the seats
// that play them.
func (s *State) setupCapriceFloyd() {
	for i := range s.Dets {
		d := &s.Dets[i]
		switch d.Def().Slug {
		case "caprice":
			s.setupCaprice(d)
		case "floyd":
			s.setupFloyd(d)
		}
	}
}

// broken counts the broken Directives.
func (ds *Directives) broken() int {
	n := 0
	for _, b := range ds.Broken {
		if b {
			n++
		}
	}
	return n
}

// breakDirective breaks seat's Directive k (1…3) [ours]: Floyd gains 1
// guilt baggage (as his plot card reads it), and when the third one
// breaks he takes a trauma counter. A broken Directive stays broken.
func (s *State) breakDirective(seat, k int, res *engine.Result) {
	ds := s.Dets[seat].Directives
	switch {
	case ds == nil:
		res.Say("%s has no Directives: nothing happens.", who(seat))
		return
	case ds.Broken[k-1]:
		res.Say("%s's Directive %s is already broken.", who(seat), roman[k])
		return
	}
	ds.Broken[k-1] = true
	res.Say("%s breaks Directive %s, %s.", who(seat), roman[k], DirectiveNames[k-1])
	s.gainConditional(seat, BagGuilt, 1, res)
	if ds.broken() == len(ds.Broken) {
		res.Say("With all three Directives broken, %s's code is in crisis.", who(seat))
		s.giveTrauma(seat, res)
	}
}

// mendDirective mends seat's first broken Directive.
func (s *State) mendDirective(seat int, res *engine.Result) {
	ds := s.Dets[seat].Directives
	if ds == nil {
		res.Say("%s has no Directives: nothing happens.", who(seat))
		return
	}
	for k, b := range ds.Broken {
		if b {
			ds.Broken[k] = false
			res.Say("%s mends Directive %s, %s.", who(seat), roman[k+1], DirectiveNames[k])
			return
		}
	}
	res.Say("%s keeps all three Directives: nothing to mend.", who(seat))
}

// DirectivesText is Floyd's Directive cards and Director Haas favor as
// the table sees them, or "" for another detective.
func (d *Det) DirectivesText() string {
	if d.Directives == nil {
		return ""
	}
	var out []string
	for k, name := range DirectiveNames {
		state := "kept"
		if d.Directives.Broken[k] {
			state = "broken"
		}
		out = append(out, fmt.Sprintf("%s %s %s", roman[k+1], name, state))
	}
	return fmt.Sprintf("Directives: %s; Director Haas favor %d", strings.Join(out, ", "), d.Directives.HaasFavor)
}

// heroLines adds the public state of Caprice's and Floyd's hero cards to
// the view's text, one line each.
func heroLines(b *strings.Builder, d *Det) {
	for _, t := range []string{d.SanityText(), d.DirectivesText()} {
		if t != "" {
			fmt.Fprintf(b, "  %s: %s.\n", who(d.Seat), t)
		}
	}
}
