package policeprecinct

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"casefile/engine"
)

// The Dirty Cop variant (PP-DIRTY-01, PP-EVID-03, PP-EVID-04; CONTENT.md
// §5). Every cop is dealt a Loyalty card in secret; a Dirty Cop wins when
// the good cops lose. What a Dirty Cop may do that a loyal cop may not —
// bury Evidence, Reveal — is listed as a role-only move, so that no
// refusal, prompt or public line shows who holds the role; every cop who
// draws Investigation cards makes the same secret filing decision.

// Loyalty card faces.
const (
	Loyal = "loyal"
	Dirty = "dirty"
)

// Traitor modes ([P5]'s four modes): exactly one Dirty Cop; "maybe" one
// (a Loyalty card more than players is dealt, so the Dirty Cop card may
// stay out unseen); two (6 players only [P1]); "maybe2" two among players
// plus one cards.
var TraitorModes = []string{"1", "maybe", "2", "maybe2"}

// RevealCost is the Donuts a Dirty Cop pays to Reveal [P2 that Donuts are
// paid; the number ours].
const RevealCost = 2

// StepFile: the cop who drew Investigation cards in a Dirty-Cop game
// looks at them in secret and files them (every cop alike; only a Dirty
// Cop may also bury).
const StepFile engine.DecisionKind = "file"

// Buried records one Evidence card a Dirty Cop put back into its stack
// instead of revealing it; shown to the table at Game over.
type Buried struct {
	Seat int `json:"seat"`
	Card int `json:"card"`
	Day  int `json:"day"`
}

// dirtyDealCheck refuses a Dirty-Cop table the rules do not allow: no
// Dirty Cop in solo or 2-player games [P1], two only at 6 players [P1].
func dirtyDealCheck(players int, mode string) error {
	if !slices.Contains(TraitorModes, mode) {
		return engine.Reject("traitors=%s is not a mode; use one of %s.", mode, strings.Join(TraitorModes, ", "))
	}
	if players < 3 {
		return engine.Reject("The Dirty Cop variant needs 3–6 players (a traitor cannot hide among %d); play without variant=dirty-cop.", players)
	}
	if (mode == "2" || mode == "maybe2") && players != 6 {
		return engine.Reject("traitors=%s (two Dirty Cops) is for 6 players only; with %d players use traitors=1 or traitors=maybe.", mode, players)
	}
	return nil
}

// traitorCount is how many Dirty Cop cards a mode puts in the Loyalty
// deck, and extra how many cards more than players it holds.
func traitorCount(mode string) (dirty, extra int) {
	switch mode {
	case "maybe":
		return 1, 1
	case "2":
		return 2, 0
	case "maybe2":
		return 2, 1
	}
	return 1, 0
}

// setupRow is the setup table row of this game: [P5]'s Dirty-Cop numbers
// in the variant (the two-traitor column for modes 2 and maybe2), else
// the co-operative row.
func (s *State) setupRow() SetupRow {
	if !s.DirtyCop {
		return SetupTable[s.NPlayers]
	}
	row := DirtySetupTable[s.NPlayers]
	if d, _ := traitorCount(s.Traitors); d == 2 {
		row = DirtySetupTable2[s.NPlayers]
	}
	row.StartDay = SetupTable[s.NPlayers].StartDay
	return row
}

// dealLoyalty shuffles the Loyalty deck (players, or players+1 cards in
// the "maybe" modes) and deals one face down to each cop; the spare card
// stays out unseen.
func (s *State) dealLoyalty() {
	dirty, extra := traitorCount(s.Traitors)
	deck := make([]string, s.NPlayers+extra)
	for i := range deck {
		deck[i] = Loyal
		if i < dirty {
			deck[i] = Dirty
		}
	}
	engine.ShuffleSlice(&s.Rng, deck)
	for i := range s.Cops {
		s.Cops[i].Loyalty = deck[i]
	}
	s.LoyaltyOut = deck[s.NPlayers:]
}

// fixLoyalty deals the Loyalty cards as the test-only option dirty= says
// (1-based seats, comma-separated; "0" for none), after the seeded deal
// has drawn from the generator exactly as usual: two games that differ
// only in this option differ only in who holds which card.
func (s *State) fixLoyalty(v string) error {
	dirty, extra := traitorCount(s.Traitors)
	var seats []int
	if v != "0" {
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 || n > s.NPlayers || slices.Contains(seats, n-1) {
				return engine.Reject("dirty=%s: name distinct seats 1–%d, or 0.", v, s.NPlayers)
			}
			seats = append(seats, n-1)
		}
	}
	if len(seats) > dirty || len(seats) < dirty-extra {
		return engine.Reject("dirty=%s does not fit traitors=%s.", v, s.Traitors)
	}
	for i := range s.Cops {
		s.Cops[i].Loyalty = Loyal
		if slices.Contains(seats, i) {
			s.Cops[i].Loyalty = Dirty
		}
	}
	s.LoyaltyOut = nil
	for i := 0; i < extra; i++ {
		if len(seats)+i < dirty {
			s.LoyaltyOut = append(s.LoyaltyOut, Dirty)
		} else {
			s.LoyaltyOut = append(s.LoyaltyOut, Loyal)
		}
	}
	return nil
}

