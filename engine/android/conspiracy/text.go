package conspiracy

import "strings"

// glyphs draws a cell's lines with one box-drawing character, indexed by
// its Edges.
var glyphs = [16]rune{
	'·', '╵', '╶', '└', '╷', '│', '┌', '├',
	'╴', '┘', '─', '┴', '┐', '┤', '┬', '┼',
}

// Glyph returns the character that draws the cell: ✱ for the conspiracy,
// · for an empty cell, ╬ for a bridge (two lines crossing apart), else
// the box-drawing character of its lines.
func (p *Puzzle) Glyph(c Cell) rune {
	if c == Centre {
		return '✱'
	}
	pc, rot, ok := p.PieceAt(c)
	switch {
	case !ok:
		return '·'
	case len(pc.Paths) > 1:
		return '╬'
	}
	return glyphs[pc.Lines(rot)]
}

// Text draws the grid as 5 lines of text with column letters and row
// numbers, for logs, tests and text-only views; the board image is the
// renderer's.
func (p *Puzzle) Text() string {
	var b strings.Builder
	b.WriteString("  a b c d e\n")
	for row := range Size {
		b.WriteByte(byte('1' + row))
		for col := range Size {
			b.WriteByte(' ')
			b.WriteRune(p.Glyph(CellAt(col, row)))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
