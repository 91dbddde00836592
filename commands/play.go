package commands

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// maxAutoMoves bounds the stand-in's moves after one human move, so a
// game whose seats are all stand-ins cannot spin a command forever.
const maxAutoMoves = 2000

// seatPrefix is how a move is addressed to one of several seats held by
// the same person ("seat2: move b3").
func seatPrefix(seat engine.Seat) string { return fmt.Sprintf("seat%d: ", int(seat)+1) }

// splitSeat takes an optional "seatN:" prefix off a typed move.
func splitSeat(typed string) (engine.Seat, string, bool) {
	t := strings.TrimSpace(typed)
	low := strings.ToLower(t)
	if !strings.HasPrefix(low, "seat") {
		return engine.NoSeat, t, false
	}
	colon := strings.IndexByte(t, ':')
	if colon < 0 {
		return engine.NoSeat, t, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(t[4:colon]))
	if err != nil || n < 1 {
		return engine.NoSeat, t, false
	}
	return engine.Seat(n - 1), strings.TrimSpace(t[colon+1:]), true
}

// actingSeats are the seats of userID that may act now, stand-ins excluded.
func (t *table) actingSeats(userID string) []engine.Seat {
	turn := t.state.Turn()
	var out []engine.Seat
	for _, seat := range t.userSeats(userID) {
		if turn.Has(seat) {
			out = append(out, seat)
		}
	}
	return out
}

func (s *Service) move(ctx context.Context, req Request, info *logInfo) (Response, error) {
	typed := strings.TrimSpace(req.Options["action"])
	if typed == "" {
		return Response{}, refuse("Say which move to make: `/move action:<move>`; the autocomplete lists your legal moves.")
	}
	if len(typed) > 200 {
		return Response{}, refuse("That move is too long to be a move. The autocomplete lists your legal moves.")
	}
	return s.update(ctx, req, s.channelLoader(ctx, req.ChannelID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status == storage.Lobby {
			return storage.Change{}, Response{}, refuse("The game has not started yet. %s", startHint(t))
		}
		mine := t.userSeats(req.UserID)
		if len(mine) == 0 {
			return storage.Change{}, Response{}, refuse("You are not playing in this game. You can follow it with `/status` and `/log`.")
		}
		seat, text, err := t.chooseSeat(req.UserID, typed)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		info.seat = strconv.Itoa(int(seat))
		t.moved = []engine.Seat{seat}
		// A player who moves takes their seats back from the stand-in.
		seats, back := reclaim(t.rec.Seats, req.UserID)
		t.rec.Seats = seats
		ch, resp, err := s.play(ctx, t, seat, text, req.UserID, info)
		if back && err == nil {
			ch.Seats = seats
		}
		return ch, resp, err
	})
}

func startHint(t *table) string {
	return fmt.Sprintf("<@%s> starts it with `/start`.", t.rec.AuthorID)
}

// chooseSeat decides which of the user's seats a typed move is for.
func (t *table) chooseSeat(userID, typed string) (engine.Seat, string, error) {
	acting := t.actingSeats(userID)
	if seat, rest, ok := splitSeat(typed); ok {
		for _, s := range t.userSeats(userID) {
			if s == seat {
				if !t.state.Turn().Has(seat) {
					return 0, "", refuse("Seat %d may not act now. %s", int(seat)+1, t.waitingPlain())
				}
				return seat, rest, nil
			}
		}
		return 0, "", refuse("You do not hold seat %d.", int(seat)+1)
	}
	if len(acting) == 0 {
		if t.state.Outcome() != nil {
			return 0, "", refuse("The game is over.")
		}
		return 0, "", refuse("It is not your turn. %s", t.waitingPlain())
	}
	var matches []engine.Seat
	for _, seat := range acting {
		if _, ok := engine.MatchLegal(t.state.Legal(seat), typed); ok {
			matches = append(matches, seat)
		}
	}
	switch {
	case len(matches) == 1:
		return matches[0], typed, nil
	case len(matches) > 1:
		return 0, "", refuse("You hold several seats that could make %q; say which, like `%s%s`.", typed, seatPrefix(matches[0]), typed)
	}
	return acting[0], typed, nil
}

