package commands

import (
	"image"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestAtMostTwoPicturesDrawnAtOnce: pictures asked for by many requests
// at once are drawn two at a time, the others waiting for a
// slot, so that a busy bot's memory holds two canvases, not one per
// /status (issue 16).
func TestAtMostTwoPicturesDrawnAtOnce(t *testing.T) {
	var inside, most atomic.Int32
	gate := make(chan struct{})
	draw := func() (image.Image, error) {
		n := inside.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-gate
		inside.Add(-1)
		return image.NewGray(image.Rect(0, 0, 4, 4)), nil
	}
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := drawPNG(draw); err != nil {
				t.Error(err)
			}
		}()
	}
	const want = 2
	for inside.Load() < want {
		runtime.Gosched()
	}
	// A third picture let through would be inside by now; the pause
	// only gives a broken bound the chance to show.
	time.Sleep(50 * time.Millisecond)
	close(gate)
	wg.Wait()
	if got := most.Load(); got != want {
		t.Errorf("%d pictures were drawn at once, want at most %d (and that many)", got, want)
	}
}
