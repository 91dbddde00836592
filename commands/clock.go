package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"casefile/engine"
	"casefile/storage"
)

// Deadline kinds. The rows in storage are the scheduler's source of truth:
// Tick reads what is due, so nothing is lost across a restart, and each
// firing is guarded so nothing fires twice.
const (
	kindLobby  = "lobby"  // a lobby nobody started expires
	kindRemind = "remind" // a waiting seat is reminded
	kindClock  = "clock"  // a waiting seat's time ran out: offer choices
	kindWindow = "window" // a reaction window closes
)

// clockOf is the game's per-turn clock; zero means none.
func (s *Service) clockOf(t *table) time.Duration {
	if v, ok := t.rec.Options["clock"]; ok {
		d, err := parseClock(v)
		if err == nil {
			return d
		}
	}
	return s.Settings.DefaultClock
}

// deadlinesFor computes the game's deadlines after a change: each waiting
// human seat keeps the deadlines it already had if it was waiting before
// (its clock does not restart when someone else acts); seats newly asked
// to act get a fresh clock, starting when their away mode ends.
func (s *Service) deadlinesFor(ctx context.Context, t *table) ([]storage.Deadline, error) {
	now := s.Now()
	turn := t.state.Turn()
	if len(turn.Seats) == 0 || t.state.Outcome() != nil {
		return []storage.Deadline{}, nil
	}
	prev, err := s.DB.Deadlines(ctx, t.rec.ID)
	if err != nil {
		return nil, err
	}
	old := map[string]storage.Deadline{}
	for _, d := range prev {
		old[fmt.Sprintf("%d/%s", d.Seat, d.Kind)] = d
	}
	clock := s.clockOf(t)
	out := []storage.Deadline{}
	for _, seat := range turn.Seats {
		r := t.seatRec(seat)
		if r == nil || r.StandIn {
			continue
		}
		keep := func(kind string, due time.Time) {
			if d, ok := old[fmt.Sprintf("%d/%s", seat, kind)]; ok && !t.justMoved(seat) {
				d.ID = 0
				out = append(out, d)
				return
			}
			out = append(out, storage.Deadline{Seat: int(seat), Kind: kind, DueAt: due})
		}
		if turn.Kind == engine.Reaction && turn.OnTimeout != "" {
			window := turn.Window
			if window <= 0 {
				window = s.Settings.ReactionWindow
			}
			keep(kindWindow, now.Add(window))
			continue
		}
		if clock <= 0 {
			continue
		}
		start := now
		if u, err := s.DB.User(ctx, r.UserID); err == nil && u.AwayUntil.After(now) {
			start = u.AwayUntil
		} else if err != nil {
			return nil, err
		}
		keep(kindRemind, start.Add(time.Duration(float64(clock)*s.Settings.ReminderShare)))
		keep(kindClock, start.Add(clock))
	}
	return out, nil
}

// justMoved reports whether seat made the move being saved; set by play.
func (t *table) justMoved(seat engine.Seat) bool {
	for _, s := range t.moved {
		if s == seat {
			return true
		}
	}
	return false
}

