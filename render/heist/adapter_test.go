package heist

import (
	"os"
	"testing"

	"casefile/engine"
	rules "casefile/engine/heist"
	"casefile/render"
)

// playSome deals a heist and plays the first legal move of each acting
// seat a number of times, so the board has plans, pawns and spent chits.
func playSome(t testing.TB, slug string, players, steps int) engine.State {
	t.Helper()
	st, err := rules.Game().New(engine.Setup{Players: players, Seed: 7, Options: map[string]string{"scenario": slug}})
	if err != nil {
		t.Fatalf("%s: %v", slug, err)
	}
	for i := 0; i < steps && st.Outcome() == nil; i++ {
		turn := st.Turn()
		if len(turn.Seats) == 0 {
			break
		}
		seat := turn.Seats[i%len(turn.Seats)]
		legal := st.Legal(seat)
		if len(legal) == 0 {
			continue
		}
		if _, err := st.Apply(seat, legal[(i*7)%len(legal)]); err != nil {
			t.Fatalf("%s: %s: %v", slug, legal[0], err)
		}
	}
	return st
}

func TestBoardFromEngineView(t *testing.T) {
	for _, slug := range []string{"the-inclusion-job", "the-black-box", "county-the-river"} {
		for _, steps := range []int{0, 40, 200} {
			st := playSome(t, slug, 4, steps)
			img, err := Board(st.View(engine.Public))
			if err != nil {
				t.Fatalf("%s after %d moves: %v", slug, steps, err)
			}
			data, err := render.PNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > 1<<20 {
				t.Errorf("%s: %d bytes", slug, len(data))
			}
			if dir := os.Getenv("HEIST_BOARD_DIR"); dir != "" {
				os.WriteFile(dir+"/"+slug+"-"+itoa(steps)+".png", data, 0o644)
			}
		}
	}
}

func TestBoardRejectsOtherViews(t *testing.T) {
	if _, err := Board(otherView{}); err == nil {
		t.Errorf("Board accepted a view that is not a heist view")
	}
}

type otherView struct{}

func (otherView) Text() string { return "" }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func BenchmarkBoardFromView(b *testing.B) {
	v := playSome(b, "the-inclusion-job", 4, 120).View(engine.Public)
	var n int
	for b.Loop() {
		img, err := Board(v)
		if err != nil {
			b.Fatal(err)
		}
		data, err := render.PNG(img)
		if err != nil {
			b.Fatal(err)
		}
		n = len(data)
	}
	b.ReportMetric(float64(n), "bytes")
}

// TestBreachOutsideGrid checks that an exit made above the grid (a Breach
// may lie outside it) shifts the picture's grid instead of falling off it.
func TestBreachOutsideGrid(t *testing.T) {
	v := playSome(t, "the-inclusion-job", 3, 0).View(engine.Public).(*rules.View)
	before, err := SceneFromView(v)
	if err != nil {
		t.Fatal(err)
	}
	// Row -1 sits above the Inclusion Job's flush row 0, so it is indented.
	v.State.Tiles = append(v.State.Tiles, &rules.Tile{Hex: "a4x", Row: -1, Col: 3, X: 7, Code: "BREACH", Entrance: true})
	after, err := SceneFromView(v)
	if err != nil {
		t.Fatal(err)
	}
	if after.Rows != before.Rows+1 || len(after.Indent) != after.Rows || !after.Indent[0] || after.Indent[1] != before.Indent[0] {
		t.Fatalf("rows %d→%d, indent %v → %v", before.Rows, after.Rows, before.Indent, after.Indent)
	}
	for _, h := range after.Hexes {
		if h.Row < 0 || h.Col < 0 || h.Row >= after.Rows || h.Col >= after.Cols {
			t.Errorf("hex %s at r%dc%d outside %dx%d", h.Label, h.Row, h.Col, after.Rows, after.Cols)
		}
		if h.Label == "a4x" && (h.Row != 0 || h.Arrow) {
			t.Errorf("breach exit drawn at row %d, arrow %v", h.Row, h.Arrow)
		}
	}
	if img := DrawScene(after); img.Bounds().Dx() != canvasW {
		t.Errorf("picture %v", img.Bounds())
	}
}
