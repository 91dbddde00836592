package content

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field is one labelled cell of a card box, its value with the box's
// wrapping undone.
type Field struct {
	Key   string
	Value string
}

// Box is one card as it stands in a box-drawn data file: its fields in file
// order and the box's lines exactly as written.
type Box struct {
	Fields []Field
	// Raw is the box's lines, borders included, as in the file.
	Raw string
	// Line is the 1-based line of the box's top border in its file.
	Line int
}

// Get returns the value of the first field named key (case-insensitive)
// and whether it exists.
func (b Box) Get(key string) (string, bool) {
	for _, f := range b.Fields {
		if strings.EqualFold(f.Key, key) {
			return f.Value, true
		}
	}
	return "", false
}

// Value returns the value of the field named key, or "" when absent.
func (b Box) Value(key string) string {
	v, _ := b.Get(key)
	return v
}

// Text renders every field as "Key: value" lines, a plain-text form of the
// whole card for logs and help messages.
func (b Box) Text() string {
	var sb strings.Builder
	for _, f := range b.Fields {
		v := strings.ReplaceAll(f.Value, "\n", "\n  ")
		fmt.Fprintf(&sb, "%s: %s\n", f.Key, v)
	}
	return strings.TrimRight(sb.String(), "\n")
}

// parseBoxes reads a box-drawn table. Each card is framed by a ╭---╮ line
// and a ╰---╯ line; between them every line is "KEY | chunk |", the key
// right-aligned in a column that ends where the frame's ╭ stands, and a line
// with an empty key continuing the field above. The generator of these
// files cut long values into fixed-width chunks, even mid-word, so a chunk
// that fills the whole cell is glued to the next one without a separator,
// while a shorter chunk ended a line of the original value.
func parseBoxes(name, text string) ([]Box, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var boxes []Box
	for i := 0; i < len(lines); i++ {
		top := lines[i]
		if !strings.Contains(top, "╭") {
			continue
		}
		left := runeIndex(top, '╭')
		right := runeIndex(top, '╮')
		if right < 0 {
			return nil, fmt.Errorf("%s:%d: box top without ╮", name, i+1)
		}
		width := right - left - 3 // "| " before the chunk, " |" after it
		box := Box{Line: i + 1}
		raw := []string{top}
		type cell struct {
			key    string
			chunks []string
		}
		var cells []cell
		closed := false
		for i++; i < len(lines); i++ {
			ln := lines[i]
			raw = append(raw, ln)
			if strings.Contains(ln, "╰") {
				closed = true
				break
			}
			rs := []rune(ln)
			if len(rs) <= left || rs[left] != '|' {
				return nil, fmt.Errorf("%s:%d: line not in box: %q", name, i+1, ln)
			}
			key := strings.TrimSpace(string(rs[:left]))
			rest := string(rs[left+1:])
			end := strings.LastIndex(rest, "|")
			if end < 0 {
				return nil, fmt.Errorf("%s:%d: no right border: %q", name, i+1, ln)
			}
			chunk := strings.TrimPrefix(rest[:end], " ")
			chunk = strings.TrimRight(chunk, " ")
			if key != "" || len(cells) == 0 {
				cells = append(cells, cell{key: key})
			}
			c := &cells[len(cells)-1]
			c.chunks = append(c.chunks, chunk)
		}
		if !closed {
			return nil, fmt.Errorf("%s:%d: box never closed", name, box.Line)
		}
		for _, c := range cells {
			box.Fields = append(box.Fields, Field{Key: c.key, Value: unwrap(c.chunks, width)})
		}
		box.Raw = strings.Join(raw, "\n")
		boxes = append(boxes, box)
	}
	return boxes, nil
}

// unwrap joins a cell's chunks back into its value. A chunk of the full
// width was cut by the generator and continues on the next line; one a
// single character short that is followed by text that does not begin with
// a space was cut just after a space, which the right-trim removed.
func unwrap(chunks []string, width int) string {
	var sb strings.Builder
	for i, ch := range chunks {
		sb.WriteString(ch)
		if i == len(chunks)-1 {
			break
		}
		n := utf8.RuneCountInString(ch)
		next := chunks[i+1]
		switch {
		case n >= width && isTitle(lastWord(ch)) && startsWord(next):
			// A title that filled the cell exactly ("BEAUTY IS IN THE
			// EYES OF THE BUYER") ends its line; a cut title would
			// continue in capitals.
			sb.WriteByte('\n')
		case n >= width:
		case n == width-1 && isTitle(lastWord(ch)) && startsWord(next):
			// The same for a title cut just after it ("I KNOW A WAY").
			sb.WriteByte('\n')
		case n == width-1 && next != "" && !strings.HasPrefix(next, " "):
			sb.WriteByte(' ')
		default:
			sb.WriteByte('\n')
		}
	}
	return strings.TrimRight(sb.String(), "\n ")
}

// lastWord returns the text after the last space or icon colon of s.
func lastWord(s string) string {
	if i := strings.LastIndexAny(s, " :"); i >= 0 {
		return s[i+1:]
	}
	return s
}

// startsWord reports whether s begins with a capital followed by a small
// letter, the start of a sentence rather than the rest of a cut word.
func startsWord(s string) bool {
	rs := []rune(s)
	return len(rs) >= 2 && unicode.IsUpper(rs[0]) && unicode.IsLower(rs[1])
}

func runeIndex(s string, r rune) int {
	i := 0
	for _, c := range s {
		if c == r {
			return i
		}
		i++
	}
	return -1
}
