package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// Quantize turns a drawn picture into a paletted one, or returns nil if
// the picture has too many colours for that to be quick. Boards are flat
// colours plus anti-aliasing, which is what makes this work; renderers call
// it before encoding to stay within the 100 ms / 1 MB budget of an image. PNG encodes a
// paletted image without filtering and with a third of the bytes, which
// halves render+encode time and shrinks the file; the picture is flat
// colours plus anti-aliasing, so 256 colours lose next to nothing.
//
// The palette is base (every colour the drawing code fills with, so a rare
// piece never changes colour; nil is allowed) followed by the picture's most common other
// colours; any remaining colour maps to its nearest palette entry. Counts
// are of runs of equal pixels, which is enough to rank colours and skips
// most of the work on flat areas. Ties sort by colour value, so the same
// picture always gives the same palette.
func Quantize(src *image.RGBA, base []color.RGBA) *image.Paletted {
	// Pixels are read as little-endian words (R, G, B, A from the low
	// byte up) with the alpha masked off; a colour's key is 0xRRGGBB.
	word := func(row []byte, x int) uint32 {
		return binary.LittleEndian.Uint32(row[x:x+4]) & 0xffffff
	}
	key := func(w uint32) uint32 {
		return w&0xff<<16 | w&0xff00 | w>>16
	}
	width, height := src.Rect.Dx(), src.Rect.Dy()
	w4 := 4 * width
	row := func(y int) []byte { return src.Pix[y*src.Stride : y*src.Stride+w4] }
	// A map lookup per run of pixels cost more than the rest together, so
	// colours live in a small open-addressing table.
	sc := scratchPool.Get().(*quantizeScratch)
	defer sc.put()
	tab := &sc.tab
	prev := uint32(1 << 31)
	// A row equal to the one above it (a board has many: margins, panels,
	// the insides of boxes) counts the same runs again, save perhaps the
	// first, so the cells the row above counted after its first pixel are
	// kept and counted again instead of reading the row pixel by pixel.
	//
	// The runs are also kept, cut at the rows' ends, as segments (a
	// colour's cell and a length), with the rows equal to the one above
	// marked: writing the picture's pixels then needs neither the
	// pixels nor the table's hashing again.
	var above []byte
	again, segs, same := sc.again[:0], sc.segs[:0], sc.same[:0]
	if segs == nil {
		// A scratch the collector emptied the pool of starts with room
		// for as many runs as the largest picture so far had: growing
		// the list from nothing copied it a dozen times.
		segs = make([]segment, 0, segsHint.Load())
	}
	cur := int32(-1)
	for y := 0; y < height; y++ {
		r := row(y)
		if width > 0 && above != nil && bytes.Equal(r, above) {
			same = append(same, true)
			first := word(r, 0) != prev
			if tab.full() && (first || len(again) > 0) {
				return nil
			}
			if first {
				tab.cells[tab.index(key(word(r, 0)))].n++
			}
			for _, c := range again {
				tab.cells[c].n++
			}
			continue
		}
		same = append(same, false)
		again = again[:0]
		for x := 0; x < w4; {
			start := x
			if w := word(r, x); w != prev {
				c := tab.slot(key(w))
				if c < 0 {
					return nil
				}
				tab.cells[c].n++
				if x > 0 {
					again = append(again, c)
				}
				prev, cur = w, tab.cells[c].id
			}
			x = runEnd(r, x+4, prev)
			segs = append(segs, segment{id: cur, n: int32((x - start) / 4)})
		}
		above = r
	}
	sc.again, sc.segs, sc.same = again, segs, same
	if n := int64(len(segs)); n > segsHint.Load() {
		segsHint.Store(n)
	}
	var pal []uint32
	inPal := map[uint32]bool{}
	for _, c := range base {
		k := uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B)
		if !inPal[k] && len(pal) < 256 {
			inPal[k] = true
			pal = append(pal, k)
		}
	}
	type entry struct {
		k uint32
		n int
	}
	rest := make([]entry, 0, tab.used)
	for i := range tab.cells {
		if e := tab.cells[i]; e.n > 0 && !inPal[e.k] {
			rest = append(rest, entry{e.k, int(e.n)})
		}
	}
	// Colours are distinct, so the order is total and any sort gives it.
	slices.SortFunc(rest, func(a, b entry) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return cmp.Compare(a.k, b.k)
	})
	// Most slots go to the commonest colours; the last ones go, one at a
	// time, to the colour worst served so far (distance to its nearest
	// entry times its count), so that a long ramp of rare colours is not
	// all folded onto one end.
	common := max(0, min(len(rest), 256-len(pal)-farthest))
	for _, e := range rest[:common] {
		pal = append(pal, e.k)
	}
	tail := rest[common:]
	best := make([]int, len(tail))
	near := make([]int, len(tail))
	byGreen := newGreenIndex(pal)
	for i, e := range tail {
		best[i], near[i] = byGreen.nearest(e.k)
	}
	// pick is the worst-served colour (the first of them on a tie), or -1
	// when every colour has its entry; the pass that updates the
	// distances to a new entry also finds the next pick.
	pick, score := -1, 0
	for i, e := range tail {
		if s := best[i] * e.n; s > score {
			pick, score = i, s
		}
	}
	for len(pal) < 256 && pick >= 0 {
		k := tail[pick].k
		pal = append(pal, k)
		kg := int(k >> 8 & 0xff)
		pick, score = -1, 0
		for i, e := range tail {
			// Green alone is a lower bound of dist: most colours are
			// nearer their entry than that, and skip the rest.
			if dg := int(e.k>>8&0xff) - kg; 4*dg*dg < best[i] {
				if d := dist(e.k, k); d < best[i] {
					best[i], near[i] = d, len(pal)-1
				}
			}
			if s := best[i] * e.n; s > score {
				pick, score = i, s
			}
		}
	}
	for i := range tab.cells {
		tab.cells[i].idx = -1
	}
	for i, k := range pal {
		if e := tab.index(k); e >= 0 {
			tab.cells[e].idx = int32(i)
		}
	}
	for i, e := range tail {
		if c := tab.index(e.k); c >= 0 && tab.cells[c].idx < 0 {
			tab.cells[c].idx = int32(near[i])
		}
	}
	// The runs name their colours by dense number, so the palette index
	// of each is read from this small table, a few kilobytes, rather than
	// from the colour table's half megabyte.
	lut := sc.lut[:0]
	lut = append(lut, make([]uint8, tab.used)...)
	for i := range tab.cells {
		if e := &tab.cells[i]; e.n > 0 {
			lut[e.id] = uint8(e.idx)
		}
	}
	sc.lut = lut
	cp := make(color.Palette, len(pal))
	for i, k := range pal {
		cp[i] = color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff}
	}
	dst := image.NewPaletted(src.Bounds(), cp)
	k := 0
	for y := 0; y < height; y++ {
		at := y * dst.Stride
		if same[y] {
			copy(dst.Pix[at:at+width], dst.Pix[at-dst.Stride:])
			continue
		}
		for end := at + width; at < end; k++ {
			sg := segs[k]
			fill(dst.Pix, at, int(sg.n), lut[sg.id])
			at += int(sg.n)
		}
	}
	return dst
}

