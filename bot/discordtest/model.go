package discordtest

import (
	"strings"
	"time"
)

// PermManageChannels is Discord's Manage Channels permission bit.
const PermManageChannels int64 = 1 << 4

// PermAdministrator is Discord's Administrator permission bit.
const PermAdministrator int64 = 1 << 3

// defaultPermissions is what an ordinary member holds in a channel: view
// channel, send messages, embed links, attach files, read history, use
// application commands. It deliberately leaves out Manage Channels.
const defaultPermissions int64 = 1<<10 | 1<<11 | 1<<14 | 1<<15 | 1<<16 | 1<<31

// User is a Discord user known to the emulator.
type User struct {
	ID         string
	Username   string
	GlobalName string
	Bot        bool
}

// Guild is a Discord server known to the emulator.
type Guild struct {
	ID   string
	Name string
}

// Channel is a text channel or a DM channel. GuildID is empty for DMs.
type Channel struct {
	ID      string
	GuildID string
	Name    string
	// Recipient is the other user of a DM channel.
	Recipient string
	// ParentID is the channel a thread was started in; empty for a
	// channel that is not a thread.
	ParentID string
}

// DM reports whether the channel is a direct-message channel.
func (c Channel) DM() bool { return c.GuildID == "" }

// Kind says how a Message reached Discord.
type Kind string

// The ways a message is created.
const (
	// KindChannel is a message posted with POST channels/{id}/messages.
	KindChannel Kind = "channel"
	// KindDM is a channel message whose channel is a DM channel.
	KindDM Kind = "dm"
	// KindReply is the original response to an interaction.
	KindReply Kind = "reply"
	// KindFollowUp is a follow-up message of an interaction.
	KindFollowUp Kind = "followup"
)

// File is an attachment as received.
type File struct {
	Name        string
	ContentType string
	Data        []byte
	// Description is the attachment's alt text, as given in the payload's
	// attachments list.
	Description string
	// Size is the upload's size in bytes when the emulator keeps slim
	// messages (Data is then nil).
	Size int
}

// Button is one button component of a message.
type Button struct {
	Label    string
	CustomID string
	// Style is Discord's numeric style: 1 primary, 2 secondary, 3
	// success, 4 danger, 5 link.
	Style    int
	Disabled bool
}

// Select is one string select menu of a message.
type Select struct {
	CustomID    string
	Placeholder string
	Options     []SelectOption
	MinValues   int
	MaxValues   int
	Disabled    bool
}

// SelectOption is one option of a select menu.
type SelectOption struct {
	Label       string
	Value       string
	Description string
}

// AllowedMentions is the allowed_mentions object the bot sent; nil means
// the bot sent none, so Discord would parse every mention in the content.
type AllowedMentions struct {
	Parse       []string
	Users       []string
	Roles       []string
	RepliedUser bool
}

// Message is one message the bot created, with every edit applied.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	Kind      Kind
	// DMUser is the recipient of a DM.
	DMUser string
	// InteractionID links replies and follow-ups to their interaction.
	InteractionID string
	Content       string
	Flags         int
	Files         []File
	// Rows are the action rows of buttons, in order.
	Rows [][]Button
	// Selects are the string select menus, each its own action row.
	Selects         []Select
	AllowedMentions *AllowedMentions
	// Deferred is set while the message is a "thinking…" placeholder of a
	// deferred interaction response that has not been edited yet.
	Deferred bool
	Deleted  bool
	Edits    int
	Created  time.Time
	// raw components as sent, echoed back to the client.
	components []any
}

// Ephemeral reports whether the message carries Discord's ephemeral flag.
func (m Message) Ephemeral() bool { return m.Flags&64 != 0 }

// Buttons lists the message's buttons, row after row.
func (m Message) Buttons() []Button {
	var out []Button
	for _, r := range m.Rows {
		out = append(out, r...)
	}
	return out
}

// Pings lists the users the message would actually ping: those mentioned
// in the content as <@id> and allowed by AllowedMentions.
func (m Message) Pings() []string {
	var out []string
	for _, id := range mentionedIDs(m.Content) {
		if m.AllowedMentions == nil {
			out = append(out, id)
			continue
		}
		allowed := false
		for _, p := range m.AllowedMentions.Parse {
			if p == "users" {
				allowed = true
			}
		}
		for _, u := range m.AllowedMentions.Users {
			if u == id {
				allowed = true
			}
		}
		if allowed {
			out = append(out, id)
		}
	}
	return out
}

