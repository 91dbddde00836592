package commands

import (
	"context"
	"fmt"
	"strings"
)

// command is one slash command: what Discord registers, what runs it, and
// what /help says of it.
type command struct {
	def CommandDef
	// gameOption names the option whose choices are the catalogue's
	// games; Definitions fills them in, as the catalogue is the service's.
	gameOption string
	// changes is set when the command may change a game, so that a
	// redelivered copy must be recognised and not acted on twice.
	changes bool
	run     func(s *Service, ctx context.Context, req Request, info *logInfo) (Response, error)
	// complete answers autocomplete for the command's options; nil means
	// the command offers none.
	complete func(s *Service, ctx context.Context, req Request) (Response, error)
	// help is the command's line in /help, which lists the lines in the
	// table's order; empty when a neighbour's line already covers it.
	help string
}

// commandTable is every slash command, as the Discord contract fixes
// them. Registration (Definitions), /help and routing are all built from
// it. It is filled in init because /help, one of its handlers, reads it:
// an initialised var would be its own dependency.
var commandTable []command

// commandByName finds a commandTable entry by its name.
var commandByName map[string]*command

// init builds the command table and its index by name.
func init() {
	commandTable = []command{
		{def: CommandDef{Name: "newgame", Description: "Open a lobby for a new game in this channel", Options: []OptionDef{
			{Name: "game", Description: "Which game", Required: true},
			{Name: "options", Description: "key=value words, e.g. seed=42 players=2 clock=24h", Autocomplete: true},
		}}, gameOption: "game", changes: true, run: (*Service).newGame, complete: (*Service).completeNewGame,
			help: "`/newgame game:<game> [options:seed=42 players=3 clock=24h react=2h]` opens a lobby; `/join`, `/leave`, `/start` (or the buttons). `react=5m|30m|2h|12h` is how long the others may respond in a reaction window; `react=off` waits until each has answered or stands on pass; `thread=yes` opens the game in a thread of its own."},
		{def: CommandDef{Name: "join", Description: "Take a seat in this channel's lobby (or take your seat back from the stand-in)"},
			changes: true, run: onOpenGame((*Service).joinGame)},
		{def: CommandDef{Name: "leave", Description: "Leave this channel's lobby"},
			changes: true, run: onOpenGame((*Service).leaveGame)},
		{def: CommandDef{Name: "start", Description: "Start the game in this channel's lobby"},
			changes: true, run: onOpenGame((*Service).startGame)},
		{def: CommandDef{Name: "move", Description: "Make a move", Options: []OptionDef{
			{Name: "action", Description: "Your move; the list shows your legal moves (leave it empty to pick with menus)", Autocomplete: true},
		}}, changes: true, run: (*Service).move, complete: (*Service).completeMove,
			help: "`/move action:<move>` — the list shows your legal moves as you type, a choice with a count being a group that picking narrows; `/move` alone (or the Your move button) opens a picker to click through."},
		{def: CommandDef{Name: "status", Description: "Show the game's public state and board"},
			run:  (*Service).status,
			help: "`/status` board and whose turn; `/hand` your secret information (only you see it); `/log` recent moves."},
		{def: CommandDef{Name: "hand", Description: "Show your private information (only you see it)"},
			run: (*Service).hand},
		{def: CommandDef{Name: "log", Description: "Show the game's recent moves"},
			run: (*Service).log},
		{def: CommandDef{Name: "history", Description: "List this channel's games, or get one game's whole log as a file", Options: []OptionDef{
			{Name: "game", Description: "A game's number from the list, to get its whole log as a file"},
		}}, run: (*Service).history,
			help: "`/history` lists this channel's games (`game:<number>` gives one's whole log as a file, from which it replays); `/games` your games on this server; `/stats` the server's record."},
		{def: CommandDef{Name: "games", Description: "List your running games on this server"},
			run: (*Service).games},
		{def: CommandDef{Name: "stats", Description: "Games played and won on this server, per player and game"},
			run: (*Service).stats},
		{def: CommandDef{Name: "undo", Description: "Take back your last move, if it revealed nothing and nobody has acted since"},
			changes: true, run: (*Service).undo,
			help: "`/undo` takes back your last move if it revealed nothing and nobody has acted since."},
		{def: CommandDef{Name: "away", Description: "Pause your turn clocks for a while", Options: []OptionDef{
			{Name: "for", Description: "How long, like 2d or 12h", Required: true},
		}}, changes: true, run: (*Service).away,
			help: "`/away for:2d` pauses your clocks, `/back` ends it; `/notify dms:off` stops reminder DMs."},
		{def: CommandDef{Name: "back", Description: "End your away mode"},
			changes: true, run: (*Service).back},
		{def: CommandDef{Name: "notify", Description: "Choose whether reminders also come by direct message", Options: []OptionDef{
			{Name: "dms", Description: "on or off", Required: true, Choices: []Choice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
		}}, changes: true, run: (*Service).notify},
		{def: CommandDef{Name: "resign", Description: "Give up your seat in this channel's game"},
			changes: true, run: (*Service).resign,
			help: "`/resign` gives up your seat; `/abort` ends the game (its author or Manage Channels)."},
		{def: CommandDef{Name: "abort", Description: "End this channel's game without a result (its author or Manage Channels)"},
			changes: true, run: (*Service).abort},
		{def: CommandDef{Name: "help", Description: "How to play games with Casefile"},
			run: (*Service).help},
		{def: CommandDef{Name: "rules", Description: "Quick rules reference", Options: []OptionDef{
			{Name: "game", Description: "Which game (default: this channel's)"},
		}}, gameOption: "game", run: (*Service).rules,
			help: "`/rules` for a game's quick reference."},
	}
	commandByName = make(map[string]*command, len(commandTable))
	for i := range commandTable {
		commandByName[commandTable[i].def.Name] = &commandTable[i]
	}
}

// Definitions lists the slash commands to register, from the command
// table, with the catalogue's games as the choices of game options.
func (s *Service) Definitions() []CommandDef {
	var games []Choice
	for _, g := range s.Catalog.All() {
		games = append(games, Choice{Name: g.Name, Value: g.ID})
	}
	defs := make([]CommandDef, 0, len(commandTable))
	for _, c := range commandTable {
		d := c.def
		if c.gameOption != "" {
			d.Options = append([]OptionDef(nil), d.Options...)
			for i := range d.Options {
				if d.Options[i].Name == c.gameOption {
					d.Options[i].Choices = games
				}
			}
		}
		defs = append(defs, d)
	}
	return defs
}

// route runs a request: autocomplete and buttons by their own ways, slash
// commands by the command table, after turning away a redelivered copy of
// anything that may change a game.
var errOutsideGuild = refuse("Casefile games are played in a server's text channels, not in direct messages. Open a game with `/newgame` in a channel where the bot is; your secrets still come here by DM.")

func (s *Service) route(ctx context.Context, req Request, info *logInfo) (Response, error) {
	if req.GuildID == "" {
		// The commands are registered for server channels only; anything
		// that still arrives from a DM (an old registration, a client
		// that ignores contexts) gets the way to play, and nothing runs.
		if req.Kind == Autocomplete {
			return Response{Choices: []Choice{}}, nil
		}
		return Response{}, errOutsideGuild
	}
	if req.Kind == Autocomplete {
		if c, ok := commandByName[req.Command]; ok && c.complete != nil {
			return c.complete(s, ctx, req)
		}
		return Response{}, nil
	}
	if mutates(req) && !dedupedAtCommit(req) {
		if seen, err := s.redelivered(ctx, req); err != nil {
			return Response{}, err
		} else if seen {
			return s.alreadyHandled(ctx, req)
		}
	}
	if req.Kind == Button {
		return s.button(ctx, req, info)
	}
	c, ok := commandByName[req.Command]
	if !ok {
		return Response{}, refuse("Unknown command /%s. Try /help.", req.Command)
	}
	resp, err := c.run(s, ctx, req, info)
	if _, refused := userMessage(err); refused && dedupedAtCommit(req) {
		// A copy of a move already made is refused against the game as
		// that move left it; it gets the same answer as any copy.
		if seen, serr := s.redelivered(ctx, req); serr == nil && seen {
			return s.alreadyHandled(ctx, req)
		}
	}
	return resp, err
}

// dedupedAtCommit reports whether a request is a typed move, which
// changes its game only through update: its commit records the
// interaction and refuses a copy (storage.ErrDuplicate), so the lookup
// before acting is left to the rare refusal, instead of costing every
// move a query.
func dedupedAtCommit(req Request) bool {
	return req.Kind == SlashCommand && req.Command == "move" && strings.TrimSpace(req.Options["action"]) != ""
}

// mutates reports whether a request may change a game, so that a
// redelivered copy must be recognised and not acted on twice. An unknown
// command counts as changing: that is the safe side.
func mutates(req Request) bool {
	if req.Kind == Button {
		return true
	}
	c, ok := commandByName[req.Command]
	return !ok || c.changes
}

// button routes a component click by its custom id, like a path:
// "lobby/join/42", "clock/wait/42/1", "move/pick/42/17/3".
func (s *Service) button(ctx context.Context, req Request, info *logInfo) (Response, error) {
	if strings.HasPrefix(req.CustomID, "rules/part/") {
		return s.rulesPartClick(req)
	}
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
	case "lobby/again":
		return s.playAgain(ctx, req, info, gameID)
	case "clock/wait", "clock/skip", "clock/standin":
		return s.clockChoice(ctx, req, info, gameID, parts[1], parts[3:])
	case "vote/end":
		return s.voteEnd(ctx, req, info, gameID)
	case "move/pick":
		return s.pickClick(ctx, req, info, gameID, parts[3:])
	}
	return Response{}, refuse("That button is no longer valid.")
}

// Definitions lists the slash commands, as the Discord contract fixes them.
