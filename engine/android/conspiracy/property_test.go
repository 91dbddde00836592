package conspiracy

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"casefile/engine"
)

// play runs one seeded random sequence of reveals, digs, placements,
// discards and bonus-piece draws until every hero marker is boxed, checking
// the invariants after each step. With roundTrip it continues each step
// from the JSON snapshot of the previous one, as the game does. It returns
// the final snapshot.
func play(t *testing.T, seed uint64, seats int, roundTrip bool) string {
	t.Helper()
	r := engine.NewRand(seed ^ 0x5eed)
	p := New(engine.NewRand(seed), seats)
	tokens := 0
	prev := p.LinkSides()
	for step := 0; ; step++ {
		if step > 500 {
			t.Fatalf("seed %d: no end after %d steps", seed, step)
		}
		if p.Pending == nil && p.Exhausted() {
			break
		}
		if p.Pending != nil {
			seat := p.Pending.Seat
			legal := p.PendingPlacements()
			tryIllegal(t, p, r, legal)
			var o Outcome
			var err error
			if len(legal) > 0 && r.Intn(10) < 8 {
				pl := engine.Pick(r, legal)
				if !p.Legal(pendingPiece(p), pl) {
					t.Fatalf("seed %d: listed placement %v is not legal", seed, pl)
				}
				o, err = p.Place(seat, pl)
			} else {
				o, err = p.Discard(seat)
			}
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			tokens += o.Tokens()
			for _, b := range o.Bonuses {
				if b.Kind == BonusPiece && r.Intn(5) > 0 && p.CheckBonusPiece(seat, b.Piece) == nil {
					if _, err := p.DrawBonusPiece(seat, b.Piece); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
			}
		} else {
			seat := r.Intn(seats)
			if p.CheckDig(seat) == nil && r.Intn(4) == 0 {
				if err := p.DigDeeper(seat); err != nil {
					t.Fatal(err)
				}
			} else if _, err := p.Reveal(seat); err != nil {
				t.Fatalf("seed %d: seat %d could not reveal with pieces left: %v", seed, seat, err)
			}
		}
		checkInvariants(t, p, seed)
		now := p.LinkSides()
		for g := range now {
			if now[g]&prev[g] != prev[g] {
				t.Fatalf("seed %d: %s lost a link: %s → %s", seed, Group(g), prev[g], now[g])
			}
		}
		prev = now
		if got := len(p.CompletedLines()); got != tokens {
			t.Fatalf("seed %d: %d lines complete but %d tokens given", seed, got, tokens)
		}
		if roundTrip {
			p = reload(t, p)
		}
	}
	for s, m := range p.Markers {
		if m != Boxed {
			t.Errorf("seed %d: seat %d's marker not boxed at the end", seed, s)
		}
	}
	if p.Placed()+len(p.Discards) != NumPieces {
		t.Errorf("seed %d: %d placed + %d discarded", seed, p.Placed(), len(p.Discards))
	}
	return snapshot(t, p)
}

func pendingPiece(p *Puzzle) Piece {
	pc, _ := PieceByID(p.Pending.Piece)
	return pc
}

// tryIllegal tries one random placement that is not listed and checks it
// is refused without a change.
func tryIllegal(t *testing.T, p *Puzzle, r *engine.Rand, legal []Placement) {
	t.Helper()
	pc := pendingPiece(p)
	pl := Placement{Cell: Cell(r.Intn(NumCells)), Rot: r.Intn(4)}
	if slices.ContainsFunc(legal, func(l Placement) bool { return l.Cell == pl.Cell && pc.Lines(l.Rot) == pc.Lines(pl.Rot) }) {
		return
	}
	before := snapshot(t, p)
	if _, err := p.Place(p.Pending.Seat, pl); err == nil {
		t.Fatalf("unlisted placement %v of #%d accepted", pl, pc.ID)
	}
	if snapshot(t, p) != before {
		t.Fatal("a refused placement changed the puzzle")
	}
}

func reload(t *testing.T, p *Puzzle) *Puzzle {
	t.Helper()
	b := snapshot(t, p)
	var q Puzzle
	if err := json.Unmarshal([]byte(b), &q); err != nil {
		t.Fatal(err)
	}
	if snapshot(t, &q) != b {
		t.Fatalf("JSON round trip changed the puzzle:\n%s\n%s", b, snapshot(t, &q))
	}
	return &q
}

// checkInvariants checks a state that play reached with Check, and that
// no group has more than 4 links.
func checkInvariants(t *testing.T, p *Puzzle, seed uint64) {
	t.Helper()
	if err := p.Check(); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	for g, n := range p.Links() {
		if n < 0 || n > 4 {
			t.Fatalf("seed %d: %s has %d links", seed, Group(g), n)
		}
	}
}

// TestPropertyRandomSequences plays 300 seeded random sequences for 3–5
// seats (AN-REVEAL-01…05, AN-REVEAL-13…15, AN-BONUS-10/11, AN-LINK-03 as
// invariants): pieces are conserved, placements are always legal and
// refused ones change nothing, markers stay beside piles with pieces,
// links only grow, and tokens match the completed lines.
func TestPropertyRandomSequences(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		play(t, seed, 3+int(seed%3), false)
	}
}