func mentionedIDs(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "<@")
		if i < 0 {
			return out
		}
		s = s[i+2:]
		s = strings.TrimPrefix(s, "!")
		j := strings.IndexByte(s, '>')
		if j < 0 {
			return out
		}
		id := s[:j]
		if id != "" && strings.Trim(id, "0123456789") == "" {
			out = append(out, id)
		}
		s = s[j:]
	}
}

// Choice is one autocomplete choice the bot offered.
type Choice struct {
	Name  string
	Value string
}

// Reply is what the bot answered to one interaction.
type Reply struct {
	// InteractionID is the interaction's id.
	InteractionID string
	// Callback is the interaction callback type the bot used: 4 reply,
	// 5 deferred reply, 6 deferred update, 7 update, 8 autocomplete result.
	Callback int
	// CallbackAfter is how long after dispatch the callback arrived.
	CallbackAfter time.Duration
	// Original is the interaction's original response message (nil for
	// autocomplete and for an unedited deferred update).
	Original *Message
	// FollowUps are the follow-up messages, in order.
	FollowUps []Message
	// Choices answer an autocomplete interaction.
	Choices []Choice
}

// Messages lists the visible messages of the reply: the original response
// unless deleted, then the follow-ups.
func (r *Reply) Messages() []Message {
	var out []Message
	if r.Original != nil && !r.Original.Deleted {
		out = append(out, *r.Original)
	}
	for _, m := range r.FollowUps {
		if !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// Content joins the content of the visible messages with newlines.
func (r *Reply) Content() string {
	var parts []string
	for _, m := range r.Messages() {
		parts = append(parts, m.Content)
	}
	return strings.Join(parts, "\n")
}

// Ephemeral reports whether every visible message of the reply is
// ephemeral (false when there is none).
func (r *Reply) Ephemeral() bool {
	ms := r.Messages()
	for _, m := range ms {
		if !m.Ephemeral() {
			return false
		}
	}
	return len(ms) > 0
}

// Files lists the attachments of the visible messages.
func (r *Reply) Files() []File {
	var out []File
	for _, m := range r.Messages() {
		out = append(out, m.Files...)
	}
	return out
}

// Buttons lists the buttons of the visible messages.
func (r *Reply) Buttons() []Button {
	var out []Button
	for _, m := range r.Messages() {
		out = append(out, m.Buttons()...)
	}
	return out
}

// Selects lists the select menus of the visible messages.
func (r *Reply) Selects() []Select {
	var out []Select
	for _, m := range r.Messages() {
		out = append(out, m.Selects...)
	}
	return out
}

// Stats counts gateway and REST activity.
type Stats struct {
	Connections int
	// Refused are gateway connections refused while SetGatewayDown.
	Refused      int
	Identifies   int
	Resumes      int
	Heartbeats   int
	Dispatches   int
	Unauthorized int
	// LateCallbacks are interaction callbacks refused because they came
	// after the deadline.
	LateCallbacks int
	// LastIntents are the intents of the last IDENTIFY.
	LastIntents int64
}

// RegisteredCommand is a slash command as the bot registered it.
type RegisteredCommand struct {
	ID          string
	Name        string
	Description string
	Options     []RegisteredOption
	// Contexts are where Discord offers the command (0 guild, 1 the bot's
	// DM, 2 private channels); nil means everywhere.
	Contexts []int
}

// UsableIn reports whether Discord would offer the command in a guild
// channel (guild set) or in a DM.
func (c RegisteredCommand) UsableIn(guild bool) bool {
	if c.Contexts == nil {
		return true
	}
	want := 1
	if guild {
		want = 0
	}
	for _, x := range c.Contexts {
		if x == want {
			return true
		}
	}
	return false
}

// RegisteredOption is one option of a registered command.
type RegisteredOption struct {
	Name         string
	Description  string
	Type         int
	Required     bool
	Autocomplete bool
	Choices      []Choice
}
