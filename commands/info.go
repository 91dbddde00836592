package commands

import (
	"context"
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// status shows the public board and whom the game waits for.
func (s *Service) status(ctx context.Context, req Request, info *logInfo) (Response, error) {
	t, last, err := s.loadOpenOrLast(ctx, req.ChannelID)
	if err != nil {
		return Response{}, err
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	if t.rec.Status == storage.Lobby {
		return s.lobbyReply(t, fmt.Sprintf("**%s** lobby, waiting to start.", t.def.Name)), nil
	}
	var b strings.Builder
	if last {
		b.WriteString(t.closedHeader())
	}
	turn := t.state.Turn()
	fmt.Fprintf(&b, "**%s**", t.def.Name)
	if turn.Phase != "" {
		fmt.Fprintf(&b, " — %s", turn.Phase)
	}
	fmt.Fprintf(&b, " (seed %d, %d moves)\n", t.rec.Seed, t.moveCount(ctx, s))
	b.WriteString("```\n" + clip(engine.ExpandSeatRefs(t.state.View(engine.Public).Text(), t.plainName), 1300) + "\n```")
	if w := t.waitingPlain(); w != "" {
		b.WriteString(w)
	}
	if clocks := s.clockLines(ctx, t, nil); clocks != "" {
		b.WriteString("\n" + clocks)
	}
	resp := Response{Content: clip(b.String(), 1990)}
	if s.owesPicture(t) {
		// The table's state is this request's alone (taken from the
		// state cache, never put back), so drawing it after the reply
		// races with no later command.
		resp.Later = []LaterPicture{{Draw: func() (*File, error) { return s.boardFile(t) }}}
	}
	if t.rec.Status == storage.Active && len(t.userSeats(req.UserID)) > 0 {
		if resp.Aside, err = s.sinceLastMove(ctx, t, req.UserID); err != nil {
			return Response{}, err
		}
	}
	return resp, nil
}

// catchUpLines bounds the moves the catch-up lists one by one.
const catchUpLines = 12

// sinceLastMove tells a player, privately, what the others did since
// their own last move: for someone back after a day away, the table's
// moves in order, as /log shows them (secret choices as such).
func (s *Service) sinceLastMove(ctx context.Context, t *table, userID string) (string, error) {
	moves, err := s.DB.Moves(ctx, t.rec.ID)
	if err != nil {
		return "", err
	}
	from, since := 0, "the game began"
	for i, m := range moves {
		if m.ByUser == userID && !m.Undone {
			from, since = i+1, fmt.Sprintf("your last move (%d. `%s`)", m.N, m.Text)
		}
	}
	var lines []string
	for _, m := range moves[from:] {
		if !m.Undone {
			lines = append(lines, t.logLine(m))
		}
	}
	if len(lines) == 0 {
		return "Nothing has happened since " + since + ".", nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Since %s**, %d moves:\n", since, len(lines))
	if len(lines) > catchUpLines {
		fmt.Fprintf(&b, "… %d earlier moves (see `/log`)\n", len(lines)-catchUpLines)
		lines = lines[len(lines)-catchUpLines:]
	}
	b.WriteString(strings.Join(lines, "\n"))
	return clip(b.String(), 1990), nil
}

// moveCount is the number of the game's last move, 0 before the first.
func (t *table) moveCount(ctx context.Context, s *Service) int {
	moves, err := s.DB.RecentMoves(ctx, t.rec.ID, 1)
	if err != nil || len(moves) == 0 {
		return 0
	}
	return moves[0].N
}

// hand shows the user their private views and notes, ephemerally.
func (s *Service) hand(ctx context.Context, req Request, info *logInfo) (Response, error) {
	t, err := s.loadChannel(ctx, req.ChannelID)
	if err != nil {
		return Response{}, err
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	if t.state == nil {
		return Response{}, refuse("The game has not started yet, so there is nothing private to show. %s", startHint(t))
	}
	mine := t.userSeats(req.UserID)
	if len(mine) == 0 {
		return Response{}, refuse("You are not playing in this game.")
	}
	var b strings.Builder
	var later []LaterPicture
	r, pictured := s.Renderers[t.def.ID]
	pictured = pictured && r.Private != nil
	for _, seat := range mine {
		if len(mine) > 1 {
			fmt.Fprintf(&b, "__Seat %d__\n", int(seat)+1)
		}
		// Each seat's view is whole or cut at a line's end; a long
		// answer goes as several messages (the bot splits it between
		// lines and keeps each code block closed).
		b.WriteString("```\n" + clipLines(engine.ExpandSeatRefs(t.state.View(seat).Text(), t.plainName), 1800) + "\n```\n")
		notes, err := s.DB.Notes(ctx, t.rec.ID, int(seat), 8)
		if err != nil {
			return Response{}, err
		}
		if len(notes) > 0 {
			b.WriteString("Your private history (latest last):\n")
			for _, n := range notes {
				fmt.Fprintf(&b, "• move %d: %s\n", n.MoveN, t.expand(n.Text))
			}
		}
		if pictured {
			// Drawn after the ephemeral reply, from this request's own
			// state; it goes to the same person, ephemeral too.
			caption := ""
			if len(mine) > 1 {
				caption = fmt.Sprintf("Seat %d", int(seat)+1)
			}
			later = append(later, LaterPicture{Content: caption, Draw: func() (*File, error) { return s.privateFile(t, seat) }})
		}
	}
	if legal := t.actingSeats(req.UserID); len(legal) > 0 {
		b.WriteString(t.legalHint(legal[0]))
	}
	return Response{Content: strings.TrimSpace(b.String()), Ephemeral: true, Later: later}, nil
}

// log shows the game's recent moves as the public saw them.
func (s *Service) log(ctx context.Context, req Request, info *logInfo) (Response, error) {
	t, last, err := s.loadOpenOrLast(ctx, req.ChannelID)
	if err != nil {
		return Response{}, err
	}
	if t.state == nil {
		return Response{Content: fmt.Sprintf("**%s**: the lobby has no moves yet.", t.def.Name)}, nil
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	moves, err := s.DB.RecentMoves(ctx, t.rec.ID, 12)
	if err != nil {
		return Response{}, err
	}
	if len(moves) == 0 {
		return Response{Content: fmt.Sprintf("**%s**: no moves yet.", t.def.Name)}, nil
	}
	var b strings.Builder
	if last {
		b.WriteString(t.closedHeader())
	}
	fmt.Fprintf(&b, "**%s** — last %d moves (`/history game:%d` gives them all as a file):\n", t.def.Name, len(moves), t.rec.ID)
	for _, m := range moves {
		b.WriteString(t.logLine(m) + "\n")
	}
	return Response{Content: clip(b.String(), 1990)}, nil
}

// logLine shows one move as the public saw it: a secret move's text is
// never shown, only what the game announced.
func (t *table) logLine(m storage.Move) string {
	return t.moveLine(m, true, 300)
}

// moveLine is one move for a log: who made it and what, with its public
// lines when withPublic is set, clipped to width before an undone move is
// struck through, so the strike always closes.
func (t *table) moveLine(m storage.Move, withPublic bool, width int) string {
	who := t.name(engine.Seat(m.Seat))
	if m.ByUser == "standin" {
		who += " (stand-in)"
	}
	what := "`" + m.Text + "`"
	if m.Secret {
		what = "*(a secret choice)*"
	}
	line := fmt.Sprintf("%d. %s: %s", m.N, who, what)
	if withPublic && m.Public != "" {
		line += " — " + strings.ReplaceAll(t.expand(m.Public), "\n", " ")
	}
	line = clip(line, width)
	if m.Undone {
		line = "~~" + line + "~~ (undone)"
	}
	return line
}
