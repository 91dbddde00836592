package render

import (
	"encoding/binary"
	"image/color"
	"math"
	"sort"
	"sync"
	"sync/atomic"
)

// Stamps drawn at build time (issue 16, the first board of a layout). A
// process's first board draws every shape it stamps through gg (a
// heist's forty tiles, its pawns and cards; a Police Precinct's chips and
// cars): most of what its first board costs above a later one, once the
// layer is kept as data. A stamp's pixels depend on its key alone (Stamp's
// contract), so a game keeps the stamps its boards meet as data (a
// StampSet, embedded), written by its tests from the drawing itself, and
// Stamp takes a stamp it has not kept from there, decoded on first use,
// before drawing it: the pixels and marks drawing it would give, and its
// indices in the game's palette, so that it is not mapped either. A
// stamp not in any set is drawn as before. The game's test draws the
// same boards with the sets set aside and compares what it kept, byte
// for byte, with the data, so the data cannot drift from the drawing.
//
// The encoding: a uvarint count, then per stamp a uvarint length and its
// bytes: the key (uvarint length, bytes), fx and fy (float64 bits,
// little-endian), bg (4 bytes), ox and oy (varints), the marks (a uvarint
// count; each its kind, text, size and box), the runs (a uvarint count;
// each x, y and its length in pixels, uvarints, then its palette indices
// as ops: a uvarint k, for even k a run of k/2+1 copies of the next
// index, for odd k the next k/2+1 indices). The RGBA pixels are not
// kept: a stamp put on RGBA, or through another palette, is drawn
// (stamp.drawnTwin).

// StampSet is a game's stamps kept as data, read without copying from
// the bytes the package embeds, by key; each is decoded when first asked
// for.
type StampSet struct {
	pal  *FixedPalette
	body map[stampKey][]byte
}

// stampData are the sets' bytes with their palettes (UseStamps), read
// into stampSets when a stamp is first looked for (and again after
// ForgetKept).
var (
	stampData    []stampDataOf
	stampDataMu  sync.Mutex
	stampSets    atomic.Pointer[[]*StampSet]
	stampSetsOff atomic.Bool
)

type stampDataOf struct {
	data []byte
	pal  *FixedPalette
}

// UseStamps makes Stamp take the stamps of data (EncodeKeptStamps's)
// before drawing them, with their indices in pal. A game calls it once,
// at start; the data is read when a stamp is first looked for, and data
// that does not parse is ignored (the game's test reports it).
func UseStamps(data []byte, pal *FixedPalette) {
	stampDataMu.Lock()
	stampData = append(stampData, stampDataOf{data, pal})
	stampDataMu.Unlock()
	forgetStampSets()
}

// forgetStampSets drops the sets read (ForgetKept: the cold benchmarks).
func forgetStampSets() { stampSets.Store(nil) }

// sets are the stamp sets, read the first time.
func sets() []*StampSet {
	if s := stampSets.Load(); s != nil {
		return *s
	}
	stampDataMu.Lock()
	defer stampDataMu.Unlock()
	if s := stampSets.Load(); s != nil {
		return *s
	}
	var all []*StampSet
	for _, d := range stampData {
		if set, err := ParseStamps(d.data, d.pal); err == nil {
			all = append(all, set)
		}
	}
	stampSets.Store(&all)
	return all
}

// SetStampsAside makes Stamp draw every stamp through gg while off is
// true, as if no game kept any as data, and keep every stamp drawn
// meanwhile past Stamp's bound, so that EncodeKeptStamps records all
// the boards met (the tests of the data; a bot never calls it). No
// picture may be drawing meanwhile.
func SetStampsAside(off bool) { stampSetsOff.Store(off) }

// keptAsData is k's stamp decoded from a set, or nil.
func keptAsData(k stampKey) *stamp {
	if stampSetsOff.Load() {
		return nil
	}
	for _, set := range sets() {
		if b, ok := set.body[k]; ok {
			if s := decodeStamp(b, set.pal); s != nil {
				return s
			}
		}
	}
	return nil
}

