package policeprecinct

import (
	"fmt"

	"casefile/engine"
)

// LayoutReady reports whether the layer of v's layout (its Crime Track's
// length) is built: what start-up warming draws before a game's first
// picture (commands.WarmPictures); its tests read it.
func LayoutReady(v engine.View) bool {
	pv, err := viewOf(v)
	if err != nil {
		return false
	}
	return layers.Has(fmt.Sprint(pv.State.FailSpace()))
}

// ForgetLayers drops every layer, so that the next board of each layout
// is drawn as the first one in a process is (tests of start-up warming;
// a bot never calls it).
func ForgetLayers() {
	layers.Forget()
	boardPalette.ForgetCache()
}