// waitingPlain names who the game waits for, without pinging.
func (t *table) waitingPlain() string {
	turn := t.state.Turn()
	var who []string
	for _, seat := range turn.Seats {
		who = append(who, t.name(seat))
	}
	if len(who) == 0 {
		return ""
	}
	msg := "Waiting for " + strings.Join(who, ", ")
	if turn.Prompt != "" {
		msg += " to " + turn.Prompt
	}
	return msg + "."
}

// legalHint lists a few legal moves for an error message.
func (t *table) legalHint(seat engine.Seat) string {
	legal := t.state.Legal(seat)
	if len(legal) == 0 {
		return ""
	}
	shown := legal
	if len(shown) > 8 {
		shown = shown[:8]
	}
	var q []string
	for _, m := range shown {
		q = append(q, "`"+m+"`")
	}
	more := ""
	if len(legal) > len(shown) {
		more = fmt.Sprintf(" and %d more (the `/move` autocomplete lists them all)", len(legal)-len(shown))
	}
	return "\nLegal now: " + strings.Join(q, ", ") + more + "."
}

// play applies one move by seat, then any stand-in moves it leads to, and
// builds the change to save and the reply to post.
func (s *Service) play(ctx context.Context, t *table, seat engine.Seat, typed, byUser string, info *logInfo) (storage.Change, Response, error) {
	t.secrets = engine.SecretFingerprints(t.state)
	res, canon, err := engine.Play(t.state, seat, typed)
	if err != nil {
		if msg, ok := engine.IsRejection(err); ok {
			return storage.Change{}, Response{}, refuse("%s%s", msg, t.legalHint(seat))
		}
		return storage.Change{}, Response{}, fmt.Errorf("apply %q: %w", typed, err)
	}
	if info != nil && !res.Secret {
		info.move = canon
	}
	moves := []storage.Move{{Seat: int(seat), Text: canon, Secret: res.Secret, Public: strings.Join(res.Public, "\n"), Reveals: res.Reveals, ByUser: byUser}}
	notes := collectNotes(res, len(moves))
	all := res
	more, extraNotes, err := s.runStandIns(t, len(moves))
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	for _, m := range more {
		moves = append(moves, m.move)
		all.Merge(m.res)
	}
	notes = append(notes, extraNotes...)
	ch, resp, err := s.afterMoves(ctx, t, all, moves, notes)
	return ch, resp, err
}

type autoMove struct {
	move storage.Move
	res  engine.Result
}

// collectNotes turns a result's private notes into stored notes for the
// move numbered moveIdx within the change (1-based).
func collectNotes(res engine.Result, moveIdx int) []storage.Note {
	seats := make([]engine.Seat, 0, len(res.Private))
	for seat := range res.Private {
		seats = append(seats, seat)
	}
	sort.Slice(seats, func(i, j int) bool { return seats[i] < seats[j] })
	var out []storage.Note
	for _, seat := range seats {
		for _, n := range res.Private[seat] {
			out = append(out, storage.Note{Seat: int(seat), Text: n, MoveN: -moveIdx})
		}
	}
	return out
}

// runStandIns plays for every seat held by the stand-in while such seats
// are asked to act.
func (s *Service) runStandIns(t *table, already int) ([]autoMove, []storage.Note, error) {
	var out []autoMove
	var notes []storage.Note
	for i := 0; i < maxAutoMoves; i++ {
		if t.state.Outcome() != nil {
			break
		}
		seat, ok := t.standInToAct()
		if !ok {
			break
		}
		mv := standInMove(t, seat, already+len(out))
		if mv == "" {
			break
		}
		res, err := t.state.Apply(seat, mv)
		if err != nil {
			return nil, nil, fmt.Errorf("stand-in move %q for seat %d: %w", mv, seat, err)
		}
		out = append(out, autoMove{move: storage.Move{Seat: int(seat), Text: mv, Secret: res.Secret, Public: strings.Join(res.Public, "\n"), Reveals: res.Reveals, ByUser: "standin"}, res: res})
		notes = append(notes, collectNotes(res, already+len(out))...)
	}
	return out, notes, nil
}

func (t *table) standInToAct() (engine.Seat, bool) {
	for _, seat := range t.state.Turn().Seats {
		if r := t.seatRec(seat); r != nil && r.StandIn && len(t.state.Legal(seat)) > 0 {
			return seat, true
		}
	}
	return engine.NoSeat, false
}

