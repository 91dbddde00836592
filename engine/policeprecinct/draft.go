package policeprecinct

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// The character draft (option characters=choose) [ours]: after the deal
// and before the car choice, every seat in seat order takes one free
// character ("take kinney"); a taken character leaves the choice. The
// draft is a decision per seat, so the log replays it and the stand-in
// default, the first free character in card order, keeps a game going
// when a seat is away.

// PickCharacter: a seat of a drafting table takes a character.
const PickCharacter engine.DecisionKind = "pick character"

// CharacterKey is the word that names character i in a move: the last
// word of its name, lower case ("kinney" for Det. Joe Kinney).
func CharacterKey(i int) string {
	f := strings.Fields(Characters[i].Name)
	return strings.ToLower(f[len(f)-1])
}

// characterTaken reports whether a cop already holds character i.
func (s *State) characterTaken(i int) bool {
	return slices.ContainsFunc(s.Cops, func(c Cop) bool { return c.Character == i })
}

// freeCharacters are the characters no cop holds, in card order.
func (s *State) freeCharacters() []int {
	var out []int
	for i := range Characters {
		if !s.characterTaken(i) {
			out = append(out, i)
		}
	}
	return out
}

// freeCharactersText lists the free characters with their ratings and
// powers, for the prompt.
func (s *State) freeCharactersText() string {
	var parts []string
	for _, i := range s.freeCharacters() {
		ch := Characters[i]
		powers := string(ch.Power)
		if ch.Second != "" {
			powers += ", " + string(ch.Second)
		}
		parts = append(parts, fmt.Sprintf("take %s (%s %d/%d/%d, %s)", CharacterKey(i), ch.Name, ch.Glass, ch.Light, ch.Cuffs, powers))
	}
	return strings.Join(parts, "; ")
}

// pushPick asks seat to take a character; its default is the first free
// one.
func (s *State) pushPick(seat int) {
	def := "take " + CharacterKey(s.freeCharacters()[0])
	s.Pending.Push(Decision{Kind: PickCharacter, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(seat)}, Phase: PhaseSetup, Default: def})
}

// pickMoves: "take <name>" for each character; a taken one is refused
// with the names still free.
func (s *State) pickMoves(seat int, ms *engine.Moves) {
	var free []string
	for _, i := range s.freeCharacters() {
		free = append(free, CharacterKey(i))
	}
	for i := range Characters {
		ms.Add("take "+CharacterKey(i), engine.Require(!s.characterTaken(i), "%s is taken; free: %s", Characters[i].Name, strings.Join(free, ", ")),
			func(res *engine.Result) { s.takeCharacter(seat, i, res) })
	}
	ms.RefuseFamily("take", engine.Cond("No such character; free: "+strings.Join(free, ", ")))
}

// takeCharacter gives seat character i, with the Early Riser's Donut,
// and passes the draft to the next seat, or to the car choice after the
// last.
func (s *State) takeCharacter(seat, i int, res *engine.Result) {
	c := &s.Cops[seat]
	c.Character = i
	s.earlyRiser(c)
	res.Say("%s takes %s.", who(seat), Characters[i].Name)
	s.Pending.Pop()
	if seat+1 < len(s.Cops) {
		s.pushPick(seat + 1)
	}
}
