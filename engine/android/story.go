package android

import (
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/engine/android/conspiracy"
)

// Story is the state of the story part of the game (issue 18, the story
// helper's part): the conspiracy puzzle and its tokens, the plots and
// their baggage, the events and the NPCs. It is one field of State so that
// the other parts' files stay untouched.
type Story struct {
	// Puzzle is the conspiracy puzzle, built at setup from the game's
	// seeded Rand (AN-SETUP-25/26). Its piles are secret but for their
	// counts; the grid, the hero markers beside the piles and a revealed
	// piece are public.
	Puzzle *conspiracy.Puzzle `json:"puzzle,omitempty"`
	// Tokens counts each seat's conspiracy tokens; TokenSupply those left.
	Tokens      []int `json:"tokens,omitempty"`
	TokenSupply int   `json:"token_supply"`
	// Bonus is the conspiracy bonus the active player is deciding on
	// (StepConspBonus), nil otherwise.
	Bonus *conspiracy.Bonus `json:"bonus,omitempty"`

	// Plots holds each seat's plot in play; Endings the plot endings each
	// seat has reached; BaggageSupply the baggage tokens left.
	Plots         []PlotState `json:"plots,omitempty"`
	Endings       [][]Reached `json:"endings,omitempty"`
	BaggageSupply int         `json:"baggage_supply"`

	// Events are the general event deck and track and the specific
	// event (events.go).
	Events Events `json:"events"`
	// NPCs are the favor-granting NPCs in play (npc.go).
	NPCs []NPCState `json:"npcs,omitempty"`
}

// StoryVP is the part of a seat's points at the close that the story
// decides: the conspiracy's (tokens, Haas and Jinteki, links) and the plot
// endings'.
type StoryVP struct {
	Conspiracy conspiracy.VP `json:"conspiracy"`
	Plots      int           `json:"plots"`
	Total      int           `json:"total"`
}

// seatBySlug finds the seat playing the detective with slug.
func (s *State) seatBySlug(slug string) (int, bool) {
	for i := range s.Dets {
		if s.Dets[i].Detective != NoDetective && s.Dets[i].Def().Slug == slug {
			return i, true
		}
	}
	return 0, false
}

// setupStory deals the story part once the detectives are known: the
// conspiracy piles (AN-SETUP-25/26) and the plots' first cards.
func (s *State) setupStory(res *engine.Result) {
	s.Story.Puzzle = conspiracy.New(&s.Rng, s.NPlayers)
	s.Story.Tokens = make([]int, s.NPlayers)
	s.Story.TokenSupply = ConspiracyTokens
	res.Say("The conspiracy puzzle's pieces are sorted into three face-down piles: shift %d, favor %d, baggage %d; every hero marker starts beside the shift pile.",
		s.Story.Puzzle.Left(conspiracy.Shift), s.Story.Puzzle.Left(conspiracy.Favor), s.Story.Puzzle.Left(conspiracy.Baggage))
	s.Story.BaggageSupply = BaggageTokens
	s.Story.Plots = make([]PlotState, s.NPlayers)
	s.Story.Endings = make([][]Reached, s.NPlayers)
	for i := range s.Dets {
		s.Story.Plots[i] = PlotState{Title: s.Dets[i].Plot, Card: CardStart}
	}
	s.setupEvents(res)
	s.setupNPCs()
}

// storyVP is seat's story points at the close for the given links.
func (s *State) storyVP(seat int, links [conspiracy.NumGroups]int) StoryVP {
	d := &s.Dets[seat]
	h := conspiracy.Holdings{Haas: d.Haas, Jinteki: d.Jinteki}
	if seat < len(s.Story.Tokens) {
		h.Conspiracy = s.Story.Tokens[seat]
	}
	for i, g := range conspiracy.RimGroups {
		h.Favors[i] = d.Favors[groupFavor(g)]
	}
	h.NPCFavors = s.npcHoldings(seat)
	v := StoryVP{Conspiracy: conspiracy.ScoreLinks(links, h)}
	if seat < len(s.Story.Endings) {
		for _, e := range s.Story.Endings[seat] {
			v.Plots += e.VP
		}
	}
	v.Total = v.Conspiracy.Total + v.Plots
	return v
}

