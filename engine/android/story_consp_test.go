package android

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/android/conspiracy"
)

// takePiece removes piece id from its pile, for a test that lays out the
// grid by hand.
func takePiece(t *testing.T, s *State, id int) {
	t.Helper()
	p := s.Story.Puzzle
	for ty := range p.Piles {
		if i := slices.Index(p.Piles[ty].Pieces, id); i >= 0 {
			p.Piles[ty].Pieces = slices.Delete(p.Piles[ty].Pieces, i, i+1)
			return
		}
	}
	t.Fatalf("piece #%d is in no pile", id)
}

// putPiece lays piece id on cell (e.g. "c1") with rotation rot.
func putPiece(t *testing.T, s *State, id int, cell string, rot int) {
	t.Helper()
	takePiece(t, s, id)
	c, ok := conspiracy.ParseCell(cell)
	if !ok {
		t.Fatalf("no cell %s", cell)
	}
	s.Story.Puzzle.Cells[c] = conspiracy.Slot{Piece: id, Rot: rot}
}

// stagePiece puts piece id on top of its pile and the seat's hero marker beside
// that pile, so that Reveal Information draws it.
func stagePiece(t *testing.T, s *State, seat, id int) {
	t.Helper()
	pc, _ := conspiracy.PieceByID(id)
	takePiece(t, s, id)
	pile := &s.Story.Puzzle.Piles[pc.Type]
	pile.Pieces = append(pile.Pieces, id)
	s.Story.Puzzle.Markers[seat] = int(pc.Type)
	fresh(s)
}

// useLead follows up the lead the active detective is put on, lets the
// player on the right move it, and leaves the use of the lead to decide.
func useLead(t *testing.T, s *State) int {
	t.Helper()
	seat := s.active()
	atLead(t, s, 0)
	apply(t, s, seat, "follow up")
	apply(t, s, s.right(seat), legal(s, s.right(seat))[0])
	if top := s.Pending.Top(); top.Kind != StepUseLead {
		t.Fatalf("after the follow-up: %s", top.Kind)
	}
	return seat
}

// otherSeat is a seat other than seat.
func otherSeat(s *State, seat int) int { return s.left(seat) }

// TestConspSetup (AN-SETUP-25/26): the puzzle's pieces lie in three
// face-down piles by type, shift (least valuable), favor, baggage; each
// hero marker starts beside the shift pile [ours]; the same seed deals the
// same piles, and the public sees the counts, never the order.
func TestConspSetup(t *testing.T) {
	s := newS(t, 4, 11, "2")
	p := s.Story.Puzzle
	want := map[conspiracy.PieceType]int{conspiracy.Shift: 10, conspiracy.Favor: 8, conspiracy.Baggage: 6}
	for ty, n := range want {
		if p.Left(ty) != n {
			t.Errorf("%s pile: %d pieces, want %d", ty, p.Left(ty), n)
		}
		for _, id := range p.Piles[ty].Pieces {
			if pc, _ := conspiracy.PieceByID(id); pc.Type != ty {
				t.Errorf("piece #%d (%s) in the %s pile", id, pc.Type, ty)
			}
		}
	}
	if len(p.Markers) != 4 || slices.ContainsFunc(p.Markers, func(m int) bool { return m != int(conspiracy.Shift) }) {
		t.Errorf("markers %v", p.Markers)
	}
	if s.Story.TokenSupply != ConspiracyTokens || s.Story.BaggageSupply != BaggageTokens {
		t.Errorf("supplies: %d conspiracy tokens, %d baggage", s.Story.TokenSupply, s.Story.BaggageSupply)
	}
	again := newS(t, 4, 11, "2")
	if !slices.Equal(again.Story.Puzzle.Piles[0].Pieces, p.Piles[0].Pieces) || slices.Equal(newS(t, 4, 12, "2").Story.Puzzle.Piles[0].Pieces, p.Piles[0].Pieces) {
		t.Error("the piles are not shuffled by the seed")
	}
	v := s.View(engine.Public).(*View)
	for ty := range v.State.Story.Puzzle.Piles {
		for _, id := range v.State.Story.Puzzle.Piles[ty].Pieces {
			if id != 0 {
				t.Fatal("the public view shows a pile's order")
			}
		}
	}
	text := v.Text()
	if !strings.Contains(text, "Conspiracy piles: shift 10, favor 8, baggage 6") || !strings.Contains(text, p.Text()) {
		t.Errorf("the public view lacks the puzzle:\n%s", text)
	}
}

