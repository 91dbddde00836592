package heist

import "casefile/render"

// canvas is the kit's canvas; the map's drawing code names it briefly.
type canvas = render.Canvas

func newCanvas(w, h int) *canvas { return render.NewCanvas(w, h) }
