// Package rendertest holds checks shared by the tests of the board
// renderers.
package rendertest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"casefile/render"
)

// Job is one picture to draw, named for the failure message.
type Job struct {
	Name string
	Draw func() (image.Image, error)
}

// SameWhenConcurrent draws and encodes every job alone, then from four
// goroutines at once, and fails when a PNG drawn concurrently differs from
// the one drawn alone: the renderers share pooled canvases, fonts and
// recycled pictures (render.Recycle), which must never leak one picture
// into another.
func SameWhenConcurrent(t *testing.T, jobs []Job) {
	t.Helper()
	rounds := 3
	if testing.Short() {
		rounds = 1
	}
	sameWhenConcurrent(t, jobs, nil, rounds, 1, "drawn concurrently")
}

// SameFromColdCaches draws and encodes every job alone, then calls forget
// (which drops every layer, stamp and kept canvas the board's kit keeps)
// and draws them all from four goroutines at once, so that the caches are
// built while others draw; every PNG must be the one drawn alone. Run it
// with -race.
func SameFromColdCaches(t *testing.T, jobs []Job, forget func()) {
	t.Helper()
	sameWhenConcurrent(t, jobs, forget, 1, 3, "drawn concurrently from cold caches")
}

// sameWhenConcurrent is SameWhenConcurrent with forget called between
// the drawing alone and the drawing together (if not nil), rounds rounds,
// and goroutine w starting at job stagger·w.
func sameWhenConcurrent(t *testing.T, jobs []Job, forget func(), rounds, stagger int, how string) {
	t.Helper()
	encode := func(j Job) []byte {
		img, err := j.Draw()
		if err != nil {
			t.Error(err)
			return nil
		}
		data, err := render.PNG(img)
		if err != nil {
			t.Error(err)
		}
		// As the bot does: a layered board's pixels are given back, so
		// pictures drawn at once are composed in each other's.
		render.Recycle(img)
		return data
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i] = encode(j)
	}
	if forget != nil {
		forget()
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				for k := range jobs {
					i := (k + stagger*w) % len(jobs)
					if got := encode(jobs[i]); !bytes.Equal(got, want[i]) {
						t.Errorf("%s: %s, the PNG differs from the one drawn alone", jobs[i].Name, how)
					}
				}
			}
		}()
	}
	wg.Wait()
}

// PictureFloor measures, side by side in one run, what a picture costs as
// the product makes it (draw + render.PNG) and its floor: the fastest
// standard-library encode of the same final picture that keeps to the 1 MB
// budget (png.BestSpeed of the image draw returns; png.NoCompression is
// faster but over 1 MB, and the RGBA form of the same pixels encodes
// slower than the paletted one). It reports both per picture, their ratio
// (issue 16: ratio ≤ 1.5) and both sizes.
//
// On a shared machine the wall-clock ratio swings with the load (other
// programs take the core in the middle of one or the other), so it also
// reports the same ratio in CPU time of the goroutine's own thread
// (cpu-ratio, Linux only): the goroutine is locked to its thread for the
// run, and the thread's user and system time is read around each part.
// Work the runtime does on other threads (the collector's background
// workers) is in neither part.
func PictureFloor(b *testing.B, draw func() (image.Image, error), opts ...FloorOption) {
	var o floorOptions
	for _, f := range opts {
		f(&o)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// The floor's encoder keeps its buffers between pictures, as
	// render.PNG's do.
	floorEnc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &oneBuffer{}}
	var product, floor, productCPU, floorCPU time.Duration
	var size, floorSize int
	for b.Loop() {
		if o.reset != nil {
			o.reset()
		}
		c0, t0 := threadCPU(), time.Now()
		img, err := draw()
		if err != nil {
			b.Fatal(err)
		}
		data, err := render.PNG(img)
		if err != nil {
			b.Fatal(err)
		}
		c1, t1 := threadCPU(), time.Now()
		var buf bytes.Buffer
		if err := floorEnc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
		c2, t2 := threadCPU(), time.Now()
		// The bot gives a picture's pixels back once its PNG is written
		// (commands' drawPNG): the next picture is composed in them.
		render.Recycle(img)
		product += t1.Sub(t0)
		floor += t2.Sub(t1)
		productCPU += c1 - c0
		floorCPU += c2 - c1
		size, floorSize = len(data), buf.Len()
	}
	n := float64(b.N)
	b.ReportMetric(float64(product.Nanoseconds())/n, "product-ns/op")
	b.ReportMetric(float64(floor.Nanoseconds())/n, "floor-ns/op")
	b.ReportMetric(float64(product)/float64(floor), "ratio")
	if floorCPU > 0 {
		b.ReportMetric(float64(productCPU.Nanoseconds())/n, "product-cpu-ns/op")
		b.ReportMetric(float64(floorCPU.Nanoseconds())/n, "floor-cpu-ns/op")
		b.ReportMetric(float64(productCPU)/float64(floorCPU), "cpu-ratio")
	}
	b.ReportMetric(float64(size), "bytes")
	b.ReportMetric(float64(floorSize), "floor-bytes")
}

// FloorOption changes how PictureFloor measures.
type FloorOption func(*floorOptions)

type floorOptions struct {
	reset func()
}

// Reset runs f before each picture, outside both measures: a cold
// benchmark drops its caches there, so every picture is a first one.
func Reset(f func()) FloorOption {
	return func(o *floorOptions) { o.reset = f }
}

// oneBuffer is a png.EncoderBufferPool for one goroutine.
type oneBuffer struct{ b *png.EncoderBuffer }

func (p *oneBuffer) Get() *png.EncoderBuffer  { return p.b }
func (p *oneBuffer) Put(b *png.EncoderBuffer) { p.b = b }

// CheckGolden compares the pixels of the PNG data with the golden file
// testdata/<name>.png, or writes the golden when update is set. Pixels,
// not bytes, are compared: the compression does not belong to the picture,
// and the fonts are embedded, so the pixels are the same on every machine.
func CheckGolden(t *testing.T, name string, data []byte, update bool) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create the goldens)", err)
	}
	n, at, err := render.PNGPixelDiff(want, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if n > 0 {
		a, b := sha256.Sum256(want), sha256.Sum256(data)
		t.Errorf("%s: image differs from golden in %d pixels, the first at %v (%s vs %s); inspect and run with -update if intended",
			name, n, at, hex.EncodeToString(a[:6]), hex.EncodeToString(b[:6]))
	}
}

// CheckBoardAndPrivate draws a position's public board and one seat's
// private picture and holds them to their goldens (name-board,
// name-private): the board's PNG stays under 1 MB, and drawing and
// encoding it again gives the same bytes.
func CheckBoardAndPrivate(t *testing.T, name string, board, private Job, update bool) {
	t.Helper()
	encode := func(j Job) []byte {
		img, err := j.Draw()
		if err != nil {
			t.Fatalf("%s: %v", j.Name, err)
		}
		data, err := render.PNG(img)
		if err != nil {
			t.Fatalf("%s: %v", j.Name, err)
		}
		return data
	}
	data := encode(board)
	if len(data) > 1<<20 {
		t.Errorf("%s: board PNG is %d bytes, over 1 MB", name, len(data))
	}
	CheckGolden(t, name+"-board", data, update)
	if again := encode(board); !bytes.Equal(again, data) {
		t.Errorf("%s: drawing the board again gave different bytes", name)
	}
	CheckGolden(t, name+"-private", encode(private), update)
}