// TestRevealInformation (AN-CONSP-01, AN-REVEAL-01/02/06/07/10/12,
// AN-LEAD-09): the lead's use offers Reveal Information and Dig Deeper
// beside placing evidence; revealing draws the top piece of the pile by
// the hero marker, the marker goes back to the least valuable pile, then
// the benefit (a shift of any one detective, or none), then the piece is
// placed where the puzzle allows or discarded by choice.
func TestRevealInformation(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := useLead(t, s)
	p := s.Story.Puzzle
	stagePiece(t, s, seat, 3)
	p.Markers[seat] = int(conspiracy.Shift)
	shiftLeft := p.Left(conspiracy.Shift)
	apply(t, s, seat, "reveal information")
	if p.Pending == nil || p.Pending.Piece != 3 || p.Left(conspiracy.Shift) != shiftLeft-1 || p.Markers[seat] != int(conspiracy.Shift) {
		t.Fatalf("reveal: pending %+v, markers %v", p.Pending, p.Markers)
	}
	if top := s.Pending.Top(); top.Kind != StepConspBenefit || int(top.Seats[0]) != seat {
		t.Fatalf("the benefit comes first: %+v", top)
	}
	o := otherSeat(s, seat)
	slug := s.Dets[o].Def().Slug
	for _, m := range []string{"no shift", "light shift " + slug, "dark shift " + slug, "dark shift " + s.Dets[seat].Def().Slug} {
		if !has(s, seat, m) {
			t.Errorf("%q not offered: %v", m, legal(s, seat))
		}
	}
	s.Dets[o].Twilight = TwilightSpan
	if has(s, seat, "dark shift "+slug) || !strings.Contains(refusal(s, seat, "dark shift "+slug), "completely dark") {
		t.Errorf("a completely dark detective shifted dark: %q", refusal(s, seat, "dark shift "+slug))
	}
	apply(t, s, seat, "light shift "+slug)
	if s.Dets[o].Twilight != TwilightSpan-1 {
		t.Errorf("twilight %d after a light shift", s.Dets[o].Twilight)
	}
	if top := s.Pending.Top(); top.Kind != StepConspPiece {
		t.Fatalf("then the piece: %s", top.Kind)
	}
	var want []string
	for _, pl := range p.PendingPlacements() {
		want = append(want, "place piece "+pl.String())
	}
	want = append(want, "discard piece")
	if got := legal(s, seat); !slices.Equal(got, want) {
		t.Fatalf("piece moves %v, want %v", got, want)
	}
	// AN-REVEAL-13…15: a cell far from the conspiracy is refused, and
	// the refusal changes nothing.
	before, _ := s.Marshal()
	if msg := refusal(s, seat, "place piece a1"); !strings.Contains(msg, "attach") {
		t.Errorf("placement away from the puzzle: %q", msg)
	}
	if _, err := s.Apply(engine.Seat(seat), "place piece a1"); err == nil {
		t.Fatal("an illegal placement was applied")
	}
	if after, _ := s.Marshal(); string(after) != string(before) {
		t.Error("a refused placement changed the state")
	}
	apply(t, s, seat, want[0])
	if p.Placed() != 1 || p.Pending != nil {
		t.Errorf("placed %d, pending %+v", p.Placed(), p.Pending)
	}
	if s.Pending.Top().Kind != StepTurn {
		t.Errorf("the turn does not resume: %s", s.Pending.Top().Kind)
	}
	// AN-REVEAL-12: a piece may be discarded by choice.
	s.Time = 6
	useLead(t, s)
	apply(t, s, seat, "reveal information")
	apply(t, s, seat, "no shift")
	id := p.Pending.Piece
	if len(p.PendingPlacements()) == 0 {
		t.Skip("no legal place for the second piece with this seed")
	}
	apply(t, s, seat, "discard piece")
	if !slices.Contains(p.Discards, id) {
		t.Error("the discarded piece is not on the discard pile")
	}
}

