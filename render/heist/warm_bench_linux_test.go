package heist

import (
	"image"
	"runtime"
	"syscall"
	"testing"
	"time"

	"casefile/engine"
	"casefile/render/rendertest"
)

// threadCPU is the calling thread's user and system time.
func threadCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkWarmBoard is what start-up warming costs per game
// (commands.WarmPictures): the board of a process that has drawn nothing,
// every cache dropped before each, drawn and thrown away, not encoded
// (warm-cpu-ns/op, the thread's CPU).
func BenchmarkWarmBoard(b *testing.B) {
	v := playSome(b, "the-inclusion-job", 4, 120).View(engine.Public)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		forgetAll()
		b.StartTimer()
		c0 := threadCPU(b)
		if _, err := Board(v); err != nil {
			b.Fatal(err)
		}
		cpu += threadCPU(b) - c0
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "warm-cpu-ns/op")
}

// BenchmarkPictureFloorWarmed sets beside its floor the first board a
// bot posts after start-up warming drew its game (issue 16, benchmark c
// as a warmed bot pays it): before each picture every cache is dropped
// and the board drawn once, outside the measure, as WarmPictures does.
func BenchmarkPictureFloorWarmed(b *testing.B) {
	v := playSome(b, "the-inclusion-job", 4, 120).View(engine.Public)
	rendertest.PictureFloor(b, func() (image.Image, error) { return Board(v) }, rendertest.Reset(func() {
		forgetAll()
		if _, err := Board(v); err != nil {
			b.Fatal(err)
		}
	}))
}
