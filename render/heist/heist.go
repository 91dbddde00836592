package heist

import (
	"image"

	"casefile/engine"
	"casefile/render"
)

// Renderer returns the Masters of the Heist renderer: the board and its
// alt text. The game's information is open, so there is no private board:
// a seat's own view holds nothing the picture would show differently.
func Renderer() render.Renderer {
	return render.Renderer{Board: Board, Alt: Alt}
}

// Board draws the public view v, which must be the rules engine's
// *heist.View (engine/heist/CONTENT.md describes it).
func Board(v engine.View) (image.Image, error) {
	scene, err := SceneFromView(v)
	if err != nil {
		return nil, err
	}
	return DrawScene(scene), nil
}
