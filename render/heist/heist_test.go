package heist

import (
	"bytes"
	"flag"
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"casefile/engine"

	"casefile/engine/heist/content"
	"casefile/render"
	"casefile/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

// fixtureScene is a scenario's set-up board with a noise tracker added;
// the tracker's size belongs to the rules engine, so the test picks one.
func fixtureScene(t testing.TB, slug string) MapScene {
	t.Helper()
	c, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	s := c.Scenario(slug)
	if s == nil {
		t.Fatalf("no scenario %s", slug)
	}
	sc := SceneFromScenario(s)
	sc.Noise = NoiseTrack{Final: 36, Alerts: []int{4, 8, 12, 16, 20, 24, 28, 32, 36}}
	return sc
}

// midHeist dresses the Inclusion Job's board as a heist in its third
// round, to draw what set-up boards lack: plans, pawns, spent chits, noise,
// crises and a crew.
func midHeist(t testing.TB) MapScene {
	sc := fixtureScene(t, "the-inclusion-job")
	sc.Subtitle = "Round 3 · Action phase"
	sc.Noise.Level = 13
	at := func(label string) *SceneHex {
		for i := range sc.Hexes {
			if sc.Hexes[i].Label == label {
				return &sc.Hexes[i]
			}
		}
		t.Fatalf("no hex %s", label)
		return nil
	}
	for seat, path := range [][]string{{"h5", "g6", "f5", "e6"}, {"h5", "g6", "f6", "e7"}, {"e2", "d3", "c3"}} {
		for _, l := range path {
			at(l).Plans = append(at(l).Plans, seat)
		}
	}
	g6 := at("g6")
	g6.Unknown, g6.Chits = false, []Chit{{Kind: "guard", Active: false}}
	f5 := at("f5")
	f5.Unknown, f5.Chits = false, []Chit{{Kind: "camera", Active: true}, {Kind: "lock", Active: false}}
	f6 := at("f6")
	f6.Unknown, f6.Chits = false, []Chit{{Kind: "blank", Active: true}}
	at("a4").Cash = 0
	// A crowded hex: the NPC, loot, chits and plans share g7.
	g7 := at("g7")
	g7.Chits = []Chit{{Kind: "guard", Active: true}, {Kind: "dog", Active: true}}
	g7.Loot = []string{"documents", "keycard"}
	g7.Plans = []int{0, 1, 2}
	at("d2").Removed = true
	sc.Figures = []Figure{
		{Row: 5, Col: 4, Seat: 0, Mark: "AL", Waiting: true},
		{Row: 5, Col: 5, Seat: 1, Mark: "TH", Waiting: true},
		{Row: 4, Col: 1, Seat: 2, Mark: "BU", Busted: true},
		{Row: 6, Col: 6, Seat: -1, Mark: "GU"},
	}
	sc.Upcoming = sc.Upcoming[3:]
	sc.DeckLeft = 24
	sc.Active = &Card{Code: "3", Name: "Caught in a Reflection"}
	sc.Crises = []Card{{Code: "G1", Name: "Shut the Gate!"}, {Code: "C3", Name: "Shut the Gate!!", Crisis: true}}
	sc.Team = []Member{
		{Seat: 0, Name: "Angry Locksmith", Ideas: 2, Cash: 2, Status: "rolled 4", Waiting: true, Hex: "f5"},
		{Seat: 1, Name: "Thug", Ideas: 0, Status: "Punch", Waiting: true, Hex: "f6"},
		{Seat: 2, Name: "Burglar", Ideas: 1, Loot: []string{"jewel"}, Status: "busted"},
		{Seat: -1, Name: "Guide", NPC: true, Hex: "g7"},
	}
	sc.TeamCash = 5
	sc.Acting = []string{"Angry Locksmith", "Thug"}
	sc.Footer = "Move, unlock, subdue: /move. Undo is allowed until something is revealed."
	return sc
}

func TestGolden(t *testing.T) {
	scenes := map[string]func(testing.TB) MapScene{
		"the-inclusion-job":      func(t testing.TB) MapScene { return fixtureScene(t, "the-inclusion-job") },
		"the-final-score-part-1": func(t testing.TB) MapScene { return fixtureScene(t, "the-final-score-part-1") },
		"the-black-box":          func(t testing.TB) MapScene { return fixtureScene(t, "the-black-box") },
		"mid-heist":              midHeist,
	}
	for _, slug := range []string{"the-inclusion-job", "the-final-score-part-1", "the-black-box", "mid-heist"} {
		t.Run(slug, func(t *testing.T) {
			data, err := render.PNG(DrawScene(scenes[slug](t)))
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > 1<<20 {
				t.Errorf("PNG is %d bytes, over 1 MB", len(data))
			}
			path := filepath.Join("testdata", slug+".png")
			if *update {
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			// The pixels must be the golden's; the bytes may differ, as
			// the compression does not belong to the picture.
			n, at, err := render.PNGPixelDiff(want, data)
			if err != nil {
				t.Fatal(err)
			}
			if n > 0 {
				t.Errorf("%s differs from the golden image in %d pixels, the first at %v; inspect and rerun with -update if intended", path, n, at)
			}
			if again, _ := render.PNG(DrawScene(scenes[slug](t))); !bytes.Equal(again, data) {
				t.Errorf("%s: drawing again gave different bytes", slug)
			}
		})
	}
}

// TestEveryScenarioDraws draws every scenario's set-up board within the
// size budget, readable on a phone.
func TestEveryScenarioDraws(t *testing.T) {
	c, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range c.Scenarios {
		start := time.Now()
		data, err := render.PNG(DrawScene(SceneFromScenario(s)))
		if err != nil {
			t.Fatal(err)
		}
		el := time.Since(start)
		if len(data) > 1<<20 {
			t.Errorf("%s: %d bytes", s.Slug, len(data))
		}
		t.Logf("%s: %d bytes, %v", s.Slug, len(data), el)
		checkReadable(t, s.Slug+" set-up", SceneFromScenario(s))
	}
}

func BenchmarkRenderEncode(b *testing.B) {
	sc := midHeist(b)
	var n int
	for b.Loop() {
		data, err := render.PNG(DrawScene(sc))
		if err != nil {
			b.Fatal(err)
		}
		n = len(data)
	}
	b.ReportMetric(float64(n), "bytes")
}

// BenchmarkPictureFloor measures a board against the fastest encode of
// the same picture (rendertest.PictureFloor). The view is the rules
// engine's, 120 moves into a 4-character Inclusion Job.
func BenchmarkPictureFloor(b *testing.B) {
	v := playSome(b, "the-inclusion-job", 4, 120).View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) })
}

// TestConcurrentRendersMatchSerial draws the golden scenes and boards from
// the rules engine from several goroutines at once, each many times, and
// compares every PNG with the one drawn alone: the canvases' pixels are
// reused and the kit caches what it can, and none of it may leak between
// pictures. Run it with -race.
func TestConcurrentRendersMatchSerial(t *testing.T) {
	var jobs []rendertest.Job
	for name, sc := range goldenScenes(t) {
		jobs = append(jobs, rendertest.Job{Name: name, Draw: func() (image.Image, error) { return DrawScene(sc), nil }})
	}
	for _, steps := range []int{0, 120} {
		v := playSome(t, "the-black-box", 4, steps).View(engine.Public)
		jobs = append(jobs, rendertest.Job{Name: "the-black-box after " + itoa(steps), Draw: func() (image.Image, error) { return Board(v) }})
	}
	rendertest.SameWhenConcurrent(t, jobs)
}