// clockLines tells each waiting player's time left, for /status and the
// summary. ds are the game's deadlines; nil means those stored.
func (s *Service) clockLines(ctx context.Context, t *table, ds []storage.Deadline) string {
	if ds == nil {
		var err error
		if ds, err = s.DB.Deadlines(ctx, t.rec.ID); err != nil {
			return ""
		}
	}
	now := s.Now()
	var parts []string
	for _, d := range ds {
		if d.FiredAt != nil {
			if d.Kind == kindClock {
				parts = append(parts, fmt.Sprintf("%s: out of time", t.name(engine.Seat(d.Seat))))
			}
			continue
		}
		switch d.Kind {
		case kindClock:
			parts = append(parts, fmt.Sprintf("%s: %s left", t.name(engine.Seat(d.Seat)), timeLeft(d.DueAt.Sub(now))))
		case kindWindow:
			parts = append(parts, fmt.Sprintf("%s: %s to respond", t.name(engine.Seat(d.Seat)), timeLeft(d.DueAt.Sub(now))))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "⏱ " + strings.Join(parts, " · ")
}

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
	}
	return out
}

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
	ok, err := s.DB.FireDeadline(ctx, d.ID, now)
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
	msg := fmt.Sprintf("⏰ <@%s>, **%s** is waiting for you%s: %s. Use `/move`.", r.UserID, t.def.Name, left, orDefault(turn.Prompt, "your move"))
	out.Posts = append(out.Posts, Post{ChannelID: t.rec.ChannelID, Content: msg, Mentions: []string{r.UserID}})
	u, err := s.DB.User(ctx, r.UserID)
	if err != nil {
		return out, err
	}
	if u.NotifyDM {
		out.DMs = append(out.DMs, DM{UserID: r.UserID, Content: fmt.Sprintf("⏰ Your move in **%s** in <#%s>%s: %s. (`/notify dms:off` stops these DMs.)", t.def.Name, t.rec.ChannelID, left, orDefault(turn.Prompt, "your move")),
			ChannelID: t.rec.ChannelID})
	}
	return out, nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// offerChoices posts the buttons offered when a seat's clock runs out.
func (s *Service) offerChoices(t *table, r *storage.Seat) Outbox {
	id := strconv.FormatInt(t.rec.ID, 10)
	seat := strconv.Itoa(r.Seat)
	buttons := []ButtonSpec{
		{Label: "Wait longer", CustomID: "clock/wait/" + id + "/" + seat, Style: "secondary"},
	}
	turn := t.state.Turn()
	if turn.OnTimeout != "" {
		if _, ok := engine.MatchLegal(t.state.Legal(engine.Seat(r.Seat)), turn.OnTimeout); ok {
			buttons = append(buttons, ButtonSpec{Label: "Skip (" + turn.OnTimeout + ")", CustomID: "clock/skip/" + id + "/" + seat, Style: "primary"})
		}
	}
	buttons = append(buttons,
		ButtonSpec{Label: "Hand to stand-in", CustomID: "clock/standin/" + id + "/" + seat, Style: "primary"},
		ButtonSpec{Label: "Vote to end game", CustomID: "vote/end/" + id, Style: "danger"})
	var others []string
	var ids []string
	for _, o := range t.rec.Seats {
		if o.UserID != r.UserID && !o.StandIn && !contains(ids, o.UserID) {
			ids = append(ids, o.UserID)
			others = append(others, "<@"+o.UserID+">")
		}
	}
	msg := fmt.Sprintf("⌛ %s's clock has run out in **%s**.", t.name(engine.Seat(r.Seat)), t.def.Name)
	if len(others) > 0 {
		msg += " " + strings.Join(others, ", ") + ": wait longer, skip their turn where the rules allow a pass, or hand the seat to a stand-in that plays legal moves until they return with `/move` or `/join`."
	} else {
		msg += " They can still move at any time."
	}
	return Outbox{Posts: []Post{{ChannelID: t.rec.ChannelID, Content: msg, Buttons: buttons, Mentions: ids}}}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// deadlineRequest is the synthetic request under which a deadline acts;
// its id makes the action idempotent (a second firing is a duplicate).
func deadlineRequest(t *table, d storage.Deadline) Request {
	return Request{ID: fmt.Sprintf("deadline/%d/%s/%d/%d", d.GameID, d.Kind, d.Seat, d.DueAt.UnixMilli()), ChannelID: t.rec.ChannelID, GuildID: t.rec.GuildID}
}

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
	return s.asOutbox(t.rec.ChannelID, resp), nil
}

// asOutbox turns a reply into messages the bot sends on its own.
func (s *Service) asOutbox(channelID string, resp Response) Outbox {
	out := Outbox{DMs: resp.DMs}
	out.Posts = append(out.Posts, Post{ChannelID: channelID, Content: resp.Content, Files: resp.Files, Buttons: resp.Buttons, Mentions: resp.Mentions})
	out.Posts = append(out.Posts, resp.Posts...)
	return out
}

