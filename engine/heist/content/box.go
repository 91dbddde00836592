package content

import (
	"fmt"
	"strings"
)

// Field is one labelled field of a card record.
type Field struct {
	Key   string
	Value string
}

// Box is one card record of a data file: its fields in file order and the
// record's lines as written.
type Box struct {
	Fields []Field
	// Raw is the record's lines as in the file, comments left out.
	Raw string
	// Line is the 1-based line of the record's first field in its file.
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

// parseBoxes reads a card file of ours. Cards are separated by a line
// "---". In a card, a line "Key: value" starts a field, a line indented by
// two spaces continues the field above (a new line of its value), and an
// empty line inside a field's text is a paragraph break. Lines starting
// with "#" are comments.
func parseBoxes(name, text string) ([]Box, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var boxes []Box
	var cur *Box
	var raw []string
	finish := func() {
		if cur == nil {
			return
		}
		for i := range cur.Fields {
			cur.Fields[i].Value = strings.TrimSpace(cur.Fields[i].Value)
		}
		cur.Raw = strings.TrimRight(strings.Join(raw, "\n"), "\n")
		boxes = append(boxes, *cur)
		cur, raw = nil, nil
	}
	for i, ln := range lines {
		switch {
		case strings.HasPrefix(ln, "#"):
			continue
		case strings.TrimRight(ln, " ") == "---":
			finish()
			continue
		case strings.TrimSpace(ln) == "":
			if cur != nil && len(cur.Fields) > 0 {
				f := &cur.Fields[len(cur.Fields)-1]
				f.Value += "\n"
				raw = append(raw, "")
			}
			continue
		case strings.HasPrefix(ln, " "):
			if cur == nil || len(cur.Fields) == 0 {
				return nil, fmt.Errorf("%s:%d: continuation line outside a field: %q", name, i+1, ln)
			}
			f := &cur.Fields[len(cur.Fields)-1]
			f.Value += "\n" + strings.TrimPrefix(strings.TrimRight(ln, " "), "  ")
			raw = append(raw, ln)
			continue
		}
		key, value, ok := strings.Cut(ln, ":")
		if !ok || strings.TrimSpace(key) == "" {
			return nil, fmt.Errorf("%s:%d: want \"Key: value\", got %q", name, i+1, ln)
		}
		if cur == nil {
			cur = &Box{Line: i + 1}
		}
		cur.Fields = append(cur.Fields, Field{Key: strings.TrimSpace(key), Value: strings.TrimSpace(value)})
		raw = append(raw, ln)
	}
	finish()
	return boxes, nil
}
