package android

import (
	"flag"
	"fmt"
	"image"
	"math"
	"strings"
	"syscall"
	"testing"
	"time"

	"casefile/engine"
	an "casefile/engine/android"
	cs "casefile/engine/android/conspiracy"
	"casefile/render"
	"casefile/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// position plays a seeded game with the bot in every seat for moves moves
// (or to its end, moves < 0) and returns the state: the set positions of
// the goldens. The bots' evidence fills the suspects' sheets as real play
// does; the position depends on the seed only.
func position(t testing.TB, players int, seed uint64, moves int) *an.State {
	t.Helper()
	st, err := an.Game().New(engine.Setup{Players: players, Seed: seed, Options: map[string]string{"murder": fmt.Sprint(1 + int(seed)%3)}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*an.State)
	bot := an.Game().Bot
	r := engine.NewRand(seed + 99)
	for i := 0; s.Outcome() == nil && (moves < 0 || i < moves); i++ {
		if i > 5000 {
			t.Fatal("no end")
		}
		seat := s.Turn().Seats[0]
		m := bot(s.View(seat), s.Legal(seat), r)
		if _, err := s.Apply(seat, m); err != nil {
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
}{
	{"setup-3p", 3, 1, 0},
	{"mid-4p", 4, 2, 220},
	{"late-5p", 5, 3, 240},
	{"closed-3p", 3, 4, -1},
}

// privateSeat is the seat whose case file a golden draws: the one acting,
// or seat 0 at the end.
func privateSeat(s *an.State) engine.Seat {
	if t := s.Turn(); len(t.Seats) == 1 {
		return t.Seats[0]
	}
	return 0
}

// TestGoldenImages draws the board and one seat's case file at set
// positions (the deal with 3 players, mid-game with 4, late with 5, a
// closed case) and compares their pixels with testdata; drawing again
// gives the same bytes.
func TestGoldenImages(t *testing.T) {
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.moves)
		switch {
		case g.moves < 0 && !s.Over:
			t.Fatalf("%s: the case did not close", g.name)
		case g.moves > 0 && s.Over:
			t.Fatalf("%s: the game ended before the position: pick fewer moves", g.name)
		}
		seat := privateSeat(s)
		rendertest.CheckBoardAndPrivate(t, g.name,
			rendertest.Job{Name: g.name + " board", Draw: func() (image.Image, error) { return Board(s.View(engine.Public)) }},
			rendertest.Job{Name: g.name + " private", Draw: func() (image.Image, error) { return Private(s.View(seat)) }},
			*update)
	}
}

// testPuzzle is a conspiracy puzzle with pieces placed, discarded and one
// drawn, built through the puzzle's own moves, for the conspiracy's part
// of the board, fuller than the positions of the goldens.
func testPuzzle(t testing.TB, seats int) *cs.Puzzle {
	t.Helper()
	pz := cs.New(engine.NewRand(5), seats)
	for i := 0; i < 12; i++ {
		seat := i % seats
		if pz.CheckReveal(seat) != nil {
			continue
		}
		if _, err := pz.Reveal(seat); err != nil {
			t.Fatal(err)
		}
		if ps := pz.PendingPlacements(); len(ps) > 0 && i%4 != 3 {
			if _, err := pz.Place(seat, ps[0]); err != nil {
				t.Fatal(err)
			}
		} else if _, err := pz.Discard(seat); err != nil {
			t.Fatal(err)
		}
	}
	if pz.CheckReveal(0) == nil {
		if _, err := pz.Reveal(0); err != nil {
			t.Fatal(err)
		}
	}
	return pz
}

// TestGoldenConspiracy draws a mid-game board with a conspiracy puzzle in
// play (built apart, with more pieces placed than an early game has) and holds it to its
// golden and to the phone rules.
func TestGoldenConspiracy(t *testing.T) {
	s := position(t, 4, 2, 220)
	pz := testPuzzle(t, 4)
	if pz.Placed() == 0 {
		t.Fatal("the test puzzle has no piece placed")
	}
	c, h := boardWith(s, pz)
	checkReadable(t, "conspiracy", c, boardW, h)
	data, err := render.PNG(c.Picture(h, base))
	if err != nil {
		t.Fatal(err)
	}
	rendertest.CheckGolden(t, "conspiracy-4p-board", data, *update)
}

// checkReadable holds a picture to the phone rules: no text under the
// width/55, no piece over a text or another piece, nothing outside.
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
	// Texts must not run into each other either (a label too long for
	// its column): render.Overlaps leaves texts to the drawing.
	for i, a := range marks {
		for _, b := range marks[i+1:] {
			if a.Kind == render.TextMark && b.Kind == render.TextMark &&
				a.X0+2 < b.X1 && b.X0+2 < a.X1 && a.Y0+2 < b.Y1 && b.Y0+2 < a.Y1 {
				t.Errorf("%s: %s runs into %s", name, a, b)
			}
		}
	}
	for _, m := range marks {
		if m.X0 < -1 || m.Y0 < -1 || m.X1 > float64(w)+1 || m.Y1 > float64(h)+1 {
			t.Errorf("%s: %s lies outside the %d×%d picture", name, m, w, h)
		}
	}
}

// TestBoardReadableOnPhone draws boards and case files along bot games of
// every player count and holds each to the phone rules.
func TestBoardReadableOnPhone(t *testing.T) {
	steps := []int{0, 120, 230, -1}
	if testing.Short() {
		steps = []int{0, -1}
	}
	for n := 3; n <= 5; n++ {
		for _, step := range steps {
			s := position(t, n, uint64(40+n), step)
			name := fmt.Sprintf("players=%d move %d", n, step)
			c, h, err := board(s.View(engine.Public))
			if err != nil {
				t.Fatal(err)
			}
			checkReadable(t, name, c, boardW, h)
			c.Release()
			for seat := 0; seat < n; seat++ {
				pc, ph, err := private(s.View(engine.Seat(seat)))
				if err != nil {
					t.Fatal(err)
				}
				checkReadable(t, fmt.Sprintf("%s private %d", name, seat), pc, privateW, ph)
				pc.Release()
			}
		}
	}
}

// TestMapLabelsFit: every location's name, as the map prints it, fits its
// cell in at most nameLines lines at the smallest text size.
func TestMapLabelsFit(t *testing.T) {
	c := render.NewCanvas(10, 10)
	defer c.Release()
	c.Font(render.Regular, small)
	for _, l := range an.Locations {
		lines := labelLines(l)
		if len(lines) > nameLines {
			t.Errorf("%s: %d lines", l.Name, len(lines))
		}
		for _, line := range lines {
			if w, _ := c.MeasureString(line); w > cellW-8 {
				t.Errorf("%s: %q is %.0f px, wider than the cell's %.0f", l.Name, line, w, cellW-8)
			}
		}
	}
}

// secretTwin is s with every secret of the public view changed — the
// hunches, the hand cards, the held tokens, the face-down evidence values,
// the deck and pile orders (the event deck's too), the face-down specific
// event, the generator — and nothing public. Seat keep
// (none when -1) keeps its own secrets: its hunches, hand and held token,
// and the face-down values it knows.
func secretTwin(t *testing.T, s *an.State, seed uint64, keep int) *an.State {
	t.Helper()
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	st, err := an.Game().Load(data)
	if err != nil {
		t.Fatal(err)
	}
	o := st.(*an.State)
	for i := range o.Dets {
		d := &o.Dets[i]
		reverse(d.Light.Down)
		reverse(d.Dark.Down)
		if i == keep {
			continue
		}
		d.Guilty, d.Innocent = an.Suspects[(i+1)%6].Slug, an.Suspects[(i+3)%6].Slug
		for k := range d.Hand {
			d.Hand[k].Card = fmt.Sprintf("other-%d", k)
		}
		for k := range d.Holding {
			d.Holding[k] = (d.Holding[k] + 5) % len(an.EvidencePool)
		}
	}
	for i := range o.Suspects {
		for f := range o.Suspects[i].Files {
			for k := range o.Suspects[i].Files[f] {
				if e := &o.Suspects[i].Files[f][k]; !e.FaceUp() && (keep < 0 || !knows(*e, engine.Seat(keep))) {
					e.Token = (e.Token + 13) % len(an.EvidencePool)
				}
			}
		}
	}
	reverse(o.EvidencePile)
	// The event deck's order and the face-down specific event are secret
	// too (the board states their counts only).
	ev := &o.Story.Events
	reverse(ev.Deck)
	for k := range ev.SpecificDown {
		ev.SpecificDown[k] = (ev.SpecificDown[k] + 1) % len(an.SpecificEvents[o.Murder])
	}
	o.Rng = *engine.NewRand(seed + 1234)
	return o
}

func reverse[T any](xs []T) {
	for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// TestNothingHiddenInPicture draws two states that differ only in what the
// public may not see and requires the same pixels and the same alt text:
// the hunches, hand cards, held tokens and face-down evidence values never
// reach the public picture. The case-file picture of a seat does change
// with its own hunches (the test would be empty otherwise).
func TestNothingHiddenInPicture(t *testing.T) {
	for _, g := range goldens {
		if g.moves < 0 {
			continue // at Game over every secret is public
		}
		s := position(t, g.players, g.seed, g.moves)
		o := secretTwin(t, s, g.seed, -1)
		a, b := encode(t, Board, s.View(engine.Public)), encode(t, Board, o.View(engine.Public))
		if n, at, err := render.PNGPixelDiff(a, b); err != nil || n > 0 {
			t.Errorf("%s: hidden information changes the public picture (%d pixels, first at %v, %v)", g.name, n, at, err)
		}
		if Alt(s.View(engine.Public)) != Alt(o.View(engine.Public)) {
			t.Errorf("%s: hidden information changes the alt text", g.name)
		}
		pa, pb := encode(t, Private, s.View(0)), encode(t, Private, o.View(0))
		if n, _, _ := render.PNGPixelDiff(pa, pb); n == 0 {
			t.Errorf("%s: seat 0's case file does not show its own hunches", g.name)
		}
	}
}

// TestCaseFileShowsOnlyItsSeat: a seat's case file is the same whatever
// the other seats' secrets (their hunches, hands, held tokens and the
// face-down values the seat does not know).
func TestCaseFileShowsOnlyItsSeat(t *testing.T) {
	for _, g := range goldens {
		if g.moves < 0 {
			continue
		}
		s := position(t, g.players, g.seed, g.moves)
		for seat := 0; seat < g.players; seat++ {
			o := secretTwin(t, s, g.seed, seat)
			a, b := encode(t, Private, s.View(engine.Seat(seat))), encode(t, Private, o.View(engine.Seat(seat)))
			if n, at, err := render.PNGPixelDiff(a, b); err != nil || n > 0 {
				t.Errorf("%s: other seats' secrets change seat %d's case file (%d pixels, first at %v, %v)", g.name, seat, n, at, err)
			}
		}
	}
}

// TestFaceDownEvidenceNotDrawn: a mid-game position has face-down evidence
// on the sheets, and the public picture of it is the same whatever the
// values (checked above); here the position itself is checked to have
// them, so the secrecy test is not vacuous.
func TestFaceDownEvidenceNotDrawn(t *testing.T) {
	s := position(t, 4, 2, 220)
	down := 0
	for _, sus := range s.Suspects {
		for _, f := range sus.Files {
			for _, e := range f {
				if !e.FaceUp() {
					down++
				}
			}
		}
	}
	if down == 0 {
		t.Fatal("mid-4p has no face-down evidence: pick a later position")
	}
}

func encode(t *testing.T, draw func(engine.View) (image.Image, error), v engine.View) []byte {
	t.Helper()
	img, err := draw(v)
	if err != nil {
		t.Fatal(err)
	}
	data, err := render.PNG(img)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRendererRejects: a public view cannot draw a case file, and a
// foreign view is refused.
func TestRendererRejects(t *testing.T) {
	s := position(t, 3, 1, 0)
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
		s := position(t, g.players, g.seed, g.moves)
		alt := Alt(s.View(engine.Public))
		if !strings.HasPrefix(alt, "Android") || len(alt) > altMax {
			t.Errorf("%s: alt text %q", g.name, alt)
		}
		if s.Over != strings.Contains(alt, "game over") || s.Over != strings.Contains(alt, "Guilt:") {
			t.Errorf("%s: alt text and Game over disagree: %q", g.name, alt)
		}
	}
}

// TestConcurrentRendersMatchSerial: pictures drawn at once from several
// goroutines equal those drawn alone.
func TestConcurrentRendersMatchSerial(t *testing.T) {
	var jobs []rendertest.Job
	for _, g := range goldens {
		s := position(t, g.players, g.seed, g.moves)
		pub, own := s.View(engine.Public), s.View(privateSeat(s))
		jobs = append(jobs,
			rendertest.Job{Name: g.name + " board", Draw: func() (image.Image, error) { return Board(pub) }},
			rendertest.Job{Name: g.name + " private", Draw: func() (image.Image, error) { return Private(own) }})
	}
	rendertest.SameWhenConcurrent(t, jobs)
}

// BenchmarkBoardPNG draws and encodes the board of a busy 5-player
// position in week two, reporting the PNG's size and the process's CPU
// time per picture (cpu-ms/op), which a loaded machine inflates less than
// the wall time of ns/op.
func BenchmarkBoardPNG(b *testing.B) {
	s := position(b, 5, 3, 240)
	benchPNG(b, func() (image.Image, error) { return Board(s.View(engine.Public)) })
}

// BenchmarkPrivatePNG draws and encodes a case file of the same position.
func BenchmarkPrivatePNG(b *testing.B) {
	s := position(b, 5, 3, 240)
	v := s.View(privateSeat(s))
	benchPNG(b, func() (image.Image, error) { return Private(v) })
}

func benchPNG(b *testing.B, draw func() (image.Image, error)) {
	var size int
	cpu0 := cpuTime()
	for b.Loop() {
		img, err := draw()
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
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPictureFloor sets the board's cost beside the floor of its
// encoding (rendertest.PictureFloor).
func BenchmarkPictureFloor(b *testing.B) {
	v := position(b, 5, 3, 240).View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) })
}

// TestDraftBoard: while the seats draft their detectives (detectives=choose)
// a seat without one has no piece on the map, and the board and case files
// still keep the phone rules.
func TestDraftBoard(t *testing.T) {
	st, err := an.Game().New(engine.Setup{Players: 4, Seed: 9, Options: map[string]string{"detectives": "choose"}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*an.State)
	if s.Dets[0].Detective != an.NoDetective {
		t.Fatal("the draft did not wait for seat 1")
	}
	c, h, err := board(s.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	checkReadable(t, "draft board", c, boardW, h)
	c.Release()
	pc, ph, err := private(s.View(engine.Seat(0)))
	if err != nil {
		t.Fatal(err)
	}
	checkReadable(t, "draft case file", pc, privateW, ph)
	pc.Release()
	if alt := Alt(s.View(engine.Public)); !strings.HasPrefix(alt, "Android") {
		t.Errorf("draft alt text %q", alt)
	}
}

// TestQualityMarks (AN-MOVE-12): the map marks ritzy, normal and seedy
// locations with three different marks — a diamond, a disc, a downward
// triangle — and every location's cell carries its own.
func TestQualityMarks(t *testing.T) {
	marks := map[an.Quality][]byte{}
	for _, q := range []an.Quality{an.Ritzy, an.Normal, an.Seedy} {
		c := render.NewCanvas(40, 40)
		quality(c, 20, 20, q)
		data, err := render.PNG(c.Picture(40, base))
		if err != nil {
			t.Fatal(err)
		}
		marks[q] = data
	}
	for _, pair := range [][2]an.Quality{{an.Ritzy, an.Normal}, {an.Ritzy, an.Seedy}, {an.Normal, an.Seedy}} {
		if n, _, err := render.PNGPixelDiff(marks[pair[0]], marks[pair[1]]); err != nil || n == 0 {
			t.Errorf("the %s and %s marks are the same picture", pair[0], pair[1])
		}
	}
	// One quality mark per location on the map: each is a token mark of
	// the mark's size.
	s := position(t, 3, 1, 0)
	c, _, err := board(s.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	n := 0
	for _, m := range c.Marks() {
		if m.Kind == render.TokenMark && m.Text == "" && math.Abs(m.X1-m.X0-18) < 1e-6 && math.Abs(m.Y1-m.Y0-20) < 1e-6 {
			n++
		}
	}
	// The legend draws three more.
	if n != len(an.Locations)+3 {
		t.Errorf("%d quality marks drawn, want one per location (%d) and three in the legend", n, len(an.Locations))
	}
}
