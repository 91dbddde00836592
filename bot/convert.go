package bot

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"casefile/commands"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits that the bot must respect or see the request refused.
const (
	maxContent      = 2000
	maxChoices      = 25
	maxChoiceLen    = 100
	maxButtonsInRow = 5
	maxRows         = 5
	maxLabel        = 80
	maxCustomID     = 100
	maxOptions      = 25
	maxOptionLen    = 100
	maxPlaceholder  = 150
)

// toRequest turns an interaction into a library-free Request; ok is false
// for interaction types the bot does not serve (pings, modals).
func toRequest(i *discordgo.Interaction, now time.Time) (req commands.Request, ok bool) {
	req = commands.Request{
		ID:        i.ID,
		GuildID:   i.GuildID,
		ChannelID: i.ChannelID,
		At:        now,
		Options:   map[string]string{},
	}
	var u *discordgo.User
	if i.Member != nil {
		u = i.Member.User
		// Discord computes member.permissions for the channel, overwrites
		// included; Administrator implies every permission.
		perms := i.Member.Permissions
		req.ManageChannels = perms&(discordgo.PermissionManageChannels|discordgo.PermissionAdministrator) != 0
	}
	if u == nil {
		u = i.User
	}
	if u != nil {
		req.UserID = u.ID
		req.UserName = u.Username
		if u.GlobalName != "" {
			req.UserName = u.GlobalName
		}
	}
	if i.Member != nil && i.Member.Nick != "" {
		req.UserName = i.Member.Nick
	}

	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, isCmd := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !isCmd {
			return req, false
		}
		req.Kind = commands.SlashCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = commands.Autocomplete
		}
		req.Command = data.Name
		flattenOptions(data.Options, &req)
		return req, true
	case discordgo.InteractionMessageComponent:
		data, isComp := i.Data.(discordgo.MessageComponentInteractionData)
		if !isComp {
			return req, false
		}
		req.Kind = commands.Button
		req.CustomID = data.CustomID
		req.Values = data.Values
		return req, true
	}
	return req, false
}

// flattenOptions collects option values by name; subcommand levels, which
// Casefile's commands do not use, are walked through rather than lost.
func flattenOptions(opts []*discordgo.ApplicationCommandInteractionDataOption, req *commands.Request) {
	for _, o := range opts {
		if o == nil {
			continue
		}
		if len(o.Options) > 0 {
			flattenOptions(o.Options, req)
			continue
		}
		req.Options[o.Name] = optionText(o.Value)
		if o.Focused {
			req.Focused = o.Name
		}
	}
}

func optionText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	default:
		return fmt.Sprint(v)
	}
}

// commandDefs converts the handler's definitions to Discord's form.
func commandDefs(defs []commands.CommandDef) []*discordgo.ApplicationCommand {
	out := make([]*discordgo.ApplicationCommand, 0, len(defs))
	for _, d := range defs {
		c := &discordgo.ApplicationCommand{
			Type:        discordgo.ChatApplicationCommand,
			Name:        d.Name,
			Description: d.Description,
			Options:     []*discordgo.ApplicationCommandOption{},
			// Games live in server channels: Discord offers the commands
			// there only, never in a DM with the bot.
			Contexts:         &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
			IntegrationTypes: &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall},
		}
		for _, o := range d.Options {
			opt := &discordgo.ApplicationCommandOption{
				Type:         discordgo.ApplicationCommandOptionString,
				Name:         o.Name,
				Description:  o.Description,
				Required:     o.Required,
				Autocomplete: o.Autocomplete,
			}
			for _, ch := range o.Choices {
				opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch.Name, Value: ch.Value})
			}
			c.Options = append(c.Options, opt)
		}
		out = append(out, c)
	}
	return out
}

// choices converts autocomplete choices, keeping at most 25 that Discord
// will accept; a value longer than 100 characters cannot be shortened
// without changing the move it names, so it is dropped.
func choices(cs []commands.Choice) (out []*discordgo.ApplicationCommandOptionChoice, dropped int) {
	out = []*discordgo.ApplicationCommandOptionChoice{}
	for _, c := range cs {
		if len(out) == maxChoices {
			break
		}
		if c.Value == "" || utf8.RuneCountInString(c.Value) > maxChoiceLen {
			dropped++
			continue
		}
		name := c.Name
		if name == "" {
			name = c.Value
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, maxChoiceLen), Value: c.Value})
	}
	return out, dropped
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// splitContent cuts text into messages of at most maxContent characters,
// preferring to cut at a line break.
func splitContent(s string) []string {
	var out []string
	// room for closing and reopening a code block across a cut
	const room = maxContent - 8
	for utf8.RuneCountInString(s) > maxContent {
		r := []rune(s)
		head := string(r[:room])
		cut := strings.LastIndexByte(head, '\n')
		part, rest := head, s[len(head):]
		if cut >= room/2 {
			part, rest = head[:cut], s[cut+1:]
		}
		if strings.Count(part, "```")%2 == 1 {
			// The cut falls inside a code block: close it here and
			// open it again in the next message, so neither shows
			// raw fences.
			part += "\n```"
			rest = "```\n" + rest
		}
		out = append(out, part)
		s = rest
	}
	return append(out, s)
}

