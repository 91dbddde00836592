package discordtest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// privilegedIntents are GUILD_MEMBERS, GUILD_PRESENCES and MESSAGE_CONTENT,
// which a bot must be approved for; the emulator's app is not.
const privilegedIntents int64 = 1<<1 | 1<<8 | 1<<15

var upgrader = websocket.Upgrader{
	// discordgo sends no Origin; anything on loopback may connect.
	CheckOrigin: func(*http.Request) bool { return true },
}

type gwConn struct {
	ws *websocket.Conn
	mu sync.Mutex // serializes writes
}

func (c *gwConn) write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(websocket.TextMessage, b)
}

func (c *gwConn) closeWith(code int, text string) {
	c.mu.Lock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	c.mu.Unlock()
	c.ws.Close()
}

type gwEvent struct {
	seq  int64
	typ  string
	data any
}

// gatewayState is the session a bot holds across connections: dispatches
// go to the live connection, or wait in pending while there is none, and
// the sequence log lets a RESUME replay what a dropped connection missed.
type gatewayState struct {
	// shard is the shard this session identified as: [id, count].
	shard     [2]int
	mu        sync.Mutex
	live      *gwConn
	conns     map[*gwConn]bool
	sessionID string
	seq       int64
	log       []gwEvent
	pending   []gwEvent
}

func newGatewayState() *gatewayState {
	return &gatewayState{conns: map[*gwConn]bool{}}
}

// sendLocked numbers and writes one dispatch on the live connection.
func (g *gatewayState) sendLocked(typ string, data any) {
	g.seq++
	ev := gwEvent{seq: g.seq, typ: typ, data: data}
	g.log = append(g.log, ev)
	if len(g.log) > 1000 {
		g.log = g.log[len(g.log)-1000:]
	}
	if err := g.live.write(map[string]any{"op": 0, "t": typ, "s": ev.seq, "d": data}); err != nil {
		// The event stays in the log, so a RESUME still delivers it.
		g.live = nil
	}
}

func (g *gatewayState) dispatch(typ string, data any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.live == nil {
		g.pending = append(g.pending, gwEvent{typ: typ, data: data})
		return
	}
	g.sendLocked(typ, data)
}

func (g *gatewayState) flushLocked() {
	p := g.pending
	g.pending = nil
	for i, ev := range p {
		if g.live == nil {
			g.pending = append(g.pending, p[i:]...)
			return
		}
		g.sendLocked(ev.typ, ev.data)
	}
}

// shards are the bot's gateway sessions by shard id: one without
// sharding, one per shard when the bot identifies with shard [id, count].
// Discord sends a guild's events to shard (guild_id >> 22) % count, and
// events outside a guild (DMs) to shard 0; so does the emulator.
type shards struct {
	mu    sync.Mutex
	count int
	by    map[int]*gatewayState
}

func newShards() *shards {
	return &shards{count: 1, by: map[int]*gatewayState{0: newGatewayState()}}
}

