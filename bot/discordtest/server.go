// Package discordtest is an in-process Discord emulator for tests: a REST
// API and a gateway websocket on 127.0.0.1 that the real discordgo client
// connects to, plus a test API to create users, guilds and channels, send
// slash commands, autocomplete requests and button clicks, and read back
// every message the bot sent.
//
// Point a bot at it with the API base URL()+"/api/v10/" (any /api/vN/
// prefix is served, since discordgo v0.29 speaks v9) and the bot token
// Token(). The emulator checks what real Discord checks that matters to a
// bot: the Authorization header, the 3-second interaction deadline, one
// callback per interaction, message size and component limits, and
// autocomplete choice limits.
//
// A test wires a bot to it like this:
//
//	srv := discordtest.New(t)
//	srv.SetAwaitDone(true)
//	g := srv.AddGuild("club")
//	ch := srv.AddChannel(g.ID, "games")
//	alice := srv.AddUser("Alice")
//	b, _ := bot.New(bot.Config{Token: srv.Token(), APIURL: srv.URL(),
//		GuildIDs: []string{g.ID}, OnDone: srv.Done}, handler, logger)
//	go b.Run(ctx)
//	srv.Wait("commands", func() bool { return len(srv.Commands(g.ID)) > 0 })
//	reply, err := srv.Command(alice, ch, "newgame", map[string]string{"game": "android"})
//
// With SetAwaitDone and the bot's OnDone wired to Done, Command returns
// once the bot has sent everything for the interaction (reply, posts and
// DMs), so a test can read the channel without sleeping. Without it,
// Command returns once the interaction's reply is complete; use
// WaitMessage for posts and DMs.
package discordtest

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// DefaultToken is the bot token a new Server accepts.
const DefaultToken = "casefile-test-token"

// discordEpoch is the first millisecond of 2015, the origin of snowflakes.
const discordEpoch = 1420070400000

// Server is a running Discord emulator. All methods are safe for
// concurrent use.
type Server struct {
	http *httptest.Server

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every state change
	closed  bool

	token    string
	deadline time.Duration
	timeout  time.Duration
	// awaitDone makes Command, Click and Autocomplete wait for Done.
	awaitDone bool
	heartbeat time.Duration
	// gatewayDown refuses gateway connections (SetGatewayDown).
	gatewayDown bool
	// slim keeps messages without their attachments' bytes (WithSlimMessages).
	slim bool

	lastID int64

	app     User // the bot user; its id is also the application id
	users   map[string]*User
	order   []string // user ids in creation order
	guilds  map[string]*Guild
	chans   map[string]*Channel
	perms   map[string]int64  // guildID+"/"+userID
	nicks   map[string]string // guildID+"/"+userID
	noDMs   map[string]bool
	dmChans map[string]string // userID → DM channel id

	messages []*Message
	byID     map[string]*Message
	rejected map[string]int // userID → DMs refused with 50007

	commands map[string][]RegisteredCommand // "" for global, else guild id

	inters  map[string]*interaction // by id
	byToken map[string]*interaction

	gw        *shards
	stats     Stats
	unhandled []string
}

// Option configures a Server.
type Option func(*Server)

// WithToken sets the bot token the emulator accepts (without "Bot ").
func WithToken(token string) Option { return func(s *Server) { s.token = token } }

// WithHeartbeatInterval sets the heartbeat_interval sent in HELLO.
func WithHeartbeatInterval(d time.Duration) Option {
	return func(s *Server) { s.heartbeat = d }
}

// WithSlimMessages makes the emulator keep each attachment's name, type,
// size and alt text but not its bytes, once the upload has been checked:
// a long load test posts thousands of board pictures, and holding them
// would measure the emulator's memory instead of the bot's.
func WithSlimMessages() Option { return func(s *Server) { s.slim = true } }

// New starts an emulator for a test and stops it when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s, err := Start(opts...)
	if err != nil {
		t.Fatalf("discordtest: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// Start starts an emulator listening on 127.0.0.1 on a free port.
func Start(opts ...Option) (*Server, error) {
	s := &Server{
		changed:   make(chan struct{}),
		token:     DefaultToken,
		deadline:  3 * time.Second,
		timeout:   10 * time.Second,
		heartbeat: 41250 * time.Millisecond,
		users:     map[string]*User{},
		guilds:    map[string]*Guild{},
		chans:     map[string]*Channel{},
		perms:     map[string]int64{},
		nicks:     map[string]string{},
		noDMs:     map[string]bool{},
		dmChans:   map[string]string{},
		byID:      map[string]*Message{},
		rejected:  map[string]int{},
		commands:  map[string][]RegisteredCommand{},
		inters:    map[string]*interaction{},
		byToken:   map[string]*interaction{},
	}
	for _, o := range opts {
		o(s)
	}
	s.gw = newShards()
	s.app = User{ID: s.newIDLocked(), Username: "Casefile", Bot: true}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen on loopback: %w", err)
	}
	s.http = httptest.NewUnstartedServer(http.HandlerFunc(s.serveHTTP))
	s.http.Listener.Close()
	s.http.Listener = ln
	s.http.Start()
	return s, nil
}

// Close drops the gateway connection and stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.notifyLocked()
	s.mu.Unlock()
	s.gw.closeAll()
	s.http.CloseClientConnections()
	s.http.Close()
}

