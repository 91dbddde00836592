package heist

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"casefile/engine"
	rules "casefile/engine/heist"
	"casefile/engine/heist/content"
	"casefile/render"
)

// checkReadable holds one picture to the phone-readability rules: no text
// smaller than the width/55, no token or marker over a text or another
// token, and nothing drawn outside the picture.
func checkReadable(t *testing.T, name string, s MapScene) {
	t.Helper()
	c, h := drawBoard(s)
	marks := c.Marks()
	least := float64(canvasW) / 55
	if m, ok := render.SmallestText(marks); ok && m.Size < least {
		t.Errorf("%s: smallest text is %s, under %.1f px (width %d / 55)", name, m, least, canvasW)
	}
	for _, o := range render.Overlaps(marks) {
		t.Errorf("%s: %s covers %s", name, o[0], o[1])
	}
	for _, m := range marks {
		if sc := shortcode.FindString(m.Text); sc != "" {
			t.Errorf("%s: %s draws the emoji shortcode %s", name, m, sc)
		}
		if m.X0 < -1 || m.Y0 < -1 || m.X1 > canvasW+1 || m.Y1 > float64(h)+1 {
			t.Errorf("%s: %s lies outside the %d×%d picture", name, m, canvasW, h)
		}
	}
}

// shortcode finds a Discord emoji shortcode (":lock:"), which an image
// would show as its raw text.
var shortcode = regexp.MustCompile(`:[a-z0-9_+-]+:`)

// goldenScenes are the golden fixtures' scenes, by name.
func goldenScenes(t testing.TB) map[string]MapScene {
	return map[string]MapScene{
		"the-inclusion-job":      fixtureScene(t, "the-inclusion-job"),
		"the-final-score-part-1": fixtureScene(t, "the-final-score-part-1"),
		"the-black-box":          fixtureScene(t, "the-black-box"),
		"mid-heist":              midHeist(t),
	}
}

// randomViews plays seeded random heists of every scenario through the
// rules engine's public API and calls f with the public view at several
// points of each, the end included.
func randomViews(t *testing.T, seeds int, f func(name string, v engine.View)) {
	t.Helper()
	c, err := content.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range c.Scenarios {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			players := 3 + int(seed%2)
			st, err := rules.Game().New(engine.Setup{Players: players, Seed: seed, Options: map[string]string{"scenario": sc.Slug}})
			if err != nil {
				t.Logf("%s: %v (skipped)", sc.Slug, err)
				break
			}
			rng := rand.New(rand.NewPCG(seed, 99))
			name := func(step int) string { return sc.Slug + "/seed" + itoa(int(seed)) + "/move" + itoa(step) }
			step := 0
			for ; step < 600 && st.Outcome() == nil; step++ {
				turn := st.Turn()
				// Every 10th move of Planning, every 3rd after it.
				if step%10 == 0 || (!strings.HasPrefix(turn.Phase, "Planning") && step%3 == 0) {
					f(name(step), st.View(engine.Public))
				}
				if len(turn.Seats) == 0 {
					break
				}
				seat := turn.Seats[rng.IntN(len(turn.Seats))]
				legal := st.Legal(seat)
				if len(legal) == 0 {
					break
				}
				move := legal[rng.IntN(len(legal))]
				// Random play would plan forever: now and then finish.
				var done []string
				for _, m := range legal {
					if strings.HasSuffix(m, "done") {
						done = append(done, m)
					}
				}
				if len(done) > 0 && rng.IntN(6) == 0 {
					move = done[rng.IntN(len(done))]
				}
				if _, err := st.Apply(seat, move); err != nil {
					t.Fatalf("%s: %s plays %q: %v", name(step), engine.SeatRef(seat), move, err)
				}
			}
			f(name(step)+"-last", st.View(engine.Public))
		}
	}
}

