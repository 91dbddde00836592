package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

var apiPrefix = regexp.MustCompile(`^/api/v[0-9]+/`)

// serveHTTP routes REST calls and the gateway upgrade.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/gateway" || r.URL.Path == "/gateway/" {
		s.serveGateway(w, r)
		return
	}
	loc := apiPrefix.FindStringIndex(r.URL.Path)
	if loc == nil {
		s.notFound(w, r)
		return
	}
	// Rate-limit headers as Discord sends them; a large remaining count
	// keeps discordgo's limiter from ever waiting.
	h := w.Header()
	h.Set("X-RateLimit-Limit", "50")
	h.Set("X-RateLimit-Remaining", "49")
	h.Set("X-RateLimit-Reset-After", "1.000")
	h.Set("X-RateLimit-Bucket", "casefile-test")

	parts := strings.Split(strings.TrimSuffix(r.URL.Path[loc[1]:], "/"), "/")
	route := func(method string, pattern ...string) bool {
		if r.Method != method || len(parts) != len(pattern) {
			return false
		}
		for i, p := range pattern {
			if p != "*" && p != parts[i] {
				return false
			}
		}
		return true
	}

	// Interaction callbacks and webhook calls are authorized by the token
	// in the path, so Discord accepts them without a bot token; a wrong
	// one is still refused.
	tokenInPath := parts[0] == "interactions" || parts[0] == "webhooks"
	if !s.authorized(r, tokenInPath) {
		s.mu.Lock()
		s.stats.Unauthorized++
		s.notifyLocked()
		s.mu.Unlock()
		apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
		return
	}

	switch {
	case route("GET", "gateway"):
		writeJSON(w, 200, map[string]any{"url": s.gatewayURL()})
	case route("GET", "gateway", "bot"):
		writeJSON(w, 200, map[string]any{
			"url":    s.gatewayURL(),
			"shards": 1,
			"session_start_limit": map[string]any{
				"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1,
			},
		})
	case route("GET", "users", "@me"):
		writeJSON(w, 200, userJSON(&s.app))
	case route("POST", "users", "@me", "channels"):
		s.createDM(w, r)
	case route("GET", "applications", "*", "commands"):
		s.listCommands(w, parts[1], "")
	case route("GET", "applications", "*", "guilds", "*", "commands"):
		s.listCommands(w, parts[1], parts[3])
	case route("PUT", "applications", "*", "commands"):
		s.overwriteCommands(w, r, parts[1], "")
	case route("PUT", "applications", "*", "guilds", "*", "commands"):
		s.overwriteCommands(w, r, parts[1], parts[3])
	case route("POST", "applications", "*", "commands"):
		s.createCommand(w, r, parts[1], "")
	case route("POST", "applications", "*", "guilds", "*", "commands"):
		s.createCommand(w, r, parts[1], parts[3])
	case route("POST", "interactions", "*", "*", "callback"):
		s.callback(w, r, parts[1], parts[2])
	case route("POST", "webhooks", "*", "*"):
		s.followUp(w, r, parts[1], parts[2])
	case route("GET", "webhooks", "*", "*", "messages", "*"):
		s.webhookMessage(w, r, parts[1], parts[2], parts[4])
	case route("PATCH", "webhooks", "*", "*", "messages", "*"):
		s.webhookMessage(w, r, parts[1], parts[2], parts[4])
	case route("DELETE", "webhooks", "*", "*", "messages", "*"):
		s.webhookMessage(w, r, parts[1], parts[2], parts[4])
	case route("POST", "channels", "*", "messages"):
		s.channelPost(w, r, parts[1])
	case route("GET", "channels", "*", "messages", "*"),
		route("PATCH", "channels", "*", "messages", "*"),
		route("DELETE", "channels", "*", "messages", "*"):
		s.channelMessage(w, r, parts[1], parts[3])
	case route("GET", "channels", "*"):
		s.getChannel(w, parts[1])
	case route("POST", "channels", "*", "threads"):
		s.startThread(w, r, parts[1])
	default:
		s.notFound(w, r)
	}
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.unhandled = append(s.unhandled, r.Method+" "+r.URL.Path)
	s.notifyLocked()
	s.mu.Unlock()
	apiError(w, http.StatusNotFound, 0, "404: Not Found")
}

func (s *Server) authorized(r *http.Request, optional bool) bool {
	got := r.Header.Get("Authorization")
	if got == "" {
		return optional
	}
	return got == "Bot "+s.token
}