// isDirty reports whether seat holds a Dirty Cop Loyalty card.
func (s *State) isDirty(seat int) bool { return s.Cops[seat].Loyalty == Dirty }

// exposed reports whether seat is a Dirty Cop the table knows of
// (revealed, or rightly accused).
func (s *State) exposed(seat int) bool { return s.Cops[seat].Shown == Dirty }

// accuseMoves lists the Accuse action (PP-DIRTY-01): once per game, an
// unexposed cop names another cop whose Loyalty is not known yet. Every
// cop has it, whatever the card in front of them.
func (s *State) accuseMoves(ms *engine.Moves) {
	c := s.cop()
	once := engine.Require(!c.Accused, "You have made your one accusation of this game")
	for i := range s.Cops {
		if i == c.Seat || s.Cops[i].Shown != "" {
			continue
		}
		ms.Add(fmt.Sprintf("accuse %d", i+1), once, func(res *engine.Result) { s.accuse(i, res) })
	}
	ms.RefuseFamily("accuse", once.And(engine.Cond("Name another cop whose Loyalty card has not been shown, by seat number (accuse 2)")))
}

// accuse applies an accusation of seat target by the active cop: the
// target's Loyalty card is shown to everyone. Right: the Dirty Cop is
// exposed and loses every Donut, and every cop not exposed gains a Donut
// (the unexposed too, so the reward shows nobody's card). Wrong: the
// accuser loses every Donut and the Crime marker advances 1 [ours, the
// study's proposal].
func (s *State) accuse(target int, res *engine.Result) {
	c := s.cop()
	c.Accused = true
	t := &s.Cops[target]
	t.Shown = t.Loyalty
	res.Say("%s accuses %s of being a Dirty Cop: the Loyalty card is shown — %s.", who(c.Seat), who(target), t.Loyalty)
	if t.Loyalty == Dirty {
		s.loseDonuts(t, res)
		for _, i := range s.Order {
			if !s.exposed(i) {
				s.gainDonut(&s.Cops[i], res, "a Dirty Cop unmasked")
			}
		}
		s.setStep(StepPolice)
		return
	}
	s.loseDonuts(c, res)
	s.setStep(StepPolice)
	s.crimeTrack(res, "a false accusation")
}

// loseDonuts returns all of a cop's Donuts to the supply.
func (s *State) loseDonuts(c *Cop, res *engine.Result) {
	if c.Donuts == 0 {
		return
	}
	res.Say("%s loses %d %s.", who(c.Seat), c.Donuts, plural(c.Donuts, "Donut", "Donuts"))
	s.DonutSupply += c.Donuts
	c.Donuts = 0
}

// revealMoves lists Reveal for an unexposed Dirty Cop with the Donuts to
// pay (PP-DIRTY-01). It is role-only: a loyal cop's try, or a Dirty Cop's
// without the Donuts, is refused like any unknown move.
func (s *State) revealMoves(ms *engine.Moves) {
	c := s.cop()
	if s.isDirty(c.Seat) && !s.exposed(c.Seat) && c.Donuts >= RevealCost {
		ms.RoleOnly("reveal", func(res *engine.Result) { s.reveal(res) })
	}
}

// reveal is the Dirty Cop's action: pay RevealCost Donuts and show the
// Loyalty card; from the next turn on the cop takes the Dirty Cop's
// actions instead of the good cops' ones.
func (s *State) reveal(res *engine.Result) {
	c := s.cop()
	for i := 0; i < RevealCost; i++ {
		s.spendDonut(c)
	}
	c.Shown = Dirty
	res.Say("%s pays %d Donuts and reveals a Dirty Cop Loyalty card.", who(c.Seat), RevealCost)
	s.setStep(StepPolice)
}

