package commands

import (
	"context"
	"time"
)

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