// clockChoice handles the buttons offered when a clock ran out.
func (s *Service) clockChoice(ctx context.Context, req Request, info *logInfo, gameID int64, choice string, rest []string) (Response, error) {
	if len(rest) != 1 {
		return Response{}, refuse("That button is no longer valid.")
	}
	seatN, err := strconv.Atoi(rest[0])
	if err != nil {
		return Response{}, refuse("That button is no longer valid.")
	}
	seat := engine.Seat(seatN)
	return s.update(ctx, req, s.idLoader(ctx, gameID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status != storage.Active {
			return storage.Change{}, Response{}, refuse("That game is over.")
		}
		r := t.seatRec(seat)
		if r == nil {
			return storage.Change{}, Response{}, refuse("That button is no longer valid.")
		}
		if len(t.rec.SeatsOf(req.UserID)) == 0 {
			return storage.Change{}, Response{}, refuse("Only the players of this game can choose.")
		}
		if r.UserID == req.UserID {
			return storage.Change{}, Response{}, refuse("This choice is for the other players; you can simply make your move with `/move`.")
		}
		if !t.state.Turn().Has(seat) {
			return storage.Change{}, Response{}, refuse("%s is no longer being waited for.", t.name(seat))
		}
		switch choice {
		case "wait":
			ds, err := s.deadlinesFor(ctx, t)
			if err != nil {
				return storage.Change{}, Response{}, err
			}
			clock := s.clockOf(t)
			for i := range ds {
				if ds[i].Seat == seatN && (ds[i].Kind == kindClock || ds[i].Kind == kindRemind) {
					ds[i].ID, ds[i].FiredAt = 0, nil
					if ds[i].Kind == kindClock {
						ds[i].DueAt = s.Now().Add(clock)
					} else {
						ds[i].DueAt = s.Now().Add(time.Duration(float64(clock) * s.Settings.ReminderShare))
					}
				}
			}
			return storage.Change{Deadlines: ds}, Response{Content: fmt.Sprintf("<@%s> chose to wait: %s has another %s.", req.UserID, t.name(seat), timeLeft(clock))}, nil
		case "skip":
			turn := t.state.Turn()
			if turn.OnTimeout == "" {
				return storage.Change{}, Response{}, refuse("The rules allow no pass here; wait longer or hand the seat to a stand-in.")
			}
			t.moved = []engine.Seat{seat}
			ch, resp, err := s.play(ctx, t, seat, turn.OnTimeout, req.UserID, info)
			if err != nil {
				return ch, resp, err
			}
			resp.Content = fmt.Sprintf("<@%s> skipped %s's turn (`%s`).\n%s", req.UserID, t.name(seat), turn.OnTimeout, resp.Content)
			return ch, resp, nil
		case "standin":
			return s.handToStandIn(ctx, t, r.UserID, fmt.Sprintf("<@%s> handed %s's seat to the stand-in, which plays until they return with `/move` or `/join`.", req.UserID, sanitize(r.Name)))
		}
		return storage.Change{}, Response{}, refuse("That button is no longer valid.")
	})
}

// returnToSeat gives a player their seats back from the stand-in (/join
// in a running game).
func (s *Service) returnToSeat(t *table, req Request) (storage.Change, Response, error) {
	seats, back := reclaim(t.rec.Seats, req.UserID)
	if len(t.rec.SeatsOf(req.UserID)) == 0 {
		return storage.Change{}, Response{}, refuse("This game has already started; you can follow it with `/status`. A new game can start when it ends.")
	}
	if !back {
		return storage.Change{}, Response{}, refuse("You are already playing in this game. `/hand` shows your private view; `/move` makes a move.")
	}
	t.rec.Seats = seats
	line, ids := t.waiting()
	ch := storage.Change{Seats: seats}
	ds, err := s.deadlinesFor(context.Background(), t)
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	ch.Deadlines = ds
	return ch, Response{Content: fmt.Sprintf("Welcome back, %s: the stand-in hands your seat back.\n%s", t.nameOfUser(req.UserID), line), Mentions: ids}, nil
}

// reclaim clears the stand-in flag from userID's seats.
func reclaim(seats []storage.Seat, userID string) ([]storage.Seat, bool) {
	out := append([]storage.Seat(nil), seats...)
	back := false
	for i := range out {
		if out[i].UserID == userID && out[i].StandIn {
			out[i].StandIn = false
			back = true
		}
	}
	return out, back
}