// TestBoardReadableOnPhone checks the golden fixtures and the public
// boards of many random heists against the readability rules.
func TestBoardReadableOnPhone(t *testing.T) {
	for name, s := range goldenScenes(t) {
		checkReadable(t, name, s)
	}
	seeds := 2
	if testing.Short() {
		seeds = 1
	}
	randomViews(t, seeds, func(name string, v engine.View) {
		s, err := SceneFromView(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkReadable(t, name, s)
	})
}

// chitWord finds a security chit named as a word ("Locksmith" is not one).
var chitWord = regexp.MustCompile(`(?i)\b(guard|camera|lock|dog|blank)s?\b`)

// TestAltText checks the alt text of random heists' public views: short,
// leading with the phase or the result, naming the noise, and telling
// nothing the public picture does not show.
func TestAltText(t *testing.T) {
	randomViews(t, 1, func(name string, v engine.View) {
		alt := Renderer().Alt(v)
		hv := v.(*rules.View)
		s := hv.State
		if alt == "" || len([]rune(alt)) > altMax {
			t.Fatalf("%s: alt text of %d characters: %q", name, len([]rune(alt)), alt)
		}
		if len(alt) > 400 {
			t.Logf("%s: long alt text (%d): %s", name, len(alt), alt)
		}
		if s.Result != nil {
			if !strings.HasPrefix(alt, "Heist succeeded") && !strings.HasPrefix(alt, "Heist failed") {
				t.Errorf("%s: a finished heist's alt text leads with %q", name, alt)
			}
		} else {
			scene, _ := SceneFromView(v)
			if !strings.HasPrefix(alt, s.ScenarioName+", "+scene.Subtitle) {
				t.Errorf("%s: alt text does not lead with the scenario and phase: %q", name, alt)
			}
		}
		if s.Noise.Final > 0 && !strings.Contains(alt, "Noise ") {
			t.Errorf("%s: alt text lacks the noise: %q", name, alt)
		}
		// Nothing hidden: no chit on a Security tile not yet revealed, no
		// Event card past those the board shows.
		if sc := shortcode.FindString(alt); sc != "" {
			t.Errorf("%s: alt text carries the shortcode %s: %q", name, sc, alt)
		}
		if k := chitWord.FindString(alt); k != "" {
			t.Errorf("%s: alt text names a chit (%s): %q", name, k, alt)
		}
		for i, code := range s.Deck {
			if i < 6 {
				continue
			}
			if d := content.MustLoad().Event(code); d != nil && strings.Contains(alt, d.Name) {
				t.Errorf("%s: alt text names card %s beyond the six shown: %q", name, code, alt)
			}
		}
	})
}

// TestUnknownPhaseDraws checks that a phase this renderer does not know
// (the rules may add one) is drawn under its own name.
func TestUnknownPhaseDraws(t *testing.T) {
	v := playSome(t, "the-inclusion-job", 3, 0).View(engine.Public).(*rules.View)
	v.State.Phase = "heist-of-the-future"
	s, err := SceneFromView(v)
	if err != nil {
		t.Fatal(err)
	}
	if s.Subtitle != "heist-of-the-future" {
		t.Errorf("subtitle %q, want the phase's own name", s.Subtitle)
	}
	if _, err := Board(v); err != nil {
		t.Fatal(err)
	}
	if alt := Alt(v); !strings.Contains(alt, "heist-of-the-future") {
		t.Errorf("alt text %q does not name the phase", alt)
	}
	checkReadable(t, "unknown phase", s)
}

// TestCrowdedHexShowsPawnsAndCount checks a hex with more than its slots
// hold: every pawn still shows, a "+N" marker counts what does not, the
// key explains it, and nothing overlaps.
func TestCrowdedHexShowsPawnsAndCount(t *testing.T) {
	s := fixtureScene(t, "the-final-score-part-1") // the smallest hexes
	var h *SceneHex
	for i := range s.Hexes {
		if !s.Hexes[i].Tunnel && !s.Hexes[i].Removed && !s.Hexes[i].Unknown {
			h = &s.Hexes[i]
			break
		}
	}
	h.Chits = []Chit{{Kind: "guard", Active: true}, {Kind: "dog", Active: true}, {Kind: "camera", Active: false}, {Kind: "lock", Active: true}}
	h.Cash, h.Loot, h.Plans, h.Ideas = 12, []string{"jewel", "documents"}, []int{0, 1, 2, 3}, 2
	for seat, mark := range []string{"A", "T", "B", "S"} {
		s.Figures = append(s.Figures, Figure{Row: h.Row, Col: h.Col, Seat: seat, Mark: mark, Waiting: seat == 2})
	}
	checkReadable(t, "crowded "+h.Label, s)
	c, _ := drawBoard(s)
	marks := c.Marks()
	mapBottom := 0.0 // the map ends where the noise tracker's title starts
	for _, m := range marks {
		if m.Kind == render.TextMark && strings.HasPrefix(m.Text, "Noise ") {
			mapBottom = m.Y0
			break
		}
	}
	pawns, more, key := map[string]bool{}, "", false
	for _, m := range marks {
		switch {
		case m.Kind == render.TokenMark && m.Y1 < mapBottom && strings.Contains("ATBS", m.Text) && len(m.Text) == 1:
			pawns[m.Text] = true
		case m.Kind == render.TokenMark && strings.HasPrefix(m.Text, "+"):
			more = m.Text
		case m.Kind == render.TextMark && strings.HasPrefix(m.Text, "+N"):
			key = true
		}
	}
	if len(pawns) < 4 || more == "" || !key {
		t.Errorf("crowded hex: pawns %v of 4 on the map, overflow marker %q, key entry %v", pawns, more, key)
	}
}

// TestPawnMarksDistinct checks that pawns' marks are unique in a crew and
// never a single letter that marks a piece (G is a Guard, not the Guide).
func TestPawnMarksDistinct(t *testing.T) {
	for _, crew := range [][]string{
		{"Burglar", "Script Kiddie", "Lookout", "Thug", "Guide"},
		{"Angry Locksmith", "Thug", "Burglar", "Architect"},
		{"Shutter Bug", "Street Urchin", "Safecracker"},
	} {
		marks := pawnMarks(crew)
		seen := map[string]bool{}
		for i, m := range marks {
			if seen[m] || (len(m) == 1 && strings.Contains("GDLCJPUKINWTSR", m)) {
				t.Errorf("%v: %s gets mark %q (all: %v)", crew, crew[i], m, marks)
			}
			seen[m] = true
		}
	}
}
