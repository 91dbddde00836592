// Package bot connects a commands.Handler to Discord. It is the only
// package that imports discordgo: it holds the gateway session, registers
// the slash commands, turns each INTERACTION_CREATE into a
// commands.Request, and sends the Response back as interaction replies,
// channel posts and DMs, within Discord's three-second deadline.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"casefile/commands"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Config configures a Bot.
type Config struct {
	// Token is the bot token, without the "Bot " prefix.
	Token string
	// APIURL, when set, replaces https://discord.com for every REST call,
	// gateway discovery included: a base like http://127.0.0.1:PORT, or
	// one naming the version, like http://127.0.0.1:PORT/api/v10/.
	APIURL string
	// GuildIDs, when set, are the guilds the commands are registered to,
	// which takes effect at once; otherwise they are registered globally.
	GuildIDs []string
	// ShardID and ShardCount run the bot as one shard of several: Discord
	// sends this process the events of the servers whose
	// (guild_id >> 22) % ShardCount is ShardID, and direct messages to
	// shard 0. A ShardCount of 0 or 1 means one process for every server.
	ShardID, ShardCount int
	// TickEvery is the period of Handler.Tick (30 s when zero).
	TickEvery time.Duration
	// DeferAfter is how long the handler may take before the bot
	// acknowledges with a deferred response (2 s when zero, at most
	// 2.5 s); Discord forgets an interaction not acknowledged within 3 s.
	DeferAfter time.Duration
	// ShutdownGrace bounds how long shutdown waits for in-flight
	// interactions to be handled and answered (10 s when zero).
	ShutdownGrace time.Duration
	// OnDone, when set, is called once the bot has finished with one
	// delivery of an interaction: reply, posts and DMs sent or failed.
	// Tests use it to wait for the bot without sleeping.
	OnDone func(interactionID string)
}

// Messages the bot itself writes to users.
const (
	msgInternalError = "Something went wrong on our side. Nothing was changed by this message; please try again."
	msgRestarting    = "Casefile is restarting; please try again in a minute."
	msgDone          = "Done."
)

// ErrTokenRejected is wrapped by Run's error when Discord refused the
// token: HTTP 401 from the REST API, or the gateway's close code 4004.
var ErrTokenRejected = errors.New("discord rejected the bot token (HTTP 401 Unauthorized)")

// InvitePermissions are the permissions the bot asks for in its invite
// URL: View Channels, Send Messages, Attach Files, Read Message History,
// and Create Public Threads and Send Messages in Threads for thread=yes
// games (309237746688). It sends no embeds, so it asks for no Embed Links.
const InvitePermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory |
	discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads

// InviteURL is the URL that adds the application's bot to a server with
// the scopes and permissions Casefile needs.
func InviteURL(appID string) string {
	return fmt.Sprintf("https://discord.com/oauth2/authorize?client_id=%s&scope=bot%%20applications.commands&permissions=%d", appID, InvitePermissions)
}

// tokenRejected reports whether err is Discord refusing the token.
func tokenRejected(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return true
	}
	var ce *websocket.CloseError
	return errors.Is(err, discordgo.ErrUnauthorized) || errors.As(err, &ce) && ce.Code == 4004
}

// seenFor is how long an interaction id is remembered to answer it once;
// Discord keeps an interaction token for 15 minutes.
const seenFor = 15 * time.Minute

// Bot is a running connection between a commands.Handler and Discord.
type Bot struct {
	cfg Config
	h   commands.Handler
	log *slog.Logger

	session *discordgo.Session
	base    *url.URL // the APIURL, when set
	appID   string
	ready   chan *discordgo.Ready

	// work carries the handlers' and senders' context; it outlives Run's
	// context so in-flight work can finish, and is cancelled when the
	// shutdown grace period runs out.
	work       context.Context
	cancelWork context.CancelFunc

	// redial asks the reconnector to open the session again after a
	// disconnect; stopRedial and redialDone stop it and tell it stopped.
	redial     chan struct{}
	stopRedial chan struct{}
	redialDone chan struct{}

	mu       sync.Mutex
	closing  bool
	inflight sync.WaitGroup
	seen     map[string]time.Time
	seenList []string
	dmChans  map[string]string
}

// routeLibraryLogs sends discordgo's own messages (it logs through a
// package-level function) to slog as structured warnings, once per process,
// instead of unstructured lines on standard error. Bearer tokens never
// appear in what discordgo logs at LogError, but "Bot …" authorisations are
// cut out all the same.
var routeLibraryLogs sync.Once

// libraryLogger is discordgo's Logger writing to l.
func libraryLogger(l *slog.Logger) func(msgL, caller int, format string, a ...any) {
	return func(msgL, caller int, format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if i := strings.Index(msg, "Bot "); i >= 0 {
			msg = msg[:i] + "Bot [redacted]"
		}
		l.Warn("discordgo", "level", msgL, "msg", msg)
	}
}

