package escapeplan

import (
	"encoding/binary"
	"image"
	"image/color"
	"sort"
)

// toPaletted turns a drawn board into a 256-colour image made of the
// board's own most frequent colours; antialiased edges take the nearest
// of them. Boards are mostly flat colour, so nothing visible is lost, and
// a paletted PNG encodes about three times faster and smaller than RGBA
// (the 100 ms / 1 MB budget of a board image). Runs of equal pixels are
// handled once, which keeps the conversion cheap.
func toPaletted(img image.Image) image.Image {
	src, ok := img.(*image.RGBA)
	if !ok {
		return img
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	counts := map[uint32]int{}
	// Every third row is enough to rank the colours; colours first met in
	// the other rows are mapped to their nearest palette entry below.
	for y := 0; y < h; y += 3 {
		row := src.Pix[y*src.Stride : y*src.Stride+w*4]
		prev, run := uint32(1<<31), 0
		for x := 0; x < w; x++ {
			c := binary.BigEndian.Uint32(row[4*x:]) >> 8
			if c == prev {
				run++
				continue
			}
			if run > 0 {
				counts[prev] += run
			}
			prev, run = c, 1
		}
		counts[prev] += run
	}
	colours := make([]uint32, 0, len(counts))
	for c := range counts {
		colours = append(colours, c)
	}
	sort.Slice(colours, func(i, j int) bool {
		if counts[colours[i]] != counts[colours[j]] {
			return counts[colours[i]] > counts[colours[j]]
		}
		return colours[i] < colours[j]
	})
	n := min(256, len(colours))
	pal := make(color.Palette, n)
	for i := 0; i < n; i++ {
		c := colours[i]
		pal[i] = color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
	}
	index := make(map[uint32]uint8, len(colours))
	nearest := func(c uint32) uint8 {
		best, bd := 0, 1<<30
		r, g, bl := int(c>>16), int(c>>8&0xff), int(c&0xff)
		for j := 0; j < n; j++ {
			p := colours[j]
			dr, dg, db := r-int(p>>16), g-int(p>>8&0xff), bl-int(p&0xff)
			if d := dr*dr + dg*dg + db*db; d < bd {
				best, bd = j, d
			}
		}
		return uint8(best)
	}
	for i := 0; i < n; i++ {
		index[colours[i]] = uint8(i)
	}
	out := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	for y := 0; y < h; y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+w*4]
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		prev, pi := uint32(1<<31), uint8(0)
		for x := 0; x < w; x++ {
			c := binary.BigEndian.Uint32(row[4*x:]) >> 8
			if c != prev {
				var ok bool
				if pi, ok = index[c]; !ok {
					pi = nearest(c)
					index[c] = pi
				}
				prev = c
			}
			dst[x] = pi
		}
	}
	return out
}
