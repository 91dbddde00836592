package escapeplan

import (
	"flag"
	"fmt"
	"image"
	"testing"

	"casefile/render"
	"casefile/render/rendertest"
)

var regenPieces = flag.Bool("pieces", false, "rewrite pieces_data.bin from the hexes and lower blocks drawn today")

// TestEmbeddedPieces: the hexes and lower blocks kept as data
// (pieces_data.bin) are byte for byte those drawn and mapped today, for
// every piece the boards of stampBoards' games meet (every tile and the
// empty slots shown, every kind of lower block), so the data cannot
// drift from the drawing; -pieces rewrites the file.
func TestEmbeddedPieces(t *testing.T) {
	forgetAll()
	piecesAside = true
	stampBoards(t)
	piecesAside = false
	drawn := map[string]*render.Layer{}
	hexSprites.Lock()
	for k := range hexSprites.m {
		slot, tile := 0, k
		if k < 0 {
			slot, tile = -1-k, -1
		}
		drawn[fmt.Sprintf("hex %d", k)] = render.LayerOfIndices(hexImage(slot, tile), boardPalette)
	}
	hexSprites.Unlock()
	lowerBlocks.Lock()
	for k, b := range lowerBlocks.m {
		c := *b
		c.Pix = append([]byte(nil), b.Pix...)
		drawn[fmt.Sprintf("lower %d %d", k[0], k[1])] = render.LayerOfIndices(&image.Paletted{Pix: c.Pix, Stride: c.Stride, Rect: c.Rect}, boardPalette)
	}
	lowerBlocks.Unlock()
	forgetAll()
	rendertest.CheckLayerSet(t, "pieces_data.bin", piecesSet, boardPalette, drawn, *regenPieces)
}
