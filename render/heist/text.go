package heist

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"casefile/render"
)

// canvas is the kit's canvas with a faster Text and TextCentered: gg draws
// every glyph through a bilinear transform, which took a fifth of a
// board's drawing time; here glyph masks go straight onto the pixels with
// draw.DrawMask. Faces are the same typefaces at the same sizes, and
// anchoring follows gg's, so the layout is unchanged.
type canvas struct {
	*render.Canvas
	dst   *image.RGBA
	faces map[textKey]font.Face
}

type textKey struct {
	w    render.Weight
	size float64
}

var (
	ttfOnce sync.Once
	ttfs    map[render.Weight]*truetype.Font
)

func typeface(w render.Weight) *truetype.Font {
	ttfOnce.Do(func() {
		ttfs = map[render.Weight]*truetype.Font{}
		for wt, data := range map[render.Weight][]byte{render.Regular: goregular.TTF, render.Bold: gobold.TTF} {
			f, err := truetype.Parse(data)
			if err != nil {
				panic("render/heist: embedded font: " + err.Error())
			}
			ttfs[wt] = f
		}
	})
	if f, ok := ttfs[w]; ok {
		return f
	}
	return ttfs[render.Regular]
}

func newCanvas(w, h int) *canvas {
	c := &canvas{Canvas: render.NewCanvas(w, h), faces: map[textKey]font.Face{}}
	c.dst, _ = c.Image().(*image.RGBA)
	return c
}

func (c *canvas) face(w render.Weight, size float64) font.Face {
	k := textKey{w, size}
	f, ok := c.faces[k]
	if !ok {
		f = truetype.NewFace(typeface(w), &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone})
		c.faces[k] = f
	}
	return f
}

// Text draws s with its top-left corner at (x, y), as render.Canvas.Text.
func (c *canvas) Text(s string, x, y float64, w render.Weight, size float64, col color.Color) {
	c.anchored(s, x, y, 0, 1, w, size, col)
}

// TextCentered draws s centred on (x, y), as render.Canvas.TextCentered.
func (c *canvas) TextCentered(s string, x, y float64, w render.Weight, size float64, col color.Color) {
	c.anchored(s, x, y, 0.5, 0.5, w, size, col)
}

func (c *canvas) anchored(s string, x, y, ax, ay float64, w render.Weight, size float64, col color.Color) {
	if c.dst == nil {
		c.Canvas.Font(w, size)
		c.SetColor(col)
		c.DrawStringAnchored(s, x, y, ax, ay)
		return
	}
	f := c.face(w, size)
	d := font.Drawer{Dst: c.dst, Src: image.NewUniform(col), Face: f}
	adv := d.MeasureString(s)
	h := float64(f.Metrics().Height) / 64
	x -= ax * float64(adv>>6)
	y += ay * h
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			d.Dot.X += f.Kern(prev, r)
		}
		dr, mask, mp, advance, ok := f.Glyph(d.Dot, r)
		if ok {
			draw.DrawMask(c.dst, dr, d.Src, image.Point{}, mask, mp, draw.Over)
		}
		d.Dot.X += advance
		prev = r
	}
}
