package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
)

// PixelDiff compares two pictures pixel by pixel, as colours: it returns
// how many pixels differ and the first that does (in reading order). Two
// pictures of different bounds differ everywhere. The golden tests compare
// pictures this way rather than PNG bytes, so that how a picture is
// compressed may change while what it shows may not.
func PixelDiff(a, b image.Image) (int, image.Point) {
	ra, rb := a.Bounds(), b.Bounds()
	if ra != rb {
		return max(ra.Dx()*ra.Dy(), rb.Dx()*rb.Dy()), ra.Min
	}
	// Most comparisons are of equal pictures: two opaque pictures of 8-bit
	// colours (every board) drawn as RGBA pixels compare as bytes at
	// once, exactly as colour by colour; the slow walk below runs only to
	// count and place a difference, or for pictures with transparency.
	if opaque(a) && opaque(b) && bytes.Equal(asRGBA(a).Pix, asRGBA(b).Pix) {
		return 0, image.Point{}
	}
	n, first := 0, image.Point{}
	for y := ra.Min.Y; y < ra.Max.Y; y++ {
		for x := ra.Min.X; x < ra.Max.X; x++ {
			if color.RGBA64Model.Convert(a.At(x, y)) != color.RGBA64Model.Convert(b.At(x, y)) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}

// opaque reports whether the picture says it has no transparent pixel.
func opaque(img image.Image) bool {
	o, ok := img.(interface{ Opaque() bool })
	return ok && o.Opaque()
}

// asRGBA is the picture as 8-bit RGBA pixels over its own bounds, whatever
// its PNG colour type.
func asRGBA(img image.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// PNGPixelDiff decodes two PNG files and compares their pixels as
// PixelDiff does; an error is a file that does not decode.
func PNGPixelDiff(a, b []byte) (int, image.Point, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 0, image.Point{}, err
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 0, image.Point{}, err
	}
	n, p := PixelDiff(ia, ib)
	return n, p, nil
}
