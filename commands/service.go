// Package commands is what every slash command, button and autocomplete of
// Casefile does, as plain Go: a Request in, a Response out, with no Discord
// library types. It loads the channel's game from storage, lets the game's
// rules judge and apply moves, saves the result in one version-guarded
// transaction, and says what to post, to whom, and with which image.
package commands

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"casefile/engine"
	"casefile/render"
	"casefile/storage"
)

// Settings are the operator's choices from the config file.
type Settings struct {
	// DefaultClock is each seat's time per turn when /newgame gives no
	// clock option; zero means no clock.
	DefaultClock time.Duration
	// ReminderShare is the share of the clock after which a waiting seat
	// is reminded (0.5 = halfway).
	ReminderShare float64
	// ReactionWindow is how long a reaction window stays open when the
	// game gives no length.
	ReactionWindow time.Duration
	// LobbyTTL is how long a lobby may wait for /start before it expires.
	LobbyTTL time.Duration
}

// DefaultSettings are used for zero fields.
var DefaultSettings = Settings{
	DefaultClock:   48 * time.Hour,
	ReminderShare:  0.5,
	ReactionWindow: 30 * time.Minute,
	LobbyTTL:       72 * time.Hour,
}

// Service answers requests. It holds no game in memory between calls.
type Service struct {
	DB        *storage.DB
	Catalog   *engine.Catalog
	Renderers map[string]render.Renderer
	Settings  Settings
	Log       *slog.Logger
	// Now is the clock; tests move it.
	Now func() time.Time
	// Seed makes a seed for games that give none.
	Seed func() uint64
}

// New builds a service with defaults filled in.
func New(db *storage.DB, catalog *engine.Catalog, renderers map[string]render.Renderer, settings Settings, log *slog.Logger) *Service {
	if settings.DefaultClock == 0 {
		settings.DefaultClock = DefaultSettings.DefaultClock
	}
	if settings.DefaultClock < 0 {
		settings.DefaultClock = 0
	}
	if settings.ReminderShare <= 0 || settings.ReminderShare >= 1 {
		settings.ReminderShare = DefaultSettings.ReminderShare
	}
	if settings.ReactionWindow <= 0 {
		settings.ReactionWindow = DefaultSettings.ReactionWindow
	}
	if settings.LobbyTTL <= 0 {
		settings.LobbyTTL = DefaultSettings.LobbyTTL
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{DB: db, Catalog: catalog, Renderers: renderers, Settings: settings, Log: log, Now: time.Now, Seed: randomSeed}
}

func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	// Keep seeds below 2^53 so they read well and survive any JSON tool.
	return binary.LittleEndian.Uint64(b[:]) >> 11
}

// userError is a refusal safe to show the user; nothing was changed.
type userError struct{ msg string }

func (e *userError) Error() string { return e.msg }

func refuse(format string, args ...any) error {
	return &userError{msg: fmt.Sprintf(format, args...)}
}

// userMessage returns the text to show for err when it is the user's to
// see (a refusal or a rules rejection).
func userMessage(err error) (string, bool) {
	var ue *userError
	if errors.As(err, &ue) {
		return ue.msg, true
	}
	return engine.IsRejection(err)
}

// logInfo collects what one command's log line says.
type logInfo struct {
	game   string
	gameID int64
	seat   string
	move   string
}

// Handle answers one interaction. It never panics: a panic becomes an
// internal error, logged, and a polite ephemeral reply.
func (s *Service) Handle(ctx context.Context, req Request) (resp Response) {
	start := time.Now()
	info := &logInfo{}
	outcome := "ok"
	defer func() {
		if p := recover(); p != nil {
			s.Log.Error("panic in command", "command", req.Command, "custom_id", req.CustomID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			resp = internalReply()
			outcome = "panic"
		}
		attrs := []any{"guild", req.GuildID, "channel", req.ChannelID, "user", req.UserID, "command", commandName(req),
			"game", info.game, "game_id", info.gameID, "seat", info.seat, "duration_ms", float64(time.Since(start).Microseconds()) / 1000, "outcome", outcome}
		if info.move != "" {
			attrs = append(attrs, "move", info.move)
		}
		if req.Kind != Autocomplete {
			s.Log.Info("command", attrs...)
		}
	}()
	var err error
	resp, err = s.route(ctx, req, info)
	if err != nil {
		if msg, ok := userMessage(err); ok {
			outcome = "refused"
			return Response{Content: msg, Ephemeral: true}
		}
		outcome = "error"
		s.Log.Error("command failed", "command", commandName(req), "channel", req.ChannelID, "error", err)
		return internalReply()
	}
	return resp
}

func internalReply() Response {
	return Response{Content: "Something went wrong on our side; nothing was changed. Please try again in a moment.", Ephemeral: true}
}

func commandName(req Request) string {
	switch req.Kind {
	case Button:
		return "button:" + req.CustomID
	case Autocomplete:
		return "autocomplete:" + req.Command
	}
	return req.Command
}

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