var buttonStyles = map[string]discordgo.ButtonStyle{
	"primary":   discordgo.PrimaryButton,
	"secondary": discordgo.SecondaryButton,
	"success":   discordgo.SuccessButton,
	"danger":    discordgo.DangerButton,
}

// components lays select menus out one per action row, then buttons in
// rows of five, at most five rows in all.
func components(bs []commands.ButtonSpec, ss []commands.SelectSpec) []discordgo.MessageComponent {
	out := []discordgo.MessageComponent{}
	var row discordgo.ActionsRow
	seen := map[string]bool{}
	for _, s := range ss {
		if menu, ok := selectMenu(s); ok && !seen[s.CustomID] && len(out) < maxRows {
			seen[s.CustomID] = true
			out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}})
		}
	}
	if len(out) == maxRows {
		return out
	}
	for _, b := range bs {
		if b.CustomID == "" || len(b.CustomID) > maxCustomID || seen[b.CustomID] {
			continue
		}
		seen[b.CustomID] = true
		style, ok := buttonStyles[b.Style]
		if !ok {
			style = discordgo.SecondaryButton
		}
		label := b.Label
		if label == "" {
			label = b.CustomID
		}
		row.Components = append(row.Components, discordgo.Button{
			Label: truncate(label, maxLabel), Style: style, CustomID: b.CustomID, Disabled: b.Disabled,
		})
		if len(row.Components) == maxButtonsInRow {
			out = append(out, row)
			row = discordgo.ActionsRow{}
		}
		if len(out) == maxRows {
			return out
		}
	}
	if len(row.Components) > 0 {
		out = append(out, row)
	}
	return out
}

// selectMenu converts a string select menu, keeping the options Discord
// accepts; ok is false when none is left or the id does not fit.
func selectMenu(s commands.SelectSpec) (menu discordgo.SelectMenu, ok bool) {
	if s.CustomID == "" || len(s.CustomID) > maxCustomID {
		return menu, false
	}
	menu = discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: s.CustomID, Placeholder: truncate(s.Placeholder, maxPlaceholder)}
	seen := map[string]bool{}
	for _, o := range s.Options {
		if len(menu.Options) == maxOptions {
			break
		}
		if o.Value == "" || utf8.RuneCountInString(o.Value) > maxOptionLen || seen[o.Value] {
			continue
		}
		seen[o.Value] = true
		label := o.Label
		if label == "" {
			label = o.Value
		}
		menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: truncate(label, maxOptionLen), Value: o.Value, Description: truncate(o.Description, maxOptionLen)})
	}
	return menu, len(menu.Options) > 0
}

func files(fs []commands.File) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range fs {
		ct := f.ContentType
		if ct == "" {
			ct = http.DetectContentType(f.Data)
		}
		out = append(out, &discordgo.File{Name: f.Name, ContentType: ct, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// mentions allows pings of exactly the listed users and nothing else, so
// names in a message never ping anyone by accident.
func mentions(users []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
}

// message is one Discord message to send: text, plus attachments and
// buttons that ride on the first message of a split text.
type message struct {
	content  string
	files    []commands.File
	buttons  []commands.ButtonSpec
	selects  []commands.SelectSpec
	mentions []string
	flags    discordgo.MessageFlags
}

// split cuts a message whose text is too long into several.
func (m message) split() []message {
	parts := splitContent(m.content)
	out := make([]message, len(parts))
	for i, p := range parts {
		out[i] = message{content: p, mentions: m.mentions, flags: m.flags}
	}
	out[0].files, out[0].buttons, out[0].selects = m.files, m.buttons, m.selects
	return out
}

func (m message) empty() bool {
	return strings.TrimSpace(m.content) == "" && len(m.files) == 0 && len(m.buttons) == 0 && len(m.selects) == 0
}
