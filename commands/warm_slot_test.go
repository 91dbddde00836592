package commands

import (
	"context"
	"image"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestWarmingNeverGoesAheadOfAWaitingPicture: with both drawing slots
// busy, start-up warming waiting for one and a picture owed after it, the
// slot freed first goes to the picture; warming draws only once a slot is
// free with no picture waiting.
func TestWarmingNeverGoesAheadOfAWaitingPicture(t *testing.T) {
	for range maxDrawing {
		drawSlots <- struct{}{}
	}
	var warmed atomic.Bool
	warmDone := make(chan bool)
	go func() {
		ok := takeFreeSlot(context.Background())
		warmed.Store(true)
		warmDone <- ok
	}()
	time.Sleep(3 * warmRetry) // warming is looking for a slot before the picture asks
	drawing, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	// On a failure, the slots still held are freed for the next tests.
	t.Cleanup(func() {
		free()
		for i := 0; i < 100; i++ {
			select {
			case <-drawSlots:
			default:
				time.Sleep(time.Millisecond)
			}
		}
	})
	pictureDone := make(chan error)
	go func() {
		_, err := drawPNG(func() (image.Image, error) {
			close(drawing)
			<-release
			return image.NewGray(image.Rect(0, 0, 4, 4)), nil
		})
		pictureDone <- err
	}()
	time.Sleep(3 * warmRetry) // the picture waits for a slot
	<-drawSlots
	select {
	case <-drawing:
	case <-time.After(10 * time.Second):
		t.Fatal("the waiting picture did not get the slot freed")
	}
	if warmed.Load() {
		t.Fatal("warming took a slot while a picture was waiting for it")
	}
	free()
	if err := <-pictureDone; err != nil {
		t.Fatal(err)
	}
	select {
	case ok := <-warmDone:
		if !ok {
			t.Fatal("warming gave up with a slot free")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("warming did not take the slot freed after the picture")
	}
	<-drawSlots // warming's
	<-drawSlots // the test's second
}

// TestWarmingStopsWhenCancelled: warming waiting for a slot returns as
// soon as the bot stops, having drawn nothing.
func TestWarmingStopsWhenCancelled(t *testing.T) {
	for range maxDrawing {
		drawSlots <- struct{}{}
	}
	defer func() {
		for range maxDrawing {
			<-drawSlots
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan bool)
	go func() { done <- takeFreeSlot(ctx) }()
	cancel()
	select {
	case ok := <-done:
		if ok {
			t.Fatal("warming took a slot though none was free")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("warming did not stop when cancelled")
	}
}
