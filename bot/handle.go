package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"casefile/commands"

	"github.com/bwmarrin/discordgo"
)

// handlerTimeout bounds one Handle call: an interaction token, needed to
// answer, lives 15 minutes.
const handlerTimeout = 14 * time.Minute

func (b *Bot) onInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil {
		return
	}
	i := ic.Interaction
	now := time.Now()
	if b.cfg.OnDone != nil {
		defer b.cfg.OnDone(i.ID)
	}
	if !b.track() {
		b.refuse(i)
		return
	}
	defer b.inflight.Done()
	if !b.firstDelivery(i.ID, now) {
		b.log.Info("ignoring a redelivered interaction", "interaction", i.ID)
		return
	}
	req, ok := toRequest(i, now)
	if !ok {
		b.log.Debug("ignoring interaction", "interaction", i.ID, "type", int(i.Type))
		return
	}
	log := b.log.With("interaction", i.ID, "kind", kindName(req.Kind), "user", req.UserID,
		"guild", req.GuildID, "channel", req.ChannelID)
	if req.Command != "" {
		log = log.With("command", req.Command)
	}
	if req.CustomID != "" {
		log = log.With("custom_id", req.CustomID)
	}
	if req.Kind == commands.Autocomplete {
		b.autocomplete(i, req, log)
		return
	}
	resp := b.answer(i, req, log)
	b.sendPosts(resp.Posts)
	b.sendDMs(resp.DMs, req.ChannelID)
	b.delivered(req.ID)
	log.Info("interaction handled", "took", time.Since(now).Round(time.Millisecond))
	b.later(i, resp, log)
}

// later draws the pictures a reply owes (commands.Response.Later), now
// that the reply and everything else the interaction sends are out, and
// posts each as a follow-up of the interaction as soon as it is drawn,
// with the reply's visibility: an ephemeral reply's pictures are
// ephemeral too, so a private picture reaches its owner alone. They are
// drawn one after another, as they may share the request's game state.
// A picture that cannot be drawn is logged and skipped; the reply has
// told its text already.
func (b *Bot) later(i *discordgo.Interaction, resp commands.Response, log *slog.Logger) {
	var flags discordgo.MessageFlags
	if resp.Ephemeral {
		flags = discordgo.MessageFlagsEphemeral
	}
	for _, p := range resp.Later {
		if p.Draw == nil || b.work.Err() != nil {
			continue
		}
		start := time.Now()
		f, err := drawLater(p)
		if err != nil {
			log.Error("drawing a picture the reply owes", "err", err)
			continue
		}
		if f == nil {
			continue
		}
		b.followUps(i, []message{{content: p.Content, files: []commands.File{*f}, flags: flags}}, log)
		log.Info("reply's picture sent", "draw_and_send", time.Since(start).Round(time.Millisecond), "ephemeral", resp.Ephemeral)
	}
}

// drawLater draws one owed picture, turning a panic into an error.
func drawLater(p commands.LaterPicture) (f *commands.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("panic: %v\n%s", r, stack())
		}
	}()
	return p.Draw()
}

func kindName(k commands.Kind) string {
	switch k {
	case commands.SlashCommand:
		return "command"
	case commands.Button:
		return "button"
	case commands.Autocomplete:
		return "autocomplete"
	}
	return "unknown"
}

// refuse answers an interaction that arrives during shutdown, so the user
// sees why nothing happens instead of Discord's "interaction failed".
func (b *Bot) refuse(i *discordgo.Interaction) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	resp := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: msgRestarting, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: mentions(nil)},
	}
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		resp = &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}},
		}
	}
	if err := b.interactionRespond(i, resp, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("answering an interaction during shutdown", "interaction", i.ID, "err", b.scrub(err, i.Token))
	}
}

// call runs the handler, turning a panic into an apology.
func (b *Bot) call(ctx context.Context, req commands.Request, log *slog.Logger) (resp commands.Response) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("panic in handler", "panic", r, "stack", stack())
			resp = commands.Response{Content: msgInternalError, Ephemeral: true}
			if req.Kind == commands.Autocomplete {
				resp = commands.Response{}
			}
		}
	}()
	return b.h.Handle(ctx, req)
}

func stack() string { return string(debug.Stack()) }

