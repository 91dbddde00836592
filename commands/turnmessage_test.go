package commands

import (
	"slices"
	"testing"
)

func TestCollapseRepeatsCountsLinesSaidInARow(t *testing.T) {
	got := collapseRepeats([]string{"a", "b", "b", "b", "c", "b", "b"})
	want := []string{"a", "b (×3)", "c", "b (×2)"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}
