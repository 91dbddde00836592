package commands

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// parseAway reads /away's duration.
func parseAway(v string) (time.Duration, error) {
	d, err := parseClock(v)
	if err != nil || d <= 0 {
		return 0, refuse("Say for how long, like `/away for:2d` or `/away for:12h` (1 minute to 60 days).")
	}
	return d, nil
}

// away pauses the user's turn clocks for a while, in every game, and
// tells those games' channels.
func (s *Service) away(ctx context.Context, req Request, info *logInfo) (Response, error) {
	d, err := parseAway(req.Options["for"])
	if err != nil {
		return Response{}, err
	}
	if resp, done, err := s.once(ctx, req); done {
		return resp, err
	}
	u, err := s.DB.User(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	now := s.Now()
	from := now
	if u.AwayUntil.After(now) {
		from = u.AwayUntil
	}
	until := from.Add(d)
	if _, err := s.DB.ShiftUserDeadlines(ctx, req.UserID, until.Sub(from)); err != nil {
		return Response{}, err
	}
	u.AwayUntil = until
	if err := s.DB.SaveUser(ctx, u); err != nil {
		return Response{}, err
	}
	return s.awayNotice(ctx, req, fmt.Sprintf("is away until <t:%d:f>; their turn clocks are paused until then.", until.Unix()),
		fmt.Sprintf("You are away until <t:%d:f>; your clocks are paused. `/back` ends it early.", until.Unix()))
}

// back ends the user's away mode early; their clocks run again.
func (s *Service) back(ctx context.Context, req Request, info *logInfo) (Response, error) {
	u, err := s.DB.User(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	now := s.Now()
	if !u.AwayUntil.After(now) {
		return Response{}, refuse("You are not away. `/away for:2d` pauses your clocks.")
	}
	if resp, done, err := s.once(ctx, req); done {
		return resp, err
	}
	if _, err := s.DB.ShiftUserDeadlines(ctx, req.UserID, -u.AwayUntil.Sub(now)); err != nil {
		return Response{}, err
	}
	u.AwayUntil = time.Time{}
	if err := s.DB.SaveUser(ctx, u); err != nil {
		return Response{}, err
	}
	return s.awayNotice(ctx, req, "is back; their clocks run again.", "Welcome back; your clocks run again.")
}

// awayNotice tells the other players of each of the user's running games.
func (s *Service) awayNotice(ctx context.Context, req Request, public, private string) (Response, error) {
	games, err := s.DB.GamesOfUser(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	resp := Response{Content: private, Ephemeral: true}
	for _, g := range games {
		resp.Posts = append(resp.Posts, Post{ChannelID: g.ChannelID, Content: fmt.Sprintf("<@%s> %s", req.UserID, public)})
	}
	return resp, nil
}

// notify sets whether reminders also reach the user by direct message.
func (s *Service) notify(ctx context.Context, req Request, info *logInfo) (Response, error) {
	v := strings.ToLower(strings.TrimSpace(req.Options["dms"]))
	if v != "on" && v != "off" {
		return Response{}, refuse("Use `/notify dms:on` or `/notify dms:off`.")
	}
	u, err := s.DB.User(ctx, req.UserID)
	if err != nil {
		return Response{}, err
	}
	u.NotifyDM = v == "on"
	if err := s.DB.SaveUser(ctx, u); err != nil {
		return Response{}, err
	}
	if u.NotifyDM {
		return Response{Content: "Reminders will also reach you by direct message.", Ephemeral: true}, nil
	}
	return Response{Content: "Reminders will only mention you in the game's channel, not by direct message.", Ephemeral: true}, nil
}
