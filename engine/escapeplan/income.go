package escapeplan

import (
	"casefile/engine"
)

// The Income phase (EP-INCOME-*).

// incomePhase pays income by the Income track, then the optional $3 unlock
// below Notoriety 3 (EP-INCOME-02/03/04; Sandra takes none).
func (s *State) incomePhase(res *engine.Result) {
	for _, a := range s.Order {
		if a == SandraActor {
			continue
		}
		p := &s.Players[a]
		if !p.active() {
			continue
		}
		v := s.gainIncome(p)
		res.Say("%s gains Income ($%d).", who(a), v)
	}
	for _, a := range s.Order {
		if a == SandraActor || !s.Players[a].active() {
			continue
		}
		if s.Players[a].Notoriety < 3 {
			t := s.ask(a, UnlockAsset)
			t.Data.N, t.Data.Optional, t.Data.Reason = 1, true, "income"
			s.queue(t)
		}
	}
}

// incomeValue is the lowest visible number on a player's Income track.
func incomeValue(cubesLeft int) int { return IncomeValues[IncomeCubes-cubesLeft] }

func (s *State) gainIncome(p *Player) int {
	v := incomeValue(p.IncomeCubes)
	s.pay(&p.Money, -v)
	return v
}
