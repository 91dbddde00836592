package commands

import (
	"context"
	"fmt"
	"time"

	"casefile/engine"
	"casefile/storage"
)

// Tick fires every deadline that is due and returns what to send. Due-ness
// is judged by the service's own clock (Now), which tests move; the bot's
// time of the tick only says when it asked.
func (s *Service) Tick(ctx context.Context, _ time.Time) Outbox {
	now := s.Now()
	var out Outbox
	due, err := s.DB.DueDeadlines(ctx, now)
	if err != nil {
		s.Log.Error("tick: due deadlines", "error", err)
		return out
	}
	for _, d := range due {
		o, err := s.fire(ctx, d, now)
		if err != nil {
			if msg, ok := userMessage(err); ok {
				s.Log.Info("deadline skipped", "game_id", d.GameID, "kind", d.Kind, "reason", msg)
			} else {
				s.Log.Error("deadline failed", "game_id", d.GameID, "kind", d.Kind, "error", err)
			}
			continue
		}
		out.Posts = append(out.Posts, o.Posts...)
		out.DMs = append(out.DMs, o.DMs...)
		out.Requests = append(out.Requests, o.Requests...)
	}
	return out
}

// fire acts on one due deadline.
func (s *Service) fire(ctx context.Context, d storage.Deadline, now time.Time) (Outbox, error) {
	start := time.Now()
	defer func() {
		s.Log.Info("deadline", "game_id", d.GameID, "seat", d.Seat, "kind", d.Kind, "duration_ms", float64(time.Since(start).Microseconds())/1000)
	}()
	switch d.Kind {
	case kindLobby:
		return s.expireLobby(ctx, d)
	case kindWindow:
		return s.closeWindow(ctx, d)
	}
	// Reminders and clock offers change no game: the guarded update alone
	// makes sure each is sent once.
	ok, err := s.DB.FireDeadline(ctx, d, now)
	if err != nil || !ok {
		return Outbox{}, err
	}
	t, err := s.loadID(ctx, d.GameID)
	if err != nil {
		return Outbox{}, err
	}
	if t.rec.Status != storage.Active || !t.state.Turn().Has(engine.Seat(d.Seat)) {
		return Outbox{}, nil
	}
	r := t.seatRec(engine.Seat(d.Seat))
	if r == nil || r.StandIn {
		return Outbox{}, nil
	}
	if d.Kind == kindRemind {
		return s.remind(ctx, t, r)
	}
	return s.offerChoices(t, r), nil
}

// remind pings a waiting player in the channel, and by DM if they asked.
func (s *Service) remind(ctx context.Context, t *table, r *storage.Seat) (Outbox, error) {
	var out Outbox
	left := ""
	if ds, err := s.DB.Deadlines(ctx, t.rec.ID); err == nil {
		for _, d := range ds {
			if d.Seat == r.Seat && d.Kind == kindClock && d.FiredAt == nil {
				left = fmt.Sprintf(" (%s left)", timeLeft(d.DueAt.Sub(s.Now())))
			}
		}
	}
	turn := t.state.Turn()
	msg := fmt.Sprintf("⏰ <@%s>, **%s** is waiting for you%s: %s. Use `/move`.", r.UserID, t.def.Name, left, orDefault(t.expand(turn.Prompt), "your move"))
	out.Posts = append(out.Posts, Post{ChannelID: t.rec.ChannelID, Content: msg, Mentions: []string{r.UserID}})
	u, err := s.DB.User(ctx, r.UserID)
	if err != nil {
		return out, err
	}
	if u.NotifyDM {
		out.DMs = append(out.DMs, DM{UserID: r.UserID, Content: fmt.Sprintf("⏰ Your move in **%s** in <#%s>%s: %s. (`/notify dms:off` stops these DMs.)", t.def.Name, t.rec.ChannelID, left, orDefault(t.expand(turn.Prompt), "your move")),
			ChannelID: t.rec.ChannelID})
	}
	return out, nil
}

// expireLobby closes a lobby nobody started in time.
func (s *Service) expireLobby(ctx context.Context, d storage.Deadline) (Outbox, error) {
	t, err := s.loadID(ctx, d.GameID)
	if err != nil {
		return Outbox{}, err
	}
	resp, err := s.update(ctx, deadlineRequest(t, d), s.idLoader(ctx, d.GameID), func(t *table) (storage.Change, Response, error) {
		if t.rec.Status != storage.Lobby {
			return storage.Change{}, Response{}, refuse("no longer a lobby")
		}
		return storage.Change{Status: storage.Aborted, Result: "lobby expired", Deadlines: []storage.Deadline{}},
			Response{Content: fmt.Sprintf("The lobby for **%s** was never started and has expired. The channel is free for `/newgame`.", t.def.Name)}, nil
	})
	if err != nil || resp.Ephemeral {
		return Outbox{}, err
	}
	return Outbox{Posts: []Post{{ChannelID: t.rec.ChannelID, Content: resp.Content}}}, nil
}

// closeWindow plays the rules' pass for a seat whose reaction window ran
// out.
func (s *Service) closeWindow(ctx context.Context, d storage.Deadline) (Outbox, error) {
	t, err := s.loadID(ctx, d.GameID)
	if err != nil {
		return Outbox{}, err
	}
	resp, err := s.update(ctx, deadlineRequest(t, d), s.idLoader(ctx, d.GameID), func(t *table) (storage.Change, Response, error) {
		seat := engine.Seat(d.Seat)
		turn := t.state.Turn()
		if t.rec.Status != storage.Active || turn.Kind != engine.Reaction || !turn.Has(seat) || turn.OnTimeout == "" {
			return storage.Change{}, Response{}, refuse("window already closed")
		}
		t.moved = []engine.Seat{seat}
		ch, resp, err := s.play(ctx, t, seat, turn.OnTimeout, "clock", nil)
		if err != nil {
			return ch, resp, err
		}
		resp.Content = fmt.Sprintf("⌛ %s's time to respond ran out.\n%s", t.name(seat), resp.Content)
		return ch, resp, nil
	})
	if err != nil || resp.Ephemeral {
		return Outbox{}, err
	}
	out := s.asOutbox(t.rec.ChannelID, resp)
	out.Requests = []string{deadlineRequest(t, d).ID}
	return out, nil
}

// deadlineRequest is the synthetic request under which a deadline acts;
// its id makes the action idempotent (a second firing is a duplicate).
func deadlineRequest(t *table, d storage.Deadline) Request {
	return Request{ID: fmt.Sprintf("deadline/%d/%s/%d/%d", d.GameID, d.Kind, d.Seat, d.DueAt.UnixMilli()), ChannelID: t.rec.ChannelID, GuildID: t.rec.GuildID}
}

// asOutbox turns a reply into messages the bot sends on its own.
func (s *Service) asOutbox(channelID string, resp Response) Outbox {
	out := Outbox{DMs: resp.DMs}
	out.Posts = append(out.Posts, Post{ChannelID: channelID, Content: resp.Content, Files: resp.Files, Buttons: resp.Buttons, Mentions: resp.Mentions})
	out.Posts = append(out.Posts, resp.Posts...)
	return out
}
