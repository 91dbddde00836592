package policeprecinct

import (
	"flag"
	"fmt"
	"image"
	"strings"
	"testing"

	"casefile/engine"
	pp "casefile/engine/policeprecinct"
	"casefile/render"
	"casefile/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// position plays a seeded random game until until says stop (or to its
// end) and returns the state: the set positions of the goldens. A random
// seat's move is drawn from its legal moves with a generator of its own,
// so the position depends on the seed only.
func position(t testing.TB, players int, seed uint64, until func(s *pp.State, moves int) bool) *pp.State {
	t.Helper()
	st, err := pp.Game().New(engine.Setup{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*pp.State)
	r := engine.NewRand(seed)
	for i := 0; i < 50000 && s.Outcome() == nil && s.Stopped == ""; i++ {
		if until != nil && until(s, i) {
			return s
		}
		tu := s.Turn()
		legal := s.Legal(tu.Seats[0])
		if _, err := s.Apply(tu.Seats[0], legal[r.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func afterMoves(n int) func(*pp.State, int) bool {
	return func(_ *pp.State, i int) bool { return i >= n }
}

func murdererOut(s *pp.State, _ int) bool { return s.Murderer > 0 && len(s.Emergencies) > 0 }

var goldens = []struct {
	name    string
	players int
	seed    uint64
	until   func(*pp.State, int) bool
	seat    engine.Seat
}{
	{"setup-2p", 2, 1, afterMoves(0), 0},
	{"mid-4p", 4, 7, afterMoves(60), 1},
	{"murderer-6p", 6, 3, murdererOut, 2},
	{"over-3p", 3, 5, nil, 0},
}

// TestGoldenImages draws the board and one cop's hand at set positions
// (the setup, mid-game, the Murderer on the board, game over) and compares
// their pixels with testdata; drawing again gives the same bytes.
func TestGoldenImages(t *testing.T) {
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.until)
		switch {
		case g.name == "murderer-6p" && s.Murderer == 0:
			t.Fatalf("%s: the Murderer never came out", g.name)
		case g.name == "over-3p" && !s.Over:
			t.Fatalf("%s: the game did not end", g.name)
		case g.name == "mid-4p" && s.Over:
			t.Fatalf("%s: the game ended before the position: pick fewer moves", g.name)
		}
		rendertest.CheckBoardAndPrivate(t, g.name,
			rendertest.Job{Name: g.name + " board", Draw: func() (image.Image, error) { return Board(s.View(engine.Public)) }},
			rendertest.Job{Name: g.name + " private", Draw: func() (image.Image, error) { return Private(s.View(g.seat)) }},
			*update)
	}
}

// checkReadable holds a picture to the phone rules: no text under the
// width/55, no token over a text or another token, nothing outside.
func checkReadable(t *testing.T, name string, c *render.Canvas, w, h int) {
	t.Helper()
	marks := c.Marks()
	least := float64(w) / 55
	if m, ok := render.SmallestText(marks); ok && m.Size < least {
		t.Errorf("%s: smallest text is %s, under %.1f px (width %d / 55)", name, m, least, w)
	}
	for _, o := range render.Overlaps(marks) {
		t.Errorf("%s: %s covers %s", name, o[0], o[1])
	}
	for _, m := range marks {
		if m.X0 < -1 || m.Y0 < -1 || m.X1 > float64(w)+1 || m.Y1 > float64(h)+1 {
			t.Errorf("%s: %s lies outside the %d×%d picture", name, m, w, h)
		}
	}
}

// TestBoardReadableOnPhone draws boards along seeded games of every
// player count and holds each to the phone rules.
func TestBoardReadableOnPhone(t *testing.T) {
	for n := 1; n <= 6; n++ {
		for step := 0; step <= 600; step += 150 {
			s := position(t, n, uint64(40+n), afterMoves(step))
			name := fmt.Sprintf("players=%d move %d", n, step)
			c, h, err := board(s.View(engine.Public))
			if err != nil {
				t.Fatal(err)
			}
			checkReadable(t, name, c, boardW, h)
			c.Release()
			if n == 6 && step == 0 {
				pc, ph, err := private(s.View(engine.Seat(0)))
				if err != nil {
					t.Fatal(err)
				}
				checkReadable(t, name+" private", pc, privateW, ph)
				pc.Release()
			}
		}
	}
}

// TestNothingHiddenInPicture draws two states that differ only in what
// the public may not see (the Event and Police deck orders, the face-down
// UC markers, the Investigation stacks' order, the cards in the hands,
// the generator) and requires the same pixels.
func TestNothingHiddenInPicture(t *testing.T) {
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.until)
		data, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		st, err := pp.Game().Load(data)
		if err != nil {
			t.Fatal(err)
		}
		o := st.(*pp.State)
		reverse(o.EventDeck)
		reverse(o.PoliceDeck)
		reverse(o.UCPool)
		for i := range o.Stacks {
			reverse(o.Stacks[i].Cards)
		}
		for i := range o.Emergencies {
			o.Emergencies[i].UC = (o.Emergencies[i].UC + 1) % len(pp.UCMarkers)
		}
		for i := range o.Cops {
			for k := range o.Cops[i].Hand {
				o.Cops[i].Hand[k] = (o.Cops[i].Hand[k] + 7) % 35
			}
		}
		o.Rng = *engine.NewRand(g.seed + 99)
		a := encode(t, s)
		b := encode(t, o)
		if n, at, err := render.PNGPixelDiff(a, b); err != nil || n > 0 {
			t.Errorf("%s: hidden information changes the public picture (%d pixels, first at %v, %v)", g.name, n, at, err)
		}
		if Alt(s.View(engine.Public)) != Alt(o.View(engine.Public)) {
			t.Errorf("%s: hidden information changes the alt text", g.name)
		}
	}
}

func reverse(xs []int) {
	for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func encode(t *testing.T, s *pp.State) []byte {
	t.Helper()
	img, err := Board(s.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	data, err := render.PNG(img)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRendererRejects: a public view cannot draw a private picture, and a
// foreign view is refused.
func TestRendererRejects(t *testing.T) {
	s := position(t, 2, 1, afterMoves(0))
	if _, err := Private(s.View(engine.Public)); err == nil {
		t.Error("Private accepted the public view")
	}
	if _, err := Board(nil); err == nil {
		t.Error("Board accepted a nil view")
	}
	r := Renderer()
	if r.Board == nil || r.Private == nil || r.Alt == nil {
		t.Error("Renderer is incomplete")
	}
}

// TestAltText leads as the picture does and stays inside Discord's limit.
func TestAltText(t *testing.T) {
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.until)
		alt := Alt(s.View(engine.Public))
		if !strings.HasPrefix(alt, "Police Precinct") || len(alt) > altMax {
			t.Errorf("%s: alt text %q", g.name, alt)
		}
		if s.Over && !strings.Contains(alt, "game over") {
			t.Errorf("%s: alt text of a finished game: %q", g.name, alt)
		}
	}
}

// TestConcurrentRendersMatchSerial: pictures drawn at once from several
// goroutines equal those drawn alone.
func TestConcurrentRendersMatchSerial(t *testing.T) {
	var jobs []rendertest.Job
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.until)
		pub, own := s.View(engine.Public), s.View(g.seat)
		jobs = append(jobs,
			rendertest.Job{Name: g.name + " board", Draw: func() (image.Image, error) { return Board(pub) }},
			rendertest.Job{Name: g.name + " private", Draw: func() (image.Image, error) { return Private(own) }})
	}
	rendertest.SameWhenConcurrent(t, jobs)
}

// BenchmarkBoardPNG draws and encodes the board of a busy 6-player
// position with the Murderer out, reporting the PNG's size.
func BenchmarkBoardPNG(b *testing.B) {
	s := position(b, 6, 3, murdererOut)
	v := s.View(engine.Public)
	var size int
	for b.Loop() {
		img, err := Board(v)
		if err != nil {
			b.Fatal(err)
		}
		data, err := render.PNG(img)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes")
}

// BenchmarkPictureFloor sets the board's cost beside the floor of its
// encoding (rendertest.PictureFloor).
func BenchmarkPictureFloor(b *testing.B) {
	s := position(b, 6, 3, murdererOut)
	v := s.View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) })
}
