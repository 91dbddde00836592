package commands

import (
	"context"
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// resign gives up the user's seats: to the stand-in while other people
// play on, or, when at most one would be left, ending the game.
func (s *Service) resign(ctx context.Context, req Request, info *logInfo) (Response, error) {
	return s.update(ctx, req, s.channelLoader(ctx, req.ChannelID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status != storage.Active {
			return storage.Change{}, Response{}, refuse("The game has not started; use `/leave` to leave the lobby.")
		}
		mine := t.userSeats(req.UserID)
		if len(mine) == 0 {
			return storage.Change{}, Response{}, refuse("You are not playing in this game.")
		}
		name := t.nameOfUser(req.UserID)
		humans := map[string]bool{}
		for _, r := range t.rec.Seats {
			if r.UserID != req.UserID && !r.StandIn {
				humans[r.UserID] = true
			}
		}
		if len(humans) <= 1 {
			// Nobody, or one person, would be left to play against the
			// stand-in: the game ends, and the others win by resignation.
			var winners []string
			var won []int
			for _, r := range t.rec.Seats {
				if humans[r.UserID] {
					winners = append(winners, t.name(engine.Seat(r.Seat)))
					won = append(won, r.Seat)
				}
			}
			result := name + " resigned."
			if len(winners) > 0 {
				result += " " + strings.Join(dedupe(winners), ", ") + " wins by resignation."
			}
			t.close("Game over — " + result)
			return storage.Change{Status: storage.Over, Result: result, Deadlines: []storage.Deadline{}, Winners: won},
				Response{Content: "🏁 **Game over** — " + result + "\nThe channel is free for a new `/newgame`."}, nil
		}
		// The seat is marked resigned, so another person may take it over
		// with /join; its role, if any, stays secret until Game over.
		for i := range t.rec.Seats {
			if t.rec.Seats[i].UserID == req.UserID {
				t.rec.Seats[i].Resigned = true
			}
		}
		return s.handToStandIn(ctx, t, req.UserID, fmt.Sprintf("%s resigned; the stand-in plays their seat until someone takes it over with `/join`.", name))
	})
}

// abort ends the channel's game without a result.
func (s *Service) abort(ctx context.Context, req Request, info *logInfo) (Response, error) {
	return s.update(ctx, req, s.channelLoader(ctx, req.ChannelID), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if req.UserID != t.rec.AuthorID && !req.ManageChannels {
			return storage.Change{}, Response{}, refuse("Only <@%s>, who opened this game, or someone with the Manage Channels permission can abort it. Players who want to stop can `/resign`, or vote to end an abandoned game from a clock message.", t.rec.AuthorID)
		}
		t.close("Game over — aborted; no result is recorded.")
		return storage.Change{Status: storage.Aborted, Result: "aborted by " + req.UserID, Deadlines: []storage.Deadline{}},
			Response{Content: fmt.Sprintf("Game over — the game of **%s** was aborted by <@%s>. No result is recorded. The channel is free for `/newgame`.", t.def.Name, req.UserID)}, nil
	})
}
