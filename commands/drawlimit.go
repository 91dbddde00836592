package commands

import (
	"image"

	"casefile/render"
)

// maxDrawing bounds the pictures a process draws at once: the picture
// worker's, and those /status and /hand owe after their reply. A picture
// being drawn takes 30–40 MB while it lasts (a board's canvas of 12–16
// MB, its quantized copy, the PNG being written, the font faces with
// their glyph caches), and on a busy bot the /status of many channels
// drew side by side and took the bot past 400 MB (issue 16, `casefile
// loadtest --bot-apart`). Two keep both cores of a small machine
// drawing; a picture over the bound waits for a slot. No reply waits
// for one: /status and /hand answer with their text at once, and the bot
// draws their pictures after (Response.Later), so a wait for a slot
// delays only the picture.
const maxDrawing = 2

// drawSlots holds a token for each picture being drawn.
var drawSlots = make(chan struct{}, maxDrawing)

// drawPNG draws a picture and encodes it as render.PNG does, in one of
// the drawing slots (waiting for one if need be).
func drawPNG(draw func() (image.Image, error)) ([]byte, error) {
	drawSlots <- struct{}{}
	defer func() { <-drawSlots }()
	img, err := draw()
	if err != nil {
		return nil, err
	}
	data, err := render.PNG(img)
	// A layered board's pixels are composed again into the next one.
	render.Recycle(img)
	return data, err
}
