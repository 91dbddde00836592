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
	// MentionEvery is the least time between two pings of one seat for
	// reaction windows; a seat not pinged is still named.
	MentionEvery time.Duration
	// LobbyTTL is how long a lobby may wait for /start before it expires.
	LobbyTTL time.Duration
	// StateCache is how many games' decoded states are kept between
	// commands (see stateCache): DefaultStateCache when zero, none when
	// negative.
	StateCache int
	// KeepInteractions is how long a handled interaction's id is kept
	// against redelivery before RunPruner deletes it:
	// DefaultKeepInteractions when zero.
	KeepInteractions time.Duration
}

// DefaultKeepInteractions is how long handled interactions are kept when
// Settings.KeepInteractions is zero: a day, many times the 15 minutes in
// which Discord may deliver an interaction again.
const DefaultKeepInteractions = 24 * time.Hour

// DefaultSettings are used for zero fields.
var DefaultSettings = Settings{
	DefaultClock:   48 * time.Hour,
	ReminderShare:  0.5,
	ReactionWindow: 30 * time.Minute,
	MentionEvery:   2 * time.Hour,
	LobbyTTL:       72 * time.Hour,
}

// Service answers requests. Between calls a game is its stored rows; the
// service keeps only the decoded states of the games last played (see
// stateCache), each used again only while its row is unchanged.
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
	// Reach, when set, sends the DM that a hidden-role game checks before
	// it starts; nil skips the check (simulations, unit tests).
	Reach DMReacher
	// Threads starts the threads of thread=yes games; nil means games
	// are opened in the channel itself.
	Threads ThreadStarter
	// PictureRetry is how long a board picture whose post failed waits
	// before it is tried again (30 s when zero).
	PictureRetry time.Duration
	// AwaitDelivery holds a channel's board pictures until the bot has
	// sent the messages of the request that owed them (see Delivered),
	// at most DeliveryWait (10 s when zero): set when a bot that reports
	// its deliveries drives the service.
	AwaitDelivery bool
	DeliveryWait  time.Duration

	pics   pictures
	states *stateCache
	lists  *moveLists
}

// FirstFallback reports whether userID has not yet been told, in the
// channel of game gameID, that a DM could not reach them, and records it.
// If storage fails it says yes: a repeated fallback is better than none.
func (s *Service) FirstFallback(ctx context.Context, gameID int64, userID string) bool {
	first, err := s.DB.FirstFallback(ctx, gameID, userID)
	if err != nil {
		s.Log.Error("recording a DM fallback", "game_id", gameID, "error", err)
		return true
	}
	return first
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
	if settings.MentionEvery == 0 {
		settings.MentionEvery = DefaultSettings.MentionEvery
	}
	if settings.MentionEvery < 0 {
		settings.MentionEvery = 0
	}
	if settings.LobbyTTL <= 0 {
		settings.LobbyTTL = DefaultSettings.LobbyTTL
	}
	if settings.KeepInteractions <= 0 {
		settings.KeepInteractions = DefaultKeepInteractions
	}
	if settings.StateCache == 0 {
		settings.StateCache = DefaultStateCache
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{DB: db, Catalog: catalog, Renderers: renderers, Settings: settings, Log: log, Now: time.Now, Seed: randomSeed,
		states: newStateCache(settings.StateCache), lists: newMoveLists(min(settings.StateCache, maxMoveListGames))}
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
		if req.Kind == Autocomplete {
			return
		}
		// Typed attributes in an array of their own: the line is written
		// for every command, and key-value arguments boxed each value.
		attrs := [...]slog.Attr{slog.String("guild", req.GuildID), slog.String("channel", req.ChannelID), slog.String("user", req.UserID),
			slog.String("command", commandName(req)), slog.String("game", info.game), slog.Int64("game_id", info.gameID), slog.String("seat", info.seat),
			slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000), slog.String("outcome", outcome), slog.String("move", info.move)}
		n := len(attrs)
		if info.move == "" {
			n--
		}
		s.Log.LogAttrs(context.Background(), slog.LevelInfo, "command", attrs[:n]...)
	}()
	var err error
	resp, err = s.route(ctx, req, info)
	if err != nil {
		if msg, ok := userMessage(err); ok {
			outcome = "refused"
			return Response{Content: msg, Ephemeral: true, Refused: true}
		}
		outcome = "error"
		s.Log.Error("command failed", "command", commandName(req), "channel", req.ChannelID, "error", err)
		return internalReply()
	}
	return resp
}

func internalReply() Response {
	return Response{Content: "Something went wrong on our side; nothing was changed. Please try again in a moment.", Ephemeral: true, Refused: true}
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
