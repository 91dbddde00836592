package commands_test

import (
	"bytes"
	"strings"
	"testing"

	"casefile/commands"
)

// drawLater draws the pictures a reply owes, as the bot does once the
// reply is sent.
func drawLater(t *testing.T, r commands.Response) []commands.File {
	t.Helper()
	var out []commands.File
	for _, p := range r.Later {
		f, err := p.Draw()
		if err != nil {
			t.Fatal(err)
		}
		if f != nil {
			out = append(out, *f)
		}
	}
	return out
}

// TestRepliesDoNotWaitForPictures: /status and /hand answer with their
// text and no picture; the board and the private picture are drawn only
// when the bot asks, after the reply is sent (issue 16: no reply waits
// for a picture). /hand's pictures are owed with an ephemeral reply, so
// the bot posts them to the asker alone, each of the asker's own seat.
func TestRepliesDoNotWaitForPictures(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	h.move("ann", "bid 3")

	st := h.ok("bo", "status", nil)
	if len(st.Files) != 0 || st.Ephemeral || len(st.Later) != 1 {
		t.Fatalf("/status: %d files in the reply, ephemeral %v, %d pictures after it; want 0, false, 1", len(st.Files), st.Ephemeral, len(st.Later))
	}
	board := drawLater(t, st)
	if len(board) != 1 || !bytes.HasPrefix(board[0].Data, []byte("\x89PNG")) || !strings.Contains(board[0].Name, "board") {
		t.Fatalf("/status's picture: %+v", board)
	}

	hand := h.ok("ann", "hand", nil)
	if len(hand.Files) != 0 || !hand.Ephemeral || len(hand.Later) != 1 {
		t.Fatalf("/hand: %d files in the reply, ephemeral %v, %d pictures after it; want 0, true, 1", len(hand.Files), hand.Ephemeral, len(hand.Later))
	}
	mine := drawLater(t, hand)
	if len(mine) != 1 || !bytes.HasPrefix(mine[0].Data, []byte("\x89PNG")) || !strings.Contains(mine[0].Name, "seat1") {
		t.Fatalf("ann's private picture: %+v", mine)
	}
	// A picture drawn later still shows the game as it was asked for:
	// a move in between does not change it.
	late := h.ok("bo", "status", nil)
	h.move("bo", "bid 1")
	if a, b := drawLater(t, late), board; !bytes.Equal(a[0].Data, b[0].Data) {
		t.Fatal("the board of a /status drawn after a later move differs from the board at the /status")
	}
}