// ShardOf is the shard of count that Discord routes a guild's events to:
// (guild_id >> 22) % count; DMs (no guild) go to shard 0.
func ShardOf(guildID string, count int) int {
	if count <= 1 || guildID == "" {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// forGuild is the session that receives guildID's events.
func (sh *shards) forGuild(guildID string) *gatewayState {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.stateLocked(ShardOf(guildID, sh.count))
}

func (sh *shards) stateLocked(id int) *gatewayState {
	g := sh.by[id]
	if g == nil {
		g = newGatewayState()
		g.shard = [2]int{id, sh.count}
		sh.by[id] = g
	}
	return g
}

// identify returns the session of shard [id, count], changing the shard
// count when the bot asks for another one (as a resharded bot would).
func (sh *shards) identify(id, count int) *gatewayState {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if count != sh.count {
		sh.count = count
		old := sh.by
		sh.by = map[int]*gatewayState{}
		for _, g := range old {
			g.closeAll()
		}
	}
	g := sh.stateLocked(id)
	g.shard = [2]int{id, count}
	return g
}

func (sh *shards) all() []*gatewayState {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	var out []*gatewayState
	for _, g := range sh.by {
		out = append(out, g)
	}
	return out
}

// bySession finds the session a RESUME names.
func (sh *shards) bySession(sessionID string) *gatewayState {
	for _, g := range sh.all() {
		g.mu.Lock()
		ok := sessionID != "" && g.sessionID == sessionID
		g.mu.Unlock()
		if ok {
			return g
		}
	}
	return nil
}

func (sh *shards) closeAll() {
	for _, g := range sh.all() {
		g.closeAll()
	}
}

func (g *gatewayState) closeAll() {
	g.mu.Lock()
	conns := g.conns
	g.conns = map[*gwConn]bool{}
	g.live = nil
	g.mu.Unlock()
	for c := range conns {
		c.ws.Close()
	}
}

// DropGateway cuts every gateway connection without a close frame, as a
// network failure would. Interactions sent meanwhile wait for the bot to
// resume or identify again.
func (s *Server) DropGateway() {
	s.gw.closeAll()
	s.touch()
}

// SetGatewayDown makes the gateway refuse new connections (HTTP 503), as
// during an outage, until it is set up again; connections already open
// stay open.
func (s *Server) SetGatewayDown(down bool) {
	s.mu.Lock()
	s.gatewayDown = down
	s.mu.Unlock()
}

// Connected reports whether a bot holds a live, identified gateway
// connection (on any shard).
func (s *Server) Connected() bool {
	for _, g := range s.gw.all() {
		g.mu.Lock()
		live := g.live != nil
		g.mu.Unlock()
		if live {
			return true
		}
	}
	return false
}

// ShardConnected reports whether shard id of count holds a live,
// identified gateway connection.
func (s *Server) ShardConnected(id, count int) bool {
	for _, g := range s.gw.all() {
		g.mu.Lock()
		live := g.live != nil && g.shard == [2]int{id, count}
		g.mu.Unlock()
		if live {
			return true
		}
	}
	return false
}

// WaitConnected waits until a bot holds a live gateway connection.
func (s *Server) WaitConnected() error {
	return s.Wait("a gateway connection", s.Connected)
}

func (s *Server) touch() {
	s.mu.Lock()
	s.notifyLocked()
	s.mu.Unlock()
}

func (s *Server) bump(f func(*Stats)) {
	s.mu.Lock()
	f(&s.stats)
	s.notifyLocked()
	s.mu.Unlock()
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if enc := q.Get("encoding"); enc != "" && enc != "json" {
		http.Error(w, "only encoding=json is supported", http.StatusBadRequest)
		return
	}
	if q.Get("compress") != "" {
		http.Error(w, "transport compression is not supported", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	down := s.gatewayDown
	s.mu.Unlock()
	if down {
		s.bump(func(st *Stats) { st.Refused++ })
		http.Error(w, "the gateway is down", http.StatusServiceUnavailable)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws}
	s.bump(func(st *Stats) { st.Connections++ })
	// gw is the session c serves once it identifies or resumes.
	var gw *gatewayState
	attach := func(g *gatewayState) {
		gw = g
		g.mu.Lock()
		g.conns[c] = true
		g.mu.Unlock()
	}
	defer func() {
		if gw != nil {
			gw.mu.Lock()
			delete(gw.conns, c)
			if gw.live == c {
				gw.live = nil
			}
			gw.mu.Unlock()
		}
		ws.Close()
		s.touch()
	}()

	s.mu.Lock()
	hb := s.heartbeat
	s.mu.Unlock()
	if c.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": hb.Milliseconds()}}) != nil {
		return
	}
	authed := false
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var frame struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if json.Unmarshal(data, &frame) != nil {
			c.closeWith(4002, "Decode error")
			return
		}
		switch frame.Op {
		case 1:
			s.bump(func(st *Stats) { st.Heartbeats++ })
			if c.write(map[string]any{"op": 11}) != nil {
				return
			}
		case 2:
			if authed {
				c.closeWith(4005, "Already authenticated")
				return
			}
			var id struct {
				Token   string `json:"token"`
				Intents int64  `json:"intents"`
				Shard   []int  `json:"shard"`
			}
			json.Unmarshal(frame.D, &id)
			if !s.gatewayToken(id.Token) {
				c.closeWith(4004, "Authentication failed")
				return
			}
			if id.Intents&privilegedIntents != 0 {
				c.closeWith(4014, "Disallowed intent(s)")
				return
			}
			shard, count := 0, 1
			if id.Shard != nil {
				if len(id.Shard) != 2 || id.Shard[1] < 1 || id.Shard[0] < 0 || id.Shard[0] >= id.Shard[1] {
					c.closeWith(4010, "Invalid shard")
					return
				}
				shard, count = id.Shard[0], id.Shard[1]
			}
			authed = true
			s.bump(func(st *Stats) { st.Identifies++; st.LastIntents = id.Intents })
			attach(s.gw.identify(shard, count))
			s.identify(c, gw)
		case 6:
			var res struct {
				Token     string `json:"token"`
				SessionID string `json:"session_id"`
				Seq       int64  `json:"seq"`
			}
			json.Unmarshal(frame.D, &res)
			if !s.gatewayToken(res.Token) {
				c.closeWith(4004, "Authentication failed")
				return
			}
			g := s.gw.bySession(res.SessionID)
			if g == nil || !s.resume(c, g, res.SessionID, res.Seq) {
				if c.write(map[string]any{"op": 9, "d": false}) != nil {
					return
				}
				continue
			}
			attach(g)
			authed = true
		case 3, 4, 8:
			// Presence, voice and member requests need no answer here.
		default:
			c.closeWith(4001, "Unknown opcode")
			return
		}
	}
}

func (s *Server) gatewayToken(tok string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return tok == "Bot "+s.token || tok == s.token
}

// identify starts a new session of gw on c: READY, one GUILD_CREATE per
// guild of its shard, then whatever was waiting for a connection.
func (s *Server) identify(c *gwConn, gw *gatewayState) {
	s.mu.Lock()
	sessionID := s.newIDLocked()
	var guilds, creates []any
	for _, g := range s.guilds {
		if ShardOf(g.ID, gw.shard[1]) != gw.shard[0] {
			continue
		}
		guilds = append(guilds, map[string]any{"id": g.ID, "unavailable": true})
		var chans []any
		for _, ch := range s.chans {
			if ch.GuildID == g.ID {
				chans = append(chans, channelJSON(ch, nil))
			}
		}
		creates = append(creates, map[string]any{
			"id": g.ID, "name": g.Name, "owner_id": s.app.ID, "channels": chans, "roles": []any{},
			"members": []any{}, "emojis": []any{}, "joined_at": time.Now().UTC().Format(time.RFC3339),
			"member_count": 1, "unavailable": false, "large": false, "features": []any{},
		})
	}
	ready := map[string]any{
		"v":                  10,
		"user":               userJSON(&s.app),
		"session_id":         sessionID,
		"resume_gateway_url": "ws://" + s.http.Listener.Addr().String() + "/gateway",
		"application":        map[string]any{"id": s.app.ID, "flags": 0},
		"guilds":             guilds,
		"private_channels":   []any{},
		"shard":              []int{gw.shard[0], gw.shard[1]},
	}
	s.mu.Unlock()

	gw.mu.Lock()
	gw.sessionID = sessionID
	gw.seq = 0
	gw.log = nil
	gw.live = c
	gw.sendLocked("READY", ready)
	for _, g := range creates {
		if gw.live != nil {
			gw.sendLocked("GUILD_CREATE", g)
		}
	}
	if gw.live != nil {
		gw.flushLocked()
	}
	gw.mu.Unlock()
	s.touch()
}

// resume replays the events after seq on c and reports whether the
// session was known.
func (s *Server) resume(c *gwConn, gw *gatewayState, sessionID string, seq int64) bool {
	gw.mu.Lock()
	defer s.touch()
	defer gw.mu.Unlock()
	if sessionID == "" || sessionID != gw.sessionID {
		return false
	}
	gw.live = c
	s.bump(func(st *Stats) { st.Resumes++ })
	for _, ev := range gw.log {
		if ev.seq > seq && gw.live != nil {
			if c.write(map[string]any{"op": 0, "t": ev.typ, "s": ev.seq, "d": ev.data}) != nil {
				gw.live = nil
			}
		}
	}
	if gw.live != nil {
		gw.sendLocked("RESUMED", map[string]any{})
	}
	if gw.live != nil {
		gw.flushLocked()
	}
	return true
}
