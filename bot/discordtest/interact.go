package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"
)

// Interaction types as Discord numbers them.
const (
	typeCommand      = 2
	typeComponent    = 3
	typeAutocomplete = 4
)

type interaction struct {
	id, token  string
	typ        int
	payload    map[string]any
	channelID  string
	guildID    string
	clicked    string // message id of a clicked component
	dispatched time.Time

	callback      int
	callbackAfter time.Duration
	original      string
	clickedEdits  int // edits of the clicked message before the click
	followUps     []string
	choices       []Choice
	done          int
}

// Command sends a slash command from user in channel and waits for the
// bot's answer: the callback and, if it deferred, the content that
// followed (or, with SetAwaitDone, until the bot reports it finished).
// The command must be registered for the channel's guild or globally,
// with the options given.
func (s *Server) Command(user User, ch Channel, name string, opts map[string]string) (*Reply, error) {
	id, err := s.StartCommand(user, ch, name, opts)
	if err != nil {
		return nil, err
	}
	return s.WaitReply(id)
}

// StartCommand sends a slash command without waiting; it returns the
// interaction id for WaitReply.
func (s *Server) StartCommand(user User, ch Channel, name string, opts map[string]string) (string, error) {
	return s.startCommandLike(typeCommand, user, ch, name, opts, "")
}

// Autocomplete sends an autocomplete request for the focused option of a
// command, with the text typed so far in opts, and returns the choices.
func (s *Server) Autocomplete(user User, ch Channel, name string, opts map[string]string, focused string) ([]Choice, error) {
	id, err := s.startCommandLike(typeAutocomplete, user, ch, name, opts, focused)
	if err != nil {
		return nil, err
	}
	r, err := s.WaitReply(id)
	if err != nil {
		return nil, err
	}
	if r.Callback != 8 {
		return nil, fmt.Errorf("discordtest: autocomplete answered with callback type %d", r.Callback)
	}
	return r.Choices, nil
}

// Click clicks a button of a message and waits for the bot's answer.
func (s *Server) Click(user User, ch Channel, messageID, customID string) (*Reply, error) {
	id, err := s.StartClick(user, ch, messageID, customID)
	if err != nil {
		return nil, err
	}
	return s.WaitReply(id)
}

// StartClick clicks a button without waiting.
func (s *Server) StartClick(user User, ch Channel, messageID, customID string) (string, error) {
	s.mu.Lock()
	m := s.byID[messageID]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		s.mu.Unlock()
		return "", fmt.Errorf("discordtest: no message %s in channel %s", messageID, ch.ID)
	}
	found := false
	for _, b := range m.Buttons() {
		if b.CustomID == customID {
			if b.Disabled {
				s.mu.Unlock()
				return "", fmt.Errorf("discordtest: button %q is disabled", customID)
			}
			found = true
		}
	}
	if !found {
		s.mu.Unlock()
		return "", fmt.Errorf("discordtest: message %s has no button %q", messageID, customID)
	}
	in, err := s.newInteractionLocked(typeComponent, user, ch)
	if err != nil {
		s.mu.Unlock()
		return "", err
	}
	in.clicked, in.clickedEdits = m.ID, m.Edits
	in.payload["data"] = map[string]any{"custom_id": customID, "component_type": 2}
	in.payload["message"] = s.messageJSONLocked(m)
	s.mu.Unlock()
	s.deliver(in)
	return in.id, nil
}

// Select picks values in a select menu of a message and waits for the
// bot's answer. The values must be options of the menu, as many as it
// allows.
func (s *Server) Select(user User, ch Channel, messageID, customID string, values []string) (*Reply, error) {
	s.mu.Lock()
	m := s.byID[messageID]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: no message %s in channel %s", messageID, ch.ID)
	}
	var sel *Select
	for i := range m.Selects {
		if m.Selects[i].CustomID == customID {
			sel = &m.Selects[i]
		}
	}
	if sel == nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: message %s has no select menu %q", messageID, customID)
	}
	if sel.Disabled || len(values) < sel.MinValues || len(values) > sel.MaxValues {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: select menu %q is disabled or takes %d to %d values (got %d)", customID, sel.MinValues, sel.MaxValues, len(values))
	}
	for _, v := range values {
		found := false
		for _, o := range sel.Options {
			found = found || o.Value == v
		}
		if !found {
			s.mu.Unlock()
			return nil, fmt.Errorf("discordtest: select menu %q has no option %q", customID, v)
		}
	}
	in, err := s.newInteractionLocked(typeComponent, user, ch)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	in.clicked, in.clickedEdits = m.ID, m.Edits
	vals := make([]any, len(values))
	for i, v := range values {
		vals[i] = v
	}
	in.payload["data"] = map[string]any{"custom_id": customID, "component_type": 3, "values": vals}
	in.payload["message"] = s.messageJSONLocked(m)
	s.mu.Unlock()
	s.deliver(in)
	return s.WaitReply(in.id)
}

