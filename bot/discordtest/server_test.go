package discordtest

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

func do(t *testing.T, s *Server, method, path, auth, contentType string, body []byte) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, s.APIURL()+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out map[string]any
	json.Unmarshal(b, &out)
	return resp.StatusCode, out
}

func TestListensOnLoopback(t *testing.T) {
	s := New(t)
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Errorf("URL %s", s.URL())
	}
}

func TestAuthorization(t *testing.T) {
	s := New(t)
	if code, _ := do(t, s, "GET", "users/@me", "", "", nil); code != 401 {
		t.Errorf("no auth: %d", code)
	}
	if code, _ := do(t, s, "GET", "users/@me", s.Token(), "", nil); code != 401 {
		t.Errorf("token without Bot prefix: %d", code)
	}
	code, me := do(t, s, "GET", "users/@me", "Bot "+s.Token(), "", nil)
	if code != 200 || me["id"] != s.AppID() || me["bot"] != true {
		t.Errorf("users/@me: %d %v", code, me)
	}
	code, gw := do(t, s, "GET", "gateway/bot", "Bot "+s.Token(), "", nil)
	if code != 200 || !strings.HasPrefix(gw["url"].(string), "ws://127.0.0.1:") {
		t.Errorf("gateway/bot: %d %v", code, gw)
	}
}

func TestBlockedDMIsDiscords50007(t *testing.T) {
	s := New(t)
	u := s.AddUser("Zed")
	s.BlockDMs(u.ID)
	auth := "Bot " + s.Token()
	code, ch := do(t, s, "POST", "users/@me/channels", auth, "application/json", []byte(`{"recipient_id":"`+u.ID+`"}`))
	if code != 200 || ch["type"] != float64(1) {
		t.Fatalf("create DM: %d %v", code, ch)
	}
	code, body := do(t, s, "POST", "channels/"+ch["id"].(string)+"/messages", auth, "application/json", []byte(`{"content":"hi"}`))
	if code != 403 || body["code"] != float64(50007) || body["message"] != "Cannot send messages to this user" {
		t.Errorf("blocked DM: %d %v", code, body)
	}
	if s.RejectedDMs(u.ID) != 1 || len(s.DMs(u.ID)) != 0 {
		t.Error("blocked DM recorded wrongly")
	}
}

func TestChannelMessageValidationAndMultipart(t *testing.T) {
	s := New(t)
	g := s.AddGuild("g")
	c := s.AddChannel(g.ID, "c")
	auth := "Bot " + s.Token()
	if code, body := do(t, s, "POST", "channels/"+c.ID+"/messages", auth, "application/json", []byte(`{"content":""}`)); code != 400 || body["code"] != float64(50006) {
		t.Errorf("empty message: %d %v", code, body)
	}
	long := `{"content":"` + strings.Repeat("x", 2001) + `"}`
	if code, body := do(t, s, "POST", "channels/"+c.ID+"/messages", auth, "application/json", []byte(long)); code != 400 || body["code"] != float64(50035) {
		t.Errorf("long message: %d %v", code, body)
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	pj, _ := mw.CreateFormField("payload_json")
	pj.Write([]byte(`{"content":"with file","components":[{"type":1,"components":[{"type":2,"style":1,"label":"Go","custom_id":"go"}]}],"allowed_mentions":{"parse":[]}}`))
	fw, _ := mw.CreateFormFile("files[0]", "a.png")
	fw.Write([]byte("PNGDATA"))
	mw.Close()
	code, msg := do(t, s, "POST", "channels/"+c.ID+"/messages", auth, mw.FormDataContentType(), buf.Bytes())
	if code != 200 || msg["content"] != "with file" {
		t.Fatalf("multipart: %d %v", code, msg)
	}
	ms := s.ChannelMessages(c.ID)
	if len(ms) != 1 || len(ms[0].Files) != 1 || string(ms[0].Files[0].Data) != "PNGDATA" || ms[0].Buttons()[0].CustomID != "go" {
		t.Errorf("recorded %+v", ms)
	}
	if ms[0].AllowedMentions == nil || len(ms[0].AllowedMentions.Parse) != 0 {
		t.Errorf("allowed mentions %+v", ms[0].AllowedMentions)
	}
}

func TestGatewayHandshake(t *testing.T) {
	s := New(t, WithHeartbeatInterval(time.Second))
	ws, _, err := websocket.DefaultDialer.Dial(strings.Replace(s.URL(), "http", "ws", 1)+"/gateway/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	read := func() map[string]any {
		t.Helper()
		ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		var m map[string]any
		if err := ws.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	hello := read()
	if hello["op"] != float64(10) || hello["d"].(map[string]any)["heartbeat_interval"] != float64(1000) {
		t.Fatalf("hello %v", hello)
	}
	ws.WriteJSON(map[string]any{"op": 1, "d": nil})
	if ack := read(); ack["op"] != float64(11) {
		t.Fatalf("ack %v", ack)
	}
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + s.Token(), "intents": 1 | 1<<12}})
	ready := read()
	d := ready["d"].(map[string]any)
	if ready["t"] != "READY" || ready["s"] != float64(1) || d["session_id"] == "" || d["application"].(map[string]any)["id"] != s.AppID() {
		t.Fatalf("ready %v", ready)
	}
	if err := s.WaitConnected(); err != nil {
		t.Fatal(err)
	}
}

