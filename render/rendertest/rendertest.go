// Package rendertest holds checks shared by the tests of the board
// renderers.
package rendertest

import (
	"bytes"
	"image"
	"image/png"
	"sync"
	"testing"

	"casefile/render"
)

// Job is one picture to draw, named for the failure message.
type Job struct {
	Name string
	Draw func() (image.Image, error)
}

// SameWhenConcurrent draws and encodes every job alone, then from four
// goroutines at once, and fails when a PNG drawn concurrently differs from
// the one drawn alone: the renderers share pooled canvases and fonts, which
// must never leak one picture into another.
func SameWhenConcurrent(t *testing.T, jobs []Job) {
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
		return data
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i] = encode(j)
	}
	rounds := 3
	if testing.Short() {
		rounds = 1
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				for k := range jobs {
					i := (k + w) % len(jobs)
					if got := encode(jobs[i]); !bytes.Equal(got, want[i]) {
						t.Errorf("%s: drawn concurrently, the PNG differs from the one drawn alone", jobs[i].Name)
					}
				}
			}
		}()
	}
	wg.Wait()
}

// OneBuffer is a png.EncoderBufferPool for one goroutine: the floor of
// the picture benchmarks keeps its buffers between encodes, as render.PNG
// does.
type OneBuffer struct{ b *png.EncoderBuffer }

// Get returns the buffer kept, or nil the first time.
func (p *OneBuffer) Get() *png.EncoderBuffer { return p.b }

// Put keeps b for the next encode.
func (p *OneBuffer) Put(b *png.EncoderBuffer) { p.b = b }
