package escapeplan

import (
	"testing"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render/rendertest"
)

// phaseBoards plays a seeded 5-player game with random legal moves and
// returns the public view after every move that ended a phase or round:
// the boards the picture worker draws, in order.
func phaseBoards(t testing.TB, seed uint64) []engine.View {
	return rendertest.GameBoards(t, ep.Game(), engine.Setup{Players: 5, Seed: seed})
}

// sequenceSeed numbers the games of BenchmarkPictureFloorSequence: each
// run draws a game the process has not drawn, as a bot's next game is.
var sequenceSeed uint64 = 100

// BenchmarkPictureFloorSequence sets beside their floor the consecutive
// phase boards of one seeded 5-player game, as the picture worker draws
// them (issue 16, benchmark b): each picture is the next phase's board,
// each run a new game.
func BenchmarkPictureFloorSequence(b *testing.B) {
	sequenceSeed++
	rendertest.PictureFloorSequence(b, phaseBoards(b, sequenceSeed), Board)
}
