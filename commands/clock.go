package commands

import (
	"context"
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

// windowOf is how long turn's reaction window stays open: the table's
// react= when given (it overrides the game's own length, so a table that
// wants fast windows gets them everywhere), else the game's, else the
// platform's default. Zero means the window never closes by time.
func (s *Service) windowOf(t *table, turn engine.Turn) time.Duration {
	if v, ok := t.rec.Options["react"]; ok {
		if d, err := ParseDuration(v); err == nil && (d > 0 || strings.EqualFold(v, "off")) {
			return d
		}
	}
	if turn.Window > 0 {
		return turn.Window
	}
	return s.Settings.ReactionWindow
}

// parseClock reads a turn clock like 24h, 90m, 2d or off (ParseDuration's
// forms, plus "none"), between 1m and 60d.
func parseClock(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "off" || v == "none" || v == "0" {
		return 0, nil
	}
	d, err := ParseDuration(v)
	if err != nil || d < time.Minute || d > 60*24*time.Hour {
		return 0, refuse("clock=%s is not a time between 1m and 60d; use something like 12h, 90m, 2d, or off.", v)
	}
	return d, nil
}

// deadlinesFor computes the game's deadlines after a change: each waiting
// human seat keeps the deadlines it already had if it was waiting before
// (its clock does not restart when someone else acts); seats newly asked
// to act get a fresh clock, starting when their away mode ends. A seat
// that moves gets a fresh clock for its next decision, so each clock
// times one decision.
//
// A seat that still owes a decision while another one is on top (others'
// reaction window, a choice nested in a window) did not move, so its
// deadlines are paused with the time they had left, and run on from there
// when its decision is back on top: the time spent in others' windows is
// neither charged to it nor given to it afresh. A paused deadline is
// resumed only by the same decision (the same kind, phase and prompt,
// kept in the row's payload); any other decision starts a fresh clock.
func (s *Service) deadlinesFor(ctx context.Context, t *table) ([]storage.Deadline, error) {
	now := s.Now()
	turn := t.state.Turn()
	if len(turn.Seats) == 0 || t.state.Outcome() != nil {
		return []storage.Deadline{}, nil
	}
	prev := t.rec.Deadlines
	if !t.rec.DeadlinesLoaded {
		var err error
		if prev, err = s.DB.Deadlines(ctx, t.rec.ID); err != nil {
			return nil, err
		}
	}
	t.storedDeadlines, t.readDeadlines = prev, true
	old := map[string]storage.Deadline{}
	for _, d := range prev {
		old[fmt.Sprintf("%d/%s", d.Seat, d.Kind)] = d
	}
	clock := s.clockOf(t)
	decision := turnKey(turn)
	out := []storage.Deadline{}
	for _, seat := range turn.Seats {
		r := t.seatRec(seat)
		if r == nil || r.StandIn {
			continue
		}
		start := now
		if clock > 0 {
			// Only a turn clock starts when an away player is back.
			if u, err := s.DB.User(ctx, r.UserID); err == nil && u.AwayUntil.After(now) {
				start = u.AwayUntil
			} else if err != nil {
				return nil, err
			}
		}
		keep := func(kind string, from time.Time, length time.Duration) {
			d, ok := old[fmt.Sprintf("%d/%s", seat, kind)]
			switch {
			case !ok || t.justMoved(seat) || (d.Paused && d.Payload != decision):
				out = append(out, storage.Deadline{Seat: int(seat), Kind: kind, DueAt: from.Add(length), Payload: decision})
			case d.Paused:
				d.ID, d.Paused, d.DueAt = 0, false, from.Add(d.Left)
				out = append(out, d)
			default:
				d.ID = 0
				out = append(out, d)
			}
		}
		// A window that never closes by time (react=off) runs the turn
		// clock instead, so a silent player is reminded and the others may
		// skip them, as in any turn.
		if window := s.windowOf(t, turn); turn.Kind == engine.Reaction && turn.OnTimeout != "" && window > 0 {
			keep(kindWindow, now, window)
			continue
		}
		if clock <= 0 {
			continue
		}
		keep(kindRemind, start, time.Duration(float64(clock)*s.Settings.ReminderShare))
		keep(kindClock, start, clock)
	}
	for _, d := range prev {
		seat := engine.Seat(d.Seat)
		if d.Kind == kindLobby || turn.Has(seat) || t.justMoved(seat) {
			continue
		}
		if r := t.seatRec(seat); r == nil || r.StandIn {
			continue
		}
		if !d.Paused {
			d.Paused, d.Left = true, max(d.DueAt.Sub(now), 0)
		}
		d.ID = 0
		out = append(out, d)
	}
	return out, nil
}

// sameDeadlines reports whether a and b are the same deadlines in the
// same order, as stored (to the millisecond), ids aside: a change that
// would write back what is stored leaves the rows alone.
func sameDeadlines(a, b []storage.Deadline) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Seat != y.Seat || x.Kind != y.Kind || x.DueAt.UnixMilli() != y.DueAt.UnixMilli() || x.Payload != y.Payload ||
			x.Paused != y.Paused || x.Left.Milliseconds() != y.Left.Milliseconds() || (x.FiredAt == nil) != (y.FiredAt == nil) ||
			x.FiredAt != nil && x.FiredAt.UnixMilli() != y.FiredAt.UnixMilli() {
			return false
		}
	}
	return true
}

// turnKey names the decision on top, to tell whether a paused seat's own
// decision is back.
func turnKey(turn engine.Turn) string {
	return fmt.Sprintf("%s|%s|%s", turn.Kind, turn.Phase, turn.Prompt)
}

// sameDecision reports whether two turns ask the same decision (what
// turnKey writes of them), compared field by field: a reaction window
// asks it of every waiting seat, and writing both keys each time cost
// more than the rest of the question.
func sameDecision(a, b engine.Turn) bool {
	return a.Kind == b.Kind && a.Phase == b.Phase && a.Prompt == b.Prompt
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
		left, paused := d.DueAt.Sub(now), ""
		if d.Paused {
			left, paused = d.Left, " (paused)"
		}
		switch d.Kind {
		case kindClock:
			parts = append(parts, fmt.Sprintf("%s: %s left%s", t.name(engine.Seat(d.Seat)), timeLeft(left), paused))
		case kindWindow:
			parts = append(parts, fmt.Sprintf("%s: %s to respond%s", t.name(engine.Seat(d.Seat)), timeLeft(left), paused))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "⏱ " + strings.Join(parts, " · ")
}

// timeLeft writes a duration for people: "1d 4h", "35m".
func timeLeft(d time.Duration) string {
	if d <= 0 {
		return "out of time"
	}
	days := int(d / (24 * time.Hour))
	hours := int(d % (24 * time.Hour) / time.Hour)
	mins := int(d % time.Hour / time.Minute)
	switch {
	case days > 0:
		return fmt.Sprintf("%dd %dh", days, hours)
	case hours > 0:
		return fmt.Sprintf("%dh %dm", hours, mins)
	}
	return fmt.Sprintf("%dm", mins+1)
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
		if err := inChannel(req, t); err != nil {
			return storage.Change{}, Response{}, err
		}
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
