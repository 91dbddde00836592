package commands

import (
	"strings"
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
