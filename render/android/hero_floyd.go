package android

import (
	"fmt"
	"strings"

	an "casefile/engine/android"
	"casefile/render"
)

// drawDirectives writes Floyd 2X3A7C's three Directive cards under his
// row, each kept or broken, and his Director Haas favor, wrapped to width.
// It returns the y below them; another detective has no Directives and
// nothing is written.
func drawDirectives(c *render.Canvas, d *an.Det, x, y, width float64) float64 {
	if d.Directives == nil {
		return y
	}
	var parts []string
	for k, name := range an.DirectiveNames {
		state := "kept"
		if d.Directives.Broken[k] {
			state = "BROKEN"
		}
		parts = append(parts, fmt.Sprintf("%s %s: %s", []string{"I", "II", "III"}[k], name, state))
	}
	line := fmt.Sprintf("Directives · %s · Director Haas favor %d", strings.Join(parts, " · "), d.Directives.HaasFavor)
	return y + 4 + c.TextWrapped(line, x, y+4, width, render.Regular, small, render.Ink)
}
