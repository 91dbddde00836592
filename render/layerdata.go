package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"sort"
)

// A layout's layer drawn at build time (issue 16, the first board of a
// layout). A layer of a fixed layout is the same in every process, yet
// NewLayer draws it whole through gg and maps its 3 million pixels the
// first time a process needs it: most of what a layout's first board
// costs above a later one. So a game whose layouts are few keeps each
// layer's indices in its package (a LayerSet, embedded), written by its
// tests from the drawing itself (EncodeLayer), and decodes the one it
// needs on first use instead: a copy per row and a fill per run, about a
// fortieth of drawing it. The game's test decodes every kept layer and
// compares it byte for byte with the layer NewLayer draws today, so the
// data can never drift from the drawing code.
//
// The encoding is per row: a byte 0 for a row equal to the one above, or
// 1 followed by the row's ops until the row is full: a uvarint k, then
// for even k a run of k/2+1 copies of the next byte, for odd k the next
// k/2+1 bytes as they are. The rows of a layer are mostly background,
// long fills and text, so runs are long or a few bytes of anti-aliasing.

// EncodeLayer is l's pixels in the layer encoding, its width and height
// first (uvarints).
func EncodeLayer(l *Layer) []byte {
	img := l.img
	w, h := img.Rect.Dx(), img.Rect.Dy()
	out := binary.AppendUvarint(nil, uint64(w))
	out = binary.AppendUvarint(out, uint64(h))
	var above []byte
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+w]
		if above != nil && bytes.Equal(row, above) {
			out = append(out, 0)
			continue
		}
		out = append(out, 1)
		for x := 0; x < w; {
			end := x + 1
			for end < w && row[end] == row[x] {
				end++
			}
			if end-x >= 3 {
				out = binary.AppendUvarint(out, uint64(end-x-1)<<1)
				out = append(out, row[x])
				x = end
				continue
			}
			// A literal stretch ends where a run of three begins.
			lit := x
			for lit < w && !(lit+2 < w && row[lit] == row[lit+1] && row[lit] == row[lit+2]) {
				lit++
			}
			out = binary.AppendUvarint(out, uint64(lit-x-1)<<1|1)
			out = append(out, row[x:lit]...)
			x = lit
		}
		above = row
	}
	return out
}

// errLayerData is data that is not a layer's encoding.
var errLayerData = errors.New("render: layer data is corrupt")

// DecodeLayer is the layer whose pixels data holds (EncodeLayer), in
// pal's indices.
func DecodeLayer(data []byte, pal *FixedPalette) (*Layer, error) {
	w, n := binary.Uvarint(data)
	if n <= 0 || w == 0 || w > 1<<14 {
		return nil, errLayerData
	}
	data = data[n:]
	h, n := binary.Uvarint(data)
	if n <= 0 || h == 0 || h > 1<<15 {
		return nil, errLayerData
	}
	data = data[n:]
	W, H := int(w), int(h)
	pix := make([]byte, W*H)
	for y := 0; y < H; y++ {
		if len(data) == 0 {
			return nil, errLayerData
		}
		row := pix[y*W : (y+1)*W]
		op := data[0]
		data = data[1:]
		if op == 0 {
			if y == 0 {
				return nil, errLayerData
			}
			copy(row, pix[(y-1)*W:y*W])
			continue
		}
		for x := 0; x < W; {
			k, n := binary.Uvarint(data)
			if n <= 0 {
				return nil, errLayerData
			}
			data = data[n:]
			m := int(k>>1) + 1
			if m > W-x || len(data) == 0 {
				return nil, errLayerData
			}
			if k&1 == 0 {
				fillExact(row[x:x+m], data[0])
				data = data[1:]
			} else {
				if len(data) < m {
					return nil, errLayerData
				}
				copy(row[x:x+m], data[:m])
				data = data[m:]
			}
			x += m
		}
	}
	if len(data) != 0 {
		return nil, errLayerData
	}
	img := &image.Paletted{Pix: pix, Stride: W, Rect: image.Rect(0, 0, W, H), Palette: pal.pal}
	return &Layer{img: img, pal: pal}, nil
}

// SameLayers reports whether a and b hold the same pixels.
func SameLayers(a, b *Layer) bool {
	return a.img.Rect == b.img.Rect && bytes.Equal(a.img.Pix, b.img.Pix)
}

// A LayerSet is the layers of a game's layouts kept as data: each
// layout's key and its EncodeLayer bytes, read without copying from the
// bytes the package embeds.
type LayerSet struct {
	data map[string][]byte
}

// EncodeLayerSet is the layers by key as one LayerSet's bytes, keys in
// order: a uvarint count, then per layer a uvarint key length, the key, a
// uvarint data length and the data.
func EncodeLayerSet(layers map[string]*Layer) []byte {
	keys := make([]string, 0, len(layers))
	for k := range layers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := binary.AppendUvarint(nil, uint64(len(keys)))
	for _, k := range keys {
		d := EncodeLayer(layers[k])
		out = binary.AppendUvarint(out, uint64(len(k)))
		out = append(out, k...)
		out = binary.AppendUvarint(out, uint64(len(d)))
		out = append(out, d...)
	}
	return out
}

// ParseLayerSet reads a LayerSet's bytes (EncodeLayerSet's); the layers
// themselves are decoded only when asked for (Layer).
func ParseLayerSet(data []byte) (*LayerSet, error) {
	n, k := binary.Uvarint(data)
	if k <= 0 {
		return nil, errLayerData
	}
	data = data[k:]
	s := &LayerSet{data: map[string][]byte{}}
	for i := uint64(0); i < n; i++ {
		var parts [2][]byte
		for j := range parts {
			l, k := binary.Uvarint(data)
			if k <= 0 || uint64(len(data)-k) < l {
				return nil, errLayerData
			}
			parts[j] = data[k : k+int(l)]
			data = data[k+int(l):]
		}
		s.data[string(parts[0])] = parts[1]
	}
	if len(data) != 0 {
		return nil, errLayerData
	}
	return s, nil
}

// Keys lists the set's layout keys, in order.
func (s *LayerSet) Keys() []string {
	out := make([]string, 0, len(s.data))
	for k := range s.data {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Layer is key's layer decoded in pal's indices, or nil when the set does
// not hold key (or holds it corrupt, which the game's test reports).
func (s *LayerSet) Layer(key string, pal *FixedPalette) *Layer {
	if s == nil {
		return nil
	}
	d, ok := s.data[key]
	if !ok {
		return nil
	}
	l, err := DecodeLayer(d, pal)
	if err != nil {
		return nil
	}
	return l
}

// Indices is key's pixels decoded in pal's indices (a piece of a layer
// kept as data: Escape Plan's hexes and lower blocks), or nil as Layer.
func (s *LayerSet) Indices(key string, pal *FixedPalette) *image.Paletted {
	if l := s.Layer(key, pal); l != nil {
		return l.img
	}
	return nil
}

// Bytes is the size of the set's data.
func (s *LayerSet) Bytes() int {
	n := 0
	for _, d := range s.data {
		n += len(d)
	}
	return n
}
