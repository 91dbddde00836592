package render

import "fmt"

// MarkKind says what a Mark is.
type MarkKind int

const (
	// TextMark is a piece of text: a label, a coordinate, a number.
	TextMark MarkKind = iota
	// TokenMark is a token, cube or other marker drawn over the board,
	// which must cover no text and no other token.
	TokenMark
)

// Mark is the box of one thing drawn that must stay readable. The Canvas
// records one for every text and token it draws, so tests can check the
// rules every public picture keeps: no text smaller than the picture's
// width/55 (legible at Discord's inline preview on a phone), and no token
// over a label or another token.
type Mark struct {
	Kind MarkKind
	// Text is the text drawn, or a token's label.
	Text string
	// Size is the text's size in pixels (a token's label size; zero for a
	// token without a label).
	Size           float64
	X0, Y0, X1, Y1 float64
}

// String names the mark for test failures.
func (m Mark) String() string {
	kind := "text"
	if m.Kind == TokenMark {
		kind = "token"
	}
	return fmt.Sprintf("%s %q (%.0f px) at %.0f,%.0f–%.0f,%.0f", kind, m.Text, m.Size, m.X0, m.Y0, m.X1, m.Y1)
}

// Occupy records a token or marker drawn by hand (not through Token or
// Cube) in the box at (x, y) of size w×h, with its label and the label's
// size, so the readability checks see it.
func (c *Canvas) Occupy(x, y, w, h float64, label string, size float64) {
	c.marks = append(c.marks, Mark{Kind: TokenMark, Text: label, Size: size, X0: x, Y0: y, X1: x + w, Y1: y + h})
}

// Marks lists everything drawn so far that must stay readable, in drawing
// order.
func (c *Canvas) Marks() []Mark {
	return append([]Mark(nil), c.marks...)
}

// SmallestText is the smallest text size among marks (texts and token
// labels), or zero when there is none.
func SmallestText(marks []Mark) (Mark, bool) {
	var best Mark
	found := false
	for _, m := range marks {
		if m.Size <= 0 || m.Text == "" {
			continue
		}
		if !found || m.Size < best.Size {
			best, found = m, true
		}
	}
	return best, found
}

// overlapSlack is how far two boxes may meet, in pixels, before they count
// as overlapping: antialiased edges and a token touching a label's line
// gap are not a covered label.
const overlapSlack = 1.5

// Overlaps lists every pair in which a token covers a text or another
// token. Texts over texts are the drawing's own business (a title over a
// panel's fill is not a mark at all) and are not listed.
func Overlaps(marks []Mark) [][2]Mark {
	var out [][2]Mark
	for i, a := range marks {
		if a.Kind != TokenMark {
			continue
		}
		for j, b := range marks {
			if i == j || (b.Kind == TokenMark && j < i) {
				continue
			}
			if a.X0+overlapSlack < b.X1 && b.X0+overlapSlack < a.X1 && a.Y0+overlapSlack < b.Y1 && b.Y0+overlapSlack < a.Y1 {
				out = append(out, [2]Mark{a, b})
			}
		}
	}
	return out
}