// segsHint is the most runs a picture has had, the room a new scratch's
// list of runs starts with.
var segsHint atomic.Int64

// segment is a run of pixels of one colour within a row: the colour's
// dense number (colourCell.id) and the run's length.
type segment struct {
	id, n int32
}

// fill sets the n bytes of pix from at to v, and may set bytes after them
// too: the paletted picture is written from left to right and top to
// bottom, so what follows a run is written afterwards anyway. Most runs
// of a board are a pixel or two of anti-aliasing: eight bytes are stored
// at once, so that a short run costs one store instead of a loop; a long
// one (a margin, a panel's inside) doubles what it has written with copy.
func fill(pix []byte, at, n int, v uint8) {
	v8 := uint64(v) * 0x0101010101010101
	if n <= 32 && at+32 <= len(pix) {
		for i := 0; i < n; i += 8 {
			binary.LittleEndian.PutUint64(pix[at+i:], v8)
		}
		return
	}
	run := pix[at : at+n]
	if n < 8 {
		for i := range run {
			run[i] = v
		}
		return
	}
	binary.LittleEndian.PutUint64(run, v8)
	for k := 8; k < n; k *= 2 {
		copy(run[k:], run[:k])
	}
}

// quantizeScratch is what Quantize needs while it runs, kept between
// pictures (the table alone is half a megabyte).
type quantizeScratch struct {
	tab   colourTable
	again []int32
	segs  []segment
	same  []bool
	lut   []uint8
}

var scratchPool = sync.Pool{New: func() any { return new(quantizeScratch) }}

// put empties the scratch and gives it back to the pool.
func (sc *quantizeScratch) put() {
	clear(sc.tab.cells[:])
	sc.tab.used = 0
	scratchPool.Put(sc)
}