// New prepares a Bot; Run connects it.
func New(cfg Config, h commands.Handler, logger *slog.Logger) (*Bot, error) {
	if strings.TrimSpace(cfg.Token) == "" {
		return nil, errors.New("bot: no Discord token")
	}
	if h == nil {
		return nil, errors.New("bot: no handler")
	}
	if logger == nil {
		logger = slog.Default()
	}
	if cfg.TickEvery <= 0 {
		cfg.TickEvery = 30 * time.Second
	}
	if cfg.DeferAfter <= 0 {
		cfg.DeferAfter = 2 * time.Second
	}
	// Past about 2.5 s a deferral itself risks missing Discord's 3 s.
	cfg.DeferAfter = min(cfg.DeferAfter, 2500*time.Millisecond)
	if cfg.ShutdownGrace <= 0 {
		cfg.ShutdownGrace = 10 * time.Second
	}
	cfg.Token = strings.TrimPrefix(strings.TrimSpace(cfg.Token), "Bot ")

	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	var transport http.RoundTripper = http.DefaultTransport.(*http.Transport).Clone()
	var base *url.URL
	if cfg.APIURL != "" {
		base, err = parseAPIURL(cfg.APIURL)
		if err != nil {
			return nil, fmt.Errorf("bot: %w", err)
		}
		transport = &rewriteTransport{base: base, next: transport}
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: transport}
	s.Dialer = &websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: 10 * time.Second}
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
	if cfg.ShardCount > 1 {
		s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	}
	// Plain JSON frames: the bot reads few events, and the emulator
	// speaks no zlib.
	s.Compress = false
	s.Identify.Compress = false
	s.StateEnabled = false
	// discordgo's own reconnect may open the session again after Close
	// (a read or heartbeat error racing the bot's stop), leaving a
	// stopped bot connected; the bot reconnects itself (reconnector), in
	// a way its stop waits for.
	s.ShouldReconnectOnError = false
	s.ShouldRetryOnRateLimit = true
	s.LogLevel = discordgo.LogError
	routeLibraryLogs.Do(func() { discordgo.Logger = libraryLogger(logger) })

	b := &Bot{
		cfg:     cfg,
		h:       h,
		log:     logger,
		session: s,
		base:    base,
		ready:   make(chan *discordgo.Ready, 1),
		redial:  make(chan struct{}, 1),
		seen:    map[string]time.Time{},
		dmChans: map[string]string{},
	}
	s.AddHandler(b.onReady)
	s.AddHandler(b.onInteraction)
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
		b.mu.Lock()
		closing := b.closing
		b.mu.Unlock()
		if closing {
			return
		}
		b.log.Warn("discord gateway disconnected")
		select {
		case b.redial <- struct{}{}:
		default:
		}
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) {
		b.log.Info("discord gateway resumed")
	})
	return b, nil
}

func (b *Bot) onReady(_ *discordgo.Session, r *discordgo.Ready) {
	name := ""
	if r.User != nil {
		name = r.User.Username
	}
	if b.cfg.ShardCount > 1 {
		b.log.Info("discord gateway ready", "user", name, "guilds", len(r.Guilds), "shard", b.cfg.ShardID, "shards", b.cfg.ShardCount)
	} else {
		b.log.Info("discord gateway ready", "user", name, "guilds", len(r.Guilds))
	}
	select {
	case b.ready <- r:
	default:
	}
}

// Run connects to Discord, registers the commands and serves interactions
// and ticks until ctx is cancelled; then it stops accepting interactions,
// waits (bounded by ShutdownGrace) for those in flight to be answered,
// and closes the session. It returns an error only when it cannot start.
func (b *Bot) Run(ctx context.Context) error {
	b.work, b.cancelWork = context.WithCancel(context.WithoutCancel(ctx))
	defer b.cancelWork()

	if err := b.session.Open(); err != nil {
		if tokenRejected(err) {
			return fmt.Errorf("bot: open gateway: %w", ErrTokenRejected)
		}
		return fmt.Errorf("bot: open gateway: %w", b.scrub(err, ""))
	}
	b.stopRedial, b.redialDone = make(chan struct{}), make(chan struct{})
	go b.reconnector()
	var ready *discordgo.Ready
	select {
	case ready = <-b.ready:
	case <-time.After(15 * time.Second):
		b.closeSession()
		return errors.New("bot: no READY from the gateway")
	case <-ctx.Done():
		b.closeSession()
		return nil
	}
	b.appID = ready.User.ID
	if ready.Application != nil && ready.Application.ID != "" {
		b.appID = ready.Application.ID
	}
	b.log.Info("invite the bot to a server with this URL", "url", InviteURL(b.appID))
	b.register()

	go b.tickLoop(ctx)

	<-ctx.Done()
	b.log.Info("shutting down: waiting for interactions in flight", "grace", b.cfg.ShutdownGrace)
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()

	waited := make(chan struct{})
	go func() {
		b.inflight.Wait()
		close(waited)
	}()
	select {
	case <-waited:
	case <-time.After(b.cfg.ShutdownGrace):
		b.log.Error("shutdown grace period over; abandoning interactions in flight")
		b.cancelWork()
	}
	b.closeSession()
	b.log.Info("stopped")
	return nil
}

