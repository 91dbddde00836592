package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"casefile/engine"
	"casefile/storage"
)

// Definitions lists the slash commands, as the Discord contract fixes them.
func (s *Service) Definitions() []CommandDef {
	var games []Choice
	for _, g := range s.Catalog.All() {
		games = append(games, Choice{Name: g.Name, Value: g.ID})
	}
	return []CommandDef{
		{Name: "newgame", Description: "Open a lobby for a new game in this channel", Options: []OptionDef{
			{Name: "game", Description: "Which game", Required: true, Choices: games},
			{Name: "options", Description: "key=value words, e.g. seed=42 players=2 clock=24h", Autocomplete: true},
		}},
		{Name: "join", Description: "Take a seat in this channel's lobby (or take your seat back from the stand-in)"},
		{Name: "leave", Description: "Leave this channel's lobby"},
		{Name: "start", Description: "Start the game in this channel's lobby"},
		{Name: "move", Description: "Make a move", Options: []OptionDef{
			{Name: "action", Description: "Your move; the list shows your legal moves", Required: true, Autocomplete: true},
		}},
		{Name: "status", Description: "Show the game's public state and board"},
		{Name: "hand", Description: "Show your private information (only you see it)"},
		{Name: "log", Description: "Show the game's recent moves"},
		{Name: "resign", Description: "Give up your seat in this channel's game"},
		{Name: "abort", Description: "End this channel's game without a result (its author or Manage Channels)"},
		{Name: "undo", Description: "Take back your last move, if it revealed nothing and nobody has acted since"},
		{Name: "away", Description: "Pause your turn clocks for a while", Options: []OptionDef{
			{Name: "for", Description: "How long, like 2d or 12h", Required: true},
		}},
		{Name: "back", Description: "End your away mode"},
		{Name: "notify", Description: "Choose whether reminders also come by direct message", Options: []OptionDef{
			{Name: "dms", Description: "on or off", Required: true, Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
		}},
		{Name: "help", Description: "How to play games with Casefile"},
		{Name: "rules", Description: "Quick rules reference", Options: []OptionDef{
			{Name: "game", Description: "Which game (default: this channel's)", Choices: games},
		}},
	}
}

func (s *Service) status(ctx context.Context, req Request, info *logInfo) (Response, error) {
	t, err := s.loadChannel(ctx, req.ChannelID)
	if err != nil {
		return Response{}, err
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	if t.rec.Status == storage.Lobby {
		return s.lobbyReply(t, fmt.Sprintf("**%s** lobby, waiting to start.", t.def.Name)), nil
	}
	var b strings.Builder
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
	f, err := s.boardFile(t)
	if err != nil {
		return Response{}, err
	}
	if f != nil {
		resp.Files = []File{*f}
	}
	return resp, nil
}

func (t *table) moveCount(ctx context.Context, s *Service) int {
	moves, err := s.DB.RecentMoves(ctx, t.rec.ID, 1)
	if err != nil || len(moves) == 0 {
		return 0
	}
	return moves[0].N
}

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
	var files []File
	for _, seat := range mine {
		if len(mine) > 1 {
			fmt.Fprintf(&b, "__Seat %d__\n", int(seat)+1)
		}
		b.WriteString("```\n" + clip(engine.ExpandSeatRefs(t.state.View(seat).Text(), t.plainName), 1200/len(mine)) + "\n```")
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
		f, err := s.privateFile(t, seat)
		if err != nil {
			return Response{}, err
		}
		if f != nil {
			files = append(files, *f)
		}
	}
	if legal := t.actingSeats(req.UserID); len(legal) > 0 {
		b.WriteString(t.legalHint(legal[0]))
	}
	return Response{Content: clip(b.String(), 1990), Ephemeral: true, Files: files}, nil
}

func (s *Service) log(ctx context.Context, req Request, info *logInfo) (Response, error) {
	t, err := s.loadChannel(ctx, req.ChannelID)
	if err != nil {
		return Response{}, err
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
	fmt.Fprintf(&b, "**%s** — last %d moves:\n", t.def.Name, len(moves))
	for _, m := range moves {
		b.WriteString(t.logLine(m) + "\n")
	}
	return Response{Content: clip(b.String(), 1990)}, nil
}

// logLine shows one move as the public saw it: a secret move's text is
// never shown, only what the game announced.
func (t *table) logLine(m storage.Move) string {
	who := t.name(engine.Seat(m.Seat))
	if m.ByUser == "standin" {
		who += " (stand-in)"
	}
	what := "`" + m.Text + "`"
	if m.Secret {
		what = "*(a secret choice)*"
	}
	line := fmt.Sprintf("%d. %s: %s", m.N, who, what)
	if m.Public != "" {
		line += " — " + strings.ReplaceAll(t.expand(m.Public), "\n", " ")
	}
	line = clip(line, 300)
	if m.Undone {
		line = "~~" + line + "~~ (undone)"
	}
	return line
}

func (s *Service) help() Response {
	var b strings.Builder
	b.WriteString("**Casefile** runs crime board games in this channel, over days.\n")
	b.WriteString("• `/newgame game:<game> [options:seed=42 players=3 clock=24h]` opens a lobby; `/join`, `/leave`, `/start` (or the buttons).\n")
	b.WriteString("• `/move action:<move>` — the list shows your legal moves as you type.\n")
	b.WriteString("• `/status` board and whose turn; `/hand` your secret information (only you see it); `/log` recent moves.\n")
	b.WriteString("• `/undo` takes back your last move if it revealed nothing and nobody has acted since.\n")
	b.WriteString("• `/away 2d` pauses your clocks, `/back` ends it; `/notify dms:off` stops reminder DMs.\n")
	b.WriteString("• `/resign` gives up your seat; `/abort` ends the game (its author or Manage Channels).\n")
	b.WriteString("• `/rules` for a game's quick reference.\n\nGames:\n")
	for _, g := range s.Catalog.All() {
		fmt.Fprintf(&b, "• `%s` — **%s**, %s players. %s\n", g.ID, g.Name, g.PlayerRange(), g.Blurb)
	}
	return Response{Content: clip(b.String(), 1990)}
}

func (s *Service) rules(req Request) (Response, error) {
	id := req.Options["game"]
	if id == "" {
		if rec, err := s.DB.OpenGame(context.Background(), req.ChannelID); err == nil {
			id = rec.Game
		}
	}
	g, ok := s.Catalog.Get(id)
	if !ok {
		return Response{}, refuse("Which game? Use `/rules game:<game>`; games: %s.", strings.Join(s.Catalog.IDs(), ", "))
	}
	text := fmt.Sprintf("**%s** (%s players)\n%s", g.Name, g.PlayerRange(), g.Rules)
	// Long references continue in further messages rather than being cut.
	parts := chunks(text, 1990)
	if len(parts) > 5 {
		parts = parts[:5]
	}
	resp := Response{Content: parts[0]}
	for _, p := range parts[1:] {
		resp.Posts = append(resp.Posts, Post{ChannelID: req.ChannelID, Content: p})
	}
	return resp, nil
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

// chunks splits text into pieces of at most n bytes, at line breaks where
// it can.
func chunks(text string, n int) []string {
	var out []string
	for len(text) > n {
		cut := strings.LastIndexByte(text[:n], '\n')
		if cut <= 0 {
			cut = n
			for cut > 0 && (text[cut]&0xC0) == 0x80 {
				cut--
			}
		}
		out = append(out, text[:cut])
		text = strings.TrimLeft(text[cut:], "\n")
	}
	return append(out, text)
}
