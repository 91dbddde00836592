package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Plots and emotional baggage (AN-PLOT, AN-BAG, AN-RESOLVE, AN-CBAG,
// AN-VP-03/04). Each detective's week has a plot: its start card gathers
// good and bad baggage until the end of day 3, then resolves into one side
// of the crossroads card, which gathers baggage anew until the end of day
// 6 and resolves into one of four ending faces carrying VP. Raymond's
// plots last both weeks: start to crossroads at the end of week 1, the
// ending at the end of week 2 [study]. The card texts are ours.

// The conditional baggage words [A8]: a twilight card or an event gives
// "Duty" baggage, and the plot card in play says whether it is good, bad
// or nothing (AN-CBAG-02…05).
const (
	BagDuty    = "duty"
	BagGreed   = "greed"
	BagGuilt   = "guilt"
	BagLove    = "love"
	BagCourage = "courage"
)

// ConditionalWords lists the conditional baggage words.
var ConditionalWords = []string{BagDuty, BagGreed, BagGuilt, BagLove, BagCourage}

// BaggageTokens is the supply of baggage tokens [study].
const BaggageTokens = 30

// PlotCard is a start card or one side of a crossroads card: its text and
// the conditional baggage listed in its good and bad sections.
type PlotCard struct {
	Text      string
	Good, Bad []string
	// Rule is the card's special rule, if any; it applies only while the
	// card is in play (AN-RESOLVE-07).
	Rule PlotRule
}

// PlotRule is a special rule printed on a start or crossroads card [ours].
// It is data, read where the rule bites (startTurn, abilityMoves, moveTo)
// through activeRule, which looks only at the card in play: once the card
// resolves, its rule is gone with it (AN-RESOLVE-07).
type PlotRule struct {
	Kind RuleKind
	// N is the Time the rule adds or takes off.
	N int
	// Type is the location type the rule is about (religious, civic…).
	Type string
}

// RuleKind names a special rule.
type RuleKind string

// The special rules: the owner's turns have N more Time; the abilities of
// locations of a type cost the owner N Time less (never below 0); a move
// of the owner into a normal location of a type gives a free light card,
// as a ritzy location does.
const (
	RuleNone         RuleKind = ""
	RuleTurnTime     RuleKind = "turn time"
	RuleCheapAbility RuleKind = "cheap ability"
	RuleFreeDraw     RuleKind = "free draw"
)

// Text words the rule for the card's text.
func (r PlotRule) Text() string {
	switch r.Kind {
	case RuleTurnTime:
		return fmt.Sprintf("while this card is in play, your turns have %d more Time", r.N)
	case RuleCheapAbility:
		return fmt.Sprintf("while this card is in play, %s location abilities cost you %d Time less", r.Type, r.N)
	case RuleFreeDraw:
		return fmt.Sprintf("while this card is in play, moving into a normal %s location gives you a free light card", r.Type)
	}
	return ""
}

// ruled gives the card k of plot p (0 the start card, 1 and 2 the two
// sides of the crossroads card) a special rule.
func ruled(p Plot, k int, r PlotRule) Plot {
	if k == 0 {
		p.Start.Rule = r
	} else {
		p.Crossroads[k-1].Rule = r
	}
	return p
}

// activeRule is seat's special rule of kind, from the plot card in play
// only (AN-RESOLVE-07): a resolved card's rule no longer applies.
func (s *State) activeRule(seat int, kind RuleKind) (PlotRule, bool) {
	if seat < 0 || seat >= len(s.Story.Plots) {
		return PlotRule{}, false
	}
	c, ok := s.plotCard(seat)
	if !ok || c.Rule.Kind != kind {
		return PlotRule{}, false
	}
	return c.Rule, true
}

// Ending is one face of an ending card: its title, text and VP (AN-VP-03).
type Ending struct {
	Title string
	Text  string
	VP    int
}

// Plot is a detective's plot: a start card, the two sides of its
// crossroads card (Crossroads[0] comes into play when the start card
// resolves positively, [1] negatively) and the four ending faces
// (Endings[side][0] when that crossroads side resolves positively, [1]
// negatively).
type Plot struct {
	Title      string
	Start      PlotCard
	Crossroads [2]PlotCard
	Endings    [2][2]Ending
}

// PlotState is the plot a seat has in play: its title, the card in play
// ("start" or "crossroads", "" once the plot has ended), the crossroads
// side, and the baggage on the card (AN-BAG-02/03).
type PlotState struct {
	Title string `json:"title"`
	Card  string `json:"card,omitempty"`
	Side  int    `json:"side,omitempty"`
	Good  int    `json:"good,omitempty"`
	Bad   int    `json:"bad,omitempty"`
}

// Reached is a plot ending a seat has reached: it stays in play for the
// rest of the game and scores its VP at the close (AN-RESOLVE-08).
type Reached struct {
	Plot   string `json:"plot"`
	Ending string `json:"ending"`
	VP     int    `json:"vp"`
}

// Happy says how the table calls an ending (AN-VP-04): happy at 1 VP or
// more, sad at −1 or less, neither at 0 [study].
func Happy(vp int) string {
	switch {
	case vp >= 1:
		return "happy"
	case vp <= -1:
		return "sad"
	}
	return "neither happy nor sad"
}

// Plot card card names in PlotState.Card.
const (
	CardStart      = "start"
	CardCrossroads = "crossroads"
)

// newPlot builds a plot from its texts; the words and VP differ per plot.
func newPlot(title, start string, sGood, sBad []string, hope, trouble string, hGood, hBad, tGood, tBad []string, endings [4]Ending) Plot {
	return Plot{
		Title:      title,
		Start:      PlotCard{Text: start, Good: sGood, Bad: sBad},
		Crossroads: [2]PlotCard{{Text: hope, Good: hGood, Bad: hBad}, {Text: trouble, Good: tGood, Bad: tBad}},
		Endings:    [2][2]Ending{{endings[0], endings[1]}, {endings[2], endings[3]}},
	}
}

// words lists a plot card section's conditional baggage words.
func words(ws ...string) []string { return ws }

// Plots are the fourteen plots, by title [ours: every card; the title
// Descent into Madness is the rules']. VP run from −4 to +6 [study].
var Plots = map[string]Plot{
	// Caprice Nisei
	"Descent into Madness": newPlot("Descent into Madness",
		"The visions come faster than Caprice can file them away.", words(BagCourage, BagDuty), words(BagGuilt, BagGreed),
		"A doctor at Jinteki offers to quiet the visions.", "Caprice stops sleeping.", words(BagCourage), words(BagGreed, BagGuilt), words(BagLove), words(BagGuilt, BagDuty),
		[4]Ending{{"Clear Sight", "The visions settle into a gift she can steer.", 6}, {"Managed", "Pills keep the visions at bay, and her edge with them.", 1},
			{"Hard-won Calm", "She walks back from the edge on her own.", 2}, {"Broken Mirror", "Caprice no longer trusts what she sees.", -4}}),
	"The Clone's Choice": newPlot("The Clone's Choice",
		"A clone activist asks Caprice to speak for her kind.", words(BagCourage, BagLove), words(BagGreed),
		"She testifies before the council.", "She stays silent, and Jinteki notices.", words(BagDuty, BagCourage), words(BagGreed), words(BagLove), words(BagGuilt, BagGreed),
		[4]Ending{{"A Voice for Clones", "The council hears her out.", 5}, {"Token Gesture", "Her speech is praised and then forgotten.", 1},
			{"Quiet Loyalty", "She helps a few clones in secret.", 2}, {"Property Again", "Jinteki reminds her who owns her.", -3}}),
	"Sisters' Keeper": ruled(newPlot("Sisters' Keeper",
		"One of the Sisters has gone missing in the Underground.", words(BagLove, BagDuty), words(BagGreed),
		"A trail of messages leads to the Beanstalk.", "The Sisters blame Caprice.", words(BagCourage), words(BagGuilt), words(BagLove, BagCourage), words(BagGreed, BagDuty),
		[4]Ending{{"Found", "The missing sister comes home.", 6}, {"Too Late", "She is found, changed.", 0},
			{"Forgiven", "The Sisters take her back.", 3}, {"Estranged", "The Sisters close their door.", -2}}), 0, PlotRule{Kind: RuleFreeDraw, Type: "religious"}),
	// Floyd 2X3A7C
	"The Three Directives": newPlot("The Three Directives",
		"An order from Haas-Bioroid pulls against Floyd's duty to the case.", words(BagDuty), words(BagGreed, BagGuilt),
		"Floyd finds a gap between the directives.", "The directives lock him in place.", words(BagDuty, BagCourage), words(BagGreed), words(BagCourage), words(BagGuilt, BagDuty),
		[4]Ending{{"Free Will", "Floyd chooses, and it is his choice.", 6}, {"Obedient", "He follows the order and it costs him.", 1},
			{"Loophole", "He keeps the letter of the rules.", 2}, {"Wiped", "Haas-Bioroid resets his memories.", -4}}),
	"A Soul in the Machine": ruled(newPlot("A Soul in the Machine",
		"Floyd wonders whether what he feels is real.", words(BagLove, BagCourage), words(BagGuilt),
		"A stranger treats him as a person.", "Colleagues call him a toaster.", words(BagLove), words(BagGreed, BagGuilt), words(BagCourage, BagDuty), words(BagGuilt),
		[4]Ending{{"Someone", "Floyd believes he is someone.", 5}, {"Maybe", "The question stays open.", 1},
			{"Thick Skin", "He stops listening to them.", 2}, {"Only a Machine", "He accepts he is a tool.", -3}}), 1, PlotRule{Kind: RuleTurnTime, N: 1}),
	"Father's Counsel": newPlot("Father's Counsel",
		"Father Michael Simmons asks Floyd to confess what he has done.", words(BagGuilt, BagDuty), words(BagGreed),
		"Floyd kneels in the chapel.", "Floyd stays away from the chapel.", words(BagLove, BagGuilt), words(BagCourage), words(BagDuty), words(BagGreed, BagLove),
		[4]Ending{{"Absolution", "The father's words give him peace.", 4}, {"Doubt", "He leaves with more questions.", 1},
			{"Penance", "He makes amends his own way.", 2}, {"Lost Flock", "The father gives up on him.", -2}}),
	// Louis Blaine
	"Sara": newPlot("Sara",
		"Sara wants Louis home for dinner, sober, this week.", words(BagLove, BagDuty), words(BagGreed, BagGuilt),
		"Louis makes it home twice.", "Louis misses the anniversary.", words(BagLove), words(BagGreed), words(BagGuilt, BagCourage), words(BagGreed, BagDuty),
		[4]Ending{{"Home Again", "Sara lets him back in.", 6}, {"Separate Rooms", "They keep trying.", 1},
			{"Second Chance", "She gives him one more.", 2}, {"Divorce Papers", "Sara files.", -4}}),
	"Debts to Mr. Li": ruled(newPlot("Debts to Mr. Li",
		"Mr. Li sends a reminder of what Louis owes.", words(BagCourage), words(BagGreed, BagGuilt),
		"Louis finds the money.", "Mr. Li's men find Louis.", words(BagDuty, BagCourage), words(BagGreed), words(BagCourage), words(BagLove, BagGreed),
		[4]Ending{{"Paid in Full", "Louis is clear of Mr. Li.", 5}, {"Interest", "The debt grows.", -1},
			{"Stood His Ground", "Mr. Li backs off, for now.", 3}, {"Broken Fingers", "Louis pays in blood.", -3}}), 0, PlotRule{Kind: RuleCheapAbility, N: 1, Type: "business"}),
	"Internal Affairs": ruled(newPlot("Internal Affairs",
		"Tanaka from Internal Affairs opens a file on Louis.", words(BagDuty, BagCourage), words(BagGreed),
		"Louis plays it straight.", "The file grows thicker.", words(BagDuty), words(BagGuilt, BagGreed), words(BagCourage, BagLove), words(BagGreed),
		[4]Ending{{"Cleared", "The file is closed.", 5}, {"Desk Duty", "Louis keeps his badge, barely.", 1},
			{"Deal with Tanaka", "He gives IA someone else.", 2}, {"Suspended", "Louis loses his badge.", -4}}), 1, PlotRule{Kind: RuleCheapAbility, N: 1, Type: "civic"}),
	// Rachel Beckmann
	"Family Ties": newPlot("Family Ties",
		"Captain Beckmann calls his daughter for the first time in years.", words(BagLove, BagDuty), words(BagGreed),
		"Rachel visits her father.", "Rachel lets the call go.", words(BagLove, BagCourage), words(BagGuilt), words(BagDuty), words(BagGreed, BagLove),
		[4]Ending{{"Reconciled", "Father and daughter talk again.", 6}, {"Polite Strangers", "They meet and part.", 1},
			{"A Letter", "She writes what she cannot say.", 2}, {"Burned Bridge", "She never calls back.", -3}}),
	"The Bounty": ruled(newPlot("The Bounty",
		"A rich bounty tempts Rachel away from the case.", words(BagDuty), words(BagGreed),
		"Rachel turns the bounty down.", "Rachel takes the job on the side.", words(BagDuty, BagCourage), words(BagGreed), words(BagCourage), words(BagGreed, BagGuilt),
		[4]Ending{{"Her Own Terms", "Rachel keeps her word and her pride.", 4}, {"Regrets", "She wonders about the money.", 1},
			{"Big Payday", "She brings him in and gets paid.", 3}, {"Double-crossed", "The client sells her out.", -2}}), 2, PlotRule{Kind: RuleTurnTime, N: 1}),
	"Old Flames": newPlot("Old Flames",
		"Oliver, an old love, turns up in Heinlein in trouble.", words(BagLove, BagCourage), words(BagGuilt),
		"Rachel helps Oliver lie low.", "Oliver's trouble finds Rachel.", words(BagLove), words(BagGreed, BagDuty), words(BagCourage), words(BagGuilt, BagLove),
		[4]Ending{{"Rekindled", "Some fires are worth relighting.", 5}, {"Goodbye", "They part as friends.", 1},
			{"Saved Him", "She gets him out alive.", 3}, {"Buried", "Oliver does not make it.", -4}}),
	// Raymond Flint (two weeks each)
	"The Lost Years": ruled(newPlot("The Lost Years",
		"Raymond cannot account for years of his own life.", words(BagCourage, BagDuty), words(BagGuilt),
		"Kate helps him piece the years together.", "The gaps grow wider.", words(BagLove, BagCourage), words(BagGuilt), words(BagDuty), words(BagGreed, BagGuilt),
		[4]Ending{{"Remembered", "Raymond knows who he was.", 6}, {"Half a Story", "Some years stay dark.", 1},
			{"Let It Go", "He decides the past can stay lost.", 2}, {"Stranger to Himself", "He cannot trust his own mind.", -4}}), 0, PlotRule{Kind: RuleFreeDraw, Type: "nightlife"}),
	"Ghosts of the Past": newPlot("Ghosts of the Past",
		"Keene, a ghost of Raymond's old cases, comes for him.", words(BagCourage), words(BagGuilt, BagGreed),
		"Raymond goes after Keene.", "Keene goes after Raymond's friends.", words(BagCourage, BagDuty), words(BagGreed), words(BagLove), words(BagGuilt, BagDuty),
		[4]Ending{{"Laid to Rest", "Keene is dealt with for good.", 5}, {"Truce", "Keene leaves, for now.", 1},
			{"Shielded", "Raymond keeps his friends safe.", 3}, {"Another Grave", "Parsons pays the price.", -3}}),
}

// plotOf is the plot with a title (every title of Detectives has one).
func plotOf(title string) Plot { return Plots[title] }

// twoWeek reports whether seat's plots last both weeks (Raymond's,
// AN-PLOT-02).
func (s *State) twoWeek(seat int) bool { return len(s.Dets[seat].Def().Plots) < 3 }

// plotCard is the plot card seat has in play, and false once its plot has
// ended.
func (s *State) plotCard(seat int) (PlotCard, bool) {
	ps := &s.Story.Plots[seat]
	pl := plotOf(ps.Title)
	switch ps.Card {
	case CardStart:
		return pl.Start, true
	case CardCrossroads:
		return pl.Crossroads[ps.Side], true
	}
	return PlotCard{}, false
}

// gainBaggage puts n good (or bad) baggage on seat's plot card, as far as
// the supply allows (AN-BAG-02/03), and returns how many it put.
func (s *State) gainBaggage(seat int, good bool, n int, res *engine.Result) int {
	ps := &s.Story.Plots[seat]
	if ps.Card == "" {
		return 0
	}
	n = min(max(n, 0), s.Story.BaggageSupply)
	s.Story.BaggageSupply -= n
	kind := "bad"
	if good {
		ps.Good += n
		kind = "good"
	} else {
		ps.Bad += n
	}
	if n > 0 {
		res.Say("%s's plot %s gains %d %s baggage (%d good, %d bad).", who(seat), ps.Title, n, kind, ps.Good, ps.Bad)
	}
	return n
}

// gainConditional gives seat n conditional baggage named word: good or
// bad as the plot card in play lists it, nothing if it lists it in
// neither section (AN-CBAG-02…05). It returns the baggage gained, positive
// for good and negative for bad.
func (s *State) gainConditional(seat int, word string, n int, res *engine.Result) int {
	c, ok := s.plotCard(seat)
	switch {
	case !ok:
	case contains(c.Good, word):
		return s.gainBaggage(seat, true, n, res)
	case contains(c.Bad, word):
		return -s.gainBaggage(seat, false, n, res)
	}
	res.Say("%s's plot card does not list %s: no baggage.", who(seat), word)
	return 0
}

// baggageMoves lists "good baggage on <detective>" and "bad baggage on
// <detective>" (after prefix) for every detective with a plot card in
// play; do runs first (popping the decision or paying a cost).
func (s *State) baggageMoves(seat int, prefix string, ms *engine.Moves, do func(*engine.Result)) {
	ms.RefuseFamily(prefix+"good baggage on ", engine.Cond("Name a detective: "+s.detSlugs()))
	ms.RefuseFamily(prefix+"bad baggage on ", engine.Cond("Name a detective: "+s.detSlugs()))
	for i := range s.Dets {
		i := i
		_, ok := s.plotCard(i)
		for _, good := range []bool{true, false} {
			good := good
			kind := map[bool]string{true: "good", false: "bad"}[good]
			c := engine.Require(ok, "%s's plot has ended", s.Dets[i].Def().Name).And(engine.Require(s.Story.BaggageSupply > 0, "No baggage token is left"))
			ms.Add(prefix+kind+" baggage on "+s.Dets[i].Def().Slug, c, func(res *engine.Result) {
				do(res)
				res.Say("%s puts %s baggage on %s's plot.", who(seat), kind, s.Dets[i].Def().Name)
				s.gainBaggage(i, good, 1, res)
			})
		}
	}
}

// resolvePlots resolves the plots at the end of day 3 or 6 of a week, the
// first player first, then clockwise (AN-RESOLVE-01/02); Raymond's
// two-week plots resolve only at the end of each week's day 6.
func (s *State) resolvePlots(week, day int, res *engine.Result) {
	for k := 0; k < s.NPlayers; k++ {
		seat := (s.First + k) % s.NPlayers
		if s.twoWeek(seat) && day != DaysPerWeek {
			continue
		}
		s.resolvePlot(seat, res)
	}
}

// resolvePlot resolves seat's plot card: more good than bad baggage is
// positive, anything else (a tie, none) negative (AN-RESOLVE-03…05); the
// card and its baggage go (the baggage back to the supply [ours]) and the
// next card, or the ending, comes into play (AN-BAG-05/07, AN-RESOLVE-06).
func (s *State) resolvePlot(seat int, res *engine.Result) {
	ps := &s.Story.Plots[seat]
	if ps.Card == "" {
		return
	}
	pl := plotOf(ps.Title)
	good := ps.Good > ps.Bad
	r := 0
	if !good {
		r = 1
	}
	how := map[bool]string{true: "positively", false: "negatively"}[good]
	s.Story.BaggageSupply += ps.Good + ps.Bad
	bag := fmt.Sprintf("%d good, %d bad baggage", ps.Good, ps.Bad)
	ps.Good, ps.Bad = 0, 0
	if ps.Card == CardStart {
		ps.Card, ps.Side = CardCrossroads, r
		res.Say("%s's plot %s resolves %s (%s): %s", who(seat), ps.Title, how, bag, pl.Crossroads[r].Text)
		return
	}
	e := pl.Endings[ps.Side][r]
	ps.Card = ""
	s.Story.Endings[seat] = append(s.Story.Endings[seat], Reached{Plot: ps.Title, Ending: e.Title, VP: e.VP})
	res.Say("%s's plot %s ends %s (%s): %s — %s (%+d VP, a %s ending).", who(seat), ps.Title, how, bag, e.Title, e.Text, e.VP, Happy(e.VP))
}

// storyWeekTwo puts the start card of each new week-two plot in play
// (AN-BAG-08, AN-PLOT-04); a two-week plot goes on.
func (s *State) storyWeekTwo() {
	for i := range s.Dets {
		if s.Story.Plots[i].Title != s.Dets[i].Plot {
			s.Story.Plots[i] = PlotState{Title: s.Dets[i].Plot, Card: CardStart}
		}
	}
}

// plotText is seat's plot for the view.
func (s *State) plotText(seat int) string {
	if seat >= len(s.Story.Plots) {
		return ""
	}
	ps := s.Story.Plots[seat]
	var b strings.Builder
	if c, ok := s.plotCard(seat); ok {
		text := c.Text
		if r := c.Rule.Text(); r != "" {
			text += " Special rule: " + r + "."
		}
		fmt.Fprintf(&b, "%s, %s card (%s; good: %s; bad: %s): %d good, %d bad baggage", ps.Title, ps.Card, text, strings.Join(c.Good, ", "), strings.Join(c.Bad, ", "), ps.Good, ps.Bad)
	}
	for _, e := range s.Story.Endings[seat] {
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "ending %s: %s (%+d VP)", e.Plot, e.Ending, e.VP)
	}
	return b.String()
}

// startPlot puts the start card of plot title in play for seat, in place
// of the card in play, whose baggage goes back to the supply. It is the
// hook for a hero effect that brings a plot in (Caprice's Descent into
// Madness, hero_caprice.go).
func (s *State) startPlot(seat int, title string, res *engine.Result) {
	ps := &s.Story.Plots[seat]
	s.Story.BaggageSupply += ps.Good + ps.Bad
	*ps = PlotState{Title: title, Card: CardStart}
	s.Dets[seat].Plot = title
	res.Say("%s's plot is now %s.", who(seat), title)
}