// ParseStamps reads a StampSet's bytes (EncodeStamps's), the stamps'
// keys only; their pixels are decoded when first asked for.
func ParseStamps(data []byte, pal *FixedPalette) (*StampSet, error) {
	n, k := binary.Uvarint(data)
	if k <= 0 {
		return nil, errLayerData
	}
	data = data[k:]
	set := &StampSet{pal: pal, body: make(map[stampKey][]byte, n)}
	for i := uint64(0); i < n; i++ {
		l, k := binary.Uvarint(data)
		if k <= 0 || uint64(len(data)-k) < l {
			return nil, errLayerData
		}
		b := data[k : k+int(l)]
		data = data[k+int(l):]
		r := reader{b: b}
		key := stampKey{key: r.str(), fx: r.f64(), fy: r.f64()}
		key.bg = color.RGBA{r.byte1(), r.byte1(), r.byte1(), r.byte1()}
		if r.bad {
			return nil, errLayerData
		}
		set.body[key] = r.b
	}
	if len(data) != 0 {
		return nil, errLayerData
	}
	return set, nil
}

// Len is how many stamps the set holds.
func (s *StampSet) Len() int { return len(s.body) }

// EncodeKeptStamps is the stamps kept now (those drawn since ForgetKept,
// up to Stamp's bound) as a StampSet's bytes with their indices in pal,
// in the order of their keys: what a game's test writes from its boards.
func EncodeKeptStamps(pal *FixedPalette) []byte {
	stamps.RLock()
	keys := make([]stampKey, 0, len(stamps.m))
	for k := range stamps.m {
		keys = append(keys, k)
	}
	ss := make([]*stamp, len(keys))
	sort.Slice(keys, func(i, j int) bool { return lessStampKey(keys[i], keys[j]) })
	for i, k := range keys {
		ss[i] = stamps.m[k]
	}
	stamps.RUnlock()
	out := binary.AppendUvarint(nil, uint64(len(keys)))
	for i, k := range keys {
		b := encodeStamp(k, ss[i], pal)
		out = binary.AppendUvarint(out, uint64(len(b)))
		out = append(out, b...)
	}
	return out
}

func lessStampKey(a, b stampKey) bool {
	if a.key != b.key {
		return a.key < b.key
	}
	if a.fx != b.fx {
		return a.fx < b.fx
	}
	if a.fy != b.fy {
		return a.fy < b.fy
	}
	wa := uint32(a.bg.R)<<24 | uint32(a.bg.G)<<16 | uint32(a.bg.B)<<8 | uint32(a.bg.A)
	wb := uint32(b.bg.R)<<24 | uint32(b.bg.G)<<16 | uint32(b.bg.B)<<8 | uint32(b.bg.A)
	return wa < wb
}

func encodeStamp(k stampKey, s *stamp, pal *FixedPalette) []byte {
	b := binary.AppendUvarint(nil, uint64(len(k.key)))
	b = append(b, k.key...)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(k.fx))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(k.fy))
	b = append(b, k.bg.R, k.bg.G, k.bg.B, k.bg.A)
	b = binary.AppendVarint(b, int64(s.ox))
	b = binary.AppendVarint(b, int64(s.oy))
	b = binary.AppendUvarint(b, uint64(len(s.marks)))
	for _, m := range s.marks {
		b = binary.AppendUvarint(b, uint64(m.Kind))
		b = binary.AppendUvarint(b, uint64(len(m.Text)))
		b = append(b, m.Text...)
		for _, v := range []float64{m.Size, m.X0, m.Y0, m.X1, m.Y1} {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(s.runs)))
	for _, r := range s.runs {
		ix := make([]byte, r.n)
		for i := range ix {
			px := r.pix[4*i:]
			ix[i] = pal.Index(uint32(px[0])<<16 | uint32(px[1])<<8 | uint32(px[2]))
		}
		b = binary.AppendUvarint(b, uint64(r.x))
		b = binary.AppendUvarint(b, uint64(r.y))
		b = binary.AppendUvarint(b, uint64(len(ix)))
		for x := 0; x < len(ix); {
			end := x + 1
			for end < len(ix) && ix[end] == ix[x] {
				end++
			}
			if end-x >= 3 {
				b = binary.AppendUvarint(b, uint64(end-x-1)<<1)
				b = append(b, ix[x])
				x = end
				continue
			}
			lit := x
			for lit < len(ix) && !(lit+2 < len(ix) && ix[lit] == ix[lit+1] && ix[lit] == ix[lit+2]) {
				lit++
			}
			b = binary.AppendUvarint(b, uint64(lit-x-1)<<1|1)
			b = append(b, ix[x:lit]...)
			x = lit
		}
	}
	return b
}

