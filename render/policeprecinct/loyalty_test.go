package policeprecinct

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"casefile/engine"
	pp "casefile/engine/policeprecinct"
	"casefile/render"
)

// TestLoyaltyInThePictures checks where a Loyalty card may be drawn: a
// card the table has seen is on the public board and in its alt text; a
// card still face down is in its owner's DM picture only, and the public
// board is the same whatever it says.
func TestLoyaltyInThePictures(t *testing.T) {
	dirtyGame := func(dirty string) *pp.State {
		st, err := pp.Game().New(engine.Setup{Players: 4, Seed: 11, Options: map[string]string{"variant": "dirty-cop", "dirty": dirty}})
		if err != nil {
			t.Fatal(err)
		}
		return st.(*pp.State)
	}
	pngOf := func(draw func(engine.View) ([]byte, error), v engine.View) []byte {
		data, err := draw(v)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	board := func(v engine.View) ([]byte, error) { return encodeImage(Board(v)) }
	private := func(v engine.View) ([]byte, error) { return encodeImage(Private(v)) }

	a, b := dirtyGame("1"), dirtyGame("2")
	if a.Cops[0].Loyalty == b.Cops[0].Loyalty {
		t.Fatalf("test setup: seat 1's card is %q in both games", a.Cops[0].Loyalty)
	}
	if !bytes.Equal(pngOf(board, a.View(engine.Public)), pngOf(board, b.View(engine.Public))) {
		t.Error("the public board changes with a face-down Loyalty card")
	}
	if bytes.Equal(pngOf(private, a.View(0)), pngOf(private, b.View(0))) {
		t.Error("seat 1's DM picture does not show which Loyalty card it holds")
	}

	before := pngOf(board, a.View(engine.Public))
	a.Cops[0].Shown = a.Cops[0].Loyalty
	if bytes.Equal(before, pngOf(board, a.View(engine.Public))) {
		t.Error("a shown Loyalty card is not on the public board")
	}
	if alt := Alt(a.View(engine.Public)); !strings.Contains(alt, "Loyalty card, shown: "+capital(a.Cops[0].Loyalty)) {
		t.Errorf("alt text lacks the shown card: %s", alt)
	}
}

func encodeImage(img image.Image, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return render.PNG(img)
}
