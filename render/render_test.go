package render_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"casefile/render"
)

var update = flag.Bool("update", false, "rewrite the golden images")

// sample draws one of everything the kit offers.
func sample() *render.Canvas {
	c := render.NewCanvas(420, 260)
	c.Text("Casefile kit", 12, 10, render.Bold, 22, render.Ink)
	c.Panel(10, 44, 180, 90, render.Paper, render.Grid)
	c.TextWrapped("Safe House, Notoriety and Noise in wrapped text", 18, 52, 160, render.Regular, 14, render.Ink)
	center := c.Track("Notoriety", 210, 70, 6, 30, func(i int) string { return string(rune('0' + i)) })
	x, y := center(2)
	c.Cube(x, y, 14, render.Alert)
	for i := 0; i < 4; i++ {
		c.Token(30+float64(i)*34, 170, 14, render.PlayerColor(i), string(rune('A'+i)))
	}
	for col := 0; col < 3; col++ {
		for row := 0; row < 2; row++ {
			hx, hy := render.HexCenter(col, row, 18, 200, 120)
			c.Hex(hx, hy, 18, false, render.Water, render.Ink)
		}
	}
	c.Legend(300, 120, 14, []render.LegendItem{{Color: render.Alert, Label: "Alert"}, {Color: render.Good, Label: "Safe", Round: true}})
	c.Text("mono 123", 12, 220, render.Mono, 16, render.Faint)
	return c
}

func TestKitGolden(t *testing.T) {
	data, err := render.PNG(sample().Image())
	if err != nil {
		t.Fatal(err)
	}
	again, _ := render.PNG(sample().Image())
	if !bytes.Equal(data, again) {
		t.Fatal("the same drawing gave different bytes")
	}
	golden := filepath.Join("testdata", "kit.png")
	if *update {
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	if !bytes.Equal(data, want) {
		os.WriteFile(filepath.Join(t.TempDir(), "kit.png"), data, 0o644)
		t.Fatal("the kit's drawing changed; if intended, run go test ./render -update and look at testdata/kit.png")
	}
}

func TestContrastPicksReadableInk(t *testing.T) {
	if render.Contrast(render.Paper) != render.Ink {
		t.Error("dark ink expected on paper")
	}
	if render.Contrast(render.Ink) == render.Ink {
		t.Error("light ink expected on dark")
	}
}
