package escapeplan

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// The End of Game (EP-END-*): arrests, the final Contact discard, scoring
// and the winner.

// endOfGame arrests the players who did not escape (our reading), and
// every escaped player discards 1 Contact card (EP-END-02).
func (s *State) endOfGame(res *engine.Result) {
	for i := range s.Players {
		p := &s.Players[i]
		if p.Status == "" {
			s.arrest(i, res, "still in the city when the game ends")
		}
	}
	for _, a := range s.Order {
		if a == SandraActor || s.Players[a].Status != "escaped" {
			continue
		}
		s.queue(s.ask(a, DiscardContact))
	}
}

// FinalScore is a player's end-game money (EP-END-01..09).
func (s *State) FinalScore(p *Player) int {
	if p.Status == "arrested" {
		return 0
	}
	plan := planByTitle(p.Plan)
	total := p.Money
	for _, b := range s.Businesses {
		for _, c := range b.Cubes {
			if c.Actor == p.Seat {
				total += planValue(plan, b.Name)
			}
		}
	}
	for _, h := range s.SafeHouses {
		for _, c := range h.Cubes {
			if c.Actor == p.Seat {
				total += planValue(plan, h.Name)
			}
		}
	}
	for _, a := range p.Assets {
		if a.Used {
			total += 10
		}
	}
	total += ContactBonus[min(p.contactCount(), len(ContactBonus)-1)]
	for _, it := range p.Items {
		if it.Secret != nil {
			total += it.Secret.Value
		}
	}
	total -= NotorietyPenalty(p.Notoriety)
	total -= 20 * p.Wounds
	return total
}

func planByTitle(title string) EscapePlan {
	for _, pl := range EscapePlans {
		if pl.Title == title {
			return pl
		}
	}
	return EscapePlan{}
}

func planValue(plan EscapePlan, name string) int {
	for _, t := range plan.Targets {
		if t == name {
			return PlanTargetValue
		}
	}
	return PlanOtherValue
}

// score ends the game: most money wins; ties by money behind the screen,
// then least Notoriety, then fewest Wounds (EP-END-10..13).
func (s *State) score(res *engine.Result) {
	out := &Outcome{}
	best := -1
	for i := range s.Players {
		p := &s.Players[i]
		p.Score = s.FinalScore(p)
		out.Scores = append(out.Scores, p.Score)
		if p.Status != "escaped" {
			continue
		}
		if best < 0 || s.better(i, best) {
			best = i
		}
	}
	if best >= 0 {
		for i := range s.Players {
			if s.Players[i].Status == "escaped" && !s.better(best, i) && !s.better(i, best) {
				out.Winners = append(out.Winners, i)
			}
		}
	}
	var parts []string
	for i, sc := range out.Scores {
		parts = append(parts, fmt.Sprintf("%s $%dk (%s)", who(i), sc, statusWord(s.Players[i].Status)))
	}
	if len(out.Winners) == 0 {
		out.Summary = "Nobody got away: the police win. Scores: " + strings.Join(parts, ", ") + "."
	} else {
		var ws []string
		for _, w := range out.Winners {
			ws = append(ws, who(w))
		}
		how := " got away with the most money."
		if top := slices.Max(out.Scores); s.Players[out.Winners[0]].Score < top {
			// Only escaped players win (CONTENT.md); an arrested 0 may
			// beat an escaped player in debt, so say what is true.
			how = fmt.Sprintf(" got away and win%s with $%dk, the best score of those who escaped.",
				map[bool]string{true: "s", false: ""}[len(ws) == 1], s.Players[out.Winners[0]].Score)
		}
		out.Summary = strings.Join(ws, " and ") + how + " Scores: " + strings.Join(parts, ", ") + "."
	}
	s.Result = out
	s.Over = true
	res.Say("Game over. %s", out.Summary)
	res.EndPhase(s.phaseTitle())
}

func statusWord(st string) string {
	if st == "" {
		return "in the city"
	}
	return st
}

// better reports whether seat a beats seat b.
func (s *State) better(a, b int) bool {
	pa, pb := &s.Players[a], &s.Players[b]
	if pa.Score != pb.Score {
		return pa.Score > pb.Score
	}
	if pa.Money != pb.Money {
		return pa.Money > pb.Money
	}
	if pa.Notoriety != pb.Notoriety {
		return pa.Notoriety < pb.Notoriety
	}
	return pa.Wounds < pb.Wounds
}

// discardContactMoves lists an escaped player's Contact cards to discard
// before scoring (EP-END-02).
func (s *State) discardContactMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	for i, c := range p.Contacts {
		if c.Card < 0 {
			continue
		}
		i := i
		ms.Legal(fmt.Sprintf("discard contact %d %s", i+1, ContactDeck[c.Card].Name), func(res *engine.Result) {
			s.ContactsBox = append(s.ContactsBox, p.Contacts[i].Card)
			res.Say("%s discards the %s Contact card.", who(seat), ContactDeck[p.Contacts[i].Card].Name)
			p.Contacts[i].Card = -1
			p.Contacts[i].Used = false
			s.Pending.Pop()
		})
	}
}
