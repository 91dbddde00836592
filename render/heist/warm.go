package heist

import "casefile/engine"

// LayoutReady reports whether v's board has its layer built (the heist
// has one layout); its shapes are the kit's stamps (render.StampsDrawn).
// Start-up warming draws both before a game's first picture
// (commands.WarmPictures); its tests read it.
func LayoutReady(v engine.View) bool {
	if _, err := SceneFromView(v); err != nil {
		return false
	}
	return layers.Has("board")
}

// ForgetLayers drops the board's layer and the colours its palette
// remembers, so that the next board is drawn as the first one in a
// process is (tests of start-up warming; a bot never calls it).
func ForgetLayers() {
	layers.Forget()
	boardPalette.ForgetCache()
}
