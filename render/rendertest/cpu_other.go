//go:build !linux

package rendertest

import "time"

// threadCPU is not measured off Linux: PictureFloor then reports no
// cpu-ratio.
func threadCPU() time.Duration { return 0 }
