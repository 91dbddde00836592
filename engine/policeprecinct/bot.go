package policeprecinct

import (
	"math"
	"slices"
	"strings"

	"casefile/engine"
)

// The bot (engine.Game.Bot) is an automated cop that plays to win from what
// its seat may see: the seat's own view (a copy of the state redacted for
// it: deck orders, the face-down UC markers and the generator are zeroed)
// and the legal moves. It reads the board through the rules' own read-only
// helpers (distances, the Criminal Population, the dice counts) and never
// applies a move to its copy. Its only randomness is r, used to break exact
// ties, so a game played by bots replays from its seed and log.
//
// The policy in short:
//   - Each cop heads for the most valuable goal per turn of driving: an
//     open Investigation stack (the game is won on the Evidence), the
//     Emergency covering a stack, the Urgent Emergency and those of its
//     colour (a second one of that colour moves the Crime Track), the
//     Murderer once the Evidence is complete, crowded Bad Hoods. A Donut
//     buys the last space to a goal reached this turn.
//   - On arrival it acts: investigate, arrest the Murderer, handle the
//     Emergency, arrest where the odds are good; with nothing to do it
//     upgrades at the Station or draws a Police card.
//   - Before a draw or roll it plays every card and Donut that adds to it,
//     helps another cop with a matching card when it holds a spare, and
//     discards the cards it can use least.
func botMove(view engine.View, legal []string, r *engine.Rand) string {
	if len(legal) == 0 {
		return ""
	}
	v, ok := view.(*View)
	if !ok || v.State == nil || v.Viewer < 0 || int(v.Viewer) >= len(v.State.Cops) {
		return engine.Pick(r, legal)
	}
	s := v.State
	top := s.Pending.Top()
	if top == nil {
		return engine.Pick(r, legal)
	}
	b := &brain{s: s, seat: int(v.Viewer), legal: legal, r: r}
	var m string
	switch top.Kind {
	case ChooseCar:
		m = b.pick("car marked")
	case HelpWindow:
		m = b.help()
	case StepPrepare:
		m = b.prepare()
	case StepKinney:
		m = b.pick("cancel event", "let it happen")
	case StepHospital, StepHand:
		m = b.discard()
	case StepMove:
		m = b.move()
	case StepAction:
		m = b.action()
	case StepFile:
		m = b.pick("file")
	case StepPeek:
		m = b.pick("keep order")
	case PickCharacter:
		m = b.pick("take ")
	}
	if m == "" || !slices.Contains(legal, m) {
		return engine.Pick(r, playableByAnyCop(legal))
	}
	return m
}