func (s *Server) gatewayURL() string {
	return "ws://" + s.http.Listener.Addr().String() + "/gateway"
}

// payload is the message part of REST bodies: channel messages,
// interaction callback data, webhook executes and edits.
type payload struct {
	Content         *string          `json:"content"`
	Flags           *int             `json:"flags"`
	Components      *json.RawMessage `json:"components"`
	AllowedMentions *struct {
		Parse       []string `json:"parse"`
		Users       []string `json:"users"`
		Roles       []string `json:"roles"`
		RepliedUser bool     `json:"replied_user"`
	} `json:"allowed_mentions"`
	Attachments *[]struct {
		ID          json.RawMessage `json:"id"`
		Filename    *string         `json:"filename"`
		Description *string         `json:"description"`
	} `json:"attachments"`
	Choices *[]struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"choices"`
}

type componentJSON struct {
	Type       int             `json:"type"`
	Components []componentJSON `json:"components"`
	Label      string          `json:"label"`
	Style      int             `json:"style"`
	CustomID   string          `json:"custom_id"`
	Disabled   bool            `json:"disabled"`
	URL        string          `json:"url"`
	// String select menus (type 3).
	Placeholder string `json:"placeholder"`
	MinValues   *int   `json:"min_values"`
	MaxValues   *int   `json:"max_values"`
	Options     []struct {
		Label       string `json:"label"`
		Value       string `json:"value"`
		Description string `json:"description"`
	} `json:"options"`
}

// formError is a Discord 400 with its JSON code.
type formError struct {
	status int
	code   int
	msg    string
}

func (e *formError) Error() string { return fmt.Sprintf("%d %s", e.code, e.msg) }

func invalidForm(format string, args ...any) *formError {
	return &formError{400, 50035, "Invalid Form Body: " + fmt.Sprintf(format, args...)}
}

func writeErr(w http.ResponseWriter, err error) {
	var fe *formError
	if errors.As(err, &fe) {
		apiError(w, fe.status, fe.code, fe.msg)
		return
	}
	apiError(w, 400, 50035, "Invalid Form Body: "+err.Error())
}

// readBody reads a JSON or multipart/form-data body into the raw JSON
// payload and the attached files, as Discord accepts both.
func readBody(r *http.Request) ([]byte, []File, error) {
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		b, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
		return b, nil, err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var body []byte
	var files []File
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		data, err := io.ReadAll(io.LimitReader(p, 25<<20))
		if err != nil {
			return nil, nil, err
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			body = data
		case strings.HasPrefix(name, "files["):
			if p.FileName() == "" {
				return nil, nil, invalidForm("file part %s has no filename", name)
			}
			files = append(files, File{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		default:
			return nil, nil, invalidForm("unexpected form field %q", name)
		}
	}
	if body == nil && len(files) == 0 {
		return nil, nil, invalidForm("empty multipart body")
	}
	return body, files, nil
}

// readMessage reads and decodes a message payload with its files; only a
// PATCH or POST carries a body. On a bad request it answers the error
// itself and returns false.
func readMessage(w http.ResponseWriter, r *http.Request) (payload, []File, bool) {
	var body []byte
	var files []File
	if r.Method == "PATCH" || r.Method == "POST" {
		var err error
		if body, files, err = readBody(r); err != nil {
			writeErr(w, err)
			return payload{}, nil, false
		}
	}
	p, err := decodePayload(body)
	if err != nil {
		writeErr(w, err)
		return payload{}, nil, false
	}
	return p, files, true
}

func decodePayload(body []byte) (payload, error) {
	var p payload
	if len(bytes.TrimSpace(body)) == 0 {
		return p, nil
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return p, &formError{400, 50109, "The request body contains invalid JSON."}
	}
	return p, nil
}

// applyPayload validates p and applies it to m, creating or editing.
func applyPayload(m *Message, p payload, files []File, create bool) error {
	if p.Content != nil {
		if n := utf8.RuneCountInString(*p.Content); n > 2000 {
			return invalidForm("content: must be 2000 or fewer in length (got %d)", n)
		}
		m.Content = *p.Content
	}
	if p.Flags != nil {
		if *p.Flags&^(64|4|4096) != 0 {
			return invalidForm("flags: unsupported bits %d", *p.Flags)
		}
		if create {
			m.Flags = *p.Flags
		}
	}
	if p.Components != nil && string(*p.Components) != "null" {
		var comps []componentJSON
		if err := json.Unmarshal(*p.Components, &comps); err != nil {
			return invalidForm("components: %v", err)
		}
		rows, selects, err := checkComponents(comps)
		if err != nil {
			return err
		}
		m.Selects = selects
		var raw []any
		if err := json.Unmarshal(*p.Components, &raw); err != nil {
			return invalidForm("components: %v", err)
		}
		m.Rows, m.components = rows, raw
	}
	if p.AllowedMentions != nil {
		am := p.AllowedMentions
		for _, t := range am.Parse {
			if t == "users" && len(am.Users) > 0 {
				return invalidForm("allowed_mentions: parse users and users are mutually exclusive")
			}
		}
		m.AllowedMentions = &AllowedMentions{Parse: am.Parse, Users: am.Users, Roles: am.Roles, RepliedUser: am.RepliedUser}
	}
	if err := describeUploads(p, files); err != nil {
		return err
	}
	if !create && p.Attachments != nil {
		keep := map[string]bool{}
		for _, a := range *p.Attachments {
			var id string
			json.Unmarshal(a.ID, &id)
			keep[id] = true
		}
		var kept []File
		for i, f := range m.Files {
			if keep[attachmentID(m.ID, i)] {
				kept = append(kept, f)
			}
		}
		m.Files = kept
	}
	m.Files = append(m.Files, files...)
	if len(m.Files) > 10 {
		return invalidForm("files: at most 10 attachments")
	}
	if m.Content == "" && len(m.Files) == 0 && len(m.Rows) == 0 && len(m.Selects) == 0 {
		return &formError{400, 50006, "Cannot send an empty message"}
	}
	return nil
}

// snowflake is the pattern of Discord's SnowflakeType: attachment ids in a
// payload are strings of digits (the schema refuses bare numbers).
var snowflake = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// describeUploads checks the payload's attachments list against Discord's
// MessageAttachmentRequest schema (a snowflake id; filename and
// description at most 1024 characters) and gives each uploaded file the
// description of the entry whose id is its index among the uploads.
func describeUploads(p payload, files []File) error {
	if p.Attachments == nil {
		return nil
	}
	for i, a := range *p.Attachments {
		var id string
		if err := json.Unmarshal(a.ID, &id); err != nil || !snowflake.MatchString(id) {
			return invalidForm("attachments[%d].id: %s is not a snowflake", i, string(a.ID))
		}
		if a.Filename != nil && (len(*a.Filename) == 0 || utf8.RuneCountInString(*a.Filename) > 1024) {
			return invalidForm("attachments[%d].filename: must be 1 to 1024 in length", i)
		}
		if a.Description != nil && utf8.RuneCountInString(*a.Description) > 1024 {
			return invalidForm("attachments[%d].description: must be 1024 or fewer in length", i)
		}
		if n, err := strconv.Atoi(id); err == nil && n < len(files) && a.Description != nil {
			files[n].Description = *a.Description
		}
	}
	return nil
}

// checkComponents checks action rows against Discord's limits: at most
// five rows, each of one to five buttons or of one string select menu.
func checkComponents(comps []componentJSON) ([][]Button, []Select, error) {
	if len(comps) > 5 {
		return nil, nil, invalidForm("components: at most 5 action rows (got %d)", len(comps))
	}
	seen := map[string]bool{}
	customID := func(at, id string) error {
		if id == "" || len(id) > 100 {
			return invalidForm("%s.custom_id: 1 to 100 characters", at)
		}
		if seen[id] {
			return invalidForm("%s.custom_id: duplicated %q", at, id)
		}
		seen[id] = true
		return nil
	}
	var rows [][]Button
	var selects []Select
	for i, row := range comps {
		if row.Type != 1 {
			return nil, nil, invalidForm("components.%d: top-level components must be action rows", i)
		}
		if len(row.Components) == 1 && row.Components[0].Type == 3 {
			sel, err := checkSelect(fmt.Sprintf("components.%d.components.0", i), row.Components[0])
			if err != nil {
				return nil, nil, err
			}
			if err := customID(fmt.Sprintf("components.%d.components.0", i), sel.CustomID); err != nil {
				return nil, nil, err
			}
			selects = append(selects, sel)
			continue
		}
		if len(row.Components) == 0 || len(row.Components) > 5 {
			return nil, nil, invalidForm("components.%d.components: 1 to 5 buttons per row (got %d)", i, len(row.Components))
		}
		var out []Button
		for j, c := range row.Components {
			at := fmt.Sprintf("components.%d.components.%d", i, j)
			if c.Type == 3 {
				return nil, nil, invalidForm("%s: a select menu must be alone in its action row", at)
			}
			if c.Type != 2 {
				return nil, nil, invalidForm("%s: only buttons and string selects are supported", at)
			}
			if c.Style < 1 || c.Style > 5 {
				return nil, nil, invalidForm("%s.style: invalid %d", at, c.Style)
			}
			if c.Style != 5 {
				if err := customID(at, c.CustomID); err != nil {
					return nil, nil, err
				}
			}
			if utf8.RuneCountInString(c.Label) > 80 {
				return nil, nil, invalidForm("%s.label: at most 80 characters", at)
			}
			out = append(out, Button{Label: c.Label, CustomID: c.CustomID, Style: c.Style, Disabled: c.Disabled})
		}
		rows = append(rows, out)
	}
	return rows, selects, nil
}

// checkSelect checks a string select menu: 1 to 25 options with labels
// and values of 1 to 100 characters, values unique, descriptions and the
// placeholder within their lengths, and a sane range of values to pick.
func checkSelect(at string, c componentJSON) (Select, error) {
	sel := Select{CustomID: c.CustomID, Placeholder: c.Placeholder, MinValues: 1, MaxValues: 1, Disabled: c.Disabled}
	if utf8.RuneCountInString(c.Placeholder) > 150 {
		return sel, invalidForm("%s.placeholder: at most 150 characters", at)
	}
	if len(c.Options) < 1 || len(c.Options) > 25 {
		return sel, invalidForm("%s.options: 1 to 25 options (got %d)", at, len(c.Options))
	}
	values := map[string]bool{}
	for k, o := range c.Options {
		if n := utf8.RuneCountInString(o.Label); n < 1 || n > 100 {
			return sel, invalidForm("%s.options.%d.label: 1 to 100 characters", at, k)
		}
		if n := utf8.RuneCountInString(o.Value); n < 1 || n > 100 {
			return sel, invalidForm("%s.options.%d.value: 1 to 100 characters", at, k)
		}
		if utf8.RuneCountInString(o.Description) > 100 {
			return sel, invalidForm("%s.options.%d.description: at most 100 characters", at, k)
		}
		if values[o.Value] {
			return sel, invalidForm("%s.options.%d.value: duplicated %q", at, k, o.Value)
		}
		values[o.Value] = true
		sel.Options = append(sel.Options, SelectOption{Label: o.Label, Value: o.Value, Description: o.Description})
	}
	if c.MinValues != nil {
		sel.MinValues = *c.MinValues
	}
	if c.MaxValues != nil {
		sel.MaxValues = *c.MaxValues
	}
	if sel.MinValues < 0 || sel.MinValues > 25 || sel.MaxValues < 1 || sel.MaxValues > 25 || sel.MinValues > sel.MaxValues || sel.MaxValues > len(sel.Options) {
		return sel, invalidForm("%s: min_values %d and max_values %d out of range", at, sel.MinValues, sel.MaxValues)
	}
	return sel, nil
}

func attachmentID(messageID string, i int) string { return fmt.Sprintf("%s%02d", messageID, i) }

// messageJSON renders a message as Discord returns it.
func (s *Server) messageJSONLocked(m *Message) map[string]any {
	atts := []any{}
	for i, f := range m.Files {
		id := attachmentID(m.ID, i)
		url := s.http.URL + "/attachments/" + m.ChannelID + "/" + id + "/" + f.Name
		att := map[string]any{
			"id": id, "filename": f.Name, "size": len(f.Data), "url": url, "proxy_url": url,
			"content_type": f.ContentType,
		}
		if f.Description != "" {
			att["description"] = f.Description
		}
		atts = append(atts, att)
	}
	comps := m.components
	if comps == nil {
		comps = []any{}
	}
	typ := 0
	if m.Kind == KindReply {
		typ = 20 // CHAT_INPUT_COMMAND reply
	}
	out := map[string]any{
		"id":               m.ID,
		"type":             typ,
		"channel_id":       m.ChannelID,
		"content":          m.Content,
		"author":           userJSON(&s.app),
		"attachments":      atts,
		"embeds":           []any{},
		"mentions":         []any{},
		"mention_roles":    []any{},
		"mention_everyone": false,
		"pinned":           false,
		"tts":              false,
		"timestamp":        m.Created.UTC().Format(time.RFC3339Nano),
		"edited_timestamp": nil,
		"flags":            m.Flags,
		"components":       comps,
	}
	if m.GuildID != "" {
		out["guild_id"] = m.GuildID
	}
	if m.InteractionID != "" {
		out["webhook_id"] = s.app.ID
		out["application_id"] = s.app.ID
	}
	if m.Edits > 0 {
		out["edited_timestamp"] = time.Now().UTC().Format(time.RFC3339Nano)
	}
	return out
}

func (s *Server) addMessageLocked(m *Message) {
	m.Created = time.Now()
	if s.slim {
		for i := range m.Files {
			m.Files[i].Size = len(m.Files[i].Data)
			m.Files[i].Data = nil
		}
	}
	s.messages = append(s.messages, m)
	s.byID[m.ID] = m
	s.notifyLocked()
}

func channelJSON(c *Channel, recipient *User) map[string]any {
	if c.DM() {
		rec := []any{}
		if recipient != nil {
			rec = append(rec, userJSON(recipient))
		}
		return map[string]any{"id": c.ID, "type": 1, "recipients": rec, "last_message_id": nil}
	}
	if c.ParentID != "" {
		return map[string]any{"id": c.ID, "type": 11, "guild_id": c.GuildID, "parent_id": c.ParentID, "name": c.Name,
			"thread_metadata": map[string]any{"archived": false, "auto_archive_duration": 10080, "locked": false}}
	}
	return map[string]any{"id": c.ID, "type": 0, "guild_id": c.GuildID, "name": c.Name, "position": 0, "permission_overwrites": []any{}, "nsfw": false}
}

// startThread creates a public thread without a starting message, as POST
// /channels/{id}/threads does, holding the body to Discord's schema: a name
// of 1 to 100 characters, a known auto-archive duration, type 11 or 12.
func (s *Server) startThread(w http.ResponseWriter, r *http.Request, parentID string) {
	var body struct {
		Name                string `json:"name"`
		Type                *int   `json:"type"`
		AutoArchiveDuration *int   `json:"auto_archive_duration"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		apiError(w, 400, 50109, "The request body contains invalid JSON.")
		return
	}
	if n := utf8.RuneCountInString(body.Name); n < 1 || n > 100 {
		writeErr(w, invalidForm("name: must be 1 to 100 in length"))
		return
	}
	if body.Type != nil && *body.Type != 11 && *body.Type != 12 {
		writeErr(w, invalidForm("type: %d is not a thread type", *body.Type))
		return
	}
	if d := body.AutoArchiveDuration; d != nil && *d != 60 && *d != 1440 && *d != 4320 && *d != 10080 {
		writeErr(w, invalidForm("auto_archive_duration: %d is not one of 60, 1440, 4320, 10080", *d))
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	parent := s.chans[parentID]
	if parent == nil || parent.DM() || parent.ParentID != "" {
		apiError(w, 404, 10003, "Unknown Channel")
		return
	}
	c := &Channel{ID: s.newIDLocked(), GuildID: parent.GuildID, Name: body.Name, ParentID: parentID}
	s.chans[c.ID] = c
	s.notifyLocked()
	writeJSON(w, 201, channelJSON(c, nil))
}

