package render

import (
	"bytes"
	"image/color"
	"testing"
)

// TestLayerEncodingRoundTrip: a layer drawn through gg (text, fills,
// strokes: long runs, anti-aliasing, rows equal to the one above) decodes
// from its encoding to the same pixels, and a set of layers gives each
// back by its key.
func TestLayerEncodingRoundTrip(t *testing.T) {
	pal := NewFixedPalette([]uint32{0xf4efe4, 0x1f1d1a, 0xc02a1e, 0x2e7d32, 0x7a746a, 0xd8d3cb})
	a := NewLayer(300, 120, pal, func(c *Canvas) {
		c.FillRect(10, 10, 200, 40, color.RGBA{0xc0, 0x2a, 0x1e, 0xff})
		c.Text("Layer 12 · Ünïcode", 20, 60, Bold, 18, Ink)
		c.DrawCircle(250, 80, 25)
		c.SetColor(color.RGBA{0x2e, 0x7d, 0x32, 0xff})
		c.Stroke()
	})
	b := NewLayer(300, 120, pal, func(c *Canvas) { c.Text("another", 5, 5, Regular, 14, Ink) })
	got, err := DecodeLayer(EncodeLayer(a), pal)
	if err != nil {
		t.Fatal(err)
	}
	if !SameLayers(got, a) {
		t.Fatal("the decoded layer differs from the one encoded")
	}
	if SameLayers(a, b) {
		t.Fatal("SameLayers says two different layers are the same")
	}
	set, err := ParseLayerSet(EncodeLayerSet(map[string]*Layer{"a": a, "b": b}))
	if err != nil {
		t.Fatal(err)
	}
	if !SameLayers(set.Layer("a", pal), a) || !SameLayers(set.Layer("b", pal), b) {
		t.Fatal("a set gives back other layers than were put in")
	}
	if set.Layer("c", pal) != nil {
		t.Fatal("a set gives a layer for a key it does not hold")
	}
	if len(set.Layer("a", pal).img.Palette) != len(pal.pal) {
		t.Fatal("a decoded layer is not in the palette's indices")
	}
}

// TestCorruptLayerDataRejected: data cut short or with bytes to spare is
// refused, not decoded into a wrong layer.
func TestCorruptLayerDataRejected(t *testing.T) {
	pal := NewFixedPalette([]uint32{0xf4efe4, 0x1f1d1a})
	l := NewLayer(64, 32, pal, func(c *Canvas) { c.Text("x", 3, 3, Regular, 14, Ink) })
	data := EncodeLayer(l)
	for _, bad := range [][]byte{data[:len(data)-1], append(bytes.Clone(data), 0), data[:2]} {
		if _, err := DecodeLayer(bad, pal); err == nil {
			t.Errorf("corrupt data of %d bytes decoded", len(bad))
		}
	}
}
