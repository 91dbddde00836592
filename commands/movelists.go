package commands

import (
	"container/list"
	"context"
	"sync"

	"casefile/storage"
)

// maxMoveListGames bounds how many channels' move lists the autocomplete
// keeps (fewer when the state cache is smaller): a list is wanted while
// someone is typing a move, seconds at a time, and a heist's 193 moves
// with their words take about 40 KB.
const maxMoveListGames = 256

// moveLists keeps, per channel, the move lists the `/move` autocomplete
// built for the people who typed there, at one version of the channel's
// game. Every keystroke of a move asks again (Discord sends one request
// per change of the text), and without it each one loaded the game,
// listed every legal move and folded each move's text anew. An entry is
// used only after StillOpen has seen in the database that the channel's
// game is still at that version with that very snapshot and the same
// seats, so a move made since, by this process or another, is never
// missed: the next keystroke builds the lists again. It holds at most
// max channels, dropping the least recently used.
type moveLists struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *channelMoves, most recently used first
	byCh  map[string]*list.Element
}

// channelMoves is one channel's game at one version, and the move list of
// each person who asked for it.
type channelMoves struct {
	channel string
	id      int64
	version int64
	rules   int
	seats   string
	snap    []byte
	users   map[string]*moveList
}

func newMoveLists(max int) *moveLists {
	return &moveLists{max: max, order: list.New(), byCh: map[string]*list.Element{}}
}

// get returns the user's kept move list for the channel's game, when the
// game is still as it was when the list was built.
func (c *moveLists) get(ctx context.Context, db *storage.DB, channel, user string) *moveList {
	if c == nil || c.max <= 0 {
		return nil
	}
	c.mu.Lock()
	el, ok := c.byCh[channel]
	if !ok {
		c.mu.Unlock()
		return nil
	}
	e := el.Value.(*channelMoves)
	l := e.users[user]
	c.mu.Unlock()
	if l == nil {
		return nil
	}
	same, err := db.StillOpen(ctx, channel, e.id, e.version, e.rules, e.seats, e.snap)
	if err != nil || !same {
		c.mu.Lock()
		if el, ok := c.byCh[channel]; ok && el.Value == e {
			c.order.Remove(el)
			delete(c.byCh, channel)
		}
		c.mu.Unlock()
		return nil
	}
	c.mu.Lock()
	if el, ok := c.byCh[channel]; ok && el.Value == e {
		c.order.MoveToFront(el)
	}
	c.mu.Unlock()
	return l
}

// keep records l as the user's move list for the game t was loaded as,
// which must be the snapshot t.loaded of t.rec.
func (c *moveLists) keep(t *table, user string, l *moveList) {
	if c == nil || c.max <= 0 || t.loaded == nil || t.rec.Status != storage.Active {
		return
	}
	rec := t.rec
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byCh[rec.ChannelID]; ok {
		e := el.Value.(*channelMoves)
		if e.id == rec.ID && e.version == rec.Version && e.rules == rec.RulesVersion && string(e.snap) == string(t.loaded) {
			e.users[user] = l
			c.order.MoveToFront(el)
			return
		}
		c.order.Remove(el)
		delete(c.byCh, rec.ChannelID)
	}
	e := &channelMoves{channel: rec.ChannelID, id: rec.ID, version: rec.Version, rules: rec.RulesVersion,
		seats: rec.SeatUsers(), snap: t.loaded, users: map[string]*moveList{user: l}}
	c.byCh[rec.ChannelID] = c.order.PushFront(e)
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byCh, last.Value.(*channelMoves).channel)
	}
}
