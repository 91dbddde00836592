package bot

import (
	"github.com/bwmarrin/discordgo"
)

// The answers to an interaction (its reply, an acknowledgement, an
// autocomplete's choices, the edit of a deferred reply, follow-ups) go to
// endpoints named by the interaction's token. discordgo keeps a rate-limit
// bucket per endpoint in its session, keyed by the whole URL, and never
// forgets one: each interaction left one or two buckets with its token
// for good, about 0.2-0.4 KB each, which on a busy bot (1,000 games at 50
// moves/s, about four interactions a move) grew the heap by some 3 MB a
// minute without end (issue 16, a heap profile of `casefile loadtest
// --bot-apart`). So these requests are sent with a bucket of their own,
// from a rate limiter made for the request and dropped after it. An
// interaction's endpoints are not bound to the global rate limit, and a
// token serves one interaction for 15 minutes: no limit learnt from one
// could serve another.

// tokenRequest sends a request to an endpoint of an interaction's token
// (see above) and returns the response's body; a reply that is not a
// success is an error, as discordgo's requests give.
func (b *Bot) tokenRequest(method, uri, contentType string, body []byte, options ...discordgo.RequestOption) ([]byte, error) {
	bucket := discordgo.NewRatelimiter().LockBucket(uri)
	return b.session.RequestWithLockedBucket(method, uri, contentType, body, bucket, 0, options...)
}

// encodeBody is data as JSON, or as a multipart body with the files when
// there are some, as discordgo sends them.
func encodeBody(data any, files []*discordgo.File) (contentType string, body []byte, err error) {
	if len(files) > 0 {
		return discordgo.MultipartBodyWithJSON(data, files)
	}
	body, err = discordgo.Marshal(data)
	return "application/json", body, err
}

// interactionRespond is discordgo's InteractionRespond without a bucket
// kept for the interaction.
func (b *Bot) interactionRespond(i *discordgo.Interaction, resp *discordgo.InteractionResponse, options ...discordgo.RequestOption) error {
	var files []*discordgo.File
	if resp.Data != nil {
		files = resp.Data.Files
	}
	contentType, body, err := encodeBody(*resp, files)
	if err != nil {
		return err
	}
	_, err = b.tokenRequest("POST", discordgo.EndpointInteractionResponse(i.ID, i.Token), contentType, body, options...)
	return err
}

// interactionResponseEdit is discordgo's InteractionResponseEdit without a
// bucket kept for the interaction; the edited message is not read.
func (b *Bot) interactionResponseEdit(i *discordgo.Interaction, edit *discordgo.WebhookEdit, options ...discordgo.RequestOption) error {
	contentType, body, err := encodeBody(edit, edit.Files)
	if err != nil {
		return err
	}
	_, err = b.tokenRequest("PATCH", discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original"), contentType, body, options...)
	return err
}

// followupMessageCreate is discordgo's FollowupMessageCreate (waiting for
// the message, as the bot asked) without a bucket kept for the
// interaction; the message is not read.
func (b *Bot) followupMessageCreate(i *discordgo.Interaction, params *discordgo.WebhookParams, options ...discordgo.RequestOption) error {
	contentType, body, err := encodeBody(params, params.Files)
	if err != nil {
		return err
	}
	_, err = b.tokenRequest("POST", discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", contentType, body, options...)
	return err
}

// interactionResponseDelete is discordgo's InteractionResponseDelete
// without a bucket kept for the interaction.
func (b *Bot) interactionResponseDelete(i *discordgo.Interaction, options ...discordgo.RequestOption) error {
	_, err := b.tokenRequest("DELETE", discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), "", nil, options...)
	return err
}
