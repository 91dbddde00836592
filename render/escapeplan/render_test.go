package escapeplan

import (
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"strings"
	"testing"

	"casefile/engine"
	ep "casefile/engine/escapeplan"
	"casefile/render"
	"casefile/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// position plays a seeded random game for moves moves (or to its end when
// moves < 0) and returns the state: the set positions of the goldens.
func position(t testing.TB, players int, seed uint64, moves int) *ep.State {
	st, err := ep.Game().New(engine.Setup{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*ep.State)
	r := engine.NewRand(seed)
	for i := 0; moves < 0 || i < moves; i++ {
		tu := s.Turn()
		if len(tu.Seats) == 0 {
			break
		}
		legal := s.Legal(tu.Seats[0])
		if _, err := s.Apply(tu.Seats[0], legal[r.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

var goldens = []struct {
	name    string
	players int
	seed    uint64
	moves   int
	seat    engine.Seat
}{
	{"start-2p", 2, 1, 0, 0},
	{"day2-3p", 3, 5, 200, 1},
	{"day3-5p", 5, 9, 420, 2},
	{"end-4p", 4, 3, -1, 0},
}

// TestGoldenImages draws the board and a private board of set positions
// and compares the pixels of their PNGs with testdata (fonts are embedded,
// so the pixels are the same on every machine), and checks that drawing
// and encoding again gives the same bytes.
func TestGoldenImages(t *testing.T) {
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.moves)
		rendertest.CheckBoardAndPrivate(t, g.name,
			rendertest.Job{Name: g.name + " board", Draw: func() (image.Image, error) { return Board(s.View(engine.Public)) }},
			rendertest.Job{Name: g.name + " private", Draw: func() (image.Image, error) { return Private(s.View(g.seat)) }},
			*update)
	}
}

// TestRendererRejects: a public view cannot draw a private board, and a
// foreign view is refused.
func TestRendererRejects(t *testing.T) {
	s := position(t, 2, 1, 0)
	if _, err := Private(s.View(engine.Public)); err == nil {
		t.Error("Private accepted the public view")
	}
	if _, err := Board(nil); err == nil {
		t.Error("Board accepted a nil view")
	}
	r := Renderer()
	if r.Board == nil || r.Private == nil {
		t.Error("Renderer is incomplete")
	}
}

// BenchmarkBoardPNG draws the board of a busy 5-player position and
// encodes it.
func BenchmarkBoardPNG(b *testing.B) {
	s := position(b, 5, 9, 420)
	v := s.View(engine.Public)
	var size int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
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

// TestSimLoop plays a whole game for 1–5 players the way `casefile sim`
// does, drawing the board after every phase and each player's own board at
// the end.
func TestSimLoop(t *testing.T) {
	for n := 1; n <= 5; n++ {
		st, err := ep.Game().New(engine.Setup{Players: n, Seed: uint64(100 + n)})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(uint64(n))
		images := 0
		for i := 0; i < 5000; i++ {
			tu := st.Turn()
			if len(tu.Seats) == 0 {
				break
			}
			moves := st.Legal(tu.Seats[0])
			if len(moves) == 0 {
				t.Fatalf("n=%d: no legal move", n)
			}
			res, err := st.Apply(tu.Seats[0], moves[r.Intn(len(moves))])
			if err != nil {
				t.Fatal(err)
			}
			if res.PhaseEnded() {
				if _, err := Board(st.View(engine.Public)); err != nil {
					t.Fatal(err)
				}
				images++
			}
		}
		if st.Outcome() == nil || images < 6 {
			t.Fatalf("n=%d: outcome %v after %d images", n, st.Outcome(), images)
		}
		for seat := 0; seat < n; seat++ {
			img, err := Private(st.View(engine.Seat(seat)))
			if err != nil {
				t.Fatal(err)
			}
			data, err := render.PNG(img)
			if err != nil || len(data) > 1<<20 {
				t.Fatalf("private PNG: %d bytes, %v", len(data), err)
			}
		}
	}
}

// phoneCases are the positions the readability tests hold to the phone
// rules: the goldens' and those of 20 random games of 1–5 players (5 with
// -short), each seen every 75 moves and at its end.
func phoneCases(t testing.TB) map[string]*ep.State {
	out := map[string]*ep.State{}
	for _, g := range goldens {
		out[g.name] = position(t, g.players, g.seed, g.moves)
	}
	seeds := uint64(4)
	if testing.Short() {
		seeds = 1
	}
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			st, err := ep.Game().New(engine.Setup{Players: n, Seed: 1000*seed + uint64(n)})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*ep.State)
			r := engine.NewRand(seed*7 + uint64(n))
			for i := 0; i < 5000; i++ {
				if i%75 == 0 {
					out[fmt.Sprintf("random-%dp-seed%d-move%d", n, seed, i)] = clone(t, s)
				}
				tu := s.Turn()
				if len(tu.Seats) == 0 {
					break
				}
				legal := s.Legal(tu.Seats[0])
				if _, err := s.Apply(tu.Seats[0], legal[r.Intn(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			out[fmt.Sprintf("random-%dp-seed%d-end", n, seed)] = s
		}
	}
	return out
}

// clone copies a state through its saved form.
func clone(t testing.TB, s *ep.State) *ep.State {
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ep.Game().Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*ep.State)
}

// checkPhone holds a drawing's marks to the phone rules: no text smaller
// than width/55, and no token over a text or another token.
func checkPhone(t *testing.T, name string, c *render.Canvas, width int) {
	t.Helper()
	if w := c.Image().Bounds().Dx(); w != width {
		t.Errorf("%s: image is %d px wide, want %d", name, w, width)
	}
	marks := c.Marks()
	if m, ok := render.SmallestText(marks); !ok || m.Size < float64(width)/55 {
		t.Errorf("%s: smallest text %v is under width/55 = %.1f px", name, m, float64(width)/55)
	}
	for i, o := range render.Overlaps(marks) {
		if i == 5 {
			t.Errorf("%s: … and more overlaps", name)
			break
		}
		t.Errorf("%s: %v covers %v", name, o[0], o[1])
	}
}

// TestBoardReadableOnPhone: the public board of every phone case, and the
// private boards of the goldens, keep to the phone rules.
func TestBoardReadableOnPhone(t *testing.T) {
	cases := phoneCases(t)
	privates := 0
	defer func() { t.Logf("%d public boards and %d private boards checked", len(cases), privates) }()
	for name, s := range cases {
		c, _, err := board(s.View(engine.Public))
		if err != nil {
			t.Fatal(err)
		}
		checkPhone(t, name+" board", c, boardW)
		for seat := range s.Players {
			pc, _, err := private(s.View(engine.Seat(seat)))
			if err != nil {
				t.Fatal(err)
			}
			checkPhone(t, fmt.Sprintf("%s private %d", name, seat), pc, privateW)
			privates++
		}
	}
}

// TestAltText: the alt text is short, leads with whose turn it is or the
// result, and tells nothing the public view hides.
func TestAltText(t *testing.T) {
	r := Renderer()
	if r.Alt == nil {
		t.Fatal("Renderer has no Alt")
	}
	for name, s := range phoneCases(t) {
		alt := r.Alt(s.View(engine.Public))
		if alt == "" || len(alt) > 1024 {
			t.Errorf("%s: alt text of %d bytes", name, len(alt))
		}
		if s.Over {
			if !strings.Contains(alt, "game over") || !strings.Contains(alt, "Scores") {
				t.Errorf("%s: alt text of a finished game does not lead with the result: %q", name, alt)
			}
		} else if tu := s.Turn(); len(tu.Seats) > 0 && !strings.Contains(alt, "Now: "+actorName(int(tu.Seats[0]))) {
			t.Errorf("%s: alt text does not name whose turn it is: %q", name, alt)
		}
		// A seat's view shows that seat more; the alt text reads none of it.
		for seat := range s.Players {
			if got := r.Alt(s.View(engine.Seat(seat))); got != alt {
				t.Errorf("%s: alt text from seat %d's view differs from the public one:\n%q\n%q", name, seat, got, alt)
			}
		}
		// Secrets: each player's Escape Plan and money behind the screen.
		for i := range s.Players {
			p := &s.Players[i]
			if strings.Contains(alt, p.Plan) {
				t.Errorf("%s: alt text names %s's secret Escape Plan %q", name, actorName(i), p.Plan)
			}
			if p.Money > 0 && !s.Over && strings.Contains(alt, fmt.Sprintf("$%dk", p.Money)) {
				t.Errorf("%s: alt text shows %s's money", name, actorName(i))
			}
			for _, it := range p.Items {
				if it.Secret != nil && strings.Contains(alt, it.Secret.Name) {
					t.Errorf("%s: alt text names %s's face-down tile %q", name, actorName(i), it.Secret.Name)
				}
			}
		}
	}
}

// BenchmarkPictureFloor measures a board against the fastest encode of
// the same picture (rendertest.PictureFloor). The position is a busy mid-game one: 5 players on day 3.
func BenchmarkPictureFloor(b *testing.B) {
	v := position(b, 5, 9, 420).View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) })
}

// TestConcurrentRendersMatchSerial draws the goldens' boards and private
// boards from several goroutines at once, each many times, and compares
// every PNG with the one drawn alone: the canvases' pixels are reused and
// the kit caches what it can, and none of it may leak between pictures.
// Run it with -race.
func TestConcurrentRendersMatchSerial(t *testing.T) {
	var jobs []rendertest.Job
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.moves)
		pub, own := s.View(engine.Public), s.View(g.seat)
		jobs = append(jobs,
			rendertest.Job{Name: g.name + " board", Draw: func() (image.Image, error) { return Board(pub) }},
			rendertest.Job{Name: g.name + " private", Draw: func() (image.Image, error) { return Private(own) }})
	}
	rendertest.SameWhenConcurrent(t, jobs)
}
