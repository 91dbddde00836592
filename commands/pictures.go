package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"casefile/engine"
	"casefile/storage"
)

// Board pictures are drawn after the commit, never while a request waits:
// a change that ends a phase records the picture it owes (storage's
// pictures_owed, in the change's own transaction, with the committed
// state and seats), the reply goes out at once, and the picture worker
// (RunPictures, one per process) draws the owed pictures and posts each
// to its channel as soon as it is ready, strictly in the order they were
// owed per channel, then forgets it. Pictures a stopped process still
// owed are drawn by the next one when it starts.
//
// Posting is at least once: a picture is forgotten right after Discord
// accepted it, so only a crash between the two posts it again, as a
// second copy of the same board with the same caption.

// Poster posts one public message now and reports whether Discord took
// it. The bot implements it; the picture worker posts through it.
type Poster interface {
	PostNow(ctx context.Context, p Post) error
}

const (
	// pictureRetry is how long a picture whose post failed waits before
	// the next attempt (the channel's later pictures wait with it).
	pictureRetry = 30 * time.Second
	// pictureAttempts bounds the attempts to post one picture (about
	// five minutes at pictureRetry): past it, the channel is taken to be
	// gone or closed to the bot, and the picture is dropped.
	pictureAttempts = 10
	// pictureBatch bounds the rows one pass reads.
	pictureBatch = 100
)

// pictures is the worker's state inside the service.
type pictures struct {
	once sync.Once
	wake chan struct{}
	// pass lets one pass at a time draw and post, so the worker and
	// DrainPictures never post one picture twice.
	pass sync.Mutex
	// mu guards held: the requests whose messages the bot has not sent
	// yet, with their game's channel and when they were held.
	mu   sync.Mutex
	held map[string]heldRequest
}

type heldRequest struct {
	channel string
	at      time.Time
}

// deliveryWait is how long a channel's pictures wait at most for the
// message of the move that owed them.
const deliveryWait = 10 * time.Second

// holdFor holds the channel's pictures until the bot reports the
// request's messages sent (AwaitDelivery only).
func (s *Service) holdFor(requestID, channelID string) {
	if !s.AwaitDelivery || requestID == "" {
		return
	}
	s.pics.mu.Lock()
	defer s.pics.mu.Unlock()
	if s.pics.held == nil {
		s.pics.held = map[string]heldRequest{}
	}
	s.pics.held[interactionOf(requestID)] = heldRequest{channel: channelID, at: time.Now()}
}

// interactionOf is the interaction a request id belongs to: a change one
// interaction makes on its own behalf has an id of its own, derived as
// "<interaction>/<what>" (the deal of a lobby its /join filled, see
// startNow), and the bot reports deliveries by the interaction's id.
func interactionOf(requestID string) string {
	id, _, _ := strings.Cut(requestID, "/")
	return id
}

// Delivered releases the pictures held for requests whose messages the
// bot has sent (DeliveryListener).
func (s *Service) Delivered(requestIDs ...string) {
	s.pics.mu.Lock()
	n := len(s.pics.held)
	for _, id := range requestIDs {
		delete(s.pics.held, id)
	}
	released := len(s.pics.held) < n
	s.pics.mu.Unlock()
	if released {
		s.nudge()
	}
}

// waitDelivered waits until no message of the channel's moves is still
// being sent, so the board follows the move's message.
func (s *Service) waitDelivered(ctx context.Context, channelID string) {
	woken := false
	for s.heldChannels()[channelID] && ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-s.wakeCh():
			woken = true
		case <-time.After(time.Second):
		}
	}
	if woken {
		s.nudge() // the wake-up may have been for a new picture too
	}
}

// heldChannels are the channels whose pictures wait for a message still
// being sent; holds older than the wait are dropped (the bot never said).
func (s *Service) heldChannels() map[string]bool {
	wait := s.DeliveryWait
	if wait <= 0 {
		wait = deliveryWait
	}
	s.pics.mu.Lock()
	defer s.pics.mu.Unlock()
	out := map[string]bool{}
	for id, h := range s.pics.held {
		if time.Since(h.at) >= wait {
			s.Log.Warn("pictures: the bot never reported sending a move's message; posting its board anyway", "request", id, "channel", h.channel)
			delete(s.pics.held, id)
			continue
		}
		out[h.channel] = true
	}
	return out
}