// playableByAnyCop leaves out of a fallback pick the Dirty-Cop moves a loyal cop
// never has (bury, reveal, stir up) and accusations, so that the bot plays
// a seat the same whatever its Loyalty card says and never outs itself by
// chance; when nothing else is legal it keeps the list as it is.
func playableByAnyCop(legal []string) []string {
	var out []string
	for _, m := range legal {
		if strings.HasPrefix(m, "bury ") || m == "reveal" || strings.HasPrefix(m, "accuse ") || strings.HasPrefix(m, "stir up") {
			continue
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return legal
	}
	return out
}

// brain is one decision of the bot.
type brain struct {
	s     *State
	seat  int
	legal []string
	r     *engine.Rand
}

// pick is the first legal move among the exact texts or, for a text
// ending in a space, the first legal move it begins.
func (b *brain) pick(texts ...string) string {
	for _, t := range texts {
		for _, m := range b.legal {
			if m == t || strings.HasSuffix(t, " ") && strings.HasPrefix(m, t) {
				return m
			}
		}
	}
	return ""
}

func (b *brain) cop() *Cop { return &b.s.Cops[b.seat] }

// cardValue is what keeping a Police card is worth to the bot: the cards
// that add to a draw or roll matter most, as Evidence wins the game.
var cardValue = map[string]float64{
	"forensics kit": 9, "k-9 unit": 8, "backup": 6, "sirens": 6, "crowd control": 5,
	"fast response": 5, "paperwork": 4, "coffee run": 4, "informant": 3, "call in patrol": 2,
}

// discard drops the card worth least.
func (b *brain) discard() string {
	best, bestV := "", math.Inf(1)
	for _, m := range b.legal {
		name, ok := strings.CutPrefix(m, "discard ")
		if !ok {
			continue
		}
		if v := cardValue[name]; v < bestV {
			best, bestV = m, v
		}
	}
	return best
}

// help gives a matching card when the helper keeps another card, or for
// the Evidence and the Murderer, which decide the game; one helper each
// time is enough, so a window someone has already helped in is passed.
func (b *brain) help() string {
	s := b.s
	if s.T.Helped > 0 {
		return "pass"
	}
	key := s.T.Action == "investigate" || s.T.Action == "arrest" && atoi(s.T.Target) == s.Murderer
	if len(b.cop().Hand) < 3 && !key {
		return "pass"
	}
	best, bestV := "", math.Inf(1)
	for _, m := range b.legal {
		name, ok := strings.CutPrefix(m, "help with ")
		if !ok {
			continue
		}
		if v := cardValue[name]; v < bestV {
			best, bestV = m, v
		}
	}
	if best == "" {
		return "pass"
	}
	return best
}

// prepare commits what adds to the draw or roll: the cards for it, the
// Patrol Officers, and the Donuts (kept for movement on a sure roll).
func (b *brain) prepare() string {
	for _, m := range b.legal {
		if strings.HasPrefix(m, "play ") && !strings.HasPrefix(m, "play informant") && !strings.HasPrefix(m, "play call in patrol") {
			return m
		}
		if strings.HasPrefix(m, "patrol ") {
			return m
		}
	}
	if slices.Contains(b.legal, "donut") && b.worthADonut() {
		return "donut"
	}
	return b.pick("draw", "roll")
}

// worthADonut says whether one more card or die is worth a Donut now.
func (b *brain) worthADonut() bool {
	s := b.s
	switch s.T.Action {
	case "investigate":
		return true
	case "arrest":
		return atoi(s.T.Target) == s.Murderer || s.arrestDice(0) < 3
	case "handle":
		i := s.emergencyAt(s.T.Target)
		return i >= 0 && (s.Emergencies[i].Urgent || s.Emergencies[i].Def().Difficulty >= 4) && s.T.Donuts < 2
	case "resolve":
		return s.T.Donuts < 2
	}
	return false
}

// goal is a Street Space worth reaching and what acting there is worth.
type goal struct {
	at    int
	value float64
}

// goals lists what the cop could drive to, with values in one rough unit
// (about one Evidence card).
func (b *brain) goals() []goal {
	s := b.s
	var out []goal
	add := func(v float64, spaces ...int) {
		for _, sp := range spaces {
			out = append(out, goal{sp, v})
		}
	}
	complete := s.evidenceComplete()
	if complete && s.Murderer > 0 {
		h := badHood(s.Murderer)
		add(30, h.Sides[:]...)
	}
	for _, st := range s.Stacks {
		if st.Done {
			continue
		}
		if s.emergencyAt(st.Lot) >= 0 {
			continue
		}
		add(10, Lot(st.Lot).Enter)
	}
	covering := map[string]bool{}
	for _, st := range s.Stacks {
		if !st.Done {
			covering[st.Lot] = true
		}
	}
	urgentColour := ""
	for _, e := range s.Emergencies {
		if e.Urgent {
			urgentColour = e.Def().Colour
		}
	}
	for _, e := range s.Emergencies {
		d := e.Def()
		v := 3.0
		switch {
		case covering[e.Site]:
			v = 9
		case e.Urgent:
			v = 8
		case d.Colour == urgentColour:
			v = 5
		}
		// A hard Emergency fails more often and sends the cop to the
		// Hospital at difficulty 5–6.
		v -= float64(max(0, d.Difficulty-3))
		add(v, siteSides(e.Site)...)
	}
	for n := 1; n <= 6; n++ {
		if s.Punks[n-1] >= 3 || s.Gangs[n-1] {
			h := badHood(n)
			add(float64(s.Punks[n-1])-1, h.Sides[:]...)
		}
	}
	return out
}

// bestGoal is the goal worth most per turn of driving from sp, and the
// driving distance to it.
func (b *brain) bestGoal(sp int, per int) (goal, int, bool) {
	dist := b.s.distances(sp)
	var best goal
	bestD, bestV, found := 0, math.Inf(-1), false
	for _, g := range b.goals() {
		d := dist[g.at]
		if d < 0 {
			continue
		}
		turns := (d + per - 1) / max(per, 1)
		v := g.value / float64(1+turns)
		if v > bestV+1e-9 {
			best, bestD, bestV, found = g, d, v, true
		}
	}
	return best, bestD, found
}

// move drives toward the best goal, acting at once where the car stands
// when that is worth as much.
func (b *brain) move() string {
	s := b.s
	c := b.cop()
	per := s.moveAllowance(c)
	g, d, ok := b.bestGoal(c.At, per)
	if !ok || d == 0 {
		// At the goal: bring the Support Vehicle along for the extra
		// card or die, then act.
		if m := b.support(c.At); m != "" {
			return m
		}
		if m := b.act(); m != "" {
			return m
		}
		return b.pick("stop")
	}
	if m := b.act(); m != "" && b.actionWorth(m) >= g.value/2 {
		return m
	}
	if d > s.T.Points && d <= s.T.Points+c.Donuts && g.value >= 9 && slices.Contains(b.legal, "donut") {
		return "donut"
	}
	if d > s.T.Points && b.pick("play fast response") != "" && d <= s.T.Points+2 {
		return b.pick("play fast response")
	}
	dist := s.distances(g.at)
	best, bestD := "", 1<<30
	for _, m := range b.legal {
		name, ok := strings.CutPrefix(m, "drive ")
		if !ok {
			continue
		}
		sp, _ := SpaceByName(name)
		if dd := dist[sp]; dd >= 0 && dd < bestD {
			best, bestD = m, dd
		}
	}
	if best != "" && bestD < d {
		return best
	}
	if m := b.act(); m != "" {
		return m
	}
	return b.pick("stop")
}

// support drives the Support Vehicle (1–2 players) onto or toward the
// cop's space.
func (b *brain) support(to int) string {
	s := b.s
	if s.Support < 0 || s.Support == to || s.T.SupportLeft == 0 {
		return ""
	}
	dist := s.distances(to)
	best, bestD := "", dist[s.Support]
	for _, m := range b.legal {
		name, ok := strings.CutPrefix(m, "support ")
		if !ok {
			continue
		}
		sp, _ := SpaceByName(name)
		if dd := dist[sp]; dd >= 0 && (bestD < 0 || dd < bestD) {
			best, bestD = m, dd
		}
	}
	return best
}

// action takes the best action once the move is over.
func (b *brain) action() string {
	if m := b.act(); m != "" {
		return m
	}
	return b.pick("upgrade investigation and movement", "upgrade movement and investigation", "upgrade investigation ", "upgrade movement",
		"upgrade ", "play coffee run", "play paperwork", "draw police card", "no action")
}

// act is the best action open where the car stands, or "".
func (b *brain) act() string {
	best, bestV := "", 0.0
	for _, m := range b.legal {
		if v := b.actionWorth(m); v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// actionWorth values an action of the legal list; other moves are 0.
func (b *brain) actionWorth(m string) float64 {
	s := b.s
	switch {
	case strings.HasPrefix(m, "investigate "):
		return 10
	case strings.HasPrefix(m, "handle "):
		i := s.emergencyAt(strings.TrimPrefix(m, "handle "))
		if i < 0 {
			return 0
		}
		e := s.Emergencies[i]
		d := e.Def()
		dice := s.emergencyDice(&e, 0) + b.cop().Donuts
		// The chance that the best of the dice reaches the difficulty.
		p := 1 - math.Pow(float64(min(d.Difficulty, 7)-1)/6, float64(max(dice, 1)))
		v := 4.0
		if e.Urgent {
			v = 8
		}
		for _, st := range s.Stacks {
			if !st.Done && st.Lot == e.Site {
				v = 9
			}
		}
		if d.Difficulty >= 5 && p < 0.5 {
			return 0
		}
		return v * p
	case strings.HasPrefix(m, "arrest "):
		n := atoi(strings.TrimPrefix(m, "arrest "))
		if n == s.Murderer {
			if !s.evidenceComplete() {
				return 0
			}
			return 30
		}
		cp := s.criminalPopulation(n)
		dice := s.arrestDice(0) + b.cop().Donuts
		p := 5.0 / 6
		if cp > 2 {
			p = float64(7-min(cp, 6)) / 6
		}
		// A failed arrest (no success at all) sends the cop to the
		// Hospital.
		fail := math.Pow(1-p, float64(max(dice, 1)))
		if fail > 0.3 {
			return 0
		}
		return float64(s.Punks[n-1]) * p * (1 - fail)
	case strings.HasPrefix(m, "resolve "):
		return 5
	}
	return 0
}