// TestRevealFavorAndBaggage (AN-REVEAL-08/09/16, AN-BONUS-04): a favor
// piece gives one normal favor of the player's choice from the supply; a
// baggage piece one good or bad baggage on any detective's plot; a piece's
// bonus (here a hit) is gained even when it is discarded.
func TestRevealFavorAndBaggage(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := useLead(t, s)
	stagePiece(t, s, seat, 11)
	apply(t, s, seat, "reveal information")
	s.Supply.Favors[FavorSociety] = 0
	if has(s, seat, "favor society") || has(s, seat, "no favor") {
		t.Errorf("favor moves %v", legal(s, seat))
	}
	supply := s.Supply.Favors[FavorStreet]
	apply(t, s, seat, "favor street")
	if s.Dets[seat].Favors[FavorStreet] != 1 || s.Supply.Favors[FavorStreet] != supply-1 {
		t.Error("the street favor did not come from the supply")
	}
	apply(t, s, seat, "discard piece")
	s.Supply.Favors[FavorSociety] = FavorsPerType

	s.Time = 6
	useLead(t, s)
	stagePiece(t, s, seat, 19)
	apply(t, s, seat, "reveal information")
	o := otherSeat(s, seat)
	apply(t, s, seat, "bad baggage on "+s.Dets[o].Def().Slug)
	if ps := s.Story.Plots[o]; ps.Bad != 1 || ps.Good != 0 || s.Story.BaggageSupply != BaggageTokens-1 {
		t.Errorf("baggage %+v, supply %d", ps, s.Story.BaggageSupply)
	}
	apply(t, s, seat, "discard piece")
	if top := s.Pending.Top(); top.Kind != StepConspBonus || s.Story.Bonus == nil || s.Story.Bonus.Kind != conspiracy.Hit {
		t.Fatalf("no hit bonus after a discard: %+v", top)
	}
	sus := s.Suspects[1].Def().Slug
	apply(t, s, seat, "hit "+sus)
	if s.Suspects[1].Hits != 1 || s.Story.Bonus != nil {
		t.Errorf("hit bonus: %d hits", s.Suspects[1].Hits)
	}
}

// TestConspBonusMoveLead (AN-BONUS-01/02/03): a Move a Lead bonus lets
// the active player (our ruling of the ⚠ item) move one lead of the type
// shown, as if the player on his left had followed it up: a free location
// of the lead's type outside the active detective's district.
func TestConspBonusMoveLead(t *testing.T) {
	s := quiet(newS(t, 4, 5, "3"))
	seat := useLead(t, s)
	stagePiece(t, s, seat, 8)
	apply(t, s, seat, "reveal information")
	apply(t, s, seat, "no shift")
	apply(t, s, seat, "discard piece")
	top := s.Pending.Top()
	if top.Kind != StepConspBonus || int(top.Seats[0]) != seat {
		t.Fatalf("the bonus is not the active player's: %+v", top)
	}
	var want []string
	for li, ld := range s.Leads {
		if ld.At >= 0 && ld.Kind == Document {
			for _, to := range s.leadDestinations(li, seat) {
				want = append(want, "move "+ld.Name()+" to "+Locations[to].Slug)
			}
		}
	}
	got := legal(s, seat)
	if !slices.Equal(got[1:], want) || got[0] != "no bonus" {
		t.Fatalf("bonus moves %v, want no bonus and %v", got, want)
	}
	own := Locations[s.Dets[seat].At].District
	m := want[len(want)-1]
	apply(t, s, seat, m)
	for _, ld := range s.Leads {
		if strings.HasPrefix(m, "move "+ld.Name()+" to ") {
			if Locations[ld.At].Slug != m[strings.LastIndex(m, " ")+1:] || Locations[ld.At].District == own {
				t.Errorf("lead %s at %s", ld.Name(), Locations[ld.At].Name)
			}
		}
	}
	if has(s, seat, m) {
		t.Error("the bonus is still pending")
	}
}

