package commands

import (
	"context"
	"errors"
	"time"
)

// Kind says what sort of interaction a Request is.
type Kind int

const (
	// SlashCommand is a /command invocation.
	SlashCommand Kind = iota
	// Button is a click on a message component, or a selection in a
	// select menu (then Values hold what was selected); CustomID says
	// which.
	Button
	// Autocomplete asks for choices for the focused option.
	Autocomplete
)

// Request is one interaction, free of any Discord library type.
type Request struct {
	// ID is the interaction's id; a redelivered interaction has the same
	// id and is answered once.
	ID        string
	Kind      Kind
	GuildID   string
	ChannelID string
	UserID    string
	UserName  string
	// ManageChannels is set when the user holds the Manage Channels
	// permission in the channel.
	ManageChannels bool
	// Command is the slash command's name without the slash ("move").
	Command string
	// Options are the command's options by name, as text.
	Options map[string]string
	// Focused names the option being typed, for Autocomplete.
	Focused string
	// CustomID is a button's or select menu's id, routed like a path
	// ("lobby/join/42").
	CustomID string
	// Values are the values selected in a select menu.
	Values []string
	// At is when the interaction arrived.
	At time.Time
}

// Response is what the bot sends back for one Request.
type Response struct {
	// Content is the reply text. Ephemeral replies are seen only by the
	// invoking user (Discord message flag 64).
	Content   string
	Ephemeral bool
	// Files are attached to the reply (board images).
	Files []File
	// Buttons are shown under the reply.
	Buttons []ButtonSpec
	// Selects are select menus shown under the reply, above its buttons.
	Selects []SelectSpec
	// Mentions are the user ids the reply pings; others named in Content
	// are not pinged.
	Mentions []string
	// Choices answer an Autocomplete request.
	Choices []Choice
	// DMs are private messages to send after the reply.
	DMs []DM
	// Posts are further public messages to the channel after the reply
	// (a game's result, a turn announcement).
	Posts []Post
	// Later are the pictures the reply shows, drawn only after the reply
	// has been sent, so that no reply waits for a picture (issue 16):
	// the bot draws each when the reply is out and posts it as a
	// follow-up of the interaction, with the reply's visibility, so an
	// ephemeral reply's pictures reach the person who asked alone.
	Later []LaterPicture
	// Aside is a further message for the invoking user alone (ephemeral),
	// sent after a public reply: what only they should read beside what
	// the table sees, like what happened since their last move.
	Aside string
	// Refused is set when the request was refused and changed nothing.
	// An accepted secret move is also answered ephemerally, so Ephemeral
	// alone does not say which.
	Refused bool
}

// LaterPicture is a picture a reply owes, drawn when the bot asks for it.
type LaterPicture struct {
	// Content is the follow-up's text, a caption; may be empty.
	Content string
	// Draw draws the picture, in one of the process's drawing slots
	// (see drawPNG), waiting for one if need be; nil means there is
	// nothing to show after all.
	Draw func() (*File, error)
}

// File is an attachment.
type File struct {
	Name        string
	ContentType string
	Data        []byte
	// Description is the image's alt text (Discord's attachment
	// description), read aloud by screen readers and shown where the
	// image cannot be.
	Description string
}

// ButtonSpec is a clickable button.
type ButtonSpec struct {
	Label    string
	CustomID string
	// Style: "primary", "secondary", "success", "danger".
	Style    string
	Disabled bool
}

// SelectSpec is a select menu from which one option is picked; the pick
// arrives as a Button request with the option's value in Values.
type SelectSpec struct {
	CustomID    string
	Placeholder string
	Options     []SelectOption
}

// SelectOption is one option of a select menu.
type SelectOption struct {
	Label string
	Value string
	// Description is a second, smaller line under the label.
	Description string
}

// Choice is one autocomplete choice.
type Choice struct {
	Name  string
	Value string
}

// DM is a private message to one user.
type DM struct {
	UserID  string
	Content string
	Files   []File
	// Fallback is posted in the channel, after a mention of the user, when
	// the DM cannot be delivered (Discord error 50007: the user does not
	// accept DMs). It must carry no secret. Empty means nothing is posted
	// (a reminder already mentioned the user in the channel).
	Fallback string
	// ChannelID is the game's channel, where Fallback goes; empty means
	// the channel of the interaction being answered.
	ChannelID string
	// GameID, when set, is the game the DM belongs to: its Fallback is
	// posted at most once per user and game (see FallbackLimiter).
	GameID int64
}

// FallbackLimiter is implemented by handlers that remember, across
// restarts, whom a game's channel was already told that a DM could not
// reach them. A fallback posted per note would tell the table who
// receives the most secrets.
type FallbackLimiter interface {
	FirstFallback(ctx context.Context, gameID int64, userID string) bool
}

// DMReacher sends one direct message now and says whether it arrived.
// The bot implements it; games that deal hidden roles use it to check,
// before dealing, that every player can receive their secret.
type DMReacher interface {
	ReachByDM(ctx context.Context, userID, content string) error
}

// ThreadStarter starts a public thread in a channel and returns the
// thread's channel id. The bot implements it; /newgame uses it for
// thread=yes.
type ThreadStarter interface {
	StartThread(ctx context.Context, channelID, name string) (string, error)
}

// Post is a public message to a channel, or, with UserID, a direct
// message the picture worker sends (a seat's own picture).
type Post struct {
	// Key, when set, names a message kept up to date: the bot edits the
	// message it last posted with this key in this channel (see
	// MessageMemory) instead of posting a new one.
	Key       string
	ChannelID string
	Content   string
	Files     []File
	Buttons   []ButtonSpec
	Mentions  []string
	// UserID, when set, makes the post a DM to this user; ChannelID is
	// then the game's channel, which the DM names but is not posted in.
	UserID string
}

// ErrUnreachable is what a Poster's error wraps when the DM can never
// be delivered (the user takes no DMs from the server's members): the
// picture worker drops the picture at once instead of retrying.
var ErrUnreachable = errors.New("the user accepts no direct messages")

// Handler is what the bot drives: one call per interaction, and a periodic
// Tick for what happens without one (deadlines, reminders).
type Handler interface {
	Handle(ctx context.Context, req Request) Response
	Tick(ctx context.Context, now time.Time) Outbox
	// Definitions lists the slash commands to register.
	Definitions() []CommandDef
}

// Outbox is what the bot sends on its own initiative.
type Outbox struct {
	Posts []Post
	DMs   []DM
	// Requests are the ids of the synthetic requests (deadlines) whose
	// messages these are, reported back through DeliveryListener once
	// sent.
	Requests []string
}

// DeliveryListener is implemented by handlers that want to know when the
// bot has sent what it was given: an interaction's reply, posts and DMs
// (by the interaction's id), or an Outbox (by its Requests). The picture
// worker holds a board back until the message of the move that owed it
// is sent, so the board never comes first.
type DeliveryListener interface {
	Delivered(requestIDs ...string)
}

// CommandDef describes one slash command for registration.
type CommandDef struct {
	Name        string
	Description string
	Options     []OptionDef
}

// OptionDef describes one string option of a slash command.
type OptionDef struct {
	Name         string
	Description  string
	Required     bool
	Autocomplete bool
	// Choices, when set, are the only values Discord offers.
	Choices []Choice
}

// MessageMemory is implemented by handlers that remember, across restarts,
// which message a keyed Post became, so the bot can edit it next time.
type MessageMemory interface {
	Recall(ctx context.Context, channelID, key string) (messageID string, ok bool)
	Remember(ctx context.Context, channelID, key, messageID string)
}