// standInMove is the stand-in's choice: the game's own policy when it has
// one, otherwise a legal move drawn from a generator seeded by the game's
// seed and the move's number, so a replay makes the same choice.
func standInMove(t *table, seat engine.Seat, n int) string {
	r := engine.NewRand(t.rec.Seed ^ uint64(t.rec.Version)*0x9e3779b97f4a7c15 ^ uint64(n+1)*0xbf58476d1ce4e5b9)
	if p, ok := t.state.(engine.StandIn); ok {
		if mv := p.StandInMove(seat, r); mv != "" {
			return mv
		}
	}
	legal := t.state.Legal(seat)
	if len(legal) == 0 {
		return ""
	}
	turn := t.state.Turn()
	// Prefer the rules' own pass where one exists: a stand-in should keep
	// the game moving without deciding it.
	if turn.OnTimeout != "" {
		if m, ok := engine.MatchLegal(legal, turn.OnTimeout); ok && turn.Kind == engine.Reaction {
			return m
		}
	}
	return engine.Pick(r, legal)
}

// afterMoves saves the new state with its moves and notes and builds the
// public reply: the log lines, who acts next, the board when a phase
// ended, the result when the game is over, and DMs for private notes.
func (s *Service) afterMoves(ctx context.Context, t *table, all engine.Result, moves []storage.Move, notes []storage.Note) (storage.Change, Response, error) {
	snap, err := t.state.Marshal()
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	ch := storage.Change{Snapshot: snap, Moves: moves, Notes: notes}
	var b strings.Builder
	for _, line := range all.Public {
		b.WriteString(t.expand(line) + "\n")
	}
	resp := Response{}
	if out := t.state.Outcome(); out != nil {
		ch.Status, ch.Result = storage.Over, t.expand(out.Summary)
		b.WriteString("\n🏁 **Game over** — " + t.expand(out.Summary))
		if len(out.Scores) > 0 {
			b.WriteString("\n" + t.scoreLine(out))
		}
		b.WriteString("\nThe channel is free for a new `/newgame`.")
		if c, ok := t.state.(engine.Campaigner); ok {
			ch.Campaign = c.Campaign()
		}
		ch.Deadlines = []storage.Deadline{}
	} else {
		line, ids := t.waiting()
		if line != "" {
			b.WriteString(line)
		}
		resp.Mentions = ids
		ch.Deadlines, err = s.deadlinesFor(ctx, t)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
	}
	resp.Content = clip(strings.TrimSpace(b.String()), 1990)
	if all.PhaseEnded || t.state.Outcome() != nil {
		f, err := s.boardFile(t)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		if f != nil {
			resp.Files = []File{*f}
		}
	}
	after := engine.SecretFingerprints(t.state)
	dms, err := s.privateDMs(t, all.Private, func(seat engine.Seat) bool {
		return t.secrets != nil && after[seat] != t.secrets[seat]
	})
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	resp.DMs = dms
	resp.Posts = append(resp.Posts, s.summaryPost(ctx, t, moves, ch.Deadlines))
	return ch, resp, nil
}

func (t *table) scoreLine(out *engine.Outcome) string {
	var parts []string
	for _, r := range t.rec.Seats {
		if sc, ok := out.Scores[engine.Seat(r.Seat)]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", t.name(engine.Seat(r.Seat)), sc))
		}
	}
	return "Scores: " + strings.Join(parts, ", ") + "."
}

func (s *Service) autocomplete(ctx context.Context, req Request) (Response, error) {
	typed := strings.ToLower(strings.TrimSpace(req.Options[req.Focused]))
	switch {
	case req.Command == "newgame" && req.Focused == "game":
		var out []Choice
		for _, g := range s.Catalog.All() {
			if strings.Contains(strings.ToLower(g.ID+" "+g.Name), typed) {
				out = append(out, Choice{Name: fmt.Sprintf("%s (%s players)", g.Name, g.PlayerRange()), Value: g.ID})
			}
		}
		return Response{Choices: out}, nil
	case req.Command == "newgame" && req.Focused == "options":
		return Response{Choices: optionChoices(s.Catalog, req.Options["game"], req.Options["options"])}, nil
	case req.Command != "move":
		return Response{}, nil
	}
	t, err := s.loadChannel(ctx, req.ChannelID)
	if err != nil || t.state == nil {
		return Response{Choices: []Choice{}}, nil
	}
	seats := t.actingSeats(req.UserID)
	prefix := len(t.userSeats(req.UserID)) > 1
	var out []Choice
	for _, seat := range seats {
		for _, m := range t.state.Legal(seat) {
			v := m
			if prefix {
				v = seatPrefix(seat) + m
			}
			if typed == "" || strings.Contains(strings.ToLower(v), typed) {
				out = append(out, Choice{Name: clip(v, 100), Value: clip(v, 100)})
				if len(out) == 25 {
					return Response{Choices: out}, nil
				}
			}
		}
	}
	return Response{Choices: out}, nil
}