func (s *Server) getChannel(w http.ResponseWriter, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chans[id]
	if c == nil {
		apiError(w, 404, 10003, "Unknown Channel")
		return
	}
	writeJSON(w, 200, channelJSON(c, s.users[c.Recipient]))
}

func (s *Server) createDM(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		apiError(w, 400, 50109, "The request body contains invalid JSON.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.users[body.RecipientID]
	if u == nil {
		apiError(w, 400, 50035, "Invalid Form Body: recipient_id: unknown user")
		return
	}
	id, ok := s.dmChans[u.ID]
	if !ok {
		id = s.newIDLocked()
		s.dmChans[u.ID] = id
		s.chans[id] = &Channel{ID: id, Recipient: u.ID}
	}
	writeJSON(w, 200, channelJSON(s.chans[id], u))
}

func (s *Server) channelPost(w http.ResponseWriter, r *http.Request, channelID string) {
	p, files, ok := readMessage(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.chans[channelID]
	if c == nil {
		apiError(w, 404, 10003, "Unknown Channel")
		return
	}
	if c.DM() && s.noDMs[c.Recipient] {
		s.rejected[c.Recipient]++
		s.notifyLocked()
		apiError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
		return
	}
	m := &Message{ID: s.newIDLocked(), ChannelID: c.ID, GuildID: c.GuildID, Kind: KindChannel}
	if c.DM() {
		m.Kind, m.DMUser = KindDM, c.Recipient
	}
	if err := applyPayload(m, p, files, true); err != nil {
		writeErr(w, err)
		return
	}
	s.addMessageLocked(m)
	writeJSON(w, 200, s.messageJSONLocked(m))
}

func (s *Server) channelMessage(w http.ResponseWriter, r *http.Request, channelID, messageID string) {
	p, files, ok := readMessage(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.byID[messageID]
	if m == nil || m.ChannelID != channelID || m.Deleted || m.Ephemeral() {
		apiError(w, 404, 10008, "Unknown Message")
		return
	}
	s.respondMessageLocked(w, r.Method, m, p, files)
}

// respondMessageLocked serves GET, PATCH and DELETE on one message.
func (s *Server) respondMessageLocked(w http.ResponseWriter, method string, m *Message, p payload, files []File) {
	switch method {
	case "GET":
		writeJSON(w, 200, s.messageJSONLocked(m))
	case "DELETE":
		m.Deleted = true
		s.notifyLocked()
		w.WriteHeader(http.StatusNoContent)
	case "PATCH":
		edited := copyMessage(m)
		edited.components = m.components
		if err := applyPayload(&edited, p, files, false); err != nil {
			writeErr(w, err)
			return
		}
		edited.Deferred = false
		edited.Edits++
		*m = edited
		s.notifyLocked()
		writeJSON(w, 200, s.messageJSONLocked(m))
	}
}

func (s *Server) listCommands(w http.ResponseWriter, appID, guildID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if appID != s.app.ID {
		apiError(w, 403, 50001, "Missing Access")
		return
	}
	out := []any{}
	for _, c := range s.commands[guildID] {
		out = append(out, commandJSON(appID, guildID, c))
	}
	writeJSON(w, 200, out)
}

type commandBody struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Type        int    `json:"type"`
	// Contexts are where the command may be used: 0 guild, 1 the bot's
	// DM, 2 private channels; absent means everywhere.
	Contexts         *[]int `json:"contexts"`
	IntegrationTypes *[]int `json:"integration_types"`
	Options          []struct {
		Name         string `json:"name"`
		Description  string `json:"description"`
		Type         int    `json:"type"`
		Required     bool   `json:"required"`
		Autocomplete bool   `json:"autocomplete"`
		Choices      []struct {
			Name  string `json:"name"`
			Value any    `json:"value"`
		} `json:"choices"`
	} `json:"options"`
}

var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

// toCommand validates one command as Discord does for chat commands.
func toCommand(b commandBody) (RegisteredCommand, error) {
	c := RegisteredCommand{Name: b.Name, Description: b.Description}
	if b.Contexts != nil {
		c.Contexts = []int{}
		for _, x := range *b.Contexts {
			if x < 0 || x > 2 {
				return c, invalidForm("contexts of %s: %d is not an interaction context type", b.Name, x)
			}
			c.Contexts = append(c.Contexts, x)
		}
	}
	if b.IntegrationTypes != nil {
		for _, x := range *b.IntegrationTypes {
			if x != 0 && x != 1 {
				return c, invalidForm("integration_types of %s: %d is not an integration type", b.Name, x)
			}
		}
	}
	if b.Type != 0 && b.Type != 1 {
		return c, invalidForm("type: only chat input commands are supported")
	}
	if !commandName.MatchString(b.Name) {
		return c, invalidForm("name: %q must be 1-32 lowercase characters", b.Name)
	}
	if n := utf8.RuneCountInString(b.Description); n < 1 || n > 100 {
		return c, invalidForm("description of %s: 1 to 100 characters", b.Name)
	}
	if len(b.Options) > 25 {
		return c, invalidForm("options of %s: at most 25", b.Name)
	}
	optional := false
	seen := map[string]bool{}
	for _, o := range b.Options {
		if !commandName.MatchString(o.Name) || seen[o.Name] {
			return c, invalidForm("options of %s: bad or duplicate name %q", b.Name, o.Name)
		}
		seen[o.Name] = true
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			return c, invalidForm("option %s.%s description: 1 to 100 characters", b.Name, o.Name)
		}
		if o.Required && optional {
			return c, invalidForm("options of %s: required options must come before optional ones", b.Name)
		}
		if !o.Required {
			optional = true
		}
		if o.Autocomplete && len(o.Choices) > 0 {
			return c, invalidForm("option %s.%s: autocomplete and choices are exclusive", b.Name, o.Name)
		}
		if len(o.Choices) > 25 {
			return c, invalidForm("option %s.%s: at most 25 choices", b.Name, o.Name)
		}
		ro := RegisteredOption{Name: o.Name, Description: o.Description, Type: o.Type, Required: o.Required, Autocomplete: o.Autocomplete}
		for _, ch := range o.Choices {
			ro.Choices = append(ro.Choices, Choice{Name: ch.Name, Value: fmt.Sprint(ch.Value)})
		}
		c.Options = append(c.Options, ro)
	}
	return c, nil
}

func commandJSON(appID, guildID string, c RegisteredCommand) map[string]any {
	opts := []any{}
	for _, o := range c.Options {
		om := map[string]any{"name": o.Name, "description": o.Description, "type": o.Type, "required": o.Required, "autocomplete": o.Autocomplete}
		if len(o.Choices) > 0 {
			var chs []any
			for _, ch := range o.Choices {
				chs = append(chs, map[string]any{"name": ch.Name, "value": ch.Value})
			}
			om["choices"] = chs
		}
		opts = append(opts, om)
	}
	m := map[string]any{
		"id": c.ID, "application_id": appID, "version": c.ID, "type": 1, "name": c.Name,
		"description": c.Description, "options": opts, "default_member_permissions": nil, "nsfw": false,
	}
	if guildID != "" {
		m["guild_id"] = guildID
	}
	if c.Contexts != nil {
		m["contexts"] = c.Contexts
	}
	return m
}

func (s *Server) overwriteCommands(w http.ResponseWriter, r *http.Request, appID, guildID string) {
	var bodies []commandBody
	if err := json.NewDecoder(r.Body).Decode(&bodies); err != nil {
		apiError(w, 400, 50109, "The request body contains invalid JSON.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if appID != s.app.ID || (guildID != "" && s.guilds[guildID] == nil) {
		apiError(w, 403, 50001, "Missing Access")
		return
	}
	if len(bodies) > 100 {
		writeErr(w, invalidForm("at most 100 commands"))
		return
	}
	old := map[string]string{}
	for _, c := range s.commands[guildID] {
		old[c.Name] = c.ID
	}
	var cmds []RegisteredCommand
	seen := map[string]bool{}
	for _, b := range bodies {
		c, err := toCommand(b)
		if err != nil {
			writeErr(w, err)
			return
		}
		if seen[c.Name] {
			writeErr(w, invalidForm("duplicate command name %q", c.Name))
			return
		}
		seen[c.Name] = true
		if c.ID = old[c.Name]; c.ID == "" {
			c.ID = s.newIDLocked()
		}
		cmds = append(cmds, c)
	}
	s.commands[guildID] = cmds
	s.notifyLocked()
	out := []any{}
	for _, c := range cmds {
		out = append(out, commandJSON(appID, guildID, c))
	}
	writeJSON(w, 200, out)
}

func (s *Server) createCommand(w http.ResponseWriter, r *http.Request, appID, guildID string) {
	var b commandBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		apiError(w, 400, 50109, "The request body contains invalid JSON.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if appID != s.app.ID || (guildID != "" && s.guilds[guildID] == nil) {
		apiError(w, 403, 50001, "Missing Access")
		return
	}
	c, err := toCommand(b)
	if err != nil {
		writeErr(w, err)
		return
	}
	cmds := s.commands[guildID]
	replaced := false
	for i := range cmds {
		if cmds[i].Name == c.Name {
			c.ID, cmds[i], replaced = cmds[i].ID, c, true
		}
	}
	if !replaced {
		c.ID = s.newIDLocked()
		cmds = append(cmds, c)
	}
	s.commands[guildID] = cmds
	s.notifyLocked()
	writeJSON(w, 201, commandJSON(appID, guildID, c))
}