func TestGatewayRejectsPrivilegedIntents(t *testing.T) {
	s := New(t)
	ws, _, err := websocket.DefaultDialer.Dial(strings.Replace(s.URL(), "http", "ws", 1)+"/gateway", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ws.ReadMessage() // HELLO
	ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot " + s.Token(), "intents": 1 << 15}})
	ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, _, err = ws.ReadMessage()
	if ce, ok := err.(*websocket.CloseError); !ok || ce.Code != 4014 {
		t.Errorf("got %v, want close 4014", err)
	}
}

func TestSelectMenuValidation(t *testing.T) {
	s := New(t)
	g := s.AddGuild("g")
	c := s.AddChannel(g.ID, "c")
	auth := "Bot " + s.Token()
	post := func(components string) (int, map[string]any) {
		return do(t, s, "POST", "channels/"+c.ID+"/messages", auth, "application/json", []byte(`{"content":"pick","components":`+components+`}`))
	}
	opt := func(v string) string { return `{"label":"L` + v + `","value":"` + v + `"}` }
	var many []string
	for i := range 26 {
		many = append(many, opt(strings.Repeat("v", i+1)))
	}
	for name, comps := range map[string]string{
		"26 options":        `[{"type":1,"components":[{"type":3,"custom_id":"s","options":[` + strings.Join(many, ",") + `]}]}]`,
		"no options":        `[{"type":1,"components":[{"type":3,"custom_id":"s","options":[]}]}]`,
		"duplicate values":  `[{"type":1,"components":[{"type":3,"custom_id":"s","options":[` + opt("a") + `,` + opt("a") + `]}]}]`,
		"long value":        `[{"type":1,"components":[{"type":3,"custom_id":"s","options":[` + opt(strings.Repeat("v", 101)) + `]}]}]`,
		"select and button": `[{"type":1,"components":[{"type":3,"custom_id":"s","options":[` + opt("a") + `]},{"type":2,"style":1,"label":"b","custom_id":"b"}]}]`,
		"no custom id":      `[{"type":1,"components":[{"type":3,"options":[` + opt("a") + `]}]}]`,
		"max over options":  `[{"type":1,"components":[{"type":3,"custom_id":"s","max_values":2,"options":[` + opt("a") + `]}]}]`,
	} {
		if code, body := post(comps); code != 400 || body["code"] != float64(50035) {
			t.Errorf("%s: %d %v", name, code, body)
		}
	}
	code, msg := post(`[{"type":1,"components":[{"type":3,"custom_id":"s","placeholder":"Choose","options":[` + opt("a") + `,` + opt("b") + `]}]},{"type":1,"components":[{"type":2,"style":2,"label":"x","custom_id":"x"}]}]`)
	if code != 200 {
		t.Fatalf("a select and a row of buttons: %d %v", code, msg)
	}
	ms := s.ChannelMessages(c.ID)
	if len(ms) != 1 || len(ms[0].Selects) != 1 || len(ms[0].Selects[0].Options) != 2 || ms[0].Selects[0].Placeholder != "Choose" || len(ms[0].Buttons()) != 1 {
		t.Fatalf("recorded %+v", ms)
	}
	u := s.AddUser("u")
	if _, err := s.Select(u, c, ms[0].ID, "s", []string{"zz"}); err == nil {
		t.Error("a value the menu does not offer was sent")
	}
	if _, err := s.Select(u, c, ms[0].ID, "s", []string{"a", "b"}); err == nil {
		t.Error("two values sent to a menu that takes one")
	}
	if _, err := s.Select(u, c, ms[0].ID, "nope", []string{"a"}); err == nil {
		t.Error("a menu the message lacks was used")
	}
}
