package commands

import (
	"context"
	"fmt"

	"casefile/storage"
)

// voteEnd records a vote to end an abandoned game; a majority of the
// players not being waited for ends it with no winner.
func (s *Service) voteEnd(ctx context.Context, req Request, info *logInfo, gameID int64) (Response, error) {
	t, err := s.loadID(ctx, gameID)
	if err != nil {
		return Response{}, err
	}
	if err := inChannel(req, t); err != nil {
		return Response{}, err
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	if t.rec.Status != storage.Active {
		return Response{}, refuse("That game is over.")
	}
	if len(t.rec.SeatsOf(req.UserID)) == 0 {
		return Response{}, refuse("Only the players of this game can vote.")
	}
	waited := map[string]bool{}
	for _, seat := range t.state.Turn().Seats {
		if r := t.seatRec(seat); r != nil {
			waited[r.UserID] = true
		}
	}
	if waited[req.UserID] {
		return Response{}, refuse("The game is waiting for you; you can make your move, or `/resign`.")
	}
	voters := map[string]bool{}
	for _, r := range t.rec.Seats {
		if !waited[r.UserID] && !r.StandIn {
			voters[r.UserID] = true
		}
	}
	votes, err := s.DB.Vote(ctx, t.rec.ID, "end", req.UserID)
	if err != nil {
		return Response{}, err
	}
	count := 0
	for _, v := range votes {
		if voters[v] {
			count++
		}
	}
	need := len(voters)/2 + 1
	if count < need {
		return Response{Content: fmt.Sprintf("<@%s> votes to end this game (%d of %d votes needed).", req.UserID, count, need)}, nil
	}
	return s.update(ctx, req, s.idLoader(ctx, gameID), func(t *table) (storage.Change, Response, error) {
		if t.rec.Status != storage.Active {
			return storage.Change{}, Response{}, refuse("That game is over.")
		}
		t.close("Game over — ended by the players' vote; no winner.")
		return storage.Change{Status: storage.Over, Result: "ended by the players' vote; no winner", Deadlines: []storage.Deadline{}},
			Response{Content: fmt.Sprintf("🏁 **Game over** — the players voted to end this game of **%s**; no winner is declared. The channel is free for `/newgame`.", t.def.Name)}, nil
	})
}