// exposedActionMoves are the actions of an exposed Dirty Cop, instead of
// the good cops' ones [ours]: stir up 1 Street Punk from the stockpile in
// a Bad Hood of choice, or draw a Police card (no action under Officer
// Down).
func (s *State) exposedActionMoves(ms *engine.Moves) {
	c := s.cop()
	for n := 1; n <= 6; n++ {
		ms.Add(fmt.Sprintf("stir up %d", n), engine.Require(s.Stockpile > 0, "The Street Punk stockpile is empty"), func(res *engine.Result) { s.stirUp(n, res) })
	}
	ms.RefuseFamily("stir up", engine.Cond("Name a Bad Hood 1–6 (stir up 3)"))
	ms.Add("draw police card", engine.Require(!s.lasting("officer down"), "Officer Down: no cop draws Police cards until it is resolved"),
		func(res *engine.Result) { s.drawPoliceCardAction(res) })
	ms.Add("no action", engine.Require(s.lasting("officer down"), "Drawing a Police card is always possible instead"), func(res *engine.Result) {
		res.Say("%s takes no action.", who(c.Seat))
		s.setStep(StepPolice)
	})
	for _, f := range []string{"investigate", "arrest", "handle", "upgrade", "accuse", "resolve"} {
		ms.RefuseFamily(f, engine.Cond("An exposed Dirty Cop may only stir up Street Punks or draw a Police card"))
	}
}

// stirUp places one Street Punk from the stockpile in Bad Hood n, with
// the Street Gang rule (PP-GANG-01…03).
func (s *State) stirUp(n int, res *engine.Result) {
	s.Stockpile--
	s.Punks[n-1]++
	res.Say("%s stirs up trouble: 1 Street Punk joins Bad Hood %d (%d there).", who(s.active()), n, s.Punks[n-1])
	s.streetGang(n, res)
	s.setStep(StepPolice)
}

// drawForFiling is the Investigation draw of a Dirty-Cop game: the cards
// are drawn face down and shown to the drawing cop alone, who then files
// them (StepFile).
func (s *State) drawForFiling(res *engine.Result) {
	c := s.cop()
	cat := slices.Index(Categories, s.T.Target)
	st := &s.Stacks[cat]
	n := min(s.investigationCount(s.T.Helped), len(st.Cards))
	s.T.Drawn = slices.Clone(st.Cards[:n])
	st.Cards = st.Cards[n:]
	res.Say("%s draws %d Investigation %s from the %s stack and looks at them.", who(c.Seat), n, plural(n, "card", "cards"), Categories[cat])
	ev, useless := s.drawnCounts()
	res.Note(engine.Seat(c.Seat), "You drew %d Evidence and %d useless %s from the %s stack.", ev, useless, plural(useless, "card", "cards"), Categories[cat])
	s.setStep(StepFile)
}

// drawnCounts counts the Evidence and useless cards the cop drew.
func (s *State) drawnCounts() (evidence, useless int) {
	for _, id := range s.T.Drawn {
		if InvestigationCards[id].Evidence {
			evidence++
		} else {
			useless++
		}
	}
	return evidence, useless
}

// fileMoves: "file" reveals every Evidence drawn, for every cop; a Dirty
// Cop who drew a useless card may instead "bury k" of the Evidence
// (PP-EVID-03), still showing one useless card (PP-EVID-04). Both are
// secret choices: the public sees only the Evidence placed.
func (s *State) fileMoves(ms *engine.Moves) {
	ms.Legal("file", func(res *engine.Result) { s.file(0, res) })
	ev, useless := s.drawnCounts()
	if !s.isDirty(s.active()) || useless == 0 {
		return
	}
	for k := 1; k <= ev; k++ {
		ms.RoleOnly(fmt.Sprintf("bury %d", k), func(res *engine.Result) { s.bury(k, res) })
	}
}

// bury files the drawn cards with k Evidence put back into the stack
// unrevealed (PP-EVID-03): the one useless card is still shown and
// removed (PP-EVID-04), and the buried cards go back with the other
// cards, shuffled in unless the cop is Thorough (PP-HANDLE-02/03).
func (s *State) bury(k int, res *engine.Result) { s.file(k, res) }

// file handles the drawn cards with bury of the Evidence kept back: the
// rest of the Evidence goes on the Murder Investigation Board, one
// useless card leaves the game, the other cards return to the stack.
func (s *State) file(bury int, res *engine.Result) {
	res.Secret = true
	c := s.cop()
	var evidence []int
	var other []int
	for _, id := range s.T.Drawn {
		if InvestigationCards[id].Evidence {
			evidence = append(evidence, id)
		} else {
			other = append(other, id)
		}
	}
	for _, id := range evidence[:bury] {
		s.Buried = append(s.Buried, Buried{Seat: c.Seat, Card: id, Day: s.Day})
	}
	if bury > 0 {
		res.Note(engine.Seat(c.Seat), "You bury %d Evidence %s.", bury, plural(bury, "card", "cards"))
	}
	s.T.Drawn = nil
	cat := slices.Index(Categories, s.T.Target)
	placed := len(evidence) - bury
	res.Say("%s files the Investigation cards: %d Evidence placed on the Murder Investigation Board (%d of %d).",
		who(c.Seat), placed, s.Board[cat]+placed, EvidencePerCategory[cat])
	s.handleDrawn(evidence[bury:], append(evidence[:bury:bury], other...), res)
}

