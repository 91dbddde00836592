package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"casefile/engine"
)

// help lists the commands' /help lines from the command table, then the
// games.
func (s *Service) help(context.Context, Request, *logInfo) (Response, error) {
	var b strings.Builder
	b.WriteString("**Casefile** runs crime board games in this channel, over days.\n")
	for _, c := range commandTable {
		if c.help != "" {
			b.WriteString("• " + c.help + "\n")
		}
	}
	b.WriteString("\nGames:\n")
	for _, g := range s.Catalog.All() {
		fmt.Fprintf(&b, "• `%s` — **%s**, %s. %s\n", g.ID, g.Name, g.Players(), g.Blurb)
	}
	return Response{Content: clip(b.String(), 1990)}, nil
}

// rules gives the quick reference of the game asked for, or else of the
// channel's game, to the asker alone, one chat-sized part at a time: the
// first part, and a menu of the others (see ruleParts).
func (s *Service) rules(ctx context.Context, req Request, _ *logInfo) (Response, error) {
	id := req.Options["game"]
	if id == "" {
		if rec, err := s.DB.OpenGame(ctx, req.ChannelID); err == nil {
			id = rec.Game
		}
	}
	g, ok := s.Catalog.Get(id)
	if !ok {
		return Response{}, refuse("Which game? Use `/rules game:<game>`; games: %s.", strings.Join(s.Catalog.IDs(), ", "))
	}
	return rulesPart(g, 0), nil
}

// rulesPartClick answers a pick from the rules menu: "rules/part/<game>".
func (s *Service) rulesPartClick(req Request) (Response, error) {
	parts := strings.Split(req.CustomID, "/")
	g, ok := s.Catalog.Get(parts[len(parts)-1])
	if !ok || len(req.Values) != 1 {
		return Response{}, refuse("That menu is no longer valid; use `/rules` again.")
	}
	i, err := strconv.Atoi(req.Values[0])
	if err != nil || i < 0 || i >= len(ruleParts(g.Rules)) {
		return Response{}, refuse("That part of the rules is gone; use `/rules` again.")
	}
	return rulesPart(g, i), nil
}

// rulesPart is part i of g's quick reference, ephemeral, with a menu of
// every part.
func rulesPart(g *engine.Game, i int) Response {
	parts := ruleParts(g.Rules)
	head := fmt.Sprintf("**%s** (%s) — quick reference, part %d of %d: *%s*\n", g.Name, g.Players(), i+1, len(parts), parts[i].title)
	resp := Response{Ephemeral: true, Content: clip(head+parts[i].body, 1990)}
	if len(parts) > 1 {
		menu := SelectSpec{CustomID: "rules/part/" + g.ID, Placeholder: "Another part of the rules"}
		for j, p := range parts {
			menu.Options = append(menu.Options, SelectOption{Label: fmt.Sprintf("%d. %s", j+1, p.title), Value: strconv.Itoa(j)})
		}
		resp.Selects = []SelectSpec{menu}
	}
	return resp
}

// rulePart is one chat-sized part of a quick reference.
type rulePart struct{ title, body string }

// rulePartSize bounds a part, leaving room for its heading.
const rulePartSize = 1700

// ruleParts cuts a quick reference along its own paragraphs (blank
// lines), joining short ones, so each part fits one message and begins at
// a heading of the text; a part is titled by its first words.
func ruleParts(text string) []rulePart {
	var parts []rulePart
	var cur strings.Builder
	flush := func() {
		if body := strings.TrimSpace(cur.String()); body != "" {
			parts = append(parts, rulePart{title: partTitle(body), body: body})
		}
		cur.Reset()
	}
	for _, para := range strings.Split(text, "\n\n") {
		para = strings.TrimSpace(para)
		if para == "" {
			continue
		}
		for len(para) > rulePartSize {
			cut := strings.LastIndexByte(para[:rulePartSize], '\n')
			if cut < rulePartSize/3 {
				cut = strings.LastIndexByte(para[:rulePartSize], ' ')
			}
			flush()
			cur.WriteString(para[:cut])
			flush()
			para = strings.TrimSpace(para[cut:])
		}
		if cur.Len() > 0 && cur.Len()+len(para)+2 > rulePartSize {
			flush()
		}
		if cur.Len() > 0 {
			cur.WriteString("\n\n")
		}
		cur.WriteString(para)
	}
	flush()
	if len(parts) == 0 {
		parts = []rulePart{{title: "rules", body: "(no quick reference)"}}
	}
	return parts
}

// partTitle is a part's first words, up to its first colon or sentence.
func partTitle(body string) string {
	line, _, _ := strings.Cut(body, "\n")
	for _, stop := range []string{": ", ". ", " (", " — "} {
		if i := strings.Index(line, stop); i > 0 {
			line = line[:i]
		}
	}
	words := strings.Fields(strings.Trim(line, "*#: "))
	if len(words) > 7 {
		words = append(words[:7], "…")
	}
	title := strings.Join(words, " ")
	if len(title) > 80 {
		title = title[:77] + "…"
	}
	return title
}
