package android

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"casefile/engine"
)

// TestStoryFigures logs what bot games make of the story: pieces placed
// and discarded, conspiracy tokens, links, plot-ending VP, trauma and the
// story's share of the winner's score. AN_STORY_GAMES sets the number of
// games per player count (default 2). It asserts only that the story is
// played: pieces placed and every plot ended.
func TestStoryFigures(t *testing.T) {
	games := 2
	if n, err := strconv.Atoi(os.Getenv("AN_STORY_GAMES")); err == nil && n > 0 {
		games = n
	}
	if testing.Short() {
		games = 1
	}
	for n := 3; n <= 5; n++ {
		placed, discarded, tokens, links, plotVP, endings, trauma, storyVP, total := 0, 0, 0, 0, 0, 0, 0, 0, 0
		for g := 0; g < games; g++ {
			su := engine.Setup{Players: n, Seed: uint64(n*777 + g), Options: map[string]string{"murder": fmt.Sprint(g%3 + 1)}}
			s, _ := playBots(t, su)
			p := s.Story.Puzzle
			placed += p.Placed()
			discarded += len(p.Discards)
			for _, k := range s.Story.Tokens {
				tokens += k
			}
			for _, k := range p.Links() {
				links += k
			}
			for i := range s.Dets {
				endings += len(s.Story.Endings[i])
				plotVP += s.Close.Story[i].Plots
				trauma += s.Dets[i].Trauma
				storyVP += s.Close.Story[i].Total
				total += s.Close.Scores[i]
				if s.Story.Plots[i].Card != "" {
					t.Errorf("%+v: seat %d's plot did not end", su, i)
				}
			}
		}
		gf, sf := float64(games), float64(games*n)
		t.Logf("players=%d, %d bot games: per game %.1f pieces placed, %.1f discarded, %.1f conspiracy tokens, %.1f links; per seat %.2f endings worth %.1f VP, %.1f trauma, story %.1f of %.1f VP",
			n, games, float64(placed)/gf, float64(discarded)/gf, float64(tokens)/gf, float64(links)/gf, float64(endings)/sf, float64(plotVP)/sf, float64(trauma)/sf, float64(storyVP)/sf, float64(total)/sf)
		if placed == 0 {
			t.Errorf("players=%d: no conspiracy piece placed", n)
		}
	}
}