// runEnd is the offset, from x on, of the first pixel of row (RGBA bytes)
// whose colour is not w (0xBBGGRR as word reads it), or the row's end.
// Boards are mostly long runs of one colour, so it compares eight
// pixels at a time while it can, then two.
func runEnd(row []byte, x int, w uint32) int {
	const mask = 0x00ffffff00ffffff
	pair := uint64(w) | uint64(w)<<32
	for x+32 <= len(row) {
		q := row[x : x+32]
		d := (binary.LittleEndian.Uint64(q) ^ pair) | (binary.LittleEndian.Uint64(q[8:]) ^ pair) |
			(binary.LittleEndian.Uint64(q[16:]) ^ pair) | (binary.LittleEndian.Uint64(q[24:]) ^ pair)
		if d&mask != 0 {
			break
		}
		x += 32
	}
	for x+8 <= len(row) && (binary.LittleEndian.Uint64(row[x:])^pair)&mask == 0 {
		x += 8
	}
	if x+4 <= len(row) && binary.LittleEndian.Uint32(row[x:])&0xffffff == w {
		x += 4
	}
	return x
}

// greenIndex finds a colour's nearest palette entry by dist without
// measuring it against every entry: the entries sorted by green, a search
// outward from the colour's green stops once green alone puts the rest
// farther than the best found. Ties go to the lowest palette index, as a
// walk of the palette in order would give.
type greenIndex struct {
	keys []uint32 // palette colours by green
	idx  []int    // their palette indices
	// from[g] is the first of keys whose green is g or more: a search
	// starts there without a binary search.
	from [257]int
}

func newGreenIndex(pal []uint32) greenIndex {
	order := make([]int, len(pal))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return pal[order[a]]>>8&0xff < pal[order[b]]>>8&0xff })
	g := greenIndex{keys: make([]uint32, len(pal)), idx: order}
	for i, j := range order {
		g.keys[i] = pal[j]
	}
	at := 0
	for green := 0; green <= 256; green++ {
		for at < len(g.keys) && int(g.keys[at]>>8&0xff) < green {
			at++
		}
		g.from[green] = at
	}
	return g
}

// nearest is k's least distance to the palette and the entry's index
// (1<<30 and 0 for an empty palette).
func (g *greenIndex) nearest(k uint32) (int, int) {
	best, near := 1<<30, 0
	green := int(k >> 8 & 0xff)
	at := g.from[green]
	try := func(i int) bool {
		dg := int(g.keys[i]>>8&0xff) - green
		if 4*dg*dg > best {
			return false
		}
		if d := dist(k, g.keys[i]); d < best || d == best && g.idx[i] < near {
			best, near = d, g.idx[i]
		}
		return true
	}
	for i := at; i < len(g.keys) && try(i); i++ {
	}
	for i := at - 1; i >= 0 && try(i); i-- {
	}
	return best, near
}

// farthest is how many palette slots go to the worst-served colours.
const farthest = 48

// dist is a squared colour distance, weighting green most as the eye does.
func dist(a, b uint32) int {
	dr := int(a>>16) - int(b>>16)
	dg := int(a>>8&0xff) - int(b>>8&0xff)
	db := int(a&0xff) - int(b&0xff)
	return 3*dr*dr + 4*dg*dg + 2*db*db
}

// colourTable counts colours by open addressing. It is sized for the
// pictures drawn here (a few thousand colours); past three quarters full
// it gives up and the picture stays unquantized.
type colourTable struct {
	cells [1 << 15]colourCell
	used  int
}

// colourCell is one colour of the table: its key, its palette index once
// chosen, how many runs it has, and its dense number, the order in which
// the table met it.
type colourCell struct {
	k   uint32
	idx int32
	n   int32
	id  int32
}

func (t *colourTable) hash(k uint32) int { return int((k * 0x9E3779B1) >> 17) }

// full reports whether the table is too full to stay fast.
func (t *colourTable) full() bool { return t.used >= len(t.cells)*3/4 }

// slot returns the index of k's cell, claiming an empty one for a new
// colour; -1 when the table is too full to stay fast.
func (t *colourTable) slot(k uint32) int32 {
	if t.full() {
		return -1
	}
	for i := t.hash(k); ; i = (i + 1) & (len(t.cells) - 1) {
		c := &t.cells[i]
		if c.n == 0 {
			c.k, c.id = k, int32(t.used)
			t.used++
			return int32(i)
		}
		if c.k == k {
			return int32(i)
		}
	}
}

// index returns the index of k's cell, or -1 if k was never counted.
func (t *colourTable) index(k uint32) int32 {
	for i := t.hash(k); ; i = (i + 1) & (len(t.cells) - 1) {
		c := &t.cells[i]
		if c.n == 0 {
			return -1
		}
		if c.k == k {
			return int32(i)
		}
	}
}

// Flatten quantizes a canvas's image with base colours kept exact, and
// returns the image unchanged when quantizing would not be quick.
func Flatten(img image.Image, base []color.RGBA) image.Image {
	if rgba, ok := img.(*image.RGBA); ok {
		if p := Quantize(rgba, base); p != nil {
			return p
		}
	}
	return img
}
