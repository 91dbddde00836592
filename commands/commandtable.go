package commands

import (
	"context"
	"fmt"
	"strings"
)

func (s *Service) route(ctx context.Context, req Request, info *logInfo) (Response, error) {
	if req.Kind == Autocomplete {
		return s.autocomplete(ctx, req)
	}
	if mutates(req) && req.ID != "" {
		if _, seen, err := s.DB.InteractionReply(ctx, req.ID); err != nil {
			return Response{}, err
		} else if seen {
			return s.alreadyHandled(ctx, req)
		}
	}
	if req.Kind == Button {
		return s.button(ctx, req, info)
	}
	switch req.Command {
	case "newgame":
		return s.newGame(ctx, req, info)
	case "join":
		return s.join(ctx, req, info)
	case "leave":
		return s.leave(ctx, req, info)
	case "start":
		return s.start(ctx, req, info)
	case "move":
		return s.move(ctx, req, info)
	case "status":
		return s.status(ctx, req, info)
	case "hand":
		return s.hand(ctx, req, info)
	case "log":
		return s.log(ctx, req, info)
	case "resign":
		return s.resign(ctx, req, info)
	case "abort":
		return s.abort(ctx, req, info)
	case "help":
		return s.help(), nil
	case "rules":
		return s.rules(req)
	case "undo":
		return s.undo(ctx, req, info)
	case "away":
		return s.away(ctx, req, info)
	case "back":
		return s.back(ctx, req, info)
	case "notify":
		return s.notify(ctx, req, info)
	}
	return Response{}, refuse("Unknown command /%s. Try /help.", req.Command)
}

// mutates reports whether a request may change a game, so that a
// redelivered copy must be recognised and not acted on twice.
func mutates(req Request) bool {
	if req.Kind == Button {
		return true
	}
	switch req.Command {
	case "status", "hand", "log", "help", "rules":
		return false
	}
	return true
}

// button routes a component click by its custom id, like a path:
// "lobby/join/42", "clock/wait/42/1".
func (s *Service) button(ctx context.Context, req Request, info *logInfo) (Response, error) {
	parts := strings.Split(req.CustomID, "/")
	if len(parts) < 3 {
		return Response{}, refuse("That button is no longer valid.")
	}
	var gameID int64
	if _, err := fmt.Sscan(parts[2], &gameID); err != nil {
		return Response{}, refuse("That button is no longer valid.")
	}
	switch parts[0] + "/" + parts[1] {
	case "lobby/join":
		return s.joinGame(ctx, req, info, gameID)
	case "lobby/start":
		return s.startGame(ctx, req, info, gameID)
	case "lobby/leave":
		return s.leaveGame(ctx, req, info, gameID)
	case "clock/wait", "clock/skip", "clock/standin":
		return s.clockChoice(ctx, req, info, gameID, parts[1], parts[3:])
	case "vote/end":
		return s.voteEnd(ctx, req, info, gameID)
	}
	return Response{}, refuse("That button is no longer valid.")
}

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
