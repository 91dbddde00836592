package discordtest

import (
	"encoding/json"
	"net/http"
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

// Connected reports whether a bot holds a live, identified gateway
// connection.
func (s *Server) Connected() bool {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.live != nil
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
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws}
	s.gw.mu.Lock()
	s.gw.conns[c] = true
	s.gw.mu.Unlock()
	s.bump(func(st *Stats) { st.Connections++ })
	defer func() {
		s.gw.mu.Lock()
		delete(s.gw.conns, c)
		if s.gw.live == c {
			s.gw.live = nil
		}
		s.gw.mu.Unlock()
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
			authed = true
			s.bump(func(st *Stats) { st.Identifies++; st.LastIntents = id.Intents })
			s.identify(c)
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
			if !s.resume(c, res.SessionID, res.Seq) {
				if c.write(map[string]any{"op": 9, "d": false}) != nil {
					return
				}
				continue
			}
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

// identify starts a new session on c: READY, one GUILD_CREATE per guild,
// then whatever was waiting for a connection.
func (s *Server) identify(c *gwConn) {
	s.mu.Lock()
	sessionID := s.newIDLocked()
	var guilds, creates []any
	for _, g := range s.guilds {
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
	}
	s.mu.Unlock()

	s.gw.mu.Lock()
	s.gw.sessionID = sessionID
	s.gw.seq = 0
	s.gw.log = nil
	s.gw.live = c
	s.gw.sendLocked("READY", ready)
	for _, g := range creates {
		if s.gw.live != nil {
			s.gw.sendLocked("GUILD_CREATE", g)
		}
	}
	if s.gw.live != nil {
		s.gw.flushLocked()
	}
	s.gw.mu.Unlock()
	s.touch()
}

// resume replays the events after seq on c and reports whether the
// session was known.
func (s *Server) resume(c *gwConn, sessionID string, seq int64) bool {
	s.gw.mu.Lock()
	defer s.touch()
	defer s.gw.mu.Unlock()
	if sessionID == "" || sessionID != s.gw.sessionID {
		return false
	}
	s.gw.live = c
	s.bump(func(st *Stats) { st.Resumes++ })
	for _, ev := range s.gw.log {
		if ev.seq > seq && s.gw.live != nil {
			if c.write(map[string]any{"op": 0, "t": ev.typ, "s": ev.seq, "d": ev.data}) != nil {
				s.gw.live = nil
			}
		}
	}
	if s.gw.live != nil {
		s.gw.sendLocked("RESUMED", map[string]any{})
	}
	if s.gw.live != nil {
		s.gw.flushLocked()
	}
	return true
}