// closeSession stops the reconnector and only then closes the session,
// so that no reconnect can open it again after Run has returned.
func (b *Bot) closeSession() {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	close(b.stopRedial)
	<-b.redialDone
	if err := b.session.Close(); err != nil {
		b.log.Warn("closing the gateway session", "err", b.scrub(err, ""))
	}
}

// reconnector opens the session again after each disconnect until it
// succeeds (a RESUME when the session is still known), waiting 1 s, then
// 2 s, and so on up to a minute between tries, until closeSession stops
// it. discordgo emits Disconnect after it closed the connection on a read
// or heartbeat error or an opcode 7 RECONNECT.
func (b *Bot) reconnector() {
	defer close(b.redialDone)
	for {
		select {
		case <-b.stopRedial:
			return
		case <-b.redial:
		}
		for wait := time.Second; ; wait = min(2*wait, time.Minute) {
			select {
			case <-b.stopRedial:
				return
			default:
			}
			err := b.session.Open()
			if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				break
			}
			b.log.Warn("reconnecting to the discord gateway", "err", b.scrub(err, ""), "retry_in", wait)
			select {
			case <-b.stopRedial:
				return
			case <-time.After(wait):
			}
		}
	}
}

// register overwrites the application's commands: in each configured
// guild, where changes apply at once, or else globally.
func (b *Bot) register() {
	cmds := commandDefs(b.h.Definitions())
	scopes := b.cfg.GuildIDs
	if len(scopes) == 0 {
		scopes = []string{""}
		b.log.Warn("registering the slash commands globally: Discord can take up to an hour to show them; list guild_ids in the configuration to register them in a server at once")
	}
	for _, g := range scopes {
		got, err := b.session.ApplicationCommandBulkOverwrite(b.appID, g, cmds, discordgo.WithContext(b.work))
		if err != nil {
			b.log.Error("registering slash commands", "guild", g, "err", b.scrub(err, ""))
			continue
		}
		b.log.Info("registered slash commands", "guild", g, "count", len(got))
	}
}

// track counts an interaction in flight, unless the bot is shutting down.
func (b *Bot) track() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.inflight.Add(1)
	return true
}

// firstDelivery reports whether the interaction id is new, remembering it;
// Discord may deliver an interaction again after a reconnect, and only
// the first delivery can be answered.
func (b *Bot) firstDelivery(id string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.seenList) > 0 && now.Sub(b.seen[b.seenList[0]]) > seenFor {
		delete(b.seen, b.seenList[0])
		b.seenList = b.seenList[1:]
	}
	if _, dup := b.seen[id]; dup {
		return false
	}
	b.seen[id] = now
	b.seenList = append(b.seenList, id)
	return true
}

// tickLoop calls Tick; a tick in progress counts as work in flight, so
// shutdown waits for its outbox to be sent.
func (b *Bot) tickLoop(ctx context.Context) {
	t := time.NewTicker(b.cfg.TickEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if !b.track() {
				return
			}
			b.tick(now)
			b.inflight.Done()
		}
	}
}

func (b *Bot) tick(now time.Time) {
	var out commands.Outbox
	func() {
		defer func() {
			if r := recover(); r != nil {
				b.log.Error("panic in Tick", "panic", r, "stack", stack())
			}
		}()
		out = b.h.Tick(b.work, now)
	}()
	b.sendPosts(out.Posts)
	// A DM from a tick has no interaction channel for its fallback; when
	// every post of the outbox goes to one channel, that is the game's.
	fallback := ""
	for i, p := range out.Posts {
		if i == 0 {
			fallback = p.ChannelID
		} else if p.ChannelID != fallback {
			fallback = ""
			break
		}
	}
	b.sendDMs(out.DMs, fallback)
	b.delivered(out.Requests...)
}

// scrub removes secrets from an error's text: the bot token and an
// interaction token, which appear in request URLs of transport errors.
func (b *Bot) scrub(err error, interactionToken string) error {
	if err == nil {
		return nil
	}
	s := err.Error()
	// An error of a request the transport sent elsewhere names the URL
	// discordgo asked for (discord.com); name where it really went.
	var ue *url.Error
	if b.base != nil && errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil && u.Host == "discord.com" {
			t := rewriteTransport{base: b.base}
			u.Scheme, u.Host, u.Path, u.RawPath = b.base.Scheme, b.base.Host, t.mapPath(u.Path), ""
			s = strings.ReplaceAll(s, ue.URL, u.String())
		}
	}
	if b.cfg.Token != "" {
		s = strings.ReplaceAll(s, b.cfg.Token, "<token>")
	}
	if interactionToken != "" {
		s = strings.ReplaceAll(s, interactionToken, "<interaction-token>")
	}
	return errors.New(s)
}