// decodeStamp is the stamp of a body (encodeStamp's, past its key), with
// its indices in pal, or nil if the body is corrupt.
func decodeStamp(body []byte, pal *FixedPalette) *stamp {
	r := reader{b: body}
	s := &stamp{ox: int(r.varint()), oy: int(r.varint())}
	nm := r.uvarint()
	if nm > 1<<16 {
		return nil
	}
	for i := uint64(0); i < nm && !r.bad; i++ {
		m := Mark{Kind: MarkKind(r.uvarint()), Text: r.str()}
		m.Size, m.X0, m.Y0, m.X1, m.Y1 = r.f64(), r.f64(), r.f64(), r.f64(), r.f64()
		s.marks = append(s.marks, m)
	}
	nr := r.uvarint()
	if r.bad || nr > uint64(len(r.b)) {
		return nil
	}
	s.runs = make([]stampRun, nr)
	idx := make([][]byte, nr)
	// The runs' indices share one allocation (a stamp has tens to
	// hundreds of runs): a first pass counts them.
	total := pixelsOfRuns(r, nr)
	if total < 0 {
		return nil
	}
	all := make([]byte, total)
	for i := range s.runs {
		x, y, n := int(r.uvarint()), int(r.uvarint()), r.uvarint()
		if r.bad || n > uint64(len(all)) {
			return nil
		}
		ix := all[:n:n]
		all = all[n:]
		for p := 0; p < int(n) && !r.bad; {
			k := r.uvarint()
			m := int(k>>1) + 1
			if m > int(n)-p {
				return nil
			}
			if k&1 == 0 {
				if len(r.b) < 1 {
					return nil
				}
				fillExact(ix[p:p+m], r.b[0])
				r.b = r.b[1:]
			} else {
				if len(r.b) < m {
					return nil
				}
				copy(ix[p:], r.b[:m])
				r.b = r.b[m:]
			}
			p += m
		}
		s.runs[i] = stampRun{x: x, y: y, n: int(n)}
		idx[i] = ix
	}
	if r.bad || len(r.b) != 0 {
		return nil
	}
	s.indexed.Store(&stampIndices{pal: pal, pix: idx})
	s.fromData = true
	return s
}

// pixelsOfRuns is how many pixels the nr runs r reads next hold, or -1 if
// they do not parse; r itself is not moved.
func pixelsOfRuns(r reader, nr uint64) int {
	total := 0
	for i := uint64(0); i < nr; i++ {
		r.uvarint()
		r.uvarint()
		n := r.uvarint()
		if r.bad || n > 1<<20 {
			return -1
		}
		for p := 0; p < int(n); {
			k := r.uvarint()
			m := int(k>>1) + 1
			skip := 1
			if k&1 == 1 {
				skip = m
			}
			if r.bad || m > int(n)-p || len(r.b) < skip {
				return -1
			}
			r.b = r.b[skip:]
			p += m
		}
		total += int(n)
	}
	return total
}

// reader reads the encodings' fields, remembering whether one ran short.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.bad, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) str() string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.b)) {
		r.bad, r.b = true, nil
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *reader) f64() float64 {
	if len(r.b) < 8 {
		r.bad, r.b = true, nil
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

func (r *reader) byte1() byte {
	if len(r.b) < 1 {
		r.bad, r.b = true, nil
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}