// Redeliver sends an interaction's INTERACTION_CREATE again, same id and
// token, as Discord may after a reconnect.
func (s *Server) Redeliver(interactionID string) error {
	s.mu.Lock()
	in := s.inters[interactionID]
	s.mu.Unlock()
	if in == nil {
		return fmt.Errorf("discordtest: unknown interaction %s", interactionID)
	}
	s.gw.forGuild(in.guildID).dispatch("INTERACTION_CREATE", in.payload)
	return nil
}

// ErrNotOffered is returned for a command used where Discord would not
// offer it (a guild-only command in a DM).
var ErrNotOffered = errors.New("discordtest: Discord does not offer this command here")

func (s *Server) startCommandLike(typ int, user User, ch Channel, name string, opts map[string]string, focused string) (string, error) {
	s.mu.Lock()
	def, ok := s.findCommandLocked(ch.GuildID, name)
	if !ok {
		s.mu.Unlock()
		return "", fmt.Errorf("discordtest: command /%s is not registered for guild %q or globally", name, ch.GuildID)
	}
	if !def.UsableIn(ch.GuildID != "") {
		s.mu.Unlock()
		return "", fmt.Errorf("%w: /%s is registered for %v only", ErrNotOffered, name, def.Contexts)
	}
	var list []any
	known := map[string]bool{}
	for _, o := range def.Options {
		known[o.Name] = true
		v, given := opts[o.Name]
		if !given {
			if o.Required && typ == typeCommand {
				s.mu.Unlock()
				return "", fmt.Errorf("discordtest: /%s needs option %s", name, o.Name)
			}
			continue
		}
		if typ == typeCommand && len(o.Choices) > 0 && !hasChoice(o.Choices, v) {
			s.mu.Unlock()
			return "", fmt.Errorf("discordtest: /%s %s=%q is not one of its choices", name, o.Name, v)
		}
		om := map[string]any{"name": o.Name, "type": o.Type, "value": v}
		if typ == typeAutocomplete && o.Name == focused {
			if !o.Autocomplete {
				s.mu.Unlock()
				return "", fmt.Errorf("discordtest: /%s option %s has no autocomplete", name, o.Name)
			}
			om["focused"] = true
		}
		list = append(list, om)
	}
	for k := range opts {
		if !known[k] {
			s.mu.Unlock()
			return "", fmt.Errorf("discordtest: /%s has no option %s", name, k)
		}
	}
	if typ == typeAutocomplete {
		if _, ok := opts[focused]; !ok {
			s.mu.Unlock()
			return "", fmt.Errorf("discordtest: focused option %s needs a value (may be empty)", focused)
		}
	}
	in, err := s.newInteractionLocked(typ, user, ch)
	if err != nil {
		s.mu.Unlock()
		return "", err
	}
	if list == nil {
		list = []any{}
	}
	in.payload["data"] = map[string]any{"id": def.ID, "name": def.Name, "type": 1, "options": list}
	s.mu.Unlock()
	s.deliver(in)
	return in.id, nil
}

func hasChoice(cs []Choice, v string) bool {
	for _, c := range cs {
		if c.Value == v {
			return true
		}
	}
	return false
}

func (s *Server) findCommandLocked(guildID, name string) (RegisteredCommand, bool) {
	scopes := []string{""}
	if guildID != "" {
		scopes = []string{guildID, ""}
	}
	for _, scope := range scopes {
		for _, c := range s.commands[scope] {
			if c.Name == name {
				return c, true
			}
		}
	}
	return RegisteredCommand{}, false
}