// voteEnd records a vote to end an abandoned game; a majority of the
// players not being waited for ends it with no winner.
func (s *Service) voteEnd(ctx context.Context, req Request, info *logInfo, gameID int64) (Response, error) {
	t, err := s.loadID(ctx, gameID)
	if err != nil {
		return Response{}, err
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	if t.rec.Status != storage.Active {
		return Response{}, refuse("That game is over.")
	}
	if len(t.rec.SeatsOf(req.UserID)) == 0 {
		return Response{}, refuse("Only the players of this game can vote.")
	}
	waited := map[string]bool{}
	for _, seat := range t.state.Turn().Seats {
		if r := t.seatRec(seat); r != nil {
			waited[r.UserID] = true
		}
	}
	if waited[req.UserID] {
		return Response{}, refuse("The game is waiting for you; you can make your move, or `/resign`.")
	}
	voters := map[string]bool{}
	for _, r := range t.rec.Seats {
		if !waited[r.UserID] && !r.StandIn {
			voters[r.UserID] = true
		}
	}
	votes, err := s.DB.Vote(ctx, t.rec.ID, "end", req.UserID)
	if err != nil {
		return Response{}, err
	}
	count := 0
	for _, v := range votes {
		if voters[v] {
			count++
		}
	}
	need := len(voters)/2 + 1
	if count < need {
		return Response{Content: fmt.Sprintf("<@%s> votes to end this game (%d of %d votes needed).", req.UserID, count, need)}, nil
	}
	return s.update(ctx, req, s.idLoader(ctx, gameID), func(t *table) (storage.Change, Response, error) {
		if t.rec.Status != storage.Active {
			return storage.Change{}, Response{}, refuse("That game is over.")
		}
		return storage.Change{Status: storage.Over, Result: "ended by the players' vote; no winner", Deadlines: []storage.Deadline{}},
			Response{Content: fmt.Sprintf("🏁 **Game over** — the players voted to end this game of **%s**; no winner is declared. The channel is free for `/newgame`.", t.def.Name)}, nil
	})
}

// parseAway reads /away's duration.
func parseAway(v string) (time.Duration, error) {
	d, err := parseClock(v)
	if err != nil || d <= 0 {
		return 0, refuse("Say for how long, like `/away for:2d` or `/away for:12h` (1 minute to 60 days).")
	}
	return d, nil
}

// once records a request that changes no game row, so a redelivered
// copy is answered without acting twice.
func (s *Service) once(ctx context.Context, req Request) (bool, error) {
	if req.ID == "" {
		return true, nil
	}
	err := s.DB.MarkInteraction(ctx, req.ID, "")
	if errors.Is(err, storage.ErrDuplicate) {
		return false, nil
	}
	return err == nil, err
}

func (s *Service) away(ctx context.Context, req Request, info *logInfo) (Response, error) {
	d, err := parseAway(req.Options["for"])
	if err != nil {
		return Response{}, err
	}
	if first, err := s.once(ctx, req); err != nil || !first {
		if err == nil {
			return s.alreadyHandled(ctx, req)
		}
		return Response{}, err
	}
	u, err := s.DB.User(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	now := s.Now()
	from := now
	if u.AwayUntil.After(now) {
		from = u.AwayUntil
	}
	until := from.Add(d)
	if _, err := s.DB.ShiftUserDeadlines(ctx, req.UserID, until.Sub(from)); err != nil {
		return Response{}, err
	}
	u.AwayUntil = until
	if err := s.DB.SaveUser(ctx, u); err != nil {
		return Response{}, err
	}
	return s.awayNotice(ctx, req, fmt.Sprintf("is away until <t:%d:f>; their turn clocks are paused until then.", until.Unix()),
		fmt.Sprintf("You are away until <t:%d:f>; your clocks are paused. `/back` ends it early.", until.Unix()))
}

func (s *Service) back(ctx context.Context, req Request, info *logInfo) (Response, error) {
	u, err := s.DB.User(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	now := s.Now()
	if !u.AwayUntil.After(now) {
		return Response{}, refuse("You are not away. `/away for:2d` pauses your clocks.")
	}
	if first, err := s.once(ctx, req); err != nil || !first {
		if err == nil {
			return s.alreadyHandled(ctx, req)
		}
		return Response{}, err
	}
	if _, err := s.DB.ShiftUserDeadlines(ctx, req.UserID, -u.AwayUntil.Sub(now)); err != nil {
		return Response{}, err
	}
	u.AwayUntil = time.Time{}
	if err := s.DB.SaveUser(ctx, u); err != nil {
		return Response{}, err
	}
	return s.awayNotice(ctx, req, "is back; their clocks run again.", "Welcome back; your clocks run again.")
}

// awayNotice tells the other players of each of the user's running games.
func (s *Service) awayNotice(ctx context.Context, req Request, public, private string) (Response, error) {
	games, err := s.DB.GamesOfUser(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	resp := Response{Content: private, Ephemeral: true}
	for _, g := range games {
		resp.Posts = append(resp.Posts, Post{ChannelID: g.ChannelID, Content: fmt.Sprintf("<@%s> %s", req.UserID, public)})
	}
	return resp, nil
}

func (s *Service) notify(ctx context.Context, req Request, info *logInfo) (Response, error) {
	v := strings.ToLower(strings.TrimSpace(req.Options["dms"]))
	if v != "on" && v != "off" {
		return Response{}, refuse("Use `/notify dms:on` or `/notify dms:off`.")
	}
	u, err := s.DB.User(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	u.NotifyDM = v == "on"
	if err := s.DB.SaveUser(ctx, u); err != nil {
		return Response{}, err
	}
	if u.NotifyDM {
		return Response{Content: "Reminders will also reach you by direct message.", Ephemeral: true}, nil
	}
	return Response{Content: "Reminders will only mention you in the game's channel, not by direct message.", Ephemeral: true}, nil
}

// undo takes back the user's last move by replaying the game without it.
func (s *Service) undo(ctx context.Context, req Request, info *logInfo) (Response, error) {
	return s.update(ctx, req, s.channelLoader(ctx, req.ChannelID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status != storage.Active {
			return storage.Change{}, Response{}, refuse("There is no running game to undo a move in.")
		}
		moves, err := s.DB.Moves(ctx, t.rec.ID)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		var live []storage.Move
		for _, m := range moves {
			if !m.Undone {
				live = append(live, m)
			}
		}
		if len(live) == 0 {
			return storage.Change{}, Response{}, refuse("No move has been made yet.")
		}
		last := live[len(live)-1]
		switch {
		case last.ByUser != req.UserID:
			return storage.Change{}, Response{}, refuse("Only the last move of the game can be undone, and it was not yours (%s). Undo is possible only while nobody else has acted since.", t.logLine(last))
		case last.Reveals:
			return storage.Change{}, Response{}, refuse("Your last move revealed hidden information (%s), so it cannot be taken back.", t.logLine(last))
		}
		var log []engine.LoggedMove
		for _, m := range live[:len(live)-1] {
			log = append(log, engine.LoggedMove{Seat: engine.Seat(m.Seat), Text: m.Text})
		}
		st, err := engine.Replay(t.def, t.setup(len(t.rec.Seats)), log)
		if err != nil {
			return storage.Change{}, Response{}, fmt.Errorf("undo replay: %w", err)
		}
		t.state = st
		t.moved = []engine.Seat{engine.Seat(last.Seat)}
		snap, err := st.Marshal()
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		ch := storage.Change{Snapshot: snap, UndoLast: true}
		if ch.Deadlines, err = s.deadlinesFor(ctx, t); err != nil {
			return storage.Change{}, Response{}, err
		}
		what := "`" + last.Text + "`"
		if last.Secret {
			what = "a secret choice"
		}
		line, ids := t.waiting()
		return ch, Response{Content: fmt.Sprintf("↩️ %s took back %s.\n%s", t.nameOfUser(req.UserID), what, line), Mentions: ids}, nil
	})
}
