package escapeplan

import (
	"sort"
	"strings"

	"casefile/engine"
)

// The Turn Order phase (EP-ORDER-*).

// turnOrderPhase orders actors by Notoriety, highest first; ties reverse
// their previous relative order (EP-ORDER-01..04).
func (s *State) turnOrderPhase(res *engine.Result) {
	prev := map[int]int{}
	for i, a := range s.Order {
		prev[a] = i
	}
	order := append([]int(nil), s.Order...)
	sort.SliceStable(order, func(i, j int) bool {
		ni, nj := s.notoriety(order[i]), s.notoriety(order[j])
		if ni != nj {
			return ni > nj
		}
		return prev[order[i]] > prev[order[j]]
	})
	s.Order = order
	var names []string
	for _, a := range order {
		names = append(names, who(a))
	}
	res.Say("Turn order for round %d: %s.", s.Round, strings.Join(names, ", "))
}

func (s *State) notoriety(actor int) int {
	if actor == SandraActor {
		return s.Sandra.Notoriety
	}
	return s.Players[actor].Notoriety
}
