package commands

import (
	"testing"
	"time"
)

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"48h":   48 * time.Hour,
		"30m":   30 * time.Minute,
		"1h30m": 90 * time.Minute,
		"2d":    48 * time.Hour,
		"1.5d":  36 * time.Hour,
		" 2D ":  48 * time.Hour,
		"off":   0,
		"OFF":   0,
		"0":     0,
	} {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "  ", "soon", "2", "-1h", "-2d", "d", "1.5x", "2dd", "1e9d", "on"} {
		if got, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) = %v, want an error", in, got)
		}
	}
}

// TestOptionDurationsShareTheParser: clock=, react= and /away for: read
// days and fractions of days the way the configuration does.
func TestOptionDurationsShareTheParser(t *testing.T) {
	if d, err := parseClock("1.5d"); err != nil || d != 36*time.Hour {
		t.Errorf("clock=1.5d: %v, %v", d, err)
	}
	if d, err := parseAway("2d"); err != nil || d != 48*time.Hour {
		t.Errorf("/away for:2d: %v, %v", d, err)
	}
	if _, err := parseClock("-1h"); err == nil {
		t.Error("clock=-1h accepted")
	}
	if _, err := parseAway("off"); err == nil {
		t.Error("/away for:off accepted")
	}
}
