package engine_test

import (
	"reflect"
	"sync"
	"testing"

	"casefile/engine"
)

// firstUseNode is a recursive type no other test copies, so that its copy
// function is built by the goroutines of TestCopyFirstUseFromManyGoroutines.
type firstUseNode struct {
	Name     string            `json:"name"`
	Tags     map[string]int    `json:"tags,omitempty"`
	Next     *firstUseNode     `json:"next,omitempty"`
	Children []firstUseNode    `json:"children,omitempty"`
	Extra    map[string]string `json:"extra,omitempty"`
	A, B, C  []int
	D        [3]firstUseLeaf
}

type firstUseLeaf struct {
	X, Y int
	Z    *firstUseLeaf
}

// TestCopyFirstUseFromManyGoroutines: the first copies of a type made by
// many goroutines at once (parallel tests redacting views) all come out
// whole; none calls a copy function another goroutine is still building,
// which once crashed the bot playouts with a nil function.
func TestCopyFirstUseFromManyGoroutines(t *testing.T) {
	src := &firstUseNode{Name: "a", Tags: map[string]int{"x": 1}, Next: &firstUseNode{Name: "b"},
		Children: []firstUseNode{{Name: "c", Next: &firstUseNode{Name: "d"}}}, A: []int{1}, D: [3]firstUseLeaf{{X: 1, Z: &firstUseLeaf{Y: 2}}}}
	var wg sync.WaitGroup
	start := make(chan struct{})
	bad := make(chan string, 64)
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					bad <- "panic"
				}
			}()
			<-start
			if got := engine.JSONCopy(src); !reflect.DeepEqual(got, src) {
				bad <- "differs"
			}
		}()
	}
	close(start)
	wg.Wait()
	close(bad)
	for b := range bad {
		t.Fatalf("a first copy from many goroutines: %s", b)
	}
}
