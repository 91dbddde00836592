package commands

import (
	"strings"

	"casefile/engine"
)

// sanitize keeps user-chosen names from pinging anyone or breaking the
// message's formatting.
func sanitize(name string) string {
	name = nameReplacer.Replace(strings.TrimSpace(name))
	if name == "" {
		name = "player"
	}
	if len([]rune(name)) > 32 {
		name = string([]rune(name)[:32])
	}
	return name
}

// nameReplacer is built once: a Replacer builds its tables on first use,
// and names are written many times in every reply.
var nameReplacer = strings.NewReplacer("@", "@\u200b", "*", "", "_", "", "`", "", "~", "", "|", "", "<", "‹", ">", "›")

// clip keeps text within Discord's message limits.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 1
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// clipLines keeps text within n bytes, cutting at the last line break
// (or else space) that fits, so no word is cut in half, and says so.
func clipLines(s string, n int) string {
	if len(s) <= n {
		return s
	}
	head := s[:n-len(" …")]
	cut := strings.LastIndexByte(head, '\n')
	if cut < n/2 {
		cut = strings.LastIndexByte(head, ' ')
	}
	if cut <= 0 {
		return clip(s, n)
	}
	return s[:cut] + " …"
}

// chunks splits text into pieces of at most n bytes, at line breaks where
// it can.
func chunks(text string, n int) []string {
	var out []string
	for len(text) > n {
		cut := strings.LastIndexByte(text[:n], '\n')
		if cut <= 0 {
			cut = n
			for cut > 0 && (text[cut]&0xC0) == 0x80 {
				cut--
			}
		}
		out = append(out, text[:cut])
		text = strings.TrimLeft(text[cut:], "\n")
	}
	return append(out, text)
}

// orDefault is s, or d when s is empty.
func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// contains reports whether x is one of xs.
func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// dedupe drops repeats, keeping the first of each.
func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// clippedView is clip(engine.ExpandSeatRefs(v.Text(), name), n), the
// view as a message shows it, written only as far as the message shows
// when the view can write the beginning of its text alone
// (engine.TextPrefixer): an Android view is about three times what a DM
// shows. The seat references in the text are expanded before it is cut,
// so the prefix asked for grows until its expansion reaches past the cut;
// a reference the prefix cuts in two is left as it is, at its end.
func clippedView(v engine.View, name func(engine.Seat) string, n int) string {
	p, ok := v.(engine.TextPrefixer)
	if !ok {
		return clip(engine.ExpandSeatRefs(v.Text(), name), n)
	}
	for k := n + n/4; ; k *= 2 {
		raw := p.TextPrefix(k)
		if len(raw) < k || !wellFormedRefs(raw) {
			// The whole text (or one whose references the prefix could
			// read otherwise than the whole): cut as it always was.
			if len(raw) >= k {
				raw = v.Text()
			}
			return clip(engine.ExpandSeatRefs(raw, name), n)
		}
		if exp := engine.ExpandSeatRefs(raw, name); len(exp) >= n+seatRefMax {
			return clip(exp, n)
		}
	}
}

// seatRefMax bounds how long a seat reference ("@{12}") is.
const seatRefMax = 8

// wellFormedRefs reports whether every "@{" of text begins a seat
// reference, "@{" digits "}", but for one cut short at its very end: then
// ExpandSeatRefs reads a prefix of a text as it reads the whole, up to
// that end.
func wellFormedRefs(text string) bool {
	for i := strings.Index(text, "@{"); i >= 0; {
		j := i + 2
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		switch {
		case j == len(text):
			return len(text)-i < seatRefMax
		case text[j] != '}' || j == i+2:
			return false
		}
		next := strings.Index(text[j:], "@{")
		if next < 0 {
			return true
		}
		i = j + next
	}
	return true
}