// TestConspBonusPieceChain (AN-BONUS-05/06): a Bonus Puzzle Piece bonus
// draws the top piece of the pile shown, which gives its own benefit and
// is placed or discarded as normal; a bonus naming an empty pile is lost.
func TestConspBonusPieceChain(t *testing.T) {
	s := quiet(newS(t, 3, 4, "2"))
	seat := useLead(t, s)
	p := s.Story.Puzzle
	stagePiece(t, s, seat, 14)
	apply(t, s, seat, "reveal information")
	apply(t, s, seat, "favor corp")
	apply(t, s, seat, "discard piece")
	top := p.Piles[conspiracy.Shift].Pieces[len(p.Piles[conspiracy.Shift].Pieces)-1]
	apply(t, s, seat, "draw shift piece")
	if p.Pending == nil || p.Pending.Piece != top || !p.Pending.Bonus {
		t.Fatalf("bonus piece: %+v, want #%d", p.Pending, top)
	}
	if k := s.Pending.Top().Kind; k != StepConspBenefit {
		t.Fatalf("the bonus piece's benefit: %s", k)
	}
	apply(t, s, seat, "no shift")
	apply(t, s, seat, "discard piece")
	for s.Pending.Top().Kind == StepConspBonus {
		apply(t, s, seat, "no bonus")
	}
	// A bonus naming an empty pile is lost, said so, with no step.
	s.Time = 6
	useLead(t, s)
	stagePiece(t, s, seat, 20)
	p.Discards = append(p.Discards, p.Piles[conspiracy.Favor].Pieces...)
	p.Piles[conspiracy.Favor].Pieces = nil
	apply(t, s, seat, "reveal information")
	apply(t, s, seat, "no baggage")
	res := apply(t, s, seat, "discard piece")
	if !strings.Contains(strings.Join(res.Public, " "), "is lost") || s.Pending.Top().Kind == StepConspBonus {
		t.Errorf("a bonus from an empty pile: %v", res.Public)
	}
}

// TestDigDeeper (AN-DIG-01/02): Dig Deeper moves the hero marker beside
// the next more valuable pile and draws nothing; beside the most valuable
// pile it is refused, saying why.
func TestDigDeeper(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := useLead(t, s)
	p := s.Story.Puzzle
	before := [3]int{p.Left(0), p.Left(1), p.Left(2)}
	apply(t, s, seat, "dig deeper")
	if p.Markers[seat] != int(conspiracy.Favor) || p.Pending != nil || [3]int{p.Left(0), p.Left(1), p.Left(2)} != before {
		t.Errorf("dig: markers %v pending %+v", p.Markers, p.Pending)
	}
	if s.Pending.Top().Kind != StepTurn {
		t.Errorf("dig deeper gives a benefit or bonus: %s", s.Pending.Top().Kind)
	}
	s.Time = 6
	useLead(t, s)
	p.Markers[seat] = int(conspiracy.Baggage)
	fresh(s)
	if has(s, seat, "dig deeper") || !strings.Contains(refusal(s, seat, "dig deeper"), "most valuable") {
		t.Errorf("dig beside the baggage pile: %q", refusal(s, seat, "dig deeper"))
	}
}