// groupFavor is the favor type of a rim group of the puzzle (AN-LINK-06).
func groupFavor(g conspiracy.Group) string {
	switch g {
	case conspiracy.Street:
		return FavorStreet
	case conspiracy.Corp:
		return FavorCorp
	case conspiracy.Political:
		return FavorPolitical
	case conspiracy.Society:
		return FavorSociety
	}
	return ""
}

// links is the puzzle's link count per group (none before setup).
func (s *State) links() [conspiracy.NumGroups]int {
	if s.Story.Puzzle == nil {
		return [conspiracy.NumGroups]int{}
	}
	return s.Story.Puzzle.Links()
}

// canPlaceEvidence reports whether a lead could place evidence now: a
// token is left to draw and a live suspect to take it.
func (s *State) canPlaceEvidence() bool { return len(s.EvidencePile) > 0 && s.liveSuspects() > 0 }

// storyStep reports whether k is one of the story's decisions.
func storyStep(k engine.DecisionKind) bool {
	switch k {
	case StepConspBenefit, StepConspPiece, StepConspBonus:
		return true
	}
	return false
}

// storyMoves lists the moves of a story decision.
func (s *State) storyMoves(top *Decision, ms *engine.Moves) {
	switch top.Kind {
	case StepConspBenefit:
		s.benefitMoves(ms)
	case StepConspPiece:
		s.pieceMoves(ms)
	case StepConspBonus:
		s.bonusMoves(ms)
	}
}

// storyPrompt words a story decision.
func (s *State) storyPrompt(d *Decision) string { return s.conspPrompt(d) }

// sayStoryVP says seat's story points at the close.
func (s *State) sayStoryVP(seat int, sv StoryVP, res *engine.Result) {
	v := sv.Conspiracy
	if sv.Total == 0 && v.CorpTokens == 0 {
		return
	}
	res.Say("%s: conspiracy tokens %d VP, Haas and Jinteki tokens %d VP, their links %d VP, favor links %d VP, plot endings %d VP.",
		who(seat), v.Conspiracy, v.CorpTokens, v.CorpLinks, v.FavorLinks, sv.Plots)
}

// castleClubMoves: the Castle Club's ability puts 1 good or bad baggage on
// any detective's plot, its user's own included (AN-BAG) [ours: the rules
// name the Castle Club as the baggage location only].
func (s *State) castleClubMoves(d *Det, use string, cost engine.Cond, pay func(*engine.Result), ms *engine.Moves) {
	ms.Add(use, engine.Require(false, "Say whose plot and which baggage: %s good baggage on <detective> or %s bad baggage on <detective>", use, use), func(*engine.Result) {})
	var inner engine.Moves
	s.baggageMoves(d.Seat, use+" ", &inner, pay)
	for _, m := range inner.All() {
		ms.Add(m.Text, cost.And(m.If), m.Do)
	}
}

// storyText is the story's part of the view: each plot in play with its
// baggage and the endings reached, then the conspiracy puzzle.
func (s *State) storyText() string {
	var b strings.Builder
	for _, i := range s.Order {
		if t := s.plotText(i); t != "" {
			fmt.Fprintf(&b, "%s's plot: %s.\n", who(i), t)
		}
		if t := s.npcText(i); t != "" {
			fmt.Fprintf(&b, "%s's NPC %s.\n", who(i), t)
		}
	}
	if s.Story.Puzzle != nil {
		b.WriteString(s.eventText() + "\n")
	}
	if t := s.conspText(); t != "" {
		b.WriteString(t + "\n")
	}
	return b.String()
}
