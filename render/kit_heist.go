package render

import (
	"encoding/binary"
	"image/color"
	"math"
	"sync"
)

// HeistStamp is Stamp for pictures whose stamps are large (a Masters of
// the Heist tile is some 15,000 pixels, forty to a map): drawn in a
// layered picture's palette indices (the tail, an indexed part), a kept
// stamp's pixels are mapped through the palette once and remembered, and
// later copied as index runs, where Stamp looks every pixel up again.
// Anywhere else it is Stamp. The pixels are the same as Stamp's: a pixel's
// index depends on its colour alone.
//
// It lives apart from stamp.go so that the shared kit is unchanged while
// the other games are moved to layers (issue 16); the indices kept are one
// byte per stamp pixel, for kept stamps only (at most maxStamps).
func (c *Canvas) HeistStamp(key string, x, y, w, h, pad float64, bg color.RGBA, draw func(c *Canvas, x, y float64)) {
	if c.index == nil {
		c.Stamp(key, x, y, w, h, pad, bg, draw)
		return
	}
	ix, iy := math.Floor(x), math.Floor(y)
	k := stampKey{key: key, fx: x - ix, fy: y - iy, bg: bg}
	stamps.RLock()
	s := stamps.m[k]
	stamps.RUnlock()
	if s == nil {
		// Not kept yet: Stamp draws it, keeps it when there is room, and
		// puts it; the next picture finds it.
		c.Stamp(key, x, y, w, h, pad, bg, draw)
		return
	}
	t := c.index
	hk := heistIndexKey{s: s, pal: t.pal}
	var runs *heistIndexRuns
	if v, ok := heistIndexed.Load(hk); ok {
		runs = v.(*heistIndexRuns)
	} else {
		runs = &heistIndexRuns{pix: make([][]byte, len(s.runs))}
		for i, r := range s.runs {
			out := make([]byte, len(r.pix)/4)
			for j := range out {
				out[j] = t.pal.lookup(binary.LittleEndian.Uint32(r.pix[4*j:])&0xffffff, t.nc)
			}
			runs.pix[i] = out
		}
		v, _ := heistIndexed.LoadOrStore(hk, runs)
		runs = v.(*heistIndexRuns)
	}
	dst := t.img
	b := dst.Rect
	jx, jy := int(ix), int(iy)
	for i, r := range s.runs {
		y := jy + s.oy + r.y
		if y < b.Min.Y || y >= b.Max.Y {
			continue
		}
		x0 := jx + s.ox + r.x
		pix := runs.pix[i]
		if x0 < b.Min.X {
			pix = pix[min(len(pix), b.Min.X-x0):]
			x0 = b.Min.X
		}
		if n := b.Max.X - x0; n < len(pix) {
			pix = pix[:max(n, 0)]
		}
		copy(dst.Pix[dst.PixOffset(x0, y):], pix)
	}
	for _, m := range s.marks {
		m.X0, m.X1, m.Y0, m.Y1 = m.X0+ix, m.X1+ix, m.Y0+iy, m.Y1+iy
		c.marks = append(c.marks, m)
	}
}

// heistIndexed holds the index runs of kept stamps (*heistIndexRuns) by
// stamp and palette.
var heistIndexed sync.Map

type heistIndexKey struct {
	s   *stamp
	pal *FixedPalette
}

type heistIndexRuns struct{ pix [][]byte }

// HeistForgetIndexed drops the index runs HeistStamp keeps (the cold
// benchmarks, with ForgetKept; a bot never calls it).
func HeistForgetIndexed() { heistIndexed = sync.Map{} }

// HeistStampBytes is the memory the kept stamps' pixels take, their
// index runs included (the heist's memory figures).
func HeistStampBytes() int {
	n := 0
	stamps.RLock()
	for _, s := range stamps.m {
		for _, r := range s.runs {
			n += len(r.pix)
		}
	}
	stamps.RUnlock()
	heistIndexed.Range(func(_, v any) bool {
		for _, p := range v.(*heistIndexRuns).pix {
			n += len(p)
		}
		return true
	})
	return n
}