func (s *Service) wakeCh() chan struct{} {
	s.pics.once.Do(func() { s.pics.wake = make(chan struct{}, 1) })
	return s.pics.wake
}

// nudge tells the worker a picture was owed.
func (s *Service) nudge() {
	select {
	case s.wakeCh() <- struct{}{}:
	default:
	}
}

// RunPictures is the picture worker: it posts the pictures owed when it
// starts (those a previous process left), then each one as soon as a
// change owes it, until ctx is cancelled. A picture being drawn when ctx
// is cancelled is not posted; it stays owed for the next start.
func (s *Service) RunPictures(ctx context.Context, p Poster) {
	wake := s.wakeCh()
	var retry <-chan time.Time
	for {
		_, again, err := s.drain(ctx, p, true)
		if err != nil && ctx.Err() == nil {
			s.Log.Error("pictures: reading what is owed", "error", err)
			again = true
		}
		retry = nil
		if again {
			retry = time.After(s.pictureRetry())
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-retry:
		}
	}
}

func (s *Service) pictureRetry() time.Duration {
	if s.PictureRetry > 0 {
		return s.PictureRetry
	}
	return pictureRetry
}

// DrainPictures draws and posts every picture owed now, in order, and
// returns how many it posted. Tests use it to wait for the pictures
// deterministically; a picture whose post fails stays owed.
func (s *Service) DrainPictures(ctx context.Context, p Poster) (int, error) {
	n, _, err := s.drain(ctx, p, false)
	return n, err
}

// PicturesOwed is how many pictures wait to be posted.
func (s *Service) PicturesOwed(ctx context.Context) (int, error) {
	return s.DB.PicturesOwedCount(ctx)
}

// drain is one pass over the owed pictures, oldest first. A channel whose
// picture could not be posted keeps its later pictures for the next pass
// (again is set), so a channel never sees them out of order. With hold,
// a picture drawn while the message of its move is still being sent
// waits for it (see AwaitDelivery).
func (s *Service) drain(ctx context.Context, p Poster, hold bool) (posted int, again bool, err error) {
	s.pics.pass.Lock()
	defer s.pics.pass.Unlock()
	for ctx.Err() == nil {
		owed, err := s.DB.OwedPictures(ctx, pictureBatch)
		if err != nil || len(owed) == 0 {
			return posted, again, err
		}
		blocked := map[string]bool{}
		progress := false
		for _, o := range owed {
			if blocked[queueOf(o)] {
				continue
			}
			ok, err := s.postPicture(ctx, p, o, hold)
			if ctx.Err() != nil {
				return posted, again, nil
			}
			if err != nil {
				blocked[queueOf(o)] = true
				again = true
				continue
			}
			progress = true
			if ok {
				posted++
			}
		}
		if !progress || len(owed) < pictureBatch {
			return posted, again, nil
		}
	}
	return posted, again, nil
}

// queueOf names the queue an owed picture waits in: its channel's for a
// board, its player's for a seat's own picture, so that each person sees
// the pictures sent to them in the order they were owed and a DM that
// fails holds back neither the channel nor anyone else.
func queueOf(o storage.OwedPicture) string {
	if o.UserID != "" {
		return "dm:" + o.UserID
	}
	return o.ChannelID
}