// TestConspTokensAndLinkVP (AN-BONUS-07…12, AN-VP-05, AN-CORP-03,
// AN-LINK-05, AN-VP-09/10): adding the last piece of a line gives a
// conspiracy token at once; at the close each token scores 4 VP, each Haas
// and Jinteki token 3 VP plus 1 per link of its corporation, and each
// favor 1 VP per link of its group, all in the seat's score.
func TestConspTokensAndLinkVP(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := useLead(t, s)
	p := s.Story.Puzzle
	// Column c: lines on c1, c2, c4 (c1's north edge is the Corp port);
	// the Haas link piece on b3 facing the conspiracy's west side.
	putPiece(t, s, 1, "c1", 0)
	putPiece(t, s, 2, "c2", 0)
	putPiece(t, s, 8, "c4", 0)
	putPiece(t, s, 23, "b3", 1)
	stagePiece(t, s, seat, 14)
	apply(t, s, seat, "reveal information")
	apply(t, s, seat, "favor corp")
	res := apply(t, s, seat, "place piece c5")
	if s.Story.Tokens[seat] != 1 || s.Story.TokenSupply != ConspiracyTokens-1 || !strings.Contains(strings.Join(res.Public, " "), "conspiracy token") {
		t.Fatalf("column c completed: %d tokens, log %v", s.Story.Tokens[seat], res.Public)
	}
	apply(t, s, seat, "no bonus")
	links := p.Links()
	if links[conspiracy.Corp] != 1 || links[conspiracy.Society] != 1 || links[conspiracy.HaasBioroid] != 1 || links[conspiracy.Jinteki] != 0 {
		t.Fatalf("links %v", links)
	}
	d := &s.Dets[seat]
	d.Favors[FavorSociety] += 2
	s.Supply.Favors[FavorSociety] -= 2
	d.Haas, s.Supply.Haas = 2, s.Supply.Haas-2
	d.Jinteki, s.Supply.Jinteki = 1, s.Supply.Jinteki-1
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
	var r engine.Result
	s.closeCase(&r)
	sv := s.Close.Story[seat]
	want := conspiracy.VP{Conspiracy: 4, CorpTokens: 9, FavorLinks: 3, CorpLinks: 2, Total: 18}
	if sv.Conspiracy != want {
		t.Errorf("conspiracy VP %+v, want %+v", sv.Conspiracy, want)
	}
	h := s.Close.Hunches[seat]
	hunch := 0
	if h.GuiltyRight {
		hunch += VPGuilty
	}
	if h.InnocentRight {
		hunch += VPInnocent
	}
	if h.Bonus {
		hunch += VPObsession
	}
	if got := s.Close.Scores[seat]; got != hunch+sv.Total+VPTrauma*d.Trauma {
		t.Errorf("score %d, want %d + %d", got, hunch, sv.Total)
	}
}

// TestConspInPlay: random and bot games uncover the conspiracy (the
// playouts that conserve its pieces are not vacuous).
func TestConspInPlay(t *testing.T) {
	placed, tokens := 0, 0
	for g := 0; g < 3; g++ {
		s, _ := playBots(t, engine.Setup{Players: 4, Seed: uint64(500 + g), Options: map[string]string{"murder": "1"}})
		placed += s.Story.Puzzle.Placed()
		for _, n := range s.Story.Tokens {
			tokens += n
		}
	}
	t.Logf("3 bot games: %d pieces placed, %d conspiracy tokens", placed, tokens)
	if placed == 0 {
		t.Error("bots never place a conspiracy piece")
	}
}

// TestStoryRefusals: the story's moves refuse bad input with the reason
// and change nothing.
func TestStoryRefusals(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := useLead(t, s)
	stagePiece(t, s, seat, 11)
	apply(t, s, seat, "reveal information")
	check := func(move, want string) {
		t.Helper()
		before, _ := s.Marshal()
		msg := refusal(s, seat, move)
		if !strings.Contains(msg, want) {
			t.Errorf("%q: refusal %q, want %q", move, msg, want)
		}
		if _, err := s.Apply(engine.Seat(seat), move); err == nil {
			t.Errorf("%q applied", move)
		}
		if after, _ := s.Marshal(); string(after) != string(before) {
			t.Errorf("%q changed the state", move)
		}
	}
	check("favor banana", "Name a favor type")
	check("no shift", "")
	apply(t, s, seat, "favor corp")
	check("place piece z9", "attach")
	check("reveal information", "")
	apply(t, s, seat, "discard piece")
	useLead(t, s)
	stagePiece(t, s, seat, 19)
	apply(t, s, seat, "reveal information")
	check("good baggage on nobody", "Name a detective")
	apply(t, s, seat, "no baggage")
	apply(t, s, seat, "discard piece")
	s.Suspects[0].Dead = true
	check("hit "+s.Suspects[0].Def().Slug, "is dead")
	check("hit nobody", "live suspect")
}