// URL is the server's base URL, like http://127.0.0.1:PORT.
func (s *Server) URL() string { return s.http.URL }

// APIURL is the REST base URL a bot should use.
func (s *Server) APIURL() string { return s.http.URL + "/api/v10/" }

// Token is the bot token the emulator accepts, without the "Bot " prefix.
func (s *Server) Token() string { return s.token }

// AppID is the application id, which is also the bot user's id.
func (s *Server) AppID() string { return s.app.ID }

// SetTimeout sets how long Command, Click, Autocomplete and the Wait
// helpers wait before giving up (10 s by default).
func (s *Server) SetTimeout(d time.Duration) {
	s.mu.Lock()
	s.timeout = d
	s.mu.Unlock()
}

// SetInteractionDeadline sets how long after dispatch an interaction
// callback is accepted (3 s, as on Discord).
func (s *Server) SetInteractionDeadline(d time.Duration) {
	s.mu.Lock()
	s.deadline = d
	s.mu.Unlock()
}

// SetAwaitDone makes Command, Click and Autocomplete return only after
// Done was called for the interaction, which a bot wired to call it does
// once it has sent everything for that interaction (reply, posts, DMs).
func (s *Server) SetAwaitDone(on bool) {
	s.mu.Lock()
	s.awaitDone = on
	s.mu.Unlock()
}

// Done records that the bot finished with one delivery of an interaction.
func (s *Server) Done(interactionID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in := s.inters[interactionID]; in != nil {
		in.done++
		s.notifyLocked()
	}
}

// DoneCount says how many deliveries of an interaction the bot finished.
func (s *Server) DoneCount(interactionID string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in := s.inters[interactionID]; in != nil {
		return in.done
	}
	return 0
}

func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// newIDLocked returns a fresh snowflake, increasing and unique.
func (s *Server) newIDLocked() string {
	id := (time.Now().UnixMilli() - discordEpoch) << 22
	if id <= s.lastID {
		id = s.lastID + 1
	}
	s.lastID = id
	return strconv.FormatInt(id, 10)
}

// AddUser creates a user whose username and display name are name.
func (s *Server) AddUser(name string) User {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := &User{ID: s.newIDLocked(), Username: strings.ToLower(strings.ReplaceAll(name, " ", "")), GlobalName: name}
	s.users[u.ID] = u
	s.order = append(s.order, u.ID)
	return *u
}

// AddGuild creates a guild.
func (s *Server) AddGuild(name string) Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := &Guild{ID: s.newIDLocked(), Name: name}
	s.guilds[g.ID] = g
	return *g
}

// AddChannel creates a text channel in a guild.
func (s *Server) AddChannel(guildID, name string) Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &Channel{ID: s.newIDLocked(), GuildID: guildID, Name: name}
	s.chans[c.ID] = c
	return *c
}

// Threads lists the threads started in a channel, oldest first.
func (s *Server) Threads(parentID string) []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, c := range s.chans {
		if c.ParentID == parentID {
			out = append(out, *c)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return len(out[i].ID) < len(out[j].ID) || len(out[i].ID) == len(out[j].ID) && out[i].ID < out[j].ID
	})
	return out
}

// DMChannel returns the DM channel between the bot and a user, creating
// it as POST users/@me/channels would; commands sent there arrive as DM
// interactions, with a user and no member.
func (s *Server) DMChannel(userID string) Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.dmChans[userID]
	if !ok {
		id = s.newIDLocked()
		s.dmChans[userID] = id
		s.chans[id] = &Channel{ID: id, Recipient: userID}
	}
	return *s.chans[id]
}

// SetPermissions sets a member's computed permissions in a guild's
// channels, as sent in member.permissions.
func (s *Server) SetPermissions(guildID, userID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.perms[guildID+"/"+userID] = perms
}

// GrantManageChannels gives a member the Manage Channels permission.
func (s *Server) GrantManageChannels(guildID, userID string) {
	s.SetPermissions(guildID, userID, defaultPermissions|PermManageChannels)
}

// SetNick sets a member's guild nickname.
func (s *Server) SetNick(guildID, userID, nick string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nicks[guildID+"/"+userID] = nick
}

// BlockDMs makes every DM to the user fail as on Discord when the user
// does not accept DMs: HTTP 403 with code 50007.
func (s *Server) BlockDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.noDMs[userID] = true
}