func (b *Bot) autocomplete(i *discordgo.Interaction, req commands.Request, log *slog.Logger) {
	ctx, cancel := context.WithTimeout(b.work, 3*time.Second)
	defer cancel()
	resp := b.call(ctx, req, log)
	cs, dropped := choices(resp.Choices)
	if dropped > 0 {
		log.Warn("dropped autocomplete choices Discord would refuse", "dropped", dropped)
	}
	// discordgo drops an empty choices list (omitempty), and Discord
	// refuses an autocomplete result without one, leaving the person's
	// client with "loading options failed": the result is sent as our own
	// payload, which keeps "choices": [] when nothing matches.
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	body, err := discordgo.Marshal(autocompleteResult{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: autocompleteChoices{Choices: cs},
	})
	if err == nil {
		_, err = b.tokenRequest("POST", endpoint, "application/json", body, discordgo.WithContext(b.work))
	}
	if err != nil {
		log.Error("sending autocomplete choices", "err", b.scrub(err, i.Token))
	}
}

// autocompleteResult is an autocomplete interaction response whose
// choices are always sent, even when there are none.
type autocompleteResult struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data autocompleteChoices               `json:"data"`
}

type autocompleteChoices struct {
	Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
}

// answer runs the handler and replies within Discord's deadline: at once
// if the handler is quick, or with a deferred acknowledgement once
// DeferAfter has passed, followed by the reply when the handler returns.
//
// A deferral on timeout cannot know whether the reply will be ephemeral.
// For a command it is public ("Casefile is thinking…"): an ephemeral
// reply then deletes that placeholder and arrives as an ephemeral
// follow-up, because an edit keeps the placeholder's visibility and would
// show private text to the channel. For a button it is a deferred update,
// which shows nothing, and the reply is a follow-up of either kind.
func (b *Bot) answer(i *discordgo.Interaction, req commands.Request, log *slog.Logger) commands.Response {
	ctx, cancel := context.WithTimeout(b.work, handlerTimeout)
	defer cancel()
	ch := make(chan commands.Response, 1)
	go func() { ch <- b.call(ctx, req, log) }()

	timer := time.NewTimer(b.cfg.DeferAfter)
	defer timer.Stop()
	select {
	case resp := <-ch:
		b.reply(i, req, resp, log)
		return resp
	case <-timer.C:
	}
	deferType := discordgo.InteractionResponseDeferredChannelMessageWithSource
	if req.Kind == commands.Button {
		deferType = discordgo.InteractionResponseDeferredMessageUpdate
	}
	acked := b.ack(i, deferType, 0, log)
	log.Info("handler is slow; acknowledged with a deferred response", "after", b.cfg.DeferAfter)
	resp := <-ch
	if !acked {
		log.Error("reply lost: the interaction was not acknowledged in time")
		return resp
	}
	m := replyMessage(req, resp)
	if m.empty() {
		return resp
	}
	parts := m.split()
	switch {
	case deferType == discordgo.InteractionResponseDeferredMessageUpdate:
		b.followUps(i, parts, log)
	case m.flags&discordgo.MessageFlagsEphemeral != 0:
		if err := b.interactionResponseDelete(i, discordgo.WithContext(b.work)); err != nil {
			log.Warn("deleting the public placeholder", "err", b.scrub(err, i.Token))
		}
		b.followUps(i, parts, log)
	default:
		if b.editOriginal(i, parts[0], log) {
			b.followUps(i, parts[1:], log)
		}
	}
	return resp
}

// replyMessage is the reply to send; a command must get some answer, a
// button may get none.
func replyMessage(req commands.Request, resp commands.Response) message {
	m := message{content: resp.Content, files: resp.Files, buttons: resp.Buttons, selects: resp.Selects, mentions: resp.Mentions}
	if resp.Ephemeral {
		m.flags = discordgo.MessageFlagsEphemeral
	}
	if m.empty() && req.Kind == commands.SlashCommand {
		m.content, m.flags = msgDone, discordgo.MessageFlagsEphemeral
	}
	return m
}

// reply answers an interaction not yet acknowledged.
func (b *Bot) reply(i *discordgo.Interaction, req commands.Request, resp commands.Response, log *slog.Logger) {
	m := replyMessage(req, resp)
	if m.empty() {
		b.ack(i, discordgo.InteractionResponseDeferredMessageUpdate, 0, log)
		return
	}
	parts := m.split()
	err := b.interactionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:         parts[0].content,
			Components:      components(parts[0].buttons, parts[0].selects),
			Files:           files(parts[0].files),
			AllowedMentions: mentions(parts[0].mentions),
			Flags:           parts[0].flags,
		},
	}, discordgo.WithContext(b.work), altText(parts[0].files, "data"))
	if err != nil {
		log.Error("sending the reply", "err", b.scrub(err, i.Token))
		return
	}
	b.followUps(i, append(parts[1:], aside(resp)...), log)
}