// TestJSONRoundTripReplay checks that a sequence continued from a JSON
// snapshot after every step ends exactly where the uninterrupted one does,
// and that the same seed always gives the same result.
func TestJSONRoundTripReplay(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		a := play(t, seed, 4, false)
		b := play(t, seed, 4, true)
		c := play(t, seed, 4, false)
		if a != b || a != c {
			t.Fatalf("seed %d: runs differ:\n%s\n%s\n%s", seed, a, b, c)
		}
	}
}

// TestPilesSecret checks that the public view of the puzzle shows how
// many pieces each pile holds but not which, and shows the grid, the
// discards and the pending piece.
func TestPilesSecret(t *testing.T) {
	p := fresh(3)
	p.Reveal(0)
	p.Place(0, p.PendingPlacements()[0])
	p.Reveal(1)
	v := engine.Redact(p, engine.Public)
	for ty := range v.Piles {
		if len(v.Piles[ty].Pieces) != p.Left(PieceType(ty)) {
			t.Errorf("%s pile shows %d pieces, holds %d", PieceType(ty), len(v.Piles[ty].Pieces), p.Left(PieceType(ty)))
		}
		for _, id := range v.Piles[ty].Pieces {
			if id != 0 {
				t.Fatalf("the public sees piece #%d in the %s pile", id, PieceType(ty))
			}
		}
	}
	if v.Cells != p.Cells || v.Pending == nil || *v.Pending != *p.Pending || !slices.Equal(v.Markers, p.Markers) {
		t.Error("the public view hides the grid, the markers or the revealed piece")
	}
}

// TestPuzzleCanClose checks the content: played by a player who keeps the
// most cells reachable, the puzzle closes (all 24 placed) in many seeded
// games, each a different grid; every group, the corporations included,
// is linked in some game, and some group reaches 3 links (4 are rare in
// play, about 1 group-game in 500; TestAN_LINK_03_04_AtMostFour builds
// them).
func TestPuzzleCanClose(t *testing.T) {
	closed := map[[NumCells]Slot]bool{}
	var linked [NumGroups]int
	three := 0
	const games = 200
	for seed := uint64(1); seed <= games; seed++ {
		p := greedyGame(seed)
		if p.Complete() {
			closed[p.Cells] = true
		}
		for g, n := range p.Links() {
			if n > 0 {
				linked[g]++
			}
			if n >= 3 {
				three++
			}
		}
	}
	if len(closed) < games/4 {
		t.Errorf("only %d of %d greedy games closed the puzzle", len(closed), games)
	}
	for g, n := range linked {
		if n == 0 {
			t.Errorf("%s never linked in %d games", Group(g), games)
		}
	}
	if three == 0 {
		t.Error("no group ever reached 3 links")
	}
}

// greedyGame draws every piece from random piles and places each where
// the most cells stay reachable, discarding only what cannot be placed.
func greedyGame(seed uint64) *Puzzle {
	r := engine.NewRand(seed ^ 0x9ee)
	p := New(engine.NewRand(seed), 1)
	// A bounded loop that stops on a refusal: a broken puzzle must fail
	// the test, not hang it.
	for step := 0; !p.Exhausted() && step < 2*NumPieces; step++ {
		rv, err := p.DrawBonusPiece(0, randomPile(p, r))
		if err != nil {
			break
		}
		legal := p.LegalPlacements(rv.Piece)
		if len(legal) == 0 {
			p.Discard(0)
			continue
		}
		p.Place(0, greedy(p, rv.Piece, legal))
	}
	return p
}

// randomGame is greedyGame with random placements.
func randomGame(seed uint64) *Puzzle {
	r := engine.NewRand(seed ^ 0x9ee)
	p := New(engine.NewRand(seed), 1)
	// A bounded loop that stops on a refusal: a broken puzzle must fail
	// the test, not hang it.
	for step := 0; !p.Exhausted() && step < 2*NumPieces; step++ {
		rv, err := p.DrawBonusPiece(0, randomPile(p, r))
		if err != nil {
			break
		}
		legal := p.LegalPlacements(rv.Piece)
		if len(legal) == 0 {
			p.Discard(0)
			continue
		}
		p.Place(0, engine.Pick(r, legal))
	}
	return p
}

// TestFigures logs, for CONTENT.md, how often the puzzle closes and how
// many links and lines a game ends with, played at random and greedily.
// Run: go test ./engine/android/conspiracy -run TestFigures -v -count=1
func TestFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("figures only")
	}
	const games = 2000
	for _, mode := range []struct {
		name string
		play func(uint64) *Puzzle
	}{{"random", randomGame}, {"greedy", greedyGame}} {
		closed, lines, discards := 0, 0, 0
		var links [NumGroups]int
		var hist [5]int
		for seed := uint64(1); seed <= games; seed++ {
			p := mode.play(seed)
			for _, n := range p.Links() {
				hist[n]++
			}
			if p.Complete() {
				closed++
			}
			lines += len(p.CompletedLines())
			discards += len(p.Discards)
			for g, n := range p.Links() {
				links[g] += n
			}
		}
		var per []string
		for g, n := range links {
			per = append(per, fmt.Sprintf("%s %.2f", Group(g), float64(n)/games))
		}
		t.Logf("%s placement, %d games: closed %.1f%%, lines %.2f, discards %.2f, links per game: %v; groups with 0…4 links: %v",
			mode.name, games, 100*float64(closed)/games, float64(lines)/games, float64(discards)/games, per, hist)
	}
}
