package render

import (
	"image"
	"image/color"
	"image/draw"
)

// AndroidFillRect fills r with the opaque colour col, on whichever pixels
// the canvas draws now: its RGBA pixels, or, inside a layered picture's
// tail or indexed part, the palette's indices (the index col maps to, so
// a colour of the palette gives the same pixels either way). Android's
// boards are boxes, bars and text, and its tail holds most of them.
func (c *Canvas) AndroidFillRect(r image.Rectangle, col color.RGBA) {
	if t := c.index; t != nil {
		r = r.Intersect(t.img.Rect)
		if r.Empty() {
			return
		}
		v := t.pal.Index(uint32(col.R)<<16 | uint32(col.G)<<8 | uint32(col.B))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			o := t.img.PixOffset(r.Min.X, y)
			fillExact(t.img.Pix[o:o+r.Dx()], v)
		}
		return
	}
	draw.Draw(c.dst, r.Intersect(c.dst.Rect), image.NewUniform(col), image.Point{}, draw.Src)
}

// AndroidShape runs draw, which may use any of gg's calls but must paint
// nothing outside r. On a canvas drawing RGBA it simply draws; inside a
// layered picture's tail or indexed part, r is given the picture's
// colours on the scratch canvas, drawn on there and mapped back: the few
// curved shapes of a tail (a conspiracy's links, a story's rings) cost
// their own rectangle, not the tail's.
func (c *Canvas) AndroidShape(r image.Rectangle, draw func(c *Canvas)) {
	t := c.index
	if t == nil {
		draw(c)
		return
	}
	r = r.Intersect(t.img.Rect).Intersect(c.dst.Rect)
	if r.Empty() {
		return
	}
	t.pal.expandRect(c.dst, t.img, r)
	c.index = nil
	draw(c)
	c.index = t
	t.pal.mapRect(t.img, c.dst, r, t.nc)
}