// newInteractionLocked builds the common interaction payload.
func (s *Server) newInteractionLocked(typ int, user User, ch Channel) (*interaction, error) {
	u := s.users[user.ID]
	if u == nil {
		return nil, fmt.Errorf("discordtest: unknown user %s", user.ID)
	}
	c := s.chans[ch.ID]
	if c == nil {
		return nil, fmt.Errorf("discordtest: unknown channel %s", ch.ID)
	}
	in := &interaction{id: s.newIDLocked(), typ: typ, channelID: c.ID, guildID: c.GuildID}
	in.token = "aW50ZXJhY3Rpb246" + in.id + "OnRva2Vu"
	p := map[string]any{
		"id":             in.id,
		"application_id": s.app.ID,
		"type":           typ,
		"channel_id":     c.ID,
		"channel":        channelJSON(c, u),
		"token":          in.token,
		"version":        1,
		"locale":         "en-US",
		"entitlements":   []any{},
	}
	if c.DM() {
		p["user"] = userJSON(u)
		p["context"] = 1
		p["app_permissions"] = strconv.FormatInt(defaultPermissions, 10)
	} else {
		perms, ok := s.perms[c.GuildID+"/"+u.ID]
		if !ok {
			perms = defaultPermissions
		}
		var nick any
		if n, ok := s.nicks[c.GuildID+"/"+u.ID]; ok {
			nick = n
		}
		p["guild_id"] = c.GuildID
		p["guild_locale"] = "en-US"
		p["context"] = 0
		p["app_permissions"] = strconv.FormatInt(defaultPermissions, 10)
		p["member"] = map[string]any{
			"user":        userJSON(u),
			"nick":        nick,
			"roles":       []any{},
			"joined_at":   "2024-01-01T00:00:00.000000+00:00",
			"deaf":        false,
			"mute":        false,
			"flags":       0,
			"pending":     false,
			"permissions": strconv.FormatInt(perms, 10),
			"avatar":      nil,
		}
	}
	in.payload = p
	s.inters[in.id] = in
	s.byToken[in.token] = in
	return in, nil
}

func (s *Server) deliver(in *interaction) {
	s.mu.Lock()
	in.dispatched = time.Now()
	s.stats.Dispatches++
	s.mu.Unlock()
	s.gw.forGuild(in.guildID).dispatch("INTERACTION_CREATE", in.payload)
}

// WaitReply waits for the bot's answer to an interaction started with
// StartCommand or StartClick and returns it.
func (s *Server) WaitReply(interactionID string) (*Reply, error) {
	var r *Reply
	err := s.waitFor("the reply to interaction "+interactionID, func() bool {
		in := s.inters[interactionID]
		if in == nil {
			return false
		}
		if s.awaitDone {
			if in.done == 0 {
				return false
			}
		} else if !s.settledLocked(in) {
			return false
		}
		r = s.replyLocked(in)
		return true
	})
	return r, err
}

// settledLocked says whether the bot's answer is complete as far as the
// protocol shows: a callback, and content after a deferral.
func (s *Server) settledLocked(in *interaction) bool {
	switch in.callback {
	case 0:
		return false
	case 5:
		m := s.byID[in.original]
		return len(in.followUps) > 0 || (m != nil && !m.Deferred && !m.Deleted)
	case 6:
		m := s.byID[in.clicked]
		return len(in.followUps) > 0 || (m != nil && m.Edits > in.clickedEdits)
	}
	return true
}

func (s *Server) replyLocked(in *interaction) *Reply {
	r := &Reply{InteractionID: in.id, Callback: in.callback, CallbackAfter: in.callbackAfter}
	r.Choices = append(r.Choices, in.choices...)
	orig := in.original
	if in.callback == 6 || in.callback == 7 {
		orig = in.clicked
	}
	if m := s.byID[orig]; m != nil && orig != "" {
		c := copyMessage(m)
		r.Original = &c
	}
	for _, id := range in.followUps {
		r.FollowUps = append(r.FollowUps, copyMessage(s.byID[id]))
	}
	return r
}

// Reply returns what the bot has answered to an interaction so far.
func (s *Server) Reply(interactionID string) (*Reply, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.inters[interactionID]
	if in == nil {
		return nil, false
	}
	return s.replyLocked(in), true
}

