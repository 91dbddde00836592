package engine

// Rand is the seeded random generator of one game. Its whole state is the
// exported field S, so it serializes with the game state and a snapshot
// restores the exact sequence that follows. It is SplitMix64: small, fast
// and statistically sound for shuffles and dice.
//
// Games keep a Rand in their state (tagged vis:"hidden") and draw every
// shuffle and roll from it; nothing in a game may use math/rand or time.
type Rand struct {
	S uint64 `json:"s,string"`
}

// NewRand seeds a generator.
func NewRand(seed uint64) *Rand { return &Rand{S: seed} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.S += 0x9e3779b97f4a7c15
	z := r.S
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform int in [0, n). It panics if n <= 0, which is a
// programming error in a game, never a player's.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("engine: Rand.Intn with n <= 0")
	}
	// Rejection sampling keeps the result unbiased.
	bound := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % bound)
	for {
		v := r.Uint64()
		if v < limit {
			return int(v % bound)
		}
	}
}

// Die rolls a die with the given number of sides, 1..sides.
func (r *Rand) Die(sides int) int { return r.Intn(sides) + 1 }

// Shuffle permutes n elements with swap, Fisher–Yates.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// ShuffleSlice shuffles s in place.
func ShuffleSlice[T any](r *Rand, s []T) {
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// Pick returns a uniformly chosen element of s; s must not be empty.
func Pick[T any](r *Rand, s []T) T { return s[r.Intn(len(s))] }
