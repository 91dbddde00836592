package commands

import (
	"context"
	"fmt"
	"strings"
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
// channel's game.
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
	text := fmt.Sprintf("**%s** (%s)\n%s", g.Name, g.Players(), g.Rules)
	// Long references continue in further messages rather than being cut.
	parts := chunks(text, 1990)
	if len(parts) > 5 {
		parts = parts[:5]
	}
	resp := Response{Content: parts[0]}
	for _, p := range parts[1:] {
		resp.Posts = append(resp.Posts, Post{ChannelID: req.ChannelID, Content: p})
	}
	return resp, nil
}
