package policeprecinct

import (
	"slices"
	"testing"

	"casefile/engine"
)

// distancesByList is distances as first written, a deque of one slice
// with each intersection put in front by a new one, kept to hold the
// faster walk to the same answers.
func distancesByList(s *State, from int) []int {
	blocked := s.blockedIntersections()
	n := NumSpaces + len(interNames)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dq := []int{from}
	dist[from] = 0
	for len(dq) > 0 {
		u := dq[0]
		dq = dq[1:]
		var next []int
		if u < NumSpaces {
			next = append(next, spaceNbrs[u]...)
			for _, in := range spaceInters[u] {
				next = append(next, NumSpaces+in)
			}
		} else {
			next = interSpaces[u-NumSpaces]
		}
		for _, v := range next {
			if v >= NumSpaces && blocked[v-NumSpaces] {
				continue
			}
			w := 1
			if v >= NumSpaces {
				w = 0
			}
			if dist[v] >= 0 && dist[v] <= dist[u]+w {
				continue
			}
			dist[v] = dist[u] + w
			if w == 0 {
				dq = append([]int{v}, dq...)
			} else {
				dq = append(dq, v)
			}
		}
	}
	return dist[:NumSpaces]
}

// TestDistancesAreTheFirstWalks: from every Street Space, in positions
// of random games (Emergencies and Officers Down blocking intersections
// as they come and go), distances gives what the first walk gave.
func TestDistancesAreTheFirstWalks(t *testing.T) {
	blockedSeen := 0
	for seed := uint64(1); seed <= 3; seed++ {
		st, err := Game().New(engine.Setup{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		for step := 0; step < 300; step++ {
			if step%5 == 0 {
				if slices.Contains(s.blockedIntersections(), true) {
					blockedSeen++
				}
				for from := 0; from < NumSpaces; from++ {
					if got, want := s.distances(from), distancesByList(s, from); !slices.Equal(got, want) {
						t.Fatalf("seed %d step %d from %d: %v, want %v", seed, step, from, got, want)
					}
				}
			}
			seat, mv, ok := engine.RandomMove(s, r)
			if !ok {
				break
			}
			if _, err := s.Apply(seat, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if blockedSeen == 0 {
		t.Fatal("no position had a blocked intersection: the test proves less than it says")
	}
}
