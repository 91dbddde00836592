package heist

// ForgetCaches drops the board's layer and the colours its palette
// remembers, so that with render.ForgetKept the next board is drawn as
// the first one in a process is (tests of start-up warming; a bot never
// calls it). The layer is one row: what warming draws for a heist is its
// shapes, the kit's stamps (render.StampsDrawn).
func ForgetCaches() {
	layers.Forget()
	boardPalette.ForgetCache()
}
