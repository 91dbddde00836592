package policeprecinct

import (
	"flag"
	"fmt"
	"slices"
	"testing"

	pp "casefile/engine/policeprecinct"
	"casefile/render"
	"casefile/render/rendertest"
)

var regenLayers = flag.Bool("layers", false, "rewrite layers_data.bin from the layers drawn today")

// keptLayouts are the layouts whose layers the package keeps as data:
// every FAIL space of the rules' fail tables, with and without the Dirty
// Cop.
func keptLayouts() []int {
	seen := map[int]bool{}
	var out []int
	for _, tab := range []map[int]int{pp.CrimeFailTable, pp.DirtyCrimeFailTable} {
		for _, f := range tab {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestEmbeddedLayers: the layers kept as data (layers_data.bin) are byte
// for byte the layers drawn through gg today, for every Crime Track the
// rules give, so the data cannot drift from the drawing; -layers
// rewrites the file.
func TestEmbeddedLayers(t *testing.T) {
	drawn := map[string]*render.Layer{}
	for _, f := range keptLayouts() {
		drawn[fmt.Sprint(f)] = drawLayer(f)
	}
	rendertest.CheckLayerSet(t, "layers_data.bin", keptLayers, boardPalette, drawn, *regenLayers)
}