// postPicture draws one owed picture and posts it. It reports whether a
// picture was posted; an error means the post failed and the picture
// stays owed. A picture that cannot be drawn is dropped and logged: the
// move it follows is committed and answered already.
func (s *Service) postPicture(ctx context.Context, p Poster, o storage.OwedPicture, hold bool) (bool, error) {
	start := time.Now()
	f, err := s.drawOwed(ctx, o)
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil || f == nil {
		if err != nil {
			s.Log.Error("pictures: drawing an owed board", "game_id", o.GameID, "picture", o.Key().String(), "error", err)
		}
		return false, s.DB.PictureDone(ctx, o.Key())
	}
	drawn := time.Since(start)
	if hold {
		s.waitDelivered(ctx, o.ChannelID)
	}
	if err := p.PostNow(ctx, Post{ChannelID: o.ChannelID, UserID: o.UserID, Content: o.Caption, Files: []File{*f}}); err != nil {
		if ctx.Err() != nil {
			return false, err
		}
		if errors.Is(err, ErrUnreachable) {
			// The DM's notes already told the channel to use /hand.
			s.Log.Info("pictures: a seat's own picture could not be sent by DM; dropped", "game_id", o.GameID, "seat", o.Seat, "picture", o.Key().String())
			return false, s.DB.PictureDone(ctx, o.Key())
		}
		n, ferr := s.DB.PictureFailed(ctx, o.Key())
		if ferr == nil && n >= pictureAttempts {
			s.Log.Error("pictures: giving up on a board the channel would not take", "game_id", o.GameID, "channel", o.ChannelID, "picture", o.Key().String(), "attempts", n, "error", err)
			return false, s.DB.PictureDone(ctx, o.Key())
		}
		s.Log.Warn("pictures: posting a board failed; will retry", "game_id", o.GameID, "channel", o.ChannelID, "picture", o.Key().String(), "attempts", n, "error", err)
		return false, err
	}
	if err := s.DB.PictureDone(ctx, o.Key()); err != nil {
		// Posted but still owed: the next pass would post it again.
		return true, err
	}
	what := "board posted"
	if o.UserID != "" {
		what = "private picture sent"
	}
	s.Log.Info(what, "game_id", o.GameID, "channel", o.ChannelID, "seat", o.Seat, "move", o.MoveN,
		"draw_ms", float64(drawn.Microseconds())/1000, "owed_ms", float64(s.Now().Sub(o.OwedAt).Milliseconds()), "total_ms", float64(time.Since(start).Microseconds())/1000)
	return true, nil
}

// drawOwed draws an owed picture, the public board or one seat's own
// picture, from the state and seats it recorded. A picture owed under another version of the game's
// rules is drawn from the log replayed up to its move under this build's
// rules, as a loaded game would be.
func (s *Service) drawOwed(ctx context.Context, o storage.OwedPicture) (*File, error) {
	def, ok := s.Catalog.Get(o.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", o.Game)
	}
	rec := &storage.Game{ID: o.GameID, ChannelID: o.ChannelID, Game: o.Game, Seats: o.Seats, Version: o.Version, RulesVersion: o.RulesVersion}
	t := &table{rec: rec, def: def}
	if max(o.RulesVersion, 1) == def.Version() {
		if o.Snapshot == nil {
			return nil, fmt.Errorf("owed picture %v: the state of game %d at version %d is gone", o.Key(), o.GameID, o.Version)
		}
		st, err := def.Load(o.Snapshot)
		if err != nil {
			return nil, fmt.Errorf("owed picture %v: %w", o.Key(), err)
		}
		t.state = st
		return s.owedFile(t, o)
	}
	g, err := s.DB.GameByID(ctx, o.GameID)
	if err != nil {
		return nil, err
	}
	rec.Seed, rec.Options, rec.StartCampaign = g.Seed, g.Options, g.StartCampaign
	moves, err := s.DB.Moves(ctx, o.GameID)
	if err != nil {
		return nil, err
	}
	var upTo []storage.Move
	for _, m := range moves {
		if m.N <= o.MoveN {
			upTo = append(upTo, m)
		}
	}
	st, err := engine.Replay(def, t.setup(len(o.Seats)), liveLog(upTo))
	if err != nil {
		return nil, errors.Join(fmt.Errorf("owed picture %v under rules version %d, now %d", o.Key(), o.RulesVersion, def.Version()), err)
	}
	t.state = st
	return s.owedFile(t, o)
}

// owedFile draws what o owes from the table's state.
func (s *Service) owedFile(t *table, o storage.OwedPicture) (*File, error) {
	if o.UserID != "" {
		return s.privateFile(t, engine.Seat(o.Seat))
	}
	return s.boardFile(t)
}

// owesPicture reports whether the game has a board to draw.
func (s *Service) owesPicture(t *table) bool {
	r, ok := s.Renderers[t.def.ID]
	return ok && r.Board != nil
}
