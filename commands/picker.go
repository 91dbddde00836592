package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The move picker offers the autocomplete's move tree as components, for
// players who would rather click than type: each level is a select menu
// (or buttons, when few) of moves and groups; picking a group shows the
// next level, picking a move plays it as `/move action:<move>` would.
//
// A picker's custom id is "move/pick/<game id>/<version>/<i>/<j>…": the
// game, the stored version the picker was built from, and the indexes of
// the entries picked so far; a select menu's pick adds the selected
// option's value (the next index), a button carries its own. The indexes
// name entries of moveTree on the user's moves, which only change when the
// game does, and so with its version: a pick on a picker whose version is
// not the stored one is answered with a fresh picker and plays nothing.
// Version 0 (the "Your move" button of a turn announcement) opens a fresh
// picker.

// staleVersion is a version no stored game has: a picker asked for at it
// is a fresh one that says the game moved on.
const staleVersion int64 = -1

// maxPickDepth is how many picks a picker path may hold; moveTree reaches
// every move in three.
const maxPickDepth = 3

// pickButtons is how many entries a level may have to be shown as
// buttons rather than a select menu: one row of buttons reads at a
// glance.
const pickButtons = 5

// pickID is the custom id of a picker component.
func pickID(gameID, version int64, path []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "move/pick/%d/%d", gameID, version)
	for _, i := range path {
		fmt.Fprintf(&b, "/%d", i)
	}
	return b.String()
}

// yourMoveButton is the button under a turn announcement that opens the
// clicker's own picker.
func yourMoveButton(gameID int64) ButtonSpec {
	return ButtonSpec{Label: "Your move", CustomID: pickID(gameID, 0, nil), Style: "primary"}
}

// pickClick answers a picker component: rest are the custom id's parts
// after the game id, and a select menu's value is the last index.
func (s *Service) pickClick(ctx context.Context, req Request, info *logInfo, gameID int64, rest []string) (Response, error) {
	if len(rest) == 0 {
		return Response{}, refuse("That picker is no longer valid.")
	}
	version, err := strconv.ParseInt(rest[0], 10, 64)
	if err != nil {
		return Response{}, refuse("That picker is no longer valid.")
	}
	idx := append(append([]string(nil), rest[1:]...), req.Values...)
	if len(idx) > maxPickDepth {
		return Response{}, refuse("That picker is no longer valid.")
	}
	path := make([]int, len(idx))
	for i, v := range idx {
		if path[i], err = strconv.Atoi(v); err != nil || path[i] < 0 {
			return Response{}, refuse("That picker is no longer valid.")
		}
	}
	return s.picker(ctx, req, info, s.idLoader(ctx, gameID), version, path)
}

// picker follows path down the user's move tree: to a move, which it
// plays, or to a level, which it offers as the next picker. version 0
// opens a fresh picker at the top; any other version must be the stored
// one, else the answer is a fresh picker.
func (s *Service) picker(ctx context.Context, req Request, info *logInfo, load func() (*table, error), version int64, path []int) (Response, error) {
	t, err := load()
	if err != nil {
		return Response{}, err
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	switch {
	case t.rec.ChannelID != req.ChannelID:
		return Response{}, refuse("That picker belongs to another channel's game.")
	case t.state == nil:
		return Response{}, refuse("The game has not started yet. %s", startHint(t))
	case t.state.Outcome() != nil:
		return Response{}, refuse("That game is over.")
	}
	if len(t.userSeats(req.UserID)) == 0 {
		return Response{}, refuse("You are not playing in this game. You can follow it with `/status` and `/log`.")
	}
	// Standing choices alone do not open a picker: it answers whoever the
	// turn announcement named, and a waiting player sets those by /move.
	if len(t.actingSeats(req.UserID)) == 0 {
		return Response{}, refuse("It is not your turn. %s", t.waitingPlain())
	}
	moves, rank := t.userMoves(req.UserID)
	if len(moves) == 0 {
		return Response{}, refuse("You have no move to make now. %s", t.waitingPlain())
	}
	note := ""
	if version != 0 && version != t.rec.Version {
		note, path = "The game has moved on since that picker; here are your moves now.\n", nil
	}
	if version == 0 {
		path = nil
	}
	level := moveTree(moves, "", maxChoices, rank)
	var trail []string
	for depth, i := range path {
		if i >= len(level) {
			return s.pickerLevel(t, moveTree(moves, "", maxChoices, rank), nil, nil, "That picker is out of date; here are your moves now.\n"), nil
		}
		e := level[i]
		if !e.Group {
			resp, err := s.playTyped(ctx, req, info, s.idLoader(ctx, t.rec.ID), e.Value, t.rec.Version)
			if errors.Is(err, errStale) {
				return s.picker(ctx, req, info, s.idLoader(ctx, t.rec.ID), staleVersion, nil)
			}
			return resp, err
		}
		if depth == maxPickDepth-1 {
			return Response{}, refuse("That picker is no longer valid.")
		}
		trail = append(trail, e.Name)
		level = moveTree(moves, e.Value, maxChoices, rank)
	}
	return s.pickerLevel(t, level, path, trail, note), nil
}

// pickerLevel is the ephemeral answer offering one level of the tree.
func (s *Service) pickerLevel(t *table, level []pick, path []int, trail []string, note string) Response {
	content := note + "**Your move** — pick one; a choice with a count opens that group."
	if len(trail) > 0 {
		content = note + "**Your move** › " + strings.Join(trail, " › ")
	}
	resp := Response{Ephemeral: true, Content: clip(content, 1900)}
	buttons := len(level) <= pickButtons
	for _, e := range level {
		buttons = buttons && len([]rune(e.Name)) <= 80
	}
	if buttons {
		for i, e := range level {
			style := "secondary"
			if !e.Group {
				style = "primary"
			}
			resp.Buttons = append(resp.Buttons, ButtonSpec{Label: e.Name, CustomID: pickID(t.rec.ID, t.rec.Version, append(append([]int(nil), path...), i)), Style: style})
		}
		return resp
	}
	sel := SelectSpec{CustomID: pickID(t.rec.ID, t.rec.Version, path), Placeholder: "Choose a move or a group of moves"}
	for i, e := range level {
		desc := "plays this move"
		if e.Group {
			desc = "opens this group"
		}
		sel.Options = append(sel.Options, SelectOption{Label: e.Name, Value: strconv.Itoa(i), Description: desc})
	}
	resp.Selects = []SelectSpec{sel}
	return resp
}