// optionChoices suggests completions of the options text: the typed words
// so far, followed by each option value of the chosen game not given yet.
func optionChoices(c *engine.Catalog, gameID, typed string) []Choice {
	g, ok := c.Get(gameID)
	if !ok {
		return []Choice{}
	}
	words := strings.Fields(typed)
	last := ""
	if len(words) > 0 && !strings.HasSuffix(typed, " ") {
		last = strings.ToLower(words[len(words)-1])
		words = words[:len(words)-1]
	}
	given := map[string]bool{}
	for _, w := range words {
		k, _, _ := strings.Cut(w, "=")
		given[strings.ToLower(k)] = true
	}
	base := strings.Join(words, " ")
	if base != "" {
		base += " "
	}
	var out []Choice
	for _, o := range append(append([]engine.Option(nil), g.Options...), engine.PlatformOptions...) {
		if given[o.Key] {
			continue
		}
		vals := o.Values
		if len(vals) == 0 {
			switch o.Key {
			case "seed":
				vals = []string{"42"}
			case "clock":
				vals = []string{"24h", "12h", "2d", "off"}
			case "players":
				for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
					vals = append(vals, strconv.Itoa(n))
				}
			}
		}
		for _, v := range vals {
			w := o.Key + "=" + v
			if last == "" || strings.HasPrefix(w, last) {
				out = append(out, Choice{Name: clip(base+w, 100), Value: clip(base+w, 100)})
				if len(out) == 25 {
					return out
				}
			}
		}
	}
	return out
}

func (s *Service) resign(ctx context.Context, req Request, info *logInfo) (Response, error) {
	return s.update(ctx, req, s.channelLoader(ctx, req.ChannelID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status != storage.Active {
			return storage.Change{}, Response{}, refuse("The game has not started; use `/leave` to leave the lobby.")
		}
		mine := t.userSeats(req.UserID)
		if len(mine) == 0 {
			return storage.Change{}, Response{}, refuse("You are not playing in this game.")
		}
		name := t.nameOfUser(req.UserID)
		humans := map[string]bool{}
		for _, r := range t.rec.Seats {
			if r.UserID != req.UserID && !r.StandIn {
				humans[r.UserID] = true
			}
		}
		if len(humans) <= 1 {
			// Nobody, or one person, would be left to play against the
			// stand-in: the game ends, and the others win by resignation.
			var winners []string
			for _, r := range t.rec.Seats {
				if humans[r.UserID] {
					winners = append(winners, t.name(engine.Seat(r.Seat)))
				}
			}
			result := name + " resigned."
			if len(winners) > 0 {
				result += " " + strings.Join(dedupe(winners), ", ") + " wins by resignation."
			}
			return storage.Change{Status: storage.Over, Result: result, Deadlines: []storage.Deadline{}},
				Response{Content: "🏁 **Game over** — " + result + "\nThe channel is free for a new `/newgame`."}, nil
		}
		return s.handToStandIn(ctx, t, req.UserID, fmt.Sprintf("%s resigned; the stand-in plays their seat for the rest of the game.", name))
	})
}

// handToStandIn gives every seat of userID to the stand-in, lets it play
// whatever those seats owe now, and saves the seats with its moves.
func (s *Service) handToStandIn(ctx context.Context, t *table, userID, announce string) (storage.Change, Response, error) {
	seats := append([]storage.Seat(nil), t.rec.Seats...)
	for i := range seats {
		if seats[i].UserID == userID {
			seats[i].StandIn = true
		}
	}
	t.rec.Seats = seats
	t.moved = nil
	more, notes, err := s.runStandIns(t, 0)
	if err != nil {
		return storage.Change{}, Response{}, err
	}
	all := engine.Result{Public: []string{announce}}
	var moves []storage.Move
	for _, m := range more {
		moves = append(moves, m.move)
		all.Merge(m.res)
	}
	ch, resp, err := s.afterMoves(ctx, t, all, moves, notes)
	ch.Seats = seats
	return ch, resp, err
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
