package render

import (
	"bytes"
	"image"
	"testing"
)

// TestStampsKeptAsDataDrawNothing: stamps kept as data (EncodeKeptStamps,
// UseStamps) are put, on RGBA and on palette indices, with the pixels and
// marks drawing them gives; on indices none is drawn through gg, on RGBA
// each once.
func TestStampsKeptAsDataDrawNothing(t *testing.T) {
	pal := testPalette()
	shapes := func(c *Canvas) {
		for i, x := range []float64{10, 60.5, 120.25} {
			c.Stamp("test token", x, 10+float64(i)/3, 30, 30, 4, Background, func(c *Canvas, x, y float64) {
				c.Token(x+15, y+15, 15, Alert, "7")
			})
		}
	}
	draw := func(indexed bool) (*image.RGBA, *image.Paletted, []Mark) {
		c := NewCanvas(200, 60)
		defer c.Release()
		if indexed {
			idx := image.NewPaletted(image.Rect(0, 0, 200, 60), pal.pal)
			fillExact(idx.Pix, pal.Index(uint32(Background.R)<<16|uint32(Background.G)<<8|uint32(Background.B)))
			nc := pal.getCache()
			c.index = &indexCanvas{img: idx, pal: pal, nc: nc}
			shapes(c)
			c.index = nil
			pal.putCache(nc)
			return nil, idx, c.Marks()
		}
		shapes(c)
		out := image.NewRGBA(c.dst.Rect)
		copy(out.Pix, c.dst.Pix)
		return out, nil, c.Marks()
	}
	ForgetKept()
	defer ForgetKept()
	wantRGBA, _, wantMarks := draw(false)
	_, wantIdx, _ := draw(true)
	data := EncodeKeptStamps(pal)
	ForgetKept()
	stampDataMu.Lock()
	old := stampData
	stampDataMu.Unlock()
	defer func() {
		stampDataMu.Lock()
		stampData = old
		stampDataMu.Unlock()
		forgetStampSets()
	}()
	UseStamps(data, pal)
	_, gotIdx, _ := draw(true)
	if n := StampsDrawn(); n != 0 {
		t.Errorf("%d stamps were drawn through gg to be put on indices with their data kept", n)
	}
	// On RGBA each is drawn once (the data holds only its indices), then
	// kept with it.
	gotRGBA, _, gotMarks := draw(false)
	drawn := StampsDrawn()
	draw(false)
	if again := StampsDrawn(); again != drawn || drawn > 3 {
		t.Errorf("stamps kept as data were drawn %d times for RGBA, then %d more", drawn, again-drawn)
	}
	if !bytes.Equal(gotRGBA.Pix, wantRGBA.Pix) || !bytes.Equal(gotIdx.Pix, wantIdx.Pix) {
		t.Error("stamps kept as data put other pixels than drawing them")
	}
	if len(gotMarks) != len(wantMarks) {
		t.Fatalf("%d marks from the data, %d drawn", len(gotMarks), len(wantMarks))
	}
	for i := range gotMarks {
		if gotMarks[i] != wantMarks[i] {
			t.Errorf("mark %d: %v from the data, %v drawn", i, gotMarks[i], wantMarks[i])
		}
	}
	SetStampsAside(true)
	ForgetKept()
	draw(false)
	SetStampsAside(false)
	if StampsDrawn() == 0 {
		t.Error("stamps set aside were not drawn")
	}
}
