package render

import (
	"encoding/binary"
	"image"
	"sync"
	"sync/atomic"
)

// overIndex draws a glyph mask as over does, on palette indices (a
// layered picture's tail or indexed part): the pixel under it is its
// index's colour, and the result is mapped through the palette. The
// index of each level over the text's ground index is remembered for
// every text of the same colour on the same ground and palette, for as
// long as the process lives (textLevels): a board's texts are many and
// short (a heist's labels, names and numbers), and each text mapping its
// levels anew — a blend and a palette lookup for most of its pixels — was
// half of drawing a Masters of the Heist board. The pixels are the same:
// a level's index depends on the colours alone.
func (g *glyphMemo) overIndex(t *indexCanvas, dr image.Rectangle, mask *image.Alpha, mp image.Point) {
	dst := t.img
	r := dr.Intersect(dst.Rect).Intersect(mask.Rect.Add(dr.Min.Sub(mp)))
	if r.Empty() {
		return
	}
	mp = mp.Add(r.Min.Sub(dr.Min))
	const m = 1<<16 - 1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := mask.Pix[mask.PixOffset(mp.X, mp.Y+y-r.Min.Y):]
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):]
		for x := 0; x < r.Dx(); x++ {
			m8 := mrow[x]
			if m8 == 0 {
				continue
			}
			under := drow[x]
			if !g.grounded {
				g.ground, g.grounded = uint32(under), true
				g.levels = levelsOver(t.pal, g.sr, g.sg, g.sb, g.sa, under)
			}
			if uint32(under) == g.ground {
				if v := g.levels.idx[m8].Load(); v != 0 {
					drow[x] = uint8(v)
					continue
				}
			}
			var d [4]byte
			binary.LittleEndian.PutUint32(d[:], t.pal.words[under])
			ma := uint32(m8)
			ma |= ma << 8
			a := (m - (g.sa * ma / m)) * 0x101
			d[0] = uint8((uint32(d[0])*a + g.sr*ma) / m >> 8)
			d[1] = uint8((uint32(d[1])*a + g.sg*ma) / m >> 8)
			d[2] = uint8((uint32(d[2])*a + g.sb*ma) / m >> 8)
			v := t.pal.lookup(binary.LittleEndian.Uint32(d[:])&0xffffff, t.nc)
			drow[x] = v
			if uint32(under) == g.ground {
				g.levels.idx[m8].Store(uint32(v) | 1<<8)
			}
		}
	}
}

// textLevels are the palette indices of a text colour's 255 levels over
// one ground index: entry m is the index with bit 8 set, or 0 while not
// known. Any number of texts fill and read it at once.
type textLevels struct {
	idx [256]atomic.Uint32
}

type textLevelsKey struct {
	pal            *FixedPalette
	sr, sg, sb, sa uint32
	ground         uint8
}

// maxTextLevels bounds the tables kept (1 KB each): a game's texts use a
// few dozen colours and grounds; past the bound a text keeps its own.
const maxTextLevels = 4096

var (
	textLevelsKept sync.Map // textLevelsKey → *textLevels
	textLevelsN    atomic.Int64
)

// levelsOver is the table of a text colour over ground on pal.
func levelsOver(pal *FixedPalette, sr, sg, sb, sa uint32, ground uint8) *textLevels {
	k := textLevelsKey{pal, sr, sg, sb, sa, ground}
	if v, ok := textLevelsKept.Load(k); ok {
		return v.(*textLevels)
	}
	tl := new(textLevels)
	if textLevelsN.Load() >= maxTextLevels {
		return tl
	}
	v, loaded := textLevelsKept.LoadOrStore(k, tl)
	if !loaded {
		textLevelsN.Add(1)
	}
	return v.(*textLevels)
}

// forgetTextLevels drops the tables (ForgetKept: the cold benchmarks).
func forgetTextLevels() {
	textLevelsKept.Clear()
	textLevelsN.Store(0)
}
