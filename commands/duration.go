package commands

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// ParseDuration reads a duration as players and the configuration write
// it: Go's forms ("48h", "30m", "1h30m"), days ("2d", "1.5d"), and "off",
// which is zero. Case and surrounding spaces do not matter. Negative,
// empty and unreadable values are refused; whether zero ("off") is
// allowed, and what range makes sense, is the caller's to decide.
func ParseDuration(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch {
	case v == "":
		return 0, errors.New("empty duration; use something like 30m, 48h, 2d or off")
	case v == "off":
		return 0, nil
	case strings.HasSuffix(v, "d"):
		n, err := strconv.ParseFloat(strings.TrimSuffix(v, "d"), 64)
		if err != nil || n < 0 || n > 1e5 {
			return 0, errors.New("not a duration; use something like 30m, 48h, 2d or off")
		}
		return time.Duration(n * float64(24*time.Hour)), nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, errors.New("not a duration; use something like 30m, 48h, 2d or off")
	}
	if d < 0 {
		return 0, errors.New("a duration cannot be negative")
	}
	return d, nil
}