// aside is the reply's message for the invoking user alone, split to fit,
// or nothing.
func aside(resp commands.Response) []message {
	if resp.Aside == "" {
		return nil
	}
	return message{content: resp.Aside, flags: discordgo.MessageFlagsEphemeral}.split()
}

func (b *Bot) ack(i *discordgo.Interaction, t discordgo.InteractionResponseType, flags discordgo.MessageFlags, log *slog.Logger) bool {
	resp := &discordgo.InteractionResponse{Type: t}
	if flags != 0 {
		resp.Data = &discordgo.InteractionResponseData{Flags: flags}
	}
	if err := b.interactionRespond(i, resp, discordgo.WithContext(b.work)); err != nil {
		log.Error("acknowledging the interaction", "err", b.scrub(err, i.Token))
		return false
	}
	return true
}

func (b *Bot) editOriginal(i *discordgo.Interaction, m message, log *slog.Logger) bool {
	content := m.content
	comps := components(m.buttons, m.selects)
	err := b.interactionResponseEdit(i, &discordgo.WebhookEdit{
		Content:         &content,
		Components:      &comps,
		Files:           files(m.files),
		AllowedMentions: mentions(m.mentions),
	}, discordgo.WithContext(b.work), altText(m.files, ""))
	if err != nil {
		log.Error("editing the deferred reply", "err", b.scrub(err, i.Token))
		return false
	}
	return true
}

func (b *Bot) followUps(i *discordgo.Interaction, parts []message, log *slog.Logger) {
	for _, m := range parts {
		err := b.followupMessageCreate(i, &discordgo.WebhookParams{
			Content:         m.content,
			Components:      components(m.buttons, m.selects),
			Files:           files(m.files),
			AllowedMentions: mentions(m.mentions),
			Flags:           m.flags,
		}, discordgo.WithContext(b.work), altText(m.files, ""))
		if err != nil {
			log.Error("sending a follow-up message", "err", b.scrub(err, i.Token))
			return
		}
	}
}

// send posts one message, split if long, to a channel.
func (b *Bot) send(channelID string, m message) error {
	return b.sendCtx(b.work, channelID, m)
}

// delivered tells the handler, when it listens, that the messages of
// these requests are sent (or failed): a board picture they owed may
// follow them now.
func (b *Bot) delivered(requestIDs ...string) {
	if dl, ok := b.h.(commands.DeliveryListener); ok && len(requestIDs) > 0 {
		dl.Delivered(requestIDs...)
	}
}

// PostNow posts one public message to its channel now, as the deadline
// ticker's posts are, and reports whether Discord took it
// (commands.Poster): the picture worker posts the boards owed after
// phases through it, and keeps a picture owed until it returns nil.
//
// A post with a UserID is a DM (a seat's own picture); one Discord will
// never deliver wraps commands.ErrUnreachable.
func (b *Bot) PostNow(ctx context.Context, p commands.Post) error {
	m := message{content: p.Content, files: p.Files, buttons: p.Buttons, mentions: p.Mentions}
	if p.UserID != "" && !m.empty() {
		if err := b.sendDMCtx(ctx, p.UserID, m); err != nil {
			if apiCode(err) == cannotDM {
				return fmt.Errorf("DM to %s: %w", p.UserID, commands.ErrUnreachable)
			}
			return fmt.Errorf("DM to %s: %w (code %d)", p.UserID, b.scrub(err, ""), apiCode(err))
		}
		return nil
	}
	if m.empty() || p.ChannelID == "" {
		return errors.New("bot: an empty post or one without a channel")
	}
	if err := b.sendCtx(ctx, p.ChannelID, m); err != nil {
		return fmt.Errorf("posting to channel %s: %w (code %d)", p.ChannelID, b.scrub(err, ""), apiCode(err))
	}
	return nil
}

func (b *Bot) sendCtx(ctx context.Context, channelID string, m message) error {
	for _, p := range m.split() {
		_, err := b.session.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{
			Content:         p.content,
			Components:      components(p.buttons, p.selects),
			Files:           files(p.files),
			AllowedMentions: mentions(p.mentions),
		}, discordgo.WithContext(ctx), altText(p.files, ""))
		if err != nil {
			return err
		}
	}
	return nil
}