// StandInMove plays for an absent seat without looking at its Loyalty
// card: the step's default when it is a move every cop in that place
// has, else the first such move, so a stand-in never buries, accuses or
// reveals, and plays a Dirty Cop's seat exactly as a loyal one's.
func (s *State) StandInMove(seat engine.Seat, _ *engine.Rand) string {
	shared := s.moves(int(seat)).Shared()
	if t := s.Turn(); t.OnTimeout != "" && slices.Contains(shared, t.OnTimeout) {
		return t.OnTimeout
	}
	if len(shared) == 0 {
		return ""
	}
	return shared[0]
}

// disclose shows the table every Loyalty card, the one set aside, and
// every buried card at Game over (PP-DIRTY-01).
func (s *State) disclose(res *engine.Result) {
	if !s.DirtyCop {
		return
	}
	var cards []string
	for i := range s.Cops {
		s.Cops[i].Shown = s.Cops[i].Loyalty
		cards = append(cards, fmt.Sprintf("%s %s", who(i), s.Cops[i].Loyalty))
	}
	line := "Loyalty cards: " + strings.Join(cards, ", ")
	if len(s.LoyaltyOut) > 0 {
		line += "; set aside unseen: " + strings.Join(s.LoyaltyOut, ", ")
	}
	res.Say("%s.", line)
	s.Disclosed = slices.Clone(s.LoyaltyOut)
	if len(s.Buried) == 0 {
		res.Say("No Evidence was buried.")
		return
	}
	for _, b := range s.Buried {
		res.Say("%s buried a %s Evidence card on Day %d.", who(b.Seat), Categories[InvestigationCards[b.Card].Cat], b.Day)
	}
	s.BuriedShown = slices.Clone(s.Buried)
}

// traitorsLine words who wins with the good cops' loss: the Dirty Cops,
// or nobody when the only Dirty Cop card stayed out unseen.
func (s *State) traitorsLine() string {
	var dirty []string
	for i := range s.Cops {
		if s.isDirty(i) {
			dirty = append(dirty, who(i))
		}
	}
	switch len(dirty) {
	case 0:
		return "No Dirty Cop was dealt: nobody wins."
	case 1:
		return "The Dirty Cop " + dirty[0] + " wins."
	}
	return "The Dirty Cops " + strings.Join(dirty, " and ") + " win."
}

// winners are the seats that won a finished game: the loyal cops when the
// cops win, the Dirty Cops when they lose (PP-DIRTY-01); nobody when a
// purely co-operative game is lost.
func (s *State) winners() []engine.Seat {
	var out []engine.Seat
	for i := range s.Cops {
		if s.isDirty(i) != s.Won {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

// StepPeek: the cop who played a tip-off puts the two Event cards seen
// back in the order chosen. It sits above the turn's own step, which
// resumes after.
const StepPeek engine.DecisionKind = "tip-off"

// tipOff shows the active cop the top two Event cards in private [P9];
// the cop then chooses their order (StepPeek). With fewer than two cards
// in the deck there is no order to choose and the card just shows them.
func (s *State) tipOff(res *engine.Result) {
	c := s.cop()
	n := min(2, len(s.EventDeck))
	var names []string
	for _, id := range s.EventDeck[:n] {
		names = append(names, EventDeck[id].Name)
	}
	res.Note(engine.Seat(c.Seat), "The next Event cards, top first: %s.", listOr(names))
	if n < 2 {
		return
	}
	s.Pending.Push(Decision{Kind: StepPeek, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(c.Seat)}, Phase: s.turnDecision().Phase, Default: "keep order"})
}

// peekMoves: keep or swap the two Event cards seen, a secret choice.
func (s *State) peekMoves(ms *engine.Moves) {
	for _, swap := range []bool{false, true} {
		text := "keep order"
		if swap {
			text = "swap order"
		}
		ms.Legal(text, func(res *engine.Result) {
			res.Secret = true
			if swap {
				s.EventDeck[0], s.EventDeck[1] = s.EventDeck[1], s.EventDeck[0]
			}
			s.Pending.Pop()
			res.Say("%s puts the two Event cards back on the deck.", who(s.active()))
		})
	}
}
