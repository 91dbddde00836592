package android

import (
	"flag"
	"testing"

	"casefile/render"
	"casefile/render/rendertest"
)

var regenLayers = flag.Bool("layers", false, "rewrite layers_data.bin from the layers drawn today")

// keptLayouts are the layouts whose layers the package keeps as data:
// the map with its room for two rows of pieces in every row, the layout
// of every board whose cells hold at most eight pieces each.
func keptLayouts() []mapRows { return []mapRows{mapLayout(nil)} }

// TestEmbeddedLayers: the layers kept as data (layers_data.bin) are byte
// for byte the layers drawn through gg today, for every layout kept, so
// the data cannot drift from the drawing; -layers rewrites the file.
func TestEmbeddedLayers(t *testing.T) {
	drawn := map[string]*render.Layer{}
	for _, m := range keptLayouts() {
		drawn[m.key()] = drawLayer(m)
	}
	rendertest.CheckLayerSet(t, "layers_data.bin", keptLayers, boardPalette, drawn, *regenLayers)
}