// callback serves POST interactions/{id}/{token}/callback.
func (s *Server) callback(w http.ResponseWriter, r *http.Request, id, token string) {
	body, files, err := readBody(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	var cb struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &cb); err != nil {
		apiError(w, 400, 50109, "The request body contains invalid JSON.")
		return
	}
	p, err := decodePayload(cb.Data)
	if err != nil {
		writeErr(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.inters[id]
	if in == nil || in.token != token {
		apiError(w, 404, 10062, "Unknown interaction")
		return
	}
	if in.callback != 0 {
		apiError(w, 400, 40060, "Interaction has already been acknowledged.")
		return
	}
	after := time.Since(in.dispatched)
	if after > s.deadline {
		// Discord forgets an interaction not answered in time.
		s.stats.LateCallbacks++
		s.notifyLocked()
		apiError(w, 404, 10062, "Unknown interaction")
		return
	}
	allowed := map[int][]int{typeCommand: {4, 5}, typeComponent: {4, 5, 6, 7}, typeAutocomplete: {8}}[in.typ]
	ok := false
	for _, t := range allowed {
		ok = ok || t == cb.Type
	}
	if !ok {
		writeErr(w, invalidForm("type: callback %d is not valid for interaction type %d", cb.Type, in.typ))
		return
	}
	switch cb.Type {
	case 4, 5:
		m := &Message{ID: s.newIDLocked(), ChannelID: in.channelID, GuildID: in.guildID, Kind: KindReply, InteractionID: in.id}
		if c := s.chans[in.channelID]; c != nil && c.DM() {
			m.DMUser = c.Recipient
		}
		if cb.Type == 5 {
			m.Deferred = true
			if p.Flags != nil {
				m.Flags = *p.Flags & 64
			}
		} else if err := applyPayload(m, p, files, true); err != nil {
			writeErr(w, err)
			return
		}
		in.original = m.ID
		s.addMessageLocked(m)
	case 7:
		m := s.byID[in.clicked]
		edited := copyMessage(m)
		edited.components = m.components
		if err := applyPayload(&edited, p, files, false); err != nil {
			writeErr(w, err)
			return
		}
		edited.Edits++
		*m = edited
	case 8:
		if p.Choices == nil {
			writeErr(w, invalidForm("data.choices: required"))
			return
		}
		if len(*p.Choices) > 25 {
			writeErr(w, invalidForm("data.choices: at most 25 (got %d)", len(*p.Choices)))
			return
		}
		var cs []Choice
		for i, c := range *p.Choices {
			v := fmt.Sprint(c.Value)
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
				writeErr(w, invalidForm("data.choices.%d.name: 1 to 100 characters", i))
				return
			}
			if n := utf8.RuneCountInString(v); n < 1 || n > 100 {
				writeErr(w, invalidForm("data.choices.%d.value: 1 to 100 characters", i))
				return
			}
			cs = append(cs, Choice{Name: c.Name, Value: v})
		}
		in.choices = cs
	}
	in.callback, in.callbackAfter = cb.Type, after
	s.notifyLocked()
	w.WriteHeader(http.StatusNoContent)
}

// followUp serves POST webhooks/{app}/{token}: a follow-up message.
func (s *Server) followUp(w http.ResponseWriter, r *http.Request, appID, token string) {
	p, files, ok := readMessage(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.byToken[token]
	if in == nil || appID != s.app.ID || in.callback == 0 || in.typ == typeAutocomplete {
		apiError(w, 404, 10015, "Unknown Webhook")
		return
	}
	m := &Message{ID: s.newIDLocked(), ChannelID: in.channelID, GuildID: in.guildID, Kind: KindFollowUp, InteractionID: in.id}
	if err := applyPayload(m, p, files, true); err != nil {
		writeErr(w, err)
		return
	}
	in.followUps = append(in.followUps, m.ID)
	s.addMessageLocked(m)
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, 200, s.messageJSONLocked(m))
}

// webhookMessage serves GET, PATCH and DELETE on webhooks/{app}/{token}/
// messages/{id}, where id is @original or a follow-up's id.
func (s *Server) webhookMessage(w http.ResponseWriter, r *http.Request, appID, token, messageID string) {
	p, files, ok := readMessage(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.byToken[token]
	if in == nil || appID != s.app.ID {
		apiError(w, 404, 10015, "Unknown Webhook")
		return
	}
	var m *Message
	if messageID == "@original" {
		switch in.callback {
		case 4, 5:
			m = s.byID[in.original]
		case 6, 7:
			m = s.byID[in.clicked]
		}
	} else {
		for _, id := range in.followUps {
			if id == messageID {
				m = s.byID[id]
			}
		}
	}
	if m == nil || m.Deleted {
		apiError(w, 404, 10008, "Unknown Message")
		return
	}
	s.respondMessageLocked(w, r.Method, m, p, files)
}