// AllowDMs lets userID receive direct messages again.
func (s *Server) AllowDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.noDMs, userID)
}

// Messages returns a copy of every message the bot created, in order.
func (s *Server) Messages() []Message {
	return s.filter(func(Message) bool { return true })
}

// ChannelMessages returns the messages in a channel, ephemeral ones and
// interaction replies included, deleted ones excluded.
func (s *Server) ChannelMessages(channelID string) []Message {
	return s.filter(func(m Message) bool { return m.ChannelID == channelID && !m.Deleted })
}

// PublicMessages returns what everyone in a channel sees: its messages
// that are neither ephemeral, deleted, nor unedited placeholders.
func (s *Server) PublicMessages(channelID string) []Message {
	return s.filter(func(m Message) bool {
		return m.ChannelID == channelID && !m.Deleted && !m.Ephemeral() && !m.Deferred
	})
}

// DMs returns the direct messages delivered to a user.
func (s *Server) DMs(userID string) []Message {
	return s.filter(func(m Message) bool { return m.Kind == KindDM && m.DMUser == userID && !m.Deleted })
}

// RejectedDMs says how many DMs to a user were refused with 50007.
func (s *Server) RejectedDMs(userID string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rejected[userID]
}

// Message returns a message by id.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.byID[id]
	if !ok {
		return Message{}, false
	}
	return copyMessage(m), true
}

func (s *Server) filter(keep func(Message) bool) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		c := copyMessage(m)
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}

func copyMessage(m *Message) Message {
	c := *m
	c.Files = append([]File(nil), m.Files...)
	c.Rows = nil
	for _, r := range m.Rows {
		c.Rows = append(c.Rows, append([]Button(nil), r...))
	}
	c.Selects = nil
	for _, sel := range m.Selects {
		sel.Options = append([]SelectOption(nil), sel.Options...)
		c.Selects = append(c.Selects, sel)
	}
	if m.AllowedMentions != nil {
		am := *m.AllowedMentions
		c.AllowedMentions = &am
	}
	return c
}

// WaitMessage waits until a message satisfying match exists and returns
// it; it fails after the server's timeout.
func (s *Server) WaitMessage(match func(Message) bool) (Message, error) {
	var found Message
	err := s.waitFor("a matching message", func() bool {
		for _, m := range s.messages {
			if c := copyMessage(m); match(c) {
				found = c
				return true
			}
		}
		return false
	})
	return found, err
}

// waitFor waits until cond, evaluated under the server's lock so it may
// call no Server method, holds; use Wait for conditions on public state.
func (s *Server) waitFor(what string, cond func() bool) error {
	s.mu.Lock()
	deadline := time.Now().Add(s.timeout)
	for {
		if cond() {
			s.mu.Unlock()
			return nil
		}
		if s.closed {
			s.mu.Unlock()
			return fmt.Errorf("discordtest: server closed while waiting for %s", what)
		}
		ch := s.changed
		s.mu.Unlock()
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Errorf("discordtest: timed out waiting for %s", what)
		}
		t := time.NewTimer(left)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
		s.mu.Lock()
	}
}

// Wait polls cond each time the emulator's state changes until it holds
// or the server's timeout passes. cond may call Server methods.
func (s *Server) Wait(what string, cond func() bool) error {
	s.mu.Lock()
	timeout := s.timeout
	s.mu.Unlock()
	deadline := time.Now().Add(timeout)
	for {
		s.mu.Lock()
		ch := s.changed
		closed := s.closed
		s.mu.Unlock()
		if cond() {
			return nil
		}
		if closed {
			return fmt.Errorf("discordtest: server closed while waiting for %s", what)
		}
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Errorf("discordtest: timed out waiting for %s", what)
		}
		t := time.NewTimer(left)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

// Commands returns the commands registered for a guild, or the global
// ones for guildID "", sorted by name.
func (s *Server) Commands(guildID string) []RegisteredCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := append([]RegisteredCommand(nil), s.commands[guildID]...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Stats returns counters of gateway and REST activity.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// Unhandled lists requests to routes the emulator does not serve, as
// "METHOD path"; a test can assert the bot made none.
func (s *Server) Unhandled() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.unhandled...)
}

// userJSON renders a user as Discord does.
func userJSON(u *User) map[string]any {
	m := map[string]any{
		"id":            u.ID,
		"username":      u.Username,
		"discriminator": "0",
		"avatar":        nil,
		"public_flags":  0,
	}
	if u.GlobalName != "" {
		m["global_name"] = u.GlobalName
	} else {
		m["global_name"] = nil
	}
	if u.Bot {
		m["bot"] = true
	}
	return m
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// apiError writes Discord's JSON error body.
func apiError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"code": code, "message": msg})
}
