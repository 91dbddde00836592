package commands

import (
	"context"
	"fmt"
	"strings"
)

func (s *Service) help() Response {
	var b strings.Builder
	b.WriteString("**Casefile** runs crime board games in this channel, over days.\n")
	b.WriteString("• `/newgame game:<game> [options:seed=42 players=3 clock=24h]` opens a lobby; `/join`, `/leave`, `/start` (or the buttons).\n")
	b.WriteString("• `/move action:<move>` — the list shows your legal moves as you type.\n")
	b.WriteString("• `/status` board and whose turn; `/hand` your secret information (only you see it); `/log` recent moves.\n")
	b.WriteString("• `/undo` takes back your last move if it revealed nothing and nobody has acted since.\n")
	b.WriteString("• `/away 2d` pauses your clocks, `/back` ends it; `/notify dms:off` stops reminder DMs.\n")
	b.WriteString("• `/resign` gives up your seat; `/abort` ends the game (its author or Manage Channels).\n")
	b.WriteString("• `/rules` for a game's quick reference.\n\nGames:\n")
	for _, g := range s.Catalog.All() {
		fmt.Fprintf(&b, "• `%s` — **%s**, %s players. %s\n", g.ID, g.Name, g.PlayerRange(), g.Blurb)
	}
	return Response{Content: clip(b.String(), 1990)}
}

func (s *Service) rules(req Request) (Response, error) {
	id := req.Options["game"]
	if id == "" {
		if rec, err := s.DB.OpenGame(context.Background(), req.ChannelID); err == nil {
			id = rec.Game
		}
	}
	g, ok := s.Catalog.Get(id)
	if !ok {
		return Response{}, refuse("Which game? Use `/rules game:<game>`; games: %s.", strings.Join(s.Catalog.IDs(), ", "))
	}
	text := fmt.Sprintf("**%s** (%s players)\n%s", g.Name, g.PlayerRange(), g.Rules)
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
