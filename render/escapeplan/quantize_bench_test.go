package escapeplan

import (
	"image"
	"runtime"
	"syscall"
	"testing"
	"time"

	"casefile/engine"
	"casefile/render"
)

// BenchmarkQuantize times render.Quantize alone on the busy 5-player
// board of BenchmarkPictureFloor, as drawn before quantizing: the part of
// a picture's cost that is neither drawing nor encoding.
func BenchmarkQuantize(b *testing.B) {
	v := position(b, 5, 9, 420).View(engine.Public)
	c, h, err := board(v)
	if err != nil {
		b.Fatal(err)
	}
	full := c.Image().(*image.RGBA)
	img := &image.RGBA{Pix: full.Pix[:full.Stride*h], Stride: full.Stride, Rect: image.Rect(0, 0, full.Rect.Dx(), h)}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(1, &ru) // RUSAGE_THREAD: this thread's own time
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	c0 := cpu()
	for b.Loop() {
		if render.Quantize(img, nil) == nil {
			b.Fatal("not quantized")
		}
	}
	b.ReportMetric(float64((cpu()-c0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