func (b *Bot) sendPosts(posts []commands.Post) {
	for _, p := range posts {
		m := message{content: p.Content, files: p.Files, buttons: p.Buttons, mentions: p.Mentions}
		if m.empty() || p.ChannelID == "" {
			b.log.Warn("skipping an empty post or one without a channel", "channel", p.ChannelID)
			continue
		}
		if p.Key != "" {
			if mem, ok := b.h.(commands.MessageMemory); ok {
				b.sendKeyed(mem, p.ChannelID, p.Key, m)
				continue
			}
		}
		if err := b.send(p.ChannelID, m); err != nil {
			b.log.Error("posting to a channel", "channel", p.ChannelID, "err", b.scrub(err, ""), "code", apiCode(err))
		}
	}
}

// sendKeyed keeps one message per channel and key up to date: it edits
// the message the key last became, and posts (and remembers) a new one when
// there is none or the old one is gone.
func (b *Bot) sendKeyed(mem commands.MessageMemory, channelID, key string, m message) {
	m = m.split()[0]
	if id, ok := mem.Recall(b.work, channelID, key); ok {
		content := m.content
		comps := components(m.buttons, m.selects)
		_, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: id, Channel: channelID, Content: &content, Components: &comps,
			AllowedMentions: mentions(m.mentions),
		}, discordgo.WithContext(b.work))
		if err == nil {
			return
		}
		b.log.Info("keyed message not editable; posting anew", "channel", channelID, "key", key, "code", apiCode(err))
	}
	msg, err := b.session.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{
		Content:         m.content,
		Components:      components(m.buttons, m.selects),
		Files:           files(m.files),
		AllowedMentions: mentions(m.mentions),
	}, discordgo.WithContext(b.work), altText(m.files, ""))
	if err != nil {
		b.log.Error("posting a keyed message", "channel", channelID, "key", key, "err", b.scrub(err, ""), "code", apiCode(err))
		return
	}
	mem.Remember(b.work, channelID, key, msg.ID)
}

// sendDMs delivers private messages; one that cannot be delivered is
// replaced by its public Fallback, mentioning the user, in fallbackChannel.
func (b *Bot) sendDMs(dms []commands.DM, fallbackChannel string) {
	for _, dm := range dms {
		m := message{content: dm.Content, files: dm.Files}
		if m.empty() || dm.UserID == "" {
			continue
		}
		err := b.sendDM(dm.UserID, m)
		if err == nil {
			continue
		}
		// The DM's content is private and stays out of the log.
		b.log.Warn("DM not delivered", "user", dm.UserID, "code", apiCode(err), "err", b.scrub(err, ""))
		if dm.Fallback == "" {
			continue // the handler chose to post nothing instead
		}
		if fl, ok := b.h.(commands.FallbackLimiter); ok && dm.GameID != 0 && !fl.FirstFallback(b.work, dm.GameID, dm.UserID) {
			continue // this game's channel was told already
		}
		channel := dm.ChannelID
		if channel == "" {
			channel = fallbackChannel
		}
		if channel == "" {
			b.log.Error("no channel to post the DM fallback in", "user", dm.UserID)
			continue
		}
		fb := message{content: "<@" + dm.UserID + "> " + dm.Fallback, mentions: []string{dm.UserID}}
		if err := b.send(channel, fb); err != nil {
			b.log.Error("posting the DM fallback", "channel", channel, "err", b.scrub(err, ""))
		}
	}
}

// StartThread starts a public thread in a channel, archived after a week
// without messages, and returns its id (commands.ThreadStarter).
func (b *Bot) StartThread(ctx context.Context, channelID, name string) (string, error) {
	c, err := b.session.ThreadStart(channelID, name, discordgo.ChannelTypeGuildPublicThread, 10080, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

// ReachByDM sends userID one direct message now and reports whether it
// arrived (commands.DMReacher).
func (b *Bot) ReachByDM(ctx context.Context, userID, content string) error {
	return b.sendDM(userID, message{content: content})
}

func (b *Bot) sendDM(userID string, m message) error {
	return b.sendDMCtx(b.work, userID, m)
}

// cannotDM is Discord's error code for a user who takes no DMs from the
// bot ("Cannot send messages to this user").
const cannotDM = 50007

func (b *Bot) sendDMCtx(ctx context.Context, userID string, m message) error {
	b.mu.Lock()
	ch, ok := b.dmChans[userID]
	b.mu.Unlock()
	if !ok {
		c, err := b.session.UserChannelCreate(userID, discordgo.WithContext(ctx))
		if err != nil {
			return err
		}
		ch = c.ID
		b.mu.Lock()
		b.dmChans[userID] = ch
		b.mu.Unlock()
	}
	return b.sendCtx(ctx, ch, m)
}

// apiCode is Discord's JSON error code of a failed request, or 0.
func apiCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}
