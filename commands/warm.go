package commands

import (
	"context"
	"image"
	"slices"
	"time"

	"casefile/engine"
	"casefile/render"
	"casefile/storage"
)

// A board's first picture in a process is its dearest: its layout's layer
// is drawn whole and mapped, and every shape it stamps is drawn through gg
// (issue 16, the first board of a layout: 2–6× its fastest encode, where
// later boards are about 1.3×). A bot that starts, or restarts after an
// upgrade, would pay that on the first picture of each of its games. So
// WarmPictures, run in the background at start-up, draws the public board
// of the active games once and throws it away: their layouts' layers,
// stamps, glyphs and remembered colours are then what the kit keeps, and
// the first picture a move owes is drawn as a later one is.

// WarmGames is how many active games WarmPictures draws at most, the most
// recently created first. Escape Plan keeps 16 layers (its LRU), and the
// other games' layers are few per game kind, so warming more would only
// replace layers it drew itself; a game past the bound is drawn cold once,
// as before.
const WarmGames = 16

// warmRetry is how long warming waits before looking again for a free
// drawing slot.
const warmRetry = 20 * time.Millisecond

// WarmReport says what WarmPictures did.
type WarmReport struct {
	// Games is how many active games' boards were drawn.
	Games int
	// Took is the time from the start to the last board drawn, waits for
	// free slots included.
	Took time.Duration
}

// WarmPictures draws the public board of up to limit active games (the
// newest first) and discards the pictures, so that the kit's caches hold
// what their next pictures need. It draws one picture at a time, and only
// in a drawing slot that is free: a picture the worker or /status owes
// never waits behind a warming draw in the queue, and takes the other
// slot meanwhile. Its memory is that of one picture being drawn, besides
// the caches it fills, which are bounded by the kit and hold what those
// games' first pictures would have put there. Nothing is posted, stored
// or logged of a board; a game that cannot be loaded or drawn is skipped.
// It returns when done or when ctx is cancelled.
func (s *Service) WarmPictures(ctx context.Context, limit int) (WarmReport, error) {
	start := time.Now()
	var rep WarmReport
	ids, err := s.DB.ActiveGames(ctx)
	if err != nil {
		return rep, err
	}
	slices.Reverse(ids)
	for _, id := range ids {
		if rep.Games >= limit || ctx.Err() != nil {
			break
		}
		v, draw, ok := s.warmView(ctx, id)
		if !ok {
			continue
		}
		if !takeFreeSlot(ctx) {
			break
		}
		img, err := draw(v)
		// Its pixels are the next picture's to compose in, as drawPNG's.
		render.Recycle(img)
		<-drawSlots
		if err != nil {
			s.Log.Warn("warming pictures: a board could not be drawn", "game_id", id, "error", err)
			continue
		}
		rep.Games++
		rep.Took = time.Since(start)
	}
	return rep, nil
}

// warmView is the public view of active game id and its board's drawing,
// or !ok when the game has no board or is saved under other rules (it is
// replayed when a move loads it, and drawn cold then).
func (s *Service) warmView(ctx context.Context, id int64) (engine.View, func(engine.View) (image.Image, error), bool) {
	rec, err := s.DB.GameByID(ctx, id)
	if err != nil || rec.Status != storage.Active {
		return nil, nil, false
	}
	def, ok := s.Catalog.Get(rec.Game)
	if !ok || max(rec.RulesVersion, 1) != def.Version() || rec.Snapshot == nil {
		return nil, nil, false
	}
	r, ok := s.Renderers[rec.Game]
	if !ok || r.Board == nil {
		return nil, nil, false
	}
	st, err := def.Load(rec.Snapshot)
	if err != nil {
		return nil, nil, false
	}
	return st.View(engine.Public), func(v engine.View) (image.Image, error) { return r.Board(v) }, true
}

// takeFreeSlot takes a drawing slot only when one is free, looking again
// every warmRetry: a picture waiting for a slot is handed the next one
// freed (a channel's waiting senders are served first), so warming never
// goes ahead of it. It reports false when ctx is cancelled.
func takeFreeSlot(ctx context.Context) bool {
	for {
		select {
		case drawSlots <- struct{}{}:
			return true
		default:
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(warmRetry):
		}
	}
}
