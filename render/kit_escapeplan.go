package render

import "image"

// EPLayerOfIndices makes a Layer of img, whose pixels are already indices
// of pal: a layer assembled from pieces mapped apart. Escape Plan's city
// is built anew in every game, so its layers are many, and drawing and
// mapping each whole (NewLayer) was most of a new layout's cost; its
// tracks and legend are the same for many layouts and are mapped once and
// copied. img must not be changed afterwards.
func EPLayerOfIndices(img *image.Paletted, pal *FixedPalette) *Layer {
	img.Palette = pal.pal
	return &Layer{img: img, pal: pal}
}
